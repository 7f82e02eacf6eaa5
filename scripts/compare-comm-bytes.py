#!/usr/bin/env python3
"""Compares the bytes per device two builds' partitioners move on test programs.

For every FILE given (default: test/E2E/*.mlir) and every mesh its RUN lines
use (the file as written, and each `sed 's/a/b/' %s` variant), runs
`gspmd-opt --pass-pipeline=builtin.module(gspmd-spmd,gspmd-comm-report)` of
the base build and of the new build and prints the comm report's total bytes
sent per device of each. Exits 1 when the new build moves more bytes than the
base on any program: a change of strategy must never make a program move more.

usage: compare-comm-bytes.py BASE_OPT NEW_OPT [FILE...]
  (a BASE_OPT of the form LIB_DIR:OPT runs OPT with LD_LIBRARY_PATH=LIB_DIR)
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

PIPE = "--pass-pipeline=builtin.module(gspmd-spmd,gspmd-comm-report)"


def variants(path):
    text = open(path).read()
    yield "as written", text
    # `sed 'E' %s` and `sed -e 'E1' -e 'E2' ... %s`
    for m in re.finditer(r"RUN:\s*sed((?:\s+-e)?\s+'[^']*'(?:\s+-e\s+'[^']*')*)"
                         r"\s+%s", text):
        exprs = re.findall(r"'([^']*)'", m.group(1))
        args = ["sed"] + [a for e in exprs for a in ("-e", e)]
        out = subprocess.run(args, input=text, capture_output=True, text=True)
        if out.returncode == 0:
            yield "sed " + " ".join(exprs), out.stdout


def total(opt, text):
    env = dict(os.environ)
    if ":" in opt:
        lib, opt = opt.split(":", 1)
        env["LD_LIBRARY_PATH"] = lib
    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as f:
        f.write(text)
        f.flush()
        out = subprocess.run([opt, f.name, PIPE, "-o", "/dev/null"],
                             capture_output=True, text=True, env=env)
    if out.returncode != 0:
        return None
    m = re.findall(r"^total: .* sent (\d+) B", out.stdout, re.M)
    return int(m[-1]) if m else 0


def main():
    base, new = sys.argv[1], sys.argv[2]
    files = sys.argv[3:] or sorted(glob.glob("test/E2E/*.mlir"))
    worse = better = same = failed = 0
    for path in files:
        for name, text in variants(path):
            a, b = total(base, text), total(new, text)
            if a is None or b is None:
                failed += 1
                if (a is None) != (b is None):
                    print(f"{path} [{name}]: base {a} new {b} (one failed)")
                continue
            tag = "same"
            if b > a:
                tag, worse = "MORE", worse + 1
            elif b < a:
                tag, better = "less", better + 1
            else:
                same += 1
            if tag != "same":
                print(f"{path} [{name}]: base {a} B, new {b} B ({tag})")
    print(f"programs: {same} same, {better} fewer bytes, {worse} more bytes, "
          f"{failed} not partitioned by both")
    return 1 if worse else 0


if __name__ == "__main__":
    sys.exit(main())
