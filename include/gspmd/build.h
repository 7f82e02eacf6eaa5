/*
 * gspmd/build.h - building the IR the partitioner emits, over the C API.
 *
 * The MLIR C API builds ops from generic operation states; these helpers
 * hide the attribute plumbing of the few ops partitioning creates (index
 * arithmetic, axis_index, collectives, slices, pads, masks) so that the pass
 * reads as what it emits. Each helper inserts at the builder's point (before
 * `before`, or at the end of `block` when `before` is null) and returns the
 * new op's result; the block owns the new op.
 */
#ifndef GSPMD_BUILD_H
#define GSPMD_BUILD_H

#include "gspmd/combiner.h"
#include "gspmd/sharding.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct GspmdBuilder {
  MlirContext ctx;
  MlirBlock block;
  MlirOperation before; /* null: append to block */
  MlirLocation loc;
} GspmdBuilder;

/* A builder inserting right before `op`, at its location. */
GspmdBuilder gspmdBuilderBefore(MlirOperation op);
/* A builder inserting right after `op`, at its location. */
GspmdBuilder gspmdBuilderAfter(MlirOperation op);

/* Creates the op from `state` and inserts it at the builder's point. */
MlirOperation gspmdBuildInsert(GspmdBuilder *b, MlirOperationState *state);

MlirNamedAttribute gspmdNamedAttr(MlirContext ctx, const char *name,
                                  MlirAttribute attr);

/*===-- Scalars and index arithmetic --------------------------------------===*/

/* arith.constant holding `value` (a typed attribute: scalar or splat). */
MlirValue gspmdBuildConstant(GspmdBuilder *b, MlirAttribute value);
MlirValue gspmdBuildIndex(GspmdBuilder *b, int64_t value);
/* arith.<name> (addi, subi, muli, maxsi, minsi, ...) on two values. */
MlirValue gspmdBuildBinary(GspmdBuilder *b, const char *name, MlirValue lhs,
                           MlirValue rhs);
/* arith.cmpi with predicate `predicate` (0 eq, 2 slt, 6 ult, ...). */
MlirValue gspmdBuildCmpI(GspmdBuilder *b, int predicate, MlirValue lhs,
                         MlirValue rhs);
/* arith.select %cond, %a, %b. */
MlirValue gspmdBuildSelect(GspmdBuilder *b, MlirValue cond, MlirValue a,
                           MlirValue c);
/* arith.constant of a scalar element type holding the identity of a
 * reduction (0, 1, -inf/+inf or the integer extremes, false/true). */
MlirValue gspmdBuildIdentity(GspmdBuilder *b, MlirType element_type,
                             GspmdReduction reduce);
/* A splat constant tensor of `type` holding the identity of `reduce`. */
MlirValue gspmdBuildIdentityTensor(GspmdBuilder *b, MlirType type,
                                   GspmdReduction reduce);

/*===-- SPMD ops ----------------------------------------------------------===*/

/* gspmd.axis_index @mesh [axes]: this device's coordinate over the axes. */
MlirValue gspmdBuildAxisIndex(GspmdBuilder *b, MlirStringRef mesh_name,
                              const GspmdMesh *mesh, const int *axes,
                              int num_axes);

/* The IR form of the layout (docs/dialect.md) for this device, along a dim
 * split over `axes` into shards of `shard_size`: the offset of its shard,
 * axis_index(axes) * shard_size ... */
MlirValue gspmdBuildShardOffset(GspmdBuilder *b, MlirStringRef mesh_name,
                                const GspmdMesh *mesh, const int *axes,
                                int num_axes, int64_t shard_size);
/* ... and its valid extent, clamp(global_size - offset, 0, shard_size). */
MlirValue gspmdBuildShardValidSize(GspmdBuilder *b, MlirValue offset,
                                   int64_t global_size, int64_t shard_size);

/* One reshard step as gspmd collectives and tensor ops: `input` has the
 * step's local shape before it (step->shape_in), the result its shape after
 * (step->shape_out); the planner recorded every size the ops need.
 * `mesh_name`/`mesh` are the step's mesh (for axis names and the device's
 * coordinates). */
MlirValue gspmdBuildReshardStep(GspmdBuilder *b, MlirStringRef mesh_name,
                                const GspmdMesh *mesh,
                                const GspmdReshardStep *step, MlirValue input);

/*===-- Tensors -----------------------------------------------------------===*/

/* tensor.extract_slice with static sizes and unit strides; offsets[d] is
 * used when dyn_offsets[d] is null. */
MlirValue gspmdBuildExtractSlice(GspmdBuilder *b, MlirValue source,
                                 const int64_t *offsets,
                                 const MlirValue *dyn_offsets,
                                 const int64_t *sizes);
/* The same with result type `type`, which may drop unit dims of `sizes`
 * (a rank-reducing slice). */
MlirValue gspmdBuildExtractSliceAs(GspmdBuilder *b, MlirType type,
                                   MlirValue source, const int64_t *offsets,
                                   const MlirValue *dyn_offsets,
                                   const int64_t *sizes);

/* tensor.insert_slice of all of `source` into `dest` with unit strides;
 * offsets[d] is used when dyn_offsets[d] is null. */
MlirValue gspmdBuildInsertSlice(GspmdBuilder *b, MlirValue source,
                                MlirValue dest, const int64_t *offsets,
                                const MlirValue *dyn_offsets);
/* The same with `sizes` (dest's rank) given: `source` may lack their unit
 * dims (a rank-extending insert). */
MlirValue gspmdBuildInsertSliceSized(GspmdBuilder *b, MlirValue source,
                                     MlirValue dest, const int64_t *offsets,
                                     const MlirValue *dyn_offsets,
                                     const int64_t *sizes);

/* tensor.extract_slice with static offsets, sizes and strides (the result
 * keeps the source's rank). */
MlirValue gspmdBuildStridedSlice(GspmdBuilder *b, MlirValue source,
                                 const int64_t *offsets, const int64_t *sizes,
                                 const int64_t *strides);

/* tensor.pad with static padding `low` and `high` and scalar `value`. */
MlirValue gspmdBuildPad(GspmdBuilder *b, MlirValue source, const int64_t *low,
                        const int64_t *high, MlirValue value);
/* tensor.pad with static high padding `high` (low 0) and scalar `value`. */
MlirValue gspmdBuildPadHigh(GspmdBuilder *b, MlirValue source,
                            const int64_t *high, MlirValue value);

/* Replaces the elements of `x` whose index i along `dim` is outside
 * [first, end) (index values compared signed; a null `first` means no lower
 * bound) with the scalar `fill`: a linalg.generic. */
MlirValue gspmdBuildMaskRange(GspmdBuilder *b, MlirValue x, int dim,
                              MlirValue first, MlirValue end, MlirValue fill);
/* The same with no lower bound: elements at index >= `valid` become `fill`. */
MlirValue gspmdBuildMaskTail(GspmdBuilder *b, MlirValue x, int dim,
                             MlirValue valid, MlirValue fill);

/* tensor.concat of `values` (same type but along `dim`) along `dim`; the
 * value itself when there is one. */
MlirValue gspmdBuildConcat(GspmdBuilder *b, int dim, int num_values,
                           const MlirValue *values);

/* gspmd.halo_exchange of `input` along `dim` (global size `global_size`)
 * with `low`/`high` halo rows; `padding` may be null (zero). */
MlirValue gspmdBuildHaloExchange(GspmdBuilder *b, MlirStringRef mesh_name,
                                 const GspmdMesh *mesh, const int *axes,
                                 int num_axes, MlirValue input, int dim,
                                 int64_t low, int64_t high, int64_t global_size,
                                 MlirValue padding);

/* The same, `periodic`: the halos wrap around the group (the first
 * device's low halo is the last device's edge); `global_size` must split
 * evenly. */
MlirValue gspmdBuildPeriodicHaloExchange(GspmdBuilder *b,
                                         MlirStringRef mesh_name,
                                         const GspmdMesh *mesh, const int *axes,
                                         int num_axes, MlirValue input, int dim,
                                         int64_t low, int64_t high,
                                         int64_t global_size);

/* gspmd.collective_permute ... shift = `shift` (no wrap): the device at
 * position i over `axes` receives the input of position i - shift (zeros
 * when there is none). */
MlirValue gspmdBuildShift(GspmdBuilder *b, MlirStringRef mesh_name,
                          const GspmdMesh *mesh, const int *axes, int num_axes,
                          MlirValue input, int64_t shift);

/* The same with wrap: the device at position i receives the input of
 * position (i - shift) mod n (a ring over the axes). */
MlirValue gspmdBuildRotate(GspmdBuilder *b, MlirStringRef mesh_name,
                           const GspmdMesh *mesh, const int *axes, int num_axes,
                           MlirValue input, int64_t shift);

/* Bytes of one element of a tensor element type (i1 counts as 1). */
int64_t gspmdElementBytes(MlirType element_type);

/* The ranked tensor type with `shape` and the element type of `like`. */
MlirType gspmdTensorTypeLike(MlirType like, int rank, const int64_t *shape);
/* `like` with a leading dim of size n. */
MlirType gspmdTensorTypePrepend(MlirType like, int64_t n);

/*===-- Regions and structured ops ----------------------------------------===*/

/* Ops with a body (scf.for, linalg.generic) are inserted with their block
 * and no terminator: `*body` receives a builder appending to that block,
 * whose ops the caller builds and closes with gspmdBuildTerminator. */

/* A builder appending to the end of `block`, at `loc`. */
GspmdBuilder gspmdBuilderAtEnd(MlirBlock block, MlirLocation loc);

/* Moves the existing `op` (in some block) to the builder's point. */
void gspmdBuildMoveHere(GspmdBuilder *b, MlirOperation op);

/* A terminator `name` (scf.yield, linalg.yield, ...) of `values`. */
MlirOperation gspmdBuildTerminator(GspmdBuilder *b, const char *name,
                                   int num_values, const MlirValue *values);

/* `name` (math.exp, ...) on one value, of its type. */
MlirValue gspmdBuildUnary(GspmdBuilder *b, const char *name, MlirValue x);

/* linalg.index `dim`, inside a linalg.generic body. */
MlirValue gspmdBuildLinalgIndex(GspmdBuilder *b, int dim);

/* gspmd.sharding_constraint of `x` to `sharding` (a floor if `open`). */
MlirValue gspmdBuildShardingConstraint(GspmdBuilder *b, MlirValue x,
                                       MlirAttribute sharding, bool open);

/* tensor.empty of the static `type`. */
MlirValue gspmdBuildEmpty(GspmdBuilder *b, MlirType type);

/* linalg.fill of `dest` with the scalar `value`. */
MlirValue gspmdBuildFill(GspmdBuilder *b, MlirValue value, MlirValue dest);

/* tensor.cast of `x` to `type`. */
MlirValue gspmdBuildTensorCast(GspmdBuilder *b, MlirValue x, MlirType type);

/* scf.for %iv = lb to ub step `step` iter_args(`inits`): the body's block
 * arguments are %iv then the iter_args; its results, the inits' types. */
MlirOperation gspmdBuildFor(GspmdBuilder *b, MlirValue lb, MlirValue ub,
                            MlirValue step, int num_iter,
                            const MlirValue *inits, GspmdBuilder *body);

/* linalg.generic over `inputs` into `init` (one output, whose type is the
 * result's) with one indexing map per operand (inputs, then init) and one
 * iterator per character of `iterators` ('p' parallel, 'r' reduction); the
 * body's block arguments are one scalar per operand. Close the body with
 * linalg.yield. */
MlirOperation gspmdBuildGeneric(GspmdBuilder *b, int num_inputs,
                                const MlirValue *inputs, MlirValue init,
                                const MlirAffineMap *maps,
                                const char *iterators, GspmdBuilder *body);

/* `func.func private @name` of `function_type` with llvm.emit_c_interface:
 * the declaration of a runtime function. Detached: the caller inserts it
 * (and owns it until then). */
MlirOperation gspmdBuildRuntimeDecl(MlirContext ctx, const char *name,
                                    MlirType function_type);

#ifdef __cplusplus
}
#endif

#endif /* GSPMD_BUILD_H */
