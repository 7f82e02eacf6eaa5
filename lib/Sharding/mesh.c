/*
 * lib/Sharding/mesh.c - device meshes: sizes, positions, coordinates and the
 * device groups collectives run over.
 *
 * A device sits at a row-major position over the mesh axes; the position is
 * its id unless the mesh carries a `devices` list (device id per position).
 * Coordinates are always read from the position, so a permuted mesh only
 * changes the position lookup.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

int64_t gspmdMeshNumDevices(const GspmdMesh *mesh) {
  int64_t n = 1;
  for (int a = 0; a < mesh->num_axes; ++a)
    n *= mesh->axis_sizes[a];
  return n;
}

int gspmdMeshFindAxis(const GspmdMesh *mesh, const char *name) {
  for (int a = 0; a < mesh->num_axes; ++a)
    if (mesh->axis_names[a] && strcmp(mesh->axis_names[a], name) == 0)
      return a;
  return -1;
}

/* Names must be present, non-empty and unique: axes are referred to by name
 * in the IR. */
static bool verifyAxisNames(const GspmdMesh *mesh, char *err, size_t err_size) {
  for (int a = 0; a < mesh->num_axes; ++a) {
    const char *name = mesh->axis_names[a];
    if (!name || !name[0])
      return gspmdFail(err, err_size, "mesh axis %d has an empty name", a);
    for (int b = 0; b < a; ++b)
      if (strcmp(mesh->axis_names[b], name) == 0)
        return gspmdFail(err, err_size, "mesh axis name '%s' is used twice",
                         name);
  }
  return true;
}

/* Sizes must be >= 1 and their product must fit in int64_t, since every
 * position computation multiplies them. */
static bool verifyAxisSizes(const GspmdMesh *mesh, char *err, size_t err_size) {
  int64_t n = 1;
  for (int a = 0; a < mesh->num_axes; ++a) {
    int64_t size = mesh->axis_sizes[a];
    if (size < 1)
      return gspmdFail(err, err_size,
                       "mesh axis '%s' has size %lld; sizes must be >= 1",
                       mesh->axis_names[a], (long long)size);
    if (n > INT64_MAX / size)
      return gspmdFail(err, err_size, "mesh has too many devices");
    n *= size;
  }
  return true;
}

static bool verifyDevicePermutation(const GspmdMesh *mesh, char *err,
                                    size_t err_size) {
  int64_t n = gspmdMeshNumDevices(mesh);
  unsigned char *seen = calloc((size_t)n, 1);
  if (!seen)
    return gspmdFail(err, err_size, "out of memory checking mesh devices");
  bool ok = true;
  for (int64_t p = 0; p < n && ok; ++p) {
    int64_t d = mesh->devices[p];
    if (d < 0 || d >= n)
      ok = gspmdFail(err, err_size,
                     "mesh device id %lld at position %lld is out of range "
                     "[0, %lld)",
                     (long long)d, (long long)p, (long long)n);
    else if (seen[d]++)
      ok = gspmdFail(err, err_size,
                     "mesh devices are not a permutation: device %lld "
                     "appears twice",
                     (long long)d);
  }
  free(seen);
  return ok;
}

bool gspmdMeshVerify(const GspmdMesh *mesh, char *err, size_t err_size) {
  if (mesh->num_axes < 0 || mesh->num_axes > GSPMD_MAX_MESH_AXES)
    return gspmdFail(err, err_size, "mesh has %d axes; at most %d supported",
                     mesh->num_axes, GSPMD_MAX_MESH_AXES);
  if (!verifyAxisNames(mesh, err, err_size) ||
      !verifyAxisSizes(mesh, err, err_size))
    return false;
  return !mesh->devices || verifyDevicePermutation(mesh, err, err_size);
}

int64_t gspmdMeshPositionOfDevice(const GspmdMesh *mesh, int64_t device) {
  int64_t n = gspmdMeshNumDevices(mesh);
  if (device < 0 || device >= n)
    return -1;
  if (!mesh->devices)
    return device;
  for (int64_t p = 0; p < n; ++p)
    if (mesh->devices[p] == device)
      return p;
  return -1;
}

int64_t gspmdMeshDeviceAtPosition(const GspmdMesh *mesh, int64_t pos) {
  if (pos < 0 || pos >= gspmdMeshNumDevices(mesh))
    return -1;
  return mesh->devices ? mesh->devices[pos] : pos;
}

int64_t gspmdMeshAxisCoord(const GspmdMesh *mesh, int64_t device, int axis) {
  int64_t pos = gspmdMeshPositionOfDevice(mesh, device);
  if (pos < 0 || axis < 0 || axis >= mesh->num_axes)
    return -1;
  return gspmdCoordAtPosition(mesh, pos, axis);
}

/* Rank of position `pos` over `axes` (first axis major) and its group id: the
 * row-major index over the remaining axes, which is what every member of a
 * group has in common. */
static void groupAndRank(const GspmdMesh *mesh, int64_t pos, const int *axes,
                         int num_axes, int64_t *group, int64_t *rank) {
  bool in_group[GSPMD_MAX_MESH_AXES] = {false};
  *rank = 0;
  for (int i = 0; i < num_axes; ++i) {
    int a = axes[i];
    if (a < 0 || a >= mesh->num_axes)
      continue;
    in_group[a] = true;
    *rank = *rank * mesh->axis_sizes[a] + gspmdCoordAtPosition(mesh, pos, a);
  }
  *group = 0;
  for (int a = 0; a < mesh->num_axes; ++a)
    if (!in_group[a])
      *group =
          *group * mesh->axis_sizes[a] + gspmdCoordAtPosition(mesh, pos, a);
}

void gspmdMeshDeviceGroup(const GspmdMesh *mesh, int64_t device,
                          const int *axes, int num_axes, int64_t *group_id,
                          int64_t *rank_in_group) {
  int64_t pos = gspmdMeshPositionOfDevice(mesh, device);
  int64_t group = -1, rank = -1;
  if (pos >= 0)
    groupAndRank(mesh, pos, axes, num_axes, &group, &rank);
  if (group_id)
    *group_id = group;
  if (rank_in_group)
    *rank_in_group = rank;
}

int64_t gspmdMeshAxesSize(const GspmdMesh *mesh, const int *axes,
                          int num_axes) {
  int64_t n = 1;
  for (int i = 0; i < num_axes; ++i)
    n *= mesh->axis_sizes[axes[i]];
  return n;
}
