/*
 * control.c - structured control flow and calls: scf.for, scf.while and
 * scf.if as stablehlo.while / stablehlo.if, func.call as is.
 *
 * Assumes unstructured control flow was lifted to scf. scf.for carries its
 * induction variable as the first value of the while; scf.while's before
 * region is exported where its values are needed (the condition, the start
 * of the body, after the loop). An scf.if on a tensor predicate (inside a
 * linalg body) runs both branches and selects per element.
 */
#include "internal.h"

#include "gspmd-c/Dialect.h"

#include <string.h>

/* Prints "(T1, T2, ...)" and a newline. */
static void printResultTypes(Ex *e, int n, const ExType *types) {
  char tb[256];
  fputc('(', e->out);
  for (int i = 0; i < n; ++i)
    fprintf(e->out, "%s%s", i ? ", " : "",
            exTypeStr(&types[i], tb, sizeof(tb)));
  fputs(")\n", e->out);
}

/* The exported types of op's n results (arena memory); NULL after an
 * error. */
static ExType *resultTypes(Ex *e, MlirOperation op, int n) {
  ExType *types =
      gspmdArenaAlloc(&e->arena, sizeof(ExType) * (size_t)(n ? n : 1));
  for (int i = 0; i < n; ++i)
    if (!exResultType(e, op, i, &types[i]))
      return NULL;
  return types;
}

static void bindResults(Ex *e, MlirOperation op, int n, const int *ids) {
  for (int i = 0; i < n; ++i)
    exBind(e, mlirOperationGetResult(op, i), ids[i]);
}

/* scf.for: a stablehlo.while carrying (iv, iter_args...). */
bool exEmitFor(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int n = (int)mlirOperationGetNumOperands(op) - 3;
  int lb = exOperand(e, op, 0), ub = exOperand(e, op, 1),
      step = exOperand(e, op, 2);
  int *inits = exOperandIds(e, op, 3, n);
  if (lb < 0 || ub < 0 || step < 0 || !inits)
    return false;
  int *carried = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)(n + 1));
  ExType *types = gspmdArenaAlloc(&e->arena, sizeof(ExType) * (size_t)(n + 1));
  carried[0] = lb;
  for (int i = 0; i < n; ++i)
    carried[1 + i] = inits[i];
  for (int i = 0; i <= n; ++i)
    types[i] = *exTypeOf(e, carried[i]);
  int *res = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)(n + 1));
  int *args = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)(n + 1));
  char buf[32];
  exResultsBegin(e, n + 1, types, res);
  fputs("\"stablehlo.while\"(", e->out);
  for (int i = 0; i <= n; ++i)
    fprintf(e->out, "%s%s", i ? ", " : "",
            exName(e, carried[i], buf, sizeof(buf)));
  fputs(") ({\n", e->out);
  exPrintBlockHeader(e, n + 1, types, args);
  int cond = exCompare(e, args[0], ub, "LT");
  exPrintReturn(e, "stablehlo.return", 1, &cond);
  fputs("  }, {\n", e->out);
  exPrintBlockHeader(e, n + 1, types, args);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  for (int i = 0; i <= n; ++i)
    exBind(e, mlirBlockGetArgument(body, i), args[i]);
  if (!exExportBlockBody(e, body))
    return false;
  MlirOperation yield = mlirBlockGetTerminator(body);
  int *next = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)(n + 1));
  next[0] = exBinary(e, "stablehlo.add", args[0], step);
  for (int i = 0; i < n; ++i)
    if ((next[1 + i] = exOperand(e, yield, i)) < 0)
      return false;
  exPrintReturn(e, "stablehlo.return", n + 1, next);
  fputs("  }) : ", e->out);
  exPrintTypeList(e, n + 1, carried);
  fputs(" -> ", e->out);
  exPrintTypeList(e, n + 1, carried);
  fputc('\n', e->out);
  bindResults(e, op, n, res + 1);
  return true;
}

/* scf.while: the before region runs in the condition, again at the start of
 * the body (to forward its values to the after region) and once after the
 * loop (the op's results are the forwarded values of the last check). */
static bool exportBefore(Ex *e, MlirBlock before, const int *args, int *cond,
                         int **forwarded, int *nfwd) {
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(before); ++i)
    exBind(e, mlirBlockGetArgument(before, i), args[i]);
  if (!exExportBlockBody(e, before))
    return false;
  MlirOperation c = mlirBlockGetTerminator(before);
  *nfwd = (int)mlirOperationGetNumOperands(c) - 1;
  if ((*cond = exOperand(e, c, 0)) < 0)
    return false;
  *forwarded = exOperandIds(e, c, 1, *nfwd);
  return *forwarded != NULL;
}

bool exEmitWhile(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int n = (int)mlirOperationGetNumOperands(op);
  int *inits = exOperandIds(e, op, 0, n);
  if (!inits)
    return false;
  ExType *types =
      gspmdArenaAlloc(&e->arena, sizeof(ExType) * (size_t)(n ? n : 1));
  for (int i = 0; i < n; ++i)
    types[i] = *exTypeOf(e, inits[i]);
  int *res = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)(n ? n : 1));
  int *args = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)(n ? n : 1));
  MlirBlock before = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  MlirBlock after = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 1));
  char buf[32];
  int cond, *fwd, nfwd;
  exResultsBegin(e, n, types, res);
  fputs("\"stablehlo.while\"(", e->out);
  for (int i = 0; i < n; ++i)
    fprintf(e->out, "%s%s", i ? ", " : "",
            exName(e, inits[i], buf, sizeof(buf)));
  fputs(") ({\n", e->out);
  exPrintBlockHeader(e, n, types, args);
  if (!exportBefore(e, before, args, &cond, &fwd, &nfwd))
    return false;
  exPrintReturn(e, "stablehlo.return", 1, &cond);
  fputs("  }, {\n", e->out);
  exPrintBlockHeader(e, n, types, args);
  if (!exportBefore(e, before, args, &cond, &fwd, &nfwd))
    return false;
  for (int i = 0; i < nfwd; ++i)
    exBind(e, mlirBlockGetArgument(after, i), fwd[i]);
  if (!exExportBlockBody(e, after))
    return false;
  int *next = exOperandIds(e, mlirBlockGetTerminator(after), 0, n);
  if (!next)
    return false;
  exPrintReturn(e, "stablehlo.return", n, next);
  fputs("  }) : ", e->out);
  exPrintTypeList(e, n, inits);
  fputs(" -> ", e->out);
  exPrintTypeList(e, n, inits);
  fputc('\n', e->out);
  if (!exportBefore(e, before, res, &cond, &fwd, &nfwd))
    return false;
  bindResults(e, op, nfwd, fwd);
  return true;
}

static bool exportBranch(Ex *e, MlirOperation op, int region) {
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, region));
  if (mlirBlockIsNull(b)) {
    exPrintReturn(e, "stablehlo.return", 0, NULL);
    return true;
  }
  if (!exExportBlockBody(e, b))
    return false;
  MlirOperation y = mlirBlockGetTerminator(b);
  int n = (int)mlirOperationGetNumOperands(y);
  int *ids = exOperandIds(e, y, 0, n);
  if (!ids)
    return false;
  exPrintReturn(e, "stablehlo.return", n, ids);
  return true;
}

/* Both branches' values, then a select per result: an scf.if inside a
 * linalg body expanded over the iteration space has one predicate per
 * element, which stablehlo.if (a scalar predicate) cannot take. The branches
 * are pure tensor code there (reads clamp as gathers), so running both is
 * safe. */
static bool emitIfElementwise(Ex *e, MlirOperation op, int pred) {
  int n = (int)mlirOperationGetNumResults(op);
  int *vals[2];
  for (int r = 0; r < 2; ++r) {
    MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
    if (mlirBlockIsNull(b) || !exExportBlockBody(e, b))
      return false;
    vals[r] = exOperandIds(e, mlirBlockGetTerminator(b), 0, n);
    if (n && !vals[r])
      return false;
  }
  for (int i = 0; i < n; ++i)
    exBind(e, mlirOperationGetResult(op, i),
           exSelect(e, pred, vals[0][i], vals[1][i]));
  return true;
}

bool exEmitIf(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int pred = exOperand(e, op, 0);
  if (pred < 0)
    return false;
  if (exTypeOf(e, pred)->rank > 0)
    return emitIfElementwise(e, op, pred);
  int n = (int)mlirOperationGetNumResults(op);
  ExType *types = resultTypes(e, op, n);
  if (!types)
    return false;
  int *res = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)(n ? n : 1));
  char buf[32];
  exResultsBegin(e, n, types, res);
  fprintf(e->out, "\"stablehlo.if\"(%s) ({\n",
          exName(e, pred, buf, sizeof(buf)));
  if (!exportBranch(e, op, 0))
    return false;
  fputs("  }, {\n", e->out);
  if (!exportBranch(e, op, 1))
    return false;
  fputs("  }) : (tensor<i1>) -> ", e->out);
  printResultTypes(e, n, types);
  bindResults(e, op, n, res);
  return true;
}

bool exEmitCall(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int n = (int)mlirOperationGetNumOperands(op),
      nr = (int)mlirOperationGetNumResults(op);
  int *ids = exOperandIds(e, op, 0, n);
  if (!ids)
    return false;
  ExType *types = resultTypes(e, op, nr);
  if (!types)
    return false;
  int *res = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)(nr ? nr : 1));
  char buf[32];
  exResultsBegin(e, nr, types, res);
  fprintf(e->out, "\"func.call\"(");
  for (int i = 0; i < n; ++i)
    fprintf(e->out, "%s%s", i ? ", " : "", exName(e, ids[i], buf, sizeof(buf)));
  fputs(") {callee = ", e->out);
  exPrintFuncName(e, mlirFlatSymbolRefAttrGetValue(exAttr(op, "callee")));
  fputs("} : ", e->out);
  exPrintTypeList(e, n, ids);
  fputs(" -> ", e->out);
  printResultTypes(e, nr, types);
  bindResults(e, op, nr, res);
  return true;
}
