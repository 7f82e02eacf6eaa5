//===- Pipelines.cpp - textual pipelines made of the built gspmd passes ---===//
//
// `gspmd-spmd` (DESIGN.md section 3) is registered once its passes exist;
// until then nothing is registered, so no name silently does nothing.
//
//===----------------------------------------------------------------------===//

#include "gspmd/passes.h"

void gspmdRegisterPipelines(void) {}
