/*
 * stats.c - traffic counters per collective kind.
 *
 * Every collective adds one call and the bytes this device sends and
 * receives. Permutes count the bytes they actually pass to MPI_Sendrecv
 * (nothing when the peer is the device itself or there is none). The other
 * collectives go through MPI's own algorithms, whose traffic MPI does not
 * report, so they count the bandwidth-optimal model of the sharding algebra
 * (gspmdCollectiveBytesSent, lib/Sharding/cost.c): the same figures the
 * static report (gspmd-comm-report) prints, so the two can be compared.
 * The counters are per process and not thread-safe (one device per rank).
 */
#include "internal.h"

#include "gspmd/sharding.h"

#include <string.h>

static GspmdRtStats stats[GSPMD_RT_NUM_COLLECTIVES];

static const char *const kNames[GSPMD_RT_NUM_COLLECTIVES] = {
    "all_reduce", "all_gather", "reduce_scatter", "all_to_all",
    "collective_permute"};

/* The algebra's kind for each counter (same order). */
static const GspmdCollectiveKind kModelKinds[GSPMD_RT_NUM_COLLECTIVES] = {
    GSPMD_COLLECTIVE_ALL_REDUCE, GSPMD_COLLECTIVE_ALL_GATHER,
    GSPMD_COLLECTIVE_REDUCE_SCATTER, GSPMD_COLLECTIVE_ALL_TO_ALL,
    GSPMD_COLLECTIVE_PERMUTE};

void gspmdRtCount(int kind, int64_t bytes_sent, int64_t bytes_received) {
  stats[kind].calls += 1;
  stats[kind].bytes_sent += bytes_sent;
  stats[kind].bytes_received += bytes_received;
}

void gspmdRtCountModel(int kind, int64_t input_bytes, int64_t group_size) {
  int64_t bytes =
      gspmdCollectiveBytesSent(kModelKinds[kind], input_bytes, group_size);
  gspmdRtCount(kind, bytes, bytes);
}

void gspmd_rt_get_stats(GspmdRtStats out[GSPMD_RT_NUM_COLLECTIVES]) {
  memcpy(out, stats, sizeof(stats));
}

void gspmd_rt_reset_stats(void) { memset(stats, 0, sizeof(stats)); }

const char *gspmd_rt_collective_name(int64_t kind) {
  return kind >= 0 && kind < GSPMD_RT_NUM_COLLECTIVES ? kNames[kind] : NULL;
}
