/*
 * collective.c - the SPMD form's gspmd collectives (all_reduce,
 * reduce_scatter, all_gather, all_to_all, collective_permute) and its
 * partition queries (axis_index, partition_id).
 *
 * A collective over mesh axes runs within device groups: one replica group
 * per combination of the other axes' coordinates, written as
 * `replica_groups` of global device ids (use_global_device_ids) and one
 * channel per collective. Assumes every partition is a device of the
 * collective's mesh (meshes of other sizes have no mapping). In the global
 * form these ops are exported only inside manual regions (manual.c), where
 * they mean the same.
 */
#include "internal.h"

#include "gspmd-c/Dialect.h"

#include <string.h>

/* The device groups of a collective: the mesh and axes it runs over and
 * `table`, groups x size device ids (row g: the devices of group g in
 * their order along the axes). */
typedef struct Groups {
  const GspmdMesh *mesh;
  int axes[GSPMD_MAX_MESH_AXES];
  int num_axes;
  int64_t groups, size;
  int64_t *table;
} Groups;

/* An SPMD op is exported in the SPMD form and in manual regions only. */
static bool spmdOpAllowed(Ex *e, MlirOperation op) {
  if (e->form == EX_FORM_GLOBAL && e->manual_mesh < 0)
    return exError(e, op,
                   "stablehlo export: SPMD op in the global form "
                   "(export it with form=spmd)") >= 0 &&
           false;
  return true;
}

/* The mesh op's `mesh` names and the axes its `axes` lists. */
static bool readMeshAxes(Ex *e, MlirOperation op, int *mesh_index,
                         const GspmdMesh **mesh, int *axes, int *n) {
  int m = exMeshIndex(e, exAttr(op, "mesh"));
  if (m < 0)
    return exError(e, op, "stablehlo export: unknown mesh") >= 0 && false;
  *mesh_index = m;
  *mesh = &GSPMD_VEC_AT(&e->meshes, GspmdModuleMesh, m).mesh;
  *n = gspmdReadMeshAxes(exAttr(op, "axes"), *mesh, axes);
  if (*n < 0)
    return exError(e, op, "stablehlo export: unknown axes") >= 0 && false;
  return true;
}

static int64_t *groupTable(Ex *e, const GspmdMesh *mesh, const int *axes, int n,
                           int64_t *groups, int64_t *size) {
  *size = gspmdMeshAxesSize(mesh, axes, n);
  int64_t nd = gspmdMeshNumDevices(mesh);
  *groups = nd / *size;
  int64_t *t = gspmdArenaAlloc(&e->arena, sizeof(int64_t) * (size_t)nd);
  for (int64_t d = 0; d < nd; ++d) {
    int64_t g, r;
    gspmdMeshDeviceGroup(mesh, d, axes, n, &g, &r);
    t[g * *size + r] = d;
  }
  return t;
}

/* The groups of collective op; false after an error. */
static bool readGroups(Ex *e, MlirOperation op, Groups *g) {
  int m;
  if (!spmdOpAllowed(e, op) ||
      !readMeshAxes(e, op, &m, &g->mesh, g->axes, &g->num_axes))
    return false;
  if (gspmdMeshNumDevices(g->mesh) != e->num_devices)
    return exError(e, op,
                   "stablehlo export: collective on a mesh of %lld "
                   "devices in a program of %lld partitions (meshes of "
                   "different sizes have no mapping)",
                   (long long)gspmdMeshNumDevices(g->mesh),
                   (long long)e->num_devices) >= 0 &&
           false;
  g->table = groupTable(e, g->mesh, g->axes, g->num_axes, &g->groups, &g->size);
  return true;
}

/* `dense<[[..], ..]> : tensor<RxCxi64>` of v (rows x cols), arena memory. */
static char *denseI64(Ex *e, const int64_t *v, int64_t rows, int64_t cols) {
  size_t cap = (size_t)(rows * cols * 22 + rows * 4 + 64);
  char *s = gspmdArenaAlloc(&e->arena, cap);
  size_t k = (size_t)snprintf(s, cap, "dense<[");
  for (int64_t r = 0; r < rows; ++r) {
    k += (size_t)snprintf(s + k, cap - k, "%s[", r ? ", " : "");
    for (int64_t c = 0; c < cols; ++c)
      k += (size_t)snprintf(s + k, cap - k, "%s%lld", c ? ", " : "",
                            (long long)v[r * cols + c]);
    k += (size_t)snprintf(s + k, cap - k, "]");
  }
  snprintf(s + k, cap - k, "]> : tensor<%lldx%lldxi64>", (long long)rows,
           (long long)cols);
  return s;
}

/*===-- grouped collectives -----------------------------------------------===*/

/* What a grouped collective's attributes hold beside its groups: integer
 * attributes of the op copied before the groups (`lead`) and after them
 * (`tail`), as {gspmd name, StableHLO name}; split_count (the group size);
 * use_global_device_ids. */
typedef struct CollectiveAttrs {
  const char *hlo;
  const char *lead[2][2];
  bool split_count;
  bool global_ids;
  const char *tail[2];
} CollectiveAttrs;

static const CollectiveAttrs kCollectives[] = {
    {.hlo = "stablehlo.all_reduce", .global_ids = true},
    {.hlo = "stablehlo.reduce_scatter",
     .global_ids = true,
     .tail = {"scatter_dim", "scatter_dimension"}},
    {.hlo = "stablehlo.all_gather",
     .lead = {{"gather_dim", "all_gather_dim"}},
     .global_ids = true},
    {.hlo = "stablehlo.all_to_all",
     .lead = {{"split_dim", "split_dimension"},
              {"concat_dim", "concat_dimension"}},
     .split_count = true},
};

static const CollectiveAttrs *collectiveAttrs(const char *hlo) {
  for (size_t i = 0; i < sizeof(kCollectives) / sizeof(kCollectives[0]); ++i)
    if (!strcmp(kCollectives[i].hlo, hlo))
      return &kCollectives[i];
  return NULL;
}

/* Appends `, name = v : i64` (no comma first when k is 0), v the op's
 * integer attribute names[0], name = names[1]. */
static size_t appendIntAttr(MlirOperation op, const char *const *names,
                            char *buf, size_t cap, size_t k) {
  return k + (size_t)snprintf(
                 buf + k, cap - k, "%s%s = %lld : i64", k ? ", " : "", names[1],
                 (long long)mlirIntegerAttrGetValueInt(exAttr(op, names[0])));
}

/* The attribute dictionary body of collective `hlo` over groups g (takes a
 * channel). Arena memory. */
static char *collectiveAttrText(Ex *e, MlirOperation op, const char *hlo,
                                const Groups *g) {
  const CollectiveAttrs *ca = collectiveAttrs(hlo);
  char *groups_text = denseI64(e, g->table, g->groups, g->size);
  size_t cap = strlen(groups_text) + 256, k = 0;
  char *s = gspmdArenaAlloc(&e->arena, cap);
  for (int i = 0; i < 2 && ca->lead[i][0]; ++i)
    k = appendIntAttr(op, ca->lead[i], s, cap, k);
  if (ca->split_count)
    k += (size_t)snprintf(s + k, cap - k, "%ssplit_count = %lld : i64",
                          k ? ", " : "", (long long)g->size);
  k += (size_t)snprintf(s + k, cap - k,
                        "%sreplica_groups = %s, channel_handle = "
                        "#stablehlo.channel_handle<handle = %d, type = 1>%s",
                        k ? ", " : "", groups_text, e->next_channel++,
                        ca->global_ids ? ", use_global_device_ids" : "");
  if (ca->tail[0])
    appendIntAttr(op, ca->tail, s, cap, k);
  return s;
}

/* all_gather and all_to_all: one op of x over the groups. */
bool exEmitCollective(Ex *e, MlirOperation op, const char *hlo) {
  Groups g;
  int x = exOperand(e, op, 0);
  ExType rt;
  if (x < 0 || !readGroups(e, op, &g) || !exResultType(e, op, 0, &rt))
    return false;
  char *attrs = collectiveAttrText(e, op, hlo, &g);
  return exBindResult(e, op, 0, exOp(e, hlo, attrs, 1, &x, &rt));
}

/*===-- reducing collectives ----------------------------------------------===*/

static GspmdCombiner combinerOfReduction(int64_t kind) {
  return gspmdReductionCombiner((GspmdReduction)kind);
}

/* Prints one all_reduce / reduce_scatter (`name`) of x with combiner c, a
 * reducer region being what the builders of emit.c do not print (one XLA:CPU
 * runs: add, multiply, maximum, minimum, and, or). */
static int reducingCollective(Ex *e, MlirOperation op, const char *name, int x,
                              GspmdCombiner c, const ExType *result) {
  Groups g;
  if (!readGroups(e, op, &g))
    return -1;
  ExType xt = *exTypeOf(e, x);
  ExType rt = exTypeWithElem(result, xt.elem);
  int id;
  char buf[32], tb[256], tb2[256];
  exResultsBegin(e, 1, &rt, &id);
  fprintf(e->out, "\"%s\"(%s) ", name, exName(e, x, buf, sizeof(buf)));
  exPrintReducerRegion(e, c, xt.elem);
  fprintf(e->out, " {%s} : (%s) -> %s\n", collectiveAttrText(e, op, name, &g),
          exTypeStr(&xt, tb, sizeof(tb)), exTypeStr(&rt, tb2, sizeof(tb2)));
  return id;
}

/* Where some input (flag_comb GSPMD_COMBINER_MAX) or every input
 * (GSPMD_COMBINER_MIN) of a reduction was NaN (`nan`: x != x), a NaN of v's
 * element type; v elsewhere. -1 if v or the flag's reduction failed. */
static int nanWhere(Ex *e, MlirOperation op, const char *name, int x, int nan,
                    int v, GspmdCombiner flag_comb, const ExType *rt) {
  ExType ft = exTypeWithElem(exTypeOf(e, x), "f32");
  int flag = reducingCollective(
      e, op, name,
      exSelect(e, nan, exSplat(e, &ft, "1.0"), exSplat(e, &ft, "0.0")),
      flag_comb, rt);
  if (v < 0 || flag < 0)
    return -1;
  ExType at = *exTypeOf(e, flag);
  int is_nan = exCompare(e, flag, exSplat(e, &at, "1.0"), "EQ");
  ExType vt = *exTypeOf(e, v);
  /* A NaN of the element type, converted from an f32 NaN. */
  return exSelect(e, is_nan,
                  exConvert(e, exSplat(e, &at, "0x7FC00000"), vt.elem), v);
}

/* all_reduce and reduce_scatter. i1 sum and product are logical or and and
 * (as in the MPI runtime). Combiners XLA's collectives lack are rewritten:
 * NaN-ignoring max/min (maxnum, minnum) reduce with NaNs replaced by the
 * identity, and a second reduction says where every input was NaN. */
bool exEmitReducingCollective(Ex *e, MlirOperation op, const char *name) {
  int x = exOperand(e, op, 0);
  ExType rt;
  if (x < 0 || !exResultType(e, op, 0, &rt))
    return false;
  GspmdCombiner c =
      combinerOfReduction(mlirIntegerAttrGetValueInt(exAttr(op, "reduction")));
  ExType xt = *exTypeOf(e, x);
  int r;
  if (!strcmp(xt.elem, "i1")) {
    /* The runtime's i1 sum is logical or, its product logical and; XLA:CPU
     * has no collective over pred, so 0/1 in i32 take max (or) / min (and). */
    GspmdCombiner m = c == GSPMD_COMBINER_ADD || c == GSPMD_COMBINER_MAX ||
                              c == GSPMD_COMBINER_OR
                          ? GSPMD_COMBINER_MAX
                          : GSPMD_COMBINER_MIN;
    int v = reducingCollective(e, op, name, exConvert(e, x, "i32"), m, &rt);
    if (v < 0)
      return false;
    r = exConvert(e, v, "i1");
  } else if ((c == GSPMD_COMBINER_MAX || c == GSPMD_COMBINER_MIN) &&
             exElemIsFloat(xt.elem)) {
    /* XLA:CPU's collective max/min need not propagate NaN (arith.maximumf
     * does): a second reduction says where some input was NaN. */
    int v = reducingCollective(e, op, name, x, c, &rt);
    r = nanWhere(e, op, name, x, exCompare(e, x, x, "NE"), v,
                 GSPMD_COMBINER_MAX, &rt);
  } else if (c == GSPMD_COMBINER_MAXNUM || c == GSPMD_COMBINER_MINNUM) {
    GspmdCombiner plain =
        c == GSPMD_COMBINER_MAXNUM ? GSPMD_COMBINER_MAX : GSPMD_COMBINER_MIN;
    int nan = exCompare(e, x, x, "NE");
    int clean = exSelect(e, nan, exIdentity(e, plain, &xt), x);
    int v = reducingCollective(e, op, name, clean, plain, &rt);
    r = nanWhere(e, op, name, x, nan, v, GSPMD_COMBINER_MIN, &rt);
  } else {
    r = reducingCollective(e, op, name, x, c, &rt);
  }
  return exBindResult(e, op, 0, r);
}

/*===-- collective_permute ------------------------------------------------===*/

/* The (source, target) device pairs of op over groups g: target_axes (the
 * same position in the group along other axes) or a shift along the group
 * (wrapping or not). Returns the count, -1 after an error. */
static int64_t permutePairs(Ex *e, MlirOperation op, const Groups *g,
                            int64_t *pairs) {
  int64_t *target_table = g->table, size = g->size;
  MlirAttribute to = exAttr(op, "target_axes"),
                shift_attr = exAttr(op, "shift");
  bool wrap = !mlirAttributeIsNull(exAttr(op, "wrap"));
  int64_t shift = mlirAttributeIsNull(shift_attr)
                      ? 0
                      : mlirIntegerAttrGetValueInt(shift_attr);
  if (!mlirAttributeIsNull(to)) {
    int taxes[GSPMD_MAX_MESH_AXES];
    int tn = gspmdReadMeshAxes(to, g->mesh, taxes);
    if (tn != g->num_axes)
      return exError(e, op, "stablehlo export: bad target axes");
    int64_t g2, s2;
    target_table = groupTable(e, g->mesh, taxes, tn, &g2, &s2);
  }
  int64_t np = 0;
  for (int64_t d = 0; d < gspmdMeshNumDevices(g->mesh); ++d) {
    int64_t grp, r;
    gspmdMeshDeviceGroup(g->mesh, d, g->axes, g->num_axes, &grp, &r);
    int64_t t = r;
    if (mlirAttributeIsNull(to)) {
      t = r + shift;
      if (wrap)
        t = ((t % size) + size) % size;
      else if (t < 0 || t >= size)
        continue;
    }
    pairs[2 * np] = d;
    pairs[2 * np + 1] = target_table[grp * size + t];
    ++np;
  }
  return np;
}

bool exEmitCollectivePermute(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  Groups g;
  int x = exOperand(e, op, 0);
  ExType rt;
  if (x < 0 || !readGroups(e, op, &g) || !exResultType(e, op, 0, &rt))
    return false;
  int64_t *pairs = gspmdArenaAlloc(
      &e->arena, sizeof(int64_t) * (size_t)(2 * gspmdMeshNumDevices(g.mesh)));
  int64_t np = permutePairs(e, op, &g, pairs);
  if (np < 0)
    return false;
  if (np == 0) /* nothing moves: every device receives zeros */
    return exBindResult(e, op, 0,
                        exSplat(e, &rt,
                                exElemIsFloat(rt.elem)   ? "0.0"
                                : !strcmp(rt.elem, "i1") ? "false"
                                                         : "0"));
  char *pairs_text = denseI64(e, pairs, np, 2);
  size_t cap = strlen(pairs_text) + 256;
  char *attrs = gspmdArenaAlloc(&e->arena, cap);
  snprintf(attrs, cap,
           "source_target_pairs = %s, channel_handle = "
           "#stablehlo.channel_handle<handle = %d, type = 1>",
           pairs_text, e->next_channel++);
  return exBindResult(
      e, op, 0, exOp(e, "stablehlo.collective_permute", attrs, 1, &x, &rt));
}

/*===-- partition queries -------------------------------------------------===*/

static int partitionId(Ex *e) {
  ExType u = exScalarType("ui32");
  return exConvert(e, exOp(e, "stablehlo.partition_id", "", 0, NULL, &u),
                   "i32");
}

/* This device's coordinate over `axes` of `mesh` (an i64 0-d tensor), read
 * from a table of every partition's coordinate indexed by partition_id. */
static int axisIndexValue(Ex *e, const GspmdMesh *mesh, const int *axes,
                          int n) {
  int64_t nd = e->num_devices;
  int64_t *coords = gspmdArenaAlloc(&e->arena, sizeof(int64_t) * (size_t)nd);
  for (int64_t d = 0; d < nd; ++d) {
    int64_t g;
    coords[d] = 0;
    if (d < gspmdMeshNumDevices(mesh))
      gspmdMeshDeviceGroup(mesh, d, axes, n, &g, &coords[d]);
  }
  char *text = denseI64(e, coords, 1, nd);
  /* dense<[[..]]> : tensor<1xNxi64> -> a rank-1 table. */
  char *inner = strstr(text, "[[");
  size_t cap = strlen(text) + 64;
  char *attrs = gspmdArenaAlloc(&e->arena, cap);
  char *end = strstr(inner, "]]");
  *end = 0;
  snprintf(attrs, cap, "value = dense<[%s]> : tensor<%lldxi64>", inner + 2,
           (long long)nd);
  ExType tt = exScalarType("i64");
  tt.rank = 1;
  tt.shape[0] = nd;
  int table = exOp(e, "stablehlo.constant", attrs, 0, NULL, &tt);
  int ops[2] = {table, partitionId(e)};
  ExType one = tt;
  one.shape[0] = 1;
  int s = exOp(e, "stablehlo.dynamic_slice", "slice_sizes = array<i64: 1>", 2,
               ops, &one);
  ExType r = exScalarType("i64");
  return exReshape(e, s, &r);
}

/* axis_index: in the SPMD form and in fully manual bodies, axisIndexValue.
 * In a partially manual body partition_id is only meaningful where every
 * axis is manual, so the lookup runs in a nested sdy.manual_computation
 * over the free axes that returns the (replicated) coordinate, as jax's
 * shard_map lowers axis_index with auto axes. */
bool exEmitAxisIndex(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int m, axes[GSPMD_MAX_MESH_AXES], n;
  const GspmdMesh *mesh;
  if (!spmdOpAllowed(e, op) || !readMeshAxes(e, op, &m, &mesh, axes, &n))
    return false;
  uint32_t free_mask = 0;
  if (e->form == EX_FORM_GLOBAL)
    for (int a = 0; a < mesh->num_axes; ++a)
      if (!(e->manual_mask & (1u << a)) && mesh->axis_sizes[a] > 1)
        free_mask |= 1u << a;
  if (!free_mask)
    return exBindResult(e, op, 0, axisIndexValue(e, mesh, axes, n));
  ExType r = exScalarType("i64");
  int id;
  char buf[32];
  exResultsBegin(e, 1, &r, &id);
  fputs("\"sdy.manual_computation\"() ({\n  ^bb0():\n", e->out);
  int v = axisIndexValue(e, mesh, axes, n);
  fprintf(e->out, "    \"sdy.return\"(%s) : (tensor<i64>) -> ()\n",
          exName(e, v, buf, sizeof(buf)));
  GspmdModuleMesh *mm = &GSPMD_VEC_AT(&e->meshes, GspmdModuleMesh, m);
  fputs("  }) {in_shardings = #sdy.sharding_per_value<[]>, manual_axes = ",
        e->out);
  exPrintManualAxes(e, mesh, free_mask);
  fprintf(e->out,
          ", out_shardings = #sdy.sharding_per_value<[<@%.*s, []>]>} : () -> "
          "tensor<i64>\n",
          (int)mm->name.length, mm->name.data);
  return exBindResult(e, op, 0, id);
}

bool exEmitPartitionId(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  if (!spmdOpAllowed(e, op))
    return false;
  return exBindResult(e, op, 0, exConvert(e, partitionId(e), "i64"));
}
