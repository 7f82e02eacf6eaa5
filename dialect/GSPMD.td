//===- GSPMD.td - the gspmd dialect: mesh, shardings, collectives ---------===//
//
// docs/dialect.md gives the syntax of the mesh, the sharding attributes
// and sharding_constraint. Collectives refer to a mesh and named axes, never
// to device lists, so IR size does not grow with the device count.
//
//===----------------------------------------------------------------------===//

#ifndef GSPMD_TD
#define GSPMD_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def GSPMD_Dialect : Dialect {
  let name = "gspmd";
  let cppNamespace = "::mlir::gspmd";
  let summary = "GSPMD: device meshes, tensor shardings and SPMD collectives";
  let description = [{
    Shardings describe how each tensor is laid out over a mesh of devices
    with named axes. Passes complete the annotations and rewrite the program
    into one SPMD program whose devices communicate through the collectives
    defined here.
  }];
  // The dialect parser is hand-written so that sharding_constraint can
  // recover the type that MLIR's attribute grammar reads after `#gspmd.x<>`.
  let useDefaultAttributePrinterParser = 0;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Name of the discardable attribute holding op result shardings and of
    /// the function argument/result attribute.
    static constexpr ::llvm::StringLiteral kShardingAttrName = "gspmd.sharding";

    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;
  }];
}

//===----------------------------------------------------------------------===//
// Sharding attributes
//===----------------------------------------------------------------------===//

class GSPMD_Attr<string name, string attrMnemonic> :
    AttrDef<GSPMD_Dialect, name> {
  let mnemonic = attrMnemonic;
}

def GSPMD_ReplicatedAttr : GSPMD_Attr<"Replicated", "replicated"> {
  let summary = "every device holds the whole tensor";
}

// Tiled and partially tiled share their storage: a mesh symbol and, per
// tensor dim, the list of mesh axes splitting it, major to minor. Which axes
// exist and whether the kind fits the mesh is checked where the mesh is
// visible (the dialect attribute verifiers and op verifiers).
class GSPMD_TileAttr<string name, string attrMnemonic> :
    GSPMD_Attr<name, attrMnemonic> {
  let parameters = (ins "::mlir::FlatSymbolRefAttr":$mesh,
                        "::mlir::ArrayAttr":$dims);
  let assemblyFormat = "`<` $mesh `,` $dims `>`";
  let genVerifyDecl = 1;
}

def GSPMD_TiledAttr : GSPMD_TileAttr<"Tiled", "tiled"> {
  let summary = "every mesh axis of size > 1 splits some tensor dim";
}

def GSPMD_PartiallyTiledAttr :
    GSPMD_TileAttr<"PartiallyTiled", "partially_tiled"> {
  let summary = "some mesh axes split dims; the unused ones replicate";
}

def GSPMD_ShardingAttr : Attr<
    CPred<"::mlir::gspmd::isShardingAttr($_self)">, "gspmd sharding"> {
  let storageType = "::mlir::Attribute";
  let returnType = "::mlir::Attribute";
  let convertFromStorage = "$_self";
}

def GSPMD_ReductionKind : I32EnumAttr<"ReductionKind", "reduction", [
    I32EnumAttrCase<"sum", 0>, I32EnumAttrCase<"max", 1>,
    I32EnumAttrCase<"min", 2>, I32EnumAttrCase<"prod", 3>,
    I32EnumAttrCase<"maxnum", 4>, I32EnumAttrCase<"minnum", 5>]> {
  let cppNamespace = "::mlir::gspmd";
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

class GSPMD_Op<string mnemonic, list<Trait> traits = []> :
    Op<GSPMD_Dialect, mnemonic, traits>;

def GSPMD_MeshOp : GSPMD_Op<"mesh", [Symbol]> {
  let summary = "a device mesh with named axes";
  let description = [{
    ```mlir
    gspmd.mesh @mesh ["data"=2, "model"=4]
    gspmd.mesh @ring ["x"=2, "y"=2] devices = [0, 2, 1, 3]
    ```
    Devices are numbered row-major over the axes unless `devices` gives the
    device id at each row-major mesh position.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, StrArrayAttr:$axis_names,
                       DenseI64ArrayAttr:$axis_sizes,
                       OptionalAttr<DenseI64ArrayAttr>:$devices);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    int64_t getNumDevices();
    /// Index of the axis named `name`, or -1.
    int getAxisIndex(::llvm::StringRef name);
  }];
}

def GSPMD_ShardingConstraintOp : GSPMD_Op<"sharding_constraint", [
    Pure, SameOperandsAndResultType,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "fixes the sharding of a value (the paper's mesh_split)";
  let description = [{
    ```mlir
    %1 = gspmd.sharding_constraint %0, #gspmd.tiled<@mesh, [["data"], []]> : tensor<8x16xf32>
    ```
    Completion never changes the sharding given here. (The comma is needed:
    MLIR lexes `%0 #gspmd...` as the result-number reference `%0#N`.)

    With `{open}` the axes given are a floor, not the whole sharding:
    completion may add axes to the dims (and minor ends) they leave free,
    and partitioning reshards to what completion made of it.
    gspmd-pipeline pins only the stage dim of its values this way.
  }];
  let arguments = (ins AnyRankedTensor:$input, GSPMD_ShardingAttr:$sharding,
                       UnitAttr:$open);
  let results = (outs AnyRankedTensor:$result);
  let hasCustomAssemblyFormat = 1;
}

// Collectives: every device of a group (the devices that agree on all mesh
// axes but `axes`) takes part. They have value semantics and every device
// runs the same program, so CSE and DCE are valid; they are not speculatable
// (hoisting one out of a loop or branch whose trip count differs between
// devices would deadlock).
class GSPMD_CollectiveOp<string mnemonic, list<Trait> traits = []> :
    GSPMD_Op<mnemonic, !listconcat(traits, [NoMemoryEffect,
        DeclareOpInterfaceMethods<ConditionallySpeculatable>,
        DeclareOpInterfaceMethods<SymbolUserOpInterface>])> {
  let extraClassDeclaration = [{
    /// Resolves the mesh; null if missing (the verifier reports it).
    ::mlir::gspmd::MeshOp getMeshOp();
  }];
}

def GSPMD_AllReduceOp : GSPMD_CollectiveOp<"all_reduce",
    [SameOperandsAndResultType]> {
  let summary = "reduces a tensor across the devices of each group";
  let arguments = (ins AnyRankedTensor:$input, FlatSymbolRefAttr:$mesh,
                       StrArrayAttr:$axes, GSPMD_ReductionKind:$reduction);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $input `on` $mesh $axes `reduce` `=` $reduction attr-dict `:` type($result)
  }];
}

def GSPMD_AllGatherOp : GSPMD_CollectiveOp<"all_gather"> {
  let summary = "concatenates the group's shards along gather_dim";
  let arguments = (ins AnyRankedTensor:$input, FlatSymbolRefAttr:$mesh,
                       StrArrayAttr:$axes, I64Attr:$gather_dim);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $input `on` $mesh $axes `gather_dim` `=` $gather_dim attr-dict `:`
    type($input) `->` type($result)
  }];
}

def GSPMD_ReduceScatterOp : GSPMD_CollectiveOp<"reduce_scatter"> {
  let summary = "reduces across the group, each device keeps one slice";
  let arguments = (ins AnyRankedTensor:$input, FlatSymbolRefAttr:$mesh,
                       StrArrayAttr:$axes, GSPMD_ReductionKind:$reduction,
                       I64Attr:$scatter_dim);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $input `on` $mesh $axes `reduce` `=` $reduction `scatter_dim` `=`
    $scatter_dim attr-dict `:` type($input) `->` type($result)
  }];
}

def GSPMD_AllToAllOp : GSPMD_CollectiveOp<"all_to_all"> {
  let summary = "splits split_dim across the group and concatenates concat_dim";
  let arguments = (ins AnyRankedTensor:$input, FlatSymbolRefAttr:$mesh,
                       StrArrayAttr:$axes, I64Attr:$split_dim,
                       I64Attr:$concat_dim);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $input `on` $mesh $axes `split_dim` `=` $split_dim `concat_dim` `=`
    $concat_dim attr-dict `:` type($input) `->` type($result)
  }];
}

def GSPMD_CollectivePermuteOp : GSPMD_CollectiveOp<"collective_permute",
    [SameOperandsAndResultType]> {
  let summary = "moves each device's shard to another device of its group";
  let description = [{
    Two forms, both over the group of devices that agree on every axis not
    listed:

    - `shift = k (wrap)?`: ranks are linear over `axes` (first axis major);
      rank i sends to rank i + k (modulo the group size with `wrap`). Without
      `wrap`, devices with no source receive zeros (halo exchange).
    - `to [axes']`: `axes'` lists the same set of axes in another order; the
      device whose coordinate over `axes` is k sends to the device whose
      coordinate over `axes'` is k (a reshard between shardings that differ
      only in the order of their axes, e.g. [["a", "b"]] to [["b", "a"]]).

    ```mlir
    %1 = gspmd.collective_permute %0 on @mesh ["x"] shift = 1 wrap : tensor<4xf32>
    %2 = gspmd.collective_permute %0 on @mesh ["a", "b"] to ["b", "a"] : tensor<4xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, FlatSymbolRefAttr:$mesh,
                       StrArrayAttr:$axes, OptionalAttr<I64Attr>:$shift,
                       UnitAttr:$wrap, OptionalAttr<StrArrayAttr>:$target_axes);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $input `on` $mesh $axes (`shift` `=` $shift^)? (`wrap` $wrap^)?
    (`to` $target_axes^)? attr-dict `:` type($result)
  }];
}

def GSPMD_HaloExchangeOp : GSPMD_CollectiveOp<"halo_exchange"> {
  let summary = "extends a shard with its neighbours' edge rows along dim";
  let description = [{
    Along `dim`, the global tensor has `size` elements split over the devices
    of each group (linear over `axes`, first axis major): the device at
    position i holds [i*s, (i+1)*s), s being the local size (the tail shard
    padded). The result holds [i*s - halo[0], (i+1)*s + halo[1]): the last
    `halo[0]` elements of the devices before, the shard, the first `halo[1]`
    of the devices after (several hops when a halo is wider than a shard).
    Elements outside [0, size) (before the first device, padding, past the
    last) are `padding` (zero when absent). With `periodic` the dim wraps
    around: the first device's low halo is the last device's edge and the
    last device's high halo the first's (a rotation, `(d0 - 1) mod L` in a
    generic's map); `size` must then split evenly and no `padding` is taken.
    Created by gspmd-partition for windowed ops on split dims, lowered by
    gspmd-halo-exchange to collective_permute (with `wrap` when periodic),
    concatenation and masking.

    ```mlir
    %1 = gspmd.halo_exchange %0 on @mesh ["x"] dim = 0 halo = [1, 2] size = 13
        : tensor<4x8xf32> -> tensor<7x8xf32>
    %2 = gspmd.halo_exchange %0 on @mesh ["x"] dim = 0 halo = [1, 0] size = 13
        padding = %cst : tensor<4x8xf32> -> tensor<5x8xf32>
    %3 = gspmd.halo_exchange %0 on @mesh ["x"] dim = 0 halo = [1, 0] size = 16
        periodic : tensor<4x8xf32> -> tensor<5x8xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, FlatSymbolRefAttr:$mesh,
                       StrArrayAttr:$axes, I64Attr:$dim,
                       DenseI64ArrayAttr:$halo, I64Attr:$size,
                       Optional<AnyType>:$padding, UnitAttr:$periodic);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $input `on` $mesh $axes `dim` `=` $dim `halo` `=` $halo `size` `=` $size
    (`padding` `=` $padding^ `:` type($padding))? (`periodic` $periodic^)?
    attr-dict `:`
    type($input) `->` type($result)
  }];
}

def GSPMD_AxisIndexOp : GSPMD_Op<"axis_index", [Pure,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "this device's coordinate along axes (linear, first major)";
  let arguments = (ins FlatSymbolRefAttr:$mesh, StrArrayAttr:$axes);
  let results = (outs Index:$result);
  let assemblyFormat = "$mesh $axes attr-dict";
}

def GSPMD_PartitionIdOp : GSPMD_Op<"partition_id", [Pure]> {
  let summary = "this device's id (the MPI rank on the CPU backend)";
  let arguments = (ins);
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Pipelining as sharding
//===----------------------------------------------------------------------===//

def GSPMD_PipelineOp : GSPMD_Op<"pipeline", [AttrSizedOperandSegments,
    RecursiveMemoryEffects,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "a pipeline of L homogeneous stages over M micro-batches";
  let description = [{
    ```mlir
    %y = gspmd.pipeline %x : tensor<8x4x16xf32>
        params(%w, %b : tensor<4x16x16xf32>, tensor<4x16xf32>)
        side(%s : tensor<16xf32>) on @mesh "stage" repeats = 1
        -> tensor<8x4x16xf32> {
    ^bb0(%a: tensor<4x16xf32>, %wl: tensor<16x16xf32>, %bl: tensor<16xf32>,
         %sl: tensor<16xf32>):
      ...
      gspmd.yield %next : tensor<4x16xf32>
    }
    ```
    `input` holds M micro-batches [M, ...]; each parameter is stacked over
    the L stages, [L, ...] (or [R, L, ...] with `repeats = R`: a circular
    schedule, each device running its stages R times); `side` values are
    read whole by every stage. The region computes one stage: from one
    micro-batch's activation, one stage's slice of each parameter and the
    side values, the next activation (same type). The result [M, ...] holds
    the last stage's output per micro-batch. Meaning: for each m, x <- x[m];
    for r < R, for l < L: x <- stage(x, W[r][l]). L is a multiple of the
    size of the mesh axis `axis`, which gspmd-pipeline shards the stage dim
    over. Homogeneous stages only: every stage runs the same region.
  }];
  let arguments = (ins AnyRankedTensor:$input,
                       Variadic<AnyRankedTensor>:$params,
                       Variadic<AnyType>:$side, FlatSymbolRefAttr:$mesh,
                       StrAttr:$axis,
                       DefaultValuedAttr<I64Attr, "1">:$repeats);
  let results = (outs AnyRankedTensor:$result);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $input `:` type($input)
    `params` `(` $params `:` type($params) `)`
    (`side` `(` $side^ `:` type($side) `)`)?
    `on` $mesh $axis (`repeats` `=` $repeats^)? `->` type($result)
    attr-dict-with-keyword $body
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// Number of stages L (the stacked dim of the parameters).
    int64_t getNumStages();
  }];
}

def GSPMD_YieldOp : GSPMD_Op<"yield", [Pure, Terminator,
    HasParent<"PipelineOp">]> {
  let summary = "the activation one pipeline stage passes to the next";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

//===----------------------------------------------------------------------===//
// Manual sharding regions (jax shard_map, Shardy sdy.manual_computation)
//===----------------------------------------------------------------------===//

def GSPMD_ManualComputationOp : GSPMD_Op<"manual_computation", [
    IsolatedFromAbove, RecursiveMemoryEffects,
    SingleBlock,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "a per-device body over the manual axes of a mesh";
  let description = [{
    Operands and results have global types and carry `in_shardings` /
    `out_shardings` on `mesh`. The body is written for one device of the
    manual axes: its block arguments and yielded values have the local types
    of the manual axes (each global dim divided by the manual axes that split
    it, uneven dims padded to the ceil shard size, DESIGN section 2), and
    gspmd collectives and `gspmd.axis_index` inside act on manual axes only.
    Over the other (free) axes the body is an ordinary global program,
    partitioned automatically like the rest. In every dim, the manual axes
    of a sharding come before its free axes.

    ```mlir
    %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["data"]
        in_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>]
        out_shardings = [#gspmd.partially_tiled<@mesh, [[], []]>] {
    ^bb0(%lx: tensor<2x16xf32>):
      %s = gspmd.all_reduce %lx on @mesh ["data"] reduce = sum : tensor<2x16xf32>
      gspmd.manual_yield %s : tensor<2x16xf32>
    } : (tensor<8x16xf32>) -> tensor<2x16xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$inputs,
                       FlatSymbolRefAttr:$mesh, StrArrayAttr:$manual_axes,
                       ArrayAttr:$in_shardings, ArrayAttr:$out_shardings);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    `(` $inputs `)` `on` $mesh `manual_axes` `=` $manual_axes
    `in_shardings` `=` $in_shardings `out_shardings` `=` $out_shardings
    $body attr-dict `:` functional-type($inputs, $results)
  }];
}

def GSPMD_ManualYieldOp : GSPMD_Op<"manual_yield", [Pure, Terminator,
    HasParent<"ManualComputationOp">]> {
  let summary = "yields the local results of a manual_computation body";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

#endif // GSPMD_TD
