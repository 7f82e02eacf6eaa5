/*
 * tensor.c - rules of the tensor dialect. Slices, inserts and pads read a
 * dim through a window when they do not cover it whole (offset, partial
 * size, padding); reshapes split and merge factors so that an axis carried
 * by a dim of 8 reshaped to 2x4 goes to the major part when its size
 * divides; concatenation keeps the concatenated dim whole.
 */
#include "internal.h"

#include <stdint.h>
#include <string.h>

/* Same-rank ops that keep every dim (cast, bitcast). */
static GspmdOpRule *buildIdentity(GspmdRuleContext *ctx, MlirOperation op) {
  GspmdOpRule *rule = ruleAlloc(ctx, op, GSPMD_MAX_RANK, 2);
  rule->priority = GSPMD_PRIORITY_PASS_THROUGH;
  int a = ruleAddOperand(rule, 0), b = ruleAddResult(rule, 0);
  if (a < 0 || b < 0 || rule->tensors[a].rank != rule->tensors[b].rank)
    return NULL;
  ruleTieIdentity(rule, a, b, 0);
  return rule;
}

/* tensor.extract reads single elements at dynamic indices: the source is
 * needed whole, so it is not tied to anything. */
static GspmdOpRule *buildExtract(GspmdRuleContext *ctx, MlirOperation op) {
  GspmdOpRule *rule = ruleAlloc(ctx, op, 0, 1);
  ruleAddOperand(rule, 0);
  return rule;
}

/* tensor.insert writes one element at dynamic indices (a scatter loop's
 * body): the destination is the result updated in place, and no dim can be
 * split, since the element may land in any shard. */
static GspmdOpRule *buildInsert(GspmdRuleContext *ctx, MlirOperation op) {
  GspmdOpRule *rule = ruleAlloc(ctx, op, GSPMD_MAX_RANK, 2);
  int dest = ruleAddOperand(rule, 1), result = ruleAddResult(rule, 0);
  if (dest < 0 || result < 0)
    return NULL;
  ruleTieIdentity(rule, dest, result, 0);
  for (int f = 0; f < rule->tensors[dest].rank; ++f)
    rule->factor_kind[f] = GSPMD_FACTOR_REPLICATED;
  return rule;
}

/* True when dim d of extract_slice op reads one element at a dynamic
 * offset (what stablehlo.dynamic_slice of one row becomes): a lookup. */
static bool isLookup(const GspmdOpRule *rule, int full, const int64_t *offsets,
                     const int64_t *sizes, const int64_t *strides, int d) {
  return rule->tensors[full].role == GSPMD_ROLE_OPERAND &&
         rule->tensors[full].position == 0 && offsets[d] == INT64_MIN &&
         sizes[d] == 1 && strides[d] == 1;
}

/* Ties the big tensor `full` and the slice `part` (extract_slice source and
 * result, insert_slice dest and source). Dims the slice covers whole are
 * shared; partly covered dims are read through a window; unit dims dropped
 * by a rank-reducing slice stay unsplit. A row an extract_slice looks up at
 * a dynamic offset is a reduction factor of the source alone: split, each
 * device slices the row if it holds it and gives zeros if not, and the
 * partial results are summed (as gather reads are, lib/Rules/gather.c). */
static GspmdOpRule *tieSlice(GspmdOpRule *rule, int full, int part,
                             MlirOperation op) {
  int64_t offsets[GSPMD_MAX_RANK], sizes[GSPMD_MAX_RANK],
      strides[GSPMD_MAX_RANK];
  int rank = rule->tensors[full].rank;
  if (attrI64Array(op, "static_offsets", offsets, GSPMD_MAX_RANK) != rank ||
      attrI64Array(op, "static_sizes", sizes, GSPMD_MAX_RANK) != rank ||
      attrI64Array(op, "static_strides", strides, GSPMD_MAX_RANK) != rank)
    return NULL;
  const GspmdRuleTensor *p = &rule->tensors[part];
  int j = 0;
  for (int d = 0; d < rank; ++d) {
    bool kept = j < p->rank && p->shape[j] == sizes[d];
    if (isLookup(rule, full, offsets, sizes, strides, d)) {
      ruleMapDim(rule, full, d, d);
      rule->factor_kind[d] = GSPMD_FACTOR_REDUCTION;
      j += kept;
      continue;
    }
    if (!kept) {
      /* A dropped unit dim: its factor (shared with an insert's result)
       * is never split, since the slice's one row may be anywhere. */
      ruleMapDim(rule, full, d, d);
      rule->factor_kind[d] = GSPMD_FACTOR_REPLICATED;
      continue;
    }
    bool whole = offsets[d] == 0 && strides[d] == 1 &&
                 sizes[d] == rule->tensors[full].shape[d];
    ruleMapDim(rule, part, j, d);
    if (whole) {
      ruleMapDim(rule, full, d, d);
    } else {
      ruleMapWindowDim(rule, full, d, d);
      /* extract_slice reads source[offset + stride * i]; an inserted
       * slice is not read through the destination's window. */
      if (rule->tensors[full].role == GSPMD_ROLE_OPERAND &&
          rule->tensors[full].position == 0 && offsets[d] >= 0)
        ruleSetWindow(rule, full, d,
                      (GspmdWindow){strides[d], offsets[d], offsets[d],
                                    GSPMD_REBASE_SLICE, GSPMD_FILL_ZERO});
    }
    ++j;
  }
  return j == p->rank ? rule : NULL;
}

static GspmdOpRule *buildExtractSlice(GspmdRuleContext *ctx, MlirOperation op) {
  GspmdOpRule *rule = ruleAlloc(ctx, op, GSPMD_MAX_RANK, 2);
  int source = ruleAddOperand(rule, 0), result = ruleAddResult(rule, 0);
  if (source < 0 || result < 0)
    return NULL;
  return tieSlice(rule, source, result, op);
}

static GspmdOpRule *buildInsertSlice(GspmdRuleContext *ctx, MlirOperation op) {
  GspmdOpRule *rule = ruleAlloc(ctx, op, GSPMD_MAX_RANK, 3);
  int source = ruleAddOperand(rule, 0), dest = ruleAddOperand(rule, 1);
  int result = ruleAddResult(rule, 0);
  if (source < 0 || dest < 0 || result < 0)
    return NULL;
  /* The result is the destination updated in place: every dim shared. */
  ruleMapIdentity(rule, result, 0);
  return tieSlice(rule, dest, source, op);
}

/* A pad value computed inside the region (from the indices) is not one
 * value a halo exchange could fill with. */
static bool padValueIsOneValue(MlirOperation op) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  MlirValue v = mlirOperationGetOperand(mlirBlockGetTerminator(body), 0);
  MlirBlock owner = mlirValueIsABlockArgument(v)
                        ? mlirBlockArgumentGetOwner(v)
                        : mlirOperationGetBlock(mlirOpResultGetOwner(v));
  return !mlirBlockEqual(owner, body);
}

/* tensor.pad: a padded dim reads the source through a window. */
static GspmdOpRule *buildPad(GspmdRuleContext *ctx, MlirOperation op) {
  GspmdOpRule *rule = ruleAlloc(ctx, op, GSPMD_MAX_RANK, 2);
  int source = ruleAddOperand(rule, 0), result = ruleAddResult(rule, 0);
  int64_t low[GSPMD_MAX_RANK], high[GSPMD_MAX_RANK];
  if (source < 0 || result < 0)
    return NULL;
  int rank = rule->tensors[source].rank;
  if (attrI64Array(op, "static_low", low, GSPMD_MAX_RANK) != rank ||
      attrI64Array(op, "static_high", high, GSPMD_MAX_RANK) != rank)
    return NULL;
  for (int d = 0; d < rank; ++d) {
    ruleMapDim(rule, result, d, d);
    if (low[d] == 0 && high[d] == 0) {
      ruleMapDim(rule, source, d, d);
    } else {
      /* result[i] = source[i - low], the pad value outside the source. */
      ruleMapWindowDim(rule, source, d, d);
      if (low[d] >= 0 && high[d] >= 0 && padValueIsOneValue(op))
        ruleSetWindow(rule, source, d,
                      (GspmdWindow){1, -low[d], -low[d], GSPMD_REBASE_PAD,
                                    GSPMD_FILL_PAD_REGION});
    }
  }
  return rule;
}

/* Concatenation: every dim but the concatenated one is shared. */
GspmdOpRule *buildConcatRule(GspmdRuleContext *ctx, MlirOperation op,
                             int64_t dim) {
  int n = (int)mlirOperationGetNumOperands(op);
  GspmdOpRule *rule = ruleAlloc(ctx, op, GSPMD_MAX_RANK, n + 1);
  rule->priority = GSPMD_PRIORITY_PASS_THROUGH;
  for (int i = 0; i <= n; ++i) {
    int t = i < n ? ruleAddOperand(rule, i) : ruleAddResult(rule, 0);
    if (t < 0)
      return NULL;
    for (int d = 0; d < rule->tensors[t].rank; ++d)
      if (d != dim)
        ruleMapDim(rule, t, d, d);
  }
  return rule;
}

/* Reshape: walk both static shapes, cutting them into groups whose products
 * agree; inside a group, the factors are the common refinement of the two
 * shapes' dims when one exists (each boundary divides the next), e.g.
 * 8 -> 2x4 gives factors {2, 4}. A group without one stays unsplit. */
static bool refineGroup(GspmdOpRule *rule, int a, int a0, int a1, int b, int b0,
                        int b1, int *next_factor) {
  /* Cumulative products inside the group for both sides. */
  int64_t cuts[2 * GSPMD_MAX_RANK + 2];
  int num_cuts = 0;
  int64_t pa = 1, pb = 1;
  int i = a0, j = b0;
  while (i < a1 || j < b1) {
    int64_t next_a = i < a1 ? pa * rule->tensors[a].shape[i] : INT64_MAX;
    int64_t next_b = j < b1 ? pb * rule->tensors[b].shape[j] : INT64_MAX;
    int64_t cut = next_a < next_b ? next_a : next_b;
    if (num_cuts && cut % cuts[num_cuts - 1] != 0)
      return false;
    if (!num_cuts || cut != cuts[num_cuts - 1])
      cuts[num_cuts++] = cut;
    if (next_a == cut) {
      pa = next_a;
      ++i;
    }
    if (next_b == cut) {
      pb = next_b;
      ++j;
    }
  }
  /* Factor k spans [cuts[k-1], cuts[k]); assign to dims of both sides. */
  int first = *next_factor;
  for (int side = 0; side < 2; ++side) {
    int t = side ? b : a, d0 = side ? b0 : a0, d1 = side ? b1 : a1;
    int64_t p = 1;
    int k = 0;
    for (int d = d0; d < d1; ++d) {
      p *= rule->tensors[t].shape[d];
      while (k < num_cuts && cuts[k] <= p) {
        if (rule->tensors[t].shape[d] != 1)
          ruleMapDim(rule, t, d, first + k);
        ++k;
      }
    }
  }
  for (int k = 0; k < num_cuts; ++k)
    rule->factor_size[first + k] = cuts[k] / (k ? cuts[k - 1] : 1);
  *next_factor += num_cuts;
  return true;
}

GspmdOpRule *buildReshapeRule(GspmdRuleContext *ctx, MlirOperation op,
                              int source_operand) {
  GspmdOpRule *rule = ruleAlloc(ctx, op, 4 * GSPMD_MAX_RANK, 2);
  rule->priority = GSPMD_PRIORITY_PASS_THROUGH;
  int a = ruleAddOperand(rule, source_operand), b = ruleAddResult(rule, 0);
  if (a < 0 || b < 0)
    return NULL;
  const GspmdRuleTensor *ta = &rule->tensors[a], *tb = &rule->tensors[b];
  for (int d = 0; d < ta->rank; ++d)
    if (ta->shape[d] < 0)
      return NULL;
  for (int d = 0; d < tb->rank; ++d)
    if (tb->shape[d] < 0)
      return NULL;
  int i = 0, j = 0, next_factor = 0;
  while (i < ta->rank || j < tb->rank) {
    int i0 = i, j0 = j;
    int64_t pa = i < ta->rank ? ta->shape[i++] : 1;
    int64_t pb = j < tb->rank ? tb->shape[j++] : 1;
    while (pa != pb) {
      if (pa < pb && i < ta->rank)
        pa *= ta->shape[i++];
      else if (pb < pa && j < tb->rank)
        pb *= tb->shape[j++];
      else
        return NULL;
    }
    refineGroup(rule, a, i0, i, b, j0, j, &next_factor);
  }
  rule->num_factors = next_factor;
  return rule;
}

GspmdRuleStatus buildTensorRule(GspmdRuleContext *ctx, MlirOperation op,
                                GspmdOpRule **out, int *num_out) {
  MlirStringRef name = gspmdOpName(op);
  if (gspmdStringRefEq(name, "tensor.empty") ||
      gspmdStringRefEq(name, "tensor.splat"))
    RETURN_ONE_RULE(buildResultOnlyRule(ctx, op));
  if (gspmdStringRefEq(name, "tensor.cast") ||
      gspmdStringRefEq(name, "tensor.bitcast"))
    RETURN_ONE_RULE(buildIdentity(ctx, op));
  if (gspmdStringRefEq(name, "tensor.extract"))
    RETURN_ONE_RULE(buildExtract(ctx, op));
  if (gspmdStringRefEq(name, "tensor.insert"))
    RETURN_ONE_RULE(buildInsert(ctx, op));
  if (gspmdStringRefEq(name, "tensor.dim")) {
    *num_out = 0;
    return GSPMD_RULE_SKIP;
  }
  if (gspmdStringRefEq(name, "tensor.extract_slice"))
    RETURN_ONE_RULE(buildExtractSlice(ctx, op));
  if (gspmdStringRefEq(name, "tensor.insert_slice"))
    RETURN_ONE_RULE(buildInsertSlice(ctx, op));
  if (gspmdStringRefEq(name, "tensor.pad"))
    RETURN_ONE_RULE(buildPad(ctx, op));
  if (gspmdStringRefEq(name, "tensor.concat"))
    RETURN_ONE_RULE(buildConcatRule(ctx, op, attrInt(op, "dim", -1)));
  if (gspmdStringRefEq(name, "tensor.expand_shape") ||
      gspmdStringRefEq(name, "tensor.collapse_shape") ||
      gspmdStringRefEq(name, "tensor.reshape"))
    RETURN_ONE_RULE(buildReshapeRule(ctx, op, 0));
  return GSPMD_RULE_NONE;
}

/*===-- A slice of a pad read as a pad of a slice -------------------------===*/

/* No index argument of the pad's body is used: the value is the same at
 * every position, so the body pads a slice of the source as well. */
static bool padValueIgnoresPosition(MlirOperation pad) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(pad, 0));
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(body); ++i)
    if (!mlirOpOperandIsNull(
            mlirValueGetFirstUse(mlirBlockGetArgument(body, i))))
      return false;
  return true;
}

/* Dim d of a slice reading padded[o + s * i], i in [0, k), of a pad
 * holding source[j - low] at j when j - low is in [0, n): the positions
 * [i0, i1] that read the source become the slice of the source, the others
 * the pad around it. False when no position reads the source. */
static bool sliceOfPadDim(int64_t n, int64_t low, int64_t o, int64_t k,
                          int64_t s, int d, GspmdSliceOfPad *out) {
  int64_t before = low - o, last = n - 1 + low - o;
  if (last < 0)
    return false;
  int64_t i0 = before > 0 ? (before + s - 1) / s : 0;
  int64_t i1 = last / s < k - 1 ? last / s : k - 1;
  if (i0 > i1)
    return false;
  out->offsets[d] = o + s * i0 - low;
  out->sizes[d] = i1 - i0 + 1;
  out->strides[d] = out->sizes[d] == 1 ? 1 : s;
  out->low[d] = i0;
  out->high[d] = k - 1 - i1;
  return true;
}

/* The slice's static offsets, sizes and strides and the pad's widths, all
 * known and in range; the slice not the whole pad. */
static bool readSliceOfPad(MlirOperation op, MlirOperation pad, int rank,
                           int64_t v[5][GSPMD_MAX_RANK]) {
  const char *names[5] = {"static_offsets", "static_sizes", "static_strides",
                          "static_low", "static_high"};
  for (int k = 0; k < 5; ++k)
    if (attrI64Array(k < 3 ? op : pad, names[k], v[k], GSPMD_MAX_RANK) != rank)
      return false;
  MlirType padded = mlirValueGetType(mlirOperationGetResult(pad, 0));
  bool whole = true;
  for (int d = 0; d < rank; ++d) {
    if (v[0][d] < 0 || v[1][d] < 1 || v[2][d] < 1 || v[3][d] < 0 || v[4][d] < 0)
      return false; /* kDynamic is INT64_MIN */
    whole = whole && v[0][d] == 0 && v[2][d] == 1 &&
            v[1][d] == mlirShapedTypeGetDimSize(padded, d);
  }
  return !whole;
}

bool gspmdSliceOfPad(MlirOperation op, GspmdSliceOfPad *out) {
  if (!gspmdStringRefEq(gspmdOpName(op), "tensor.extract_slice") ||
      mlirOperationGetNumOperands(op) != 1)
    return false;
  MlirValue padded = mlirOperationGetOperand(op, 0);
  if (!mlirValueIsAOpResult(padded))
    return false;
  MlirOperation pad = mlirOpResultGetOwner(padded);
  if (!gspmdStringRefEq(gspmdOpName(pad), "tensor.pad") ||
      mlirOperationGetNumOperands(pad) != 1 || !padValueIgnoresPosition(pad))
    return false;
  MlirType source = mlirValueGetType(mlirOperationGetOperand(pad, 0));
  MlirType result = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!isRankedTensor(source) || !mlirShapedTypeHasStaticShape(source) ||
      !isRankedTensor(result))
    return false;
  int64_t v[5][GSPMD_MAX_RANK];
  int rank = (int)mlirShapedTypeGetRank(source);
  if (rank > GSPMD_MAX_RANK || !readSliceOfPad(op, pad, rank, v))
    return false;
  out->pad = pad;
  out->rank = rank;
  /* Result dims match sizes in order; an unmatched size is a dropped unit
   * dim (as tieSlice reads it). */
  int j = 0, result_rank = (int)mlirShapedTypeGetRank(result);
  for (int d = 0; d < rank; ++d) {
    out->dropped[d] =
        !(j < result_rank && mlirShapedTypeGetDimSize(result, j) == v[1][d]);
    j += !out->dropped[d];
    if ((out->dropped[d] && v[1][d] != 1) ||
        !sliceOfPadDim(mlirShapedTypeGetDimSize(source, d), v[3][d], v[0][d],
                       v[1][d], v[2][d], d, out))
      return false;
  }
  return j == result_rank;
}
