/*
 * lib/Export/internal.h - the StableHLO exporter's shared state and builders.
 *
 * The exporter writes StableHLO text directly (generic op form) from a C
 * walk over the module: our MLIR has no stablehlo dialect, and text lets one
 * source op become several StableHLO ops (a linalg.generic becomes
 * broadcasts, elementwise ops, a reduce and a transpose) without building
 * unregistered ops and their regions through the C API. Every exported value
 * is a ranked tensor (MLIR scalars become 0-d tensors, `index` is i64); the
 * exporter keeps, per value, an id (%vN in the text) and its type.
 *
 * Files, from the ground up: emit.c (types, one builder per StableHLO op,
 * region text); context.c (reading an op's operands, attributes and results,
 * and the dispatch of ops and blocks through the context); sharding.c (mesh
 * lookups, sharding text, the global form's constraints); one file per op
 * family, each with the emitters its rows name: arith.c (arith and math),
 * tensor.c, linalg.c (generics and named ops; generic.h is that family's
 * own header, shared with loops.c, the expansion of operands to the
 * iteration space, and contract.c, contractions, convolutions and windows),
 * collective.c (gspmd collectives and SPMD ops), control.c (scf and calls),
 * manual.c (manual regions in the global form); table.c (THE op table: one
 * row per source op, the only place that maps an op name to its emitter);
 * export.c (module, functions, the manifest for gspmd-xla-run, the entry).
 *
 * The family files never call export.c or table.c: a region's ops go back
 * to the table through the context (Ex.export_op, set by the entry), so the
 * files stand in layers (emit.c, context.c, sharding.c under the families,
 * the families under table.c, table.c under export.c).
 */
#ifndef GSPMD_EXPORT_INTERNAL_H
#define GSPMD_EXPORT_INTERNAL_H

#include "gspmd/combiner.h"
#include "gspmd/support.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum { EX_MAX_RANK = 24 };

/* A tensor type of the exported program: shape and element type text
 * ("f32", "i1", "ui32", ...). */
typedef struct ExType {
  int rank;
  int64_t shape[EX_MAX_RANK];
  char elem[12];
} ExType;

typedef enum ExForm { EX_FORM_SPMD = 0, EX_FORM_GLOBAL = 1 } ExForm;
/* EX_NO_SHARDINGS: no shardings, one partition (the unpartitioned program). */
typedef enum ExShardingFormat {
  EX_SDY = 0,
  EX_HLO = 1,
  EX_NO_SHARDINGS = 2
} ExShardingFormat;

typedef struct Ex {
  FILE *out;
  GspmdArena arena;
  GspmdPtrMap ids; /* MlirValue.ptr -> id of its exported value */
  GspmdVec types;  /* ExType per id */
  int next_channel;
  bool failed;
  ExForm form;
  ExShardingFormat format;
  MlirOperation module;
  GspmdVec meshes;     /* GspmdModuleMesh */
  int64_t num_devices; /* partitions: the largest mesh */
  /* Inside a linalg body: scalars stand for tensors of this shape. */
  const ExType *body_shape;
  MlirBlock body_block; /* the linalg body being exported, or null */
  GspmdVec alias;       /* per id: ExAlias (a result of a multi-result op) */
  bool in_nan_reduce;   /* exReduce: NaN handled by the caller */
  MlirStringRef entry_name; /* exported as @main; a non-entry main: @main_0 */
  /* Inside a gspmd.manual_computation body (global form): the region's mesh
   * (-1 outside) and its manual axes (bit i: mesh axis i). Collectives and
   * axis_index are exported there as in the SPMD form. */
  int manual_mesh;
  uint32_t manual_mask;
  /* Exports one op (the table's dispatch, exTableExportOp); regions reach
   * it through exExportOp. */
  bool (*export_op)(struct Ex *e, MlirOperation op);
} Ex;

/* Id `id` prints as %v<base>#<index> when base >= 0 (results of one op with
 * several results), else as %v<id>. */
typedef struct ExAlias {
  int base, index;
} ExAlias;

/* The text name of an id. */
const char *exName(Ex *e, int id, char *buf, size_t size);
/* Prints "    %vK:n = " (or "    %vK = ", or "    ") for an op with n results
 * of the given types and returns the ids of its results in ids[]. */
void exResultsBegin(Ex *e, int n, const ExType *types, int *ids);

/*===-- errors and values
 * --------------------------------------------------===*/

/* Reports `msg` at op's location and marks the export failed; returns -1. */
int exError(Ex *e, MlirOperation op, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A fresh id of type t. */
int exNewId(Ex *e, const ExType *t);
const ExType *exTypeOf(Ex *e, int id);
/* Binds an MLIR value to an exported id. */
void exBind(Ex *e, MlirValue v, int id);
/* The id of a value (inside a linalg body, a scalar from outside is
 * broadcast to the body's shape); -1 with an error at `user` if the value
 * was not exported. */
int exUse(Ex *e, MlirOperation user, MlirValue v);

/* The exported type of an MLIR type (scalars are 0-d; inside a linalg body
 * scalars take the body's shape). False if the type has no export (dynamic
 * shapes, unsupported elements). */
bool exTypeFromMlir(Ex *e, MlirType t, ExType *out);
bool exElemFromMlir(MlirType t, char *elem);
/* Prints `tensor<4x8xf32>` into buf. */
const char *exTypeStr(const ExType *t, char *buf, size_t size);
ExType exTypeWithElem(const ExType *t, const char *elem);
ExType exScalarType(const char *elem);
bool exElemIsFloat(const char *elem);
bool exElemIsUnsigned(const char *elem);
int exElemBits(const char *elem);

/*===-- builders: each prints one op and returns the id of its result -----===*/

/* Generic op `name` with `n` operands, an attribute dictionary body `attrs`
 * (without braces; may be "") and one result of type rt. */
int exOp(Ex *e, const char *name, const char *attrs, int n, const int *ops,
         const ExType *rt);
int exUnary(Ex *e, const char *name, int a);
int exBinary(Ex *e, const char *name, int a, int b);
/* A splat constant of type t; `value` is MLIR attribute text (1.0, 0x7FC00000,
 * true, 3). */
int exSplat(Ex *e, const ExType *t, const char *value);
/* Broadcasts a to rt's shape (rt's element type is a's): dims[i] is the
 * result dim of a's dim i (NULL: a's dims are the trailing ones). */
int exBroadcast(Ex *e, int a, const ExType *rt, const int *dims);
int exTranspose(Ex *e, int a, const int *perm);
int exReshape(Ex *e, int a, const ExType *rt);
int exSlice(Ex *e, int a, const int64_t *start, const int64_t *limit,
            const int64_t *strides);
int exConcat(Ex *e, int n, const int *ids, int dim);
int exConvert(Ex *e, int a, const char *elem);
int exBitcast(Ex *e, int a, const char *elem);
int exIota(Ex *e, const ExType *t, int dim);
/* compare with direction EQ/NE/LT/LE/GT/GE; the compare type is derived
 * from the element type. */
int exCompare(Ex *e, int a, int b, const char *dir);
int exSelect(Ex *e, int pred, int a, int b);
/* An i32 0-d tensor for an index value (start indices of dynamic slices). */
int exToI32Scalar(Ex *e, int a);
int exConstI32(Ex *e, int64_t v);

/* Emits a combine of a and b (same types). */
int exCombine(Ex *e, GspmdCombiner c, int a, int b);
/* The combiner's identity as a splat of type t. */
int exIdentity(Ex *e, GspmdCombiner c, const ExType *t);
/* Prints a region `({ ^bb0(a, b): combine; return })` for a reducer over
 * 0-d tensors of `elem`. */
void exPrintReducerRegion(Ex *e, GspmdCombiner c, const char *elem);
/* stablehlo.reduce of `a` over `dims` (sorted) with init identity. */
int exReduce(Ex *e, int a, int ndims, const int *dims, GspmdCombiner c);

/* A stablehlo.pad of `a` with the 0-d `value`, edge padding lo / hi per dim
 * and no interior padding, to type rt. */
int exPad(Ex *e, int a, int value, const int64_t *lo, const int64_t *hi,
          const ExType *rt);
/* An MlirStringCallback appending to a GspmdVec of char (`user`). */
void exAppendToVec(MlirStringRef s, void *user);

/*===-- region text (emit.c) ----------------------------------------------===*/

/* Prints "(T1, T2, ...)": the types of ids. */
void exPrintTypeList(Ex *e, int n, const int *ids);
/* Prints a terminator `name` (stablehlo.return, sdy.return) of ids. */
void exPrintReturn(Ex *e, const char *name, int n, const int *ids);
/* Prints "^bb0(%vA: T, ...):" with fresh ids of the given types. */
void exPrintBlockHeader(Ex *e, int n, const ExType *types, int *ids);
/* The exported name of function `name` (XLA's entry must be @main). */
void exPrintFuncName(Ex *e, MlirStringRef name);

/*===-- reading ops, and the dispatch (context.c) -------------------------===*/

/* The attribute `name` of op (null if it has none; owned by the context). */
MlirAttribute exAttr(MlirOperation op, const char *name);
/* Whether op is named `name` ("arith.constant"). */
bool exOpIs(MlirOperation op, const char *name);
/* The id of operand i (exUse). */
int exOperand(Ex *e, MlirOperation op, int i);
/* The ids of operands first..first+n-1 (arena memory), or NULL after an
 * error. */
int *exOperandIds(Ex *e, MlirOperation op, int first, int n);
/* The exported type of result i; false with an error if it has none. */
bool exResultType(Ex *e, MlirOperation op, int i, ExType *t);
/* Binds result i to id; false if id < 0 (an error was reported). */
bool exBindResult(Ex *e, MlirOperation op, int i, int id);

/* Exports one op through the context's dispatch (Ex.export_op); its results
 * are bound. Returns false after an error. */
bool exExportOp(Ex *e, MlirOperation op);
/* Exports every op of a block but its terminator. */
bool exExportBlockBody(Ex *e, MlirBlock block);

/*===-- meshes and shardings (sharding.c) ---------------------------------===*/

/* The index in e->meshes of the mesh `mesh_ref` names; -1 if unknown. */
int exMeshIndex(Ex *e, MlirAttribute mesh_ref);
/* The sharding text of attr for a tensor of `rank` into buf: sdy
 * `#sdy.sharding<@mesh, [{"x"}, {}]>` (per_value: `<@mesh, ...>`, as in
 * sdy.sharding_per_value), or the quoted HLO sharding (format hlo). A
 * replicated attr names mesh `mesh_index` (-1: the first). `open` marks every
 * dim open (`{"x", ?}`, sdy only). False if the mesh is unknown. */
bool exShardingText(Ex *e, MlirAttribute attr, int rank, bool per_value,
                    int mesh_index, bool open, char *buf, size_t size);
/* `#sdy<manual_axes{"a", "b"}>` of the axes in mask, in mesh order. */
void exPrintManualAxes(Ex *e, const GspmdMesh *mesh, uint32_t mask);
/* gspmd.sharding_constraint: a constraint in the global form, its operand
 * as is in the SPMD form. */
bool exExportConstraint(Ex *e, MlirOperation op);
/* The results of an op annotated with gspmd.sharding wrapped in constraints
 * (global form). */
bool exConstrainResults(Ex *e, MlirOperation op);

/*===-- the emitters of the op families -----------------------------------===*/

/* An emitter exports op (binding its results); `arg` is its table row's
 * StableHLO op or variant. False after an error. */
typedef bool (*ExEmitFn)(Ex *e, MlirOperation op, const char *arg);

/* arith.c: arith and math. */
bool exEmitElementwise(Ex *e, MlirOperation op, const char *name);
bool exEmitUnsigned(Ex *e, MlirOperation op, const char *name);
bool exEmitCombinerOp(Ex *e, MlirOperation op, const char *arg);
bool exEmitFma(Ex *e, MlirOperation op, const char *arg);
bool exEmitCmpF(Ex *e, MlirOperation op, const char *arg);
bool exEmitCmpI(Ex *e, MlirOperation op, const char *arg);
bool exEmitSelect(Ex *e, MlirOperation op, const char *arg);
bool exEmitCast(Ex *e, MlirOperation op, const char *arg);
bool exEmitConstant(Ex *e, MlirOperation op, const char *arg);
/* tensor.c */
bool exEmitEmpty(Ex *e, MlirOperation op, const char *arg);
bool exEmitSplatOp(Ex *e, MlirOperation op, const char *arg);
bool exEmitReshapeOp(Ex *e, MlirOperation op, const char *arg);
bool exEmitExtractSlice(Ex *e, MlirOperation op, const char *arg);
bool exEmitInsertSlice(Ex *e, MlirOperation op, const char *arg);
bool exEmitExtract(Ex *e, MlirOperation op, const char *arg);
bool exEmitInsert(Ex *e, MlirOperation op, const char *arg);
bool exEmitFromElements(Ex *e, MlirOperation op, const char *arg);
bool exEmitConcat(Ex *e, MlirOperation op, const char *arg);
bool exEmitGenerate(Ex *e, MlirOperation op, const char *arg);
bool exEmitPad(Ex *e, MlirOperation op, const char *arg);
/* linalg.c */
bool exEmitGeneric(Ex *e, MlirOperation op, const char *arg);
bool exEmitLinalgIndex(Ex *e, MlirOperation op, const char *arg);
bool exEmitSoftmax(Ex *e, MlirOperation op, const char *arg);
/* collective.c */
bool exEmitReducingCollective(Ex *e, MlirOperation op, const char *name);
bool exEmitCollective(Ex *e, MlirOperation op, const char *name);
bool exEmitCollectivePermute(Ex *e, MlirOperation op, const char *arg);
bool exEmitAxisIndex(Ex *e, MlirOperation op, const char *arg);
bool exEmitPartitionId(Ex *e, MlirOperation op, const char *arg);
/* control.c */
bool exEmitFor(Ex *e, MlirOperation op, const char *arg);
bool exEmitWhile(Ex *e, MlirOperation op, const char *arg);
bool exEmitIf(Ex *e, MlirOperation op, const char *arg);
bool exEmitCall(Ex *e, MlirOperation op, const char *arg);
/* manual.c */
bool exEmitManual(Ex *e, MlirOperation op, const char *arg);

/*===-- the op table (table.c) --------------------------------------------===*/

/* Exports one op by its table row (sharding constraints of the global form
 * around it); the entry installs it as Ex.export_op. */
bool exTableExportOp(Ex *e, MlirOperation op);

#endif
