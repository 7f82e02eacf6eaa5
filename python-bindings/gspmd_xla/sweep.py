"""Every program of a list exported in both forms, parsed and verified by
jaxlib's MLIR (stablehlo, chlo, sdy), compiled and run by XLA on N host
devices (N = the program's mesh) and judged against gspmd-run's reference
with the one checker. One process, one jax backend (devices = the largest
N), so 100+ programs cost one Python start-up.

  python -m gspmd_xla.sweep [--forms spmd,global] [--expect FILE] FILE.mlir...

Prints one line per program and form: `PASS <file> <form> (<n> devices)`,
`FAIL ...: <why>`, or `UNSUPPORTED ...: <export error>` for a program with an
op the export has no mapping for, then a summary. --expect names a file of
`<basename> <form> <status>` lines (status PASS / UNSUPPORTED): the exit
status is 0 only if every program gets the status it is expected to get
(programs not listed must PASS), so a regression and an unexpected success
both show.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

import gspmd_xla as gx


def verify(text):
    # jax's own context: func, stablehlo, chlo and sdy registered.
    from jax._src.interpreters import mlir as jmlir
    from jaxlib.mlir import ir
    with jmlir.make_ir_context():
        m = ir.Module.parse(text)
        if not m.operation.verify():
            raise RuntimeError("jaxlib's verifier rejected the module")


def entry_of(source):
    m = re.search(r"--entry[ =](\S+)", source)
    return m.group(1) if m else None


def program_of(path, source, tmp):
    """The program a test runs: the file itself, or what its first gspmd-run
    RUN line names (another file through %S, or a generator's output)."""
    here = os.path.dirname(os.path.abspath(path))
    for line in source.splitlines():
        if "RUN:" not in line or "%gspmd-run" not in line:
            continue
        gen = re.search(r"%python (\S+)((?: \S+)*?) > %t\S*", line)
        if gen:
            script = gen.group(1).replace("%S", here)
            out = os.path.join(tmp, os.path.basename(path))
            with open(out, "w") as f:
                subprocess.run([sys.executable, script] + gen.group(2).split(),
                               stdout=f, check=True)
            return out
        m = re.search(r"%gspmd-run (\S+)", line)
        if m and m.group(1) != "%s" and "%S" in m.group(1):
            return m.group(1).replace("%S", here)
        return path
    return path


def main(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("files", nargs="+")
    p.add_argument("--forms", default="spmd,global")
    p.add_argument("--expect", default=None)
    p.add_argument("--max-devices", type=int, default=8)
    a = p.parse_args(argv)
    expected = {}
    if a.expect:
        with open(a.expect) as f:
            for line in f:
                line = line.split("#")[0].split()
                if len(line) == 3:
                    expected[(line[0], line[1])] = line[2]
    runner = gx.XlaRunner(a.max_devices)
    gen_root = tempfile.TemporaryDirectory()  # generated programs, removed at exit
    gspmd_run = os.environ.get("GSPMD_RUN", "gspmd-run")
    forms = a.forms.split(",")
    counts = {}
    bad = []
    t0 = time.perf_counter()
    for path in a.files:
        name = os.path.basename(path)
        with open(path) as f:
            source = f.read()
        entry = entry_of(source)
        path = program_of(path, source, gen_root.name)
        with open(path) as f:
            source = f.read()
        refs = None
        for form in forms:
            status, why, n = "PASS", "", 0
            try:
                try:
                    text, manifest = gx.export(source, form, entry)
                except gx.ExportError as err:
                    errs = [l for l in str(err).splitlines() if "error:" in l]
                    status, why = "UNSUPPORTED", (errs or [str(err)])[0]
                    raise StopIteration
                n = manifest["num_partitions"]
                if n > a.max_devices:
                    status, why = "UNSUPPORTED", "%d devices" % n
                    raise StopIteration
                verify(text)
                exe, _ = runner.compile(text, n)
                results, problems = runner.run(exe, manifest)
                if refs is None:
                    with tempfile.TemporaryDirectory() as d:
                        gx.save_reference(gspmd_run, path, d, entry)
                        _, refs = gx.load_reference(d)
                cache = []

                def second_opinion():
                    if not cache:
                        cache.append(gx.xla_reference(runner, source, entry))
                    return cache[0]

                lines, ok = gx.check_results(results, manifest, refs,
                                             second_opinion)
                if problems or not ok:
                    status = "FAIL"
                    why = "; ".join(problems + [l for l in lines if "FAIL" in l])
            except StopIteration:
                pass
            except Exception as err:  # compile/run errors: report and go on
                status = "FAIL"
                why = (str(err).strip().splitlines() or [type(err).__name__])[0]
            counts[status] = counts.get(status, 0) + 1
            print("%s %s %s (%d devices)%s" % (status, name, form, n,
                                             ": " + why if why else ""))
            sys.stdout.flush()
            want = expected.get((name, form), "PASS")
            if status != want:
                bad.append("%s %s: %s, expected %s" % (name, form, status, want))
    print("sweep: %s in %.1f s" % (", ".join("%d %s" % (v, k) for k, v in
                                             sorted(counts.items())),
                                  time.perf_counter() - t0))
    for line in bad:
        print("unexpected: " + line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
