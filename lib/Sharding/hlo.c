/*
 * lib/Sharding/hlo.c - XLA HloSharding text: export and import.
 *
 * A tiled HloSharding is a tile assignment: an array of device ids with one
 * dim per tensor dim (plus a trailing replication dim with
 * last_tile_dim_replicate). On a mesh, tile dim d is the product of dim d's
 * axes and the replication dim the product of the unused axes, so the tile
 * assignment is the mesh positions transposed to the axis order
 * [axes of dim 0, ..., axes of dim r-1, unused axes in mesh order].
 *
 * Printing follows XLA: a tile assignment that is iota(N) reshaped, transposed
 * and reshaped again prints as "<=[reshape dims]T(perm)" in the canonical form
 * of XLA's IotaTileAssignment (size-1 dims dropped, dims adjacent in both the
 * reshape and the transpose merged; "<=[N]" when the transpose is the
 * identity). An all-ones tiling (one tile) prints as "{replicated}", as XLA's
 * HloSharding::PartialTile normalises it.
 *
 * Import builds the flat device list of the tile assignment whatever the
 * form, then either fits it on the caller's hint mesh or builds a mesh for
 * it. Conventions of this file:
 *   - "{replicated}" without a hint gives a mesh of zero axes (one device,
 *     the trivial mesh): a replicated sharding needs no axes.
 *   - An explicit device list that is an iota transpose imports exactly like
 *     the equivalent iota form (no devices list), so it exports back in iota
 *     form by default; XLA compares tile assignments by value, so both texts
 *     denote the same sharding.
 *   - Mesh axes come from the canonical iota reshape dims, split where a tile
 *     dim boundary falls inside one.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* Iota reshape/transpose dims, tile dims and device counts are bounded so
 * import never allocates without limit on hostile text. */
#define HLO_MAX_IOTA_DIMS 32
#define HLO_MAX_TILE_DIMS (GSPMD_MAX_RANK + 1)
#define HLO_MAX_DEVICES ((int64_t)1 << 20)

/*===-- Iota tile assignments ---------------------------------------------===*/

/* iota(product(dims)).reshape(dims).transpose(perm), flattened. */
typedef struct Iota {
  int n;
  int64_t dims[HLO_MAX_IOTA_DIMS];
  int perm[HLO_MAX_IOTA_DIMS];
} Iota;

static int64_t product(const int64_t *v, int n) {
  int64_t p = 1;
  for (int i = 0; i < n; ++i)
    p *= v[i];
  return p;
}

/* Removes size-1 dims, renumbering the transpose. */
static void dropUnitDims(Iota *it) {
  int new_index[HLO_MAX_IOTA_DIMS];
  int kept = 0;
  for (int i = 0; i < it->n; ++i)
    new_index[i] = it->dims[i] == 1 ? -1 : kept++;
  int np = 0;
  for (int i = 0; i < it->n; ++i) {
    if (new_index[i] >= 0)
      it->dims[new_index[i]] = it->dims[i];
    int q = new_index[it->perm[i]];
    if (q >= 0)
      it->perm[np++] = q;
  }
  it->n = kept;
}

/* Folds each run of transposed dims that are also consecutive reshape dims
 * into its first dim, leaving size-1 dims behind for dropUnitDims. */
static bool mergeRuns(Iota *it) {
  bool changed = false;
  for (int i = 1, base = 0; i < it->n; ++i) {
    int base_dim = it->perm[base], dim = it->perm[i];
    if (base_dim + (i - base) == dim) {
      it->dims[base_dim] *= it->dims[dim];
      it->dims[dim] = 1;
      changed = true;
    } else {
      base = i;
    }
  }
  return changed;
}

/* XLA's CanonicalizeIotaDims (hlo/ir/tile_assignment.cc). */
static void canonicalizeIota(Iota *it) {
  if (it->n > 1) {
    do
      dropUnitDims(it);
    while (mergeRuns(it));
  }
  if (it->n == 0) {
    it->n = 1;
    it->dims[0] = 1;
    it->perm[0] = 0;
  }
}

/* Writes the flat iota list: an odometer over the transposed dims. */
static void iotaToList(const Iota *it, int64_t *list) {
  int64_t stride[HLO_MAX_IOTA_DIMS], digit[HLO_MAX_IOTA_DIMS] = {0};
  int64_t s = 1;
  for (int r = it->n - 1; r >= 0; --r) {
    stride[r] = s;
    s *= it->dims[r];
  }
  int64_t n = product(it->dims, it->n), value = 0;
  for (int64_t i = 0; i < n; ++i) {
    list[i] = value;
    for (int j = it->n - 1; j >= 0; --j) {
      int r = it->perm[j];
      value += stride[r];
      if (++digit[j] < it->dims[r])
        break;
      value -= stride[r] * it->dims[r];
      digit[j] = 0;
    }
  }
}

/* One digit of the list index: `size` values at device stride `stride`. */
typedef struct Digit {
  int64_t size, stride;
} Digit;

/* Finds the digits of a device list, minor first, as maximal linear runs:
 * the next digit starts where the list stops advancing by the current
 * stride, so runs that XLA would merge come out merged. */
static int findDigits(const int64_t *list, int64_t n, Digit *digits) {
  int k = 0;
  for (int64_t block = 1; block < n; block *= digits[k - 1].size) {
    int64_t stride = list[block], g = 1;
    while (g * block < n && list[g * block] == g * stride)
      ++g;
    if (n % (g * block) != 0 || k == HLO_MAX_IOTA_DIMS)
      return -1;
    digits[k++] = (Digit){g, stride};
  }
  return k;
}

/* True when digits (minor first) reproduce the list and their strides form a
 * mixed radix over the devices (sorted by stride: 1, s0, s0*s1, ...). For a
 * permutation the first implies the second; checking both keeps a wrong
 * iota from ever being printed or turned into a mesh. */
static bool digitsFormIota(const int64_t *list, int64_t n, const Digit *digits,
                           int k) {
  for (int64_t i = 0; i < n; ++i) {
    int64_t rest = i, value = 0;
    for (int j = 0; j < k; ++j) {
      value += rest % digits[j].size * digits[j].stride;
      rest /= digits[j].size;
    }
    if (value != list[i])
      return false;
  }
  int64_t expected = 1;
  for (int found = 0; found < k; ++found) {
    int j = 0;
    while (j < k && digits[j].stride != expected)
      ++j;
    if (j == k)
      return false;
    expected *= digits[j].size;
  }
  return true;
}

/* Recognises a device list as an iota transpose, in canonical form. */
static bool detectIota(const int64_t *list, int64_t n, Iota *it) {
  Digit digits[HLO_MAX_IOTA_DIMS];
  int k = list[0] == 0 ? findDigits(list, n, digits) : -1;
  if (k < 0 || !digitsFormIota(list, n, digits, k))
    return false;
  /* Reshape dims are the digits by decreasing stride (row-major devices);
   * the transpose lists them in list order, major first. */
  it->n = k;
  for (int j = 0; j < k; ++j) {
    int rank = 0;
    for (int o = 0; o < k; ++o)
      rank += digits[o].stride > digits[j].stride;
    it->dims[rank] = digits[j].size;
    it->perm[k - 1 - j] = rank;
  }
  canonicalizeIota(it);
  return true;
}

/*===-- Export ------------------------------------------------------------===*/

static void putInts(GspmdWriter *w, const int64_t *v, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    gspmdPut(w, i ? ",%lld" : "%lld", (long long)v[i]);
}

/* The tile assignment of s on mesh, as tile dims and the mesh axes in
 * transposed order (every axis, size-1 ones included). */
typedef struct Tiling {
  int num_tile_dims;
  int64_t tile_dims[HLO_MAX_TILE_DIMS];
  bool replicate_last;
  int num_axes;
  int order[GSPMD_MAX_MESH_AXES];
} Tiling;

static Tiling tilingOf(const GspmdMesh *mesh, const GspmdSharding *s) {
  Tiling t = {0};
  for (int d = 0; d < s->rank; ++d) {
    t.tile_dims[t.num_tile_dims++] = gspmdShardCount(mesh, s, d);
    for (int i = 0; i < s->dim_num_axes[d]; ++i)
      t.order[t.num_axes++] = s->dim_axes[d][i];
  }
  int64_t replicas = 1;
  for (int a = 0; a < mesh->num_axes; ++a) {
    if (gspmdShardingUsesAxis(s, a))
      continue;
    t.order[t.num_axes++] = a;
    replicas *= mesh->axis_sizes[a];
  }
  t.replicate_last = replicas > 1;
  if (t.replicate_last)
    t.tile_dims[t.num_tile_dims++] = replicas;
  return t;
}

/* The device ids in tile order (malloc'd, NULL when out of memory): an
 * odometer over the transposed axes walking mesh positions. */
static int64_t *tilingToList(const GspmdMesh *mesh, const Tiling *t) {
  int64_t n = gspmdMeshNumDevices(mesh);
  int64_t *list = malloc((size_t)n * sizeof(int64_t));
  int64_t digit[GSPMD_MAX_MESH_AXES] = {0}, pos = 0;
  for (int64_t i = 0; list && i < n; ++i) {
    list[i] = gspmdMeshDeviceAtPosition(mesh, pos);
    for (int j = t->num_axes - 1; j >= 0; --j) {
      int a = t->order[j];
      int64_t stride = gspmdAxisStride(mesh, a);
      pos += stride;
      if (++digit[j] < mesh->axis_sizes[a])
        break;
      pos -= stride * mesh->axis_sizes[a];
      digit[j] = 0;
    }
  }
  return list;
}

static void putIota(GspmdWriter *w, const Iota *it) {
  gspmdPut(w, "<=[");
  putInts(w, it->dims, it->n);
  gspmdPut(w, "]");
  if (it->n > 1) {
    gspmdPut(w, "T(");
    for (int i = 0; i < it->n; ++i)
      gspmdPut(w, i ? ",%d" : "%d", it->perm[i]);
    gspmdPut(w, ")");
  }
}

/* Without a devices list the iota form follows from the axis order alone. */
static Iota iotaOfMesh(const GspmdMesh *mesh, const Tiling *t) {
  Iota it = {.n = mesh->num_axes};
  for (int a = 0; a < mesh->num_axes; ++a) {
    it.dims[a] = mesh->axis_sizes[a];
    it.perm[a] = t->order[a];
  }
  canonicalizeIota(&it);
  return it;
}

/* The device part after "[tile dims]": iota when allowed and possible. */
static void putAssignment(GspmdWriter *w, const GspmdMesh *mesh,
                          const Tiling *t, int flags) {
  bool explicit_list = flags & GSPMD_HLO_EXPLICIT_LIST;
  if (!explicit_list && !mesh->devices) {
    Iota it = iotaOfMesh(mesh, t);
    putIota(w, &it);
    return;
  }
  int64_t n = gspmdMeshNumDevices(mesh);
  int64_t *list = tilingToList(mesh, t);
  Iota it;
  if (!list)
    gspmdPut(w, "<out of memory>");
  else if (!explicit_list && detectIota(list, n, &it))
    putIota(w, &it);
  else
    putInts(w, list, n);
  free(list);
}

/* An invalid sharding (see gspmdShardingVerify) prints as "". */
size_t gspmdShardingToHlo(const GspmdMesh *mesh, const GspmdSharding *s,
                          int flags, char *buf, size_t buf_size) {
  GspmdWriter w = {buf, buf_size, 0};
  if (buf && buf_size)
    buf[0] = '\0';
  if (!gspmdShardingVerify(mesh, s, NULL, 0))
    return 0;
  if (gspmdShardingNumTiles(mesh, s) == 1) {
    gspmdPut(&w, "{replicated}");
    return w.len;
  }
  Tiling t = tilingOf(mesh, s);
  gspmdPut(&w, "{devices=[");
  putInts(&w, t.tile_dims, t.num_tile_dims);
  gspmdPut(&w, "]");
  putAssignment(&w, mesh, &t, flags);
  gspmdPut(&w, t.replicate_last ? " last_tile_dim_replicate}" : "}");
  return w.len;
}

/*===-- Parsing -----------------------------------------------------------===*/

/* What the text says, before it is checked against the rank. */
typedef struct HloText {
  bool replicated;
  int num_tile_dims;
  int64_t tile_dims[HLO_MAX_TILE_DIMS];
  bool replicate_last;
  bool is_iota;
  Iota iota;
  int64_t *list; /* malloc'd explicit device list, or the materialised iota */
  int64_t list_len;
} HloText;

typedef struct Parser {
  const char *s;
  size_t pos;
  char *err;
  size_t err_size;
} Parser;

static void skipSpace(Parser *p) {
  while (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' || p->s[p->pos] == '\n')
    ++p->pos;
}

/* Consumes `tok` (after spaces) when it comes next. */
static bool accept(Parser *p, const char *tok) {
  skipSpace(p);
  size_t n = strlen(tok);
  if (strncmp(p->s + p->pos, tok, n) != 0)
    return false;
  p->pos += n;
  return true;
}

static bool malformed(Parser *p, const char *expected) {
  return gspmdFail(p->err, p->err_size,
                   "malformed HloSharding '%s': expected %s at offset %zu",
                   p->s, expected, p->pos);
}

static bool unsupported(Parser *p, const char *what) {
  return gspmdFail(p->err, p->err_size,
                   "unsupported HloSharding '%s': %s shardings cannot be "
                   "expressed on a mesh",
                   p->s, what);
}

static bool expect(Parser *p, const char *tok) {
  if (accept(p, tok))
    return true;
  char what[32];
  snprintf(what, sizeof(what), "'%s'", tok);
  return malformed(p, what);
}

/* A non-negative integer; values are capped well below overflow. */
static bool parseInt(Parser *p, int64_t *v) {
  skipSpace(p);
  const char *c = p->s + p->pos;
  if (*c < '0' || *c > '9')
    return malformed(p, "an integer");
  int64_t x = 0;
  for (; *c >= '0' && *c <= '9'; ++c, ++p->pos) {
    x = x * 10 + (*c - '0');
    if (x > ((int64_t)1 << 40))
      return malformed(p, "a smaller integer");
  }
  *v = x;
  return true;
}

/* open int (, int)* close, at most `max` entries. */
static bool parseIntList(Parser *p, const char *open, const char *close,
                         int64_t *v, int max, int *n) {
  if (!expect(p, open))
    return false;
  *n = 0;
  do {
    if (*n == max)
      return malformed(p, "fewer dimensions");
    if (!parseInt(p, &v[(*n)++]))
      return false;
  } while (accept(p, ","));
  return expect(p, close);
}

/* The explicit device list after the tile dims, grown as it is read. */
static bool parseDeviceList(Parser *p, HloText *t) {
  int64_t cap = 0;
  do {
    if (t->list_len == cap) {
      if (cap >= HLO_MAX_DEVICES)
        return malformed(p, "at most 2^20 devices");
      cap = cap ? 2 * cap : 16;
      int64_t *grown = realloc(t->list, (size_t)cap * sizeof(int64_t));
      if (!grown)
        return gspmdFail(p->err, p->err_size, "out of memory");
      t->list = grown;
    }
    if (!parseInt(p, &t->list[t->list_len++]))
      return false;
  } while (accept(p, ","));
  return true;
}

/* "<=[dims]" or "<=[dims]T(perm)", the "<=" already consumed. */
static bool parseIota(Parser *p, HloText *t) {
  int64_t perm[HLO_MAX_IOTA_DIMS];
  int num_perm;
  t->is_iota = true;
  if (!parseIntList(p, "[", "]", t->iota.dims, HLO_MAX_IOTA_DIMS, &t->iota.n))
    return false;
  for (int i = 0; i < t->iota.n; ++i)
    t->iota.perm[i] = i;
  if (!accept(p, "T"))
    return true;
  if (!parseIntList(p, "(", ")", perm, HLO_MAX_IOTA_DIMS, &num_perm))
    return false;
  if (num_perm != t->iota.n)
    return gspmdFail(p->err, p->err_size,
                     "HloSharding '%s': transpose T(...) has %d entries for "
                     "%d reshape dims",
                     p->s, num_perm, t->iota.n);
  for (int i = 0; i < num_perm; ++i)
    t->iota.perm[i] = perm[i] < num_perm ? (int)perm[i] : -1;
  return true;
}

/* "devices=[tile dims]" then the assignment and an optional suffix. */
static bool parseTiled(Parser *p, HloText *t) {
  if (!parseIntList(p, "[", "]", t->tile_dims, HLO_MAX_TILE_DIMS,
                    &t->num_tile_dims))
    return false;
  bool ok = accept(p, "<=") ? parseIota(p, t) : parseDeviceList(p, t);
  if (!ok)
    return false;
  if (accept(p, "last_tile_dims"))
    return unsupported(p, "last_tile_dims={...} (subgroup)");
  t->replicate_last = accept(p, "last_tile_dim_replicate");
  return true;
}

static bool parseText(Parser *p, HloText *t) {
  if (!expect(p, "{"))
    return false;
  if (accept(p, "{"))
    return unsupported(p, "tuple");
  if (accept(p, "maximal"))
    return unsupported(p, "{maximal ...}");
  if (accept(p, "manual"))
    return unsupported(p, "{manual}");
  if (accept(p, "replicated"))
    t->replicated = true;
  else if (!expect(p, "devices=") || !parseTiled(p, t))
    return false;
  if (!expect(p, "}"))
    return false;
  skipSpace(p);
  return p->s[p->pos] == '\0' || malformed(p, "the end of the text");
}

/*===-- Checking the parsed text ------------------------------------------===*/

static bool checkTileDims(Parser *p, const HloText *t, int rank) {
  int want = rank + (t->replicate_last ? 1 : 0);
  if (t->num_tile_dims != want)
    return gspmdFail(p->err, p->err_size,
                     "HloSharding '%s' has %d tile dims; a rank-%d tensor "
                     "needs %d%s",
                     p->s, t->num_tile_dims, rank, want,
                     t->replicate_last ? " (with last_tile_dim_replicate)"
                                       : "");
  int64_t n = 1;
  for (int d = 0; d < t->num_tile_dims; ++d) {
    if (t->tile_dims[d] < 1)
      return gspmdFail(p->err, p->err_size,
                       "HloSharding '%s': tile dim %d is 0", p->s, d);
    n *= t->tile_dims[d];
    if (n > HLO_MAX_DEVICES)
      return gspmdFail(p->err, p->err_size,
                       "HloSharding '%s' has more than 2^20 devices", p->s);
  }
  return true;
}

static bool checkIota(Parser *p, const HloText *t, int64_t n) {
  const Iota *it = &t->iota;
  int64_t reshaped = 1;
  bool seen[HLO_MAX_IOTA_DIMS] = {false};
  for (int i = 0; i < it->n; ++i) {
    reshaped = it->dims[i] < 1 || reshaped * it->dims[i] > n
                   ? -1
                   : reshaped * it->dims[i];
    if (reshaped < 0)
      break;
    if (it->perm[i] < 0 || seen[it->perm[i]])
      return gspmdFail(p->err, p->err_size,
                       "HloSharding '%s': T(...) is not a permutation", p->s);
    seen[it->perm[i]] = true;
  }
  if (reshaped != n)
    return gspmdFail(p->err, p->err_size,
                     "HloSharding '%s': iota reshape dims do not hold the "
                     "%lld devices of the tile dims",
                     p->s, (long long)n);
  return true;
}

static bool checkDeviceList(Parser *p, const HloText *t, int64_t n) {
  if (t->list_len != n)
    return gspmdFail(p->err, p->err_size,
                     "HloSharding '%s' lists %lld devices; the tile dims "
                     "need %lld",
                     p->s, (long long)t->list_len, (long long)n);
  GspmdMesh flat = {.num_axes = 1,
                    .axis_names = {"devices"},
                    .axis_sizes = {n},
                    .devices = t->list};
  char why[128];
  if (!gspmdMeshVerify(&flat, why, sizeof(why)))
    return gspmdFail(p->err, p->err_size,
                     "HloSharding '%s': device list is not a permutation of "
                     "0..%lld: %s",
                     p->s, (long long)n - 1, why);
  return true;
}

/* Checks the text against the rank and leaves the flat device list of a
 * tiled sharding in t->list. */
static bool checkText(Parser *p, HloText *t, int rank) {
  if (t->replicated)
    return true;
  if (!checkTileDims(p, t, rank))
    return false;
  int64_t n = product(t->tile_dims, t->num_tile_dims);
  if (!t->is_iota)
    return checkDeviceList(p, t, n);
  if (!checkIota(p, t, n))
    return false;
  t->list = malloc((size_t)n * sizeof(int64_t));
  if (!t->list)
    return gspmdFail(p->err, p->err_size, "out of memory");
  t->list_len = n;
  iotaToList(&t->iota, t->list);
  return true;
}

/*===-- Fitting the tile assignment on the hint mesh ----------------------===*/

/* Backtracking state: hint axes are assigned to tensor dims in order, each
 * dim's axes multiplying to its tile dim; an assignment fits when every
 * listed device lands in the tile it is listed under. */
typedef struct Fit {
  const GspmdMesh *mesh;
  const HloText *t;
  const int64_t *position; /* mesh position of each device id */
  GspmdSharding cand;
  bool used[GSPMD_MAX_MESH_AXES];
} Fit;

/* Index of mesh position pos over the axes assigned so far to dim d. */
static int64_t assignedIndex(const Fit *f, int64_t pos, int d) {
  int64_t index = 0;
  for (int k = 0; k < f->cand.dim_num_axes[d]; ++k) {
    int a = f->cand.dim_axes[d][k];
    index =
        index * f->mesh->axis_sizes[a] + gspmdCoordAtPosition(f->mesh, pos, a);
  }
  return index;
}

/* Whether the partial assignment can still fit: dims before d are complete
 * and must match their tile index exactly; dim d has its major axes, which
 * must match the tile index divided by the `remaining` minor factor. Pruning
 * every step keeps the search near linear on meshes of many equal axes.
 * Devices of one replication group may come in any order: only the tile
 * each device lands in is compared, so the replication dim is free. */
static bool partialFits(const Fit *f, int d, int64_t remaining) {
  const HloText *t = f->t;
  int rank = f->cand.rank;
  int64_t replicas = t->replicate_last ? t->tile_dims[rank] : 1;
  int64_t tile[GSPMD_MAX_RANK];
  for (int64_t i = 0; i < t->list_len; ++i) {
    int64_t rest = i / replicas, pos = f->position[t->list[i]];
    for (int e = rank - 1; e >= 0; --e) {
      tile[e] = rest % t->tile_dims[e];
      rest /= t->tile_dims[e];
    }
    for (int e = 0; e <= d && e < rank; ++e)
      if (assignedIndex(f, pos, e) != tile[e] / (e == d ? remaining : 1))
        return false;
  }
  return true;
}

/* Size-1 axes are never assigned: they change nothing and only multiply
 * the equivalent answers. */
static bool fitDim(Fit *f, int d, int64_t remaining) {
  if (d == f->cand.rank)
    return partialFits(f, d, 1);
  if (remaining == 1)
    return fitDim(f, d + 1, d + 1 < f->cand.rank ? f->t->tile_dims[d + 1] : 1);
  for (int a = 0; a < f->mesh->num_axes; ++a) {
    int64_t size = f->mesh->axis_sizes[a];
    if (f->used[a] || size == 1 || remaining % size != 0)
      continue;
    f->used[a] = true;
    f->cand.dim_axes[d][f->cand.dim_num_axes[d]++] = a;
    if (partialFits(f, d, remaining / size) && fitDim(f, d, remaining / size))
      return true;
    f->cand.dim_num_axes[d]--;
    f->used[a] = false;
  }
  return false;
}

static bool fitOnHint(const GspmdMesh *hint, const HloText *t, int rank,
                      GspmdSharding *out) {
  if (gspmdMeshNumDevices(hint) != t->list_len)
    return false;
  int64_t *position = malloc((size_t)t->list_len * sizeof(int64_t));
  if (!position)
    return false;
  for (int64_t p = 0; p < t->list_len; ++p)
    position[gspmdMeshDeviceAtPosition(hint, p)] = p;
  Fit f = {.mesh = hint,
           .t = t,
           .position = position,
           .cand = gspmdShardingReplicated(rank)};
  bool found = fitDim(&f, 0, rank > 0 ? t->tile_dims[0] : 1);
  free(position);
  if (found)
    *out = f.cand;
  return found;
}

/*===-- Building a mesh for the tile assignment ---------------------------===*/

static int addAxis(GspmdOwnedMesh *m, int64_t size) {
  int a = m->mesh.num_axes++;
  snprintf(m->name_storage[a], sizeof(m->name_storage[a]), "a%d", a);
  m->mesh.axis_names[a] = m->name_storage[a];
  m->mesh.axis_sizes[a] = size;
  return a;
}

/* A piece of a reshape dim that lies inside one tile dim. */
typedef struct Piece {
  int reshape_dim;
  int64_t size;
  int tile_dim;
} Piece;

/* Cuts the transposed reshape dims at tile dim boundaries, in transposed
 * order. Fails when a boundary cuts a dim into sizes that do not divide. */
static int cutPieces(const Iota *it, const HloText *t, Piece *pieces) {
  int num = 0, d = 0;
  int64_t left = t->tile_dims[0];
  for (int j = 0; j < it->n; ++j) {
    for (int64_t size = it->dims[it->perm[j]]; size > 1;) {
      while (left == 1 && d + 1 < t->num_tile_dims)
        left = t->tile_dims[++d];
      int64_t take = left % size == 0 ? size : size % left == 0 ? left : 0;
      if (take <= 1 || num == GSPMD_MAX_MESH_AXES)
        return -1;
      pieces[num++] = (Piece){it->perm[j], take, d};
      size /= take;
      left /= take;
    }
  }
  return num;
}

/* Mesh axes are the pieces in reshape-dim order (major first within a dim),
 * so positions stay row-major iota; dims list their pieces in transposed
 * order. */
static bool meshFromIota(const Iota *it, const HloText *t, int rank,
                         GspmdSharding *out, GspmdOwnedMesh *m) {
  Piece pieces[GSPMD_MAX_MESH_AXES];
  int num = cutPieces(it, t, pieces);
  if (num < 0)
    return false;
  int axis_of[GSPMD_MAX_MESH_AXES];
  for (int r = 0; r < it->n; ++r)
    for (int i = 0; i < num; ++i)
      if (pieces[i].reshape_dim == r)
        axis_of[i] = addAxis(m, pieces[i].size);
  *out = gspmdShardingReplicated(rank);
  for (int i = 0; i < num; ++i) {
    int d = pieces[i].tile_dim;
    if (d < rank)
      out->dim_axes[d][out->dim_num_axes[d]++] = axis_of[i];
  }
  return true;
}

/* The fallback: one axis per tile dim of size > 1, and the device list. */
static bool meshFromList(const HloText *t, int rank, GspmdSharding *out,
                         GspmdOwnedMesh *m, char *err, size_t err_size) {
  *out = gspmdShardingReplicated(rank);
  for (int d = 0; d < t->num_tile_dims; ++d) {
    if (t->tile_dims[d] == 1)
      continue;
    if (m->mesh.num_axes == GSPMD_MAX_MESH_AXES)
      return gspmdFail(err, err_size,
                       "HloSharding needs more than %d mesh axes",
                       GSPMD_MAX_MESH_AXES);
    int a = addAxis(m, t->tile_dims[d]);
    if (d < rank)
      out->dim_axes[d][out->dim_num_axes[d]++] = a;
  }
  size_t bytes = (size_t)t->list_len * sizeof(int64_t);
  m->device_storage = malloc(bytes);
  if (!m->device_storage)
    return gspmdFail(err, err_size, "out of memory");
  memcpy(m->device_storage, t->list, bytes);
  m->mesh.devices = m->device_storage;
  return true;
}

static bool buildMesh(const HloText *t, int rank, GspmdSharding *out,
                      GspmdOwnedMesh *m, char *err, size_t err_size) {
  Iota it;
  if (detectIota(t->list, t->list_len, &it) &&
      meshFromIota(&it, t, rank, out, m))
    return true;
  memset(m, 0, sizeof(*m));
  return meshFromList(t, rank, out, m, err, err_size);
}

/*===-- Import entry points -----------------------------------------------===*/

void gspmdOwnedMeshDestroy(GspmdOwnedMesh *m) {
  free(m->device_storage);
  m->device_storage = NULL;
  m->mesh.devices = NULL;
}

/* Places a parsed, checked sharding: on the hint when it fits, else on a
 * mesh of its own. A replicated sharding fits any hint. */
static bool place(const HloText *t, int rank, const GspmdMesh *hint,
                  GspmdSharding *out, GspmdOwnedMesh *mesh_out, bool *used_hint,
                  char *err, size_t err_size) {
  GspmdSharding s = gspmdShardingReplicated(rank);
  if (hint && (t->replicated || fitOnHint(hint, t, rank, &s))) {
    *used_hint = true;
    *out = s;
    return true;
  }
  if (!t->replicated) {
    if (!mesh_out)
      return gspmdFail(err, err_size,
                       "HloSharding cannot be expressed on the hint mesh");
    if (!buildMesh(t, rank, &s, mesh_out, err, err_size))
      return false;
  }
  *out = s;
  return true;
}

/* mesh_out is overwritten (the caller destroys an earlier one first) and is
 * left empty on failure or when the hint is used. */
bool gspmdShardingFromHlo(const char *text, int rank, const GspmdMesh *hint,
                          GspmdSharding *out, GspmdOwnedMesh *mesh_out,
                          bool *used_hint, char *err, size_t err_size) {
  bool hint_used = false;
  if (mesh_out)
    memset(mesh_out, 0, sizeof(*mesh_out));
  if (rank < 0 || rank > GSPMD_MAX_RANK)
    return gspmdFail(err, err_size, "rank %d is out of range [0, %d]", rank,
                     GSPMD_MAX_RANK);
  char why[256];
  if (hint && !gspmdMeshVerify(hint, why, sizeof(why)))
    return gspmdFail(err, err_size, "invalid hint mesh: %s", why);
  Parser p = {text, 0, err, err_size};
  HloText t = {0};
  bool ok = parseText(&p, &t) && checkText(&p, &t, rank) &&
            place(&t, rank, hint, out, mesh_out, &hint_used, err, err_size);
  free(t.list);
  if (!ok && mesh_out)
    gspmdOwnedMeshDestroy(mesh_out);
  if (used_hint)
    *used_hint = ok && hint_used;
  return ok;
}
