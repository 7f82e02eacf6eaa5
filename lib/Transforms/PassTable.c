/*
 * PassTable.c - the gspmd passes that are built, in pipeline order.
 *
 * gspmdRegisterPasses registers exactly these by name. A pass is added here
 * only when it does its whole job; nothing is registered as a no-op.
 */
#include "gspmd/passes.h"

#include <string.h>

const GspmdPassInfo gspmdPassTable[] = {
    {"gspmd-complete",
     "Sharding completion: give every tensor value a sharding from the "
     "annotations (options: explain=<bool>, print-rules=<bool>)",
     gspmdCreateCompletePass},
    {"gspmd-lower-to-mpi",
     "Lower gspmd collectives and SPMD ops to calls of the MPI runtime, at the "
     "tensor level (then one-shot-bufferize and the LLVM lowering)",
     gspmdCreateLowerToMPIPass},
    {"gspmd-comm-report",
     "Print each collective with the bytes every device sends and receives "
     "(cost model of lib/Sharding/cost.c) and totals per kind, on stdout",
     gspmdCreateCommReportPass},
    {"gspmd-partition",
     "SPMD partitioning: local shapes, collectives, reshards, padding and "
     "masking, axis_index offsets",
     gspmdCreatePartitionPass},
    {NULL, NULL, NULL},
};

bool gspmdParseBoolOption(const char *text, bool *out) {
  if (!strcmp(text, "true") || !strcmp(text, "1")) {
    *out = true;
    return true;
  }
  if (!strcmp(text, "false") || !strcmp(text, "0")) {
    *out = false;
    return true;
  }
  return false;
}
