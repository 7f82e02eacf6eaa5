//===- Pipelines.cpp - textual pipelines made of the built gspmd passes ---===//
//
// `gspmd-spmd` (docs/design.md) is the annotated-program-to-SPMD
// pipeline. It holds the sharding passes that are built (those in gspmdPassTable),
// in the order a program goes through them, then canonicalize and cse.
//
//===----------------------------------------------------------------------===//

#include "gspmd/passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include <cstring>
#include <string>

using namespace mlir;

static bool isBuilt(const char *name) {
  for (const GspmdPassInfo *info = gspmdPassTable; info->create; ++info)
    if (!std::strcmp(info->argument, name))
      return true;
  return false;
}

// The sharding passes in program order, those that are built.
static std::string spmdPipelineText() {
  static const char *const order[] = {"gspmd-pipeline", "gspmd-complete",
                                      "gspmd-partition", "gspmd-halo-exchange"};
  std::string text;
  for (const char *name : order)
    if (isBuilt(name))
      text += std::string(name) + ",";
  return text + "canonicalize,cse";
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
        return parsePassPipeline(spmdPipelineText(), pm);
      },
      [](function_ref<void(const detail::PassOptions &)>) {});
}
