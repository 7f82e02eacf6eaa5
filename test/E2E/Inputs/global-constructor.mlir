// A module with a global constructor (test/E2E/shared-code.mlir).
gspmd.mesh @mesh ["x"=2, "y"=2]
llvm.mlir.global_ctors ctors = [@init], priorities = [0 : i32], data = [#llvm.zero]
llvm.func @init() {
  llvm.return
}
func.func @main(%a: tensor<8x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>}) -> tensor<8x4xf32> {
  %b = arith.addf %a, %a : tensor<8x4xf32>
  return %b : tensor<8x4xf32>
}
