/*
 * Softmax.c - linalg.softmax, which no upstream pass lowers, decomposed for
 * gspmd-lower-to-mpi (LowerToMPI.c) into linalg ops on tensors.
 *
 * As upstream's decompose_interface builds it: m = max over the dim
 * (maxnumf, from -inf), e = exp(x - m), s = sum of e over the dim, then
 * e * (1 / s), one division per slab rather than per element (within the
 * checker's rounding allowance, like any reordering). The dims before the
 * softmax dim become scf.for loops and each iteration decomposes one slab,
 * the dims from the softmax dim on: for the usual last dim a row, whose
 * four passes then run over data in cache instead of over the whole tensor
 * (issue 20). exp writes into the output's slab (eliminate-empty-tensors
 * keeps it in place through bufferization). The ops are built as text and
 * parsed, then inlined in place of the softmax.
 *
 * Assumes static float tensors (the caller gets a message otherwise).
 */
#include "softmax.h"

#include "gspmd/sharding.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

/* A NUL-terminated buffer that mlirTypePrint appends to. */
typedef struct TextBuf {
  char *data;
  size_t size;
} TextBuf;

static void appendText(MlirStringRef s, void *user) {
  TextBuf *t = user;
  size_t len = strlen(t->data);
  snprintf(t->data + len, t->size - len, "%.*s", (int)s.length, s.data);
}

static void typeText(MlirType type, char *buf, size_t size) {
  buf[0] = '\0';
  TextBuf t = {buf, size};
  mlirTypePrint(type, appendText, &t);
}

/* The -inf constant of a float type, in MLIR's hex form. */
static const char *negInfinity(MlirType t) {
  if (mlirTypeIsAF64(t))
    return "0xFFF0000000000000";
  if (mlirTypeIsAF16(t))
    return "0xFC00";
  if (mlirTypeIsABF16(t))
    return "0xFF80";
  return "0xFF800000";
}

static void appendf(char *buf, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void appendf(char *buf, size_t size, const char *fmt, ...) {
  size_t len = strlen(buf);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf + len, size - len, fmt, ap);
  va_end(ap);
}

/* Appends `%result = linalg.generic` with the given maps, iterator types and
 * operands, whose payload takes `num_args` scalars %a, %b, %c and yields %v
 * computed by `body` (statements ending in %v). */
static void appendGeneric(char *text, size_t size, const char *result,
                          const char *maps, const char *iters,
                          const char *operands, int num_args, const char *et,
                          const char *body, const char *type) {
  appendf(text, size,
          "  %s = linalg.generic {indexing_maps = [%s], iterator_types = "
          "[%s]} %s {\n  ^bb0(",
          result, maps, iters, operands);
  for (int i = 0; i < num_args; ++i)
    appendf(text, size, "%s%%%c: %s", i ? ", " : "", 'a' + i, et);
  appendf(text, size, "):\n%s    linalg.yield %%v : %s\n  } -> %s\n", body, et,
          type);
}

/* Appends, for a tensor of type `t` named `x`, the ops computing softmax
 * along `dim` into `out`, as upstream's decomposeOperation builds it:
 * m = max over dim (maxnumf, from -inf), e = exp(x - m), s = sum of e over
 * dim, %r = e * (1 / s). */
static void slabSoftmaxText(MlirType t, int dim, const char *x, const char *out,
                            char *text, size_t size) {
  int rank = (int)mlirShapedTypeGetRank(t);
  MlirType elem = mlirShapedTypeGetElementType(t);
  char tt[256], rt[256], et[32], dims[128] = "", red[128] = "", par[256] = "",
                                 iter[256] = "";
  typeText(t, tt, sizeof(tt));
  typeText(elem, et, sizeof(et));
  int64_t rshape[GSPMD_MAX_RANK];
  for (int d = 0, k = 0; d < rank; ++d) {
    appendf(dims, sizeof(dims), "%sd%d", d ? ", " : "", d);
    if (d != dim) {
      appendf(red, sizeof(red), "%sd%d", k ? ", " : "", d);
      rshape[k++] = mlirShapedTypeGetDimSize(t, d);
    }
    appendf(par, sizeof(par), "%s\"parallel\"", d ? ", " : "");
    appendf(iter, sizeof(iter), "%s\"%s\"", d ? ", " : "",
            d == dim ? "reduction" : "parallel");
  }
  typeText(
      mlirRankedTensorTypeGet(rank - 1, rshape, elem, mlirAttributeGetNull()),
      rt, sizeof(rt));
  /* identity map, reduced map, and the two map lists used below */
  char id[300], rd[300], id_rd[700], id_rd_id[1000], rd_id[700], ops[1200],
      body[300];
  snprintf(id, sizeof(id), "affine_map<(%s) -> (%s)>", dims, dims);
  snprintf(rd, sizeof(rd), "affine_map<(%s) -> (%s)>", dims, red);
  snprintf(id_rd, sizeof(id_rd), "%s, %s", id, rd);
  snprintf(id_rd_id, sizeof(id_rd_id), "%s, %s, %s", id, rd, id);
  snprintf(rd_id, sizeof(rd_id), "%s, %s", rd, id);

  appendf(text, size, "  %%ninf = arith.constant %s : %s\n", negInfinity(elem),
          et);
  appendf(text, size, "  %%zero = arith.constant 0.0 : %s\n", et);
  appendf(text, size, "  %%e = tensor.empty() : %s\n", rt);
  appendf(text, size,
          "  %%mi = linalg.fill ins(%%ninf : %s) outs(%%e : %s) -> %s\n", et,
          rt, rt);
  appendf(text, size,
          "  %%si = linalg.fill ins(%%zero : %s) outs(%%e : %s) -> %s\n", et,
          rt, rt);
  snprintf(ops, sizeof(ops), "ins(%s : %s) outs(%%mi : %s)", x, tt, rt);
  snprintf(body, sizeof(body), "    %%v = arith.maxnumf %%a, %%b : %s\n", et);
  appendGeneric(text, size, "%m", id_rd, iter, ops, 2, et, body, rt);
  snprintf(ops, sizeof(ops), "ins(%s, %%m : %s, %s) outs(%s : %s)", x, tt, rt,
           out, tt);
  snprintf(body, sizeof(body),
           "    %%d = arith.subf %%a, %%b : %s\n    %%v = math.exp %%d : %s\n",
           et, et);
  appendGeneric(text, size, "%ex", id_rd_id, par, ops, 3, et, body, tt);
  snprintf(ops, sizeof(ops), "ins(%%ex : %s) outs(%%si : %s)", tt, rt);
  snprintf(body, sizeof(body), "    %%v = arith.addf %%a, %%b : %s\n", et);
  appendGeneric(text, size, "%s", id_rd, iter, ops, 2, et, body, rt);
  snprintf(ops, sizeof(ops), "ins(%%s : %s) outs(%%ex : %s)", rt, tt);
  /* e * (1 / s): one division per slab (LLVM hoists it), not per element. */
  snprintf(body, sizeof(body),
           "    %%one = arith.constant 1.0 : %s\n"
           "    %%inv = arith.divf %%one, %%a : %s\n"
           "    %%v = arith.mulf %%b, %%inv : %s\n",
           et, et, et);
  appendGeneric(text, size, "%r", rd_id, par, ops, 2, et, body, tt);
}

/* "[%i0, .., %i<n-1>, 0, ..]" (offsets) or "[1, .., 1, sizes..]" (sizes) or
 * "[1, ..]" (strides) of the slab at the outer loop indices. */
static void slabIndices(MlirType t, int outer, char kind, char *buf,
                        size_t size) {
  int rank = (int)mlirShapedTypeGetRank(t);
  buf[0] = '\0';
  appendf(buf, size, "[");
  for (int d = 0; d < rank; ++d) {
    const char *sep = d ? ", " : "";
    if (kind == 'o' && d < outer)
      appendf(buf, size, "%s%%i%d", sep, d);
    else if (kind == 's' && d >= outer)
      appendf(buf, size, "%s%lld", sep,
              (long long)mlirShapedTypeGetDimSize(t, d));
    else
      appendf(buf, size, "%s%d", sep, kind == 'o' ? 0 : 1);
  }
  appendf(buf, size, "]");
}

/* The text of a function computing softmax along `dim` of a tensor of type
 * `t` into `out`. The dims before `dim` are loops (scf.for, the output
 * carried through them) and each iteration takes the softmax of one slab,
 * the dims from `dim` on: its four passes then run over data in cache
 * (one row, for the usual last dim) instead of over the whole tensor. */
static void softmaxText(MlirType t, int dim, char *text, size_t size) {
  int rank = (int)mlirShapedTypeGetRank(t);
  char tt[256], st[256], offs[256], sizes[256], strides[256];
  typeText(t, tt, sizeof(tt));
  text[0] = '\0';
  appendf(text, size,
          "func.func private @softmax(%%x: %s, %%out: %s) -> %s {\n", tt, tt,
          tt);
  if (dim == 0) {
    slabSoftmaxText(t, 0, "%x", "%out", text, size);
    appendf(text, size, "  return %%r : %s\n}\n", tt);
    return;
  }
  int64_t shape[GSPMD_MAX_RANK];
  for (int d = dim; d < rank; ++d)
    shape[d - dim] = mlirShapedTypeGetDimSize(t, d);
  MlirType slab = mlirRankedTensorTypeGet(rank - dim, shape,
                                          mlirShapedTypeGetElementType(t),
                                          mlirAttributeGetNull());
  typeText(slab, st, sizeof(st));
  slabIndices(t, dim, 'o', offs, sizeof(offs));
  slabIndices(t, dim, 's', sizes, sizeof(sizes));
  slabIndices(t, dim, '1', strides, sizeof(strides));
  appendf(text, size, "  %%c0 = arith.constant 0 : index\n");
  appendf(text, size, "  %%c1 = arith.constant 1 : index\n");
  for (int d = 0; d < dim; ++d) {
    char init[16] = "%out";
    if (d)
      snprintf(init, sizeof(init), "%%acc%d", d - 1);
    appendf(text, size,
            "  %%n%d = arith.constant %lld : index\n"
            "  %%res%d = scf.for %%i%d = %%c0 to %%n%d step %%c1 "
            "iter_args(%%acc%d = %s) -> (%s) {\n",
            d, (long long)mlirShapedTypeGetDimSize(t, d), d, d, d, d, init, tt);
  }
  appendf(text, size,
          "  %%xs = tensor.extract_slice %%x%s %s %s : %s to %s\n"
          "  %%os = tensor.extract_slice %%acc%d%s %s %s : %s to %s\n",
          offs, sizes, strides, tt, st, dim - 1, offs, sizes, strides, tt, st);
  slabSoftmaxText(slab, 0, "%xs", "%os", text, size);
  appendf(text, size,
          "  %%ins = tensor.insert_slice %%r into %%acc%d%s %s %s : %s into "
          "%s\n  scf.yield %%ins : %s\n",
          dim - 1, offs, sizes, strides, st, tt, tt);
  for (int d = dim - 1; d > 0; --d)
    appendf(text, size, "  }\n  scf.yield %%res%d : %s\n", d, tt);
  appendf(text, size, "  }\n  return %%res0 : %s\n}\n", tt);
}

static MlirWalkResult setLocationCallback(MlirOperation op, void *user) {
  mlirOperationSetLocation(op, *(MlirLocation *)user);
  return MlirWalkResultAdvance;
}

/* Sets the location of op and everything nested in it. */
static void setLocation(MlirOperation op, MlirLocation loc) {
  mlirOperationWalk(op, setLocationCallback, &loc, MlirWalkPreOrder);
}

/* Replaces `op` by the body of the parsed function `func`, whose arguments
 * stand for op's operands and whose returned values replace op's results. */
static void inlineBefore(MlirOperation op, MlirOperation func) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(body); ++i)
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(body, i),
                                  mlirOperationGetOperand(op, i));
  MlirOperation ret = mlirBlockGetTerminator(body);
  MlirLocation loc = mlirOperationGetLocation(op);
  while (!mlirOperationEqual(mlirBlockGetFirstOperation(body), ret)) {
    MlirOperation inner = mlirBlockGetFirstOperation(body);
    mlirOperationMoveBefore(inner, op);
    setLocation(inner, loc);
  }
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, i),
                                  mlirOperationGetOperand(ret, i));
  mlirOperationDestroy(op);
}

const char *gspmdDecomposeSoftmax(MlirOperation op) {
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType elem = mlirShapedTypeGetElementType(t);
  if (!mlirTypeIsARankedTensor(t) || !mlirShapedTypeHasStaticShape(t) ||
      !mlirTypeIsAFloat(elem) || mlirOperationGetNumOperands(op) != 2)
    return "gspmd-lower-to-mpi: linalg.softmax needs a static float tensor";
  char text[16384];
  int dim = (int)mlirIntegerAttrGetValueInt(
      mlirOperationGetAttributeByName(op, str("dimension")));
  softmaxText(t, dim, text, sizeof(text));
  MlirOperation func =
      mlirOperationCreateParse(mlirOperationGetContext(op), str(text),
                               str("gspmd-lower-to-mpi softmax"));
  if (mlirOperationIsNull(func))
    return "gspmd-lower-to-mpi: internal error decomposing softmax";
  inlineBefore(op, func);
  mlirOperationDestroy(func);
  return NULL;
}
