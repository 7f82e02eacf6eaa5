/* partition FILE: parses FILE (a module with a gspmd.mesh and shardings),
 * runs gspmd-complete,gspmd-partition through the C API and prints the
 * partitioned module. Built against an installed gspmd-mlir only. */
#include "gspmd-c/Dialect.h"
#include "gspmd-c/Passes.h"

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdio.h>
#include <stdlib.h>

static void printToStdout(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stdout);
}

static char *readFile(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  char *text = NULL;
  size_t size = 0;
  if (fseek(f, 0, SEEK_END) == 0) {
    long n = ftell(f);
    if (n >= 0 && fseek(f, 0, SEEK_SET) == 0) {
      size = (size_t)n;
      text = malloc(size + 1);
    }
  }
  if (text && fread(text, 1, size, f) != size) {
    free(text);
    text = NULL;
  }
  fclose(f);
  if (text)
    text[size] = '\0';
  return text;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s FILE\n", argv[0]);
    return 2;
  }
  char *text = readFile(argv[1]);
  if (!text) {
    fprintf(stderr, "cannot read %s\n", argv[1]);
    return 1;
  }
  MlirContext ctx = gspmdContextCreate();
  gspmdRegisterPasses();
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(text));
  free(text);
  int status = 1;
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "parse failed\n");
  } else {
    MlirLogicalResult r = gspmdRunPipeline(
        module,
        mlirStringRefCreateFromCString("gspmd-complete,gspmd-partition"));
    if (mlirLogicalResultIsSuccess(r)) {
      mlirOperationPrint(mlirModuleGetOperation(module), printToStdout, NULL);
      printf("\n");
      status = 0;
    } else {
      fprintf(stderr, "pipeline failed\n");
    }
    mlirModuleDestroy(module);
  }
  mlirContextDestroy(ctx);
  return status;
}
