/*
 * internal.h - declarations shared by the runtime's files (not installed).
 *
 * error.c: fail-fast reporting; dtype.c: element sizes, MPI types and
 * reduction ops; memref.c: strided views of memref descriptors and packing;
 * comm.c: MPI setup, the mesh table and the communicator cache; stats.c:
 * traffic counters.
 */
#ifndef GSPMD_RUNTIME_INTERNAL_H
#define GSPMD_RUNTIME_INTERNAL_H

#include "gspmd_runtime.h"

#include "gspmd/sharding.h"

#include <mpi.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GSPMD_RT_MAX_RANK 16

/*===-- error.c -----------------------------------------------------------===*/

/* Prints `gspmd runtime: <op>: <message>` and aborts every rank. */
_Noreturn void gspmdRtFail(const char *op, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Fails with MPI's error string when rc is not MPI_SUCCESS. */
void gspmdRtCheckMPI(const char *op, const char *call, int rc);

/* malloc that fails the op instead of returning NULL (bytes may be 0). */
void *gspmdRtAlloc(const char *op, size_t bytes);

/*===-- dtype.c -----------------------------------------------------------===*/

/* Element size in bytes; fails on an unknown code. */
size_t gspmdRtDtypeSize(const char *op, int64_t dtype);

/* MPI datatype of one element (f16/bf16 as MPI_UINT16_T, i1 as uint8). */
MPI_Datatype gspmdRtDtypeMPI(int64_t dtype);

/* The MPI reduction op for (dtype, kind); user-defined ops for f16/bf16 are
 * created on first use. Fails on an unknown kind. */
MPI_Op gspmdRtReduceOp(const char *op, int64_t dtype, int64_t kind);

/* Frees the user-defined ops. */
void gspmdRtDtypeFinalize(void);

/*===-- memref.c ----------------------------------------------------------===*/

/* A strided view of a memref: element [i0..] is at
 * base + elem_size * sum(i_k * strides[k]). */
typedef struct GspmdView {
  char *base;
  size_t elem_size;
  int rank;
  int64_t sizes[GSPMD_RT_MAX_RANK];
  int64_t strides[GSPMD_RT_MAX_RANK];
} GspmdView;

/* Reads an unranked descriptor; `what` names it in errors. */
GspmdView gspmdRtView(const char *op, const char *what,
                      const GspmdUnrankedMemRef *m, size_t elem_size);

int64_t gspmdRtViewNumElements(const GspmdView *v);
size_t gspmdRtViewBytes(const GspmdView *v);

/* True when the elements are dense in row-major order. */
bool gspmdRtViewIsContiguous(const GspmdView *v);

/* True when the address ranges spanned by a and b intersect. */
bool gspmdRtViewsOverlap(const GspmdView *a, const GspmdView *b);

/* Product of sizes[0..dim): the number of separate runs a slice along dim
 * has in a contiguous buffer. */
int64_t gspmdRtViewOuterCount(const GspmdView *v, int dim);

/* Elements [start, start + size) along dim. */
GspmdView gspmdRtViewSlice(const GspmdView *v, int dim, int64_t start,
                           int64_t size);

/* Copies the view to/from a dense row-major buffer. */
void gspmdRtViewPack(const GspmdView *v, void *dst);
void gspmdRtViewUnpack(const GspmdView *v, const void *src);

/* A dense copy of a view, or the view's own memory when that is dense and
 * does not overlap `avoid` (NULL for none). */
typedef struct GspmdStage {
  void *ptr;
  bool owned;
} GspmdStage;
GspmdStage gspmdRtStageIn(const char *op, const GspmdView *v,
                          const GspmdView *avoid);
/* Dense memory to receive into: the view itself when dense, else scratch. */
GspmdStage gspmdRtStageOut(const char *op, const GspmdView *v);
/* Unpacks scratch into the view (if owned) and frees it. */
void gspmdRtStageFinish(GspmdStage *s, const GspmdView *v);
void gspmdRtStageFree(GspmdStage *s);

/*===-- comm.c ------------------------------------------------------------===*/

/* Initialises MPI if needed; fails if MPI was already finalised. */
void gspmdRtEnsureInit(const char *op);

/* A cached communicator over (mesh, axes). With ordered == false the axes
 * are a set (an all_reduce) and share a communicator in mesh order. */
typedef struct GspmdGroup {
  MPI_Comm comm;
  int size;
  int rank;
} GspmdGroup;
GspmdGroup gspmdRtGroup(const char *op, int64_t mesh_id, const int64_t *axes,
                        int64_t num_axes, bool ordered);

/* The registered mesh `mesh_id` (fails when it is not registered). */
const GspmdMesh *gspmdRtMesh(const char *op, int64_t mesh_id);

/*===-- stats.c -----------------------------------------------------------===*/

/* Adds one call of collective `kind` (enum GspmdRtCollective) with the bytes
 * this device sent and received. */
void gspmdRtCount(int kind, int64_t bytes_sent, int64_t bytes_received);

/* Adds one call counted by the algebra's cost model for a local input of
 * `input_bytes` over a group of `group_size` devices. */
void gspmdRtCountModel(int kind, int64_t input_bytes, int64_t group_size);

#endif /* GSPMD_RUNTIME_INTERNAL_H */
