"""gspmd-xla-run's library: our programs compiled and run by XLA through
jaxlib's PJRT client (the TPU path, tested here on host CPU devices).

export()   partitions a global program with our passes (C API, ctypes) and
           writes StableHLO (form "spmd": the per-device program; "global":
           the program with Shardy shardings for XLA's own partitioner), with
           the manifest of the entry's layouts.
XlaRunner  one PJRT client for a process: compiles StableHLO for N devices,
           feeds each device its shard of gspmd-run's inputs (the one
           generator, gspmdInputFill), runs, assembles the global results.
check()    judges results against `gspmd-run --save-reference` with the one
           checker (gspmdCheckFloats / gspmdCheckInts).

Layout (DESIGN section 2): a dim of size D over n shards has shard size
ceil(D / n); shard k holds [k*s, min((k+1)*s, D)); padding is poisoned (NaN,
0x5A bytes, true) so a program that reads it shows up. Partition p runs
device id p; a device's shard index along a dim is its mesh coordinate over
that dim's axes, major to minor. XLA's uneven shards use the same layout.
"""

import json
import os
import re
import subprocess
import tempfile
import time

import numpy as np

import gspmd

__all__ = ["export", "XlaRunner", "load_reference", "check_results",
           "ExportError"]


class ExportError(Exception):
    """The export failed; str() holds MLIR's diagnostics."""


def export(source, form="spmd", entry=None, shardings="sdy"):
    """Returns (stablehlo_text, manifest_dict) for a global program's text."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.mlir")
        man = os.path.join(tmp, "manifest.json")
        opts = "form=%s output=%s manifest=%s" % (form, out, man)
        if form == "global":
            opts += " shardings=%s" % shardings
        if entry:
            opts += " entry=%s" % entry
        pipeline = ("gspmd-spmd," if form == "spmd" else "") + \
            "gspmd-export-stablehlo{%s}" % opts
        try:
            gspmd.compile(source, pipeline=pipeline)
        except gspmd.GSPMDError as err:
            raise ExportError("\n".join(err.diagnostics) or str(err)) from None
        with open(out) as f:
            text = f.read()
        with open(man) as f:
            manifest = json.load(f)
    return text, manifest


_NP_DTYPES = {"f32": np.float32, "f64": np.float64, "f16": np.float16,
              "i1": np.bool_, "i8": np.int8, "i32": np.int32, "i64": np.int64}


def _dtype(elem):
    if elem == "bf16":
        import jax.numpy as jnp
        return np.dtype(jnp.bfloat16)
    return np.dtype(_NP_DTYPES[elem])


def global_input(seed, index, elem, shape):
    """Argument `index`'s global input, bit for bit what gspmd-run feeds."""
    raw = np.frombuffer(gspmd.input_fill(seed, index, elem, shape),
                        dtype={"f32": np.float32, "f64": np.float64,
                               "f16": np.uint16, "bf16": np.uint16,
                               "i1": np.uint8, "i8": np.int8,
                               "i32": np.int32, "i64": np.int64}[elem])
    if elem in ("f16", "bf16"):
        raw = raw.view(_dtype(elem))
    elif elem == "i1":
        raw = raw.astype(np.bool_)
    return raw.reshape(shape)


def _poison(dtype):
    if dtype.kind == "f" or dtype.name == "bfloat16":
        return np.array(np.nan, dtype=dtype)
    if dtype.kind == "b":
        return np.array(True)
    return np.frombuffer(b"\x5a" * dtype.itemsize, dtype=dtype)[0]


class Layout:
    """Where each device's shard of one value lies (manifest entry)."""

    def __init__(self, entry, meshes, num_devices):
        self.shape = list(entry["shape"])
        self.local_shape = list(entry["local_shape"])
        self.elem = entry["elem"]
        self.type = entry["type"]
        self.dims = entry["dims"]
        mesh = meshes.get(entry["mesh"]) if entry["mesh"] else None
        self.axes = [a for a, _ in mesh["axes"]] if mesh else []
        self.sizes = [s for _, s in mesh["axes"]] if mesh else []
        devices = mesh["devices"] if mesh else list(range(num_devices))
        self.position = {d: p for p, d in enumerate(devices)}
        # The global form's shards are XLA's: the same ceil layout.
        if self.local_shape == self.shape:
            self.local_shape = [s for _, _, s in self.region(0)]

    def coords(self, device):
        pos = self.position.get(device, 0)
        c = []
        for s in reversed(self.sizes):
            c.append(pos % s)
            pos //= s
        return dict(zip(self.axes, reversed(c)))

    def region(self, device):
        """Per dim (start, valid, shard size) of the device's shard."""
        if getattr(self, "_regions", None) is not None:
            return self._regions[device]
        coords = self.coords(device)
        out = []
        for d, size in enumerate(self.shape):
            count, index = 1, 0
            for a in self.dims[d]:
                n = self.sizes[self.axes.index(a)]
                index = index * n + coords[a]
                count *= n
            s = -(-size // count)
            start = min(index * s, size)
            out.append((start, max(0, min(s, size - start)), s))
        return out

    def use_xla_sharding(self, op_sharding, n):
        """Takes the layout XLA compiled for (the global form: XLA's
        partitioner may re-shard arguments and results, e.g. uneven dims),
        from the OpSharding proto of a parameter or output."""
        from jaxlib import xla_client
        T = xla_client.OpSharding.Type
        dims = list(op_sharding.tile_assignment_dimensions) if op_sharding else []
        rank = len(self.shape)
        if op_sharding is None or op_sharding.type != T.OTHER or not dims:
            full = [(0, d, d) for d in self.shape]
            self._regions = {d: full for d in range(n)}
        else:
            if op_sharding.tile_assignment_devices:
                devs = np.array(list(op_sharding.tile_assignment_devices))
            else:
                devs = np.arange(int(np.prod(op_sharding.iota_reshape_dims)))
                devs = devs.reshape(list(op_sharding.iota_reshape_dims)).transpose(
                    list(op_sharding.iota_transpose_perm))
            devs = devs.reshape(dims)
            self._regions = {}
            for idx in np.ndindex(*dims):
                reg = []
                for k in range(rank):
                    s = -(-self.shape[k] // dims[k])
                    start = min(idx[k] * s, self.shape[k])
                    reg.append((start, max(0, min(s, self.shape[k] - start)), s))
                self._regions[int(devs[idx])] = reg
        self.local_shape = [s for _, _, s in self._regions[0]]

    def shard(self, value, device):
        dtype = value.dtype
        local = np.full(self.local_shape, _poison(dtype), dtype=dtype)
        reg = self.region(device)
        src = tuple(slice(a, a + v) for a, v, _ in reg)
        dst = tuple(slice(0, v) for _, v, _ in reg)
        local[dst] = value[src]
        return local


def _collectives(hlo):
    kinds = ["all-reduce", "all-gather", "reduce-scatter", "all-to-all",
             "collective-permute"]
    found = []
    for line in hlo.splitlines():
        for k in kinds:
            m = re.search(r"= (\S+) %s(-start)?\(" % k, line)
            if m:
                groups = re.search(r"(replica_groups=\S+|source_target_pairs=\S+)", line)
                found.append((k, m.group(1), groups.group(1) if groups else ""))
    return found


class XlaRunner:
    """One jax backend for the process (the device count is fixed when it
    starts: create the runner with the largest N you will use)."""

    def __init__(self, max_devices, platform="cpu"):
        import jax
        jax.config.update("jax_enable_x64", True)  # f64 and i64 stay 64-bit
        if platform == "cpu":
            jax.config.update("jax_num_cpu_devices", max_devices)
        import jax.extend.backend as jeb
        from jaxlib import xla_client
        self.jax, self.jeb, self.xla_client = jax, jeb, xla_client
        self.backend = jeb.get_backend(platform)
        self.devices = self.backend.devices()
        if len(self.devices) < max_devices:
            raise RuntimeError("platform %s has %d devices, %d wanted"
                               % (platform, len(self.devices), max_devices))

    def compile(self, text, n):
        devs = self.devices[:n]
        opts = self.jeb.get_compile_options(
            num_replicas=1, num_partitions=n,
            device_assignment=np.arange(n).reshape(1, n))
        t0 = time.perf_counter()
        exe = self.backend.compile_and_load(
            text, self.xla_client.DeviceList(tuple(devs)), opts)
        return exe, time.perf_counter() - t0

    def run(self, exe, manifest, seed=0, inputs=None):
        """Runs with gspmd-run's inputs for `seed`; returns the global
        results (numpy) and a list of replica disagreements."""
        jax = self.jax
        n = manifest["num_partitions"]
        devs = self.devices[:n]
        meshes = manifest["meshes"]
        xla_layouts = manifest["form"] == "global"
        if xla_layouts:
            # None on one device: everything is replicated.
            in_shardings = exe.get_parameter_shardings() or \
                [None] * len(manifest["args"])
            out_shardings = exe.get_output_shardings() or \
                [None] * len(manifest["results"])
        args = []
        for i, a in enumerate(manifest["args"]):
            lay = Layout(a, meshes, n)
            if xla_layouts:
                lay.use_xla_sharding(in_shardings[i], n)
            value = inputs[i] if inputs is not None else \
                global_input(seed, i, lay.elem, lay.shape)
            bufs = [jax.device_put(lay.shard(value, d), devs[d]) for d in range(n)]
            sharding = jax.sharding.NamedSharding(
                jax.sharding.Mesh(np.array(devs), ("p",)),
                jax.sharding.PartitionSpec())
            args.append(jax.make_array_from_single_device_arrays(
                tuple(lay.local_shape), sharding, bufs))
        outs = exe.execute_sharded(args).disassemble_into_single_device_arrays()
        results, problems = [], []
        for i, (r, per_device) in enumerate(zip(manifest["results"], outs)):
            lay = Layout(r, meshes, n)
            if xla_layouts:
                lay.use_xla_sharding(out_shardings[i], n)
            full = None
            seen = None
            for d, buf in enumerate(per_device):
                local = np.asarray(buf)
                if full is None:
                    full = np.zeros(lay.shape, dtype=local.dtype)
                    seen = np.zeros(lay.shape, dtype=np.bool_)
                reg = lay.region(d)
                src = tuple(slice(0, v) for _, v, _ in reg)
                dst = tuple(slice(a, a + v) for a, v, _ in reg)
                part = local[src]
                prior = seen[dst]
                if prior.any():
                    old = full[dst]
                    same = (old == part) | ((old != old) & (part != part))
                    if not np.all(same[prior]):
                        problems.append("result %s: device %d disagrees with "
                                        "another replica" % (r["type"], d))
                full[dst] = np.where(prior, full[dst], part)
                seen[dst] = True
            results.append(full)
        return results, problems

    @staticmethod
    def collectives(exe):
        return _collectives(exe.hlo_modules()[0].to_string())


def load_reference(directory):
    with open(os.path.join(directory, "manifest.json")) as f:
        man = json.load(f)
    refs = []
    for r in man["results"]:
        refs.append((np.load(os.path.join(directory, r["ref"])),
                     np.load(os.path.join(directory, r["ref64"]))
                     if r.get("ref64") else None))
    return man, refs


def save_reference(gspmd_run, path, directory, entry=None, seed=0):
    cmd = [gspmd_run, path, "--save-reference", directory, "--seed", str(seed)]
    if entry:
        cmd += ["--entry", entry]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("gspmd-run --save-reference failed:\n" + p.stderr)


def check_results(results, manifest, refs):
    """One line per result, as gspmd-run prints them; returns (lines, ok)."""
    lines, passed = [], 0
    for i, (got, r, (ref, ref64)) in enumerate(zip(results, manifest["results"], refs)):
        elem = r["elem"]
        if elem.startswith("f") or elem == "bf16":
            ok, st = gspmd.check_floats(
                elem, got.astype(np.float64).ravel().tolist(),
                ref.astype(np.float64).ravel().tolist(),
                None if ref64 is None else ref64.astype(np.float64).ravel().tolist())
        else:
            ok, st = gspmd.check_ints(got.astype(np.int64).ravel().tolist(),
                                      ref.astype(np.int64).ravel().tolist())
        passed += ok
        lines.append("result #%d %s: max_abs_err=%.3g max_rel_err=%.3g "
                     "bound=%.3g %s" % (i, r["type"], st.max_abs_err,
                                        st.max_rel_err, st.bound,
                                        "PASS" if ok else "FAIL"))
    n = len(results)
    lines.append("check: %d of %d result%s PASS" % (passed, n, "" if n == 1 else "s"))
    return lines, passed == n
