/*
 * gspmd/support.h - the IR lookups the C passes share (meshes, functions,
 * the entry, attributes; lib/Support/ir.c) and the few things the MLIR C
 * API lacks that our passes need (remarks, linalg structure, sharding
 * attributes <-> the algebra's structs), implemented by thin C++ in
 * lib/CAPI. The containers are in gspmd/containers.h.
 */
#ifndef GSPMD_SUPPORT_H
#define GSPMD_SUPPORT_H

#include "gspmd/containers.h"
#include "gspmd/sharding.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*===-- MLIR helpers (C API gaps, implemented in lib/CAPI) ----------------===*/

/* True if two string refs hold the same bytes. */
bool gspmdStringRefEq(MlirStringRef a, const char *b);

/* Calls fn(user_op, i, data) for operand i of every op nested in root's
 * regions (root itself excluded): how passes rewrite what a region reads
 * from outside. fn may replace the operand. */
typedef void (*GspmdNestedOperandFn)(MlirOperation user, intptr_t i,
                                     void *data);
void gspmdForEachNestedOperand(MlirOperation root, GspmdNestedOperandFn fn,
                               void *data);

/* The `value` attribute of the arith.constant defining v; null when no
 * arith.constant defines it. */
MlirAttribute gspmdConstantValue(MlirValue v);

/* The trips of scf.for `loop` when its bounds and step are constants (0 for
 * an empty range); -1 otherwise. */
int64_t gspmdForTripCount(MlirOperation loop);

/* True when v is defined in one of root's regions (a value a region op
 * computes), false for what the regions read from outside. */
bool gspmdDefinedInside(MlirValue v, MlirOperation root);

/* The op of `block` that is `x` or holds it in one of its regions; null
 * when x is not under block. */
MlirOperation gspmdAncestorIn(MlirOperation x, MlirBlock block);

/* Bytes of a static ranked tensor type as the runtime stores it (i1 takes a
 * byte, index 8); -1 for a dynamic shape or an element type without a size. */
int64_t gspmdTensorTypeBytes(MlirType t);

/* A gspmd collective read for the cost model that the comm report and
 * gspmd-simulate share (gspmdCollectiveBytesSent, lib/Sharding/cost.c). */
typedef struct GspmdCollectiveOp {
  GspmdCollectiveKind kind; /* a halo exchange is a permute of its halo */
  bool halo;                /* a gspmd.halo_exchange */
  int64_t input_bytes;      /* of its local input; -1 when not static */
  int64_t moved_bytes;      /* what the kind moves: the input or the halo */
  int64_t group;            /* devices in a group; -1: unknown mesh or axes */
  GspmdMesh mesh;           /* its mesh (names in the caller's arena) */
  int axes[GSPMD_MAX_MESH_AXES]; /* its axes, indices into mesh */
  int num_axes;
} GspmdCollectiveOp;

/* Reads `op` into *out when it is a gspmd collective (all_reduce,
 * all_gather, reduce_scatter, all_to_all, collective_permute,
 * halo_exchange) of `module`; false for any other op. */
bool gspmdReadCollective(MlirOperation module, MlirOperation op,
                         GspmdArena *arena, GspmdCollectiveOp *out);

/* "f32", "f64", "f16" or "bf16" for those float types; NULL otherwise. */
const char *gspmdFloatTypeName(MlirType t);

/* A NUL-terminated C string as an MlirStringRef (borrowed: `s` must outlive
 * the reference). */
static inline MlirStringRef gspmdStr(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

/* A gspmd.mesh of a module, read into the algebra's struct. */
typedef struct GspmdModuleMesh {
  MlirStringRef name; /* owned by the context */
  GspmdMesh mesh;     /* axis names in the arena */
  bool valid;         /* false when the mesh could not be read */
} GspmdModuleMesh;

/* Appends the gspmd.mesh ops at the top of `module` to `out` (a GspmdVec of
 * GspmdModuleMesh), in order: a mesh's index is its id. */
void gspmdCollectMeshes(MlirOperation module, GspmdArena *arena, GspmdVec *out);

/* Index of the mesh named `name` in `meshes`, or -1. */
int gspmdFindMesh(const GspmdVec *meshes, MlirStringRef name);

/* The top-level functions of a module by name, so that a func.call finds
 * its callee in O(1) (a symbol table lookup scans the module: quadratic
 * over a program of many calls). Passes that add functions (clones) add
 * them here too. */
typedef struct GspmdFuncTable {
  MlirOperation module;
  GspmdVec funcs;     /* MlirOperation, in order of addition */
  GspmdPtrMap by_ref; /* FlatSymbolRefAttr of a function's name -> funcs */
} GspmdFuncTable;

/* The reference a func.call holds to function `f` (uniqued per name). */
MlirAttribute gspmdFuncSymbolRef(MlirOperation f);
/* Fills *t with `module`'s top-level func.func ops; free with
 * gspmdFuncTableFree. */
void gspmdFuncTableInit(GspmdFuncTable *t, MlirOperation module);
void gspmdFuncTableAdd(GspmdFuncTable *t, MlirOperation f);
/* True when `op` sits in `module` itself (not in a nested module), so the
 * symbols it names are the module's. */
bool gspmdInModule(MlirOperation module, MlirOperation op);
/* The function `call` (a func.call) calls, or null; calls in nested modules
 * are resolved by symbol table lookup. */
MlirOperation gspmdFuncTableCallee(const GspmdFuncTable *t, MlirOperation call);
void gspmdFuncTableFree(GspmdFuncTable *t);

/* True when the func.func `f` is public: no sym_visibility, or "public"
 * (as jax writes its entry: func.func public @main). */
bool gspmdFuncIsPublic(MlirOperation f);

/* Why gspmdFindEntry found no entry (GSPMD_ENTRY_FOUND when it did). */
typedef enum GspmdEntryStatus {
  GSPMD_ENTRY_FOUND = 0,
  GSPMD_ENTRY_NOT_FOUND, /* no function with a body has the name asked for */
  GSPMD_ENTRY_NO_PUBLIC, /* no name asked for: no public function, body */
  GSPMD_ENTRY_AMBIGUOUS  /* no name asked for: several public functions */
} GspmdEntryStatus;

/* The entry function of a program, as the tools and passes that run or show
 * one choose it (gspmd-run, gspmd-show-shardings): the top-level func.func
 * with a body named `name`, or, when name is NULL, the only public one with
 * a body. Writes it to *entry (null on failure) and, on failure, the
 * candidates ("@a, @b") into `names` when it is non-NULL: every function
 * with a body when a name was asked for, the public ones otherwise. */
GspmdEntryStatus gspmdFindEntry(MlirOperation module, const char *name,
                                MlirOperation *entry, char *names,
                                size_t names_size);

/* Reads a string array attribute of axis names of `mesh` (a collective's
 * `axes`) into axis indices; returns their count, or -1 when a name is
 * unknown or there are too many. */
int gspmdReadMeshAxes(MlirAttribute names, const GspmdMesh *mesh, int *out);

/* The dictionary `old` (may be null) with entry `name` set to `value`. */
MlirAttribute gspmdDictionarySet(MlirContext ctx, MlirAttribute old,
                                 MlirStringRef name, MlirAttribute value);

/* The op's name as a string ref owned by the context. */
MlirStringRef gspmdOpName(MlirOperation op);

/* All of op's attributes, inherent (properties) and discardable, as one
 * dictionary owned by the context: ops with equal attributes get the same
 * attribute. One query, where mlirOperationGetAttribute rebuilds it per
 * entry. */
MlirAttribute gspmdOpAttributes(MlirOperation op);

/* Emits a remark / warning at loc. */
void gspmdEmitRemark(MlirLocation loc, const char *message);
void gspmdEmitWarning(MlirLocation loc, const char *message);

/* True if op implements linalg's LinalgOp interface (named or generic
 * structured op). */
/* #linalg.iterator_type<parallel> or <reduction>. */
MlirAttribute gspmdIteratorTypeAttr(MlirContext ctx, bool reduction);
/* #arith.fastmath<none> or <reassoc>. */
MlirAttribute gspmdFastMathAttr(MlirContext ctx, bool reassoc);
/* !tosa.shape<rank>. */
MlirType gspmdTosaShapeType(MlirContext ctx, int rank);
bool gspmdOpIsLinalgStructured(MlirOperation op);

/* True if op has the Elementwise trait (arith, math on tensors). */
bool gspmdOpIsElementwise(MlirOperation op);

/* True if op has no effect but its results (mlir::wouldOpBeTriviallyDead):
 * canonicalize erases it once they are unused. */
bool gspmdOpWouldBeDead(MlirOperation op);

/* True if a and b are distinct ops computing the same values: free of
 * memory effects, with the same name, operands, properties, result types
 * and regions (discardable attributes such as shardings and locations
 * aside); CSE would merge them. */
bool gspmdOpsAreTwins(MlirOperation a, MlirOperation b);

/* Fuses chains of elementwise linalg ops on tensors under `root`: a
 * linalg.generic producer read only by a consumer without reduction loops,
 * through a permutation (not a broadcast), is fused into it (upstream's
 * patterns; lib/CAPI/CpuCodegen.cpp). False when the rewrite did not
 * converge. */
bool gspmdFuseElementwiseLinalg(MlirOperation root);

/* Rewrites math.exp and math.tanh under `root` into upstream's polynomial
 * approximations (f32; f16 and bf16 through f32; f64 keeps libm), arith
 * ops that LLVM
 * vectorizes (lib/CAPI/CpuCodegen.cpp). False when the rewrite did not
 * converge. */
bool gspmdApproximateMath(MlirOperation root);

/* Reorders the loops of linalg.generic `op` in place: new loop i is old
 * loop order[i] (n of them, a permutation); maps, iterator kinds and the
 * body's linalg.index ops follow (upstream's interchange;
 * lib/CAPI/CpuCodegen.cpp). False when op is not a linalg.generic or the
 * order is not a permutation of its loops. */
bool gspmdInterchangeLinalgLoops(MlirOperation op, const unsigned *order,
                                 int n);

/* The number of loops of a linalg structured op; their iterator kinds
 * (true = reduction) into is_reduction[0..max) (may be NULL with max 0).
 * One call: named ops build their iterator list on every query. */
int gspmdLinalgLoops(MlirOperation op, bool *is_reduction, int max);

/* Each loop's trip count of a linalg structured op (the size of an operand
 * dim its maps index by that loop alone, static shapes only) into
 * trips[0..max); returns the loop count, -1 when a count is unknown, op has
 * no indexing maps or more than `max` loops. */
int gspmdLinalgLoopTrips(MlirOperation op, int64_t *trips, int max);

/* Resolves `symbol` from the nearest symbol table around `from`; null if
 * none. */
MlirOperation gspmdLookupSymbol(MlirOperation from, MlirStringRef symbol);

/* A mesh op as the algebra's struct; names are copied into the arena so they
 * are NUL-terminated. Returns false if the op is not a valid mesh. */
bool gspmdMeshFromOp(MlirOperation mesh_op, GspmdArena *arena, GspmdMesh *out);

/* Converts a sharding attribute on `mesh` to the algebra's struct of the
 * given rank. Returns false (no diagnostic) if it names unknown axes or its
 * rank differs. #gspmd.replicated converts on any mesh. */
bool gspmdShardingFromAttr(MlirAttribute attr, const GspmdMesh *mesh, int rank,
                           GspmdSharding *out);

/* Builds the attribute (replicated, tiled or partially tiled, as the kind on
 * the mesh says) for an algebra sharding. Owned by the context. */
MlirAttribute gspmdShardingToAttr(MlirContext ctx, MlirStringRef mesh_name,
                                  const GspmdMesh *mesh,
                                  const GspmdSharding *s);

/* gspmdRunPipeline without the verifier after each pass: for trials on a
 * copy whose output is only measured, then discarded. */
MlirLogicalResult gspmdRunTrialPipeline(MlirModule module,
                                        MlirStringRef pipeline);

/* Refines axis `axis` of mesh op `mesh_op` into a major part of `major`
 * devices and a minor part of the rest, named as the importer names
 * Shardy's sub-axes, by the size of the parts minor to them ("model" of 8
 * at 4: "model_2"=4, "model_1"=2). Device
 * numbering is unchanged (row-major over the parts is row-major over the
 * axis), and so is the meaning of every sharding: each one in `module`
 * that names the axis (any attribute, nested or on function signatures)
 * names both parts instead. Returns false, changing nothing, when a part's
 * name is taken or the sizes do not divide. */
bool gspmdRefineMeshAxis(MlirOperation module, MlirOperation mesh_op, int axis,
                         int64_t major);

#ifdef __cplusplus
}
#endif

#endif /* GSPMD_SUPPORT_H */
