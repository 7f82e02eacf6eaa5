"""Shared by the Python lit tests: print a call's result or its error."""
import gspmd


def run(label, fn):
    """Prints the result of fn(), or the error it raises, after `label`."""
    try:
        result = fn()
    except gspmd.GSPMDError as e:
        print("%s: GSPMDError (%d diagnostics)" % (label, len(e.diagnostics)))
        if not e.diagnostics:
            print("  message:", e)
        for d in e.diagnostics:
            print("  diag:", d.splitlines()[0])
    except (TypeError, ValueError) as e:
        print("%s: %s: %s" % (label, type(e).__name__, e))
    else:
        print("%s: %s" % (label, result))
