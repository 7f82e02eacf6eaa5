"""gspmd-import IN [-o OUT] [--debug-info]

Imports a StableHLO module (text or bytecode, Shardy or mhlo.sharding
shardings; IN may be - for standard input) into the gspmd dialect over
linalg / tensor / arith / math / scf / func and writes it to OUT (standard
output by default). Exit status 1 with a message naming the op and its
location when something cannot be imported."""

import argparse
import sys

import gspmd
import gspmd_import


def main(argv=None):
    p = argparse.ArgumentParser(prog="gspmd-import", description=__doc__.split("\n\n")[1])
    p.add_argument("input", help="StableHLO text or bytecode, or - for stdin")
    p.add_argument("-o", "--output", default="-")
    p.add_argument("--debug-info", action="store_true",
                   help="keep source locations (loc(...)) in the output")
    a = p.parse_args(argv)
    try:
        if a.input == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(a.input, "rb") as f:
                data = f.read()
    except OSError as err:
        print("gspmd-import: %s" % err, file=sys.stderr)
        return 1
    source = data if data.startswith(b"ML\xefR") else data.decode("utf-8")
    try:
        text = gspmd_import.import_module(
            source, debug_info=a.debug_info,
            name="<stdin>" if a.input == "-" else a.input)
    except gspmd_import.ImportFailure as err:
        print("gspmd-import: error: %s" % err, file=sys.stderr)
        return 1
    except gspmd.GSPMDError as err:
        print("gspmd-import: internal error: the imported module does not verify:\n%s"
              % "\n".join(err.diagnostics), file=sys.stderr)
        return 2
    if a.output == "-":
        sys.stdout.write(text)
    else:
        with open(a.output, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
