//===- import_phases.cpp - Where TFG's import/export time and memory go ---===//
//
//   tfg-bench-phases in.pb --import-only
//   tfg-bench-phases in.pb -o out.pb
//   tfg-bench-phases in.pb --breakdown [-o out.pb]
//
// Default: the public entry points tfg-translate --roundtrip uses
// (importModelFile with format detection, then exportGraphDefFile), timed
// one by one; --import-only stops after the import (the module is still
// destroyed, as tfg-translate would), which is how the benchmark script
// measures an import on its own.
//
// --breakdown: the same work split into its steps with the library's
// internal pieces (lib/ImportExport's GraphDefImporter.h, GraphDefExporter.h
// and ModelReader.h), the way ModelReader.cpp does it for a binary
// GraphDef: read (map) the file and parse it, GraphDef -> tfg.graph (with the
// final verify), free the GraphDef, tfg.graph -> NodeDefs streamed to the
// output one by one (the time spent serializing them is shown apart), destroy
// the module. Format detection (a 4 KiB read) is left out.
//
// For each step: wall time, RSS after it and the peak RSS so far; with
// --breakdown the peak during the step (the kernel's high-water mark is
// reset before each step through /proc/self/clear_refs). Linux only.
//
//===----------------------------------------------------------------------===//

#include "GraphDefExporter.h"
#include "GraphDefImporter.h"
#include "ModelReader.h"

#include "TFG/Dialect/IR/InputFile.h"
#include "TFG/Dialect/IR/TFG.h"
#include "TFG/ImportExport/Diagnostics.h"
#include "TFG/ImportExport/Import.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <google/protobuf/arena.h>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl.h>

#include <chrono>
#include <climits>
#include <cstdio>
#include <fcntl.h>
#include <fstream>
#include <functional>
#include <optional>
#include <string>
#include <sys/resource.h>
#include <unistd.h>

using namespace mlir;
namespace cl = llvm::cl;
namespace pb = google::protobuf;

static cl::opt<std::string> inputPath(cl::Positional, cl::Required,
                                      cl::desc("<input GraphDef>"));
static cl::opt<std::string> outputPath(
    "o",
    cl::desc("Output GraphDef (a regular file: exportGraphDefFile replaces "
             "it by a rename; --breakdown writes to /dev/null without it)"),
    cl::value_desc("file"), cl::init(""));
static cl::opt<bool> importOnly("import-only",
                                cl::desc("Stop after the import"),
                                cl::init(false));
static cl::opt<unsigned> importThreads(
    "import-threads",
    cl::desc("Threads that convert the nodes, as tfg-translate's option "
             "(0: one per core; 1: none)"),
    cl::init(0));
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

/// CPU seconds (user + system) this process has used so far: on a shared
/// machine a step's wall time includes the time other processes ran.
double cpuSeconds() {
  rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](const timeval &t) { return t.tv_sec + t.tv_usec * 1e-6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

double total = 0, totalCpu = 0;

bool step(const char *name, const std::function<bool()> &body) {
  // Only in --breakdown: the reset also lowers the ru_maxrss that
  // /usr/bin/time reports for the whole process.
  if (breakdown)
    resetPeak();
  auto start = std::chrono::steady_clock::now();
  double cpuStart = cpuSeconds();
  bool ok = body();
  double s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  double cpu = cpuSeconds() - cpuStart;
  total += s;
  totalCpu += cpu;
  Memory m = readMemory();
  std::printf("  %-34s %8.3f s  CPU %7.3f s   RSS after %8.1f MiB   peak "
              "%8.1f MiB\n",
              name, s, cpu, m.rss, m.hwm);
  std::fflush(stdout);
  return ok;
}

int runPublic(MLIRContext &context) {
  if (!importOnly) {
    // exportGraphDefFile writes a temporary file and renames it over the
    // target: never point it at /dev/null or another special file.
    llvm::sys::fs::file_status status;
    if (outputPath.empty() ||
        (!llvm::sys::fs::status(outputPath, status) &&
         status.type() != llvm::sys::fs::file_type::regular_file)) {
      llvm::errs() << "error: the export needs -o FILE, a regular file (or "
                      "use --import-only or --breakdown)\n";
      return 2;
    }
  }
  OwningOpRef<ModuleOp> module;
  if (!step("import (importModelFile)", [&] {
        module = tfg::importModelFile(inputPath, &context);
        return bool(module);
      }))
    return 1;
  if (!importOnly && !step("export (exportGraphDefFile)", [&] {
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
  // On an arena with the options ModelReader.cpp parses with.
  std::optional<pb::Arena> arena(std::in_place, tfg::graphArenaOptions());
  tensorflow::GraphDef &graph =
      *pb::Arena::CreateMessage<tensorflow::GraphDef>(&*arena);
  OwningOpRef<ModuleOp> module;
  if (!step("parse GraphDef from the file", [&] {
        std::string error;
        std::unique_ptr<llvm::MemoryBuffer> bytes =
            tfg::readInputFile(inputPath, error, tfg::kMaxProtoBytes, "2 GiB");
        if (!bytes)
          llvm::errs() << inputPath << ": error: " << error << "\n";
        return bytes &&
               tfg::parseBinaryProto(bytes->getBuffer(), graph,
                                     bytes->getBufferKind() ==
                                         llvm::MemoryBuffer::MemoryBuffer_MMap);
      }))
    return 1;
  if (!step("GraphDef -> tfg.graph (+verify)", [&] {
        module =
            ModuleOp::create(FileLineColLoc::get(&context, inputPath, 0, 0));
        return succeeded(tfg::importGraphDef(graph, *module, inputPath,
                                             tfg::ImportOptions()));
      }))
    return 1;
  step("free GraphDef", [&] {
    arena.reset();
    return true;
  });
  if (!importOnly) {
    // As exportGraphDefFile writes binary: node by node, then the rest.
    double sinkTime = 0;
    if (!step("tfg.graph -> GraphDef, streamed", [&] {
          int fd = outputPath.empty()
                       ? ::open("/dev/null", O_WRONLY)
                       : ::open(outputPath.c_str(),
                                O_WRONLY | O_CREAT | O_TRUNC, 0644);
          if (fd < 0)
            return false;
          bool ok;
          {
            pb::io::FileOutputStream stream(fd);
            {
              pb::io::CodedOutputStream coded(&stream);
              coded.SetSerializationDeterministic(true);
              auto sink = [&](tensorflow::NodeDef &node) {
                auto t = std::chrono::steady_clock::now();
                size_t size = node.ByteSizeLong();
                coded.WriteTag((1 << 3) | 2);
                coded.WriteVarint64(size);
                node.SerializeWithCachedSizes(&coded);
                sinkTime += std::chrono::duration<double>(
                                std::chrono::steady_clock::now() - t)
                                .count();
                return success(!coded.HadError());
              };
              tensorflow::GraphDef rest;
              ok = succeeded(tfg::exportGraphDef(*module, rest, sink));
              rest.ByteSizeLong();
              rest.SerializeWithCachedSizes(&coded);
              ok = ok && !coded.HadError();
            }
            ok = stream.Close() && ok;
          }
          return ok;
        }))
      return 1;
    std::printf("    of which serializing nodes     %8.3f s\n", sinkTime);
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
  // The context tfg-translate makes: the benchmark's import row must time
  // the import that its roundtrip row contains.
  tfg::ImportContext importContext(importThreads);
  MLIRContext &context = importContext.get();
  tfg::NodeDiagnosticHandler handler(&context, llvm::errs());

  std::printf("%s:\n", inputPath.c_str());
  int rc = breakdown ? runBreakdown(context) : runPublic(context);
  Memory m = readMemory();
  std::printf("  %-34s %8.3f s  CPU %7.3f s   RSS now   %8.1f MiB\n", "total",
              total, totalCpu, m.rss);
  return rc;
}
