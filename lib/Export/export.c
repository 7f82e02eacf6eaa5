/*
 * export.c - the entry of the StableHLO export: the module, its functions
 * and the manifest that gspmd-xla-run reads; every op goes to the op table
 * (table.c) through the context's dispatch.
 *
 * Two forms. SPMD (after gspmd-spmd): the one program every partition runs,
 * with local types; module attributes mhlo.num_partitions = N (the largest
 * mesh) and mhlo.num_replicas = 1; every argument and result of the public
 * functions is marked `mhlo.sharding = "{manual}"`, which XLA 0.12 runs as is
 * (it skips propagation and partitioning of manual values; the alternative,
 * sdy.manual_computation over all axes, needs a global type per argument,
 * which uneven padded shards do not have). Global (before partitioning):
 * the unpartitioned program with the user's shardings as Shardy
 * (`sdy.mesh`, `sdy.sharding` on arguments and results, sdy.sharding_constraint
 * for sharding constraints and annotated ops) or, with format=hlo, as
 * `mhlo.sharding` strings and `@Sharding` custom calls; arguments and results
 * without a sharding are marked replicated so that their layout is fixed.
 *
 * The manifest (JSON) lists, per argument and result of the entry, its
 * global type, local shape, mesh (axes, device order) and dim axes, so that
 * a runner can cut inputs and assemble results (DESIGN section 2 layout).
 */
#include "internal.h"

#include "gspmd-c/Dialect.h"
#include "gspmd/export.h"

#include <stdlib.h>
#include <string.h>

/*===-- functions and the module ------------------------------------------===*/

static MlirAttribute argAttr(MlirOperation f, const char *which, intptr_t i,
                             const char *name) {
  MlirAttribute all = exAttr(f, which);
  if (mlirAttributeIsNull(all) || i >= mlirArrayAttrGetNumElements(all))
    return (MlirAttribute){NULL};
  MlirAttribute dict = mlirArrayAttrGetElement(all, i);
  return mlirDictionaryAttrGetElementByName(
      dict, mlirStringRefCreateFromCString(name));
}

static MlirType funcType(MlirOperation f) {
  return mlirTypeAttrGetValue(exAttr(f, "function_type"));
}

/* The attribute dictionary text of argument/result i of a public function. */
static void printSigAttrs(Ex *e, MlirOperation f, const char *which, intptr_t i,
                          int rank) {
  if (e->form == EX_FORM_SPMD) {
    fputs(" {mhlo.sharding = \"{manual}\"}", e->out);
    return;
  }
  if (e->format == EX_NO_SHARDINGS)
    return;
  MlirAttribute s = argAttr(f, which, i, "gspmd.sharding");
  char text[1200];
  MlirAttribute use = mlirAttributeIsNull(s)
                          ? gspmdReplicatedAttrGet(mlirOperationGetContext(f))
                          : s;
  if (e->meshes.size == 0 ||
      !exShardingText(e, use, rank, false, -1, false, text, sizeof(text)))
    return;
  fprintf(e->out, " {%s = %s}",
          e->format == EX_HLO ? "mhlo.sharding" : "sdy.sharding", text);
}

static bool exportFunc(Ex *e, MlirOperation f, bool is_public) {
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
  MlirAttribute name = exAttr(f, "sym_name");
  MlirStringRef n = mlirStringAttrGetValue(name);
  if (mlirBlockIsNull(entry))
    return exError(e, f,
                   "stablehlo export: function declarations have no "
                   "mapping") >= 0;
  if (!mlirBlockIsNull(mlirBlockGetNextInRegion(entry)))
    return exError(e, f,
                   "stablehlo export: functions of several blocks have "
                   "no mapping (lift-cf-to-scf could not structure "
                   "them)") >= 0;
  MlirType ft = funcType(f);
  char buf[256];
  fprintf(e->out, "  func.func %s", is_public ? "public " : "private ");
  exPrintFuncName(e, n);
  fputc('(', e->out);
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(entry); ++i) {
    MlirValue a = mlirBlockGetArgument(entry, i);
    ExType t;
    if (!exTypeFromMlir(NULL, mlirValueGetType(a), &t))
      return exError(e, f,
                     "stablehlo export: argument %d has no StableHLO "
                     "type (dynamic shape or unsupported element)",
                     (int)i) >= 0;
    int id = exNewId(e, &t);
    exBind(e, a, id);
    fprintf(e->out, "%s%%v%d: %s", i ? ", " : "", id,
            exTypeStr(&t, buf, sizeof(buf)));
    if (is_public)
      printSigAttrs(e, f, "arg_attrs", i, t.rank);
  }
  fputs(") -> (", e->out);
  for (intptr_t i = 0; i < mlirFunctionTypeGetNumResults(ft); ++i) {
    ExType t;
    if (!exTypeFromMlir(NULL, mlirFunctionTypeGetResult(ft, i), &t))
      return exError(e, f, "stablehlo export: result %d has no StableHLO type",
                     (int)i) >= 0;
    fprintf(e->out, "%s%s", i ? ", " : "", exTypeStr(&t, buf, sizeof(buf)));
    if (is_public)
      printSigAttrs(e, f, "res_attrs", i, t.rank);
  }
  fputs(") {\n", e->out);
  if (!exExportBlockBody(e, entry))
    return false;
  MlirOperation ret = mlirBlockGetTerminator(entry);
  int nr = (int)mlirOperationGetNumOperands(ret);
  int ids[256];
  if (nr > 256)
    return exError(e, f, "stablehlo export: too many results") >= 0;
  for (int i = 0; i < nr; ++i) {
    ids[i] = exUse(e, ret, mlirOperationGetOperand(ret, i));
    if (ids[i] < 0)
      return false;
  }
  exPrintReturn(e, "func.return", nr, ids);
  fputs("  }\n", e->out);
  return true;
}

/*===-- manifest ----------------------------------------------------------===*/

static void jsonShape(FILE *o, const ExType *t) {
  fputc('[', o);
  for (int i = 0; i < t->rank; ++i)
    fprintf(o, "%s%lld", i ? ", " : "", (long long)t->shape[i]);
  fputc(']', o);
}

static void manifestValue(Ex *e, FILE *o, MlirOperation f, const char *which,
                          intptr_t i, MlirType local) {
  ExType lt, gt;
  exTypeFromMlir(NULL, local, &lt);
  MlirAttribute g = argAttr(f, which, i, "gspmd.global_type");
  MlirType global = mlirAttributeIsNull(g) ? local : mlirTypeAttrGetValue(g);
  exTypeFromMlir(NULL, global, &gt);
  GspmdVec text;
  gspmdVecInit(&text, 1);
  mlirTypePrint(global, exAppendToVec, &text);
  fprintf(o, "    {\"type\": \"%.*s\", \"elem\": \"%s\", \"shape\": ",
          (int)text.size, text.data ? (char *)text.data : "", gt.elem);
  gspmdVecFree(&text);
  jsonShape(o, &gt);
  fputs(", \"local_shape\": ", o);
  jsonShape(o, e->form == EX_FORM_SPMD ? &lt : &gt);
  MlirAttribute s = argAttr(f, which, i, "gspmd.sharding");
  fputs(", \"dims\": [", o);
  for (int d = 0; d < gt.rank; ++d) {
    fprintf(o, "%s[", d ? ", " : "");
    intptr_t n = mlirAttributeIsNull(s) || gspmdAttributeIsAReplicated(s)
                     ? 0
                     : gspmdShardingGetDimNumAxes(s, d);
    for (intptr_t a = 0; a < n; ++a) {
      MlirStringRef ax = gspmdShardingGetDimAxis(s, d, a);
      fprintf(o, "%s\"%.*s\"", a ? ", " : "", (int)ax.length, ax.data);
    }
    fputc(']', o);
  }
  MlirStringRef mesh = mlirAttributeIsNull(s) || gspmdAttributeIsAReplicated(s)
                           ? (MlirStringRef){NULL, 0}
                           : gspmdShardingGetMeshName(s);
  fprintf(o, "], \"mesh\": \"%.*s\"}", (int)mesh.length,
          mesh.data ? mesh.data : "");
}

static void writeManifest(Ex *e, FILE *o, MlirOperation entry) {
  fprintf(o, "{\n  \"form\": \"%s\",\n  \"num_partitions\": %lld,\n",
          e->form == EX_FORM_SPMD ? "spmd" : "global",
          (long long)e->num_devices);
  fputs("  \"meshes\": {", o);
  for (size_t m = 0; m < e->meshes.size; ++m) {
    GspmdModuleMesh *mm = &GSPMD_VEC_AT(&e->meshes, GspmdModuleMesh, m);
    fprintf(o, "%s\n    \"%.*s\": {\"axes\": [", m ? "," : "",
            (int)mm->name.length, mm->name.data);
    for (int a = 0; a < mm->mesh.num_axes; ++a)
      fprintf(o, "%s[\"%s\", %lld]", a ? ", " : "", mm->mesh.axis_names[a],
              (long long)mm->mesh.axis_sizes[a]);
    fputs("], \"devices\": [", o);
    int64_t nd = gspmdMeshNumDevices(&mm->mesh);
    for (int64_t p = 0; p < nd; ++p)
      fprintf(o, "%s%lld", p ? ", " : "",
              (long long)gspmdMeshDeviceAtPosition(&mm->mesh, p));
    fputs("]}", o);
  }
  fputs("\n  },\n  \"args\": [\n", o);
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(entry, 0));
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); ++i) {
    if (i)
      fputs(",\n", o);
    manifestValue(e, o, entry, "arg_attrs", i,
                  mlirValueGetType(mlirBlockGetArgument(b, i)));
  }
  fputs("\n  ],\n  \"results\": [\n", o);
  MlirType ft = funcType(entry);
  for (intptr_t i = 0; i < mlirFunctionTypeGetNumResults(ft); ++i) {
    if (i)
      fputs(",\n", o);
    manifestValue(e, o, entry, "res_attrs", i,
                  mlirFunctionTypeGetResult(ft, i));
  }
  fputs("\n  ]\n}\n", o);
}

/*===-- entry point -------------------------------------------------------===*/

static void initEx(Ex *e, MlirOperation module,
                   const GspmdExportOptions *opts) {
  memset(e, 0, sizeof(*e));
  gspmdVecInit(&e->types, sizeof(ExType));
  gspmdVecInit(&e->alias, sizeof(ExAlias));
  gspmdVecInit(&e->meshes, sizeof(GspmdModuleMesh));
  e->form = opts->global ? EX_FORM_GLOBAL : EX_FORM_SPMD;
  e->format = opts->no_shardings    ? EX_NO_SHARDINGS
              : opts->hlo_shardings ? EX_HLO
                                    : EX_SDY;
  e->module = module;
  e->next_channel = 1;
  e->manual_mesh = -1;
  e->export_op = exTableExportOp;
  gspmdCollectMeshes(module, &e->arena, &e->meshes);
  e->num_devices = 1;
  for (size_t m = 0; e->format != EX_NO_SHARDINGS && m < e->meshes.size; ++m) {
    GspmdModuleMesh *mm = &GSPMD_VEC_AT(&e->meshes, GspmdModuleMesh, m);
    if (mm->valid && gspmdMeshNumDevices(&mm->mesh) > e->num_devices)
      e->num_devices = gspmdMeshNumDevices(&mm->mesh);
  }
}

static void freeEx(Ex *e) {
  gspmdVecFree(&e->types);
  gspmdVecFree(&e->alias);
  gspmdVecFree(&e->meshes);
  gspmdPtrMapFree(&e->ids);
  gspmdArenaFree(&e->arena);
}

/* `module @gspmd attributes {...} {` and, global form with sdy, the meshes. */
static void printModuleHeader(Ex *e) {
  fprintf(e->out,
          "module @gspmd attributes {mhlo.num_partitions = %lld : i32, "
          "mhlo.num_replicas = 1 : i32} {\n",
          (long long)e->num_devices);
  if (e->form != EX_FORM_GLOBAL || e->format != EX_SDY)
    return;
  for (size_t m = 0; m < e->meshes.size; ++m) {
    GspmdModuleMesh *mm = &GSPMD_VEC_AT(&e->meshes, GspmdModuleMesh, m);
    fprintf(e->out, "  sdy.mesh @%.*s = <[", (int)mm->name.length,
            mm->name.data);
    for (int a = 0; a < mm->mesh.num_axes; ++a)
      fprintf(e->out, "%s\"%s\"=%lld", a ? ", " : "", mm->mesh.axis_names[a],
              (long long)mm->mesh.axis_sizes[a]);
    fputc(']', e->out);
    if (mm->mesh.devices) {
      fputs(", device_ids=[", e->out);
      for (int64_t p = 0; p < gspmdMeshNumDevices(&mm->mesh); ++p)
        fprintf(e->out, "%s%lld", p ? ", " : "",
                (long long)mm->mesh.devices[p]);
      fputc(']', e->out);
    }
    fputs(">\n", e->out);
  }
}

/* Whether f is an entry: the function named by opts->entry, else a public
 * one (the first such is THE entry). */
static bool isEntry(MlirOperation f, const GspmdExportOptions *opts) {
  MlirStringRef name = mlirStringAttrGetValue(exAttr(f, "sym_name"));
  return opts->entry ? gspmdStringRefEq(name, opts->entry)
                     : gspmdFuncIsPublic(f);
}

/* The name of the entry, known before any call to it is printed. */
static void findEntryName(Ex *e, MlirBlock body,
                          const GspmdExportOptions *opts) {
  for (MlirOperation o = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    if (exOpIs(o, "func.func") && isEntry(o, opts)) {
      e->entry_name = mlirStringAttrGetValue(exAttr(o, "sym_name"));
      return;
    }
}

/* Exports every function of the module; returns the entry (null if none). */
static MlirOperation exportFuncs(Ex *e, MlirBlock body,
                                 const GspmdExportOptions *opts) {
  MlirOperation entry = {NULL};
  for (MlirOperation o = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(o) && !e->failed;
       o = mlirOperationGetNextInBlock(o)) {
    if (gspmdOperationIsAMesh(o))
      continue;
    if (!exOpIs(o, "func.func")) {
      MlirStringRef n = gspmdOpName(o);
      exError(e, o, "stablehlo export: top-level op '%.*s' has no mapping",
              (int)n.length, n.data);
      break;
    }
    bool is_entry = isEntry(o, opts);
    if (is_entry && mlirOperationIsNull(entry))
      entry = o;
    if (mlirRegionIsNull(mlirOperationGetRegion(o, 0)) ||
        mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(o, 0))))
      continue; /* declarations are not called by exported code */
    if (!exportFunc(e, o, is_entry && mlirOperationEqual(entry, o)))
      break;
  }
  return entry;
}

bool gspmdExportStableHLO(MlirOperation module, const GspmdExportOptions *opts,
                          FILE *out, FILE *manifest) {
  Ex e;
  initEx(&e, module, opts);
  char *text = NULL;
  size_t text_size = 0;
  e.out = open_memstream(&text, &text_size);
  printModuleHeader(&e);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  findEntryName(&e, body, opts);
  MlirOperation entry = exportFuncs(&e, body, opts);
  if (!e.failed && mlirOperationIsNull(entry)) {
    mlirEmitError(mlirOperationGetLocation(module),
                  opts->entry ? "stablehlo export: no function named by entry"
                              : "stablehlo export: no public function");
    e.failed = true;
  }
  fputs("}\n", e.out);
  fclose(e.out);
  if (!e.failed) {
    fwrite(text, 1, text_size, out);
    if (manifest)
      writeManifest(&e, manifest, entry);
  }
  free(text);
  freeEx(&e);
  return !e.failed;
}
