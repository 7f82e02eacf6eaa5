/*
 * dtype.c - element types and reduction ops.
 *
 * Maps the runtime's dtype codes (gspmd_runtime.h) to element sizes and MPI
 * datatypes, and (dtype, kind) to an MPI_Op. Float and integer types use
 * MPI's builtin ops; i1 (one byte, 0 or 1) uses logical or/and. f16 and bf16
 * travel as MPI_UINT16_T and reduce with user-defined commutative ops that
 * widen each element to float, combine, and round back to nearest even
 * (f16 through the compiler's _Float16, bf16 by bit manipulation). The user
 * ops are created on first use and freed by gspmdRtDtypeFinalize.
 */
#include "internal.h"

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

/*===-- 16-bit floats -----------------------------------------------------===*/

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

static float combine(int kind, float a, float b) {
  switch (kind) {
  case GSPMD_REDUCE_SUM:
    return a + b;
  case GSPMD_REDUCE_MAX:
    return a > b || a != a ? a : b; /* NaN propagates */
  case GSPMD_REDUCE_MIN:
    return a < b || a != a ? a : b;
  default:
    return a * b;
  }
}

/* MPI user op bodies: inout[i] = in[i] (op) inout[i]. */
#define GSPMD_RT_HALF_OP(NAME, KIND, TO_FLOAT, FROM_FLOAT)                     \
  static void NAME(void *in, void *inout, int *len, MPI_Datatype *type) {      \
    (void)type;                                                                \
    const uint16_t *a = in;                                                    \
    uint16_t *b = inout;                                                       \
    for (int i = 0; i < *len; ++i)                                             \
      b[i] = FROM_FLOAT(combine(KIND, TO_FLOAT(a[i]), TO_FLOAT(b[i])));        \
  }

GSPMD_RT_HALF_OP(f16Sum, GSPMD_REDUCE_SUM, f16ToFloat, floatToF16)
GSPMD_RT_HALF_OP(f16Max, GSPMD_REDUCE_MAX, f16ToFloat, floatToF16)
GSPMD_RT_HALF_OP(f16Min, GSPMD_REDUCE_MIN, f16ToFloat, floatToF16)
GSPMD_RT_HALF_OP(f16Prod, GSPMD_REDUCE_PROD, f16ToFloat, floatToF16)
GSPMD_RT_HALF_OP(bf16Sum, GSPMD_REDUCE_SUM, bf16ToFloat, floatToBf16)
GSPMD_RT_HALF_OP(bf16Max, GSPMD_REDUCE_MAX, bf16ToFloat, floatToBf16)
GSPMD_RT_HALF_OP(bf16Min, GSPMD_REDUCE_MIN, bf16ToFloat, floatToBf16)
GSPMD_RT_HALF_OP(bf16Prod, GSPMD_REDUCE_PROD, bf16ToFloat, floatToBf16)

static MPI_User_function *const kHalfFns[2][4] = {
    {f16Sum, f16Max, f16Min, f16Prod},
    {bf16Sum, bf16Max, bf16Min, bf16Prod},
};
static MPI_Op halfOps[2][4];
static bool halfOpsCreated[2][4];

static MPI_Op halfOp(const char *op, int which, int kind) {
  if (!halfOpsCreated[which][kind]) {
    gspmdRtCheckMPI(
        op, "MPI_Op_create",
        MPI_Op_create(kHalfFns[which][kind], 1, &halfOps[which][kind]));
    halfOpsCreated[which][kind] = true;
  }
  return halfOps[which][kind];
}

MPI_Op gspmdRtReduceOp(const char *op, int64_t dtype, int64_t kind) {
  static const MPI_Op kBuiltin[4] = {MPI_SUM, MPI_MAX, MPI_MIN, MPI_PROD};
  if (kind < 0 || kind > GSPMD_REDUCE_PROD)
    gspmdRtFail(op, "unknown reduction kind %lld", (long long)kind);
  switch (dtype) {
  case GSPMD_F16:
    return halfOp(op, 0, (int)kind);
  case GSPMD_BF16:
    return halfOp(op, 1, (int)kind);
  case GSPMD_I1:
    return kind == GSPMD_REDUCE_SUM || kind == GSPMD_REDUCE_MAX ? MPI_LOR
                                                                : MPI_LAND;
  default:
    gspmdRtDtypeSize(op, dtype); /* rejects unknown codes */
    return kBuiltin[kind];
  }
}

void gspmdRtDtypeFinalize(void) {
  for (int w = 0; w < 2; ++w)
    for (int k = 0; k < 4; ++k)
      if (halfOpsCreated[w][k]) {
        MPI_Op_free(&halfOps[w][k]);
        halfOpsCreated[w][k] = false;
      }
}
