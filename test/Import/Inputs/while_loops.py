"""Loops as jax writes them (stablehlo.while), on a 2x2 mesh.

  while_loops.py lower        prints the jitted function's StableHLO
  while_loops.py compare DIR  runs it in jax on gspmd-run's inputs (seed 0)
                              and compares with DIR/result<i>.npy: within
                              1e-5 (another compiler's tanh and sums), the
                              integer loop count exactly
"""
import sys

import jax

jax.config.update("jax_num_cpu_devices", 4)

import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((2, 2), ("data", "model"))


def f(w, x):
    # scan over stacked layers (Megatron on "model": weights split on their
    # output dim), a fori_loop, and a while whose trip count the data decide.
    def layer(h, wi):
        return jnp.tanh(h @ wi), jnp.sum(h)
    h, sums = jax.lax.scan(layer, x, w)
    g = jax.lax.fori_loop(1, 4, lambda i, v: v * 0.5 + i.astype(jnp.float32), h)

    def cond(c):
        return (jnp.max(jnp.abs(c[0])) < 8.0) & (c[1] < 20)

    def body(c):
        return c[0] * 2.0, c[1] + 1
    big, n = jax.lax.while_loop(cond, body, (x, jnp.int32(0)))
    return g, sums, big, n


shapes = [(3, 8, 8), (4, 8)]
specs = [P(None, None, "model"), P("data")]
fn = jax.jit(f, in_shardings=tuple(NamedSharding(mesh, s) for s in specs))

if sys.argv[1] == "lower":
    print(fn.lower(*[jax.ShapeDtypeStruct(s, jnp.float32) for s in shapes]).as_text())
else:
    from gspmd_xla import global_input
    args = [global_input(0, i, "f32", s) for i, s in enumerate(shapes)]
    bad = 0
    for k, want in enumerate(fn(*args)):
        want = np.asarray(want)
        got = np.load("%s/result%d.npy" % (sys.argv[2], k))
        same = got.shape == want.shape and np.allclose(got, want, rtol=1e-5, atol=1e-6)
        bad += not same
        print("result #%d: %s" % (k, "matches jax" if same else "DIFFERS from jax"))
    print("jax: %d of %d results match" % (k + 1 - bad, k + 1))
    sys.exit(1 if bad else 0)
