"""Python bindings for gspmd-mlir: ctypes over the C API in libGSPMDCAPI.so.

The library is found through $GSPMD_LIBRARY, else build/lib or
build-asan/lib of the source tree holding this package; it is loaded on
first use (LibraryNotFoundError if missing).

Ownership rules:
  * One MlirContext per process, created lazily with every dialect and pass
    registered. It is never destroyed: everything below refers to it.
  * Sharding wraps an attribute owned by that context; it needs no cleanup.
  * Mesh owns a detached gspmd.mesh op and destroys it in close(), on leaving
    a `with` block, or when garbage collected. A closed Mesh raises
    ValueError on use. A Sharding keeps its .mesh alive but not open.
  * compile() runs in a fresh context of its own that it destroys.
  * Strings passed in are copied by MLIR or only read during the call.
  * input_fill returns a new array.array; check_* only read their arguments.
Failures raise GSPMDError; its .diagnostics holds MLIR's messages.
"""

from ._capi import LibraryNotFoundError, library_path
from ._check import (ELEM_KINDS, CheckStats, check_floats, check_floats_confirmed,
                     check_floats_within,
                     check_ints, input_fill)
from ._compile import compile
from ._context import GSPMDError
from ._mesh import Mesh
from ._sharding import Sharding, mesh_split, sharding_attr_name

__all__ = ["CheckStats", "ELEM_KINDS", "GSPMDError", "LibraryNotFoundError",
           "Mesh", "Sharding", "check_floats", "check_floats_confirmed",
           "check_floats_within",
           "check_ints", "compile", "input_fill", "library_path", "mesh_split",
           "sharding_attr_name"]
