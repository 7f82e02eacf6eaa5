"""Reads gspmd-auto-shard's certificate on stdin and checks that the plan of
every layer alike was the tied plan's start: it is a tied plan itself, so
the folded search, started from it, ends at or below its bytes (the tied
plan), and so does the plan written (docs/auto-shard.md, Repeated layers).
Exits 1 when either is above it, or when no certificate names both."""
import re
import sys

seen = 0
for line in sys.stdin:
    predicted = re.search(r"predicted ([0-9]+) B per device", line)
    tied = re.search(r"solved as one \([0-9]+ nodes\) in [0-9.]+ s: ([0-9]+) B", line)
    alike = re.search(r"started from every layer alike \([^)]*\): ([0-9]+) B", line)
    if not (predicted and tied and alike):
        continue
    seen += 1
    p, t, a = (int(m.group(1)) for m in (predicted, tied, alike))
    if t > a or p > a:
        print(f"tied plan {t} B, plan {p} B: above every layer alike, {a} B")
        sys.exit(1)
    print(f"plan {p} B <= tied plan {t} B <= every layer alike {a} B")
if not seen:
    print("no certificate with the tied plan and every layer alike")
    sys.exit(1)
