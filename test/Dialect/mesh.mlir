// RUN: gspmd-opt %s -split-input-file | FileCheck %s --strict-whitespace --match-full-lines
// RUN: gspmd-opt %s -split-input-file | gspmd-opt -split-input-file | FileCheck %s --strict-whitespace --match-full-lines
// Generic-form and bytecode round trips give back the same IR.
// RUN: gspmd-opt %s -split-input-file -verify-roundtrip

// Meshes print exactly as written (DESIGN.md section 2), and the printed form
// parses back to the same text. The checks match whole lines, whitespace
// included.

// CHECK-LABEL:  gspmd.mesh @mesh ["data"=2, "model"=4]
// CHECK-NEXT:}
gspmd.mesh @mesh ["data"=2, "model"=4]

// -----

// Devices in an explicit order: the id at each row-major mesh position.
// CHECK-LABEL:  gspmd.mesh @ring ["x"=2, "y"=2] devices = [0, 2, 1, 3]
// CHECK-NEXT:}
gspmd.mesh @ring ["x"=2, "y"=2] devices = [0, 2, 1, 3]

// -----

// An identity device list is kept, not dropped.
// CHECK-LABEL:  gspmd.mesh @identity ["x"=2] devices = [0, 1]
// CHECK-NEXT:}
gspmd.mesh @identity ["x"=2] devices = [0, 1]

// -----

// One axis, a size-1 axis, three axes, and a mesh with no axes (one device).
// CHECK-LABEL:  gspmd.mesh @line ["x"=8]
// CHECK-NEXT:  gspmd.mesh @unit ["data"=4, "model"=1]
// CHECK-NEXT:  gspmd.mesh @cube ["x"=2, "y"=2, "z"=2] devices = [7, 6, 5, 4, 3, 2, 1, 0]
// CHECK-NEXT:  gspmd.mesh @single []
// CHECK-NEXT:}
gspmd.mesh @line ["x"=8]
gspmd.mesh @unit ["data"=4, "model"=1]
gspmd.mesh @cube ["x"=2, "y"=2, "z"=2] devices = [7, 6, 5, 4, 3, 2, 1, 0]
gspmd.mesh @single []

// -----

// Axis names are strings: any characters, escaped when printed.
// CHECK-LABEL:  gspmd.mesh @names ["batch.0"=2, "a b"=2, "q\22"=1]
// CHECK-NEXT:}
gspmd.mesh @names ["batch.0"=2, "a b"=2, "q\""=1]

// -----

// Extra attributes and symbol visibility are kept in the attribute dict.
// CHECK-LABEL:  gspmd.mesh @attrs ["x"=2] devices = [1, 0] {note = "spare", sym_visibility = "private"}
// CHECK-NEXT:}
gspmd.mesh @attrs ["x"=2] devices = [1, 0] {note = "spare", sym_visibility = "private"}

// -----

// Whitespace in the input does not matter; the printed form is canonical.
// CHECK-LABEL:  gspmd.mesh @spaced ["x"=2, "y"=4] devices = [0, 1, 2, 3, 4, 5, 6, 7]
// CHECK-NEXT:}
gspmd.mesh   @spaced[ "x" = 2 ,"y"=4 ]devices=[0,1,2,3,
                                        4,5,6,7]

// -----

// A mesh is a symbol: it sits next to functions and in nested modules, and
// ops refer to the nearest one.
// CHECK-LABEL:  gspmd.mesh @outer ["x"=2]
// CHECK-NEXT:  module @inner {
// CHECK-NEXT:    gspmd.mesh @outer ["y"=4]
// CHECK-NEXT:    func.func @inner_index() -> index {
// CHECK-NEXT:      %0 = gspmd.axis_index @outer ["y"]
// CHECK-NEXT:      return %0 : index
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @outer_index() -> index {
// CHECK-NEXT:    %0 = gspmd.axis_index @outer ["x"]
// CHECK-NEXT:    return %0 : index
// CHECK-NEXT:  }
// CHECK-NEXT:}
gspmd.mesh @outer ["x"=2]
module @inner {
  gspmd.mesh @outer ["y"=4]
  func.func @inner_index() -> index {
    %0 = gspmd.axis_index @outer ["y"]
    return %0 : index
  }
}
func.func @outer_index() -> index {
  %0 = gspmd.axis_index @outer ["x"]
  return %0 : index
}
