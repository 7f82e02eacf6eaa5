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

/* What one device is and how devices connect. */
typedef struct SimMachine {
  char name[64];
  double flops;                       /* peak FLOP/s of contractions */
  double dtype_flops[SIM_NUM_DTYPES]; /* per element type; 0: `flops` */
  double flops_knee;        /* GEMM dim at which a contraction runs at half its
                               peak (d / (d + knee) of it); 0: always the peak */
  double vector_flops;      /* FLOP/s of other ops (elementwise, reductions) */
  double mem_bw;            /* bytes per second to the device's memory */
  double mem_capacity;      /* bytes; 0 when unknown */
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

/*===-- Op costs (Cost.c) -------------------------------------------------===*/

/* What one op does on one device. */
typedef struct SimOpCost {
  double flops;    /* floating-point (or integer) operations */
  double bytes;    /* bytes read and written in memory */
  bool matrix;     /* a contraction (runs at the contraction peak) */
  double gemm_dim; /* a contraction's smallest GEMM dim (M, N or K, batch
                      loops apart); 0 when unknown */
  SimDtype dtype;  /* its inputs' element type (for the contraction peak) */
  bool modelled;   /* false: an op on tensors without a cost rule (0 s) */
} SimOpCost;

/* The cost of a compute op (not a collective, not an op with regions
 * other than a linalg body). */
SimOpCost simOpCost(MlirOperation op);

/* Roofline time of a cost on a machine. */
double simOpTime(const SimMachine *m, const SimOpCost *c);

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
