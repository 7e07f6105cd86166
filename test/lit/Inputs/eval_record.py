"""Prints a value of the commcost record at a line, evaluated at bindings,
as tools read records (test/pylib): eval_record.py FILE LINE KEY NAME=V...
Names may be access paths (width[0]=5)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "pylib"))
from commcost_records import evaluate, load_remarks  # noqa: E402

path, line, key, *bindings = sys.argv[1:]
env = {}
for b in bindings:
    name, value = b.rsplit("=", 1)
    env[name] = int(value)
records = [r for r in load_remarks(path)
           if r["Line"] == int(line) and key in r["Args"]]
if len(records) != 1:
    sys.exit(f"{path}: {len(records)} records at line {line} with {key}")
print(evaluate(records[0]["Args"][key], env))
