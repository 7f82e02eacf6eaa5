/*
 * ShowShardings.c - gspmd-show-shardings: where the entry's tensors live.
 *
 * Emits one remark per argument and result of the entry function, at the
 * function, drawing the tensor's blocks and the devices that hold each (as
 * jax.debug.visualize_array_sharding does). The first line gives the value,
 * its global type, its sharding, the per-device (ceil) shape, each uneven
 * dim's last block, and the number of blocks and of copies of each. In the
 * grid, rows are the blocks of the first split dim and columns those of the
 * second (a split dim 0 of a rank-2 tensor alone is a column, any other
 * single split dim a row); above rank 2, rows enumerate the blocks of all
 * split dims but the last (labelled with their block indices) and columns
 * are the last split dim's. A cell lists the ids of the devices holding its
 * block (every replica); a replicated value is one cell. Pictures are capped
 * at 64 cells and 16 ids per cell, the rest elided with "...".
 *
 * Option entry=NAME; by default the only public function with a body
 * (gspmdFindEntry, gspmd-run's rule).
 *
 * Assumes it runs after gspmd-complete: a value without a gspmd.sharding is
 * shown as replicated and its remark says so. Unlike the compiling passes,
 * its work is linear in the number of devices (it lists them), once per
 * value. The module is not changed.
 */
#include "gspmd/passes.h"
#include "gspmd/sharding.h"
#include "gspmd/support.h"

#include "gspmd-c/Dialect.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CELLS 64
#define MAX_COLUMNS 16
#define MAX_CELL_DEVICES 16

/* One block of the picture: how many devices hold it and the smallest ids
 * among them, ascending. */
typedef struct Cell {
  int64_t count;
  int num_shown;
  int64_t ids[MAX_CELL_DEVICES];
} Cell;

/* The grid of one value: rows x cols blocks, of which the first
 * shown_rows x shown_cols are drawn. */
typedef struct Grid {
  int num_split; /* dims split into more than one block */
  int split[GSPMD_MAX_RANK];
  int64_t counts[GSPMD_MAX_RANK]; /* blocks of split[k] */
  int num_row_dims;               /* split[0..num_row_dims) make the rows */
  bool labelled;                  /* rows carry their block indices */
  int64_t rows, cols, shown_rows, shown_cols;
  Cell cells[MAX_CELLS];
} Grid;

/* What the picture is drawn from: the value's mesh (null when unknown) and
 * sharding, and its global shape. */
typedef struct Layout {
  const GspmdMesh *mesh;
  GspmdSharding sharding;
  int rank;
  int64_t shape[GSPMD_MAX_RANK];
} Layout;

static void printToFile(MlirStringRef s, void *user) {
  fwrite(s.data, 1, s.length, (FILE *)user);
}

/*===-- The grid ----------------------------------------------------------===*/

/* Chooses rows and columns (see the file comment). */
static void gridShape(Grid *g, const Layout *l) {
  g->num_split = 0;
  for (int d = 0; d < l->rank; ++d) {
    int64_t count = gspmdShardCount(l->mesh, &l->sharding, d);
    if (count > 1) {
      g->split[g->num_split] = d;
      g->counts[g->num_split++] = count;
    }
  }
  bool column = l->rank == 2 && g->num_split == 1 && g->split[0] == 0;
  g->num_row_dims = column ? 1 : g->num_split > 0 ? g->num_split - 1 : 0;
  g->labelled = l->rank > 2 && g->num_row_dims > 0;
  g->rows = 1;
  for (int k = 0; k < g->num_row_dims; ++k)
    g->rows *= g->counts[k];
  g->cols = column || g->num_split == 0 ? 1 : g->counts[g->num_split - 1];
  g->shown_cols = g->cols < MAX_COLUMNS ? g->cols : MAX_COLUMNS;
  int64_t fit = MAX_CELLS / g->shown_cols;
  g->shown_rows = g->rows < fit ? g->rows : fit;
}

/* Keeps the MAX_CELL_DEVICES smallest ids of a cell, in order. */
static void cellAdd(Cell *c, int64_t id) {
  ++c->count;
  int i = c->num_shown;
  if (i == MAX_CELL_DEVICES) {
    if (id >= c->ids[i - 1])
      return;
    --i;
  } else {
    ++c->num_shown;
  }
  for (; i > 0 && c->ids[i - 1] > id; --i)
    c->ids[i] = c->ids[i - 1];
  c->ids[i] = id;
}

/* The mesh without its devices list, on which a device id is its row-major
 * position: the shard index of a position is read there in O(1), where the
 * mesh itself would look the device's position up in O(devices) first. Ids
 * still come from the mesh (gspmdMeshDeviceAtPosition). */
static GspmdMesh byPosition(const GspmdMesh *mesh) {
  GspmdMesh m = *mesh;
  m.devices = NULL;
  return m;
}

/* Puts every device in the cell of its block, enumerating mesh positions. */
static void gridFill(Grid *g, const Layout *l) {
  GspmdMesh by_position = byPosition(l->mesh);
  int64_t n = gspmdMeshNumDevices(l->mesh);
  for (int64_t pos = 0; pos < n; ++pos) {
    int64_t row = 0, col = 0;
    for (int k = 0; k < g->num_split; ++k) {
      int64_t index =
          gspmdShardIndex(&by_position, &l->sharding, g->split[k], pos);
      if (k < g->num_row_dims)
        row = row * g->counts[k] + index;
      else
        col = index;
    }
    if (row < g->shown_rows && col < g->shown_cols)
      cellAdd(&g->cells[row * g->shown_cols + col],
              gspmdMeshDeviceAtPosition(l->mesh, pos));
  }
}

/*===-- Drawing -----------------------------------------------------------===*/

/* The text of a cell: its ids separated by commas, "..." for the rest. */
static void cellText(const Cell *c, char *buf, size_t size) {
  size_t len = 0;
  buf[0] = '\0';
  for (int i = 0; i < c->num_shown && len < size; ++i)
    len += (size_t)snprintf(buf + len, size - len, "%s%lld", i ? "," : "",
                            (long long)c->ids[i]);
  if (c->count > c->num_shown && len < size)
    snprintf(buf + len, size - len, ",...");
}

/* The label of row r: the block index of each row dim ("d0=1 d1=0"). */
static void rowLabel(const Grid *g, int64_t r, char *buf, size_t size) {
  int64_t index[GSPMD_MAX_RANK];
  for (int k = g->num_row_dims - 1; k >= 0; --k) {
    index[k] = r % g->counts[k];
    r /= g->counts[k];
  }
  size_t len = 0;
  buf[0] = '\0';
  for (int k = 0; k < g->num_row_dims && len < size; ++k)
    len += (size_t)snprintf(buf + len, size - len, "%sd%d=%lld", k ? " " : "",
                            g->split[k], (long long)index[k]);
}

static void repeat(FILE *out, char c, int n) {
  for (int i = 0; i < n; ++i)
    fputc(c, out);
}

static void border(FILE *out, int label_width, int64_t cols, int width) {
  repeat(out, ' ', label_width);
  for (int64_t c = 0; c < cols; ++c) {
    fputc('+', out);
    repeat(out, '-', width);
  }
  fputs("+\n", out);
}

/* A text centred in `width` columns (the extra space on the right). */
static void centred(FILE *out, const char *text, int width) {
  int len = (int)strlen(text);
  repeat(out, ' ', (width - len) / 2);
  fputs(text, out);
  repeat(out, ' ', width - len - (width - len) / 2);
}

/* Cell texts are at most 16 ids of 20 characters and ",...". */
#define CELL_TEXT 400
#define LABEL_TEXT 256

/* Draws the grid with `texts[i]` in cell i; cells are as wide as the widest
 * text plus two spaces on each side. */
static void drawGrid(FILE *out, const Grid *g, char (*texts)[CELL_TEXT]) {
  int width = 0, label_width = 0;
  char label[LABEL_TEXT];
  for (int64_t i = 0; i < g->shown_rows * g->shown_cols; ++i)
    if ((int)strlen(texts[i]) > width)
      width = (int)strlen(texts[i]);
  width += 4;
  for (int64_t r = 0; g->labelled && r < g->shown_rows; ++r) {
    rowLabel(g, r, label, sizeof(label));
    if ((int)strlen(label) + 1 > label_width)
      label_width = (int)strlen(label) + 1;
  }
  for (int64_t r = 0; r < g->shown_rows; ++r) {
    border(out, label_width, g->shown_cols, width);
    label[0] = '\0';
    if (g->labelled)
      rowLabel(g, r, label, sizeof(label));
    fprintf(out, "%-*s", label_width, label);
    for (int64_t c = 0; c < g->shown_cols; ++c) {
      fputc('|', out);
      centred(out, texts[r * g->shown_cols + c], width);
    }
    fputs(g->cols > g->shown_cols ? "| ...\n" : "|\n", out);
  }
  border(out, label_width, g->shown_cols, width);
  if (g->rows > g->shown_rows) {
    repeat(out, ' ', label_width);
    fputs("...\n", out);
  }
}

/* "rows: blocks of dims 0, 1; columns: blocks of dim 2", above rank 2 where
 * the jax convention (rows dim 0, columns dim 1) does not say it. */
static void drawAxesLine(FILE *out, const Grid *g) {
  if (g->num_row_dims > 0) {
    fprintf(out, "rows: blocks of dim%s ", g->num_row_dims > 1 ? "s" : "");
    for (int k = 0; k < g->num_row_dims; ++k)
      fprintf(out, "%s%d", k ? ", " : "", g->split[k]);
    fputs("; ", out);
  }
  fprintf(out, "columns: blocks of dim %d\n", g->split[g->num_split - 1]);
}

/* The picture of a value whose mesh is known. */
static void drawSplit(FILE *out, const Layout *l) {
  Grid *g = calloc(1, sizeof(Grid));
  char(*texts)[CELL_TEXT] = calloc(MAX_CELLS, CELL_TEXT);
  gridShape(g, l);
  if (g->num_split == 0) {
    int64_t n = gspmdMeshNumDevices(l->mesh);
    snprintf(texts[0], CELL_TEXT, n == 1 ? "device %lld" : "all %lld devices",
             (long long)(n == 1 ? gspmdMeshDeviceAtPosition(l->mesh, 0) : n));
  } else {
    gridFill(g, l);
    for (int64_t i = 0; i < g->shown_rows * g->shown_cols; ++i)
      cellText(&g->cells[i], texts[i], CELL_TEXT);
    if (l->rank > 2)
      drawAxesLine(out, g);
  }
  drawGrid(out, g, texts);
  free(texts);
  free(g);
}

/*===-- The first line ----------------------------------------------------===*/

/* "8x?x16": sizes, negative for a dynamic dim. */
static void printDims(FILE *out, int rank, const int64_t *sizes) {
  for (int d = 0; d < rank; ++d) {
    if (d)
      fputc('x', out);
    if (sizes[d] < 0)
      fputc('?', out);
    else
      fprintf(out, "%lld", (long long)sizes[d]);
  }
}

/* "4x4", "3x16, uneven dim 0: last block 1" for a value whose mesh is
 * known. The last block of every dim is the one at the last mesh position
 * (every coordinate at its largest, so every shard index too). */
static void printLocalShape(FILE *out, const Layout *l) {
  GspmdMesh by_position = byPosition(l->mesh);
  int64_t last = gspmdMeshNumDevices(l->mesh) - 1;
  int64_t local[GSPMD_MAX_RANK];
  for (int d = 0; d < l->rank; ++d)
    local[d] = l->shape[d] < 0
                   ? -1
                   : gspmdShardSize(l->mesh, &l->sharding, d, l->shape[d]);
  printDims(out, l->rank, local);
  for (int d = 0; d < l->rank; ++d) {
    if (l->shape[d] < 0)
      continue;
    int64_t tail =
        gspmdShardValidSize(&by_position, &l->sharding, d, l->shape[d], last);
    if (tail < local[d])
      fprintf(out, ", uneven dim %d: last block %lld", d, (long long)tail);
  }
}

static void printCounts(FILE *out, int64_t blocks, int64_t copies) {
  fprintf(out, " (%lld block%s, %lld cop%s%s)\n", (long long)blocks,
          blocks == 1 ? "" : "s", (long long)copies, copies == 1 ? "y" : "ies",
          blocks == 1 ? "" : " each");
}

/* The first line after the value's name, type and sharding. */
static void printSummary(FILE *out, const Layout *l) {
  fputs(": per device ", out);
  printLocalShape(out, l);
  int64_t blocks = gspmdShardingNumTiles(l->mesh, &l->sharding);
  printCounts(out, blocks, gspmdMeshNumDevices(l->mesh) / blocks);
}

/*===-- One value ---------------------------------------------------------===*/

/* The module's meshes, read once per run. */
typedef struct Show {
  GspmdVec meshes; /* GspmdModuleMesh */
  GspmdArena arena;
} Show;

/* The only valid mesh of the module, or null: a replicated value names no
 * mesh, and the devices it lives on are known only when there is one. */
static const GspmdMesh *onlyMesh(const Show *s) {
  const GspmdMesh *found = NULL;
  for (size_t i = 0; i < s->meshes.size; ++i) {
    const GspmdModuleMesh *m = &GSPMD_VEC_AT(&s->meshes, GspmdModuleMesh, i);
    if (!m->valid)
      continue;
    if (found)
      return NULL;
    found = &m->mesh;
  }
  return found;
}

/* Reads the value's layout; false (with `why` written) when its sharding
 * cannot be read on the mesh it names. */
static bool readLayout(const Show *s, MlirType type, MlirAttribute sharding,
                       Layout *l, const char **why) {
  l->rank = (int)mlirShapedTypeGetRank(type);
  if (l->rank > GSPMD_MAX_RANK) {
    *why = "rank above 16";
    return false;
  }
  for (int d = 0; d < l->rank; ++d)
    l->shape[d] = mlirShapedTypeIsDynamicDim(type, d)
                      ? -1
                      : mlirShapedTypeGetDimSize(type, d);
  l->mesh = onlyMesh(s);
  l->sharding = gspmdShardingReplicated(l->rank);
  if (mlirAttributeIsNull(sharding) || gspmdAttributeIsAReplicated(sharding))
    return true;
  if (!gspmdAttributeIsASharding(sharding)) {
    *why = "it is not a gspmd sharding";
    return false;
  }
  int m = gspmdFindMesh(&s->meshes, gspmdShardingGetMeshName(sharding));
  const GspmdModuleMesh *mm =
      m < 0 ? NULL : &GSPMD_VEC_AT(&s->meshes, GspmdModuleMesh, m);
  if (!mm || !mm->valid) {
    *why = "its mesh is not a valid gspmd.mesh of the module";
    return false;
  }
  l->mesh = &mm->mesh;
  if (!gspmdShardingFromAttr(sharding, l->mesh, l->rank, &l->sharding)) {
    *why = "it does not fit the tensor's rank or the mesh's axes";
    return false;
  }
  return true;
}

/* The picture of a replicated value when the module has several meshes
 * (or none): the devices it lives on are not known. */
static void drawUnknownMesh(FILE *out, const Layout *l) {
  fputs(": per device ", out);
  printDims(out, l->rank, l->shape);
  fputs(" (1 block, a copy on every device)\n", out);
  Grid g = {.rows = 1, .cols = 1, .shown_rows = 1, .shown_cols = 1};
  char text[1][CELL_TEXT] = {"all devices"};
  drawGrid(out, &g, text);
}

/* Writes the remark text of one value (`name` is "%arg0" or "result #0"). */
static void describe(FILE *out, const Show *s, const char *name, MlirType type,
                     MlirAttribute sharding) {
  fprintf(out, "%s ", name);
  mlirTypePrint(type, printToFile, out);
  if (!mlirTypeIsARankedTensor(type)) {
    /* Scalars are replicated in an SPMD program; an unranked tensor has no
     * blocks to draw. */
    fputs(mlirTypeIsATensor(type) ? ": unranked, no picture"
                                  : ": not a tensor, every device holds it",
          out);
    return;
  }
  fputc(' ', out);
  if (mlirAttributeIsNull(sharding))
    fputs("(no gspmd.sharding, taken as replicated)", out);
  else
    mlirAttributePrint(sharding, printToFile, out);
  Layout l;
  const char *why = NULL;
  if (!readLayout(s, type, sharding, &l, &why)) {
    fprintf(out, ": cannot be shown: %s", why);
    return;
  }
  if (!l.mesh) {
    drawUnknownMesh(out, &l);
    return;
  }
  printSummary(out, &l);
  drawSplit(out, &l);
}

/* Emits the remark of one value at loc (the text without its last
 * newline). */
static void remarkValue(const Show *s, MlirLocation loc, const char *name,
                        MlirType type, MlirAttribute sharding) {
  char *text = NULL;
  size_t size = 0;
  FILE *out = open_memstream(&text, &size);
  describe(out, s, name, type, sharding);
  fclose(out);
  if (size > 0 && text[size - 1] == '\n')
    text[size - 1] = '\0';
  gspmdEmitRemark(loc, text);
  free(text);
}

/*===-- The pass ----------------------------------------------------------===*/

static MlirAttribute dictEntry(MlirAttribute array, intptr_t i,
                               MlirStringRef name) {
  if (mlirAttributeIsNull(array) || i >= mlirArrayAttrGetNumElements(array))
    return (MlirAttribute){NULL};
  return mlirDictionaryAttrGetElementByName(mlirArrayAttrGetElement(array, i),
                                            name);
}

static void showEntry(const Show *s, MlirOperation f) {
  MlirLocation loc = mlirOperationGetLocation(f);
  MlirType type = mlirTypeAttrGetValue(
      mlirOperationGetAttributeByName(f, gspmdStr("function_type")));
  MlirAttribute args =
      mlirOperationGetAttributeByName(f, gspmdStr("arg_attrs"));
  MlirAttribute results =
      mlirOperationGetAttributeByName(f, gspmdStr("res_attrs"));
  char name[32];
  for (intptr_t i = 0; i < mlirFunctionTypeGetNumInputs(type); ++i) {
    snprintf(name, sizeof(name), "%%arg%lld", (long long)i);
    remarkValue(s, loc, name, mlirFunctionTypeGetInput(type, i),
                dictEntry(args, i, gspmdShardingAttrName()));
  }
  for (intptr_t i = 0; i < mlirFunctionTypeGetNumResults(type); ++i) {
    snprintf(name, sizeof(name), "result #%lld", (long long)i);
    remarkValue(s, loc, name, mlirFunctionTypeGetResult(type, i),
                dictEntry(results, i, gspmdShardingAttrName()));
  }
}

/* Fails with an error at the module when there is no entry to show. */
static bool findEntry(MlirOperation module, const char *entry,
                      MlirOperation *f) {
  char names[1024], msg[1200];
  switch (gspmdFindEntry(module, entry, f, names, sizeof(names))) {
  case GSPMD_ENTRY_FOUND:
    return true;
  case GSPMD_ENTRY_NOT_FOUND:
    snprintf(msg, sizeof(msg),
             "gspmd-show-shardings: no function @%s with a body (functions: "
             "%s)",
             entry, names[0] ? names : "none");
    break;
  case GSPMD_ENTRY_NO_PUBLIC:
    snprintf(msg, sizeof(msg),
             "gspmd-show-shardings: no public function with a body: choose "
             "one with entry=NAME");
    break;
  case GSPMD_ENTRY_AMBIGUOUS:
    snprintf(msg, sizeof(msg),
             "gspmd-show-shardings: several public functions (%s): choose "
             "one with entry=NAME",
             names);
    break;
  }
  mlirEmitError(mlirOperationGetLocation(module), msg);
  return false;
}

typedef struct ShowOptions {
  char entry[256]; /* empty: the default entry */
} ShowOptions;

void gspmdShowShardingsPassRun(MlirOperation module, MlirExternalPass pass,
                               void *user) {
  const ShowOptions *o = user;
  MlirOperation f;
  if (!findEntry(module, o->entry[0] ? o->entry : NULL, &f)) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  Show s;
  memset(&s, 0, sizeof(s));
  gspmdVecInit(&s.meshes, sizeof(GspmdModuleMesh));
  gspmdCollectMeshes(module, &s.arena, &s.meshes);
  showEntry(&s, f);
  gspmdVecFree(&s.meshes);
  gspmdArenaFree(&s.arena);
}

static const GspmdOptionSpec kShowOptions[] = {
    GSPMD_OPTION(ShowOptions, entry, "entry", GSPMD_OPTION_STRING, "NAME",
                 NULL),
};
static const ShowOptions kShowDefaults = {""};

const GspmdPassOptions gspmdShowShardingsOptions = {
    kShowOptions, 1, sizeof(ShowOptions), &kShowDefaults};
