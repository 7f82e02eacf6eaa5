//===- GSPMDDialect.cpp - the C++ that ODS needs for the gspmd dialect ----===//
//
// Parsers and printers ODS cannot declare (the mesh, sharding_constraint),
// verifiers that need the mesh (axis names, kinds, ranks, collective shapes),
// and the dialect attribute verifiers that check `gspmd.sharding` wherever it
// appears. All layout arithmetic is delegated to lib/Sharding.
//
//===----------------------------------------------------------------------===//

#include "GSPMDDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::gspmd;

#include "GSPMDDialect.cpp.inc"
#include "GSPMDEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "GSPMDAttrs.cpp.inc"

#define GET_OP_CLASSES
#include "GSPMDOps.cpp.inc"

void GSPMDDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "GSPMDAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "GSPMDOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Attribute parsing
//===----------------------------------------------------------------------===//

// MLIR's grammar lets `: type` follow a dialect attribute, so in
// `gspmd.sharding_constraint %0, #gspmd.tiled<...> : tensor<8xf32>` the parser
// hands the op's type to the attribute parser. Keep it for the op's parser.
static thread_local Type trailingTypeAfterAttr;

Attribute GSPMDDialect::parseAttribute(DialectAsmParser &parser,
                                       Type type) const {
  if (type)
    trailingTypeAfterAttr = type;
  StringRef mnemonic;
  Attribute attr;
  SMLoc loc = parser.getCurrentLocation();
  OptionalParseResult result =
      generatedAttributeParser(parser, &mnemonic, type, attr);
  if (result.has_value())
    return succeeded(*result) ? attr : Attribute();
  parser.emitError(loc, "unknown gspmd attribute '") << mnemonic << "'";
  return {};
}

void GSPMDDialect::printAttribute(Attribute attr,
                                  DialectAsmPrinter &printer) const {
  (void)generatedAttributePrinter(attr, printer);
}

bool mlir::gspmd::isShardingAttr(Attribute attr) {
  return isa_and_nonnull<ReplicatedAttr, TiledAttr, PartiallyTiledAttr>(attr);
}

FlatSymbolRefAttr mlir::gspmd::getShardingMesh(Attribute sharding) {
  if (auto t = dyn_cast<TiledAttr>(sharding))
    return t.getMesh();
  if (auto p = dyn_cast<PartiallyTiledAttr>(sharding))
    return p.getMesh();
  return {};
}

ArrayAttr mlir::gspmd::getShardingDims(Attribute sharding) {
  if (auto t = dyn_cast<TiledAttr>(sharding))
    return t.getDims();
  if (auto p = dyn_cast<PartiallyTiledAttr>(sharding))
    return p.getDims();
  return {};
}

// Structure checks that need no mesh: dims are lists of axis names and no
// axis is used twice.
static LogicalResult
verifyTileDims(function_ref<InFlightDiagnostic()> emitError, ArrayAttr dims) {
  if (dims.size() > GSPMD_MAX_RANK)
    return emitError() << "sharding rank " << dims.size()
                       << " exceeds the supported maximum " << GSPMD_MAX_RANK;
  llvm::SmallDenseSet<StringAttr> seen;
  for (Attribute dim : dims) {
    auto axes = dyn_cast<ArrayAttr>(dim);
    if (!axes)
      return emitError() << "expected a list of mesh axis names per tensor "
                            "dim, got "
                         << dim;
    for (Attribute axis : axes) {
      auto name = dyn_cast<StringAttr>(axis);
      if (!name)
        return emitError() << "expected a mesh axis name string, got " << axis;
      if (!seen.insert(name).second)
        return emitError() << "mesh axis \"" << name.getValue()
                           << "\" is used twice in one sharding";
    }
  }
  return success();
}

LogicalResult TiledAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                FlatSymbolRefAttr mesh, ArrayAttr dims) {
  return verifyTileDims(emitError, dims);
}

LogicalResult
PartiallyTiledAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           FlatSymbolRefAttr mesh, ArrayAttr dims) {
  return verifyTileDims(emitError, dims);
}

//===----------------------------------------------------------------------===//
// Bridging to lib/Sharding
//===----------------------------------------------------------------------===//

LogicalResult
mlir::gspmd::toAlgebraMesh(MeshOp mesh, AlgebraMesh &out,
                           function_ref<InFlightDiagnostic()> emitError) {
  ArrayAttr names = mesh.getAxisNames();
  ArrayRef<int64_t> sizes = mesh.getAxisSizes();
  if (names.size() > GSPMD_MAX_MESH_AXES)
    return emitError() << "mesh has " << names.size() << " axes; at most "
                       << GSPMD_MAX_MESH_AXES << " are supported";
  out.mesh.num_axes = static_cast<int>(names.size());
  for (size_t i = 0; i < names.size(); ++i) {
    // The algebra names axes by C strings: a NUL would make two differ
    // here and agree there.
    if (cast<StringAttr>(names[i]).getValue().contains('\0'))
      return emitError() << "mesh axis name " << names[i]
                         << " holds a NUL character";
    out.names[i] = cast<StringAttr>(names[i]).getValue().str();
    out.mesh.axis_names[i] = out.names[i].c_str();
    out.mesh.axis_sizes[i] = i < sizes.size() ? sizes[i] : 1;
  }
  out.mesh.devices = nullptr;
  if (std::optional<ArrayRef<int64_t>> devices = mesh.getDevices())
    out.mesh.devices = devices->data();
  return success();
}

static const char *kindName(Attribute sharding) {
  return isa<TiledAttr>(sharding) ? "#gspmd.tiled" : "#gspmd.partially_tiled";
}

// The kind written must match the mesh: tiled uses every axis of size > 1,
// partially_tiled leaves at least one axis unused.
static LogicalResult verifyKind(Attribute sharding, const AlgebraMesh &mesh,
                                const GspmdSharding &s,
                                function_ref<InFlightDiagnostic()> emitError) {
  for (int a = 0; a < mesh.mesh.num_axes; ++a) {
    bool used = gspmdShardingUsesAxis(&s, a);
    if (isa<TiledAttr>(sharding) && !used && mesh.mesh.axis_sizes[a] > 1)
      return emitError() << "#gspmd.tiled leaves mesh axis \"" << mesh.names[a]
                         << "\" unused; use #gspmd.partially_tiled";
    if (isa<PartiallyTiledAttr>(sharding) && !used)
      return success();
  }
  if (isa<PartiallyTiledAttr>(sharding))
    return emitError() << "#gspmd.partially_tiled uses every mesh axis; use "
                          "#gspmd.tiled";
  return success();
}

LogicalResult
mlir::gspmd::toAlgebraSharding(Attribute sharding, const AlgebraMesh &mesh,
                               Type type, GspmdSharding &out,
                               function_ref<InFlightDiagnostic()> emitError) {
  auto tensorType = dyn_cast_or_null<RankedTensorType>(type);
  if (isa<ReplicatedAttr>(sharding)) {
    out = gspmdShardingReplicated(tensorType ? tensorType.getRank() : 0);
    return success();
  }
  ArrayAttr dims = getShardingDims(sharding);
  if (!dims)
    return emitError() << "expected a gspmd sharding attribute, got "
                       << sharding;
  if (type && !tensorType)
    return emitError() << kindName(sharding)
                       << " needs a ranked tensor value, got " << type;
  if (tensorType && tensorType.getRank() != static_cast<int64_t>(dims.size()))
    return emitError() << "sharding has rank " << dims.size()
                       << " but the value has type " << type << " (rank "
                       << tensorType.getRank() << ")";
  if (failed(verifyTileDims(emitError, dims)))
    return failure();
  StringRef unknown = readShardingAxes(dims, mesh.mesh, out);
  if (!unknown.empty())
    return emitError() << "unknown mesh axis \"" << unknown << "\" in mesh @"
                       << getShardingMesh(sharding).getValue();
  return verifyKind(sharding, mesh, out, emitError);
}

StringRef mlir::gspmd::readShardingAxes(ArrayAttr dims, const GspmdMesh &mesh,
                                        GspmdSharding &out) {
  out = gspmdShardingReplicated(static_cast<int>(dims.size()));
  for (auto [d, dim] : llvm::enumerate(dims)) {
    for (Attribute axis : cast<ArrayAttr>(dim)) {
      StringRef name = cast<StringAttr>(axis).getValue();
      // A NUL would end the C string early: "b\0x" is not axis "b".
      int index = name.contains('\0')
                      ? -1
                      : gspmdMeshFindAxis(&mesh, name.str().c_str());
      if (index < 0)
        return name.empty() ? StringRef("<empty>") : name;
      out.dim_axes[d][out.dim_num_axes[d]++] = index;
    }
  }
  return {};
}

static MeshOp lookupMesh(Operation *anchor, FlatSymbolRefAttr ref,
                         SymbolTableCollection *symbols) {
  if (symbols)
    return symbols->lookupNearestSymbolFrom<MeshOp>(anchor, ref.getAttr());
  return SymbolTable::lookupNearestSymbolFrom<MeshOp>(anchor, ref.getAttr());
}

LogicalResult
mlir::gspmd::verifySharding(Operation *anchor, Attribute sharding, Type type,
                            function_ref<InFlightDiagnostic()> emitError,
                            SymbolTableCollection *symbols) {
  if (!isShardingAttr(sharding))
    return emitError() << "expected a gspmd sharding attribute, got "
                       << sharding;
  FlatSymbolRefAttr meshRef = getShardingMesh(sharding);
  if (!meshRef)
    return success();
  MeshOp mesh = lookupMesh(anchor, meshRef, symbols);
  if (!mesh)
    return emitError() << "unknown mesh @" << meshRef.getValue();
  AlgebraMesh algebraMesh;
  GspmdSharding unused;
  if (failed(toAlgebraMesh(mesh, algebraMesh, emitError)))
    return failure();
  return toAlgebraSharding(sharding, algebraMesh, type, unused, emitError);
}

Attribute mlir::gspmd::fromAlgebraSharding(MLIRContext *ctx, StringRef meshName,
                                           const GspmdMesh &mesh,
                                           const GspmdSharding &sharding) {
  GspmdShardingKind kind = gspmdShardingKind(&mesh, &sharding);
  if (kind == GSPMD_REPLICATED)
    return ReplicatedAttr::get(ctx);
  Builder b(ctx);
  SmallVector<Attribute> dims;
  for (int d = 0; d < sharding.rank; ++d) {
    SmallVector<Attribute> axes;
    for (int i = 0; i < sharding.dim_num_axes[d]; ++i)
      axes.push_back(b.getStringAttr(mesh.axis_names[sharding.dim_axes[d][i]]));
    dims.push_back(b.getArrayAttr(axes));
  }
  auto meshRef = FlatSymbolRefAttr::get(ctx, meshName);
  if (kind == GSPMD_TILED)
    return TiledAttr::get(ctx, meshRef, b.getArrayAttr(dims));
  return PartiallyTiledAttr::get(ctx, meshRef, b.getArrayAttr(dims));
}

//===----------------------------------------------------------------------===//
// Dialect attribute verifiers: `gspmd.sharding` anywhere in the IR
//===----------------------------------------------------------------------===//

LogicalResult GSPMDDialect::verifyOperationAttribute(Operation *op,
                                                     NamedAttribute attr) {
  // gspmd-partition's per-device memory budget for one op (Strategy.c), on
  // the module so that fixed pipelines (gspmd-run) see it.
  if (attr.getName() == "gspmd.memory_budget") {
    auto bytes = dyn_cast<IntegerAttr>(attr.getValue());
    if (op->getName().getStringRef() != "builtin.module" || !bytes ||
        bytes.getValue().isNegative())
      return op->emitError() << "'gspmd.memory_budget' must be a non-negative "
                                "integer (bytes) on a module";
    return success();
  }
  // The FLOPs of the global program (gspmd-model-flops), for the model-FLOP
  // utilisation gspmd-simulate prints after partitioning.
  if (attr.getName() == "gspmd.model_flops") {
    auto flops = dyn_cast<FloatAttr>(attr.getValue());
    if (op->getName().getStringRef() != "builtin.module" || !flops ||
        flops.getValueAsDouble() < 0)
      return op->emitError() << "'gspmd.model_flops' must be a non-negative "
                                "float on a module";
    return success();
  }
  // The loop gspmd-pipeline emits (lib/Transforms/Pipeline/Loop.c), for
  // the pipeline bubble gspmd-simulate breaks out of the step time.
  if (attr.getName() == "gspmd.pipeline_loop") {
    auto dict = dyn_cast<DictionaryAttr>(attr.getValue());
    auto bubble =
        dict ? dict.getAs<IntegerAttr>("bubble_iterations") : IntegerAttr();
    if (op->getName().getStringRef() != "scf.for" || !bubble ||
        bubble.getValue().isNegative())
      return op->emitError()
             << "'gspmd.pipeline_loop' must be a dictionary with a "
                "non-negative integer 'bubble_iterations' on an scf.for";
    return success();
  }
  if (attr.getName() != kShardingAttrName)
    return op->emitError() << "unknown gspmd attribute '"
                           << attr.getName().getValue() << "'";
  auto shardings = dyn_cast<ArrayAttr>(attr.getValue());
  if (!shardings)
    return op->emitError() << "'gspmd.sharding' on an op must be an array "
                              "with one sharding per result";
  if (shardings.size() != op->getNumResults())
    return op->emitError() << "'gspmd.sharding' has " << shardings.size()
                           << " entries but the op has " << op->getNumResults()
                           << " results";
  for (auto [i, sharding] : llvm::enumerate(shardings)) {
    auto emitError = [&, i = i]() {
      return op->emitError() << "result #" << i << ": ";
    };
    if (failed(verifySharding(op, sharding, op->getResult(i).getType(),
                              emitError)))
      return failure();
  }
  return success();
}

// A partitioned function keeps, per argument and result, the global type
// next to the sharding (`gspmd.global_type`), and its signature holds the
// local type: the shard shape of the global type under the sharding.
static constexpr StringLiteral kGlobalTypeAttrName = "gspmd.global_type";

static LogicalResult
verifyLocalShape(Operation *op, Attribute sharding, RankedTensorType global,
                 Type localType, function_ref<InFlightDiagnostic()> emitError) {
  auto local = dyn_cast_or_null<RankedTensorType>(localType);
  if (!local || !global.hasStaticShape())
    return success();
  SmallVector<int64_t> expected(global.getShape());
  if (FlatSymbolRefAttr meshRef = getShardingMesh(sharding)) {
    auto mesh = SymbolTable::lookupNearestSymbolFrom<MeshOp>(op, meshRef);
    AlgebraMesh algebraMesh;
    GspmdSharding algebra;
    if (!mesh || failed(toAlgebraMesh(mesh, algebraMesh, emitError)) ||
        failed(toAlgebraSharding(sharding, algebraMesh, global, algebra,
                                 emitError)))
      return failure();
    gspmdLocalShape(&algebraMesh.mesh, &algebra, global.getShape().data(),
                    expected.data());
  }
  if (ArrayRef<int64_t>(expected) != local.getShape())
    return emitError() << "local type " << local << " is not the shard of "
                       << global << " under " << sharding << " (expected "
                       << RankedTensorType::get(expected,
                                                global.getElementType())
                       << ")";
  return success();
}

// Checks `gspmd.sharding` and `gspmd.global_type` on a function argument or
// result of type `type`; `siblings` are the other attributes of that
// argument or result.
static LogicalResult
verifyBoundaryAttr(Operation *op, NamedAttribute attr, Type type,
                   DictionaryAttr siblings,
                   function_ref<InFlightDiagnostic()> emitError) {
  RankedTensorType global;
  if (siblings)
    if (auto typeAttr = siblings.getAs<TypeAttr>(kGlobalTypeAttrName))
      global = dyn_cast<RankedTensorType>(typeAttr.getValue());
  if (attr.getName() == kGlobalTypeAttrName) {
    auto local = dyn_cast_or_null<RankedTensorType>(type);
    if (!global || !local || local.getRank() != global.getRank() ||
        local.getElementType() != global.getElementType())
      return emitError() << "'gspmd.global_type' must be a ranked tensor type "
                            "with the rank and element type of the local type";
    return success();
  }
  if (attr.getName() != GSPMDDialect::kShardingAttrName)
    return emitError() << "unknown gspmd attribute '"
                       << attr.getName().getValue() << "'";
  if (!global)
    return verifySharding(op, attr.getValue(), type, emitError);
  if (failed(verifySharding(op, attr.getValue(), global, emitError)))
    return failure();
  return verifyLocalShape(op, attr.getValue(), global, type, emitError);
}

// `gspmd.aliasing_output = N` on an argument: the function's result N is
// the next call's value of this argument (jax's donated buffer,
// tf.aliasing_output), so it has the argument's type; one argument per
// result. docs/dialect.md.
static constexpr StringLiteral kAliasingOutputAttrName =
    "gspmd.aliasing_output";

static LogicalResult
verifyAliasingOutput(Operation *op, unsigned argIndex, Attribute value,
                     Type type, function_ref<InFlightDiagnostic()> emitError) {
  auto fn = dyn_cast<FunctionOpInterface>(op);
  auto index = dyn_cast<IntegerAttr>(value);
  if (!fn || !index)
    return emitError() << "'" << kAliasingOutputAttrName
                       << "' must be an integer on a function argument";
  int64_t result = index.getInt();
  if (result < 0 || result >= (int64_t)fn.getNumResults())
    return emitError() << "'" << kAliasingOutputAttrName << "' names result #"
                       << result << ", but the function has "
                       << fn.getNumResults() << " results";
  if (fn.getResultTypes()[result] != type)
    return emitError() << "'" << kAliasingOutputAttrName << "' names result #"
                       << result << " of type " << fn.getResultTypes()[result]
                       << ", not the argument's " << type;
  for (unsigned i = 0; i < fn.getNumArguments(); ++i)
    if (i != argIndex)
      if (auto other =
              fn.getArgAttrOfType<IntegerAttr>(i, kAliasingOutputAttrName))
        if (other.getInt() == result)
          return emitError()
                 << "arguments #" << std::min(i, argIndex) << " and #"
                 << std::max(i, argIndex) << " both name result #" << result
                 << " in '" << kAliasingOutputAttrName << "'";
  return success();
}

LogicalResult GSPMDDialect::verifyRegionArgAttribute(Operation *op,
                                                     unsigned regionIndex,
                                                     unsigned argIndex,
                                                     NamedAttribute attr) {
  // A function declaration has no entry block: the type then comes from the
  // function type and the diagnostic goes to the function.
  Region &region = op->getRegion(regionIndex);
  Location loc = op->getLoc();
  Type type;
  if (argIndex < region.getNumArguments()) {
    Value arg = region.getArgument(argIndex);
    loc = arg.getLoc();
    type = arg.getType();
  } else if (auto fn = dyn_cast<FunctionOpInterface>(op)) {
    if (argIndex < fn.getNumArguments())
      type = fn.getArgumentTypes()[argIndex];
  }
  auto emitError = [&]() {
    return mlir::emitError(loc) << "argument #" << argIndex << ": ";
  };
  if (attr.getName() == kAliasingOutputAttrName)
    return verifyAliasingOutput(op, argIndex, attr.getValue(), type, emitError);
  DictionaryAttr siblings;
  if (auto fn = dyn_cast<FunctionOpInterface>(op))
    siblings = fn.getArgAttrDict(argIndex);
  return verifyBoundaryAttr(op, attr, type, siblings, emitError);
}

LogicalResult GSPMDDialect::verifyRegionResultAttribute(Operation *op,
                                                        unsigned regionIndex,
                                                        unsigned resultIndex,
                                                        NamedAttribute attr) {
  auto emitError = [&]() {
    return op->emitError() << "result #" << resultIndex << ": ";
  };
  Type type;
  DictionaryAttr siblings;
  if (auto fn = dyn_cast<FunctionOpInterface>(op)) {
    if (resultIndex < fn.getNumResults())
      type = fn.getResultTypes()[resultIndex];
    siblings = fn.getResultAttrDict(resultIndex);
  }
  return verifyBoundaryAttr(op, attr, type, siblings, emitError);
}

//===----------------------------------------------------------------------===//
// MeshOp
//===----------------------------------------------------------------------===//

// gspmd.mesh @name ["a"=2, "b"=4] (devices = [0, 1, ...])?
ParseResult MeshOp::parse(OpAsmParser &parser, OperationState &result) {
  StringAttr name;
  if (parser.parseSymbolName(name, getSymNameAttrName(result.name),
                             result.attributes))
    return failure();
  SmallVector<Attribute> names;
  SmallVector<int64_t> sizes;
  auto parseAxis = [&]() -> ParseResult {
    std::string axis;
    int64_t size;
    if (parser.parseString(&axis) || parser.parseEqual() ||
        parser.parseInteger(size))
      return failure();
    names.push_back(parser.getBuilder().getStringAttr(axis));
    sizes.push_back(size);
    return success();
  };
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Square, parseAxis))
    return failure();
  Builder &b = parser.getBuilder();
  result.addAttribute(getAxisNamesAttrName(result.name), b.getArrayAttr(names));
  result.addAttribute(getAxisSizesAttrName(result.name),
                      b.getDenseI64ArrayAttr(sizes));
  if (succeeded(parser.parseOptionalKeyword("devices"))) {
    SmallVector<int64_t> devices;
    auto parseDevice = [&]() -> ParseResult {
      return parser.parseInteger(devices.emplace_back());
    };
    if (parser.parseEqual() || parser.parseCommaSeparatedList(
                                   OpAsmParser::Delimiter::Square, parseDevice))
      return failure();
    result.addAttribute(getDevicesAttrName(result.name),
                        b.getDenseI64ArrayAttr(devices));
  }
  return parser.parseOptionalAttrDict(result.attributes);
}

void MeshOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printSymbolName(getSymName());
  p << " [";
  ArrayRef<int64_t> sizes = getAxisSizes();
  for (auto [i, name] : llvm::enumerate(getAxisNames())) {
    if (i)
      p << ", ";
    p.printString(cast<StringAttr>(name).getValue());
    p << '=' << (i < sizes.size() ? sizes[i] : 0);
  }
  p << ']';
  if (std::optional<ArrayRef<int64_t>> devices = getDevices()) {
    p << " devices = [";
    llvm::interleaveComma(*devices, p);
    p << ']';
  }
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {getSymNameAttrName(), getAxisNamesAttrName(),
                           getAxisSizesAttrName(), getDevicesAttrName()});
}

LogicalResult MeshOp::verify() {
  if (getSymName().empty())
    return emitOpError() << "needs a non-empty name";
  if (getAxisNames().size() != getAxisSizes().size())
    return emitOpError() << "has " << getAxisNames().size()
                         << " axis names but " << getAxisSizes().size()
                         << " sizes";
  AlgebraMesh mesh;
  if (failed(toAlgebraMesh(*this, mesh, [&] { return emitOpError(); })))
    return failure();
  // Names and sizes first (the algebra checks overflow), so that the length
  // of `devices` can be compared before the algebra reads the list.
  char err[256];
  GspmdMesh shape = mesh.mesh;
  shape.devices = nullptr;
  if (!gspmdMeshVerify(&shape, err, sizeof(err)))
    return emitOpError() << err;
  int64_t n = gspmdMeshNumDevices(&shape);
  if (std::optional<ArrayRef<int64_t>> devices = getDevices())
    if (static_cast<int64_t>(devices->size()) != n)
      return emitOpError() << "devices list has " << devices->size()
                           << " entries but the mesh has " << n << " devices";
  if (!gspmdMeshVerify(&mesh.mesh, err, sizeof(err)))
    return emitOpError() << err;
  return success();
}

int64_t MeshOp::getNumDevices() {
  GspmdMesh mesh = {};
  mesh.num_axes = std::min<int>(getAxisSizes().size(), GSPMD_MAX_MESH_AXES);
  for (int i = 0; i < mesh.num_axes; ++i)
    mesh.axis_sizes[i] = getAxisSizes()[i];
  return gspmdMeshNumDevices(&mesh);
}

int MeshOp::getAxisIndex(StringRef name) {
  for (auto [i, axis] : llvm::enumerate(getAxisNames()))
    if (cast<StringAttr>(axis).getValue() == name)
      return static_cast<int>(i);
  return -1;
}

//===----------------------------------------------------------------------===//
// ShardingConstraintOp
//===----------------------------------------------------------------------===//

ParseResult ShardingConstraintOp::parse(OpAsmParser &parser,
                                        OperationState &result) {
  OpAsmParser::UnresolvedOperand input;
  Attribute sharding;
  trailingTypeAfterAttr = Type();
  if (parser.parseOperand(input) || parser.parseComma())
    return failure();
  // Any other attribute would take the op's `: type` as its own and leave a
  // confusing "expected ':'".
  SMLoc shardingLoc = parser.getCurrentLocation();
  if (parser.parseAttribute(sharding))
    return failure();
  if (!isShardingAttr(sharding))
    return parser.emitError(shardingLoc)
           << "expected a gspmd sharding attribute, got " << sharding;
  Type type = trailingTypeAfterAttr;
  trailingTypeAfterAttr = Type();
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  if (!type && (parser.parseColon() || parser.parseType(type)))
    return failure();
  result.addAttribute(getShardingAttrName(result.name), sharding);
  result.addTypes(type);
  return parser.resolveOperand(input, type, result.operands);
}

void ShardingConstraintOp::print(OpAsmPrinter &p) {
  p << ' ' << getInput() << ", ";
  p.printAttribute(getSharding());
  p.printOptionalAttrDict((*this)->getAttrs(), {getShardingAttrName()});
  p << " : " << getType();
}

LogicalResult
ShardingConstraintOp::verifySymbolUses(SymbolTableCollection &symbols) {
  return verifySharding(
      *this, getSharding(), getType(), [&] { return emitOpError(); }, &symbols);
}

//===----------------------------------------------------------------------===//
// Collectives
//===----------------------------------------------------------------------===//

// Resolves the mesh and the axes; returns the group size through *groupSize.
static LogicalResult verifyMeshAxes(Operation *op, FlatSymbolRefAttr meshRef,
                                    ArrayAttr axes,
                                    SymbolTableCollection &symbols,
                                    int64_t *groupSize) {
  auto mesh = symbols.lookupNearestSymbolFrom<MeshOp>(op, meshRef.getAttr());
  if (!mesh)
    return op->emitOpError() << "unknown mesh @" << meshRef.getValue();
  llvm::SmallDenseSet<StringAttr> seen;
  *groupSize = 1;
  for (Attribute axis : axes) {
    auto name = cast<StringAttr>(axis);
    int index = mesh.getAxisIndex(name.getValue());
    if (index < 0)
      return op->emitOpError() << "unknown mesh axis \"" << name.getValue()
                               << "\" in mesh @" << meshRef.getValue();
    if (!seen.insert(name).second)
      return op->emitOpError()
             << "mesh axis \"" << name.getValue() << "\" listed twice";
    *groupSize *= mesh.getAxisSizes()[index];
  }
  return success();
}

static LogicalResult verifyDim(Operation *op, StringRef what, int64_t dim,
                               int64_t rank) {
  if (dim < 0 || dim >= rank)
    return op->emitOpError()
           << what << " " << dim << " is out of range for rank " << rank;
  return success();
}

// Expected result shape: the input with dims scaled (mul > 0) or divided.
static LogicalResult
verifyScaledShape(Operation *op, RankedTensorType in, RankedTensorType out,
                  ArrayRef<std::pair<int64_t, int64_t>> dimNumDen) {
  if (in.getElementType() != out.getElementType() ||
      in.getRank() != out.getRank())
    return op->emitOpError()
           << "result type " << out
           << " must have the rank and element type of " << in;
  SmallVector<int64_t> expected(in.getShape());
  for (auto [dim, factor] : dimNumDen) {
    if (ShapedType::isDynamic(expected[dim]))
      continue;
    if (factor > 0) {
      expected[dim] *= factor;
    } else {
      if (expected[dim] % -factor != 0)
        return op->emitOpError()
               << "dim " << dim << " of size " << expected[dim]
               << " does not divide over the group of " << -factor;
      expected[dim] /= -factor;
    }
  }
  if (ArrayRef<int64_t>(expected) != out.getShape())
    return op->emitOpError()
           << "expected result type "
           << RankedTensorType::get(expected, in.getElementType()) << ", got "
           << out;
  return success();
}

#define GSPMD_COLLECTIVE_COMMON(Op)                                            \
  MeshOp Op::getMeshOp() {                                                     \
    return SymbolTable::lookupNearestSymbolFrom<MeshOp>(*this, getMeshAttr()); \
  }                                                                            \
  Speculation::Speculatability Op::getSpeculatability() {                      \
    return Speculation::NotSpeculatable;                                       \
  }
GSPMD_COLLECTIVE_COMMON(AllReduceOp)
GSPMD_COLLECTIVE_COMMON(AllGatherOp)
GSPMD_COLLECTIVE_COMMON(ReduceScatterOp)
GSPMD_COLLECTIVE_COMMON(AllToAllOp)
GSPMD_COLLECTIVE_COMMON(CollectivePermuteOp)
GSPMD_COLLECTIVE_COMMON(HaloExchangeOp)
#undef GSPMD_COLLECTIVE_COMMON

LogicalResult AllReduceOp::verifySymbolUses(SymbolTableCollection &symbols) {
  int64_t groupSize;
  return verifyMeshAxes(*this, getMeshAttr(), getAxes(), symbols, &groupSize);
}

LogicalResult
CollectivePermuteOp::verifySymbolUses(SymbolTableCollection &symbols) {
  int64_t groupSize;
  if (failed(
          verifyMeshAxes(*this, getMeshAttr(), getAxes(), symbols, &groupSize)))
    return failure();
  std::optional<ArrayAttr> target = getTargetAxes();
  if (getShift().has_value() == target.has_value())
    return emitOpError() << "needs exactly one of `shift = k` and `to [axes]`";
  if (!target)
    return success();
  if (getWrap())
    return emitOpError() << "`wrap` only applies to `shift`";
  int64_t targetSize;
  if (failed(
          verifyMeshAxes(*this, getMeshAttr(), *target, symbols, &targetSize)))
    return failure();
  llvm::SmallDenseSet<Attribute> from(getAxes().begin(), getAxes().end());
  bool sameSet =
      target->size() == getAxes().size() &&
      llvm::all_of(*target, [&](Attribute a) { return from.contains(a); });
  if (!sameSet)
    return emitOpError() << "`to` must list the same axes as the source, in "
                            "another order";
  return success();
}

LogicalResult AllGatherOp::verifySymbolUses(SymbolTableCollection &symbols) {
  int64_t g;
  auto in = cast<RankedTensorType>(getInput().getType());
  if (failed(verifyMeshAxes(*this, getMeshAttr(), getAxes(), symbols, &g)) ||
      failed(verifyDim(*this, "gather_dim", getGatherDim(), in.getRank())))
    return failure();
  return verifyScaledShape(*this, in, getType(), {{getGatherDim(), g}});
}

LogicalResult
ReduceScatterOp::verifySymbolUses(SymbolTableCollection &symbols) {
  int64_t g;
  auto in = cast<RankedTensorType>(getInput().getType());
  if (failed(verifyMeshAxes(*this, getMeshAttr(), getAxes(), symbols, &g)) ||
      failed(verifyDim(*this, "scatter_dim", getScatterDim(), in.getRank())))
    return failure();
  return verifyScaledShape(*this, in, getType(), {{getScatterDim(), -g}});
}

LogicalResult AllToAllOp::verifySymbolUses(SymbolTableCollection &symbols) {
  int64_t g;
  auto in = cast<RankedTensorType>(getInput().getType());
  if (failed(verifyMeshAxes(*this, getMeshAttr(), getAxes(), symbols, &g)) ||
      failed(verifyDim(*this, "split_dim", getSplitDim(), in.getRank())) ||
      failed(verifyDim(*this, "concat_dim", getConcatDim(), in.getRank())))
    return failure();
  // Applied in order, so split_dim == concat_dim keeps the shape but still
  // needs the dim to divide over the group.
  return verifyScaledShape(*this, in, getType(),
                           {{getSplitDim(), -g}, {getConcatDim(), g}});
}

LogicalResult HaloExchangeOp::verifySymbolUses(SymbolTableCollection &symbols) {
  int64_t g;
  auto in = cast<RankedTensorType>(getInput().getType());
  if (failed(verifyMeshAxes(*this, getMeshAttr(), getAxes(), symbols, &g)) ||
      failed(verifyDim(*this, "dim", getDim(), in.getRank())))
    return failure();
  ArrayRef<int64_t> halo = getHalo();
  if (halo.size() != 2 || halo[0] < 0 || halo[1] < 0)
    return emitOpError() << "halo must be [low, high] with non-negative "
                            "widths";
  int64_t local = in.getDimSize(getDim());
  if (ShapedType::isDynamic(local))
    return emitOpError() << "needs a static size along dim " << getDim();
  // The layout of DESIGN section 2: shards of ceil(size / group).
  int64_t size = static_cast<int64_t>(getSize());
  if (size < 0 || (size + g - 1) / g != local)
    return emitOpError() << "a dim of " << size << " over " << g
                         << " devices has shards of " << (size + g - 1) / g
                         << ", not " << local;
  if (getPadding() && getPadding().getType() != in.getElementType())
    return emitOpError() << "padding must be a " << in.getElementType();
  if (getPeriodic() && (getPadding() || size % g != 0))
    return emitOpError() << "periodic needs a dim that splits evenly (" << size
                         << " over " << g << " devices) and no padding";
  SmallVector<int64_t> expected(in.getShape());
  if (!ShapedType::isDynamic(expected[getDim()]))
    expected[getDim()] += halo[0] + halo[1];
  auto want = RankedTensorType::get(expected, in.getElementType());
  if (want != getType())
    return emitOpError() << "expected result type " << want << ", got "
                         << getType();
  return success();
}

LogicalResult AxisIndexOp::verifySymbolUses(SymbolTableCollection &symbols) {
  int64_t groupSize;
  return verifyMeshAxes(*this, getMeshAttr(), getAxes(), symbols, &groupSize);
}

//===----------------------------------------------------------------------===//
// Pipeline
//===----------------------------------------------------------------------===//

// The stacked dims of parameter types: [L, ...] or [R, L, ...].
static int64_t numStacked(int64_t repeats) { return repeats > 1 ? 2 : 1; }

int64_t PipelineOp::getNumStages() {
  if (getParams().empty())
    return -1;
  auto t = cast<RankedTensorType>(getParams()[0].getType());
  int64_t k = numStacked(getRepeats());
  return t.getRank() >= k ? t.getDimSize(k - 1) : -1;
}

static RankedTensorType dropLeading(RankedTensorType t, int64_t n) {
  return RankedTensorType::get(t.getShape().drop_front(n), t.getElementType());
}

LogicalResult PipelineOp::verify() {
  auto in = cast<RankedTensorType>(getInput().getType());
  if (!in.hasStaticShape() || in.getRank() < 1 || in.getDimSize(0) < 1)
    return emitOpError() << "input " << in
                         << " must have a static shape [M, ...] with M >= 1 "
                            "micro-batches";
  if (getResult().getType() != in)
    return emitOpError() << "result type " << getResult().getType()
                         << " must be the input type " << in;
  int64_t repeats = getRepeats();
  if (repeats < 1)
    return emitOpError() << "repeats = " << repeats << " must be >= 1";
  if (getParams().empty())
    return emitOpError() << "needs at least one stage-stacked parameter (its "
                            "leading dim gives the number of stages)";
  int64_t k = numStacked(repeats), stages = -1;
  for (auto [i, p] : llvm::enumerate(getParams())) {
    auto t = cast<RankedTensorType>(p.getType());
    if (!t.hasStaticShape() || t.getRank() < k)
      return emitOpError() << "parameter #" << i << " " << t
                           << " must have a static shape "
                           << (k == 2 ? "[R, L, ...]" : "[L, ...]");
    if (k == 2 && t.getDimSize(0) != repeats)
      return emitOpError() << "parameter #" << i << " " << t
                           << " must be stacked [R, L, ...] with R = repeats = "
                           << repeats;
    int64_t l = t.getDimSize(k - 1);
    if (stages < 0)
      stages = l;
    if (l != stages)
      return emitOpError() << "heterogeneous stages: parameter #" << i
                           << " stacks " << l << " stages, parameter #0 "
                           << stages;
  }
  if (stages < 1)
    return emitOpError() << "needs at least one stage";
  return success();
}

LogicalResult PipelineOp::verifyRegions() {
  Block &body = getBody().front();
  auto in = cast<RankedTensorType>(getInput().getType());
  size_t want = 1 + getParams().size() + getSide().size();
  if (body.getNumArguments() != want)
    return emitOpError() << "region takes " << body.getNumArguments()
                         << " arguments, expected " << want
                         << " (activation, one per parameter, one per side "
                            "input)";
  auto act = dropLeading(in, 1);
  if (body.getArgument(0).getType() != act)
    return emitOpError() << "region argument #0 has type "
                         << body.getArgument(0).getType()
                         << ", expected one micro-batch " << act;
  int64_t k = numStacked(getRepeats());
  for (auto [i, p] : llvm::enumerate(getParams())) {
    auto t = cast<RankedTensorType>(p.getType());
    if (t.getRank() < k)
      continue; // reported by verify()
    auto slice = dropLeading(t, k);
    Type got = body.getArgument(1 + i).getType();
    if (got != slice)
      return emitOpError() << "region argument #" << 1 + i << " has type "
                           << got << ", expected one stage's slice " << slice
                           << " of parameter #" << i;
  }
  for (auto [i, s] : llvm::enumerate(getSide())) {
    size_t a = 1 + getParams().size() + i;
    if (body.getArgument(a).getType() != s.getType())
      return emitOpError() << "region argument #" << a << " has type "
                           << body.getArgument(a).getType()
                           << ", expected the side input's " << s.getType();
  }
  auto yield = dyn_cast<YieldOp>(body.getTerminator());
  if (!yield)
    return emitOpError() << "region must end with gspmd.yield";
  if (yield.getValues().size() != 1 || yield.getValues()[0].getType() != act)
    return emitOpError() << "region must yield one activation of type " << act
                         << " (the next stage's input)";
  return success();
}

LogicalResult PipelineOp::verifySymbolUses(SymbolTableCollection &symbols) {
  auto mesh = symbols.lookupNearestSymbolFrom<MeshOp>(*this, getMeshAttr());
  if (!mesh)
    return emitOpError() << "unknown mesh @" << getMesh();
  int index = mesh.getAxisIndex(getAxis());
  if (index < 0)
    return emitOpError() << "unknown mesh axis \"" << getAxis()
                         << "\" in mesh @" << getMesh();
  int64_t size = mesh.getAxisSizes()[index];
  int64_t stages = getNumStages();
  if (stages > 0 && stages % size != 0)
    return emitOpError() << stages << " stages do not divide over mesh axis \""
                         << getAxis() << "\" of size " << size
                         << " (L must be a multiple of the axis size)";
  return success();
}

//===----------------------------------------------------------------------===//
// ManualComputationOp
//===----------------------------------------------------------------------===//

// The body's view of a boundary value: the global type divided by the
// manual axes that split each dim (ceil shard size, DESIGN section 2).
static RankedTensorType manualLocalType(const AlgebraMesh &mesh,
                                        const GspmdSharding &s, uint32_t mask,
                                        RankedTensorType global) {
  GspmdSharding manual = gspmdShardingFilterAxes(&s, mask, true);
  SmallVector<int64_t> shape(global.getShape());
  for (int d = 0; d < manual.rank; ++d)
    if (manual.dim_num_axes[d] && !ShapedType::isDynamic(shape[d]))
      shape[d] = gspmdShardSize(&mesh.mesh, &manual, d, shape[d]);
  return RankedTensorType::get(shape, global.getElementType());
}

// Checks one boundary sharding (in or out #i) on `type` and reads it.
static LogicalResult verifyBoundarySharding(ManualComputationOp op,
                                            StringRef what, size_t i,
                                            Attribute sharding,
                                            RankedTensorType type,
                                            const AlgebraMesh &mesh,
                                            uint32_t mask, GspmdSharding &out) {
  auto emitError = [&]() {
    return op.emitOpError() << what << " #" << i << ": ";
  };
  FlatSymbolRefAttr shardingMesh = getShardingMesh(sharding);
  if (shardingMesh && shardingMesh != op.getMeshAttr())
    return emitError() << "sharding is on mesh @" << shardingMesh.getValue()
                       << ", not the region's mesh @" << op.getMesh();
  if (failed(toAlgebraSharding(sharding, mesh, type, out, emitError)))
    return failure();
  int dim = gspmdManualAxesNotLeading(&out, mask);
  if (dim >= 0)
    return emitError() << "dim " << dim
                       << " lists a manual axis after a free axis; manual "
                          "axes must come first";
  GspmdSharding manual = gspmdShardingFilterAxes(&out, mask, true);
  for (int d = 0; d < manual.rank; ++d)
    if (manual.dim_num_axes[d] && type.isDynamicDim(d))
      return emitError() << "dim " << d
                         << " is split by a manual axis and must be static";
  return success();
}

// Inside the body: collectives and axis_index name the region's mesh and
// manual axes only; shardings use free axes only; no nested region.
static LogicalResult verifyBodyOp(Operation *nested, ManualComputationOp op,
                                  const AlgebraMesh &mesh, uint32_t mask) {
  if (isa<ManualComputationOp>(nested))
    return nested->emitOpError()
           << "inside another manual_computation is not supported";
  auto meshRef = nested->getAttrOfType<FlatSymbolRefAttr>("mesh");
  auto axes = nested->getAttrOfType<ArrayAttr>("axes");
  if (nested->getDialect() == op->getDialect() && meshRef && axes) {
    if (meshRef != op.getMeshAttr())
      return nested->emitOpError()
             << "inside a manual_computation on @" << op.getMesh()
             << " must use that mesh, not @" << meshRef.getValue();
    for (Attribute axis : axes) {
      int index = gspmdMeshFindAxis(
          &mesh.mesh, cast<StringAttr>(axis).getValue().str().c_str());
      if (index >= 0 && !((mask >> index) & 1u))
        return nested->emitOpError()
               << "uses axis \"" << cast<StringAttr>(axis).getValue()
               << "\", which is not a manual axis of the enclosing "
                  "manual_computation";
    }
  }
  SmallVector<Attribute> shardings;
  if (auto c = dyn_cast<ShardingConstraintOp>(nested))
    shardings.push_back(c.getSharding());
  if (auto a =
          nested->getAttrOfType<ArrayAttr>(GSPMDDialect::kShardingAttrName))
    llvm::append_range(shardings, a.getValue());
  for (Attribute s : shardings) {
    ArrayAttr dims = getShardingDims(s);
    if (!dims)
      continue;
    for (Attribute dim : dims)
      for (Attribute axis : cast<ArrayAttr>(dim)) {
        int index = gspmdMeshFindAxis(
            &mesh.mesh, cast<StringAttr>(axis).getValue().str().c_str());
        if (index >= 0 && ((mask >> index) & 1u))
          return nested->emitOpError()
                 << "has a sharding on manual axis \""
                 << cast<StringAttr>(axis).getValue()
                 << "\" inside a manual_computation; the body's shardings "
                    "use free axes only";
      }
  }
  return success();
}

LogicalResult
ManualComputationOp::verifySymbolUses(SymbolTableCollection &symbols) {
  auto meshOp =
      symbols.lookupNearestSymbolFrom<MeshOp>(*this, getMeshAttr().getAttr());
  if (!meshOp)
    return emitOpError() << "unknown mesh @" << getMesh();
  AlgebraMesh mesh;
  if (failed(toAlgebraMesh(meshOp, mesh, [&] { return emitOpError(); })))
    return failure();
  uint32_t mask = 0;
  if (getManualAxes().empty())
    return emitOpError() << "needs at least one manual axis";
  for (Attribute axis : getManualAxes()) {
    StringRef name = cast<StringAttr>(axis).getValue();
    int index = meshOp.getAxisIndex(name);
    if (index < 0)
      return emitOpError() << "unknown manual axis \"" << name << "\" in mesh @"
                           << getMesh();
    if ((mask >> index) & 1u)
      return emitOpError() << "manual axis \"" << name << "\" listed twice";
    mask |= 1u << index;
  }
  if (getInShardings().size() != getInputs().size())
    return emitOpError() << "has " << getInputs().size() << " operands but "
                         << getInShardings().size() << " in_shardings";
  if (getOutShardings().size() != getResults().size())
    return emitOpError() << "has " << getResults().size() << " results but "
                         << getOutShardings().size() << " out_shardings";
  Block &body = getBody().front();
  if (body.getNumArguments() != getInputs().size())
    return emitOpError() << "body has " << body.getNumArguments()
                         << " arguments but the op has " << getInputs().size()
                         << " operands";
  for (auto [i, sharding] : llvm::enumerate(getInShardings())) {
    auto type = cast<RankedTensorType>(getInputs()[i].getType());
    GspmdSharding s;
    if (failed(verifyBoundarySharding(*this, "in_sharding", i, sharding, type,
                                      mesh, mask, s)))
      return failure();
    RankedTensorType local = manualLocalType(mesh, s, mask, type);
    if (body.getArgument(i).getType() != local)
      return emitOpError() << "body argument #" << i << " has type "
                           << body.getArgument(i).getType()
                           << " but the manual shard of " << type << " is "
                           << local;
  }
  auto yield = cast<ManualYieldOp>(body.getTerminator());
  if (yield.getValues().size() != getResults().size())
    return yield.emitOpError() << "yields " << yield.getValues().size()
                               << " values but the manual_computation has "
                               << getResults().size() << " results";
  for (auto [i, sharding] : llvm::enumerate(getOutShardings())) {
    auto type = cast<RankedTensorType>(getResult(i).getType());
    GspmdSharding s;
    if (failed(verifyBoundarySharding(*this, "out_sharding", i, sharding, type,
                                      mesh, mask, s)))
      return failure();
    RankedTensorType local = manualLocalType(mesh, s, mask, type);
    if (yield.getValues()[i].getType() != local)
      return yield.emitOpError()
             << "yields " << yield.getValues()[i].getType() << " as #" << i
             << " but the manual shard of " << type << " is " << local;
  }
  WalkResult walk = getBody().walk([&](Operation *nested) {
    return failed(verifyBodyOp(nested, *this, mesh, mask))
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}
