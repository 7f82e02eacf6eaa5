/*
 * test/Sharding/sharding_test.c - unit tests of the sharding algebra.
 *
 * No framework: CHECK macros count checks and print one line per failure
 * with file:line; the last line is "sharding_test: N checks, M failed" and
 * the exit status is non-zero on any failure. Every expected value below is
 * worked out by hand from DESIGN.md section 2 and XLA's HloSharding text.
 */
#include "gspmd/sharding.h"

#include <stdio.h>
#include <string.h>

#include "check.h"

/*===-- Fixtures ----------------------------------------------------------===*/

static const GspmdMesh kMesh24 = {2, {"data", "model"}, {2, 4}, NULL};
static const GspmdMesh kMesh84 = {2, {"a", "b"}, {8, 4}, NULL};
static const int64_t kRingDevices[4] = {0, 2, 1, 3};
static const GspmdMesh kRing = {2, {"x", "y"}, {2, 2}, kRingDevices};
static const GspmdMesh kAB = {2, {"a", "b"}, {2, 2}, NULL};

/* A sharding from per-dim axis lists; -1 ends a dim's list. */
static GspmdSharding sharding(int rank, const int lists[][3]) {
  GspmdSharding s = gspmdShardingReplicated(rank);
  for (int d = 0; d < rank; ++d)
    for (int i = 0; i < 3 && lists[d][i] >= 0; ++i)
      s.dim_axes[d][s.dim_num_axes[d]++] = lists[d][i];
  return s;
}

static GspmdSharding dim1(int a0, int a1) {
  const int lists[1][3] = {{a0, a1, -1}};
  return sharding(1, lists);
}

static GspmdSharding dim2(int d0, int d1) {
  const int lists[2][3] = {{d0, -1, -1}, {d1, -1, -1}};
  return sharding(2, lists);
}

static const char *toHlo(const GspmdMesh *mesh, const GspmdSharding *s,
                         int flags) {
  static char buf[256];
  gspmdShardingToHlo(mesh, s, flags, buf, sizeof(buf));
  return buf;
}

/*===-- Mesh --------------------------------------------------------------===*/

static void testMeshBasics(void) {
  const int both[2] = {0, 1}, model[1] = {1};
  CHECK_INT(gspmdMeshNumDevices(&kMesh24), 8);
  CHECK_INT(gspmdMeshFindAxis(&kMesh24, "model"), 1);
  CHECK_INT(gspmdMeshFindAxis(&kMesh24, "nope"), -1);
  CHECK_INT(gspmdMeshAxesSize(&kMesh24, both, 2), 8);
  CHECK_INT(gspmdMeshAxesSize(&kMesh24, model, 1), 4);
  CHECK_INT(gspmdMeshAxesSize(&kMesh24, model, 0), 1);
  CHECK_INT(gspmdMeshDeviceAtPosition(&kMesh24, 5), 5);
  CHECK_INT(gspmdMeshDeviceAtPosition(&kMesh24, 8), -1);
  CHECK_INT(gspmdMeshPositionOfDevice(&kMesh24, 6), 6);
  CHECK_INT(gspmdMeshPositionOfDevice(&kMesh24, 8), -1);
  CHECK_INT(gspmdMeshPositionOfDevice(&kMesh24, -1), -1);
  /* Device 6 = data 1 * 4 + model 2. */
  CHECK_INT(gspmdMeshAxisCoord(&kMesh24, 6, 0), 1);
  CHECK_INT(gspmdMeshAxisCoord(&kMesh24, 6, 1), 2);
  CHECK_INT(gspmdMeshAxisCoord(&kMesh24, 6, 2), -1);
  CHECK_INT(gspmdMeshAxisCoord(&kMesh24, 9, 0), -1);
}

static void testMeshVerify(void) {
  char err[256] = "";
  CHECK(gspmdMeshVerify(&kMesh24, err, sizeof(err)));
  CHECK(gspmdMeshVerify(&kRing, err, sizeof(err)));

  GspmdMesh dup = {2, {"x", "x"}, {2, 2}, NULL};
  CHECK(!gspmdMeshVerify(&dup, err, sizeof(err)));
  CHECK_STR(err, "mesh axis name 'x' is used twice");

  GspmdMesh empty = {1, {""}, {2}, NULL};
  CHECK(!gspmdMeshVerify(&empty, err, sizeof(err)));
  CHECK_STR(err, "mesh axis 0 has an empty name");

  GspmdMesh zero = {2, {"x", "y"}, {2, 0}, NULL};
  CHECK(!gspmdMeshVerify(&zero, err, sizeof(err)));
  CHECK_STR(err, "mesh axis 'y' has size 0; sizes must be >= 1");

  const int64_t repeated[4] = {0, 1, 1, 3};
  GspmdMesh rep = {2, {"x", "y"}, {2, 2}, repeated};
  CHECK(!gspmdMeshVerify(&rep, err, sizeof(err)));
  CHECK_STR(err, "mesh devices are not a permutation: device 1 appears twice");

  const int64_t outside[4] = {0, 1, 2, 4};
  GspmdMesh out = {2, {"x", "y"}, {2, 2}, outside};
  CHECK(!gspmdMeshVerify(&out, err, sizeof(err)));
  CHECK_STR(err, "mesh device id 4 at position 3 is out of range [0, 4)");

  /* Zero axes: the trivial one-device mesh of an imported {replicated}. */
  const GspmdMesh trivial = {0, {NULL}, {0}, NULL};
  CHECK(gspmdMeshVerify(&trivial, err, sizeof(err)));
  CHECK_INT(gspmdMeshNumDevices(&trivial), 1);
  CHECK_INT(gspmdMeshPositionOfDevice(&trivial, 0), 0);
  CHECK_INT(gspmdMeshPositionOfDevice(&trivial, 1), -1);

  GspmdMesh deep = {GSPMD_MAX_MESH_AXES + 1, {"x"}, {1}, NULL};
  CHECK(!gspmdMeshVerify(&deep, NULL, 0)); /* a NULL err is allowed */
}

/* Ring devices [0, 2, 1, 3]: position p holds device ring[p]. */
static void testPermutedMesh(void) {
  CHECK_INT(gspmdMeshNumDevices(&kRing), 4);
  CHECK_INT(gspmdMeshPositionOfDevice(&kRing, 0), 0);
  CHECK_INT(gspmdMeshPositionOfDevice(&kRing, 1), 2);
  CHECK_INT(gspmdMeshPositionOfDevice(&kRing, 2), 1);
  CHECK_INT(gspmdMeshPositionOfDevice(&kRing, 3), 3);
  CHECK_INT(gspmdMeshDeviceAtPosition(&kRing, 1), 2);
  CHECK_INT(gspmdMeshDeviceAtPosition(&kRing, 2), 1);
  /* Device 1 sits at (x=1, y=0), device 2 at (x=0, y=1). */
  CHECK_INT(gspmdMeshAxisCoord(&kRing, 1, 0), 1);
  CHECK_INT(gspmdMeshAxisCoord(&kRing, 1, 1), 0);
  CHECK_INT(gspmdMeshAxisCoord(&kRing, 2, 0), 0);
  CHECK_INT(gspmdMeshAxisCoord(&kRing, 2, 1), 1);
  CHECK_INT(gspmdMeshAxisCoord(&kRing, 3, 0), 1);
  CHECK_INT(gspmdMeshAxisCoord(&kRing, 3, 1), 1);

  GspmdSharding xy = dim2(0, 1);
  const int64_t want_x[4] = {0, 1, 0, 1}, want_y[4] = {0, 0, 1, 1};
  for (int64_t dev = 0; dev < 4; ++dev) {
    CHECK_INT(gspmdShardIndex(&kRing, &xy, 0, dev), want_x[dev]);
    CHECK_INT(gspmdShardIndex(&kRing, &xy, 1, dev), want_y[dev]);
  }
  /* One dim over [x, y]: index = x * 2 + y. */
  GspmdSharding flat = dim1(0, 1);
  const int64_t want_flat[4] = {0, 2, 1, 3};
  for (int64_t dev = 0; dev < 4; ++dev)
    CHECK_INT(gspmdShardIndex(&kRing, &flat, 0, dev), want_flat[dev]);
  CHECK_INT(gspmdShardIndex(&kRing, &flat, 0, 4), -1);
}

static void testDeviceGroups(void) {
  const int model[1] = {1}, data[1] = {0};
  const int data_model[2] = {0, 1}, model_data[2] = {1, 0};
  int64_t group = 0, rank = 0;
  /* Device 6 = (data 1, model 2). */
  gspmdMeshDeviceGroup(&kMesh24, 6, model, 1, &group, &rank);
  CHECK_INT(group, 1);
  CHECK_INT(rank, 2);
  gspmdMeshDeviceGroup(&kMesh24, 6, data, 1, &group, &rank);
  CHECK_INT(group, 2);
  CHECK_INT(rank, 1);
  gspmdMeshDeviceGroup(&kMesh24, 6, data_model, 2, &group, &rank);
  CHECK_INT(group, 0);
  CHECK_INT(rank, 6);
  gspmdMeshDeviceGroup(&kMesh24, 6, model_data, 2, &group, &rank);
  CHECK_INT(group, 0);
  CHECK_INT(rank, 5); /* model 2 * 2 + data 1 */
  /* Device 3 = (data 0, model 3). */
  gspmdMeshDeviceGroup(&kMesh24, 3, model, 1, &group, &rank);
  CHECK_INT(group, 0);
  CHECK_INT(rank, 3);
  gspmdMeshDeviceGroup(&kMesh24, 3, data, 1, &group, &rank);
  CHECK_INT(group, 3);
  CHECK_INT(rank, 0);
  gspmdMeshDeviceGroup(&kMesh24, 3, model_data, 2, &group, &rank);
  CHECK_INT(group, 0);
  CHECK_INT(rank, 6);
  /* On the ring, device 2 sits at (x=0, y=1). */
  const int x[1] = {0}, y[1] = {1};
  gspmdMeshDeviceGroup(&kRing, 2, x, 1, &group, &rank);
  CHECK_INT(group, 1);
  CHECK_INT(rank, 0);
  gspmdMeshDeviceGroup(&kRing, 2, y, 1, &group, &rank);
  CHECK_INT(group, 0);
  CHECK_INT(rank, 1);
  /* x=2, y=2, z=3: device 11 = (1, 1, 2), device 7 = (1, 0, 1). Two other
   * axes make the group id mixed radix too. */
  const GspmdMesh xyz = {3, {"x", "y", "z"}, {2, 2, 3}, NULL};
  const int z_x[2] = {2, 0};
  gspmdMeshDeviceGroup(&xyz, 11, y, 1, &group, &rank);
  CHECK_INT(group, 5); /* x 1 * 3 + z 2 */
  CHECK_INT(rank, 1);
  gspmdMeshDeviceGroup(&xyz, 7, y, 1, &group, &rank);
  CHECK_INT(group, 4); /* x 1 * 3 + z 1 */
  CHECK_INT(rank, 0);
  gspmdMeshDeviceGroup(&xyz, 11, z_x, 2, &group, &rank);
  CHECK_INT(group, 1); /* y */
  CHECK_INT(rank, 5);  /* z 2 * 2 + x 1 */
  gspmdMeshDeviceGroup(&kMesh24, 8, model, 1, &group, &rank);
  CHECK_INT(group, -1);
  CHECK_INT(rank, -1);
}

/*===-- Layout ------------------------------------------------------------===*/

static void testUnevenLayout(void) {
  const GspmdMesh four = {1, {"p"}, {4}, NULL};
  GspmdSharding s = dim1(0, -1);
  const int64_t offsets[4] = {0, 3, 6, 9}, valid[4] = {3, 3, 3, 1};
  CHECK_INT(gspmdShardCount(&four, &s, 0), 4);
  CHECK_INT(gspmdShardSize(&four, &s, 0, 10), 3);
  for (int64_t dev = 0; dev < 4; ++dev) {
    CHECK_INT(gspmdShardOffset(&four, &s, 0, 10, dev), offsets[dev]);
    CHECK_INT(gspmdShardValidSize(&four, &s, 0, 10, dev), valid[dev]);
  }
  int64_t global[1] = {10}, local[1] = {0};
  gspmdLocalShape(&four, &s, global, local);
  CHECK_INT(local[0], 3);

  /* 7 over 8: one element each, the last shard empty. */
  const GspmdMesh eight = {1, {"p"}, {8}, NULL};
  CHECK_INT(gspmdShardSize(&eight, &s, 0, 7), 1);
  for (int64_t dev = 0; dev < 8; ++dev) {
    CHECK_INT(gspmdShardOffset(&eight, &s, 0, 7, dev), dev);
    CHECK_INT(gspmdShardValidSize(&eight, &s, 0, 7, dev), dev < 7 ? 1 : 0);
  }
  /* 9 over 8: size 2, so offsets run past the end (10, 12, 14). */
  const int64_t off9[8] = {0, 2, 4, 6, 8, 10, 12, 14};
  const int64_t valid9[8] = {2, 2, 2, 2, 1, 0, 0, 0};
  for (int64_t dev = 0; dev < 8; ++dev) {
    CHECK_INT(gspmdShardOffset(&eight, &s, 0, 9, dev), off9[dev]);
    CHECK_INT(gspmdShardValidSize(&eight, &s, 0, 9, dev), valid9[dev]);
  }
  CHECK_INT(gspmdShardOffset(&eight, &s, 0, 9, 8), -1);
  CHECK_INT(gspmdShardValidSize(&eight, &s, 0, 9, 8), 0);
}

static void testMultiAxisLayout(void) {
  const int lists[2][3] = {{0, 1, -1}, {-1, -1, -1}};
  GspmdSharding dm = sharding(2, lists);
  CHECK_INT(gspmdShardCount(&kMesh24, &dm, 0), 8);
  CHECK_INT(gspmdShardCount(&kMesh24, &dm, 1), 1);
  CHECK_INT(gspmdShardIndex(&kMesh24, &dm, 0, 5), 5); /* 1 * 4 + 1 */
  CHECK_INT(gspmdShardIndex(&kMesh24, &dm, 1, 5), 0);
  int64_t global[2] = {16, 5}, local[2] = {0, 0};
  gspmdLocalShape(&kMesh24, &dm, global, local);
  CHECK_INT(local[0], 2);
  CHECK_INT(local[1], 5);

  /* [model, data]: index = model * 2 + data. */
  GspmdSharding md = dim1(1, 0);
  CHECK_INT(gspmdShardIndex(&kMesh24, &md, 0, 5), 3);
  CHECK_INT(gspmdShardIndex(&kMesh24, &md, 0, 2), 4);
  CHECK_INT(gspmdShardIndex(&kMesh24, &md, 0, 7), 7);
  CHECK_INT(gspmdShardOffset(&kMesh24, &md, 0, 16, 2), 8);
  CHECK_INT(gspmdShardOffset(&kMesh24, &md, 0, 15, 7), 14);
  CHECK_INT(gspmdShardValidSize(&kMesh24, &md, 0, 15, 7), 1);
}

/*===-- Construction and checks -------------------------------------------===*/

static void testMeshSplit(void) {
  char err[256] = "";
  GspmdSharding s;
  const int64_t partial[2] = {0, -1}, tiled[2] = {0, 1}, none[2] = {-1, -1};
  const int64_t twice[2] = {1, 1}, outside[2] = {2, -1}, negative[1] = {-2};
  CHECK(gspmdMeshSplit(&kMesh24, partial, 2, &s, err, sizeof(err)));
  CHECK(gspmdShardingEqual(&s, &(GspmdSharding){2, {1, 0}, {{0}}}));
  CHECK_INT(gspmdShardingKind(&kMesh24, &s), GSPMD_PARTIALLY_TILED);
  CHECK(gspmdMeshSplit(&kMesh24, tiled, 2, &s, err, sizeof(err)));
  CHECK(gspmdShardingEqual(&s, &(GspmdSharding){2, {1, 1}, {{0}, {1}}}));
  CHECK_INT(gspmdShardingKind(&kMesh24, &s), GSPMD_TILED);
  CHECK(gspmdMeshSplit(&kMesh24, none, 2, &s, err, sizeof(err)));
  CHECK_INT(s.rank, 2);
  CHECK_INT(gspmdShardingKind(&kMesh24, &s), GSPMD_REPLICATED);
  CHECK(!gspmdMeshSplit(&kMesh24, twice, 2, &s, err, sizeof(err)));
  CHECK_STR(err, "mesh axis 'model' splits more than one dim (again at dim 1)");
  CHECK(!gspmdMeshSplit(&kMesh24, outside, 2, &s, err, sizeof(err)));
  CHECK_STR(err,
            "dims_mapping[0] = 2 is not a mesh axis (the mesh has 2 axes)");
  CHECK(!gspmdMeshSplit(&kMesh24, negative, 1, &s, err, sizeof(err)));
  CHECK_STR(err,
            "dims_mapping[0] = -2 is not a mesh axis (the mesh has 2 axes)");
}

static void testKindsAndChecks(void) {
  char err[256] = "";
  const GspmdMesh with_unit = {2, {"one", "model"}, {1, 4}, NULL};
  GspmdSharding one_only = dim2(0, -1), model_only = dim2(-1, 1);
  GspmdSharding repl = gspmdShardingReplicated(0);
  /* A listed size-1 axis is a tiling; an unused size-1 axis is no replica. */
  CHECK_INT(gspmdShardingKind(&with_unit, &one_only), GSPMD_PARTIALLY_TILED);
  CHECK_INT(gspmdShardingKind(&with_unit, &model_only), GSPMD_TILED);
  CHECK_INT(gspmdShardingKind(&with_unit, &repl), GSPMD_REPLICATED);
  CHECK_INT(gspmdShardingKind(&kMesh24, &model_only), GSPMD_PARTIALLY_TILED);

  GspmdSharding reuse = dim2(0, 0), unknown = dim2(5, -1);
  CHECK(gspmdShardingVerify(&kMesh24, &model_only, err, sizeof(err)));
  CHECK(!gspmdShardingVerify(&kMesh24, &reuse, err, sizeof(err)));
  CHECK_STR(err, "mesh axis 'data' is used twice (dims 0 and 1)");
  CHECK(!gspmdShardingVerify(&kMesh24, &unknown, err, sizeof(err)));
  CHECK_STR(err, "dim 0 refers to mesh axis 5; the mesh has 2");

  GspmdSharding dm = dim1(0, 1), md = dim1(1, 0), dm2 = dim1(0, 1);
  CHECK(gspmdShardingEqual(&dm, &dm2));
  CHECK(!gspmdShardingEqual(&dm, &md));
  CHECK(!gspmdShardingEqual(&dm, &model_only));
  CHECK(!gspmdShardingEqual(&repl, &(GspmdSharding){1, {0}, {{0}}}));
  CHECK(gspmdShardingUsesAxis(&model_only, 1));
  CHECK(!gspmdShardingUsesAxis(&model_only, 0));
  CHECK_INT(gspmdShardingNumTiles(&kMesh24, &model_only), 4);
  CHECK_INT(gspmdShardingNumTiles(&kMesh24, &dm), 8);
  CHECK_INT(gspmdShardingNumTiles(&kMesh24, &repl), 1);
}

/*===-- Merge and specificity ---------------------------------------------===*/

static void testMerge(void) {
  GspmdSharding out = gspmdShardingReplicated(0);
  GspmdSharding data = dim2(0, -1), model = dim2(-1, 1), both = dim2(0, 1);
  CHECK(gspmdShardingMerge(&kMesh24, &data, &model, &out));
  CHECK(gspmdShardingEqual(&out, &both));
  CHECK(gspmdShardingMerge(&kMesh24, &model, &data, &out));
  CHECK(gspmdShardingEqual(&out, &both));

  /* Each alone is fine; together "data" would split two dims. */
  GspmdSharding data_on_1 = dim2(-1, 0);
  out = gspmdShardingReplicated(0);
  CHECK(!gspmdShardingMerge(&kMesh24, &data, &data_on_1, &out));
  CHECK_INT(out.rank, 0); /* untouched on failure */

  GspmdSharding a = dim1(0, -1), ab = dim1(0, 1), b = dim1(1, -1);
  CHECK(gspmdShardingMerge(&kAB, &a, &ab, &out));
  CHECK(gspmdShardingEqual(&out, &ab));
  CHECK(gspmdShardingMerge(&kAB, &ab, &a, &out));
  CHECK(gspmdShardingEqual(&out, &ab));
  CHECK(!gspmdShardingMerge(&kAB, &a, &b, NULL));
  CHECK(!gspmdShardingMerge(&kAB, &ab, &b, NULL));

  GspmdSharding unknown = gspmdShardingReplicated(0);
  CHECK(gspmdShardingMerge(&kMesh24, &unknown, &data, &out));
  CHECK(gspmdShardingEqual(&out, &data));
  CHECK(!gspmdShardingMerge(&kAB, &a, &data, NULL)); /* rank 1 vs 2 */
}

static void testMoreSpecific(void) {
  GspmdSharding a = dim1(0, -1), ab = dim1(0, 1), b = dim1(1, -1);
  GspmdSharding repl1 = gspmdShardingReplicated(1);
  GspmdSharding repl0 = gspmdShardingReplicated(0);
  GspmdSharding repl2 = gspmdShardingReplicated(2), data = dim2(0, -1);
  CHECK(gspmdShardingMoreSpecific(&ab, &a));
  CHECK(!gspmdShardingMoreSpecific(&a, &ab));
  CHECK(!gspmdShardingMoreSpecific(&a, &a));
  CHECK(gspmdShardingMoreSpecific(&a, &repl1));
  CHECK(!gspmdShardingMoreSpecific(&repl1, &a));
  CHECK(!gspmdShardingMoreSpecific(&b, &a));
  CHECK(!gspmdShardingMoreSpecific(&repl0, &repl2));
  CHECK(gspmdShardingMoreSpecific(&data, &repl0));
  CHECK(!gspmdShardingMoreSpecific(&data, &a)); /* rank 2 vs 1 */
}

/*===-- HloSharding export ------------------------------------------------===*/

static void testHloExport(void) {
  GspmdSharding repl = gspmdShardingReplicated(2);
  GspmdSharding data = dim2(0, -1), both = dim2(0, 1);
  GspmdSharding late = dim2(-1, 0), model = dim2(1, -1);
  CHECK_STR(toHlo(&kMesh24, &repl, GSPMD_HLO_DEFAULT), "{replicated}");
  CHECK_STR(toHlo(&kMesh24, &data, GSPMD_HLO_DEFAULT),
            "{devices=[2,1,4]<=[8] last_tile_dim_replicate}");
  CHECK_STR(toHlo(&kMesh24, &both, GSPMD_HLO_DEFAULT), "{devices=[2,4]<=[8]}");
  CHECK_STR(toHlo(&kMesh24, &late, GSPMD_HLO_DEFAULT),
            "{devices=[1,2,4]<=[8] last_tile_dim_replicate}");
  CHECK_STR(toHlo(&kMesh24, &model, GSPMD_HLO_DEFAULT),
            "{devices=[4,1,2]<=[2,4]T(1,0) last_tile_dim_replicate}");
  GspmdSharding ba = dim2(1, 0);
  CHECK_STR(toHlo(&kMesh84, &ba, GSPMD_HLO_DEFAULT),
            "{devices=[4,8]<=[8,4]T(1,0)}");

  /* Explicit lists: tile (i, 0, r) of [["model"], []] is device r*4 + i. */
  CHECK_STR(toHlo(&kMesh24, &data, GSPMD_HLO_EXPLICIT_LIST),
            "{devices=[2,1,4]0,1,2,3,4,5,6,7 last_tile_dim_replicate}");
  CHECK_STR(toHlo(&kMesh24, &model, GSPMD_HLO_EXPLICIT_LIST),
            "{devices=[4,1,2]0,4,1,5,2,6,3,7 last_tile_dim_replicate}");
  CHECK_STR(toHlo(&kMesh24, &repl, GSPMD_HLO_EXPLICIT_LIST), "{replicated}");
}

/* XLA's iota canonicalisation: merge runs, drop size-1 dims. */
static void testHloCanonicalIota(void) {
  /* [["y","z"],["x"]] on x=2,y=2,z=3: perm (1,2,0) merges y,z into 6. */
  const GspmdMesh xyz = {3, {"x", "y", "z"}, {2, 2, 3}, NULL};
  const int lists[2][3] = {{1, 2, -1}, {0, -1, -1}};
  GspmdSharding yz_x = sharding(2, lists);
  CHECK_STR(toHlo(&xyz, &yz_x, GSPMD_HLO_DEFAULT),
            "{devices=[6,2]<=[2,6]T(1,0)}");
  CHECK_STR(toHlo(&xyz, &yz_x, GSPMD_HLO_EXPLICIT_LIST),
            "{devices=[6,2]0,6,1,7,2,8,3,9,4,10,5,11}");

  /* The examples in XLA's CanonicalizeIotaDims comment. */
  const GspmdMesh m345 = {3, {"x", "y", "z"}, {3, 4, 5}, NULL};
  const int z_xy[2][3] = {{2, -1, -1}, {0, 1, -1}};
  GspmdSharding s_z_xy = sharding(2, z_xy);
  CHECK_STR(toHlo(&m345, &s_z_xy, GSPMD_HLO_DEFAULT),
            "{devices=[5,12]<=[12,5]T(1,0)}"); /* [3,4,5]T(2,0,1) */
  const int y_z_x[3][3] = {{1, -1, -1}, {2, -1, -1}, {0, -1, -1}};
  GspmdSharding s_y_z_x = sharding(3, y_z_x);
  CHECK_STR(toHlo(&m345, &s_y_z_x, GSPMD_HLO_DEFAULT),
            "{devices=[4,5,3]<=[3,20]T(1,0)}"); /* [3,4,5]T(1,2,0) */
  const int z_y_x[3][3] = {{2, -1, -1}, {1, -1, -1}, {0, -1, -1}};
  GspmdSharding s_z_y_x = sharding(3, z_y_x);
  CHECK_STR(toHlo(&m345, &s_z_y_x, GSPMD_HLO_DEFAULT),
            "{devices=[5,4,3]<=[3,4,5]T(2,1,0)}");
  /* [1,3,1,4,1,5]T(4,3,2,5,1,0) => [3,20]T(1,0). */
  const GspmdMesh six = {
      6, {"p", "q", "r", "s", "t", "u"}, {1, 3, 1, 4, 1, 5}, NULL};
  const int each[6][3] = {{4, -1, -1}, {3, -1, -1}, {2, -1, -1},
                          {5, -1, -1}, {1, -1, -1}, {0, -1, -1}};
  GspmdSharding s_six = sharding(6, each);
  CHECK_STR(toHlo(&six, &s_six, GSPMD_HLO_DEFAULT),
            "{devices=[1,4,1,5,3,1]<=[3,20]T(1,0)}");

  /* An unused size-1 axis disappears, and adds no replication dim. */
  const GspmdMesh unit = {3, {"a", "u", "b"}, {2, 1, 2}, NULL};
  GspmdSharding b_a = dim2(2, 0);
  CHECK_STR(toHlo(&unit, &b_a, GSPMD_HLO_DEFAULT),
            "{devices=[2,2]<=[2,2]T(1,0)}");
  CHECK_INT(gspmdShardingKind(&unit, &b_a), GSPMD_TILED);
}

static void testHloExportDeviceList(void) {
  /* Ring [0,2,1,3] tiled [x, y] is the list 0,2,1,3: an iota transpose. */
  GspmdSharding xy = dim2(0, 1);
  CHECK_STR(toHlo(&kRing, &xy, GSPMD_HLO_DEFAULT),
            "{devices=[2,2]<=[2,2]T(1,0)}");
  CHECK_STR(toHlo(&kRing, &xy, GSPMD_HLO_EXPLICIT_LIST),
            "{devices=[2,2]0,2,1,3}");
  const int64_t odd[4] = {0, 2, 3, 1};
  const GspmdMesh skew = {1, {"x"}, {4}, odd};
  GspmdSharding x = dim1(0, -1);
  CHECK_STR(toHlo(&skew, &x, GSPMD_HLO_DEFAULT), "{devices=[4]0,2,3,1}");
  /* An identity device list prints like no list at all. */
  const int64_t identity[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  const GspmdMesh listed = {2, {"data", "model"}, {2, 4}, identity};
  GspmdSharding data = dim2(0, -1), model = dim2(1, -1);
  CHECK_STR(toHlo(&listed, &data, GSPMD_HLO_DEFAULT),
            "{devices=[2,1,4]<=[8] last_tile_dim_replicate}");
  CHECK_STR(toHlo(&listed, &model, GSPMD_HLO_DEFAULT),
            "{devices=[4,1,2]<=[2,4]T(1,0) last_tile_dim_replicate}");
}

static void testHloBuffer(void) {
  char small[5] = "xxxx";
  GspmdSharding repl = gspmdShardingReplicated(1);
  CHECK_INT((int64_t)gspmdShardingToHlo(&kMesh24, &repl, 0, small, 5), 12);
  CHECK_STR(small, "{rep");
  CHECK_INT((int64_t)gspmdShardingToHlo(&kMesh24, &repl, 0, NULL, 0), 12);
  GspmdSharding data = dim2(0, -1);
  CHECK_INT((int64_t)gspmdShardingToHlo(&kMesh24, &data, 0, NULL, 0),
            (int64_t)strlen("{devices=[2,1,4]<=[8] last_tile_dim_replicate}"));
  char buf[64] = "junk";
  GspmdSharding reuse = dim2(0, 0);
  CHECK_INT((int64_t)gspmdShardingToHlo(&kMesh24, &reuse, 0, buf, 64), 0);
  CHECK_STR(buf, "");
}

/*===-- HloSharding import ------------------------------------------------===*/

/* Imports without a hint and prints the result back. */
static const char *roundTrip(const char *text, int rank, int flags) {
  static char buf[256];
  GspmdOwnedMesh m;
  GspmdSharding s;
  bool used = true;
  char err[256] = "";
  if (!gspmdShardingFromHlo(text, rank, NULL, &s, &m, &used, err, sizeof(err)))
    return "<import failed>";
  gspmdShardingToHlo(&m.mesh, &s, flags, buf, sizeof(buf));
  gspmdOwnedMeshDestroy(&m);
  return used ? "<used a hint>" : buf;
}

static void testHloRoundTrips(void) {
  const char *canonical[] = {
      "{replicated}",
      "{devices=[2,1,4]<=[8] last_tile_dim_replicate}",
      "{devices=[4,8]<=[8,4]T(1,0)}",
      "{devices=[2,4]<=[4,2]T(1,0)}",
      "{devices=[2,8]<=[4,4]T(1,0)}", /* a reshape dim split by a tile dim */
      "{devices=[3,4]<=[6,2]T(1,0)}", /* no axis order fits: device list */
      "{devices=[4,1,2]<=[2,4]T(1,0) last_tile_dim_replicate}",
  };
  for (size_t i = 0; i < sizeof(canonical) / sizeof(canonical[0]); ++i)
    CHECK_STR(roundTrip(canonical[i], 2, GSPMD_HLO_DEFAULT), canonical[i]);
  CHECK_STR(roundTrip("{devices=[2,1]0,1}", 2, GSPMD_HLO_EXPLICIT_LIST),
            "{devices=[2,1]0,1}");
  CHECK_STR(roundTrip("{devices=[2,1]0,1}", 2, GSPMD_HLO_DEFAULT),
            "{devices=[2,1]<=[2]}");
  CHECK_STR(roundTrip("{devices=[2,2]0,2,1,3}", 2, GSPMD_HLO_DEFAULT),
            "{devices=[2,2]<=[2,2]T(1,0)}");
  CHECK_STR(roundTrip("{devices=[2,2]0,2,1,3}", 2, GSPMD_HLO_EXPLICIT_LIST),
            "{devices=[2,2]0,2,1,3}");
  CHECK_STR(
      roundTrip("{devices=[2,2]<=[2,2]T(1,0)}", 2, GSPMD_HLO_EXPLICIT_LIST),
      "{devices=[2,2]0,2,1,3}");
  CHECK_STR(roundTrip("{devices=[4]0,2,3,1}", 1, GSPMD_HLO_DEFAULT),
            "{devices=[4]0,2,3,1}");
  /* Agrees with <=[2,4]T(1,0) at 0,4,1,_,2,_,3,_ but is no iota. */
  CHECK_STR(roundTrip("{devices=[8]0,4,1,6,2,5,3,7}", 1, GSPMD_HLO_DEFAULT),
            "{devices=[8]0,4,1,6,2,5,3,7}");
  CHECK_STR(roundTrip("{devices=[8]0,4,1,5,2,6,3,7}", 1, GSPMD_HLO_DEFAULT),
            "{devices=[8]<=[2,4]T(1,0)}");
  CHECK_STR(roundTrip("{devices=[6]0,1,2,3,5,4}", 1, GSPMD_HLO_DEFAULT),
            "{devices=[6]0,1,2,3,5,4}");
  /* Non-canonical and degenerate inputs come back canonical. */
  CHECK_STR(roundTrip("{devices=[2,4]<=[2,4]}", 2, GSPMD_HLO_DEFAULT),
            "{devices=[2,4]<=[8]}");
  CHECK_STR(roundTrip("{devices=[4,2]<=[1,8]T(1,0)}", 2, GSPMD_HLO_DEFAULT),
            "{devices=[4,2]<=[8]}");
  CHECK_STR(roundTrip("{devices=[1,1]0}", 2, GSPMD_HLO_DEFAULT),
            "{replicated}");
  CHECK_STR(roundTrip("{devices=[1,2]0,1 last_tile_dim_replicate}", 1,
                      GSPMD_HLO_DEFAULT),
            "{replicated}");
  CHECK_STR(roundTrip("{devices=[1,4,1,5,3,1]<=[1,3,1,4,1,5]T(4,3,2,5,1,0)}", 6,
                      GSPMD_HLO_DEFAULT),
            "{devices=[1,4,1,5,3,1]<=[3,20]T(1,0)}");
  CHECK_STR(roundTrip(" { devices=[2]<=[2] } ", 1, GSPMD_HLO_DEFAULT),
            "{devices=[2]<=[2]}");
}

static void checkOwnedAxis(const GspmdOwnedMesh *m, int a, const char *name,
                           int64_t size, int line) {
  checkStr(m->mesh.axis_names[a], name, __FILE__, line, "axis name");
  checkInt(m->mesh.axis_sizes[a], size, __FILE__, line, "axis size");
}

/* The meshes import builds: axes, sizes, device lists, dim lists. */
static void testHloImportMeshes(void) {
  GspmdOwnedMesh m;
  GspmdSharding s;
  bool used = true;
  char err[256] = "";
  CHECK(gspmdShardingFromHlo("{replicated}", 2, NULL, &s, &m, &used, err,
                             sizeof(err)));
  CHECK_INT(m.mesh.num_axes, 0);
  CHECK(!used);
  CHECK(gspmdShardingEqual(&s, &(GspmdSharding){.rank = 2}));

  CHECK(gspmdShardingFromHlo("{devices=[2,1,4]<=[8] last_tile_dim_replicate}",
                             2, NULL, &s, &m, &used, err, sizeof(err)));
  CHECK_INT(m.mesh.num_axes, 2);
  checkOwnedAxis(&m, 0, "a0", 2, __LINE__);
  checkOwnedAxis(&m, 1, "a1", 4, __LINE__);
  CHECK(m.mesh.devices == NULL);
  CHECK(gspmdShardingEqual(&s, &(GspmdSharding){2, {1, 0}, {{0}}}));
  CHECK(gspmdMeshVerify(&m.mesh, err, sizeof(err)));
  gspmdOwnedMeshDestroy(&m);

  /* [4,8]<=[8,4]T(1,0): axes a0=8, a1=4; dim 0 is a1, dim 1 is a0. */
  CHECK(gspmdShardingFromHlo("{devices=[4,8]<=[8,4]T(1,0)}", 2, NULL, &s, &m,
                             &used, err, sizeof(err)));
  CHECK_INT(m.mesh.num_axes, 2);
  checkOwnedAxis(&m, 0, "a0", 8, __LINE__);
  checkOwnedAxis(&m, 1, "a1", 4, __LINE__);
  CHECK(gspmdShardingEqual(&s, &(GspmdSharding){2, {1, 1}, {{1}, {0}}}));
  gspmdOwnedMeshDestroy(&m);

  /* [2,8]<=[4,4]T(1,0): reshape dim 1 (4) is cut 2|2 by tile dim 0. */
  CHECK(gspmdShardingFromHlo("{devices=[2,8]<=[4,4]T(1,0)}", 2, NULL, &s, &m,
                             &used, err, sizeof(err)));
  CHECK_INT(m.mesh.num_axes, 3);
  checkOwnedAxis(&m, 0, "a0", 4, __LINE__);
  checkOwnedAxis(&m, 1, "a1", 2, __LINE__);
  checkOwnedAxis(&m, 2, "a2", 2, __LINE__);
  CHECK(gspmdShardingEqual(&s, &(GspmdSharding){2, {1, 2}, {{1}, {2, 0}}}));
  gspmdOwnedMeshDestroy(&m);

  /* [2,1]0,1: a single axis a0 = 2 on dim 0, no device list. */
  CHECK(gspmdShardingFromHlo("{devices=[2,1]0,1}", 2, NULL, &s, &m, &used, err,
                             sizeof(err)));
  CHECK_INT(m.mesh.num_axes, 1);
  checkOwnedAxis(&m, 0, "a0", 2, __LINE__);
  CHECK(m.mesh.devices == NULL);
  CHECK(gspmdShardingEqual(&s, &(GspmdSharding){2, {1, 0}, {{0}}}));
  gspmdOwnedMeshDestroy(&m);

  /* A list that is no iota keeps one axis per tile dim and the list. */
  CHECK(gspmdShardingFromHlo("{devices=[4]0,2,3,1}", 1, NULL, &s, &m, &used,
                             err, sizeof(err)));
  CHECK_INT(m.mesh.num_axes, 1);
  checkOwnedAxis(&m, 0, "a0", 4, __LINE__);
  CHECK(m.mesh.devices != NULL && m.mesh.devices == m.device_storage);
  CHECK(m.mesh.devices && m.mesh.devices[1] == 2 && m.mesh.devices[3] == 1);
  CHECK(gspmdShardingEqual(&s, &(GspmdSharding){1, {1}, {{0}}}));
  CHECK(gspmdMeshVerify(&m.mesh, err, sizeof(err)));
  gspmdOwnedMeshDestroy(&m);
  CHECK(m.device_storage == NULL && m.mesh.devices == NULL);

  /* Reversed replication groups: not an iota, so a list mesh. */
  CHECK(gspmdShardingFromHlo(
      "{devices=[2,1,4]3,2,1,0,7,6,5,4 last_tile_dim_replicate}", 2, NULL, &s,
      &m, &used, err, sizeof(err)));
  CHECK_INT(m.mesh.num_axes, 2);
  checkOwnedAxis(&m, 1, "a1", 4, __LINE__);
  CHECK(m.mesh.devices && m.mesh.devices[0] == 3 && m.mesh.devices[7] == 4);
  CHECK_STR(toHlo(&m.mesh, &s, GSPMD_HLO_DEFAULT),
            "{devices=[2,1,4]3,2,1,0,7,6,5,4 last_tile_dim_replicate}");
  gspmdOwnedMeshDestroy(&m);
}

static void testHloImportHint(void) {
  GspmdOwnedMesh m;
  GspmdSharding s;
  bool used = false;
  char err[256] = "";
  CHECK(gspmdShardingFromHlo("{replicated}", 2, &kMesh24, &s, &m, &used, err,
                             sizeof(err)));
  CHECK(used);
  CHECK(gspmdShardingEqual(&s, &(GspmdSharding){.rank = 2}));

  used = false;
  CHECK(gspmdShardingFromHlo("{devices=[2,1,4]<=[8] last_tile_dim_replicate}",
                             2, &kMesh24, &s, &m, &used, err, sizeof(err)));
  CHECK(used);
  CHECK(gspmdShardingEqual(&s, &(GspmdSharding){2, {1, 0}, {{0}}}));
  CHECK_INT(m.mesh.num_axes, 0);

  used = false;
  CHECK(gspmdShardingFromHlo("{devices=[4,8]<=[8,4]T(1,0)}", 2, &kMesh84, &s,
                             &m, &used, err, sizeof(err)));
  CHECK(used);
  CHECK(gspmdShardingEqual(&s, &(GspmdSharding){2, {1, 1}, {{1}, {0}}}));

  /* [4,2]<=[2,4]T(1,0) on data=2, model=4 is [["model"], ["data"]]. */
  used = false;
  CHECK(gspmdShardingFromHlo("{devices=[4,2]<=[2,4]T(1,0)}", 2, &kMesh24, &s,
                             &m, &used, err, sizeof(err)));
  CHECK(used);
  CHECK(gspmdShardingEqual(&s, &(GspmdSharding){2, {1, 1}, {{1}, {0}}}));

  /* On a=2, b=2 the first candidate [a],[b] is wrong: only [b],[a] fits. */
  used = false;
  CHECK(gspmdShardingFromHlo("{devices=[2,2]<=[2,2]T(1,0)}", 2, &kAB, &s, &m,
                             &used, err, sizeof(err)));
  CHECK(used);
  CHECK(gspmdShardingEqual(&s, &(GspmdSharding){2, {1, 1}, {{1}, {0}}}));

  /* Size-1 hint axes are never listed. */
  const GspmdMesh unit = {2, {"u", "data"}, {1, 2}, NULL};
  used = false;
  CHECK(gspmdShardingFromHlo("{devices=[2]<=[2]}", 1, &unit, &s, &m, &used, err,
                             sizeof(err)));
  CHECK(used);
  CHECK(gspmdShardingEqual(&s, &(GspmdSharding){1, {1}, {{1}}}));

  /* Replication groups in another order still fit. */
  used = false;
  CHECK(gspmdShardingFromHlo(
      "{devices=[2,1,4]3,2,1,0,7,6,5,4 last_tile_dim_replicate}", 2, &kMesh24,
      &s, &m, &used, err, sizeof(err)));
  CHECK(used);
  CHECK(gspmdShardingEqual(&s, &(GspmdSharding){2, {1, 0}, {{0}}}));

  /* The ring's device order fits its own list. */
  used = false;
  CHECK(gspmdShardingFromHlo("{devices=[2,2]0,2,1,3}", 2, &kRing, &s, &m, &used,
                             err, sizeof(err)));
  CHECK(used);
  CHECK(gspmdShardingEqual(&s, &(GspmdSharding){2, {1, 1}, {{0}, {1}}}));

  /* 32 devices do not fit an 8-device hint: a mesh is built instead. */
  used = true;
  CHECK(gspmdShardingFromHlo("{devices=[4,8]<=[8,4]T(1,0)}", 2, &kMesh24, &s,
                             &m, &used, err, sizeof(err)));
  CHECK(!used);
  CHECK_INT(gspmdMeshNumDevices(&m.mesh), 32);
  gspmdOwnedMeshDestroy(&m);

  /* 0,2,4,6,1,3,5,7 is neither [data,model] nor [model,data] order. */
  used = true;
  CHECK(gspmdShardingFromHlo("{devices=[8]0,2,4,6,1,3,5,7}", 1, &kMesh24, &s,
                             &m, &used, err, sizeof(err)));
  CHECK(!used);
  CHECK_INT(m.mesh.num_axes, 2);
  checkOwnedAxis(&m, 0, "a0", 4, __LINE__);
  checkOwnedAxis(&m, 1, "a1", 2, __LINE__);
  CHECK(gspmdShardingEqual(&s, &(GspmdSharding){1, {2}, {{1, 0}}}));
  CHECK_STR(toHlo(&m.mesh, &s, GSPMD_HLO_DEFAULT),
            "{devices=[8]<=[4,2]T(1,0)}");
  gspmdOwnedMeshDestroy(&m);

  /* Without a mesh to build into, a misfit is an error. */
  CHECK(!gspmdShardingFromHlo("{devices=[8]0,2,4,6,1,3,5,7}", 1, &kMesh24, &s,
                              NULL, &used, err, sizeof(err)));
  CHECK_STR(err, "HloSharding cannot be expressed on the hint mesh");
}

/* Each rejected input and a fragment of its diagnostic. */
static void testHloImportErrors(void) {
  static const struct {
    const char *text;
    int rank;
    const char *message;
  } cases[] = {
      {"{devices=[2,1]0,1", 2, "expected '}' at offset 17"},
      {"devices=[2,1]0,1}", 2, "expected '{' at offset 0"},
      {"{devices=[2,1]0,1} x", 2, "expected the end of the text at offset 19"},
      {"{devices=[2,a]0,1}", 2, "expected an integer at offset 12"},
      {"{devices=[2,1]}", 2, "expected an integer at offset 14"},
      {"{replicated", 2, "expected '}'"},
      {"{tiled}", 2, "expected 'devices='"},
      {"{devices=[2,1]0,1}", 1, "has 2 tile dims; a rank-1 tensor needs 1"},
      {"{devices=[2,1,2]0,1,2,3 last_tile_dim_replicate}", 1,
       "has 3 tile dims; a rank-1 tensor needs 2 (with "
       "last_tile_dim_replicate)"},
      {"{devices=[2,2]0,1,2}", 2, "lists 3 devices; the tile dims need 4"},
      {"{devices=[2,2]0,1,1,3}", 2,
       "not a permutation of 0..3: mesh devices are not a permutation: "
       "device 1 appears twice"},
      {"{devices=[2,2]0,1,2,4}", 2, "device id 4 at position 3 is out of"},
      {"{devices=[0,1]<=[1]}", 2, "tile dim 0 is 0"},
      {"{devices=[2,2]<=[8]}", 2, "do not hold the 4 devices"},
      {"{devices=[2,2]<=[2,2]T(0,0)}", 2, "T(...) is not a permutation"},
      {"{devices=[2,2]<=[2,2]T(2,0)}", 2, "T(...) is not a permutation"},
      {"{devices=[2,2]<=[2,2]T(1)}", 2, "has 1 entries for 2 reshape dims"},
      {"{maximal device=0}", 2, "{maximal ...} shardings cannot be"},
      {"{manual}", 2, "{manual} shardings cannot be"},
      {"{devices=[2,2]0,1,2,3 last_tile_dims={manual}}", 1,
       "last_tile_dims={...} (subgroup) shardings"},
      {"{{replicated}, {devices=[2]0,1}}", 1, "tuple shardings cannot be"},
  };
  for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i) {
    GspmdOwnedMesh m;
    GspmdSharding s = gspmdShardingReplicated(0);
    bool used = true;
    char err[512] = "";
    bool ok = gspmdShardingFromHlo(cases[i].text, cases[i].rank, NULL, &s, &m,
                                   &used, err, sizeof(err));
    checkTrue(!ok, __FILE__, __LINE__, cases[i].text);
    checkContains(err, cases[i].message, __FILE__, __LINE__, cases[i].text);
    checkTrue(!used && s.rank == 0 && m.mesh.num_axes == 0 &&
                  m.device_storage == NULL,
              __FILE__, __LINE__, "outputs untouched on error");
  }
}

/* Every device's window lies in its extended shard at the planned place,
 * and the halos are the smallest that do: checked device by device against
 * the formula, which only looks at the first and last device. */
static bool haloCovers(int64_t in_size, int64_t out_size, int64_t count,
                       int64_t stride, int64_t lo, int64_t hi,
                       const GspmdHalo *h) {
  int64_t need_low = 0, need_high = 0;
  for (int64_t i = 0; i < count; ++i) {
    int64_t start = stride * h->out_shard * i + lo;
    int64_t first = h->in_shard * i - h->low; /* extended shard's start */
    int64_t at = h->offset + i * h->offset_step;
    if (at != start - first || at < 0 ||
        at + h->width > h->in_shard + h->low + h->high)
      return false;
    for (int64_t o = h->out_shard * i; o < h->out_shard * (i + 1); ++o)
      for (int64_t r = lo; r <= hi; ++r)
        if (stride * o + r - start < 0 || stride * o + r - start >= h->width)
          return false;
    if (h->in_shard * i - start > need_low)
      need_low = h->in_shard * i - start;
    if (start + h->width - h->in_shard * (i + 1) > need_high)
      need_high = start + h->width - h->in_shard * (i + 1);
  }
  (void)in_size;
  (void)out_size;
  return h->low == need_low && h->high == need_high;
}

static void testHaloOfWindow(void) {
  /* 7x7 stride-2 conv, 37 rows -> 16 over 4: windows of 13 rows from 8i,
   * shards of 10 from 10i: 6 rows before (last device), 3 after (first). */
  GspmdHalo h;
  CHECK(gspmdHaloOfWindow(37, 16, 4, 2, 0, 6, &h));
  CHECK_INT(h.width, 13);
  CHECK_INT(h.low, 6);
  CHECK_INT(h.high, 3);
  CHECK_INT(h.offset, 6);
  CHECK_INT(h.offset_step, -2);
  /* tensor.pad low 1 high 1 of 8 rows over 2: windows [5i - 1, 5i + 4). */
  CHECK(gspmdHaloOfWindow(8, 10, 2, 1, -1, -1, &h));
  CHECK_INT(h.low, 1);
  CHECK_INT(h.high, 1);
  CHECK_INT(h.offset, 0);
  CHECK_INT(h.offset_step, 1);
  /* A window wider than the dim: gathering moves less. */
  CHECK(!gspmdHaloOfWindow(8, 8, 8, 1, 0, 9, &h));
  CHECK(!gspmdHaloOfWindow(8, 8, 2, 0, 0, 0, &h));
  int bad = 0, cases = 0;
  for (int64_t count = 1; count <= 8; ++count)
    for (int64_t in_size = 1; in_size <= 24; ++in_size)
      for (int64_t out_size = 1; out_size <= in_size; ++out_size)
        for (int64_t stride = 1; stride <= 3; ++stride)
          for (int64_t lo = -2; lo <= 2; ++lo)
            for (int64_t hi = lo; hi <= lo + 4; ++hi) {
              if (!gspmdHaloOfWindow(in_size, out_size, count, stride, lo, hi,
                                     &h))
                continue;
              ++cases;
              bad += !haloCovers(in_size, out_size, count, stride, lo, hi, &h);
            }
  CHECK(cases > 10000);
  CHECK_INT(bad, 0);
}

/* Device i's window assembled from pieces as gspmd-partition builds it
 * (Halos.c, exchangePieces): every row where it should be, and every piece
 * as narrow as the receivers allow. */
static bool piecesFeed(int64_t count, const GspmdWindowPieces *p) {
  int64_t s = p->in_shard, buffer[4096];
  for (int k = 0; k < p->num_shifts; ++k) {
    int64_t t = p->top_shift - k, most = 0;
    for (int64_t i = 0; i < count; ++i) {
      int64_t a = p->start_step * i + p->start, e = i - t;
      int64_t lo = a > e * s ? a : e * s;
      int64_t hi = a + p->width < (e + 1) * s ? a + p->width : (e + 1) * s;
      if (e >= 0 && e < count && hi - lo > most)
        most = hi - lo;
    }
    if (p->rows[k] != most)
      return false;
  }
  for (int64_t i = 0; i < count; ++i) {
    int64_t n = 0, a = p->start_step * i + p->start;
    int64_t top = i - a / s, q = a - (a / s) * s, at = -1;
    for (int k = 0; k < p->num_shifts; ++k) {
      int64_t t = p->top_shift - k, w = p->rows[k], e = i - t;
      if (w == 0)
        continue;
      if (t == top)
        at = n + (q - s + w > 0 ? q - s + w : 0);
      int64_t cut = (p->start_step - s) * e + p->start_step * t + p->start;
      cut = cut < 0 ? 0 : cut > s - w ? s - w : cut;
      for (int64_t j = 0; j < w && n < 4096; ++j)
        buffer[n++] = e >= 0 && e < count ? e * s + cut + j : -1;
    }
    if (at < 0 || at + p->width > n)
      return false;
    for (int64_t j = 0; j < p->width; ++j)
      if (buffer[at + j] != a + j)
        return false;
  }
  return true;
}

static void testWindowPieces(void) {
  /* GPT-2's fused QKV, 192 columns over 8 (24 a device), k = columns
   * [64, 128) split 8 (8 a device): a halo of 48 + 48 rows, or pieces of 8
   * at shifts 2, 1, -1, -2. */
  GspmdHalo h;
  GspmdWindowPieces p;
  CHECK(gspmdHaloOfWindow(192, 64, 8, 1, 64, 64, &h));
  CHECK_INT(h.low + h.high, 96);
  CHECK(gspmdWindowPiecesOf(&h, 192, 8, 1, 64, &p));
  CHECK_INT(p.top_shift, 2);
  CHECK_INT(p.num_shifts, 5);
  CHECK_INT(p.sent, 32);
  CHECK(piecesFeed(8, &p));
  /* The same split on both sides: the halo is exact, pieces save nothing. */
  CHECK(gspmdHaloOfWindow(16, 12, 4, 1, 2, 2, &h));
  CHECK(!gspmdWindowPiecesOf(&h, 16, 4, 1, 2, &p));
  int bad = 0, cases = 0;
  for (int64_t count = 1; count <= 8; ++count)
    for (int64_t in_size = 1; in_size <= 40; ++in_size)
      for (int64_t out_size = 1; out_size <= in_size; ++out_size)
        for (int64_t stride = 1; stride <= 3; ++stride)
          for (int64_t lo = 0; lo <= 6; ++lo)
            for (int64_t hi = lo; hi <= lo + 2; ++hi) {
              if (!gspmdHaloOfWindow(in_size, out_size, count, stride, lo, hi,
                                     &h) ||
                  !gspmdWindowPiecesOf(&h, in_size, count, stride, lo, &p))
                continue;
              ++cases;
              bad += !piecesFeed(count, &p);
            }
  CHECK(cases > 1000);
  CHECK_INT(bad, 0);
}

/* Brute force: does every device's set of flat indices under the factor
 * split equal its flat ceil block? */
static bool composeByEnumeration(int n, const int64_t *sizes,
                                 const int64_t *counts) {
  int64_t dim = 1, all = 1;
  for (int k = 0; k < n; ++k) {
    dim *= sizes[k];
    all *= counts[k];
  }
  int64_t block = (dim + all - 1) / all;
  for (int64_t flat = 0; flat < dim; ++flat) {
    /* shard index of flat under the factor view, major to minor */
    int64_t rest = flat, idx[4], shard = 0;
    for (int k = n - 1; k >= 0; --k) {
      idx[k] = rest % sizes[k];
      rest /= sizes[k];
    }
    for (int k = 0; k < n; ++k) {
      int64_t s = (sizes[k] + counts[k] - 1) / counts[k];
      shard = shard * counts[k] + idx[k] / s;
    }
    if (flat / block != shard)
      return false;
  }
  /* same local size too (padding) */
  int64_t local = 1;
  for (int k = 0; k < n; ++k)
    local *= (sizes[k] + counts[k] - 1) / counts[k];
  return local == block;
}

static void testFactorsComposeDim(void) {
  /* a fuzz finding: 12 = 4x3 over 4x2 shards */
  CHECK(!gspmdFactorsComposeDim(2, (int64_t[]){4, 3}, (int64_t[]){4, 2}));
  /* 12 = 2x6 with the 6 split in two: local sizes agree, pieces do not */
  CHECK(!gspmdFactorsComposeDim(2, (int64_t[]){2, 6}, (int64_t[]){1, 2}));
  CHECK(gspmdFactorsComposeDim(2, (int64_t[]){2, 6}, (int64_t[]){2, 1}));
  CHECK(gspmdFactorsComposeDim(2, (int64_t[]){4, 6}, (int64_t[]){4, 2}));
  CHECK(gspmdFactorsComposeDim(2, (int64_t[]){1, 7}, (int64_t[]){1, 4}));
  /* every size <= 6 and count <= 4 of two and three factors against the
   * enumeration */
  int agree = 0, total = 0;
  for (int64_t a = 1; a <= 6; ++a)
    for (int64_t b = 1; b <= 6; ++b)
      for (int64_t c = 1; c <= 3; ++c)
        for (int64_t na = 1; na <= 4; ++na)
          for (int64_t nb = 1; nb <= 4; ++nb)
            for (int64_t nc = 1; nc <= 2; ++nc) {
              int64_t sizes[3] = {a, b, c}, counts[3] = {na, nb, nc};
              ++total;
              agree += gspmdFactorsComposeDim(3, sizes, counts) ==
                       composeByEnumeration(3, sizes, counts);
            }
  CHECK_INT(agree, total);
}

int main(void) {
  testMeshBasics();
  testMeshVerify();
  testPermutedMesh();
  testDeviceGroups();
  testUnevenLayout();
  testMultiAxisLayout();
  testMeshSplit();
  testKindsAndChecks();
  testMerge();
  testMoreSpecific();
  testHloExport();
  testHloCanonicalIota();
  testHloExportDeviceList();
  testHloBuffer();
  testHloRoundTrips();
  testHloImportMeshes();
  testHloImportHint();
  testHloImportErrors();
  testHaloOfWindow();
  testWindowPieces();
  testFactorsComposeDim();
  printf("sharding_test: %d checks, %d failed\n", num_checks, num_failed);
  return num_failed ? 1 : 0;
}
