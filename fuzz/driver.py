#!/usr/bin/env python3
"""Differential fuzzing driver: generate, run, classify, shrink.

    fuzz/driver.py --seed S --n N [--start I] [--build build] [--jobs J]
                   [--findings DIR] [--summary FILE] [--no-shrink]

For each program of fuzz/gen.py (seed S, indexes I .. I+N-1) it runs
  1. `gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd)'` (gspmd-opt
     verifies the IR after every pass), then
  2. `mpirun -n <devices> gspmd-run FILE --check` under a timeout,
and calls any of these a finding: a crash (signal, stack dump, assertion), a
hang (timeout), a verifier error after a pass (an `'op' op ...` diagnostic
once the input parsed and verified), another error on a valid program, a
check FAIL.  A program our parser rejects before any pass is a generator bug
(`invalid-program`), counted apart.  Each finding is shrunk (ops turned into
arguments, results, arguments and shardings dropped, while the same kind and
normalised message stay) and written to DIR as a ready lit test.  The last
lines printed are the summary: programs, op families, findings by cause;
`--summary FILE` also writes it as JSON.  Exit status 1 when there is a
finding.  Python standard library only.
"""
import argparse
import collections
import concurrent.futures
import copy
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402

PIPELINE = "builtin.module(gspmd-spmd)"


class Runner:
    def __init__(self, build, timeout, tmp):
        self.opt = os.path.join(build, "bin", "gspmd-opt")
        self.run_bin = os.path.join(build, "bin", "gspmd-run")
        self.timeout = timeout
        self.tmp = tmp
        self.count = 0
        # A copy of a build tree (a campaign runs on a snapshot while the
        # tree is rebuilt) finds its own libraries first.
        self.env = dict(os.environ)
        lib = os.path.abspath(os.path.join(build, "lib"))
        self.env["LD_LIBRARY_PATH"] = lib + (":" + self.env["LD_LIBRARY_PATH"]
                                             if self.env.get("LD_LIBRARY_PATH") else "")

    def _exec(self, cmd, timeout):
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, env=self.env,
                               timeout=timeout, errors="replace")
            return p.returncode, p.stdout, p.stderr
        except subprocess.TimeoutExpired as e:
            out = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
            return None, out, "timeout after %d s" % timeout

    def check(self, prog, tag):
        """(kind, signature, detail); kind 'pass' when nothing is wrong."""
        self.count += 1
        path = os.path.join(self.tmp, "%s.mlir" % tag)
        with open(path, "w") as f:
            f.write(prog.render())
        rc, out, err = self._exec([self.opt, "--pass-pipeline=" + PIPELINE,
                                   path, "-o", os.devnull], self.timeout)
        if rc != 0:
            return self._classify_opt(path, rc, out, err)
        cmd = ["timeout", "-k", "5", str(self.timeout), "mpirun", "-n",
               str(prog.devices), self.run_bin, path, "--check"]
        rc, out, err = self._exec(cmd, self.timeout + 15)
        text = out + err
        if rc is None or rc == 124:
            return "hang", "timeout", text[-2000:]
        if crashed(rc, text):
            return "crash", signature(text, crash=True), crash_detail(text)
        if re.search(r"\bFAIL\b", out):
            line = next(l for l in out.splitlines() if re.search(r"\bFAIL\b", l))
            return "fail", "check FAIL", line + "\n" + out[-2000:]
        if rc != 0:
            return "run-error", signature(text), text[-3000:]
        if "PASS" not in out:
            return "run-error", "no check line", text[-3000:]
        return "pass", "", ""

    def _classify_opt(self, path, rc, out, err):
        text = out + err
        if rc is None:
            return "hang", "gspmd-opt timeout", text[-2000:]
        if crashed(rc, text):
            return "crash", signature(text, crash=True), crash_detail(text)
        if "error while loading shared libraries" in text:
            return "environment", signature(text), text[-2000:]
        rc2, _, err2 = self._exec([self.opt, path, "-o", os.devnull], self.timeout)
        if rc2 != 0:
            return "invalid-program", signature(err2), err2[-3000:]
        if re.search(r"'[a-z_]+\.[a-z_0-9.]+' op ", err):
            return "verifier", signature(err), err[-3000:]
        return "pass-error", signature(err), err[-3000:]


def crashed(rc, text):
    if rc is not None and (rc < 0 or rc >= 128 and rc != 255):
        return True
    return bool(re.search(r"Stack dump|Segmentation fault|Assertion .* failed|"
                          r"AddressSanitizer|UndefinedBehaviorSanitizer|"
                          r"BAD TERMINATION|signal \d+|Aborted", text))


def crash_detail(text):
    """The signal line and the first frames of the first stack dump."""
    lines = text.splitlines()
    keep = [l for l in lines if re.search(r"signal|Assertion|Sanitizer", l)][:1]
    frames = [l for l in lines if re.match(r"\s*#?\d+\s+(0x|/|\S+\()", l)]
    return "\n".join(keep + frames[:8]) or text[-3000:]


def signature(text, crash=False):
    """The finding's cause: its first error line, without paths, positions,
    numbers and types (so that shrinking keeps 'the same finding')."""
    lines = text.splitlines()
    pick = None
    if crash:
        # ranks word the same signal differently: keep its name only
        m = (re.search(r"Assertion .* failed", text) or
             re.search(r"ERROR: \w+Sanitizer: [\w-]+", text) or
             re.search(r"runtime error: [^\n]*", text))
        if m:
            pick = m.group(0)
        elif "Segmentation fault" in text or "signal 11" in text:
            return "SIGSEGV"
        elif re.search(r"Aborted|signal 6", text):
            return "SIGABRT"
    if pick is None:
        for l in lines:
            if "error" in l.lower():
                pick = l
                break
    if pick is None:
        pick = next((l for l in lines if l.strip()), "no output")
    s = re.sub(r"^[^:]*\.mlir:\d+:\d+:\s*", "", pick.strip())
    s = re.sub(r"(^|\s)/[^\s:]+", r"\1PATH", s)
    s = re.sub(r"tensor<[^>]*>", "T", s)
    s = re.sub(r"0x[0-9a-fA-F]+", "N", s)
    s = re.sub(r"-?\d+", "N", s)
    return s[:160]


# -- shrinking --------------------------------------------------------------

def drop_op(p, i):
    """Program without op i: its result becomes a fresh argument."""
    q = copy.deepcopy(p)
    op = q.ops.pop(i)
    q.args.append((op.res, None))
    return q


def unused_args(p):
    used = {o for op in p.ops for o in op.operands} | {v.name for v, _ in p.rets}
    return [k for k, (v, _) in enumerate(p.args) if v.name not in used]


def dead_ops(p):
    used = {o for op in p.ops for o in op.operands} | {v.name for v, _ in p.rets}
    return [k for k, op in enumerate(p.ops) if op.res.name not in used]


def shrink(runner, p, kind, sig, tag, budget):
    tries = [0]

    def same(q):
        if tries[0] >= budget:
            return False
        tries[0] += 1
        k, s, _ = runner.check(q, tag + "-shrink")
        return k == kind and s == sig

    changed = True
    while changed and tries[0] < budget:
        changed = False
        # results first: fewer results, fewer ops keep the finding alive
        for k in range(len(p.rets) - 1, -1, -1):
            if len(p.rets) > 1:
                q = copy.deepcopy(p)
                q.rets.pop(k)
                for j in sorted(dead_ops(q), reverse=True):
                    q.ops.pop(j)
                q.args = [a for j, a in enumerate(q.args) if j not in set(unused_args(q))]
                if same(q):
                    p, changed = q, True
        for i in range(len(p.ops) - 1, -1, -1):
            if i >= len(p.ops):
                continue
            q = drop_op(p, i)
            for j in sorted(dead_ops(q), reverse=True):
                q.ops.pop(j)
            q.args = [a for j, a in enumerate(q.args) if j not in set(unused_args(q))]
            if q.ops and same(q):
                p, changed = q, True
        for k in range(len(p.args)):
            v, s = p.args[k]
            if s and s != "#gspmd.replicated":
                q = copy.deepcopy(p)
                q.args[k] = (v, None)
                if same(q):
                    p, changed = q, True
        for k in range(len(p.rets)):
            v, s = p.rets[k]
            if s:
                q = copy.deepcopy(p)
                q.rets[k] = (v, None)
                if same(q):
                    p, changed = q, True
    return p, tries[0]


def lit_test(p, kind, sig, detail, seed, index):
    head = ["// Fuzz finding: fuzz/gen.py seed %d index %d, shrunk by fuzz/driver.py." % (seed, index),
            "// %s: %s" % (kind, sig),
            "// families: %s" % ", ".join(p.families())]
    for l in detail.strip().splitlines()[:6]:
        head.append("//   " + l[:150])
    head += ["// REQUIRES: mpi",
             "// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-spmd)' -o /dev/null",
             "// RUN: %%mpirun -n %d %%gspmd-run %%s --check | FileCheck %%s" % p.devices,
             "// CHECK-NOT: FAIL",
             "// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS"]
    return p.render("\n".join(head) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--n", type=int, default=100)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--build", default="build")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--max-ops", type=int, default=6)
    ap.add_argument("--families", default=None, help="comma list (default all)")
    ap.add_argument("--findings", default="fuzz-findings")
    ap.add_argument("--summary", default=None)
    ap.add_argument("--no-shrink", action="store_true")
    ap.add_argument("--shrink-budget", type=int, default=60)
    ap.add_argument("--per-cause", type=int, default=4,
                    help="shrunk tests per cause at most")
    ap.add_argument("--time-limit", type=float, default=0,
                    help="start no program after this many seconds (0: none); "
                         "the summary covers the programs run")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args()
    fams = a.families.split(",") if a.families else None
    tmp = tempfile.mkdtemp(prefix="gspmd-fuzz-")
    runner = Runner(a.build, a.timeout, tmp)
    t0 = time.time()
    fam_count = collections.Counter()
    outcomes = collections.Counter()
    findings = []

    ran = []

    def one(i):
        if a.time_limit and time.time() - t0 > a.time_limit:
            return i, None, "skipped", "", ""
        p = gen.generate(a.seed, i, fams, a.max_ops)
        kind, sig, detail = runner.check(p, "s%d-%d" % (a.seed, i))
        return i, p, kind, sig, detail

    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        for i, p, kind, sig, detail in ex.map(one, range(a.start, a.start + a.n)):
            if p is None:
                continue
            ran.append(i)
            for f in p.families():
                fam_count[f] += 1
            outcomes[kind] += 1
            if not a.quiet or kind != "pass":
                print("[%d] %s devices=%d ops=%d %s %s" % (i, kind, p.devices, len(p.ops),
                      ",".join(p.families()), sig), flush=True)
            if kind != "pass":
                findings.append((i, p, kind, sig, detail))

    by_cause = collections.defaultdict(list)
    written = []
    if findings:
        os.makedirs(a.findings, exist_ok=True)
    shrunk = collections.defaultdict(list)  # cause -> families of shrunk tests
    for i, p, kind, sig, detail in findings:
        by_cause[(kind, sig)].append(i)
        # A few shrunk tests per cause: the first program that shows it, then
        # programs holding none of the family sets already shrunk to (a
        # check FAIL has one message whatever its root cause).
        fams = set(p.families())
        if a.no_shrink or len(shrunk[(kind, sig)]) >= a.per_cause or \
                any(f <= fams for f in shrunk[(kind, sig)]):
            continue
        q, n = shrink(runner, p, kind, sig, "s%d-%d" % (a.seed, i), a.shrink_budget)
        _, _, d2 = runner.check(q, "s%d-%d-final" % (a.seed, i))
        path = os.path.join(a.findings, "%s-s%d-%d.mlir" % (kind, a.seed, i))
        with open(path, "w") as f:
            f.write(lit_test(q, kind, sig, d2 or detail, a.seed, i))
        written.append(path)
        shrunk[(kind, sig)].append(set(q.families()))
        print("shrunk [%d] %s: %d -> %d ops in %d runs: %s" % (i, kind, len(p.ops), len(q.ops), n, path),
              flush=True)

    elapsed = time.time() - t0
    real = sum(v for k, v in outcomes.items()
               if k not in ("pass", "invalid-program", "environment"))
    last = max(ran) if ran else a.start - 1
    print("== fuzz summary: seed %d, programs %d (indexes %d..%d), %.0f s, %d runs"
          % (a.seed, len(ran), a.start, last, elapsed, runner.count))
    print("op families (programs holding each): " +
          ", ".join("%s %d" % kv for kv in sorted(fam_count.items())))
    print("outcomes: " + ", ".join("%s %d" % kv for kv in sorted(outcomes.items())))
    for (kind, sig), idx in sorted(by_cause.items()):
        print("cause %s: %s: %d programs (first %d); shrunk to: %s" % (
            kind, sig, len(idx), idx[0],
            "; ".join(",".join(sorted(f)) for f in shrunk[(kind, sig)]) or "-"))
    print("%d findings, %d invalid programs%s" % (
        real, outcomes["invalid-program"],
        ", %d environment errors" % outcomes["environment"] if outcomes["environment"] else ""))
    if a.summary:
        os.makedirs(os.path.dirname(os.path.abspath(a.summary)), exist_ok=True)
        with open(a.summary, "w") as f:
            json.dump({"seed": a.seed, "programs": len(ran), "start": a.start,
                       "seconds": round(elapsed), "families": fam_count,
                       "outcomes": outcomes,
                       "causes": [{"kind": k, "signature": s, "programs": idx}
                                  for (k, s), idx in sorted(by_cause.items())],
                       "tests": written}, f, indent=1)
    shutil.rmtree(tmp, ignore_errors=True)
    return 1 if real or outcomes["invalid-program"] or outcomes["environment"] else 0


if __name__ == "__main__":
    sys.exit(main())
