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
           checker (gspmdCheckFloats / gspmdCheckInts); a float result
           outside the allowance gets a second opinion from XLA's own
           unpartitioned run (xla_reference, check_results).

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
           "xla_reference", "inject_error", "ExportError"]

# How much more rounding noise XLA's own math may add to a program, as the
# RMS of its unpartitioned run's error against the f64 reference over that of
# gspmd-run's f32 run (README, "TPU path": XLA rewrites a / sqrt(b) into
# a * rsqrt(b), one more rounding shared by a whole row; measured 2.06 on
# pipeline-transformer, 1.0 to 1.1 on single layers).
XLA_MATH_NOISE_LIMIT = 4.0

# GSPMD_CHECK_CONFIRM_RATIO of gspmd-c/Check.h.
CHECK_CONFIRM_RATIO = 10.0


class ExportError(Exception):
    """The export failed; str() holds MLIR's diagnostics."""


def export(source, form="spmd", entry=None, shardings="sdy"):
    """Returns (stablehlo_text, manifest_dict) for a global program's text."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.mlir")
        man = os.path.join(tmp, "manifest.json")
        opts = "form=%s output=%s manifest=%s" % (form, out, man)
        if form == "global":
            opts += " shardings=%s" % shardings  # none: one device
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


def save_reference(gspmd_run, path, directory, entry=None, seed=0, jit_opt=None):
    cmd = [gspmd_run, path, "--save-reference", directory, "--seed", str(seed)]
    if jit_opt is not None:
        cmd += ["--jit-opt", str(jit_opt)]
    if entry:
        cmd += ["--entry", entry]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("gspmd-run --save-reference failed:\n" + p.stderr)


def xla_reference(runner, source, entry=None, seed=0):
    """XLA's own run of the unpartitioned program: the global form without
    shardings (gspmd.pipeline by its sequential meaning) compiled for one
    device, on gspmd-run's inputs. Its results, or None when the program has
    no such form (manual regions need their mesh)."""
    try:
        text, manifest = export(source, "global", entry, shardings="none")
    except ExportError:
        return None
    exe, _ = runner.compile(text, 1)
    results, _ = runner.run(exe, manifest, seed)
    return results


# gspmd-run's promotion (tools/gspmd-run/reference.c): TOSA to linalg, then
# every float type to f64.
PROMOTE_PIPELINE = ("builtin.module(func.func(tosa-optional-decompositions,"
                    "tosa-make-broadcastable,tosa-to-linalg-named,tosa-to-linalg,"
                    "tosa-to-arith,tosa-to-tensor),gspmd-promote-f64)")


def promoted_run(runner, source, entry=None, seed=0, form="spmd", shardings="sdy"):
    """The program promoted to f64 (as gspmd-run's check promotes it: a
    memory budget on the module doubled with the element size, so that the
    partitioner plans the same), exported in `form` (spmd: partitioned by
    our passes; global: by XLA from `shardings`), compiled and run on the
    same input values: its results, or None when the program cannot be
    promoted or exported."""
    try:
        wide = gspmd.compile(source, pipeline=PROMOTE_PIPELINE)
        wide = re.sub(r"(gspmd\.memory_budget = )([0-9]+)",
                      lambda m: m.group(1) + str(2 * int(m.group(2))), wide)
        text, manifest = export(wide, form, entry, shardings)
    except (gspmd.GSPMDError, ExportError):
        return None
    exe, _ = runner.compile(text, manifest["num_partitions"])
    results, _ = runner.run(exe, manifest, seed)
    return results


def _rms(v):
    v = v[np.isfinite(v)]
    return float(np.sqrt(np.mean(v * v))) if v.size else 0.0


def _confirm(elem, i, r, g, ref, ref64, st, wide_run, clean):
    """gspmd-run's second stage (docs/testing.md, The check): a float result
    FAILing within GSPMD_CHECK_CONFIRM_RATIO of its allowance is judged with
    the partitioned program promoted to f64 (wide_run: a callable returning
    promoted_run's results). `clean`: result i before a planted error, whose
    change is planted in the f64 result too. Returns (line, ok), or None
    when the stage does not apply."""
    if wide_run is None or ref64 is None or elem == "f64" or st.worst_index < 0:
        return None
    w = ref64.astype(np.float64).ravel()
    ratio = abs(g[st.worst_index] - w[st.worst_index]) / st.bound if st.bound > 0 else np.inf
    if not ratio <= CHECK_CONFIRM_RATIO:
        return None
    wide = wide_run()
    if wide is None or i >= len(wide):
        return None
    g64 = wide[i].astype(np.float64).ravel().copy()
    if clean is not None:
        c = clean.astype(np.float64).ravel()
        moved = g != c
        g64[moved] += g[moved] - c[moved]
    ok, _, ws = gspmd.check_floats_confirmed(
        elem, g.tolist(), g64.tolist(), ref.astype(np.float64).ravel().tolist(), w.tolist())
    wr = 0.0
    if ws.worst_index >= 0 and ws.bound > 0:
        wr = abs(g64[ws.worst_index] - w[ws.worst_index]) / ws.bound
    return ("result #%d %s in f64 (the partitioned program promoted, at the elements "
            "outside the allowance): max_abs_err=%.3g bound=%.3g ratio=%.3g %s" % (
                i, r["type"], ws.max_abs_err, ws.bound, wr, "PASS" if ok else "FAIL"), ok)


def check_results(results, manifest, refs, second_opinion=None, wide_run=None,
                  clean=None):
    """One line per result, as gspmd-run prints them; returns (lines, ok).

    A float result that FAILs within CHECK_CONFIRM_RATIO of its allowance is
    first judged again with the partitioned program promoted to f64, as
    gspmd-run does (`wide_run`: a callable returning promoted_run's results,
    or None; `clean`: the results before a planted error, or None).

    A float result that FAILs against gspmd-run's f32 run (whose distance to
    the f64 run sets the allowance) is judged again when `second_opinion`
    (a callable returning xla_reference's results, or None) is given: with
    XLA's own unpartitioned run in place of gspmd-run's, so that the
    allowance includes XLA's math, provided that run's RMS error against the
    f64 reference is at most XLA_MATH_NOISE_LIMIT times gspmd-run's (so an
    export that computes something else cannot widen it). Partitioning
    errors (--inject-error) stay far outside both allowances."""
    lines, passed = [], 0
    xla_refs = None
    for i, (got, r, (ref, ref64)) in enumerate(zip(results, manifest["results"], refs)):
        elem = r["elem"]
        note = ""
        if elem.startswith("f") or elem == "bf16":
            g = got.astype(np.float64).ravel()
            bad = int(np.count_nonzero(~np.isfinite(ref.astype(np.float64))))
            if bad:  # as gspmd-run says it (tools/gspmd-run/reference.c)
                lines.append("check: the reference of %s is NaN or infinite at %d of %d "
                             "elements; the check sees no error there" % (r["type"], bad, ref.size))
            ok, st = gspmd.check_floats(
                elem, g.tolist(), ref.astype(np.float64).ravel().tolist(),
                None if ref64 is None else ref64.astype(np.float64).ravel().tolist())
            confirmed = None if ok else _confirm(
                elem, i, r, g, ref, ref64, st, wide_run,
                None if clean is None else clean[i])
            if confirmed is not None:
                lines.append("result #%d %s: max_abs_err=%.3g max_rel_err=%.3g "
                             "bound=%.3g FAIL (within %gx: to be confirmed in f64)"
                             % (i, r["type"], st.max_abs_err, st.max_rel_err,
                                st.bound, CHECK_CONFIRM_RATIO))
                lines.append(confirmed[0])
                passed += confirmed[1]
                continue
            if not ok and ref64 is not None and second_opinion is not None:
                if xla_refs is None:
                    xla_refs = second_opinion() or []
                if i < len(xla_refs):
                    w = ref64.astype(np.float64).ravel()
                    x1 = xla_refs[i].astype(np.float64).ravel()
                    noise = _rms(x1 - w) / max(_rms(ref.astype(np.float64).ravel() - w), 1e-300)
                    ok2, st2 = gspmd.check_floats(elem, g.tolist(), x1.tolist(), w.tolist())
                    note = (" (against gspmd-run's f32 run); against XLA's own "
                            "unpartitioned run (its rms error %.2fx gspmd-run's, "
                            "limit %g): max_abs_err=%.3g bound=%.3g %s" % (
                                noise, XLA_MATH_NOISE_LIMIT, st2.max_abs_err,
                                st2.bound, "PASS" if ok2 and noise <= XLA_MATH_NOISE_LIMIT
                                else "FAIL"))
                    ok = ok2 and noise <= XLA_MATH_NOISE_LIMIT
        else:
            ok, st = gspmd.check_ints(got.astype(np.int64).ravel().tolist(),
                                      ref.astype(np.int64).ravel().tolist())
        passed += ok
        lines.append("result #%d %s: max_abs_err=%.3g max_rel_err=%.3g "
                     "bound=%.3g %s%s" % (i, r["type"], st.max_abs_err,
                                          st.max_rel_err, st.bound,
                                          ("FAIL" + note) if note else
                                          "PASS" if ok else "FAIL",
                                          " => PASS" if note and ok else ""))
    n = len(results)
    lines.append("check: %d of %d result%s PASS" % (passed, n, "" if n == 1 else "s"))
    return lines, passed == n


_INJECT_KINDS = ("first", "element", "padding", "partial")


def inject_error(results, kind, num_devices):
    """Plants in result #0 the error a partitioning bug makes (gspmd-run's
    --inject-error, tools/gspmd-run/inject.c, same kinds and sizes); returns
    a line saying what changed."""
    v = results[0]
    flat = v.reshape(-1)
    if flat.size == 0:
        return "inject-error: result #0 is empty"
    vals = flat.astype(np.float64)
    at, median = 0, 0.0
    if kind != "first":
        nz = np.nonzero(np.isfinite(vals) & (vals != 0))[0]
        if nz.size:
            order = nz[np.argsort(np.abs(vals[nz]), kind="stable")]
            at = int(order[nz.size // 2])
            median = abs(vals[at])
    x = vals[at]
    if v.dtype.kind in "iub":
        new = (not flat[at]) if v.dtype.kind == "b" else flat[at] + 1
    elif kind == "first":
        new = 0.0 if np.isnan(x) else x + 1
    elif kind == "element":
        bits = {"float32": 24, "float64": 53, "float16": 11, "bfloat16": 8}[v.dtype.name]
        four = 4 * 2.0 ** (np.frexp(abs(x))[1] - bits)
        new = x + np.copysign(max(1e-3 * abs(x), four), x)
    elif kind == "padding":
        new = x + np.copysign(median / 64, x)
    else:
        s = max(num_devices, 2)
        new = x * (s - 1) / s
    old = flat[at]
    flat[at] = new
    return "inject-error: %s: element %d of result #0 changed from %.9g to %.9g" % (
        kind, at, float(old), float(flat[at]))
