/*
 * simulate.h - gspmd-simulate's internal header (docs/simulate.md): the
 * machine a partitioned program is simulated on (Machine.c), the cost of
 * one op on it (Cost.c), and the pass that schedules a program's ops on a
 * device and prints its step time, utilisation and memory (Simulate.c).
 *
 * The model is analytic: an op costs the larger of its FLOPs over the
 * device's peak and its bytes over the memory bandwidth (a roofline); a
 * collective costs a latency per ring step plus the bytes each device sends
 * (gspmdCollectiveBytesSent, the partitioner's own model) over the
 * bandwidth of the links its mesh axes map to, plus a software cost per
 * call (the machine's collective.call terms). Nothing is run.
 */
#ifndef GSPMD_SIMULATE_H
#define GSPMD_SIMULATE_H

#include "gspmd/sharding.h"
#include "gspmd/support.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*===-- Machines (Machine.c) ----------------------------------------------===*/

/* How the devices of one link level are wired. */
typedef enum SimTopology {
  SIM_TOPO_SWITCH, /* every device reaches every other at full bandwidth
                      (NVLink through NVSwitch, a fat-tree network) */
  SIM_TOPO_RING,   /* a 1-D ring (or a line without wraparound) per axis */
  SIM_TOPO_TORUS   /* a 2-D / 3-D torus (a mesh without wraparound) */
} SimTopology;

/* One level of links: within a node (or a TPU slice's ICI), or between
 * nodes. */
typedef struct SimLink {
  SimTopology topology;
  bool wraparound; /* ring / torus: the axis closes into a ring */
  double bw;       /* bytes per second, one direction, per device */
  double latency;  /* seconds per hop (per ring step) */
  /* Through a switch, collectives by recursive halving / doubling (log2 n
   * latency steps, a ring's bytes) instead of rings (n - 1 steps). */
  bool recursive;
} SimLink;

/* Element types with their own peak for contractions. */
typedef enum SimDtype {
  SIM_F64,
  SIM_F32,
  SIM_F16,
  SIM_BF16,
  SIM_INT,
  SIM_NUM_DTYPES
} SimDtype;

enum { SIM_LINK_LOCAL = 0, SIM_LINK_NETWORK = 1 };

/* Cache levels a machine file can describe (cache1 .. cache3). */
enum { SIM_MAX_CACHES = 3 };

/* Ops a machine file can give a cost of their own (cost.NAME keys). */
enum { SIM_MAX_OP_COSTS = 16 };

/* What one device is and how devices connect. */
typedef struct SimMachine {
  char name[64];
  double flops;                       /* peak FLOP/s of contractions */
  double dtype_flops[SIM_NUM_DTYPES]; /* per element type; 0: `flops` */
  double flops_knee;   /* GEMM dim at which a contraction runs at half its
                          peak (d / (d + knee) of it); 0: always the peak */
  double vector_flops; /* FLOP/s of other ops (elementwise, reductions) */
  double scalar_flops; /* FLOP/s of such an op the backend leaves scalar:
                          one walking an operand across its rows (a
                          strided read, not vectorized); 0: vector_flops */
  double mem_bw;       /* bytes per second to the device's memory */
  /* Caches, innermost first (sizes ascending): an op whose bytes fit a
   * level moves them at its bandwidth (simMemoryBandwidth); none by
   * default, as on the accelerator presets. */
  /* What one element of an op costs in the vector units, in FLOPs (an
   * add's time is 1): a transcendental is a polynomial or a libm call on a
   * CPU, one instruction on a TPU's vector unit. Ops not listed cost 1. */
  int num_op_costs;
  char op_cost_names[SIM_MAX_OP_COSTS][40];
  double op_costs[SIM_MAX_OP_COSTS];
  /* The backend runs chains of elementwise ops as one pass (the CPU
   * backend's gspmd-fuse-elementwise): what passes between them is never
   * written to memory (simFusedBytes). */
  bool fuse_elementwise;
  /* Bytes a cache line holds: an operand a linalg op walks across its
   * rows (a transpose) moves a line per element; 0 (default): its bytes. */
  double cache_line;
  int num_caches;
  double cache_size[SIM_MAX_CACHES]; /* bytes one device can keep there */
  double cache_bw[SIM_MAX_CACHES];   /* bytes per second from there */
  double mem_capacity;               /* bytes; 0 when unknown */
  int64_t devices_per_node; /* 0: one level, every axis on local links */
  SimLink links[2];         /* SIM_LINK_LOCAL, SIM_LINK_NETWORK */
  int num_axis_links;       /* axes the description places explicitly */
  char axis_names[GSPMD_MAX_MESH_AXES][64];
  int axis_link[GSPMD_MAX_MESH_AXES];
  /* Software cost of one collective call on a device, apart from its
   * links: call + call_per_device * group size seconds (the runtime's and
   * the collective library's work per call, which the ring model's
   * latency per step does not hold); 0 by default. */
  double collective_call;
  double collective_call_per_device;
  /* Bytes per second at which a device's collective library combines the
   * pieces it receives in a reducing collective (all_reduce,
   * reduce_scatter), apart from the links; 0 (default): free, as where
   * the reduction streams with the transfer (NCCL's kernels, TPU ICI). */
  double collective_reduce_bw;
} SimMachine;

/* Why a machine could not be read: the file and line (0: no line, as for
 * an unknown preset) and what is wrong there. */
typedef struct SimMachineError {
  char file[512];
  int line;
  char message[384];
} SimMachineError;

/* Reads `spec`: a preset's name (case-insensitive: TPUv3, TPUv4, TPUv5e,
 * A100, H100, host) or the path of a machine file (docs/simulate.md). False
 * with *err filled on an unknown preset, an unreadable or malformed file. */
bool simMachineLoad(const char *spec, SimMachine *out, SimMachineError *err);

/* Parses the text of a machine file; `file` names it in errors. */
bool simMachineParse(const char *text, const char *file, SimMachine *out,
                     SimMachineError *err);

/* The preset names, "TPUv3|TPUv4|..." (for messages). */
const char *simMachinePresetNames(void);

/* Contraction peak for an element type. */
double simMachineFlops(const SimMachine *m, SimDtype dtype);

/* Bytes per second at which an op moving `bytes` reads and writes them: the
 * innermost cache level that holds them all, else the memory's. */
double simMemoryBandwidth(const SimMachine *m, double bytes);

/*===-- Op costs (Cost.c) -------------------------------------------------===*/

/* What one op does on one device. */
typedef struct SimOpCost {
  double flops;      /* floating-point (or integer) operations */
  double cost_flops; /* the same weighed by the machine's op costs (what
                        its vector units spend; = flops without them) */
  double bytes;      /* bytes read and written in memory */
  bool matrix;       /* a contraction (runs at the contraction peak) */
  bool scalar;       /* not a contraction, and it reads an operand across its
                        rows: scalar code on a CPU (scalar_flops) */
  double gemm_dim;   /* a contraction's smallest GEMM dim (M, N or K, batch
                        loops apart); 0 when unknown */
  SimDtype dtype;    /* its inputs' element type (for the contraction peak) */
  bool modelled;     /* false: an op on tensors without a cost rule (0 s) */
} SimOpCost;

/* The cost of a compute op (not a collective, not an op with regions
 * other than a linalg body); m (may be NULL) weighs its cost_flops. */
SimOpCost simOpCost(const SimMachine *m, MlirOperation op);

/* What one element of the op named `name` costs on m, in FLOPs (1 unless
 * the machine lists it; m may be NULL). */
double simOpWeight(const SimMachine *m, MlirStringRef name);

/* Bytes op does not move on a machine that fuses elementwise chains
 * (SimMachine.fuse_elementwise): its result when its only reader runs in
 * the same pass, and each operand made that way. */
double simFusedBytes(MlirOperation op);

/* Roofline time of a cost on a machine. */
double simOpTime(const SimMachine *m, const SimOpCost *c);

/* Whether its FLOPs, not its bytes, set that time. */
bool simOpComputeBound(const SimMachine *m, const SimOpCost *c);

/* How a buffer-producing op's results relate to its operands, for the
 * memory walk: the index of the operand result i writes in place (a
 * destination, or a view: *view true), or -1 for a new buffer. */
int simTiedOperand(MlirOperation op, int result, bool *view);

/* Time of one collective on the machine: the link its axes use, the
 * latency of its ring steps and its bytes over the link's bandwidth. */
double simCollectiveTime(const SimMachine *m, MlirOperation op,
                         const GspmdCollectiveOp *c);

/* The per-call part of simCollectiveTime: collective.call +
 * collective.call.per_device x group for a collective that exchanges data
 * (a group of one or no bytes: 0). */
double simCollectiveCallTime(const SimMachine *m, const GspmdCollectiveOp *c);

/* The reduction part of simCollectiveTime: the bytes a device combines in
 * a reducing collective, (n-1)/n of its operand under ring algorithms,
 * over collective.reduce_bw (0 for other kinds, a group of one, or no
 * collective.reduce_bw). */
double simCollectiveReduceTime(const SimMachine *m, const GspmdCollectiveOp *c);

#endif /* GSPMD_SIMULATE_H */
