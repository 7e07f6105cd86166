"""Where the corpus of real applications is (../shared/corpus).

One lookup for every script that reads the corpus (test/corpus/corpus.py,
test/corpus/truth/check_truth.py, bench/compile_time.py), so a clone
anywhere on a machine finds the same corpus."""
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# The team's machines keep the shared folder here; a clone made elsewhere
# (a temporary CI checkout) has no ../shared beside it.
MACHINE_SHARED = "/work/shared/corpus"


def _git_common_root():
    try:
        common = subprocess.run(
            ["git", "-C", ROOT, "rev-parse", "--path-format=absolute",
             "--git-common-dir"],
            check=True, capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return os.path.dirname(common) if common else None


def candidates(explicit=None):
    """The places looked at, in order: --corpus, $COMMCOST_CORPUS,
    ../shared/corpus beside the repository and beside its main checkout (a
    git worktree), then the machine's shared folder."""
    found = [explicit, os.environ.get("COMMCOST_CORPUS"),
             os.path.join(ROOT, "..", "shared", "corpus")]
    common = _git_common_root()
    if common:
        found.append(os.path.join(common, "..", "shared", "corpus"))
    found.append(MACHINE_SHARED)
    return [c for c in found if c]


def find_corpus(explicit=None):
    """The corpus folder (one with a manifest.json), or None."""
    for c in candidates(explicit):
        if os.path.isfile(os.path.join(c, "manifest.json")):
            return os.path.normpath(c)
    return None


def not_found_message():
    return ("corpus not found: set COMMCOST_CORPUS or pass --corpus "
            "(looked in " + ", ".join(candidates()) + ")")
