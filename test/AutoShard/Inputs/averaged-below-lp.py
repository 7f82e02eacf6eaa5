"""Reads gspmd-auto-shard's certificates on stdin and checks, in each that
prints both, that the bound of the layers averaged is no bound above the
whole program's LP bound: both are bytes plus a tie-break below 1, and the
averaged program is a relaxation of the whole one (docs/auto-shard.md,
Repeated layers), so averaged < LP + 1. Exits 1 on a certificate that breaks
it or when no certificate prints both."""
import re
import sys

seen = 0
for line in sys.stdin:
    m = re.search(r"LP bound ([0-9.]+), its layers averaged ([0-9.]+)", line)
    if not m:
        continue
    lp, averaged = float(m.group(1)), float(m.group(2))
    seen += 1
    if averaged >= lp + 1:
        print(f"averaged {averaged} above the LP bound {lp}")
        sys.exit(1)
    print(f"averaged {averaged} <= LP bound {lp} + 1")
if not seen:
    print("no certificate with both bounds")
    sys.exit(1)
