"""gspmd.Mesh: an owned, detached, verified gspmd.mesh op."""

import ctypes

from . import _capi
from ._context import GSPMDError, capture, context, unknown_location

__all__ = ["Mesh", "check_int64"]

_INT64_MIN, _INT64_MAX = -(1 << 63), (1 << 63) - 1


def check_int64(value, what):
    """Returns `value` as an int, raising GSPMDError if it is not an int64."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s must be an int, got %r" % (what, value))
    if not _INT64_MIN <= value <= _INT64_MAX:
        raise GSPMDError("%s %d does not fit in 64 bits" % (what, value))
    return value


def _int64_array(values, what):
    values = [check_int64(v, what) for v in values]
    return (ctypes.c_int64 * max(len(values), 1))(*values), len(values)


class Mesh:
    """A device mesh with named axes, e.g. Mesh("mesh", [("data", 2), ("model", 4)]).

    `devices`, if given, lists the device id at each row-major mesh position
    (default: row-major numbering). The mesh is verified on creation; an
    invalid one raises GSPMDError with MLIR's diagnostics. The Mesh owns its
    op and destroys it in close() (or when garbage collected).
    """

    def __init__(self, name, axes, devices=None):
        lib = _capi.lib()
        if not isinstance(name, str):
            raise TypeError("mesh name must be a str, got %r" % (name,))
        if not name:
            # The op verifier accepts an empty symbol name; refuse it here.
            raise GSPMDError("mesh name must not be empty")
        axes = [tuple(a) for a in axes]
        for a in axes:
            if len(a) != 2 or not isinstance(a[0], str):
                raise TypeError("mesh axes must be (name, size) pairs, got %r" % (a,))
        names = _capi.string_refs([a[0] for a in axes])
        sizes, num_axes = _int64_array([a[1] for a in axes], "axis size")
        device_array = None
        if devices is not None:
            device_array, num_devices = _int64_array(list(devices), "device id")
        context()
        with capture() as diagnostics:
            # A devices list of the wrong length is passed as is: the
            # verifier reports the mismatch.
            op = lib.gspmdMeshCreate(unknown_location(), _capi.string_ref(name),
                                     num_axes, names, sizes,
                                     num_devices if device_array is not None else 0,
                                     device_array)
            if _capi.is_null(op):
                raise GSPMDError("gspmdMeshCreate failed", diagnostics)
            ok = lib.mlirOperationVerify(op)
        if not ok:
            lib.mlirOperationDestroy(op)
            raise GSPMDError("invalid mesh @%s" % name, diagnostics)
        self._op = op

    @classmethod
    def _adopt(cls, op):
        """Wraps a detached mesh op whose ownership passes to the new Mesh."""
        mesh = cls.__new__(cls)
        mesh._op = op
        return mesh

    # --- ownership -----------------------------------------------------------

    def close(self):
        """Destroys the op. The Mesh is unusable afterwards; idempotent."""
        op, self._op = getattr(self, "_op", None), None
        if op is not None:
            _capi.lib().mlirOperationDestroy(op)

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass  # interpreter shutdown

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    @property
    def op(self):
        """The MlirOperation handle (owned by this Mesh)."""
        if self._op is None:
            raise ValueError("the mesh has been closed")
        return self._op

    # --- queries -------------------------------------------------------------

    @property
    def name(self):
        return _capi.from_ref(_capi.lib().gspmdMeshGetName(self.op))

    @property
    def axes(self):
        """List of (axis name, size), major to minor."""
        lib, op = _capi.lib(), self.op
        return [(_capi.from_ref(lib.gspmdMeshGetAxisName(op, i)),
                 lib.gspmdMeshGetAxisSize(op, i))
                for i in range(lib.gspmdMeshGetNumAxes(op))]

    @property
    def num_devices(self):
        return _capi.lib().gspmdMeshGetNumDevices(self.op)

    @property
    def has_explicit_devices(self):
        """True if the op carries a `devices = [...]` list."""
        return bool(_capi.lib().gspmdMeshHasDevices(self.op))

    @property
    def devices(self):
        """Device id at each row-major mesh position (explicit or implied)."""
        lib, op = _capi.lib(), self.op
        return [lib.gspmdMeshGetDevice(op, p) for p in range(self.num_devices)]

    def __str__(self):
        return _capi.print_with(_capi.lib().mlirOperationPrint, self.op).rstrip("\n")

    def __repr__(self):
        if self._op is None:
            return "<gspmd.Mesh (closed)>"
        devices = ", devices=%r" % self.devices if self.has_explicit_devices else ""
        return "gspmd.Mesh(%r, %r%s)" % (self.name, self.axes, devices)
