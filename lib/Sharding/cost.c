/*
 * lib/Sharding/cost.c - bytes a device sends in each collective.
 *
 * One cost model for the reshard planner (which picks the cheapest plan) and
 * the communication report (which prints what a partitioned program moves).
 * The formulas are those of bandwidth-optimal ring algorithms, the usual
 * yardstick of GSPMD and XLA's cost models.
 */
#include "gspmd/sharding.h"

int64_t gspmdCollectiveBytesSent(GspmdCollectiveKind kind, int64_t input_bytes,
                                 int64_t group_size) {
  int64_t n = group_size, b = input_bytes;
  if (n <= 1)
    return 0;
  switch (kind) {
  case GSPMD_COLLECTIVE_ALL_REDUCE:
    return 2 * b * (n - 1) / n;
  case GSPMD_COLLECTIVE_ALL_GATHER:
    return b * (n - 1);
  case GSPMD_COLLECTIVE_REDUCE_SCATTER:
  case GSPMD_COLLECTIVE_ALL_TO_ALL:
    return b * (n - 1) / n;
  case GSPMD_COLLECTIVE_PERMUTE:
    return b;
  }
  return 0;
}
