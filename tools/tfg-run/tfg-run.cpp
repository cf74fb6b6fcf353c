//===- tfg-run.cpp - JIT-compile a model for the CPU and run it -----------===//
//
// The command line of the runner library (TFG/Runner): imports a model (any
// format tfg-translate reads, or .mlir), optionally runs a TFG pass
// pipeline on the graph, lowers and JIT-compiles it, runs it on .npy (or
// random) inputs; writes the outputs as .npy, prints their names, shapes
// and dtypes, the compile time and the median latency, and compares them
// with reference .npy files (--compare) or with the same model after
// another pipeline (--compare-pipeline).
//
// The model may be `-` (stdin), as may one --input file; each input is read
// exactly once. Numeric options are checked before anything is built, and
// the tensors the model will allocate are checked against the memory
// available before code is generated (CompiledModel::compile).
//
//===----------------------------------------------------------------------===//

#include "TFG/Conversion/Passes.h"
#include "TFG/Dialect/IR/InputFile.h"
#include "TFG/ImportExport/Diagnostics.h"
#include "TFG/Pipelines/Pipelines.h"
#include "TFG/Runner/CompiledModel.h"
#include "TFG/Runner/Npy.h"
#include "TFG/Runner/Reference.h"
#include "TFG/Transforms/Passes.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include "ToolCommandLine.h"

#include <algorithm>
#include <cmath>
#include <malloc.h>
#include <sys/resource.h>

using namespace mlir;
using namespace mlir::tfg;
namespace cl = llvm::cl;

static cl::OptionCategory runCategory("tfg-run options");

static cl::opt<std::string>
    dumpLLVM("dump-llvm",
             cl::desc("Write the LLVM IR after LLVM's optimizer here"));
static cl::opt<bool> genericTarget(
    "generic-target",
    cl::desc("Optimize for LLVM's generic CPU, without FMA contraction, "
             "instead of this machine (the baseline of "
             "bench/run_codegen_bench.sh)"));
static cl::opt<std::string> modelPath(cl::cat(runCategory), cl::Positional,
                                      cl::desc("<model> (- for stdin)"),
                                      cl::Required);
static cl::opt<bool> allowEmptyInput(
    cl::cat(runCategory), "allow-empty-input",
    cl::desc("Accept an empty model as an empty graph (by default it is an "
             "error: usually a missing or truncated file)"));
static cl::opt<std::string>
    pipeline(cl::cat(runCategory), "pipeline",
             cl::desc("TFG pass pipeline run on the graph before lowering "
                      "(textual, without builtin.module(...))"),
             cl::init(""));
static cl::list<std::string> inputFiles(
    cl::cat(runCategory), "input",
    cl::desc("name=file.npy: the value of input node `name`; the same name "
             "again gives the next input set, run by the same compiled "
             "model (an input given once is in every set)"));
static cl::opt<bool> dynamicShapes(
    cl::cat(runCategory), "dynamic-shapes",
    cl::desc("Compile once with the model's unknown dimensions dynamic (?), "
             "not specialized to the .npy shapes or --batch-size, and run "
             "each input set with its own shapes"));
static cl::list<std::string>
    inputShapes(cl::cat(runCategory), "input-shape",
                cl::desc("name:1x224x224x3 for an input without a file"));
static cl::list<std::string>
    outputNames(cl::cat(runCategory), "outputs", cl::CommaSeparated,
                cl::desc("Output tensors (node or node:i)"));
static cl::opt<int64_t> batchSize(
    cl::cat(runCategory), "batch-size", cl::init(1),
    cl::desc("Value of an unknown batch dimension (with --dynamic-shapes: "
             "of every dynamic dimension of a random input)"));
static cl::opt<bool>
    randomInputs(cl::cat(runCategory), "random-inputs",
                 cl::desc("Generate inputs without a file "
                          "(floats in [0,1), ints in [0,255])"));
static cl::opt<unsigned> seed(cl::cat(runCategory), "seed", cl::init(1),
                              cl::desc("Seed of --random-inputs"));
static cl::opt<std::string>
    outputDir(cl::cat(runCategory), "output-dir", cl::init(""),
              cl::desc("Write outputs here as output_<i>_<name>.npy"));
static cl::opt<unsigned> runs(cl::cat(runCategory), "runs", cl::init(1),
                              cl::desc("Timed runs (median latency)"));
static cl::opt<std::string> compareDir(
    cl::cat(runCategory), "compare", cl::init(""),
    cl::desc("Compare outputs with reference .npy files in DIR (and take "
             "inputs/outputs from DIR/summary.json when not given)"));
static cl::opt<double>
    relTolerance(cl::cat(runCategory), "rtol", cl::init(1e-4),
                 cl::desc("Largest relative L2 error of a float output"));
static cl::opt<double> absTolerance(
    cl::cat(runCategory), "atol", cl::init(0.0),
    cl::desc("An output also passes when its max abs error is at most this"));
static cl::list<std::string> comparePipelines(
    cl::cat(runCategory), "compare-pipeline", cl::multi_val(2),
    cl::desc("\"A\" \"B\": run the model after TFG pipeline A and after B on "
             "the same inputs and compare the outputs (\"\" = no pipeline)"));
static cl::opt<std::string>
    dumpLinalg(cl::cat(runCategory), "dump-linalg", cl::init(""),
               cl::desc("Write the linalg-level IR here"));
static cl::opt<std::string> dumpNests(
    cl::cat(runCategory), "dump-nests", cl::init(""),
    cl::desc("Write each compiled function's symbol and the graph nodes its "
             "code comes from here (one line each, tab-separated: what "
             "bench/profile.sh maps perf's samples with)"));
static cl::opt<unsigned>
    printOutputs(cl::cat(runCategory), "print-outputs", cl::init(0),
                 cl::desc("Print the first N values of each output"));
static cl::opt<bool> quiet(cl::cat(runCategory), "quiet",
                           cl::desc("Only print the comparison"));
static cl::opt<std::string> cacheDir(
    cl::cat(runCategory), "cache-dir", cl::init(""),
    cl::desc("Keep compiled models in DIR (default: $XDG_CACHE_HOME/tfg, "
             "else ~/.cache/tfg); a model compiled before with the same "
             "options is loaded, not compiled"));
static cl::opt<bool>
    noCache(cl::cat(runCategory), "no-cache",
            cl::desc("Compile the model, without reading or writing the "
                     "compiled-model cache"));
static cl::opt<int64_t> compileThreads(
    cl::cat(runCategory), "compile-threads", cl::init(0), cl::value_desc("N"),
    cl::desc("Run LLVM's optimizer and code generator on N threads, each on "
             "its own part of the model (default: one per core); the "
             "machine code is the same for any N"));
static cl::opt<LLVMPipeline> llvmPipeline(
    cl::cat(runCategory), "llvm-pipeline", cl::init(LLVMPipeline::Kernels),
    cl::desc("What LLVM does with the lowered model"),
    cl::values(
        clEnumValN(LLVMPipeline::Kernels, "kernels",
                   "O3 without LLVM's full unrolling of constant-trip loops "
                   "of more than 16 iterations and without its partial "
                   "unrolling (default: the lowering unrolled the kernels "
                   "already)"),
        clEnumValN(LLVMPipeline::O3, "o3",
                   "LLVM's O3 as it is (slower to compile; to compare)")));
static cl::opt<bool> verifyEach(
    cl::cat(runCategory), "verify-each",
    cl::desc("Verify the module after every pass of the lowering to the "
             "LLVM dialect, not once after it (slower; finds the pass that "
             "made invalid IR)"));
static cl::opt<bool> countAllocations(
    cl::cat(runCategory), "count-allocations",
    cl::desc("Count the compiled code's allocations in each run, print "
             "them, and fail when a run leaves any buffer allocated (a leak "
             "check without valgrind)"));
static cl::opt<bool> compilePhases(
    cl::cat(runCategory), "compile-phases",
    cl::desc("Print where the compile time went, phase by phase"));

/// The CPU time (user + system, every thread) this process has used.
static double processCPUSeconds() {
  rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](const timeval &t) { return t.tv_sec + t.tv_usec * 1e-6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

static llvm::StringRef cacheUseName(CompiledModel::CacheUse use) {
  switch (use) {
  case CompiledModel::CacheUse::Off:
    return "off";
  case CompiledModel::CacheUse::Miss:
    return "miss";
  case CompiledModel::CacheUse::Hit:
    return "hit";
  }
  llvm_unreachable("a CacheUse");
}

/// The cache folder of this run; empty for none. Any option of LLVM's or
/// MLIR's given on the command line turns the cache off: they change the
/// code (-unroll-threshold=...) or watch its compile (--mlir-timing,
/// -time-passes), neither of which a cached model can answer for.
static std::string chooseCacheDir() {
  if (noCache)
    return "";
  for (auto &entry : cl::getRegisteredOptions()) {
    cl::Option *option = entry.second;
    bool ours = llvm::is_contained(option->Categories, &runCategory) ||
                option == &dumpLLVM || option == &genericTarget;
    if (option->getNumOccurrences() && !ours)
      return "";
  }
  return cacheDir.empty() ? defaultCacheDir() : cacheDir.getValue();
}

/// What a run prints: the model's signature, compile time, median latency
/// and, when `cpuPerRun` is not negative, the mean CPU time of a run over
/// all threads (more than the latency when the threads ran at the same
/// time; less when the machine is busy), when `sortedTimes` is not empty;
/// the set's shapes (when `set` is not negative: several input sets, or
/// dynamic shapes), and the first --print-outputs values.
static void printRun(llvm::StringRef tfgPipeline, const CompiledModel &model,
                     llvm::ArrayRef<double> sortedTimes, double cpuPerRun,
                     int set, llvm::ArrayRef<Tensor> inputs,
                     llvm::ArrayRef<Tensor> outputs) {
  if (!quiet && !sortedTimes.empty()) {
    llvm::outs() << llvm::formatv(
        "model: {0}{1}\n", inputDisplayName(modelPath),
        tfgPipeline.empty() ? "" : " after " + tfgPipeline);
    for (const TensorInfo &info : model.inputs())
      llvm::outs() << llvm::formatv("  input  {0}: {1} {2}\n", info.name,
                                    info.dtype, shapeString(info.shape));
    for (const TensorInfo &info : model.outputs())
      llvm::outs() << llvm::formatv("  output {0}: {1} {2}\n", info.name,
                                    info.dtype, shapeString(info.shape));
    llvm::outs() << llvm::formatv(
        "compile: {0:f3} s\nlatency: median {1:f3} ms over {2} run(s)\n",
        model.compileSeconds(), sortedTimes[sortedTimes.size() / 2] * 1e3,
        sortedTimes.size());
    if (cpuPerRun >= 0)
      llvm::outs() << llvm::formatv(
          "cpu: mean {0:f3} ms per run (user+sys, all threads)\n",
          cpuPerRun * 1e3);
  }
  if (compilePhases && !sortedTimes.empty()) {
    const CompiledModel::PhaseTimes &p = model.phaseTimes();
    llvm::outs() << llvm::formatv(
        "compile phases: import {0:f3} s, to-linalg {1:f3} s, to-llvm-dialect "
        "{2:f3} s, translate {3:f3} s, llvm-optimize {4:f3} s, codegen {5:f3} "
        "s, cache {6:f3} s ({7}); code in {8} part(s)\n",
        p.import, p.toLinalg, p.toLLVMDialect, p.translate, p.optimize,
        p.codegen, p.cache, cacheUseName(model.cacheUse()),
        model.codePartitions());
  }
  if (!quiet && set >= 0) {
    llvm::outs() << "set " << set << ":";
    for (auto [info, tensor] : llvm::zip_equal(model.inputs(), inputs))
      llvm::outs() << " " << info.name << " " << shapeString(tensor.shape);
    llvm::outs() << " ->";
    for (auto [info, tensor] : llvm::zip_equal(model.outputs(), outputs))
      llvm::outs() << " " << info.name << " " << shapeString(tensor.shape);
    llvm::outs() << "\n";
  }
  for (auto [info, tensor] : llvm::zip_equal(model.outputs(), outputs)) {
    if (!printOutputs)
      break;
    int64_t n = std::min<int64_t>(tensor.numElements(), printOutputs);
    llvm::outs() << "  " << info.name << " =";
    // Integers exactly (INT64_MIN as %g would be -9.22337204e+18).
    for (int64_t e = 0; e < n; ++e)
      if (std::optional<int64_t> v = tensor.elementAsInt(e))
        llvm::outs() << " " << *v;
      else
        llvm::outs() << " " << llvm::format("%.9g", tensor.elementAsDouble(e));
    llvm::outs() << (n < tensor.numElements() ? " ...\n" : "\n");
  }
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // The compiled code mallocs its intermediate tensors and frees them each
  // run; keep freed memory in the heap (no mmap/munmap of large blocks) so
  // that later runs do not page-fault it in again.
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  initializeRunnerTarget();
  registerTFGPasses();
  registerTFGConversionPasses();
  registerTFGPipelines();
  registerTransformsPasses();
  // After the passes: --mlir-print-ir-after=PASS knows the names registered
  // by then.
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  // Debian's libLLVM registers a global `threads` option of its own
  // (undocumented, unused by tfg-run): ours replaces it, so it is made here,
  // after that one is unregistered, not at static initialization.
  if (cl::Option *foreign = cl::getRegisteredOptions().lookup("threads"))
    foreign->removeArgument();
  static cl::opt<int64_t> threads(
      cl::cat(runCategory), "threads", cl::init(1),
      cl::desc("Run convolutions, matmuls, pooling and large elementwise "
               "ops on N threads (OpenMP); 1: serial code"));
  cl::HideUnrelatedOptions(runCategory);
  tfgtool::parseToolCommandLine(argc, argv,
                                "tfg-run: JIT-compile a TensorFlow model for "
                                "the CPU, run it, compare its outputs\n");
  auto usage = [](const llvm::Twine &message) {
    llvm::errs() << "tfg-run: error: " << message << "\n";
    return 1;
  };
  // Numbers from the command line, checked before they size anything.
  if (batchSize < 1)
    return usage("--batch-size must be at least 1, got " +
                 llvm::Twine(batchSize.getValue()));
  if (threads < 1 || threads > kMaxThreads)
    return usage("--threads must be between 1 and " + llvm::Twine(kMaxThreads) +
                 ", got " + llvm::Twine(threads.getValue()));
  if (compileThreads.getNumOccurrences() &&
      (compileThreads < 1 || compileThreads > kMaxThreads))
    return usage("--compile-threads must be between 1 and " +
                 llvm::Twine(kMaxThreads) + ", got " +
                 llvm::Twine(compileThreads.getValue()));
  if (runs < 1)
    return usage("--runs must be at least 1, got 0");
  if (!(relTolerance >= 0) || std::isinf(relTolerance))
    return usage("--rtol must be a finite number >= 0, got " +
                 std::to_string(relTolerance.getValue()));
  if (!(absTolerance >= 0) || std::isinf(absTolerance))
    return usage("--atol must be a finite number >= 0, got " +
                 std::to_string(absTolerance.getValue()));

  DialectRegistry registry;
  registerRunnerDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  // The runner's own errors are one line, "tfg-run: error: ..."; the
  // import's and the passes' name the file and the node
  // ("model.pb:3: error: node 'y': ..."), followed by a note naming the
  // .npy file when they are about an input fed from one.
  Location loc = runnerLoc(&context);
  std::vector<std::pair<std::string, std::string>> feeds; // node, file
  // Warnings and remarks (the LLVM IR translation's about unknown
  // attributes) are dropped, as MLIR's default handler drops them; so is the
  // dump of the failing op, which says less than the node's name.
  context.printOpOnDiagnostic(false);
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    // The runner's warnings (an unusable cache entry) are its own.
    if (diag.getSeverity() == DiagnosticSeverity::Warning &&
        diag.getLocation() == loc) {
      llvm::errs() << "tfg-run: warning: " << diag << "\n";
      return success();
    }
    if (diag.getSeverity() != DiagnosticSeverity::Error)
      return success();
    if (diag.getLocation() == loc) {
      llvm::errs() << "tfg-run: error: " << diag << "\n";
      return success();
    }
    printNodeDiagnostic(diag, llvm::errs());
    std::string message = diag.str();
    for (auto &[node, file] : feeds)
      if (llvm::StringRef(message).contains("input '" + node + "'"))
        llvm::errs() << "note: input '" << node << "' is fed from "
                     << inputDisplayName(file)
                     << " (--input), which gives its shape\n";
    return success();
  });
  auto fail = [&](const llvm::Twine &message) {
    emitError(loc) << message;
    return 1;
  };

  // What to feed and fetch: flags first, then the reference's summary.json.
  ReferenceFolder reference;
  if (!compareDir.empty()) {
    FailureOr<ReferenceFolder> opened = ReferenceFolder::open(compareDir, loc);
    if (failed(opened))
      return 1;
    reference = std::move(*opened);
  }
  for (llvm::StringRef spec : inputFiles) {
    auto [name, file] = spec.split('=');
    if (file.empty())
      return fail("--input wants name=file.npy, got '" + spec + "'");
    feeds.push_back({name.str(), file.str()});
  }
  if (feeds.empty())
    for (auto &[node, file] : reference.inputs)
      feeds.push_back({node, (llvm::Twine(compareDir) + "/" + file).str()});
  // Stdin can be read once.
  if (llvm::count(llvm::make_second_range(feeds), "-") +
          (modelPath == "-" ? 1 : 0) >
      1)
    return fail("stdin ('-') can be given once: as the model or as one "
                "--input file");
  CompileOptions options;
  options.importOptions.allowEmptyInput = allowEmptyInput;
  options.dumpLinalgPath = dumpLinalg;
  options.hostTarget = !genericTarget;
  options.dumpLLVMPath = dumpLLVM;
  options.dumpNestsPath = dumpNests;
  options.passManagerCommandLine = true;
  options.cacheDir = chooseCacheDir();
  options.lowering.batchSize = batchSize;
  options.lowering.threads = threads;
  // Not given: one per core (0).
  options.compileThreads = compileThreads;
  options.llvmPipeline = llvmPipeline;
  options.verifyEachPass = verifyEach;
  options.countAllocations = countAllocations;
  options.lowering.dynamicDims = dynamicShapes;
  options.lowering.outputs.assign(outputNames.begin(), outputNames.end());
  if (options.lowering.outputs.empty())
    for (auto &[tensor, file] : reference.outputs)
      options.lowering.outputs.push_back(tensor);
  // Input sets: the k-th --input of a name is in set k; a name given once
  // is in every set.
  std::vector<std::map<std::string, Tensor>> fedSets(1);
  std::map<std::string, size_t> timesGiven;
  for (auto &[node, file] : feeds) {
    FailureOr<Tensor> tensor = readNpy(file, loc);
    if (failed(tensor))
      return 1;
    size_t set = timesGiven[node]++;
    if (set == 0) {
      options.lowering.inputs.push_back(node);
      // Without dynamic shapes the model is compiled for the first set's.
      if (!dynamicShapes)
        options.lowering.inputShapes.push_back(
            node + ":" +
            llvm::join(
                llvm::map_range(tensor->shape,
                                [](int64_t d) { return std::to_string(d); }),
                "x"));
    }
    if (set >= fedSets.size())
      fedSets.resize(set + 1);
    fedSets[set][node] = std::move(*tensor);
  }
  for (auto &[node, count] : timesGiven) {
    if (count != 1 && count != fedSets.size())
      return fail("input '" + node + "' is given " + llvm::Twine(count) +
                  " times, but there are " + llvm::Twine(fedSets.size()) +
                  " input sets: give each input once or once per set");
    for (size_t set = 1; set < fedSets.size() && count == 1; ++set)
      fedSets[set][node] = fedSets[0][node];
  }
  if (fedSets.size() > 1 && (!compareDir.empty() || !comparePipelines.empty()))
    return fail("several input sets (an --input given more than once) "
                "cannot be compared with --compare or --compare-pipeline");
  options.lowering.inputShapes.append(inputShapes.begin(), inputShapes.end());
  if (randomInputs && !feeds.empty())
    options.lowering.inputs
        .clear(); // random values for all Placeholders, files for some

  // The pipelines to run: one, or the two of --compare-pipeline.
  std::vector<std::string> pipelines{pipeline};
  if (!comparePipelines.empty())
    pipelines.assign(comparePipelines.begin(), comparePipelines.end());
  std::vector<std::vector<Tensor>> allOutputs;
  std::vector<TensorInfo> outputInfo;
  std::vector<std::vector<Tensor>> inputSets;
  // Imported once (stdin can be read once), compiled once per pipeline.
  OwningOpRef<ModuleOp> imported =
      importModelFile(modelPath, &context, options.importOptions);
  if (!imported)
    return 1;
  for (const std::string &tfgPipeline : pipelines) {
    options.tfgPipeline = tfgPipeline;
    auto model = CompiledModel::compile(
        OwningOpRef<ModuleOp>(cast<ModuleOp>(imported->clone())), options);
    if (failed(model))
      return 1;
    // A fed value must be what the model takes; say which file gave it.
    for (const TensorInfo &info : model->inputs()) {
      for (auto [set, fed] : llvm::enumerate(fedSets)) {
        auto it = fed.find(info.name);
        if (it == fed.end() ||
            (it->second.dtype == info.dtype && info.accepts(it->second.shape)))
          continue;
        auto source = llvm::find_if(
            feeds, [&](const auto &feed) { return feed.first == info.name; });
        for (size_t skip = 0; skip < set && timesGiven[info.name] > 1; ++skip)
          source = std::find_if(
              std::next(source), feeds.end(),
              [&](const auto &feed) { return feed.first == info.name; });
        return fail(
            "input '" + info.name + "': " + inputDisplayName(source->second) +
            " holds " + it->second.dtype + " " + shapeString(it->second.shape) +
            ", the model wants " + info.dtype + " " + shapeString(info.shape) +
            (info.hasDynamicDims() || dynamicShapes
                 ? ""
                 : " (compiled for the first input set's shapes; "
                   "--dynamic-shapes compiles for any)"));
      }
    }
    if (inputSets.empty()) {
      std::mt19937 rng(seed);
      for (const std::map<std::string, Tensor> &fed : fedSets) {
        auto assembled = assembleInputs(
            *model, fed, randomInputs ? &rng : nullptr, loc, batchSize);
        if (failed(assembled))
          return 1;
        inputSets.push_back(std::move(*assembled));
      }
    }
    bool dynamic =
        llvm::any_of(model->inputs(),
                     [](const TensorInfo &i) { return i.hasDynamicDims(); }) ||
        llvm::any_of(model->outputs(),
                     [](const TensorInfo &i) { return i.hasDynamicDims(); });
    for (auto [set, inputs] : llvm::enumerate(inputSets)) {
      std::vector<double> times;
      std::vector<AllocationCounts> allocations(countAllocations ? runs : 0);
      FailureOr<std::vector<Tensor>> outputs = failure();
      double cpuStart = processCPUSeconds();
      for (unsigned r = 0; r < runs; ++r) {
        double seconds;
        outputs = model->run(inputs, &seconds,
                             countAllocations ? &allocations[r] : nullptr);
        if (failed(outputs))
          return 1;
        times.push_back(seconds);
      }
      // Printed with --threads > 1 only: other runs print what they did.
      double cpuPerRun =
          threads > 1 ? (processCPUSeconds() - cpuStart) / runs : -1;
      std::sort(times.begin(), times.end());
      printRun(tfgPipeline, *model,
               set == 0 ? llvm::ArrayRef<double>(times)
                        : llvm::ArrayRef<double>(),
               cpuPerRun, inputSets.size() > 1 || dynamic ? (int)set : -1,
               inputs, *outputs);
      // Every buffer a run makes is freed by its end or is an output (which
      // run() frees after copying it): a live one is a leak, and a leak in
      // every run grows a long-running process without bound.
      std::string setName =
          inputSets.size() > 1 ? "set " + std::to_string(set) + " " : "";
      for (auto [r, counts] : llvm::enumerate(allocations))
        if (!quiet)
          llvm::outs() << llvm::formatv(
              "allocations: {0}run {1}: {2} made, {3} live after it ({4} "
              "bytes)\n",
              setName, r + 1, counts.allocations, counts.live,
              counts.liveBytes);
      for (auto [r, counts] : llvm::enumerate(allocations))
        if (counts.live != 0)
          return fail(llvm::formatv("the compiled code leaks: {0}run {1} left "
                                    "{2} buffer(s) of {3} bytes allocated",
                                    setName, r + 1, counts.live,
                                    counts.liveBytes)
                          .str());
      std::string dir = outputDir;
      if (!dir.empty() && inputSets.size() > 1)
        dir += "/set" + std::to_string(set);
      if (!dir.empty() &&
          failed(writeOutputFolder(dir, model->outputs(), *outputs, loc)))
        return 1;
      if (set + 1 == inputSets.size()) {
        outputInfo.assign(model->outputs().begin(), model->outputs().end());
        allOutputs.push_back(std::move(*outputs));
      }
    }
  }

  Tolerance tolerance{relTolerance, absTolerance};
  bool pass = true;
  if (pipelines.size() == 2) {
    llvm::outs() << "compare: pipeline \"" << pipelines[0] << "\" vs \""
                 << pipelines[1] << "\"\n";
    if (allOutputs[0].size() != allOutputs[1].size())
      return fail("the pipelines give different numbers of outputs");
    for (size_t i = 0; i < allOutputs[0].size(); ++i) {
      Comparison comparison =
          compareTensors(allOutputs[1][i], allOutputs[0][i], tolerance);
      printComparison(llvm::outs(), outputInfo[i].name, comparison);
      pass &= comparison.passed;
    }
  }
  if (!compareDir.empty()) {
    llvm::outs() << "compare: " << compareDir << "\n";
    FailureOr<bool> matches = compareWithReference(
        llvm::outs(), reference, /*bySummary=*/outputNames.empty(), outputInfo,
        allOutputs.back(), tolerance, loc);
    if (failed(matches))
      return 1;
    pass &= *matches;
  }
  if (!pass) {
    llvm::outs() << "FAIL: outputs differ beyond --rtol " << relTolerance
                 << "\n";
    return 2;
  }
  return 0;
}
