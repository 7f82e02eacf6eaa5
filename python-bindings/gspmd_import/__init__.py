"""gspmd_import: JAX programs (StableHLO with their shardings) into gspmd.

StableHLO text or bytecode, as `jax.jit(f, in_shardings=...).lower(...)`
gives it, goes through jaxlib's own MLIR (which has the stablehlo, chlo and
sdy dialects): `chlo-legalize-to-stablehlo` and `stablehlo-legalize-to-linalg`
turn the computation into linalg / tensor / arith / math / scf / func, and
this module maps what carries the shardings onto the gspmd dialect:

  sdy.mesh                      -> gspmd.mesh (sub-axes refine the axis)
  sdy.sharding on arguments and
  results, mhlo.sharding strings -> gspmd.sharding
  sdy.sharding_constraint,
  sdy.reshard, custom_call @Sharding -> gspmd.sharding_constraint
  sdy.manual_computation        -> gspmd.manual_computation
  stablehlo.scatter             -> a loop over the update windows (the
                                   upstream pass leaves scatter alone)

Anything else the upstream pass leaves (another stablehlo op, an sdy op
without a meaning here) is an ImportFailure naming the op and its location.
The result is printed in generic form by jaxlib's MLIR, then parsed,
verified and printed again by ours (libGSPMDCAPI.so), so what this returns
is a module `gspmd-opt` reads.

Only jaxlib's MLIR ever sees StableHLO; the two MLIRs exchange text.
"""

from ._convert import ImportFailure, import_module
from ._jax import import_lowered, run_mpi, run_xla, visualize

__all__ = ["ImportFailure", "import_module", "import_lowered", "run_mpi",
           "run_xla", "visualize"]
