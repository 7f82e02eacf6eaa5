"""judge.py REF_DIR RESULTS_DIR: judges resultI.npy of RESULTS_DIR against the
reference gspmd-run --save-reference wrote in REF_DIR, with gspmd's checker,
as another runner (gspmd-xla-run) does. Prints one line per result."""
import array
import ast
import json
import os
import struct
import sys

import gspmd


def read_npy(path):
    with open(path, "rb") as f:
        data = f.read()
    hlen = struct.unpack("<H", data[8:10])[0]
    header = ast.literal_eval(data[10:10 + hlen].decode("latin1"))
    values = array.array("d" if header["descr"] == "<f8" else "q")
    values.frombytes(data[10 + hlen:])
    return header, values


ref_dir, got_dir = sys.argv[1:]
manifest = json.load(open(os.path.join(ref_dir, "manifest.json")))
for i, r in enumerate(manifest["results"]):
    header, got = read_npy(os.path.join(got_dir, "result%d.npy" % i))
    _, ref = read_npy(os.path.join(ref_dir, r["ref"]))
    kind = r["type"].rsplit("x", 1)[-1].rstrip(">")
    if header["descr"] == "<f8":
        ref64 = read_npy(os.path.join(ref_dir, r["ref64"]))[1] if r["ref64"] else None
        ok, stats = gspmd.check_floats(kind, got, ref, ref64)
    else:
        ok, stats = gspmd.check_ints(got, ref)
    print("result%d" % i, header["shape"], header["descr"], "PASS" if ok else "FAIL")
