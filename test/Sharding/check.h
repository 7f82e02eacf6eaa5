/*
 * test/Sharding/check.h - the checks of the algebra's C unit tests.
 *
 * No framework: each CHECK counts one check and prints file:line on a
 * failure; a test ends by printing "<name>: N checks, M failed" from
 * num_checks and num_failed and exits non-zero on any failure. Included by
 * one .c file per test executable, so the statics are per test.
 */
#ifndef GSPMD_TEST_SHARDING_CHECK_H
#define GSPMD_TEST_SHARDING_CHECK_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int num_checks, num_failed;

static void checkTrue(bool ok, const char *file, int line, const char *what) {
  ++num_checks;
  if (!ok) {
    ++num_failed;
    printf("%s:%d: CHECK failed: %s\n", file, line, what);
  }
}

static void checkInt(int64_t got, int64_t want, const char *file, int line,
                     const char *what) {
  ++num_checks;
  if (got != want) {
    ++num_failed;
    printf("%s:%d: CHECK failed: %s is %lld, expected %lld\n", file, line, what,
           (long long)got, (long long)want);
  }
}

static void checkStr(const char *got, const char *want, const char *file,
                     int line, const char *what) {
  ++num_checks;
  if (!got)
    got = "(null)";
  if (strcmp(got, want) != 0) {
    ++num_failed;
    printf("%s:%d: CHECK failed: %s is \"%s\", expected \"%s\"\n", file, line,
           what, got, want);
  }
}

/* Substring check, for diagnostics whose exact wording may grow. */
static void checkContains(const char *got, const char *want, const char *file,
                          int line, const char *what) {
  ++num_checks;
  if (!strstr(got, want)) {
    ++num_failed;
    printf("%s:%d: CHECK failed: %s is \"%s\", expected to contain \"%s\"\n",
           file, line, what, got, want);
  }
}

#define CHECK(c) checkTrue((c), __FILE__, __LINE__, #c)
#define CHECK_INT(a, b) checkInt((a), (b), __FILE__, __LINE__, #a)
#define CHECK_STR(a, b) checkStr((a), (b), __FILE__, __LINE__, #a)
#define CHECK_CONTAINS(a, b) checkContains((a), (b), __FILE__, __LINE__, #a)

#endif /* GSPMD_TEST_SHARDING_CHECK_H */
