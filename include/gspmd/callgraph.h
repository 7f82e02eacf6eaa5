/*
 * gspmd/callgraph.h - the func.call graph of a module's top-level functions.
 *
 * Completion clones a callee per calling context; it needs the functions in
 * an order where every caller comes before its callees (so a callee's call
 * sites are all known, clones' included, when it is reached) and which
 * functions are recursive (never cloned). Strongly connected components
 * (Tarjan, iterative) give both in time linear in the program.
 */
#ifndef GSPMD_CALLGRAPH_H
#define GSPMD_CALLGRAPH_H

#include "gspmd/support.h"

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct GspmdCallGraph {
  int num_funcs;
  /* The top-level func.func ops, callers before callees (functions of one
   * call cycle in any order among themselves). */
  MlirOperation *funcs;
  bool *recursive; /* [i]: funcs[i] is on a call cycle (itself included) */
  int *num_calls;  /* [i]: func.call ops calling funcs[i] */
  GspmdPtrMap by_symbol; /* FlatSymbolRefAttr of a function's name -> i */
} GspmdCallGraph;

/* Builds the graph of the func.call ops (at any depth) in `module`'s
 * top-level functions. Free with gspmdCallGraphFree. */
void gspmdCallGraphBuild(MlirOperation module, GspmdCallGraph *g);

/* Position in g->funcs of the top-level function a func.call calls, or -1
 * (not a func.call, or the callee is not a top-level function). */
int gspmdCallGraphCallee(const GspmdCallGraph *g, MlirOperation call);

void gspmdCallGraphFree(GspmdCallGraph *g);

#ifdef __cplusplus
}
#endif

#endif /* GSPMD_CALLGRAPH_H */
