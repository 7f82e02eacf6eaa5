// Dominated strategies (Reduce.c) are fixed out of the integer program: a
// strategy that costs no more than another in every term (op bytes, bytes
// held, each value's bytes, each edge's reshard to or from every group of
// the other end) can replace it in any plan. The optimum is the same with
// and without the reduction, and here so is the plan: the attention block
// and the 2-layer MLP keep their Megatron plans (attention-megatron.mlir,
// megatron-mlp.mlir) with reduce=true (the default) and reduce=false. The
// strategies no plan within the budget can take (Fit.c) are fixed out with
// reduce=true, and kept with reduce=false; the certificate counts both.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=16000})' %S/attention-megatron.mlir -o %t.att.on.mlir 2>%t.att.on.err
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=16000 reduce=false})' %S/attention-megatron.mlir -o %t.att.off.mlir 2>%t.att.off.err
// RUN: diff %t.att.on.mlir %t.att.off.mlir
// RUN: FileCheck %s --check-prefix=ATT-ON < %t.att.on.err
// RUN: FileCheck %s --check-prefix=ATT-OFF < %t.att.off.err
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=12000})' %S/megatron-mlp.mlir -o %t.meg.on.mlir 2>%t.meg.on.err
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=12000 reduce=false})' %S/megatron-mlp.mlir -o %t.meg.off.mlir 2>%t.meg.off.err
// RUN: diff %t.meg.on.mlir %t.meg.off.mlir
// RUN: FileCheck %s --check-prefix=MEG-ON < %t.meg.on.err
// RUN: FileCheck %s --check-prefix=MEG-OFF < %t.meg.off.err

// ATT-ON: predicted 1536 B per device ({{.*}}), proven optimal; {{.*}} nodes, 70 strategies ({{[1-9][0-9]*}} dominated, {{[1-9][0-9]*}} unfit for the budget)
// ATT-OFF: predicted 1536 B per device ({{.*}}), proven optimal; {{.*}} nodes, 70 strategies (0 dominated, 0 unfit for the budget)
// MEG-ON: predicted 1536 B per device ({{.*}}), proven optimal; {{.*}} nodes, 23 strategies ({{[1-9][0-9]*}} dominated, {{[1-9][0-9]*}} unfit for the budget)
// MEG-OFF: predicted 1536 B per device ({{.*}}), proven optimal; {{.*}} nodes, 23 strategies (0 dominated, 0 unfit for the budget)
