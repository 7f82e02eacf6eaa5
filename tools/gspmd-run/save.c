/*
 * save.c - gspmd-run's files for other runners (gspmd-xla-run, numpy):
 * --save-reference DIR writes DIR/manifest.json and the unpartitioned
 * program's results (refI.npy as written, ref64_I.npy promoted to f64);
 * --save-results DIR writes the assembled results (resultI.npy).
 *
 * Arrays are .npy version 1.0: the magic "\x93NUMPY", bytes 1 0, a
 * little-endian uint16 header length, then a Python dict literal
 * ({'descr': '<f8', 'fortran_order': False, 'shape': (8, 16), }) padded
 * with spaces and a newline so that the data starts at a multiple of 64,
 * then the row-major data. Floats of every kind are saved as float64
 * ('<f8', exact), integers and i1 as int64 ('<i8'). Assumes a
 * little-endian host (x86-64, AArch64).
 */
#include "run.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* mkdir -p: creates `dir` and its missing parents. */
static bool makeDir(const char *dir) {
  char path[4096];
  snprintf(path, sizeof(path), "%s", dir);
  for (char *p = path + 1;; ++p) {
    bool end = *p == '\0';
    if (*p != '/' && !end)
      continue;
    *p = '\0';
    if (mkdir(path, 0777) != 0 && errno != EEXIST) {
      runError("cannot create directory %s: %s", path, strerror(errno));
      return false;
    }
    if (end)
      return true;
    *p = '/';
  }
}

/* Writes n elements (doubles or int64, 8 bytes each) as DIR/NAME. */
static bool writeNpy(const char *dir, const char *name, bool floats, int rank,
                     const int64_t *shape, const void *data, int64_t n) {
  char path[4096], header[512];
  snprintf(path, sizeof(path), "%s/%s", dir, name);
  int len = snprintf(header, sizeof(header),
                     "{'descr': '%s', 'fortran_order': False, 'shape': (",
                     floats ? "<f8" : "<i8");
  for (int d = 0; d < rank; ++d)
    len += snprintf(header + len, sizeof(header) - (size_t)len,
                    rank == 1 ? "%lld,"
                    : d       ? ", %lld"
                              : "%lld",
                    (long long)shape[d]);
  len += snprintf(header + len, sizeof(header) - (size_t)len, "), }");
  /* 10 bytes of magic, version and length before the header. */
  while ((10 + len + 1) % 64 != 0)
    header[len++] = ' ';
  header[len++] = '\n';
  FILE *f = fopen(path, "wb");
  if (!f) {
    runError("cannot write %s: %s", path, strerror(errno));
    return false;
  }
  unsigned char pre[10] = {0x93,
                           'N',
                           'U',
                           'M',
                           'P',
                           'Y',
                           1,
                           0,
                           (unsigned char)(len & 0xFF),
                           (unsigned char)(len >> 8)};
  bool ok = fwrite(pre, 1, 10, f) == 10 &&
            fwrite(header, 1, (size_t)len, f) == (size_t)len &&
            (n == 0 || fwrite(data, 8, (size_t)n, f) == (size_t)n);
  ok &= fclose(f) == 0;
  if (!ok)
    runError("cannot write %s", path);
  return ok;
}

/* A tensor of layout `t` (global shape, element type `dtype`) as .npy. */
static bool saveTensor(const char *dir, const char *name, const TensorInfo *t,
                       int dtype, const char *data) {
  int64_t n = numElements(t->rank, t->global);
  bool floats = dtypeIsFloat(dtype);
  void *wide = floats ? (void *)tensorToDoubles(dtype, n, data)
                      : (void *)tensorToInts(dtype, n, data);
  bool ok = writeNpy(dir, name, floats, t->rank, t->global, wide, n);
  free(wide);
  return ok;
}

/* `s` as a JSON string literal. */
static void jsonString(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; ++s) {
    if (*s == '"' || *s == '\\')
      fputc('\\', f);
    if ((unsigned char)*s < 0x20)
      fprintf(f, "\\u%04x", *s);
    else
      fputc(*s, f);
  }
  fputc('"', f);
}

static bool writeManifest(const Program *p, const Options *o,
                          const Reference *r, const char *dir) {
  char path[4096];
  snprintf(path, sizeof(path), "%s/manifest.json", dir);
  FILE *f = fopen(path, "w");
  if (!f) {
    runError("cannot write %s: %s", path, strerror(errno));
    return false;
  }
  fprintf(f, "{\"entry\": ");
  jsonString(f, p->entry);
  fprintf(f, ", \"seed\": %llu,\n \"args\": [", (unsigned long long)o->seed);
  for (int i = 0; i < p->num_args; ++i) {
    fprintf(f, "%s{\"type\": ", i ? ", " : "");
    jsonString(f, p->args[i].type_text);
    fprintf(f, "}");
  }
  fprintf(f, "],\n \"results\": [");
  for (int i = 0; i < p->num_results; ++i) {
    fprintf(f, "%s{\"type\": ", i ? ",\n   " : "");
    jsonString(f, p->results[i].type_text);
    fprintf(f, ", \"ref\": \"ref%d.npy\", \"ref64\": ", i);
    if (r->has_wide)
      fprintf(f, "\"ref64_%d.npy\"}", i);
    else
      fprintf(f, "null}");
  }
  fprintf(f, "]");
  if (!r->has_wide) {
    fprintf(f, ",\n \"ref64_error\": ");
    jsonString(f, r->why);
  }
  fprintf(f, "}\n");
  return fclose(f) == 0;
}

bool saveReference(const Program *p, const Options *o, const Reference *r,
                   const char *dir) {
  if (!makeDir(dir))
    return false;
  for (int i = 0; i < p->num_results; ++i) {
    char name[64];
    snprintf(name, sizeof(name), "ref%d.npy", i);
    if (!saveTensor(dir, name, &p->results[i], p->results[i].dtype, r->own[i]))
      return false;
    snprintf(name, sizeof(name), "ref64_%d.npy", i);
    if (r->has_wide && !saveTensor(dir, name, &r->wide_info[i],
                                   r->wide_info[i].dtype, r->wide[i]))
      return false;
  }
  return writeManifest(p, o, r, dir);
}

bool saveResults(const Program *p, char **globals, const char *dir) {
  if (!makeDir(dir))
    return false;
  for (int i = 0; i < p->num_results; ++i) {
    char name[64];
    snprintf(name, sizeof(name), "result%d.npy", i);
    if (!saveTensor(dir, name, &p->results[i], p->results[i].dtype, globals[i]))
      return false;
  }
  return true;
}
