#!/usr/bin/env python3
"""The CPU backend against the machine: gspmd-run's code beside OpenBLAS
(single-thread gemm), oneDNN (single-thread convolution) and a STREAM-style
copy, per program and dtype; whole programs beside XLA's CPU executable;
parallel efficiency at 2 ranks.

  cpu.py BUILD CPU_REF [--runs R]

BUILD/bin/gspmd-run runs each program on one rank with --time R; CPU_REF is
bench/cpu_ref.c built against OpenBLAS and oneDNN. Times are medians of
process CPU time (the machine is shared: wall time counts time descheduled
and is given beside). Prints a Markdown section on stdout.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
GEN = os.path.join(HERE, "gen.py")


def gen(args, subs=()):
    text = subprocess.run([sys.executable, GEN] + args, check=True,
                          capture_output=True, text=True).stdout
    for a, b in subs:
        text = text.replace(a, b)
    return text


N = 4096  # memory-bound programs: 64 MiB per f32 tensor, twice the L3 here

ELEMENTWISE = f"""
func.func @main(%x: tensor<{N}x{N}xf32>, %y: tensor<{N}x{N}xf32>) -> tensor<{N}x{N}xf32> {{
  %p = arith.mulf %x, %y : tensor<{N}x{N}xf32>
  %s = arith.addf %p, %x : tensor<{N}x{N}xf32>
  %z = arith.constant dense<0.0> : tensor<{N}x{N}xf32>
  %r = arith.maximumf %s, %z : tensor<{N}x{N}xf32>
  return %r : tensor<{N}x{N}xf32>
}}
"""

SOFTMAX = f"""
func.func @main(%x: tensor<{N}x{N}xf32>) -> tensor<{N}x{N}xf32> {{
  %e = tensor.empty() : tensor<{N}x{N}xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<{N}x{N}xf32>) outs(%e : tensor<{N}x{N}xf32>) -> tensor<{N}x{N}xf32>
  return %r : tensor<{N}x{N}xf32>
}}
"""

# Layernorm over rows as a frontend writes it: mean, centre, variance,
# scale (generics; the reductions are their own loops).
LAYERNORM = f"""
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @main(%x: tensor<{N}x{N}xf32>) -> tensor<{N}x{N}xf32> {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<{N}xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<{N}xf32>) -> tensor<{N}xf32>
  %sum = linalg.generic {{indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}} ins(%x : tensor<{N}x{N}xf32>) outs(%z : tensor<{N}xf32>) {{
  ^bb0(%a: f32, %b: f32):
    %v = arith.addf %a, %b : f32
    linalg.yield %v : f32
  }} -> tensor<{N}xf32>
  %o = tensor.empty() : tensor<{N}x{N}xf32>
  %xc = linalg.generic {{indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}} ins(%x, %sum : tensor<{N}x{N}xf32>, tensor<{N}xf32>) outs(%o : tensor<{N}x{N}xf32>) {{
  ^bb0(%a: f32, %s: f32, %c: f32):
    %n = arith.constant {N}.0 : f32
    %m = arith.divf %s, %n : f32
    %v = arith.subf %a, %m : f32
    linalg.yield %v : f32
  }} -> tensor<{N}x{N}xf32>
  %var = linalg.generic {{indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}} ins(%xc : tensor<{N}x{N}xf32>) outs(%z : tensor<{N}xf32>) {{
  ^bb0(%a: f32, %b: f32):
    %sq = arith.mulf %a, %a : f32
    %v = arith.addf %sq, %b : f32
    linalg.yield %v : f32
  }} -> tensor<{N}xf32>
  %y = linalg.generic {{indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}} ins(%xc, %var : tensor<{N}x{N}xf32>, tensor<{N}xf32>) outs(%o : tensor<{N}x{N}xf32>) {{
  ^bb0(%a: f32, %s: f32, %c: f32):
    %n = arith.constant {N}.0 : f32
    %eps = arith.constant 1.0e-5 : f32
    %m = arith.divf %s, %n : f32
    %d = arith.addf %m, %eps : f32
    %r = math.rsqrt %d : f32
    %v = arith.mulf %a, %r : f32
    linalg.yield %v : f32
  }} -> tensor<{N}x{N}xf32>
  return %y : tensor<{N}x{N}xf32>
}}
"""

BATCH_MATMUL = """
func.func @main(%a: tensor<16x256x256xf32>, %b: tensor<16x256x256xf32>) -> tensor<16x256x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x256x256xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<16x256x256xf32>) -> tensor<16x256x256xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<16x256x256xf32>, tensor<16x256x256xf32>) outs(%z : tensor<16x256x256xf32>) -> tensor<16x256x256xf32>
  return %r : tensor<16x256x256xf32>
}
"""

# An einsum as a generic: C[i, k] = sum_j A[i, j] B[k, j] (B transposed).
EINSUM = """
func.func @main(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x512xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, k, j) -> (i, j)>, affine_map<(i, k, j) -> (k, j)>, affine_map<(i, k, j) -> (i, k)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<512x512xf32>, tensor<512x512xf32>) outs(%z : tensor<512x512xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<512x512xf32>
  return %r : tensor<512x512xf32>
}
"""

# Attention of 16 heads, S = 256, D = 64: softmax(Q K^T) V.
ATTENTION = """
func.func @main(%q: tensor<16x256x64xf32>, %k: tensor<16x256x64xf32>, %v: tensor<16x256x64xf32>) -> tensor<16x256x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x256x256xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<16x256x256xf32>) -> tensor<16x256x256xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(b, i, j, d) -> (b, i, d)>, affine_map<(b, i, j, d) -> (b, j, d)>, affine_map<(b, i, j, d) -> (b, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%q, %k : tensor<16x256x64xf32>, tensor<16x256x64xf32>) outs(%z : tensor<16x256x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %a = arith.addf %acc, %p : f32
    linalg.yield %a : f32
  } -> tensor<16x256x256xf32>
  %e2 = tensor.empty() : tensor<16x256x256xf32>
  %p = linalg.softmax dimension(2) ins(%s : tensor<16x256x256xf32>) outs(%e2 : tensor<16x256x256xf32>) -> tensor<16x256x256xf32>
  %eo = tensor.empty() : tensor<16x256x64xf32>
  %zo = linalg.fill ins(%zero : f32) outs(%eo : tensor<16x256x64xf32>) -> tensor<16x256x64xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<16x256x256xf32>, tensor<16x256x64xf32>) outs(%zo : tensor<16x256x64xf32>) -> tensor<16x256x64xf32>
  return %o : tensor<16x256x64xf32>
}
"""


def conv_text(n, h, w, c, kh, kw, co, stride, dil, groups):
    """A valid (unpadded) NHWC convolution of the shape `cpu_ref conv`
    takes: conv_2d_nhwc_hwcf, grouped conv_2d_nhwgc_gfhwc, or
    depthwise_conv_2d_nhwc_hwc (groups == c == co)."""
    oh = (h - dil * (kh - 1) - 1) // stride + 1
    ow = (w - dil * (kw - 1) - 1) // stride + 1
    attrs = (f"{{dilations = dense<{dil}> : tensor<2xi64>, "
             f"strides = dense<{stride}> : tensor<2xi64>}}")
    it = f"tensor<{n}x{h}x{w}x{c}xf32>"
    ot = f"tensor<{n}x{oh}x{ow}x{co}xf32>"
    head = "  %z = arith.constant 0.0 : f32\n"
    if groups == 1 or groups == c == co:
        ft = (f"tensor<{kh}x{kw}x{c}x{co}xf32>" if groups == 1
              else f"tensor<{kh}x{kw}x{c}xf32>")
        op = ("linalg.conv_2d_nhwc_hwcf" if groups == 1
              else "linalg.depthwise_conv_2d_nhwc_hwc")
        return (f"func.func @main(%in: {it}, %filter: {ft}) -> {ot} {{\n{head}"
                f"  %e = tensor.empty() : {ot}\n"
                f"  %f = linalg.fill ins(%z : f32) outs(%e : {ot}) -> {ot}\n"
                f"  %r = {op} {attrs} ins(%in, %filter : {it}, {ft}) "
                f"outs(%f : {ot}) -> {ot}\n  return %r : {ot}\n}}\n")
    g, cg, fg = groups, c // groups, co // groups
    xt = f"tensor<{n}x{h}x{w}x{g}x{cg}xf32>"
    gt = f"tensor<{n}x{oh}x{ow}x{g}x{fg}xf32>"
    ft = f"tensor<{g}x{fg}x{kh}x{kw}x{cg}xf32>"
    return (f"func.func @main(%in: {it}, %filter: {ft}) -> {ot} {{\n{head}"
            f"  %x = tensor.expand_shape %in [[0], [1], [2], [3, 4]] "
            f"output_shape [{n}, {h}, {w}, {g}, {cg}] : {it} into {xt}\n"
            f"  %e = tensor.empty() : {gt}\n"
            f"  %f = linalg.fill ins(%z : f32) outs(%e : {gt}) -> {gt}\n"
            f"  %r = linalg.conv_2d_nhwgc_gfhwc {attrs} ins(%x, %filter : {xt}, "
            f"{ft}) outs(%f : {gt}) -> {gt}\n"
            f"  %o = tensor.collapse_shape %r [[0], [1], [2], [3, 4]] : {gt} "
            f"into {ot}\n  return %o : {ot}\n}}\n")


def conv_flops(n, h, w, c, kh, kw, co, stride, dil, groups):
    oh = (h - dil * (kh - 1) - 1) // stride + 1
    ow = (w - dil * (kw - 1) - 1) // stride + 1
    return 2 * n * oh * ow * co * kh * kw * (c // groups)


CONVS = [  # (name, cpu_ref conv arguments)
    ("conv 3x3 2x34x34x16 -> 16 (the bench's conv)", (2, 34, 34, 16, 3, 3, 16, 1, 1, 1)),
    ("conv 3x3 1x58x58x64 -> 64", (1, 58, 58, 64, 3, 3, 64, 1, 1, 1)),
    ("conv 3x3 1x58x58x64 -> 64, stride 2", (1, 58, 58, 64, 3, 3, 64, 2, 1, 1)),
    ("conv 3x3 1x58x58x64 -> 64, dilation 2", (1, 58, 58, 64, 3, 3, 64, 1, 2, 1)),
    ("conv 3x3 1x58x58x64 -> 64, 4 groups", (1, 58, 58, 64, 3, 3, 64, 1, 1, 4)),
    ("depthwise conv 3x3 1x58x58x64", (1, 58, 58, 64, 3, 3, 64, 1, 1, 64)),
]


def programs():
    """(name, command, text, dtype, flops or None, bytes or None, reference):
    reference ("blas", gemms) | ("dnnl", conv args) | ("copy",) | None."""
    out = []
    for dt in ["f32", "f64", "bf16", "f16"]:
        subs = [("f32", dt)]
        out.append(("matmul 512x512x512",
                    f"gen.py matmul --scale 2 --devices 1 | sed s/f32/{dt}/g",
                    gen(["matmul", "--scale", "2", "--devices", "1"], subs), dt,
                    2 * 512 ** 3, None, ("blas", [(512, 512, 512, 1)])))
        out.append(("Megatron MLP 128x512x2048",
                    f"gen.py megatron --scale 2 --devices 1 | sed s/f32/{dt}/g",
                    gen(["megatron", "--scale", "2", "--devices", "1"], subs),
                    dt, 2 * 2 * 128 * 512 * 2048, None,
                    ("blas", [(128, 2048, 512, 1), (128, 512, 2048, 1)])))
    out.append(("batch_matmul 16x256x256x256", "cpu.py BATCH_MATMUL",
                BATCH_MATMUL, "f32", 2 * 16 * 256 ** 3, None,
                ("blas", [(256, 256, 256, 16)])))
    out.append(("einsum generic ij,kj->ik 512^3", "cpu.py EINSUM", EINSUM,
                "f32", 2 * 512 ** 3, None, ("blas", [(512, 512, 512, 1)])))
    out.append(("attention 16 heads, S=256, D=64 (2 gemms + softmax)",
                "cpu.py ATTENTION", ATTENTION, "f32",
                2 * 2 * 16 * 256 * 256 * 64, None,
                ("blas", [(256, 256, 64, 16), (256, 64, 256, 16)])))
    out.append(("FSDP step (5 gemms, 3 transposed)",
                "gen.py fsdp --scale 2 --devices 1",
                gen(["fsdp", "--scale", "2", "--devices", "1"]), "f32",
                5 * 2 * 128 * 512 * 2048, None,
                ("blas", [(128, 2048, 512, 1), (128, 512, 2048, 1),
                          (2048, 512, 128, 1), (128, 2048, 512, 1),
                          (512, 2048, 128, 1)])))
    for name, args in CONVS:
        out.append((name, f"cpu.py conv_text{args}", conv_text(*args), "f32",
                    conv_flops(*args), None, ("dnnl", args)))
    out.append((f"elementwise max(x*y + x, 0) {N}x{N}", "cpu.py ELEMENTWISE",
                ELEMENTWISE, "f32", None, 3 * 4 * N * N, ("copy",)))
    out.append((f"softmax {N}x{N} (rows)", "cpu.py SOFTMAX", SOFTMAX, "f32",
                None, 2 * 4 * N * N, ("copy",)))
    out.append((f"layernorm {N}x{N} (rows; 4 generics)", "cpu.py LAYERNORM",
                LAYERNORM, "f32", None, 2 * 4 * N * N, ("copy",)))
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


ONE_THREAD = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")


def dnnl(cpu_ref, args):
    r = subprocess.run([cpu_ref, "conv"] + [str(x) for x in args] + ["11"],
                       capture_output=True, text=True, env=ONE_THREAD,
                       check=True)
    return field(r"cpu (\S+) s", r.stdout)


def blas(cpu_ref, gemms, dtype):
    env = ONE_THREAD
    total = 0.0
    for m, n, k, b in gemms:
        r = subprocess.run([cpu_ref, "gemm", "f64" if dtype == "f64" else "f32",
                            str(m), str(n), str(k), str(b), "11"],
                           capture_output=True, text=True, env=env, check=True)
        total += field(r"cpu (\S+) s", r.stdout)
    return total


def fmt(x, spec=".4f"):
    return "n/a" if x is None else format(x, spec)


# Whole programs beside XLA's CPU executable of the same global program:
# (name, gen.py arguments, mesh-size substitution for N devices).
WHOLE = [
    ("Megatron MLP 128x512x2048", ["megatron", "--scale", "2"], None),
    ("MLP, 12 layers 16x1024x1024", ["mlp", "100", "--hidden", "1024"],
     '"data"='),
    ("transformer block D=512 (B=4, S=16)",
     ["transformer", "45", "--hidden", "512"], '"data"='),
    ("conv 3x3 NHWC 2x34x34x16 -> 16", ["conv"], '"x"='),
]


def whole_program(args, mesh, n):
    text = gen(args + ["--devices", str(n)])
    return text.replace(mesh + "2", mesh + str(n)) if mesh else text


def whole_programs(w, gspmd_run, tmp, runs):
    import cpu_xla
    w("Whole programs beside XLA's CPU executable of the same global program "
      "(`bench/cpu_xla.py`: at 1 device the module with every sharding "
      "replicated, at 2 the global form with Shardy; one intra-op thread "
      "per device, `PJRT_NPROC=1`, `--xla_cpu_multi_thread_eigen=false`; "
      f"median of {runs} executions after a checked one, inputs placed "
      "once). Ours: the slowest rank's median call (`mpirun -n N gspmd-run "
      f"FILE --time {runs}`). Ratio = ours / XLA in wall time (the target: "
      "at most 1.5).")
    w()
    w("| program | devices | ours: wall (s) | ours: cpu (s) | XLA: wall (s) | "
      "XLA: cpu (s) | XLA check | ours / XLA (wall) | command |")
    w("| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- |")
    for name, args, mesh in WHOLE:
        for n in (1, 2):
            path = os.path.join(tmp, f"whole_{args[0]}_{n}.mlir")
            with open(path, "w") as f:
                f.write(whole_program(args, mesh, n))
            o = ours(gspmd_run, path, runs, n)
            x = cpu_xla.times(path, n, repeats=runs, gspmd_run=gspmd_run)
            xs = x.get("seconds")
            ratio = o["wall"] / xs if o and xs else None
            sub = f" \\| sed 's/{mesh}2/{mesh}{n}/'" if mesh else ""
            w(f"| {name} | {n} | {fmt(o and o['wall'], '.6f')} | "
              f"{fmt(o and o['cpu'], '.6f')} | {fmt(xs, '.6f')} | "
              f"{fmt(x.get('cpu_seconds'), '.6f')} | "
              f"{x.get('check', 'FAIL')}{' ' + esc(x['error']) if x.get('error') else ''}"
              f"{' (' + esc(x['check_note']) + ')' if x.get('check_note') else ''} | "
              f"{fmt(ratio, '.2f')} | `gen.py {' '.join(args)} --devices {n}"
              f"{sub}`; `cpu_xla.py FILE --devices {n}` |")
    w()


def esc(text):
    return str(text).replace("|", "\\|").replace("\n", " ")[:160]


# Why a program stays under the backend's target (half the reference), as far
# as it was measured; printed beside the ratio of the run.
CAUSES = {
    "softmax": "runs row by row in cache (Softmax.c), but reading a row from "
               "memory, four passes over it and writing it back do not "
               "overlap",
    "layernorm": "four generics, each a pass over the whole tensor (row "
                 "fusion by tile-and-fuse, branch fuse-rows-wip, gained 10%)",
    "4 groups": "a gemm of N = 16 per group: its input im2col'ed in 64-byte "
                "runs, then packed again by OpenBLAS; oneDNN runs a direct "
                "kernel",
    "the bench's conv": "a gemm of N = 16 output channels on an im2col'ed "
                        "input: the packing is a third of the time",
    "bf16": "converted to f32 for sgemm and back (Debian's OpenBLAS 0.3.21 "
            "has no bf16 gemm)",
    "f16": "converted to f32 for sgemm and back (F16C; no f16 gemm in "
           "OpenBLAS)",
}


def cause(name, dt):
    for key, why in CAUSES.items():
        if key in name or key == dt:
            return why
    return "not analysed"


def reference(a, ref, dt, flops, nbytes, copy_gbs):
    """(reference cpu seconds or None, its GFLOP/s or GB/s, its name)."""
    if ref is None:
        return None, None, "-"
    if ref[0] == "copy":
        # Measured again right after each program: the memory bandwidth this
        # (virtual) machine gets drifts by half within minutes.
        again = field(r"cpu \S+ s (\S+) GB/s",
                      run([a.cpu_ref, "copy", str(64 << 20), "11"]).stdout)
        return None, again or copy_gbs, "STREAM copy"
    t = blas(a.cpu_ref, ref[1], dt) if ref[0] == "blas" else dnnl(a.cpu_ref, ref[1])
    return t, flops / t * 1e-9, "OpenBLAS" if ref[0] == "blas" else "oneDNN"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("cpu_ref")
    ap.add_argument("--runs", type=int, default=9)
    a = ap.parse_args()
    gspmd_run = os.path.join(a.build, "bin", "gspmd-run")
    tmp = tempfile.mkdtemp(prefix="gspmd-cpu-")
    load = os.getloadavg()[0]
    copy = run([a.cpu_ref, "copy", str(64 << 20), "11"]).stdout
    copy_gbs = field(r"cpu \S+ s (\S+) GB/s", copy)
    w = print
    w("## CPU backend: ours against OpenBLAS, oneDNN and memory bandwidth (bench/cpu.sh)")
    w()
    w(f"Written by `bench/cpu.sh` (this section only). One rank; each figure "
      f"is the median of {a.runs} runs of process CPU time of the compiled "
      f"call (`gspmd-run FILE --time {a.runs}`: `cpu time`; copying results "
      f"out is not timed); `bench/cpu_ref` for the references, one thread "
      f"(OPENBLAS_NUM_THREADS=1, OMP_NUM_THREADS=1). Load average "
      f"{load:.1f} at the start (2 cores, AVX-512); wall time, given beside, "
      f"counts time spent descheduled; ratios come from one run. OpenBLAS = "
      f"the same gemm shapes through `cpu_ref gemm` (sgemm for f32, bf16 and "
      f"f16, dgemm for f64). oneDNN = Debian's libdnnl 2.6 through `cpu_ref "
      f"conv` (NHWC, its own weight layout). Memory reference: `cpu_ref copy "
      f"64MiB` (read + write; {fmt(copy_gbs, '.1f')} GB/s at the start, "
      f"measured again right after each memory-bound program, whose row "
      f"gives it); the memory-bound programs move {N}x{N} f32 tensors (64 MiB each, twice the L3), their "
      f"GB/s counting each input read and the output written once. Compile = "
      f"lowering to LLVM + JIT (`compile:` line).")
    w()
    w("| program | dtype | ours: cpu (s) | ours: wall (s) | ours: GFLOP/s or GB/s | "
      "reference | reference: cpu (s) | reference: GFLOP/s or GB/s | ours / reference | "
      "compile: wall (s) | compile: cpu (s) | command |")
    w("| --- | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |")
    f32_cpu, below = {}, []
    for name, cmd, text, dt, flops, nbytes, ref in programs():
        path = os.path.join(tmp, re.sub(r"\W+", "_", name) + dt + ".mlir")
        with open(path, "w") as f:
            f.write(text)
        o = ours(gspmd_run, path, a.runs)
        if o is None or o["cpu"] is None:
            w(f"| {name} | {dt} | failed | | | | | | | | | `{cmd}` |")
            continue
        if dt == "f32":
            f32_cpu[name] = o["cpu"]
        rate = (flops if flops else nbytes) / o["cpu"] * 1e-9
        ref_t, ref_rate, ref_name = reference(a, ref, dt, flops, nbytes, copy_gbs)
        ratio = rate / ref_rate if ref_rate else None
        w(f"| {name} | {dt} | {fmt(o['cpu'], '.6f')} | {fmt(o['wall'], '.6f')} | "
          f"{fmt(rate, '.1f')} | {ref_name} | {fmt(ref_t, '.6f')} | "
          f"{fmt(ref_rate, '.1f')} | {fmt(ratio, '.2f')} | "
          f"{fmt(o['cwall'], '.3f')} | {fmt(o['ccpu'], '.3f')} | "
          f"`{cmd}`; `gspmd-run FILE --time {a.runs}` |")
        if ratio is not None and ratio < 0.5:
            below.append(f"{name} ({dt}): {ratio:.2f} of {ref_name}, "
                         f"{cause(name, dt)}")
        if dt in ("bf16", "f16") and name in f32_cpu:
            slower = o["cpu"] / f32_cpu[name]
            w(f"| {name}: {dt} time / f32 time | | {slower:.2f} | | | | | | | | | |")
            if slower > 1.05:
                below.append(f"{name} ({dt}): {slower:.2f}x the f32 time, "
                             f"{cause(name, dt)}")
    w()
    if below:
        w("Below issue 20's targets in this run (half of OpenBLAS / oneDNN / "
          "STREAM; bf16 and f16 as fast as f32), with the cause as measured:")
        w()
        for line in below:
            w(f"- {line}")
        w()
    whole_programs(w, gspmd_run, tmp, a.runs)
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
