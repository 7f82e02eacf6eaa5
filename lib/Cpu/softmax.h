/*
 * softmax.h - the decomposition of linalg.softmax (Softmax.c), for
 * gspmd-lower-to-mpi.
 */
#ifndef GSPMD_TRANSFORMS_SOFTMAX_H
#define GSPMD_TRANSFORMS_SOFTMAX_H

#include "mlir-c/IR.h"

/* Replaces the linalg.softmax `op` (destroyed) by linalg ops computing it
 * on tensors. Returns NULL, or a message (static text) when the op is not
 * on static float tensors; op is then kept. */
const char *gspmdDecomposeSoftmax(MlirOperation op);

#endif
