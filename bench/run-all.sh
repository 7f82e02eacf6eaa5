#!/usr/bin/env bash
# Every benchmark, ours and MLIR's upstream `shard` dialect side by side, in
# one run, then ours beside XLA's Shardy and GSPMD partitioners (section 7,
# bench/xla.py, in the project's venv); writes bench/RESULTS.md (and prints
# it). Sizes are parameters (environment; defaults below, chosen so that the
# whole run takes about 20 to 30 minutes on an idle 2-core machine):
#   DEVICES        section 1 device counts        (2 16 256 4096 65536)
#   SIZES          section 2 program sizes, ops   (1000 10000 100000)
#   REPEATS        runs per median, ours/upstream (5; one from 50,000 ops)
#   TIMEOUT        seconds before one compile is stopped and counted FAIL (600)
#   XLA_DEVICES    section 7.2 device counts      (2 4 8 16 64 256 1024 2048 4096)
#   XLA_SIZES      section 7.3 program sizes      (1000 3000 10000 30000 100000)
#   XLA_MAX_OPS    XLA-GSPMD compiles programs of at most this many ops (10000)
#   XLA_SHARDY_MAX_OPS  XLA-Shardy and its 1-device floor, at most (30000)
#   XLA_REPEATS    XLA compiles per median        (3; one above 5,000 ops)
#   XLA_RUNTIME_DEVICES  section 7.5              (2 4 8)
#   CPU_RUNS       runs per median, CPU backend section (9)
#   SIM_MACHINE    gspmd-simulate's machine for bench/simulate.py (host);
#                  its plots (bench/simulate-*.png) need .venv-bench, made
#                  here from bench/requirements-plot.txt
#   MODELS         "Real models" programs, names in test/Models or "all"
#                  (bench/models.py's default list: the 8-device forward
#                  passes and training steps)
#   MODELS_TIMEOUT seconds per real-model program (240)
#   bench/run-all.sh [build-dir]        (make bench)
# bench/RESULTS.md is written anew, but every "## " section of the previous
# file whose heading this script does not write (sections kept by hand or
# appended by other scripts: completion scaling, the check's margins, ...) is
# carried over, in its order, after the sections written here (also when
# the run stops early). To drop one, delete it from bench/RESULTS.md.
# Compile times are medians of REPEATS of the pass's wall time from
# --mlir-timing (single-threaded); see bench/timing.sh. Programs come from
# bench/gen.py, the same program in both syntaxes.
set -euo pipefail
. bench/timing.sh "$@"
run="$build/bin/gspmd-run"
up=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
out=${RESULTS:-bench/RESULTS.md}
start=$(date +%s)

OURS='builtin.module(gspmd-complete,gspmd-partition)'
UP='builtin.module(func.func(sharding-propagation,shard-partition))'

gen() { python3 bench/gen.py "$@"; }
nops() { sed -n '1s/[^0-9]//gp' "$1"; }
# both NAME GEN-ARGS...: writes $tmp/NAME.g.mlir (ours) and $tmp/NAME.s.mlir
both() {
  local n=$1
  shift
  gen "$@" > "$tmp/$n.g.mlir"
  gen "$@" --syntax shard > "$tmp/$n.s.mlir"
}
ratio() { python3 -c "import sys; a, b = sys.argv[1:]; print('%.2f' % (float(a) / float(b)) if 'FAIL' not in (a, b) else '-')" "$1" "$2"; }
# first PATTERN FILE: the first matching line, table-safe ("" if none)
first() { { grep -m1 -E "$1" "$2" || true; } | sed "s#$tmp/##g; s/|/\\\\|/g" | cut -c1-200; }
failmsg() { sed 's/|/\\|/g; s#'"$tmp"'/##g' "$tmp/fail.txt"; }

# The previous file, for the sections this run does not write (carry_over).
[ -f "$out" ] && cp "$out" "$tmp/previous.md" || : > "$tmp/previous.md"
carried=0
# carry_over: appends to $out each "## " section of the previous file (its
# heading line to the next "## " heading outside a code fence) whose heading
# the new file does not have. Once; also from the EXIT trap, so a run that
# stops early loses nothing.
carry_over() {
  [ "$carried" = 1 ] && return 0
  carried=1
  python3 - "$tmp/previous.md" "$out" <<'PY'
import sys
prev, out = sys.argv[1], sys.argv[2]

def sections(text):
    """[(heading, text)] of the "## " sections, code fences skipped."""
    res, fence = [], False
    for line in text.splitlines(keepends=True):
        if line.startswith("```"):
            fence = not fence
        if not fence and line.startswith("## "):
            res.append([line.strip(), line])
        elif res:
            res[-1][1] += line
    return res

new = open(out).read()
have = {h for h, _ in sections(new)}
keep = [(h, t) for h, t in sections(open(prev).read()) if h not in have]
if keep:
    # the hand-kept marker of earlier files ends the previous section's text
    # (and a run's closing line is not carried)
    body = "".join("".join(l for l in t.split("\n<!-- Kept by hand")[0]
                           .split("\n<!-- Carried over")[0].splitlines(keepends=True)
                           if not l.startswith("Total wall time of this run")).rstrip("\n")
                   + "\n\n" for _, t in keep)
    with open(out, "a") as f:
        f.write("\n<!-- Carried over by bench/run-all.sh from the previous bench/RESULTS.md: the "
                "sections it does not write (kept by hand, or appended by other scripts). -->\n\n"
                + body)
    print("run-all.sh: carried over %d sections: %s" % (len(keep), "; ".join(h for h, _ in keep)),
          file=sys.stderr)
PY
}
trap 'carry_over; rm -rf "$tmp"' EXIT

exec 3> "$out"
w() { printf '%s\n' "$*" >&3; }

w "# Benchmarks: gspmd-mlir against MLIR's upstream \`shard\` dialect and XLA's partitioners"
w
w "Written by \`bench/run-all.sh\` (\`make bench\`); every figure below comes from that one run."
w
w "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
w "- machine: \`$(uname -a)\`"
w "- cpu: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores; memory $(free -g | awk '/Mem:/ {print $2}') GiB"
w "- ours: \`$opt\` at commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD -- lib tools dialect 2>/dev/null || echo ' (+ local changes)')"
w "- load average at start: $(cut -d' ' -f1-3 /proc/loadavg) (wall-time figures need an idle machine; the end of the file gives it at the end)"
w "- upstream: \`$up\`, $("$up" --version | sed -n 's/^ *\(.*LLVM version.*\)/\1/p')"
w "- ours: \`gspmd-opt --pass-pipeline='$OURS'\`; upstream: \`mlir-opt --pass-pipeline='$UP'\`; both with \`--mlir-disable-threading --mlir-timing\`."
w "- programs: \`python3 bench/gen.py PROGRAM [OPS] [--devices N] [--hidden H] [--shared-bias] [--syntax shard]\` (our syntax without \`--syntax\`)."
w "- parameters of this run (environment of \`bench/run-all.sh\`, defaults in its opening comment): DEVICES='${DEVICES:-2 16 256 4096 65536}' SIZES='${SIZES:-1000 10000 100000}' REPEATS=${REPEATS:-5} TIMEOUT=${TIMEOUT:-600} XLA_DEVICES='${XLA_DEVICES:-2 4 8 16 64 256 1024 2048 4096}' XLA_SIZES='${XLA_SIZES:-1000 3000 10000 30000 100000}' XLA_MAX_OPS=${XLA_MAX_OPS:-10000} XLA_SHARDY_MAX_OPS=${XLA_SHARDY_MAX_OPS:-30000} XLA_REPEATS=${XLA_REPEATS:-3} XLA_RUNTIME_DEVICES='${XLA_RUNTIME_DEVICES:-2 4 8}'"
w "- the machine is shared (2 cores; other jobs ran beside this one): wall times are noisy, compare ratios within one run, and read the load averages given at the start and the end."
w
py=${VENV:-.venv}/bin/python
has_jax() { [ -x "$py" ] && PYTHONPATH=python-bindings "$py" -c 'import jax' 2> /dev/null; }

# --------------------------------------------------------------------------
echo "== compile time versus device count" >&2
w "## 1. Compile time versus device count"
w
w "The same ~2,000-op program, \`gen.py mlp-megatron 2000 --hidden 65536 --devices N\` (MLP stack, every weight annotated, Megatron pairs; mesh [\"data\"=2, \"model\"=N/2]; hidden 65,536 keeps shards even on every mesh). Seconds, median of ${REPEATS:-5}."
w
w "| devices | ours gspmd-complete | ours gspmd-partition | upstream sharding-propagation | upstream shard-partition |"
w "| ---: | ---: | ---: | ---: | ---: |"
declare -A dev
for d in ${DEVICES:-2 16 256 4096 65536}; do
  both dev$d mlp-megatron 2000 --hidden 65536 --devices "$d"
  read -r oc op < <(pass_medians "$opt" "$OURS" "$tmp/dev$d.g.mlir" GSPMDComplete GSPMDPartition)
  read -r uc upp < <(pass_medians "$up" "$UP" "$tmp/dev$d.s.mlir" ShardingPropagation Partition)
  dev[$d]="$oc $op $uc $upp"
  w "| $d | $oc | $op | $uc | $upp |"
done
read -r a1 a2 a3 a4 <<< "${dev[2]}"
last=${DEVICES:-65536}; last=${last##* }
read -r b1 b2 b3 b4 <<< "${dev[$last]}"
w "| **t(65,536) / t(2)** | **$(ratio "$b1" "$a1")** | **$(ratio "$b2" "$a2")** | **$(ratio "$b3" "$a3")** | **$(ratio "$b4" "$a4")** |"
w
w "Ops in the program: $(nops "$tmp/dev2.g.mlir")."
w

# --------------------------------------------------------------------------
echo "== compile time versus program size" >&2
w "## 2. Compile time versus program size, and ours / upstream pass by pass"
w
w "Seconds, median of ${REPEATS:-5} (one run from 50,000 ops on); a tool run longer than TIMEOUT=${TIMEOUT:-600} s is stopped and counted FAIL; ratio = ours / upstream for the same pass role (completion vs sharding-propagation, partitioning vs shard-partition). Peak RSS: one run of the whole pipeline, parsing and printing included (\`getrusage\` of the child). FAIL: the tool exited non-zero (message in the failures list below)."
w
w "| program | ops | ours complete | ours partition | upstream propagation | upstream partition | ratio complete | ratio partition | ours peak RSS (MB) | upstream peak RSS (MB) |"
w "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
declare -a fails=()
fit_rows=()
for prog in "mlp-megatron" "transformer" "mlp --shared-bias" "mlp"; do
  series=""
  for ops in ${SIZES:-1000 10000 100000}; do
    read -r -a pa <<< "$prog"
    both sz "${pa[0]}" "$ops" "${pa[@]:1}"
    n=$(nops "$tmp/sz.g.mlir")
    # one run per figure from 50,000 ops on (upstream takes minutes there)
    reps=${REPEATS:-5}
    [ "$ops" -ge 50000 ] && reps=1
    read -r oc op < <(REPEATS=$reps pass_medians "$opt" "$OURS" "$tmp/sz.g.mlir" GSPMDComplete GSPMDPartition)
    read -r uc upp < <(REPEATS=$reps pass_medians "$up" "$UP" "$tmp/sz.s.mlir" ShardingPropagation Partition)
    if [ "$uc" = FAIL ]; then
      fails+=("\`gen.py $prog $ops --syntax shard\` | mlir-opt $UP | $(failmsg)")
      # which pass failed: propagation alone?
      read -r uc2 < <(REPEATS=$reps pass_medians "$up" "builtin.module(func.func(sharding-propagation))" "$tmp/sz.s.mlir" ShardingPropagation)
      [ "$uc2" != FAIL ] && uc="$uc2"
    fi
    if [ "$oc" = FAIL ]; then fails+=("\`gen.py $prog $ops\` (ours) | gspmd-opt $OURS | $(failmsg)"); fi
    om=$(peak_mb "$opt" "$OURS" "$tmp/sz.g.mlir")
    um=$(peak_mb "$up" "$UP" "$tmp/sz.s.mlir")
    w "| $prog | $n | $oc | $op | $uc | $upp | $(ratio "$oc" "$uc") | $(ratio "$op" "$upp") | $om | $um |"
    series+="$n $oc $op $uc $upp;"
  done
  fit_rows+=("$prog|$series")
done
w
w "Fitted exponent k of t ~ ops^k (least squares over log t against log ops, the three sizes; '-' where a size failed):"
w
w "| program | ours complete | ours partition | upstream propagation | upstream partition |"
w "| --- | ---: | ---: | ---: | ---: |"
for row in "${fit_rows[@]}"; do
  prog=${row%%|*}
  w "| $prog | $(python3 - "${row#*|}" <<'EOF'
import math, sys
pts = [p.split() for p in sys.argv[1].split(";") if p.strip()]
cols = []
for c in range(1, 5):
    xs = [math.log(float(p[0])) for p in pts if p[c] != "FAIL"]
    ys = [math.log(float(p[c])) for p in pts if p[c] != "FAIL"]
    if len(xs) < 3:
        cols.append("-")
        continue
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    k = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    cols.append("%.2f" % k)
print(" | ".join(cols))
EOF
) |"
done
w
w "\`mlp --shared-bias\` is the program where one value (a bias argument) feeds every layer; \`mlp\` annotates only the input and the first weight, so completion carries shardings through every layer."
w

# --------------------------------------------------------------------------
echo "== result quality" >&2
w "## 3. Result quality"
w
w "Each program on 4 devices (\`gen.py PROGRAM --devices 4\`; the MLP stacks and the transformer at 100 to 200 ops). Ours: \`gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd)'\`, collectives and bytes by \`gspmd-comm-report\`, the output re-parsed and verified by \`gspmd-opt\`, and \`mpirun -n 4 gspmd-run FILE --check\`. Upstream: \`mlir-opt --pass-pipeline='$UP'\`, collectives and bytes by \`bench/comm_bytes.py\` (the same ring model), the output re-verified by \`mlir-opt\`, then its own MPI lowering, \`mlir-opt --convert-shard-to-mpi\` (module attribute \`dlti.map = #dlti.map<\"MPI:Implementation\" = \"MPICH\">\`), run under MPI by \`mpirun -n 4 gspmd-run FILE --check --partitioned UPSTREAM.mlir\`: each rank runs upstream's module on the local shards of the same inputs, and rank 0 checks the assembled results against the unpartitioned program, exactly as for ours. The verdict is gspmd-run's default (docs/testing.md, \"The check\": within 10 times the unpartitioned program's own rounding error, measured against its f64 promotion, plus a few ulps), not fixed tolerances: contractions over up to 1,024 terms, and 12 stacked layers, are summed in another order when split. The largest errors against the f64 reference are shown (both systems sum in the same order on the Megatron programs, so their errors agree). Bytes: sent per device, ring model."
w
w "| program | ours: collectives | ours: B/device | ours verifies | ours under MPI (4 ranks) | upstream: collectives | upstream: B/device | upstream verifies | upstream under MPI (convert-shard-to-mpi, 4 ranks) |"
w "| --- | --- | ---: | --- | --- | --- | ---: | --- | --- |"
declare -A obytes ubytes mbytes
errs() { echo "max abs err $(sed -n 's/.*max_abs_err=\([^ ]*\).*/\1/p' "$1" | sort -g | tail -1), max rel err $(sed -n 's/.*max_rel_err=\([^ ]*\).*/\1/p' "$1" | sort -g | tail -1)"; }
# to_mpi PARTITIONED OUT: upstream's MPI lowering of upstream's partitioned
# module (convert-shard-to-mpi, MPICH's ABI from the module's dlti.map);
# false when it fails, its first error in $tmp/q.err and its exit status in
# $tmp/mpi.status. An error diagnostic is a failure even with exit status 0
# (convert-shard-to-mpi reports unconverted collectives and exits 0).
to_mpi() {
  local status=0
  sed '0,/^module {/s//module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">} {/' \
    "$1" > "$tmp/mpi.in"
  "$up" "$tmp/mpi.in" --convert-shard-to-mpi -o "$2" 2> "$tmp/q.err" || status=$?
  echo "$status" > "$tmp/mpi.status"
  [ "$status" = 0 ] && ! grep -q 'error:' "$tmp/q.err"
}
colls() { python3 bench/comm_bytes.py "$@" | awk '$1 != "total" {printf "%s%s x%s", sep, $1, $2; sep=", "} END {if (!sep) printf "none"}'; }
for spec in "data" "megatron" "2d" "fsdp" "conv" "transformer 200" "mlp-megatron 100" "mlp 100" "mlp 100 --shared-bias"; do
  # shellcheck disable=SC2086
  both q $spec --devices 4
  name=$spec
  # ours
  if "$opt" --pass-pipeline='builtin.module(gspmd-spmd)' "$tmp/q.g.mlir" -o "$tmp/q.g.out" 2> "$tmp/q.err"; then
    oc=$(colls --gspmd "$tmp/q.g.out")
    ob=$("$opt" --pass-pipeline='builtin.module(gspmd-comm-report)' "$tmp/q.g.out" -o /dev/null |
         sed -n 's/^total: .*sent \([0-9]*\) B.*/\1/p' || true)
    "$opt" --pass-pipeline='builtin.module(gspmd-comm-report)' "$tmp/q.g.out" -o /dev/null \
      > "$tmp/report.$(echo "$spec" | tr ' ' _)" 2>&1 || true
    ov=$("$opt" "$tmp/q.g.out" -o /dev/null 2>/dev/null && echo yes || echo NO)
    if mpirun -n 4 "$run" "$tmp/q.g.mlir" --check --report > "$tmp/q.run" 2>&1; then
      orun="PASS ($(errs "$tmp/q.run"))"
      mbytes[$name]=$(sed -n 's/^  all  *calls [0-9]*, sent \([0-9]*\) B.*/\1/p' "$tmp/q.run")
    else
      orun="FAIL: $(first 'FAIL|error' "$tmp/q.run")"
    fi
  else
    oc="FAIL: $(first error "$tmp/q.err")"; ob="-"; ov="-"; orun="-"
  fi
  # upstream
  if "$up" --pass-pipeline="$UP" "$tmp/q.s.mlir" -o "$tmp/q.s.out" 2> "$tmp/q.err"; then
    uc=$(colls "$tmp/q.s.out")
    ub=$(python3 bench/comm_bytes.py "$tmp/q.s.out" | awk '$1 == "total" {print $3}')
    uv=$("$up" "$tmp/q.s.out" -o /dev/null 2>/dev/null && echo yes || echo NO)
    if ! to_mpi "$tmp/q.s.out" "$tmp/q.s.mpi"; then
      ul="convert-shard-to-mpi fails (exit $(cat "$tmp/mpi.status")): $(first error "$tmp/q.err")"
    elif mpirun -n 4 "$run" "$tmp/q.g.mlir" --check --partitioned "$tmp/q.s.mpi" > "$tmp/q.urun" 2>&1; then
      ul="PASS ($(errs "$tmp/q.urun"))"
    else
      ul="FAIL: $(first 'FAIL|error' "$tmp/q.urun")"
    fi
  else
    msg=$(first error "$tmp/q.err")
    [ -n "$msg" ] || msg="exit status non-zero, no diagnostic"
    uc="FAIL"; ub="-"; uv="-"; ul="-"
    fails+=("\`gen.py $spec --devices 4 --syntax shard\` | mlir-opt $UP | $msg")
  fi
  obytes[$name]=$ob; ubytes[$name]=$ub
  w "| $name | $oc | $ob | $ov | $orun | $uc | $ub | $uv | $(echo "$ul" | sed 's/|/\\|/g') |"
done
w

# --------------------------------------------------------------------------
echo "== communication against the analytic minimum" >&2
w "## 4. Communication of our output against each strategy's analytic minimum"
w
w "Bytes each device sends, 4 devices. Ours, static: the ring model of \`gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' FILE -o /dev/null\` (it charges every device of a collective_permute's group the whole buffer, although at the ends of a non-periodic shift some devices send nothing). Ours, measured: the runtime's counters in the section 3 run (\`gspmd-run --report\`, the busiest device: permutes count the bytes actually handed to MPI, the other collectives the same ring model per call made, since MPI does not report its own traffic). Minimum from \`gen.py PROGRAM --devices 4 --analytic\`."
w
w "| strategy | program | analytic minimum (B) | how | ours, static (B) | ours, measured (B) | measured / minimum | upstream, static (B) |"
w "| --- | --- | ---: | --- | ---: | ---: | ---: | ---: |"
for s in "data:data parallel" "megatron:Megatron MLP" "2d:2-D (data x model)" "fsdp:ZeRO-3 / FSDP step" "conv:spatial conv (H, W split)"; do
  p=${s%%:*}
  IFS=$'\t' read -r mb how < <(gen "$p" --devices 4 --analytic)
  r=$(python3 -c "import sys; o, m = sys.argv[1:]; print('-' if not o.isdigit() else ('%.2f' % (int(o) / int(m)) if int(m) else ('1 (both 0)' if int(o) == 0 else 'inf')))" "${mbytes[$p]:-}" "$mb")
  w "| ${s#*:} | $p | $mb | $how | ${obytes[$p]} | ${mbytes[$p]:--} | $r | ${ubytes[$p]} |"
done
w
w "Our reports, per collective:"
w
w '```'
for p in data megatron 2d fsdp conv; do
  echo "# $p" >&3
  grep -v '^gspmd-comm-report' "$tmp/report.$p" >&3 || true
done
w '```'
w

# --------------------------------------------------------------------------
echo "== strategy programs (issue 17), beside XLA" >&2
if has_jax; then
  PYTHONPATH=python-bindings "$py" bench/xla.py --build "$build" --sections strategies \
    >&3 2> "$tmp/xla.err" ||
    w "bench/xla.py --sections strategies failed (exit $?): $(grep -v '^[IWE][0-9]' "$tmp/xla.err" | tail -3 | sed 's/|/\\|/g')"
else
  w "## 4b. Per-op strategies of contractions (issue 17), beside XLA"
  w
  w "Not run: no Python environment with jax (\`make venv\`, scripts/ensure-venv.sh)."
  w
fi

# --------------------------------------------------------------------------
echo "== runtime under MPI" >&2
w "## 5. Runtime under MPI"
w
w "Ours: \`mpirun -n N $run FILE --time 5\` (median of 5 runs of the entry, max over ranks; peak = the largest buffer footprint of a rank). Global footprint = the peak of the 1-rank run (the unpartitioned program). Efficiency = t(1) / (N t(N)), t(1) being ours on 1 rank. Upstream: the same program in \`shard\` syntax through \`$UP\` and convert-shard-to-mpi, run by \`mpirun -n N $run FILE --time 5 --partitioned UPSTREAM.mlir\` (same inputs, same JIT and LLVM lowering, but without buffer deallocation: its memory is not comparable and not shown)."
w
w "| program | ranks | ours: median time (s) | ours: parallel efficiency | ours: peak memory per rank (B) | global peak / N (B) | ours: peak / (global / N) | upstream: median time (s) | upstream: parallel efficiency |"
w "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
# eff T: parallel efficiency t(1) / (n T) of a run on $n ranks ($t1: ours on 1)
eff() { python3 -c "import sys; a, b, n = sys.argv[1:]; print('%.2f' % (float(a) / (int(n) * float(b))) if 'FAIL' not in (a, b) and a and b else '-')" "$t1" "$1" "$n"; }
median() { sed -n 's/^time: median \([^ ]*\) s.*/\1/p' "$1"; }
for spec in "matmul --scale 2:large matmul 512x512x512, rows split" "megatron --scale 2:Megatron MLP 128x512x2048"; do
  args=${spec%%:*}
  t1=""; m1=""
  for n in 1 2; do
    # shellcheck disable=SC2086
    gen $args --devices "$n" > "$tmp/rt.mlir"
    # shellcheck disable=SC2086
    gen $args --devices "$n" --syntax shard > "$tmp/rt.s.mlir"
    if mpirun -n "$n" "$run" "$tmp/rt.mlir" --time 5 > "$tmp/rt.out" 2>&1; then
      t=$(median "$tmp/rt.out")
      m=$(sed -n 's/^peak [a-z ]*memory: max \([0-9]*\) bytes.*/\1/p' "$tmp/rt.out")
    else
      t=FAIL; m=FAIL
      first 'error|usage|unknown' "$tmp/rt.out" > "$tmp/fail.txt"
      fails+=("\`gen.py $args --devices $n\` (ours) | mpirun -n $n gspmd-run --time 5 | $(failmsg)")
    fi
    if ! "$up" --pass-pipeline="$UP" "$tmp/rt.s.mlir" -o "$tmp/rt.s.out" 2> "$tmp/q.err" ||
       ! to_mpi "$tmp/rt.s.out" "$tmp/rt.s.mpi"; then
      ut=FAIL
      fails+=("\`gen.py $args --devices $n --syntax shard\` | mlir-opt $UP, convert-shard-to-mpi | $(first error "$tmp/q.err")")
    elif mpirun -n "$n" "$run" "$tmp/rt.mlir" --time 5 --partitioned "$tmp/rt.s.mpi" > "$tmp/rt.out" 2>&1; then
      ut=$(median "$tmp/rt.out")
    else
      ut=FAIL
      first 'error|usage|unknown|FAIL' "$tmp/rt.out" > "$tmp/fail.txt"
      fails+=("\`gen.py $args --devices $n --syntax shard\` | mpirun -n $n gspmd-run --time 5 --partitioned | $(failmsg)")
    fi
    [ "$n" = 1 ] && { t1=$t; m1=$m; }
    gm=$(python3 -c "import sys; a, n = sys.argv[1:]; print(int(a) // int(n) if a.isdigit() else '-')" "$m1" "$n")
    mr=$(python3 -c "import sys; m, g = sys.argv[1:]; print('%.2f' % (int(m) / int(g)) if m.isdigit() and g.isdigit() else '-')" "$m" "$gm")
    w "| ${spec#*:} (\`gen.py $args --devices $n\`) | $n | $t | $(eff "$t") | $m | $gm | $mr | $ut | $(eff "$ut") |"
  done
done
w

# --------------------------------------------------------------------------
w "## 6. Upstream failures (exact messages)"
w
w "| program | command | first error line |"
w "| --- | --- | --- |"
for f in "${fails[@]}"; do w "| $f |"; done
w

# --------------------------------------------------------------------------
# Pipelines: its own script, runnable alone (bench/pipeline.sh).
echo "== pipelines" >&2
python3 bench/pipeline.py --build "$build" --stdout >&3 2> "$tmp/pipe.err" ||
  w "bench/pipeline.py failed (exit $?): $(tail -3 "$tmp/pipe.err" | sed 's/|/\\|/g')"
w

# --------------------------------------------------------------------------
# The CPU backend: its own script, runnable alone (bench/cpu.sh
# replaces this section between its markers).
echo "== CPU backend" >&2
if SECTION_ONLY=1 RUNS="${CPU_RUNS:-9}" bench/cpu.sh "$build" \
     > "$tmp/cpu.md" 2> "$tmp/cpu.err"; then
  w "<!-- cpu.sh begin -->"
  cat "$tmp/cpu.md" >&3
  w "<!-- cpu.sh end -->"
else
  w "bench/cpu.py failed: $(tail -3 "$tmp/cpu.err" | sed 's/|/\\|/g')"
fi
w

# --------------------------------------------------------------------------
# gspmd-simulate's predictions against measured runs (bench/simulate.py).
echo "== simulation" >&2
# The plots' matplotlib lives in .venv-bench (bench/requirements-plot.txt);
# without it simulate.py prints its tables and says there is no plot.
./scripts/ensure-venv.sh .venv-bench bench/requirements-plot.txt >&2 ||
  echo "run-all: no .venv-bench (matplotlib): the simulation plots are skipped" >&2
python3 bench/simulate.py "$build" --machine "${SIM_MACHINE:-host}" >&3 \
  2> "$tmp/sim.err" ||
  w "bench/simulate.py failed: $(tail -3 "$tmp/sim.err" | sed 's/|/\\|/g')"
w

# --------------------------------------------------------------------------
echo "== ours against XLA (Shardy, GSPMD)" >&2
if has_jax; then
  PYTHONPATH=python-bindings "$py" bench/xla.py --build "$build" --n 4 \
    --sections versions,compile,devices,sizes,quality,runtime \
    --devices "${XLA_DEVICES:-2 4 8 16 64 256 1024 2048 4096}" \
    --sizes "${XLA_SIZES:-1000 3000 10000 30000 100000}" \
    --runtime-devices "${XLA_RUNTIME_DEVICES:-2 4 8}" \
    --repeats "${XLA_REPEATS:-3}" --xla-max-ops "${XLA_MAX_OPS:-10000}" \
    --xla-shardy-max-ops "${XLA_SHARDY_MAX_OPS:-30000}" >&3 2> "$tmp/xla.err" ||
    w "bench/xla.py failed (exit $?): $(grep -v '^[IWE][0-9]' "$tmp/xla.err" | tail -3 | sed 's/|/\\|/g')"
else
  w "## 7. Ours against XLA's partitioners (Shardy and GSPMD)"
  w
  w "Not run: no Python environment with jax (\`make venv\`, scripts/ensure-venv.sh)."
fi
w

# --------------------------------------------------------------------------
# Compile cost in instructions (callgrind) and memory: its own script,
# runnable alone (bench/compile-cost.sh).
echo "== compile cost" >&2
command -v valgrind > /dev/null || ./scripts/ensure-deps.sh valgrind
if has_jax; then cc_py=$py; cc_opt=; else cc_py=python3; cc_opt=--no-xla; fi
# shellcheck disable=SC2086
"$cc_py" bench/compile-cost.py --build "$build" $cc_opt >&3 2> "$tmp/cc.err" || {
  w "## Compile cost (\`bench/compile-cost.sh\`)"
  w
  w "bench/compile-cost.py failed: $(grep -v '^[IWE][0-9]' "$tmp/cc.err" | tail -3 | sed 's/|/\\|/g')"
  w
}

# --------------------------------------------------------------------------
# The real-model corpus (test/Models) beside XLA: its own script, runnable
# alone (bench/models.sh).
echo "== real models, beside XLA" >&2
if has_jax; then
  # shellcheck disable=SC2086
  "$py" bench/models.py --build "$build" ${MODELS:+--programs "$MODELS"} \
    --timeout "${MODELS_TIMEOUT:-240}" >&3 2> "$tmp/models.err" || {
    st=$?
    w "## Real models (\`bench/models.py\`)"
    w
    w "bench/models.py failed (exit $st): $(grep -v '^[IWE][0-9]' "$tmp/models.err" | tail -3 | sed 's/|/\\|/g')"
    w
  }
else
  w "## Real models (\`bench/models.py\`)"
  w
  w "Not run: no Python environment with jax (\`make venv\`, scripts/ensure-venv.sh)."
  w
fi
w "Total wall time of this run: $(( $(date +%s) - start )) s; load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)."
exec 3>&-
carry_over
cat "$out"
