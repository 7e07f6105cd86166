"""Prints each reason of Reasons.def that no IR test in FOLDER shows as
': NAME: ' in its CHECK lines (InternalError excepted).

Usage: untested_reasons.py REASONS_DEF FOLDER"""
import glob
import os
import re
import sys

reasons = re.findall(r"^COMMCOST_REASON\((\w+)\)", open(sys.argv[1]).read(),
                     re.M)
checks = "".join(open(p).read()
                 for p in glob.glob(os.path.join(sys.argv[2], "*.ll")))
for name in reasons:
    if name != "InternalError" and f": {name}: " not in checks:
        print(name)
