//===- import_phases.cpp - Where TFG's import/export time and memory go ---===//
//
//   tfg-bench-phases in.pb [--import-only] [-o out.pb]
//   tfg-bench-phases in.pb --breakdown [-o out.pb]
//
// Default: the public entry points tfg-translate --roundtrip uses
// (importModelFile with format detection, then exportGraphDefFile), timed
// one by one; --import-only stops after the import (the module is still
// destroyed, as tfg-translate would), which is how the benchmark script
// measures an import on its own.
//
// --breakdown: the same work split into its steps with the library's
// internal pieces (lib/Import/GraphImport.h): mmap the file, the format
// detection's probe parse, the real parse, GraphDef -> tfg.graph (with the
// final verify), tfg.graph -> GraphDef, serialize + write, and the frees.
//
// For each step: wall time, RSS after it and the peak RSS so far; with
// --breakdown the peak during the step (the kernel's high-water mark is
// reset before each step through /proc/self/clear_refs). Linux only.
//
//===----------------------------------------------------------------------===//

#include "GraphImport.h"

#include "TFG/Dialect/IR/TFG.h"
#include "TFG/Import/Diagnostics.h"
#include "TFG/Import/Import.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include <chrono>
#include <fcntl.h>
#include <unistd.h>
#include <climits>
#include <cstdio>
#include <fstream>
#include <functional>
#include <string>

using namespace mlir;
namespace cl = llvm::cl;
namespace pb = google::protobuf;

static cl::opt<std::string> inputPath(cl::Positional, cl::Required,
                                      cl::desc("<input GraphDef>"));
static cl::opt<std::string> outputPath("o", cl::desc("Output GraphDef"),
                                       cl::value_desc("file"),
                                       cl::init("/dev/null"));
static cl::opt<bool> importOnly("import-only",
                                cl::desc("Stop after the import"),
                                cl::init(false));
static cl::opt<bool> breakdown("breakdown",
                               cl::desc("Time every step separately"),
                               cl::init(false));

namespace {
/// VmRSS and VmHWM of this process in MiB.
struct Memory {
  double rss = 0, hwm = 0;
};

Memory readMemory() {
  Memory m;
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    auto value = [&](const char *key) {
      return std::stod(line.substr(std::string(key).size())) / 1024.0;
    };
    if (line.rfind("VmRSS:", 0) == 0)
      m.rss = value("VmRSS:");
    else if (line.rfind("VmHWM:", 0) == 0)
      m.hwm = value("VmHWM:");
  }
  return m;
}

/// Resets VmHWM to the current RSS.
void resetPeak() {
  std::ofstream clear("/proc/self/clear_refs");
  clear << "5";
}

double total = 0;

bool step(const char *name, const std::function<bool()> &body) {
  // Only in --breakdown: the reset also lowers the ru_maxrss that
  // /usr/bin/time reports for the whole process.
  if (breakdown)
    resetPeak();
  auto start = std::chrono::steady_clock::now();
  bool ok = body();
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                           start)
                 .count();
  total += s;
  Memory m = readMemory();
  std::printf("  %-34s %8.3f s   RSS after %8.1f MiB   peak %8.1f MiB\n", name,
              s, m.rss, m.hwm);
  std::fflush(stdout);
  return ok;
}

bool parseBinary(llvm::StringRef bytes, pb::Message &message) {
  pb::io::ArrayInputStream stream(bytes.data(), bytes.size());
  pb::io::CodedInputStream coded(&stream);
  coded.SetTotalBytesLimit(INT32_MAX);
  return message.ParseFromCodedStream(&coded) && coded.ConsumedEntireMessage();
}

bool writeFile(const tensorflow::GraphDef &graph, llvm::StringRef path) {
  llvm::SmallString<256> tempPath;
  int fd;
  if (path == "/dev/null") {
    fd = ::open("/dev/null", O_WRONLY);
  } else if (llvm::sys::fs::createUniqueFile(path + ".tmp-%%%%%%", fd,
                                             tempPath)) {
    return false;
  }
  bool ok;
  {
    pb::io::FileOutputStream stream(fd);
    {
      pb::io::CodedOutputStream coded(&stream);
      coded.SetSerializationDeterministic(true);
      ok = graph.SerializeToCodedStream(&coded);
    }
    ok = stream.Close() && ok;
  }
  if (!tempPath.empty())
    ok = ok && !llvm::sys::fs::rename(tempPath, path);
  return ok;
}

int runPublic(MLIRContext &context) {
  OwningOpRef<ModuleOp> module;
  if (!step("import (importModelFile)", [&] {
        module = tfg::importModelFile(inputPath, &context);
        return bool(module);
      }))
    return 1;
  if (!importOnly &&
      !step("export (exportGraphDefFile)", [&] {
        return succeeded(
            tfg::exportGraphDefFile(*module, outputPath, /*asText=*/false));
      }))
    return 1;
  step("destroy module", [&] {
    module = nullptr;
    return true;
  });
  return 0;
}

int runBreakdown(MLIRContext &context) {
  std::unique_ptr<llvm::MemoryBuffer> buffer;
  tensorflow::GraphDef graph;
  OwningOpRef<ModuleOp> module;
  tensorflow::GraphDef exported;
  if (!step("mmap file", [&] {
        auto b = llvm::MemoryBuffer::getFile(inputPath, false, false);
        if (!b)
          return false;
        buffer = std::move(*b);
        return true;
      }))
    return 1;
  llvm::StringRef bytes = buffer->getBuffer();
  step("format detection probe parse+free", [&] {
    tensorflow::GraphDef probe;
    return parseBinary(bytes, probe);
  });
  if (!step("parse GraphDef", [&] { return parseBinary(bytes, graph); }))
    return 1;
  if (!step("GraphDef -> tfg.graph (+verify)", [&] {
        module = ModuleOp::create(FileLineColLoc::get(&context, inputPath, 0, 0));
        return succeeded(
            tfg::importGraphDef(graph, *module, inputPath, tfg::ImportOptions()));
      }))
    return 1;
  step("unmap file, free GraphDef", [&] {
    buffer.reset();
    graph = tensorflow::GraphDef();
    return true;
  });
  if (!importOnly) {
    if (!step("tfg.graph -> GraphDef", [&] {
          return succeeded(tfg::exportGraphDef(*module, exported));
        }))
      return 1;
    if (!step("serialize + write", [&] {
          return writeFile(exported, outputPath);
        }))
      return 1;
    step("free exported GraphDef", [&] {
      exported = tensorflow::GraphDef();
      return true;
    });
  }
  step("destroy module", [&] {
    module = nullptr;
    return true;
  });
  return 0;
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  cl::ParseCommandLineOptions(argc, argv,
                              "Times TFG's GraphDef import and export\n");
  DialectRegistry registry;
  tfg::registerImportDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  context.printOpOnDiagnostic(false);
  tfg::NodeDiagnosticHandler handler(&context, llvm::errs());

  std::printf("%s:\n", inputPath.c_str());
  int rc = breakdown ? runBreakdown(context) : runPublic(context);
  Memory m = readMemory();
  std::printf("  %-34s %8.3f s   RSS now   %8.1f MiB\n", "total", total, m.rss);
  return rc;
}
