#!/usr/bin/env python3
"""gspmd-simulate's prediction beside a measured run on this machine.

  simulate.py BUILD [--machine FILE|PRESET] [--ranks 1,2,4,8] [--runs R]
              [--programs matmul,data,...] [--scale-machine TPUv3]
              [--scale 32] [--counts 8,32,128,512,2048]
              [--megatron all|1.7,...] [--gspmd TPUv3] [--remat no,yes]
              [--moe TPUv3] [--corpus NAME,...|all] [--no-yield] [--plot-dir bench]

First, predicted only: per-device memory, step time and utilisation of a
2-layer MLP at --scale against device count (--counts), weights split 1-D
and 2-D, on --scale-machine (the paper's point: 2-D sharding keeps the
activations per device falling), as a table and as a plot
(PLOT_DIR/simulate-scaling.png).

Then Megatron-LM's GPT models (Narayanan et al., SC'21, Table 1: 1.7B to
1T parameters on 32 to 3,072 A100s) generated at their sizes with their
tensor, pipeline and data parallel sizes (gen.py gpt), partitioned and
simulated on the A100 preset, beside the published per-GPU throughput
(table and PLOT_DIR/simulate-megatron.png).

Plots are drawn by bench/plot_simulate.py with the Python named by
PLOT_PYTHON (default .venv-bench/bin/python, which `make bench` creates with
bench/requirements-plot.txt); without it the tables are printed alone.

Then lingvo's GShard dense LMs (the GSPMD paper's dense Transformer with
2-D sharding: 44B to 1.1T parameters on 128 to 2,048 TPU v3 cores, with the
tokens/s its configs expect) generated at their sizes (gen.py gspmd-lm),
partitioned by gspmd-spmd and simulated on --gspmd (TPUv3), beside the
published throughput.

Then GShard's MoE Transformers (Lepikhin et al., arXiv 2006.16668, Tables 1
and 3: 128 to 2,048 experts, 12 and 36 layers, on 128 to 2,048 TPU v3 cores,
with their steps per second) generated at their sizes (gen.py gshard-moe:
experts and token groups split over every device, all_to_all between them,
the other weights replicated), simulated on --moe (TPUv3).

Last, for each bench program (bench/gen.py, at sizes where the work is far
above the per-call overheads) and each program of the real-model corpus
(test/Models, its mesh shrunk to the rank count), at each rank count N:
gspmd-opt runs gspmd-model-flops, gspmd-spmd and gspmd-simulate{machine=...}
on the program for N devices, and `mpirun -n N gspmd-run PROG --time R`
measures it (R: --runs, or enough runs for half a second; median wall time of the slowest rank, median of the largest
process CPU time of a rank, peak memory of one rank). Prints a Markdown
table: predicted step time and its split, measured wall and CPU time, the
error against CPU time, predicted and measured peak memory.

The machine is shared and has 2 cores: 4 and 8 ranks share cores. Wall time
counts the time a rank waits for a core (descheduled by other ranks or
other jobs); process CPU time does not, once the yield shim (YIELD_SHIM,
LD_PRELOAD) makes a rank that waits for a peer sleep instead of spinning in
MPICH's progress loop. CPU time is what the prediction of one device is
compared with; wall x min(N, cores) / N, the core time each rank had, is
printed beside it. The ratios are what to read, not their last digit.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
GEN = os.path.join(HERE, "gen.py")
PLOT = os.path.join(HERE, "plot_simulate.py")

# Narayanan et al., "Efficient Large-Scale Language Model Training on GPU
# Clusters Using Megatron-LM", SC'21, Table 1 (weak scaling, GPT, sequence
# 2048, vocabulary 51,200, A100 80GB on Selene): parameters (billions),
# attention heads, hidden size, layers, tensor-parallel size, pipeline-
# parallel size, GPUs, batch size, achieved TFLOP/s per GPU, percent of the
# 312 TFLOP/s peak. Transcribed from the table (as also tabulated in the
# public repository SotaroKaneda/MLCarbon, data/megatron_table.csv).
MEGATRON_TABLE1 = [
    (1.7, 24, 2304, 24, 1, 1, 32, 512, 137, 44),
    (3.6, 32, 3072, 30, 2, 1, 64, 512, 138, 44),
    (7.5, 32, 4096, 36, 4, 1, 128, 512, 142, 46),
    (18.4, 48, 6144, 40, 8, 1, 256, 1024, 135, 43),
    (39.1, 64, 8192, 48, 8, 2, 512, 1536, 138, 44),
    (76.1, 80, 10240, 60, 8, 4, 1024, 1792, 140, 45),
    (145.6, 96, 12288, 80, 8, 8, 1536, 2304, 148, 47),
    (310.1, 128, 16384, 96, 8, 16, 1920, 2160, 155, 50),
    (529.6, 128, 20480, 105, 8, 35, 2520, 2520, 163, 52),
    (1008.0, 160, 25600, 128, 8, 64, 3072, 3072, 163, 52),
]
MEGATRON_SEQ, MEGATRON_VOCAB, A100_PEAK = 2048, 51200, 312e12
# The layout Megatron uses: every op in the layout of its annotated
# operands (tensor parallelism as in the paper), the partitioner's default
# plan. Its strategy (the default otherwise) would gather weights once
# outside the micro-batch loop instead of summing partial products on every
# iteration: fewer bytes, but every model-parallel device then repeats
# those contractions (see bench/RESULTS.md).
MEGATRON_PIPELINE = ("builtin.module(gspmd-complete,gspmd-partition{strategy=first},"
                     "gspmd-halo-exchange,canonicalize,cse,"
                     "gspmd-simulate{machine=A100})")

# name -> gen.py arguments (without --devices)
PROGRAMS = {
    "matmul": ["matmul", "--scale", "8"],      # 2048^3, rows split: no comm
    "data": ["data", "--scale", "4"],          # 2-layer MLP, batch split
    "megatron": ["megatron", "--scale", "4"],  # column- then row-parallel
    "fsdp": ["fsdp", "--scale", "4"],          # forward + weight gradients
}


# Blocking collectives as nonblocking ones polled with a short sleep
# (LD_PRELOAD, the MPI profiling interface): with more ranks than cores a rank
# that waits for a descheduled peer then gives its core away instead of
# spinning in MPICH's progress loop, so its process CPU time is its own work.
# These are the only blocking MPI calls of runtime/ and gspmd-run.
YIELD_SHIM = r"""/* Blocking collectives as nonblocking ones polled with a short sleep, so
 * that a rank waiting for a descheduled peer gives its core away instead of
 * spinning (LD_PRELOAD, PMPI). */
#define _POSIX_C_SOURCE 199309L
#include <mpi.h>
#include <time.h>

static int waitYield(MPI_Request *req, int n) {
  struct timespec nap = {0, 20000};
  int done = 0;
  MPI_Status st[2];
  for (int spins = 0;; ++spins) {
    int rc = PMPI_Testall(n, req, &done, st);
    if (rc != MPI_SUCCESS || done)
      return rc;
    if (spins > 50)
      nanosleep(&nap, NULL);
  }
}

int MPI_Allreduce(const void *s, void *r, int n, MPI_Datatype t, MPI_Op op,
                  MPI_Comm c) {
  MPI_Request q;
  int rc = PMPI_Iallreduce(s, r, n, t, op, c, &q);
  return rc != MPI_SUCCESS ? rc : waitYield(&q, 1);
}

int MPI_Allgather(const void *s, int sn, MPI_Datatype st, void *r, int rn,
                  MPI_Datatype rt, MPI_Comm c) {
  MPI_Request q;
  int rc = PMPI_Iallgather(s, sn, st, r, rn, rt, c, &q);
  return rc != MPI_SUCCESS ? rc : waitYield(&q, 1);
}

int MPI_Alltoall(const void *s, int sn, MPI_Datatype st, void *r, int rn,
                 MPI_Datatype rt, MPI_Comm c) {
  MPI_Request q;
  int rc = PMPI_Ialltoall(s, sn, st, r, rn, rt, c, &q);
  return rc != MPI_SUCCESS ? rc : waitYield(&q, 1);
}

int MPI_Reduce_scatter_block(const void *s, void *r, int n, MPI_Datatype t,
                             MPI_Op op, MPI_Comm c) {
  MPI_Request q;
  int rc = PMPI_Ireduce_scatter_block(s, r, n, t, op, c, &q);
  return rc != MPI_SUCCESS ? rc : waitYield(&q, 1);
}

int MPI_Sendrecv(const void *s, int sn, MPI_Datatype st, int dst, int stag,
                 void *r, int rn, MPI_Datatype rt, int src, int rtag,
                 MPI_Comm c, MPI_Status *status) {
  MPI_Request q[2];
  int rc = PMPI_Irecv(r, rn, rt, src, rtag, c, &q[1]);
  if (rc == MPI_SUCCESS)
    rc = PMPI_Isend(s, sn, st, dst, stag, c, &q[0]);
  if (rc == MPI_SUCCESS)
    rc = waitYield(q, 2);
  if (status != MPI_STATUS_IGNORE)
    status->MPI_ERROR = rc;
  return rc;
}

int MPI_Barrier(MPI_Comm c) {
  MPI_Request q;
  int rc = PMPI_Ibarrier(c, &q);
  return rc != MPI_SUCCESS ? rc : waitYield(&q, 1);
}
"""


def build_shim(tmp):
    """Compiles YIELD_SHIM with mpicc into tmp; returns its path or None."""
    src = os.path.join(tmp, "yield.c")
    lib = os.path.join(tmp, "libyield.so")
    with open(src, "w") as f:
        f.write(YIELD_SHIM)
    r = subprocess.run(["mpicc", "-O2", "-shared", "-fPIC", src, "-o", lib],
                       capture_output=True, text=True)
    return lib if r.returncode == 0 else None


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
    return simulate_terms(build, path, machine)[:5]


def simulate_terms(build, path, machine):
    """simulate()'s figures, then the seconds of the collectives' call and
    reduction terms (0 when the machine leaves them out)."""
    out = run_simulate(build, path, machine)
    terms = [re.search(rf"collective {k} cost: (\S+) s", out)
             for k in ("call", "reduction")]
    return simulate_figures(out) + tuple(float(t.group(1)) if t else 0.0
                                         for t in terms)


def simulate_figures(out):
    step = float(re.search(r"step time: (\S+) s", out).group(1))
    compute = float(re.search(r"compute: (\S+) s", out).group(1))
    comm = float(re.search(r"communication: (\S+) s", out).group(1))
    mem = float(re.search(r"memory per device: .* total (\S+) B", out).group(1))
    calls = sum(int(c) for c in re.findall(r"\((\d+) calls?,", out))
    return step, compute, comm, mem, calls


def shim_needed(ranks):
    """The yield shim only where ranks outnumber cores: there a spinning
    rank holds a core a descheduled peer needs. With a core a rank, MPICH's
    spin is the device's own wait, and the shim's sleeps and wake-ups would
    add to both its CPU and its wall time (bench/RESULTS.md)."""
    return ranks > (os.cpu_count() or 1)


# gspmd-run --time takes at most this many runs.
MAX_RUNS = 1000


def runs_for(step, least, seconds=0.5):
    """Runs of a program whose predicted step is `step` seconds: at least
    `least`, and enough for about `seconds` of runs (medians of five runs
    of a 3 ms step differed by up to 56% between two runs of the table), at
    most MAX_RUNS."""
    return max(least, min(MAX_RUNS, int(seconds / step) if step > 0 else least))


def measure(build, path, ranks, runs, shim=None):
    cmd = (["mpirun", "-n", str(ranks)] if ranks > 1 else []) + [
        os.path.join(build, "bin", "gspmd-run"), path, "--time", str(runs)]
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    if shim and shim_needed(ranks):
        env["LD_PRELOAD"] = shim
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
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in counts:
            data = 1
            while data * data * 4 <= n:
                data *= 2
            cells = []
            row = {"devices": n, "shardings": {}}
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
                row["shardings"]["1-D (Megatron, weights on all devices)"
                                 if args[0] == "megatron" else
                                 "2-D (batch x model)"] = {
                    "util": float(util), "args": args_b, "temporaries": temp}
                cells.append(f"{mesh}| {fmt_b(args_b)} | {fmt_b(temp)} "
                             f"| {fmt_s(step)} | {util}% ")
            print(f"| {n} " + "".join(cells) + "|", flush=True)
            rows.append(row)
    print()
    return rows


def plot(kind, title, rows, out):
    """Draws rows with bench/plot_simulate.py under PLOT_PYTHON; says why
    not when it cannot."""
    py = os.environ.get("PLOT_PYTHON",
                        os.path.join(HERE, "..", ".venv-bench", "bin", "python"))
    if not os.access(py, os.X_OK):
        print(f"(No plot: {py} not found; `make bench` creates it with "
              "bench/requirements-plot.txt, matplotlib.)\n")
        return
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"title": title, "rows": rows}, f)
    r = subprocess.run([py, PLOT, kind, f.name, out], capture_output=True,
                       text=True)
    os.unlink(f.name)
    if r.returncode:
        print(f"(No plot: plot_simulate.py failed: "
              f"{r.stderr.strip().splitlines()[-1:]})\n")
        return
    rel = os.path.relpath(out, HERE)
    print(f"![{title}]({rel})\n")


def megatron_flops(B, s, layers, h, V):
    """Narayanan et al.'s FLOPs of one training iteration (their equation
    (3): forward, backward and the recomputed forward of every layer, and
    the logit layer)."""
    return 96 * B * s * layers * h * h * (1 + s / (6 * h) + V / (16 * layers * h))


def field(out, pattern, default=0.0):
    m = re.search(pattern, out)
    return float(m.group(1)) if m else default


def megatron(build, which):
    """Megatron-LM's Table 1 predicted: each GPT model generated at its size
    with its (t, p, d), micro-batch 1, partitioned in Megatron's layout and
    simulated on A100 with overlap=none; its throughput counted as the paper
    counts it (equation (3) over the step time)."""
    print("## Simulation at scale: Megatron-LM's GPT models on A100 "
          "(`bench/simulate.py`)\n")
    print("Published: Narayanan et al., SC'21, Table 1 (per-GPU throughput "
          "in their FLOP count, equation (3), and its share of the 312 "
          "TFLOP/s peak). Predicted: `gen.py gpt` at the same hidden size, "
          "heads, layers, sequence 2048, batch, tensor (t), pipeline (p) "
          "and data (d = GPUs / t p) parallel sizes, micro-batch 1 (M = "
          "batch / d micro-batches), bf16, stage-to-stage sends as Megatron's "
          "scatter/gather (1/t from each GPU, then an all_gather on NVLink); "
          "`gspmd-partition{strategy=first}` "
          "(Megatron's layout) and `gspmd-simulate{machine=A100}`, "
          "overlap=none; throughput = equation (3) FLOPs / (step time x "
          "GPUs). Published step = equation (3) FLOPs / (published "
          "throughput x GPUs). Error = predicted / published throughput - "
          "1.\n")
    print("| params | t x p x d = GPUs | batch | published TFLOP/s (% peak) "
          "| predicted TFLOP/s (% peak) | error | published step | predicted "
          "step | compute | all_reduce | all_gather | p2p (permute) | bubble "
          "| memory per GPU |")
    print("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
          "| ---: | ---: | ---: | ---: | ---: |")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for (P, a, h, layers, t, p, n, B, pub, pct) in MEGATRON_TABLE1:
            if which != "all" and str(P) not in which.split(","):
                continue
            d = n // (t * p)
            M = B // d
            path = os.path.join(tmp, f"gpt-{P}.mlir")
            args = ["gpt", "--hidden", str(h), "--heads", str(a), "--seq",
                    str(MEGATRON_SEQ), "--mb", "1", "--layers", str(layers),
                    "--tp", str(t), "--pp", str(p), "--dp", str(d),
                    "--micro", str(M), "--scatter-gather"]
            with open(path, "w") as f:
                f.write(subprocess.run([sys.executable, GEN] + args, check=True,
                                       capture_output=True, text=True).stdout)
            out = subprocess.run(
                [os.path.join(build, "bin", "gspmd-opt"), path,
                 f"--pass-pipeline={MEGATRON_PIPELINE}", "-o", os.devnull],
                check=True, capture_output=True, text=True).stdout
            step = field(out, r"step time: (\S+) s")
            F = megatron_flops(B, MEGATRON_SEQ, layers, h, MEGATRON_VOCAB)
            pred = F / (step * n) / 1e12
            pub_step = F / (pub * 1e12 * n)
            comp = field(out, r"compute: (\S+) s")
            ar = field(out, r"all_reduce: (\S+) s")
            cp = field(out, r"collective_permute: (\S+) s")
            ag = field(out, r"all_gather: (\S+) s")
            bub = field(out, r"pipeline bubble: (\S+) s")
            mem = field(out, r"memory per device: .* total (\S+) B")
            print(f"| {P}B | {t} x {p} x {d} = {n} | {B} | {pub} ({pct}%) "
                  f"| {pred:.0f} ({100 * pred * 1e12 / A100_PEAK:.0f}%) "
                  f"| {100 * (pred / pub - 1):+.0f}% | {pub_step:.2f} s "
                  f"| {step:.2f} s | {comp:.2f} s | {ar:.2f} s | {ag:.2f} s "
                  f"| {cp:.2f} s "
                  f"| {bub:.2f} s | {mem / 2**30:.1f} GiB |", flush=True)
            rows.append({"params": P, "gpus": n, "published": pub,
                         "predicted": pred})
    print()
    return rows


# lingvo's GShard dense LMs (the GSPMD paper's dense Transformer, 2-D
# sharding), lingvo/tasks/lm/params/synthetic_packed_input.py in
# github.com/tensorflow/lingvo (Apache-2.0; read at e0be5dc4c): its config
# name, layers, model dim M, hidden dim H, heads, width of a head, gated GELU,
# sequence, global batch, TPU v3 cores, its DEVICE_MESH_SHAPE over cores,
# and its comment "Expect ~ N tokens/sec" (the published figure; the
# parameter counts are the file's "Total params" or its arithmetic). Those
# using Adam name it; the others use Adafactor. The 2-D sharding is the one
# lingvo/tasks/lm/README.md describes (weights [M, H] split M on the first
# mesh dim and H on the second, activations [B, S, M] B on the first and M
# on the second).
LINGVO_DENSE = [
    ("DenseLm128B8x8", 137.7, 64, 8192, 65536, 128, 128, True, 1024, 16,
     128, (8, 16), 3.7e3, ""),
    ("DenseLm128B16x16", 137.7, 64, 8192, 65536, 128, 128, True, 1024, 128,
     512, (16, 32), 18e3, ""),
    ("DenseLm128B32x32", 137.7, 64, 8192, 65536, 128, 128, True, 1024, 512,
     2048, (32, 64), 62e3, ""),
    ("DenseLm1T16x16", 1100.0, 128, 16384, 131072, 256, 128, True, 512, 16,
     512, (16, 32), 1.4e3, ""),
    ("DenseLm175B32x32", 174.4, 96, 12288, 49152, 96, 128, False, 2048, 1024,
     2048, (64, 32), 51.53e3, ""),
    ("DenseLm12kWide41BAdam16x16", 43.9, 24, 12288, 49152, 96, 128, False,
     2048, 256, 512, (16, 32), 53.8e3, "Adam"),
    ("DenseLm12kWide162BAdam16x16", 174.4, 96, 12288, 49152, 96, 128, False,
     2048, 64, 512, (16, 32), 12.5e3, "Adam"),
]
TPUV3_CHIP_PEAK = 123e12


def chip_mesh(name, mesh):
    """lingvo's core mesh as a mesh of chips (a TPU v3 chip is 2 cores, one
    device of the simulator): the mesh dim its device order puts a chip's
    two cores on is halved. GetNonPod2dMesh(shape, [X, Y, 2]) and a row-major
    arange put them on the second dim; DenseLm175B32x32's transposed arange
    on the first."""
    x, y = mesh
    return (x // 2, y) if name == "DenseLm175B32x32" else (x, y // 2)


def lm_flops(layers, M, H, heads, kv, gated, seq, tokens):
    """Model FLOPs of one training step, forward and backward (3x the
    forward's 2 FLOPs per multiply-add): the layers' weights
    (4 M N D + (2 or 3) M H per token) and attention's two contractions
    (2 S N D per token each, no causal saving); embedding and logits left
    out, as in the generated program."""
    per_token = 2 * (4 * M * heads * kv + (3 if gated else 2) * M * H) + \
        2 * 2 * seq * heads * kv
    return 3 * per_token * layers * tokens


def gspmd_dense(build, machine, remat):
    """lingvo's dense LMs predicted beside their published throughput."""
    print("## Simulation at scale: the GSPMD paper's dense LMs (lingvo's "
          f"GShard configs) on {machine}, "
          f"{'with' if remat else 'without'} recomputation "
          "(`bench/simulate.py`)\n")
    print("Published: the expected tokens/s that lingvo's configs state "
          "(`lingvo/tasks/lm/params/synthetic_packed_input.py`, the GShard/"
          "GSPMD authors' code; not the paper's own table, which was not "
          "found). Predicted: `gen.py gspmd-lm` at the config's sizes and "
          "2-D sharding, one training step (forward, "
          + ("recomputed forward, " if remat else "") +
          "backward; no embedding, logits or optimizer), bf16, on the chip "
          "mesh (2 cores a chip), `gspmd-spmd` and "
          f"`gspmd-simulate{{machine={machine}}}`. Utilisation = model "
          "FLOPs (6 per parameter and token plus attention, no "
          "recomputation) / (step x chips x 123 TFLOP/s); published step = "
          "tokens a step / published tokens/s. Error = predicted / published "
          "throughput - 1.\n")
    print("| config | params | cores (chips) | mesh (chip mesh) | batch x seq "
          "| published tok/s | published util | predicted tok/s (none) "
          "| error | predicted tok/s (scheduled) | error | predicted util "
          "(none) | compute | comm (exposed, scheduled) | memory per chip |")
    print("| --- | ---: | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: "
          "| ---: | ---: | ---: | ---: | ---: |")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for (name, P, L, M, H, N, D, gated, S, B, cores, mesh, pub,
             opt) in LINGVO_DENSE:
            x, y = chip_mesh(name, mesh)
            chips = cores // 2
            args = ["gspmd-lm", "--model", str(M), "--ffn-dim", str(H),
                    "--heads", str(N), "--kv", str(D), "--layers", str(L),
                    "--seq", str(S), "--batch", str(B), "--mesh", f"{x}x{y}"]
            args += ["--gated"] if gated else []
            args += ["--remat"] if remat else []
            path = os.path.join(tmp, name + ".mlir")
            with open(path, "w") as f:
                f.write(subprocess.run([sys.executable, GEN] + args, check=True,
                                       capture_output=True, text=True).stdout)
            outs = {ov: run_simulate(build, path, machine, ov)
                    for ov in ("none", "scheduled")}
            tokens = B * S
            F = lm_flops(L, M, H, N, D, gated, S, tokens)
            steps = {ov: field(o, r"step time: (\S+) s")
                     for ov, o in outs.items()}
            pred = {ov: tokens / st for ov, st in steps.items()}
            pub_util = F * pub / tokens / (chips * TPUV3_CHIP_PEAK)
            util = F / (steps["none"] * chips * TPUV3_CHIP_PEAK)
            comp = field(outs["none"], r"compute: (\S+) s")
            expo = field(outs["scheduled"], r"exposed (\S+) s")
            comm = field(outs["none"], r"communication: (\S+) s")
            mem = field(outs["none"], r"memory per device: .* total (\S+) B")
            print(f"| {name}{' (Adam)' if opt else ''} | {P:g}B | {cores} "
                  f"({chips}) | {mesh[0]} x {mesh[1]} ({x} x {y}) | {B} x {S} "
                  f"| {pub:g} | {100 * pub_util:.0f}% | {pred['none']:.0f} "
                  f"| {100 * (pred['none'] / pub - 1):+.0f}% "
                  f"| {pred['scheduled']:.0f} "
                  f"| {100 * (pred['scheduled'] / pub - 1):+.0f}% "
                  f"| {100 * util:.0f}% | {comp:.3g} s | {comm:.3g} s "
                  f"({expo:.3g} s) | {mem / 2**30:.1f} GiB |", flush=True)
            rows.append({"config": name, "cores": cores, "published": pub,
                         "predicted": pred["none"]})
    print()
    return rows


# GShard's MoE Transformers (Lepikhin et al., "GShard: Scaling Giant Models
# with Conditional Computation and Automatic Sharding", arXiv 2006.16668):
# Table 1 (experts a layer, encoder + decoder layers, cores, weights),
# Table 3 (steps per second, batch in tokens) and Appendix A.2 (model dim
# 1024, feed-forward and expert hidden dim 8192, 16 heads of 128, float32
# weights and activations, Adafactor). The GSPMD paper's own MoE table was
# not found; these are the GShard paper's, which GSPMD generalises. Every
# other layer's feed-forward is an MoE layer, top-2 gating over groups with
# a group's capacity 2S/E (Section 2.2); experts and groups split over every
# core, the other layers replicated (Section 3, Figure 3c). Section 5.1:
# 36-layer models recompute (28% of the cycles), 12-layer ones do not.
# Batches of "4M" and "1M" tokens are taken as 2^22 and 2^20.
GSHARD_MOE = [
    # name, experts, layers, cores, weights (B), steps/s, batch tokens
    ("MoE(2048E, 36L)", 2048, 36, 2048, 600, 0.72, 1 << 22),
    ("MoE(2048E, 12L)", 2048, 12, 2048, 200, 2.15, 1 << 22),
    ("MoE(512E, 36L)", 512, 36, 512, 150, 1.05, 1 << 20),
    ("MoE(512E, 12L)", 512, 12, 512, 50, 3.28, 1 << 20),
    ("MoE(128E, 36L)", 128, 36, 128, 37, 0.67, 1 << 20),
    ("MoE(128E, 12L)", 128, 12, 128, 12.5, 2.16, 1 << 20),
]
GSHARD_DIMS = dict(M=1024, H=8192, heads=16, kv=128)
# Not given in the paper: the sequence length (assumed, it sets only the
# attention scores' share of the work) and how the batch's tokens divide
# between source and target (both readings are simulated).
GSHARD_SEQ = 256


def moe_flops(layers, E, M, H, heads, kv, seq, tokens_a_side):
    """Model FLOPs of one training step (3x the forward): per token of each
    side, layers/2 layers of attention (projections 8 M N D, scores and
    context 4 seq N D; a decoder layer twice, its cross-attention) and a
    feed-forward, every other one an MoE (two experts of 4 M H each and the
    gate's 2 M E; the dispatch and combine einsums, one-hot gathers, not
    counted); no recomputation."""
    half = layers // 2
    attn = 8 * M * heads * kv + 4 * seq * heads * kv
    moe = half // 2
    per_side = (half * attn, half * attn * 2)  # encoder, decoder
    ffn = (half - moe) * 4 * M * H + moe * (8 * M * H + 2 * M * E)
    fwd = sum(per_side) + 2 * ffn
    return 3 * fwd * tokens_a_side


def gshard_moe(build, machine):
    """GShard's MoE Transformers predicted beside their published steps/s."""
    print("## Simulation at scale: GShard's MoE Transformers on "
          f"{machine} (`bench/simulate.py`)\n")
    print("Published: steps per second of GShard's Table 3 (Lepikhin et al., "
          "arXiv 2006.16668; the GSPMD paper's own MoE table was not found). "
          "Predicted: `gen.py gshard-moe` at the paper's sizes (Table 1, "
          "Appendix A.2: model 1024, hidden 8192, 16 heads of 128, every "
          "other feed-forward an MoE layer with top-2 gating, f32), one "
          "training step (forward, for 36 layers a recomputed forward, "
          "backward; no embedding, vocabulary softmax or optimizer), experts "
          "and token groups split over every chip (2 cores a chip, 2 experts "
          "and 2 groups a chip), attention and dense feed-forward replicated "
          "(data-parallel, weight gradients all_reduced), `gspmd-spmd` and "
          f"`gspmd-simulate{{machine={machine}}}`. The paper does not say "
          "how a batch's tokens divide between source and target: 'N/2' "
          "reads the batch as both sides (N/2 source and N/2 target tokens), "
          "'N' as each side's. Groups: one a core (G = E), S tokens each, "
          "capacity 2S/E; sequences of "
          f"{GSHARD_SEQ} tokens (assumed). Utilisation = model FLOPs "
          "(6 per active parameter and token, top-2 experts, plus attention; "
          "no recomputation, no dispatch or combine einsums) / (step x chips "
          "x 123 TFLOP/s). Error = predicted / published steps/s - 1.\n")
    print("| config | weights | cores (chips) | chip mesh | batch tokens "
          "| a side | S x C | recompute | published steps/s | published util "
          "| predicted steps/s (none) | error | predicted steps/s "
          "(scheduled) | error | predicted util (none) | compute "
          "| all_to_all | all_reduce | comm exposed (scheduled) "
          "| memory per chip |")
    print("| --- | ---: | ---: | --- | ---: | --- | ---: | --- | ---: | ---: "
          "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
          "| ---: |")
    rows = []
    d = GSHARD_DIMS
    with tempfile.TemporaryDirectory() as tmp:
        for name, E, L, cores, P, pub, N in GSHARD_MOE:
            chips = cores // 2
            x = 1 << ((chips.bit_length() - 1 + 1) // 2)
            y = chips // x
            remat = L >= 36
            for side, T in (("N/2", N // 2), ("N", N)):
                S = T // E
                C = 2 * S // E
                args = ["gshard-moe", "--model", str(d["M"]), "--ffn-dim",
                        str(d["H"]), "--heads", str(d["heads"]), "--kv",
                        str(d["kv"]), "--layers", str(L), "--experts", str(E),
                        "--capacity", str(C), "--seq", str(GSHARD_SEQ),
                        "--seqs", str(S // GSHARD_SEQ), "--mesh", f"{x}x{y}",
                        "--dtype", "f32"] + (["--remat"] if remat else [])
                path = os.path.join(tmp, "moe.mlir")
                with open(path, "w") as f:
                    f.write(subprocess.run([sys.executable, GEN] + args,
                                           check=True, capture_output=True,
                                           text=True).stdout)
                outs = {ov: run_simulate(build, path, machine, ov)
                        for ov in ("none", "scheduled")}
                F = moe_flops(L, E, d["M"], d["H"], d["heads"], d["kv"],
                              GSHARD_SEQ, T)
                steps = {ov: field(o, r"step time: (\S+) s")
                         for ov, o in outs.items()}
                pred = {ov: 1 / st for ov, st in steps.items()}
                pub_util = F * pub / (chips * TPUV3_CHIP_PEAK)
                util = F / (steps["none"] * chips * TPUV3_CHIP_PEAK)
                o = outs["none"]
                comp = field(o, r"compute: (\S+) s")
                a2a = field(o, r"all_to_all: (\S+) s")
                ar = field(o, r"all_reduce: (\S+) s")
                expo = field(outs["scheduled"], r"exposed (\S+) s")
                mem = field(o, r"memory per device: .* total (\S+) B")
                print(f"| {name} | {P:g}B | {cores} ({chips}) | {x} x {y} "
                      f"| {N} | {side} | {S} x {C} | {'yes' if remat else 'no'} "
                      f"| {pub:g} | {100 * pub_util:.0f}% | {pred['none']:.3g} "
                      f"| {100 * (pred['none'] / pub - 1):+.0f}% "
                      f"| {pred['scheduled']:.3g} "
                      f"| {100 * (pred['scheduled'] / pub - 1):+.0f}% "
                      f"| {100 * util:.0f}% | {comp:.3g} s | {a2a:.3g} s "
                      f"| {ar:.3g} s | {expo:.3g} s | {mem / 2**30:.1f} GiB |",
                      flush=True)
                rows.append({"config": name, "side": side, "published": pub,
                             "predicted": pred["none"]})
    print()
    return rows


def fmt_s(t):
    return "-" if t is None else f"{t * 1e3:.2f} ms"


def fmt_b(b):
    return "-" if b is None else f"{b / 2**20:.1f} MiB"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--machine", default="host")
    ap.add_argument("--ranks", default="1,2,4,8")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--programs", default=",".join(PROGRAMS))
    ap.add_argument("--scale-machine", default="TPUv3",
                    help="the machine of the at-scale table")
    ap.add_argument("--scale", type=int, default=32,
                    help="gen.py --scale of the at-scale table's MLP")
    ap.add_argument("--counts", default="8,32,128,512,2048",
                    help="device counts of the at-scale table ('' skips it)")
    ap.add_argument("--megatron", default="all",
                    help="Megatron-LM Table 1 rows by parameter count "
                         "(1.7,...), 'all', or '' to skip")
    ap.add_argument("--corpus", default=CORPUS_DEFAULT,
                    help="test/Models programs (names without .mlir) to "
                         "measure, 'all', or '' to skip")
    ap.add_argument("--no-yield", action="store_true",
                    help="measure with MPICH's spinning waits (no shim)")
    ap.add_argument("--gspmd", default="TPUv3",
                    help="machine of lingvo's dense LMs (the GSPMD paper's "
                         "configurations), or '' to skip")
    ap.add_argument("--remat", default="no,yes",
                    help="lingvo's dense LMs without (no) and with (yes) the "
                         "forward recomputed: one table each")
    ap.add_argument("--moe", default="TPUv3",
                    help="machine of GShard's MoE Transformers (Table 3 of "
                         "the GShard paper), or '' to skip")
    ap.add_argument("--plot-dir", default=HERE,
                    help="where the PNGs go (default bench/)")
    a = ap.parse_args()
    if a.counts:
        rows = scaling(a.build, a.scale_machine, a.scale,
                       [int(x) for x in a.counts.split(",")])
        plot("scaling", f"2-layer MLP (gen.py --scale {a.scale}) on "
             f"{a.scale_machine}, strong scaling: 1-D against 2-D sharding",
             rows, os.path.join(a.plot_dir, "simulate-scaling.png"))
    if a.megatron:
        rows = megatron(a.build, a.megatron)
        plot("megatron", "Megatron-LM GPT, 1.7B to 1T on 32 to 3,072 A100s: "
             "published against predicted", rows,
             os.path.join(a.plot_dir, "simulate-megatron.png"))
    if a.gspmd:
        for r in [x for x in a.remat.split(",") if x]:
            gspmd_dense(a.build, a.gspmd, r == "yes")
    if a.moe:
        gshard_moe(a.build, a.moe)
    measured(a)


CORPUS = os.path.join(HERE, "..", "test", "Models")
# The corpus programs measured by default: every training step at 8 devices
# and one forward pass of each other model (all corpus programs: --corpus
# all; none: --corpus '').
CORPUS_DEFAULT = ("bert-train-data-8,bert-train-dxm-8,bert-train-fsdp-8,"
                  "bert-train-megatron-8,gpt2-train-data-8,gpt2-train-dxm-8,"
                  "gpt2-train-fsdp-8,gpt2-train-megatron-8,llama-fwd-dxm-8,"
                  "resnet-fwd-dxm-8,vit-fwd-dxm-8,gpt2-fwd-megatron-8")
MESH_RE = re.compile(r"gspmd\.mesh @(\w+) \[([^\]]*)\]")


def remesh(text, n):
    """The program on n devices: its mesh's axes halved, the largest (the
    last of equals) first, until they hold n devices; None when the mesh
    has fewer than n. Shardings name axes, so they stay as they are."""
    m = MESH_RE.search(text)
    axes = [(k, int(v)) for k, v in re.findall(r'"(\w+)"=(\d+)', m.group(2))]
    total = 1
    for _, v in axes:
        total *= v
    if total < n or total % n:
        return None
    sizes = [v for _, v in axes]
    while total > n:
        big = max(range(len(sizes)), key=lambda i: (sizes[i], i))
        if sizes[big] % 2:
            return None
        sizes[big] //= 2
        total //= 2
    mesh = ", ".join(f'"{k}"={v}' for (k, _), v in zip(axes, sizes))
    return text[:m.start()] + f"gspmd.mesh @{m.group(1)} [{mesh}]" + \
        text[m.end():]


def measured(a):
    """Predicted beside measured at each rank count, on the bench programs
    and the corpus (its meshes shrunk to the rank count)."""
    cores = os.cpu_count()
    print("## Simulation: gspmd-simulate against gspmd-run --time "
          "(`bench/simulate.py`)\n")
    print(f"Machine `{a.machine}` ([docs/simulate.md](../docs/simulate.md)); "
          f"measured: gspmd-run --time R, R = {a.runs} or enough runs for "
          f"about half a second of them (at most {MAX_RUNS}), medians over "
          "the runs of the "
          "slowest rank's wall time and of the largest process CPU time of a "
          "rank, OPENBLAS_NUM_THREADS=1, "
          + ("MPICH's own waits with a core a rank; where ranks outnumber "
             "cores, blocking collectives polled with a sleep (the "
             "LD_PRELOAD shim in simulate.py: a waiting rank gives its core "
             "away, so CPU time is a rank's own work); " if not a.no_yield
             else "MPICH's own spinning waits; ") +
          f"load average {os.getloadavg()[0]:.1f} on {cores} cores at the "
          "start. Predicted with overlap=none. With N ranks on "
          f"{cores} cores, wall x min(N, {cores}) / N is the core time each "
          "rank had; CPU time is the one to compare with the prediction. "
          "Error = cpu / predicted - 1; the next column spreads the "
          "difference over the program's collectives (the per-call cost "
          "the model lacks, if that is where it goes).\n")
    print("| program | ranks | predicted | predicted compute / comm "
          "(collectives) | of comm: calls / reduction | measured wall | wall x cores / N | measured cpu "
          "| error | (cpu - predicted) / collective | predicted memory "
          "| measured peak |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
          "| ---: | ---: | ---: |")
    ranks = [int(x) for x in a.ranks.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        shim = None if a.no_yield else build_shim(tmp)
        if not a.no_yield and not shim:
            print("(The yield shim did not compile: MPICH's spinning waits.)\n")
        jobs = []
        for name in [x for x in a.programs.split(",") if x]:
            jobs += [(name, n, lambda n=n, name=name: gen(PROGRAMS[name], n))
                     for n in ranks]
        names = a.corpus
        if names == "all":
            names = ",".join(sorted(f[:-5] for f in os.listdir(CORPUS)
                                    if f.endswith(".mlir")))
        for name in [x for x in names.split(",") if x]:
            with open(os.path.join(CORPUS, name + ".mlir")) as f:
                text = f.read()
            jobs += [(name, n, lambda n=n, text=text: remesh(text, n))
                     for n in ranks]
        for name, n, make in jobs:
            text = make()
            if text is None:
                continue
            path = os.path.join(tmp, f"{name}-{n}.mlir")
            with open(path, "w") as f:
                f.write(text)
            try:
                step, compute, comm, mem, calls, call_s, red_s = \
                    simulate_terms(a.build, path, a.machine)
            except subprocess.CalledProcessError:
                print(f"| {name} | {n} | (gspmd-simulate failed) |")
                continue
            t, cpu, peak = measure(a.build, path, n, runs_for(step, a.runs),
                                   shim)
            core = None if t is None else t * min(n, cores) / n
            err = "-" if cpu is None else f"{100 * (cpu / step - 1):+.0f}%"
            per = "-" if cpu is None or not calls else \
                f"{(cpu - step) / calls * 1e6:.0f} us"
            print(f"| {name} | {n} | {fmt_s(step)} | {fmt_s(compute)} / "
                  f"{fmt_s(comm)} ({calls}) | {fmt_s(call_s)} / {fmt_s(red_s)} "
                  f"| {fmt_s(t)} | {fmt_s(core)} "
                  f"| {fmt_s(cpu)} | {err} | {per} | {fmt_b(mem)} "
                  f"| {fmt_b(peak)} |", flush=True)
    print(f"\nLoad average at the end: {os.getloadavg()[0]:.1f}.\n")

if __name__ == "__main__":
    main()
