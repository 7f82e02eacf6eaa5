//===- gspmd-opt.cpp - mlir-opt with the gspmd dialect and passes ---------===//
//
// Every upstream dialect, extension and pass plus ours, so
// --verify-diagnostics, --split-input-file and --mlir-timing all work.
//
//===----------------------------------------------------------------------===//

#include "gspmd-c/Dialect.h"
#include "gspmd-c/Passes.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  gspmdRegisterAllDialects(wrap(&registry));
  gspmdRegisterAllPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "gspmd-mlir optimizer driver\n", registry));
}
