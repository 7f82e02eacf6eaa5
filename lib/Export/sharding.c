/*
 * sharding.c - meshes and shardings as the exported program writes them:
 * sdy (`#sdy.sharding<@mesh, [{"x"}, {}]>`, manual axes) or HLO sharding
 * strings, and the constraints of the global form.
 *
 * Global form: a gspmd.sharding_constraint becomes sdy.sharding_constraint
 * or, with format hlo, a `@Sharding` custom call; an op annotated with
 * gspmd.sharding gets one per ranked result. The SPMD form has no
 * constraints (its values are local). Assumes e->meshes holds the module's
 * meshes.
 */
#include "internal.h"

#include "gspmd-c/Dialect.h"

#include <string.h>

int exMeshIndex(Ex *e, MlirAttribute mesh_ref) {
  if (mlirAttributeIsNull(mesh_ref))
    return -1;
  return gspmdFindMesh(&e->meshes, mlirFlatSymbolRefAttrGetValue(mesh_ref));
}

bool exShardingText(Ex *e, MlirAttribute attr, int rank, bool per_value,
                    int mesh_index, bool open, char *buf, size_t size) {
  MlirStringRef mesh_name = gspmdAttributeIsAReplicated(attr)
                                ? (MlirStringRef){NULL, 0}
                                : gspmdShardingGetMeshName(attr);
  int m = mesh_name.length  ? gspmdFindMesh(&e->meshes, mesh_name)
          : mesh_index >= 0 ? mesh_index
                            : 0;
  if (m < 0 || (size_t)m >= e->meshes.size)
    return false;
  GspmdModuleMesh *mm = &GSPMD_VEC_AT(&e->meshes, GspmdModuleMesh, m);
  if (e->format == EX_HLO) {
    GspmdSharding s;
    if (!gspmdShardingFromAttr(attr, &mm->mesh, rank, &s))
      return false;
    char hlo[1024];
    gspmdShardingToHlo(&mm->mesh, &s, GSPMD_HLO_DEFAULT, hlo, sizeof(hlo));
    snprintf(buf, size, "\"%s\"", hlo);
    return true;
  }
  size_t k = (size_t)snprintf(buf, size, "%s<@%.*s, [",
                              per_value ? "" : "#sdy.sharding",
                              (int)mm->name.length, mm->name.data);
  bool replicated = gspmdAttributeIsAReplicated(attr);
  for (int d = 0; d < rank && k < size; ++d) {
    k += (size_t)snprintf(buf + k, size - k, "%s{", d ? ", " : "");
    intptr_t n = replicated ? 0 : gspmdShardingGetDimNumAxes(attr, d);
    for (intptr_t a = 0; a < n && k < size; ++a) {
      MlirStringRef ax = gspmdShardingGetDimAxis(attr, d, a);
      k += (size_t)snprintf(buf + k, size - k, "%s\"%.*s\"", a ? ", " : "",
                            (int)ax.length, ax.data);
    }
    k += (size_t)snprintf(buf + k, size - k, "%s}",
                          !open ? ""
                          : n   ? ", ?"
                                : "?");
  }
  if (k < size)
    snprintf(buf + k, size - k, "]>");
  return true;
}

/* Wraps id in a sharding constraint (global form). `open` (a constraint that is
 * a floor: gspmd-pipeline's stage dims): in sdy every dim is open (`{"stage",
 * ?}`); an HLO sharding cannot say that a split dim may be split further, so
 * there the dims without axes are `unspecified_dims` (jax's convention) and the
 * split ones are fixed. */
static int constrain(Ex *e, MlirOperation op, int id, MlirAttribute sharding,
                     bool open) {
  char text[1200], attrs[1500];
  if (e->format == EX_NO_SHARDINGS)
    return id;
  const ExType *t = exTypeOf(e, id);
  if (!exShardingText(e, sharding, t->rank, false, -1, open, text,
                      sizeof(text)))
    return exError(e, op, "stablehlo export: sharding on an unknown mesh");
  ExType rt = *t;
  if (e->format == EX_HLO) {
    size_t k = (size_t)snprintf(
        attrs, sizeof(attrs),
        "call_target_name = \"Sharding\", mhlo.sharding = %s", text);
    bool replicated = gspmdAttributeIsAReplicated(sharding);
    bool any = false;
    for (int d = 0; open && d < t->rank; ++d) {
      if (!replicated && gspmdShardingGetDimNumAxes(sharding, d) > 0)
        continue;
      k += (size_t)snprintf(
          attrs + k, sizeof(attrs) - k, "%s%d",
          any ? "," : ", backend_config = \"unspecified_dims=[", d);
      any = true;
    }
    if (any)
      snprintf(attrs + k, sizeof(attrs) - k, "]\"");
    return exOp(e, "stablehlo.custom_call", attrs, 1, &id, &rt);
  }
  snprintf(attrs, sizeof(attrs), "sharding = %s", text);
  return exOp(e, "sdy.sharding_constraint", attrs, 1, &id, &rt);
}

/* `#sdy<manual_axes{"a", "b"}>` of the axes in mask, in mesh order (sdy's
 * requirement). */
void exPrintManualAxes(Ex *e, const GspmdMesh *mesh, uint32_t mask) {
  fputs("#sdy<manual_axes{", e->out);
  bool first = true;
  for (int a = 0; a < mesh->num_axes; ++a)
    if (mask & (1u << a)) {
      fprintf(e->out, "%s\"%s\"", first ? "" : ", ", mesh->axis_names[a]);
      first = false;
    }
  fputs("}>", e->out);
}

bool exExportConstraint(Ex *e, MlirOperation op) {
  int x = exUse(e, op, mlirOperationGetOperand(op, 0));
  if (x < 0)
    return false;
  if (e->form == EX_FORM_GLOBAL)
    x = constrain(e, op, x, exAttr(op, "sharding"),
                  !mlirAttributeIsNull(exAttr(op, "open")));
  exBind(e, mlirOperationGetResult(op, 0), x);
  return x >= 0;
}

bool exConstrainResults(Ex *e, MlirOperation op) {
  MlirAttribute s = exAttr(op, "gspmd.sharding");
  if (e->form != EX_FORM_GLOBAL || mlirAttributeIsNull(s) ||
      !mlirAttributeIsAArray(s))
    return true;
  for (intptr_t i = 0;
       i < mlirOperationGetNumResults(op) && i < mlirArrayAttrGetNumElements(s);
       ++i) {
    MlirValue r = mlirOperationGetResult(op, i);
    if (!mlirTypeIsARankedTensor(mlirValueGetType(r)))
      continue;
    int id = constrain(e, op, gspmdPtrMapGet(&e->ids, r.ptr),
                       mlirArrayAttrGetElement(s, i), false);
    if (id < 0)
      return false;
    exBind(e, r, id);
  }
  return true;
}
