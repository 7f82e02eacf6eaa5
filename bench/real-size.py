#!/usr/bin/env python3
"""GPT-2 small at its real size (124M parameters: hidden 768, 12 layers, 12
heads, vocabulary 50,260 (50,257 rounded up to a multiple of 4 so "model"
divides the table), 1,024 positions), forward pass, batch 8, sequence 128,
under the corpus's Megatron and data x Megatron plans on 8 devices: bytes
per device of ours against XLA's Shardy and GSPMD partitioners, as the
"Real models" table measures the small corpus (bench/models.py's --row
worker: gspmd-spmd + gspmd-comm-report; XLA's partitioned HLO charged by the
same ring model). Compile only: no program runs, no weights are allocated
(jax lowers abstract parameters), so it needs little memory.

  .venv-models/bin/python bench/real-size.py [--build DIR] [--plans 'megatron dxm']
                                             [--keep DIR]

It lowers with test/Models/generate.py's code (the models' venv, as `make
models`), imports with DIR/bin/gspmd-import, then measures with the
project's venv (.venv/bin/python bench/models.py --row FILE). Prints one
markdown table.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "test", "Models"))

import generate as G  # noqa: E402  (sets XLA_FLAGS for 8 host devices)

SMALL = G.build


def build_real(name):
    """generate.build for GPT-2 at its real size."""
    import transformers as tr
    if name != "gpt2":
        return SMALL(name)
    cfg = tr.GPT2Config(n_embd=768, n_layer=12, n_head=12, vocab_size=50260,
                        n_positions=1024)
    return cfg, tr.FlaxGPT2Model, tr.FlaxGPT2LMHeadModel, "ids", "out_in"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--plans", default="megatron dxm")
    ap.add_argument("--keep", default=None, help="keep the imported programs here")
    a = ap.parse_args()
    a.build = os.path.abspath(a.build)
    G.build = build_real
    G.BATCH, G.SEQ = 8, 128
    out = a.keep or tempfile.mkdtemp()
    os.makedirs(out, exist_ok=True)
    rows = []
    for plan in a.plans.split():
        name = "gpt2-real-fwd-%s-8" % plan
        text = G.lower("gpt2", "fwd", plan, 8)
        imp = subprocess.run([os.path.join(a.build, "bin", "gspmd-import"), "-"], input=text,
                             capture_output=True, text=True,
                             env=dict(os.environ,
                                      GSPMD_PYTHON=os.path.join(ROOT, ".venv", "bin", "python")))
        if imp.returncode:
            sys.exit("gspmd-import failed on %s: %s" % (name, imp.stderr[:400]))
        path = os.path.join(out, name + ".mlir")
        open(path, "w").write(imp.stdout)
        r = subprocess.run([os.path.join(ROOT, ".venv", "bin", "python"),
                            os.path.join(HERE, "models.py"), "--build", a.build,
                            "--row", path, "--runtime", "", "--repeats", "1"],
                           capture_output=True, text=True)
        lines = [ln for ln in r.stdout.splitlines() if ln.startswith("{")]
        if not lines:
            sys.exit("models.py --row failed on %s: %s" % (name, r.stderr[-400:]))
        rows.append(json.loads(lines[-1]))
    print("| program | devices | ours: collectives | ours B/device | XLA-Shardy B/device"
          " | XLA-GSPMD B/device | ours / XLA-Shardy |")
    print("| --- | ---: | --- | ---: | ---: | ---: | ---: |")
    for r in rows:
        ours, sdy = r.get("ours_bytes"), r.get("shardy_bytes")
        ratio = "%.2f" % (ours / sdy) if ours and sdy else "-"
        print("| %s | %d | %s | %s | %s | %s | %s |" % (
            r["name"], r["devices"], r.get("ours_colls", "-"), ours,
            sdy if sdy is not None else r.get("shardy_error", "-"),
            r.get("gspmd_bytes", r.get("gspmd_error", "-")), ratio))


if __name__ == "__main__":
    main()
