//===- GSPMDPlugin.cpp - load gspmd into stock mlir-opt -------------------===//
//
//   mlir-opt --load-dialect-plugin=libGSPMDPlugin.so
//            --load-pass-plugin=libGSPMDPlugin.so ...
//
// The dialect and passes live in libGSPMDCAPI.so, which this links, so each
// external pass keeps one TypeID anchor per process.
//
//===----------------------------------------------------------------------===//

#include "gspmd-c/Dialect.h"
#include "gspmd-c/Passes.h"

#include "mlir/CAPI/IR.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

using namespace mlir;

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "GSPMD", LLVM_VERSION_STRING,
          [](DialectRegistry *registry) {
            mlirDialectHandleInsertDialect(mlirGetDialectHandle__gspmd__(),
                                           wrap(registry));
            gspmdRegisterPasses();
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "GSPMDPasses", LLVM_VERSION_STRING,
          []() { gspmdRegisterPasses(); }};
}
