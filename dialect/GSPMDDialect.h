//===- GSPMDDialect.h - C++ declarations generated from GSPMD.td ----------===//
//
// Only the C++ glue (dialect/, lib/CAPI, lib/Plugin, tools) includes this;
// passes use the C API in include/gspmd-c.
//
//===----------------------------------------------------------------------===//
#ifndef GSPMD_DIALECT_H
#define GSPMD_DIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "gspmd/sharding.h"

#include "GSPMDDialect.h.inc"
#include "GSPMDEnums.h.inc"

namespace mlir::gspmd {
class MeshOp;
/// True for #gspmd.replicated, #gspmd.tiled and #gspmd.partially_tiled.
bool isShardingAttr(Attribute attr);
} // namespace mlir::gspmd

#define GET_ATTRDEF_CLASSES
#include "GSPMDAttrs.h.inc"

#define GET_OP_CLASSES
#include "GSPMDOps.h.inc"

namespace mlir::gspmd {

/// A mesh converted to the algebra's plain struct. The names are copied so
/// they are NUL-terminated; `mesh` borrows them and the devices list (which
/// lives in the context).
struct AlgebraMesh {
  GspmdMesh mesh;
  std::string names[GSPMD_MAX_MESH_AXES];
};

/// Fills `out` from a mesh op. Fails (with a diagnostic through emitError)
/// when the mesh has more axes than the algebra supports.
LogicalResult toAlgebraMesh(MeshOp mesh, AlgebraMesh &out,
                            function_ref<InFlightDiagnostic()> emitError);

/// Converts a sharding attribute to the algebra's struct on `mesh`, checking
/// axis names, duplicate axes, the kind, and the rank against `type` (when
/// it is a ranked tensor). `rank` is used for #gspmd.replicated.
LogicalResult toAlgebraSharding(Attribute sharding, const AlgebraMesh &mesh,
                                Type type, GspmdSharding &out,
                                function_ref<InFlightDiagnostic()> emitError);

/// Full check of a sharding attached to a value of type `type` at `anchor`:
/// resolves the mesh from the nearest symbol table, then toAlgebraSharding.
LogicalResult verifySharding(Operation *anchor, Attribute sharding, Type type,
                             function_ref<InFlightDiagnostic()> emitError,
                             SymbolTableCollection *symbols = nullptr);

/// Builds the attribute for an algebra sharding (replicated, tiled or
/// partially tiled as gspmdShardingKind decides).
Attribute fromAlgebraSharding(MLIRContext *ctx, StringRef meshName,
                              const GspmdMesh &mesh,
                              const GspmdSharding &sharding);

/// Mesh symbol of a tiled/partially tiled sharding; null for replicated.
FlatSymbolRefAttr getShardingMesh(Attribute sharding);

/// Per-dim axis lists of a tiled/partially tiled sharding; null otherwise.
ArrayAttr getShardingDims(Attribute sharding);

/// Reads the axis names of `dims` as indices into `mesh`. Returns the first
/// name the mesh does not have (out is then incomplete), or an empty string.
StringRef readShardingAxes(ArrayAttr dims, const GspmdMesh &mesh,
                           GspmdSharding &out);

} // namespace mlir::gspmd

#endif // GSPMD_DIALECT_H
