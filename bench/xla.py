#!/usr/bin/env python3
"""Ours beside XLA's own partitioners (Shardy and GSPMD propagation) on the
bench/gen.py programs, exported in global form by gspmd-export-stablehlo and
compiled by XLA for N host CPU devices; prints Markdown sections for
bench/RESULTS.md (bench/run-all.sh appends them).

  python bench/xla.py [--build build] [--sections versions,compile,devices,
         sizes,quality,runtime,strategies] [--devices "2 4 8 16"] [--sizes "1000 10000"]
         [--runtime-devices "2 4 8"] [--repeats 3]

Run with the project's venv (.venv/bin/python) and PYTHONPATH=python-bindings.

XLA-Shardy: the global export with `sdy.sharding` attributes, compiled with
use_shardy_partitioner=true (jax 0.12's default). XLA-GSPMD: the global export
with `mhlo.sharding` strings, compiled with use_shardy_partitioner=false (the
old GSPMD propagation + partitioner). XLA's partitioning time comes from
XLA's own HLO pass timings (VLOG 1 of hlo_pass_pipeline.cc, caught from fd
2): shardy-xla or sharding-propagation, and spmd-partitioning. Beside them
the whole compile (CPU code generation included) and its floor: the same
module with every sharding {replicated} compiled for one device.

Bytes: each collective of XLA's compiled HLO (exe.hlo_modules()[0], after
partitioning) charged by our ring model (lib/Sharding/cost.c, as
bench/comm_bytes.py): all-reduce 2B(n-1)/n, all-gather B(n-1),
reduce-scatter and all-to-all B(n-1)/n, collective-permute B; B = the local
operand bytes (the sum over a combined collective's operands), n = the
replica group size. A collective inside a while loop is charged once per
iteration (XLA's known_trip_count), as our comm report charges one inside an
scf.for: the pipeline programs' permutes run M + L - 1 times.

Pipeline programs (PIPELINE_PROGRAMS, gen.py pipeline): every section that
runs QUALITY takes them too, and the runtime section's default list holds
one. XLA compiles their global form (gspmd-pipeline's loop with the stage
dim sharded); upstream's `shard` dialect has no pipeline, so its cells say so.
"""
import argparse
import json
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
GEN = [sys.executable, os.path.join(HERE, "gen.py")]
OURS = "builtin.module(gspmd-complete,gspmd-partition)"
UP = "builtin.module(func.func(sharding-propagation,shard-partition))"
QUALITY = ["data", "megatron", "2d", "fsdp", "conv", "transformer 200",
           "mlp-megatron 100", "mlp 100", "mlp 100 --shared-bias"]
PIPELINE_PROGRAMS = ["pipeline --stages 4 --micro 8",
                     "pipeline --stages 4 --micro 8 --repeats 2"]
STRATEGIES = ["data", "megatron", "2d", "fsdp", "conv"]


def has_upstream(spec):
    """Upstream's `shard` dialect has no pipeline op."""
    return not spec.startswith("pipeline")


def gen(spec, devices, syntax="gspmd", extra=()):
    args = spec.split() + ["--devices", str(devices)] + list(extra)
    if syntax != "gspmd":
        args += ["--syntax", syntax]
    return subprocess.run(GEN + args, check=True, capture_output=True,
                          text=True).stdout


def nops(text):
    m = re.search(r"\d+", text.splitlines()[0])
    return int(m.group()) if m else 0


def esc(s, limit=200):
    return str(s).replace("|", "\\|").replace("\n", " ")[:limit]


def fmt(x, digits=3):
    if x is None:
        return "-"
    if isinstance(x, str):
        return x
    return ("%%.%dg" % digits) % x


# --- ours ---------------------------------------------------------------
class Ours:
    def __init__(self, build):
        self.opt = os.path.join(build, "bin", "gspmd-opt")
        self.run = os.path.join(build, "bin", "gspmd-run")
        self.up = os.environ.get("MLIR_OPT", "/usr/lib/llvm-22/bin/mlir-opt")

    def pass_times(self, path, repeats, tool=None, pipeline=OURS,
                   passes=("GSPMDComplete", "GSPMDPartition")):
        """Median wall seconds per pass (--mlir-timing, one thread)."""
        got = {p: [] for p in passes}
        for _ in range(repeats):
            try:
                # --verify-each=false: mlir-opt's verifier after a pass is
                # timed as part of it; XLA's verifier runs as passes of its
                # own, outside the pass times compared here.
                r = subprocess.run([tool or self.opt, "--mlir-disable-threading",
                                    "--verify-each=false",
                                    "--pass-pipeline=" + pipeline, "--mlir-timing",
                                    path, "-o", os.devnull], capture_output=True,
                                   text=True, timeout=float(os.environ.get("TIMEOUT", "600")))
            except subprocess.TimeoutExpired:
                return None
            if r.returncode:
                return None
            for line in (r.stdout + r.stderr).splitlines():
                f = line.split()
                if f and f[-1] in got:
                    got[f[-1]].append(float(f[0]))
        return [statistics.median(got[p]) if got[p] else None for p in passes]

    def spmd_bytes(self, path):
        """(collectives, bytes/device) of our gspmd-spmd output."""
        with tempfile.NamedTemporaryFile(suffix=".mlir") as out:
            r = subprocess.run([self.opt, "--pass-pipeline=builtin.module(gspmd-spmd)",
                                path, "-o", out.name], capture_output=True, text=True)
            if r.returncode:
                return "FAIL: " + esc(r.stderr.strip().splitlines()[0]), None
            c = subprocess.run([sys.executable, os.path.join(HERE, "comm_bytes.py"),
                                "--gspmd", out.name], capture_output=True, text=True).stdout
            rep = subprocess.run([self.opt, "--pass-pipeline=builtin.module(gspmd-comm-report)",
                                  out.name, "-o", os.devnull], capture_output=True,
                                 text=True).stdout
        m = re.search(r"^total: .*sent (\d+) B", rep, re.M)
        self.last_counts = {l.split()[0].replace("_", "-"): [int(l.split()[1]), int(l.split()[2])]
                            for l in c.splitlines() if l.split() and l.split()[0] != "total"}
        return summarize(c), int(m.group(1)) if m else None

    def upstream_bytes(self, path):
        with tempfile.NamedTemporaryFile(suffix=".mlir") as out:
            r = subprocess.run([self.up, "--pass-pipeline=" + UP, path, "-o", out.name],
                               capture_output=True, text=True)
            if r.returncode:
                return "FAIL", None
            c = subprocess.run([sys.executable, os.path.join(HERE, "comm_bytes.py"),
                                out.name], capture_output=True, text=True).stdout
        m = re.search(r"^total \d+ (\d+)", c, re.M)
        return summarize(c), int(m.group(1)) if m else None

    def mpi_time(self, path, n):
        """(median seconds, check verdict) of mpirun -n n gspmd-run."""
        t = subprocess.run(["mpirun", "-n", str(n), self.run, path, "--time", "5"],
                           capture_output=True, text=True)
        m = re.search(r"^time: median (\S+) s", t.stdout, re.M)
        c = subprocess.run(["mpirun", "-n", str(n), self.run, path, "--check"],
                           capture_output=True, text=True)
        verdict = "PASS" if c.returncode == 0 else "FAIL"
        return (float(m.group(1)) if m else None), verdict


def summarize(comm_bytes_out):
    parts = [l.split() for l in comm_bytes_out.splitlines()]
    s = ", ".join("%s x%s" % (p[0], p[1]) for p in parts if p and p[0] != "total")
    return s or "none"


# --- XLA ----------------------------------------------------------------
RING = {"all-reduce": lambda b, n: 2 * b * (n - 1) // n,
        "all-gather": lambda b, n: b * (n - 1),
        "reduce-scatter": lambda b, n: b * (n - 1) // n,
        "all-to-all": lambda b, n: b * (n - 1) // n,
        "collective-permute": lambda b, n: b}
ELT = {"f64": 8, "s64": 8, "u64": 8, "f32": 4, "s32": 4, "u32": 4, "f16": 2,
       "bf16": 2, "s16": 2, "u16": 2, "s8": 1, "u8": 1, "pred": 1}
HLO_COLL = re.compile(r"=\s*(.*?)\s+(all-reduce|all-gather|reduce-scatter|all-to-all|"
                      r"collective-permute)(?:-start)?\(([^)]*)\)(,.*)?$")
SHAPE = re.compile(r"\b(f64|s64|u64|f32|s32|u32|f16|bf16|s16|u16|s8|u8|pred)\[([\d,]*)\]")


def group_size(attrs, n):
    m = re.search(r"replica_groups=mesh\[([^\]]*)\] \{([^}]*)\}", attrs)
    if m:  # Shardy's mesh form: the product of the listed axes' sizes
        sizes = dict((k, int(v)) for k, v in re.findall(r"'([^']+)'=(\d+)", m.group(1)))
        return math.prod(sizes[k] for k in re.findall(r"'([^']+)'", m.group(2)))
    m = re.search(r"replica_groups=\[(\d+),(\d+)\]<=", attrs)
    if m:
        return int(m.group(2))
    m = re.search(r"replica_groups=\{\{([\d,]*)\}", attrs)
    if m:
        return len(m.group(1).split(","))
    return n  # empty groups: every partition


HLO_COMP = re.compile(r"^(ENTRY\s+)?%([\w.\-]+)\s*\(.*\{\s*$")
HLO_CALLEE = re.compile(r"\b(?:body|calls|to_apply|branch_computations|"
                        r"true_computation|false_computation)=\{?%([\w.\-]+)")
TRIP = re.compile(r'"known_trip_count":\{"n":"(\d+)"\}')


def hlo_executions(hlo):
    """{computation: how many times one run of the entry executes it}: a
    while body counts its known trip count (1 if XLA does not know it),
    other callees (fusions, calls, branches) their caller's count, so a
    collective in a loop is charged once per iteration, as our comm report
    charges one in an scf.for."""
    calls, comp, entry = {}, None, None
    for line in hlo.splitlines():
        m = HLO_COMP.match(line)
        if m:
            comp = m.group(2)
            entry = comp if m.group(1) else entry
            continue
        if comp is None:
            continue
        t = TRIP.search(line) if " while(" in line else None
        for callee in HLO_CALLEE.findall(line):
            is_body = " while(" in line and "body=%" + callee in line
            calls.setdefault(comp, []).append(
                (callee, int(t.group(1)) if is_body and t else 1))
    times = {}

    def visit(c, k):
        times[c] = times.get(c, 0) + k
        for callee, f in calls.get(c, []):
            visit(callee, k * f)
    if entry:
        visit(entry, 1)
    return times


def hlo_bytes(hlo, n):
    """{kind: [count, bytes/device]} of the collectives of an HLO module's
    text under the ring model (see the file comment); count is static, bytes
    are per run of the entry (loops times their trip counts)."""
    out = {}
    times, comp = hlo_executions(hlo), None
    for line in hlo.splitlines():
        mc = HLO_COMP.match(line)
        if mc:
            comp = mc.group(2)
            continue
        m = HLO_COLL.search(line)
        if not m:
            continue
        # The printed HLO names operands without their shapes: B comes
        # from the result shape(s), which fix the operands' for each kind.
        kind, result, attrs = m.group(2), m.group(1), m.group(4) or ""
        out_b = 0
        for dt, dims in SHAPE.findall(result):
            out_b += ELT[dt] * math.prod(int(d) for d in dims.split(",") if d)
        size = 2 if kind == "collective-permute" else group_size(attrs, n)
        b = {"all-gather": out_b // max(size, 1),
             "reduce-scatter": out_b * size}.get(kind, out_b)
        c = out.setdefault(kind, [0, 0])
        c[0] += 1
        c[1] += times.get(comp, 1) * (RING[kind](b, size) if size > 1 else 0)
    return out


def reasons(ours, xla):
    """What differs between two {kind: [count, bytes]} collective lists
    (kinds spelled as in HLO), as short phrases: read off the lists, not
    guessed from the program."""
    out = []
    ok, xk = set(ours), set(xla)
    if "reduce-scatter" in ok and "reduce-scatter" not in xk and "all-reduce" in xk:
        xb, ob = xla["all-reduce"][1], ours["reduce-scatter"][1]
        out.append("XLA all-reduces (%d B) where we reduce-scatter (%d B)" % (xb, ob) + (
            "; XLA:CPU forms no reduce-scatter (a split partial sum is all-reduced, then "
            "sliced: twice the bytes)" if 2 * ob - ob // 4 <= xb else ""))
    if "all-to-all" in ok - xk:
        out.append("we reshard with all_to_all (%d B) where XLA does not" % ours["all-to-all"][1])
    if "all-to-all" in xk - ok:
        out.append("XLA reshards with all-to-all (%d B) where we do not" % xla["all-to-all"][1])
    oc = sum(v[0] for v in ours.values())
    xc = sum(v[0] for v in xla.values())
    if xc * 2 <= oc and oc > 2:
        out.append("XLA makes %d collectives to our %d: it keeps fewer values split (computes "
                   "more of the program replicated, trading compute for bytes)" % (xc, oc))
    if oc * 2 <= xc and xc > 2:
        out.append("XLA makes %d collectives to our %d" % (xc, oc))
    for kind in sorted(ok & xk):
        o, x = ours[kind], xla[kind]
        if o[0] == x[0] and o[1] != x[1]:
            out.append("the same %d %s, %d B against XLA's %d B (other buffer sizes)" % (
                o[0], kind, o[1], x[1]))
    if not out:
        out.append("XLA uses %s where we use %s" % (
            hlo_summary({k: xla[k] for k in xk - ok}, True) or "the same kinds",
            hlo_summary({k: ours[k] for k in ok - xk}, True) or "the same kinds"))
    return "; ".join(out)


def hlo_summary(counts, with_bytes=False):
    return ", ".join("%s x%d" % (k, v[0]) + (" (%d B)" % v[1] if with_bytes else "")
                     for k, v in sorted(counts.items())) or "none"


def floor_text(hlo_text):
    """The module compiled for one device: every sharding replicated."""
    t = re.sub(r'mhlo\.sharding = "[^"]*"', 'mhlo.sharding = "{replicated}"', hlo_text)
    return re.sub(r"mhlo\.num_partitions = \d+", "mhlo.num_partitions = 1", t)


PASS_LINE = re.compile(r"HLO pass: (\S+) time: .*?\((\d+) us\)")
PROPAGATION = ("shardy-xla", "sharding-propagation")
PARTITIONER = ("spmd-partitioning",)


def enable_pass_timings():
    """XLA logs each HLO pass's wall time at VLOG 1 of hlo_pass_pipeline.cc
    ("HLO pass: NAME time: ... (N us)"); only that file's log is switched on
    (the whole VLOG 1 slows compiles tenfold). Call before jax starts."""
    os.environ["TF_CPP_MIN_LOG_LEVEL"] = "0"
    os.environ["TF_CPP_VMODULE"] = "hlo_pass_pipeline=1"


class Xla:
    def __init__(self, max_devices):
        enable_pass_timings()
        import gspmd_xla as gx
        self.gx = gx
        self.runner = gx.XlaRunner(max_devices)

    def compile(self, text, n, shardy):
        r = self.runner
        opts = r.jeb.get_compile_options(num_replicas=1, num_partitions=n,
                                         device_assignment=np.arange(n).reshape(1, n))
        opts.executable_build_options.use_shardy_partitioner = shardy
        # XLA writes its log to fd 2: catch it for the pass timings.
        with tempfile.TemporaryFile() as log:
            sys.stderr.flush()
            saved = os.dup(2)
            os.dup2(log.fileno(), 2)
            try:
                t0 = time.perf_counter()
                exe = r.backend.compile_and_load(text, r.xla_client.DeviceList(
                    tuple(r.devices[:n])), opts)
                t = time.perf_counter() - t0
            finally:
                os.dup2(saved, 2)
                os.close(saved)
            log.seek(0)
            passes = {}
            for name, us in PASS_LINE.findall(log.read().decode(errors="replace")):
                passes[name] = passes.get(name, 0) + int(us) * 1e-6
        self.last_passes = passes
        return exe, t

    def partition_seconds(self):
        """(propagation, partitioner) seconds of the last compile, from XLA's
        own pass timings (None if XLA logged none)."""
        p = self.last_passes
        if not p:
            return None, None
        return (sum(p.get(k, 0.0) for k in PROPAGATION),
                sum(p.get(k, 0.0) for k in PARTITIONER))

    def export(self, source, form, shardings="sdy", entry=None):
        return self.gx.export(source, form, entry, shardings)

    def timed_compiles(self, source, n, repeats, floor=True, entry=None,
                       kinds=("shardy", "gspmd", "floor")):
        """{'shardy', 'gspmd', 'floor'}: (median seconds, last exe) or
        ('FAIL: why', None); 'manifest': the global export's manifest.
        floor=False: no 1-device compile (sections that only read bytes or
        run the executables); a compile not in `kinds` is ('not run',
        None)."""
        res = {}
        try:
            sdy, man = self.export(source, "global", "sdy", entry)
            hlo, _ = self.export(source, "global", "hlo", entry)
        except self.gx.ExportError as e:
            msg = "export FAIL: " + esc(str(e).strip().splitlines()[0])
            return {"shardy": (msg, None), "gspmd": (msg, None), "floor": (msg, None)}
        res["floor"] = ("not run", None)
        for key, text, devs, shardy in (("shardy", sdy, n, True), ("gspmd", hlo, n, False),
                                        ("floor", floor_text(hlo), 1, False))[:3 if floor else 2]:
            if key not in kinds:
                res[key] = ("not run", None)
                continue
            self.compile_into(res, key, text, devs, shardy, repeats)
        res["manifest"] = man
        return res

    def compile_into(self, res, key, text, devs, shardy, repeats):
        """res[key] = (median compile seconds of `repeats`, executable), and
        res[key + '_passes'] = (median propagation, median partitioning
        seconds) where XLA reports them; ('FAIL: why', None) on an error."""
        try:
            ts, props, parts, exe = [], [], [], None
            for _ in range(repeats):
                exe, t = self.compile(text, devs, shardy)
                ts.append(t)
                pr, pa = self.partition_seconds()
                if pr is not None:
                    props.append(pr)
                    parts.append(pa)
            res[key] = (statistics.median(ts), exe)
            if props:
                res[key + "_passes"] = (statistics.median(props), statistics.median(parts))
        except Exception as e:  # XLA's errors are plain RuntimeErrors
            res[key] = ("FAIL: " + esc(str(e).strip().splitlines()[0]), None)

    def run_timed(self, exe, manifest, reference, repeats=5):
        """(median seconds of one execution, 'PASS'/'FAIL') with gspmd-run's
        inputs; the results judged by the one checker against reference."""
        gx = self.gx
        results, problems = self.runner.run(exe, manifest)
        man, refs = reference
        lines, ok = gx.check_results(results, manifest, refs)
        # time only the execution: inputs placed once
        jax = self.runner.jax
        n = manifest["num_partitions"]
        devs = self.runner.devices[:n]
        args = []
        in_sh = exe.get_parameter_shardings() if manifest["form"] == "global" else None
        for i, a in enumerate(manifest["args"]):
            lay = gx.Layout(a, manifest["meshes"], n)
            if manifest["form"] == "global":
                lay.use_xla_sharding(in_sh[i] if in_sh else None, n)
            v = gx.global_input(0, i, lay.elem, lay.shape)
            bufs = [jax.device_put(lay.shard(v, d), devs[d]) for d in range(n)]
            sh = jax.sharding.NamedSharding(jax.sharding.Mesh(np.array(devs), ("p",)),
                                            jax.sharding.PartitionSpec())
            args.append(jax.make_array_from_single_device_arrays(
                tuple(lay.local_shape), sh, bufs))
        ts = []
        for _ in range(repeats):
            t0 = time.perf_counter()
            outs = exe.execute_sharded(args)
            for per in outs.disassemble_into_single_device_arrays():
                for b in per:
                    b.block_until_ready()
            ts.append(time.perf_counter() - t0)
        return statistics.median(ts), ("PASS" if ok and not problems else "FAIL")


def fit(xs, ys):
    pts = [(math.log(x), math.log(y)) for x, y in zip(xs, ys)
           if isinstance(y, float) and y > 0]
    if len(pts) < 2:
        return "-"
    mx = sum(p[0] for p in pts) / len(pts)
    my = sum(p[1] for p in pts) / len(pts)
    den = sum((p[0] - mx) ** 2 for p in pts)
    return "%.2f" % (sum((p[0] - mx) * (p[1] - my) for p in pts) / den) if den else "-"


def sub(a, b):
    return a - b if isinstance(a, float) and isinstance(b, float) else None


# --- sections -----------------------------------------------------------
def section_versions(a, w, ours, xla):
    import jax
    import jaxlib
    from jaxlib import xla_client
    w("## 7. Ours against XLA's partitioners (Shardy and GSPMD)")
    w("")
    w("Written by `bench/xla.py` (PYTHONPATH=python-bindings .venv/bin/python bench/xla.py "
      "--build %s): the bench/gen.py programs exported in global form by "
      "`gspmd-export-stablehlo{form=global shardings=sdy|hlo}` and compiled by XLA for N host "
      "CPU devices. XLA-Shardy: `sdy.sharding` attributes, `use_shardy_partitioner=true` "
      "(jax's default). XLA-GSPMD: `mhlo.sharding` strings, `use_shardy_partitioner=false`." % a.build)
    w("")
    w("- jax %s, jaxlib %s, XLA client version %s, PJRT platform %s" % (
        jax.__version__, jaxlib.__version__, getattr(xla_client, "_version", "?"),
        xla.runner.backend.platform_version))
    w("- load average at the start of this section: %s" % " ".join(
        open("/proc/loadavg").read().split()[:3]))
    w("- Compile times, seconds, medians of %d. XLA's partitioning is measured by XLA itself: "
      "its HLO pass timings (`TF_CPP_VMODULE=hlo_pass_pipeline=1`, lines `HLO pass: NAME time`): "
      "XLA-Shardy = `shardy-xla` (import, propagation, export of shardings) + "
      "`spmd-partitioning`; XLA-GSPMD = `sharding-propagation` + `spmd-partitioning`. Beside "
      "them XLA's whole compile (CPU code generation included; XLA compiles with its own "
      "threads) and its floor: the same module with every sharding `{replicated}` compiled for "
      "1 device. Ours: `gspmd-complete` and `gspmd-partition` from `gspmd-opt --mlir-timing "
      "--mlir-disable-threading --verify-each=false` (mlir-opt times its verifier after a pass "
      "as part of the pass; XLA's verifier is a pass of its own, not in the times compared); "
      "upstream: `sharding-propagation` and `shard-partition` the same way." % a.repeats)
    w("")


COMPILE_HEAD = ("| ours complete | ours partition | XLA-Shardy shardy-xla | XLA-Shardy spmd-partitioning "
                "| XLA-GSPMD sharding-propagation | XLA-GSPMD spmd-partitioning | upstream propagation "
                "| upstream partition | XLA-Shardy whole compile | XLA-GSPMD whole compile "
                "| XLA floor (1 device, whole compile) |")
COMPILE_ALIGN = "| ---: " * 11 + "|"


def compile_row(ours, xla, src, n, repeats, tmp, spec=None,
                kinds=("shardy", "gspmd", "floor"), floor=True):
    """The timing cells of one program (COMPILE_HEAD) and a dict of the
    sums for the fits: ours, shardy, gspmd, upstream (seconds or None), and
    XLA's whole compiles shardy_whole, gspmd_whole. XLA's compiles not in
    `kinds` say "not run" (over --xla-max-ops or --xla-shardy-max-ops);
    floor=False: no floor."""
    path = os.path.join(tmp, "t.mlir")
    open(path, "w").write(src)
    # a pipeline is partitioned after gspmd-pipeline's rewrite (as in
    # gspmd-spmd); unrewritten, completion would leave the op replicated
    o = ours.pass_times(path, repeats, pipeline=OURS if spec is None or has_upstream(spec)
                        else OURS.replace("gspmd-complete", "gspmd-pipeline,gspmd-complete")) \
        or [None, None]
    u = [None, None]
    if spec is not None and has_upstream(spec):
        spath = os.path.join(tmp, "t.s.mlir")
        open(spath, "w").write(gen(spec, n, "shard"))
        u = ours.pass_times(spath, repeats, ours.up, UP,
                            ("ShardingPropagation", "Partition")) or ["FAIL", "FAIL"]
    if kinds:
        r = xla.timed_compiles(src, n, repeats, floor, kinds=kinds)
    else:
        r = {k: ("not run", None) for k in ("shardy", "gspmd", "floor")}
    sp = r.get("shardy_passes", (None, None))
    gp = r.get("gspmd_passes", (None, None))
    if o == [None, None]:
        o = ["FAIL", "FAIL"]
    cells = [fmt(o[0]), fmt(o[1]), fmt(sp[0]), fmt(sp[1]), fmt(gp[0]), fmt(gp[1]),
             fmt(u[0]) if spec and has_upstream(spec) else "-",
             fmt(u[1]) if spec and has_upstream(spec) else "-",
             fmt(r["shardy"][0]), fmt(r["gspmd"][0]), fmt(r["floor"][0])]

    def tot(pair):
        return pair[0] + pair[1] if all(isinstance(x, float) for x in pair) else None
    def whole(key):
        return r[key][0] if isinstance(r[key][0], float) else None
    return cells, {"ours": tot(o), "shardy": tot(sp), "gspmd": tot(gp), "upstream": tot(u),
                   "shardy_whole": whole("shardy"), "gspmd_whole": whole("gspmd")}


def section_compile(a, w, ours, xla, tmp):
    w("### 7.1 Compile time per program (%d devices), seconds" % a.n)
    w("")
    w("| program | ops " + COMPILE_HEAD)
    w("| --- | ---: " + COMPILE_ALIGN)
    for spec in QUALITY + PIPELINE_PROGRAMS:
        src = gen(spec, a.n)
        cells, _ = compile_row(ours, xla, src, a.n, a.repeats, tmp, spec)
        w("| %s | %d | %s |" % (spec, nops(src), " | ".join(cells)))
    w("")
    w("Repeat: `python3 bench/gen.py PROGRAM --devices %d > p.mlir`; ours "
      "`gspmd-opt --mlir-disable-threading --mlir-timing --verify-each=false --pass-pipeline='%s' p.mlir -o /dev/null`; "
      "upstream `mlir-opt --mlir-disable-threading --mlir-timing --pass-pipeline='%s'` on "
      "`gen.py PROGRAM --devices %d --syntax shard`; XLA: `bench/xla.py --sections compile "
      "--n %d` (pass times from `TF_CPP_VMODULE=hlo_pass_pipeline=1`)." % (a.n, OURS, UP, a.n, a.n))
    w("")


def section_devices(a, w, ours, xla, tmp):
    spec = "mlp-megatron %d --hidden 65536" % a.dev_ops
    w("### 7.2 Compile time against device count (`gen.py %s --devices N`), seconds" % spec)
    w("")
    w("| devices " + COMPILE_HEAD)
    w("| ---: " + COMPILE_ALIGN)
    xs, sums = [], []
    for n in a.devices:
        src = gen(spec, n)
        # the floor (1 device) is the same module at every N: compiled once
        cells, tot = compile_row(ours, xla, src, n, a.repeats, tmp, spec,
                                 floor=n == a.devices[0])
        if n != a.devices[0]:
            cells[-1] = "as N=%d" % a.devices[0]
        xs.append(n)
        sums.append(tot)
        w("| %d | %s |" % (n, " | ".join(cells)))
    w("")
    w("Fitted exponent k of t ~ N^k over the counts that compiled (completion + partitioning; "
      "XLA: its propagation + partitioner passes; in brackets XLA's whole compile): ours %s, "
      "XLA-Shardy %s (%s), XLA-GSPMD %s (%s), upstream %s." % tuple(
          fit(xs, [s[k] for s in sums]) for k in ("ours", "shardy", "shardy_whole", "gspmd",
                                                   "gspmd_whole", "upstream")))
    w("")
    w("Ops: %d. XLA makes as many host devices as `jax_num_cpu_devices` asks for; the largest "
      "count run here is %d (`--devices`)." % (nops(src), max(a.devices)))
    w("")


def section_sizes(a, w, ours, xla, tmp):
    w("### 7.3 Compile time against program size (%d devices), seconds" % a.n)
    w("")
    w("| program | ops " + COMPILE_HEAD)
    w("| --- | ---: " + COMPILE_ALIGN)
    fits = []
    for prog in ["mlp-megatron", "transformer", "mlp --shared-bias", "mlp"]:
        xs, sums = [], []
        for size in a.sizes:
            p = prog.split()
            spec = " ".join([p[0], str(size)] + p[1:])
            src = gen(spec, a.n)
            # XLA's whole compile of 10k ops takes tens of seconds: one run there
            reps = a.repeats if size < 5000 else 1
            kinds = (("shardy", "gspmd", "floor") if size <= a.xla_max_ops else
                     ("shardy", "floor") if size <= a.xla_shardy_max_ops else ())
            cells, tot = compile_row(ours, xla, src, a.n, reps, tmp, spec, kinds)
            xs.append(nops(src))
            sums.append(tot)
            w("| %s | %d | %s |" % (prog, nops(src), " | ".join(cells)))
        row = [prog] + [fit(xs, [s[k] for s in sums])
                        for k in ("ours", "shardy", "shardy_whole", "gspmd", "gspmd_whole",
                                  "upstream")]
        # XLA's whole compile, where not run at the largest size,
        # extrapolated to it by its own fit
        big = max(xs)
        for key, k in (("shardy_whole", row[3]), ("gspmd_whole", row[5])):
            ran = [(x, t[key]) for x, t in zip(xs, sums) if t[key]]
            if ran and ran[-1][0] == big:
                row.append("measured: %.0f s" % ran[-1][1])
            elif ran and k != "-":
                row.append("%.0f s" % (ran[-1][1] * (big / ran[-1][0]) ** float(k)))
            else:
                row.append("-")
        fits.append(row)
    w("")
    w("Programs of 5,000 ops and more: one compile each (XLA's whole compile takes tens of "
      "seconds there). XLA-GSPMD is not run on programs of a requested size (`gen.py PROGRAM SIZE`) "
      "over %d (`--xla-max-ops`, `XLA_MAX_OPS`, the cutoff of this run; its compile grows "
      "faster than linearly), XLA-Shardy and the floor not over %d (`--xla-shardy-max-ops`, "
      "`XLA_SHARDY_MAX_OPS`; its whole compile of mlp-megatron at 30k ops took 66 s, and one at "
      "100k had not finished after 7 minutes when it was stopped, on this machine); a whole compile at %d ops that was not run is extrapolated by its "
      "own fit below from the sizes it compiled, in the last columns. Fitted exponent k of t ~ "
      "ops^k (least squares over the sizes that completed; "
      "XLA: its propagation + partitioner passes, and its whole compile):" % (
          a.xla_max_ops, a.xla_shardy_max_ops, max(a.sizes)))
    w("")
    w("| program | ours complete + partition | XLA-Shardy passes | XLA-Shardy whole compile "
      "| XLA-GSPMD passes | XLA-GSPMD whole compile | upstream | XLA-Shardy whole compile at "
      "the largest size (measured, else extrapolated) | XLA-GSPMD, the same |")
    w("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for f in fits:
        w("| %s |" % " | ".join(f))
    w("")


def section_quality(a, w, ours, xla, tmp):
    w("### 7.4 Collectives and bytes each device sends (%d devices, ring model)" % a.n)
    w("")
    w("XLA's collectives are read from its compiled, partitioned HLO "
      "(`exe.hlo_modules()[0].to_string()`), charged by the ring model of "
      "lib/Sharding/cost.c (bench/xla.py `hlo_bytes`).")
    w("")
    w("| program | ours: collectives | ours B/device | XLA-Shardy: collectives | "
      "XLA-Shardy B/device | XLA-GSPMD: collectives | XLA-GSPMD B/device | "
      "upstream: collectives | upstream B/device | analytic minimum |")
    w("| --- | --- | ---: | --- | ---: | --- | ---: | --- | ---: | ---: |")
    diffs = []
    for spec in QUALITY + PIPELINE_PROGRAMS:
        src = gen(spec, a.n)
        path = os.path.join(tmp, "q.mlir")
        open(path, "w").write(src)
        oc, ob = ours.spmd_bytes(path)
        uc, ub = "no pipeline op", None
        if has_upstream(spec):
            spath = os.path.join(tmp, "q.s.mlir")
            open(spath, "w").write(gen(spec, a.n, "shard"))
            uc, ub = ours.upstream_bytes(spath)
        r = xla.timed_compiles(src, a.n, 1, floor=False)
        row = {}
        for key in ("shardy", "gspmd"):
            t, exe = r[key]
            if exe is None:
                row[key] = (t, None, t, {})
                continue
            hlo = exe.hlo_modules()[0].to_string()
            open(os.path.join(tmp, "%s.%s.hlo" % (spec.replace(" ", "_"), key)), "w").write(hlo)
            c = hlo_bytes(hlo, a.n)
            row[key] = (hlo_summary(c), sum(v[1] for v in c.values()), hlo_summary(c, True), c)
        mn = "-"
        if spec in STRATEGIES:
            mn = subprocess.run(GEN + [spec, "--devices", str(a.n), "--analytic"],
                                capture_output=True, text=True).stdout.split("\t")[0]
        w("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            spec, esc(oc), fmt(ob, 12), esc(row["shardy"][0]), fmt(row["shardy"][1], 12),
            esc(row["gspmd"][0]), fmt(row["gspmd"][1], 12), esc(uc), fmt(ub, 12), mn))
        for key, name in (("shardy", "XLA-Shardy"), ("gspmd", "XLA-GSPMD")):
            xb = row[key][1]
            if ob is not None and xb is not None and ob != xb:
                diffs.append("- %s: ours %d B, %s %d B (ours %+.0f%%): ours %s; %s %s. Why: %s." % (
                    spec, ob, name, xb, 100.0 * (ob - xb) / max(xb, 1),
                    hlo_summary(ours.last_counts, True), name, row[key][2],
                    reasons(ours.last_counts, row[key][3])))
    w("")
    w("Programs where one side sends more bytes per device than the other (ours against "
      "each XLA partitioner; the reason is read from the two collective lists):")
    w("")
    for d in diffs or ["- none: every program sends the same bytes"]:
        w(d)
    w("")
    w("Repeat: ours `gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' "
      "p.mlir -o /dev/null`; XLA `bench/xla.py --sections quality --n %d` (the HLO of each "
      "compile is kept with --keep DIR)." % a.n)
    w("")


def section_runtime(a, w, ours, xla, tmp):
    w("### 7.5 Runtime: XLA's executables on host devices beside ours under MPI")
    w("")
    w("Median seconds of 5 executions (inputs placed once). Ours: `mpirun -n N gspmd-run p.mlir "
      "--time 5` (max over ranks). Ours via XLA: our SPMD export (`form=spmd`) compiled and run "
      "by XLA. Every result is checked against the unpartitioned program with the one checker "
      "(`gspmd-run --check`; XLA's runs as `gspmd-xla-run --check`). XLA runs its N devices as "
      "threads of one process; ours runs N MPI processes, which time-share when N exceeds "
      "the %d cores here (load average now %s): compare the columns at N <= cores." % (
          os.cpu_count(), " ".join(open("/proc/loadavg").read().split()[:3])))
    w("")
    w("| program | devices | ours (MPI) | check | ours via XLA | check | XLA-Shardy | check | "
      "XLA-GSPMD | check |")
    w("| --- | ---: | ---: | --- | ---: | --- | ---: | --- | ---: | --- |")
    gx = xla.gx
    for spec in a.runtime_programs:
        for n in a.runtime_devices:
            src = gen(spec, n)
            path = os.path.join(tmp, "r.mlir")
            open(path, "w").write(src)
            ref_dir = os.path.join(tmp, "ref")
            subprocess.run(["rm", "-rf", ref_dir])
            try:
                gx.save_reference(ours.run, path, ref_dir)
                ref = gx.load_reference(ref_dir)
            except RuntimeError as e:
                w("| %s | %d | reference FAIL: %s | | | | | | | |" % (spec, n, esc(e)))
                continue
            ot, ov = ours.mpi_time(path, n)
            cells = [fmt(ot), ov]
            try:
                text, man = xla.export(src, "spmd")
                exe, _ = xla.compile(text, n, True)
                t, v = xla.run_timed(exe, man, ref)
                cells += [fmt(t), v]
            except Exception as e:
                cells += ["FAIL: " + esc(str(e).strip().splitlines()[0]), "-"]
            r = xla.timed_compiles(src, n, 1, floor=False)
            for key in ("shardy", "gspmd"):
                t0, exe = r[key]
                if exe is None:
                    cells += [t0, "-"]
                    continue
                try:
                    t, v = xla.run_timed(exe, r["manifest"], ref)
                    cells += [fmt(t), v]
                except Exception as e:
                    cells += ["FAIL: " + esc(str(e).strip().splitlines()[0]), "-"]
            w("| %s | %d | %s |" % (spec, n, " | ".join(cells)))
    w("")
    w("Repeat: `bench/xla.py --sections runtime --runtime-devices 'N'`; ours alone "
      "`mpirun -n N gspmd-run p.mlir --time 5` and `--check`; ours via XLA "
      "`gspmd-xla-run p.mlir --check`; XLA's partitioners `gspmd-xla-run p.mlir --form global "
      "--shardings sdy|hlo --check` (Shardy's compile option is jax's default).")
    w("")

SED_STEP = re.compile(r"^sed((?:\s+(?:-e\s+)?'[^']*')+)\s+(%s|%t\.\w+\.mlir)\s*>\s*(%t\.\w+\.mlir)$")
REPORT_STEP = re.compile(r"^%mpirun -n (\d+) %gspmd-run (%s|%t\.\w+\.mlir)(?:\s+--entry\s+(\S+))?"
                         r"\s+--check --report \| FileCheck %s --check-prefixes=CHECK,(\w+)$")
MESH_SED = re.compile(r'^s/"\w+"=\d+(, "\w+"=\d+)*/"\w+"=\d+(, "\w+"=\d+)*/$')
PLAN_REMARK = re.compile(r":(\d+):\d+: remark: gspmd-partition: '([^']+)' weighed \d+ plans "
                         r"\(bytes sent per device\): (.*)$", re.M)


def stated_minimum(src, prefix):
    """The bytes a file's `PREFIX:` line checks: the comm report's total
    (`total: ... sent N B`) or, for an entry of a module with several, the
    run's traffic (`all calls K, sent N B`)."""
    for pattern in (r"\{\{\^\}\}total: \{\{\.\*\}\} sent (\d+) B",
                    r"\{\{\^ \*\}\}all \{\{ \*\}\}calls \d+, sent (\d+) B"):
        m = re.search(r"^// %s: %s" % (prefix, pattern), src, re.M)
        if m:
            return int(m.group(1))
    return None


def strategy_variants(path):
    """[(label, devices, text, entry, stated minimum)] of an issue-17 test
    file: one per RUN line that runs gspmd-run with `--report` and a
    FileCheck prefix, on the file as the RUN lines before it rewrote it (each
    `sed ... %s|%t.X.mlir > %t.Y.mlir`, on its own line or before `&&`).
    The label names the entry and the seds other than the mesh size."""
    src = open(path).read()
    name = os.path.basename(path)[:-len(".mlir")]
    files = {"%s": (src, [])}
    out = []
    for line in re.findall(r"^// RUN: (.*)$", src, re.M):
        for step in (p.strip() for p in line.split(" && ")):
            m = SED_STEP.match(step)
            if m and m.group(2) in files:
                exprs = re.findall(r"'([^']*)'", m.group(1))
                text, seds = files[m.group(2)]
                args = ["sed"] + [x for e in exprs for x in ("-e", e)]
                text = subprocess.run(args, input=text, check=True, capture_output=True,
                                      text=True).stdout
                files[m.group(3)] = (text, seds + exprs)
                continue
            m = REPORT_STEP.match(step)
            if not m or m.group(2) not in files:
                continue
            n, f, entry, prefix = m.groups()
            text, seds = files[f]
            shown = [e for e in seds if not MESH_SED.match(e)]
            label = name + (" @" + entry if entry else "") + (
                " (`%s`)" % "; ".join(shown) if shown else "")
            out.append((label, int(n), text, entry, stated_minimum(src, prefix)))
    return out


def function_lines(text, entry):
    """[first, last] line of function `entry` in text (1-based), or None."""
    starts = [(i + 1, m.group(1)) for i, l in enumerate(text.splitlines())
              for m in [re.match(r"\s*func\.func (?:\w+ )?@([\w$.]+)", l)] if m]
    for k, (line, fn) in enumerate(starts):
        if fn == entry:
            end = starts[k + 1][0] - 1 if k + 1 < len(starts) else 1 << 30
            return line, end
    return None


def entry_report_bytes(report, entry):
    """Bytes per device of the comm report's lines of function `entry`
    (each line's sent bytes times its loop trip count)."""
    total = 0
    for sent, trips in re.findall(r"^@%s: .* sent (\d+) B, received \d+ B"
                                  r"(?:, x(\d+) \(loop trip count\))?" % re.escape(entry),
                                  report, re.M):
        total += int(sent) * int(trips or 1)
    return total


def weighed_plans(ours, path, text, entry):
    """The `explain` remarks of the contractions (of `entry` only, if
    given), as `op@line: {split} bytes[d][*], ...`."""
    e = subprocess.run([ours.opt, "--pass-pipeline=builtin.module(gspmd-complete,"
                        "gspmd-partition{explain=true})", path, "-o", os.devnull],
                       capture_output=True, text=True)
    span = function_lines(text, entry) if entry else None
    plans = []
    for line, op, rest in PLAN_REMARK.findall(e.stderr + e.stdout):
        if span and not span[0] <= int(line) <= span[1]:
            continue
        ps = []
        for p in rest.split("; "):
            pm = re.match(r"(\{[^}]*\})(?: ring (\w+) of operand (\d+) over ([\w, ]+?))? "
                          r"(\d+) B", p)
            if pm:
                split, factor, operand, axes, sent = pm.groups()
                ring = " ring(%s, op %s, %s)" % (factor, operand, axes) if factor else ""
                ps.append("%s%s %s%s%s%s" % (split, ring, sent,
                                             "!" if "over budget" in p else "",
                                             "d" if "(default)" in p else "",
                                             "*" if "chosen" in p else ""))
        plans.append("%s@%s: %s" % (op.split(".")[-1], line, ", ".join(ps)))
    return plans


def ours_chosen(ours, path, n, entry):
    """(bytes, verdict) of `mpirun -n N gspmd-run --check --report`: the comm
    report's total, or for an entry the run's own traffic (the report covers
    the whole module)."""
    cmd = ["mpirun", "-n", str(n), ours.run, path, "--check", "--report"]
    r = subprocess.run(cmd + (["--entry", entry] if entry else []),
                       capture_output=True, text=True)
    pattern = r"^ *all +calls \d+, sent (\d+) B" if entry else r"^total: .*sent (\d+) B"
    m = re.search(pattern, r.stdout, re.M)
    verdict = "PASS" if r.returncode == 0 and "FAIL" not in r.stdout else "FAIL"
    return (int(m.group(1)) if m else None), verdict


def tile_counts(sharding, rank):
    """Per-dim tile counts of a compiled parameter's sharding (its proto's
    text: tile_assignment_dimensions, less a replicated last tile dim)."""
    text = str(sharding)
    if "type: REPLICATED" in text or "type: OTHER" not in text:
        return [1] * rank
    dims = [int(x) for x in re.findall(r"tile_assignment_dimensions: (\d+)", text)]
    return dims[:rank]


def resharded_args(exe, manifest):
    """`#i [requested]->[compiled]` for each argument whose per-dim tile
    counts XLA changed (its program then starts from another layout: the
    move happens when the argument is placed, outside the partitioned HLO)."""
    meshes = {k: dict(v["axes"]) for k, v in manifest["meshes"].items()}
    out = []
    for i, (arg, sh) in enumerate(zip(manifest["args"], exe.get_parameter_shardings())):
        sizes = meshes.get(arg["mesh"], {})
        want = [math.prod(sizes.get(ax, 1) for ax in d) for d in arg["dims"]]
        got = tile_counts(sh, len(want))
        if got != want:
            out.append("#%d %s->%s" % (i, want, got))
    return out


def section_strategies(a, w, ours, xla, tmp):
    files = sorted(f for f in os.listdir(a.strategy_dir)
                   if f.startswith("strategy-") and f.endswith(".mlir"))
    w("## 4b. Per-op strategies of contractions (issue 17), beside XLA")
    w("")
    w("The strategy programs of %s (`strategy-*.mlir`), once per RUN line that runs "
      "`gspmd-run --check --report` with a FileCheck prefix, on the file as the RUN lines "
      "before it rewrote it with `sed` (the label names the entry function, `@name`, and the "
      "seds other than the mesh size). Minimum: the analytic minimum each file derives in its "
      "opening comment (its FileCheck `total: ... sent N B` line, or for an entry of a module "
      "with several, its `all calls K, sent N B` line). Chosen: `mpirun -n N gspmd-run FILE "
      "[--entry E] --check --report`, the comm report's total (for an entry: the run's own "
      "traffic, as the test checks it), with the check's verdict. Plans weighed: the `explain` "
      "remarks of `gspmd-opt --pass-pipeline='builtin.module(gspmd-complete,"
      "gspmd-partition{explain=true})'` (per contraction of the entry: line, each plan's factor "
      "split and bytes, `*` the chosen one, `d` the default, `!` over the memory budget; "
      "`ring(factor, op i, axes)` is the windowed loop rotating operand i's chunks along the "
      "factor over the axes). Default plan: the first operand's contraction split, then the result's factors "
      "(`gspmd-partition{strategy=first}`, the partitioner before issue 17), static report "
      "(for an entry: its function's lines). XLA: the same file (entry) exported in global form "
      "and compiled by XLA for N host devices; its partitioned HLO's collectives by the ring "
      "model (section 7.4); where XLA compiled an argument for other tiles than the "
      "annotation's (Shardy does so for some uneven dims), the collectives cell says so: that "
      "argument's move happens when it is placed, outside the partitioned HLO, so the bytes "
      "are not those of the same problem. XLA has no memory budget: `gspmd.memory_budget` "
      "binds ours only."
      % os.path.relpath(a.strategy_dir, os.path.dirname(HERE)))
    w("")
    w("| program | devices | minimum (B) | ours: chosen (B) | check | ours: plans weighed (B) "
      "| ours: default plan (B) | XLA-Shardy (B) | XLA-Shardy collectives | XLA-GSPMD (B) "
      "| XLA-GSPMD collectives |")
    w("| --- | ---: | ---: | ---: | --- | --- | ---: | ---: | --- | ---: | --- |")
    first = ("builtin.module(gspmd-pipeline,gspmd-complete,gspmd-partition{strategy=first},"
             "gspmd-halo-exchange,canonicalize,cse,gspmd-comm-report)")
    for f in files:
        for label, n, text, entry, mn in strategy_variants(os.path.join(a.strategy_dir, f)):
            path = os.path.join(tmp, "s.mlir")
            open(path, "w").write(text)
            chosen, verdict = ours_chosen(ours, path, n, entry)
            plans = weighed_plans(ours, path, text, entry)
            d = subprocess.run([ours.opt, "--pass-pipeline=" + first, path, "-o", os.devnull],
                               capture_output=True, text=True)
            m = re.search(r"^total: .*sent (\d+) B", d.stdout, re.M)
            default = ("FAIL" if not m else str(entry_report_bytes(d.stdout, entry))
                       if entry else m.group(1))
            x = xla.timed_compiles(text, n, 1, floor=False, entry=entry)
            cells = []
            for key in ("shardy", "gspmd"):
                t, exe = x[key]
                if exe is None:
                    cells += ["-", esc(t)]
                    continue
                c = hlo_bytes(exe.hlo_modules()[0].to_string(), n)
                moved = resharded_args(exe, x["manifest"])
                cells += [str(sum(v[1] for v in c.values())), hlo_summary(c) + (
                    "; arguments resharded by XLA (tiles per dim): " + ", ".join(moved)
                    if moved else "")]
            w("| %s | %d | %s | %s | %s | %s | %s | %s |" % (
                label, n, fmt(mn, 12), fmt(chosen, 12), verdict,
                esc("; ".join(plans), 2000).replace("*", "\\*") or "-", default, " | ".join(cells)))
    w("")
    w("Repeat: `bench/xla.py --sections strategies --devices 8` (in the venv, "
      "PYTHONPATH=python-bindings). Load average when the table was done: %s (1, 5, 15 min; "
      "2 cores)." % " ".join(open("/proc/loadavg").read().split()[:3]))
    w("")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--sections", default="versions,compile,devices,sizes,quality,runtime")
    ap.add_argument("--n", type=int, default=4, help="devices of sections compile, sizes, quality")
    ap.add_argument("--devices", default="2 4 8 16 64 256 1024 2048 4096")
    ap.add_argument("--dev-ops", type=int, default=2000)
    ap.add_argument("--sizes", default="1000 3000 10000 30000 100000")
    ap.add_argument("--runtime-devices", default="2 4 8")
    ap.add_argument("--runtime-programs",
                    default="megatron --scale 2;data --scale 2;2d;fsdp;conv;" +
                    PIPELINE_PROGRAMS[0])
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--xla-shardy-max-ops", type=int, default=30000,
                    help="XLA-Shardy and the floor compile programs of at most this many ops")
    ap.add_argument("--xla-max-ops", type=int, default=10000,
                    help="section sizes: XLA compiles programs of at most this many ops")
    ap.add_argument("--strategy-dir", default=os.path.join(os.path.dirname(HERE), "test", "E2E"),
                    help="section strategies: the directory of the strategy-*.mlir programs")
    ap.add_argument("--keep", default=None, help="keep exported and HLO files in DIR")
    a = ap.parse_args()
    a.devices = [int(x) for x in a.devices.split()]
    a.sizes = [int(x) for x in a.sizes.split()]
    a.runtime_devices = [int(x) for x in a.runtime_devices.split()]
    a.runtime_programs = [s.strip() for s in a.runtime_programs.split(";") if s.strip()]
    os.environ.setdefault("GSPMD_RUN", os.path.join(a.build, "bin", "gspmd-run"))
    ours = Ours(a.build)
    xla = Xla(max(a.devices + a.runtime_devices + [a.n]))

    def w(s):
        print(s, flush=True)

    secs = a.sections.split(",")
    tmp = a.keep or tempfile.mkdtemp()
    os.makedirs(tmp, exist_ok=True)
    for name in ["versions", "strategies", "compile", "devices", "sizes", "quality", "runtime"]:
        if name in secs:
            t0 = time.time()
            globals()["section_" + name](a, w, ours, xla, *(() if name == "versions" else (tmp,)))
            print("xla.py: section %s %.0f s" % (name, time.time() - t0), file=sys.stderr)
    if "versions" in secs:
        w("XLA sections' load average at the end: %s." % " ".join(
            open("/proc/loadavg").read().split()[:3]))
    if not a.keep:
        subprocess.run(["rm", "-rf", tmp])


if __name__ == "__main__":
    main()
