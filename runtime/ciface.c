/*
 * ciface.c - MLIR C-interface wrappers over the generic entry points.
 *
 * Lowered code declares `@gspmd_mlir_<name>` with llvm.emit_c_interface and
 * so calls `_mlir_ciface_gspmd_mlir_<name>` with pointers to unranked memref
 * descriptors. Integer lists (axes, axis sizes, devices) arrive as rank-1 i64
 * memrefs of any stride; they are copied to dense arrays here. Collectives
 * are instantiated per element type (one MLIR symbol has one signature) and
 * forward to collectives.c with the matching dtype code.
 */
#include "internal.h"

#include <stdlib.h>

/* The rank-1 i64 memref m, checked. */
static GspmdView listView(const char *op, const char *what,
                          GspmdUnrankedMemRef *m) {
  GspmdView v = gspmdRtView(op, what, m, sizeof(int64_t));
  if (v.rank != 1)
    gspmdRtFail(op, "%s must be a rank-1 i64 memref, got rank %d", what,
                v.rank);
  return v;
}

/* Dense copy of an axes list into out[GSPMD_RT_MAX_LIST]. */
#define GSPMD_RT_MAX_LIST 64
static int64_t readList(const char *op, const char *what,
                        GspmdUnrankedMemRef *m, int64_t *out) {
  GspmdView v = listView(op, what, m);
  if (v.sizes[0] > GSPMD_RT_MAX_LIST)
    gspmdRtFail(op, "%s has %lld entries (at most %d)", what,
                (long long)v.sizes[0], GSPMD_RT_MAX_LIST);
  gspmdRtViewPack(&v, out);
  return v.sizes[0];
}

void _mlir_ciface_gspmd_mlir_register_mesh(int64_t mesh_id,
                                           GspmdUnrankedMemRef *axis_sizes,
                                           GspmdUnrankedMemRef *devices) {
  const char *op = "register_mesh";
  int64_t sizes[GSPMD_RT_MAX_LIST];
  int64_t n = readList(op, "axis_sizes", axis_sizes, sizes);
  GspmdView dv = listView(op, "devices", devices);
  int64_t *devs = gspmdRtAlloc(op, gspmdRtViewBytes(&dv));
  gspmdRtViewPack(&dv, devs);
  int64_t num_devices = 1;
  for (int64_t i = 0; i < n; ++i)
    num_devices *= sizes[i];
  if (dv.sizes[0] && dv.sizes[0] != num_devices)
    gspmdRtFail(op, "mesh %lld: devices has %lld entries, mesh has %lld",
                (long long)mesh_id, (long long)dv.sizes[0],
                (long long)num_devices);
  gspmd_rt_register_mesh(mesh_id, n, sizes, dv.sizes[0] ? devs : NULL);
  free(devs);
}

int64_t _mlir_ciface_gspmd_mlir_axis_index(int64_t mesh_id,
                                           GspmdUnrankedMemRef *axes) {
  int64_t ax[GSPMD_RT_MAX_LIST];
  int64_t n = readList("axis_index", "axes", axes, ax);
  return gspmd_rt_axis_index(mesh_id, ax, n);
}

int64_t _mlir_ciface_gspmd_mlir_partition_id(void) {
  return gspmd_rt_partition_id();
}

#define GSPMD_RT_DEFINE_TYPED(T, CODE)                                         \
  void _mlir_ciface_gspmd_mlir_all_reduce_##T(                                 \
      int64_t mesh_id, GspmdUnrankedMemRef *axes, int64_t kind,                \
      GspmdUnrankedMemRef *in, GspmdUnrankedMemRef *out) {                     \
    int64_t ax[GSPMD_RT_MAX_LIST];                                             \
    int64_t n = readList("all_reduce", "axes", axes, ax);                      \
    gspmd_rt_all_reduce(mesh_id, ax, n, CODE, kind, in, out);                  \
  }                                                                            \
  void _mlir_ciface_gspmd_mlir_all_gather_##T(                                 \
      int64_t mesh_id, GspmdUnrankedMemRef *axes, int64_t gather_dim,          \
      GspmdUnrankedMemRef *in, GspmdUnrankedMemRef *out) {                     \
    int64_t ax[GSPMD_RT_MAX_LIST];                                             \
    int64_t n = readList("all_gather", "axes", axes, ax);                      \
    gspmd_rt_all_gather(mesh_id, ax, n, CODE, gather_dim, in, out);            \
  }                                                                            \
  void _mlir_ciface_gspmd_mlir_reduce_scatter_##T(                             \
      int64_t mesh_id, GspmdUnrankedMemRef *axes, int64_t kind,                \
      int64_t scatter_dim, GspmdUnrankedMemRef *in,                            \
      GspmdUnrankedMemRef *out) {                                              \
    int64_t ax[GSPMD_RT_MAX_LIST];                                             \
    int64_t n = readList("reduce_scatter", "axes", axes, ax);                  \
    gspmd_rt_reduce_scatter(mesh_id, ax, n, CODE, kind, scatter_dim, in, out); \
  }                                                                            \
  void _mlir_ciface_gspmd_mlir_all_to_all_##T(                                 \
      int64_t mesh_id, GspmdUnrankedMemRef *axes, int64_t split_dim,           \
      int64_t concat_dim, GspmdUnrankedMemRef *in, GspmdUnrankedMemRef *out) { \
    int64_t ax[GSPMD_RT_MAX_LIST];                                             \
    int64_t n = readList("all_to_all", "axes", axes, ax);                      \
    gspmd_rt_all_to_all(mesh_id, ax, n, CODE, split_dim, concat_dim, in, out); \
  }                                                                            \
  void _mlir_ciface_gspmd_mlir_collective_permute_##T(                         \
      int64_t mesh_id, GspmdUnrankedMemRef *axes, int64_t shift, int64_t wrap, \
      GspmdUnrankedMemRef *in, GspmdUnrankedMemRef *out) {                     \
    int64_t ax[GSPMD_RT_MAX_LIST];                                             \
    int64_t n = readList("collective_permute", "axes", axes, ax);              \
    gspmd_rt_collective_permute(mesh_id, ax, n, CODE, shift, wrap, in, out);   \
  }                                                                            \
  void _mlir_ciface_gspmd_mlir_collective_permute_axes_##T(                    \
      int64_t mesh_id, GspmdUnrankedMemRef *axes,                              \
      GspmdUnrankedMemRef *target_axes, GspmdUnrankedMemRef *in,               \
      GspmdUnrankedMemRef *out) {                                              \
    int64_t ax[GSPMD_RT_MAX_LIST], tx[GSPMD_RT_MAX_LIST];                      \
    int64_t n = readList("collective_permute", "axes", axes, ax);              \
    int64_t nt =                                                               \
        readList("collective_permute", "target_axes", target_axes, tx);        \
    gspmd_rt_collective_permute_axes(mesh_id, ax, n, tx, nt, CODE, in, out);   \
  }

GSPMD_RT_DEFINE_TYPED(f32, GSPMD_F32)
GSPMD_RT_DEFINE_TYPED(f64, GSPMD_F64)
GSPMD_RT_DEFINE_TYPED(f16, GSPMD_F16)
GSPMD_RT_DEFINE_TYPED(bf16, GSPMD_BF16)
GSPMD_RT_DEFINE_TYPED(i1, GSPMD_I1)
GSPMD_RT_DEFINE_TYPED(i8, GSPMD_I8)
GSPMD_RT_DEFINE_TYPED(i32, GSPMD_I32)
GSPMD_RT_DEFINE_TYPED(i64, GSPMD_I64)
