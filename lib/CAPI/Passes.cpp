//===- Passes.cpp - C API: pass registration by name, pipelines -----------===//
//
// MLIR's C API can create a pass (mlirCreateExternalPass) but not register
// one by name; these few lines of C++ do that for our C passes, so they run
// in gspmd-opt, in stock mlir-opt through the plugin, and from any compiler.
//
//===----------------------------------------------------------------------===//

#include "gspmd-c/Passes.h"
#include "gspmd-c/Dialect.h"
#include "gspmd/passes.h"
#include "gspmd/support.h"

#include "mlir-c/RegisterEverything.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include <algorithm>
#include <mutex>

using namespace mlir;

void gspmdRegisterPassConstructor(GspmdPassConstructor constructor) {
  std::unique_ptr<Pass> probe(unwrap(constructor()));
  if (PassInfo::lookup(probe->getArgument()))
    return;
  registerPass(
      [constructor]() { return std::unique_ptr<Pass>(unwrap(constructor())); });
}

// Splits `text` at spaces and commas outside braces and quotes, as MLIR's
// own option parser does, so that a value may hold a list:
// axes-bandwidth={data:1e10,model:1e11} or "data:1e10,model:1e11".
static SmallVector<StringRef> splitItems(StringRef text) {
  SmallVector<StringRef> items;
  int depth = 0;
  bool quoted = false;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i) {
    char c = i < text.size() ? text[i] : ' ';
    if (c == '"')
      quoted = !quoted;
    else if (!quoted && c == '{')
      ++depth;
    else if (!quoted && c == '}' && depth > 0)
      --depth;
    else if (!quoted && depth == 0 && (c == ' ' || c == ',')) {
      if (i > start)
        items.push_back(text.slice(start, i));
      start = i + 1;
    }
  }
  return items;
}

// A value in braces or quotes, without them.
static StringRef unwrapValue(StringRef value) {
  if (value.size() >= 2 && ((value.front() == '{' && value.back() == '}') ||
                            (value.front() == '"' && value.back() == '"')))
    return value.drop_front().drop_back();
  return value;
}

// Splits "key=value key2=value2 flag" (spaces or commas) into options.
static LogicalResult
parseOptions(StringRef text, std::vector<std::string> &storage,
             std::vector<GspmdPassOption> &options,
             function_ref<LogicalResult(const Twine &)> errorHandler) {
  SmallVector<StringRef> items = splitItems(text);
  storage.reserve(2 * items.size());
  for (StringRef item : items) {
    auto [key, value] = item.split('=');
    bool bare = !item.contains('=');
    if (key.empty() || (!bare && value.empty()))
      return errorHandler("expected key=value, got '" + item + "'");
    storage.push_back(key.str());
    // A bare `flag` means flag=true, as for MLIR's own bool options.
    storage.push_back(bare ? "true" : unwrapValue(value).str());
  }
  for (size_t i = 0; i < storage.size(); i += 2)
    options.push_back({storage[i].c_str(), storage[i + 1].c_str()});
  return success();
}

// Registered as a pipeline because only pipelines receive the raw option
// string; it adds the one external pass the factory makes.
// --help shows the description and the options the pass takes.
static std::string helpText(const GspmdPassDef *def) {
  std::string help = def->description;
  size_t n = gspmdPassOptionsSummary(def, nullptr, 0);
  if (n == 0)
    return help;
  std::string summary(n + 1, '\0');
  gspmdPassOptionsSummary(def, summary.data(), summary.size());
  summary.resize(n);
  return help + " (options: " + summary + ")";
}

// Registered as a pipeline because only pipelines receive the raw option
// string; it adds the one external pass the definition makes.
static void registerGspmdPass(const GspmdPassDef *def) {
  if (PassInfo::lookup(def->argument) ||
      PassPipelineInfo::lookup(def->argument))
    return;
  registerPassPipeline(
      def->argument, helpText(def),
      [def](OpPassManager &pm, StringRef text,
            function_ref<LogicalResult(const Twine &)> errorHandler) {
        std::vector<std::string> storage;
        std::vector<GspmdPassOption> options;
        if (failed(parseOptions(text, storage, options, errorHandler)))
          return failure();
        char err[512] = "";
        MlirPass pass =
            gspmdCreatePassFromDef(def, static_cast<int>(options.size()),
                                   options.data(), err, sizeof(err));
        if (!pass.ptr)
          return errorHandler(err);
        pm.addPass(std::unique_ptr<Pass>(unwrap(pass)));
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)>) {});
}

void gspmdRegisterPasses(void) {
  static std::once_flag once;
  std::call_once(once, [] {
    for (const GspmdPassDef *def = gspmdPassTable; def->argument; ++def)
      registerGspmdPass(def);
    gspmdRegisterPipelines();
  });
}

void gspmdRegisterAllPasses(void) {
  static std::once_flag once;
  std::call_once(once, [] { mlirRegisterAllPasses(); });
  gspmdRegisterPasses();
}

// Anchors a bare pass list on builtin.module.
static std::string anchorPipeline(StringRef text) {
  text = text.trim();
  if (text.starts_with("builtin.module(") || text.starts_with("any("))
    return text.str();
  return ("builtin.module(" + text + ")").str();
}

static MlirLogicalResult runPipeline(MlirModule module, MlirStringRef pipeline,
                                     bool verify) {
  ModuleOp m = unwrap(module);
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  // The anchored form parses to a pass manager on builtin.module; the other
  // overload would nest it inside the module and run on nothing.
  FailureOr<OpPassManager> parsed =
      parsePassPipeline(anchorPipeline(unwrap(pipeline)), errorStream);
  if (failed(parsed)) {
    m.emitError() << "invalid pass pipeline: " << errors;
    return wrap(failure());
  }
  PassManager pm(m->getContext(), parsed->getOpAnchorName());
  static_cast<OpPassManager &>(pm) = *parsed;
  pm.enableVerifier(verify);
  return wrap(pm.run(m));
}

MlirLogicalResult gspmdRunPipeline(MlirModule module, MlirStringRef pipeline) {
  return runPipeline(module, pipeline, true);
}

MlirLogicalResult gspmdRunTrialPipeline(MlirModule module,
                                        MlirStringRef pipeline) {
  return runPipeline(module, pipeline, false);
}

// file:line:col like mlir-opt, or MLIR's loc(...) form when there is none.
static void printLocation(llvm::raw_ostream &os, Location loc) {
  if (auto file = loc->findInstanceOf<FileLineColLoc>())
    os << file.getFilename().getValue() << ':' << file.getLine() << ':'
       << file.getColumn();
  else
    os << loc;
}

static std::string formatDiagnostic(Diagnostic &diag) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printLocation(os, diag.getLocation());
  os << ": ";
  switch (diag.getSeverity()) {
  case DiagnosticSeverity::Error:
    os << "error: ";
    break;
  case DiagnosticSeverity::Warning:
    os << "warning: ";
    break;
  case DiagnosticSeverity::Remark:
    os << "remark: ";
    break;
  case DiagnosticSeverity::Note:
    os << "note: ";
    break;
  }
  os << diag;
  for (Diagnostic &note : diag.getNotes()) {
    os << "\n";
    printLocation(os, note.getLocation());
    os << ": note: " << note;
  }
  return text;
}

MlirLogicalResult gspmdTransformText(MlirStringRef source,
                                     MlirStringRef pipeline,
                                     MlirStringCallback onOutput,
                                     MlirStringCallback onDiagnostic,
                                     void *userData) {
  gspmdRegisterAllPasses();
  MlirContext ctx = gspmdContextCreate();
  LogicalResult result = failure();
  {
    ScopedDiagnosticHandler handler(unwrap(ctx), [&](Diagnostic &diag) {
      std::string text = formatDiagnostic(diag);
      onDiagnostic(wrap(StringRef(text)), userData);
      return success();
    });
    // MLIR's lexer reads the byte past the end of its buffer (a NUL marks
    // the end) but an MlirStringRef need not be NUL-terminated: parse a
    // copy (libFuzzer found the heap-buffer-overflow, fuzz/targets).
    std::string copy(source.data, source.length);
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(copy, unwrap(ctx), "<input>");
    if (module && succeeded(verify(*module)) &&
        (unwrap(pipeline).trim().empty() ||
         mlirLogicalResultIsSuccess(
             gspmdRunPipeline(wrap(*module), pipeline)))) {
      std::string text;
      llvm::raw_string_ostream os(text);
      module->print(os);
      onOutput(wrap(StringRef(text)), userData);
      result = success();
    }
  }
  mlirContextDestroy(ctx);
  return wrap(result);
}
