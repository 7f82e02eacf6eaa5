/*
 * manual.c - gspmd.manual_computation in the global form: a region whose
 * body is written per device over its manual axes.
 *
 * With shardings=sdy it becomes sdy.manual_computation (partially manual
 * regions included); with shardings=hlo, the custom calls GSPMD writes
 * (@Sharding, @SPMDFullToShardShape, @SPMDShardToFullShape), for regions
 * manual over every axis. sdy splits dims evenly, so operands of uneven
 * shards are padded with poison and results sliced back. The SPMD form has
 * no manual regions (gspmd-spmd inlines them). Collectives and axis_index
 * in the body are exported as in the SPMD form (e->manual_mesh says so).
 */
#include "internal.h"

#include "gspmd-c/Dialect.h"

#include <string.h>

/* The global type the region sees for a boundary value: each dim rounded up
 * to the manual shard count times the body's (ceil) shard size, since sdy
 * splits a dim over manual axes evenly. `count[d]` receives the count. */
static bool manualBoundary(Ex *e, MlirOperation op, MlirAttribute sharding,
                           const GspmdMesh *mesh, uint32_t mask,
                           const ExType *global, const ExType *local,
                           ExType *padded) {
  *padded = *global;
  if (global->rank != local->rank)
    return exError(e, op, "stablehlo export: manual region types disagree") >=
               0 &&
           false;
  for (int d = 0; d < global->rank; ++d) {
    int64_t count = 1;
    intptr_t n = gspmdAttributeIsAReplicated(sharding)
                     ? 0
                     : gspmdShardingGetDimNumAxes(sharding, d);
    for (intptr_t a = 0; a < n; ++a) {
      MlirStringRef name = gspmdShardingGetDimAxis(sharding, d, a);
      for (int k = 0; k < mesh->num_axes; ++k)
        if ((mask & (1u << k)) && strlen(mesh->axis_names[k]) == name.length &&
            !memcmp(mesh->axis_names[k], name.data, name.length))
          count *= mesh->axis_sizes[k];
    }
    padded->shape[d] = local->shape[d] * count;
    if (padded->shape[d] < global->shape[d])
      return exError(e, op, "stablehlo export: manual region types disagree") >=
                 0 &&
             false;
  }
  return true;
}

/* Poison for the padding of uneven manual shards (gspmd-run's: NaN, 0x5A
 * bytes, true): the body must keep it out of its valid results. */
static int poisonScalar(Ex *e, const char *elem) {
  ExType t = exScalarType(elem);
  if (exElemIsFloat(elem)) {
    ExType f = exScalarType("f32");
    return exConvert(e, exSplat(e, &f, "0x7FC00000"), elem);
  }
  if (!strcmp(elem, "i1"))
    return exSplat(e, &t, "true");
  int bits = exElemBits(elem);
  int64_t v = 0;
  for (int b = 0; b < bits; b += 8)
    v = (int64_t)(((uint64_t)v << 8) | 0x5A);
  char text[32];
  snprintf(text, sizeof(text), "%lld", (long long)v);
  return exSplat(e, &t, text);
}

static int padHigh(Ex *e, int id, const ExType *to) {
  const ExType t = *exTypeOf(e, id); /* new ids may move the table */
  int64_t lo[EX_MAX_RANK] = {0}, hi[EX_MAX_RANK];
  bool same = true;
  for (int d = 0; d < t.rank; ++d) {
    same &= t.shape[d] == to->shape[d];
    hi[d] = to->shape[d] - t.shape[d];
  }
  if (same)
    return id;
  return exPad(e, id, poisonScalar(e, t.elem), lo, hi, to);
}

/* A result of the region (padded type) sliced back to its global type. */
static int sliceToGlobal(Ex *e, int id, const ExType *global,
                         const ExType *padded) {
  int64_t start[EX_MAX_RANK] = {0}, one[EX_MAX_RANK];
  bool same = true;
  for (int d = 0; d < global->rank; ++d) {
    one[d] = 1;
    same &= global->shape[d] == padded->shape[d];
  }
  return same ? id : exSlice(e, id, start, global->shape, one);
}

static void printShardingList(Ex *e, MlirAttribute list, const int *ids, int n,
                              int mesh_index) {
  fputs("#sdy.sharding_per_value<[", e->out);
  for (int i = 0; i < n; ++i) {
    char text[1200];
    exShardingText(e, mlirArrayAttrGetElement(list, i),
                   exTypeOf(e, ids[i])->rank, true, mesh_index, false, text,
                   sizeof(text));
    fprintf(e->out, "%s%s", i ? ", " : "", text);
  }
  fputs("]>", e->out);
}

/* A custom call `target` of x with an mhlo.sharding (quoted text) and
 * result type rt. */
static int shardingCall(Ex *e, const char *target, int x, const char *sharding,
                        const ExType *rt) {
  char attrs[1400];
  snprintf(attrs, sizeof(attrs),
           "call_target_name = \"%s\", mhlo.sharding = %s", target, sharding);
  return exOp(e, "stablehlo.custom_call", attrs, 1, &x, rt);
}

/* A gspmd.manual_computation as read: its mesh (index m), manual axes, the
 * shardings at its boundary and its body. */
typedef struct Manual {
  MlirOperation op;
  int m;
  const GspmdMesh *mesh;
  uint32_t mask;
  MlirAttribute ins, outs;
  MlirBlock body;
  int n, nr;
} Manual;

static bool readManual(Ex *e, MlirOperation op, Manual *r) {
  if (e->form != EX_FORM_GLOBAL)
    return exError(e, op,
                   "stablehlo export: gspmd.manual_computation in the SPMD "
                   "form (gspmd-spmd inlines it; run it first)") >= 0;
  if (e->format == EX_NO_SHARDINGS)
    return exError(e, op,
                   "stablehlo export: gspmd.manual_computation needs its "
                   "mesh (shardings=none has one device)") >= 0;
  if (e->manual_mesh >= 0)
    return exError(e, op, "stablehlo export: nested manual regions") >= 0;
  r->op = op;
  r->m = exMeshIndex(e, exAttr(op, "mesh"));
  if (r->m < 0)
    return exError(e, op, "stablehlo export: unknown mesh") >= 0;
  r->mesh = &GSPMD_VEC_AT(&e->meshes, GspmdModuleMesh, r->m).mesh;
  int axes[GSPMD_MAX_MESH_AXES];
  int na = gspmdReadMeshAxes(exAttr(op, "manual_axes"), r->mesh, axes);
  if (na < 0)
    return exError(e, op, "stablehlo export: unknown manual axes") >= 0;
  r->mask = 0;
  for (int i = 0; i < na; ++i)
    r->mask |= 1u << axes[i];
  r->ins = exAttr(op, "in_shardings");
  r->outs = exAttr(op, "out_shardings");
  r->body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  r->n = (int)mlirOperationGetNumOperands(op);
  r->nr = (int)mlirOperationGetNumResults(op);
  return true;
}

/* Operand i padded to the type the region sees (*padded); *local gets its
 * block argument's type. -1: the operand or its type failed; -2: the
 * boundary's types disagree (reported). */
static int manualOperand(Ex *e, const Manual *r, int i, ExType *local,
                         ExType *padded) {
  int x = exOperand(e, r->op, i);
  if (x < 0 ||
      !exTypeFromMlir(NULL, mlirValueGetType(mlirBlockGetArgument(r->body, i)),
                      local))
    return -1;
  if (!manualBoundary(e, r->op, mlirArrayAttrGetElement(r->ins, i), r->mesh,
                      r->mask, exTypeOf(e, x), local, padded))
    return -2;
  return padHigh(e, x, padded);
}

/* The body with the context inside the region; the ids it yields (arena
 * memory) or NULL after an error. */
static int *exportManualBody(Ex *e, const Manual *r) {
  e->manual_mesh = r->m;
  e->manual_mask = r->mask;
  bool ok = exExportBlockBody(e, r->body);
  int *yields =
      ok ? exOperandIds(e, mlirBlockGetTerminator(r->body), 0, r->nr) : NULL;
  e->manual_mesh = -1;
  e->manual_mask = 0;
  return yields;
}

/* shardings=hlo: what GSPMD (and jax before Shardy) writes for a region
 * manual over every axis: each operand is constrained to its in_sharding
 * (@Sharding) and cut to the device's shard (@SPMDFullToShardShape,
 * `{manual}`), the body follows inline, and each yielded value goes back
 * (@Sharding `{manual}`, @SPMDShardToFullShape to the out_sharding). Uneven
 * dims padded and sliced as in the sdy form. Partially manual regions would
 * need subgroup-manual shardings on every op of the body: not mapped. */
static bool emitManualHlo(Ex *e, const Manual *r) {
  for (int a = 0; a < r->mesh->num_axes; ++a)
    if (!(r->mask & (1u << a)) && r->mesh->axis_sizes[a] > 1)
      return exError(e, r->op,
                     "stablehlo export: a partially manual region has no "
                     "mapping with shardings=hlo (use shardings=sdy)") >= 0;
  char text[1200];
  for (int i = 0; i < r->n; ++i) {
    ExType local, padded;
    int x = manualOperand(e, r, i, &local, &padded);
    if (x < 0)
      return exError(e, r->op, "stablehlo export: manual region operand %d",
                     i) >= 0;
    exShardingText(e, mlirArrayAttrGetElement(r->ins, i), padded.rank, false,
                   r->m, false, text, sizeof(text));
    x = shardingCall(e, "Sharding", x, text, &padded);
    x = shardingCall(e, "SPMDFullToShardShape", x, "\"{manual}\"", &local);
    exBind(e, mlirBlockGetArgument(r->body, i), x);
  }
  int *yields = exportManualBody(e, r);
  if (!yields)
    return false;
  for (int j = 0; j < r->nr; ++j) {
    ExType global, local = *exTypeOf(e, yields[j]), padded;
    MlirAttribute s = mlirArrayAttrGetElement(r->outs, j);
    if (!exResultType(e, r->op, j, &global) ||
        !manualBoundary(e, r->op, s, r->mesh, r->mask, &global, &local,
                        &padded))
      return false;
    int y = shardingCall(e, "Sharding", yields[j], "\"{manual}\"", &local);
    exShardingText(e, s, padded.rank, false, r->m, false, text, sizeof(text));
    y = shardingCall(e, "SPMDShardToFullShape", y, text, &padded);
    exBind(e, mlirOperationGetResult(r->op, j),
           sliceToGlobal(e, y, &global, &padded));
  }
  return true;
}

/* The region's result types as the region sees them (padded). */
static bool manualResultTypes(Ex *e, const Manual *r, ExType *rtypes) {
  MlirOperation yield = mlirBlockGetTerminator(r->body);
  for (int j = 0; j < r->nr; ++j) {
    ExType global, loc;
    if (!exResultType(e, r->op, j, &global) ||
        !exTypeFromMlir(
            NULL, mlirValueGetType(mlirOperationGetOperand(yield, j)), &loc) ||
        !manualBoundary(e, r->op, mlirArrayAttrGetElement(r->outs, j), r->mesh,
                        r->mask, &global, &loc, &rtypes[j]))
      return false;
  }
  return true;
}

/* Prints the sdy.manual_computation of the padded operands args (the body's
 * argument types local) with results res of types rtypes. */
static bool printManual(Ex *e, const Manual *r, const int *args,
                        const ExType *local, const ExType *rtypes, int *res) {
  int *bargs =
      gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)(r->n ? r->n : 1));
  char buf[32];
  exResultsBegin(e, r->nr, rtypes, res);
  fputs("\"sdy.manual_computation\"(", e->out);
  for (int i = 0; i < r->n; ++i)
    fprintf(e->out, "%s%s", i ? ", " : "",
            exName(e, args[i], buf, sizeof(buf)));
  fputs(") ({\n", e->out);
  exPrintBlockHeader(e, r->n, local, bargs);
  for (int i = 0; i < r->n; ++i)
    exBind(e, mlirBlockGetArgument(r->body, i), bargs[i]);
  int *yields = exportManualBody(e, r);
  if (!yields)
    return false;
  exPrintReturn(e, "sdy.return", r->nr, yields);
  fputs("  }) {in_shardings = ", e->out);
  printShardingList(e, r->ins, args, r->n, r->m);
  fputs(", manual_axes = ", e->out);
  exPrintManualAxes(e, r->mesh, r->mask);
  fputs(", out_shardings = ", e->out);
  printShardingList(e, r->outs, res, r->nr, r->m);
  fputs("} : ", e->out);
  exPrintTypeList(e, r->n, args);
  fputs(" -> ", e->out);
  exPrintTypeList(e, r->nr, res);
  fputc('\n', e->out);
  return true;
}

/* gspmd.manual_computation (global form, shardings=sdy) becomes
 * sdy.manual_computation with the same in / out shardings and manual axes;
 * its body is exported as written (collectives and axis_index as in the SPMD
 * form, on partition ids). Uneven manual dims: sdy splits evenly, so an
 * operand is padded at the end (with poison) to the manual shard count times
 * the body's ceil shard, which puts every shard where DESIGN's layout has it,
 * and a result is sliced back to its global type. */
bool exEmitManual(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  Manual r;
  if (!readManual(e, op, &r))
    return false;
  if (e->format == EX_HLO)
    return emitManualHlo(e, &r);
  size_t n1 = (size_t)(r.n ? r.n : 1), nr1 = (size_t)(r.nr ? r.nr : 1);
  int *args = gspmdArenaAlloc(&e->arena, sizeof(int) * n1);
  ExType *local = gspmdArenaAlloc(&e->arena, sizeof(ExType) * n1);
  for (int i = 0; i < r.n; ++i) {
    ExType padded;
    args[i] = manualOperand(e, &r, i, &local[i], &padded);
    if (args[i] == -1)
      return exError(e, op, "stablehlo export: manual region operand %d", i) >=
             0;
    if (args[i] < 0)
      return false;
  }
  ExType *rtypes = gspmdArenaAlloc(&e->arena, sizeof(ExType) * nr1);
  int *res = gspmdArenaAlloc(&e->arena, sizeof(int) * nr1);
  if (!manualResultTypes(e, &r, rtypes) ||
      !printManual(e, &r, args, local, rtypes, res))
    return false;
  for (int j = 0; j < r.nr; ++j) {
    ExType global;
    exResultType(e, op, j, &global);
    exBind(e, mlirOperationGetResult(op, j),
           sliceToGlobal(e, res[j], &global, &rtypes[j]));
  }
  return true;
}
