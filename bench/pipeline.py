#!/usr/bin/env python3
"""The pipeline benchmark: bubbles, bytes and wall time of
gspmd.pipeline programs from `gen.py pipeline`, beside their analytic values
and the same model unpipelined.

  bench/pipeline.py [--build DIR] [--stdout] [--results FILE] [--ranks "2 4 8"]
                    [--configs "L,M,R ..."] [--repeats N]

Per configuration (L stages, M micro-batches, R repeats) and rank count N:
  - the pipelined program: `mpirun -n N gspmd-run P.mlir --check --report
    --time 5`. From its comm report: the loop's trip count T (the
    `xT (loop trip count)` of the collectives in the loop), so T L stage
    computations executed (the loop runs the stage vectorised over all L
    stages each iteration) against M R L useful ones: measured bubble
    fraction 1 - M R L / (T L), beside (L - 1) / (M R + L - 1); the bytes
    each device sends per iteration (the loop's collectives, one call each)
    beside one activation per stage boundary (the local shard of one
    micro-batch, mb / data x hidden x 4 B); the bytes after the loop.
  - the same model unpipelined (`gen.py pipeline --unpipelined`: the R L
    stages as a plain sequence over the whole batch, rows split on all N
    devices, weights replicated: data parallelism), same N, same inputs:
    `mpirun -n N gspmd-run U.mlir --check --time 5`.
Wall times are gspmd-run's medians of 5 runs (each run's time is the slowest
rank's). Writes a markdown section: with --stdout on stdout, otherwise in
place of the block between the pipeline markers of --results
(bench/RESULTS.md; appended when the markers are absent).
"""
import argparse
import os
import shutil
import re
import subprocess
import sys
import tempfile
import time

BEGIN = "<!-- bench/pipeline.py: begin -->"
END = "<!-- bench/pipeline.py: end -->"

MB, HIDDEN, FFN = 16, 128, 256


def gen(args, path):
    with open(path, "w") as f:
        subprocess.run([sys.executable, "bench/gen.py", "pipeline"] + args,
                       stdout=f, check=True)


def run(n, runner, path, extra):
    cmd = ["timeout", "600", "mpirun", "-n", str(n), runner, path] + extra
    p = subprocess.run(cmd, capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


def first_error(out):
    for line in out.splitlines():
        if "error" in line or "FAIL" in line:
            line = re.sub(r'loc\("[^"]*"(:\d+)*\): ', "", line.strip())
            return line.replace("|", "\\|")[:160]
    return "exit non-zero"


def parse_report(out):
    """(trip count, bytes sent per device per iteration in the loop, bytes
    sent per device outside loops) from gspmd-comm-report lines."""
    trips, per_iter, outside = set(), 0, 0
    for line in out.splitlines():
        m = re.match(r"@\S+: (\w+) on .* sent (\d+) B, received \d+ B(.*)", line)
        if not m:
            continue
        loop = re.search(r"x(\d+) \(loop trip count\)", m.group(3))
        if loop:
            trips.add(int(loop.group(1)))
            per_iter += int(m.group(2))
        else:
            outside += int(m.group(2))
    trip = trips.pop() if len(trips) == 1 else None
    return trip, per_iter, outside


def median(out):
    m = re.search(r"^time: median (\S+) s", out, re.M)
    return float(m.group(1)) if m else None


def verdict(out):
    return "PASS" if re.search(r"^check: \d+ of \d+ results? PASS", out, re.M) else "FAIL"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("--stdout", action="store_true")
    ap.add_argument("--results", default="bench/RESULTS.md")
    ap.add_argument("--ranks", default="2 4 8")
    ap.add_argument("--configs", default="4,4,1 4,16,1 8,8,1 4,8,2")
    ap.add_argument("--repeats", type=int, default=5, help="gspmd-run --time R")
    a = ap.parse_args()
    runner = os.path.join(a.build, "bin", "gspmd-run")
    ranks = [int(n) for n in a.ranks.split()]
    configs = [tuple(int(v) for v in c.split(",")) for c in a.configs.split()]
    start = time.time()
    load0 = open("/proc/loadavg").read().split()[:3]
    tmp = tempfile.mkdtemp()
    rows1, rows2 = [], []
    for (L, M, R) in configs:
        times = []
        for n in ranks:
            common = ["--stages", str(L), "--micro", str(M), "--repeats", str(R),
                      "--mb", str(MB), "--hidden", str(HIDDEN), "--ffn", str(FFN),
                      "--devices", str(n)]
            cfg = f"L={L} M={M} R={R}"
            gcmd = "gen.py pipeline " + " ".join(common)
            pp, pu = os.path.join(tmp, "p.mlir"), os.path.join(tmp, "u.mlir")
            stage = min(L, n)
            data = n // stage
            formula = (L - 1) / (M * R + L - 1)
            act = MB // data * HIDDEN * 4
            try:
                gen(common, pp)
                gen(common + ["--unpipelined"], pu)
            except subprocess.CalledProcessError:
                rows1.append(f"| {cfg} | {n} | - | gen.py failed | | | | {formula:.3f} | | {act} | | |")
                times.append(("-", "-"))
                continue
            rc, out = run(n, runner, pp, ["--check", "--report", "--time", str(a.repeats)])
            if rc != 0:
                rows1.append(f"| {cfg} | {n} | stage={stage} x data={data} | "
                             f"not run: {first_error(out)} | | | | {formula:.3f} | | {act} | | - |")
                tp = "-"
            else:
                T, per_iter, after = parse_report(out)
                executed = T * L if T else None
                useful = M * R * L
                meas = f"{1 - useful / executed:.3f}" if executed else "-"
                rows1.append(f"| {cfg} | {n} | stage={stage} x data={data} | {T} | {executed} | "
                             f"{useful} | {meas} | {formula:.3f} | {per_iter} | {act} | {after} | "
                             f"{verdict(out)} |")
                tp = median(out)
            rc, out = run(n, runner, pu, ["--check", "--time", str(a.repeats)])
            tu = median(out) if rc == 0 else f"FAIL: {first_error(out)}"
            times.append((tp, tu))
        cells = []
        for (tp, tu) in times:
            ratio = (f"{tp / tu:.1f}" if isinstance(tp, float) and isinstance(tu, float) and tu > 0
                     else "-")
            fmt = lambda t: f"{t:.4f}" if isinstance(t, float) else str(t)
            cells.append(f"{fmt(tp)} | {fmt(tu)} | {ratio}")
        rows2.append(f"| L={L} M={M} R={R} | " + " | ".join(cells) + " |")
    shutil.rmtree(tmp, ignore_errors=True)
    load1 = open("/proc/loadavg").read().split()[:3]
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip() or "unknown"
    lines = [
        BEGIN,
        "## Pipelines: bubbles, bytes and wall time (`bench/pipeline.sh`)",
        "",
        f"Written by `bench/pipeline.sh {a.build}` (alone, or as part of `bench/run-all.sh`) on "
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} at commit {commit}; "
        f"{os.cpu_count()} cores, load average {' '.join(load0)} at the start, "
        f"{' '.join(load1)} at the end ({int(time.time() - start)} s). "
        "**4 and 8 ranks oversubscribe the cores** (and other jobs shared the machine): "
        "wall times there measure scheduling as much as the program.",
        "",
        "Programs: `python3 bench/gen.py pipeline --stages L --micro M --repeats R --mb "
        f"{MB} --hidden {HIDDEN} --ffn {FFN} --devices N` (a residual MLP stage, y = x + "
        "tanh(x W1 + b1) W2; mesh [\"stage\"=min(L, N), \"data\"=N/stage], rows of each "
        "micro-batch on \"data\"), run by `mpirun -n N build/bin/gspmd-run FILE --check "
        f"--report --time {a.repeats}`. Upstream's `shard` dialect has no pipeline: no "
        "comparison.",
        "",
        "Stage computations: executed = T L (the loop's trip count T, read from the comm "
        "report's `xT (loop trip count)`, times the L stages every iteration computes, "
        "vectorised), useful = M R L; measured bubble = 1 - useful / executed. Bytes: sent per "
        "device per iteration by the loop's collectives (comm report, ring model), beside one "
        "activation per stage boundary (the local shard of one micro-batch: mb / data x hidden "
        "x 4 B); after the loop: the bytes sent once by the collectives outside it.",
        "",
        "| config | ranks | mesh | trip count T | executed T L | useful M R L | measured bubble "
        "| (L-1)/(MR+L-1) | bytes/device/iteration | one activation (B) | after the loop (B) "
        "| check |",
        "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ] + rows1 + [
        "",
        "Wall time (s, median of " + str(a.repeats) + ", slowest rank): pipelined beside the "
        "same model unpipelined at the same rank count (`--unpipelined`: the R L stages as a "
        "plain sequence over the whole batch, rows split over all N ranks, weights replicated, "
        "i.e. data parallelism with no communication), and their ratio.",
        "",
        "| config | " + " | ".join(f"{n} ranks: pipelined | unpipelined | ratio" for n in ranks) + " |",
        "| --- | " + " | ".join("---: | ---: | ---:" for _ in ranks) + " |",
    ] + rows2 + [END, ""]
    text = "\n".join(lines)
    if a.stdout:
        sys.stdout.write(text)
        return
    old = open(a.results).read() if os.path.exists(a.results) else ""
    if BEGIN in old and END in old:
        head, rest = old.split(BEGIN, 1)
        tail = rest.split(END, 1)[1].lstrip("\n")
        new = head + text + tail
    else:
        new = old.rstrip("\n") + "\n\n" + text
    with open(a.results, "w") as f:
        f.write(new)
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
