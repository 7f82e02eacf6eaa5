//===- Passes.cpp - C API: pass registration by name, pipelines -----------===//
//
// MLIR's C API can create a pass (mlirCreateExternalPass) but not register
// one by name; these few lines of C++ do that for our C passes, so they run
// in gspmd-opt, in stock mlir-opt through the plugin, and from any compiler.
//
//===----------------------------------------------------------------------===//

#include "gspmd-c/Passes.h"
#include "gspmd-c/Dialect.h"
#include "gspmd/passes.h"

#include "mlir-c/RegisterEverything.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include <mutex>

using namespace mlir;

void gspmdRegisterPassConstructor(GspmdPassConstructor constructor) {
  std::unique_ptr<Pass> probe(unwrap(constructor()));
  if (PassInfo::lookup(probe->getArgument()))
    return;
  registerPass(
      [constructor]() { return std::unique_ptr<Pass>(unwrap(constructor())); });
}

void gspmdRegisterPasses(void) {
  static std::once_flag once;
  std::call_once(once, [] {
    for (const GspmdPassInfo *info = gspmdPassTable; info->create; ++info)
      gspmdRegisterPassConstructor(info->create);
    gspmdRegisterPipelines();
  });
}

void gspmdRegisterAllPasses(void) {
  static std::once_flag once;
  std::call_once(once, [] { mlirRegisterAllPasses(); });
  gspmdRegisterPasses();
}

// Anchors a bare pass list on builtin.module.
static std::string anchorPipeline(StringRef text) {
  text = text.trim();
  if (text.starts_with("builtin.module("))
    return text.str();
  return ("builtin.module(" + text + ")").str();
}

MlirLogicalResult gspmdRunPipeline(MlirModule module, MlirStringRef pipeline) {
  ModuleOp m = unwrap(module);
  PassManager pm(m->getContext(), ModuleOp::getOperationName());
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  if (failed(parsePassPipeline(anchorPipeline(unwrap(pipeline)), pm,
                               errorStream))) {
    m.emitError() << "invalid pass pipeline: " << errors;
    return wrap(failure());
  }
  return wrap(pm.run(m));
}

static std::string formatDiagnostic(Diagnostic &diag) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << diag.getLocation() << ": ";
  switch (diag.getSeverity()) {
  case DiagnosticSeverity::Error:
    os << "error: ";
    break;
  case DiagnosticSeverity::Warning:
    os << "warning: ";
    break;
  case DiagnosticSeverity::Remark:
    os << "remark: ";
    break;
  case DiagnosticSeverity::Note:
    os << "note: ";
    break;
  }
  os << diag;
  for (Diagnostic &note : diag.getNotes())
    os << "\n" << note.getLocation() << ": note: " << note;
  return text;
}

MlirLogicalResult gspmdTransformText(MlirStringRef source,
                                     MlirStringRef pipeline,
                                     MlirStringCallback onOutput,
                                     MlirStringCallback onDiagnostic,
                                     void *userData) {
  gspmdRegisterAllPasses();
  MlirContext ctx = gspmdContextCreate();
  LogicalResult result = failure();
  {
    ScopedDiagnosticHandler handler(unwrap(ctx), [&](Diagnostic &diag) {
      std::string text = formatDiagnostic(diag);
      onDiagnostic(wrap(StringRef(text)), userData);
      return success();
    });
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(unwrap(source), unwrap(ctx), "<input>");
    if (module && succeeded(verify(*module)) &&
        (unwrap(pipeline).trim().empty() ||
         mlirLogicalResultIsSuccess(
             gspmdRunPipeline(wrap(*module), pipeline)))) {
      std::string text;
      llvm::raw_string_ostream os(text);
      module->print(os);
      onOutput(wrap(StringRef(text)), userData);
      result = success();
    }
  }
  mlirContextDestroy(ctx);
  return wrap(result);
}
