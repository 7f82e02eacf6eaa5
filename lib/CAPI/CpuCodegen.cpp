//===- CpuCodegen.cpp - upstream rewrites the CPU lowering needs, for C ---===//
//
// C API gaps of the lowering to LLVM (include/gspmd/passes.h): upstream's
// elementwise fusion and math approximations take their controls as C++
// functions and have no registered pass with the control we need.
//
// - Fusion: the registered pass fuses every elementwise producer, into
//   contractions too, whose bodies then stop being the mul-add that
//   gspmd-lower-contractions hands to BLAS. gspmd-fuse-elementwise
//   (lib/Cpu/FuseElementwise.c) calls gspmdFuseElementwiseLinalg.
// - Approximation: math.exp and math.tanh become polynomials of arith ops
//   (f16 and bf16 through f32) instead of calls to libm, which LLVM cannot
//   vectorize; gspmd-approximate-math (lib/Cpu/ApproximateMath.c).
// - Loop order: upstream's interchange of a linalg.generic (maps, iterator
//   kinds and the body's linalg.index ops together) is C++ only;
//   gspmd-order-loops (lib/Cpu/OrderLoops.c) chooses the order.
//
//===----------------------------------------------------------------------===//

#include "gspmd/support.h"

#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

bool gspmdFuseElementwiseLinalg(MlirOperation root) {
  Operation *op = unwrap(root);
  // A producer read only here, into a consumer without reduction loops that
  // reads each of its elements once (a permutation, not a broadcast):
  // chains of elementwise ops become one loop nest; nothing is computed
  // twice (fused through a broadcast, a producer would run again for every
  // element it is broadcast to), and contractions and reductions keep their
  // own bodies.
  linalg::ControlFusionFn control = [](OpOperand *fused) {
    Operation *producer = fused->get().getDefiningOp();
    auto consumer = dyn_cast<linalg::GenericOp>(fused->getOwner());
    return producer && producer->hasOneUse() && consumer &&
           consumer.getNumReductionLoops() == 0 &&
           consumer.getMatchingIndexingMap(fused).isPermutation();
  };
  RewritePatternSet patterns(op->getContext());
  linalg::populateElementwiseOpsFusionPatterns(patterns, control);
  return succeeded(applyPatternsGreedily(op, std::move(patterns)));
}

bool gspmdApproximateMath(MlirOperation root) {
  Operation *op = unwrap(root);
  // Upstream's predicate gets the op's full name.
  auto approximated = [](StringRef name) {
    return name == "math.exp" || name == "math.tanh";
  };
  RewritePatternSet patterns(op->getContext());
  populateMathF32ExpansionPatterns(patterns, approximated);
  populateMathPolynomialApproximationPatterns(patterns, approximated);
  return succeeded(applyPatternsGreedily(op, std::move(patterns)));
}

bool gspmdInterchangeLinalgLoops(MlirOperation op, const unsigned *order,
                                 int n) {
  auto generic = dyn_cast<linalg::GenericOp>(unwrap(op));
  if (!generic)
    return false;
  IRRewriter rewriter(generic.getContext());
  rewriter.setInsertionPoint(generic);
  return succeeded(linalg::interchangeGenericOp(
      rewriter, generic, ArrayRef<unsigned>(order, static_cast<size_t>(n))));
}
