# REQUIRES: mpi
# RUN: rm -rf %t && %preload %python %s %gspmd-run %t | FileCheck %s
# gspmd.input_fill and gspmd.check_*: the generator is gspmd-run's, bit for
# bit (gspmd-run --save-reference of a program returning its arguments gives
# back exactly input_fill's values), and the verdict is lib/Check's.

import array
import ast
import json
import os
import struct
import subprocess
import sys

import gspmd

run, out = sys.argv[1], sys.argv[2]
os.makedirs(out)


def read_npy(path):
    """(shape, values) of a little-endian float64 or int64 .npy file."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x93NUMPY\x01\x00", data[:8]
    hlen = struct.unpack("<H", data[8:10])[0]
    assert (10 + hlen) % 64 == 0
    header = ast.literal_eval(data[10:10 + hlen].decode("latin1"))
    values = array.array("d" if header["descr"] == "<f8" else "q")
    values.frombytes(data[10 + hlen:])
    return header["shape"], header["descr"], list(values)


def half_to_float(bits, kind):
    if kind == "bf16":
        return struct.unpack("<f", struct.pack("<I", bits << 16))[0]
    return struct.unpack("<e", struct.pack("<H", bits))[0]


# CHECK-LABEL: input_fill
print("input_fill")
types = [("f32", [3, 5]), ("bf16", [7]), ("f16", [2, 2]), ("i8", [5]),
         ("i1", [6]), ("i64", [3]), ("f64", [2]), ("i32", [])]
ttext = ["tensor<%sx%s>" % ("x".join(map(str, s)), k) if s else "tensor<%s>" % k
         for k, s in types]
prog = os.path.join(out, "identity.mlir")
with open(prog, "w") as f:
    args = ", ".join("%%a%d: %s" % (i, t) for i, t in enumerate(ttext))
    rets = ", ".join("%%a%d" % i for i in range(len(ttext)))
    f.write("func.func @main(%s) -> (%s) {\n  return %s : %s\n}\n"
            % (args, ", ".join(ttext), rets, ", ".join(ttext)))
ref = os.path.join(out, "ref")
subprocess.run([run, prog, "--save-reference", ref, "--seed", "11"], check=True,
               stdout=subprocess.DEVNULL)
manifest = json.load(open(os.path.join(ref, "manifest.json")))
# CHECK-NEXT: entry main seed 11 args 8 results 8
print("entry", manifest["entry"], "seed", manifest["seed"], "args",
      len(manifest["args"]), "results", len(manifest["results"]))
# CHECK-NEXT: tensor<3x5xf32> ref0.npy ref64_0.npy
r0 = manifest["results"][0]
print(r0["type"], r0["ref"], r0["ref64"])
same = True
for i, (kind, shape) in enumerate(types):
    filled = list(gspmd.input_fill(11, i, kind, shape))
    if kind in ("f16", "bf16"):
        filled = [half_to_float(b, kind) for b in filled]
    for key in ("ref", "ref64"):
        fshape, descr, saved = read_npy(os.path.join(ref, manifest["results"][i][key]))
        same &= list(fshape) == shape and saved == filled
        same &= descr == ("<f8" if "f" in kind else "<i8")
# CHECK-NEXT: saved reference == input_fill: True
print("saved reference == input_fill:", same)
# The floats are k/256 in [-1, 1); every kind holds the same values.
f32 = list(gspmd.input_fill(3, 2, "f32", [64]))
f64 = list(gspmd.input_fill(3, 2, "f64", [64]))
bf16 = [half_to_float(b, "bf16") for b in gspmd.input_fill(3, 2, "bf16", [64])]
# CHECK-NEXT: kinds agree: True in range: True
print("kinds agree:", f32 == f64 == bf16,
      "in range:", all(-1 <= v < 1 and v * 256 == int(v * 256) for v in f32))
# CHECK-NEXT: ValueError unknown element kind 'f8'
try:
    gspmd.input_fill(0, 0, "f8", [2])
except ValueError as e:
    print("ValueError", str(e).split(" (")[0])

# CHECK-LABEL: check_floats
print("check_floats")
ref64 = [1.0, -2.0, 3.0, 1e-3]
ref = [1.0 + 2**-23, -2.0, 3.0 - 2**-22, 1e-3]   # ref's own rounding errors
# CHECK-NEXT: reordered True num_bad 0
ok, s = gspmd.check_floats("f32", [1.0, -2.0 - 2**-22, 3.0, 1e-3], ref, ref64)
print("reordered", ok, "num_bad", s.num_bad)
# One element 1e-3 off is out of its allowance; the stats say where.
# CHECK-NEXT: off by 1e-3 False worst 2 num_bad 1
ok, s = gspmd.check_floats("f32", [1.0, -2.0, 3.003, 1e-3], ref, ref64)
print("off by 1e-3", ok, "worst", s.worst_index, "num_bad", s.num_bad)
# A small element with its own small scale: a tensor-wide allowance would
# hide this error.
# CHECK-NEXT: small element False worst 3
ok, s = gspmd.check_floats("f32", [1.0, -2.0, 3.0, 1.001e-3], ref, ref64)
print("small element", ok, "worst", s.worst_index)
# NaN only matches a NaN reference.
# CHECK-NEXT: nan False nan/nan True
nan = float("nan")
print("nan", gspmd.check_floats("f32", [nan], [1.0], [1.0])[0],
      "nan/nan", gspmd.check_floats("f32", [nan], [nan], [nan])[0])
# Without an f64 reference: the kind's fixed tolerances (f32: 1e-5 + 1e-4|ref|).
# CHECK-NEXT: no ref64 True False
print("no ref64", gspmd.check_floats("f32", [1.00005], [1.0], None)[0],
      gspmd.check_floats("f32", [1.001], [1.0], None)[0])
# CHECK-NEXT: within True False
print("within", gspmd.check_floats_within([1.05], [1.0], 0.1, 0)[0],
      gspmd.check_floats_within([1.05], [1.0], 0.01, 0)[0])

# The confirmation in f64 (gspmdCheckFloatsConfirmed): element 2's
# allowance is 10 * 2^-23 + 8 ulps of 3.0 (3.1e-6). 3 times that off, in the
# f32 result only, is rounding the f64 run does not show: PASS; the same
# error in the f64 run is a wrong program: FAIL. 1e-3 off is more than 10
# times the allowance: FAIL whatever the f64 run; so is an f64 result (the
# two runs are one), and without an f64 run the verdict is check_floats'.
# CHECK-LABEL: check_floats_confirmed
print("check_floats_confirmed")
allowance = 10 * 2**-23 + 8 * 2**-22
outlier = [1.0, -2.0, 3.0 + 3 * allowance, 1e-3]
quiet64 = [1.0, -2.0, 3.0 + 2**-51, 1e-3]
# CHECK-NEXT: rounding True True worst 2 num_bad 0
ok, s, w = gspmd.check_floats_confirmed("f32", outlier, quiet64, ref, ref64)
print("rounding", ok, gspmd.check_floats("f32", outlier, ref, ref64)[0] is False,
      "worst", w.worst_index, "num_bad", s.num_bad)
# CHECK-NEXT: wrong program False 1
ok, s, w = gspmd.check_floats_confirmed("f32", outlier, outlier, ref, ref64)
print("wrong program", ok, w.num_bad)
# CHECK-NEXT: beyond 10x False -1
ok, s, w = gspmd.check_floats_confirmed("f32", [1.0, -2.0, 3.003, 1e-3], quiet64,
                                        ref, ref64)
print("beyond 10x", ok, w.worst_index)
# CHECK-NEXT: f64 False none False
print("f64", gspmd.check_floats_confirmed("f64", outlier, quiet64, ref, ref64)[0],
      "none", gspmd.check_floats_confirmed("f32", outlier, None, ref, ref64)[0])

# CHECK-LABEL: check_ints
print("check_ints")
# CHECK-NEXT: True False 1
print(gspmd.check_ints([1, 2, 3], [1, 2, 3])[0],
      *(lambda r: (r[0], r[1].num_bad))(gspmd.check_ints([1, 2, 4], [1, 2, 3])))
