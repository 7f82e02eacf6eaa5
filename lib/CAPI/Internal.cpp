//===- Internal.cpp - C API gaps our C passes need (gspmd/support.h) ------===//
//
// Thin wrappers only: remarks, linalg structure, the few attributes and
// types the C API cannot make (so that no IR is written as text), and
// conversions between sharding attributes and lib/Sharding's structs.
//
//===----------------------------------------------------------------------===//

#include "GSPMDDialect.h"
#include "gspmd/support.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::gspmd;

MlirStringRef gspmdOpName(MlirOperation op) {
  return wrap(unwrap(op)->getName().getStringRef());
}

MlirAttribute gspmdOpAttributes(MlirOperation op) {
  return wrap(unwrap(op)->getAttrDictionary());
}

void gspmdEmitRemark(MlirLocation loc, const char *message) {
  emitRemark(unwrap(loc)) << message;
}

void gspmdEmitWarning(MlirLocation loc, const char *message) {
  emitWarning(unwrap(loc)) << message;
}

MlirAttribute gspmdIteratorTypeAttr(MlirContext ctx, bool reduction) {
  return wrap(linalg::IteratorTypeAttr::get(
      unwrap(ctx), reduction ? utils::IteratorType::reduction
                             : utils::IteratorType::parallel));
}

MlirAttribute gspmdFastMathAttr(MlirContext ctx, bool reassoc) {
  return wrap(arith::FastMathFlagsAttr::get(
      unwrap(ctx),
      reassoc ? arith::FastMathFlags::reassoc : arith::FastMathFlags::none));
}

MlirType gspmdTosaShapeType(MlirContext ctx, int rank) {
  return wrap(tosa::shapeType::get(unwrap(ctx), rank));
}

bool gspmdOpIsLinalgStructured(MlirOperation op) {
  return isa<linalg::LinalgOp>(unwrap(op));
}

int gspmdLinalgLoops(MlirOperation op, bool *is_reduction, int max) {
  auto linalgOp = cast<linalg::LinalgOp>(unwrap(op));
  int n = static_cast<int>(linalgOp.getNumLoops());
  if (max <= 0)
    return n;
  SmallVector<utils::IteratorType> kinds = linalgOp.getIteratorTypesArray();
  for (int l = 0; l < n && l < max; ++l)
    is_reduction[l] = kinds[l] == utils::IteratorType::reduction;
  return n;
}

MlirOperation gspmdLookupSymbol(MlirOperation from, MlirStringRef symbol) {
  Operation *op = unwrap(from);
  return wrap(SymbolTable::lookupNearestSymbolFrom(
      op, StringAttr::get(op->getContext(), unwrap(symbol))));
}

bool gspmdMeshFromOp(MlirOperation meshOp, GspmdArena *arena, GspmdMesh *out) {
  auto mesh = dyn_cast_or_null<MeshOp>(unwrap(meshOp));
  if (!mesh || mesh.getAxisNames().size() > GSPMD_MAX_MESH_AXES)
    return false;
  *out = GspmdMesh{};
  out->num_axes = static_cast<int>(mesh.getAxisNames().size());
  for (int i = 0; i < out->num_axes; ++i) {
    StringRef name = cast<StringAttr>(mesh.getAxisNames()[i]).getValue();
    out->axis_names[i] = gspmdArenaStrndup(arena, name.data(), name.size());
    out->axis_sizes[i] = mesh.getAxisSizes()[i];
  }
  if (std::optional<ArrayRef<int64_t>> devices = mesh.getDevices())
    out->devices = devices->data();
  return true;
}

bool gspmdShardingFromAttr(MlirAttribute attrHandle, const GspmdMesh *mesh,
                           int rank, GspmdSharding *out) {
  Attribute attr = unwrap(attrHandle);
  *out = gspmdShardingReplicated(rank);
  if (isa<ReplicatedAttr>(attr))
    return true;
  ArrayAttr dims = getShardingDims(attr);
  return dims && static_cast<int>(dims.size()) == rank &&
         readShardingAxes(dims, *mesh, *out).empty();
}

MlirAttribute gspmdShardingToAttr(MlirContext ctx, MlirStringRef meshName,
                                  const GspmdMesh *mesh,
                                  const GspmdSharding *s) {
  return wrap(fromAlgebraSharding(unwrap(ctx), unwrap(meshName), *mesh, *s));
}

/* The sharding `attr` of `mesh` with `name` replaced by `parts`. */
static Attribute withAxisParts(Attribute attr, StringAttr mesh, StringAttr name,
                               ArrayRef<Attribute> parts) {
  FlatSymbolRefAttr ref = getShardingMesh(attr);
  ArrayAttr dims = getShardingDims(attr);
  if (!ref || !dims || ref.getAttr() != mesh)
    return attr;
  SmallVector<Attribute> newDims;
  for (Attribute dim : dims) {
    SmallVector<Attribute> axes;
    for (Attribute a : cast<ArrayAttr>(dim)) {
      if (a == name)
        axes.append(parts.begin(), parts.end());
      else
        axes.push_back(a);
    }
    newDims.push_back(ArrayAttr::get(attr.getContext(), axes));
  }
  ArrayAttr d = ArrayAttr::get(attr.getContext(), newDims);
  if (isa<TiledAttr>(attr))
    return TiledAttr::get(attr.getContext(), ref, d);
  return PartiallyTiledAttr::get(attr.getContext(), ref, d);
}

bool gspmdRefineMeshAxis(MlirOperation module, MlirOperation meshOp, int axis,
                         int64_t major) {
  auto mesh = cast<MeshOp>(unwrap(meshOp));
  MLIRContext *ctx = mesh.getContext();
  SmallVector<Attribute> names(mesh.getAxisNames().begin(),
                               mesh.getAxisNames().end());
  SmallVector<int64_t> sizes(mesh.getAxisSizes());
  if (axis < 0 || axis >= (int)sizes.size() || major <= 1 ||
      sizes[axis] <= major || sizes[axis] % major != 0)
    return false;
  auto name = cast<StringAttr>(names[axis]);
  int64_t minor = sizes[axis] / major;
  StringAttr majorName =
      StringAttr::get(ctx, name.getValue() + "_" + std::to_string(minor));
  StringAttr minorName = StringAttr::get(ctx, name.getValue() + "_1");
  if (llvm::is_contained(names, majorName) ||
      llvm::is_contained(names, minorName))
    return false;
  names[axis] = majorName;
  names.insert(names.begin() + axis + 1, minorName);
  sizes[axis] = major;
  sizes.insert(sizes.begin() + axis + 1, minor);
  mesh.setAxisNamesAttr(ArrayAttr::get(ctx, names));
  mesh.setAxisSizes(sizes);
  Attribute parts[] = {majorName, minorName};
  StringAttr meshName = mesh.getSymNameAttr();
  AttrTypeReplacer replacer;
  replacer.addReplacement([&](Attribute attr) -> std::optional<Attribute> {
    if (!isa<TiledAttr, PartiallyTiledAttr>(attr))
      return std::nullopt;
    return withAxisParts(attr, meshName, name, parts);
  });
  replacer.recursivelyReplaceElementsIn(unwrap(module), /*replaceAttrs=*/true,
                                        /*replaceLocs=*/false,
                                        /*replaceTypes=*/false);
  return true;
}

bool gspmdOpIsElementwise(MlirOperation op) {
  return unwrap(op)->hasTrait<OpTrait::Elementwise>();
}

bool gspmdOpWouldBeDead(MlirOperation op) {
  return wouldOpBeTriviallyDead(unwrap(op));
}

bool gspmdOpsAreTwins(MlirOperation a, MlirOperation b) {
  Operation *x = unwrap(a), *y = unwrap(b);
  return x != y && isMemoryEffectFree(x) &&
         OperationEquivalence::isEquivalentTo(
             x, y,
             OperationEquivalence::Flags::IgnoreLocations |
                 OperationEquivalence::Flags::IgnoreDiscardableAttrs);
}
