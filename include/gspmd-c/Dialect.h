/*===- gspmd-c/Dialect.h - C API for the gspmd dialect ------------*- C -*-===*\
|*                                                                            *|
|* The gspmd dialect: device meshes with named axes, sharding attributes and  *|
|* the sharding constraint. Modelled on mlir-c/IR.h: handles are passed by    *|
|* value and every function says who owns what it returns.                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef GSPMD_C_DIALECT_H
#define GSPMD_C_DIALECT_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(GSPMD, gspmd);

/// Inserts the gspmd dialect and every upstream dialect and extension into
/// `registry` (what gspmd-opt knows). Does not take ownership of `registry`.
MLIR_CAPI_EXPORTED void gspmdRegisterAllDialects(MlirDialectRegistry registry);

/// Creates a context with all dialects of gspmdRegisterAllDialects registered
/// (loaded lazily). The caller owns the context (mlirContextDestroy).
MLIR_CAPI_EXPORTED MlirContext gspmdContextCreate(void);

//===----------------------------------------------------------------------===//
// Sharding attributes
//===----------------------------------------------------------------------===//

/// Returns true for #gspmd.replicated, #gspmd.tiled, #gspmd.partially_tiled.
MLIR_CAPI_EXPORTED bool gspmdAttributeIsASharding(MlirAttribute attr);
/// Returns true if `attr` is #gspmd.replicated.
MLIR_CAPI_EXPORTED bool gspmdAttributeIsAReplicated(MlirAttribute attr);
/// Returns true if `attr` is #gspmd.tiled<...>.
MLIR_CAPI_EXPORTED bool gspmdAttributeIsATiled(MlirAttribute attr);
/// Returns true if `attr` is #gspmd.partially_tiled<...>.
MLIR_CAPI_EXPORTED bool gspmdAttributeIsAPartiallyTiled(MlirAttribute attr);

/// Returns #gspmd.replicated. The attribute is owned by the context.
MLIR_CAPI_EXPORTED MlirAttribute gspmdReplicatedAttrGet(MlirContext ctx);

/// Returns #gspmd.tiled<@mesh, dims>. Tensor dim d is split by the
/// numAxesPerDim[d] axis names that follow those of dims < d in `axes`
/// (major to minor). The caller must not list an axis twice; the names are
/// checked against the mesh when the IR that uses the attribute is verified.
/// The attribute is owned by the context; the arrays are only read.
MLIR_CAPI_EXPORTED MlirAttribute
gspmdTiledAttrGet(MlirContext ctx, MlirStringRef mesh, intptr_t rank,
                  const intptr_t *numAxesPerDim, const MlirStringRef *axes);

/// As gspmdTiledAttrGet, for #gspmd.partially_tiled<@mesh, dims>.
MLIR_CAPI_EXPORTED MlirAttribute gspmdPartiallyTiledAttrGet(
    MlirContext ctx, MlirStringRef mesh, intptr_t rank,
    const intptr_t *numAxesPerDim, const MlirStringRef *axes);

/// Returns the mesh symbol name of a tiled or partially tiled sharding, or an
/// empty string for #gspmd.replicated. The string is owned by the context.
MLIR_CAPI_EXPORTED MlirStringRef gspmdShardingGetMeshName(MlirAttribute attr);

/// Returns the number of tensor dims a tiled sharding describes (0 for
/// #gspmd.replicated, which fits any rank).
MLIR_CAPI_EXPORTED intptr_t gspmdShardingGetRank(MlirAttribute attr);

/// Returns how many mesh axes split tensor dim `dim`.
MLIR_CAPI_EXPORTED intptr_t gspmdShardingGetDimNumAxes(MlirAttribute attr,
                                                       intptr_t dim);

/// Returns the name of the `pos`-th axis (major to minor) splitting `dim`.
/// The string is owned by the context.
MLIR_CAPI_EXPORTED MlirStringRef gspmdShardingGetDimAxis(MlirAttribute attr,
                                                         intptr_t dim,
                                                         intptr_t pos);

/// Returns the name of the attribute holding shardings: "gspmd.sharding"
/// (an array with one entry per result on ops; one sharding on function
/// arguments and results). The string is static.
MLIR_CAPI_EXPORTED MlirStringRef gspmdShardingAttrName(void);

//===----------------------------------------------------------------------===//
// Meshes
//===----------------------------------------------------------------------===//

/// Returns true if `op` is a gspmd.mesh.
MLIR_CAPI_EXPORTED bool gspmdOperationIsAMesh(MlirOperation op);

/// Creates a detached `gspmd.mesh @name [...]` op. `devices` may be NULL
/// (row-major order); otherwise it holds `numDevices` device ids, one per
/// row-major mesh position. The caller owns the op until it is inserted into
/// a block (mlirBlockInsertOwnedOperation...). The arrays are only read. The
/// op is not verified here: call mlirOperationVerify, which reports bad
/// sizes, names or device lists as diagnostics.
MLIR_CAPI_EXPORTED MlirOperation
gspmdMeshCreate(MlirLocation loc, MlirStringRef name, intptr_t numAxes,
                const MlirStringRef *axisNames, const int64_t *axisSizes,
                intptr_t numDevices, const int64_t *devices);

// The mesh getters below require `mesh` to be a gspmd.mesh op
// (gspmdOperationIsAMesh); the sharding getters above that take a dim require
// a tiled or partially tiled sharding.

/// Returns the mesh's symbol name (owned by the context).
MLIR_CAPI_EXPORTED MlirStringRef gspmdMeshGetName(MlirOperation mesh);
/// Returns the number of mesh axes.
MLIR_CAPI_EXPORTED intptr_t gspmdMeshGetNumAxes(MlirOperation mesh);
/// Returns the name of axis `i` (owned by the context).
MLIR_CAPI_EXPORTED MlirStringRef gspmdMeshGetAxisName(MlirOperation mesh,
                                                      intptr_t i);
/// Returns the size of axis `i`.
MLIR_CAPI_EXPORTED int64_t gspmdMeshGetAxisSize(MlirOperation mesh, intptr_t i);
/// Returns the number of devices (product of the axis sizes).
MLIR_CAPI_EXPORTED int64_t gspmdMeshGetNumDevices(MlirOperation mesh);
/// Returns true if the mesh lists its devices explicitly.
MLIR_CAPI_EXPORTED bool gspmdMeshHasDevices(MlirOperation mesh);
/// Returns the device id at row-major mesh position `pos` (pos itself when
/// the mesh has no devices list).
MLIR_CAPI_EXPORTED int64_t gspmdMeshGetDevice(MlirOperation mesh, int64_t pos);

/// Looks up the mesh named `name` in the nearest symbol table enclosing
/// `from` (or in `from` itself if it is one, e.g. a module). Returns a null
/// operation if there is none. The mesh remains owned by its block.
MLIR_CAPI_EXPORTED MlirOperation gspmdMeshLookup(MlirOperation from,
                                                 MlirStringRef name);

//===----------------------------------------------------------------------===//
// Sharding algebra entry points
//===----------------------------------------------------------------------===//

/// mesh_split from the GSPMD paper: dimsMapping[i] is the index of the mesh
/// axis splitting tensor dim i, or -1. Returns #gspmd.tiled when every axis
/// of size > 1 is used, #gspmd.partially_tiled when some are, and
/// #gspmd.replicated when none is. On a bad mapping (axis out of range or
/// used twice) emits an error at the mesh's location and returns a null
/// attribute. The array is only read; the attribute is owned by the context.
MLIR_CAPI_EXPORTED MlirAttribute gspmdShardingAttrGetMeshSplit(
    MlirOperation mesh, intptr_t rank, const int64_t *dimsMapping);

/// Writes the XLA HloSharding text of `sharding` on `mesh` (e.g.
/// "{devices=[2,1,4]<=[8] last_tile_dim_replicate}") through `callback`, in
/// one call. `mesh` may be null for #gspmd.replicated. With
/// `explicitDevices`, the device list is printed instead of the iota form.
/// Returns failure (with a diagnostic on the mesh, or on an unknown location
/// when it is null) if the sharding does not fit the mesh.
MLIR_CAPI_EXPORTED MlirLogicalResult gspmdShardingAttrToHlo(
    MlirOperation mesh, MlirAttribute sharding, bool explicitDevices,
    MlirStringCallback callback, void *userData);

/// Parses an XLA HloSharding string for a tensor of rank `rank`. If
/// `hintMesh` is not null and the sharding can be written on it, the result
/// refers to it and *newMesh is set to null. Otherwise an equivalent mesh is
/// created as a detached op named `newMeshName` at `loc`, owned by the
/// caller, and returned through *newMesh (null for {replicated}). Returns the
/// sharding (owned by the context), or a null attribute after emitting an
/// error at `loc` when the text is malformed or unsupported.
MLIR_CAPI_EXPORTED MlirAttribute gspmdShardingAttrFromHlo(
    MlirLocation loc, MlirStringRef hlo, intptr_t rank, MlirOperation hintMesh,
    MlirStringRef newMeshName, MlirOperation *newMesh);

#ifdef __cplusplus
}
#endif

#endif /* GSPMD_C_DIALECT_H */
