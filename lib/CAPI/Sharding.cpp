//===- Sharding.cpp - C API: mesh_split and HLO sharding strings ----------===//
//
// Bridges attributes and mesh ops to lib/Sharding, which does the work.
//
//===----------------------------------------------------------------------===//

#include "GSPMDDialect.h"
#include "gspmd-c/Dialect.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::gspmd;

MlirAttribute gspmdShardingAttrGetMeshSplit(MlirOperation meshOp, intptr_t rank,
                                            const int64_t *dimsMapping) {
  auto mesh = cast<MeshOp>(unwrap(meshOp));
  auto emitError = [&] { return mesh.emitError() << "mesh_split: "; };
  AlgebraMesh algebraMesh;
  if (failed(toAlgebraMesh(mesh, algebraMesh, emitError)))
    return {nullptr};
  if (rank > GSPMD_MAX_RANK) {
    emitError() << "rank " << rank << " exceeds " << GSPMD_MAX_RANK;
    return {nullptr};
  }
  GspmdSharding sharding;
  char err[256];
  if (!gspmdMeshSplit(&algebraMesh.mesh, dimsMapping, static_cast<int>(rank),
                      &sharding, err, sizeof(err))) {
    emitError() << err;
    return {nullptr};
  }
  return wrap(fromAlgebraSharding(mesh.getContext(), mesh.getSymName(),
                                  algebraMesh.mesh, sharding));
}

MlirLogicalResult gspmdShardingAttrToHlo(MlirOperation meshOp,
                                         MlirAttribute shardingAttr,
                                         bool explicitDevices,
                                         MlirStringCallback callback,
                                         void *userData) {
  Attribute attr = unwrap(shardingAttr);
  GspmdMesh empty = {};
  empty.num_axes = 0;
  AlgebraMesh algebraMesh;
  algebraMesh.mesh = empty;
  GspmdSharding sharding = gspmdShardingReplicated(0);
  if (!isa<ReplicatedAttr>(attr)) {
    Operation *op = unwrap(meshOp);
    auto mesh = dyn_cast_or_null<MeshOp>(op);
    auto emitError = [&] {
      return (op ? op->emitError()
                 : mlir::emitError(UnknownLoc::get(attr.getContext())))
             << "to HLO sharding: ";
    };
    if (!mesh)
      return wrap(
          (emitError() << "a tiled sharding needs its mesh", failure()));
    if (getShardingMesh(attr).getValue() != mesh.getSymName())
      return wrap((emitError() << "sharding refers to @"
                               << getShardingMesh(attr).getValue() << ", not @"
                               << mesh.getSymName(),
                   failure()));
    if (failed(toAlgebraMesh(mesh, algebraMesh, emitError)) ||
        failed(
            toAlgebraSharding(attr, algebraMesh, Type(), sharding, emitError)))
      return wrap(failure());
  }
  int flags = explicitDevices ? GSPMD_HLO_EXPLICIT_LIST : GSPMD_HLO_DEFAULT;
  size_t need =
      gspmdShardingToHlo(&algebraMesh.mesh, &sharding, flags, nullptr, 0);
  std::string text(need + 1, '\0');
  gspmdShardingToHlo(&algebraMesh.mesh, &sharding, flags, text.data(),
                     text.size());
  text.resize(need);
  callback(wrap(StringRef(text)), userData);
  return wrap(success());
}

// A detached mesh op for an imported mesh.
static MeshOp createMesh(Location loc, StringRef name, const GspmdMesh &mesh) {
  OpBuilder b(loc.getContext());
  SmallVector<StringRef> names;
  SmallVector<int64_t> sizes;
  for (int i = 0; i < mesh.num_axes; ++i) {
    names.push_back(mesh.axis_names[i]);
    sizes.push_back(mesh.axis_sizes[i]);
  }
  DenseI64ArrayAttr devices;
  if (mesh.devices)
    devices = b.getDenseI64ArrayAttr(
        ArrayRef<int64_t>(mesh.devices, gspmdMeshNumDevices(&mesh)));
  return MeshOp::create(b, loc, name, b.getStrArrayAttr(names),
                        b.getDenseI64ArrayAttr(sizes), devices);
}

MlirAttribute gspmdShardingAttrFromHlo(MlirLocation locHandle,
                                       MlirStringRef hlo, intptr_t rank,
                                       MlirOperation hintMeshOp,
                                       MlirStringRef newMeshName,
                                       MlirOperation *newMesh) {
  Location loc = unwrap(locHandle);
  MLIRContext *ctx = loc.getContext();
  *newMesh = {nullptr};
  auto hint = dyn_cast_or_null<MeshOp>(unwrap(hintMeshOp));
  auto emitError = [&] {
    return mlir::emitError(loc) << "from HLO sharding: ";
  };
  AlgebraMesh hintMesh;
  if (hint && failed(toAlgebraMesh(hint, hintMesh, emitError)))
    return {nullptr};
  if (rank < 0 || rank > GSPMD_MAX_RANK) {
    emitError() << "rank " << rank << " is out of range";
    return {nullptr};
  }
  std::string text = unwrap(hlo).str();
  GspmdSharding sharding;
  GspmdOwnedMesh built = {};
  bool usedHint = false;
  char err[256];
  if (!gspmdShardingFromHlo(text.c_str(), static_cast<int>(rank),
                            hint ? &hintMesh.mesh : nullptr, &sharding, &built,
                            &usedHint, err, sizeof(err))) {
    emitError() << err;
    gspmdOwnedMeshDestroy(&built);
    return {nullptr};
  }
  Attribute result;
  if (usedHint) {
    result =
        fromAlgebraSharding(ctx, hint.getSymName(), hintMesh.mesh, sharding);
  } else if (gspmdShardingNumTiles(&built.mesh, &sharding) == 1 &&
             gspmdMeshNumDevices(&built.mesh) == 1) {
    result = ReplicatedAttr::get(ctx);
  } else {
    MeshOp mesh = createMesh(loc, unwrap(newMeshName), built.mesh);
    AlgebraMesh algebraMesh;
    (void)toAlgebraMesh(mesh, algebraMesh, emitError);
    result =
        fromAlgebraSharding(ctx, mesh.getSymName(), algebraMesh.mesh, sharding);
    *newMesh = wrap(mesh.getOperation());
  }
  gspmdOwnedMeshDestroy(&built);
  return wrap(result);
}
