/*
 * comm.c - MPI setup, registered meshes and cached group communicators.
 *
 * MPI rank r is device id r (docs/dialect.md). Meshes live in a small
 * table keyed by mesh id; each holds a GspmdMesh of the sharding algebra
 * (include/gspmd/sharding.h), which alone decides device positions, groups
 * and ranks inside groups. A group communicator for (mesh, ordered axes) is
 * made once with MPI_Comm_split(color = group id, key = rank in group) and
 * kept in a second table until gspmd_rt_finalize. MPI_Comm_split is
 * collective over MPI_COMM_WORLD, so every rank must meet a new group at the
 * same point of the program, which SPMD programs do. Communicators get
 * MPI_ERRORS_RETURN so failures reach gspmdRtCheckMPI.
 */
#include "internal.h"

#include "gspmd/sharding.h"

#include <stdlib.h>
#include <string.h>

static const char *const kAxisNames[GSPMD_MAX_MESH_AXES] = {
    "a0", "a1", "a2",  "a3",  "a4",  "a5",  "a6",  "a7",
    "a8", "a9", "a10", "a11", "a12", "a13", "a14", "a15"};

typedef struct RtMesh {
  int64_t id;
  GspmdMesh mesh; /* devices points to owned storage or NULL */
} RtMesh;

typedef struct RtComm {
  int64_t mesh_id;
  int num_axes;
  int axes[GSPMD_MAX_MESH_AXES];
  GspmdGroup group;
} RtComm;

static RtMesh *meshes;
static int numMeshes, capMeshes;
static RtComm *comms;
static int numComms, capComms;
static bool initializedMPI;

/*===-- Setup -------------------------------------------------------------===*/

void gspmd_rt_init(int *argc, char ***argv) {
  int initialized = 0, finalized = 0;
  MPI_Finalized(&finalized);
  if (finalized)
    gspmdRtFail("init", "MPI was already finalized");
  MPI_Initialized(&initialized);
  if (!initialized) {
    if (MPI_Init(argc, argv) != MPI_SUCCESS)
      gspmdRtFail("init", "MPI_Init failed");
    initializedMPI = true;
  }
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
}

void gspmdRtEnsureInit(const char *op) {
  int initialized = 0, finalized = 0;
  MPI_Finalized(&finalized);
  if (finalized)
    gspmdRtFail(op, "called after MPI was finalized");
  MPI_Initialized(&initialized);
  if (!initialized)
    gspmd_rt_init(NULL, NULL);
}

void gspmd_rt_finalize(void) {
  int finalized = 0;
  MPI_Finalized(&finalized);
  for (int i = 0; i < numComms && !finalized; ++i)
    MPI_Comm_free(&comms[i].group.comm);
  if (!finalized)
    gspmdRtDtypeFinalize();
  for (int i = 0; i < numMeshes; ++i)
    free((void *)meshes[i].mesh.devices);
  free(comms);
  free(meshes);
  comms = NULL;
  meshes = NULL;
  numComms = capComms = numMeshes = capMeshes = 0;
  if (initializedMPI && !finalized)
    MPI_Finalize();
  initializedMPI = false;
}

int64_t gspmd_rt_partition_id(void) {
  gspmdRtEnsureInit("partition_id");
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

static int worldSize(void) {
  int size = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  return size;
}

/*===-- Meshes ------------------------------------------------------------===*/

static RtMesh *findMesh(int64_t id) {
  for (int i = 0; i < numMeshes; ++i)
    if (meshes[i].id == id)
      return &meshes[i];
  return NULL;
}

static bool sameMesh(const GspmdMesh *a, const GspmdMesh *b) {
  if (a->num_axes != b->num_axes)
    return false;
  for (int i = 0; i < a->num_axes; ++i)
    if (a->axis_sizes[i] != b->axis_sizes[i])
      return false;
  int64_t n = gspmdMeshNumDevices(a);
  for (int64_t p = 0; p < n; ++p)
    if (gspmdMeshDeviceAtPosition(a, p) != gspmdMeshDeviceAtPosition(b, p))
      return false;
  return true;
}

static GspmdMesh buildMesh(int64_t mesh_id, int64_t num_axes,
                           const int64_t *axis_sizes, const int64_t *devices) {
  const char *op = "register_mesh";
  if (num_axes < 0 || num_axes > GSPMD_MAX_MESH_AXES)
    gspmdRtFail(op, "mesh %lld has %lld axes (supported: 0..%d)",
                (long long)mesh_id, (long long)num_axes, GSPMD_MAX_MESH_AXES);
  if (num_axes > 0 && !axis_sizes)
    gspmdRtFail(op, "mesh %lld: axis sizes are null", (long long)mesh_id);
  GspmdMesh mesh = {.num_axes = (int)num_axes, .devices = devices};
  for (int i = 0; i < mesh.num_axes; ++i) {
    mesh.axis_names[i] = kAxisNames[i];
    mesh.axis_sizes[i] = axis_sizes[i];
  }
  char err[256];
  if (!gspmdMeshVerify(&mesh, err, sizeof(err)))
    gspmdRtFail(op, "mesh %lld is invalid: %s", (long long)mesh_id, err);
  return mesh;
}

void gspmd_rt_register_mesh(int64_t mesh_id, int64_t num_axes,
                            const int64_t *axis_sizes, const int64_t *devices) {
  const char *op = "register_mesh";
  gspmdRtEnsureInit(op);
  GspmdMesh mesh = buildMesh(mesh_id, num_axes, axis_sizes, devices);
  int64_t n = gspmdMeshNumDevices(&mesh);
  if (n != worldSize())
    gspmdRtFail(op,
                "mesh %lld has %lld devices but the MPI world size is %d "
                "(run with mpirun -n %lld)",
                (long long)mesh_id, (long long)n, worldSize(), (long long)n);
  RtMesh *old = findMesh(mesh_id);
  if (old) {
    if (!sameMesh(&old->mesh, &mesh))
      gspmdRtFail(op, "mesh %lld is already registered with another shape",
                  (long long)mesh_id);
    return;
  }
  if (devices) {
    int64_t *copy = gspmdRtAlloc(op, (size_t)n * sizeof(int64_t));
    memcpy(copy, devices, (size_t)n * sizeof(int64_t));
    mesh.devices = copy;
  }
  if (numMeshes == capMeshes) {
    capMeshes = capMeshes ? 2 * capMeshes : 4;
    meshes = realloc(meshes, (size_t)capMeshes * sizeof(RtMesh));
    if (!meshes)
      gspmdRtFail(op, "out of memory");
  }
  meshes[numMeshes++] = (RtMesh){mesh_id, mesh};
}

const GspmdMesh *gspmdRtMesh(const char *op, int64_t mesh_id) {
  RtMesh *m = findMesh(mesh_id);
  if (!m)
    gspmdRtFail(op, "mesh %lld is not registered", (long long)mesh_id);
  return &m->mesh;
}

/* Checks the axes and copies them to ints; sorted into mesh order when the
 * order does not matter, so every order of one set shares a communicator. */
static int readAxes(const char *op, const GspmdMesh *mesh, const int64_t *axes,
                    int64_t num_axes, bool ordered, int *out) {
  if (num_axes < 0 || num_axes > mesh->num_axes || (num_axes > 0 && !axes))
    gspmdRtFail(op, "bad axes list (%lld axes on a mesh of %d)",
                (long long)num_axes, mesh->num_axes);
  bool seen[GSPMD_MAX_MESH_AXES] = {false};
  for (int64_t i = 0; i < num_axes; ++i) {
    if (axes[i] < 0 || axes[i] >= mesh->num_axes || seen[axes[i]])
      gspmdRtFail(op, "axis %lld is out of range or repeated (mesh has %d)",
                  (long long)axes[i], mesh->num_axes);
    seen[axes[i]] = true;
  }
  int n = 0;
  for (int a = 0; a < mesh->num_axes && !ordered; ++a)
    if (seen[a])
      out[n++] = a;
  for (int64_t i = 0; i < num_axes && ordered; ++i)
    out[n++] = (int)axes[i];
  return n;
}

int64_t gspmd_rt_axis_index(int64_t mesh_id, const int64_t *axes,
                            int64_t num_axes) {
  const char *op = "axis_index";
  gspmdRtEnsureInit(op);
  const GspmdMesh *mesh = gspmdRtMesh(op, mesh_id);
  int ax[GSPMD_MAX_MESH_AXES];
  int n = readAxes(op, mesh, axes, num_axes, true, ax);
  int64_t group = 0, rank = 0;
  gspmdMeshDeviceGroup(mesh, gspmd_rt_partition_id(), ax, n, &group, &rank);
  return rank;
}

/*===-- Communicators -----------------------------------------------------===*/

static RtComm *findComm(int64_t mesh_id, const int *axes, int n) {
  for (int i = 0; i < numComms; ++i)
    if (comms[i].mesh_id == mesh_id && comms[i].num_axes == n &&
        memcmp(comms[i].axes, axes, (size_t)n * sizeof(int)) == 0)
      return &comms[i];
  return NULL;
}

static GspmdGroup splitGroup(const char *op, const GspmdMesh *mesh,
                             const int *axes, int n) {
  int64_t group_id = -1, rank = -1;
  gspmdMeshDeviceGroup(mesh, gspmd_rt_partition_id(), axes, n, &group_id,
                       &rank);
  if (group_id < 0 || rank < 0)
    gspmdRtFail(op, "device %lld is not on the mesh",
                (long long)gspmd_rt_partition_id());
  GspmdGroup g;
  gspmdRtCheckMPI(
      op, "MPI_Comm_split",
      MPI_Comm_split(MPI_COMM_WORLD, (int)group_id, (int)rank, &g.comm));
  gspmdRtCheckMPI(op, "MPI_Comm_set_errhandler",
                  MPI_Comm_set_errhandler(g.comm, MPI_ERRORS_RETURN));
  MPI_Comm_size(g.comm, &g.size);
  MPI_Comm_rank(g.comm, &g.rank);
  if (g.size != gspmdMeshAxesSize(mesh, axes, n) || g.rank != rank)
    gspmdRtFail(op,
                "communicator split gave size %d rank %d, expected %lld "
                "and %lld",
                g.size, g.rank, (long long)gspmdMeshAxesSize(mesh, axes, n),
                (long long)rank);
  return g;
}

GspmdGroup gspmdRtGroup(const char *op, int64_t mesh_id, const int64_t *axes,
                        int64_t num_axes, bool ordered) {
  gspmdRtEnsureInit(op);
  const GspmdMesh *mesh = gspmdRtMesh(op, mesh_id);
  int ax[GSPMD_MAX_MESH_AXES];
  int n = readAxes(op, mesh, axes, num_axes, ordered, ax);
  RtComm *c = findComm(mesh_id, ax, n);
  if (c)
    return c->group;
  GspmdGroup g = splitGroup(op, mesh, ax, n);
  if (numComms == capComms) {
    capComms = capComms ? 2 * capComms : 8;
    comms = realloc(comms, (size_t)capComms * sizeof(RtComm));
    if (!comms)
      gspmdRtFail(op, "out of memory");
  }
  RtComm entry = {.mesh_id = mesh_id, .num_axes = n, .group = g};
  memcpy(entry.axes, ax, (size_t)n * sizeof(int));
  comms[numComms++] = entry;
  return g;
}
