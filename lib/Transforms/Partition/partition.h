/*
 * partition.h - what gspmd-partition (Partition.c) shares with the files
 * that partition one kind of op for it (PartitionManual.c): the layout of a
 * local value and the partitioner's operations on values and blocks.
 * Internal to lib/Transforms; the Partitioner stays opaque here.
 */
#ifndef GSPMD_TRANSFORMS_PARTITION_H
#define GSPMD_TRANSFORMS_PARTITION_H

#include "strategy.h"

#include "gspmd/build.h"
#include "gspmd/sharding.h"
#include "gspmd/support.h"

#include "mlir-c/IR.h"

/* How a local value lays out its global tensor. */
typedef struct Layout {
  int mesh; /* index into the module's meshes; -1: replicated */
  GspmdSharding s;
} Layout;

typedef struct Partitioner Partitioner;

/* Index of the mesh named `name`, or -1; and that mesh (borrowed). */
int gspmdPartitionFindMesh(Partitioner *p, MlirStringRef name);
const GspmdMesh *gspmdPartitionMesh(Partitioner *p, int mesh);
/* The name of mesh `mesh` (owned by the context). */
MlirStringRef gspmdPartitionMeshName(Partitioner *p, int mesh);
/* A sharding attribute as a layout (null or replicated: replicated). */
Layout gspmdPartitionLayoutOf(Partitioner *p, MlirAttribute sharding, int rank);
/* The local value standing for global value v, its layout and global type. */
MlirValue gspmdPartitionLocalOf(Partitioner *p, MlirValue v, Layout *layout,
                                MlirType *global);
/* Records `local`, laid out by l, as the local value of `global_value`. */
void gspmdPartitionSetLocal(Partitioner *p, MlirValue global_value,
                            MlirValue local, const Layout *l,
                            MlirType global_type);
/* Sets operand `index` of op to its local value laid out as `want`
 * (resharded before op); returns it. */
MlirValue gspmdPartitionUseOperandAs(Partitioner *p, MlirOperation op,
                                     int index, const Layout *want);
/* The reshard of `value` (global type `global`) from one layout to another,
 * at b. */
MlirValue gspmdPartitionReshard(Partitioner *p, GspmdBuilder *b,
                                MlirValue value, const Layout *from,
                                const Layout *to, MlirType global);
/* Partitions the ops of `block`; its terminator's operands are resharded to
 * `targets` (one per operand). */
void gspmdPartitionBlock(Partitioner *p, MlirBlock block,
                         const Layout *targets);
/* The annotated sharding of result i of op (replicated when absent). */
Layout gspmdPartitionResultLayout(Partitioner *p, MlirOperation op, int i);
/* Marks the pass failed (after a diagnostic). */
void gspmdPartitionFail(Partitioner *p);
/* Erases op at the end of the pass (its results have no users left). */
void gspmdPartitionEraseLater(Partitioner *p, MlirOperation op);

/* ReshardCache.c: the layouts already made of each global value, with the
 * local value and the block each was made in. */
typedef struct GspmdReshardCache {
  GspmdPtrMap head; /* global value -> its newest entry */
  GspmdVec entries;
} GspmdReshardCache;
void gspmdReshardCacheInit(GspmdReshardCache *c);
void gspmdReshardCacheFree(GspmdReshardCache *c);
/* Records `local` (borrowed), laid out by l, made in `block`, as a layout of
 * `global`. */
void gspmdReshardCacheAdd(GspmdReshardCache *c, MlirValue global,
                          const Layout *l, MlirValue local, MlirBlock block);
/* Entries made after the mark are dropped by gspmdReshardCacheDropSince
 * (when the partitioner leaves the block it entered at the mark). */
size_t gspmdReshardCacheMark(const GspmdReshardCache *c);
void gspmdReshardCacheDropSince(GspmdReshardCache *c, size_t mark);
/* Up to `max` layouts of `global` on mesh `mesh` that ops in block `at`
 * may use, newest first, into layouts[] and locals[]; returns how many. */
int gspmdReshardCacheFind(const GspmdReshardCache *c, MlirValue global,
                          int mesh, MlirBlock at, Layout *layouts,
                          MlirValue *locals, int max);

/* PartitionManual.c: a gspmd.manual_computation becomes local code. */
void gspmdPartitionManual(Partitioner *p, MlirOperation op);

/* WindowedLoop.c: a contraction run as a loop rotating one operand's chunks
 * (GspmdStrategyWindow). The plan and masks are borrowed for the call. */
typedef struct GspmdWindowedOp {
  const GspmdOpRule *rule;
  int mesh;
  const GspmdFactorAxes *axes;       /* the plan, per factor */
  const GspmdStrategyWindow *window; /* tensor >= 0 */
  const GspmdReduction *mask;        /* per operand: identity masking padding */
} GspmdWindowedOp;
void gspmdPartitionWindowed(Partitioner *p, MlirOperation op,
                            const GspmdWindowedOp *w);

/* LiveBytes.c: bytes of the values live across op (defined before it, used
 * after it, not its operands), each sized by `bytes_of` (negative: not
 * counted). */
typedef int64_t (*GspmdLocalBytesFn)(void *user, MlirValue v);
int64_t gspmdLiveBytesAcross(MlirOperation op, GspmdLocalBytesFn bytes_of,
                             void *user);

#endif /* GSPMD_TRANSFORMS_PARTITION_H */
