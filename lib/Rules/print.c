/*
 * print.c - a rule in Shardy's notation, for completion's print-rules
 * option: ([i, k], [k, j], [i, j])->([i, j]) {i=8, j=4, k=16} reduction={k}.
 */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *factorName(int f, char *buf) {
  if (f < 26) {
    buf[0] = (char)('i' + f <= 'z' ? 'i' + f : 'a' + (f - ('z' - 'i' + 1)));
    buf[1] = '\0';
  } else {
    snprintf(buf, 8, "f%d", f);
  }
  return buf;
}

typedef struct Printer {
  char *buf;
  size_t size, len;
} Printer;

static void emit(Printer *p, const char *s) {
  size_t n = strlen(s);
  if (p->len + n < p->size)
    memcpy(p->buf + p->len, s, n + 1);
  else if (p->len < p->size)
    p->buf[p->size - 1] = '\0';
  p->len += n;
}

static void printTensor(Printer *p, const GspmdRuleTensor *t) {
  char name[8];
  emit(p, "[");
  for (int d = 0; d < t->rank; ++d) {
    if (d)
      emit(p, ", ");
    if (t->dim_num_factors[d] == 0)
      emit(p, "_");
    if (t->dim_window[d])
      emit(p, "~");
    for (int k = 0; k < t->dim_num_factors[d]; ++k)
      emit(p, factorName(t->dim_factors[d][k], name));
  }
  emit(p, "]");
}

static void printKindSet(Printer *p, const GspmdOpRule *r, GspmdFactorKind kind,
                         const char *label) {
  char name[8];
  int n = 0;
  for (int f = 0; f < r->num_factors; ++f) {
    if (r->factor_kind[f] != kind)
      continue;
    emit(p, n++ ? ", " : label);
    emit(p, factorName(f, name));
  }
  if (n)
    emit(p, "}");
}

size_t gspmdRulePrint(const GspmdOpRule *r, char *buf, size_t buf_size) {
  Printer p = {buf, buf_size, 0};
  if (buf_size)
    buf[0] = '\0';
  char text[64];
  for (int pass = 0; pass < 2; ++pass) {
    emit(&p, pass ? "->(" : "(");
    int n = 0;
    for (int t = 0; t < r->num_tensors; ++t) {
      bool is_result = r->tensors[t].role == GSPMD_ROLE_RESULT;
      if (is_result != (pass == 1))
        continue;
      if (n++)
        emit(&p, ", ");
      printTensor(&p, &r->tensors[t]);
    }
    emit(&p, ")");
  }
  emit(&p, " {");
  bool first = true;
  for (int f = 0; f < r->num_factors; ++f) {
    if (r->factor_size[f] < 0 && r->factor_kind[f] == GSPMD_FACTOR_PARALLEL)
      continue;
    char name[8];
    /* A dynamic size (negative) prints as MLIR prints it: `?`. */
    if (r->factor_size[f] < 0)
      snprintf(text, sizeof(text), "%s%s=?", first ? "" : ", ",
               factorName(f, name));
    else
      snprintf(text, sizeof(text), "%s%s=%lld", first ? "" : ", ",
               factorName(f, name), (long long)r->factor_size[f]);
    emit(&p, text);
    first = false;
  }
  emit(&p, "}");
  printKindSet(&p, r, GSPMD_FACTOR_REDUCTION, " reduction={");
  printKindSet(&p, r, GSPMD_FACTOR_WINDOW, " window={");
  printKindSet(&p, r, GSPMD_FACTOR_REPLICATED, " replicated={");
  return p.len;
}
