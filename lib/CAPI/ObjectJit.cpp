//===- ObjectJit.cpp - object code compiled elsewhere, loaded and linked --===//
//
// gspmd-run's ranks run one SPMD program. Each used to JIT-compile it
// through the ExecutionEngine, so with N ranks on fewer cores LLVM's code
// generation ran N times over. Now rank 0 compiles it with the object cache on
// and hands the object to the others (tools/gspmd-run/program.c), which load it
// here: an LLJIT of their own, linked as the ExecutionEngine links its code
// (RuntimeDyld with a SectionMemoryManager; symbols from explicit addresses,
// shared libraries and this process), so both run the same machine code. The
// MLIR C API has no way to build an engine from an object, hence this file.
//
//===----------------------------------------------------------------------===//

#include "gspmd/jit.h"

#include "llvm/ExecutionEngine/Orc/AbsoluteSymbols.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/RTDyldObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/SectionMemoryManager.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Host.h"

#include <string>
#include <vector>

using namespace llvm;
using namespace llvm::orc;

struct GspmdLoadedObject {
  std::unique_ptr<LLJIT> jit;
  // Libraries that follow the ExecutionEngine's init/destroy protocol.
  SmallVector<void (*)(), 2> destroy_fns;
};

static void report(const char *what, Error error) {
  std::string text = toString(std::move(error));
  fprintf(stderr, "gspmd-run: %s: %s\n", what, text.c_str());
}

static std::unique_ptr<LLJIT> newJit() {
  InitializeNativeTarget();
  InitializeNativeTargetAsmPrinter();
  LLJITBuilder builder;
  builder.setObjectLinkingLayerCreator([](ExecutionSession &session) {
    auto memory = [](const MemoryBuffer &) {
      return std::make_unique<SectionMemoryManager>();
    };
    return std::make_unique<RTDyldObjectLinkingLayer>(session, memory);
  });
  Expected<std::unique_ptr<LLJIT>> jit = builder.create();
  if (!jit) {
    report("cannot create a JIT", jit.takeError());
    return nullptr;
  }
  return std::move(*jit);
}

// A library exporting the ExecutionEngine's init function names its symbols
// through it (libmlir_c_runner_utils does); the others are searched as part
// of this process once loaded permanently.
static bool linkLibrary(GspmdLoadedObject *loaded, MlirStringRef path) {
  std::string name(path.data, path.length), error;
  auto lib = sys::DynamicLibrary::getPermanentLibrary(name.c_str(), &error);
  if (!lib.isValid()) {
    fprintf(stderr, "gspmd-run: cannot load %s: %s\n", name.c_str(),
            error.c_str());
    return false;
  }
  using InitFn = void (*)(StringMap<void *> &);
  auto init = reinterpret_cast<InitFn>(
      lib.getAddressOfSymbol("__mlir_execution_engine_init"));
  auto destroy = reinterpret_cast<void (*)()>(
      lib.getAddressOfSymbol("__mlir_execution_engine_destroy"));
  if (!init || !destroy)
    return true;
  StringMap<void *> exported;
  init(exported);
  loaded->destroy_fns.push_back(destroy);
  LLJIT &jit = *loaded->jit;
  SymbolMap symbols;
  for (auto &entry : exported)
    symbols[jit.mangleAndIntern(entry.getKey())] = {
        ExecutorAddr::fromPtr(entry.getValue()), JITSymbolFlags::Exported};
  if (Error e = jit.getMainJITDylib().define(absoluteSymbols(symbols))) {
    report("cannot define a library's symbols", std::move(e));
    return false;
  }
  return true;
}

static bool defineSymbols(LLJIT &jit, const MlirStringRef *names,
                          void *const *addresses, int num_symbols) {
  SymbolMap symbols;
  for (int i = 0; i < num_symbols; ++i)
    symbols[jit.mangleAndIntern(StringRef(names[i].data, names[i].length))] = {
        ExecutorAddr::fromPtr(addresses[i]), JITSymbolFlags::Exported};
  if (Error e = jit.getMainJITDylib().define(absoluteSymbols(symbols))) {
    report("cannot define symbols", std::move(e));
    return false;
  }
  return true;
}

static bool linkProcess(LLJIT &jit) {
  auto process = DynamicLibrarySearchGenerator::GetForCurrentProcess(
      jit.getDataLayout().getGlobalPrefix());
  if (!process) {
    report("cannot search this process's symbols", process.takeError());
    return false;
  }
  jit.getMainJITDylib().addGenerator(std::move(*process));
  return true;
}

static bool addObject(LLJIT &jit, const void *data, size_t size) {
  auto object = MemoryBuffer::getMemBufferCopy(
      StringRef(static_cast<const char *>(data), size), "gspmd-object");
  if (Error e = jit.addObjectFile(std::move(object))) {
    report("cannot load the object code", std::move(e));
    return false;
  }
  if (Error e = jit.initialize(jit.getMainJITDylib())) {
    report("cannot initialize the object code", std::move(e));
    return false;
  }
  return true;
}

GspmdLoadedObject *gspmdLoadObject(const void *data, size_t size,
                                   const MlirStringRef *libs, int num_libs,
                                   const MlirStringRef *names,
                                   void *const *addresses, int num_symbols) {
  auto loaded = std::make_unique<GspmdLoadedObject>();
  loaded->jit = newJit();
  if (!loaded->jit)
    return nullptr;
  bool ok = defineSymbols(*loaded->jit, names, addresses, num_symbols);
  for (int i = 0; ok && i < num_libs; ++i)
    ok = linkLibrary(loaded.get(), libs[i]);
  ok = ok && linkProcess(*loaded->jit) && addObject(*loaded->jit, data, size);
  if (!ok) {
    gspmdLoadedObjectDestroy(loaded.release());
    return nullptr;
  }
  return loaded.release();
}

GspmdPackedFn gspmdLoadedObjectLookupPacked(GspmdLoadedObject *loaded,
                                            MlirStringRef name) {
  std::string packed = "_mlir_" + std::string(name.data, name.length);
  Expected<ExecutorAddr> address = loaded->jit->lookup(packed);
  if (!address) {
    report("cannot find a function in the object code", address.takeError());
    return nullptr;
  }
  return address->toPtr<GspmdPackedFn>();
}

void gspmdLoadedObjectDestroy(GspmdLoadedObject *loaded) {
  if (!loaded)
    return;
  loaded->jit.reset();
  for (auto destroy : loaded->destroy_fns)
    destroy();
  delete loaded;
}

uint64_t gspmdHostCodeHash(void) {
  // FNV-1a over the host's CPU name and features, which the object code
  // was compiled for.
  std::vector<std::string> features;
  for (const auto &feature : sys::getHostCPUFeatures())
    features.push_back((feature.getValue() ? "+" : "-") +
                       feature.getKey().str());
  llvm::sort(features); // a StringMap's order is its buckets'
  std::string host = sys::getHostCPUName().str();
  for (const std::string &feature : features)
    host += "," + feature;
  uint64_t hash = 1469598103934665603ull;
  for (char c : host)
    hash = (hash ^ (unsigned char)c) * 1099511628211ull;
  return hash;
}
