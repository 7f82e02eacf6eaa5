# RUN: %preload %python %s | FileCheck %s
# Sharding.to_hlo and Sharding.from_hlo: every HLO form both ways, with and
# without a mesh hint, and the errors.

import os
import sys

import gspmd

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from checkrun import run  # noqa: E402
from gspmd import Sharding


def import_(text, rank, mesh=None, **kw):
    """Imports `text`, prints the sharding, its mesh and both HLO forms."""
    s = Sharding.from_hlo(text, rank, mesh, **kw)
    print("import %s" % text)
    print("  sharding: %s" % s)
    if s.mesh is None:
        print("  mesh: none")
    else:
        print("  mesh: %s%s" % (s.mesh, " (the hint)" if s.mesh is mesh else ""))
    print("  to_hlo: %s" % s.to_hlo())
    print("  explicit: %s" % s.to_hlo(explicit_devices=True))
    return s


mesh = gspmd.Mesh("mesh", [("data", 2), ("model", 4)])
ring = gspmd.Mesh("ring", [("x", 2), ("y", 2)], devices=[0, 2, 1, 3])

# CHECK-LABEL: export
print("export")
for m, mapping in ((mesh, [0, 1]), (mesh, [0, -1]), (mesh, [1, 0]), (mesh, [-1, 1]),
                   (ring, [0, 1]), (ring, [1, 0]), (ring, [0, -1])):
    s = gspmd.mesh_split(m, mapping)
    print("@%s %s: %s | %s" % (m.name, mapping, s.to_hlo(m),
                               s.to_hlo(m, explicit_devices=True)))
# CHECK-NEXT: @mesh [0, 1]: {devices=[2,4]<=[8]} | {devices=[2,4]0,1,2,3,4,5,6,7}
# CHECK-NEXT: @mesh [0, -1]: {devices=[2,1,4]<=[8] last_tile_dim_replicate} | {devices=[2,1,4]0,1,2,3,4,5,6,7 last_tile_dim_replicate}
# CHECK-NEXT: @mesh [1, 0]: {devices=[4,2]<=[2,4]T(1,0)} | {devices=[4,2]0,4,1,5,2,6,3,7}
# CHECK-NEXT: @mesh [-1, 1]: {devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate} | {devices=[1,4,2]0,4,1,5,2,6,3,7 last_tile_dim_replicate}
# CHECK-NEXT: @ring [0, 1]: {devices=[2,2]<=[2,2]T(1,0)} | {devices=[2,2]0,2,1,3}
# CHECK-NEXT: @ring [1, 0]: {devices=[2,2]<=[4]} | {devices=[2,2]0,1,2,3}
# CHECK-NEXT: @ring [0, -1]: {devices=[2,1,2]<=[2,2]T(1,0) last_tile_dim_replicate} | {devices=[2,1,2]0,2,1,3 last_tile_dim_replicate}
# to_hlo defaults to the sharding's own .mesh; replicated needs none.
# CHECK-NEXT: default mesh: {devices=[2,4]<=[8]}
print("default mesh:", gspmd.mesh_split(mesh, [0, 1]).to_hlo())
# CHECK-NEXT: replicated: {replicated} | {replicated} | {replicated}
rep = Sharding.replicated()
print("replicated: %s | %s | %s" % (rep.to_hlo(), rep.to_hlo(mesh),
                                    rep.to_hlo(explicit_devices=True)))
# CHECK-NEXT: built by name: {devices=[2,4]<=[8]}
print("built by name:", Sharding.tiled("mesh", [["data"], ["model"]]).to_hlo(mesh))

# CHECK-LABEL: import without a hint
print("import without a hint")
# CHECK-NEXT: import {replicated}
# CHECK-NEXT: sharding: #gspmd.replicated
# CHECK-NEXT: mesh: none
# CHECK-NEXT: to_hlo: {replicated}
# CHECK-NEXT: explicit: {replicated}
import_("{replicated}", 2)
# CHECK-NEXT: import {devices=[2,1]0,1}
# CHECK-NEXT: sharding: #gspmd.tiled<@hlo_mesh, {{\[\["a0"\], \[\]\]}}>
# CHECK-NEXT: mesh: gspmd.mesh @hlo_mesh ["a0"=2]{{$}}
# CHECK-NEXT: to_hlo: {devices=[2,1]<=[2]}
# CHECK-NEXT: explicit: {devices=[2,1]0,1}
import_("{devices=[2,1]0,1}", 2)
# CHECK-NEXT: import {devices=[2,1]1,0}
# CHECK-NEXT: sharding: #gspmd.tiled<@hlo_mesh, {{\[\["a0"\], \[\]\]}}>
# CHECK-NEXT: mesh: gspmd.mesh @hlo_mesh ["a0"=2] devices = [1, 0]
# CHECK-NEXT: to_hlo: {devices=[2,1]1,0}
# CHECK-NEXT: explicit: {devices=[2,1]1,0}
import_("{devices=[2,1]1,0}", 2)
# CHECK-NEXT: import {devices=[2,1,4]<=[8] last_tile_dim_replicate}
# CHECK-NEXT: sharding: #gspmd.partially_tiled<@hlo_mesh, {{\[\["a0"\], \[\]\]}}>
# CHECK-NEXT: mesh: gspmd.mesh @hlo_mesh ["a0"=2, "a1"=4]{{$}}
# CHECK-NEXT: to_hlo: {devices=[2,1,4]<=[8] last_tile_dim_replicate}
# CHECK-NEXT: explicit: {devices=[2,1,4]0,1,2,3,4,5,6,7 last_tile_dim_replicate}
import_("{devices=[2,1,4]<=[8] last_tile_dim_replicate}", 2)
# CHECK-NEXT: import {devices=[4,8]<=[8,4]T(1,0)}
# CHECK-NEXT: sharding: #gspmd.tiled<@imported, {{\[\["a1"\], \["a0"\]\]}}>
# CHECK-NEXT: mesh: gspmd.mesh @imported ["a0"=8, "a1"=4]{{$}}
# CHECK-NEXT: to_hlo: {devices=[4,8]<=[8,4]T(1,0)}
# CHECK-NEXT: explicit: {devices=[4,8]0,4,8,12,16,20,24,28,1,5,9,13,17,21,25,29,2,6,10,14,18,22,26,30,3,7,11,15,19,23,27,31}
imported = import_("{devices=[4,8]<=[8,4]T(1,0)}", 2, new_mesh_name="imported")
# CHECK-NEXT: new mesh axes [('a0', 8), ('a1', 4)] num_devices 32
print("new mesh axes", imported.mesh.axes, "num_devices", imported.mesh.num_devices)
# One tile on one device is replicated and needs no mesh.
# CHECK-NEXT: import {devices=[1,1]0}
# CHECK-NEXT: sharding: #gspmd.replicated
# CHECK-NEXT: mesh: none
# CHECK-NEXT: to_hlo: {replicated}
# CHECK-NEXT: explicit: {replicated}
import_("{devices=[1,1]0}", 2)

# CHECK-LABEL: import with a hint
print("import with a hint")
# CHECK-NEXT: import {replicated}
# CHECK-NEXT: sharding: #gspmd.replicated
# CHECK-NEXT: mesh: gspmd.mesh @mesh ["data"=2, "model"=4] (the hint)
# CHECK-NEXT: to_hlo: {replicated}
# CHECK-NEXT: explicit: {replicated}
import_("{replicated}", 2, mesh)
pair = gspmd.Mesh("pair", [("x", 2)])
# CHECK-NEXT: import {devices=[2,1]0,1}
# CHECK-NEXT: sharding: #gspmd.tiled<@pair, {{\[\["x"\], \[\]\]}}>
# CHECK-NEXT: mesh: gspmd.mesh @pair ["x"=2] (the hint)
# CHECK-NEXT: to_hlo: {devices=[2,1]<=[2]}
# CHECK-NEXT: explicit: {devices=[2,1]0,1}
import_("{devices=[2,1]0,1}", 2, pair)
# CHECK-NEXT: import {devices=[2,1,4]<=[8] last_tile_dim_replicate}
# CHECK-NEXT: sharding: #gspmd.partially_tiled<@mesh, {{\[\["data"\], \[\]\]}}>
# CHECK-NEXT: mesh: gspmd.mesh @mesh ["data"=2, "model"=4] (the hint)
# CHECK-NEXT: to_hlo: {devices=[2,1,4]<=[8] last_tile_dim_replicate}
# CHECK-NEXT: explicit: {devices=[2,1,4]0,1,2,3,4,5,6,7 last_tile_dim_replicate}
import_("{devices=[2,1,4]<=[8] last_tile_dim_replicate}", 2, mesh)
# CHECK-NEXT: import {devices=[2,2]0,2,1,3}
# CHECK-NEXT: sharding: #gspmd.tiled<@ring, {{\[\["x"\], \["y"\]\]}}>
# CHECK-NEXT: mesh: gspmd.mesh @ring ["x"=2, "y"=2] devices = [0, 2, 1, 3] (the hint)
# CHECK-NEXT: to_hlo: {devices=[2,2]<=[2,2]T(1,0)}
# CHECK-NEXT: explicit: {devices=[2,2]0,2,1,3}
import_("{devices=[2,2]0,2,1,3}", 2, ring)
m84 = gspmd.Mesh("m84", [("a", 8), ("b", 4)])
# CHECK-NEXT: import {devices=[4,8]<=[8,4]T(1,0)}
# CHECK-NEXT: sharding: #gspmd.tiled<@m84, {{\[\["b"\], \["a"\]\]}}>
# CHECK-NEXT: mesh: gspmd.mesh @m84 ["a"=8, "b"=4] (the hint)
# CHECK-NEXT: to_hlo: {devices=[4,8]<=[8,4]T(1,0)}
# CHECK-NEXT: explicit: {devices=[4,8]0,4,8,12,16,20,24,28,1,5,9,13,17,21,25,29,2,6,10,14,18,22,26,30,3,7,11,15,19,23,27,31}
import_("{devices=[4,8]<=[8,4]T(1,0)}", 2, m84)
# A hint that does not fit: a new mesh is built instead.
# CHECK-NEXT: import {devices=[4,8]<=[8,4]T(1,0)}
# CHECK-NEXT: sharding: #gspmd.tiled<@hlo_mesh, {{\[\["a1"\], \["a0"\]\]}}>
# CHECK-NEXT: mesh: gspmd.mesh @hlo_mesh ["a0"=8, "a1"=4]{{$}}
# CHECK-NEXT: to_hlo: {devices=[4,8]<=[8,4]T(1,0)}
# CHECK-NEXT: explicit: {devices=[4,8]0,4,8,12,16,20,24,28,1,5,9,13,17,21,25,29,2,6,10,14,18,22,26,30,3,7,11,15,19,23,27,31}
import_("{devices=[4,8]<=[8,4]T(1,0)}", 2, mesh)

# CHECK-LABEL: import errors
print("import errors")
# CHECK-NEXT: maximal: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: error: from HLO sharding: unsupported HloSharding '{maximal device=0}': {maximal ...} shardings cannot be expressed on a mesh
run("maximal", lambda: Sharding.from_hlo("{maximal device=0}", 2, mesh))
# CHECK-NEXT: malformed: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: error: from HLO sharding: malformed HloSharding 'garbage': expected '{' at offset 0
run("malformed", lambda: Sharding.from_hlo("garbage", 2))
# CHECK-NEXT: wrong rank: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: error: from HLO sharding: HloSharding '{devices=[2,1]0,1}' has 2 tile dims; a rank-3 tensor needs 3
run("wrong rank", lambda: Sharding.from_hlo("{devices=[2,1]0,1}", 3))
# CHECK-NEXT: too few devices: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: error: from HLO sharding: HloSharding '{devices=[2,1]0}' lists 1 devices; the tile dims need 2
run("too few devices", lambda: Sharding.from_hlo("{devices=[2,1]0}", 2))
# CHECK-NEXT: negative rank: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: error: from HLO sharding: rank -1 is out of range
run("negative rank", lambda: Sharding.from_hlo("{devices=[2,1]0,1}", -1))
# CHECK-NEXT: hint not a Mesh: TypeError: mesh must be a gspmd.Mesh or None
run("hint not a Mesh", lambda: Sharding.from_hlo("{replicated}", 2, "mesh"))
try:
    Sharding.from_hlo("{maximal device=0}", 2)
except gspmd.GSPMDError as e:
    # CHECK-NEXT: message: cannot import HLO sharding '{maximal device=0}':
    # CHECK-NEXT: error: from HLO sharding: unsupported HloSharding
    print("message:", e)

# CHECK-LABEL: export errors
print("export errors")
# CHECK-NEXT: no mesh: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: error: to HLO sharding: a tiled sharding needs its mesh
run("no mesh", lambda: Sharding.tiled("mesh", [["data"], ["model"]]).to_hlo())
# CHECK-NEXT: other mesh: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: error: to HLO sharding: sharding refers to @other, not @mesh
run("other mesh", lambda: Sharding.tiled("other", [["data"], ["model"]]).to_hlo(mesh))
# CHECK-NEXT: unknown axis: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: error: to HLO sharding: unknown mesh axis "nope" in mesh @mesh
run("unknown axis", lambda: Sharding.tiled("mesh", [["data"], ["nope"]]).to_hlo(mesh))
# CHECK-NEXT: tiled leaves an axis: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: error: to HLO sharding: #gspmd.tiled leaves mesh axis "model" unused; use #gspmd.partially_tiled
run("tiled leaves an axis", lambda: Sharding.tiled("mesh", [["data"], []]).to_hlo(mesh))
# CHECK-NEXT: partially tiled uses all: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: error: to HLO sharding: #gspmd.partially_tiled uses every mesh axis; use #gspmd.tiled
run("partially tiled uses all",
    lambda: Sharding.partially_tiled("mesh", [["data", "model"]]).to_hlo(mesh))
# CHECK-NEXT: mesh not a Mesh: TypeError: mesh must be a gspmd.Mesh or None
run("mesh not a Mesh", lambda: rep.to_hlo("mesh"))
closed = gspmd.Mesh("closed", [("c", 2)])
on_closed = gspmd.mesh_split(closed, [0])
closed.close()
# CHECK-NEXT: closed mesh: ValueError: the mesh has been closed
run("closed mesh", lambda: on_closed.to_hlo())
# CHECK-NEXT: done
print("done")
