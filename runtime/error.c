/*
 * error.c - fail-fast error reporting for the runtime.
 *
 * Every error prints one line `gspmd runtime: <op>: <what>` on stderr and
 * calls MPI_Abort(MPI_COMM_WORLD, 1), which takes every rank down: a rank
 * that detects a bad shape alone never leaves the others waiting in a
 * collective. The message goes out in one write (ranks never interleave)
 * and the abort waits 0.2 s so mpirun forwards it before killing the job.
 * Before MPI_Init (or after MPI_Finalize) it exits with status 1.
 */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

_Noreturn void gspmdRtFail(const char *op, const char *fmt, ...) {
  /* One write per message, so lines from several ranks never interleave. */
  char line[1024];
  int n = snprintf(line, sizeof(line), "gspmd runtime: %s: ", op);
  va_list ap;
  va_start(ap, fmt);
  if (n >= 0 && (size_t)n < sizeof(line))
    n += vsnprintf(line + n, sizeof(line) - (size_t)n, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= sizeof(line) - 1)
    n = (int)sizeof(line) - 2;
  line[n++] = '\n';
  if (write(STDERR_FILENO, line, (size_t)n) < 0)
    abort();
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (initialized && !finalized) {
    /* mpirun (hydra) tears the job down on the first MPI_Abort and can drop
     * output it has not forwarded yet: give it a moment to forward ours. */
    struct timespec pause = {0, 200 * 1000 * 1000};
    nanosleep(&pause, NULL);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  exit(1);
}

void gspmdRtCheckMPI(const char *op, const char *call, int rc) {
  if (rc == MPI_SUCCESS)
    return;
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  if (MPI_Error_string(rc, text, &len) != MPI_SUCCESS)
    snprintf(text, sizeof(text), "error code %d", rc);
  gspmdRtFail(op, "%s failed: %s", call, text);
}

void *gspmdRtAlloc(const char *op, size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p)
    gspmdRtFail(op, "out of memory allocating %zu bytes", bytes);
  return p;
}
