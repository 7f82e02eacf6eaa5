// RUN: not gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete,gspmd-show-shardings)' 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: not gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete,gspmd-show-shardings{entry=a})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ENTRY --strict-whitespace --match-full-lines

// No default entry: several public functions, or none.
// DEFAULT: error: gspmd-show-shardings: several public functions (@a, @b): choose one with entry=NAME
// DEFAULT: error: gspmd-show-shardings: no public function with a body: choose one with entry=NAME

// A replicated value of a module with several meshes: which devices hold
// it is not known.
// ENTRY:{{.*}}remark: %arg0 tensor<4x8xf32> #gspmd.replicated: per device 4x8 (1 block, a copy on every device)
// ENTRY-NEXT:+---------------+
// ENTRY-NEXT:|  all devices  |
// ENTRY-NEXT:+---------------+
// ENTRY:{{.*}}error: gspmd-show-shardings: no function @a with a body (functions: @p)

gspmd.mesh @m1 ["x"=2]
gspmd.mesh @m2 ["y"=4]

func.func @a(%x: tensor<4x8xf32>) {
  return
}

func.func @b(%x: tensor<4x8xf32> {gspmd.sharding = #gspmd.tiled<@m2, [["y"], []]>}) {
  return
}

// -----

func.func private @p() {
  return
}
