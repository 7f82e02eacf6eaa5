# RUN: %preload %python %s | FileCheck %s
# gspmd.compile: round trip through a pipeline, and errors with locations.

import gspmd

MODULE = """\
gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @f(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) -> tensor<8x16xf32> {
  %unused = arith.constant 1.0 : f32
  %0 = gspmd.sharding_constraint %a, #gspmd.partially_tiled<@mesh, [["data"], []]> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
"""


def fail(label, text, pipeline=""):
    """Compiles `text`, expecting GSPMDError; prints each diagnostic's lines."""
    try:
        gspmd.compile(text, pipeline)
    except gspmd.GSPMDError as e:
        print("%s: GSPMDError (%d diagnostics)" % (label, len(e.diagnostics)))
        for d in e.diagnostics:
            print("  diag:", d.splitlines()[0])
        return e
    print("%s: no error" % label)


# CHECK-LABEL: canonicalize
print("canonicalize")
# The dead constant is folded away; the annotations survive.
# CHECK-NEXT: module {
# CHECK-NEXT:   gspmd.mesh @mesh ["data"=2, "model"=4]
# CHECK-NEXT:   func.func @f(%arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\["data"\], \["model"\]\]}}>}) -> tensor<8x16xf32> {
# CHECK-NEXT:     %0 = gspmd.sharding_constraint %arg0, #gspmd.partially_tiled<@mesh, {{\[\["data"\], \[\]\]}}> : tensor<8x16xf32>
# CHECK-NEXT:     return %0 : tensor<8x16xf32>
# CHECK-NEXT:   }
# CHECK-NEXT: }
out = gspmd.compile(MODULE, "canonicalize")
print(out, end="")
# The output compiles again to itself.
# CHECK-NEXT: fixed point: True
print("fixed point:", gspmd.compile(out, "canonicalize") == out)

# CHECK-LABEL: no pipeline
print("no pipeline")
# Without a pipeline the module is only parsed, verified and printed.
# CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
plain = gspmd.compile(MODULE)
print([line.strip() for line in plain.splitlines() if "arith.constant" in line][0])
# CHECK-NEXT: builtin.module form: True
print("builtin.module form:", gspmd.compile(MODULE, "builtin.module(canonicalize)") == out)
diagnostics = []
gspmd.compile(MODULE, "canonicalize", diagnostics=diagnostics)
# CHECK-NEXT: diagnostics on success: []
print("diagnostics on success:", diagnostics)

# CHECK-LABEL: errors
print("errors")
bad_axis = MODULE.replace('@mesh, [["data"], ["model"]]', '@mesh, [["data"], ["nope"]]')
# CHECK-NEXT: unknown axis: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: <input>:2:{{[0-9]+}}: error: argument #0: unknown mesh axis "nope" in mesh @mesh
e = fail("unknown axis", bad_axis)
# The message holds the diagnostics too.
# CHECK-NEXT: message: compile failed:
# CHECK-NEXT: <input>:2:{{[0-9]+}}: error: argument #0: unknown mesh axis "nope" in mesh @mesh
print("message:", e)
twice = MODULE.replace('[["data"], []]>', '[["data"], ["data"]]>')
# CHECK-NEXT: axis twice: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: <input>:4:{{[0-9]+}}: error: mesh axis "data" is used twice in one sharding
fail("axis twice", twice)
no_mesh = MODULE.replace("partially_tiled<@mesh", "partially_tiled<@nomesh")
# CHECK-NEXT: unknown mesh: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: <input>:4:8: error: 'gspmd.sharding_constraint' op unknown mesh @nomesh
e = fail("unknown mesh", no_mesh)
# Notes stay with their diagnostic, each with its location.
# CHECK-NEXT: note: <input>:4:8: note: see current operation:
print("note:", e.diagnostics[0].splitlines()[1])
# CHECK-NEXT: syntax: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: <input>:1:14: error: expected non-function type
fail("syntax", "func.func @g( {")
bad_mesh = MODULE.replace('"model"=4', '"model"=0')
# CHECK-NEXT: bad mesh: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: <input>:1:1: error: 'gspmd.mesh' op mesh axis 'model' has size 0; sizes must be >= 1
fail("bad mesh", bad_mesh)
# Several errors: every one is reported, in order.
TWO = """\
gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @g(%a: tensor<8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"]]>}) { return }
func.func @h(%a: tensor<8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"]]>}) { return }
"""
# CHECK-NEXT: two errors: GSPMDError (2 diagnostics)
# CHECK-NEXT: diag: <input>:2:{{[0-9]+}}: error: argument #0: unknown mesh axis "x" in mesh @mesh
# CHECK-NEXT: diag: <input>:3:{{[0-9]+}}: error: argument #0: unknown mesh axis "y" in mesh @mesh
fail("two errors", TWO)
# CHECK-NEXT: unknown pass: GSPMDError (1 diagnostics)
# CHECK-NEXT: diag: <input>:0:0: error: invalid pass pipeline: {{.*}}'no-such-pass' does not refer to a registered pass or pass pipeline
fail("unknown pass", MODULE, "no-such-pass")
# CHECK-NEXT: done
print("done")
