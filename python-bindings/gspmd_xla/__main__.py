"""gspmd-xla-run FILE.mlir [--devices N] [--entry E] [--form spmd|global]
[--shardings sdy|hlo] [--check] [--report] [--platform cpu|tpu|gpu]
[--seed S] [--jit-opt N] [--print-stablehlo] [--stablehlo JAX.mlir]
[--inject-error[=first|element|padding|partial|all]]

Partitions FILE with our passes (or not, --form global), exports StableHLO,
compiles it with XLA for N devices, feeds each device its shard of the
inputs gspmd-run feeds, runs, assembles the results and, with --check, judges
them against `gspmd-run FILE --save-reference` with the one checker (a float
result outside its allowance by at most 10 times is judged again with the
partitioned program promoted to f64, as gspmd-run does, and otherwise
against XLA's own unpartitioned run, see gspmd_xla.check_results). --inject-error plants the error a
partitioning bug makes in result #0 before the check, as gspmd-run's does
(all: the check as is, then each of element, padding and partial in a copy;
the run passes when the first PASSes and the three FAIL). --stablehlo runs
the StableHLO FILE was imported from (jax's own lowering and shardings) in
place of FILE's export: the check then says whether the import computes
what jax's program computes. Exit 0 only when everything asked for
succeeded."""

import argparse
import os
import sys
import tempfile

import gspmd_xla as gx


def _read(path):
    """The file's text, or None after saying why on stderr."""
    try:
        with open(path) as f:
            return f.read()
    except OSError as err:
        print("gspmd-xla-run: %s" % err, file=sys.stderr)
        return None


def main(argv=None):
    p = argparse.ArgumentParser(prog="gspmd-xla-run", description=__doc__.split("\n\n")[1])
    p.add_argument("file")
    p.add_argument("--devices", type=int, default=None,
                   help="partitions (default: the mesh's device count)")
    p.add_argument("--entry", default=None)
    p.add_argument("--form", choices=["spmd", "global"], default="spmd")
    p.add_argument("--shardings", choices=["sdy", "hlo"], default="sdy")
    p.add_argument("--check", action="store_true")
    p.add_argument("--report", action="store_true")
    p.add_argument("--platform", choices=["cpu", "tpu", "gpu"], default="cpu")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jit-opt", type=int, choices=[0, 1, 2, 3], default=None,
                   help="LLVM level of gspmd-run's reference run (its --jit-opt)")
    p.add_argument("--print-stablehlo", action="store_true")
    p.add_argument("--stablehlo", metavar="JAX.mlir", default=None,
                   help="compile and run this StableHLO instead of FILE's export: "
                   "the program FILE was imported from, as jax lowered it, with its "
                   "own shardings, so --check judges jax's program against FILE's "
                   "reference (implies --form global)")
    p.add_argument("--inject-error", nargs="?", const="first", default=None,
                   choices=["first", "element", "padding", "partial", "all"])
    a = p.parse_args(argv)
    source = _read(a.file)
    if source is None:
        return 1
    try:
        text, manifest = gx.export(source, "global" if a.stablehlo else a.form,
                                   a.entry, a.shardings)
    except gx.ExportError as err:
        print("gspmd-xla-run: export failed:\n%s" % err, file=sys.stderr)
        return 1
    if a.stablehlo:
        # FILE's export gives the signature (the import keeps jax's); XLA
        # lays the arguments out by the program's own shardings.
        text = _read(a.stablehlo)
        if text is None:
            return 1
    if a.print_stablehlo:
        print(text)
    n = manifest["num_partitions"]
    if a.devices is not None and a.devices != n:
        print("gspmd-xla-run: --devices %d but the program's mesh has %d devices"
              % (a.devices, n), file=sys.stderr)
        return 1
    runner = gx.XlaRunner(n, a.platform)
    exe, seconds = runner.compile(text, n)
    if a.report:
        print("xla: compiled for %d %s devices in %.3f s" % (n, a.platform, seconds))
        cols = runner.collectives(exe)
        for kind, name, groups in cols:
            print("xla collective: %s %s %s" % (kind, name, groups))
        print("xla collectives: %d" % len(cols))
    results, problems = runner.run(exe, manifest, a.seed)
    for line in problems:
        print(line)
    ok = not problems
    if a.check:
        gspmd_run = os.environ.get("GSPMD_RUN", "gspmd-run")
        with tempfile.TemporaryDirectory() as ref_dir:
            try:
                gx.save_reference(gspmd_run, a.file, ref_dir, a.entry, a.seed, a.jit_opt)
            except RuntimeError as err:
                print("gspmd-xla-run: %s" % err, file=sys.stderr)
                return 1
            ref_manifest, refs = gx.load_reference(ref_dir)
        cache = []

        def second_opinion():
            if not cache:
                cache.append(gx.xla_reference(runner, source, a.entry, a.seed))
            return cache[0]

        wide = []

        def wide_run():
            if not wide:
                wide.append(gx.promoted_run(runner, source, a.entry, a.seed,
                                            a.form, a.shardings))
            return wide[0]

        kinds = [a.inject_error] if a.inject_error != "all" else \
            [None, "element", "padding", "partial"]
        caught = 0
        for k in kinds:
            got = results if k is None else [r.copy() for r in results]
            if k is not None:
                print(gx.inject_error(got, k, n))
            # jax's own program (--stablehlo) has no f64 form here.
            lines, passed = gx.check_results(got, manifest, refs, second_opinion,
                                             None if a.stablehlo else wide_run,
                                             None if k is None else results)
            print("\n".join(lines))
            if a.inject_error == "all":
                passed = passed if k is None else not passed
                print("inject-error all: %s %s" % (k or "as is", "as expected" if passed else "NOT as expected"))
                caught += k is not None and passed
            ok = ok and passed
        if a.inject_error == "all":
            # gspmd-run's summary line, so one FileCheck file judges both.
            print("inject-error: %d of 3 injected errors FAIL%s"
                  % (caught, "" if caught == 3 else " (the check missed some)"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
