"""gspmd-auto-shard on a real model of test/Models against its hand-written
plan (bench/auto-shard-corpus.sh's steps, one program):

  corpus-vs-hand.py MODEL.mlir OUT.mlir

The hand plan partitioned gives the bytes each device sends (gspmd-spmd,
gspmd-comm-report) and its peak in the pass's memory model (the pass run on
the completed hand plan, whose annotations it keeps). The model's
annotations are stripped (the mesh kept), its private functions inlined,
and gspmd-auto-shard{budget=that peak} writes OUT.mlir, whose partitioned
bytes must equal the certificate's prediction, be at most the hand plan's,
within the budget. Prints one line; exits 1 when any of that fails. Runs
gspmd-opt from PATH."""
import re
import subprocess
import sys

model, out = sys.argv[1], sys.argv[2]


def opt(pipeline, path, output="/dev/null"):
    p = subprocess.run(["gspmd-opt", "--pass-pipeline=builtin.module(%s)" % pipeline,
                        path, "-o", output], capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("gspmd-opt %s %s failed:\n%s" % (pipeline, path, p.stderr))
    return p.stdout + p.stderr


def number(pattern, text, what):
    m = re.search(pattern, text, re.M)
    if not m:
        sys.exit("no %s in:\n%s" % (what, text))
    return int(m.group(1))


def sent(report):
    return number(r"^total: .*sent ([0-9]+) B", report, "comm report total")


hand = sent(opt("gspmd-spmd,gspmd-comm-report", model))
budget = number(r"peak ([0-9]+) B per device",
                opt("inline,gspmd-complete,gspmd-auto-shard", model), "hand peak")
with open(model) as f:
    text = f.read()
text = re.sub(r" \{gspmd\.sharding = #gspmd\.[a-z_]+(<[^>]*>)?\}", "", text)
text = re.sub(r"gspmd\.sharding = (\[[^]]*\]|#gspmd\.[a-z_]+(<[^>]*>)?)(, )?", "", text)
if "gspmd.sharding" in text:
    sys.exit("annotations left after stripping %s" % model)
stripped, bare = out + ".stripped.mlir", out + ".bare.mlir"
with open(stripped, "w") as f:
    f.write(text)
opt("inline", stripped, bare)
cert = opt("gspmd-auto-shard{budget=%d}" % budget, bare, out)
predicted = number(r"predicted ([0-9]+) B per device", cert, "certificate")
peak = number(r"peak ([0-9]+) B per device", cert, "certificate's peak")
auto = sent(opt("gspmd-spmd,gspmd-comm-report", out))
proven = "proven optimal" in cert and "not proven optimal" not in cert
print("auto %d B (predicted %d B, %s) against hand %d B; peak %d B, budget %d B"
      % (auto, predicted, "proven" if proven else "not proven", hand, peak, budget))
if auto != predicted or auto > hand or peak > budget:
    print("FAIL: %s" % ", ".join(
        why for why, bad in (("the report is not the prediction", auto != predicted),
                             ("more bytes than the hand plan", auto > hand),
                             ("over the budget", peak > budget)) if bad))
    sys.exit(1)
