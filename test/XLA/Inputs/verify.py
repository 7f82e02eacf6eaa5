"""Parses and verifies StableHLO files with jaxlib's own MLIR (jax's context:
func, stablehlo, chlo, sdy registered); prints `verified FILE` per file and
exits 1 at the first one it rejects."""
import sys

from jax._src.interpreters import mlir as jmlir
from jaxlib.mlir import ir

for path in sys.argv[1:]:
    with open(path) as f:
        text = f.read()
    with jmlir.make_ir_context():
        try:
            module = ir.Module.parse(text)
        except Exception as err:  # the parser's diagnostics
            print("rejected %s: %s" % (path, err))
            sys.exit(1)
        if not module.operation.verify():
            print("rejected %s: verifier" % path)
            sys.exit(1)
    print("verified %s" % path)
