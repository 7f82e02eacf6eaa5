#!/usr/bin/env python3
"""The CPU backend against the machine: gspmd-run's code beside OpenBLAS
(single-thread gemm) and a STREAM-style copy, per program and dtype.

  cpu.py BUILD CPU_REF [--before OLD_GSPMD_RUN] [--runs R]

BUILD/bin/gspmd-run runs each program on one rank with --time R; CPU_REF is
bench/cpu_ref.c built against OpenBLAS. Times are medians of process CPU
time (the machine is shared: wall time counts time descheduled and is given
beside). With --before, the same programs also run through another
gspmd-run (the lowering before this backend): it prints no CPU time, so its
per-run CPU time is (CPU of a process running R + 1 times - CPU of one
running once) / R, from getrusage. Prints a Markdown section on stdout.
"""
import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile

NOTE = (" The before column is a mean from getrusage, whose tick granularity blurs programs of a few ms: elementwise and softmax, whose code this backend does not change, measure the same through both binaries by one method (3-4 ms); read their speed-up as 1.")
HERE = os.path.dirname(os.path.abspath(__file__))
GEN = os.path.join(HERE, "gen.py")


def gen(args, subs=()):
    text = subprocess.run([sys.executable, GEN] + args, check=True,
                          capture_output=True, text=True).stdout
    for a, b in subs:
        text = text.replace(a, b)
    return text


ELEMENTWISE = """
func.func @main(%x: tensor<1024x1024xf32>, %y: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %p = arith.mulf %x, %y : tensor<1024x1024xf32>
  %s = arith.addf %p, %x : tensor<1024x1024xf32>
  %z = arith.constant dense<0.0> : tensor<1024x1024xf32>
  %r = arith.maximumf %s, %z : tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}
"""

SOFTMAX = """
func.func @main(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %e = tensor.empty() : tensor<1024x1024xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<1024x1024xf32>) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}
"""


def programs():
    """(name, command, text, dtype, flops or None, bytes or None, gemms)."""
    out = []
    for dt in ["f32", "f64", "bf16"]:
        subs = [("f32", dt)]
        out.append(("matmul 512x512x512",
                    f"gen.py matmul --scale 2 --devices 1 | sed s/f32/{dt}/g",
                    gen(["matmul", "--scale", "2", "--devices", "1"], subs), dt,
                    2 * 512 ** 3, None, [(512, 512, 512, 1)]))
        out.append(("Megatron MLP 128x512x2048",
                    f"gen.py megatron --scale 2 --devices 1 | sed s/f32/{dt}/g",
                    gen(["megatron", "--scale", "2", "--devices", "1"], subs),
                    dt, 2 * 2 * 128 * 512 * 2048, None,
                    [(128, 2048, 512, 1), (128, 512, 2048, 1)]))
    out.append(("FSDP step (5 gemms, 3 transposed)",
                "gen.py fsdp --scale 2 --devices 1",
                gen(["fsdp", "--scale", "2", "--devices", "1"]), "f32",
                5 * 2 * 128 * 512 * 2048, None,
                [(128, 2048, 512, 1), (128, 512, 2048, 1), (2048, 512, 128, 1),
                 (128, 2048, 512, 1), (512, 2048, 128, 1)]))
    out.append(("transformer block D=512 (B=4, S=16)",
                "gen.py transformer 45 --devices 2 --hidden 512 | "
                "sed 's/\"data\"=2/\"data\"=1/'",
                gen(["transformer", "45", "--devices", "2", "--hidden", "512"],
                    [('"data"=2', '"data"=1')]), "f32", None, None, []))
    out.append(("conv 3x3 NHWC 2x34x34x16 -> 16",
                "gen.py conv --devices 2 | sed 's/\"x\"=2/\"x\"=1/'",
                gen(["conv", "--devices", "2"], [('"x"=2', '"x"=1')]), "f32",
                2 * 2 * 32 * 32 * 16 * 144, None, [(2048, 16, 144, 1)]))
    out.append(("elementwise max(x*y + x, 0) 1024x1024", "cpu.py ELEMENTWISE",
                ELEMENTWISE, "f32", None, 3 * 4 * 1024 * 1024, []))
    out.append(("softmax 1024x1024 (rows)", "cpu.py SOFTMAX", SOFTMAX, "f32",
                None, 2 * 4 * 1024 * 1024, []))
    return out


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def field(pattern, text):
    m = re.search(pattern, text, re.M)
    return float(m.group(1)) if m else None


def ours(gspmd_run, path, runs, ranks=1):
    cmd = [gspmd_run, path, "--time", str(runs)]
    if ranks > 1:
        cmd = ["mpirun", "-n", str(ranks)] + cmd
    r = run(cmd)
    if r.returncode:
        return None
    return {
        "wall": field(r"^time: median (\S+) s", r.stdout),
        "cpu": field(r"^cpu time: median (\S+) s", r.stdout),
        "cwall": field(r"^compile: (\S+) s wall", r.stdout),
        "ccpu": field(r"^compile: \S+ s wall, (\S+) s cpu", r.stdout),
    }


def child_cpu(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = run(cmd)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, r


def before_cpu(gspmd_run, path, runs):
    c1, r1 = child_cpu([gspmd_run, path, "--time", "1"])
    cn, rn = child_cpu([gspmd_run, path, "--time", str(runs + 1)])
    if r1.returncode or rn.returncode:
        return None, None
    return (max(cn - c1, 0.0) / runs,
            field(r"^time: median (\S+) s", rn.stdout))


def blas(cpu_ref, gemms, dtype):
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    total = 0.0
    for m, n, k, b in gemms:
        r = subprocess.run([cpu_ref, "gemm", "f64" if dtype == "f64" else "f32",
                            str(m), str(n), str(k), str(b), "11"],
                           capture_output=True, text=True, env=env, check=True)
        total += field(r"cpu (\S+) s", r.stdout)
    return total


def fmt(x, spec=".4f"):
    return "n/a" if x is None else format(x, spec)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("cpu_ref")
    ap.add_argument("--before")
    ap.add_argument("--runs", type=int, default=9)
    a = ap.parse_args()
    gspmd_run = os.path.join(a.build, "bin", "gspmd-run")
    tmp = tempfile.mkdtemp(prefix="gspmd-cpu-")
    load = os.getloadavg()[0]
    copy = run([a.cpu_ref, "copy", str(64 << 20), "11"]).stdout
    copy_gbs = field(r"cpu \S+ s (\S+) GB/s", copy)
    w = print
    w("## CPU backend: ours against OpenBLAS and memory bandwidth (bench/cpu.sh)")
    w()
    w(f"Written by `bench/cpu.sh` (this section only). One rank; each figure "
      f"is the median of {a.runs} runs of process CPU time (`gspmd-run FILE "
      f"--time {a.runs}`: `cpu time`; `bench/cpu_ref` for OpenBLAS, "
      f"OPENBLAS_NUM_THREADS=1). The machine (2 cores, AVX-512) was shared by "
      f"other jobs (load average {load:.1f} at the start), so wall time, "
      f"given beside, counts time spent descheduled; ratios come from one "
      f"run. OpenBLAS = the same gemm shapes through `cpu_ref gemm` (f32 "
      f"sgemm for f32 and bf16, dgemm for f64; convolution: sgemm of its "
      f"im2col shape, not oneDNN). Memory reference: `cpu_ref copy 64MiB` = "
      f"{fmt(copy_gbs, '.1f')} GB/s (read + write). Before = the lowering "
      f"without gspmd-lower-contractions "
      f"({'`' + a.before + '`' if a.before else 'not run'}), per-run CPU "
      f"from getrusage. Compile = lowering to LLVM + JIT (`compile:` line)."
      f"{NOTE}")
    w()
    w("| program | dtype | ours: cpu (s) | ours: wall (s) | ours: GFLOP/s or GB/s | "
      "reference: cpu (s) | reference: GFLOP/s or GB/s | ours / reference | "
      "before: cpu (s) | speed-up | compile: wall (s) | compile: cpu (s) | command |")
    w("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for name, cmd, text, dt, flops, nbytes, gemms in programs():
        path = os.path.join(tmp, re.sub(r"\W+", "_", name) + dt + ".mlir")
        with open(path, "w") as f:
            f.write(text)
        o = ours(gspmd_run, path, a.runs)
        if o is None or o["cpu"] is None:
            w(f"| {name} | {dt} | failed | | | | | | | | | | `{cmd}` |")
            continue
        rate = ref = ref_rate = ratio = None
        if flops:
            rate = flops / o["cpu"] * 1e-9
            if gemms:
                ref = blas(a.cpu_ref, gemms, dt)
                ref_rate = flops / ref * 1e-9
                ratio = ref / o["cpu"]
        elif nbytes:
            rate = nbytes / o["cpu"] * 1e-9
            ref_rate = copy_gbs
            ratio = rate / copy_gbs if copy_gbs else None
        b = bs = None
        if a.before:
            b, _ = before_cpu(a.before, path, max(1, a.runs // 3))
            bs = b / o["cpu"] if b else None
        w(f"| {name} | {dt} | {fmt(o['cpu'], '.6f')} | {fmt(o['wall'], '.6f')} | "
          f"{fmt(rate, '.1f')} | {fmt(ref, '.6f')} | {fmt(ref_rate, '.1f')} | "
          f"{fmt(ratio, '.2f')} | {fmt(b, '.6f')} | {fmt(bs, '.1f')} | "
          f"{fmt(o['cwall'], '.3f')} | {fmt(o['ccpu'], '.3f')} | "
          f"`{cmd}`; `gspmd-run FILE --time {a.runs}` |")
    w()
    w("Parallel efficiency at 2 ranks (the machine's 2 cores, shared): "
      "t(1) / (2 t(2)), each t the median over runs of the slowest rank, in "
      "CPU time and in wall time.")
    w()
    w("| program | t(1) cpu (s) | t(2) cpu (s) | efficiency (cpu) | t(1) wall (s) | "
      "t(2) wall (s) | efficiency (wall) | command |")
    w("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for name, args in [("matmul 512x512x512, rows split", ["matmul", "--scale", "2"]),
                       ("Megatron MLP 128x512x2048", ["megatron", "--scale", "2"])]:
        t = {}
        for n in (1, 2):
            path = os.path.join(tmp, f"{args[0]}{n}.mlir")
            with open(path, "w") as f:
                f.write(gen(args + ["--devices", str(n)]))
            t[n] = ours(gspmd_run, path, a.runs, n)
        if not t[1] or not t[2]:
            w(f"| {name} | failed | | | | | | |")
            continue
        ec = t[1]["cpu"] / (2 * t[2]["cpu"])
        ew = t[1]["wall"] / (2 * t[2]["wall"])
        w(f"| {name} | {t[1]['cpu']:.6f} | {t[2]['cpu']:.6f} | {ec:.2f} | "
          f"{t[1]['wall']:.6f} | {t[2]['wall']:.6f} | {ew:.2f} | "
          f"`gen.py {' '.join(args)} --devices N`; `mpirun -n N gspmd-run FILE "
          f"--time {a.runs}` |")


if __name__ == "__main__":
    main()
