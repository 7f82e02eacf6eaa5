//===- Pipelines.cpp - textual pipelines made of the built gspmd passes ---===//
//
// `gspmd-spmd` (docs/design.md) is the annotated-program-to-SPMD
// pipeline: the sharding passes in the order a program goes through them,
// then canonicalize and cse.
//
//===----------------------------------------------------------------------===//

#include "gspmd/passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include <string>

using namespace mlir;

// The sharding passes in the order a program goes through them.
static const char *const kSpmdPasses =
    "gspmd-pipeline,gspmd-complete,gspmd-partition,gspmd-halo-exchange,"
    "canonicalize,cse";

const char *gspmdSpmdPipelineText(void) {
  static const std::string text =
      std::string("builtin.module(") + kSpmdPasses + ")";
  return text.c_str();
}

void gspmdRegisterPipelines(void) {
  if (PassPipelineInfo::lookup("gspmd-spmd"))
    return;
  registerPassPipeline(
      "gspmd-spmd",
      "Annotated global program to SPMD program: the built passes of "
      "gspmd-pipeline, gspmd-complete, gspmd-partition, gspmd-halo-exchange, "
      "then canonicalize, cse",
      [](OpPassManager &pm, StringRef options,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        if (!options.trim().empty())
          return errorHandler("gspmd-spmd takes no options");
        return parsePassPipeline(kSpmdPasses, pm);
      },
      [](function_ref<void(const detail::PassOptions &)>) {});
}
