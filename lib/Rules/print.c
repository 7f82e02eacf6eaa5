/*
 * print.c - a rule in Shardy's notation, for completion's print-rules
 * option: ([i, k], [k, j], [i, j])->([i, j]) {i=8, j=4, k=16} reduction={k}.
 */
#include "internal.h"

#include <stdio.h>

static const char *factorName(int f, char *buf) {
  if (f < 26) {
    buf[0] = (char)('i' + f <= 'z' ? 'i' + f : 'a' + (f - ('z' - 'i' + 1)));
    buf[1] = '\0';
  } else {
    snprintf(buf, 8, "f%d", f);
  }
  return buf;
}

static void printTensor(GspmdWriter *p, const GspmdRuleTensor *t) {
  char name[8];
  gspmdPut(p, "%s", "[");
  for (int d = 0; d < t->rank; ++d) {
    if (d)
      gspmdPut(p, "%s", ", ");
    if (t->dim_num_factors[d] == 0)
      gspmdPut(p, "%s", "_");
    if (t->dim_window[d])
      gspmdPut(p, "%s", "~");
    for (int k = 0; k < t->dim_num_factors[d]; ++k)
      gspmdPut(p, "%s", factorName(t->dim_factors[d][k], name));
  }
  gspmdPut(p, "%s", "]");
}

static void printKindSet(GspmdWriter *p, const GspmdOpRule *r,
                         GspmdFactorKind kind, const char *label) {
  char name[8];
  int n = 0;
  for (int f = 0; f < r->num_factors; ++f) {
    if (r->factor_kind[f] != kind)
      continue;
    gspmdPut(p, "%s", n++ ? ", " : label);
    gspmdPut(p, "%s", factorName(f, name));
  }
  if (n)
    gspmdPut(p, "%s", "}");
}

size_t gspmdRulePrint(const GspmdOpRule *r, char *buf, size_t buf_size) {
  GspmdWriter p = {buf, buf_size, 0};
  if (buf_size)
    buf[0] = '\0';
  for (int pass = 0; pass < 2; ++pass) {
    gspmdPut(&p, "%s", pass ? "->(" : "(");
    int n = 0;
    for (int t = 0; t < r->num_tensors; ++t) {
      bool is_result = r->tensors[t].role == GSPMD_ROLE_RESULT;
      if (is_result != (pass == 1))
        continue;
      if (n++)
        gspmdPut(&p, "%s", ", ");
      printTensor(&p, &r->tensors[t]);
    }
    gspmdPut(&p, "%s", ")");
  }
  gspmdPut(&p, "%s", " {");
  bool first = true;
  for (int f = 0; f < r->num_factors; ++f) {
    if (r->factor_size[f] < 0 && r->factor_kind[f] == GSPMD_FACTOR_PARALLEL)
      continue;
    char name[8];
    /* A dynamic size (negative) prints as MLIR prints it: `?`. */
    if (r->factor_size[f] < 0)
      gspmdPut(&p, "%s%s=?", first ? "" : ", ", factorName(f, name));
    else
      gspmdPut(&p, "%s%s=%lld", first ? "" : ", ", factorName(f, name),
               (long long)r->factor_size[f]);
    first = false;
  }
  gspmdPut(&p, "%s", "}");
  printKindSet(&p, r, GSPMD_FACTOR_REDUCTION, " reduction={");
  printKindSet(&p, r, GSPMD_FACTOR_WINDOW, " window={");
  printKindSet(&p, r, GSPMD_FACTOR_REPLICATED, " replicated={");
  return p.len;
}
