/*
 * gspmd/sharding.h - the sharding algebra (pure C, no MLIR).
 *
 * The one implementation of the layout semantics of docs/dialect.md:
 * a mesh of named axes, a sharding that lists per tensor dim the mesh axes
 * that split it (major to minor), and every derived quantity (shard counts,
 * ceil shard sizes, offsets, valid extents, device groups, merges, HLO
 * sharding strings). Nothing else in the project computes offsets or shard
 * sizes.
 *
 * Ownership: meshes and shardings are plain value structs. A GspmdMesh
 * borrows its axis names and device list; a caller that needs them to outlive
 * their source copies them (gspmdMeshCopy). Functions that produce strings
 * write into a caller-provided buffer and return the length they needed,
 * snprintf-style.
 */
#ifndef GSPMD_SHARDING_H
#define GSPMD_SHARDING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Limits keep the structs plain values. Meshes deeper than 16 axes or
 * tensors of rank above 16 are rejected with a diagnostic, not truncated. */
#define GSPMD_MAX_MESH_AXES 16
#define GSPMD_MAX_RANK 16

/* A device mesh: named axes with static sizes. Devices are numbered
 * row-major over the axes unless `devices` gives the device id at each
 * row-major mesh position (a permutation of 0..N-1). */
typedef struct GspmdMesh {
  int num_axes;
  const char *axis_names[GSPMD_MAX_MESH_AXES]; /* borrowed, NUL-terminated */
  int64_t axis_sizes[GSPMD_MAX_MESH_AXES];
  const int64_t *devices; /* borrowed; NULL means identity order */
} GspmdMesh;

typedef enum GspmdShardingKind {
  GSPMD_REPLICATED = 0,     /* no axis splits any dim */
  GSPMD_TILED = 1,          /* every axis of size > 1 splits some dim */
  GSPMD_PARTIALLY_TILED = 2 /* some axis of size > 1 splits nothing */
} GspmdShardingKind;

/* A sharding of a rank-`rank` tensor over a mesh (the mesh is passed
 * alongside; a sharding holds axis indices into it). dim_axes[d][0..n) are
 * the mesh axes splitting dim d, major to minor. A replicated sharding is
 * any sharding with no axes (its rank may be 0 when unknown). */
typedef struct GspmdSharding {
  int rank;
  int dim_num_axes[GSPMD_MAX_RANK];
  int dim_axes[GSPMD_MAX_RANK][GSPMD_MAX_MESH_AXES];
} GspmdSharding;

/*===-- Mesh --------------------------------------------------------------===*/

/* Total number of devices (product of axis sizes). */
int64_t gspmdMeshNumDevices(const GspmdMesh *mesh);

/* Index of the axis named `name`, or -1. */
int gspmdMeshFindAxis(const GspmdMesh *mesh, const char *name);

/* Checks that axis names are unique and non-empty, sizes >= 1, and `devices`
 * (when present) is a permutation of 0..N-1. On failure writes a message into
 * err (if non-NULL) and returns false. */
bool gspmdMeshVerify(const GspmdMesh *mesh, char *err, size_t err_size);

/* Row-major mesh position of device `device`: the inverse of `devices`.
 * O(N) when a devices list is present, O(1) otherwise. Returns -1 when out of
 * range. */
int64_t gspmdMeshPositionOfDevice(const GspmdMesh *mesh, int64_t device);

/* Device id at row-major mesh position `pos`. */
int64_t gspmdMeshDeviceAtPosition(const GspmdMesh *mesh, int64_t pos);

/* Coordinate of device `device` along axis `axis`. */
int64_t gspmdMeshAxisCoord(const GspmdMesh *mesh, int64_t device, int axis);

/* Device groups of a set of axes (the communicators of a collective over
 * `axes`): devices that agree on every other axis form one group. Writes the
 * group id (linear index over the other axes, row-major) and the rank of the
 * device inside its group (linear index over `axes` in the order given, the
 * first axis major). Group size is the product of the axes' sizes. */
void gspmdMeshDeviceGroup(const GspmdMesh *mesh, int64_t device,
                          const int *axes, int num_axes, int64_t *group_id,
                          int64_t *rank_in_group);

/* Product of the sizes of `axes`. */
int64_t gspmdMeshAxesSize(const GspmdMesh *mesh, const int *axes, int num_axes);

/*===-- Sharding construction and checks ----------------------------------===*/

/* A replicated sharding of the given rank. */
GspmdSharding gspmdShardingReplicated(int rank);

/* mesh_split from the GSPMD paper: dims_mapping[i] is a mesh axis index
 * splitting tensor dim i, or -1. Returns false (with err) if an axis is out of
 * range or used twice. */
bool gspmdMeshSplit(const GspmdMesh *mesh, const int64_t *dims_mapping,
                    int rank, GspmdSharding *out, char *err, size_t err_size);

/* The kind this sharding has on this mesh. */
GspmdShardingKind gspmdShardingKind(const GspmdMesh *mesh,
                                    const GspmdSharding *s);

/* Checks axis indices are in range and no axis is used twice. */
bool gspmdShardingVerify(const GspmdMesh *mesh, const GspmdSharding *s,
                         char *err, size_t err_size);

/* True if both list the same axes per dim (rank must match). */
bool gspmdShardingEqual(const GspmdSharding *a, const GspmdSharding *b);

/* True if mesh axis `axis` splits some dim of s. */
bool gspmdShardingUsesAxis(const GspmdSharding *s, int axis);

/*===-- Layout (DESIGN section 2) -----------------------------------------===*/

/* Number of shards along dim d: product of its axes' sizes. */
int64_t gspmdShardCount(const GspmdMesh *mesh, const GspmdSharding *s, int d);

/* Shard size along dim d of a global size: ceil(global / count). */
int64_t gspmdShardSize(const GspmdMesh *mesh, const GspmdSharding *s, int d,
                       int64_t global_size);

/* Local (padded) shape of the whole tensor. */
void gspmdLocalShape(const GspmdMesh *mesh, const GspmdSharding *s,
                     const int64_t *global_shape, int64_t *local_shape);

/* Shard index of `device` along dim d: its mesh coordinates over the dim's
 * axes, mixed radix, major to minor. */
int64_t gspmdShardIndex(const GspmdMesh *mesh, const GspmdSharding *s, int d,
                        int64_t device);

/* Global offset of the first element of `device`'s shard along dim d
 * (shard_index * shard_size; may be >= global_size for empty tail shards). */
int64_t gspmdShardOffset(const GspmdMesh *mesh, const GspmdSharding *s, int d,
                         int64_t global_size, int64_t device);

/* Number of valid (non-padding) elements of `device`'s shard along dim d:
 * max(0, min(shard_size, global_size - offset)). */
int64_t gspmdShardValidSize(const GspmdMesh *mesh, const GspmdSharding *s,
                            int d, int64_t global_size, int64_t device);

/* True when every shard of a dim of size global_size split `count` ways is
 * exactly the concatenation, in order and without padding in between, of
 * `finer_count / count` consecutive shards of the same dim split
 * `finer_count` ways (count must divide finer_count): ceil(D / count) ==
 * (finer_count / count) * ceil(D / finer_count). Always true for equal
 * counts and for counts that divide the size. Collectives that move between
 * the two counts with no padding fix-up (a gather that stays split, an
 * all_to_all, a reduce_scatter, a slice of a split dim) are exact iff this
 * holds. The relation is transitive, and for count <= c <= finer_count
 * (divisibility chain) it holds for (count, finer_count) iff it holds for
 * both (count, c) and (c, finer_count). */
bool gspmdShardsNest(int64_t global_size, int64_t count, int64_t finer_count);

/* Whether a dim made of n factors (a reshape's common refinement), of sizes
 * sizes[0..n) major to minor, factor k split into counts[k] ceil shards, is
 * laid out exactly as the dim itself split into prod(counts) ceil shards:
 * every device's factor pieces form its flat block, padding included.
 * Equal local sizes are not enough: 12 = 4x3 over 4x2 shards holds 2
 * elements per device either way, but device 1 holds flat 2..3 of the 12
 * and elements 3..4 of the 4x3. Exact for dims up to 2^16 elements; above,
 * a sufficient condition (split factors preceded by size-1 factors, each
 * but the last split into single elements, the last even). */
bool gspmdFactorsComposeDim(int n, const int64_t *sizes, const int64_t *counts);

/* How one device's window along a dim meets the shards (halo exchange). An
 * op reads operand element stride * o + r for each output element o and
 * every r in [lo, hi]; the operand dim (in_size elements) and the output
 * dim (out_size) are split the same `count` ways, so device i computes
 * outputs [out_shard * i, out_shard * (i + 1)) and holds operand elements
 * [in_shard * i, in_shard * (i + 1)). Its window is the `width` elements
 * from stride * out_shard * i + lo; a halo exchange extends every shard by
 * the `low` elements before it and the `high` after it (the most any device
 * needs: the reach is linear in i, so the first and last device bound it),
 * and the window then starts at offset + i * offset_step in the extended
 * shard. */
typedef struct GspmdHalo {
  int64_t in_shard, out_shard, width;
  int64_t low, high;
  int64_t offset, offset_step;
} GspmdHalo;

/* Fills *h (see GspmdHalo). Returns false when no halo exchange should feed
 * the window: a non-positive stride, empty shards, or halos that move more
 * elements than gathering the dim ((count - 1) * in_shard). */
bool gspmdHaloOfWindow(int64_t in_size, int64_t out_size, int64_t count,
                       int64_t stride, int64_t lo, int64_t hi, GspmdHalo *h);

/* A window narrower than the halo that feeds it (a slice whose result is
 * split finer than its source, e.g. q, k and v cut from a fused projection)
 * can be fed by pieces instead: for each shift t, every device sends the
 * receiver t devices after it the `rows[k]` rows (t = top_shift - k) the
 * receiver's window needs from its shard at most, cut at a position linear
 * in its own index; the receiver joins its pieces in the order of the shifts
 * (owners ascending) and finds its window at a position that depends on
 * which owner holds its first row. Device i's window is the `width` rows
 * from start_step * i + start; `sent` rows leave each device. */
#define GSPMD_MAX_WINDOW_PIECES 64
typedef struct GspmdWindowPieces {
  int64_t start_step, start, width, in_shard;
  int64_t top_shift;
  int num_shifts;
  int64_t rows[GSPMD_MAX_WINDOW_PIECES];
  int64_t sent;
} GspmdWindowPieces;

/* Fills *p for the window of *h (gspmdHaloOfWindow's arguments). True when
 * pieces can feed it (every window inside the dim, at most
 * GSPMD_MAX_WINDOW_PIECES shifts) and send fewer rows than the halo
 * exchange's low + high. */
bool gspmdWindowPiecesOf(const GspmdHalo *h, int64_t in_size, int64_t count,
                         int64_t stride, int64_t lo, GspmdWindowPieces *p);

/*===-- Merge and specificity (completion) --------------------------------===*/

/* Two shardings of one tensor are compatible when, per dim, one's axis list
 * is a prefix of the other's, and taking the longer list per dim uses no axis
 * twice. Writes the merged sharding to *out when non-NULL. This is how a data
 * parallel activation and model parallel weights give a 2-D sharding. */
bool gspmdShardingMerge(const GspmdMesh *mesh, const GspmdSharding *a,
                        const GspmdSharding *b, GspmdSharding *out);

/* True when a refines b: per dim, b's axes are a prefix of a's, and a != b.
 * (Tiled beats replicated; more tiles beat fewer.) */
bool gspmdShardingMoreSpecific(const GspmdSharding *a, const GspmdSharding *b);

/* Number of devices holding distinct pieces: product of used axis sizes. */
int64_t gspmdShardingNumTiles(const GspmdMesh *mesh, const GspmdSharding *s);

/*===-- XLA HloSharding strings -------------------------------------------===*/

/* Print flags for gspmdShardingToHlo. */
enum {
  GSPMD_HLO_DEFAULT = 0,       /* iota form (<=[...]T(...)) when possible */
  GSPMD_HLO_EXPLICIT_LIST = 1, /* always the explicit device list */
};

/* Writes the HloSharding text of s on mesh (e.g. "{replicated}",
 * "{devices=[2,1,4]<=[8] last_tile_dim_replicate}") into buf and returns the
 * length it needs (excluding NUL), snprintf-style. */
size_t gspmdShardingToHlo(const GspmdMesh *mesh, const GspmdSharding *s,
                          int flags, char *buf, size_t buf_size);

/* An imported mesh owns its storage (names and device list). */
typedef struct GspmdOwnedMesh {
  GspmdMesh mesh;
  char name_storage[GSPMD_MAX_MESH_AXES][16];
  int64_t *device_storage; /* malloc'd or NULL; free with
                              gspmdOwnedMeshDestroy */
} GspmdOwnedMesh;

/* Releases an owned mesh's heap storage. */
void gspmdOwnedMeshDestroy(GspmdOwnedMesh *m);

/* Parses an HloSharding string for a tensor of rank `rank`. If `hint` is
 * non-NULL and the sharding can be expressed on it, *used_hint is set and *out
 * refers to the hint's axes; otherwise an equivalent mesh is built into
 * *mesh_out (axes "a0", "a1", ... sized and ordered so the tile assignment is
 * row-major over them, with a `devices` list only when no such order exists)
 * and *used_hint is false. Returns false with a message on a parse error,
 * a rank mismatch or an unsupported form ({maximal}, {manual}, tuples). */
bool gspmdShardingFromHlo(const char *text, int rank, const GspmdMesh *hint,
                          GspmdSharding *out, GspmdOwnedMesh *mesh_out,
                          bool *used_hint, char *err, size_t err_size);

/*===-- Communication cost ------------------------------------------------===*/

/* Collective kinds, for the cost model shared by the reshard planner and the
 * communication report. */
typedef enum GspmdCollectiveKind {
  GSPMD_COLLECTIVE_ALL_REDUCE,
  GSPMD_COLLECTIVE_ALL_GATHER,
  GSPMD_COLLECTIVE_REDUCE_SCATTER,
  GSPMD_COLLECTIVE_ALL_TO_ALL,
  GSPMD_COLLECTIVE_PERMUTE
} GspmdCollectiveKind;

/* Bytes one device sends in a collective over a group of `group_size`
 * devices whose input shard holds `input_bytes`, with the bandwidth-optimal
 * algorithms (ring all_reduce 2B(n-1)/n, all_gather B(n-1), reduce_scatter
 * and all_to_all B(n-1)/n, permute B). Received bytes are the same. A group
 * of one device sends nothing. */
int64_t gspmdCollectiveBytesSent(GspmdCollectiveKind kind, int64_t input_bytes,
                                 int64_t group_size);

/*===-- Reshard plans -----------------------------------------------------===*/
/*
 * A reshard plan turns a tensor laid out by one sharding into the same tensor
 * laid out by another, as a short list of steps that the partitioner emits as
 * gspmd collectives and local slices. The planner picks the cheapest correct
 * sequence it knows (costs are bytes each device sends, for a local shard of
 * B bytes and a group of n devices):
 *
 *   nothing               same sharding, no pending reduction          0
 *   ALL_REDUCE            pending partial sums over axes ~2B(n-1)/n
 *   REDUCE_SCATTER        pending sums whose axis the target puts at
 *                         the minor end of a dim (even dims only)      B(n-1)/n
 *   PERMUTE               same shard counts per dim, same axis set,
 *                         different order or placement                 B
 *   ALL_TO_ALL            an axis moves from the minor end of one dim
 *                         to the minor end of another (dims that nest,
 *                         or padded from / unpadded to count 1)       B(n-1)/n
 *   ALL_GATHER            an axis leaves the minor end of a dim        B(n-1)
 *   SLICE                 axes join the minor end of dims: a local
 *                         slice at the axis_index offset               0
 *
 * A dim whose ceil shard sizes of the old and new counts do not nest
 * (gspmdShardsNest; e.g. 6 over 4 shards -> 6 over 2: 2, 2, 2, 0 vs 3, 3) is
 * gathered whole (one ALL_GATHER over all the dim's axes, then the padding is
 * dropped) and sliced again from the global extent (padded first). Even dims
 * (the size a multiple of both counts) always nest; so do some uneven ones
 * (7 over 2 -> 7 over 4: 4, 3 vs 2, 2, 2, 1 is a bare SLICE). An axis that
 * moves between an uneven dim at count 1 and its whole target count is one
 * ALL_TO_ALL with padding (30 over 8 rows: 32 padded rows exchanged, sliced
 * back to 30 when they are concatenated). Candidate plans
 * are compared by bytes sent; none sends more than gathering everything and
 * slicing. lib/Sharding/reshard.c describes the algorithm.
 *
 * Between different meshes (which must have the same number of devices) the
 * plan reduces any partial sums and gathers everything on the source mesh
 * (every step before the SLICE refers to from_mesh), then slices on the target
 * mesh (the SLICE refers to to_mesh).
 *
 * Step costs are gspmdCollectiveBytesSent of the local bytes before the step
 * (integers: ALL_TO_ALL and REDUCE_SCATTER divide exactly, as the split dim's
 * local size is a multiple of n; a padded ALL_TO_ALL costs its padded input;
 * ALL_REDUCE rounds 2B(n-1)/n down).
 */

typedef enum GspmdReshardStepKind {
  GSPMD_STEP_ALL_REDUCE,     /* axes, reduce kind: sum the pending partials */
  GSPMD_STEP_REDUCE_SCATTER, /* axes, dim, reduce kind: sum and keep the
                                piece of this device along dim (appends axes
                                to dim); run before any ALL_REDUCE, several
                                may appear (one per dim) */
  GSPMD_STEP_ALL_GATHER,     /* axes, dim: concatenate the group's shards
                                along dim (removes axes from dim's minor
                                end; `axes` major to minor, as they were on
                                dim); when the dim becomes unsplit and was
                                padded, `unpad` says to slice it back to the
                                global size */
  GSPMD_STEP_ALL_TO_ALL,     /* axes, dim = split dim, dim2 = concat dim:
                                axes move from dim2's minor end to dim's;
                                with s dim's shard size after the step and
                                n the group size, `pad[dim]` says to pad dim
                                to n * s first (only ever on a dim unsplit
                                before the step, whose local size is then
                                the global size), and `unpad` says to slice
                                dim2 back to its global size after (only
                                ever when dim2 ends unsplit) */
  GSPMD_STEP_PERMUTE,        /* axes -> target_axes: the device at coordinate
                                k over `axes` sends its shard to the device
                                at coordinate k over `target_axes` (same set
                                of axes, other coordinates equal) */
  GSPMD_STEP_SLICE           /* per dim, slice_axes[d] join dim d's minor end:
                                with s the dim's shard size after the step
                                and n the product of slice_axes[d], pad the
                                dim to n * s when `pad[d]` (only ever on a
                                dim unsplit before the step, whose local size
                                is then the global size; otherwise the local
                                size is exactly n * s), then take [j*s,
                                (j+1)*s) with j the device's coordinate over
                                slice_axes[d], first axis major */
} GspmdReshardStepKind;

typedef enum GspmdReduction {
  GSPMD_REDUCTION_NONE = -1,
  GSPMD_REDUCTION_SUM = 0,
  GSPMD_REDUCTION_MAX = 1,
  GSPMD_REDUCTION_MIN = 2,
  GSPMD_REDUCTION_PROD = 3,
  GSPMD_REDUCTION_MAXNUM = 4, /* max ignoring NaN (arith.maxnumf) */
  GSPMD_REDUCTION_MINNUM = 5  /* min ignoring NaN (arith.minnumf) */
} GspmdReduction;

typedef struct GspmdReshardStep {
  GspmdReshardStepKind kind;
  int num_axes;
  int axes[GSPMD_MAX_MESH_AXES];
  int target_axes[GSPMD_MAX_MESH_AXES]; /* PERMUTE: num_axes entries */
  int dim, dim2;
  GspmdReduction reduce;
  bool unpad; /* ALL_GATHER (dim) or ALL_TO_ALL (dim2): slice the gathered
                 or concatenated dim back to its global size */
  /* SLICE: axes appended to each dim, and whether the dim is padded first;
   * ALL_TO_ALL: pad[dim], its split dim is padded first */
  int slice_num_axes[GSPMD_MAX_RANK];
  int slice_axes[GSPMD_MAX_RANK][GSPMD_MAX_MESH_AXES];
  bool pad[GSPMD_MAX_RANK];
  /* Layout after this step. */
  GspmdSharding after;
  /* What the emitter needs, so that it never recomputes layout: the local
   * shapes before and after the step, the devices in the step's group (the
   * product of its axes' sizes) and, for SLICE, over each dim's new axes. */
  int64_t shape_in[GSPMD_MAX_RANK], shape_out[GSPMD_MAX_RANK];
  int64_t group_size;
  int64_t slice_count[GSPMD_MAX_RANK];
  /* Bytes each device sends in this step, for the cost model and reports. */
  int64_t bytes_sent;
  /* Local bytes of the step's input as exchanged (a padded ALL_TO_ALL's
   * padded input): what a device holds while the step runs, beside `after`. */
  int64_t bytes_in;
} GspmdReshardStep;

#define GSPMD_MAX_RESHARD_STEPS (4 * GSPMD_MAX_RANK + 4)

typedef struct GspmdReshardPlan {
  int num_steps;
  GspmdReshardStep steps[GSPMD_MAX_RESHARD_STEPS];
  int64_t bytes_sent; /* total over steps */
} GspmdReshardPlan;

/* Plans the reshard of a tensor of global shape `shape` (rank from `from`,
 * which must equal to's; static sizes only) with `element_bytes` bytes per
 * element from sharding `from` on `from_mesh` to `to` on `to_mesh` (meshes
 * are compared by pointer: pass the same pointer for the same mesh).
 * `partial_axes` (may be NULL when `num_partial` is 0) are mesh axes of
 * from_mesh over which the source holds partial results still to be
 * combined with `reduce`; a source with partial axes splits no dim by those
 * axes. Returns false with a
 * message for inputs it cannot plan (ranks differ, dynamic sizes, invalid
 * shardings or partial axes, meshes of different device counts). Steps
 * that change no data (a group of one device) may appear, with 0 bytes. */
bool gspmdPlanReshard(const GspmdMesh *from_mesh, const GspmdSharding *from,
                      const int *partial_axes, int num_partial,
                      GspmdReduction reduce, const GspmdMesh *to_mesh,
                      const GspmdSharding *to, const int64_t *shape,
                      int64_t element_bytes, GspmdReshardPlan *plan, char *err,
                      size_t err_size);

/* Writes a one-line description of a step ("all_gather [model] dim 1") into
 * buf, snprintf-style. */
size_t gspmdReshardStepPrint(const GspmdMesh *mesh,
                             const GspmdReshardStep *step, char *buf,
                             size_t buf_size);

/*===-- Shared reshards (lib/Sharding/shared.c) ---------------------------===*/

/* At most this many targets are planned together for one value. */
#define GSPMD_MAX_SHARED_TARGETS 4

/* The cheapest reshard to `to` from any of `sources` (one mesh): sources[0]
 * is the value itself, holding partial sums over `partial_axes` (may be
 * NULL when num_partial is 0); the others are layouts of the same value
 * already made (with no partial sums). Writes the plan and the index of its
 * source (the lowest on a tie). Fails, with a message, when sources[0]
 * cannot be planned (see gspmdPlanReshard). */
bool gspmdPlanReshardFromAny(const GspmdMesh *mesh,
                             const GspmdSharding *sources, int num_sources,
                             const int *partial_axes, int num_partial,
                             GspmdReduction reduce, const GspmdSharding *to,
                             const int64_t *shape, int64_t element_bytes,
                             GspmdReshardPlan *plan, int *source, char *err,
                             size_t err_size);

/* Bytes per device to bring one value (from, with pending partial sums) to
 * each of `targets` (1..GSPMD_MAX_SHARED_TARGETS, one mesh) when a later
 * reshard may start from any layout an earlier one reached: writes the
 * fewest total to *bytes and, to *first, the target to reshard to first
 * (the others then reuse its steps; ties go to target 0). */
bool gspmdPlanReshardShared(const GspmdMesh *mesh, const GspmdSharding *from,
                            const int *partial_axes, int num_partial,
                            GspmdReduction reduce, const GspmdSharding *targets,
                            int num_targets, const int64_t *shape,
                            int64_t element_bytes, int64_t *bytes, int *first,
                            char *err, size_t err_size);

/*===-- Manual regions (lib/Sharding/manual.c) ----------------------------===*/

/* The axes of s that are in `mask` (bit i: mesh axis i) when keep is true,
 * the others when false; order within each dim kept. */
GspmdSharding gspmdShardingFilterAxes(const GspmdSharding *s, uint32_t mask,
                                      bool keep);

/* The first dim of s in which an axis of `mask` (manual) follows one that is
 * not (free), or -1: a manual region needs its axes major in every dim. */
int gspmdManualAxesNotLeading(const GspmdSharding *s, uint32_t mask);

/* True when the free shard of the manual shard (the body's view) is the same
 * piece, with the same padding, as the shard under the whole of s: in every
 * dim with manual axes, the manual and the whole shard counts nest
 * (gspmdShardsNest); dims split by free axes only always agree. */
bool gspmdManualComposes(const GspmdMesh *mesh, const GspmdSharding *s,
                         uint32_t mask, const int64_t *global_shape);

#ifdef __cplusplus
}
#endif

#endif /* GSPMD_SHARDING_H */
