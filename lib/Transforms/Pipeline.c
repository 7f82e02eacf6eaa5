/*
 * Pipeline.c - gspmd-pipeline: pipelining as sharding (GSPMD section 3.3).
 *
 * Rewrites each gspmd.pipeline op (one homogeneous stage over M
 * micro-batches, parameters stacked over L stages) into a global program
 * that partitioning turns into a pipeline, with no pipeline-specific
 * communication code:
 *
 *   - the stage is vectorised over L: its body is first normalised (tosa to
 *     linalg/arith/tensor, named linalg ops generalised, elementwise ops on
 *     tensors to linalg.generic, all by upstream passes run on a private
 *     copy), then every linalg.generic reading a stage value gains a
 *     leading parallel loop, tensor ops and constraints gain a leading dim;
 *     values computed from side inputs only stay as they are, read whole;
 *   - a loop of M + L - 1 iterations (R = 1; scf.for, never unrolled) over a
 * state [L, mb...] that starts at zero: each iteration shifts the state by one
 *     stage (extract_slice of rows [0, L-1), tensor.pad of one row in front:
 *     on a split stage dim, one halo exchange of one row, i.e. one
 *     collective_permute), puts micro-batch t into row 0 with a select on
 *     the stage index, runs the vectorised stage, and writes row L-1 into an
 *     output buffer [L, M, mb...] at micro-batch t - (L-1) with a select on
 *     (stage, micro-batch) indices, locally on the device holding it;
 *   - after the loop, row L-1 of the buffer is the result, taken as a sum
 *     over the stage dim of the rows selected by stage == L-1: each device
 *     reduces its rows locally, then one all_reduce of [M, mb...] (the only
 *     value that crosses devices outside the shift, once);
 *   - circular schedule (repeats = R > 1, parameters [R, L, ...]): the shift
 *     is a rotation, a generic reading `(d0 - 1) mod L` (a periodic window:
 *     one collective_permute with wrap), so row 0 receives the last stage's
 *     previous output; that is kept at row 0 of a buffer [L, M, mb...] (on
 *     stage 0's device) until stage 0 runs the micro-batch's next repeat.
 *     Each repeat has M' = max(M, L) micro-batch slots (M < L: L - M bubble
 *     slots, since an output is back at stage 0 only L steps after it left
 *     it); stage 0 takes a fresh micro-batch in steps t < M', else the slot
 *     t mod M'. Stage l runs step t - l, repeat r = (t - l) / M' (clamped in
 *     bubbles), with W[r][l] chosen by a select over R as a reduction loop
 *     (local). Trip count M' + M + L - 1 (M R + L - 1 when M >= L).
 * Bubble rows compute on zeros or stale values and may hold inf/NaN; only
 * selects read them, so they never reach a result. The stage dim of the
 * parameters, the state and the output buffer is pinned to the op's mesh
 * axis by open sharding_constraints (a floor, so data/model axes inside the
 * stage still complete); everything else is left to completion.
 *
 * `sequential=true` instead writes the op's meaning as plain loops (for m,
 * for r, for l: x <- stage(x, W[r][l])) with the stage body as written:
 * gspmd-run's unpartitioned reference uses it, so a bug in the vectorised
 * rewrite shows up as a FAIL.
 *
 * Both forms are written as IR text (a template function, parsed with the
 * op's mesh) and spliced in place of the op; the stage body is moved in
 * where an unrealized_conversion_cast placeholder stands.
 *
 * Assumes: ops verified (static shapes, L a multiple of the axis size). An
 * op the vectoriser does not know, or a stage value read
 * from inside a region (tensor.extract in a generic body), is an error
 * naming that op; the pass then fails and changes nothing.
 */
#include "gspmd/build.h"
#include "gspmd/passes.h"
#include "gspmd/support.h"

#include "gspmd-c/Dialect.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/Linalg.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Tensor.h"
#include "mlir-c/Pass.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

/*===-- Text --------------------------------------------------------------===*/

typedef struct Text {
  char *buf;
  size_t len, cap;
} Text;

static void textAppend(Text *t, const char *s, size_t n) {
  if (t->len + n + 1 > t->cap) {
    t->cap = 2 * (t->len + n + 1) + 256;
    t->buf = realloc(t->buf, t->cap);
  }
  memcpy(t->buf + t->len, s, n);
  t->len += n;
  t->buf[t->len] = 0;
}

static void textf(Text *t, const char *fmt, ...) {
  char tmp[1024];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
  va_end(ap);
  if (n < (int)sizeof(tmp)) {
    textAppend(t, tmp, (size_t)n);
    return;
  }
  char *big = malloc((size_t)n + 1);
  va_start(ap, fmt);
  vsnprintf(big, (size_t)n + 1, fmt, ap);
  va_end(ap);
  textAppend(t, big, (size_t)n);
  free(big);
}

static void printCallback(MlirStringRef s, void *user) {
  textAppend(user, s.data, s.length);
}

static void textType(Text *t, MlirType type) {
  mlirTypePrint(type, printCallback, t);
}

/* "0, 0, 0" (n zeros) and similar lists. */
static void textRepeat(Text *t, const char *item, int n) {
  for (int i = 0; i < n; ++i)
    textf(t, "%s%s", i ? ", " : "", item);
}

static void textShape(Text *t, const int64_t *shape, int n) {
  for (int i = 0; i < n; ++i)
    textf(t, "%s%lld", i ? ", " : "", (long long)shape[i]);
}

/* affine_map<(d0, ..., d{n-1}) -> (d{first}, ..., d{n-1})> with dim `skip`
 * left out (skip < 0: none). */
static void textMap(Text *t, int n, int first, int skip) {
  textf(t, "affine_map<(");
  for (int i = 0; i < n; ++i)
    textf(t, "%sd%d", i ? ", " : "", i);
  textf(t, ") -> (");
  bool any = false;
  for (int i = first; i < n; ++i) {
    if (i == skip)
      continue;
    textf(t, "%sd%d", any ? ", " : "", i);
    any = true;
  }
  textf(t, ")>");
}

static void textParallel(Text *t, int n) { textRepeat(t, "\"parallel\"", n); }

/*===-- The op ------------------------------------------------------------===*/

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

static bool readPipe(MlirOperation op, GspmdArena *arena, Pipe *p) {
  memset(p, 0, sizeof(*p));
  p->op = op;
  p->ctx = mlirOperationGetContext(op);
  p->mesh_name = mlirFlatSymbolRefAttrGetValue(
      mlirOperationGetAttributeByName(op, str("mesh")));
  p->mesh_op = gspmdLookupSymbol(op, p->mesh_name);
  if (mlirOperationIsNull(p->mesh_op) ||
      !gspmdMeshFromOp(p->mesh_op, arena, &p->mesh))
    return false;
  MlirStringRef axis =
      mlirStringAttrGetValue(mlirOperationGetAttributeByName(op, str("axis")));
  char name[256];
  snprintf(name, sizeof(name), "%.*s", (int)axis.length, axis.data);
  p->stage_axis = gspmdMeshFindAxis(&p->mesh, name);
  if (p->stage_axis < 0)
    return false;
  p->R = mlirIntegerAttrGetValueInt(
      mlirOperationGetAttributeByName(op, str("repeats")));
  MlirAttribute seg =
      mlirOperationGetAttributeByName(op, str("operandSegmentSizes"));
  p->num_params = mlirDenseI32ArrayGetElement(seg, 1);
  p->num_side = mlirDenseI32ArrayGetElement(seg, 2);
  p->x = mlirValueGetType(mlirOperationGetOperand(op, 0));
  p->elt = mlirShapedTypeGetElementType(p->x);
  p->M = mlirShapedTypeGetDimSize(p->x, 0);
  MlirType w = mlirValueGetType(mlirOperationGetOperand(op, 1));
  p->L = mlirShapedTypeGetDimSize(w, p->R > 1 ? 1 : 0);
  p->act_rank = (int)mlirShapedTypeGetRank(p->x) - 1;
  for (int d = 0; d < p->act_rank; ++d)
    p->act_shape[d] = mlirShapedTypeGetDimSize(p->x, d + 1);
  p->act = mlirRankedTensorTypeGet(p->act_rank, p->act_shape, p->elt,
                                   mlirAttributeGetNull());
  return true;
}

static MlirValue paramOperand(const Pipe *p, int i) {
  return mlirOperationGetOperand(p->op, 1 + i);
}

static MlirValue sideOperand(const Pipe *p, int i) {
  return mlirOperationGetOperand(p->op, 1 + p->num_params + i);
}

/* [n, shape...] with the element type of `like`. */
static MlirType prepend(MlirType like, int64_t n) {
  int rank = (int)mlirShapedTypeGetRank(like);
  int64_t shape[GSPMD_MAX_RANK + 1];
  shape[0] = n;
  for (int d = 0; d < rank; ++d)
    shape[d + 1] = mlirShapedTypeGetDimSize(like, d);
  return mlirRankedTensorTypeGet(rank + 1, shape,
                                 mlirShapedTypeGetElementType(like),
                                 mlirAttributeGetNull());
}

/* #gspmd.(partially_)tiled<@mesh, [..., ["stage"], ...]> for `rank` dims,
 * the stage axis on dim `dim`. */
static void textStageShardingOn(Text *t, const Pipe *p, int rank, int dim) {
  bool tiled = true;
  for (int a = 0; a < p->mesh.num_axes; ++a)
    if (a != p->stage_axis && p->mesh.axis_sizes[a] > 1)
      tiled = false;
  textf(t, "#gspmd.%s<@%.*s, [", tiled ? "tiled" : "partially_tiled",
        (int)p->mesh_name.length, p->mesh_name.data);
  for (int d = 0; d < rank; ++d)
    textf(t, "%s[%s%s%s]", d ? ", " : "", d == dim ? "\"" : "",
          d == dim ? p->mesh.axis_names[p->stage_axis] : "",
          d == dim ? "\"" : "");
  textf(t, "]>");
}

static void textStageSharding(Text *t, const Pipe *p, int rank) {
  textStageShardingOn(t, p, rank, 0);
}

static void textZero(Text *t, MlirType elt) {
  textf(t, mlirTypeIsAFloat(elt) ? "0.0 : " : "0 : ");
  textType(t, elt);
}

/* The function header shared by both templates: the op's operands as
 * arguments, the mesh op copied so that shardings verify. */
static void textHeader(Text *t, const Pipe *p) {
  textf(t, "module {\n");
  mlirOperationPrint(p->mesh_op, printCallback, t);
  textf(t, "\nfunc.func @pipeline(%%x: ");
  textType(t, p->x);
  for (int i = 0; i < p->num_params; ++i) {
    textf(t, ", %%p%d: ", i);
    textType(t, mlirValueGetType(paramOperand(p, i)));
  }
  for (int i = 0; i < p->num_side; ++i) {
    textf(t, ", %%s%d: ", i);
    textType(t, mlirValueGetType(sideOperand(p, i)));
  }
  textf(t, ") -> ");
  textType(t, p->x);
  textf(t, " {\n  %%c0 = arith.constant 0 : index\n"
           "  %%c1 = arith.constant 1 : index\n");
}

/* The placeholder the stage body replaces: the stage's arguments in, its
 * yield out. */
static void textStageCall(Text *t, const Pipe *p, const char *act,
                          const char *param_prefix, MlirType act_type,
                          MlirType *param_types) {
  textf(t, "%%stage = builtin.unrealized_conversion_cast %s", act);
  for (int i = 0; i < p->num_params; ++i)
    textf(t, ", %%%s%d", param_prefix, i);
  for (int i = 0; i < p->num_side; ++i)
    textf(t, ", %%s%d", i);
  textf(t, " : ");
  textType(t, act_type);
  for (int i = 0; i < p->num_params; ++i) {
    textf(t, ", ");
    textType(t, param_types[i]);
  }
  for (int i = 0; i < p->num_side; ++i) {
    textf(t, ", ");
    textType(t, mlirValueGetType(sideOperand(p, i)));
  }
  textf(t, " to ");
  textType(t, act_type);
  textf(t, "\n");
}

/*===-- Sequential meaning ------------------------------------------------===*/

/* for m < M: x <- x[m]; for r < R, l < L: x <- stage(x, W[r][l]). */
static void textSequential(Text *t, const Pipe *p, MlirType *slices) {
  textHeader(t, p);
  int r = p->act_rank;
  textf(t, "  %%cM = arith.constant %lld : index\n", (long long)p->M);
  textf(t, "  %%cR = arith.constant %lld : index\n", (long long)p->R);
  textf(t, "  %%cL = arith.constant %lld : index\n", (long long)p->L);
  textf(t, "  %%res = scf.for %%m = %%c0 to %%cM step %%c1 iter_args(%%acc = "
           "%%x) -> (");
  textType(t, p->x);
  textf(t, ") {\n  %%xm = tensor.extract_slice %%acc[%%m");
  for (int d = 0; d < r; ++d)
    textf(t, ", 0");
  textf(t, "] [1");
  for (int d = 0; d < r; ++d)
    textf(t, ", %lld", (long long)p->act_shape[d]);
  textf(t, "] [1");
  for (int d = 0; d < r; ++d)
    textf(t, ", 1");
  textf(t, "] : ");
  textType(t, p->x);
  textf(t, " to ");
  textType(t, p->act);
  textf(t, "\n  %%y = scf.for %%r = %%c0 to %%cR step %%c1 iter_args(%%a0 = "
           "%%xm) -> (");
  textType(t, p->act);
  textf(t, ") {\n  %%z = scf.for %%l = %%c0 to %%cL step %%c1 iter_args(%%a1 "
           "= %%a0) -> (");
  textType(t, p->act);
  textf(t, ") {\n");
  int k = p->R > 1 ? 2 : 1;
  for (int i = 0; i < p->num_params; ++i) {
    MlirType w = mlirValueGetType(paramOperand(p, i));
    int wr = (int)mlirShapedTypeGetRank(w);
    textf(t, "  %%w%d = tensor.extract_slice %%p%d[%s", i, i,
          k == 2 ? "%r, %l" : "%l");
    for (int d = k; d < wr; ++d)
      textf(t, ", 0");
    textf(t, "] [%s", k == 2 ? "1, 1" : "1");
    for (int d = k; d < wr; ++d)
      textf(t, ", %lld", (long long)mlirShapedTypeGetDimSize(w, d));
    textf(t, "] [");
    textRepeat(t, "1", wr);
    textf(t, "] : ");
    textType(t, w);
    textf(t, " to ");
    textType(t, slices[i]);
    textf(t, "\n");
  }
  textf(t, "  ");
  textStageCall(t, p, "%a1", "w", p->act, slices);
  textf(t, "  scf.yield %%stage : ");
  textType(t, p->act);
  textf(t, "\n  }\n  scf.yield %%z : ");
  textType(t, p->act);
  textf(t, "\n  }\n  %%acc2 = tensor.insert_slice %%y into %%acc[%%m");
  for (int d = 0; d < r; ++d)
    textf(t, ", 0");
  textf(t, "] [1");
  for (int d = 0; d < r; ++d)
    textf(t, ", %lld", (long long)p->act_shape[d]);
  textf(t, "] [1");
  for (int d = 0; d < r; ++d)
    textf(t, ", 1");
  textf(t, "] : ");
  textType(t, p->act);
  textf(t, " into ");
  textType(t, p->x);
  textf(t, "\n  scf.yield %%acc2 : ");
  textType(t, p->x);
  textf(t, "\n  }\n  return %%res : ");
  textType(t, p->x);
  textf(t, "\n}\n}\n");
}

/*===-- The stage-vectorised loop -----------------------------------------===*/

/* %name = tensor.empty + linalg.fill 0 of `type`, pinned on the stage dim
 * by an open constraint. */
static void textZeros(Text *t, const Pipe *p, const char *name, MlirType type) {
  textf(t, "  %%%s_e = tensor.empty() : ", name);
  textType(t, type);
  textf(t, "\n  %%%s_z = linalg.fill ins(%%zero : ", name);
  textType(t, p->elt);
  textf(t, ") outs(%%%s_e : ", name);
  textType(t, type);
  textf(t, ") -> ");
  textType(t, type);
  textf(t, "\n  %%%s = gspmd.sharding_constraint %%%s_z, ", name, name);
  textStageSharding(t, p, (int)mlirShapedTypeGetRank(type));
  textf(t, " {open} : ");
  textType(t, type);
  textf(t, "\n");
}

/* %res [M, mb...] = row L-1 of the output buffer %loop#1 [L, M, mb...],
 * written as a sum over the stage dim of the rows selected by stage index
 * == L-1: on a split stage dim each device sums its own rows locally and
 * one all_reduce (or reduce_scatter) of [M, mb...] combines them, moving
 * only the last stage's rows, where a slice of row L-1 would first gather
 * the whole buffer. The select keeps other rows (never written, but
 * whatever they hold) out; -0.0 is the exact identity of addf, so the
 * result is bit for bit row L-1 (-0.0 included). */
static void textCollectLast(Text *t, const Pipe *p, MlirType O) {
  int r = p->act_rank;
  bool fp = mlirTypeIsAFloat(p->elt);
  textf(t, "  %%nzero = arith.constant %s", fp ? "-0.0 : " : "0 : ");
  textType(t, p->elt);
  textf(t, "\n  %%res_e = tensor.empty() : ");
  textType(t, p->x);
  textf(t, "\n  %%res_z = linalg.fill ins(%%nzero : ");
  textType(t, p->elt);
  textf(t, ") outs(%%res_e : ");
  textType(t, p->x);
  textf(t, ") -> ");
  textType(t, p->x);
  textf(t, "\n  %%res = linalg.generic {indexing_maps = [");
  textMap(t, r + 2, 0, -1);
  textf(t, ", ");
  textMap(t, r + 2, 1, -1);
  textf(t, "], iterator_types = [\"reduction\", ");
  textParallel(t, r + 1);
  textf(t, "]} ins(%%loop#1 : ");
  textType(t, O);
  textf(t, ") outs(%%res_z : ");
  textType(t, p->x);
  textf(t, ") {\n  ^bb0(%%v: ");
  textType(t, p->elt);
  textf(t, ", %%acc: ");
  textType(t, p->elt);
  textf(t, "):\n    %%s = linalg.index 0 : index\n"
           "    %%last = arith.cmpi eq, %%s, %%cLast : index\n"
           "    %%pick = arith.select %%last, %%v, %%nzero : ");
  textType(t, p->elt);
  textf(t,
        "\n    %%sum = %s %%acc, %%pick : ", fp ? "arith.addf" : "arith.addi");
  textType(t, p->elt);
  textf(t, "\n    linalg.yield %%sum : ");
  textType(t, p->elt);
  textf(t, "\n  } -> ");
  textType(t, p->x);
  textf(t, "\n");
}

/* Circular schedule (R > 1): micro-batch slots per repeat, M' = max(M, L)
 * (M < L: L - M bubble slots, so that a micro-batch leaving the last stage
 * is back at stage 0 no earlier than it is needed), and the trip count: the
 * last micro-batch's last repeat leaves the last stage at step
 * M' + M - 1, iteration M' + M + L - 2. R = 1: M + L - 1. */
static int64_t slotsPerRepeat(const Pipe *p) {
  return p->R > 1 && p->M < p->L ? p->L : p->M;
}

static int64_t tripCount(const Pipe *p) {
  return (p->R - 1) * slotsPerRepeat(p) + p->M + p->L - 1;
}

/* %shifted = the state rotated by one stage, row s <- row (s - 1) mod L: a
 * generic reading `(d0 - 1) mod L`, whose periodic window partitions into
 * one collective_permute with wrap on a split stage dim. */
static void textRotate(Text *t, const Pipe *p, MlirType S) {
  int n = p->act_rank + 1;
  textf(t, "  %%rot_e = tensor.empty() : ");
  textType(t, S);
  textf(t, "\n  %%shifted = linalg.generic {indexing_maps = [affine_map<(");
  for (int i = 0; i < n; ++i)
    textf(t, "%sd%d", i ? ", " : "", i);
  textf(t, ") -> ((d0 - 1) mod %lld", (long long)p->L);
  for (int i = 1; i < n; ++i)
    textf(t, ", d%d", i);
  textf(t, ")>, ");
  textMap(t, n, 0, -1);
  textf(t, "], iterator_types = [");
  textParallel(t, n);
  textf(t, "]} ins(%%st : ");
  textType(t, S);
  textf(t, ") outs(%%rot_e : ");
  textType(t, S);
  textf(t, ") {\n  ^bb0(%%v: ");
  textType(t, p->elt);
  textf(t, ", %%o: ");
  textType(t, p->elt);
  textf(t, "):\n    linalg.yield %%v : ");
  textType(t, p->elt);
  textf(t, "\n  } -> ");
  textType(t, S);
  textf(t, "\n");
}

/* `%<result> = ` a generic over [L, M, ...] that writes `in` [L, ...] into
 * the cell (stage `stage`, micro-batch `mb`) of `buf` and keeps every other
 * cell: a select on linalg.index, never a masked product, so inf/NaN in
 * bubble rows stay out. */
static void textStoreCell(Text *t, const Pipe *p, const char *result,
                          const char *in, MlirType S, const char *buf,
                          MlirType B, const char *stage, const char *mb) {
  int r = p->act_rank;
  textf(t, "  %%%s = linalg.generic {indexing_maps = [", result);
  textMap(t, r + 2, 0, 1);
  textf(t, ", ");
  textMap(t, r + 2, 0, -1);
  textf(t, "], iterator_types = [");
  textParallel(t, r + 2);
  textf(t, "]} ins(%%%s : ", in);
  textType(t, S);
  textf(t, ") outs(%%%s : ", buf);
  textType(t, B);
  textf(t, ") {\n  ^bb0(%%v: ");
  textType(t, p->elt);
  textf(t, ", %%o: ");
  textType(t, p->elt);
  textf(t,
        "):\n    %%s = linalg.index 0 : index\n"
        "    %%m = linalg.index 1 : index\n"
        "    %%at_stage = arith.cmpi eq, %%s, %%%s : index\n"
        "    %%mine = arith.cmpi eq, %%m, %%%s : index\n"
        "    %%keep = arith.andi %%at_stage, %%mine : i1\n"
        "    %%pick = arith.select %%keep, %%v, %%o : ",
        stage, mb);
  textType(t, p->elt);
  textf(t, "\n    linalg.yield %%pick : ");
  textType(t, p->elt);
  textf(t, "\n  } -> ");
  textType(t, B);
}

/* After the rotation, row 0 holds the last stage's output of step t - L
 * (micro-batch slot (t - L) mod M'): kept in %circ [L, M, mb...] at row 0
 * (the device of stage 0) until stage 0 takes it for the next repeat, at
 * step t - L + M' >= t; %cr [L, mb...] is what step t takes from it. The
 * store comes first: for M' = L the slot is taken in the same iteration. */
static void textRecirculate(Text *t, const Pipe *p, MlirType S, MlirType C) {
  int r = p->act_rank;
  textf(t, "  %%ks = arith.subi %%t, %%cL : index\n"
           "  %%ks_ok = arith.cmpi sge, %%ks, %%c0 : index\n"
           "  %%ks_m = arith.remsi %%ks, %%cMp : index\n"
           "  %%ms = arith.select %%ks_ok, %%ks_m, %%cNeg : index\n");
  textStoreCell(t, p, "circ", "shifted", S, "cb", C, "c0", "ms");
  textf(t, "\n  %%tmod = arith.remsi %%t, %%cMp : index\n"
           "  %%tslot = arith.minsi %%tmod, %%cMLast : index\n"
           "  %%cr = tensor.extract_slice %%circ[0, %%tslot");
  for (int d = 0; d < r; ++d)
    textf(t, ", 0");
  textf(t, "] [%lld, 1", (long long)p->L);
  for (int d = 0; d < r; ++d)
    textf(t, ", %lld", (long long)p->act_shape[d]);
  textf(t, "] [");
  textRepeat(t, "1", r + 2);
  textf(t, "] : ");
  textType(t, C);
  textf(t, " to ");
  textType(t, S);
  textf(t, "\n  %%fresh = arith.cmpi slt, %%t, %%cMp : index\n");
}

/* %w<i> [L, ...]: stage l's parameters for this iteration, W[r][l] with r
 * the repeat of its step t - l (clamped in bubbles), chosen over R as a
 * reduction loop: max(acc, select(r == rep, w, lowest)) from `lowest` (-inf;
 * 0 unsigned for integers), exact whatever W holds (the chosen NaN stays
 * NaN, unused repeats' inf/NaN never leak; never a product with a 0/1
 * mask), local on every device, and a reduction StableHLO maps. */
static void textSelectParams(Text *t, const Pipe *p, const MlirType *params,
                             const MlirType *vparams) {
  for (int i = 0; i < p->num_params; ++i) {
    int n = (int)mlirShapedTypeGetRank(vparams[i]); /* [L, ...] */
    MlirType elt = mlirShapedTypeGetElementType(vparams[i]);
    bool is_float = mlirTypeIsAFloat(elt);
    textf(t, "  %%w%d_low = arith.constant ", i);
    if (is_float)
      mlirAttributePrint(mlirFloatAttrDoubleGet(p->ctx, elt, -INFINITY),
                         printCallback, t);
    else
      textZero(t, elt);
    textf(t, "\n  %%w%d_e = tensor.empty() : ", i);
    textType(t, vparams[i]);
    textf(t, "\n  %%w%d_z = linalg.fill ins(%%w%d_low : ", i, i);
    textType(t, elt);
    textf(t, ") outs(%%w%d_e : ", i);
    textType(t, vparams[i]);
    textf(t, ") -> ");
    textType(t, vparams[i]);
    textf(t, "\n  %%w%d = linalg.generic {indexing_maps = [affine_map<(", i);
    for (int d = 0; d <= n; ++d)
      textf(t, "%sd%d", d ? ", " : "", d);
    textf(t, ") -> (d%d", n);
    for (int d = 0; d < n; ++d)
      textf(t, ", d%d", d);
    textf(t, ")>, ");
    textMap(t, n + 1, 0, n);
    textf(t, "], iterator_types = [");
    textParallel(t, n);
    textf(t, ", \"reduction\"]} ins(%%q%d : ", i);
    textType(t, params[i]);
    textf(t, ") outs(%%w%d_z : ", i);
    textType(t, vparams[i]);
    textf(t, ") {\n  ^bb0(%%v: ");
    textType(t, elt);
    textf(t, ", %%o: ");
    textType(t, elt);
    textf(t,
          "):\n    %%l = linalg.index 0 : index\n"
          "    %%rr = linalg.index %d : index\n"
          "    %%k = arith.subi %%t, %%l : index\n"
          "    %%kr = arith.divsi %%k, %%cMp : index\n"
          "    %%kr0 = arith.maxsi %%kr, %%c0 : index\n"
          "    %%rep = arith.minsi %%kr0, %%cRLast : index\n"
          "    %%mine = arith.cmpi eq, %%rr, %%rep : index\n"
          "    %%pick = arith.select %%mine, %%v, %%w%d_low : ",
          n, i);
    textType(t, elt);
    textf(t, "\n    %%max = %s %%o, %%pick : ",
          is_float ? "arith.maximumf" : "arith.maxui");
    textType(t, elt);
    textf(t, "\n    linalg.yield %%max : ");
    textType(t, elt);
    textf(t, "\n  } -> ");
    textType(t, vparams[i]);
    textf(t, "\n");
  }
}

static void textVectorised(Text *t, const Pipe *p, MlirType *params,
                           MlirType *vparams) {
  textHeader(t, p);
  int r = p->act_rank;
  int64_t T = tripCount(p);
  bool circular = p->R > 1;
  MlirType S = prepend(p->act, p->L);
  int64_t oshape[GSPMD_MAX_RANK + 2];
  oshape[0] = p->L;
  oshape[1] = p->M;
  for (int d = 0; d < r; ++d)
    oshape[d + 2] = p->act_shape[d];
  MlirType O =
      mlirRankedTensorTypeGet(r + 2, oshape, p->elt, mlirAttributeGetNull());
  textf(t, "  %%cT = arith.constant %lld : index\n", (long long)T);
  textf(t, "  %%cLast = arith.constant %lld : index\n", (long long)p->L - 1);
  textf(t, "  %%cMLast = arith.constant %lld : index\n", (long long)p->M - 1);
  /* Micro-batch m's final output leaves the last stage at step
   * M' + m, iteration cDone + m. */
  textf(t, "  %%cDone = arith.constant %lld : index\n",
        (long long)((p->R - 1) * slotsPerRepeat(p) + p->L - 1));
  if (circular)
    textf(t,
          "  %%cMp = arith.constant %lld : index\n"
          "  %%cL = arith.constant %lld : index\n"
          "  %%cRLast = arith.constant %lld : index\n"
          "  %%cNeg = arith.constant -1 : index\n",
          (long long)slotsPerRepeat(p), (long long)p->L, (long long)p->R - 1);
  textf(t, "  %%zero = arith.constant ");
  textZero(t, p->elt);
  textf(t, "\n");
  for (int i = 0; i < p->num_params; ++i) {
    textf(t, "  %%q%d = gspmd.sharding_constraint %%p%d, ", i, i);
    textStageShardingOn(t, p, (int)mlirShapedTypeGetRank(params[i]),
                        circular ? 1 : 0);
    textf(t, " {open} : ");
    textType(t, params[i]);
    textf(t, "\n");
  }
  textZeros(t, p, "state0", S);
  textZeros(t, p, "out0", O);
  if (circular)
    textZeros(t, p, "circ0", O);
  textf(t,
        "  %%loop:%d = scf.for %%t = %%c0 to %%cT step %%c1 iter_args(%%st "
        "= %%state0, %%ob = %%out0%s) -> (",
        circular ? 3 : 2, circular ? ", %cb = %circ0" : "");
  textType(t, S);
  textf(t, ", ");
  textType(t, O);
  if (circular) {
    textf(t, ", ");
    textType(t, O);
  }
  textf(t, ") {\n");
  /* Shift by one stage: rows [0, L-1) move to [1, L); row 0 is zero (for
   * R > 1 a rotation, row 0 the last stage's output). */
  if (circular) {
    textRotate(t, p, S);
    textRecirculate(t, p, S, O);
  } else if (p->L > 1) {
    int64_t sshape[GSPMD_MAX_RANK + 1];
    sshape[0] = p->L - 1;
    for (int d = 0; d < r; ++d)
      sshape[d + 1] = p->act_shape[d];
    MlirType S1 =
        mlirRankedTensorTypeGet(r + 1, sshape, p->elt, mlirAttributeGetNull());
    textf(t, "  %%head = tensor.extract_slice %%st[");
    textRepeat(t, "0", r + 1);
    textf(t, "] [");
    textShape(t, sshape, r + 1);
    textf(t, "] [");
    textRepeat(t, "1", r + 1);
    textf(t, "] : ");
    textType(t, S);
    textf(t, " to ");
    textType(t, S1);
    textf(t, "\n  %%shifted = tensor.pad %%head low[1");
    for (int d = 0; d < r; ++d)
      textf(t, ", 0");
    textf(t, "] high[");
    textRepeat(t, "0", r + 1);
    textf(t, "] {\n  ^bb0(");
    for (int d = 0; d <= r; ++d)
      textf(t, "%s%%i%d: index", d ? ", " : "", d);
    textf(t, "):\n    tensor.yield %%zero : ");
    textType(t, p->elt);
    textf(t, "\n  } : ");
    textType(t, S1);
    textf(t, " to ");
    textType(t, S);
    textf(t, "\n");
  } else {
    textf(t, "  %%shifted = tensor.cast %%st : ");
    textType(t, S);
    textf(t, " to ");
    textType(t, S);
    textf(t, "\n");
  }
  /* Inject micro-batch min(t, M-1) into stage 0. */
  textf(t, "  %%tm = arith.minsi %%t, %%cMLast : index\n"
           "  %%xt = tensor.extract_slice %%x[%%tm");
  for (int d = 0; d < r; ++d)
    textf(t, ", 0");
  textf(t, "] [1");
  for (int d = 0; d < r; ++d)
    textf(t, ", %lld", (long long)p->act_shape[d]);
  textf(t, "] [");
  textRepeat(t, "1", r + 1);
  textf(t, "] : ");
  textType(t, p->x);
  textf(t, " to ");
  textType(t, p->act);
  textf(t, "\n  %%in_e = tensor.empty() : ");
  textType(t, S);
  textf(t, "\n  %%in = linalg.generic {indexing_maps = [");
  textMap(t, r + 1, 0, -1);
  textf(t, ", ");
  textMap(t, r + 1, 1, -1);
  textf(t, ", ");
  textMap(t, r + 1, 0, -1);
  if (circular) {
    textf(t, ", ");
    textMap(t, r + 1, 0, -1);
  }
  textf(t, "], iterator_types = [");
  textParallel(t, r + 1);
  textf(t, "]} ins(%%shifted, %%xt%s : ", circular ? ", %cr" : "");
  textType(t, S);
  textf(t, ", ");
  textType(t, p->act);
  if (circular) {
    textf(t, ", ");
    textType(t, S);
  }
  textf(t, ") outs(%%in_e : ");
  textType(t, S);
  textf(t, ") {\n  ^bb0(%%v: ");
  textType(t, p->elt);
  textf(t, ", %%xv: ");
  textType(t, p->elt);
  if (circular) {
    /* Stage 0 takes a fresh micro-batch in the first M' steps, then the
     * last stage's output of the previous repeat. */
    textf(t, ", %%cv: ");
    textType(t, p->elt);
  }
  textf(t, ", %%o: ");
  textType(t, p->elt);
  textf(t, "):\n    %%s = linalg.index 0 : index\n"
           "    %%first = arith.cmpi eq, %%s, %%c0 : index\n");
  if (circular) {
    textf(t, "    %%src = arith.select %%fresh, %%xv, %%cv : ");
    textType(t, p->elt);
    textf(t, "\n");
  }
  textf(t, "    %%pick = arith.select %%first, %s, %%v : ",
        circular ? "%src" : "%xv");
  textType(t, p->elt);
  textf(t, "\n    linalg.yield %%pick : ");
  textType(t, p->elt);
  textf(t, "\n  } -> ");
  textType(t, S);
  textf(t, "\n  ");
  if (circular)
    textSelectParams(t, p, params, vparams);
  textStageCall(t, p, "%in", circular ? "w" : "q", S,
                circular ? vparams : params);
  /* Collect: row L-1 is micro-batch t - cDone's final output. */
  textf(t, "  %%mb = arith.subi %%t, %%cDone : index\n");
  textStoreCell(t, p, "out", "stage", S, "ob", O, "cLast", "mb");
  textf(t, "\n  scf.yield %%stage, %%out%s : ", circular ? ", %circ" : "");
  textType(t, S);
  textf(t, ", ");
  textType(t, O);
  if (circular) {
    textf(t, ", ");
    textType(t, O);
  }
  textf(t, "\n  }\n");
  textCollectLast(t, p, O);
  textf(t, "\n  return %%res : ");
  textType(t, p->x);
  textf(t, "\n}\n}\n");
}

/*===-- Vectorising the stage over L --------------------------------------===*/

typedef struct Vectoriser {
  const Pipe *p;
  GspmdPtrMap vec; /* values that carry the leading stage dim */
  bool failed;
} Vectoriser;

static bool isVec(Vectoriser *v, MlirValue x) {
  return gspmdPtrMapGet(&v->vec, x.ptr) >= 0;
}

static void markVec(Vectoriser *v, MlirValue x) {
  gspmdPtrMapPut(&v->vec, x.ptr, 1);
}

static void failAt(Vectoriser *v, MlirOperation op, const char *why) {
  char msg[512];
  MlirStringRef name = gspmdOpName(op);
  snprintf(msg, sizeof(msg),
           "gspmd-pipeline: cannot vectorise '%.*s' over the stage dim (%s)",
           (int)name.length, name.data, why);
  mlirEmitError(mlirOperationGetLocation(op), msg);
  v->failed = true;
}

static MlirAttribute i64Array(MlirContext ctx, MlirAttribute old,
                              int64_t first) {
  int n = (int)mlirDenseArrayGetNumElements(old);
  int64_t *items = malloc(sizeof(int64_t) * (size_t)(n + 1));
  items[0] = first;
  for (int i = 0; i < n; ++i)
    items[i + 1] = mlirDenseI64ArrayGetElement(old, i);
  MlirAttribute a = mlirDenseI64ArrayGet(ctx, n + 1, items);
  free(items);
  return a;
}

static void prependI64Attr(MlirOperation op, const char *name, int64_t first) {
  MlirAttribute old = mlirOperationGetAttributeByName(op, str(name));
  mlirOperationSetAttributeByName(
      op, str(name), i64Array(mlirOperationGetContext(op), old, first));
}

static void bumpIntAttr(MlirOperation op, const char *name) {
  MlirAttribute old = mlirOperationGetAttributeByName(op, str(name));
  mlirOperationSetAttributeByName(
      op, str(name),
      mlirIntegerAttrGet(mlirAttributeGetType(old),
                         mlirIntegerAttrGetValueInt(old) + 1));
}

/* A linalg.generic copying `x` [...] into a fresh [L, ...] tensor: the value
 * every stage reads, where an op needs all its tensors vectorised. */
static MlirValue broadcast(Vectoriser *v, MlirOperation before, MlirValue x) {
  MlirContext ctx = v->p->ctx;
  MlirLocation loc = mlirOperationGetLocation(before);
  MlirBlock block = mlirOperationGetBlock(before);
  MlirType type = mlirValueGetType(x);
  MlirType out = prepend(type, v->p->L);
  int rank = (int)mlirShapedTypeGetRank(out);
  MlirType elt = mlirShapedTypeGetElementType(type);

  MlirOperationState es = mlirOperationStateGet(str("tensor.empty"), loc);
  mlirOperationStateAddResults(&es, 1, &out);
  MlirOperation empty = mlirOperationCreate(&es);
  mlirBlockInsertOwnedOperationBefore(block, before, empty);

  MlirType args[2] = {elt, elt};
  MlirLocation locs[2] = {loc, loc};
  MlirBlock body = mlirBlockCreate(2, args, locs);
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, body);
  MlirValue in = mlirBlockGetArgument(body, 0);
  MlirOperationState ys = mlirOperationStateGet(str("linalg.yield"), loc);
  mlirOperationStateAddOperands(&ys, 1, &in);
  mlirBlockAppendOwnedOperation(body, mlirOperationCreate(&ys));

  MlirAffineExpr exprs[GSPMD_MAX_RANK + 1];
  for (int d = 1; d < rank; ++d)
    exprs[d - 1] = mlirAffineDimExprGet(ctx, d);
  MlirAttribute maps[2] = {
      mlirAffineMapAttrGet(mlirAffineMapGet(ctx, rank, 0, rank - 1, exprs)),
      mlirAffineMapAttrGet(mlirAffineMapMultiDimIdentityGet(ctx, rank))};
  MlirAttribute par =
      mlirAttributeParseGet(ctx, str("#linalg.iterator_type<parallel>"));
  MlirAttribute iters[GSPMD_MAX_RANK + 1];
  for (int d = 0; d < rank; ++d)
    iters[d] = par;
  int32_t seg[2] = {1, 1};
  MlirNamedAttribute attrs[3] = {
      gspmdNamedAttr(ctx, "indexing_maps", mlirArrayAttrGet(ctx, 2, maps)),
      gspmdNamedAttr(ctx, "iterator_types", mlirArrayAttrGet(ctx, rank, iters)),
      gspmdNamedAttr(ctx, "operandSegmentSizes",
                     mlirDenseI32ArrayGet(ctx, 2, seg))};
  MlirValue operands[2] = {x, mlirOperationGetResult(empty, 0)};
  MlirOperationState gs = mlirOperationStateGet(str("linalg.generic"), loc);
  mlirOperationStateAddOperands(&gs, 2, operands);
  mlirOperationStateAddResults(&gs, 1, &out);
  mlirOperationStateAddAttributes(&gs, 3, attrs);
  mlirOperationStateAddOwnedRegions(&gs, 1, &region);
  MlirOperation g = mlirOperationCreate(&gs);
  mlirBlockInsertOwnedOperationBefore(block, before, g);
  return mlirOperationGetResult(g, 0);
}

/* Operand i made vectorised: a fresh empty for tensor.empty, else a
 * broadcast. */
static void vectoriseOperand(Vectoriser *v, MlirOperation op, int i) {
  MlirValue x = mlirOperationGetOperand(op, i);
  if (isVec(v, x) || !mlirTypeIsARankedTensor(mlirValueGetType(x)))
    return;
  MlirValue nx;
  if (mlirValueIsAOpResult(x) &&
      gspmdStringRefEq(gspmdOpName(mlirOpResultGetOwner(x)), "tensor.empty") &&
      mlirOperationGetNumOperands(mlirOpResultGetOwner(x)) == 0) {
    MlirType type = prepend(mlirValueGetType(x), v->p->L);
    MlirOperationState es = mlirOperationStateGet(str("tensor.empty"),
                                                  mlirOperationGetLocation(op));
    mlirOperationStateAddResults(&es, 1, &type);
    MlirOperation empty = mlirOperationCreate(&es);
    mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(op), op, empty);
    nx = mlirOperationGetResult(empty, 0);
  } else {
    nx = broadcast(v, op, x);
  }
  markVec(v, nx);
  mlirOperationSetOperand(op, i, nx);
}

static MlirWalkResult bumpIndex(MlirOperation op, void *user) {
  (void)user;
  if (gspmdStringRefEq(gspmdOpName(op), "linalg.index"))
    bumpIntAttr(op, "dim");
  return MlirWalkResultAdvance;
}

static void vectoriseGeneric(Vectoriser *v, MlirOperation op) {
  MlirContext ctx = v->p->ctx;
  int num_results = (int)mlirOperationGetNumResults(op);
  int num_operands = (int)mlirOperationGetNumOperands(op);
  for (int i = num_operands - num_results; i < num_operands; ++i)
    vectoriseOperand(v, op, i);
  MlirAttribute maps =
      mlirOperationGetAttributeByName(op, str("indexing_maps"));
  MlirAttribute *items = malloc(sizeof(MlirAttribute) * (size_t)num_operands);
  for (int i = 0; i < num_operands; ++i) {
    MlirAffineMap map =
        mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, i));
    int dims = (int)mlirAffineMapGetNumDims(map);
    int n = (int)mlirAffineMapGetNumResults(map);
    /* (d0, ..., dk) -> (d1, ..., dk+1): the old loops move up by one. */
    MlirAffineExpr up[64];
    for (int d = 0; d < dims && d < 63; ++d)
      up[d] = mlirAffineDimExprGet(ctx, d + 1);
    MlirAffineMap shift = mlirAffineMapGet(ctx, dims + 1, 0, dims, up);
    MlirAffineExpr exprs[GSPMD_MAX_RANK + 1];
    int k = 0;
    if (isVec(v, mlirOperationGetOperand(op, i)))
      exprs[k++] = mlirAffineDimExprGet(ctx, 0);
    for (int r = 0; r < n && k <= GSPMD_MAX_RANK; ++r)
      exprs[k++] = mlirAffineExprCompose(mlirAffineMapGetResult(map, r), shift);
    items[i] =
        mlirAffineMapAttrGet(mlirAffineMapGet(ctx, dims + 1, 0, k, exprs));
  }
  mlirOperationSetAttributeByName(op, str("indexing_maps"),
                                  mlirArrayAttrGet(ctx, num_operands, items));
  free(items);
  MlirAttribute iters =
      mlirOperationGetAttributeByName(op, str("iterator_types"));
  int n = (int)mlirArrayAttrGetNumElements(iters);
  MlirAttribute *its = malloc(sizeof(MlirAttribute) * (size_t)(n + 1));
  its[0] = mlirAttributeParseGet(ctx, str("#linalg.iterator_type<parallel>"));
  for (int i = 0; i < n; ++i)
    its[i + 1] = mlirArrayAttrGetElement(iters, i);
  mlirOperationSetAttributeByName(op, str("iterator_types"),
                                  mlirArrayAttrGet(ctx, n + 1, its));
  free(its);
  mlirOperationWalk(op, bumpIndex, NULL, MlirWalkPreOrder);
}

/* A sharding written in the stage (constraint or op annotation) gains the
 * stage axis on the new leading dim. */
static MlirAttribute vectoriseSharding(Vectoriser *v, MlirOperation op,
                                       MlirAttribute attr, int rank) {
  const Pipe *p = v->p;
  if (!gspmdAttributeIsAReplicated(attr)) {
    MlirStringRef m = gspmdShardingGetMeshName(attr);
    if (m.length != p->mesh_name.length ||
        memcmp(m.data, p->mesh_name.data, m.length)) {
      failAt(v, op, "a sharding on another mesh than the pipeline's");
      return attr;
    }
  }
  GspmdSharding s, out;
  if (!gspmdShardingFromAttr(attr, &p->mesh, rank, &s)) {
    failAt(v, op, "unreadable sharding");
    return attr;
  }
  memset(&out, 0, sizeof(out));
  out.rank = rank + 1;
  out.dim_num_axes[0] = 1;
  out.dim_axes[0][0] = p->stage_axis;
  for (int d = 0; d < rank; ++d) {
    out.dim_num_axes[d + 1] = s.dim_num_axes[d];
    for (int a = 0; a < s.dim_num_axes[d]; ++a) {
      if (s.dim_axes[d][a] == p->stage_axis) {
        failAt(v, op, "the stage uses the pipeline's own mesh axis");
        return attr;
      }
      out.dim_axes[d + 1][a] = s.dim_axes[d][a];
    }
  }
  return gspmdShardingToAttr(p->ctx, p->mesh_name, &p->mesh, &out);
}

static void vectoriseReassociation(Vectoriser *v, MlirOperation op) {
  MlirContext ctx = v->p->ctx;
  MlirAttribute old = mlirOperationGetAttributeByName(op, str("reassociation"));
  int n = (int)mlirArrayAttrGetNumElements(old);
  MlirAttribute *groups = malloc(sizeof(MlirAttribute) * (size_t)(n + 1));
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  MlirAttribute zero = mlirIntegerAttrGet(i64, 0);
  groups[0] = mlirArrayAttrGet(ctx, 1, &zero);
  for (int g = 0; g < n; ++g) {
    MlirAttribute grp = mlirArrayAttrGetElement(old, g);
    int k = (int)mlirArrayAttrGetNumElements(grp);
    MlirAttribute items[GSPMD_MAX_RANK + 1];
    for (int i = 0; i < k && i <= GSPMD_MAX_RANK; ++i)
      items[i] = mlirIntegerAttrGet(
          i64, mlirIntegerAttrGetValueInt(mlirArrayAttrGetElement(grp, i)) + 1);
    groups[g + 1] = mlirArrayAttrGet(ctx, k, items);
  }
  mlirOperationSetAttributeByName(op, str("reassociation"),
                                  mlirArrayAttrGet(ctx, n + 1, groups));
  free(groups);
}

/* Does a value of the stage reach an op nested in op's regions from
 * outside (a tensor.extract in a generic body, say)? */
typedef struct Capture {
  Vectoriser *v;
  MlirOperation root;
  bool found;
} Capture;

static MlirWalkResult findCapture(MlirOperation op, void *user) {
  Capture *c = user;
  if (mlirOperationEqual(op, c->root))
    return MlirWalkResultAdvance;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (isVec(c->v, mlirOperationGetOperand(op, i)))
      c->found = true;
  return MlirWalkResultAdvance;
}

static bool usesStage(Vectoriser *v, MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (isVec(v, mlirOperationGetOperand(op, i)))
      return true;
  return false;
}

static void vectoriseOp(Vectoriser *v, MlirOperation op) {
  if (mlirOperationGetNumRegions(op) > 0) {
    Capture c = {v, op, false};
    mlirOperationWalk(op, findCapture, &c, MlirWalkPreOrder);
    if (c.found) {
      failAt(v, op, "a stage value is read inside its region");
      return;
    }
  }
  if (!usesStage(v, op))
    return; /* side computation: stays as it is, read whole */
  MlirStringRef name = gspmdOpName(op);
  int num_operands = (int)mlirOperationGetNumOperands(op);
  if (gspmdStringRefEq(name, "linalg.generic")) {
    vectoriseGeneric(v, op);
  } else if (gspmdStringRefEq(name, "linalg.softmax")) {
    vectoriseOperand(v, op, 0);
    vectoriseOperand(v, op, 1);
    bumpIntAttr(op, "dimension");
  } else if (gspmdStringRefEq(name, "gspmd.sharding_constraint")) {
    MlirAttribute s = mlirOperationGetAttributeByName(op, str("sharding"));
    int rank = (int)mlirShapedTypeGetRank(
        mlirValueGetType(mlirOperationGetResult(op, 0)));
    mlirOperationSetAttributeByName(op, str("sharding"),
                                    vectoriseSharding(v, op, s, rank));
  } else if (gspmdStringRefEq(name, "tensor.expand_shape")) {
    vectoriseReassociation(v, op);
    prependI64Attr(op, "static_output_shape", v->p->L);
  } else if (gspmdStringRefEq(name, "tensor.collapse_shape")) {
    vectoriseReassociation(v, op);
  } else if (gspmdStringRefEq(name, "tensor.extract_slice")) {
    prependI64Attr(op, "static_offsets", 0);
    prependI64Attr(op, "static_sizes", v->p->L);
    prependI64Attr(op, "static_strides", 1);
  } else if (gspmdStringRefEq(name, "tensor.insert_slice")) {
    vectoriseOperand(v, op, 0);
    vectoriseOperand(v, op, 1);
    prependI64Attr(op, "static_offsets", 0);
    prependI64Attr(op, "static_sizes", v->p->L);
    prependI64Attr(op, "static_strides", 1);
  } else if (gspmdStringRefEq(name, "tensor.pad")) {
    prependI64Attr(op, "static_low", 0);
    prependI64Attr(op, "static_high", 0);
    MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
    mlirBlockInsertArgument(body, 0, mlirIndexTypeGet(v->p->ctx),
                            mlirOperationGetLocation(op));
  } else if (gspmdStringRefEq(name, "tensor.concat")) {
    for (int i = 0; i < num_operands; ++i)
      vectoriseOperand(v, op, i);
    bumpIntAttr(op, "dim");
  } else if (gspmdStringRefEq(name, "tensor.cast") ||
             (gspmdOpIsElementwise(op) &&
              mlirOperationGetNumRegions(op) == 0)) {
    for (int i = 0; i < num_operands; ++i)
      vectoriseOperand(v, op, i);
  } else {
    failAt(v, op, "no vectorisation rule for this op");
    return;
  }
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirValue r = mlirOperationGetResult(op, i);
    MlirType t = mlirValueGetType(r);
    if (!mlirTypeIsARankedTensor(t)) {
      failAt(v, op, "a non-tensor result computed from a stage value");
      return;
    }
    mlirValueSetType(r, prepend(t, v->p->L));
    markVec(v, r);
  }
  MlirAttribute ann =
      mlirOperationGetDiscardableAttributeByName(op, gspmdShardingAttrName());
  if (!mlirAttributeIsNull(ann) && mlirAttributeIsAArray(ann)) {
    intptr_t n = mlirArrayAttrGetNumElements(ann);
    MlirAttribute items[16];
    for (intptr_t i = 0; i < n && i < 16; ++i) {
      MlirType t = mlirValueGetType(mlirOperationGetResult(op, i));
      items[i] = vectoriseSharding(v, op, mlirArrayAttrGetElement(ann, i),
                                   (int)mlirShapedTypeGetRank(t) - 1);
    }
    mlirOperationSetDiscardableAttributeByName(
        op, gspmdShardingAttrName(), mlirArrayAttrGet(v->p->ctx, n, items));
  }
}

/*===-- Splicing ----------------------------------------------------------===*/

/* The stage as a function of its own (in a module of its own with the
 * mesh): the region's block moved into it, the gspmd.yield turned into a
 * func.return. The caller owns the module. */
static MlirModule stageModule(const Pipe *p) {
  Text t = {0};
  textf(&t, "module {\n");
  mlirOperationPrint(p->mesh_op, printCallback, &t);
  textf(&t, "\nfunc.func private @stage()\n}\n");
  MlirModule m = mlirModuleCreateParse(p->ctx, str(t.buf));
  free(t.buf);
  MlirBlock body = mlirModuleGetBody(m);
  MlirOperation f = mlirBlockGetFirstOperation(body);
  while (!gspmdStringRefEq(gspmdOpName(f), "func.func"))
    f = mlirOperationGetNextInBlock(f);
  MlirRegion region = mlirOperationGetRegion(p->op, 0);
  MlirBlock block = mlirRegionGetFirstBlock(region);
  intptr_t n = mlirBlockGetNumArguments(block);
  MlirType *ins = malloc(sizeof(MlirType) * (size_t)(n + 1));
  for (intptr_t i = 0; i < n; ++i)
    ins[i] = mlirValueGetType(mlirBlockGetArgument(block, i));
  MlirType fty = mlirFunctionTypeGet(p->ctx, n, ins, 1, &p->act);
  free(ins);
  mlirOperationSetAttributeByName(f, str("function_type"),
                                  mlirTypeAttrGet(fty));
  mlirOperationRemoveAttributeByName(f, str("sym_visibility"));
  mlirRegionTakeBody(mlirOperationGetRegion(f, 0), region);
  MlirBlock fb = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
  MlirOperation yield = mlirBlockGetTerminator(fb);
  MlirValue y = mlirOperationGetOperand(yield, 0);
  MlirOperationState rs = mlirOperationStateGet(
      str("func.return"), mlirOperationGetLocation(yield));
  mlirOperationStateAddOperands(&rs, 1, &y);
  mlirBlockInsertOwnedOperationBefore(fb, yield, mlirOperationCreate(&rs));
  mlirOperationDestroy(yield);
  return m;
}

/* Gives the stage body back to the op (so that a failed rewrite leaves the
 * program as it was). */
static void restoreStage(const Pipe *p, MlirModule m) {
  MlirOperation f = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  while (!gspmdStringRefEq(gspmdOpName(f), "func.func"))
    f = mlirOperationGetNextInBlock(f);
  MlirBlock fb = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
  MlirOperation ret = mlirBlockGetTerminator(fb);
  MlirValue y = mlirOperationGetOperand(ret, 0);
  MlirOperationState ys =
      mlirOperationStateGet(str("gspmd.yield"), mlirOperationGetLocation(ret));
  mlirOperationStateAddOperands(&ys, 1, &y);
  mlirBlockInsertOwnedOperationBefore(fb, ret, mlirOperationCreate(&ys));
  mlirOperationDestroy(ret);
  mlirRegionTakeBody(mlirOperationGetRegion(p->op, 0),
                     mlirOperationGetRegion(f, 0));
}

static MlirOperation findFunc(MlirModule m, const char *name) {
  for (MlirOperation f = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
       !mlirOperationIsNull(f); f = mlirOperationGetNextInBlock(f)) {
    MlirAttribute sym = mlirOperationGetAttributeByName(f, str("sym_name"));
    if (gspmdStringRefEq(gspmdOpName(f), "func.func") &&
        gspmdStringRefEq(mlirStringAttrGetValue(sym), name))
      return f;
  }
  return (MlirOperation){NULL};
}

static MlirWalkResult findPlaceholder(MlirOperation op, void *user) {
  if (gspmdStringRefEq(gspmdOpName(op), "builtin.unrealized_conversion_cast")) {
    *(MlirOperation *)user = op;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

/* Moves the template's body in front of the op, the stage's body in front
 * of the placeholder, and replaces the op's result. */
static void splice(const Pipe *p, MlirModule tmpl, MlirModule stage) {
  MlirOperation f = findFunc(tmpl, "pipeline");
  MlirBlock fb = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(fb); ++i)
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(fb, i),
                                  mlirOperationGetOperand(p->op, i));
  MlirOperation holder = {NULL};
  mlirOperationWalk(f, findPlaceholder, &holder, MlirWalkPreOrder);
  MlirOperation sf = findFunc(stage, "stage");
  MlirBlock sb = mlirRegionGetFirstBlock(mlirOperationGetRegion(sf, 0));
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(sb); ++i)
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(sb, i),
                                  mlirOperationGetOperand(holder, i));
  MlirOperation ret = mlirBlockGetTerminator(sb);
  for (MlirOperation op = mlirBlockGetFirstOperation(sb);
       !mlirOperationEqual(op, ret);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    mlirOperationMoveBefore(op, holder);
    op = next;
  }
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(holder, 0),
                                mlirOperationGetOperand(ret, 0));
  mlirOperationDestroy(holder);
  MlirOperation fret = mlirBlockGetTerminator(fb);
  for (MlirOperation op = mlirBlockGetFirstOperation(fb);
       !mlirOperationEqual(op, fret);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    mlirOperationMoveBefore(op, p->op);
    op = next;
  }
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(p->op, 0),
                                mlirOperationGetOperand(fret, 0));
  mlirOperationDestroy(p->op);
}

/* Each `gspmd.sharding` on an op of the stage (one entry per result)
 * becomes a sharding_constraint on the annotated result. The upstream
 * passes that normalise the stage build new ops and drop discardable
 * attributes; a constraint survives them and is vectorised like one the
 * user wrote, so data / model annotations inside the stage still bind. */
static void annotationsToConstraints(MlirContext ctx, MlirModule stage) {
  MlirOperation f = findFunc(stage, "stage");
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
  MlirStringRef key = gspmdShardingAttrName();
  for (MlirOperation op = mlirBlockGetFirstOperation(b);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute a = mlirOperationGetAttributeByName(op, key);
    if (mlirAttributeIsNull(a) || !mlirAttributeIsAArray(a))
      continue;
    intptr_t n = mlirArrayAttrGetNumElements(a);
    if (n > mlirOperationGetNumResults(op))
      n = mlirOperationGetNumResults(op);
    MlirOperation after = op;
    for (intptr_t k = 0; k < n; ++k) {
      MlirAttribute s = mlirArrayAttrGetElement(a, k);
      MlirValue r = mlirOperationGetResult(op, k);
      if (!gspmdAttributeIsASharding(s) ||
          !mlirTypeIsARankedTensor(mlirValueGetType(r)))
        continue;
      MlirOperationState st = mlirOperationStateGet(
          str("gspmd.sharding_constraint"), mlirOperationGetLocation(op));
      MlirNamedAttribute attr = gspmdNamedAttr(ctx, "sharding", s);
      MlirType type = mlirValueGetType(r);
      mlirOperationStateAddOperands(&st, 1, &r);
      mlirOperationStateAddAttributes(&st, 1, &attr);
      mlirOperationStateAddResults(&st, 1, &type);
      MlirOperation c = mlirOperationCreate(&st);
      mlirBlockInsertOwnedOperationAfter(b, after, c);
      mlirValueReplaceAllUsesExcept(r, mlirOperationGetResult(c, 0), 1, &c);
      after = c;
    }
    mlirOperationRemoveAttributeByName(op, key);
    op = after;
  }
}

/* Upstream passes that leave the stage as linalg.generic, tensor and
 * scalar ops, which the vectoriser knows. */
static const char *kNormalise =
    "builtin.module(func.func(tosa-optional-decompositions,"
    "tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,tosa-to-tensor,"
    "linalg-generalize-named-ops,convert-elementwise-to-linalg))";

static bool normalise(MlirContext ctx, MlirModule m) {
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirLogicalResult ok = mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm), str(kNormalise), NULL, NULL);
  if (mlirLogicalResultIsSuccess(ok))
    ok = mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m));
  mlirPassManagerDestroy(pm);
  return mlirLogicalResultIsSuccess(ok);
}

static bool vectorise(const Pipe *p, MlirModule stage) {
  MlirOperation f = findFunc(stage, "stage");
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
  Vectoriser v = {p, {0}, false};
  for (int i = 0; i <= p->num_params; ++i) {
    MlirValue a = mlirBlockGetArgument(b, i);
    mlirValueSetType(a, prepend(mlirValueGetType(a), p->L));
    markVec(&v, a);
  }
  MlirOperation ret = mlirBlockGetTerminator(b);
  for (MlirOperation op = mlirBlockGetFirstOperation(b);
       !v.failed && !mlirOperationEqual(op, ret);
       op = mlirOperationGetNextInBlock(op))
    vectoriseOp(&v, op);
  if (!v.failed && !isVec(&v, mlirOperationGetOperand(ret, 0))) {
    /* A stage that ignores its input: every stage yields the same. */
    mlirOperationSetOperand(
        ret, 0, broadcast(&v, ret, mlirOperationGetOperand(ret, 0)));
  }
  gspmdPtrMapFree(&v.vec);
  return !v.failed;
}

static bool rewrite(MlirOperation op, bool sequential, GspmdArena *arena) {
  Pipe p;
  if (!readPipe(op, arena, &p)) {
    mlirEmitError(mlirOperationGetLocation(op),
                  "gspmd-pipeline: unknown mesh or axis");
    return false;
  }
  int k = p.R > 1 ? 2 : 1;
  MlirType *slices = malloc(sizeof(MlirType) * (size_t)(p.num_params + 1));
  MlirType *params = malloc(sizeof(MlirType) * (size_t)(p.num_params + 1));
  MlirType *vparams = malloc(sizeof(MlirType) * (size_t)(p.num_params + 1));
  for (int i = 0; i < p.num_params; ++i) {
    MlirType w = mlirValueGetType(paramOperand(&p, i));
    int wr = (int)mlirShapedTypeGetRank(w);
    int64_t shape[GSPMD_MAX_RANK];
    for (int d = k; d < wr; ++d)
      shape[d - k] = mlirShapedTypeGetDimSize(w, d);
    slices[i] = mlirRankedTensorTypeGet(
        wr - k, shape, mlirShapedTypeGetElementType(w), mlirAttributeGetNull());
    params[i] = w;
    vparams[i] = prepend(slices[i], p.L);
  }
  MlirModule stage = stageModule(&p);
  bool ok = true;
  if (!sequential) {
    annotationsToConstraints(p.ctx, stage);
    ok = normalise(p.ctx, stage);
    if (!ok)
      mlirEmitError(mlirOperationGetLocation(op),
                    "gspmd-pipeline: the stage did not normalise");
    ok = ok && vectorise(&p, stage);
  }
  Text t = {0};
  if (ok) {
    if (sequential)
      textSequential(&t, &p, slices);
    else
      textVectorised(&t, &p, params, vparams);
  }
  MlirModule tmpl = {NULL};
  if (ok) {
    tmpl = mlirModuleCreateParse(p.ctx, str(t.buf));
    if (mlirModuleIsNull(tmpl)) {
      mlirEmitError(mlirOperationGetLocation(op),
                    "gspmd-pipeline: internal error: the loop template does "
                    "not parse");
      ok = false;
    }
  }
  if (ok)
    splice(&p, tmpl, stage);
  else if (sequential)
    restoreStage(&p, stage);
  free(t.buf);
  free(slices);
  free(params);
  free(vparams);
  if (!mlirModuleIsNull(tmpl))
    mlirModuleDestroy(tmpl);
  mlirModuleDestroy(stage);
  return ok;
}

/*===-- The pass ----------------------------------------------------------===*/

typedef struct PipelineOptions {
  bool sequential;
} PipelineOptions;

static MlirWalkResult collectPipelines(MlirOperation op, void *user) {
  if (gspmdStringRefEq(gspmdOpName(op), "gspmd.pipeline"))
    *(MlirOperation *)gspmdVecPush(user) = op;
  return MlirWalkResultAdvance;
}

static void runPipeline(MlirOperation module, MlirExternalPass pass,
                        void *user) {
  const PipelineOptions *options = user;
  GspmdArena arena = {NULL};
  GspmdVec ops;
  gspmdVecInit(&ops, sizeof(MlirOperation));
  mlirOperationWalk(module, collectPipelines, &ops, MlirWalkPostOrder);
  bool failed = false;
  for (size_t i = 0; i < ops.size && !failed; ++i)
    failed = !rewrite(GSPMD_VEC_AT(&ops, MlirOperation, i), options->sequential,
                      &arena);
  if (failed)
    mlirExternalPassSignalFailure(pass);
  gspmdVecFree(&ops);
  gspmdArenaFree(&arena);
}

MlirPass gspmdCreatePipelinePass(int num_options,
                                 const GspmdPassOption *options, char *err,
                                 size_t err_size) {
  static MlirTypeID type_id;
  PipelineOptions parsed = {false};
  for (int i = 0; i < num_options; ++i) {
    if (strcmp(options[i].key, "sequential")) {
      snprintf(err, err_size,
               "gspmd-pipeline: unknown option '%s' (options: "
               "sequential=<bool>)",
               options[i].key);
      return (MlirPass){NULL};
    }
    if (!gspmdParseBoolOption(options[i].value, &parsed.sequential)) {
      snprintf(err, err_size,
               "gspmd-pipeline: option 'sequential' expects a bool "
               "(true/false/1/0), got '%s'",
               options[i].value);
      return (MlirPass){NULL};
    }
  }
  MlirDialectHandle dialects[] = {
      mlirGetDialectHandle__gspmd__(),  mlirGetDialectHandle__arith__(),
      mlirGetDialectHandle__tensor__(), mlirGetDialectHandle__linalg__(),
      mlirGetDialectHandle__scf__(),    mlirGetDialectHandle__func__()};
  return gspmdCreateOptionsPass(
      &type_id, "GSPMDPipeline", "gspmd-pipeline",
      "Rewrite gspmd.pipeline into a stage-vectorised loop whose stage dim "
      "is sharded (sequential=true: the plain loops of its meaning)",
      (int)(sizeof(dialects) / sizeof(dialects[0])), dialects, runPipeline,
      &parsed, sizeof(parsed));
}
