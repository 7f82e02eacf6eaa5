/*
 * CallGraph.c - the func.call graph of a module's top-level functions, in
 * callers-first order, with recursion marked (gspmd/callgraph.h).
 *
 * Tarjan's algorithm emits each strongly connected component after every
 * component it reaches, i.e. callees first; reversing that emission gives
 * callers first. A component of more than one function, or a function that
 * calls itself, is recursive. Iterative (explicit stack), so deep call chains
 * do not overflow the C stack.
 */
#include "gspmd/callgraph.h"
#include "gspmd/support.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdlib.h>

static bool isFunc(MlirOperation op) {
  return gspmdStringRefEq(gspmdOpName(op), "func.func");
}

int gspmdCallGraphCallee(const GspmdCallGraph *g, MlirOperation call) {
  if (!gspmdStringRefEq(gspmdOpName(call), "func.call"))
    return -1;
  MlirAttribute callee =
      mlirOperationGetAttributeByName(call, gspmdStr("callee"));
  return mlirAttributeIsNull(callee)
             ? -1
             : gspmdPtrMapGet(&g->by_symbol, callee.ptr);
}

typedef struct EdgeWalk {
  const GspmdCallGraph *g;
  int from;
  GspmdVec *edges; /* int: callee position */
  bool *self_call;
  int *num_calls;
} EdgeWalk;

static MlirWalkResult collectEdge(MlirOperation op, void *user) {
  EdgeWalk *w = user;
  int to = gspmdCallGraphCallee(w->g, op);
  if (to >= 0) {
    *(int *)gspmdVecPush(w->edges) = to;
    ++w->num_calls[to];
    if (to == w->from)
      w->self_call[to] = true;
  }
  return MlirWalkResultAdvance;
}

/* Tarjan over positions 0..n-1; writes the vertices in emission order
 * (callees first) to `emitted` and marks members of cycles. */
static void stronglyConnect(int n, const int *edge_begin, const int *edges,
                            int *emitted, bool *recursive) {
  int *index = malloc(sizeof(int) * (size_t)(n + 1));
  int *low = malloc(sizeof(int) * (size_t)(n + 1));
  int *stack = malloc(sizeof(int) * (size_t)(n + 1));
  int *frame_v = malloc(sizeof(int) * (size_t)(n + 1));
  int *frame_e = malloc(sizeof(int) * (size_t)(n + 1));
  bool *on_stack = calloc((size_t)n + 1, sizeof(bool));
  int counter = 0, sp = 0, num_emitted = 0;
  for (int v = 0; v < n; ++v)
    index[v] = -1;
  for (int root = 0; root < n; ++root) {
    if (index[root] >= 0)
      continue;
    int depth = 0;
    int next = root;
    for (;;) {
      if (next >= 0) { /* enter `next` */
        index[next] = low[next] = counter++;
        stack[sp++] = next;
        on_stack[next] = true;
        frame_v[depth] = next;
        frame_e[depth++] = edge_begin[next];
        next = -1;
      }
      int v = frame_v[depth - 1];
      if (frame_e[depth - 1] < edge_begin[v + 1]) {
        int w = edges[frame_e[depth - 1]++];
        if (index[w] < 0)
          next = w;
        else if (on_stack[w] && index[w] < low[v])
          low[v] = index[w];
        continue;
      }
      if (--depth > 0 && low[v] < low[frame_v[depth - 1]])
        low[frame_v[depth - 1]] = low[v];
      if (low[v] == index[v]) {
        int first = num_emitted, w;
        do {
          w = stack[--sp];
          on_stack[w] = false;
          emitted[num_emitted++] = w;
        } while (w != v);
        for (int i = first; num_emitted - first > 1 && i < num_emitted; ++i)
          recursive[emitted[i]] = true;
      }
      if (depth == 0)
        break;
    }
  }
  free(index);
  free(low);
  free(stack);
  free(frame_v);
  free(frame_e);
  free(on_stack);
}

void gspmdCallGraphBuild(MlirOperation module, GspmdCallGraph *g) {
  *g = (GspmdCallGraph){0};
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  GspmdVec funcs;
  gspmdVecInit(&funcs, sizeof(MlirOperation));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!isFunc(op))
      continue;
    gspmdPtrMapPut(&g->by_symbol, gspmdFuncSymbolRef(op).ptr, (int)funcs.size);
    *(MlirOperation *)gspmdVecPush(&funcs) = op;
  }
  int n = (int)funcs.size;
  /* Edges grouped by caller: each function's calls are one walk. */
  GspmdVec edges;
  gspmdVecInit(&edges, sizeof(int));
  int *edge_begin = malloc(sizeof(int) * (size_t)(n + 1));
  bool *recursive = calloc((size_t)n + 1, sizeof(bool));
  int *num_calls = calloc((size_t)n + 1, sizeof(int));
  for (int i = 0; i < n; ++i) {
    edge_begin[i] = (int)edges.size;
    EdgeWalk w = {g, i, &edges, recursive, num_calls};
    mlirOperationWalk(GSPMD_VEC_AT(&funcs, MlirOperation, i), collectEdge, &w,
                      MlirWalkPreOrder);
  }
  edge_begin[n] = (int)edges.size;
  int *emitted = malloc(sizeof(int) * (size_t)(n + 1));
  stronglyConnect(n, edge_begin, (const int *)edges.data, emitted, recursive);
  gspmdPtrMapFree(&g->by_symbol);
  /* Callers first: the emission reversed; the map is rebuilt for the new
   * positions (it held module order for the edges). */
  g->num_funcs = n;
  g->funcs = malloc(sizeof(MlirOperation) * (size_t)(n + 1));
  g->recursive = calloc((size_t)n + 1, sizeof(bool));
  g->num_calls = calloc((size_t)n + 1, sizeof(int));
  for (int k = 0; k < n; ++k) {
    int old = emitted[n - 1 - k];
    g->funcs[k] = GSPMD_VEC_AT(&funcs, MlirOperation, old);
    g->recursive[k] = recursive[old];
    g->num_calls[k] = num_calls[old];
  }
  for (int k = 0; k < n; ++k)
    gspmdPtrMapPut(&g->by_symbol, gspmdFuncSymbolRef(g->funcs[k]).ptr, k);
  free(emitted);
  free(recursive);
  free(num_calls);
  free(edge_begin);
  gspmdVecFree(&edges);
  gspmdVecFree(&funcs);
}

void gspmdCallGraphFree(GspmdCallGraph *g) {
  free(g->funcs);
  free(g->recursive);
  free(g->num_calls);
  gspmdPtrMapFree(&g->by_symbol);
  *g = (GspmdCallGraph){0};
}
