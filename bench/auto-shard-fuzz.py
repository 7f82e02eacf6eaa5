#!/usr/bin/env python3
"""gspmd-auto-shard on generated programs: does the comm report after
partitioning send what the certificate predicts, and does the plan run?

    bench/auto-shard-fuzz.py [--build build] [--seed 7] [--start 0] [--n 30]
                             [--time-limit 20] [--out DIR]

Each program of fuzz/gen.py (seed, index) is taken in two forms: its
annotations stripped ("bare": the pass chooses everything) and as generated
("kept": the arguments', results' and ops' annotations are fixed choices).
Each form is solved without a budget, at the smallest budget the pass can
meet (found by asking for 1 B) and at 1.5 times it, then partitioned by
gspmd-spmd and reported by gspmd-comm-report, and the auto-sharded program
runs under `mpirun gspmd-run --check`. One line per case, then the counts:
ok (the prediction is the report, the check PASSes), mismatch (the report
sends other bytes than predicted), fail (the check does not PASS), error
(a pass or the run failed on a valid program). The programs and the
auto-sharded forms are kept in DIR (default: a temporary directory).
Python standard library only.
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "fuzz"))
import gen  # noqa: E402


def strip(text):
    """The program without its gspmd.sharding annotations (attributes whose
    values nest brackets and angles)."""
    key = "gspmd.sharding = "
    out, i = [], 0
    while True:
        j = text.find(key, i)
        if j < 0:
            out.append(text[i:])
            break
        out.append(text[i:j])
        k, depth = j + len(key), 0
        while k < len(text):
            c = text[k]
            if c in "[<":
                depth += 1
            elif c in "]>":
                depth -= 1
            elif depth == 0 and c in ",}":
                break
            k += 1
        if text.startswith(", ", k):
            k += 2
        i = k
    return re.sub(r" \{\s*\}", "", "".join(out)).replace(", }", "}")


def run(cmd, timeout=300):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=timeout, errors="replace")
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return None, "timeout after %d s" % timeout


def last_line(text):
    lines = [l for l in text.strip().splitlines() if l.strip()]
    return lines[-1][:200] if lines else ""


def case(a, opt, runner, prog, path, budget, tag):
    """One (program form, budget): (verdict, detail)."""
    options = "budget=%d " % budget if budget else ""
    auto = path.replace(".mlir", ".%s.mlir" % tag)
    rc, text = run([opt, "--pass-pipeline=builtin.module(gspmd-auto-shard{%s"
                    "time-limit=%d})" % (options, a.time_limit), path, "-o", auto])
    if rc != 0:
        return "error", "auto-shard: " + last_line(text)
    predicted = re.search(r"predicted (\d+) B", text)
    rc, text = run([opt, "--pass-pipeline=builtin.module(gspmd-spmd,"
                    "gspmd-comm-report)", auto, "-o", os.devnull])
    if rc != 0:
        return "error", "gspmd-spmd: " + last_line(text)
    total = re.search(r"^total: .*sent (\d+) B", text, re.M)
    sent = int(total.group(1)) if total else 0
    rc, text = run(["timeout", "-k", "5", "240", "mpirun", "-n",
                    str(prog.devices), runner, auto, "--check"], 260)
    if rc != 0 or "FAIL" in text:
        return ("fail" if "FAIL" in text else "error"), "run: " + last_line(text)
    if not predicted or int(predicted.group(1)) != sent:
        return "mismatch", "predicted %s B, report %d B" % (
            predicted.group(1) if predicted else "?", sent)
    return "ok", "%d B" % sent


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--n", type=int, default=30)
    ap.add_argument("--time-limit", type=int, default=20)
    ap.add_argument("--out", default=None)
    a = ap.parse_args()
    opt = os.path.join(a.build, "bin", "gspmd-opt")
    runner = os.path.join(a.build, "bin", "gspmd-run")
    out = a.out or tempfile.mkdtemp(prefix="auto-shard-fuzz-")
    os.makedirs(out, exist_ok=True)
    counts = collections.Counter()
    for i in range(a.start, a.start + a.n):
        prog = gen.generate(a.seed, i)
        for form in ("bare", "kept"):
            text = prog.render()
            path = os.path.join(out, "p%d.%s.mlir" % (i, form))
            with open(path, "w") as f:
                f.write(strip(text) if form == "bare" else text)
            rc, probe = run([opt, "--pass-pipeline=builtin.module("
                             "gspmd-auto-shard{budget=1 time-limit=%d})"
                             % a.time_limit, path, "-o", os.devnull])
            smallest = re.search(r"met is (\d+)", probe)
            budgets = [0]
            if smallest:
                budgets += [int(smallest.group(1)),
                            int(smallest.group(1)) * 3 // 2]
            for budget in budgets:
                tag = "b%d" % budget if budget else "free"
                verdict, detail = case(a, opt, runner, prog, path, budget, tag)
                counts[verdict] += 1
                print("%d %s %s: %s %s" % (i, form, tag, verdict, detail),
                      flush=True)
    print("== auto-shard fuzz: seed %d, programs %d..%d, %d cases: %s"
          % (a.seed, a.start, a.start + a.n - 1, sum(counts.values()),
             ", ".join("%d %s" % (counts[k], k)
                       for k in ("ok", "mismatch", "fail", "error"))))
    print("== programs in %s" % out)


if __name__ == "__main__":
    main()
