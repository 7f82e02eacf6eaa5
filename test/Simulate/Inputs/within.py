"""Compares gspmd-simulate's report (argv[1]) with `gspmd-run --time`'s
(argv[2]): the measured process CPU time over the predicted step time, and
the measured peak memory over the predicted total, each within a factor of
argv[3] (test/Simulate/measured.mlir). Prints one line per figure; exits 1
when one is outside (or missing), so the RUN line fails."""
import re
import sys


def number(pattern, text, what):
    m = re.search(pattern, text)
    if not m:
        sys.exit(f"within.py: no {what}")
    return float(m.group(1))


def main():
    pred, run, factor = open(sys.argv[1]).read(), open(sys.argv[2]).read(), \
        float(sys.argv[3])
    pairs = [
        ("step", number(r"step time: (\S+) s", pred, "step time"),
         number(r"cpu time: median (\S+) s", run, "cpu time")),
        ("memory", number(r"memory per device: .* total (\S+) B", pred,
                          "predicted memory"),
         number(r"peak memory: max (\d+) bytes", run, "peak memory")),
    ]
    ok = True
    for name, p, m in pairs:
        inside = p / factor <= m <= p * factor
        ok = ok and inside
        # Only the verdict is checked: the ratio itself varies with the load.
        print(f"{name}: measured / predicted {m / p:.3f}, "
              f"{'within' if inside else 'OUTSIDE'} a factor of {factor:g}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
