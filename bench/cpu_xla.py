#!/usr/bin/env python3
"""XLA:CPU's executable of a whole program, timed and checked, for the CPU
backend section of bench/RESULTS.md (bench/cpu.py): our
`mpirun -n N gspmd-run FILE --time R` beside XLA running the same global
program on N host devices.

  cpu_xla.py FILE --devices N [--repeats R] [--warmup W] [--compile-repeats C]
             [--gspmd-run PATH] [--multi-thread] [--json]

1 device: the floor, the global module with every sharding replicated
compiled for one device (bench/xla.py's `floor_text`). N > 1: the global form
with Shardy shardings compiled for N devices with use_shardy_partitioner
(jax's default). Both through bench/xla.py's `Xla` (export, compile,
timed_compiles, run_timed): the checked run (the warm-up) judges the results
against `gspmd-run FILE --save-reference` with the one checker (a FAIL is
judged again as `gspmd-xla-run --check` does: against XLA's own
unpartitioned run, gspmd_xla.check_results' second opinion), then R
executions (inputs placed once) give the median wall time. Beside it the
median process CPU time of one execution (all threads), XLA's compile time,
and the threads that did the work.

One thread per device, as far as XLA's flags go (ours runs one
single-threaded process per device). XLA:CPU (jaxlib 0.12, the thunk
runtime) runs each device's program on a thread of its own (tf_XLAExecute)
and hands parallel work (YNNPACK dot fusions, Eigen dots and convolutions,
parallel loop kernels) to the client's one intra-op pool (tf_XLAEigen) of
max(DefaultThreadPoolSize(), devices) threads, DefaultThreadPoolSize() being
$PJRT_NPROC, else $NPROC, else the cores. So:
  PJRT_NPROC=1                               the pool as small as XLA allows
  XLA_FLAGS=--xla_cpu_multi_thread_eigen=false  Eigen's dot and convolution
                                             kernels single-threaded
Both must be in the environment before jax starts its backend: this script
sets them first thing (--multi-thread: XLA's defaults, for comparison).
With them, 1 device runs on one thread at a time (bar hand-offs to the
pool's one thread, which the caller waits out); N devices still share a
pool of N threads beside their N execute threads (XLA has no per-device
pool), so a device may use more than one core, the process no more than
the machine's. XLA_FLAGS=--intra_op_parallelism_threads=1 is no XLA flag
(jaxlib 0.12 aborts: "Unknown flag in XLA_FLAGS"); jax's
--xla_force_host_platform_device_count sets devices, not threads.

Runs in the project's venv (.venv, or $VENV) with python-bindings on
PYTHONPATH; started with another Python (bench/cpu.py runs under python3) it
re-runs itself there. From Python: `times(path, devices)` runs this script in
a fresh process (so the flags hold, and the device count is the one asked
for) and returns its figures as a dict.
"""
import argparse
import importlib.util
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# One intra-op thread per device (see the file comment).
SINGLE_THREAD_ENV = {"PJRT_NPROC": "1"}
SINGLE_THREAD_XLA_FLAGS = ["--xla_cpu_multi_thread_eigen=false"]
# Untimed executions before the timed ones, besides the checked run.
WARMUP = 0


def venv_python():
    return os.path.join(os.environ.get("VENV", os.path.join(ROOT, ".venv")),
                        "bin", "python")


def default_gspmd_run():
    return os.environ.get("GSPMD_RUN", os.path.join(ROOT, "build", "bin", "gspmd-run"))


def environment(single_thread=True, base=None):
    """The environment of a process that runs XLA: python-bindings and bench
    on PYTHONPATH, and (single_thread) the thread flags."""
    env = dict(os.environ if base is None else base)
    paths = [os.path.join(ROOT, "python-bindings"), HERE]
    env["PYTHONPATH"] = os.pathsep.join(paths + [p for p in env.get(
        "PYTHONPATH", "").split(os.pathsep) if p and p not in paths])
    names = [f.split("=")[0] for f in SINGLE_THREAD_XLA_FLAGS]
    flags = [x for x in env.get("XLA_FLAGS", "").split() if x.split("=")[0] not in names]
    for k in SINGLE_THREAD_ENV:
        env.pop(k, None)
    if single_thread:
        env.update(SINGLE_THREAD_ENV)
        flags += SINGLE_THREAD_XLA_FLAGS
    env["XLA_FLAGS"] = " ".join(flags)
    return env


def flags_text(env):
    return " ".join("%s=%s" % (k, env[k]) for k in sorted(SINGLE_THREAD_ENV)
                    if k in env) + " XLA_FLAGS='%s'" % env.get("XLA_FLAGS", "")


def times(path, devices, repeats=9, compile_repeats=1, single_thread=True,
          gspmd_run=None, timeout=None, warmup=WARMUP):
    """XLA's figures for the global program in `path` at `devices` host
    devices, measured in a fresh process in the venv: a dict with
    seconds (median wall time of one execution), cpu_seconds (median
    process CPU time of one), check ('PASS'/'FAIL'), compile_seconds,
    mode ('floor' at 1 device, else 'shardy'), busy_threads (XLA's threads,
    not Python's, that took at least 10% of the CPU time of the timed
    executions; the kernel counts thread CPU time in ticks of 10 ms, so
    judge threads over many repeats: their total is threads_cpu_seconds),
    threads (each with its CPU seconds), flags; and
    error (a line) when something failed, then check is 'FAIL'."""
    cmd = [venv_python(), os.path.abspath(__file__), path, "--devices", str(devices),
           "--repeats", str(repeats), "--compile-repeats", str(compile_repeats),
           "--warmup", str(warmup), "--json", "--gspmd-run", gspmd_run or default_gspmd_run()]
    if not single_thread:
        cmd.append("--multi-thread")
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                           env=environment(single_thread))
    except subprocess.TimeoutExpired:
        return {"check": "FAIL", "error": "timeout after %s s" % timeout}
    lines = r.stdout.strip().splitlines()
    try:
        return json.loads(lines[-1])  # exit 1 with figures: the check FAILed
    except (IndexError, ValueError):
        # the last line that is not XLA's log (I1127 12:00:00.0 ...)
        err = [l for l in r.stderr.splitlines()
               if l.strip() and not re.match(r"[IWEF]\d{4} ", l)] or ["exit %d" % r.returncode]
        return {"check": "FAIL", "error": err[-1]}


def _bench_xla():
    """bench/xla.py as a module (its Xla class is reused, not copied)."""
    spec = importlib.util.spec_from_file_location("bench_xla", os.path.join(HERE, "xla.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _thread_cpu():
    """{tid: (name, CPU seconds)} of this process's threads."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    for tid in os.listdir("/proc/self/task"):
        try:
            with open("/proc/self/task/%s/stat" % tid) as f:
                stat = f.read()
            with open("/proc/self/task/%s/comm" % tid) as f:
                name = f.read().strip()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        out[tid] = (name, (int(fields[11]) + int(fields[12])) / tick)
    return out


class _Watched:
    """The executable, passed to Xla.run_timed in its place: notes the
    process CPU time when each execution starts (run_timed blocks on the
    results before starting the next one) and each thread's CPU time at the
    first timed execution."""

    def __init__(self, exe):
        self._exe = exe
        self.starts = []
        self.threads_before = None

    def __getattr__(self, name):
        return getattr(self._exe, name)

    def execute_sharded(self, args):
        if len(self.starts) == 1:  # call 0 is the checked run (the warm-up)
            self.threads_before = _thread_cpu()
        self.starts.append(time.process_time())
        return self._exe.execute_sharded(args)


def measure(path, devices, repeats=9, compile_repeats=1, gspmd_run=None, warmup=WARMUP):
    """The figures of times(), measured in this process (the thread flags
    must already be in the environment, before jax starts)."""
    bx = _bench_xla()
    gspmd_run = gspmd_run or default_gspmd_run()
    src = open(path).read()
    res = {"program": path, "devices": devices, "repeats": repeats,
           "mode": "floor" if devices == 1 else "shardy",
           "flags": flags_text(os.environ), "check": "FAIL"}
    xla = bx.Xla(devices)
    gx = xla.gx
    with tempfile.TemporaryDirectory() as tmp:
        ref_dir = os.path.join(tmp, "ref")
        for attempt in range(2):  # the binary may be rebuilt under us: retry once
            try:
                gx.save_reference(gspmd_run, path, ref_dir)
                break
            except RuntimeError as e:
                if attempt:
                    res["error"] = "reference: " + str(e).strip().splitlines()[-1]
                    return res
                time.sleep(5)
        ref = gx.load_reference(ref_dir)
    key = res["mode"]
    r = xla.timed_compiles(src, devices, compile_repeats, floor=devices == 1, kinds=(key,))
    t, exe = r[key]
    if exe is None:
        res["error"] = str(t)
        return res
    res["compile_seconds"] = t
    man = dict(r["manifest"])
    if devices == 1:
        man["num_partitions"] = 1  # the floor runs on one device whatever the mesh
    elif man["num_partitions"] != devices:
        res["error"] = "the program's mesh has %d devices, not %d" % (
            man["num_partitions"], devices)
        return res
    verdict = "PASS"
    if warmup:  # untimed executions first (and one more checked run)
        verdict = xla.run_timed(exe, man, ref, repeats=warmup)[1]
    w = _Watched(exe)
    seconds, timed_verdict = xla.run_timed(w, man, ref, repeats=repeats)
    verdict = "PASS" if verdict == timed_verdict == "PASS" else "FAIL"
    end = time.process_time()
    after = _thread_cpu()
    if verdict != "PASS":
        # as gspmd-xla-run --check: a float result outside gspmd-run's
        # allowance is judged again against XLA's own unpartitioned run
        # (gx.check_results' second opinion, bounded by XLA_MATH_NOISE_LIMIT)
        results, problems = xla.runner.run(exe, man)
        lines, ok = gx.check_results(results, man, ref[1],
                                     lambda: gx.xla_reference(xla.runner, src))
        verdict = "PASS" if ok and not problems else "FAIL"
        res["check_lines"] = lines + problems
        if ok:
            res["check_note"] = "PASS by the second opinion (XLA's own unpartitioned run)"
    starts = w.starts[1:] + [end]
    cpus = [b - a for a, b in zip(starts, starts[1:])]
    used = {tid: after[tid][1] - w.threads_before.get(tid, (None, 0.0))[1]
            for tid in after}
    total = sum(used.values()) or 1e-9
    main_tid = str(os.getpid())  # Python's thread: dispatches, then waits
    busy = sorted(((c, after[tid][0] + (" (main)" if tid == main_tid else ""), tid)
                   for tid, c in used.items() if c > 0), reverse=True)
    res.update(seconds=seconds, cpu_seconds=statistics.median(cpus), check=verdict,
               busy_threads=sum(1 for c, _, tid in busy
                                if c >= 0.1 * total and tid != main_tid),
               thread_count=len(after), threads_cpu_seconds=total,
               threads=["%s %.3fs" % (n, c) for c, n, _ in busy])
    return res


def _has_jax():
    return importlib.util.find_spec("jax") is not None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file")
    ap.add_argument("--devices", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=9, help="timed executions (median)")
    ap.add_argument("--compile-repeats", type=int, default=1)
    ap.add_argument("--warmup", type=int, default=WARMUP,
                    help="untimed executions after the checked run (default %(default)s)")
    ap.add_argument("--gspmd-run", default=None,
                    help="gspmd-run for the reference (default $GSPMD_RUN, build/bin/gspmd-run)")
    ap.add_argument("--multi-thread", action="store_true",
                    help="XLA's own thread defaults (no thread flags)")
    ap.add_argument("--json", action="store_true", help="one JSON line")
    a = ap.parse_args()
    single = not a.multi_thread
    want = environment(single)
    if not _has_jax() or importlib.util.find_spec("gspmd_xla") is None or any(
            os.environ.get(k) != want.get(k) for k in list(SINGLE_THREAD_ENV) + ["XLA_FLAGS"]):
        # not the venv, or the flags not set yet: start again with both
        if "CPU_XLA_REEXEC" in os.environ:
            sys.exit("cpu_xla.py: no jax / gspmd_xla in %s" % sys.executable)
        env = environment(single, dict(os.environ, CPU_XLA_REEXEC="1"))
        py = sys.executable if _has_jax() else venv_python()
        os.execve(py, [py, os.path.abspath(__file__)] + sys.argv[1:], env)
    r = measure(a.file, a.devices, a.repeats, a.compile_repeats, a.gspmd_run, a.warmup)
    if a.json:
        print(json.dumps(r))
        return 0 if r["check"] == "PASS" else 1
    what = ("1 device, the global module replicated (floor)" if a.devices == 1 else
            "%d devices, global form, Shardy" % a.devices)
    if "seconds" in r:
        print("xla time: median %.6f s over %d runs (%s)" % (r["seconds"], a.repeats, what))
        print("xla cpu time: median %.6f s (process CPU time, all threads)" % r["cpu_seconds"])
    print("xla check: %s%s" % (r["check"], ": " + r["error"] if "error" in r else
                               " (%s)" % r["check_note"] if "check_note" in r else ""))
    for line in r.get("check_lines", []):
        print("xla check: " + line)
    if "compile_seconds" in r:
        print("xla compile: %.6f s" % r["compile_seconds"])
    if "threads" in r:
        print("xla threads: %d busy (XLA's, >= 10%% of the executions' CPU time) of %d: %s" % (
            r["busy_threads"], r["thread_count"], ", ".join(r["threads"][:6])))
    print("xla flags: %s" % r["flags"])
    return 0 if r["check"] == "PASS" else 1


if __name__ == "__main__":
    sys.exit(main())
