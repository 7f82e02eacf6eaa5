/*
 * gather.c - gathers in the form programs arrive in: a linalg op whose body
 * reads a tensor it does not take as an operand with tensor.extract (what
 * stablehlo-legalize-to-linalg makes of stablehlo.gather and of an embedding
 * lookup: `tensor.extract %table[%row, %col]` with %row computed from an
 * index tensor, itself read at the loops' positions).
 *
 * Each such tensor joins the op's rule (GSPMD_ROLE_CAPTURE). A dim read at
 * a loop's position shares that loop's factor (index-parallel, passthrough
 * dims); a dim looked up at computed indices gets a factor of its own, a
 * reduction: split, each device looks up the rows it holds and yields the
 * identity of a sum for the others, and the partial results are summed
 * (GSPMD's masked lookup of a split indexed dim). Sums of one non-zero term
 * are exact, so any split is (gspmdOpReduction).
 *
 * Only ops whose loops are all parallel: a reduction body accumulates what
 * it reads, and a masked lookup would have to mask the term, not the yield.
 */
#include "internal.h"

#include "mlir-c/Dialect/Linalg.h"

typedef struct Reads {
  MlirOperation op;
  MlirValue source;
  int count; /* operands of ops nested in op that are `source` */
} Reads;

static void countRead(MlirOperation user, intptr_t i, void *data) {
  (void)user;
  Reads *r = data;
  r->count += mlirValueEqual(mlirOperationGetOperand(user, i), r->source);
}

/* True when `source` is read by one op of op's regions only, once. */
static bool readOnce(MlirOperation op, MlirValue source) {
  Reads r = {op, source, 0};
  gspmdForEachNestedOperand(op, countRead, &r);
  return r.count == 1;
}

static bool allParallel(MlirOperation op) {
  bool reduction[64];
  int num_loops = gspmdLinalgLoops(op, reduction, 64);
  for (int l = 0; l < num_loops && l < 64; ++l)
    if (reduction[l])
      return false;
  return num_loops > 0 && num_loops <= 64;
}

/* The gather read of `extract` (in op's body), or false. */
static bool gatherRead(MlirOperation op, MlirOperation extract,
                       GspmdGatherRead *read) {
  if (!gspmdStringRefEq(gspmdOpName(extract), "tensor.extract"))
    return false;
  MlirValue source = mlirOperationGetOperand(extract, 0);
  MlirType type = mlirValueGetType(source);
  if (!isRankedTensor(type) || !mlirShapedTypeHasStaticShape(type) ||
      mlirShapedTypeGetRank(type) > GSPMD_MAX_RANK ||
      gspmdDefinedInside(source, op) || !readOnce(op, source))
    return false;
  read->extract = extract;
  read->rank = (int)mlirShapedTypeGetRank(type);
  bool used[64] = {false};
  for (int d = 0; d < read->rank; ++d) {
    MlirValue index = mlirOperationGetOperand(extract, 1 + d);
    int loop = -1;
    /* A loop read on two dims (a diagonal) is looked up on the second. */
    if (mlirValueIsAOpResult(index) &&
        gspmdIsLoopIndex(mlirOpResultGetOwner(index), &loop) && loop >= 0 &&
        loop < 64 && !used[loop])
      used[loop] = true;
    else
      loop = -1;
    read->loop[d] = loop;
  }
  return true;
}

int gspmdGatherReads(MlirOperation op, GspmdGatherRead *reads, int max) {
  if (!gspmdOpIsLinalgStructured(op) || mlirOperationGetNumRegions(op) != 1 ||
      !allParallel(op))
    return 0;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirBlockIsNull(body))
    return 0;
  int n = 0;
  for (MlirOperation x = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(x) && n < max; x = mlirOperationGetNextInBlock(x))
    n += gatherRead(op, x, &reads[n]);
  return n;
}

int ruleAddGatherReads(GspmdOpRule *rule, const GspmdGatherRead *reads, int n,
                       int first_factor) {
  int next = first_factor;
  for (int k = 0; k < n; ++k) {
    MlirValue source = mlirOperationGetOperand(reads[k].extract, 0);
    int t = ruleAddTensor(rule, valueId(source), GSPMD_ROLE_CAPTURE, k,
                          mlirValueGetType(source));
    if (t < 0)
      continue;
    for (int d = 0; d < reads[k].rank; ++d) {
      int loop = reads[k].loop[d];
      /* A dim longer or shorter than its loop is a lookup too: the shards
       * of the two would not line up. */
      if (loop >= 0 && rule->factor_size[loop] == rule->tensors[t].shape[d]) {
        ruleMapDim(rule, t, d, loop);
      } else if (rule->tensors[t].shape[d] > 1) {
        rule->factor_kind[next] = GSPMD_FACTOR_REDUCTION;
        ruleMapDim(rule, t, d, next++);
      }
    }
  }
  return next;
}

int ruleGatherMaxFactors(const GspmdGatherRead *reads, int n) {
  int dims = 0;
  for (int k = 0; k < n; ++k)
    for (int d = 0; d < reads[k].rank; ++d)
      ++dims;
  return dims;
}

bool gspmdRuleHasGatherRead(const GspmdOpRule *rule, MlirValue v) {
  for (int t = 0; rule && t < rule->num_tensors; ++t)
    if (rule->tensors[t].role == GSPMD_ROLE_CAPTURE &&
        mlirValueEqual(rule->ids[t].value, v))
      return true;
  return false;
}
