"""The Python package as a pip user has it: the example of the C API's
Python bindings in docs/capi-python.md, run from a fresh virtual environment."""

import importlib.metadata
import os
import re
import sys

import gspmd

# Where the package and its library come from (install.test checks both).
print("package", os.path.dirname(gspmd.__file__))
print("library", gspmd.library_path())
meta = importlib.metadata.metadata("gspmd")
print("extras", sorted(meta.get_all("Provides-Extra") or []))
# Every requirement belongs to an extra (spelled per setuptools version,
# "jax (==0.12.0) ; extra == 'xla'" or "jax==0.12.0; extra == \"xla\"").
requires = sorted(re.sub(r"[\s()'\";]", "", r).replace("extra==", " extra==")
                  for r in meta.get_all("Requires-Dist") or [])
print("requires:", ", ".join(requires))

mesh = gspmd.Mesh("mesh", [("data", 2), ("model", 4)])
print(mesh)
s = gspmd.mesh_split(mesh, [0, -1])
print(s)
print(s.to_hlo())
print(gspmd.Sharding.from_hlo("{devices=[4,8]<=[8,4]T(1,0)}", 2))

text = open(sys.argv[1]).read()
print(gspmd.compile(text, pipeline="gspmd-complete,gspmd-partition"))
try:
    gspmd.compile("func.func @f(", pipeline="")
except gspmd.GSPMDError as e:
    print("GSPMDError", len(e.diagnostics) > 0)
