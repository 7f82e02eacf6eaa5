"""ctypes declarations for the parts of libGSPMDCAPI.so the package uses.

Only this module knows C signatures. MLIR handles are one-pointer structs
passed by value. MlirStringRef.data is a c_void_p: MLIR strings are not
NUL-terminated, so they are read with ctypes.string_at(data, length).
"""

import ctypes
import os
import sys
import threading

__all__ = ["LibraryNotFoundError", "lib", "library_path"]


class LibraryNotFoundError(OSError):
    """libGSPMDCAPI.so could not be found or loaded."""


def _handle(name):
    return type(name, (ctypes.Structure,), {"_fields_": [("ptr", ctypes.c_void_p)]})


MlirContext = _handle("MlirContext")
MlirLocation = _handle("MlirLocation")
MlirOperation = _handle("MlirOperation")
MlirAttribute = _handle("MlirAttribute")
MlirDiagnostic = _handle("MlirDiagnostic")
MlirDialect = _handle("MlirDialect")
MlirIdentifier = _handle("MlirIdentifier")
MlirModule = _handle("MlirModule")


class MlirStringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]


class MlirLogicalResult(ctypes.Structure):
    _fields_ = [("value", ctypes.c_int8)]


c_bool = ctypes.c_bool
c_int = ctypes.c_int
c_int64 = ctypes.c_int64
c_intptr = ctypes.c_ssize_t
c_uint64 = ctypes.c_uint64
c_void_p = ctypes.c_void_p
P = ctypes.POINTER

# void (*)(MlirStringRef, void *)
MlirStringCallback = ctypes.CFUNCTYPE(None, MlirStringRef, c_void_p)
# MlirLogicalResult (*)(MlirDiagnostic, void *). ctypes callbacks cannot
# return structs; struct { int8_t } is returned exactly like an int8_t on the
# SysV x86-64 and AArch64 ABIs, so the callback is declared to return c_int8.
MlirDiagnosticHandler = ctypes.CFUNCTYPE(ctypes.c_int8, MlirDiagnostic, c_void_p)
# void (*)(void *)
MlirDeleteUserData = ctypes.CFUNCTYPE(None, c_void_p)

_SIGNATURES = {
    # mlir-c/IR.h, Support.h, Diagnostics.h, BuiltinAttributes.h
    "mlirContextGetOrLoadDialect": (MlirDialect, [MlirContext, MlirStringRef]),
    "mlirContextAttachDiagnosticHandler": (
        c_uint64, [MlirContext, MlirDiagnosticHandler, c_void_p, MlirDeleteUserData]),
    "mlirDiagnosticPrint": (None, [MlirDiagnostic, MlirStringCallback, c_void_p]),
    "mlirDiagnosticGetLocation": (MlirLocation, [MlirDiagnostic]),
    "mlirDiagnosticGetSeverity": (c_int, [MlirDiagnostic]),
    "mlirDiagnosticGetNumNotes": (c_intptr, [MlirDiagnostic]),
    "mlirDiagnosticGetNote": (MlirDiagnostic, [MlirDiagnostic, c_intptr]),
    "mlirLocationUnknownGet": (MlirLocation, [MlirContext]),
    "mlirLocationPrint": (None, [MlirLocation, MlirStringCallback, c_void_p]),
    "mlirLocationIsAFileLineColRange": (c_bool, [MlirLocation]),
    "mlirLocationFileLineColRangeGetFilename": (MlirIdentifier, [MlirLocation]),
    "mlirLocationFileLineColRangeGetStartLine": (c_int, [MlirLocation]),
    "mlirLocationFileLineColRangeGetStartColumn": (c_int, [MlirLocation]),
    "mlirIdentifierStr": (MlirStringRef, [MlirIdentifier]),
    "mlirOperationDestroy": (None, [MlirOperation]),
    "mlirOperationVerify": (c_bool, [MlirOperation]),
    "mlirOperationPrint": (None, [MlirOperation, MlirStringCallback, c_void_p]),
    "mlirOperationSetAttributeByName": (None, [MlirOperation, MlirStringRef, MlirAttribute]),
    "mlirDenseI64ArrayGet": (MlirAttribute, [MlirContext, c_intptr, P(c_int64)]),
    "mlirAttributeParseGet": (MlirAttribute, [MlirContext, MlirStringRef]),
    "mlirAttributePrint": (None, [MlirAttribute, MlirStringCallback, c_void_p]),
    "mlirAttributeEqual": (c_bool, [MlirAttribute, MlirAttribute]),
    # gspmd-c/Dialect.h
    "gspmdContextCreate": (MlirContext, []),
    "gspmdAttributeIsASharding": (c_bool, [MlirAttribute]),
    "gspmdAttributeIsAReplicated": (c_bool, [MlirAttribute]),
    "gspmdAttributeIsATiled": (c_bool, [MlirAttribute]),
    "gspmdAttributeIsAPartiallyTiled": (c_bool, [MlirAttribute]),
    "gspmdReplicatedAttrGet": (MlirAttribute, [MlirContext]),
    "gspmdTiledAttrGet": (
        MlirAttribute, [MlirContext, MlirStringRef, c_intptr, P(c_intptr), P(MlirStringRef)]),
    "gspmdPartiallyTiledAttrGet": (
        MlirAttribute, [MlirContext, MlirStringRef, c_intptr, P(c_intptr), P(MlirStringRef)]),
    "gspmdShardingGetMeshName": (MlirStringRef, [MlirAttribute]),
    "gspmdShardingGetRank": (c_intptr, [MlirAttribute]),
    "gspmdShardingGetDimNumAxes": (c_intptr, [MlirAttribute, c_intptr]),
    "gspmdShardingGetDimAxis": (MlirStringRef, [MlirAttribute, c_intptr, c_intptr]),
    "gspmdShardingAttrName": (MlirStringRef, []),
    "gspmdOperationIsAMesh": (c_bool, [MlirOperation]),
    "gspmdMeshCreate": (
        MlirOperation,
        [MlirLocation, MlirStringRef, c_intptr, P(MlirStringRef), P(c_int64),
         c_intptr, P(c_int64)]),
    "gspmdMeshGetName": (MlirStringRef, [MlirOperation]),
    "gspmdMeshGetNumAxes": (c_intptr, [MlirOperation]),
    "gspmdMeshGetAxisName": (MlirStringRef, [MlirOperation, c_intptr]),
    "gspmdMeshGetAxisSize": (c_int64, [MlirOperation, c_intptr]),
    "gspmdMeshGetNumDevices": (c_int64, [MlirOperation]),
    "gspmdMeshHasDevices": (c_bool, [MlirOperation]),
    "gspmdMeshGetDevice": (c_int64, [MlirOperation, c_int64]),
    "gspmdShardingAttrGetMeshSplit": (MlirAttribute, [MlirOperation, c_intptr, P(c_int64)]),
    "gspmdShardingAttrToHlo": (
        MlirLogicalResult, [MlirOperation, MlirAttribute, c_bool, MlirStringCallback, c_void_p]),
    "gspmdShardingAttrFromHlo": (
        MlirAttribute,
        [MlirLocation, MlirStringRef, c_intptr, MlirOperation, MlirStringRef, P(MlirOperation)]),
    # gspmd-c/Check.h
    "gspmdInputFill": (None, [c_uint64, c_int, c_int, c_int, P(c_int64), c_void_p]),
    "gspmdCheckFloats": (
        c_bool, [c_int, c_int64, P(ctypes.c_double), P(ctypes.c_double),
                 P(ctypes.c_double), c_void_p]),
    "gspmdCheckFloatsConfirmed": (
        c_bool, [c_int, c_int64, P(ctypes.c_double), P(ctypes.c_double),
                 P(ctypes.c_double), P(ctypes.c_double), c_void_p, c_void_p]),
    "gspmdCheckFloatsWithin": (
        c_bool, [c_int64, P(ctypes.c_double), P(ctypes.c_double), ctypes.c_double,
                 ctypes.c_double, c_void_p]),
    "gspmdCheckInts": (c_bool, [c_int64, P(c_int64), P(c_int64), c_void_p]),
    # gspmd-c/Passes.h
    "gspmdRegisterAllPasses": (None, []),
    "gspmdTransformText": (
        MlirLogicalResult,
        [MlirStringRef, MlirStringRef, MlirStringCallback, MlirStringCallback, c_void_p]),
}

_lock = threading.Lock()
_lib = None
_path = None


_NAME = "libGSPMDCAPI.so"


def _candidates():
    """Where the library may be, in order of preference."""
    found = []
    # An installed package: `cmake --install` writes gspmd/_config.py next
    # to the copy of this package it installs, naming <prefix>/lib, and pip
    # carries it into site-packages.
    try:
        from . import _config
        found.append(_config.LIBRARY)
    except ImportError:
        pass
    # A source checkout: python-bindings/gspmd -> build/lib.
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.normpath(os.path.join(here, "..", ".."))
    found += [os.path.join(root, tree, "lib", _NAME)
              for tree in ("build", "build-asan")]
    # Installed with --prefix set to this environment.
    found.append(os.path.join(sys.prefix, "lib", _NAME))
    return found


def _loaded_path(name):
    """The file the dynamic loader chose for `name` (Linux), else `name`."""
    try:
        with open("/proc/self/maps") as f:
            for line in f:
                path = line.split(None, 5)[-1].strip()
                if path.endswith("/" + name):
                    return path
    except OSError:
        pass
    return name


def _find():
    """Returns (path, handle or None); handle is set when the dynamic
    loader's own search found the library."""
    env = os.environ.get("GSPMD_LIBRARY")
    if env:
        if not os.path.isfile(env):
            raise LibraryNotFoundError(
                "GSPMD_LIBRARY=%r does not name a file" % env)
        return env, None
    tried = _candidates()
    for path in tried:
        if os.path.isfile(path):
            return path, None
    # Last, the loader's search path (an install under /usr/local with
    # ldconfig, or LD_LIBRARY_PATH).
    try:
        handle = ctypes.CDLL(_NAME)
    except OSError:
        raise LibraryNotFoundError(
            "libGSPMDCAPI.so not found; set GSPMD_LIBRARY, build it, or "
            "install it (cmake --install) and pip install "
            "<prefix>/share/gspmd/python. Tried: " + ", ".join(tried)
            + ", and the dynamic loader's path") from None
    return _loaded_path(_NAME), handle


def lib():
    """Returns the loaded library with prototypes set (loads it once)."""
    global _lib, _path
    if _lib is not None:
        return _lib
    with _lock:
        if _lib is None:
            path, handle = _find()
            if handle is None:
                try:
                    handle = ctypes.CDLL(path)
                except OSError as e:
                    raise LibraryNotFoundError(
                        "cannot load %s: %s" % (path, e)) from e
            for name, (restype, argtypes) in _SIGNATURES.items():
                try:
                    fn = getattr(handle, name)
                except AttributeError as e:
                    raise LibraryNotFoundError(
                        "%s does not export %s" % (path, name)) from e
                fn.restype = restype
                fn.argtypes = argtypes
            _path = path
            _lib = handle
    return _lib


def library_path():
    """Returns the path of the loaded library (loading it if needed)."""
    lib()
    return _path


# --- strings -----------------------------------------------------------------

def to_bytes(text):
    if isinstance(text, bytes):
        return text
    if not isinstance(text, str):
        raise TypeError("expected str, got %s" % type(text).__name__)
    return text.encode("utf-8")


def string_ref(text):
    """Returns an MlirStringRef over `text`; the struct keeps the bytes alive."""
    data = to_bytes(text)
    ref = MlirStringRef(ctypes.cast(ctypes.c_char_p(data), c_void_p), len(data))
    ref._keep = data
    return ref


def string_refs(texts):
    """Returns a C array of MlirStringRef; the array keeps the bytes alive."""
    refs = [string_ref(t) for t in texts]
    array = (MlirStringRef * max(len(refs), 1))(*refs)
    array._keep = refs
    return array


def from_ref(ref):
    if not ref.data or not ref.length:
        return ""
    return ctypes.string_at(ref.data, ref.length).decode("utf-8", "replace")


class Collector:
    """An MlirStringCallback that appends every chunk it receives."""

    def __init__(self):
        self.chunks = []
        self.callback = MlirStringCallback(self._append)

    def _append(self, ref, _user_data):
        self.chunks.append(ctypes.string_at(ref.data, ref.length) if ref.length else b"")

    def text(self):
        return b"".join(self.chunks).decode("utf-8", "replace")


def print_with(fn, handle):
    """Runs an mlir*Print(handle, callback, userData) and returns the text."""
    out = Collector()
    fn(handle, out.callback, None)
    return out.text()


def is_null(handle):
    return not handle.ptr
