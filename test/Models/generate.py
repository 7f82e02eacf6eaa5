"""Regenerates the real-model corpus: HuggingFace Flax models, lowered by jax
with their shardings, imported by gspmd-import, written as lit tests.

    make models            (installs the pinned transformers / flax into
                            .venv-models, then runs this with it)
    python test/Models/generate.py [--only NAME-PREFIX] [--out DIR]

Models are built from their Config classes with random weights (nothing is
downloaded), at a small size so that the whole corpus runs in `make test`:
batch 8, sequence 16, hidden 64, 2 layers, 4 heads, vocabulary 512 (the
structure is the real one: GPT-2's fused QKV, BERT's token types and pooler,
Llama's grouped-query attention and rotary embedding, ViT's patches, ResNet's
convolutions and batch norm). Programs: every model's forward pass, and a
training step (loss, gradients, SGD update) for GPT-2 and BERT.

Shardings (the expert plans users write):
  data     batch on "data", weights replicated
  megatron weights split Megatron-style on "model" (column-parallel first
           projections, row-parallel second ones, the vocabulary of the
           embedding table), activations replicated
  fsdp     batch on "data", every weight split on "data" along its first
           dim the device count divides
  dxm      batch on "data" x Megatron on "model" (2 x N/2)
on 8 devices, and some on 2 and 4. Each program is written twice: the
StableHLO jax gives (Inputs/NAME.stablehlo.mlir, the import's own input)
and the imported module (NAME.mlir) with its RUN lines.
"""

import argparse
import os
import re
import subprocess
import sys

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")
os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

BATCH, SEQ, HIDDEN, LAYERS, HEADS, VOCAB = 8, 16, 64, 2, 4, 512
IMAGE, PATCH = 16, 4

# Megatron: which kernels are split on their output features (column
# parallel) and which on their input features (row parallel).
COLUMN = re.compile(r"(c_attn|c_fc|/query|/key|/value|intermediate/dense|"
                    r"q_proj|k_proj|v_proj|up_proj|gate_proj)/(kernel|bias)$")
ROW = re.compile(r"(attn/c_proj|mlp/c_proj|output/dense|o_proj|down_proj)/kernel$")
TABLE = re.compile(r"(wte|word_embeddings|embed_tokens)/embedding$")


def build(name):
    """(flax model, example input, kernel layout 'out_in' or 'in_out')."""
    import transformers as tr
    if name == "gpt2":
        cfg = tr.GPT2Config(n_embd=HIDDEN, n_layer=LAYERS, n_head=HEADS,
                            vocab_size=VOCAB, n_positions=SEQ)
        return cfg, tr.FlaxGPT2Model, tr.FlaxGPT2LMHeadModel, "ids", "out_in"
    if name == "bert":
        cfg = tr.BertConfig(hidden_size=HIDDEN, num_hidden_layers=LAYERS,
                            num_attention_heads=HEADS, intermediate_size=4 * HIDDEN,
                            vocab_size=VOCAB, max_position_embeddings=SEQ)
        return cfg, tr.FlaxBertModel, tr.FlaxBertForMaskedLM, "ids", "in_out"
    if name == "llama":
        cfg = tr.LlamaConfig(hidden_size=HIDDEN, intermediate_size=3 * HIDDEN,
                             num_hidden_layers=LAYERS, num_attention_heads=HEADS,
                             num_key_value_heads=HEADS // 2, vocab_size=VOCAB,
                             max_position_embeddings=max(SEQ, 2 * HIDDEN // HEADS))
        return cfg, tr.FlaxLlamaModel, None, "ids", "in_out"
    if name == "vit":
        cfg = tr.ViTConfig(hidden_size=HIDDEN, num_hidden_layers=LAYERS,
                           num_attention_heads=HEADS, intermediate_size=4 * HIDDEN,
                           image_size=IMAGE, patch_size=PATCH)
        return cfg, tr.FlaxViTModel, None, "pixels", "in_out"
    if name == "resnet":
        cfg = tr.ResNetConfig(embedding_size=16, hidden_sizes=[16, 32], depths=[1, 1],
                              layer_type="basic")
        return cfg, tr.FlaxResNetModel, None, "pixels", "in_out"
    raise ValueError(name)


def example(kind):
    if kind == "ids":
        return jax.ShapeDtypeStruct((BATCH, SEQ), jnp.int32)
    return jax.ShapeDtypeStruct((BATCH, 3, IMAGE, IMAGE), jnp.float32)


def weight_spec(path, shape, plan, layout, n_data, n_model):
    """The PartitionSpec of one weight under a plan."""
    rank = len(shape)
    spec = [None] * rank
    if plan in ("megatron", "dxm") and rank >= 1:
        dim = None
        if COLUMN.search(path):
            dim = 0 if (layout == "out_in" or rank == 1) else rank - 1
        elif ROW.search(path) and rank == 2:
            dim = 1 if layout == "out_in" else 0
        elif TABLE.search(path):
            dim = 0
        elif path.endswith("convolution/kernel"):
            dim = rank - 1  # output channels
        if dim is not None and shape[dim] % n_model == 0:
            spec[dim] = "model"
    if plan == "fsdp":
        for d in range(rank):
            if shape[d] % n_data == 0 and shape[d] >= n_data:
                spec[d] = "data"
                break
    return P(*spec)


def mesh_for(plan, n):
    devices = jax.devices()[:n]
    if plan == "dxm":
        shape, names = (2, n // 2), ("data", "model")
    elif plan == "megatron":
        shape, names = (n,), ("model",)
    else:
        shape, names = (n,), ("data",)
    return jax.sharding.Mesh(np.array(devices).reshape(shape), names,
                             axis_types=(jax.sharding.AxisType.Auto,) * len(shape))


def lower(model_name, program, plan, n):
    from flax.traverse_util import flatten_dict, unflatten_dict
    cfg, base, head, kind, layout = build(model_name)
    cls = head if program == "train" else base
    model = cls(cfg, seed=0)
    params = model.params
    mesh = mesh_for(plan, n)
    n_data = dict(zip(mesh.axis_names, mesh.devices.shape)).get("data", 1)
    n_model = dict(zip(mesh.axis_names, mesh.devices.shape)).get("model", 1)
    flat = flatten_dict(params)
    specs = {k: weight_spec("/".join(k), v.shape, plan, layout, n_data, n_model)
             for k, v in flat.items()}
    p_sh = unflatten_dict({k: NamedSharding(mesh, s) for k, s in specs.items()})
    batch = P("data") if plan in ("data", "fsdp", "dxm") else P()
    x_sh = NamedSharding(mesh, batch)
    abstract = jax.tree.map(lambda a: jax.ShapeDtypeStruct(a.shape, a.dtype), params)
    x = example(kind)

    def positive_variances(p):
        # The checker's inputs are k/256 in [-1, 1): a running variance read
        # as one would make rsqrt(var + eps) NaN everywhere (ResNet's batch
        # norm), a result no check can judge. Inside the program, var * var
        # + 1 is a valid variance for every input.
        flat = flatten_dict(p)
        return unflatten_dict({k: v * v + 1.0 if k[0] == "batch_stats" and k[-1] == "var"
                               else v for k, v in flat.items()})

    if program == "fwd":
        def fwd(p, x):
            return model(x, params=positive_variances(p), train=False)[0]
        fn = jax.jit(fwd, in_shardings=(p_sh, x_sh))
    else:
        def loss(p, ids):
            logits = model(ids, params=p, train=False)[0]
            labels = jnp.roll(ids, -1, axis=1)
            logp = jax.nn.log_softmax(logits)
            return -jnp.mean(jnp.take_along_axis(logp, labels[..., None], -1))

        def step(p, ids):
            value, grads = jax.value_and_grad(loss)(p, ids)
            return jax.tree.map(lambda w, g: w - 0.1 * g, p, grads), value
        fn = jax.jit(step, in_shardings=(p_sh, x_sh),
                     out_shardings=(p_sh, NamedSharding(mesh, P())))
    return fn.lower(abstract, x).as_text()


# name: (model, program, plan, devices)
CORPUS = []
for _m in ("gpt2", "bert"):
    for _prog in ("fwd", "train"):
        for _plan in ("data", "megatron", "fsdp", "dxm"):
            CORPUS.append((_m, _prog, _plan, 8))
for _m in ("llama", "vit"):
    for _plan in ("data", "megatron", "fsdp", "dxm"):
        CORPUS.append((_m, "fwd", _plan, 8))
for _plan in ("data", "fsdp", "dxm"):
    CORPUS.append(("resnet", "fwd", _plan, 8))
CORPUS += [("gpt2", "fwd", "megatron", 2), ("gpt2", "fwd", "dxm", 4),
           ("bert", "train", "data", 2), ("llama", "fwd", "fsdp", 4),
           ("gpt2", "train", "dxm", 4), ("vit", "fwd", "megatron", 4)]


def name_of(model, program, plan, n):
    return "%s-%s-%s-%d" % (model, program, plan, n)


# The programs `make test` runs (the rest need the lit feature `models`:
# make test-models): every model, forward and training, each plan, 2, 4 and
# 8 devices, in about 4 minutes of the suite's 2 cores.
IN_MAKE_TEST = {"gpt2-fwd-megatron-2", "gpt2-fwd-dxm-4", "gpt2-fwd-dxm-8",
                "gpt2-train-dxm-4", "bert-train-data-2", "bert-fwd-fsdp-8",
                "llama-fwd-fsdp-4", "llama-fwd-megatron-8", "vit-fwd-megatron-4",
                "vit-fwd-dxm-8", "resnet-fwd-dxm-8"}

HEADER = """\
// A real model, imported: {desc}.
// Generated by test/Models/generate.py (make models) from HuggingFace's Flax
// implementation (transformers {tr}, flax {fx}, jax {jx}); do not edit.
// REQUIRES: mpi{models}{xla_req}
// RUN: %mpirun -n {n} %gspmd-run %s --check --inject-error=all --jit-opt 0 | FileCheck %s
{xla_runs}// CHECK-NOT: NaN or infinite
// CHECK-DAG: check: [[N:[0-9]+]] of [[N]] result{{{{s?}}}} PASS
// CHECK-DAG: inject-error: 3 of 3 injected errors FAIL
"""


def write(name, model, program, plan, n, stablehlo, imported, xla):
    import flax
    import transformers
    os.makedirs(os.path.join(HERE, "Inputs"), exist_ok=True)
    with open(os.path.join(HERE, "Inputs", name + ".stablehlo.mlir"), "w") as f:
        f.write(stablehlo)
    desc = {"fwd": "forward pass", "train": "training step (loss, gradients, SGD)"}[program]
    plan_desc = {"data": "data parallel", "megatron": "Megatron",
                 "fsdp": "FSDP", "dxm": "data x Megatron"}[plan]
    xla_runs = ""
    if xla:
        xla_runs = ("// RUN: %gspmd-xla-run %s --check --inject-error=all --jit-opt 0 | FileCheck %s\n"
                    "// RUN: %gspmd-xla-run %s --form global --check --inject-error=all --jit-opt 0 | FileCheck %s\n"
                    "// jax's own program (the input of the import), by XLA, against this one's reference:\n"
                    "// RUN: %gspmd-xla-run %s --stablehlo %S/Inputs/" + name + ".stablehlo.mlir --check --inject-error=all --jit-opt 0 | FileCheck %s\n")
    header = HEADER.format(desc="%s %s, %s on %d devices" % (model, desc, plan_desc, n),
                           tr=transformers.__version__, fx=flax.__version__,
                           jx=jax.__version__, n=n,
                           models="" if name in IN_MAKE_TEST else ", models",
                           xla_req=", xla" if xla else "", xla_runs=xla_runs)
    with open(os.path.join(HERE, name + ".mlir"), "w") as f:
        f.write(header + imported)


def gspmd_import(text):
    tool = os.path.join(ROOT, "build", "bin", "gspmd-import")
    env = dict(os.environ)
    env["GSPMD_PYTHON"] = os.path.join(ROOT, ".venv", "bin", "python")
    res = subprocess.run([tool, "-"], input=text, capture_output=True, text=True, env=env)
    if res.returncode:
        raise RuntimeError(res.stderr)
    return res.stdout


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--only", default="")
    p.add_argument("--xla", default="2,4,8", help="device counts whose programs also run under XLA")
    a = p.parse_args()
    xla_counts = {int(c) for c in a.xla.split(",") if c}
    for model, program, plan, n in CORPUS:
        name = name_of(model, program, plan, n)
        if not name.startswith(a.only):
            continue
        print("lowering", name, flush=True)
        text = lower(model, program, plan, n)
        imported = gspmd_import(text)
        write(name, model, program, plan, n, text, imported, n in xla_counts)


if __name__ == "__main__":
    sys.exit(main())
