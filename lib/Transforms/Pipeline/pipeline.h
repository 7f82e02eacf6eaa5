/*
 * pipeline.h - what gspmd-pipeline (Pipeline.c) shares with the files that
 * build its rewrite: the op as read (Pipe), the vectoriser of the stage
 * (Vectorise.c) and the loops that run it (Loop.c).
 * Internal to lib/Transforms.
 */
#ifndef GSPMD_TRANSFORMS_PIPELINE_H
#define GSPMD_TRANSFORMS_PIPELINE_H

#include "gspmd/build.h"
#include "gspmd/sharding.h"

#include "mlir-c/IR.h"

/* A gspmd.pipeline op: one stage over M micro-batches, parameters stacked
 * over L stages (and R repeats), on the mesh axis `stage_axis`. */
typedef struct Pipe {
  MlirOperation op, mesh_op;
  MlirContext ctx;
  GspmdMesh mesh;
  int stage_axis;
  MlirStringRef mesh_name;
  int64_t M, L, R;
  int num_params, num_side;
  MlirType x, act, elt; /* [M, mb...], [mb...], element */
  int act_rank;
  int64_t act_shape[GSPMD_MAX_RANK];
} Pipe;

/* The stage's function (func.func @stage) in the module that holds it. */
MlirOperation gspmdPipeStageFunc(MlirModule stage);

/* Vectorises the stage function of `stage` over L in place: its arguments
 * (activation and parameters) and every value computed from them gain a
 * leading stage dim. Emits an error naming the op it cannot vectorise and
 * returns false. */
bool gspmdPipeVectorise(const Pipe *p, MlirModule stage);

/* The op's meaning as plain loops at `b` (for m, for r, for l: x <-
 * stage(x, W[r][l])), the stage function's body moved into the innermost
 * loop; `slices` are the types of one stage's parameters. Returns the
 * result [M, mb...]. */
MlirValue gspmdPipeBuildSequential(GspmdBuilder *b, const Pipe *p,
                                   MlirOperation stage, const MlirType *slices);

/* The stage-vectorised loop at `b`, the (vectorised) stage function's body
 * moved into it; `params` are the op's parameter types, `vparams` one
 * repeat's [L, ...]. Returns the result [M, mb...]. */
MlirValue gspmdPipeBuildVectorised(GspmdBuilder *b, const Pipe *p,
                                   MlirOperation stage, const MlirType *params,
                                   const MlirType *vparams);

#endif
