//===- tfg-run.cpp - JIT-compile a model for the CPU and run it ------------===//
//
// Imports a model (any format tfg-translate reads, or .mlir), optionally runs
// a TFG pass pipeline on the graph, lowers it with tfg-lower-to-llvm,
// JIT-compiles it with mlir::ExecutionEngine and runs it on .npy (or random)
// inputs; writes the outputs as .npy, prints their names/shapes/dtypes, the
// compile time and the median latency, and compares them with reference
// .npy files (--compare) or with the same model after another pipeline
// (--compare-pipeline).
//
//===----------------------------------------------------------------------===//

#include "Npy.h"

#include "TFG/Conversion/Passes.h"
#include "TFG/Dialect/IR/TFG.h"
#include "TFG/Import/Import.h"
#include "TFG/Pipelines/Pipelines.h"
#include "TFG/Transforms/Passes.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <malloc.h>
#include <chrono>
#include <cmath>
#include <random>

using namespace mlir;
using namespace tfg_run;
namespace cl = llvm::cl;

static cl::OptionCategory runCategory("tfg-run options");

static cl::opt<std::string> modelPath(cl::cat(runCategory), cl::Positional, cl::desc("<model>"), cl::Required);
static cl::opt<std::string> pipeline(cl::cat(runCategory), 
    "pipeline", cl::desc("TFG pass pipeline run on the graph before lowering "
                         "(textual, without builtin.module(...))"),
    cl::init(""));
static cl::list<std::string> inputFiles(cl::cat(runCategory), 
    "input", cl::desc("name=file.npy: the value of input node `name`"));
static cl::list<std::string> inputShapes(cl::cat(runCategory), 
    "input-shape", cl::desc("name:1x224x224x3 for an input without a file"));
static cl::list<std::string> outputNames(cl::cat(runCategory), "outputs", cl::CommaSeparated,
                                         cl::desc("Output tensors (node or node:i)"));
static cl::opt<int64_t> batchSize(cl::cat(runCategory), "batch-size", cl::init(1),
                                  cl::desc("Value of an unknown batch dimension"));
static cl::opt<bool> randomInputs(cl::cat(runCategory), "random-inputs",
                                  cl::desc("Generate inputs without a file "
                                           "(floats in [0,1), ints in [0,255])"));
static cl::opt<unsigned> seed(cl::cat(runCategory), "seed", cl::init(1), cl::desc("Seed of --random-inputs"));
static cl::opt<std::string> outputDir(cl::cat(runCategory), "output-dir", cl::init(""),
                                      cl::desc("Write outputs here as output_<i>_<name>.npy"));
static cl::opt<unsigned> runs(cl::cat(runCategory), "runs", cl::init(1), cl::desc("Timed runs (median latency)"));
static cl::opt<std::string> compareDir(cl::cat(runCategory), 
    "compare", cl::init(""),
    cl::desc("Compare outputs with reference .npy files in DIR (and take "
             "inputs/outputs from DIR/summary.json when not given)"));
static cl::opt<double> relTolerance(cl::cat(runCategory), "rtol", cl::init(1e-4),
                            cl::desc("Largest relative L2 error of a float output"));
static cl::opt<double> absTolerance(cl::cat(runCategory), "atol", cl::init(0.0),
                            cl::desc("An output also passes when its max abs error is at most this"));
static cl::list<std::string> comparePipelines(cl::cat(runCategory), 
    "compare-pipeline", cl::multi_val(2),
    cl::desc("\"A\" \"B\": run the model after TFG pipeline A and after B on "
             "the same inputs and compare the outputs (\"\" = no pipeline)"));
static cl::opt<std::string> dumpLinalg(cl::cat(runCategory), "dump-linalg", cl::init(""),
                                       cl::desc("Write the linalg-level IR here"));
static cl::opt<unsigned> printOutputs(cl::cat(runCategory), 
    "print-outputs", cl::init(0),
    cl::desc("Print the first N values of each output"));
static cl::opt<bool> quiet(cl::cat(runCategory), "quiet", cl::desc("Only print the comparison"));

namespace {

/// A tensor the compiled function takes or returns.
struct TensorInfo {
  std::string name;
  Type elementType;
  std::vector<int64_t> shape;
};

struct Compiled {
  std::unique_ptr<ExecutionEngine> engine;
  std::vector<TensorInfo> inputs, outputs;
  double compileSeconds = 0;
};

std::string descrOf(Type type) {
  if (type.isF32())
    return "<f4";
  if (type.isF64())
    return "<f8";
  if (type.isF16())
    return "<f2";
  if (type.isInteger(1))
    return "|b1";
  if (type.isInteger(8))
    return "|i1";
  if (type.isInteger(16))
    return "<i2";
  if (type.isInteger(32))
    return "<i4";
  if (type.isInteger(64))
    return "<i8";
  return "";
}

std::string sanitize(llvm::StringRef name) {
  std::string out = name.str();
  std::replace(out.begin(), out.end(), ':', '_');
  std::replace(out.begin(), out.end(), '/', '_');
  return out;
}

int fail(const llvm::Twine &message) {
  llvm::errs() << "tfg-run: error: " << message << "\n";
  return 1;
}

/// Inputs and outputs named by a reference folder's summary.json.
struct Reference {
  std::vector<std::pair<std::string, std::string>> inputs;  // node, file
  std::vector<std::pair<std::string, std::string>> outputs; // tensor, file
};

bool readSummary(llvm::StringRef dir, Reference &ref) {
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, "summary.json");
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return false;
  auto json = llvm::json::parse((*buffer)->getBuffer());
  if (!json) {
    llvm::consumeError(json.takeError());
    return false;
  }
  const llvm::json::Object *root = json->getAsObject();
  if (!root)
    return false;
  auto entries = [&](llvm::StringRef key, llvm::StringRef nameKey,
                     std::vector<std::pair<std::string, std::string>> &out) {
    if (const llvm::json::Array *list = root->getArray(key))
      for (const llvm::json::Value &v : *list)
        if (const llvm::json::Object *o = v.getAsObject()) {
          auto name = o->getString(nameKey);
          auto file = o->getString("file");
          if (name && file)
            out.push_back({name->str(), file->str()});
        }
  };
  entries("inputs", "node", ref.inputs);
  entries("outputs", "tensor", ref.outputs);
  return true;
}

/// Import (or parse), run the TFG pipeline, lower, JIT-compile.
FailureOr<Compiled> compile(MLIRContext &context, llvm::StringRef tfgPipeline,
                            const tfg::LowerToLLVMOptions &options) {
  auto start = std::chrono::steady_clock::now();
  OwningOpRef<ModuleOp> module =
      llvm::StringRef(modelPath).ends_with(".mlir")
          ? tfg::parseMLIRFile(modelPath, &context)
          : tfg::importModelFile(modelPath, &context);
  if (!module)
    return failure();
  PassManager pm(&context);
  if (!tfgPipeline.empty() && failed(parsePassPipeline(tfgPipeline, pm))) {
    llvm::errs() << "tfg-run: error: cannot parse pipeline '" << tfgPipeline << "'\n";
    return failure();
  }
  bool isGraph = !module->getOps<tfg::GraphOp>().empty();
  if (isGraph)
    tfg::buildLowerToLinalgPipeline(pm, options);
  if (failed(pm.run(*module)))
    return failure();
  if (!dumpLinalg.empty()) {
    std::error_code ec;
    llvm::raw_fd_ostream os(dumpLinalg, ec);
    module->print(os);
  }
  auto func = module->lookupSymbol<func::FuncOp>(options.funcName);
  if (!func) {
    llvm::errs() << "tfg-run: error: no function @" << options.funcName
                 << " after lowering\n";
    return failure();
  }
  Compiled compiled;
  auto describe = [&](Type type, Attribute nameAttr, std::string fallback,
                      std::vector<TensorInfo> &out) -> LogicalResult {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !tensor.hasStaticShape() || descrOf(tensor.getElementType()).empty()) {
      llvm::errs() << "tfg-run: error: " << fallback << " has type " << type
                   << ", which tfg-run cannot pass\n";
      return failure();
    }
    auto name = dyn_cast_or_null<StringAttr>(nameAttr);
    out.push_back({name ? name.str() : fallback, tensor.getElementType(),
                   std::vector<int64_t>(tensor.getShape().begin(), tensor.getShape().end())});
    return success();
  };
  for (unsigned i = 0; i < func.getNumArguments(); ++i)
    if (failed(describe(func.getArgument(i).getType(),
                        func.getArgAttr(i, tfg::attrs::kName),
                        "argument " + std::to_string(i), compiled.inputs)))
      return failure();
  for (unsigned i = 0; i < func.getNumResults(); ++i)
    if (failed(describe(func.getResultTypes()[i],
                        func.getResultAttr(i, tfg::attrs::kName),
                        "result " + std::to_string(i), compiled.outputs)))
      return failure();

  PassManager llvmPm(&context);
  tfg::buildLinalgToLLVMPipeline(llvmPm);
  if (failed(llvmPm.run(*module)))
    return failure();
  auto transformer = makeOptimizingTransformer(/*optLevel=*/3, /*sizeLevel=*/0,
                                               /*targetMachine=*/nullptr);
  ExecutionEngineOptions engineOptions;
  engineOptions.transformer = transformer;
  llvm::SmallVector<llvm::StringRef> libraries;
  if (llvm::sys::fs::exists(TFG_C_RUNNER_UTILS))
    libraries.push_back(TFG_C_RUNNER_UTILS);
  engineOptions.sharedLibPaths = libraries;
  engineOptions.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
  auto engine = ExecutionEngine::create(*module, engineOptions);
  if (!engine) {
    llvm::errs() << "tfg-run: error: JIT compilation failed: "
                 << llvm::toString(engine.takeError()) << "\n";
    return failure();
  }
  compiled.engine = std::move(*engine);
  compiled.engine->initialize();
  compiled.compileSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return compiled;
}

/// A memref descriptor as 8-byte words: allocated, aligned, offset,
/// sizes..., strides... (what the C interface passes by pointer).
std::vector<int64_t> descriptorFor(void *data, const std::vector<int64_t> &shape) {
  std::vector<int64_t> words{(int64_t)(intptr_t)data, (int64_t)(intptr_t)data, 0};
  words.insert(words.end(), shape.begin(), shape.end());
  std::vector<int64_t> strides(shape.size(), 1);
  for (int i = (int)shape.size() - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  words.insert(words.end(), strides.begin(), strides.end());
  return words;
}

/// Runs the function once; returns the outputs and the seconds it took.
FailureOr<std::vector<NpyArray>> invoke(Compiled &compiled, std::vector<NpyArray> &inputs,
                                        llvm::StringRef funcName, double &seconds) {
  std::vector<std::vector<int64_t>> descriptors;
  for (NpyArray &input : inputs)
    descriptors.push_back(descriptorFor(input.data.data(), input.shape));
  size_t resultWords = 0;
  for (const TensorInfo &out : compiled.outputs)
    resultWords += 3 + 2 * out.shape.size();
  std::vector<int64_t> results(std::max<size_t>(resultWords, 1));
  void *resultPtr = results.data();
  std::vector<void *> descriptorPtrs;
  for (auto &d : descriptors)
    descriptorPtrs.push_back(d.data());
  llvm::SmallVector<void *> args;
  if (!compiled.outputs.empty())
    args.push_back(&resultPtr);
  for (void *&p : descriptorPtrs)
    args.push_back(&p);
  auto start = std::chrono::steady_clock::now();
  if (llvm::Error error =
          compiled.engine->invokePacked(("_mlir_ciface_" + funcName).str(), args)) {
    llvm::errs() << "tfg-run: error: " << llvm::toString(std::move(error)) << "\n";
    return failure();
  }
  seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::vector<NpyArray> outputs;
  size_t at = 0;
  for (const TensorInfo &out : compiled.outputs) {
    NpyArray array;
    array.descr = descrOf(out.elementType);
    array.shape = out.shape;
    int64_t elementSize = npyElementSize(array.descr);
    char *aligned = (char *)(intptr_t)results[at + 1];
    int64_t offset = results[at + 2];
    const char *begin = aligned + offset * elementSize;
    array.data.assign(begin, begin + array.numElements() * elementSize);
    outputs.push_back(std::move(array));
    at += 3 + 2 * out.shape.size();
  }
  return outputs;
}

double elementAsDouble(const NpyArray &a, int64_t i) {
  llvm::StringRef kind = llvm::StringRef(a.descr).drop_front();
  const char *p = a.data.data();
  auto read = [&](auto tag) {
    decltype(tag) v;
    memcpy(&v, p + i * sizeof(v), sizeof(v));
    return (double)v;
  };
  if (kind == "f4")
    return read(float());
  if (kind == "f8")
    return read(double());
  if (kind == "i4")
    return read(int32_t());
  if (kind == "i8")
    return read(int64_t());
  if (kind == "i2")
    return read(int16_t());
  if (kind == "u1" || kind == "b1")
    return read(uint8_t());
  if (kind == "i1")
    return read(int8_t());
  return NAN;
}

/// Compares one output with its reference; prints a line; true when it passes.
bool compareOutput(llvm::StringRef name, const NpyArray &got, const NpyArray &want) {
  if (got.shape != want.shape) {
    llvm::outs() << llvm::formatv("  {0,-40} FAIL shape [{1}] vs reference [{2}]\n", name,
                                  llvm::join(llvm::map_range(got.shape, [](int64_t d) { return std::to_string(d); }), ","),
                                  llvm::join(llvm::map_range(want.shape, [](int64_t d) { return std::to_string(d); }), ","));
    return false;
  }
  bool isFloat = got.descr[1] == 'f' && want.descr[1] == 'f';
  double maxAbs = 0, diff2 = 0, ref2 = 0;
  int64_t unequal = 0;
  for (int64_t i = 0; i < got.numElements(); ++i) {
    double g = elementAsDouble(got, i), w = elementAsDouble(want, i);
    double d = std::isnan(g) != std::isnan(w) ? INFINITY : (std::isnan(g) ? 0 : g - w);
    maxAbs = std::max(maxAbs, std::abs(d));
    diff2 += d * d;
    ref2 += w * w;
    unequal += d != 0;
  }
  double rel = ref2 > 0 ? std::sqrt(diff2 / ref2) : std::sqrt(diff2);
  bool pass = isFloat ? (rel <= relTolerance || maxAbs <= absTolerance) : unequal == 0;
  llvm::outs() << llvm::formatv("  {0,-40} {1} max_abs={2:e2} rel_l2={3:e2}", name,
                                pass ? "ok  " : "FAIL", maxAbs, rel);
  if (!isFloat)
    llvm::outs() << " unequal=" << unequal;
  llvm::outs() << "\n";
  return pass;
}

std::string shapeString(const std::vector<int64_t> &shape) {
  return "[" + llvm::join(llvm::map_range(shape, [](int64_t d) { return std::to_string(d); }), ",") + "]";
}

/// Fills a random tensor of `info`'s type.
NpyArray randomTensor(const TensorInfo &info, std::mt19937 &rng) {
  NpyArray a;
  a.descr = descrOf(info.elementType);
  a.shape = info.shape;
  int64_t n = a.numElements(), size = npyElementSize(a.descr);
  a.data.resize(n * size);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  std::uniform_int_distribution<int> byte(0, 255);
  for (int64_t i = 0; i < n; ++i) {
    char *p = a.data.data() + i * size;
    llvm::StringRef kind = llvm::StringRef(a.descr).drop_front();
    if (kind == "f4") {
      float v = uniform(rng);
      memcpy(p, &v, 4);
    } else if (kind == "f8") {
      double v = uniform(rng);
      memcpy(p, &v, 8);
    } else if (kind == "b1") {
      *p = byte(rng) & 1;
    } else {
      int64_t v = byte(rng);
      memcpy(p, &v, size); // little-endian: the low bytes
    }
  }
  return a;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // The compiled code mallocs its intermediate tensors and frees them each
  // run; keep freed memory in the heap (no mmap/munmap of large blocks) so
  // that later runs do not page-fault it in again.
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  registerPassManagerCLOptions();
  tfg::registerTFGPasses();
  tfg::registerTFGConversionPasses();
  tfg::registerTFGPipelines();
  registerTransformsPasses();
  cl::HideUnrelatedOptions(runCategory);
  cl::ParseCommandLineOptions(argc, argv,
                              "tfg-run: JIT-compile a TensorFlow model for the "
                              "CPU, run it, compare its outputs\n");

  DialectRegistry registry;
  tfg::registerImportDialects(registry);
  tfg::registerLoweringDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();

  // What to feed and fetch: flags first, then the reference's summary.json.
  Reference reference;
  bool haveSummary = !compareDir.empty() && readSummary(compareDir, reference);
  std::vector<std::pair<std::string, std::string>> feeds; // node, file
  for (llvm::StringRef spec : inputFiles) {
    auto [name, file] = spec.split('=');
    if (file.empty())
      return fail("--input wants name=file.npy, got '" + spec + "'");
    feeds.push_back({name.str(), file.str()});
  }
  if (feeds.empty() && haveSummary)
    for (auto &[node, file] : reference.inputs)
      feeds.push_back({node, (llvm::Twine(compareDir) + "/" + file).str()});
  tfg::LowerToLLVMOptions options;
  options.batchSize = batchSize;
  options.outputs.assign(outputNames.begin(), outputNames.end());
  if (options.outputs.empty() && haveSummary)
    for (auto &[tensor, file] : reference.outputs)
      options.outputs.push_back(tensor);
  std::map<std::string, NpyArray> fed;
  for (auto &[node, file] : feeds) {
    NpyArray array;
    std::string error;
    if (!readNpy(file, array, error))
      return fail(error);
    options.inputs.push_back(node);
    options.inputShapes.push_back(
        node + ":" + llvm::join(llvm::map_range(array.shape, [](int64_t d) { return std::to_string(d); }), "x"));
    fed[node] = std::move(array);
  }
  options.inputShapes.append(inputShapes.begin(), inputShapes.end());
  if (randomInputs && !feeds.empty())
    options.inputs.clear(); // random values for all Placeholders, files for some

  // The pipelines to run: one, or the two of --compare-pipeline.
  std::vector<std::string> pipelines{pipeline};
  if (!comparePipelines.empty())
    pipelines.assign(comparePipelines.begin(), comparePipelines.end());
  std::vector<std::vector<NpyArray>> allOutputs;
  std::vector<TensorInfo> outputInfo;
  std::vector<NpyArray> inputs;
  for (const std::string &tfgPipeline : pipelines) {
    auto compiled = compile(context, tfgPipeline, options);
    if (failed(compiled))
      return 1;
    if (inputs.empty()) {
      std::mt19937 rng(seed);
      for (const TensorInfo &info : compiled->inputs) {
        auto it = fed.find(info.name);
        if (it != fed.end()) {
          if (it->second.descr != descrOf(info.elementType))
            return fail("input '" + info.name + "': file dtype " + it->second.descr +
                        ", the model wants " + descrOf(info.elementType));
          inputs.push_back(it->second);
        } else if (randomInputs) {
          inputs.push_back(randomTensor(info, rng));
        } else {
          return fail("input '" + info.name + "' " + shapeString(info.shape) +
                      " has no value: give --input " + info.name +
                      "=file.npy or --random-inputs");
        }
      }
    }
    std::vector<double> times;
    FailureOr<std::vector<NpyArray>> outputs = failure();
    for (unsigned r = 0; r < std::max(1u, (unsigned)runs); ++r) {
      double seconds;
      outputs = invoke(*compiled, inputs, options.funcName, seconds);
      if (failed(outputs))
        return 1;
      times.push_back(seconds);
    }
    std::sort(times.begin(), times.end());
    if (!quiet) {
      llvm::outs() << llvm::formatv("model: {0}{1}\n", modelPath,
                                    tfgPipeline.empty() ? "" : " after " + tfgPipeline);
      for (auto [i, info] : llvm::enumerate(compiled->inputs))
        llvm::outs() << llvm::formatv("  input  {0}: {1} {2}\n", info.name,
                                      descrOf(info.elementType), shapeString(info.shape));
      for (auto [i, info] : llvm::enumerate(compiled->outputs))
        llvm::outs() << llvm::formatv("  output {0}: {1} {2}\n", info.name,
                                      descrOf(info.elementType), shapeString(info.shape));
      llvm::outs() << llvm::formatv("compile: {0:f3} s\nlatency: median {1:f3} ms over {2} run(s)\n",
                                    compiled->compileSeconds, times[times.size() / 2] * 1e3,
                                    times.size());
    }
    for (auto [i, info] : llvm::enumerate(compiled->outputs)) {
      if (!printOutputs)
        break;
      const NpyArray &array = (*outputs)[i];
      int64_t n = std::min<int64_t>(array.numElements(), printOutputs);
      llvm::outs() << "  " << info.name << " =";
      for (int64_t e = 0; e < n; ++e)
        llvm::outs() << " " << llvm::format("%.9g", elementAsDouble(array, e));
      llvm::outs() << (n < array.numElements() ? " ...\n" : "\n");
    }
    if (!outputDir.empty()) {
      llvm::sys::fs::create_directories(outputDir);
      for (auto [i, info] : llvm::enumerate(compiled->outputs)) {
        std::string error;
        std::string path = (llvm::Twine(outputDir) + "/output_" + llvm::Twine(i) + "_" +
                            sanitize(info.name) + ".npy").str();
        if (!writeNpy(path, (*outputs)[i], error))
          return fail(error);
      }
    }
    outputInfo = compiled->outputs;
    allOutputs.push_back(std::move(*outputs));
  }

  bool pass = true;
  if (pipelines.size() == 2) {
    llvm::outs() << "compare: pipeline \"" << pipelines[0] << "\" vs \"" << pipelines[1] << "\"\n";
    if (allOutputs[0].size() != allOutputs[1].size())
      return fail("the pipelines give different numbers of outputs");
    for (size_t i = 0; i < allOutputs[0].size(); ++i)
      pass &= compareOutput(outputInfo[i].name, allOutputs[1][i], allOutputs[0][i]);
  }
  if (!compareDir.empty()) {
    llvm::outs() << "compare: " << compareDir << "\n";
    for (auto [i, info] : llvm::enumerate(outputInfo)) {
      std::string file;
      if (haveSummary && i < reference.outputs.size() && outputNames.empty())
        file = reference.outputs[i].second;
      else { // output_<i>_*.npy
        std::error_code ec;
        for (llvm::sys::fs::directory_iterator it(compareDir, ec), end; it != end && !ec;
             it.increment(ec))
          if (llvm::sys::path::filename(it->path())
                  .starts_with("output_" + std::to_string(i) + "_"))
            file = llvm::sys::path::filename(it->path()).str();
      }
      if (file.empty())
        return fail("no reference for output " + std::to_string(i) + " in " + compareDir);
      NpyArray want;
      std::string error;
      if (!readNpy(compareDir + "/" + file, want, error))
        return fail(error);
      pass &= compareOutput(info.name, allOutputs.back()[i], want);
    }
  }
  if (!pass) {
    llvm::outs() << "FAIL: outputs differ beyond --rtol " << relTolerance << "\n";
    return 2;
  }
  return 0;
}
