"""The shared MlirContext, diagnostic capture and GSPMDError."""

import contextlib
import threading

from . import _capi

__all__ = ["GSPMDError", "context", "capture", "format_diagnostic",
           "unknown_location"]


class GSPMDError(Exception):
    """An MLIR or gspmd failure; .diagnostics holds MLIR's messages."""

    def __init__(self, message, diagnostics=()):
        self.diagnostics = list(diagnostics)
        if self.diagnostics:
            message = message + ":\n" + "\n".join(self.diagnostics)
        super().__init__(message)


_SEVERITY = {0: "error", 1: "warning", 2: "note", 3: "remark"}

# Guards creation of the context and serialises the operations that capture
# its diagnostics (the capture stack is shared by all threads).
_lock = threading.RLock()
_context = None
_handler = None      # the CFUNCTYPE object: must outlive the context
_delete = None
_stack = []          # lists receiving diagnostics, innermost last


def _location_text(loc):
    lib = _capi.lib()
    if lib.mlirLocationIsAFileLineColRange(loc):
        name = _capi.from_ref(lib.mlirIdentifierStr(
            lib.mlirLocationFileLineColRangeGetFilename(loc)))
        return "%s:%d:%d" % (name,
                             lib.mlirLocationFileLineColRangeGetStartLine(loc),
                             lib.mlirLocationFileLineColRangeGetStartColumn(loc))
    text = _capi.print_with(lib.mlirLocationPrint, loc)
    return "" if text == "loc(unknown)" else text


def format_diagnostic(diag):
    """Formats like gspmdTransformText: 'loc: error: message', notes after.

    The location prefix is left out for unknown locations.
    """
    lib = _capi.lib()

    def one(d, severity=None):
        loc = _location_text(lib.mlirDiagnosticGetLocation(d))
        sev = severity or _SEVERITY.get(lib.mlirDiagnosticGetSeverity(d), "error")
        msg = _capi.print_with(lib.mlirDiagnosticPrint, d)
        return "%s%s: %s" % (loc + ": " if loc else "", sev, msg)

    lines = [one(diag)]
    for i in range(lib.mlirDiagnosticGetNumNotes(diag)):
        lines.append(one(lib.mlirDiagnosticGetNote(diag, i), "note"))
    return "\n".join(lines)


def _on_diagnostic(diag, _user_data):
    # Returning 0 (failure) lets MLIR's default handler print to stderr.
    if not _stack:
        return 0
    try:
        _stack[-1].append(format_diagnostic(diag))
    except Exception as e:  # never let an exception cross into C++
        _stack[-1].append("error: <diagnostic could not be formatted: %s>" % e)
    return 1


def _on_delete(_user_data):
    pass


def context():
    """Returns the package's MlirContext, creating it on first use.

    The context lives until the process exits; it is never destroyed because
    attributes and meshes handed out to Python refer to it.
    """
    global _context, _handler, _delete
    if _context is not None:
        return _context
    with _lock:
        if _context is None:
            lib = _capi.lib()
            lib.gspmdRegisterAllPasses()
            ctx = lib.gspmdContextCreate()
            if _capi.is_null(ctx):
                raise GSPMDError("gspmdContextCreate returned a null context")
            # Dialects are loaded lazily; builders below need gspmd loaded.
            lib.mlirContextGetOrLoadDialect(ctx, _capi.string_ref("gspmd"))
            _handler = _capi.MlirDiagnosticHandler(_on_diagnostic)
            _delete = _capi.MlirDeleteUserData(_on_delete)
            lib.mlirContextAttachDiagnosticHandler(ctx, _handler, None, _delete)
            _context = ctx
    return _context


def unknown_location():
    return _capi.lib().mlirLocationUnknownGet(context())


@contextlib.contextmanager
def capture():
    """Collects the diagnostics emitted on the shared context in the block.

    Yields a list that receives one formatted string per diagnostic. Holds
    the package lock for the duration of the block.
    """
    context()
    with _lock:
        diagnostics = []
        _stack.append(diagnostics)
        try:
            yield diagnostics
        finally:
            _stack.pop()
