/*
 * Machine.c - the machines gspmd-simulate knows: presets as data (each one
 * the text of a machine file, so one parser reads both and a preset is an
 * example of the format) and the parser of machine files.
 *
 * A machine file is `key = value` lines; `#` starts a comment. Numbers are
 * C floating-point literals in base units (FLOP/s, bytes, bytes per second,
 * seconds). Keys (docs/simulate.md):
 *
 *   name, flops, flops.f64|f32|f16|bf16|int, flops.knee, vector_flops,
 *   scalar_flops, mem_bw,
 *   mem_capacity, devices_per_node,
 *   cost.NAME (what one element of the op NAME costs, in FLOPs, e.g.
 *   cost.math.exp = 79; ops not listed cost 1),
 *   fuse_elementwise = true|false (chains of elementwise ops move only
 *   their ends' bytes; false by default),
 *   cache.line (bytes a strided element moves: a cache line; 0 by default),
 *   cache1.size|bw .. cache3.size|bw (cache levels, innermost first, sizes
 *   ascending: what one device can keep there and how fast it moves),
 *   local.topology|wraparound|bw|latency|algorithm (links within a node,
 *   or ICI), network.topology|wraparound|bw|latency|algorithm (links
 *   between nodes),
 *   axis.NAME = local|network (where a mesh axis runs; by default from the
 *   device numbering and devices_per_node),
 *   collective.call, collective.call.per_device (software seconds per
 *   collective call, and per call and device of its group),
 *   collective.reduce_bw (bytes per second of a reducing collective's
 *   combining of what it receives).
 *
 * `flops` and `mem_bw` are required, and the bandwidth of every link level
 * in use (local always; network when devices_per_node > 0). The presets'
 * figures and their sources are in docs/simulate.md; latencies are
 * assumptions of the right order, not datasheet figures, and the `host`
 * preset is what bench/probe-machine.py measured on the project's machine.
 */
#include "simulate.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/*===-- Presets -----------------------------------------------------------===*/

static const struct {
  const char *name;
  const char *text;
} kPresets[] = {
    /* Cloud TPU v3, per chip (2 TensorCores): cloud.google.com/tpu/docs/v3;
     * ICI link bandwidth from jax-ml/scaling-book (TPU chapter). */
    {"TPUv3", "name = TPUv3\n"
              "flops = 123e12\n"
              "mem_bw = 900e9\n"
              "mem_capacity = 34359738368\n"
              "local.topology = torus\n"
              "local.wraparound = true\n"
              "local.bw = 100e9\n"
              "local.latency = 0.5e-6\n"},
    /* Cloud TPU v4, per chip: cloud.google.com/tpu/docs/v4; link bandwidth
     * from scaling-book. */
    {"TPUv4", "name = TPUv4\n"
              "flops = 275e12\n"
              "mem_bw = 1200e9\n"
              "mem_capacity = 34359738368\n"
              "local.topology = torus\n"
              "local.wraparound = true\n"
              "local.bw = 45e9\n"
              "local.latency = 0.5e-6\n"},
    /* Cloud TPU v5e, per chip: cloud.google.com/tpu/docs/v5e (400 GB/s
     * bidirectional ICI over 4 ports: 50 GB/s each way per link). */
    {"TPUv5e", "name = TPUv5e\n"
               "flops = 197e12\n"
               "mem_bw = 819e9\n"
               "mem_capacity = 16e9\n"
               "local.topology = torus\n"
               "local.wraparound = true\n"
               "local.bw = 50e9\n"
               "local.latency = 0.5e-6\n"},
    /* NVIDIA A100 80GB SXM4 in a DGX A100 node, as on Selene (A100
     * datasheet: 312 TFLOP/s bf16 dense, 19.5 TFLOP/s fp32 and fp64 tensor
     * core, 80 GB HBM2e at 2,039 GB/s, NVLink 3 through NVSwitch at 600
     * GB/s both ways; Megatron-LM's Selene: 8 GPUs a node, 8 x 200 Gb/s HDR
     * InfiniBand a node, one port per GPU, as Narayanan et al. SC'21
     * section 5 is summarised; docs/simulate.md gives the sources). */
    {"A100", "name = A100\n"
             "flops = 312e12\n"
             "flops.f32 = 19.5e12\n"
             "flops.f64 = 19.5e12\n"
             "vector_flops = 19.5e12\n"
             "mem_bw = 2.039e12\n"
             "mem_capacity = 80e9\n"
             "devices_per_node = 8\n"
             "local.topology = switch\n"
             "local.bw = 300e9\n"
             "local.latency = 1e-6\n"
             "network.topology = switch\n"
             "network.bw = 25e9\n"
             "network.latency = 5e-6\n"},
    /* NVIDIA H100 SXM5 in a DGX H100 node (H100 datasheet; 8 GPUs on
     * NVLink 4 through NVSwitch, 900 GB/s both ways; one ConnectX-7
     * 400 Gb/s InfiniBand port per GPU between nodes). */
    {"H100", "name = H100\n"
             "flops = 989e12\n"
             "flops.f32 = 67e12\n"
             "flops.f64 = 67e12\n"
             "vector_flops = 67e12\n"
             "mem_bw = 3.35e12\n"
             "mem_capacity = 80e9\n"
             "devices_per_node = 8\n"
             "local.topology = switch\n"
             "local.bw = 450e9\n"
             "local.latency = 1e-6\n"
             "network.topology = switch\n"
             "network.bw = 50e9\n"
             "network.latency = 5e-6\n"},
    /* This machine, one MPI rank per device: bench/probe-machine.sh on
     * 2026-11-29 with the machine idle (2 AMD EPYC cores; compute and
     * memory in thread CPU time, best of several: single-thread OpenBLAS
     * sgemm 1024^3 and 32 x 1024 by 1024 x 1024 for the knee, 16 f32
     * multiplies and adds an element vectorized for this CPU and kept
     * scalar, triads over 768 MiB and over 3/4 of a rank's share of L2 and
     * L3; the cache line from sysfs; MPI between 2 ranks; physical memory
     * over 2 ranks), then through gspmd-run at 2 ranks, a core each and no
     * yield shim: bench/probe-calls.py (the call and reduction terms) and
     * bench/probe-ops.py (exp, log, tanh, sqrt, rsqrt and division an
     * element, over the vector rate). The accelerator presets leave the call,
     * reduction, cache, scalar and op cost keys out. */
    {"host", "name = host\n"
             "flops = 91.2e9\n"
             "flops.knee = 9.01\n"
             "vector_flops = 80.8e9\n"
             "scalar_flops = 7.6e9\n"
             "mem_bw = 26.3e9\n"
             "fuse_elementwise = true\n"
             "cache.line = 64\n"
             "cache1.size = 786e3\n"
             "cache1.bw = 102e9\n"
             "cache2.size = 12.6e6\n"
             "cache2.bw = 73.3e9\n"
             "mem_capacity = 12.6e9\n"
             "local.topology = switch\n"
             "local.bw = 3.42e9\n"
             "local.latency = 0.2e-6\n"
             "collective.call = 1.97e-6\n"
             "collective.reduce_bw = 0.935e9\n"
             "cost.math.exp = 67.6\n"
             "cost.math.log = 266\n"
             "cost.math.tanh = 58.8\n"
             "cost.math.sqrt = 13.6\n"
             "cost.math.rsqrt = 24.5\n"
             "cost.arith.divf = 7.78\n"},
};

enum { NUM_PRESETS = sizeof(kPresets) / sizeof(kPresets[0]) };

const char *simMachinePresetNames(void) {
  return "TPUv3|TPUv4|TPUv5e|A100|H100|host";
}

/*===-- Parsing -----------------------------------------------------------===*/

typedef struct Parser {
  int line;
  SimMachineError *err;
} Parser;

static bool fail(Parser *p, const char *fmt, const char *a, const char *b) {
  snprintf(p->err->message, sizeof(p->err->message), fmt, a, b);
  p->err->line = p->line;
  return false;
}

static bool parseNumber(Parser *p, const char *key, const char *v,
                        double *out) {
  char *end = NULL;
  errno = 0;
  double d = strtod(v, &end);
  if (end == v || *end != '\0' || errno || d < 0 || d != d)
    return fail(p, "'%s' expects a non-negative number, got '%s'", key, v);
  *out = d;
  return true;
}

static bool parseBool(Parser *p, const char *key, const char *v, bool *out) {
  if (!strcmp(v, "true") || !strcmp(v, "1"))
    return *out = true, true;
  if (!strcmp(v, "false") || !strcmp(v, "0"))
    return *out = false, true;
  return fail(p, "'%s' expects true or false, got '%s'", key, v);
}

static bool parseLink(Parser *p, const char *key, const char *field,
                      const char *v, SimLink *l) {
  if (!strcmp(field, "topology")) {
    static const char *const names[] = {"switch", "ring", "torus"};
    for (int i = 0; i < 3; ++i)
      if (!strcmp(v, names[i]))
        return l->topology = (SimTopology)i, true;
    return fail(p, "'%s' expects switch, ring or torus, got '%s'", key, v);
  }
  if (!strcmp(field, "wraparound"))
    return parseBool(p, key, v, &l->wraparound);
  if (!strcmp(field, "bw"))
    return parseNumber(p, key, v, &l->bw);
  if (!strcmp(field, "latency"))
    return parseNumber(p, key, v, &l->latency);
  if (!strcmp(field, "algorithm")) {
    if (strcmp(v, "ring") && strcmp(v, "recursive"))
      return fail(p, "'%s' expects ring or recursive, got '%s'", key, v);
    return l->recursive = !strcmp(v, "recursive"), true;
  }
  return fail(p, "unknown key '%s'%s", key, "");
}

/* cacheN.size or cacheN.bw, N from 1 to SIM_MAX_CACHES. */
static bool parseCache(Parser *p, SimMachine *m, const char *key,
                       const char *v) {
  int level = key[5] - '1';
  const char *field = key + 6;
  if (level < 0 || level >= SIM_MAX_CACHES || *field != '.')
    return fail(p, "unknown key '%s' (cache levels are cache1 to cache3)", key,
                "");
  double *slot = !strcmp(field, ".size") ? &m->cache_size[level]
                 : !strcmp(field, ".bw") ? &m->cache_bw[level]
                                         : NULL;
  if (!slot)
    return fail(p, "unknown key '%s'%s", key, "");
  if (level + 1 > m->num_caches)
    m->num_caches = level + 1;
  return parseNumber(p, key, v, slot);
}

static const char *const kDtypeKeys[SIM_NUM_DTYPES] = {
    "flops.f64", "flops.f32", "flops.f16", "flops.bf16", "flops.int"};

static bool setKey(Parser *p, SimMachine *m, const char *key, const char *v) {
  double d;
  if (!strcmp(key, "name")) {
    snprintf(m->name, sizeof(m->name), "%s", v);
    return true;
  }
  if (!strcmp(key, "flops"))
    return parseNumber(p, key, v, &m->flops);
  for (int t = 0; t < SIM_NUM_DTYPES; ++t)
    if (!strcmp(key, kDtypeKeys[t]))
      return parseNumber(p, key, v, &m->dtype_flops[t]);
  if (!strcmp(key, "flops.knee"))
    return parseNumber(p, key, v, &m->flops_knee);
  if (!strcmp(key, "vector_flops"))
    return parseNumber(p, key, v, &m->vector_flops);
  if (!strcmp(key, "scalar_flops"))
    return parseNumber(p, key, v, &m->scalar_flops);
  if (!strcmp(key, "mem_bw"))
    return parseNumber(p, key, v, &m->mem_bw);
  if (!strcmp(key, "mem_capacity"))
    return parseNumber(p, key, v, &m->mem_capacity);
  if (!strcmp(key, "devices_per_node")) {
    if (!parseNumber(p, key, v, &d))
      return false;
    m->devices_per_node = (int64_t)d;
    return true;
  }
  if (!strcmp(key, "collective.call"))
    return parseNumber(p, key, v, &m->collective_call);
  if (!strcmp(key, "collective.call.per_device"))
    return parseNumber(p, key, v, &m->collective_call_per_device);
  if (!strcmp(key, "collective.reduce_bw"))
    return parseNumber(p, key, v, &m->collective_reduce_bw);
  if (!strncmp(key, "cost.", 5) && key[5]) {
    if (m->num_op_costs == SIM_MAX_OP_COSTS)
      return fail(p, "too many cost keys (at most %s)", "16", "");
    if (strlen(key + 5) >= sizeof(m->op_cost_names[0]))
      return fail(p, "op name too long in '%s'%s", key, "");
    snprintf(m->op_cost_names[m->num_op_costs], sizeof(m->op_cost_names[0]),
             "%s", key + 5);
    return parseNumber(p, key, v, &m->op_costs[m->num_op_costs++]);
  }
  if (!strcmp(key, "fuse_elementwise"))
    return parseBool(p, key, v, &m->fuse_elementwise);
  if (!strcmp(key, "cache.line"))
    return parseNumber(p, key, v, &m->cache_line);
  if (!strncmp(key, "cache", 5) && key[5])
    return parseCache(p, m, key, v);
  if (!strncmp(key, "local.", 6))
    return parseLink(p, key, key + 6, v, &m->links[SIM_LINK_LOCAL]);
  if (!strncmp(key, "network.", 8))
    return parseLink(p, key, key + 8, v, &m->links[SIM_LINK_NETWORK]);
  if (!strncmp(key, "axis.", 5) && key[5]) {
    int link = !strcmp(v, "local")     ? SIM_LINK_LOCAL
               : !strcmp(v, "network") ? SIM_LINK_NETWORK
                                       : -1;
    if (link < 0)
      return fail(p, "'%s' expects local or network, got '%s'", key, v);
    if (m->num_axis_links == GSPMD_MAX_MESH_AXES)
      return fail(p, "too many axis keys (at most %s)", "8", "");
    snprintf(m->axis_names[m->num_axis_links], 64, "%s", key + 5);
    m->axis_link[m->num_axis_links++] = link;
    return true;
  }
  return fail(p, "unknown key '%s'%s", key, "");
}

/* Trims spaces at both ends of s in place. */
static char *trim(char *s) {
  while (isspace((unsigned char)*s))
    ++s;
  size_t n = strlen(s);
  while (n && isspace((unsigned char)s[n - 1]))
    s[--n] = '\0';
  return s;
}

static bool checkComplete(Parser *p, const SimMachine *m) {
  if (m->flops <= 0)
    return fail(p, "missing 'flops' (peak FLOP/s of a device)%s%s", "", "");
  if (m->mem_bw <= 0)
    return fail(p, "missing 'mem_bw' (memory bytes per second)%s%s", "", "");
  if (m->links[SIM_LINK_LOCAL].bw <= 0)
    return fail(p, "missing 'local.bw' (bytes per second of a link)%s%s", "",
                "");
  for (int i = 0; i < m->num_caches; ++i) {
    char key[16];
    snprintf(key, sizeof(key), "cache%d", i + 1);
    if (m->cache_size[i] <= 0 || m->cache_bw[i] <= 0)
      return fail(p, "'%s' needs both a size and a bw above 0%s", key, "");
    if (i > 0 && m->cache_size[i] <= m->cache_size[i - 1])
      return fail(p, "'%s.size' must exceed the level before it%s", key, "");
  }
  bool network = m->devices_per_node > 0;
  for (int i = 0; i < m->num_axis_links; ++i)
    network |= m->axis_link[i] == SIM_LINK_NETWORK;
  if (network && m->links[SIM_LINK_NETWORK].bw <= 0)
    return fail(p,
                "missing 'network.bw' (devices_per_node or an axis puts "
                "links between nodes)%s%s",
                "", "");
  return true;
}

bool simMachineParse(const char *text, const char *file, SimMachine *out,
                     SimMachineError *err) {
  memset(out, 0, sizeof(*out));
  memset(err, 0, sizeof(*err));
  snprintf(out->name, sizeof(out->name), "%s", file);
  snprintf(err->file, sizeof(err->file), "%s", file);
  Parser p = {0, err};
  const char *s = text;
  while (*s) {
    const char *end = strchr(s, '\n');
    size_t n = end ? (size_t)(end - s) : strlen(s);
    char line[512];
    ++p.line;
    if (n >= sizeof(line))
      return fail(&p, "line too long%s%s", "", "");
    memcpy(line, s, n);
    line[n] = '\0';
    s += n + (end ? 1 : 0);
    char *hash = strchr(line, '#');
    if (hash)
      *hash = '\0';
    char *t = trim(line);
    if (!*t)
      continue;
    char *eq = strchr(t, '=');
    if (!eq)
      return fail(&p, "expected 'key = value', got '%s'%s", t, "");
    *eq = '\0';
    char *key = trim(t), *value = trim(eq + 1);
    if (!*value)
      return fail(&p, "'%s' has no value%s", key, "");
    if (!setKey(&p, out, key, value))
      return false;
  }
  if (out->vector_flops <= 0)
    out->vector_flops = out->flops;
  return checkComplete(&p, out);
}

/* The whole file, NUL-terminated (malloc'd), or NULL. */
static char *readFile(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  size_t cap = 4096, len = 0;
  char *buf = malloc(cap);
  size_t got;
  while (buf && (got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
    len += got;
    if (len + 1 == cap) {
      char *bigger = cap < (1u << 20) ? realloc(buf, cap * 2) : NULL;
      if (!bigger) {
        free(buf);
        buf = NULL;
      }
      buf = bigger;
      cap *= 2;
    }
  }
  fclose(f);
  if (buf)
    buf[len] = '\0';
  return buf;
}

bool simMachineLoad(const char *spec, SimMachine *out, SimMachineError *err) {
  for (int i = 0; i < NUM_PRESETS; ++i)
    if (!strcasecmp(spec, kPresets[i].name))
      return simMachineParse(kPresets[i].text, kPresets[i].name, out, err);
  memset(err, 0, sizeof(*err));
  if (!spec[0]) {
    snprintf(err->message, sizeof(err->message),
             "no machine given (machine=%s or a file)",
             simMachinePresetNames());
    return false;
  }
  char *text = readFile(spec);
  if (!text) {
    snprintf(err->message, sizeof(err->message),
             "machine '%.200s' is neither a preset (%s) nor a readable file",
             spec, simMachinePresetNames());
    return false;
  }
  bool ok = simMachineParse(text, spec, out, err);
  free(text);
  return ok;
}

double simMachineFlops(const SimMachine *m, SimDtype dtype) {
  return m->dtype_flops[dtype] > 0 ? m->dtype_flops[dtype] : m->flops;
}

double simOpWeight(const SimMachine *m, MlirStringRef name) {
  for (int i = 0; m && i < m->num_op_costs; ++i)
    if (gspmdStringRefEq(name, m->op_cost_names[i]))
      return m->op_costs[i];
  return 1;
}

double simMemoryBandwidth(const SimMachine *m, double bytes) {
  for (int i = 0; i < m->num_caches; ++i)
    if (bytes <= m->cache_size[i])
      return m->cache_bw[i];
  return m->mem_bw;
}
