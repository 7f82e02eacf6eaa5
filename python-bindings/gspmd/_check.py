"""The shared input generator and result checker (gspmd-c/Check.h).

gspmd-run and gspmd-xla-run feed the same inputs and judge results by the
same rule through these functions. Arrays go in and out as array.array (or
any object with the buffer protocol of the right item type, numpy arrays
included); nothing is kept after a call.
"""

import array
import ctypes

from . import _capi

__all__ = ["ELEM_KINDS", "CheckStats", "check_floats", "check_floats_within",
           "check_ints", "input_fill", "kind_of"]

# Element kinds: the numbers of GspmdElemKind (runtime's enum GspmdDtype).
ELEM_KINDS = {"f32": 0, "f64": 1, "f16": 2, "bf16": 3,
              "i1": 4, "i8": 5, "i32": 6, "i64": 7}
# array.array typecodes of each kind's native encoding (f16/bf16: uint16 bits,
# i1: one byte 0/1).
_TYPECODES = {0: "f", 1: "d", 2: "H", 3: "H", 4: "B", 5: "b", 6: "i", 7: "q"}


class _Stats(ctypes.Structure):
    _fields_ = [("max_abs_err", ctypes.c_double), ("max_rel_err", ctypes.c_double),
                ("bound", ctypes.c_double), ("worst_index", ctypes.c_int64),
                ("num_bad", ctypes.c_int64)]


class CheckStats:
    """What a verdict saw: max_abs_err and max_rel_err (against the f64
    reference, or ref under fixed tolerances), bound (the allowance at the
    worst element), worst_index (-1 if none) and num_bad."""

    def __init__(self, s):
        self.max_abs_err = s.max_abs_err
        self.max_rel_err = s.max_rel_err
        self.bound = s.bound
        self.worst_index = s.worst_index
        self.num_bad = s.num_bad

    def __repr__(self):
        return ("CheckStats(max_abs_err=%.3g, max_rel_err=%.3g, bound=%.3g, "
                "worst_index=%d, num_bad=%d)" % (
                    self.max_abs_err, self.max_rel_err, self.bound,
                    self.worst_index, self.num_bad))


def kind_of(kind):
    """The GspmdElemKind number of `kind` ("f32", ... or the number)."""
    if isinstance(kind, str):
        if kind not in ELEM_KINDS:
            raise ValueError("unknown element kind %r (one of %s)"
                             % (kind, ", ".join(ELEM_KINDS)))
        return ELEM_KINDS[kind]
    if kind not in _TYPECODES:
        raise ValueError("unknown element kind %r" % (kind,))
    return kind


def input_fill(seed, arg_index, kind, shape):
    """Argument `arg_index`'s global input for `seed`, exactly as gspmd-run
    feeds it: an array.array in the kind's native encoding (f16/bf16 as
    uint16 bits, i1 as bytes 0/1), row-major, product(shape) elements."""
    k = kind_of(kind)
    shape = [int(d) for d in shape]
    if any(d < 0 for d in shape):
        raise ValueError("negative dimension in %r" % (shape,))
    n = 1
    for d in shape:
        n *= d
    out = array.array(_TYPECODES[k], bytes(array.array(_TYPECODES[k]).itemsize * n))
    dims = (ctypes.c_int64 * max(len(shape), 1))(*shape)
    addr = out.buffer_info()[0] if n else None
    _capi.lib().gspmdInputFill(seed, arg_index, k, len(shape), dims, addr)
    return out


def _doubles(values, n, what):
    buf = array.array("d", values)
    if len(buf) != n:
        raise ValueError("%s has %d elements, expected %d" % (what, len(buf), n))
    return buf, ctypes.cast(buf.buffer_info()[0], ctypes.POINTER(ctypes.c_double))


def check_floats(kind, got, ref, ref64):
    """The verdict on one float result (gspmdCheckFloats): `got`, `ref` (the
    unpartitioned program in its own precision) and `ref64` (promoted to
    f64, or None: fixed tolerances) as sequences of numbers of one length.
    Returns (passed, CheckStats)."""
    ok, stats, _ = check_floats_confirmed(kind, got, None, ref, ref64)
    return ok, stats


def check_floats_confirmed(kind, got, got64, ref, ref64):
    """The verdict with its confirmation in f64 (gspmdCheckFloatsConfirmed):
    as check_floats, and `got64` the same result of the partitioned program
    promoted to f64 (None: none) decides at the elements outside their
    allowance by at most GSPMD_CHECK_CONFIRM_RATIO times it. Returns
    (passed, CheckStats, CheckStats of got64 over those elements)."""
    k = kind_of(kind)
    g, gp = _doubles(got, len(got), "got")
    r, rp = _doubles(ref, len(g), "ref")
    w, wp = (None, None) if ref64 is None else _doubles(ref64, len(g), "ref64")
    g64, g64p = (None, None) if got64 is None else _doubles(got64, len(g), "got64")
    stats, wide = _Stats(), _Stats()
    ok = _capi.lib().gspmdCheckFloatsConfirmed(k, len(g), gp, g64p, rp, wp,
                                               ctypes.byref(stats),
                                               ctypes.byref(wide))
    return bool(ok), CheckStats(stats), CheckStats(wide)


def check_floats_within(got, ref, rtol, atol):
    """Fixed tolerances (gspmdCheckFloatsWithin): |got - ref| <= atol +
    rtol * |ref|. Returns (passed, CheckStats)."""
    g, gp = _doubles(got, len(got), "got")
    r, rp = _doubles(ref, len(g), "ref")
    stats = _Stats()
    ok = _capi.lib().gspmdCheckFloatsWithin(len(g), gp, rp, float(rtol),
                                            float(atol), ctypes.byref(stats))
    return bool(ok), CheckStats(stats)


def check_ints(got, ref):
    """Integers and i1: exact equality (gspmdCheckInts). Returns (passed,
    CheckStats)."""
    g = array.array("q", got)
    r = array.array("q", ref)
    if len(r) != len(g):
        raise ValueError("ref has %d elements, expected %d" % (len(r), len(g)))
    P = ctypes.POINTER(ctypes.c_int64)
    stats = _Stats()
    ok = _capi.lib().gspmdCheckInts(
        len(g), ctypes.cast(g.buffer_info()[0], P),
        ctypes.cast(r.buffer_info()[0], P), ctypes.byref(stats))
    return bool(ok), CheckStats(stats)
