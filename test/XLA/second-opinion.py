# REQUIRES: xla
# RUN: %xla-python %s | FileCheck %s
# gspmd_xla.check_results' second opinion, on synthetic runs so that the
# verdicts do not depend on how XLA rounds on this machine's CPU (the e2e
# xla-math.test may PASS before any second opinion is needed). w is the f64
# reference, ref gspmd-run's f32 run (its noise e), xla XLA's own
# unpartitioned run with noise k*e.
import numpy as np

import gspmd_xla

rng = np.random.default_rng(7)
n = 4096
w = rng.uniform(-4.0, 4.0, n)
e = rng.standard_normal(n) * 2e-6
ref = (w + e).astype(np.float32)
manifest = {"results": [{"elem": "f32", "type": "tensor<4096xf32>"}]}


def judge(name, got, xla, k_note=""):
    calls = []

    def second():
        calls.append(1)
        return [np.asarray(xla, dtype=np.float32)]

    lines, ok = gspmd_xla.check_results(
        [np.asarray(got, dtype=np.float32)], manifest, [(ref, w)], second)
    print("%s: %s | second opinion asked: %s | %s" % (
        name, "PASS" if ok else "FAIL", "yes" if calls else "no", lines[0]))


# Exactly gspmd-run's f32 run: no second opinion needed.
judge("as-ref", ref, None)
# CHECK: as-ref: PASS | second opinion asked: no

# XLA's math 3x noisier, the partitioned run like XLA's own: PASS by it.
xla3 = w + 3 * rng.standard_normal(n) * 2e-6
judge("xla-math", xla3 + rng.standard_normal(n) * 2e-6, xla3)
# CHECK: xla-math: PASS | second opinion asked: yes | {{.*}} FAIL (against gspmd-run's f32 run); against XLA's own unpartitioned run (its rms error {{[0-9.]+}}x gspmd-run's, limit 4): {{.*}} PASS => PASS

# The same with one element 1e-3 of its magnitude off: FAIL both ways.
bad = xla3.copy()
bad[100] += 1e-3 * max(abs(bad[100]), 1.0)
judge("one-off", bad, xla3)
# CHECK: one-off: FAIL | second opinion asked: yes | {{.*}} FAIL (against gspmd-run's f32 run); against XLA's own unpartitioned run {{.*}} FAIL{{$}}

# A padding element summed in (a whole value added to one element): FAIL.
pad = xla3.copy()
pad[7] += w[8]
judge("padding", pad, xla3)
# CHECK: padding: FAIL | second opinion asked: yes

# XLA's own run 12x noisier than ours: over the limit, it cannot widen the
# allowance even for a result equal to it.
xla12 = w + 12 * rng.standard_normal(n) * 2e-6
judge("noisy-xla", xla12, xla12)
# CHECK: noisy-xla: FAIL | second opinion asked: yes | {{.*}} against XLA's own unpartitioned run (its rms error {{[0-9.]+}}x gspmd-run's, limit 4): {{.*}} FAIL{{$}}
