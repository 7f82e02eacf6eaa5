//===- Dialect.cpp - C API: gspmd dialect, attributes, meshes -------------===//
//
// One-line wrappers in the style of MLIR's own lib/CAPI. Layout arithmetic
// lives in lib/Sharding; this file only converts handles.
//
//===----------------------------------------------------------------------===//

#include "gspmd-c/Dialect.h"
#include "GSPMDDialect.h"

#include "mlir-c/RegisterEverything.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::gspmd;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(GSPMD, gspmd, GSPMDDialect)

void gspmdRegisterAllDialects(MlirDialectRegistry registry) {
  mlirRegisterAllDialects(registry);
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__gspmd__(), registry);
}

MlirContext gspmdContextCreate(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  gspmdRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  // Builders (gspmdReplicatedAttrGet, gspmdMeshCreate) need it loaded.
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__gspmd__(), ctx);
  return ctx;
}

//===----------------------------------------------------------------------===//
// Sharding attributes
//===----------------------------------------------------------------------===//

bool gspmdAttributeIsASharding(MlirAttribute attr) {
  return isShardingAttr(unwrap(attr));
}
bool gspmdAttributeIsAReplicated(MlirAttribute attr) {
  return isa<ReplicatedAttr>(unwrap(attr));
}
bool gspmdAttributeIsATiled(MlirAttribute attr) {
  return isa<TiledAttr>(unwrap(attr));
}
bool gspmdAttributeIsAPartiallyTiled(MlirAttribute attr) {
  return isa<PartiallyTiledAttr>(unwrap(attr));
}

MlirAttribute gspmdReplicatedAttrGet(MlirContext ctx) {
  return wrap(ReplicatedAttr::get(unwrap(ctx)));
}

static ArrayAttr buildDims(MLIRContext *ctx, intptr_t rank,
                           const intptr_t *numAxesPerDim,
                           const MlirStringRef *axes) {
  Builder b(ctx);
  SmallVector<Attribute> dims;
  intptr_t next = 0;
  for (intptr_t d = 0; d < rank; ++d) {
    SmallVector<Attribute> names;
    for (intptr_t i = 0; i < numAxesPerDim[d]; ++i)
      names.push_back(b.getStringAttr(unwrap(axes[next++])));
    dims.push_back(b.getArrayAttr(names));
  }
  return b.getArrayAttr(dims);
}

MlirAttribute gspmdTiledAttrGet(MlirContext ctx, MlirStringRef mesh,
                                intptr_t rank, const intptr_t *numAxesPerDim,
                                const MlirStringRef *axes) {
  MLIRContext *c = unwrap(ctx);
  return wrap(TiledAttr::get(c, FlatSymbolRefAttr::get(c, unwrap(mesh)),
                             buildDims(c, rank, numAxesPerDim, axes)));
}

MlirAttribute gspmdPartiallyTiledAttrGet(MlirContext ctx, MlirStringRef mesh,
                                         intptr_t rank,
                                         const intptr_t *numAxesPerDim,
                                         const MlirStringRef *axes) {
  MLIRContext *c = unwrap(ctx);
  return wrap(PartiallyTiledAttr::get(c,
                                      FlatSymbolRefAttr::get(c, unwrap(mesh)),
                                      buildDims(c, rank, numAxesPerDim, axes)));
}

static ArrayAttr dimsOf(MlirAttribute attr) {
  return getShardingDims(unwrap(attr));
}

MlirStringRef gspmdShardingGetMeshName(MlirAttribute attr) {
  FlatSymbolRefAttr mesh = getShardingMesh(unwrap(attr));
  return wrap(mesh ? mesh.getValue() : StringRef());
}

intptr_t gspmdShardingGetRank(MlirAttribute attr) {
  ArrayAttr dims = dimsOf(attr);
  return dims ? static_cast<intptr_t>(dims.size()) : 0;
}

intptr_t gspmdShardingGetDimNumAxes(MlirAttribute attr, intptr_t dim) {
  return static_cast<intptr_t>(cast<ArrayAttr>(dimsOf(attr)[dim]).size());
}

MlirStringRef gspmdShardingGetDimAxis(MlirAttribute attr, intptr_t dim,
                                      intptr_t pos) {
  auto axes = cast<ArrayAttr>(dimsOf(attr)[dim]);
  return wrap(cast<StringAttr>(axes[pos]).getValue());
}

MlirStringRef gspmdShardingAttrName(void) {
  return wrap(GSPMDDialect::kShardingAttrName);
}

//===----------------------------------------------------------------------===//
// Meshes
//===----------------------------------------------------------------------===//

static MeshOp meshOf(MlirOperation op) { return cast<MeshOp>(unwrap(op)); }

bool gspmdOperationIsAMesh(MlirOperation op) { return isa<MeshOp>(unwrap(op)); }

MlirOperation gspmdMeshCreate(MlirLocation loc, MlirStringRef name,
                              intptr_t numAxes, const MlirStringRef *axisNames,
                              const int64_t *axisSizes, intptr_t numDevices,
                              const int64_t *devices) {
  Location l = unwrap(loc);
  OpBuilder b(l.getContext());
  SmallVector<StringRef> names;
  for (intptr_t i = 0; i < numAxes; ++i)
    names.push_back(unwrap(axisNames[i]));
  ArrayRef<int64_t> sizes(axisSizes, numAxes);
  DenseI64ArrayAttr deviceAttr;
  if (devices)
    deviceAttr = b.getDenseI64ArrayAttr(ArrayRef<int64_t>(devices, numDevices));
  auto mesh = MeshOp::create(b, l, unwrap(name), b.getStrArrayAttr(names),
                             b.getDenseI64ArrayAttr(sizes), deviceAttr);
  return wrap(mesh.getOperation());
}

MlirStringRef gspmdMeshGetName(MlirOperation mesh) {
  return wrap(meshOf(mesh).getSymName());
}
intptr_t gspmdMeshGetNumAxes(MlirOperation mesh) {
  return static_cast<intptr_t>(meshOf(mesh).getAxisSizes().size());
}
MlirStringRef gspmdMeshGetAxisName(MlirOperation mesh, intptr_t i) {
  return wrap(cast<StringAttr>(meshOf(mesh).getAxisNames()[i]).getValue());
}
int64_t gspmdMeshGetAxisSize(MlirOperation mesh, intptr_t i) {
  return meshOf(mesh).getAxisSizes()[i];
}
int64_t gspmdMeshGetNumDevices(MlirOperation mesh) {
  return meshOf(mesh).getNumDevices();
}
bool gspmdMeshHasDevices(MlirOperation mesh) {
  return meshOf(mesh).getDevices().has_value();
}
int64_t gspmdMeshGetDevice(MlirOperation mesh, int64_t pos) {
  std::optional<ArrayRef<int64_t>> devices = meshOf(mesh).getDevices();
  return devices ? (*devices)[pos] : pos;
}

MlirOperation gspmdMeshLookup(MlirOperation from, MlirStringRef name) {
  Operation *op = unwrap(from);
  auto ref = StringAttr::get(op->getContext(), unwrap(name));
  Operation *found = op->hasTrait<OpTrait::SymbolTable>()
                         ? SymbolTable::lookupSymbolIn(op, ref)
                         : SymbolTable::lookupNearestSymbolFrom(op, ref);
  return wrap(dyn_cast_or_null<MeshOp>(found).getOperation());
}
