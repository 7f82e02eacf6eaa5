# RUN: %preload %python %s | FileCheck %s
# gspmd.Mesh: construction, queries, printing, validation and ownership.

import os
import sys

import gspmd

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from checkrun import run  # noqa: E402


# CHECK-LABEL: library
print("library")
# CHECK: loaded libGSPMDCAPI.so
print("loaded", gspmd.library_path().rsplit("/", 1)[-1])

# CHECK-LABEL: basic
print("basic")
mesh = gspmd.Mesh("mesh", [("data", 2), ("model", 4)])
# CHECK-NEXT: gspmd.mesh @mesh ["data"=2, "model"=4]{{$}}
print(mesh)
# CHECK-NEXT: name mesh axes [('data', 2), ('model', 4)] num_devices 8
print("name", mesh.name, "axes", mesh.axes, "num_devices", mesh.num_devices)
# CHECK-NEXT: devices [0, 1, 2, 3, 4, 5, 6, 7] explicit False
print("devices", mesh.devices, "explicit", mesh.has_explicit_devices)
# CHECK-NEXT: gspmd.Mesh('mesh', [('data', 2), ('model', 4)])
print(repr(mesh))

# CHECK-LABEL: explicit devices
print("explicit devices")
ring = gspmd.Mesh("ring", [("x", 2), ("y", 2)], devices=[0, 2, 1, 3])
# CHECK-NEXT: gspmd.mesh @ring ["x"=2, "y"=2] devices = [0, 2, 1, 3]{{$}}
print(ring)
# CHECK-NEXT: devices [0, 2, 1, 3] explicit True num_devices 4
print("devices", ring.devices, "explicit", ring.has_explicit_devices,
      "num_devices", ring.num_devices)
# CHECK-NEXT: gspmd.Mesh('ring', [('x', 2), ('y', 2)], devices=[0, 2, 1, 3])
print(repr(ring))
# A tuple of axes and a range of devices are accepted too.
# CHECK-NEXT: gspmd.mesh @line ["i"=3] devices = [2, 1, 0]
print(gspmd.Mesh("line", (("i", 3),), devices=range(2, -1, -1)))
# CHECK-NEXT: gspmd.mesh @scalar []
print(gspmd.Mesh("scalar", []))

# CHECK-LABEL: errors
print("errors")
# CHECK-NEXT: duplicate axis: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: error: 'gspmd.mesh' op mesh axis name 'a' is used twice
run("duplicate axis", lambda: gspmd.Mesh("bad", [("a", 2), ("a", 2)]))
# CHECK-NEXT: size 0: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: error: 'gspmd.mesh' op mesh axis 'a' has size 0; sizes must be >= 1
run("size 0", lambda: gspmd.Mesh("bad", [("a", 0)]))
# CHECK-NEXT: size -3: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: error: 'gspmd.mesh' op mesh axis 'b' has size -3; sizes must be >= 1
run("size -3", lambda: gspmd.Mesh("bad", [("a", 2), ("b", -3)]))
# CHECK-NEXT: short devices: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: error: 'gspmd.mesh' op devices list has 3 entries but the mesh has 4 devices
run("short devices", lambda: gspmd.Mesh("bad", [("a", 2), ("b", 2)], devices=[0, 1, 2]))
# CHECK-NEXT: long devices: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: error: 'gspmd.mesh' op devices list has 3 entries but the mesh has 2 devices
run("long devices", lambda: gspmd.Mesh("bad", [("a", 2)], devices=[0, 1, 2]))
# CHECK-NEXT: repeated device: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: error: 'gspmd.mesh' op mesh devices are not a permutation: device 0 appears twice
run("repeated device", lambda: gspmd.Mesh("bad", [("a", 2)], devices=[0, 0]))
# CHECK-NEXT: device out of range: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: error: 'gspmd.mesh' op mesh device id 5 at position 1 is out of range [0, 2)
run("device out of range", lambda: gspmd.Mesh("bad", [("a", 2)], devices=[0, 5]))
# CHECK-NEXT: too many devices: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: error: 'gspmd.mesh' op mesh has too many devices
run("too many devices", lambda: gspmd.Mesh("bad", [("a", 1 << 40), ("b", 1 << 40)]))
# Out of int64 range: refused before reaching C.
# CHECK-NEXT: huge size: GSPMDError (0 diagnostics)
# CHECK-NEXT: message: axis size 1180591620717411303424 does not fit in 64 bits
run("huge size", lambda: gspmd.Mesh("bad", [("a", 1 << 70)]))
# The error message itself carries the diagnostics.
try:
    gspmd.Mesh("bad", [("a", 0)])
except gspmd.GSPMDError as e:
    # CHECK-NEXT: message: invalid mesh @bad:
    # CHECK-NEXT: error: 'gspmd.mesh' op mesh axis 'a' has size 0
    print("message:", e)
# CHECK: not an axis pair: TypeError: mesh axes must be (name, size) pairs, got ('a',)
run("not an axis pair", lambda: gspmd.Mesh("bad", [("a",)]))
# CHECK-NEXT: size not an int: TypeError: axis size must be an int, got '2'
run("size not an int", lambda: gspmd.Mesh("bad", [("a", "2")]))
# CHECK-NEXT: name not a str: TypeError: mesh name must be a str, got 3
run("name not a str", lambda: gspmd.Mesh(3, [("a", 2)]))
# CHECK-NEXT: empty name: GSPMDError (0 diagnostics)
# CHECK-NEXT: message: mesh name must not be empty
run("empty name", lambda: gspmd.Mesh("", [("a", 2)]))
# Names that are not identifiers are quoted.
# CHECK-NEXT: gspmd.mesh @"my mesh" ["an axis"=2]
print(gspmd.Mesh("my mesh", [("an axis", 2)]))

# CHECK-LABEL: ownership
print("ownership")
with gspmd.Mesh("scoped", [("z", 2)]) as scoped:
    # CHECK-NEXT: inside gspmd.mesh @scoped ["z"=2]
    print("inside", scoped)
# CHECK-NEXT: after with: ValueError: the mesh has been closed
run("after with", lambda: scoped.name)
# CHECK-NEXT: <gspmd.Mesh (closed)>
print(repr(scoped))
ring.close()
ring.close()  # idempotent
# CHECK-NEXT: after close: ValueError: the mesh has been closed
run("after close", lambda: str(ring))
# Many short-lived meshes are destroyed by the garbage collector.
for i in range(1000):
    gspmd.Mesh("tmp%d" % i, [("a", 2)])
# CHECK-NEXT: still alive: gspmd.mesh @mesh ["data"=2, "model"=4]
print("still alive:", mesh)
# CHECK-NEXT: done
print("done")
