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

/*===-- Window pieces -----------------------------------------------------===*/

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* Rows of the window [p, p + width) that fall in a shard [0, shard). */
static int64_t overlap(int64_t p, int64_t width, int64_t shard) {
  int64_t n = min64(p + width, shard) - max64(p, 0);
  return n > 0 ? n : 0;
}

static int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

/* The most rows any receiver needs from the sender `shift` devices before
 * it. Receiver i's window starts at p_i = (step - shard) * i + start +
 * shift * shard in that sender's shard; the overlap is a trapezoid in p,
 * flat on [min(0, shard - width), max(0, shard - width)], and p is linear in
 * i, so its largest value is at the ends or next to the flat part: six
 * candidates instead of a walk over the devices. */
static int64_t piecesAtShift(const GspmdWindowPieces *p, int64_t count,
                             int64_t shift) {
  int64_t slope = p->start_step - p->in_shard;
  int64_t at0 = p->start + shift * p->in_shard;
  int64_t cand[6] = {0, count - 1, 0, 0, 0, 0};
  int n = 2;
  if (slope != 0) {
    int64_t edges[2] = {min64(0, p->in_shard - p->width),
                        max64(0, p->in_shard - p->width)};
    for (int k = 0; k < 2; ++k) {
      int64_t i = floorDiv(edges[k] - at0, slope);
      cand[n++] = i;
      cand[n++] = i + 1;
    }
  }
  int64_t best = 0;
  for (int k = 0; k < n; ++k) {
    int64_t i = min64(max64(cand[k], 0), count - 1);
    best = max64(best, overlap(slope * i + at0, p->width, p->in_shard));
  }
  return best;
}

bool gspmdWindowPiecesOf(const GspmdHalo *h, int64_t in_size, int64_t count,
                         int64_t stride, int64_t lo, GspmdWindowPieces *p) {
  p->start_step = stride * h->out_shard;
  p->start = lo;
  p->width = h->width;
  p->in_shard = h->in_shard;
  int64_t last = count - 1, s = h->in_shard;
  /* Every window inside the dim: no piece needs a fill, every row has an
   * owner. */
  if (lo < 0 || p->start_step < 0 || h->width <= 0 ||
      p->start_step * last + lo + h->width > in_size)
    return false;
  /* Receiver i needs the owners of its first and last row, shifts
   * i - owner; both are monotone in i, so the first and last device bound
   * them. */
  int64_t first_owner[2] = {lo / s, (p->start_step * last + lo) / s};
  int64_t last_owner[2] = {(lo + h->width - 1) / s,
                           (p->start_step * last + lo + h->width - 1) / s};
  int64_t top = max64(0 - first_owner[0], last - first_owner[1]);
  int64_t bottom = min64(0 - last_owner[0], last - last_owner[1]);
  if (top - bottom + 1 > GSPMD_MAX_WINDOW_PIECES)
    return false;
  p->top_shift = top;
  p->num_shifts = (int)(top - bottom + 1);
  p->sent = 0;
  for (int k = 0; k < p->num_shifts; ++k) {
    p->rows[k] = piecesAtShift(p, count, top - k);
    if (top - k != 0)
      p->sent += p->rows[k];
  }
  return p->sent < h->low + h->high;
}
