/*
 * sharding_attr.c - libFuzzer target: sharding attribute text and HLO
 * strings through the C API (the dialect's attribute parser, verifier-free
 * getters, gspmdShardingAttrToHlo / gspmdShardingAttrFromHlo).
 *
 * Input: byte 0 picks the rank for the HLO import (0..4) and which parser
 * gets the text: the attribute parser (#gspmd.tiled<...> etc.) or the HLO
 * import onto the module's mesh. A parsed sharding is read back through the
 * getters and, when it fits the mesh @m ["a"=2, "b"=4], exported to HLO and
 * imported back (which must succeed). Diagnostics are swallowed: the check
 * is no crash, no leak, and an error (null attribute) for bad text.
 */
#include "gspmd-c/Dialect.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MlirContext ctx;
static MlirModule module;
static MlirOperation mesh;

static MlirLogicalResult swallow(MlirDiagnostic d, void *user) {
  (void)d;
  (void)user;
  return mlirLogicalResultSuccess();
}

static void append(MlirStringRef s, void *user) {
  char *buf = user;
  size_t n = strlen(buf);
  if (n + s.length < 4096) {
    memcpy(buf + n, s.data, s.length);
    buf[n + s.length] = 0;
  }
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  ctx = gspmdContextCreate();
  mlirContextAttachDiagnosticHandler(ctx, swallow, NULL, NULL);
  module = mlirModuleCreateParse(
      ctx,
      mlirStringRefCreateFromCString("gspmd.mesh @m [\"a\"=2, \"b\"=4]\n"));
  if (mlirModuleIsNull(module))
    abort();
  mesh = gspmdMeshLookup(mlirModuleGetOperation(module),
                         mlirStringRefCreateFromCString("m"));
  if (mlirOperationIsNull(mesh))
    abort();
  return 0;
}

static void readBack(MlirAttribute a) {
  if (!gspmdAttributeIsASharding(a))
    return;
  intptr_t rank = gspmdShardingGetRank(a);
  for (intptr_t d = 0; d < rank; ++d)
    for (intptr_t k = 0; k < gspmdShardingGetDimNumAxes(a, d); ++k)
      (void)gspmdShardingGetDimAxis(a, d, k);
  (void)gspmdShardingGetMeshName(a);
  char hlo[4096] = "";
  if (mlirLogicalResultIsFailure(
          gspmdShardingAttrToHlo(mesh, a, false, append, hlo)))
    return;
  MlirOperation new_mesh = {NULL};
  MlirAttribute back = gspmdShardingAttrFromHlo(
      mlirLocationUnknownGet(ctx), mlirStringRefCreateFromCString(hlo),
      gspmdAttributeIsAReplicated(a) ? 0 : rank, mesh,
      mlirStringRefCreateFromCString("m2"), &new_mesh);
  if (mlirAttributeIsNull(back)) {
    fprintf(stderr, "sharding_attr: export \"%s\" does not import back\n", hlo);
    abort();
  }
  if (!mlirOperationIsNull(new_mesh))
    mlirOperationDestroy(new_mesh);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1 || size > 4096)
    return 0;
  int rank = data[0] % 5;
  MlirStringRef text = {(const char *)data + 1, size - 1};
  if (data[0] & 8) {
    MlirOperation new_mesh = {NULL};
    MlirAttribute a = gspmdShardingAttrFromHlo(
        mlirLocationUnknownGet(ctx), text, rank,
        (data[0] & 16) ? mesh : (MlirOperation){NULL},
        mlirStringRefCreateFromCString("m2"), &new_mesh);
    if (!mlirOperationIsNull(new_mesh))
      mlirOperationDestroy(new_mesh);
    if (!mlirAttributeIsNull(a))
      readBack(a);
    return 0;
  }
  MlirAttribute a = mlirAttributeParseGet(ctx, text);
  if (!mlirAttributeIsNull(a))
    readBack(a);
  return 0;
}
