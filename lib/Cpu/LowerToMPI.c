/*
 * LowerToMPI.c - gspmd-lower-to-mpi: gspmd collectives to calls of the MPI
 * runtime (runtime/gspmd_runtime.h), at the tensor level.
 *
 * Input: a partitioned module (local tensor types, gspmd collectives and SPMD
 * ops) or a global one (sharding_constraint only). Output: the same program
 * with only upstream ops, ready for one-shot-bufferize and the LLVM lowering
 * below. Each collective `%r = gspmd.<op> %x ...` becomes
 *
 *   %in  = bufferization.to_buffer %x read_only : tensor<S> to
 *            memref<S, strided<[?, ...], offset: ?>>     (any layout fits)
 *   %out = memref.alloc() : memref<R>                     (a fresh buffer)
 *   func.call @gspmd_mlir_<op>_<dtype>(%mesh_id, %axes, <ints>,
 *            cast %in to memref<*xE>, cast %out to memref<*xE>)
 *   %r   = bufferization.to_tensor %out restrict
 *
 * as upstream's shard-to-mpi lowering does: the runtime writes into a buffer
 * that nothing else can alias (memref.alloc, not a tensor that bufferization
 * could place in an existing buffer), `restrict` tells one-shot-bufferize
 * that no other tensor shares it, and the read-only to_buffer sits right
 * before the call, so bufferization keeps the input's buffer intact until
 * the runtime has read it. The result is not `writable`: canonicalization
 * folds to_buffer(to_tensor(%out)) of a later collective into %out, which
 * hides that read from bufferization's analysis, and a writable %r could
 * then be overwritten in place before that collective reads it (an op that
 * wants to update %r in place gets a copy instead). For the same reason no
 * canonicalize may run between this pass and one-shot-bufferize. Calls have
 * unknown side effects, so CSE and
 * canonicalize never merge or drop two collectives. Axes lists, mesh shapes
 * and device lists are private constant memref.globals (one per distinct
 * list). Runtime functions are declared once per module, private, with
 * llvm.emit_c_interface, so the calls reach `_mlir_ciface_gspmd_mlir_*`.
 *
 * axis_index and partition_id become calls returning i64 (cast to index);
 * sharding_constraint is replaced by its operand (an identity once the
 * program is partitioned, or in the unpartitioned reference program);
 * linalg.softmax, which no upstream pass lowers, is decomposed
 * (Softmax.c: slab by slab, max, exp(x - max), sum, scale); halo_exchange
 * is an error (gspmd-halo-exchange lowers it). Meshes get ids by their order
 * in the module; every function that uses a mesh registers it on entry (the
 * runtime makes registration idempotent). Finally the gspmd.mesh ops, the
 * `gspmd.*` discardable attributes and the `gspmd.*` function argument and
 * result attributes are removed: nothing gspmd is left for LLVM translation.
 *
 * The whole lowering to LLVM is GSPMD_LOWER_TO_LLVM_PIPELINE
 * (include/gspmd/passes.h):
 *
 *   builtin.module(
 *     gspmd-pipeline{sequential=true}, gspmd-simulate-manual,
 *     func.func(tosa-optional-decompositions, tosa-make-broadcastable,
 *       tosa-to-linalg-named, tosa-to-linalg, tosa-to-arith, tosa-to-tensor,
 *       canonicalize),
 *     gspmd-normalize-slices, gspmd-lower-to-mpi,
 *     func.func(convert-elementwise-to-linalg, linalg-generalize-named-ops),
 *     gspmd-fuse-elementwise, gspmd-order-loops, gspmd-relax-reductions,
 *     eliminate-empty-tensors,
 *     one-shot-bufferize{bufferize-function-boundaries
 *       function-boundary-type-conversion=identity-layout-map
 *       allow-return-allocs-from-loops},
 *     ownership-based-buffer-deallocation, canonicalize,
 *     buffer-deallocation-simplification, bufferization-lower-deallocations,
 *     convert-bufferization-to-memref, gspmd-lower-contractions,
 *     gspmd-lower-copies,
 *     func.func(convert-linalg-to-loops), expand-strided-metadata,
 *     lower-affine, convert-scf-to-cf, finalize-memref-to-llvm,
 *     gspmd-approximate-math, convert-math-to-llvm, convert-math-to-libm,
 *     convert-to-llvm, reconcile-unrealized-casts)
 *
 * It is upstream's lowering (docs/cpu-backend.md) with these changes: TOSA is
 * lowered to linalg, arith and tensor first (the partitioner runs TOSA ops
 * it has no local form for replicated; canonicalize drops the leftover
 * tosa.const_shape, before this pass); buffers are freed (ownership-based
 * deallocation; without it every intermediate tensor and every collective
 * output in a loop leaks, and a public function's results become buffers
 * its caller owns and frees); expand-strided-metadata comes before
 * lower-affine, which must lower the affine.apply it makes for slices at
 * dynamic offsets (axis_index times a shard size); math ops without an LLVM
 * intrinsic (erf) become libm calls; float contractions and convolutions
 * on buffers become BLAS gemm calls (gspmd-lower-contractions,
 * LowerContractions.c) instead of loops; and for the CPU's speed (issue
 * 20): chains of elementwise ops are fused into one loop nest
 * (gspmd-fuse-elementwise, FuseElementwise.c), float sums of reductions may
 * be reassociated (gspmd-relax-reductions, RelaxReductions.c), slices
 * written in place of an empty tensor are bufferized in place
 * (eliminate-empty-tensors: the softmax's rows), and math.exp and
 * math.tanh become polynomials LLVM vectorizes (gspmd-approximate-math,
 * ApproximateMath.c).
 *
 * Assumes static shapes on collectives, element types f32, f64, f16, bf16,
 * i1, i8, i32, i64, and collectives inside func.func bodies.
 */
#include "gspmd/build.h"
#include "gspmd/passes.h"
#include "gspmd/support.h"
#include "softmax.h"

#include "gspmd-c/Dialect.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Bufferization.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/Linalg.h"
#include "mlir-c/Dialect/Math.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/Tensor.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef GspmdModuleMesh Mesh;

/* A private constant global holding a list of i64. */
typedef struct IntList {
  int64_t values[64];
  int n;
  char name[32];
} IntList;

/* A function that must register a mesh on entry. */
typedef struct Registration {
  MlirOperation func;
  int mesh;
} Registration;

typedef struct Lower {
  MlirContext ctx;
  MlirOperation module;
  MlirBlock body;
  MlirOperation top; /* new globals and declarations go before it */
  GspmdArena arena;
  GspmdVec meshes;        /* Mesh */
  GspmdVec lists;         /* IntList */
  GspmdVec declared;      /* char *: runtime functions declared so far */
  GspmdVec work;          /* MlirOperation: ops to rewrite */
  GspmdVec registrations; /* Registration */
  bool failed;
} Lower;

/* Where new ops go: before `anchor`, at `loc`. */
typedef struct Builder {
  Lower *l;
  MlirOperation anchor;
  MlirLocation loc;
} Builder;

static void fail(Lower *l, MlirLocation loc, const char *message) {
  mlirEmitError(loc, message);
  l->failed = true;
}

/*===-- Building ops ------------------------------------------------------===*/

static MlirNamedAttribute named(Lower *l, const char *name,
                                MlirAttribute attr) {
  return mlirNamedAttributeGet(mlirIdentifierGet(l->ctx, gspmdStr(name)), attr);
}

static MlirOperation makeOp(const char *name, MlirLocation loc,
                            intptr_t num_operands, const MlirValue *operands,
                            intptr_t num_results, const MlirType *results,
                            intptr_t num_attrs,
                            const MlirNamedAttribute *attrs) {
  MlirOperationState state = mlirOperationStateGet(gspmdStr(name), loc);
  mlirOperationStateAddOperands(&state, num_operands, operands);
  mlirOperationStateAddResults(&state, num_results, results);
  mlirOperationStateAddAttributes(&state, num_attrs, attrs);
  return mlirOperationCreate(&state);
}

/* Creates an op before the builder's anchor; returns its first result (null
 * when it has none). */
static MlirValue emit(Builder *b, const char *name, intptr_t num_operands,
                      const MlirValue *operands, MlirType result,
                      intptr_t num_attrs, const MlirNamedAttribute *attrs) {
  MlirOperation op =
      makeOp(name, b->loc, num_operands, operands,
             mlirTypeIsNull(result) ? 0 : 1, &result, num_attrs, attrs);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(b->anchor),
                                      b->anchor, op);
  return mlirTypeIsNull(result) ? (MlirValue){NULL}
                                : mlirOperationGetResult(op, 0);
}

static MlirType i64Type(Lower *l) { return mlirIntegerTypeGet(l->ctx, 64); }

static MlirValue i64Const(Builder *b, int64_t value) {
  MlirType t = i64Type(b->l);
  MlirNamedAttribute a = named(b->l, "value", mlirIntegerAttrGet(t, value));
  return emit(b, "arith.constant", 0, NULL, t, 1, &a);
}

static MlirValue castTo(Builder *b, MlirValue v, MlirType type) {
  return emit(b, "memref.cast", 1, &v, type, 0, NULL);
}

static MlirType unrankedOf(MlirType element) {
  return mlirUnrankedMemRefTypeGet(element, mlirAttributeGetNull());
}

/*===-- Integer lists as globals ------------------------------------------===*/

/* Inserts a module-level op before the module's first original op, so new
 * globals and declarations come first, in creation order. */
static void insertTop(Lower *l, MlirOperation op) {
  if (mlirOperationIsNull(l->top))
    mlirBlockAppendOwnedOperation(l->body, op);
  else
    mlirBlockInsertOwnedOperationBefore(l->body, l->top, op);
}

/* The name of a private constant memref.global holding `values`, created at
 * the top of the module the first time a list is needed. */
static const char *listGlobal(Lower *l, const int64_t *values, int n) {
  for (size_t i = 0; i < l->lists.size; ++i) {
    IntList *list = &GSPMD_VEC_AT(&l->lists, IntList, i);
    if (list->n == n &&
        (n == 0 || !memcmp(list->values, values, sizeof(int64_t) * n)))
      return list->name;
  }
  IntList *list = gspmdVecPush(&l->lists);
  list->n = n;
  if (n > 0) /* values may be NULL for an empty list */
    memcpy(list->values, values, sizeof(int64_t) * (size_t)n);
  snprintf(list->name, sizeof(list->name), "__gspmd_i64_list_%zu",
           l->lists.size - 1);
  int64_t shape[1] = {n};
  MlirType memref =
      mlirMemRefTypeContiguousGet(i64Type(l), 1, shape, mlirAttributeGetNull());
  MlirType tensor =
      mlirRankedTensorTypeGet(1, shape, i64Type(l), mlirAttributeGetNull());
  MlirNamedAttribute attrs[] = {
      named(l, "sym_name", mlirStringAttrGet(l->ctx, gspmdStr(list->name))),
      named(l, "sym_visibility",
            mlirStringAttrGet(l->ctx, gspmdStr("private"))),
      named(l, "type", mlirTypeAttrGet(memref)),
      named(l, "initial_value",
            mlirDenseElementsAttrInt64Get(tensor, n, values)),
      named(l, "constant", mlirUnitAttrGet(l->ctx)),
  };
  MlirOperation global =
      makeOp("memref.global", mlirLocationUnknownGet(l->ctx), 0, NULL, 0, NULL,
             sizeof(attrs) / sizeof(attrs[0]), attrs);
  insertTop(l, global);
  return list->name;
}

/* A `memref<*xi64>` view of a constant list. */
static MlirValue listRef(Builder *b, const int64_t *values, int n) {
  const char *name = listGlobal(b->l, values, n);
  int64_t shape[1] = {n};
  MlirType memref = mlirMemRefTypeContiguousGet(i64Type(b->l), 1, shape,
                                                mlirAttributeGetNull());
  MlirNamedAttribute a =
      named(b->l, "name", mlirFlatSymbolRefAttrGet(b->l->ctx, gspmdStr(name)));
  MlirValue global = emit(b, "memref.get_global", 0, NULL, memref, 1, &a);
  return castTo(b, global, unrankedOf(i64Type(b->l)));
}

/*===-- Runtime declarations and calls ------------------------------------===*/

static bool isDeclared(Lower *l, const char *name) {
  for (size_t i = 0; i < l->declared.size; ++i)
    if (!strcmp(GSPMD_VEC_AT(&l->declared, char *, i), name))
      return true;
  return false;
}

/* `func.func private @name(<operand types>) -> result` with
 * llvm.emit_c_interface, once per module. */
static void declare(Lower *l, const char *name, intptr_t n,
                    const MlirValue *operands, MlirType result) {
  if (isDeclared(l, name))
    return;
  *(char **)gspmdVecPush(&l->declared) =
      gspmdArenaStrndup(&l->arena, name, strlen(name));
  MlirType inputs[16];
  for (intptr_t i = 0; i < n; ++i)
    inputs[i] = mlirValueGetType(operands[i]);
  MlirType type = mlirFunctionTypeGet(l->ctx, n, inputs,
                                      mlirTypeIsNull(result) ? 0 : 1, &result);
  insertTop(l, gspmdBuildRuntimeDecl(l->ctx, name, type));
}

/* Declares (if needed) and calls runtime function `name`. */
static MlirValue callRuntime(Builder *b, const char *name, intptr_t n,
                             const MlirValue *args, MlirType result) {
  declare(b->l, name, n, args, result);
  MlirNamedAttribute a = named(
      b->l, "callee", mlirFlatSymbolRefAttrGet(b->l->ctx, gspmdStr(name)));
  return emit(b, "func.call", n, args, result, 1, &a);
}

/*===-- Meshes ------------------------------------------------------------===*/

static void collectMeshes(Lower *l) {
  gspmdCollectMeshes(l->module, &l->arena, &l->meshes);
  for (size_t i = 0; i < l->meshes.size; ++i)
    if (!GSPMD_VEC_AT(&l->meshes, Mesh, i).valid)
      fail(l, mlirOperationGetLocation(l->module),
           "gspmd-lower-to-mpi: bad mesh");
}

/* Index of the mesh an op names in its `mesh` attribute, or -1 (with an
 * error). */
static int meshOf(Lower *l, MlirOperation op) {
  MlirAttribute ref = mlirOperationGetAttributeByName(op, gspmdStr("mesh"));
  if (!mlirAttributeIsNull(ref)) {
    int mesh = gspmdFindMesh(&l->meshes, mlirFlatSymbolRefAttrGetValue(ref));
    if (mesh >= 0)
      return mesh;
  }
  fail(l, mlirOperationGetLocation(op),
       "gspmd-lower-to-mpi: the op's mesh is not a gspmd.mesh of the module");
  return -1;
}

/* Reads a string array attribute of mesh axis names into axis indices.
 * Returns the count, or -1 with an error. */
static int readAxes(Lower *l, MlirOperation op, const char *attr_name,
                    const GspmdMesh *mesh, int64_t *out) {
  int axes[GSPMD_MAX_MESH_AXES];
  int n = gspmdReadMeshAxes(
      mlirOperationGetAttributeByName(op, gspmdStr(attr_name)), mesh, axes);
  if (n < 0)
    fail(l, mlirOperationGetLocation(op),
         "gspmd-lower-to-mpi: unknown mesh axis");
  for (int i = 0; i < n; ++i)
    out[i] = axes[i];
  return n;
}

static MlirOperation enclosingFunc(MlirOperation op) {
  for (MlirOperation p = mlirOperationGetParentOperation(op);
       !mlirOperationIsNull(p); p = mlirOperationGetParentOperation(p))
    if (gspmdStringRefEq(gspmdOpName(p), "func.func"))
      return p;
  return (MlirOperation){NULL};
}

/* Records that op's function must register mesh `mesh` on entry. */
static void needMesh(Lower *l, MlirOperation op, int mesh) {
  MlirOperation func = enclosingFunc(op);
  if (mlirOperationIsNull(func)) {
    fail(l, mlirOperationGetLocation(op),
         "gspmd-lower-to-mpi: collectives must be inside a func.func");
    return;
  }
  for (size_t i = 0; i < l->registrations.size; ++i) {
    Registration *r = &GSPMD_VEC_AT(&l->registrations, Registration, i);
    if (mlirOperationEqual(r->func, func) && r->mesh == mesh)
      return;
  }
  Registration *r = gspmdVecPush(&l->registrations);
  r->func = func;
  r->mesh = mesh;
}

/* At the top of each function: gspmd_mlir_register_mesh(id, sizes,
 * devices) for every mesh it uses, in mesh order. */
static void insertRegistrations(Lower *l) {
  for (size_t i = 0; i < l->registrations.size; ++i) {
    Registration *r = &GSPMD_VEC_AT(&l->registrations, Registration, i);
    MlirBlock entry =
        mlirRegionGetFirstBlock(mlirOperationGetRegion(r->func, 0));
    Builder b = {l, mlirBlockGetFirstOperation(entry),
                 mlirOperationGetLocation(r->func)};
    const GspmdMesh *mesh = &GSPMD_VEC_AT(&l->meshes, Mesh, r->mesh).mesh;
    int64_t n = gspmdMeshNumDevices(mesh);
    MlirValue args[3] = {
        i64Const(&b, r->mesh),
        listRef(&b, mesh->axis_sizes, mesh->num_axes),
        listRef(&b, mesh->devices, mesh->devices ? (int)n : 0),
    };
    callRuntime(&b, "gspmd_mlir_register_mesh", 3, args, (MlirType){NULL});
  }
}

/*===-- Collectives -------------------------------------------------------===*/

/* The runtime's type suffix for a tensor element type, or NULL. */
static const char *dtypeSuffix(MlirType t) {
  const char *name = gspmdFloatTypeName(t);
  if (name)
    return name;
  if (mlirTypeIsAInteger(t)) {
    switch (mlirIntegerTypeGetWidth(t)) {
    case 1:
      return "i1";
    case 8:
      return "i8";
    case 32:
      return "i32";
    case 64:
      return "i64";
    }
  }
  return NULL;
}

static bool isStaticTensor(MlirType t) {
  return mlirTypeIsARankedTensor(t) && mlirShapedTypeHasStaticShape(t);
}

/* The input tensor as a `memref<*xE>` of its buffer (read only). The buffer
 * may have any layout: the ranked type has dynamic strides and offset so
 * bufferization can always cast to it without a copy. */
static MlirValue inputRef(Builder *b, MlirValue tensor) {
  MlirType t = mlirValueGetType(tensor);
  intptr_t rank = mlirShapedTypeGetRank(t);
  int64_t shape[GSPMD_MAX_RANK], strides[GSPMD_MAX_RANK];
  for (intptr_t d = 0; d < rank; ++d) {
    shape[d] = mlirShapedTypeGetDimSize(t, d);
    strides[d] = mlirShapedTypeGetDynamicStrideOrOffset();
  }
  MlirAttribute layout = mlirStridedLayoutAttrGet(
      b->l->ctx, mlirShapedTypeGetDynamicStrideOrOffset(), rank, strides);
  MlirType memref = mlirMemRefTypeGet(mlirShapedTypeGetElementType(t), rank,
                                      shape, layout, mlirAttributeGetNull());
  MlirNamedAttribute ro = named(b->l, "read_only", mlirUnitAttrGet(b->l->ctx));
  MlirValue buffer =
      emit(b, "bufferization.to_buffer", 1, &tensor, memref, 1, &ro);
  return castTo(b, buffer, unrankedOf(mlirShapedTypeGetElementType(t)));
}

/* A fresh identity-layout buffer for a result of tensor type `t`. */
static MlirValue allocOutput(Builder *b, MlirType t) {
  intptr_t rank = mlirShapedTypeGetRank(t);
  int64_t shape[GSPMD_MAX_RANK];
  for (intptr_t d = 0; d < rank; ++d)
    shape[d] = mlirShapedTypeGetDimSize(t, d);
  MlirType memref = mlirMemRefTypeContiguousGet(
      mlirShapedTypeGetElementType(t), rank, shape, mlirAttributeGetNull());
  int32_t segments[2] = {0, 0}; /* no dynamic sizes, no symbols */
  MlirNamedAttribute a = named(b->l, "operandSegmentSizes",
                               mlirDenseI32ArrayGet(b->l->ctx, 2, segments));
  return emit(b, "memref.alloc", 0, NULL, memref, 1, &a);
}

/* The result tensor over the buffer the runtime wrote. */
static MlirValue outputTensor(Builder *b, MlirValue buffer, MlirType t) {
  /* Not writable: see the file comment. */
  MlirNamedAttribute a = named(b->l, "restrict", mlirUnitAttrGet(b->l->ctx));
  return emit(b, "bufferization.to_tensor", 1, &buffer, t, 1, &a);
}

static int64_t intAttr(MlirOperation op, const char *name) {
  return mlirIntegerAttrGetValueInt(
      mlirOperationGetAttributeByName(op, gspmdStr(name)));
}

/* The integer operands that follow (mesh, axes) for each collective, in the
 * runtime's order; returns their count. `target` is set for the `to [axes]`
 * form of collective_permute. */
static int collectiveInts(const char *kind, MlirOperation op, int64_t *ints,
                          bool *target) {
  *target = false;
  if (!strcmp(kind, "all_reduce")) {
    ints[0] = intAttr(op, "reduction");
    return 1;
  }
  if (!strcmp(kind, "all_gather")) {
    ints[0] = intAttr(op, "gather_dim");
    return 1;
  }
  if (!strcmp(kind, "reduce_scatter")) {
    ints[0] = intAttr(op, "reduction");
    ints[1] = intAttr(op, "scatter_dim");
    return 2;
  }
  if (!strcmp(kind, "all_to_all")) {
    ints[0] = intAttr(op, "split_dim");
    ints[1] = intAttr(op, "concat_dim");
    return 2;
  }
  /* collective_permute */
  if (!mlirAttributeIsNull(
          mlirOperationGetAttributeByName(op, gspmdStr("target_axes")))) {
    *target = true;
    return 0;
  }
  MlirAttribute shift = mlirOperationGetAttributeByName(op, gspmdStr("shift"));
  ints[0] = mlirAttributeIsNull(shift) ? 0 : mlirIntegerAttrGetValueInt(shift);
  ints[1] = !mlirAttributeIsNull(
      mlirOperationGetAttributeByName(op, gspmdStr("wrap")));
  return 2;
}

static void lowerCollective(Lower *l, MlirOperation op, const char *kind) {
  MlirLocation loc = mlirOperationGetLocation(op);
  MlirValue input = mlirOperationGetOperand(op, 0);
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirType in_type = mlirValueGetType(input);
  MlirType out_type = mlirValueGetType(result);
  if (!isStaticTensor(in_type) || !isStaticTensor(out_type)) {
    fail(l, loc, "gspmd-lower-to-mpi: collectives need static tensor shapes");
    return;
  }
  const char *dtype = dtypeSuffix(mlirShapedTypeGetElementType(in_type));
  if (!dtype) {
    fail(l, loc,
         "gspmd-lower-to-mpi: unsupported element type (supported: f32, f64, "
         "f16, bf16, i1, i8, i32, i64)");
    return;
  }
  int mesh = meshOf(l, op);
  if (mesh < 0)
    return;
  const GspmdMesh *m = &GSPMD_VEC_AT(&l->meshes, Mesh, mesh).mesh;
  int64_t axes[GSPMD_MAX_MESH_AXES], target[GSPMD_MAX_MESH_AXES], ints[2];
  int num_axes = readAxes(l, op, "axes", m, axes);
  bool has_target;
  int num_ints = collectiveInts(kind, op, ints, &has_target);
  int num_target = has_target ? readAxes(l, op, "target_axes", m, target) : 0;
  if (num_axes < 0 || num_target < 0)
    return;
  needMesh(l, op, mesh);

  Builder b = {l, op, loc};
  MlirValue args[8];
  int n = 0;
  args[n++] = i64Const(&b, mesh);
  args[n++] = listRef(&b, axes, num_axes);
  if (has_target)
    args[n++] = listRef(&b, target, num_target);
  for (int i = 0; i < num_ints; ++i)
    args[n++] = i64Const(&b, ints[i]);
  args[n++] = inputRef(&b, input);
  MlirValue buffer = allocOutput(&b, out_type);
  args[n++] =
      castTo(&b, buffer, unrankedOf(mlirShapedTypeGetElementType(out_type)));
  char name[96];
  snprintf(name, sizeof(name), "gspmd_mlir_%s%s_%s", kind,
           has_target ? "_axes" : "", dtype);
  callRuntime(&b, name, n, args, (MlirType){NULL});
  mlirValueReplaceAllUsesOfWith(result, outputTensor(&b, buffer, out_type));
  mlirOperationDestroy(op);
}

/* axis_index and partition_id: an i64 from the runtime, cast to index. */
static void lowerIndexOp(Lower *l, MlirOperation op, bool axis_index) {
  MlirLocation loc = mlirOperationGetLocation(op);
  Builder b = {l, op, loc};
  MlirValue value;
  if (axis_index) {
    int mesh = meshOf(l, op);
    if (mesh < 0)
      return;
    int64_t axes[GSPMD_MAX_MESH_AXES];
    int num_axes = readAxes(l, op, "axes",
                            &GSPMD_VEC_AT(&l->meshes, Mesh, mesh).mesh, axes);
    if (num_axes < 0)
      return;
    needMesh(l, op, mesh);
    MlirValue args[2] = {i64Const(&b, mesh), listRef(&b, axes, num_axes)};
    value = callRuntime(&b, "gspmd_mlir_axis_index", 2, args, i64Type(l));
  } else {
    value = callRuntime(&b, "gspmd_mlir_partition_id", 0, NULL, i64Type(l));
  }
  MlirValue index = emit(&b, "arith.index_cast", 1, &value,
                         mlirIndexTypeGet(l->ctx), 0, NULL);
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), index);
  mlirOperationDestroy(op);
}

/*===-- Driver ------------------------------------------------------------===*/

static const char *const kCollectives[] = {"all_reduce", "all_gather",
                                           "reduce_scatter", "all_to_all",
                                           "collective_permute"};

static MlirWalkResult collectWork(MlirOperation op, void *user) {
  Lower *l = user;
  MlirStringRef name = gspmdOpName(op);
  if ((name.length > 6 && !strncmp(name.data, "gspmd.", 6) &&
       !gspmdOperationIsAMesh(op)) ||
      gspmdStringRefEq(name, "linalg.softmax"))
    *(MlirOperation *)gspmdVecPush(&l->work) = op;
  /* A manual region is refused whole (lowerOp): its body is not lowered. */
  if (gspmdStringRefEq(name, "gspmd.manual_computation"))
    return MlirWalkResultSkip;
  return MlirWalkResultAdvance;
}

static void lowerOp(Lower *l, MlirOperation op) {
  MlirStringRef name = gspmdOpName(op);
  for (size_t i = 0; i < sizeof(kCollectives) / sizeof(kCollectives[0]); ++i) {
    char full[64];
    snprintf(full, sizeof(full), "gspmd.%s", kCollectives[i]);
    if (gspmdStringRefEq(name, full)) {
      lowerCollective(l, op, kCollectives[i]);
      return;
    }
  }
  if (gspmdStringRefEq(name, "gspmd.axis_index") ||
      gspmdStringRefEq(name, "gspmd.partition_id")) {
    lowerIndexOp(l, op, gspmdStringRefEq(name, "gspmd.axis_index"));
  } else if (gspmdStringRefEq(name, "gspmd.sharding_constraint")) {
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0),
                                  mlirOperationGetOperand(op, 0));
    mlirOperationDestroy(op);
  } else if (gspmdStringRefEq(name, "linalg.softmax")) {
    const char *why = gspmdDecomposeSoftmax(op);
    if (why)
      fail(l, mlirOperationGetLocation(op), why);
  } else if (gspmdStringRefEq(name, "gspmd.manual_computation")) {
    fail(l, mlirOperationGetLocation(op),
         "gspmd-lower-to-mpi: gspmd.manual_computation is not lowered here; "
         "run gspmd-partition (the SPMD program) or gspmd-simulate-manual (its "
         "global meaning) first");
  } else if (gspmdStringRefEq(name, "gspmd.halo_exchange")) {
    fail(l, mlirOperationGetLocation(op),
         "gspmd-lower-to-mpi: gspmd.halo_exchange is not lowered here; run "
         "gspmd-halo-exchange first");
  } else {
    char msg[160];
    snprintf(msg, sizeof(msg), "gspmd-lower-to-mpi: cannot lower '%.*s'",
             (int)name.length, name.data);
    fail(l, mlirOperationGetLocation(op), msg);
  }
}

static bool isGspmdName(MlirStringRef name) {
  return name.length > 6 && !strncmp(name.data, "gspmd.", 6);
}

/* Removes every discardable `gspmd.*` attribute of op. */
static MlirWalkResult stripOpAttrs(MlirOperation op, void *user) {
  (void)user;
  for (intptr_t i = mlirOperationGetNumDiscardableAttributes(op) - 1; i >= 0;
       --i) {
    MlirNamedAttribute a = mlirOperationGetDiscardableAttribute(op, i);
    MlirStringRef name = mlirIdentifierStr(a.name);
    if (isGspmdName(name))
      mlirOperationRemoveDiscardableAttributeByName(op, name);
  }
  return MlirWalkResultAdvance;
}

/* Rewrites a func's arg_attrs / res_attrs without `gspmd.*` entries. */
static void stripFuncAttrs(Lower *l, MlirOperation func, const char *which) {
  MlirAttribute all = mlirOperationGetAttributeByName(func, gspmdStr(which));
  if (mlirAttributeIsNull(all))
    return;
  intptr_t n = mlirArrayAttrGetNumElements(all);
  MlirAttribute *dicts =
      gspmdArenaAlloc(&l->arena, sizeof(MlirAttribute) * (size_t)(n + 1));
  bool any = false;
  for (intptr_t i = 0; i < n; ++i) {
    MlirAttribute dict = mlirArrayAttrGetElement(all, i);
    intptr_t m = mlirDictionaryAttrGetNumElements(dict), kept = 0;
    MlirNamedAttribute *entries = gspmdArenaAlloc(
        &l->arena, sizeof(MlirNamedAttribute) * (size_t)(m + 1));
    for (intptr_t j = 0; j < m; ++j) {
      MlirNamedAttribute e = mlirDictionaryAttrGetElement(dict, j);
      if (!isGspmdName(mlirIdentifierStr(e.name)))
        entries[kept++] = e;
    }
    any |= kept > 0;
    dicts[i] = mlirDictionaryAttrGet(l->ctx, kept, entries);
  }
  if (any)
    mlirOperationSetAttributeByName(func, gspmdStr(which),
                                    mlirArrayAttrGet(l->ctx, n, dicts));
  else
    mlirOperationRemoveAttributeByName(func, gspmdStr(which));
}

/* Erases the meshes and every gspmd attribute left. */
static void cleanUp(Lower *l) {
  MlirOperation op = mlirBlockGetFirstOperation(l->body);
  while (!mlirOperationIsNull(op)) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (gspmdOperationIsAMesh(op)) {
      mlirOperationDestroy(op);
    } else if (gspmdStringRefEq(gspmdOpName(op), "func.func")) {
      stripFuncAttrs(l, op, "arg_attrs");
      stripFuncAttrs(l, op, "res_attrs");
    }
    op = next;
  }
  mlirOperationWalk(l->module, stripOpAttrs, NULL, MlirWalkPreOrder);
}

void gspmdLowerToMPIPassRun(MlirOperation module, MlirExternalPass pass,
                            void *user) {
  (void)user;
  Lower l;
  memset(&l, 0, sizeof(l));
  l.ctx = mlirOperationGetContext(module);
  l.module = module;
  l.body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  l.top = mlirBlockGetFirstOperation(l.body);
  gspmdVecInit(&l.meshes, sizeof(Mesh));
  gspmdVecInit(&l.lists, sizeof(IntList));
  gspmdVecInit(&l.declared, sizeof(char *));
  gspmdVecInit(&l.work, sizeof(MlirOperation));
  gspmdVecInit(&l.registrations, sizeof(Registration));
  collectMeshes(&l);
  /* Collect first, then rewrite: rewriting erases ops under the walk. */
  mlirOperationWalk(module, collectWork, &l, MlirWalkPreOrder);
  for (size_t i = 0; i < l.work.size && !l.failed; ++i)
    lowerOp(&l, GSPMD_VEC_AT(&l.work, MlirOperation, i));
  if (!l.failed) {
    insertRegistrations(&l);
    cleanUp(&l);
  }
  if (l.failed)
    mlirExternalPassSignalFailure(pass);
  gspmdVecFree(&l.meshes);
  gspmdVecFree(&l.lists);
  gspmdVecFree(&l.declared);
  gspmdVecFree(&l.work);
  gspmdVecFree(&l.registrations);
  gspmdArenaFree(&l.arena);
}
