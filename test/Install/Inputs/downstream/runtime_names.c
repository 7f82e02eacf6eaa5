/* runtime-names: links the installed MPI runtime (GSPMD::Runtime) and prints
 * its collective names, which need no MPI initialisation. */
#include "gspmd_runtime.h"

#include <stdio.h>

int main(void) {
  for (int64_t kind = 0; kind < GSPMD_RT_NUM_COLLECTIVES; ++kind)
    printf("%s\n", gspmd_rt_collective_name(kind));
  return 0;
}
