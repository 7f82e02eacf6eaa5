/*
 * hlo_sharding.c - libFuzzer target: XLA HloSharding strings both ways
 * (lib/Sharding/hlo.c, pure C, compiled into this target instrumented).
 *
 * Input: byte 0 picks the tensor rank (0..4) and whether the text is
 * imported onto a hint mesh (["a"=2, "b"=4]); the rest is the text. Any
 * text must give a sharding or an error message, never a crash or a leak;
 * a sharding must export, and its export must import back to a sharding
 * that exports to the same text (the round trip is a fixed point).
 */
#include "gspmd/sharding.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void die(const char *what, const char *text) {
  fprintf(stderr, "hlo_sharding: %s: \"%s\"\n", what, text);
  abort();
}

/* Exports s on mesh into a malloc'd string (caller frees). */
static char *exportHlo(const GspmdMesh *mesh, const GspmdSharding *s,
                       int flags) {
  size_t n = gspmdShardingToHlo(mesh, s, flags, NULL, 0);
  char *buf = malloc(n + 1);
  if (gspmdShardingToHlo(mesh, s, flags, buf, n + 1) != n)
    die("export length changed between calls", "");
  return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1 || size > 4096)
    return 0;
  int rank = data[0] % 5;
  bool with_hint = data[0] & 8, explicit_list = data[0] & 16;
  char *text = malloc(size);
  memcpy(text, data + 1, size - 1);
  text[size - 1] = 0;

  GspmdMesh hint = {
      .num_axes = 2, .axis_names = {"a", "b"}, .axis_sizes = {2, 4}};
  GspmdSharding s;
  GspmdOwnedMesh owned;
  memset(&owned, 0, sizeof(owned));
  bool used_hint = false;
  char err[256];
  err[0] = 0;
  if (!gspmdShardingFromHlo(text, rank, with_hint ? &hint : NULL, &s, &owned,
                            &used_hint, err, sizeof(err))) {
    if (!err[0])
      die("import failed without a message", text);
    gspmdOwnedMeshDestroy(&owned);
    free(text);
    return 0;
  }
  const GspmdMesh *mesh = used_hint ? &hint : &owned.mesh;
  int flags = explicit_list ? GSPMD_HLO_EXPLICIT_LIST : GSPMD_HLO_DEFAULT;
  char *once = exportHlo(mesh, &s, flags);

  GspmdSharding s2;
  GspmdOwnedMesh owned2;
  memset(&owned2, 0, sizeof(owned2));
  bool used2 = false;
  if (!gspmdShardingFromHlo(once, rank, with_hint ? &hint : NULL, &s2, &owned2,
                            &used2, err, sizeof(err))) {
    fprintf(stderr, "input \"%s\" exported as \"%s\": %s\n", text, once, err);
    die("export does not import back", once);
  }
  char *twice = exportHlo(used2 ? &hint : &owned2.mesh, &s2, flags);
  if (strcmp(once, twice) != 0) {
    fprintf(stderr, "input \"%s\": \"%s\" then \"%s\"\n", text, once, twice);
    die("round trip is not a fixed point", text);
  }
  free(once);
  free(twice);
  gspmdOwnedMeshDestroy(&owned);
  gspmdOwnedMeshDestroy(&owned2);
  free(text);
  return 0;
}
