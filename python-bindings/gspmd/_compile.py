"""gspmd.compile: parse, verify and transform module text in one call."""

import ctypes

from . import _capi
from ._context import GSPMDError

__all__ = ["compile"]


def compile(text, pipeline="", diagnostics=None):
    """Parses `text`, verifies it, runs `pipeline` and returns the module text.

    Runs in a fresh context of its own (gspmdTransformText), so meshes named
    in `text` are unrelated to gspmd.Mesh objects. On failure raises
    GSPMDError whose .diagnostics lists every diagnostic, each starting with
    its location (e.g. '<input>:3:5: error: ...'). If `diagnostics` is a
    list, every diagnostic (warnings too, on success as well) is appended.
    """
    lib = _capi.lib()
    output = _capi.Collector()
    collected = []

    def on_diagnostic(ref, _user_data):
        collected.append(ctypes.string_at(ref.data, ref.length)
                         .decode("utf-8", "replace") if ref.length else "")

    callback = _capi.MlirStringCallback(on_diagnostic)
    result = lib.gspmdTransformText(_capi.string_ref(text),
                                    _capi.string_ref(pipeline),
                                    output.callback, callback, None)
    if diagnostics is not None:
        diagnostics.extend(collected)
    if not result.value:
        raise GSPMDError("compile failed", collected)
    return output.text()
