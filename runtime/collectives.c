/*
 * collectives.c - the generic collectives over a (mesh, axes) group.
 *
 * Each op reads its memrefs as strided views, checks the shapes against the
 * group size, and moves data with one MPI collective on the cached group
 * communicator. Pieces along a dim (gather, scatter, split and concat dims
 * may be any dim) are slices of the views: they are packed into or unpacked
 * from a dense buffer in group-rank order, and the copy is skipped when the
 * pieces are already dense runs of a contiguous buffer (the dim has only
 * size-1 dims before it). Reductions use MPI datatypes and ops from dtype.c;
 * pure data movement travels as bytes. Message sizes above INT_MAX bytes or
 * elements are rejected with an error, not truncated.
 */
#include "internal.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

/*===-- Checks ------------------------------------------------------------===*/

static int checkedCount(const char *op, int64_t count) {
  if (count > INT_MAX)
    gspmdRtFail(op, "message of %lld units exceeds INT_MAX", (long long)count);
  return (int)count;
}

static int checkedDim(const char *op, const char *what, int64_t dim,
                      const GspmdView *v) {
  if (dim < 0 || dim >= v->rank)
    gspmdRtFail(op, "%s %lld is out of range for rank %d", what, (long long)dim,
                v->rank);
  return (int)dim;
}

static void printShape(const GspmdView *v, char *buf, size_t size) {
  size_t n = (size_t)snprintf(buf, size, "[");
  for (int i = 0; i < v->rank && n < size; ++i)
    n += (size_t)snprintf(buf + n, size - n, i ? "x%lld" : "%lld",
                          (long long)v->sizes[i]);
  if (n < size)
    snprintf(buf + n, size - n, "]");
}

/* Fails unless out has exactly the sizes `expected` (same rank as out). */
static void checkShape(const char *op, const GspmdView *in,
                       const GspmdView *out, const int64_t *expected,
                       const char *rule) {
  bool ok = in->rank == out->rank;
  for (int i = 0; ok && i < out->rank; ++i)
    ok = out->sizes[i] == expected[i];
  if (ok)
    return;
  char a[256], b[256];
  printShape(in, a, sizeof(a));
  printShape(out, b, sizeof(b));
  gspmdRtFail(op, "output shape %s does not match input shape %s (%s)", b, a,
              rule);
}

/* in and out views of the same dtype. */
static void readViews(const char *op, int64_t dtype, GspmdUnrankedMemRef *in,
                      GspmdUnrankedMemRef *out, GspmdView *vi, GspmdView *vo) {
  size_t es = gspmdRtDtypeSize(op, dtype);
  *vi = gspmdRtView(op, "input", in, es);
  *vo = gspmdRtView(op, "output", out, es);
}

/*===-- Piece packing -----------------------------------------------------===*/

/* Dense buffer holding the n pieces of v along dim (piece k = elements
 * [k*s, (k+1)*s)), in order. Borrowed when v already is that buffer. */
static GspmdStage packPieces(const char *op, const GspmdView *v, int dim, int n,
                             const GspmdView *avoid) {
  if (gspmdRtViewOuterCount(v, dim) == 1)
    return gspmdRtStageIn(op, v, avoid);
  int64_t s = v->sizes[dim] / n;
  size_t bytes = gspmdRtViewBytes(v) / (size_t)n;
  GspmdStage st = {gspmdRtAlloc(op, gspmdRtViewBytes(v)), true};
  for (int k = 0; k < n; ++k) {
    GspmdView piece = gspmdRtViewSlice(v, dim, k * s, s);
    gspmdRtViewPack(&piece, (char *)st.ptr + (size_t)k * bytes);
  }
  return st;
}

/* Dense buffer to receive n pieces of v along dim into; owned unless v
 * already has that layout. */
static GspmdStage recvPieces(const char *op, const GspmdView *v, int dim) {
  if (gspmdRtViewOuterCount(v, dim) == 1)
    return gspmdRtStageOut(op, v);
  return (GspmdStage){gspmdRtAlloc(op, gspmdRtViewBytes(v)), true};
}

/* Scatters the n received pieces into v along dim and frees the buffer. */
static void finishPieces(GspmdStage *st, const GspmdView *v, int dim, int n) {
  if (st->owned && gspmdRtViewOuterCount(v, dim) == 1) {
    gspmdRtStageFinish(st, v);
    return;
  }
  if (st->owned) {
    int64_t s = v->sizes[dim] / n;
    size_t bytes = gspmdRtViewBytes(v) / (size_t)n;
    for (int k = 0; k < n; ++k) {
      GspmdView piece = gspmdRtViewSlice(v, dim, k * s, s);
      gspmdRtViewUnpack(&piece, (char *)st->ptr + (size_t)k * bytes);
    }
  }
  gspmdRtStageFree(st);
}

/*===-- Collectives -------------------------------------------------------===*/

void gspmd_rt_all_reduce(int64_t mesh_id, const int64_t *axes, int64_t num_axes,
                         int64_t dtype, int64_t kind, GspmdUnrankedMemRef *in,
                         GspmdUnrankedMemRef *out) {
  const char *op = "all_reduce";
  GspmdView vi, vo;
  readViews(op, dtype, in, out, &vi, &vo);
  MPI_Op mop = gspmdRtReduceOp(op, dtype, kind);
  GspmdGroup g = gspmdRtGroup(op, mesh_id, axes, num_axes, false);
  checkShape(op, &vi, &vo, vi.sizes, "all_reduce keeps the shape");
  int count = checkedCount(op, gspmdRtViewNumElements(&vi));
  GspmdStage so = gspmdRtStageOut(op, &vo);
  GspmdStage si = gspmdRtStageIn(op, &vi, &vo);
  gspmdRtCheckMPI(op, "MPI_Allreduce",
                  MPI_Allreduce(si.ptr, so.ptr, count, gspmdRtDtypeMPI(dtype),
                                mop, g.comm));
  gspmdRtStageFree(&si);
  gspmdRtStageFinish(&so, &vo);
  gspmdRtCountModel(GSPMD_RT_ALL_REDUCE, (int64_t)gspmdRtViewBytes(&vi),
                    g.size);
}

void gspmd_rt_all_gather(int64_t mesh_id, const int64_t *axes, int64_t num_axes,
                         int64_t dtype, int64_t gather_dim,
                         GspmdUnrankedMemRef *in, GspmdUnrankedMemRef *out) {
  const char *op = "all_gather";
  GspmdView vi, vo;
  readViews(op, dtype, in, out, &vi, &vo);
  GspmdGroup g = gspmdRtGroup(op, mesh_id, axes, num_axes, true);
  int d = checkedDim(op, "gather_dim", gather_dim, &vi);
  int64_t expected[GSPMD_RT_MAX_RANK];
  memcpy(expected, vi.sizes, sizeof(expected));
  expected[d] *= g.size;
  checkShape(op, &vi, &vo, expected,
             "out gather dim must be in gather dim * group size");
  int bytes = checkedCount(op, (int64_t)gspmdRtViewBytes(&vi));
  checkedCount(op, (int64_t)bytes * g.size);
  GspmdStage si = gspmdRtStageIn(op, &vi, &vo);
  GspmdStage so = recvPieces(op, &vo, d);
  gspmdRtCheckMPI(
      op, "MPI_Allgather",
      MPI_Allgather(si.ptr, bytes, MPI_BYTE, so.ptr, bytes, MPI_BYTE, g.comm));
  gspmdRtStageFree(&si);
  finishPieces(&so, &vo, d, g.size);
  gspmdRtCountModel(GSPMD_RT_ALL_GATHER, bytes, g.size);
}

/* The input's shape with dim d divided by the group size, which must divide
 * it (reduce_scatter's scatter dim, all_to_all's split dim). */
static void shapeDividedAlong(const char *op, const char *what,
                              const GspmdView *in, int d, int group_size,
                              int64_t *expected) {
  if (in->sizes[d] % group_size != 0)
    gspmdRtFail(op, "%s dim size %lld is not a multiple of the group size %d",
                what, (long long)in->sizes[d], group_size);
  memcpy(expected, in->sizes, sizeof(int64_t) * GSPMD_RT_MAX_RANK);
  expected[d] /= group_size;
}

void gspmd_rt_reduce_scatter(int64_t mesh_id, const int64_t *axes,
                             int64_t num_axes, int64_t dtype, int64_t kind,
                             int64_t scatter_dim, GspmdUnrankedMemRef *in,
                             GspmdUnrankedMemRef *out) {
  const char *op = "reduce_scatter";
  GspmdView vi, vo;
  readViews(op, dtype, in, out, &vi, &vo);
  MPI_Op mop = gspmdRtReduceOp(op, dtype, kind);
  GspmdGroup g = gspmdRtGroup(op, mesh_id, axes, num_axes, true);
  int d = checkedDim(op, "scatter_dim", scatter_dim, &vi);
  int64_t expected[GSPMD_RT_MAX_RANK];
  shapeDividedAlong(op, "scatter", &vi, d, g.size, expected);
  checkShape(op, &vi, &vo, expected,
             "out scatter dim must be in scatter dim / group size");
  int count = checkedCount(op, gspmdRtViewNumElements(&vo));
  checkedCount(op, gspmdRtViewNumElements(&vi));
  GspmdStage si = packPieces(op, &vi, d, g.size, &vo);
  GspmdStage so = gspmdRtStageOut(op, &vo);
  gspmdRtCheckMPI(op, "MPI_Reduce_scatter_block",
                  MPI_Reduce_scatter_block(si.ptr, so.ptr, count,
                                           gspmdRtDtypeMPI(dtype), mop,
                                           g.comm));
  gspmdRtStageFree(&si);
  gspmdRtStageFinish(&so, &vo);
  gspmdRtCountModel(GSPMD_RT_REDUCE_SCATTER, (int64_t)gspmdRtViewBytes(&vi),
                    g.size);
}

void gspmd_rt_all_to_all(int64_t mesh_id, const int64_t *axes, int64_t num_axes,
                         int64_t dtype, int64_t split_dim, int64_t concat_dim,
                         GspmdUnrankedMemRef *in, GspmdUnrankedMemRef *out) {
  const char *op = "all_to_all";
  GspmdView vi, vo;
  readViews(op, dtype, in, out, &vi, &vo);
  GspmdGroup g = gspmdRtGroup(op, mesh_id, axes, num_axes, true);
  int sd = checkedDim(op, "split_dim", split_dim, &vi);
  int cd = checkedDim(op, "concat_dim", concat_dim, &vi);
  int64_t expected[GSPMD_RT_MAX_RANK];
  shapeDividedAlong(op, "split", &vi, sd, g.size, expected);
  expected[cd] *= g.size;
  checkShape(op, &vi, &vo, expected,
             "split dim / group size, then concat dim * group size");
  int bytes = checkedCount(op, (int64_t)gspmdRtViewBytes(&vi) / g.size);
  checkedCount(op, (int64_t)gspmdRtViewBytes(&vi));
  GspmdStage si = packPieces(op, &vi, sd, g.size, &vo);
  GspmdStage so = recvPieces(op, &vo, cd);
  gspmdRtCheckMPI(
      op, "MPI_Alltoall",
      MPI_Alltoall(si.ptr, bytes, MPI_BYTE, so.ptr, bytes, MPI_BYTE, g.comm));
  gspmdRtStageFree(&si);
  finishPieces(&so, &vo, cd, g.size);
  gspmdRtCountModel(GSPMD_RT_ALL_TO_ALL, (int64_t)gspmdRtViewBytes(&vi),
                    g.size);
}

/* Group rank that is `shift` away from r, or MPI_PROC_NULL. */
static int shiftedRank(int r, int64_t shift, int n, bool wrap) {
  int64_t t = (int64_t)r + shift;
  if (wrap)
    return (int)(((t % n) + n) % n);
  return t >= 0 && t < n ? (int)t : MPI_PROC_NULL;
}

/* Sends vi to group rank `dest` and receives vo from `source` (either may
 * be MPI_PROC_NULL: no source leaves zeros), and counts the bytes that go to
 * or come from another device. */
static void sendRecv(const char *op, const GspmdGroup *g, const GspmdView *vi,
                     const GspmdView *vo, int dest, int source) {
  checkShape(op, vi, vo, vi->sizes, "collective_permute keeps the shape");
  int bytes = checkedCount(op, (int64_t)gspmdRtViewBytes(vi));
  GspmdStage si = gspmdRtStageIn(op, vi, vo);
  GspmdStage so = gspmdRtStageOut(op, vo);
  if (source == MPI_PROC_NULL)
    memset(so.ptr, 0, (size_t)bytes);
  gspmdRtCheckMPI(op, "MPI_Sendrecv",
                  MPI_Sendrecv(si.ptr, bytes, MPI_BYTE, dest, 0, so.ptr, bytes,
                               MPI_BYTE, source, 0, g->comm,
                               MPI_STATUS_IGNORE));
  gspmdRtStageFree(&si);
  gspmdRtStageFinish(&so, vo);
  bool sends = dest != MPI_PROC_NULL && dest != g->rank;
  bool receives = source != MPI_PROC_NULL && source != g->rank;
  gspmdRtCount(GSPMD_RT_COLLECTIVE_PERMUTE, sends ? bytes : 0,
               receives ? bytes : 0);
}

void gspmd_rt_collective_permute(int64_t mesh_id, const int64_t *axes,
                                 int64_t num_axes, int64_t dtype, int64_t shift,
                                 int64_t wrap, GspmdUnrankedMemRef *in,
                                 GspmdUnrankedMemRef *out) {
  const char *op = "collective_permute";
  GspmdView vi, vo;
  readViews(op, dtype, in, out, &vi, &vo);
  GspmdGroup g = gspmdRtGroup(op, mesh_id, axes, num_axes, true);
  int dest = shiftedRank(g.rank, shift, g.size, wrap != 0);
  int source = shiftedRank(g.rank, -shift, g.size, wrap != 0);
  sendRecv(op, &g, &vi, &vo, dest, source);
}

/* Checks that `target` lists the same axes as `axes` (which the group lookup
 * validated) and copies it to ints. */
static void readTargetAxes(const char *op, const int64_t *axes, int64_t n,
                           const int64_t *target, int64_t num_target,
                           int *out) {
  if (num_target != n || (n > 0 && !target))
    gspmdRtFail(op, "target axes must list the %lld source axes, got %lld",
                (long long)n, (long long)num_target);
  for (int64_t i = 0; i < n; ++i) {
    int found = 0;
    for (int64_t j = 0; j < n; ++j)
      found += target[j] == axes[i];
    if (found != 1)
      gspmdRtFail(op,
                  "target axes are not a permutation of the axes "
                  "(axis %lld)",
                  (long long)axes[i]);
    out[i] = (int)target[i];
  }
}

/* Rank over `axes` of the device whose coordinate over `target` is k: k's
 * mixed-radix digits over target (first major) are per-axis coordinates,
 * relinearised in the order of `axes`. */
static int rankOfTargetCoord(const GspmdMesh *mesh, const int64_t *axes,
                             const int *target, int64_t n, int64_t k) {
  int64_t coord[GSPMD_MAX_MESH_AXES] = {0};
  for (int64_t i = n - 1; i >= 0; --i) {
    coord[target[i]] = k % mesh->axis_sizes[target[i]];
    k /= mesh->axis_sizes[target[i]];
  }
  int64_t rank = 0;
  for (int64_t i = 0; i < n; ++i)
    rank = rank * mesh->axis_sizes[axes[i]] + coord[axes[i]];
  return (int)rank;
}

void gspmd_rt_collective_permute_axes(int64_t mesh_id, const int64_t *axes,
                                      int64_t num_axes,
                                      const int64_t *target_axes,
                                      int64_t num_target_axes, int64_t dtype,
                                      GspmdUnrankedMemRef *in,
                                      GspmdUnrankedMemRef *out) {
  const char *op = "collective_permute";
  GspmdView vi, vo;
  readViews(op, dtype, in, out, &vi, &vo);
  /* Group ranks are coordinates over `axes`, first axis major. */
  GspmdGroup g = gspmdRtGroup(op, mesh_id, axes, num_axes, true);
  const GspmdMesh *mesh = gspmdRtMesh(op, mesh_id);
  int target[GSPMD_MAX_MESH_AXES];
  readTargetAxes(op, axes, num_axes, target_axes, num_target_axes, target);
  /* The source's coordinate over `axes` is this device's coordinate over
   * the target axes; the destination is the device whose coordinate over
   * the target axes is this device's group rank. */
  int64_t group_id = 0, my_target_coord = 0;
  gspmdMeshDeviceGroup(mesh, gspmd_rt_partition_id(), target, (int)num_axes,
                       &group_id, &my_target_coord);
  int source = (int)my_target_coord;
  int dest = rankOfTargetCoord(mesh, axes, target, num_axes, g.rank);
  sendRecv(op, &g, &vi, &vo, dest, source);
}
