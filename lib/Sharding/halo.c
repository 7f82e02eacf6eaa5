/*
 * halo.c - where a device's window along a split dim reaches beyond its
 * shard: the widths of the halo exchange and the window's place in the
 * extended shard (GspmdHalo), for gspmd-partition's windowed ops.
 */
#include "internal.h"

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

bool gspmdHaloOfWindow(int64_t in_size, int64_t out_size, int64_t count,
                       int64_t stride, int64_t lo, int64_t hi, GspmdHalo *h) {
  if (stride <= 0 || count < 1 || lo > hi)
    return false;
  h->in_shard = gspmdCeilShard(in_size, count);
  h->out_shard = gspmdCeilShard(out_size, count);
  h->width = stride * (h->out_shard - 1) + hi - lo + 1;
  /* Device i's window starts at start_step * i + lo, its shard at
   * in_shard * i: what it needs before and after its shard is linear in i. */
  int64_t start_step = stride * h->out_shard, last = count - 1;
  int64_t before_first = -lo;
  int64_t before_last = last * (h->in_shard - start_step) - lo;
  int64_t after_first = lo + h->width - h->in_shard;
  int64_t after_last = last * (start_step - h->in_shard) + after_first;
  h->low = max64(0, max64(before_first, before_last));
  h->high = max64(0, max64(after_first, after_last));
  h->offset = h->low + lo;
  h->offset_step = start_step - h->in_shard;
  return h->in_shard > 0 && h->out_shard > 0 &&
         h->low + h->high <= last * h->in_shard;
}
