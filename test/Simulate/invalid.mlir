// Bad machines and programs get a diagnostic and a non-zero exit: machine
// file errors at their line of the file.
// RUN: not gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/bad-key.machine})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=KEY
// KEY: bad-key.machine:3:1: error: gspmd-simulate: unknown key 'flop_rate'
// RUN: not gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/bad-number.machine})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NUMBER
// NUMBER: bad-number.machine:4:1: error: gspmd-simulate: 'mem_bw' expects a non-negative number, got 'fast'
// RUN: not gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/no-equals.machine})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=EQUALS
// EQUALS: no-equals.machine:2:1: error: gspmd-simulate: expected 'key = value', got 'mem_bw 1e12'
// RUN: not gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/bad-topology.machine})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TOPOLOGY
// TOPOLOGY: bad-topology.machine:4:1: error: gspmd-simulate: 'local.topology' expects switch, ring or torus, got 'hypercube'
// RUN: not gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/no-flops.machine})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FLOPS
// FLOPS: no-flops.machine:{{[0-9]+}}:1: error: gspmd-simulate: missing 'flops' (peak FLOP/s of a device)
// RUN: not gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/no-network.machine})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NETWORK
// NETWORK: error: gspmd-simulate: missing 'network.bw' (devices_per_node or an axis puts links between nodes)
// Cache levels: sizes ascending, each with a bandwidth, three at most.
// RUN: not gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/cache-order.machine})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=CACHEORDER
// CACHEORDER: cache-order.machine:{{[0-9]+}}:1: error: gspmd-simulate: 'cache2.size' must exceed the level before it
// RUN: not gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/cache-no-bw.machine})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=CACHEBW
// CACHEBW: cache-no-bw.machine:{{[0-9]+}}:1: error: gspmd-simulate: 'cache1' needs both a size and a bw above 0
// RUN: not gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/cache-level.machine})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=CACHELEVEL
// CACHELEVEL: cache-level.machine:3:1: error: gspmd-simulate: unknown key 'cache4.size' (cache levels are cache1 to cache3)
// RUN: not gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=TPUv9})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=PRESET
// PRESET: error: gspmd-simulate: machine 'TPUv9' is neither a preset (TPUv3|TPUv4|TPUv5e|A100|H100|host) nor a readable file
// RUN: not gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: error: gspmd-simulate: no machine given (machine=TPUv3|TPUv4|TPUv5e|A100|H100|host or a file)
// RUN: not gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=TPUv3 overlap=maybe})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=OVERLAP
// OVERLAP: gspmd-simulate: option 'overlap' expects one of none|scheduled, got 'maybe'
// RUN: not gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=TPUv3 entry=nothing})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ENTRY
// ENTRY: error: gspmd-simulate: no function of that name with a body (entry=NAME) (functions: @annotated)

// An annotated program, not yet partitioned.
// RUN: not gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=TPUv3})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=GLOBAL
// GLOBAL: invalid.mlir:[[@LINE+2]]:1: error: gspmd-simulate: the program is not partitioned (an argument has a sharding but no gspmd.global_type): simulate gspmd-spmd's output
gspmd.mesh @mesh ["x"=2]
func.func @annotated(%a: tensor<4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"]]>}) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
