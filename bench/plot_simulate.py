#!/usr/bin/env python3
"""Draws bench/simulate.py's at-scale tables as PNGs (matplotlib).

  plot_simulate.py scaling DATA.json OUT.png
  plot_simulate.py megatron DATA.json OUT.png

Run by bench/simulate.py with the Python of .venv-bench (bench/
requirements-plot.txt; `make bench` creates it), so that simulate.py itself
needs only the standard library. DATA is what simulate.py measured: for
scaling, rows {devices, shardings: {name: {util, args, temporaries}}}; for
megatron, rows {params, gpus, published, predicted}.
"""
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def scaling(rows, out, title):
    fig, (ut, mem) = plt.subplots(1, 2, figsize=(11, 4.2))
    names = list(rows[0]["shardings"])
    xs = [r["devices"] for r in rows]
    for name, style, color in zip(names, ("o-", "s--", "^-."),
                                  ("C0", "C1", "C2")):
        ut.plot(xs, [r["shardings"][name]["util"] for r in rows], style,
                color=color, label=name)
        mem.plot(xs, [(r["shardings"][name]["args"] +
                       r["shardings"][name]["temporaries"]) / 2**20
                      for r in rows], style, color=color,
                 label=f"{name}: total")
        mem.plot(xs, [r["shardings"][name]["temporaries"] / 2**20
                      for r in rows], style, color=color, alpha=0.4,
                 label=f"{name}: temporaries")
    for ax in (ut, mem):
        ax.set_xscale("log", base=2)
        ax.set_xticks(xs)
        ax.set_xticklabels([str(x) for x in xs])
        ax.set_xlabel("devices")
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=8)
    ut.set_ylabel("model-FLOP utilisation (%)")
    ut.set_ylim(bottom=0)
    mem.set_yscale("log")
    mem.set_ylabel("memory per device (MiB)")
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    fig.savefig(out, dpi=110)


def megatron(rows, out, title):
    fig, ax = plt.subplots(figsize=(7, 4.2))
    xs = [r["gpus"] for r in rows]
    ax.plot(xs, [r["published"] for r in rows], "o-",
            label="published (Narayanan et al., SC'21, Table 1)")
    ax.plot(xs, [r["predicted"] for r in rows], "s--",
            label="predicted (gspmd-simulate, A100 preset)")
    for i, r in enumerate(rows):
        ax.annotate(f'{r["params"]:g}B', (r["gpus"], r["published"]),
                    textcoords="offset points",
                    xytext=(0, -12 if i % 2 == 0 else -22), fontsize=7,
                    ha="center")
    ax.set_xscale("log", base=2)
    ax.set_xticks(xs)
    ax.set_xticklabels([str(x) for x in xs], rotation=45, fontsize=7)
    ax.minorticks_off()
    ax.set_xlabel("GPUs")
    ax.set_ylabel("TFLOP/s per GPU (the paper's FLOP count)")
    ax.axhline(312, color="gray", lw=0.8, ls=":")
    ax.set_ylim(0, 330)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8, loc="lower right")
    ax.set_title(title, fontsize=10)
    fig.tight_layout()
    fig.savefig(out, dpi=110)


def main():
    kind, data, out = sys.argv[1:4]
    with open(data) as f:
        d = json.load(f)
    {"scaling": scaling, "megatron": megatron}[kind](d["rows"], out,
                                                      d["title"])


if __name__ == "__main__":
    main()
