/*
 * gspmd_runtime.h - the CPU backend's collective library over MPI.
 *
 * The partitioned program (docs/dialect.md, docs/cpu-backend.md) runs one device per
 * MPI rank: MPI rank r is device id r. A program first registers its meshes
 * (idempotent, so a lowered function may register on every entry), then calls
 * the collectives, each over a (mesh, axes) group. Communicators for a group
 * are built once with MPI_Comm_split and cached until gspmd_rt_finalize.
 *
 * Buffers are MLIR memrefs passed as unranked descriptors: any rank (0..16),
 * any strides and offset; non-contiguous buffers are copied through a
 * contiguous staging buffer. Outputs are allocated by the caller with the
 * right shape; an input and an output must be the same buffer or not overlap
 * in a way that matters (overlapping inputs are copied before any write).
 *
 * Axes lists name mesh axes by index, major to minor: the rank of a device in
 * the group (and the order of the pieces gathered, scattered or exchanged) is
 * its coordinate over the axes in the given order, the first axis major.
 *
 * Every error (a shape that does not match the group size, an unknown mesh,
 * a bad dtype, an MPI failure) prints `gspmd runtime: <op>: <what>` on
 * stderr and aborts every rank with MPI_Abort(MPI_COMM_WORLD, 1): never a
 * hang. All ranks must call collectives in the same order (SPMD).
 */
#ifndef GSPMD_RUNTIME_H
#define GSPMD_RUNTIME_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* MLIR's unranked memref (C interface). `descriptor` points to the ranked
 * descriptor {void *allocated; void *aligned; int64_t offset;
 * int64_t sizes[rank]; int64_t strides[rank];}. */
typedef struct {
  int64_t rank;
  void *descriptor;
} GspmdUnrankedMemRef;

/* Element types. i1 is stored as one byte (0 or 1). */
enum GspmdDtype {
  GSPMD_F32 = 0,
  GSPMD_F64 = 1,
  GSPMD_F16 = 2,
  GSPMD_BF16 = 3,
  GSPMD_I1 = 4,
  GSPMD_I8 = 5,
  GSPMD_I32 = 6,
  GSPMD_I64 = 7,
};

/* Reduction kinds (0..3 are the dialect's `reduce = sum|max|min|prod`).
 * On floats, max and min propagate NaN (arith.maximumf / minimumf) and
 * order -0 below +0, so every device gets the same bits whatever order MPI
 * combines in; maxnum and minnum ignore NaN operands (arith.maxnumf /
 * minnumf). On integers maxnum and minnum are max and min; on i1 sum, max
 * and maxnum are `or`, prod, min and minnum `and`. f16 and bf16 reduce in
 * float and round back. */
enum GspmdReduceKind {
  GSPMD_REDUCE_SUM = 0,
  GSPMD_REDUCE_MAX = 1,
  GSPMD_REDUCE_MIN = 2,
  GSPMD_REDUCE_PROD = 3,
  GSPMD_REDUCE_MAXNUM = 4,
  GSPMD_REDUCE_MINNUM = 5,
};

/*===-- Setup -------------------------------------------------------------===*/

/* Calls MPI_Init unless MPI is already initialised (argc/argv may be NULL).
 * Every entry point initialises lazily too. */
void gspmd_rt_init(int *argc, char ***argv);

/* Frees the cached communicators, reduction ops and meshes; calls
 * MPI_Finalize only if the runtime initialised MPI itself. */
void gspmd_rt_finalize(void);

/* Registers mesh `mesh_id` with axis sizes and an optional device list (the
 * device id at each row-major mesh position, a permutation of 0..N-1; NULL
 * means identity). Registering the same mesh again is a no-op; a different
 * mesh under the same id, an invalid mesh, or a device count that is not the
 * MPI world size aborts every rank. */
void gspmd_rt_register_mesh(int64_t mesh_id, int64_t num_axes,
                            const int64_t *axis_sizes, const int64_t *devices);

/* This device's linear coordinate over `axes` (first axis major). */
int64_t gspmd_rt_axis_index(int64_t mesh_id, const int64_t *axes,
                            int64_t num_axes);

/* This device's id: the MPI rank. */
int64_t gspmd_rt_partition_id(void);

/*===-- Collectives (generic entry points) --------------------------------===*/

/* out = reduction of `in` over the group; same shapes. */
void gspmd_rt_all_reduce(int64_t mesh_id, const int64_t *axes, int64_t num_axes,
                         int64_t dtype, int64_t kind, GspmdUnrankedMemRef *in,
                         GspmdUnrankedMemRef *out);

/* Concatenates the group's inputs along gather_dim in group-rank order:
 * out.sizes[gather_dim] == in.sizes[gather_dim] * group size. */
void gspmd_rt_all_gather(int64_t mesh_id, const int64_t *axes, int64_t num_axes,
                         int64_t dtype, int64_t gather_dim,
                         GspmdUnrankedMemRef *in, GspmdUnrankedMemRef *out);

/* Reduces over the group and keeps piece `group rank` along scatter_dim:
 * in.sizes[scatter_dim] == out.sizes[scatter_dim] * group size. */
void gspmd_rt_reduce_scatter(int64_t mesh_id, const int64_t *axes,
                             int64_t num_axes, int64_t dtype, int64_t kind,
                             int64_t scatter_dim, GspmdUnrankedMemRef *in,
                             GspmdUnrankedMemRef *out);

/* Splits `in` along split_dim into group-size pieces, sends piece k to group
 * rank k, and concatenates the received pieces along concat_dim in source
 * order: out = in with sizes[split_dim] / n, then sizes[concat_dim] * n. */
void gspmd_rt_all_to_all(int64_t mesh_id, const int64_t *axes, int64_t num_axes,
                         int64_t dtype, int64_t split_dim, int64_t concat_dim,
                         GspmdUnrankedMemRef *in, GspmdUnrankedMemRef *out);

/* Group rank r sends `in` to r + shift (modulo the group size when wrap != 0,
 * else only if in range); a device with no source gets zeros. Same shapes. */
void gspmd_rt_collective_permute(int64_t mesh_id, const int64_t *axes,
                                 int64_t num_axes, int64_t dtype, int64_t shift,
                                 int64_t wrap, GspmdUnrankedMemRef *in,
                                 GspmdUnrankedMemRef *out);

/* The device whose coordinate over `axes` is k sends `in` to the device
 * whose coordinate over `target_axes` is k, inside the group over `axes`
 * (devices that agree on every other axis). `target_axes` lists the same set
 * of axes in another order (a reshard between shardings that differ only in
 * the order of their axes). Same shapes; every device has a source. */
void gspmd_rt_collective_permute_axes(int64_t mesh_id, const int64_t *axes,
                                      int64_t num_axes,
                                      const int64_t *target_axes,
                                      int64_t num_target_axes, int64_t dtype,
                                      GspmdUnrankedMemRef *in,
                                      GspmdUnrankedMemRef *out);

/*===-- Traffic counters --------------------------------------------------===*/
/*
 * Per collective kind: calls made by this device and the bytes it sent and
 * received. collective_permute (both forms) counts the bytes it passes to
 * MPI (none to or from itself); the other kinds count the bandwidth-optimal
 * model of the sharding algebra (gspmdCollectiveBytesSent: ring all_reduce
 * 2B(n-1)/n, all_gather B(n-1), reduce_scatter and all_to_all B(n-1)/n for
 * a local input of B bytes and a group of n), because MPI does not report
 * what its algorithms move. Counters are per process; reset sets them to 0.
 */
enum GspmdRtCollective {
  GSPMD_RT_ALL_REDUCE = 0,
  GSPMD_RT_ALL_GATHER = 1,
  GSPMD_RT_REDUCE_SCATTER = 2,
  GSPMD_RT_ALL_TO_ALL = 3,
  GSPMD_RT_COLLECTIVE_PERMUTE = 4,
  GSPMD_RT_NUM_COLLECTIVES = 5,
};

typedef struct GspmdRtStats {
  int64_t calls;
  int64_t bytes_sent;
  int64_t bytes_received;
} GspmdRtStats;

/* Copies the counters, indexed by enum GspmdRtCollective. */
void gspmd_rt_get_stats(GspmdRtStats out[GSPMD_RT_NUM_COLLECTIVES]);
void gspmd_rt_reset_stats(void);
/* "all_reduce", ..., "collective_permute"; NULL when out of range. */
const char *gspmd_rt_collective_name(int64_t kind);

/* The value of one float element of `dtype` (f32, f64, f16, bf16) at p, and
 * its inverse (rounding to nearest even, NaN kept): the conversions the
 * runtime reduces with, for hosts and tests that read or write buffers. */
double gspmd_rt_load_float(int64_t dtype, const void *p);
void gspmd_rt_store_float(int64_t dtype, void *p, double v);
/* The same for integer elements (i1 as one byte holding 0 or 1, i8, i32,
 * i64): loads sign-extend (i1 zero-extends), stores truncate. */
int64_t gspmd_rt_load_int(int64_t dtype, const void *p);
void gspmd_rt_store_int(int64_t dtype, void *p, int64_t v);

/*===-- MLIR C-interface entry points -------------------------------------===*/
/*
 * For lowered code: declare `func.func private @gspmd_mlir_<name>(...)
 * attributes {llvm.emit_c_interface}`; calls then reach the
 * `_mlir_ciface_gspmd_mlir_<name>` symbols below. Axes lists and integer
 * arrays are rank-1 i64 memrefs cast to unranked (`memref<*xi64>`); an empty
 * `devices` memref means identity order. Collectives are typed by suffix
 * (f32, f64, f16, bf16, i1, i8, i32, i64) because one MLIR symbol has one
 * element type, e.g.
 *   func.func private @gspmd_mlir_all_gather_f32(i64, memref<*xi64>, i64,
 *       memref<*xf32>, memref<*xf32>) attributes {llvm.emit_c_interface}
 * The argument order is that of the generic entry points with
 * (axes, num_axes) replaced by the axes memref (likewise target_axes) and
 * the dtype dropped.
 */
void _mlir_ciface_gspmd_mlir_register_mesh(int64_t mesh_id,
                                           GspmdUnrankedMemRef *axis_sizes,
                                           GspmdUnrankedMemRef *devices);
int64_t _mlir_ciface_gspmd_mlir_axis_index(int64_t mesh_id,
                                           GspmdUnrankedMemRef *axes);
int64_t _mlir_ciface_gspmd_mlir_partition_id(void);

#define GSPMD_RT_DECLARE_TYPED(T)                                              \
  void _mlir_ciface_gspmd_mlir_all_reduce_##T(                                 \
      int64_t mesh_id, GspmdUnrankedMemRef *axes, int64_t kind,                \
      GspmdUnrankedMemRef *in, GspmdUnrankedMemRef *out);                      \
  void _mlir_ciface_gspmd_mlir_all_gather_##T(                                 \
      int64_t mesh_id, GspmdUnrankedMemRef *axes, int64_t gather_dim,          \
      GspmdUnrankedMemRef *in, GspmdUnrankedMemRef *out);                      \
  void _mlir_ciface_gspmd_mlir_reduce_scatter_##T(                             \
      int64_t mesh_id, GspmdUnrankedMemRef *axes, int64_t kind,                \
      int64_t scatter_dim, GspmdUnrankedMemRef *in, GspmdUnrankedMemRef *out); \
  void _mlir_ciface_gspmd_mlir_all_to_all_##T(                                 \
      int64_t mesh_id, GspmdUnrankedMemRef *axes, int64_t split_dim,           \
      int64_t concat_dim, GspmdUnrankedMemRef *in, GspmdUnrankedMemRef *out);  \
  void _mlir_ciface_gspmd_mlir_collective_permute_##T(                         \
      int64_t mesh_id, GspmdUnrankedMemRef *axes, int64_t shift, int64_t wrap, \
      GspmdUnrankedMemRef *in, GspmdUnrankedMemRef *out);                      \
  void _mlir_ciface_gspmd_mlir_collective_permute_axes_##T(                    \
      int64_t mesh_id, GspmdUnrankedMemRef *axes,                              \
      GspmdUnrankedMemRef *target_axes, GspmdUnrankedMemRef *in,               \
      GspmdUnrankedMemRef *out);

GSPMD_RT_DECLARE_TYPED(f32)
GSPMD_RT_DECLARE_TYPED(f64)
GSPMD_RT_DECLARE_TYPED(f16)
GSPMD_RT_DECLARE_TYPED(bf16)
GSPMD_RT_DECLARE_TYPED(i1)
GSPMD_RT_DECLARE_TYPED(i8)
GSPMD_RT_DECLARE_TYPED(i32)
GSPMD_RT_DECLARE_TYPED(i64)

/* C += A * B for a contraction gspmd-lower-contractions recognised
 * (runtime/contract.c): `loops` is a rank-1 i64 memref of 10 entries per
 * loop, {kind (0 batch, 1 M, 2 N, 3 K), then for A, B and C: dim (-1 when
 * absent), coefficient, 1 if the dim is the loop alone}. Suffixes: input
 * and output element types. */
#define GSPMD_RT_DECLARE_CONTRACT(IN, OUT)                                     \
  void _mlir_ciface_gspmd_mlir_contract_##IN##_##OUT(                          \
      GspmdUnrankedMemRef *a, GspmdUnrankedMemRef *b, GspmdUnrankedMemRef *c,  \
      GspmdUnrankedMemRef *loops);
GSPMD_RT_DECLARE_CONTRACT(f32, f32)
GSPMD_RT_DECLARE_CONTRACT(f64, f64)
GSPMD_RT_DECLARE_CONTRACT(f16, f16)
GSPMD_RT_DECLARE_CONTRACT(bf16, bf16)
GSPMD_RT_DECLARE_CONTRACT(f16, f32)
GSPMD_RT_DECLARE_CONTRACT(bf16, f32)

#ifdef __cplusplus
}
#endif

#endif /* GSPMD_RUNTIME_H */
