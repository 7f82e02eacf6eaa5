"""A shard_map body with every collective jax has, on a 2x4 mesh.

  shard_map_collectives.py lower        prints the jitted function's StableHLO
  shard_map_collectives.py compare DIR  runs it in jax on gspmd-run's inputs
                                        (seed 0) and compares with
                                        DIR/result<i>.npy (gspmd-run
                                        --save-results): equal bit for bit,
                                        the inputs being k/256 and the sums
                                        short enough to be exact in f32
"""
import sys

import jax

jax.config.update("jax_num_cpu_devices", 8)

import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((2, 4), ("x", "y"))


def body(a, b):
    s = jax.lax.psum(a, "y")
    g = jax.lax.all_gather(a, "x", axis=0, tiled=True)
    m = jax.lax.pmax(a, ("x", "y"))
    r = jax.lax.psum_scatter(a, "y", scatter_dimension=1, tiled=True)
    t = jax.lax.all_to_all(a, "y", 1, 0, tiled=True)
    p = jax.lax.ppermute(a, "y", [(i, (i + 1) % 4) for i in range(4)])
    q = jax.lax.ppermute(a, ("x", "y"), [(i, i + 3) for i in range(5)])
    i = jax.lax.axis_index("y").astype(jnp.float32) + 4 * jax.lax.axis_index("x")
    u = jax.lax.psum(b, "x") * b  # a psum of a value replicated over y
    return s, g, m, r, t, p + i, q, u


f = jax.jit(jax.shard_map(
    body, mesh=mesh, in_specs=(P("x", "y"), P("x")),
    out_specs=(P("x", "y"), P(None, "y"), P("x", "y"), P("x", "y"), P("x", "y"),
               P("x", "y"), P("x", "y"), P("x")),
    check_vma=False))
shapes = [(8, 16), (6, 5)]
specs = [P("x", "y"), P("x")]

if sys.argv[1] == "lower":
    args = [jax.device_put(jnp.zeros(s, jnp.float32), NamedSharding(mesh, p))
            for s, p in zip(shapes, specs)]
    print(f.lower(*args).as_text())
else:
    from gspmd_xla import global_input
    args = [jax.device_put(global_input(0, i, "f32", s), NamedSharding(mesh, p))
            for i, (s, p) in enumerate(zip(shapes, specs))]
    bad = 0
    for k, want in enumerate(f(*args)):
        got = np.load("%s/result%d.npy" % (sys.argv[2], k))
        same = got.shape == want.shape and np.array_equal(got, np.asarray(want))
        bad += not same
        print("result #%d: %s" % (k, "equal to jax" if same else "DIFFERS from jax"))
    print("jax: %d of %d results equal" % (k + 1 - bad, k + 1))
    sys.exit(1 if bad else 0)
