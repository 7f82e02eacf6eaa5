#!/usr/bin/env python3
"""The real-model corpus (test/Models: GPT-2, BERT, Llama, ViT, ResNet from
HuggingFace's Flax models, imported by gspmd-import) partitioned by ours and
by XLA's Shardy and GSPMD partitioners; prints the "Real models" section of
bench/RESULTS.md (bench/run-all.sh appends it).

  python bench/models.py [--build build] [--programs 'NAME ...'] [--timeout 240]
         [--repeats 3] [--runtime 'NAME ...'] [--keep DIR]

Run with the project's venv (.venv/bin/python). --build is a build tree or an
install prefix (cmake --install): its bin/gspmd-opt and bin/gspmd-run are
used, and its share/gspmd/python (if there, else python-bindings/) gives
gspmd_xla. Everything else comes from bench/xla.py, as section 7 measures it:

- ours: `gspmd-spmd`, then `gspmd-comm-report` (bytes each device sends,
  ring model) and bench/comm_bytes.py --gspmd (collective counts); compile
  time = the wall times of gspmd-complete and gspmd-partition in
  `gspmd-opt --mlir-timing --mlir-disable-threading`, median of --repeats;
- XLA: the same global program exported by gspmd-export-stablehlo
  (form=global, shardings=sdy for XLA-Shardy, shardings=hlo for XLA-GSPMD)
  and compiled by XLA for the program's device count on host CPU devices;
  its partitioned HLO's collectives charged by the same ring model
  (xla.hlo_bytes); compile time = XLA's own pass timings, propagation
  (shardy-xla or sharding-propagation) + spmd-partitioning;
- runtime at 2 devices: the program with its mesh rewritten to 2 devices
  (same axis names: "model" keeps 2 if the mesh has it, else the first axis,
  the other axes become 1; `mhlo.num_partitions` follows), as
  test/Models/generate.py itself makes the corpus's 2-device programs from
  the 8-device ones (gpt2-fwd-megatron-2 is gpt2-fwd-megatron-8 with
  ["model"=2]). Sound here: the corpus's shardings name mesh axes only (no
  manual regions, pipelines or device ids; a program with any is not
  rewritten). Ours: `mpirun -n 2 gspmd-run FILE --time 5` and `--check`;
  XLA: its executables run on 2 host devices (xla.Xla.run_timed, inputs
  placed once), checked against gspmd-run's reference by the one checker.

Each program runs in its own worker process (`--row FILE`) under --timeout
seconds; a step that fails or does not finish leaves FAIL or "timeout" with a
short reason in its cells, and the next program runs.
"""
import argparse
import glob
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MODELS = os.path.join(ROOT, "test", "Models")
# the default subset (--programs all: every file): each model's forward pass
# on 8 devices under every strategy the corpus has for it, and the training
# steps of GPT-2 and BERT on 8 devices; the corpus's 4- and 2-device files
# are the same programs with smaller meshes (the runtime table covers 2).
DEFAULT = ("gpt2-fwd-data-8 gpt2-fwd-megatron-8 gpt2-fwd-fsdp-8 gpt2-fwd-dxm-8 "
           "bert-fwd-data-8 bert-fwd-megatron-8 bert-fwd-fsdp-8 bert-fwd-dxm-8 "
           "llama-fwd-data-8 llama-fwd-megatron-8 llama-fwd-fsdp-8 llama-fwd-dxm-8 "
           "vit-fwd-data-8 vit-fwd-megatron-8 vit-fwd-fsdp-8 vit-fwd-dxm-8 "
           "resnet-fwd-data-8 resnet-fwd-fsdp-8 resnet-fwd-dxm-8 "
           "gpt2-train-data-8 gpt2-train-megatron-8 gpt2-train-fsdp-8 gpt2-train-dxm-8 "
           "bert-train-data-8 bert-train-megatron-8 bert-train-fsdp-8 bert-train-dxm-8")
# runtime at 2 devices (--runtime): one forward pass per model, and GPT-2's
# data x Megatron (its mesh becomes ["data"=1, "model"=2]). Not the training
# steps: gspmd-run's JIT of one takes 25 to 50 s per run on this 2-core
# machine (at its default LLVM level; the reference run of --check more).
RUNTIME = ("gpt2-fwd-megatron-8 gpt2-fwd-dxm-8 bert-fwd-megatron-8 llama-fwd-megatron-8 "
           "vit-fwd-megatron-8 resnet-fwd-data-8")
MESH = re.compile(r'gspmd\.mesh @(\w+) \[([^\]]*)\]')
NOT_REWRITTEN = ("gspmd.manual", "gspmd.pipeline", "partition_id", "gspmd.device_id")


def setup_path(build):
    """gspmd_xla from the install prefix if --build is one, else the tree's."""
    inst = os.path.join(build, "share", "gspmd", "python")
    sys.path.insert(0, inst if os.path.isdir(inst) else os.path.join(ROOT, "python-bindings"))
    sys.path.insert(0, HERE)
    os.environ.setdefault("GSPMD_RUN", os.path.join(build, "bin", "gspmd-run"))


def mesh_devices(src):
    m = MESH.search(src)
    return eval("*".join(re.findall(r'=(\d+)', m.group(2))) or "1") if m else 1


def to_devices(src, n):
    """(the program with its one mesh rewritten to n devices, the new mesh
    text), or (None, why) where that is not sound or not possible."""
    meshes = MESH.findall(src)
    if len(meshes) != 1:
        return None, "%d meshes" % len(meshes)
    for word in NOT_REWRITTEN:
        if word in src:
            return None, "uses %s" % word
    name, body = meshes[0]
    axes = re.findall(r'"([^"]+)"=(\d+)', body)
    keep = "model" if any(a == "model" for a, _ in axes) else axes[0][0]
    if int(dict(axes)[keep]) % n:
        return None, "axis %s=%s not a multiple of %d" % (keep, dict(axes)[keep], n)
    new = ", ".join('"%s"=%d' % (a, n if a == keep else 1) for a, _ in axes)
    out = MESH.sub(lambda m: 'gspmd.mesh @%s [%s]' % (m.group(1), new), src, count=1)
    out = re.sub(r"mhlo\.num_partitions = \d+", "mhlo.num_partitions = %d" % n, out)
    return out, "[%s]" % new


def first_error(text, limit=160):
    """The first error line of a tool's output (its location dropped)."""
    for line in text.splitlines():
        if "error" in line or "Assertion" in line or "Segmentation" in line:
            return re.sub(r"^\S*:\d+:\d+: ", "", line.strip())[:limit]
    lines = [l for l in text.splitlines() if l.strip()]
    return (lines[-1].strip() if lines else "no diagnostic")[:limit]


def short(msg, limit=120):
    """An error without its location and tool prefix."""
    msg = re.sub(r"<input>:\d+:\d+: error: ", "", str(msg))
    msg = msg.replace("stablehlo export: ", "").replace("export FAIL: ", "export: ")
    return msg[:limit]


def by_kind(ours, xla):
    """Per collective kind, ours minus XLA: `kind +N B (ours k, XLA j)`."""
    out = []
    for k in sorted(set(ours) | set(xla)):
        o, x = ours.get(k, [0, 0]), xla.get(k, [0, 0])
        if o != x:
            out.append("%s %+d B (%d ops against %d)" % (k, o[1] - x[1], o[0], x[0]))
    return ", ".join(out)


def main_results_annotated(src):
    m = re.search(r"func\.func public @main\(.*?\) -> (.*)\{\s*$", src, re.M)
    return bool(m and "gspmd.sharding" in m.group(1))


def free_results(text):
    """The global export with @main's result shardings removed (the export
    writes an unannotated result as replicated: `{replicated}`, or Shardy's
    closed `[{}, ...]`), so that XLA chooses them, as our completion does."""
    out = []
    for line in text.splitlines():
        if re.match(r"\s*func\.func public @main\(", line) and ") -> (" in line:
            i = line.rindex(") -> (")
            line = line[:i] + re.sub(r' \{(?:sdy|mhlo)\.sharding = (?:#sdy\.sharding<[^>]*>|"[^"]*")\}',
                                     "", line[i:])
        out.append(line)
    return "\n".join(out) + "\n"


def free_compiles(xla, src, n, repeats):
    """xla.Xla.timed_compiles for the bytes table: {'shardy', 'gspmd'}: (median
    seconds, exe) or ('FAIL: why', None), '<key>_passes', and 'free'. Where
    the source leaves @main's results unannotated (the whole corpus), XLA
    chooses their shardings too (free_results, and the compile option
    allow_spmd_sharding_propagation_to_output, as jax.jit without
    out_shardings); else the export as is."""
    free = not main_results_annotated(src)
    jeb = xla.runner.jeb
    orig = jeb.get_compile_options

    def options(*args, **kw):
        o = orig(*args, **kw)
        o.executable_build_options.allow_spmd_sharding_propagation_to_output = [True]
        return o
    res = {"free": free}
    for key, form in (("shardy", "sdy"), ("gspmd", "hlo")):
        try:
            text, _ = xla.export(src, "global", form)
        except xla.gx.ExportError as e:
            res[key] = ("FAIL: export: " + str(e).strip().splitlines()[0], None)
            continue
        if free:
            text = free_results(text)
            jeb.get_compile_options = options
        try:
            xla.compile_into(res, key, text, n, key == "shardy", repeats)
        finally:
            jeb.get_compile_options = orig
    return res


def count_ops(opt, path):
    r = subprocess.run([opt, "--pass-pipeline=builtin.module(print-op-stats)", path,
                        "-o", os.devnull], capture_output=True, text=True)
    return sum(int(x) for x in re.findall(r",\s*(\d+)\s*$", r.stderr + r.stdout, re.M)) or None


# --- one program (worker) ------------------------------------------------
def row(a, path):
    """Measures one program; prints its row as JSON after every step (the
    driver keeps the last line, so a timeout keeps what finished)."""
    import xla as X
    ours = X.Ours(a.build)
    name = os.path.basename(path)[:-len(".mlir")]
    src = open(path).read()
    n = mesh_devices(src)
    r = {"name": name, "devices": n, "mesh": MESH.search(src).group(2)}

    last = [time.time()]

    def out(step):
        r["step"] = step
        r.setdefault("t", {})[step] = round(time.time() - last[0], 1)
        last[0] = time.time()
        print(json.dumps(r), flush=True)

    def guard(step, f):
        try:
            f()
        except Exception as e:  # XLA's errors are plain RuntimeErrors
            r[step + "_error"] = X.esc(str(e).strip().splitlines()[0] if str(e).strip()
                                       else type(e).__name__, 160)
        out(step)

    r["ops"] = count_ops(ours.opt, path)
    out("ops")

    # ours: collectives and bytes (gspmd-spmd, gspmd-comm-report)
    def ours_bytes():
        colls, b = ours.spmd_bytes(path)
        if b is None and colls.startswith("FAIL"):
            e = subprocess.run([ours.opt, "--pass-pipeline=builtin.module(gspmd-spmd)", path,
                                "-o", os.devnull], capture_output=True, text=True)
            colls = "FAIL: gspmd-spmd: " + X.esc(first_error(e.stderr))
        r["ours_colls"], r["ours_bytes"] = colls, b
        r["ours_counts"] = getattr(ours, "last_counts", {}) if b is not None else {}
        if a.keep and b is not None:
            with tempfile.NamedTemporaryFile(suffix=".mlir") as t:
                subprocess.run([ours.opt, "--pass-pipeline=builtin.module(gspmd-spmd)", path,
                                "-o", t.name], capture_output=True)
                rep = subprocess.run([ours.opt, "--pass-pipeline=builtin.module("
                                      "gspmd-comm-report)", t.name, "-o", os.devnull],
                                     capture_output=True, text=True).stdout
            open(os.path.join(a.keep, name + ".report"), "w").write(rep)
    guard("ours", ours_bytes)

    # ours: compile time of completion and partitioning
    def ours_time():
        t = ours.pass_times(path, a.repeats)
        r["ours_time"] = t if t else "FAIL"
    guard("ours_time", ours_time)

    # XLA at the program's device count
    xla = X.Xla(max(n, 2))

    def xla_compiles():
        c = free_compiles(xla, src, n, a.xla_repeats)
        r["results_free"] = c["free"]
        for key in ("shardy", "gspmd"):
            t, exe = c[key]
            if exe is None:
                r[key + "_error"] = short(t) if t.startswith("FAIL") else "FAIL: " + short(t)
                continue
            hlo = exe.hlo_modules()[0].to_string()
            if a.keep:
                open(os.path.join(a.keep, "%s.%s.hlo" % (name, key)), "w").write(hlo)
            counts = X.hlo_bytes(hlo, n)
            r[key + "_counts"] = counts
            r[key + "_bytes"] = sum(v[1] for v in counts.values())
            r[key + "_passes"] = c.get(key + "_passes")
            r[key + "_whole"] = t
    guard("xla", xla_compiles)

    # runtime at 2 devices
    if name not in a.runtime:
        r["rt"] = "not run"
        out("done")
        return
    rsrc, mesh = (src, r["mesh"]) if n == a.rt_devices else to_devices(src, a.rt_devices)
    r["rt_mesh"] = mesh
    if rsrc is None:
        r["rt"] = "not rewritten: " + mesh
        out("done")
        return
    tmp = tempfile.mkdtemp()
    rpath = os.path.join(tmp, name + ".mlir")
    open(rpath, "w").write(rsrc)

    def ours_run():
        # one run times and checks (xla.Ours.mpi_time makes two, each with
        # its own JIT: seconds per run on these programs)
        p = subprocess.run(["mpirun", "-n", str(a.rt_devices), ours.run, rpath, "--time", "5",
                            "--check"], capture_output=True, text=True)
        m = re.search(r"^time: median (\S+) s", p.stdout, re.M)
        r["rt_ours"] = float(m.group(1)) if m else "FAIL"
        ok = p.returncode == 0 and "FAIL" not in p.stdout
        r["rt_ours_check"] = "PASS" if ok else "FAIL"
        if not ok or not m:
            summary = re.search(r"^check: .*$", p.stdout, re.M)
            r["rt_ours_error"] = X.esc(summary.group(0) if summary else
                                       first_error(p.stdout + p.stderr), 160)
    guard("rt_ours", ours_run)

    def xla_run():
        gx = xla.gx
        ref_dir = os.path.join(tmp, "ref")
        gx.save_reference(ours.run, rpath, ref_dir, jit_opt=0)
        ref = gx.load_reference(ref_dir)
        c = xla.timed_compiles(rsrc, a.rt_devices, 1, floor=False)
        for key in ("shardy", "gspmd"):
            t, exe = c[key]
            if exe is None:
                r["rt_%s_error" % key] = "FAIL: " + short(t)
                continue
            try:
                tm, v = xla.run_timed(exe, c["manifest"], ref)
                r["rt_" + key], r["rt_%s_check" % key] = tm, v
            except Exception as e:
                r["rt_%s_error" % key] = "FAIL: " + X.esc(str(e).strip().splitlines()[0], 160)
    guard("rt_xla", xla_run)
    subprocess.run(["rm", "-rf", tmp])
    out("done")


# --- the section (driver) ------------------------------------------------
def run_worker(a, path):
    cmd = [sys.executable, os.path.abspath(__file__), "--row", path, "--build", a.build,
           "--repeats", str(a.repeats), "--xla-repeats", str(a.xla_repeats),
           "--runtime", " ".join(a.runtime), "--rt-devices", str(a.rt_devices)]
    if a.keep:
        cmd += ["--keep", a.keep]
    t0 = time.time()
    timed_out = False
    # its own process group: on timeout the worker and its children (mpirun,
    # gspmd-run) are stopped together
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         start_new_session=True)
    try:
        stdout, stderr = p.communicate(timeout=a.timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        os.killpg(p.pid, signal.SIGKILL)
        stdout, stderr = p.communicate()
    lines = [l for l in stdout.splitlines() if l.startswith("{")]
    r = json.loads(lines[-1]) if lines else {"name": os.path.basename(path)[:-5]}
    r["seconds"] = time.time() - t0
    if timed_out:
        r["timeout"] = "timeout after %d s (in the step after %s)" % (a.timeout, r.get("step", "start"))
    elif not lines or r.get("step") != "done":
        err = [l for l in stderr.splitlines() if l.strip() and not re.match(r"[IWE]\d{4}", l)]
        r["crash"] = "worker exit %d: %s" % (p.returncode, err[-1][:160] if err else "")
    return r


def cell(r, key, fmt_value, error_key=None):
    """The value, else FAIL: reason, else timeout / not reached."""
    from xla import esc
    if key in r and r[key] is not None and not (isinstance(r[key], str) and r[key] == "FAIL"):
        return fmt_value(r[key])
    err = r.get(error_key or key + "_error")
    if err:
        return esc(err if err.startswith("FAIL") else "FAIL: " + err, 180)
    if r.get("timeout"):
        return "timeout"
    if r.get("crash"):
        return "FAIL: " + esc(r["crash"], 120)
    return "—"


def section(a, w, rows):
    import xla as X
    f = X.fmt
    w("## Real models (`bench/models.py`)")
    w("")
    w("The real-model corpus, test/Models (HuggingFace's Flax GPT-2, BERT, Llama, ViT and "
      "ResNet imported by gspmd-import; `NAME-fwd|train-STRATEGY-DEVICES`, each with a "
      "`gspmd.mesh` and shardings on the entry @main), partitioned by ours and by XLA's two "
      "partitioners on the same global program with the same shardings. Programs: %s. Each "
      "program runs in its own process, stopped after %d s (`--timeout`)." % (
          "all %d of the corpus" % len(rows) if a.programs_all else
          "%d of the corpus's %d: every model's forward pass and the GPT-2 and BERT training "
          "steps, at 8 devices under each strategy the corpus has (the corpus's 4- and 2-device "
          "files are the same programs on smaller meshes)" % (
              len(rows), len(glob.glob(os.path.join(MODELS, "*.mlir"))))
          if a.programs == DEFAULT else "%s (`--programs`)" % ", ".join(r["name"] for r in rows),
          a.timeout))
    w("")
    w("- date: %s; machine: `%s`, %d cores, shared with other jobs (load average at the start "
      "of this section: %s; wall times are noisy)." % (
          a.date, " ".join(os.uname()[i] for i in (0, 2, 4)), os.cpu_count(), a.load0))
    head = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True).stdout.strip() or "unknown"
    dirty = subprocess.run(["git", "-C", ROOT, "diff", "--quiet", "HEAD", "--", "lib", "tools",
                            "dialect"]).returncode
    built = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(
        os.path.getmtime(os.path.join(a.build, "bin", "gspmd-opt"))))
    w("- tools: `%s/bin/gspmd-opt` and `gspmd-run`, built %s; the tree at commit %s%s when "
      "this section ran." % (a.build, built, head, " (+ local changes)" if dirty else ""))
    fixed = [r["name"] for r in rows if not r.get("results_free", True)]
    fixed = ("the training steps" if fixed and all("-train-" in x for x in fixed)
             else ", ".join(fixed))
    w("- ours: `gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd)'`, then "
      "`gspmd-comm-report` (bytes sent per device, ring model) and `bench/comm_bytes.py "
      "--gspmd` (counts). XLA: `gspmd-export-stablehlo{form=global shardings=sdy|hlo}` "
      "(what `gspmd-xla-run --form global` runs) compiled by XLA for the program's device count "
      "on host CPU devices, its partitioned HLO's collectives charged by the same ring model "
      "(bench/xla.py `hlo_bytes`, as section 7.4). The corpus leaves @main's results "
      "unannotated%s and our completion chooses their shardings; the export writes an "
      "unannotated result as replicated (`{replicated}`, Shardy's closed `[{}, ...]`), so for "
      "this table it is removed from the export and XLA compiles with "
      "`allow_spmd_sharding_propagation_to_output` (as `jax.jit` without `out_shardings`): XLA "
      "chooses the results' shardings too%s." % (
          " (except %s)" % fixed if fixed else "",
          "; programs whose results are annotated (%s) are exported as they are" % fixed
          if fixed else ""))
    w("- compile time, seconds: ours = `gspmd-complete` + `gspmd-partition` wall times of "
      "`gspmd-opt --mlir-timing --mlir-disable-threading` (median of %d); XLA = its own HLO pass "
      "timings (as section 7.1), XLA-Shardy `shardy-xla` + `spmd-partitioning`, XLA-GSPMD "
      "`sharding-propagation` + `spmd-partitioning` (%s)." % (
          a.repeats, "median of %d compiles" % a.xla_repeats if a.xla_repeats > 1 else "one compile"))
    w("")
    w("### Collectives, bytes per device and compile time, at the program's device count")
    w("")
    w("| program | devices | ops | ours: collectives | ours B/device | XLA-Shardy: collectives "
      "| XLA-Shardy B/device | XLA-GSPMD: collectives | XLA-GSPMD B/device | ours complete + "
      "partition (s) | XLA-Shardy propagation + partitioning (s) | XLA-GSPMD propagation + "
      "partitioning (s) |")
    w("| --- | ---: | ---: | --- | ---: | --- | ---: | --- | ---: | ---: | ---: | ---: |")

    def passes(p):
        return "%s + %s" % (f(p[0]), f(p[1])) if p else "-"
    diffs, fails = [], []
    for r in rows:
        ot = r.get("ours_time")
        ours_t = ("%s + %s" % (f(ot[0]), f(ot[1])) if isinstance(ot, list) and None not in ot
                  else "FAIL" if ot == "FAIL" else cell(r, "ours_time", str))
        xc = [cell(r, "shardy_counts", X.hlo_summary, "shardy_error"),
              cell(r, "shardy_bytes", lambda b: f(b, 12), "shardy_error"),
              cell(r, "gspmd_counts", X.hlo_summary, "gspmd_error"),
              cell(r, "gspmd_bytes", lambda b: f(b, 12), "gspmd_error"),
              cell(r, "shardy_passes", passes, "shardy_error"),
              cell(r, "gspmd_passes", passes, "gspmd_error")]
        if r.get("shardy_error") and r.get("shardy_error") == r.get("gspmd_error"):
            # one failure (the export) for both: said once
            xc = [xc[0] + " (both)", "—", "—", "—", "—", "—"]
        w("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["name"], r.get("devices", "?"), f(r.get("ops"), 12),
            cell(r, "ours_colls", X.esc, "ours_error"),
            cell(r, "ours_bytes", lambda b: f(b, 12), "ours_error"),
            xc[0], xc[1], xc[2], xc[3], ours_t, xc[4], xc[5]))
        ob = r.get("ours_bytes")
        oc = {k.replace("_", "-"): v for k, v in (r.get("ours_counts") or {}).items()}
        for key, label in (("shardy", "XLA-Shardy"), ("gspmd", "XLA-GSPMD")):
            xb = r.get(key + "_bytes")
            if ob is not None and xb is not None and ob != xb:
                why = X.reasons(oc, r[key + "_counts"])
                diffs.append("- %s: ours %d B, %s %d B (ours %+.0f%%). By kind, ours minus %s: "
                             "%s.%s" % (
                                 r["name"], ob, label, xb, 100.0 * (ob - xb) / max(xb, 1), label,
                                 by_kind(oc, r[key + "_counts"]),
                                 "" if why.startswith("XLA uses") else " " + why[0].upper() +
                                 why[1:] + "."))
        for k in ("timeout", "crash"):
            if r.get(k):
                fails.append("- %s: %s" % (r["name"], r[k]))
    w("")
    w("Where the bytes differ (ours against each XLA partitioner; the reason is read from the "
      "two collective lists by bench/xla.py `reasons`):")
    w("")
    for d in diffs or ["- none: every program sends the same bytes"]:
        w(d)
    w("")
    w("### Runtime at %d devices" % a.rt_devices)
    w("")
    w("Median seconds of 5 executions of the entry, compile excluded. Ours: `mpirun -n %d "
      "gspmd-run FILE --time 5 --check` (max over ranks; LLVM at gspmd-run's default level; "
      "timed and checked in one run). XLA: its executables for %d host devices (threads of one "
      "process), inputs placed once, results checked against `gspmd-run FILE --save-reference` "
      "by the one checker (bench/xla.py `run_timed`, as section 7.5); here the export is run as "
      "it is, so XLA returns replicated results (where ours leaves a result split, XLA gathers "
      "it at the end). Programs of other device "
      "counts run with their mesh rewritten to %d devices with the same axis names (\"model\" "
      "keeps %d where the mesh has it, else the first axis; the others become 1), as "
      "test/Models/generate.py makes the corpus's own 2-device files from the 8-device ones. "
      "Programs: %s (`--runtime`; not the training steps by default: gspmd-run's JIT of one "
      "takes 25 to 50 s per run on this machine)." % (
          a.rt_devices, a.rt_devices, a.rt_devices, a.rt_devices, ", ".join(a.runtime)))
    w("")
    w("| program | mesh at %d devices | ours (MPI) | check | XLA-Shardy | check | XLA-GSPMD | "
      "check |" % a.rt_devices)
    w("| --- | --- | ---: | --- | ---: | --- | ---: | --- |")
    for r in rows:
        if r["name"] not in a.runtime:
            continue
        if str(r.get("rt", "")).startswith("not rewritten"):
            w("| %s | %s | — | | — | | — | |" % (r["name"], r["rt"]))
            continue
        ochk = r.get("rt_ours_check", "—")
        if ochk == "FAIL" and r.get("rt_ours_error"):
            ochk = "FAIL: " + r["rt_ours_error"]
        w("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["name"], r.get("rt_mesh", "—"),
            cell(r, "rt_ours", lambda t: f(t), "rt_ours_error"), ochk,
            cell(r, "rt_shardy", lambda t: f(t), "rt_shardy_error"),
            r.get("rt_shardy_check", "—"),
            cell(r, "rt_gspmd", lambda t: f(t), "rt_gspmd_error"),
            r.get("rt_gspmd_check", "—")))
    w("")
    if fails:
        w("Programs stopped or crashed:")
        w("")
        for x in fails:
            w(x)
        w("")
    w("Time of this section: %.0f s (per program: %s). Load average at its end: %s." % (
        time.time() - a.t0, ", ".join("%s %.0f s" % (r["name"], r["seconds"]) for r in rows),
        " ".join(open("/proc/loadavg").read().split()[:3])))
    w("")
    w("Repeat: `bench/models.sh [build-dir]` (`UPDATE=1` also replaces this section in bench/RESULTS.md), or in the venv "
      "`bench/models.py --build DIR [--programs 'NAME ...'|all] [--runtime 'NAME ...'] "
      "[--keep DIR]` (--keep keeps our comm reports and XLA's HLO). One program by hand: ours "
      "`gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' FILE -o "
      "/dev/null`; XLA `gspmd-xla-run FILE --form global --shardings sdy|hlo --check --report`.")
    w("")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default="build", help="build tree or install prefix")
    ap.add_argument("--programs", default=DEFAULT,
                    help="names in test/Models (without .mlir), or 'all'")
    ap.add_argument("--runtime", default=RUNTIME,
                    help="programs also run at --rt-devices ('' for none, 'all')")
    ap.add_argument("--rt-devices", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=int(os.environ.get("MODELS_TIMEOUT", "240")),
                    help="seconds per program")
    ap.add_argument("--repeats", type=int, default=3, help="our compiles per median")
    ap.add_argument("--xla-repeats", type=int, default=1, help="XLA compiles per median")
    ap.add_argument("--keep", default=None)
    ap.add_argument("--row", default=None, help=argparse.SUPPRESS)
    a = ap.parse_args()
    a.build = os.path.abspath(a.build)
    setup_path(a.build)
    if a.keep:
        os.makedirs(a.keep, exist_ok=True)
    if a.row:
        a.runtime = a.runtime.split()
        row(a, a.row)
        return
    a.programs_all = a.programs == "all"
    paths = (sorted(glob.glob(os.path.join(MODELS, "*.mlir"))) if a.programs_all else
             [os.path.join(MODELS, p + ".mlir") for p in a.programs.split()])
    names = [os.path.basename(p)[:-5] for p in paths]
    a.runtime = names if a.runtime == "all" else [p for p in a.runtime.split() if p in names]
    a.t0 = time.time()
    a.date = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    a.load0 = " ".join(open("/proc/loadavg").read().split()[:3])
    rows = []
    for p in paths:
        r = run_worker(a, p)
        print("models.py: %s %.0f s" % (r["name"], r["seconds"]), file=sys.stderr, flush=True)
        rows.append(r)

    def w(s):
        print(s, flush=True)
    section(a, w, rows)


if __name__ == "__main__":
    main()
