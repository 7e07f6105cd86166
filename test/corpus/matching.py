"""The plugin's records of one translation unit, matched to the census
sites of that unit. The rules are in test/corpus/README.md.

Only analysis and missed records about sites are read (a passed record
tells a decision about a site already reported; a FunctionCost record
sums up a function), and of them the DebugLoc, Name and the Callee, Kind,
Array and Reason arguments; which function a record is about is decided
by the census's own table, not by the plugin's Kind."""
import os
import re

import yaml

import census

_COPY_CALLEES = {"loop", "copy loop", "superstep"}
_COPY_KINDS = {"copy-loop", "superstep"}
# A missed remark that accompanies an analysis remark of the same site.
_COMPANIONS = {"MissingFeature"}
# Records about a whole function, not a site.
_SUMMARIES = {"FunctionCost"}


class _Loader(yaml.CSafeLoader if hasattr(yaml, "CSafeLoader")
              else yaml.SafeLoader):
    pass


def _tagged(loader, suffix, node):
    doc = loader.construct_mapping(node, deep=True)
    doc["_type"] = suffix
    return doc


_Loader.add_multi_constructor("!", _tagged)


def load_records(path):
    """The commcost records of a -fsave-optimization-record file; raises
    ValueError naming the file if it is not one."""
    if not os.path.exists(path):
        return []
    try:
        with open(path) as f:
            docs = [d for d in yaml.load_all(f, Loader=_Loader) if d]
    except yaml.YAMLError as e:
        raise ValueError(f"{path}: not an optimisation record file: {e}")
    records = []
    for d in docs:
        if (not isinstance(d, dict) or d.get("Pass") != "commcost"
                or d["_type"] not in ("Analysis", "Missed")
                or d.get("Name") in _SUMMARIES):
            continue
        loc = d.get("DebugLoc") or {}
        fields = {}
        for a in d.get("Args") or []:
            for k, v in a.items():
                if k != "String":
                    fields.setdefault(k, str(v))
        records.append(dict(
            type=d["_type"], name=d.get("Name", ""),
            file=loc.get("File"), line=int(loc.get("Line", 0)),
            col=int(loc.get("Column", 0)), callee=fields.get("Callee", ""),
            kind=fields.get("Kind", ""), array=fields.get("Array", ""),
            reason=fields.get("Reason", "")))
    return records


def record_kind(rec):
    """The census kind of the site a record is about, from its callee."""
    if rec["kind"] in _COPY_KINDS or rec["callee"] in _COPY_CALLEES:
        return "copy-loop"
    return census.classify(rec["callee"]) or "other"


def normalise_reason(reason):
    """A missed reason without the particulars (names, numbers, lines), so
    that equal reasons about different sites count together."""
    text = re.sub(r"'[^']*'", "'_'", reason)
    text = re.sub(r"\d+", "N", text)
    return re.sub(r"\s+", " ", text).strip()[:160]


def _is_superstep(rec):
    """A superstep record (analysed or missed) speaks for every copy
    statement of the loop split among processors."""
    return rec["kind"] == "superstep" or rec["callee"] == "superstep"


def _copy_priority(site, line):
    """How well a copy-loop record at `line` fits a copy statement: 0 in
    the header of the outermost loop (its keyword or OpenMP directive is
    where the plugin reports), 1 in the header of an inner loop, 2 at the
    statement; None if not at all."""
    loops = site["loops"]
    if loops[0][0] <= line <= loops[0][1]:
        return 0
    if any(first <= line <= last for first, last in loops[1:]):
        return 1
    if line == site["line"]:
        return 2
    return None


def _names(text):
    return set(re.findall(r"[A-Za-z_]\w*", text))


def _array_score(site, rec):
    """Agreement of the record's 'dst <- src' with the statement's arrays,
    to tell statements of one loop nest apart."""
    parts = rec["array"].split(" <- ")
    if len(parts) != 2:
        return 0
    return (bool(_names(parts[0]) & _names(site["dst"]))
            + bool(_names(parts[1]) & _names(site["src"])))


def match_unit(sites, records, relpath):
    """Matches one unit's records to its sites. `relpath` maps a record's
    file to a corpus-relative path, or None for a system header.

    Returns (status, counts, extras): status[i] is (state, reason,
    records) for sites[i], the state "analysed", "missed" or "silent",
    the reason (Name, normalised reason) of a missed site, and how many
    records spoke of it; counts has the duplicate, extra, system and
    unpriced records; extras lists the extra records' (file, line, callee,
    Name)."""
    counts = dict(duplicate=0, extra=0, system=0, unpriced=0)
    extras = []
    user = []
    for rec in records:
        path = relpath(rec["file"]) if rec["file"] else None
        if not rec["file"]:
            counts["extra"] += 1  # no location: no site to be about
            extras.append((None, 0, rec["callee"], rec["name"]))
        elif path is None:
            counts["system"] += 1
        elif rec["name"] in _COMPANIONS:
            counts["unpriced"] += 1
        else:
            user.append(dict(rec, file=path))
    # Analysed records first: a site with an analysed record is analysed.
    user.sort(key=lambda r: r["type"] != "Analysis")

    assigned = [None] * len(sites)
    spoken = [0] * len(sites)
    calls = {}
    copies = {}
    for i, s in enumerate(sites):
        if s["kind"] == "copy-loop":
            copies.setdefault(s["file"], []).append(i)
        else:
            calls.setdefault((s["file"], s["line"], s["callee"]), []).append(i)

    for rec in user:
        kind = record_kind(rec)
        if kind == "copy-loop":
            candidates = []
            for i in copies.get(rec["file"], []):
                p = _copy_priority(sites[i], rec["line"])
                if p is not None:
                    candidates.append(
                        (p, -_array_score(sites[i], rec),
                         abs(sites[i]["line"] - rec["line"]), i))
            if _is_superstep(rec):
                candidates = [c for c in candidates if c[0] <= 1]
                want = len(candidates)
            else:
                want = 1
        else:
            callee = census.canonical_callee(rec["callee"])
            # Of a Sendrecv, the half that the record's Kind names.
            candidates = [
                (0, 0, abs(sites[i]["col"] - rec["col"]), i)
                for i in calls.get((rec["file"], rec["line"], callee), [])
                if not sites[i]["role"]
                or rec["kind"] in ("", sites[i]["role"])]
            want = 1
        if not candidates:
            counts["extra"] += 1
            extras.append((rec["file"], rec["line"], rec["callee"],
                           rec["name"]))
            continue
        candidates.sort()
        free = [c for c in candidates if assigned[c[3]] is None]
        if not free:
            counts["duplicate"] += 1
            spoken[candidates[0][3]] += 1
            continue
        for c in free[:want]:
            assigned[c[3]] = rec
            spoken[c[3]] += 1

    status = []
    for rec, n in zip(assigned, spoken):
        if rec is None:
            status.append(("silent", None, n))
        elif rec["type"] == "Analysis":
            status.append(("analysed", None, n))
        else:
            status.append(("missed",
                           (rec["name"], normalise_reason(rec["reason"])), n))
    return status, counts, extras
