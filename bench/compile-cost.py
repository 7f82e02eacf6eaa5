#!/usr/bin/env python3
"""Compile cost: what gspmd-complete + gspmd-partition cost beside reading
and writing the program, in instructions (valgrind's callgrind: stable on a
busy machine), in wall time and in peak memory; and beside XLA-Shardy's
propagation + partitioning when jax is there. Prints the "## Compile cost"
section of bench/RESULTS.md (bench/compile-cost.sh writes it there).

Per program:
- parse + print: `gspmd-opt FILE -o /dev/null` (the whole process: loading
  the libraries, parsing, mlir-opt's verification of the input, printing);
- passes: the instructions inside gspmdCompletePassRun and
  gspmdPartitionPassRun (callgrind, inclusive), and their ratio to parse +
  print;
- verifier: what the whole pipeline run costs beyond parse + print and the
  passes: mlir-opt verifies the module after each pass (`--verify-each`,
  on by default), which a compiler embedding the passes may or may not do;
- peak RSS of the whole run against that of parse + print (/usr/bin/time);
- wall: the two passes' --mlir-timing wall time with `--verify-each=false`
  against Parser + Output (medians of --repeats), and XLA-Shardy's
  `shardy-xla` + `spmd-partitioning` pass times (bench/xla.py) for the
  bench/gen.py programs.

Programs: bench/xla.py's section-7.1 programs (QUALITY and the pipelines,
4 devices), the size series (mlp-megatron, transformer, mlp --shared-bias at
1,000 and 10,000 ops) and the real-model corpus at 8 devices
(test/Models/*-8.mlir).

  python3 bench/compile-cost.py --build build [--programs a,b] [--no-xla]
"""
import argparse
import glob
import os
import re
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OURS = "builtin.module(gspmd-complete,gspmd-partition)"
PIPE_OURS = "builtin.module(gspmd-pipeline,gspmd-complete,gspmd-partition)"
SIZES = ["mlp-megatron 1000", "mlp-megatron 10000", "transformer 1000",
         "transformer 10000", "mlp 1000 --shared-bias"]
# Memory and wall time only (callgrind would take minutes each).
LARGE = ["mlp-megatron 100000", "transformer 100000"]


def section7_programs():
    """bench/xla.py's QUALITY + PIPELINE_PROGRAMS, read without importing it
    (it needs numpy, which the system Python may lack)."""
    import ast
    tree = ast.parse(open(os.path.join(HERE, "xla.py")).read())
    lists = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                getattr(node.targets[0], "id", None) in ("QUALITY", "PIPELINE_PROGRAMS"):
            lists[node.targets[0].id] = ast.literal_eval(node.value)
    return lists["QUALITY"] + lists["PIPELINE_PROGRAMS"]


def gen_programs(tmp, n):
    out = []
    for spec in section7_programs() + SIZES:
        src = subprocess.run([sys.executable, os.path.join(HERE, "gen.py")] + spec.split()
                             + ["--devices", str(n)], capture_output=True, text=True,
                             check=True).stdout
        path = os.path.join(tmp, re.sub(r"[^a-z0-9]+", "-", spec) + ".mlir")
        open(path, "w").write(src)
        out.append((spec, path, PIPE_OURS if spec.startswith("pipeline") else OURS, src))
    # The corpus at 8 devices (its 2- and 4-device files are the same
    # programs on smaller meshes).
    for path in sorted(glob.glob(os.path.join(ROOT, "test", "Models", "*-8.mlir"))):
        out.append((os.path.basename(path)[:-5], path, OURS, None))
    return out


def count_ops(build, path):
    r = subprocess.run([os.path.join(build, "bin", "gspmd-opt"),
                        "--pass-pipeline=builtin.module(print-op-stats)", path, "-o", os.devnull],
                       capture_output=True, text=True, env=env_for(build))
    return sum(int(x) for x in re.findall(r",\s*(\d+)\s*$", r.stderr + r.stdout, re.M))


def env_for(build):
    env = dict(os.environ)
    env["LD_LIBRARY_PATH"] = os.path.join(build, "lib") + ":" + env.get("LD_LIBRARY_PATH", "")
    return env


def callgrind(build, args, functions):
    """(total instructions, {function: inclusive instructions})."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "cg.out")
        subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out,
                         os.path.join(build, "bin", "gspmd-opt")] + args + ["-o", os.devnull],
                       capture_output=True, text=True, check=True, env=env_for(build))
        text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", out],
                              capture_output=True, text=True, check=True).stdout
    total = int(re.search(r"^([\d,]+) .*PROGRAM TOTALS", text, re.M).group(1).replace(",", ""))
    got = {}
    for f in functions:
        m = re.search(r"^\s*([\d,]+) .*:%s \[" % re.escape(f), text, re.M)
        got[f] = int(m.group(1).replace(",", "")) if m else 0
    return total, got


def peak_rss_kb(build, args):
    r = subprocess.run(["/usr/bin/time", "-f", "%M", os.path.join(build, "bin", "gspmd-opt")]
                       + args + ["-o", os.devnull], capture_output=True, text=True,
                       env=env_for(build))
    return int(r.stderr.strip().splitlines()[-1])


def wall(build, path, pipeline, repeats):
    """Median (passes, parse + print) seconds from --mlir-timing."""
    passes, pp = [], []
    for _ in range(repeats):
        r = subprocess.run([os.path.join(build, "bin", "gspmd-opt"), "--mlir-disable-threading",
                            "--mlir-timing", "--verify-each=false", "--pass-pipeline=" + pipeline,
                            path, "-o", os.devnull], capture_output=True, text=True,
                           env=env_for(build))
        t = {}
        for line in r.stderr.splitlines():
            f = line.split()
            if len(f) >= 4 and f[1] == "(":
                t[f[-1]] = t.get(f[-1], 0.0) + float(f[0])
        passes.append(t.get("GSPMDComplete", 0) + t.get("GSPMDPartition", 0)
                      + t.get("GSPMDPipeline", 0))
        pp.append(t.get("Parser", 0) + t.get("Output", 0))
    return statistics.median(passes), statistics.median(pp)


def xla_seconds(xla_runner, src, n, repeats):
    if xla_runner is None or src is None:
        return None
    r = xla_runner.timed_compiles(src, n, repeats, floor=False, kinds=("shardy",))
    p = r.get("shardy_passes")
    return p[0] + p[1] if p else None


def fmt_m(x):
    return "%.1fM" % (x / 1e6)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("--n", type=int, default=4, help="devices of the bench/gen.py programs")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--programs", default=None, help="comma-separated names (default: all)")
    ap.add_argument("--no-xla", action="store_true")
    a = ap.parse_args()
    build = os.path.abspath(a.build)
    xla_runner = None
    if not a.no_xla:
        try:
            sys.path.insert(0, HERE)
            sys.path.insert(0, os.path.join(ROOT, "python-bindings"))
            import xla
            xla_runner = xla.Xla(a.n)
        except Exception as e:  # no jax: the column says so
            print("XLA not available: %s" % e, file=sys.stderr)
    with tempfile.TemporaryDirectory() as tmp:
        programs = gen_programs(tmp, a.n)
        if a.programs:
            keep = set(a.programs.split(","))
            programs = [p for p in programs if p[0] in keep]
        rows, ratios, rss_ratios, wall_ratios, xla_ratios = [], [], [], [], []
        for name, path, pipeline, src in programs:
            print("== " + name, file=sys.stderr)
            pp_total, _ = callgrind(build, [path], [])
            full_total, f = callgrind(build, ["--pass-pipeline=" + pipeline, path],
                                      ["gspmdCompletePassRun", "gspmdPartitionPassRun",
                                       "gspmdPipelinePassRun"])
            passes = sum(f.values())
            verifier = full_total - pp_total - passes
            rss_pp = peak_rss_kb(build, [path])
            rss_full = peak_rss_kb(build, ["--pass-pipeline=" + pipeline, path])
            w_passes, w_pp = wall(build, path, pipeline, a.repeats)
            x = xla_seconds(xla_runner, src, a.n, 3)
            ratios.append(passes / pp_total)
            rss_ratios.append(rss_full / rss_pp)
            if w_pp > 0:
                wall_ratios.append(w_passes / w_pp)
            if x:
                xla_ratios.append(x / w_passes if w_passes > 0 else float("inf"))
            rows.append("| %s | %d | %s | %s | %.2f | %s | %.2f | %.1f / %.1f MB (%.2f) | "
                        "%.4f / %.4f (%.2f) | %s |" % (
                            name, count_ops(build, path), fmt_m(pp_total), fmt_m(passes),
                            passes / pp_total, fmt_m(verifier), verifier / pp_total,
                            rss_full / 1024, rss_pp / 1024, rss_full / rss_pp,
                            w_passes, w_pp, w_passes / w_pp if w_pp else float("nan"),
                            "%.4f (%.1fx)" % (x, x / w_passes) if x else "-"))
        large = []
        for spec in ([] if a.programs else LARGE):
            print("== " + spec, file=sys.stderr)
            path = os.path.join(tmp, "large.mlir")
            with open(path, "w") as f:
                subprocess.run([sys.executable, os.path.join(HERE, "gen.py")] + spec.split()
                               + ["--devices", str(a.n)], stdout=f, check=True)
            rss_pp = peak_rss_kb(build, [path])
            rss_full = peak_rss_kb(build, ["--pass-pipeline=" + OURS, path])
            w_passes, w_pp = wall(build, path, OURS, 1)
            large.append("| %s | %d | %.1f / %.1f MB (%.2f) | %.2f / %.2f (%.2f) |" % (
                spec, count_ops(build, path), rss_full / 1024, rss_pp / 1024,
                rss_full / rss_pp, w_passes, w_pp, w_passes / w_pp if w_pp else float("nan")))
    load = open("/proc/loadavg").read().split()[:3]
    print("## Compile cost (`bench/compile-cost.sh`)")
    print()
    print("Instructions (callgrind), peak memory and wall time of `gspmd-complete` + "
          "`gspmd-partition` against `gspmd-opt FILE -o /dev/null` (parse + print: the whole "
          "process, with mlir-opt's verification of the input), on bench/gen.py's section-7 "
          "programs (%d devices), larger ones, and the real-model corpus. Passes = instructions "
          "inside our two passes' entry points; verifier = the rest of the pipeline run beyond "
          "parse + print (mlir-opt verifies the module after each pass, `--verify-each`, on by "
          "default; a compiler embedding the passes through the C API chooses). Wall = the passes' "
          "`--mlir-timing` time with `--verify-each=false` against Parser + Output, medians of %d, "
          "and XLA-Shardy's `shardy-xla` + `spmd-partitioning` pass times (bench/xla.py; its "
          "verifier runs as passes of their own), with how many times faster ours is. "
          "Load average at the end: %s." % (a.n, a.repeats, " ".join(load)))
    print()
    print("| program | ops | parse + print | passes | passes / parse + print | verifier (2 runs) "
          "| verifier / parse + print | peak RSS: run / parse + print | wall s: passes / parse + "
          "print | XLA-Shardy s (ours faster) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in rows:
        print(r)
    print()
    def span(xs):
        return "%.2f to %.2f" % (min(xs), max(xs)) if xs else "-"
    print("Over the %d programs: passes / parse + print %s (instructions); peak RSS ratio %s; "
          "wall ratio %s; ours faster than XLA-Shardy by %s." % (
              len(rows), span(ratios), span(rss_ratios), span(wall_ratios), span(xla_ratios)))
    print()
    if large:
        print("Large programs, memory and wall time only (one run each):")
        print()
        print("| program | ops | peak RSS: run / parse + print | wall s: passes / parse + print |")
        print("| --- | ---: | ---: | ---: |")
        for r in large:
            print(r)
        print()
    print("Repeat one: `valgrind --tool=callgrind gspmd-opt FILE "
          "--pass-pipeline='%s' -o /dev/null`, then `callgrind_annotate --inclusive=yes` "
          "(gspmdCompletePassRun, gspmdPartitionPassRun); `valgrind --tool=callgrind gspmd-opt "
          "FILE -o /dev/null` for parse + print." % OURS)
    print()


if __name__ == "__main__":
    main()
