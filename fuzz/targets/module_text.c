/*
 * module_text.c - libFuzzer target: whole modules and pipelines through
 * gspmdTransformText (the C API entry point for text: mesh ops, sharding
 * attributes on functions and ops, collectives and region ops, every
 * verifier; and the pass pipeline text with our passes' options).
 *
 * Input: byte 0 picks the mode. Even: the rest is a module, parsed and
 * verified (pipeline empty). Odd: the rest is a pipeline, run on a small
 * fixed annotated module. Either must end in output or diagnostics (a
 * failure result), never a crash or a leak.
 */
#include "gspmd-c/Passes.h"

#include <stdlib.h>
#include <string.h>

static const char *kModule =
    "gspmd.mesh @m [\"a\"=2, \"b\"=2]\n"
    "func.func @main(%x: tensor<8x6xf32> {gspmd.sharding = "
    "#gspmd.tiled<@m, [[\"a\"], [\"b\"]]>}, %w: tensor<6x4xf32>) -> "
    "tensor<8x4xf32> {\n"
    "  %z = arith.constant 0.0 : f32\n"
    "  %e = tensor.empty() : tensor<8x4xf32>\n"
    "  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x4xf32>) -> "
    "tensor<8x4xf32>\n"
    "  %m = linalg.matmul ins(%x, %w : tensor<8x6xf32>, tensor<6x4xf32>) "
    "outs(%f : tensor<8x4xf32>) -> tensor<8x4xf32>\n"
    "  return %m : tensor<8x4xf32>\n}\n";

static void ignore(MlirStringRef s, void *user) {
  (void)s;
  (void)user;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1 || size > 8192)
    return 0;
  MlirStringRef text = {(const char *)data + 1, size - 1};
  if (data[0] & 1) {
    /* Passes that run forever on purpose do not exist; lowering pipelines
     * are not ours to fuzz (upstream's), so only gspmd- passes are run. */
    if (size > 200 || memmem(data + 1, size - 1, "gspmd-", 6) == NULL)
      return 0;
    gspmdTransformText(mlirStringRefCreateFromCString(kModule), text, ignore,
                       ignore, NULL);
  } else {
    gspmdTransformText(text, mlirStringRefCreateFromCString(""), ignore, ignore,
                       NULL);
  }
  return 0;
}
