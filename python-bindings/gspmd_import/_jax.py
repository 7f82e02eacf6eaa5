"""From a jitted function to a checked partitioned run, in three lines:

    lowered = jax.jit(f, in_shardings=..., out_shardings=...).lower(*args)
    module = gspmd_import.import_lowered(lowered)
    gspmd_import.run_mpi(module)          # or run_xla(module)

The runners are the project's commands (gspmd-run under mpirun,
gspmd-xla-run); they are found through $GSPMD_RUN / $GSPMD_XLA_RUN, else
beside the library the gspmd package loaded (build/bin of a build tree,
bin/ of an install prefix).
"""

import os
import re
import subprocess
import sys
import tempfile

from ._convert import import_module

__all__ = ["import_lowered", "run_mpi", "run_xla", "visualize", "num_devices"]


def import_lowered(lowered, *, debug_info=False):
    """Imports a jax.stages.Lowered (jax.jit(...).lower(...)); returns text."""
    return import_module(lowered.as_text(debug_info=debug_info), debug_info=debug_info)


def num_devices(module_text):
    """The device count of the module's largest mesh (1 without a mesh)."""
    n = 1
    for axes in re.findall(r"gspmd\.mesh @\S+ \[([^\]]*)\]", module_text):
        size = 1
        for s in re.findall(r"=(\d+)", axes):
            size *= int(s)
        n = max(n, size)
    return n


def _tool(env, name):
    if os.environ.get(env):
        return os.environ[env]
    import gspmd
    lib = os.path.dirname(gspmd.library_path())
    for cand in (os.path.join(lib, "..", "bin", name),):
        if os.path.exists(cand):
            return os.path.normpath(cand)
    return name  # on PATH


def _run(cmd, module_text, capture):
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(module_text)
        path = f.name
    try:
        return subprocess.run(cmd + [path] if "{}" not in cmd else
                              [path if c == "{}" else c for c in cmd],
                              capture_output=capture, text=True)
    finally:
        os.unlink(path)


def run_mpi(module_text, *, devices=None, check=True, args=(), capture=False):
    """Runs the module under `mpirun -n N gspmd-run FILE [--check]`.

    Returns the CompletedProcess (stdout/stderr captured with capture=True)."""
    n = devices or num_devices(module_text)
    cmd = [os.environ.get("GSPMD_MPIRUN", "mpirun"), "-n", str(n),
           _tool("GSPMD_RUN", "gspmd-run"), "{}"] + (["--check"] if check else []) + list(args)
    return _run(cmd, module_text, capture)


def run_xla(module_text, *, check=True, args=(), capture=False):
    """Partitions the module with our passes and runs it through XLA
    (gspmd-xla-run FILE [--check]); returns the CompletedProcess."""
    cmd = [_tool("GSPMD_XLA_RUN", "gspmd-xla-run"), "{}"] + \
        (["--check"] if check else []) + list(args)
    return _run(cmd, module_text, capture)


def visualize(module_text, *, entry=None):
    """The picture of where the entry's arguments and results live (the
    gspmd-show-shardings pass after completion), as text."""
    import gspmd
    opts = "{entry=%s}" % entry if entry else ""
    out = []
    gspmd.compile(module_text, pipeline="gspmd-complete,gspmd-show-shardings" + opts,
                  diagnostics=out)
    # Only the pictures: gspmd-complete remarks too (ops without a rule,
    # conflicts), and a picture starts with the value it shows.
    texts = [d.split(": remark: ", 1)[1] for d in out if ": remark: " in d]
    return "\n".join(t for t in texts if re.match(r"(%arg\d+|result #\d+) ", t))
