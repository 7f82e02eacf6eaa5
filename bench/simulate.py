#!/usr/bin/env python3
"""gspmd-simulate's prediction beside a measured run on this machine.

  simulate.py BUILD [--machine FILE|PRESET] [--ranks 1,2] [--runs R]
              [--programs matmul,data,...] [--scale-machine TPUv3]
              [--scale 32] [--counts 8,32,128,512,2048]

First, predicted only: per-device memory, step time and utilisation of a
2-layer MLP at --scale against device count (--counts), weights split 1-D
and 2-D, on --scale-machine (the paper's point: 2-D sharding keeps the
activations per device falling).

For each bench program (bench/gen.py, at sizes where the work is far above
the per-call overheads) and rank count N: gspmd-opt runs gspmd-model-flops,
gspmd-spmd and gspmd-simulate{machine=...} on the program generated for N
devices, and `mpirun -n N gspmd-run PROG --time R` measures it (median wall
time of the compiled entry, slowest rank; peak memory of one rank). Prints a
Markdown table: predicted and measured step time and their ratio, predicted
and measured peak memory per device, and where the prediction's time goes.

The machine is shared and has 2 cores: ranks above 2 share cores, which the
model does not know; measured times of ranks > 2 are not comparable. Wall
time counts time descheduled by other jobs on the machine; process CPU time
(also printed) does not, but counts MPI's busy waiting. The ratios are what
to read, not their last digit.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
GEN = os.path.join(HERE, "gen.py")

# name -> gen.py arguments (without --devices)
PROGRAMS = {
    "matmul": ["matmul", "--scale", "8"],      # 2048^3, rows split: no comm
    "data": ["data", "--scale", "4"],          # 2-layer MLP, batch split
    "megatron": ["megatron", "--scale", "4"],  # column- then row-parallel
    "fsdp": ["fsdp", "--scale", "4"],          # forward + weight gradients
}


def gen(args, devices):
    return subprocess.run([sys.executable, GEN] + args +
                          ["--devices", str(devices)], check=True,
                          capture_output=True, text=True).stdout


def run_simulate(build, path, machine, overlap="none"):
    pipeline = ("builtin.module(gspmd-model-flops,gspmd-spmd,"
                f"gspmd-simulate{{machine={machine} overlap={overlap}}})")
    return subprocess.run([os.path.join(build, "bin", "gspmd-opt"), path,
                           f"--pass-pipeline={pipeline}", "-o", os.devnull],
                          check=True, capture_output=True, text=True).stdout


def simulate(build, path, machine):
    out = run_simulate(build, path, machine)
    step = float(re.search(r"step time: (\S+) s", out).group(1))
    compute = float(re.search(r"compute: (\S+) s", out).group(1))
    comm = float(re.search(r"communication: (\S+) s", out).group(1))
    mem = float(re.search(r"memory per device: .* total (\S+) B", out).group(1))
    return step, compute, comm, mem


def measure(build, path, ranks, runs):
    cmd = (["mpirun", "-n", str(ranks)] if ranks > 1 else []) + [
        os.path.join(build, "bin", "gspmd-run"), path, "--time", str(runs)]
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    m = re.search(r"time: median (\S+) s", r.stdout)
    if r.returncode or not m:
        return None, None, None
    cpu = re.search(r"cpu time: median (\S+) s", r.stdout)
    peak = re.search(r"peak memory: max (\d+) bytes", r.stdout)
    return (float(m.group(1)), float(cpu.group(1)) if cpu else None,
            float(peak.group(1)) if peak else None)


def scaling(build, machine, scale, counts):
    """Per-device memory and utilisation of the 2-layer MLP at --scale
    against device count: weights split 1-D (megatron: Megatron pairs on one
    axis of all devices, activations whole on every device) and 2-D (2d:
    batch on "data", weights on "model", the axes as square as the count
    allows). Fixed global sizes (strong scaling); nothing is run."""
    print(f"## Simulation at scale: the 2-layer MLP (`gen.py --scale {scale}`) "
          f"on {machine}, 1-D against 2-D (`bench/simulate.py`)\n")
    print("Predicted only (overlap=scheduled). Per device: arguments (weights "
          "and inputs), temporaries' peak, step time, model-FLOP "
          "utilisation.\n")
    print("| devices | 1-D args | 1-D temporaries | 1-D step | 1-D util "
          "| 2-D mesh | 2-D args | 2-D temporaries | 2-D step | 2-D util |")
    print("| ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: "
          "| ---: |")
    with tempfile.TemporaryDirectory() as tmp:
        for n in counts:
            data = 1
            while data * data * 4 <= n:
                data *= 2
            cells = []
            for args in (["megatron"], ["2d", "--data", str(data)]):
                path = os.path.join(tmp, f"{args[0]}-{n}.mlir")
                with open(path, "w") as f:
                    f.write(gen(args + ["--scale", str(scale)], n))
                out = run_simulate(build, path, machine, "scheduled")
                args_b = float(re.search(r"arguments (\S+) B", out).group(1))
                temp = float(re.search(r"temporaries peak (\S+) B",
                                       out).group(1))
                step = float(re.search(r"step time: (\S+) s", out).group(1))
                util = re.search(r"utilisation (\S+)%", out).group(1)
                mesh = "" if args[0] == "megatron" else \
                    f"| {data} x {n // data} "
                cells.append(f"{mesh}| {fmt_b(args_b)} | {fmt_b(temp)} "
                             f"| {fmt_s(step)} | {util}% ")
            print(f"| {n} " + "".join(cells) + "|", flush=True)
    print()


def fmt_s(t):
    return "-" if t is None else f"{t * 1e3:.2f} ms"


def fmt_b(b):
    return "-" if b is None else f"{b / 2**20:.1f} MiB"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--machine", default="host")
    ap.add_argument("--ranks", default="1,2")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--programs", default=",".join(PROGRAMS))
    ap.add_argument("--scale-machine", default="TPUv3",
                    help="the machine of the at-scale table")
    ap.add_argument("--scale", type=int, default=32,
                    help="gen.py --scale of the at-scale table's MLP")
    ap.add_argument("--counts", default="8,32,128,512,2048",
                    help="device counts of the at-scale table ('' skips it)")
    a = ap.parse_args()
    if a.counts:
        scaling(a.build, a.scale_machine, a.scale,
                [int(x) for x in a.counts.split(",")])
    print("## Simulation: gspmd-simulate against gspmd-run --time "
          "(`bench/simulate.py`)\n")
    print(f"Machine `{a.machine}` ([docs/simulate.md](../docs/simulate.md)); "
          f"measured: gspmd-run --time {a.runs}, median wall time of the "
          "slowest rank and median process CPU time, OPENBLAS_NUM_THREADS=1; "
          f"load average {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} cores at the start. Predicted with "
          "overlap=none.\n")
    print("| program | ranks | predicted | measured wall | wall / predicted "
          "| measured cpu | cpu / predicted | predicted compute / comm "
          "| predicted memory | measured peak |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
          "| ---: |")
    with tempfile.TemporaryDirectory() as tmp:
        for name in [x for x in a.programs.split(",") if x]:
            for n in [int(x) for x in a.ranks.split(",")]:
                path = os.path.join(tmp, f"{name}-{n}.mlir")
                with open(path, "w") as f:
                    f.write(gen(PROGRAMS[name], n))
                step, compute, comm, mem = simulate(a.build, path, a.machine)
                t, cpu, peak = measure(a.build, path, n, a.runs)
                ratio = "-" if t is None else f"{t / step:.2f}"
                cpu_ratio = "-" if cpu is None else f"{cpu / step:.2f}"
                print(f"| {name} | {n} | {fmt_s(step)} | {fmt_s(t)} | {ratio} "
                      f"| {fmt_s(cpu)} | {cpu_ratio} "
                      f"| {fmt_s(compute)} / {fmt_s(comm)} | {fmt_b(mem)} "
                      f"| {fmt_b(peak)} |", flush=True)


if __name__ == "__main__":
    main()
