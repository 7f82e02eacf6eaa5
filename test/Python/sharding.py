# RUN: %preload %python %s | FileCheck %s
# gspmd.Sharding and gspmd.mesh_split: kinds, queries, parsing, equality.

import os
import sys

import gspmd

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from checkrun import run  # noqa: E402
from gspmd import Sharding


def describe(s):
    # Dims are printed one list after another (FileCheck reads "[[" as a variable).
    dims = " ".join(str(d) for d in s.dims) or "none"
    print("  kind=%s mesh_name=%s rank=%d dims=%s" % (s.kind, s.mesh_name, s.rank, dims))


mesh = gspmd.Mesh("mesh", [("data", 2), ("model", 4)])

# CHECK-LABEL: mesh_split
print("mesh_split")
# CHECK-NEXT: [0, 1]: #gspmd.tiled<@mesh, {{\[\["data"\], \["model"\]\]}}>
# CHECK-NEXT: kind=tiled mesh_name=mesh rank=2 dims=['data'] ['model']
# CHECK-NEXT: [0, -1]: #gspmd.partially_tiled<@mesh, {{\[\["data"\], \[\]\]}}>
# CHECK-NEXT: kind=partially_tiled mesh_name=mesh rank=2 dims=['data'] []
# CHECK-NEXT: [1, 0]: #gspmd.tiled<@mesh, {{\[\["model"\], \["data"\]\]}}>
# CHECK-NEXT: kind=tiled mesh_name=mesh rank=2 dims=['model'] ['data']
# CHECK-NEXT: [-1, -1]: #gspmd.replicated
# CHECK-NEXT: kind=replicated mesh_name=None rank=0 dims=none
# CHECK-NEXT: [-1, 1, -1]: #gspmd.partially_tiled<@mesh, {{\[\[\], \["model"\], \[\]\]}}>
# CHECK-NEXT: kind=partially_tiled mesh_name=mesh rank=3 dims=[] ['model'] []
for mapping in ([0, 1], [0, -1], [1, 0], [-1, -1], [-1, 1, -1]):
    s = gspmd.mesh_split(mesh, mapping)
    print("%s: %s" % (mapping, s))
    describe(s)
# The result remembers its mesh.
# CHECK-NEXT: split mesh is mesh: True
print("split mesh is mesh:", gspmd.mesh_split(mesh, [0, 1]).mesh is mesh)
# Axes of size 1 need not be used for a sharding to be tiled.
unit = gspmd.Mesh("unit", [("x", 2), ("one", 1)])
# CHECK-NEXT: unit mesh: #gspmd.tiled<@unit, {{\[\["x"\]\]}}>
print("unit mesh:", gspmd.mesh_split(unit, [0]))

# CHECK-LABEL: mesh_split errors
print("mesh_split errors")
# CHECK-NEXT: axis twice: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: error: mesh_split: mesh axis 'model' splits more than one dim (again at dim 1)
run("axis twice", lambda: gspmd.mesh_split(mesh, [1, 1]))
# CHECK-NEXT: axis out of range: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: error: mesh_split: dims_mapping[0] = 2 is not a mesh axis (the mesh has 2 axes)
run("axis out of range", lambda: gspmd.mesh_split(mesh, [2, -1]))
# CHECK-NEXT: not a mesh: TypeError: mesh_split needs a gspmd.Mesh
run("not a mesh", lambda: gspmd.mesh_split("mesh", [0, 1]))
try:
    gspmd.mesh_split(mesh, [0, 0])
except gspmd.GSPMDError as e:
    # CHECK-NEXT: message: mesh_split(@mesh, [0, 0]) failed:
    # CHECK-NEXT: error: mesh_split: mesh axis 'data' splits more than one dim
    print("message:", e)

# CHECK-LABEL: constructors
print("constructors")
# CHECK-NEXT: replicated: #gspmd.replicated
# CHECK-NEXT: kind=replicated mesh_name=None rank=0 dims=none
rep = Sharding.replicated()
print("replicated:", rep)
describe(rep)
# CHECK-NEXT: tiled: #gspmd.tiled<@mesh, {{\[\["data", "model"\], \[\]\]}}>
# CHECK-NEXT: kind=tiled mesh_name=mesh rank=2 dims=['data', 'model'] []
tiled = Sharding.tiled("mesh", [["data", "model"], []])
print("tiled:", tiled)
describe(tiled)
# CHECK-NEXT: partially_tiled: #gspmd.partially_tiled<@other, {{\[\[\], \["model"\]\]}}>
# CHECK-NEXT: kind=partially_tiled mesh_name=other rank=2 dims=[] ['model']
partial = Sharding.partially_tiled("@other", [[], ("model",)])
print("partially_tiled:", partial)
describe(partial)
# A Mesh may be given instead of its name; it becomes .mesh.
with_mesh = Sharding.tiled(mesh, [["model"], ["data"]])
# CHECK-NEXT: from Mesh: #gspmd.tiled<@mesh, {{\[\["model"\], \["data"\]\]}}> mesh is mesh True
print("from Mesh:", with_mesh, "mesh is mesh", with_mesh.mesh is mesh)
# CHECK-NEXT: by name has no mesh: True
print("by name has no mesh:", tiled.mesh is None)
# CHECK-NEXT: axis used twice: GSPMDError (0 diagnostics)
# CHECK-NEXT: message: mesh axis "data" is used twice in one sharding
run("axis used twice", lambda: Sharding.tiled("mesh", [["data"], ["data"]]))
# CHECK-NEXT: axis not a str: TypeError: mesh axis names must be str, got 0
run("axis not a str", lambda: Sharding.tiled("mesh", [[0]]))
# CHECK-NEXT: empty mesh name: GSPMDError (0 diagnostics)
# CHECK-NEXT: message: mesh name must not be empty
run("empty mesh name", lambda: Sharding.tiled("@", [["data"]]))
# CHECK-NEXT: attribute name: gspmd.sharding
print("attribute name:", gspmd.sharding_attr_name())

# CHECK-LABEL: parse
print("parse")
for text in ('#gspmd.replicated',
             '#gspmd.tiled<@mesh, [["data", "model"], []]>',
             '#gspmd.partially_tiled<@other, [[], ["model"]]>'):
    s = Sharding.parse(text)
    print("parsed:", s, "kind", s.kind)
# CHECK-NEXT: parsed: #gspmd.replicated kind replicated
# CHECK-NEXT: parsed: #gspmd.tiled<@mesh, {{\[\["data", "model"\], \[\]\]}}> kind tiled
# CHECK-NEXT: parsed: #gspmd.partially_tiled<@other, {{\[\[\], \["model"\]\]}}> kind partially_tiled
# CHECK-NEXT: parsed mesh: None
print("parsed mesh:", Sharding.parse('#gspmd.replicated').mesh)
# CHECK-NEXT: repr: gspmd.Sharding.parse('#gspmd.tiled<@mesh, {{\[\["data", "model"\], \[\]\]}}>')
print("repr:", repr(tiled))
# CHECK-NEXT: twice: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: <attribute>:1:13: error: mesh axis "data" is used twice in one sharding
run("twice", lambda: Sharding.parse('#gspmd.tiled<@mesh, [["data"], ["data"]]>'))
# CHECK-NEXT: unbalanced: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: <attribute>:1:13: error: unbalanced '<' character in pretty dialect name
run("unbalanced", lambda: Sharding.parse('#gspmd.tiled<@mesh'))
# CHECK-NEXT: unknown kind: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: <attribute>:1:8: error: unknown gspmd attribute 'tiles'
run("unknown kind", lambda: Sharding.parse('#gspmd.tiles<@mesh, [[]]>'))
# CHECK-NEXT: not a sharding: GSPMDError (0 diagnostics)
# CHECK-NEXT: message: not a gspmd sharding: 42 : i32
run("not a sharding", lambda: Sharding.parse('42 : i32'))
try:
    Sharding.parse('[1, 2]')
except gspmd.GSPMDError as e:
    # CHECK-NEXT: message: not a gspmd sharding: [1, 2]
    print("message:", e)

# CHECK-LABEL: equality
print("equality")
split = gspmd.mesh_split(mesh, [0, 1])
built = Sharding.tiled("mesh", [["data"], ["model"]])
parsed = Sharding.parse('#gspmd.tiled<@mesh, [["data"], ["model"]]>')
# CHECK-NEXT: split == built True, built == parsed True, hashes equal True
print("split == built %s, built == parsed %s, hashes equal %s"
      % (split == built, built == parsed, hash(split) == hash(parsed)))
# CHECK-NEXT: tiled != partially_tiled True
print("tiled != partially_tiled",
      Sharding.tiled("mesh", [["data"], []]) != Sharding.partially_tiled("mesh", [["data"], []]))
# CHECK-NEXT: axis order matters True
print("axis order matters", Sharding.tiled("mesh", [["data", "model"]])
      != Sharding.tiled("mesh", [["model", "data"]]))
# CHECK-NEXT: mesh name matters True
print("mesh name matters", Sharding.tiled("a", [["x"]]) != Sharding.tiled("b", [["x"]]))
# CHECK-NEXT: replicated == replicated True, == split [-1, -1] True
print("replicated == replicated %s, == split [-1, -1] %s"
      % (Sharding.replicated() == Sharding.replicated(),
         Sharding.replicated() == gspmd.mesh_split(mesh, [-1, -1])))
# CHECK-NEXT: compared with a str False
print("compared with a str", built == str(built))
# CHECK-NEXT: set size 2
print("set size", len({split, built, parsed, Sharding.replicated()}))
# CHECK-NEXT: done
print("done")
