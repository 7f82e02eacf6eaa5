// Every layer alike (docs/auto-shard.md, Repeated layers): before the tied
// plan (the run's first and last segments free), the pass solves the
// program with every segment tied, one layer's size, and starts the folded
// search from that plan. 16 transformer layers of bench/gen.py (2x4 mesh,
// annotations stripped) at 1.5x their smallest budget, with 4 s for the
// whole search: the folded search from its own start alone (its LP's
// rounding, repaired) ends above the plan of every layer alike within that
// time; from it, the tied plan is at or below it (Inputs/alike-start.py),
// and the predicted bytes are the comm report's. Its run under MPI and XLA
// takes minutes; the plans of repeated-bound.mlir, found the same way, run
// there.
// RUN: %python %gspmd_src/bench/gen.py transformer 2103 --devices 8 | sed -E 's/ \{gspmd\.sharding = #gspmd\.[a-z_]+(<[^>]*>)?\}//g' > %t.mlir
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=648192 time-limit=4},gspmd-spmd,gspmd-comm-report)' %t.mlir -o /dev/null 2>%t.err >%t.out && cat %t.err %t.out | FileCheck %s
// RUN: %python %S/Inputs/alike-start.py < %t.err

// CHECK: predicted [[B:[0-9]+]] B per device {{.*}}; repeated: 14 segments of {{[0-9]+}} ops {{.*}} tied, solved as one (101 nodes) in {{[0-9.]+}} s: {{[0-9]+}} B, started from every layer alike (16 segments, 35 nodes): {{[0-9]+}} B in {{[0-9.]+}} s
// CHECK: total: {{.*}} sent [[B]] B
