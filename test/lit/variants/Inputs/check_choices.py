"""Checks a program's run-time choices against the plugin's records: the
program prints lines "choice NAME VAR=VALUE ... -> INDEX ..." (the
alternative or value that ran); the record of the choice (Name VariantChosen or
TuneChosen, Choice run-time, its Variant NAME) gives each alternative's
cost as an expression; the index that ran must be the least cost's (the
first among equal ones).

Usage: check_choices.py RECORDS.yaml PROGRAM_OUTPUT"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..",
                                "pylib"))
import commcost_records  # noqa: E402

records, output = sys.argv[1:3]
costs = {}
for r in commcost_records.load_remarks(records):
    args = r["Args"]
    if r["Name"] in ("VariantChosen", "TuneChosen") and \
            args.get("Choice") == "run-time":
        costs[args["Variant"]] = [c.strip()
                                  for c in args["CostsPs"].split(";")]
if not costs:
    sys.exit(f"{records}: no run-time choice")
checked = 0
for line in open(output):
    m = re.match(r"choice (\w+) (.*?) -> (\d+)\b", line.strip())
    if not m:
        continue
    name, binding, ran = m.group(1), m.group(2), int(m.group(3))
    if name not in costs:
        sys.exit(f"{records}: no run-time choice named {name}")
    env = {k: int(v) for k, v in (p.split("=") for p in binding.split())}
    values = [commcost_records.evaluate(c, env) for c in costs[name]]
    want = values.index(min(values))
    status = "ok" if want == ran else "WRONG"
    print(f"{name} {binding}: ran {ran}, least cost {want} {values} {status}")
    if want != ran:
        sys.exit(1)
    checked += 1
print(f"{checked} choices checked")
