/*
 * dtype.c - element types and reduction ops.
 *
 * Maps the runtime's dtype codes (gspmd_runtime.h) to element sizes and MPI
 * datatypes, and (dtype, kind) to an MPI_Op. Integers use MPI's builtin
 * ops; i1 (one byte, 0 or 1) uses logical or/and. f32 and f64 sum and prod
 * use MPI's builtin ops, their max and min user ops with NaN and signed-zero
 * rules that give every rank the same bits (see "Float reductions"). f16
 * and bf16 travel as MPI_UINT16_T and reduce with user ops that widen each
 * element, combine, and round back to nearest even (f16 through the
 * compiler's _Float16, bf16 by bit manipulation). User ops are created on
 * first use and freed by gspmdRtDtypeFinalize.
 */
#include "internal.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

size_t gspmdRtDtypeSize(const char *op, int64_t dtype) {
  switch (dtype) {
  case GSPMD_F32:
  case GSPMD_I32:
    return 4;
  case GSPMD_F64:
  case GSPMD_I64:
    return 8;
  case GSPMD_F16:
  case GSPMD_BF16:
    return 2;
  case GSPMD_I1:
  case GSPMD_I8:
    return 1;
  default:
    gspmdRtFail(op, "unknown dtype code %lld", (long long)dtype);
  }
}

MPI_Datatype gspmdRtDtypeMPI(int64_t dtype) {
  switch (dtype) {
  case GSPMD_F32:
    return MPI_FLOAT;
  case GSPMD_F64:
    return MPI_DOUBLE;
  case GSPMD_F16:
  case GSPMD_BF16:
    return MPI_UINT16_T;
  case GSPMD_I1:
    return MPI_UINT8_T;
  case GSPMD_I8:
    return MPI_INT8_T;
  case GSPMD_I32:
    return MPI_INT32_T;
  default:
    return MPI_INT64_T;
  }
}

/*===-- Float reductions --------------------------------------------------===*/
/*
 * MPI's builtin MPI_MAX / MPI_MIN on floats compare with `>`, so a NaN wins
 * or loses depending on the operand order, which differs between ranks of
 * one allreduce: replicas of one result would disagree. Float max and min
 * therefore use commutative user ops with one answer for every order: max
 * and min propagate NaN (arith.maximumf / minimumf) and order -0 below +0;
 * maxnum and minnum ignore a NaN operand (arith.maxnumf / minnumf). They pick
 * one of their operands, so computing in double is exact for every float
 * type. f16 and bf16 also need user ops for sum and prod (MPI has no such
 * types): they add or multiply in float and round back to nearest even.
 */

static float bf16ToFloat(uint16_t h) {
  uint32_t bits = (uint32_t)h << 16;
  float f;
  memcpy(&f, &bits, sizeof(f));
  return f;
}

static uint16_t floatToBf16(float f) {
  uint32_t bits;
  memcpy(&bits, &f, sizeof(bits));
  if ((bits & 0x7f800000u) == 0x7f800000u && (bits & 0x007fffffu))
    return (uint16_t)((bits >> 16) | 0x40); /* quiet NaN */
  uint32_t rounding = 0x7fffu + ((bits >> 16) & 1u);
  return (uint16_t)((bits + rounding) >> 16);
}

static float f16ToFloat(uint16_t h) {
  _Float16 x;
  memcpy(&x, &h, sizeof(x));
  return (float)x;
}

static uint16_t floatToF16(float f) {
  _Float16 x = (_Float16)f;
  uint16_t h;
  memcpy(&h, &x, sizeof(h));
  return h;
}

static double pickMax(double a, double b) {
  if (isnan(a) || isnan(b))
    return isnan(a) ? a : b;
  if (a == b) /* +0 above -0 */
    return signbit(a) ? b : a;
  return a > b ? a : b;
}

static double pickMin(double a, double b) {
  if (isnan(a) || isnan(b))
    return isnan(a) ? a : b;
  if (a == b)
    return signbit(a) ? a : b;
  return a < b ? a : b;
}

static double pickMaxNum(double a, double b) {
  return isnan(a) ? b : isnan(b) ? a : pickMax(a, b);
}

static double pickMinNum(double a, double b) {
  return isnan(a) ? b : isnan(b) ? a : pickMin(a, b);
}

static double combine(int kind, double a, double b) {
  switch (kind) {
  case GSPMD_REDUCE_SUM:
    return (float)a + (float)b; /* f16 and bf16 only: in float */
  case GSPMD_REDUCE_PROD:
    return (float)a * (float)b;
  case GSPMD_REDUCE_MAX:
    return pickMax(a, b);
  case GSPMD_REDUCE_MIN:
    return pickMin(a, b);
  case GSPMD_REDUCE_MAXNUM:
    return pickMaxNum(a, b);
  default:
    return pickMinNum(a, b);
  }
}

static double loadF32(const void *p) { return *(const float *)p; }
static void storeF32(void *p, double v) { *(float *)p = (float)v; }
static double loadF64(const void *p) { return *(const double *)p; }
static void storeF64(void *p, double v) { *(double *)p = v; }
static double loadF16(const void *p) {
  return f16ToFloat(*(const uint16_t *)p);
}
static void storeF16(void *p, double v) {
  *(uint16_t *)p = floatToF16((float)v);
}
static double loadBF16(const void *p) {
  return bf16ToFloat(*(const uint16_t *)p);
}
static void storeBF16(void *p, double v) {
  *(uint16_t *)p = floatToBf16((float)v);
}

double gspmd_rt_load_float(int64_t dtype, const void *p) {
  switch (dtype) {
  case GSPMD_F32:
    return loadF32(p);
  case GSPMD_F64:
    return loadF64(p);
  case GSPMD_F16:
    return loadF16(p);
  default:
    return loadBF16(p);
  }
}

void gspmd_rt_store_float(int64_t dtype, void *p, double v) {
  switch (dtype) {
  case GSPMD_F32:
    storeF32(p, v);
    break;
  case GSPMD_F64:
    storeF64(p, v);
    break;
  case GSPMD_F16:
    storeF16(p, v);
    break;
  default:
    storeBF16(p, v);
  }
}

int64_t gspmd_rt_load_int(int64_t dtype, const void *p) {
  switch (dtype) {
  case GSPMD_I1:
    return *(const uint8_t *)p & 1;
  case GSPMD_I8:
    return *(const int8_t *)p;
  case GSPMD_I32: {
    int32_t i;
    memcpy(&i, p, 4);
    return i;
  }
  default: {
    int64_t i;
    memcpy(&i, p, 8);
    return i;
  }
  }
}

void gspmd_rt_store_int(int64_t dtype, void *p, int64_t v) {
  switch (dtype) {
  case GSPMD_I1:
    *(uint8_t *)p = (uint8_t)(v & 1);
    break;
  case GSPMD_I8:
    *(int8_t *)p = (int8_t)(uint8_t)v;
    break;
  case GSPMD_I32: {
    int32_t i = (int32_t)v;
    memcpy(p, &i, 4);
    break;
  }
  default:
    memcpy(p, &v, 8);
  }
}

/* MPI user op bodies: inout[i] = in[i] (op) inout[i]. */
#define GSPMD_RT_FLOAT_OP(NAME, KIND, SIZE, LOAD, STORE)                       \
  static void NAME(void *in, void *inout, int *len, MPI_Datatype *type) {      \
    (void)type;                                                                \
    const char *a = in;                                                        \
    char *b = inout;                                                           \
    for (int i = 0; i < *len; ++i)                                             \
      STORE(b + i * SIZE,                                                      \
            combine(KIND, LOAD(a + i * SIZE), LOAD(b + i * SIZE)));            \
  }

/* max, min, maxnum, minnum for every float type; sum and prod for the
 * 16-bit ones. */
#define GSPMD_RT_ORDER_OPS(T, SIZE, LOAD, STORE)                               \
  GSPMD_RT_FLOAT_OP(T##Max, GSPMD_REDUCE_MAX, SIZE, LOAD, STORE)               \
  GSPMD_RT_FLOAT_OP(T##Min, GSPMD_REDUCE_MIN, SIZE, LOAD, STORE)               \
  GSPMD_RT_FLOAT_OP(T##MaxNum, GSPMD_REDUCE_MAXNUM, SIZE, LOAD, STORE)         \
  GSPMD_RT_FLOAT_OP(T##MinNum, GSPMD_REDUCE_MINNUM, SIZE, LOAD, STORE)
#define GSPMD_RT_ARITH_OPS(T, SIZE, LOAD, STORE)                               \
  GSPMD_RT_FLOAT_OP(T##Sum, GSPMD_REDUCE_SUM, SIZE, LOAD, STORE)               \
  GSPMD_RT_FLOAT_OP(T##Prod, GSPMD_REDUCE_PROD, SIZE, LOAD, STORE)

GSPMD_RT_ORDER_OPS(f32, 4, loadF32, storeF32)
GSPMD_RT_ORDER_OPS(f64, 8, loadF64, storeF64)
GSPMD_RT_ORDER_OPS(f16, 2, loadF16, storeF16)
GSPMD_RT_ORDER_OPS(bf16, 2, loadBF16, storeBF16)
GSPMD_RT_ARITH_OPS(f16, 2, loadF16, storeF16)
GSPMD_RT_ARITH_OPS(bf16, 2, loadBF16, storeBF16)

#define GSPMD_RT_NUM_KINDS 6

/* Indexed by dtype code (f32, f64, f16, bf16) and kind; f32 and f64 sum and
 * prod use MPI's builtin ops (NULL here). */
static MPI_User_function *const kFloatFns[4][GSPMD_RT_NUM_KINDS] = {
    {NULL, f32Max, f32Min, NULL, f32MaxNum, f32MinNum},
    {NULL, f64Max, f64Min, NULL, f64MaxNum, f64MinNum},
    {f16Sum, f16Max, f16Min, f16Prod, f16MaxNum, f16MinNum},
    {bf16Sum, bf16Max, bf16Min, bf16Prod, bf16MaxNum, bf16MinNum},
};
static MPI_Op floatOps[4][GSPMD_RT_NUM_KINDS];
static bool floatOpsCreated[4][GSPMD_RT_NUM_KINDS];

static MPI_Op floatOp(const char *op, int64_t dtype, int64_t kind) {
  if (!floatOpsCreated[dtype][kind]) {
    gspmdRtCheckMPI(
        op, "MPI_Op_create",
        MPI_Op_create(kFloatFns[dtype][kind], 1, &floatOps[dtype][kind]));
    floatOpsCreated[dtype][kind] = true;
  }
  return floatOps[dtype][kind];
}

MPI_Op gspmdRtReduceOp(const char *op, int64_t dtype, int64_t kind) {
  /* Integers: maxnum and minnum are max and min. */
  static const MPI_Op kBuiltin[GSPMD_RT_NUM_KINDS] = {
      MPI_SUM, MPI_MAX, MPI_MIN, MPI_PROD, MPI_MAX, MPI_MIN};
  if (kind < 0 || kind >= GSPMD_RT_NUM_KINDS)
    gspmdRtFail(op, "unknown reduction kind %lld", (long long)kind);
  gspmdRtDtypeSize(op, dtype); /* rejects unknown codes */
  if (dtype <= GSPMD_BF16 && kFloatFns[dtype][kind])
    return floatOp(op, dtype, kind);
  if (dtype == GSPMD_I1)
    return kind == GSPMD_REDUCE_SUM || kind == GSPMD_REDUCE_MAX ||
                   kind == GSPMD_REDUCE_MAXNUM
               ? MPI_LOR
               : MPI_LAND;
  return kBuiltin[kind];
}

void gspmdRtDtypeFinalize(void) {
  for (int t = 0; t < 4; ++t)
    for (int k = 0; k < GSPMD_RT_NUM_KINDS; ++k)
      if (floatOpsCreated[t][k]) {
        MPI_Op_free(&floatOps[t][k]);
        floatOpsCreated[t][k] = false;
      }
}
