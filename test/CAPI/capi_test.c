/*===- capi_test.c - exercise the public gspmd C API ----------------------===*\
 *
 * RUN: gspmd-capi-test 2>&1 | FileCheck %s
 *
\*===----------------------------------------------------------------------===*/

#include "gspmd-c/Check.h"
#include "gspmd-c/Dialect.h"
#include "gspmd-c/Passes.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void printToStdout(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stdout);
}

static void printAttr(const char *label, MlirAttribute attr) {
  printf("%s: ", label);
  if (mlirAttributeIsNull(attr))
    printf("<null>");
  else
    mlirAttributePrint(attr, printToStdout, NULL);
  printf("\n");
}

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

static const char *kModule =
    "gspmd.mesh @mesh [\"data\"=2, \"model\"=4]\n"
    "gspmd.mesh @ring [\"x\"=2, \"y\"=2] devices = [0, 2, 1, 3]\n"
    "func.func @f(%a: tensor<8x16xf32> {gspmd.sharding = "
    "#gspmd.tiled<@mesh, [[\"data\"], [\"model\"]]>}) -> tensor<8x16xf32> {\n"
    "  %0 = gspmd.sharding_constraint %a, #gspmd.partially_tiled<@mesh, "
    "[[\"data\"], []]> : tensor<8x16xf32>\n"
    "  return %0 : tensor<8x16xf32>\n"
    "}\n";

static void testAttributes(MlirContext ctx) {
  // CHECK-LABEL: attributes
  printf("attributes\n");
  MlirAttribute rep = gspmdReplicatedAttrGet(ctx);
  // CHECK: replicated: #gspmd.replicated
  printAttr("replicated", rep);
  // CHECK: is sharding 1 replicated 1 tiled 0
  printf("is sharding %d replicated %d tiled %d\n",
         gspmdAttributeIsASharding(rep), gspmdAttributeIsAReplicated(rep),
         gspmdAttributeIsATiled(rep));

  intptr_t numAxes[] = {2, 0};
  MlirStringRef axes[] = {str("data"), str("model")};
  MlirAttribute tiled = gspmdTiledAttrGet(ctx, str("mesh"), 2, numAxes, axes);
  // CHECK: tiled: #gspmd.tiled<@mesh, {{\[\["data", "model"\], \[\]\]}}>
  printAttr("tiled", tiled);
  // CHECK: mesh mesh rank 2 dim0 2 axes data,model dim1 0
  MlirStringRef mesh = gspmdShardingGetMeshName(tiled);
  MlirStringRef a0 = gspmdShardingGetDimAxis(tiled, 0, 0);
  MlirStringRef a1 = gspmdShardingGetDimAxis(tiled, 0, 1);
  printf("mesh %.*s rank %d dim0 %d axes %.*s,%.*s dim1 %d\n", (int)mesh.length,
         mesh.data, (int)gspmdShardingGetRank(tiled),
         (int)gspmdShardingGetDimNumAxes(tiled, 0), (int)a0.length, a0.data,
         (int)a1.length, a1.data, (int)gspmdShardingGetDimNumAxes(tiled, 1));

  intptr_t partialAxes[] = {0, 1};
  MlirStringRef modelAxis[] = {str("model")};
  MlirAttribute partial =
      gspmdPartiallyTiledAttrGet(ctx, str("mesh"), 2, partialAxes, modelAxis);
  // CHECK: partial: #gspmd.partially_tiled<@mesh, {{\[\[\], \["model"\]\]}}>
  printAttr("partial", partial);
  // CHECK: is partially tiled 1
  printf("is partially tiled %d\n", gspmdAttributeIsAPartiallyTiled(partial));
  MlirStringRef name = gspmdShardingAttrName();
  // CHECK: attr name gspmd.sharding
  printf("attr name %.*s\n", (int)name.length, name.data);
}

static void printHlo(MlirOperation mesh, MlirAttribute sharding,
                     bool explicitDevices) {
  MlirLogicalResult r = gspmdShardingAttrToHlo(mesh, sharding, explicitDevices,
                                               printToStdout, NULL);
  printf(" (%s)\n", mlirLogicalResultIsSuccess(r) ? "ok" : "failed");
}

static void testMeshAndAlgebra(MlirContext ctx, MlirModule module) {
  // CHECK-LABEL: meshes
  printf("meshes\n");
  MlirOperation moduleOp = mlirModuleGetOperation(module);
  MlirOperation mesh = gspmdMeshLookup(moduleOp, str("mesh"));
  MlirOperation ring = gspmdMeshLookup(moduleOp, str("ring"));
  // CHECK: mesh axes 2: data=2 model=4 devices 8 explicit 0
  printf("mesh axes %d: ", (int)gspmdMeshGetNumAxes(mesh));
  for (intptr_t i = 0; i < gspmdMeshGetNumAxes(mesh); ++i) {
    MlirStringRef n = gspmdMeshGetAxisName(mesh, i);
    printf("%.*s=%d ", (int)n.length, n.data,
           (int)gspmdMeshGetAxisSize(mesh, i));
  }
  printf("devices %d explicit %d\n", (int)gspmdMeshGetNumDevices(mesh),
         gspmdMeshHasDevices(mesh));
  // CHECK: ring explicit 1 device at 1: 2
  printf("ring explicit %d device at 1: %d\n", gspmdMeshHasDevices(ring),
         (int)gspmdMeshGetDevice(ring, 1));
  // CHECK: missing mesh null 1
  printf("missing mesh null %d\n",
         mlirOperationIsNull(gspmdMeshLookup(moduleOp, str("nope"))));

  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirStringRef names[] = {str("x"), str("y")};
  int64_t sizes[] = {2, 2};
  int64_t devices[] = {0, 2, 1, 3};
  MlirOperation created =
      gspmdMeshCreate(loc, str("made"), 2, names, sizes, 4, devices);
  // CHECK: gspmd.mesh @made ["x"=2, "y"=2] devices = [0, 2, 1, 3]
  mlirOperationPrint(created, printToStdout, NULL);
  printf("\n");
  mlirOperationDestroy(created);

  // CHECK-LABEL: mesh_split
  printf("mesh_split\n");
  int64_t both[] = {0, 1}, dataOnly[] = {0, -1}, none[] = {-1, -1};
  int64_t twice[] = {1, 1};
  // CHECK: split [0, 1]: #gspmd.tiled<@mesh, {{\[\["data"\], \["model"\]\]}}>
  printAttr("split [0, 1]", gspmdShardingAttrGetMeshSplit(mesh, 2, both));
  // clang-format off
  // CHECK: split [0, -1]: #gspmd.partially_tiled<@mesh, {{\[\["data"\], \[\]\]}}>
  // clang-format on
  printAttr("split [0, -1]", gspmdShardingAttrGetMeshSplit(mesh, 2, dataOnly));
  // CHECK: split [-1, -1]: #gspmd.replicated
  printAttr("split [-1, -1]", gspmdShardingAttrGetMeshSplit(mesh, 2, none));
  // CHECK: error: mesh_split: {{.*}}
  // CHECK: split [1, 1]: <null>
  printAttr("split [1, 1]", gspmdShardingAttrGetMeshSplit(mesh, 2, twice));

  // CHECK-LABEL: hlo
  printf("hlo\n");
  // CHECK: {devices=[2,1,4]<=[8] last_tile_dim_replicate} (ok)
  printHlo(mesh, gspmdShardingAttrGetMeshSplit(mesh, 2, dataOnly), false);
  // CHECK: {devices=[2,4]<=[8]} (ok)
  printHlo(mesh, gspmdShardingAttrGetMeshSplit(mesh, 2, both), false);
  // CHECK: {devices=[2,4]0,1,2,3,4,5,6,7} (ok)
  printHlo(mesh, gspmdShardingAttrGetMeshSplit(mesh, 2, both), true);
  // CHECK: {replicated} (ok)
  printHlo((MlirOperation){NULL}, gspmdReplicatedAttrGet(ctx), false);
  int64_t swapped[] = {1, 0};
  // CHECK: {devices=[4,2]<=[2,4]T(1,0)} (ok)
  printHlo(mesh, gspmdShardingAttrGetMeshSplit(mesh, 2, swapped), false);

  MlirOperation newMesh;
  MlirAttribute imported = gspmdShardingAttrFromHlo(
      loc, str("{devices=[4,8]<=[8,4]T(1,0)}"), 2, (MlirOperation){NULL},
      str("imported"), &newMesh);
  // CHECK: imported: #gspmd.tiled<@imported, {{\[\["a1"\], \["a0"\]\]}}>
  printAttr("imported", imported);
  // CHECK: gspmd.mesh @imported ["a0"=8, "a1"=4]
  mlirOperationPrint(newMesh, printToStdout, NULL);
  printf("\n");
  // CHECK: {devices=[4,8]<=[8,4]T(1,0)} (ok)
  printHlo(newMesh, imported, false);
  mlirOperationDestroy(newMesh);

  MlirAttribute hinted = gspmdShardingAttrFromHlo(
      loc, str("{devices=[2,1,4]<=[8] last_tile_dim_replicate}"), 2, mesh,
      str("unused"), &newMesh);
  // clang-format off
  // CHECK: hinted: #gspmd.partially_tiled<@mesh, {{\[\["data"\], \[\]\]}}> new mesh 0
  // clang-format on
  printf("hinted: ");
  mlirAttributePrint(hinted, printToStdout, NULL);
  printf(" new mesh %d\n", !mlirOperationIsNull(newMesh));

  // CHECK: error: from HLO sharding: {{.*}}
  // CHECK: bad: <null>
  printAttr("bad", gspmdShardingAttrFromHlo(loc, str("{maximal device=0}"), 2,
                                            mesh, str("m"), &newMesh));
}

/* A tiny pass written in C: counts the ops it visits. */
static MlirPass createCountPass(void);

static void countOps(MlirOperation op, MlirExternalPass ext, void *userData) {
  (void)ext;
  int *count = (int *)userData;
  ++*count;
  MlirRegion region = mlirOperationGetRegion(op, 0);
  MlirBlock block = mlirRegionGetFirstBlock(region);
  for (MlirOperation o = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    ++*count;
}

static int visitedOps = 0;

static void constructNothing(void *userData) { (void)userData; }
static void destructNothing(void *userData) { (void)userData; }
static void *cloneShared(void *userData) { return userData; }

static MlirPass createCountPass(void) {
  static MlirTypeIDAllocator allocator;
  static MlirTypeID typeID;
  if (!allocator.ptr) {
    allocator = mlirTypeIDAllocatorCreate();
    typeID = mlirTypeIDAllocatorAllocateTypeID(allocator);
  }
  MlirExternalPassCallbacks callbacks = {constructNothing, destructNothing,
                                         NULL, cloneShared, countOps};
  return mlirCreateExternalPass(typeID, str("capi-count-pass"),
                                str("capi-count"), str("counts top-level ops"),
                                str("builtin.module"), 0, NULL, callbacks,
                                &visitedOps);
}

static void testPasses(MlirContext ctx, MlirModule module) {
  // CHECK-LABEL: passes
  printf("passes\n");
  gspmdRegisterPassConstructor(createCountPass);
  gspmdRegisterPassConstructor(createCountPass); /* second call: no-op */
  MlirLogicalResult r = gspmdRunPipeline(module, str("capi-count"));
  // CHECK: by name: ok, visited 4
  printf("by name: %s, visited %d\n",
         mlirLogicalResultIsSuccess(r) ? "ok" : "failed", visitedOps);
  // CHECK: error: invalid pass pipeline: {{.*}}no-such-pass
  // CHECK: unknown pass: failed
  r = gspmdRunPipeline(module, str("no-such-pass"));
  printf("unknown pass: %s\n", mlirLogicalResultIsSuccess(r) ? "ok" : "failed");
  // CHECK: upstream canonicalize: ok
  r = gspmdRunPipeline(module, str("builtin.module(canonicalize)"));
  printf("upstream canonicalize: %s\n",
         mlirLogicalResultIsSuccess(r) ? "ok" : "failed");
  (void)ctx;
}

static void testTransformText(void) {
  // CHECK-LABEL: transform text
  printf("transform text\n");
  MlirLogicalResult r = gspmdTransformText(str(kModule), str("cse"),
                                           printToStdout, printToStdout, NULL);
  // CHECK: gspmd.sharding_constraint
  // CHECK: ok 1
  printf("ok %d\n", mlirLogicalResultIsSuccess(r));
  const char *bad = "gspmd.mesh @m [\"x\"=2]\n"
                    "func.func @g(%a: tensor<4xf32> {gspmd.sharding = "
                    "#gspmd.tiled<@m, [[\"y\"]]>}) { return }\n";
  r = gspmdTransformText(str(bad), str(""), printToStdout, printToStdout, NULL);
  // clang-format off
  // CHECK: <input>:2:{{[0-9]+}}: error: argument #0: unknown mesh axis "y" in mesh @m
  // CHECK: ok 0
  // clang-format on
  printf("\nok %d\n", mlirLogicalResultIsSuccess(r));
}

static void testCheck(MlirContext ctx) {
  // CHECK-LABEL: inputs and verdict
  printf("inputs and verdict\n");
  /* Inputs are k/256, the same in every float kind. */
  int64_t shape[2] = {2, 3};
  float f32[6];
  double f64[6];
  uint16_t bf16[6];
  gspmdInputFill(5, 1, GSPMD_ELEM_F32, 2, shape, f32);
  gspmdInputFill(5, 1, GSPMD_ELEM_F64, 2, shape, f64);
  gspmdInputFill(5, 1, GSPMD_ELEM_BF16, 2, shape, bf16);
  bool same = true;
  for (int i = 0; i < 6; ++i) {
    uint32_t bits = (uint32_t)bf16[i] << 16;
    float b;
    memcpy(&b, &bits, sizeof(b));
    same &=
        f32[i] == f64[i] && b == f32[i] && f64[i] * 256 == (int)(f64[i] * 256);
  }
  // CHECK-NEXT: kinds agree 1
  printf("kinds agree %d\n", same);
  double ref64[3] = {1.0, -2.0, 0.5};
  double ref[3] = {1.0 + 0x1p-22, -2.0, 0.5};
  double got[3] = {1.0, -2.0 - 0x1p-21, 0.5};
  GspmdCheckStats s;
  bool pass = gspmdCheckFloats(GSPMD_ELEM_F32, 3, got, ref, ref64, &s);
  // CHECK-NEXT: rounding PASS 1 bad 0
  printf("rounding PASS %d bad %lld\n", pass, (long long)s.num_bad);
  got[2] = 0.5005;
  pass = gspmdCheckFloats(GSPMD_ELEM_F32, 3, got, ref, ref64, &s);
  // CHECK-NEXT: off by 1e-3 PASS 0 worst 2
  printf("off by 1e-3 PASS %d worst %lld\n", pass, (long long)s.worst_index);
  /* The f64 confirmation: element 2 off by 3 times its allowance in the
   * own-precision run only (rounding) passes; off so in f64 too, it fails. */
  got[2] = 0.5 + 3 * (10 * 0x1p-24 + 8 * 0x1p-24);
  double got64[3] = {1.0, -2.0, 0.5 + 0x1p-52};
  GspmdCheckStats w;
  pass = gspmdCheckFloatsConfirmed(GSPMD_ELEM_F32, 3, got, got64, ref, ref64,
                                   &s, &w);
  // CHECK-NEXT: confirmed PASS 1 judged in f64 2
  printf("confirmed PASS %d judged in f64 %lld\n", pass,
         (long long)w.worst_index);
  got64[2] = got[2];
  // CHECK-NEXT: the same in f64 PASS 0
  printf("the same in f64 PASS %d\n",
         gspmdCheckFloatsConfirmed(GSPMD_ELEM_F32, 3, got, got64, ref, ref64,
                                   NULL, NULL));
  int64_t a[2] = {3, 4}, b[2] = {3, 5};
  // CHECK-NEXT: ints 1 0
  printf("ints %d %d\n", gspmdCheckInts(2, a, a, NULL),
         gspmdCheckInts(2, a, b, NULL));
  /* gspmd-promote-f64 through the C API. */
  MlirModule m = mlirModuleCreateParse(
      ctx, str("func.func @h(%a: tensor<4xbf16>) -> tensor<4xf32> {\n"
               "  %b = arith.extf %a : tensor<4xbf16> to tensor<4xf32>\n"
               "  return %b : tensor<4xf32>\n}\n"));
  MlirLogicalResult r = gspmdRunPipeline(m, str("gspmd-promote-f64"));
  // CHECK-NEXT: promoted 1
  // CHECK-NEXT: module {
  // CHECK-NEXT: func.func @h(%arg0: tensor<4xf64>) -> tensor<4xf64> {
  // CHECK-NEXT: return %arg0 : tensor<4xf64>
  printf("promoted %d\n", mlirLogicalResultIsSuccess(r));
  mlirOperationPrint(mlirModuleGetOperation(m), printToStdout, NULL);
  printf("\n");
  mlirModuleDestroy(m);
}

static void printDiagnostic(MlirDiagnostic diag, void *userData) {
  (void)userData;
  printf("error: ");
  mlirDiagnosticPrint(diag, printToStdout, NULL);
  printf("\n");
}

static MlirLogicalResult handleDiagnostic(MlirDiagnostic diag, void *userData) {
  printDiagnostic(diag, userData);
  return mlirLogicalResultSuccess();
}

int main(void) {
  gspmdRegisterAllPasses();
  MlirContext ctx = gspmdContextCreate();
  mlirContextAttachDiagnosticHandler(ctx, handleDiagnostic, NULL, NULL);
  MlirModule module = mlirModuleCreateParse(ctx, str(kModule));
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "parse failed\n");
    return 1;
  }
  testAttributes(ctx);
  testMeshAndAlgebra(ctx, module);
  testPasses(ctx, module);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  testTransformText();
  ctx = gspmdContextCreate();
  testCheck(ctx);
  mlirContextDestroy(ctx);
  return 0;
}
