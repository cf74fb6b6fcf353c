//===- CompiledModel.cpp - A model JIT-compiled for the host CPU ----------===//

#include "TFG/Runner/CompiledModel.h"

#include "TFG/Conversion/Passes.h"
#include "TFG/Dialect/IR/InputFile.h"
#include "TFG/Dialect/IR/OutputFile.h"
#include "TFG/Dialect/IR/TFG.h"
#include "TFG/ImportExport/Import.h"
#include "TFG/Runner/ModelCache.h"

#include "AllocationCounter.h"
#include "ParallelCodegen.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/CRunnerUtils.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/Timing.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/ExecutionEngine/JITEventListener.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/RTDyldObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/SectionMemoryManager.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Target/TargetMachine.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <cstdlib>
#include <mutex>
#include <numeric>
#include <utility>

using namespace mlir;
using namespace mlir::tfg;

namespace {

/// The C interface passes a memref as a pointer to StridedMemRefType<T, N>
/// (CRunnerUtils.h's descriptors live in the global namespace;
/// mlir::UnrankedMemRefType is the IR type). The layout does not depend on
/// T, so char stands for every element type.
/// The rank is only known at run time: an argument descriptor is built by
/// the instance of its rank, up to kMaxRank.
constexpr size_t kMaxRank = 8;

/// An argument descriptor over row-major data (contiguous, offset 0).
class ArgumentDescriptor {
public:
  static FailureOr<ArgumentDescriptor> get(const char *data,
                                           llvm::ArrayRef<int64_t> shape) {
    ArgumentDescriptor result;
    if (!build(result, const_cast<char *>(data), shape,
               std::make_index_sequence<kMaxRank + 1>()))
      return failure();
    return result;
  }
  /// What the C interface takes: a pointer to the descriptor.
  void *pointer() const { return storage.get(); }

private:
  template <size_t Rank>
  static std::shared_ptr<void> make(char *data, llvm::ArrayRef<int64_t> shape) {
    auto memref = std::make_shared<StridedMemRefType<char, Rank>>();
    memref->basePtr = memref->data = data;
    memref->offset = 0;
    if constexpr (Rank > 0) {
      int64_t stride = 1;
      for (int dim = Rank - 1; dim >= 0; --dim) {
        memref->sizes[dim] = shape[dim];
        memref->strides[dim] = stride;
        stride *= shape[dim];
      }
    }
    return memref;
  }
  template <size_t... Ranks>
  static bool build(ArgumentDescriptor &result, char *data,
                    llvm::ArrayRef<int64_t> shape,
                    std::index_sequence<Ranks...>) {
    return ((shape.size() == Ranks &&
             (result.storage = make<Ranks>(data, shape), true)) ||
            ...);
  }

  std::shared_ptr<void> storage;
};

/// Words of a rank-`rank` descriptor in the results struct (basePtr, data,
/// offset, sizes, strides; all 8 bytes, so the struct has no padding).
size_t descriptorWords(size_t rank) {
  static_assert(sizeof(StridedMemRefType<char, 2>) == 7 * sizeof(int64_t),
                "memref descriptors are made of 8-byte words");
  return 3 + 2 * rank;
}

/// Copies a result memref's elements into a row-major tensor.
void copyOut(const DynamicMemRefType<char> &memref, int64_t elementSize,
             Tensor &tensor) {
  int64_t rank = memref.rank, count = tensor.numElements();
  tensor.data.resize(count * elementSize);
  // An empty result (a dimension of 0) has no bytes to copy, and memcpy's
  // pointers must not be null even then: the empty vector's is.
  if (count == 0)
    return;
  bool rowMajor = true;
  for (int64_t dim = rank - 1, stride = 1; dim >= 0; --dim) {
    rowMajor &= memref.sizes[dim] == 1 || memref.strides[dim] == stride;
    stride *= memref.sizes[dim];
  }
  const char *base = memref.data + memref.offset * elementSize;
  if (rowMajor) {
    std::memcpy(tensor.data.data(), base, tensor.data.size());
    return;
  }
  llvm::SmallVector<int64_t> index(rank, 0);
  for (int64_t i = 0; i < count; ++i) {
    int64_t at = 0;
    for (int64_t dim = 0; dim < rank; ++dim)
      at += index[dim] * memref.strides[dim];
    std::memcpy(tensor.data.data() + i * elementSize, base + at * elementSize,
                elementSize);
    for (int64_t dim = rank - 1; dim >= 0 && ++index[dim] == memref.sizes[dim];
         --dim)
      index[dim] = 0;
  }
}

/// The name, dtype and shape (kDynamicDim where dynamic) of an argument or
/// result.
LogicalResult describe(Type type, Attribute nameAttr, std::string fallback,
                       std::vector<TensorInfo> &out) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || dtypeOf(tensor.getElementType()).empty() ||
      (size_t)tensor.getRank() > kMaxRank) {
    return emitError(runnerLoc(type.getContext()))
           << fallback << " has type " << type << ", which tfg-run cannot pass";
  }
  auto name = dyn_cast_or_null<StringAttr>(nameAttr);
  std::vector<int64_t> shape;
  for (int64_t d : tensor.getShape())
    shape.push_back(ShapedType::isDynamic(d) ? TensorInfo::kDynamicDim : d);
  out.push_back({name ? name.str() : fallback, tensor.getElementType(),
                 dtypeOf(tensor.getElementType()), std::move(shape)});
  return success();
}

/// Bytes per element of a tensor or memref element type (0: not counted).
uint64_t elementBytes(Type type) {
  if (type.isIndex())
    return 8;
  if (type.isIntOrFloat())
    return (type.getIntOrFloatBitWidth() + 7) / 8;
  return 0;
}

/// What names `value` in an error: the input's or the node's name.
std::string describeValue(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    auto func = dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp());
    auto name = func ? func.getArgAttrOfType<StringAttr>(arg.getArgNumber(),
                                                         attrs::kName)
                     : StringAttr();
    return name ? "input '" + name.str() + "'"
                : "argument " + std::to_string(arg.getArgNumber());
  }
  Operation *op = value.getDefiningOp();
  std::string node;
  op->getLoc()->walk([&](Location loc) {
    if (auto name = dyn_cast<NameLoc>(loc); name && node.empty())
      node = name.getName().str();
    return WalkResult::advance();
  });
  std::string opName = op->getName().getStringRef().str();
  return node.empty() ? "a result of " + opName
                      : "node '" + node + "' (" + opName + ")";
}

/// The bytes of a statically shaped tensor or memref type: nullopt when
/// there is nothing to count, a nullopt inside when it overflows.
std::optional<std::optional<uint64_t>> staticByteSize(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !isa<RankedTensorType, MemRefType>(shaped) ||
      !shaped.hasStaticShape())
    return std::nullopt;
  uint64_t element = elementBytes(shaped.getElementType());
  if (!element)
    return std::nullopt;
  return tensorByteSize(shaped.getShape(), element);
}

/// Every statically shaped tensor of `func` must fit in `available` bytes,
/// and its arguments and results together too (they are all alive during a
/// run). Shapes here come from files and options (--batch-size,
/// --input-shape, .npy headers): checked with overflow-safe arithmetic.
LogicalResult checkTensorSizes(func::FuncOp func, uint64_t available) {
  Location loc = runnerLoc(func.getContext());
  auto check = [&](Value value) -> LogicalResult {
    std::optional<std::optional<uint64_t>> size =
        staticByteSize(value.getType());
    if (!size || (*size && **size <= available))
      return success();
    auto shaped = cast<ShapedType>(value.getType());
    InFlightDiagnostic diag = emitError(loc);
    diag << describeValue(value) << " has shape "
         << shapeString(shaped.getShape()) << " of " << shaped.getElementType()
         << ": ";
    if (*size)
      diag << **size << " bytes, ";
    else
      diag << "more than 2^63 bytes, ";
    return diag << "more than the " << formatBytes(available)
                << " of memory available";
  };
  for (BlockArgument arg : func.getArguments())
    if (failed(check(arg)))
      return failure();
  WalkResult walk = func.walk([&](Operation *op) {
    for (Value result : op->getResults())
      if (failed(check(result)))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  // Each fits; the sum of sizes that each fit in int64_t fits in uint64_t
  // for any realistic count, and is only compared.
  uint64_t total = 0;
  FunctionType type = func.getFunctionType();
  for (TypeRange types :
       {TypeRange(type.getInputs()), TypeRange(type.getResults())})
    for (Type t : types)
      if (std::optional<std::optional<uint64_t>> size = staticByteSize(t))
        total += size->value_or(0);
  if (total > available)
    return emitError(loc) << "the inputs and outputs together need " << total
                          << " bytes, more than the " << formatBytes(available)
                          << " of memory available";
  return success();
}

/// The tool's --mlir-timing, --mlir-print-ir-after, ... when it asks for
/// them (MLIR fails when they were never registered).
LogicalResult applyCommandLineOptions(PassManager &pm,
                                      const CompileOptions &options) {
  if (!options.passManagerCommandLine)
    return success();
  if (failed(applyPassManagerCLOptions(pm)))
    return emitError(runnerLoc(pm.getContext()))
           << "cannot apply the pass manager's command-line options";
  applyDefaultTimingPassManagerCLOptions(pm);
  return success();
}

/// The shared libraries the compiled code calls: MLIR's C runner utils
/// (memrefCopy, for strided memref copies) and, for threads, OpenMP.
llvm::SmallVector<llvm::StringRef> runtimeLibraries(unsigned threads) {
  llvm::SmallVector<llvm::StringRef> libraries;
  if (llvm::sys::fs::exists(TFG_C_RUNNER_UTILS))
    libraries.push_back(TFG_C_RUNNER_UTILS);
  if (threads > 1)
    libraries.push_back(TFG_OPENMP_RUNTIME);
  return libraries;
}

/// The cache key of compiling `module` with these pass managers and
/// options: everything the machine code depends on. The pipelines are
/// printed with their passes' options (inputs, outputs, shapes, threads:
/// whatever a pass is told), so that an option added to the lowering is in
/// the key without being listed here. nullopt: no key (the executable
/// cannot be read, or the module has no bytecode); the cache is then not
/// used.
std::optional<CacheKey> cacheKeyOf(ModuleOp module, const PassManager &toLinalg,
                                   const PassManager &toLLVM,
                                   const CompileOptions &options) {
  llvm::StringRef compiler = executableHash();
  if (compiler.empty())
    return std::nullopt;
  CacheKeyBuilder key;
  key.add("tfg compiled model");
  key.add(compiler);
  key.add(LLVM_VERSION_STRING);
  // The code is generated for this CPU (its vector width, its features).
  key.add(llvm::sys::getHostCPUName());
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  llvm::SmallVector<std::string> featureList;
  for (const auto &feature : features)
    featureList.push_back((feature.second ? "+" : "-") + feature.first().str());
  llvm::sort(featureList);
  key.add(llvm::join(featureList, ","));
  key.add(options.hostTarget ? "host target" : "generic target");
  key.add(options.llvmPipeline == LLVMPipeline::O3 ? "llvm o3"
                                                   : "llvm kernels");
  key.add(options.lowering.funcName);
  std::string pipelines;
  llvm::raw_string_ostream os(pipelines);
  toLinalg.printAsTextualPipeline(os);
  os << "\n";
  toLLVM.printAsTextualPipeline(os);
  key.add(pipelines);
  if (failed(key.addBytecode(module)))
    return std::nullopt;
  return key.final();
}

/// The name of the packed wrapper of `_mlir_ciface_<funcName>`: one
/// `void(void **)` entry point whatever the signature (ExecutionEngine's
/// convention, which cache entries of the one-module compile also use).
std::string packedName(llvm::StringRef funcName) {
  return ("_mlir__mlir_ciface_" + funcName).str();
}

/// Adds the packed wrapper of `function` to its module: it takes an array
/// of pointers to the arguments (then to the result, when there is one),
/// loads each and calls `function` (as ExecutionEngine's
/// packFunctionArguments does for every function).
void addPackedWrapper(llvm::Function &function, llvm::StringRef name) {
  llvm::Module &module = *function.getParent();
  llvm::IRBuilder<> builder(module.getContext());
  auto *wrapper = llvm::Function::Create(
      llvm::FunctionType::get(builder.getVoidTy(), {builder.getPtrTy()},
                              /*isVarArg=*/false),
      llvm::GlobalValue::ExternalLinkage, name, module);
  builder.SetInsertPoint(
      llvm::BasicBlock::Create(module.getContext(), "entry", wrapper));
  llvm::Value *list = wrapper->arg_begin();
  auto slot = [&](uint64_t index) {
    llvm::Value *at =
        builder.CreateGEP(builder.getPtrTy(), list, builder.getInt64(index));
    return builder.CreateLoad(builder.getPtrTy(), at);
  };
  llvm::SmallVector<llvm::Value *> arguments;
  for (llvm::Argument &argument : function.args())
    arguments.push_back(
        builder.CreateLoad(argument.getType(), slot(argument.getArgNo())));
  llvm::Value *result = builder.CreateCall(&function, arguments);
  if (!result->getType()->isVoidTy())
    builder.CreateStore(result, slot(function.arg_size()));
  builder.CreateRetVoid();
}

/// For each defined function of the LLVM-dialect module, its symbol and
/// the graph nodes named in its operations' locations (a NameLoc anywhere
/// in a fused or call-site location; without any, the file:line of each
/// operation's location), the node with the most operations first. The loop
/// nests keep the locations of the ops they were lowered from through tiling,
/// bufferization and the outlining, so a nest's line names its layer (a
/// convolution with its bias and activation: the nodes fused into it).
void writeNestMap(ModuleOp module, llvm::raw_ostream &os) {
  for (auto func : module.getOps<LLVM::LLVMFuncOp>()) {
    if (func.isExternal())
      continue;
    // Node names; for a graph written as .mlir (no names in its locations)
    // the file lines of its nodes.
    llvm::MapVector<StringAttr, unsigned> nodes, lines;
    auto count = [&](Location loc) {
      bool named = false;
      StringAttr line;
      loc->walk([&](Location sub) {
        if (auto name = dyn_cast<NameLoc>(sub)) {
          ++nodes[name.getName()];
          named = true;
        } else if (auto file = dyn_cast<FileLineColLoc>(sub); file && !line) {
          line = StringAttr::get(
              module.getContext(),
              llvm::sys::path::filename(file.getFilename().getValue()) + ":" +
                  llvm::Twine(file.getLine()));
        }
        return WalkResult::advance();
      });
      if (!named && line)
        ++lines[line];
    };
    func.walk([&](Operation *op) {
      // A fused location is several nodes' (a function that
      // tfg-cpu-share-identical-nests kept for several layers): each one.
      if (auto fused = dyn_cast<FusedLoc>(op->getLoc()))
        llvm::for_each(fused.getLocations(), count);
      else
        count(op->getLoc());
    });
    if (nodes.empty())
      nodes = std::move(lines);
    // Most operations first; ties in order of first appearance.
    llvm::SmallVector<unsigned> order(nodes.size());
    std::iota(order.begin(), order.end(), 0u);
    llvm::sort(order, [&](unsigned a, unsigned b) {
      unsigned countA = nodes.begin()[a].second;
      unsigned countB = nodes.begin()[b].second;
      return countA != countB ? countA > countB : a < b;
    });
    os << func.getSymName() << '\t';
    llvm::interleave(
        order, os, [&](unsigned i) { os << nodes.begin()[i].first.getValue(); },
        ", ");
    os << '\n';
  }
}

/// A JIT for a model's object files, set up as ExecutionEngine sets up its:
/// RuntimeDyld, the process's symbols (libc, libm), the runtime libraries,
/// perf's listener (perf then names the code's functions); with
/// `countAllocations`, the counting allocation functions before them.
llvm::Expected<std::unique_ptr<llvm::orc::LLJIT>>
createJIT(llvm::ArrayRef<llvm::StringRef> libraries, bool countAllocations) {
  auto machine = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!machine)
    return machine.takeError();
  auto jit =
      llvm::orc::LLJITBuilder()
          .setJITTargetMachineBuilder(std::move(*machine))
          .setObjectLinkingLayerCreator(
              [](llvm::orc::ExecutionSession &session)
                  -> llvm::Expected<std::unique_ptr<llvm::orc::ObjectLayer>> {
                auto layer =
                    std::make_unique<llvm::orc::RTDyldObjectLinkingLayer>(
                        session, [](const llvm::MemoryBuffer &) {
                          return std::make_unique<llvm::SectionMemoryManager>();
                        });
                if (llvm::JITEventListener *perf =
                        llvm::JITEventListener::createPerfJITEventListener())
                  layer->registerJITEventListener(*perf);
                return layer;
              })
          .create();
  if (!jit)
    return jit.takeError();
  for (llvm::StringRef library : libraries) {
    std::string error;
    if (llvm::sys::DynamicLibrary::LoadLibraryPermanently(library.str().c_str(),
                                                          &error))
      return llvm::createStringError("cannot load " + library + ": " + error);
  }
  auto process = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      (*jit)->getDataLayout().getGlobalPrefix());
  if (!process)
    return process.takeError();
  (*jit)->getMainJITDylib().addGenerator(std::move(*process));
  if (countAllocations)
    if (llvm::Error error = defineCountingAllocator(**jit))
      return std::move(error);
  return jit;
}

/// Code linked in a JIT.
struct LoadedCode {
  std::unique_ptr<llvm::orc::LLJIT> jit;
  void (*packed)(void **);
};

/// Links `objects` (a compile's partitions, the packed wrapper of
/// `_mlir_ciface_<funcName>` in one of them) into a JIT of their own, runs
/// their initializers and finds the wrapper.
llvm::Expected<LoadedCode>
linkObjects(llvm::ArrayRef<llvm::StringRef> objects,
            llvm::ArrayRef<llvm::StringRef> libraries, llvm::StringRef funcName,
            bool countAllocations) {
  auto jit = createJIT(libraries, countAllocations);
  if (!jit)
    return jit.takeError();
  for (auto [index, object] : llvm::enumerate(objects))
    if (llvm::Error error =
            (*jit)->addObjectFile(llvm::MemoryBuffer::getMemBufferCopy(
                object, "model part " + std::to_string(index))))
      return std::move(error);
  if (llvm::Error error = (*jit)->initialize((*jit)->getMainJITDylib()))
    return std::move(error);
  auto symbol = (*jit)->lookup(packedName(funcName));
  if (!symbol)
    return symbol.takeError();
  return LoadedCode{std::move(*jit), symbol->toPtr<void (*)(void **)>()};
}

} // namespace

std::string CompiledModel::serializeMetadata() const {
  CacheWriter out;
  for (const std::vector<TensorInfo> *infos : {&inputInfo, &outputInfo}) {
    out.u64(infos->size());
    for (const TensorInfo &info : *infos) {
      out.str(info.name);
      out.str(info.dtype);
      std::string type;
      llvm::raw_string_ostream os(type);
      info.elementType.print(os);
      out.str(type);
      out.u64(info.shape.size());
      for (int64_t d : info.shape)
        out.i64(d);
    }
  }
  out.u64(dimChecks.size());
  for (const DimCheck &check : dimChecks) {
    out.str(check.node);
    for (int64_t field : {check.a, check.i, check.b, check.j})
      out.i64(field);
  }
  return out.bytes();
}

std::optional<std::string>
CompiledModel::deserializeMetadata(llvm::StringRef bytes) {
  CacheReader in(bytes);
  for (std::vector<TensorInfo> *infos : {&inputInfo, &outputInfo}) {
    // Each tensor is at least three lengths and a rank.
    std::optional<uint64_t> count = in.count(4 * 8);
    if (!count)
      return "a bad tensor count";
    for (uint64_t n = 0; n < *count; ++n) {
      std::optional<llvm::StringRef> name = in.str(), dtype = in.str(),
                                     typeText = in.str();
      std::optional<uint64_t> rank = in.u64();
      if (!name || !dtype || !typeText || !rank || *rank > kMaxRank)
        return "a bad tensor description";
      // The parser's errors would be reported as the run's: this is only a
      // check.
      Type type;
      {
        ScopedDiagnosticHandler quiet(context,
                                      [](Diagnostic &) { return success(); });
        type = parseType(*typeText, context);
      }
      if (!type || dtypeOf(type) != *dtype)
        return "element type '" + typeText->str() + "' is not dtype " +
               dtype->str();
      TensorInfo info{name->str(), type, dtype->str(), {}};
      for (uint64_t d = 0; d < *rank; ++d) {
        std::optional<int64_t> size = in.i64();
        if (!size || *size < TensorInfo::kDynamicDim)
          return "a bad dimension";
        info.shape.push_back(*size);
      }
      infos->push_back(std::move(info));
    }
  }
  std::optional<uint64_t> checks = in.count(5 * 8);
  if (!checks)
    return "a bad dimension check count";
  auto dimOf = [&](int64_t arg, int64_t dim) {
    return arg >= 0 && arg < (int64_t)inputInfo.size() && dim >= 0 &&
           dim < (int64_t)inputInfo[arg].shape.size();
  };
  for (uint64_t n = 0; n < *checks; ++n) {
    std::optional<llvm::StringRef> node = in.str();
    std::optional<int64_t> a = in.i64(), i = in.i64(), b = in.i64(),
                           j = in.i64();
    if (!node || !a || !i || !b || !j || !dimOf(*a, *i) ||
        (*b >= 0 ? !dimOf(*b, *j) : *j < 0))
      return "a bad dimension check";
    dimChecks.push_back({node->str(), *a, *i, *b, *j});
  }
  if (!in.atEnd())
    return "bytes after the metadata";
  return std::nullopt;
}

std::optional<std::string>
CompiledModel::checkCacheMetadata(MLIRContext *context,
                                  llvm::StringRef metadata) {
  return CompiledModel(context).deserializeMetadata(metadata);
}

std::optional<std::string>
CompiledModel::store(llvm::StringRef dir, const CacheKey &key,
                     llvm::ArrayRef<llvm::StringRef> objects) const {
  return writeCacheEntry(dir, key, serializeMetadata(), objects);
}

CompiledModel::CompiledModel(MLIRContext *context) : context(context) {}
CompiledModel::CompiledModel(CompiledModel &&) = default;
CompiledModel &CompiledModel::operator=(CompiledModel &&) = default;
CompiledModel::~CompiledModel() = default;

FailureOr<CompiledModel>
CompiledModel::compileFile(MLIRContext &context, llvm::StringRef path,
                           const CompileOptions &options) {
  auto start = PhaseClock::now();
  OwningOpRef<ModuleOp> module =
      importModelFile(path, &context, options.importOptions);
  if (!module)
    return failure();
  double importTime = secondsSince(start);
  FailureOr<CompiledModel> compiled = compile(std::move(module), options);
  if (succeeded(compiled)) {
    compiled->compileTime = secondsSince(start);
    compiled->phases.import = importTime;
  }
  return compiled;
}

FailureOr<CompiledModel> CompiledModel::compile(OwningOpRef<ModuleOp> module,
                                                const CompileOptions &options) {
  auto start = PhaseClock::now();
  MLIRContext *context = module->getContext();
  Location loc = runnerLoc(context);
  PassManager pm(context);
  if (failed(applyCommandLineOptions(pm, options)))
    return failure();
  if (!options.tfgPipeline.empty() &&
      failed(parsePassPipeline(options.tfgPipeline, pm)))
    return emitError(loc) << "cannot parse pipeline '" << options.tfgPipeline
                          << "'";
  bool isGraph = !module->getOps<GraphOp>().empty();
  if (isGraph)
    buildLowerToLinalgPipeline(pm, options.lowering);
  unsigned threads = options.lowering.threads;
  if (threads < 1 || threads > kMaxThreads)
    return emitError(loc) << "threads must be between 1 and " << kMaxThreads
                          << ", got " << threads;
  unsigned compileThreads =
      options.compileThreads ? options.compileThreads : defaultCompileThreads();
  if (compileThreads > kMaxThreads)
    return emitError(loc) << "compile threads must be at most " << kMaxThreads
                          << ", got " << compileThreads;
  // Parallel code calls the OpenMP runtime (__kmpc_fork_call, ...).
  if (threads > 1 && !llvm::sys::fs::exists(TFG_OPENMP_RUNTIME))
    return emitError(loc) << threads
                          << " threads need the OpenMP runtime, which is not "
                             "at " TFG_OPENMP_RUNTIME
                             " (Debian: libomp-22-dev)";
  PassManager llvmPm(context);
  if (failed(applyCommandLineOptions(llvmPm, options)))
    return failure();
  buildLinalgToLLVMPipeline(llvmPm, threads);
  // Verifying the whole module after each of this pipeline's passes was a
  // quarter of its time on the large models; once at its end still keeps
  // invalid IR from reaching the translation.
  llvmPm.enableVerifier(options.verifyEachPass);
  llvm::StringRef funcName = options.lowering.funcName;

  // The cache, before the module changes: its key hashes the module as
  // given and the pipelines about to run on it.
  std::optional<CacheKey> key;
  double cacheTime = 0;
  if (!options.cacheDir.empty() && options.dumpLinalgPath.empty() &&
      options.dumpLLVMPath.empty() && options.dumpNestsPath.empty()) {
    auto cacheStart = PhaseClock::now();
    key = cacheKeyOf(*module, pm, llvmPm, options);
    CacheLookup lookup;
    if (key)
      lookup = readCacheEntry(options.cacheDir, *key);
    std::string problem = lookup.problem;
    if (lookup.status == CacheLookup::Status::Found) {
      CompiledModel cached(context);
      std::optional<std::string> bad =
          cached.deserializeMetadata(lookup.entry.metadata);
      if (bad) {
        bad = "bad metadata: " + *bad;
      } else {
        llvm::Expected<LoadedCode> code =
            linkObjects(lookup.entry.objects, runtimeLibraries(threads),
                        funcName, options.countAllocations);
        if (code) {
          cached.loadedCode = std::move(code->jit);
          cached.packedFunction = code->packed;
          cached.partitions = lookup.entry.objects.size();
          cached.cache = CacheUse::Hit;
          cached.countingAllocations = options.countAllocations;
          cached.phases.cache = secondsSince(cacheStart);
          cached.compileTime = secondsSince(start);
          return cached;
        }
        bad = "its code does not load: " + llvm::toString(code.takeError());
      }
      problem = cacheEntryPath(options.cacheDir, *key) + ": " + *bad;
    }
    // Reported once: the entry is replaced by the one compiled now.
    if (!problem.empty())
      emitWarning(loc) << "ignoring a compiled-model cache entry: " << problem
                       << "; compiling the model again";
    cacheTime = secondsSince(cacheStart);
  }

  auto phaseStart = PhaseClock::now();
  if (failed(pm.run(*module)))
    return failure();
  double toLinalgTime = secondsSince(phaseStart);
  auto func = module->lookupSymbol<func::FuncOp>(funcName);
  if (!func)
    return emitError(loc) << "no function @" << funcName << " after lowering";
  if (failed(checkTensorSizes(func, availableMemoryBytes())))
    return failure();
  if (!options.dumpLinalgPath.empty()) {
    std::string error;
    if (failed(writeOutputFile(
            options.dumpLinalgPath,
            [&](llvm::raw_ostream &os) {
              module->print(os);
              return success();
            },
            error)))
      return emitError(loc) << error;
  }

  CompiledModel compiled(context);
  compiled.phases.toLinalg = toLinalgTime;
  for (unsigned i = 0; i < func.getNumArguments(); ++i)
    if (failed(describe(func.getArgument(i).getType(),
                        func.getArgAttr(i, attrs::kName),
                        "argument " + std::to_string(i), compiled.inputInfo)))
      return failure();
  for (unsigned i = 0; i < func.getNumResults(); ++i)
    if (failed(describe(func.getResultTypes()[i],
                        func.getResultAttr(i, attrs::kName),
                        "result " + std::to_string(i), compiled.outputInfo)))
      return failure();

  // The lowering's assumptions about dynamic dimensions; a .mlir may bring
  // its own, so each is checked against the signature first.
  if (Attribute checks = func->getAttr(kRunTimeDimChecks)) {
    auto list = dyn_cast<ArrayAttr>(checks);
    for (Attribute check : list ? list.getValue() : ArrayRef<Attribute>()) {
      auto fields = dyn_cast<ArrayAttr>(check);
      SmallVector<int64_t> ints;
      for (Attribute field :
           fields ? fields.getValue().drop_front() : ArrayRef<Attribute>())
        if (auto value = dyn_cast<IntegerAttr>(field))
          ints.push_back(value.getInt());
      auto node = fields && !fields.empty() ? dyn_cast<StringAttr>(fields[0])
                                            : StringAttr();
      auto dimOf = [&](int64_t arg, int64_t dim) {
        return arg >= 0 && arg < (int64_t)compiled.inputInfo.size() &&
               dim >= 0 && dim < (int64_t)compiled.inputInfo[arg].shape.size();
      };
      if (!node || ints.size() != 4 || !dimOf(ints[0], ints[1]) ||
          (ints[2] >= 0 ? !dimOf(ints[2], ints[3]) : ints[3] < 0))
        return emitError(loc) << "@" << funcName << " has a malformed "
                              << kRunTimeDimChecks << " entry " << check;
      compiled.dimChecks.push_back(
          {node.str(), ints[0], ints[1], ints[2], ints[3]});
    }
    if (!list)
      return emitError(loc) << "@" << funcName << " has a malformed "
                            << kRunTimeDimChecks << " " << checks;
  }

  phaseStart = PhaseClock::now();
  if (failed(llvmPm.run(*module)))
    return failure();
  if (!options.verifyEachPass && failed(verify(*module)))
    return emitError(loc) << "the lowering to the LLVM dialect made invalid "
                             "IR (--verify-each finds the pass)";
  compiled.phases.toLLVMDialect = secondsSince(phaseStart);
  if (!options.dumpNestsPath.empty()) {
    std::string error;
    if (failed(writeOutputFile(
            options.dumpNestsPath,
            [&](llvm::raw_ostream &os) {
              writeNestMap(*module, os);
              return success();
            },
            error)))
      return emitError(loc) << error;
  }
  // The host's target machine for both the IR optimizer (without one,
  // LLVM's vectorizers see no vector registers and leave every loop MLIR did
  // not vectorize scalar) and the code generator, with multiply-adds
  // contracted to FMA. The generic build (hostTarget false) optimizes for
  // no target and generates code at LLVM's default level.
  auto machine = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!machine)
    return emitError(loc) << "cannot describe the host CPU: "
                          << llvm::toString(machine.takeError());
  if (options.hostTarget) {
    machine->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
    machine->getOptions().AllowFPOpFusion = llvm::FPOpFusion::Fast;
  }
  auto target = machine->createTargetMachine();
  if (!target)
    return emitError(loc) << "cannot create the host target machine: "
                          << llvm::toString(target.takeError());

  phaseStart = PhaseClock::now();
  auto llvmContext = std::make_unique<llvm::LLVMContext>();
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(*module, *llvmContext);
  if (!llvmModule)
    return emitError(loc) << "cannot translate the module to LLVM IR";
  llvmModule->setDataLayout((*target)->createDataLayout());
  llvmModule->setTargetTriple((*target)->getTargetTriple());
  llvm::Function *entry =
      llvmModule->getFunction(("_mlir_ciface_" + funcName).str());
  if (!entry || entry->isDeclaration())
    return emitError(loc) << "no function @_mlir_ciface_" << funcName
                          << " after lowering";
  addPackedWrapper(*entry, packedName(funcName));
  compiled.phases.translate = secondsSince(phaseStart);

  ParallelCodegenOptions codegen{
      /*codegenMachine=*/*machine,
      /*optimizeForTarget=*/options.hostTarget,
      /*fullUnrolling=*/options.llvmPipeline == LLVMPipeline::O3,
      /*partialUnrolling=*/options.llvmPipeline == LLVMPipeline::O3,
      /*threads=*/compileThreads,
      /*inspectOptimized=*/{}};
  std::string dumpError;
  if (!options.dumpLLVMPath.empty())
    codegen.inspectOptimized =
        [&](const llvm::Module &optimized) -> llvm::Error {
      if (failed(writeOutputFile(
              options.dumpLLVMPath,
              [&](llvm::raw_ostream &os) {
                optimized.print(os, nullptr);
                return success();
              },
              dumpError)))
        return llvm::createStringError(dumpError);
      return llvm::Error::success();
    };
  llvm::Expected<ParallelCodegenResult> code =
      optimizeAndCompile(std::move(llvmModule), codegen);
  if (!code)
    return emitError(loc) << "JIT compilation failed: "
                          << llvm::toString(code.takeError());
  compiled.phases.translate += code->splitSeconds;
  compiled.phases.optimize = code->optimizeSeconds;
  compiled.phases.codegen = code->codegenSeconds;
  compiled.partitions = code->partitions;

  phaseStart = PhaseClock::now();
  llvm::SmallVector<llvm::StringRef> objects;
  for (const std::unique_ptr<llvm::MemoryBuffer> &object : code->objects)
    objects.push_back(object->getBuffer());
  llvm::Expected<LoadedCode> linked = linkObjects(
      objects, runtimeLibraries(threads), funcName, options.countAllocations);
  if (!linked)
    return emitError(loc) << "JIT compilation failed: "
                          << llvm::toString(linked.takeError());
  compiled.loadedCode = std::move(linked->jit);
  compiled.countingAllocations = options.countAllocations;
  compiled.packedFunction = linked->packed;
  compiled.phases.codegen += secondsSince(phaseStart);
  if (key) {
    auto storeStart = PhaseClock::now();
    compiled.cache = CacheUse::Miss;
    if (std::optional<std::string> problem =
            compiled.store(options.cacheDir, *key, objects))
      emitWarning(loc) << "cannot store the compiled model in the cache: "
                       << *problem;
    compiled.phases.cache = cacheTime + secondsSince(storeStart);
  }
  compiled.compileTime = secondsSince(start);
  return compiled;
}

FailureOr<std::vector<Tensor>>
CompiledModel::run(llvm::ArrayRef<Tensor> inputs, double *seconds,
                   AllocationCounts *allocations) const {
  Location loc = runnerLoc(context);
  if (allocations && !countingAllocations)
    return emitError(loc) << "the model was not compiled to count its "
                             "allocations (CompileOptions::countAllocations)";
  if (inputs.size() != inputInfo.size())
    return emitError(loc) << "the model takes " << inputInfo.size()
                          << " input(s), got " << inputs.size();
  std::vector<ArgumentDescriptor> arguments;
  for (auto [input, info] : llvm::zip_equal(inputs, inputInfo)) {
    if (input.dtype != info.dtype || !info.accepts(input.shape))
      return emitError(loc)
             << "input '" << info.name << "': " << input.dtype << " "
             << shapeString(input.shape) << ", the model wants " << info.dtype
             << " " << shapeString(info.shape);
    // The shape sizes what the code reads: it must describe the bytes.
    std::optional<uint64_t> bytes = input.byteSize();
    if (!bytes || *bytes != input.data.size())
      return emitError(loc)
             << "input '" << info.name << "': " << input.data.size()
             << " bytes do not hold " << input.dtype << " "
             << shapeString(input.shape);
    // Inputs are only read (they are the function's arguments); the
    // descriptor's pointer is not const because C has no const memrefs.
    FailureOr<ArgumentDescriptor> argument =
        ArgumentDescriptor::get(input.data.data(), input.shape);
    assert(succeeded(argument) && "describe() limits the rank");
    arguments.push_back(std::move(*argument));
  }
  // The dynamic dimensions the code assumes equal (it does not broadcast
  // them): a mismatch would read out of bounds.
  for (const DimCheck &check : dimChecks) {
    int64_t size = inputs[check.a].shape[check.i];
    int64_t want = check.b < 0 ? check.j : inputs[check.b].shape[check.j];
    if (size == want)
      continue;
    InFlightDiagnostic diag = emitError(loc);
    diag << "input '" << inputInfo[check.a].name << "' has " << size
         << " in dimension " << check.i << ", but ";
    if (check.b < 0)
      diag << "node '" << check.node << "' needs " << want
           << " there (a dynamic dimension is not broadcast)";
    else
      diag << "input '" << inputInfo[check.b].name << "' has " << want
           << " in dimension " << check.j << ", and node '" << check.node
           << "' needs them equal (dynamic dimensions are not broadcast)";
    return diag;
  }

  // The C interface returns the results through a pointer to a struct of
  // their descriptors (or to the one descriptor).
  size_t resultWords = 0;
  for (const TensorInfo &info : outputInfo)
    resultWords += descriptorWords(info.shape.size());
  std::vector<int64_t> results(std::max<size_t>(resultWords, 1));
  void *resultPointer = results.data();
  llvm::SmallVector<void *> argumentPointers;
  for (const ArgumentDescriptor &argument : arguments)
    argumentPointers.push_back(argument.pointer());
  llvm::SmallVector<void *> packedArgs;
  if (!outputInfo.empty())
    packedArgs.push_back(&resultPointer);
  for (void *&pointer : argumentPointers)
    packedArgs.push_back(&pointer);

  AllocationCounts before;
  if (countingAllocations)
    before = currentAllocationCounts();
  auto start = PhaseClock::now();
  packedFunction(packedArgs.data());
  if (seconds)
    *seconds = secondsSince(start);

  // The caller owns the results: the deallocation pipeline makes a public
  // function return buffers it allocated (it clones constants and
  // arguments), with malloc. A buffer returned twice is freed once.
  std::vector<Tensor> outputs;
  llvm::SmallDenseSet<char *> allocated;
  char *at = reinterpret_cast<char *>(results.data());
  for (const TensorInfo &info : outputInfo) {
    ::UnrankedMemRefType<char> result{(int64_t)info.shape.size(), at};
    DynamicMemRefType<char> memref(result);
    // A dynamic dimension's size is the run's (the descriptor's).
    Tensor tensor{
        info.dtype,
        std::vector<int64_t>(memref.sizes, memref.sizes + memref.rank),
        {}};
    copyOut(memref, dtypeElementSize(info.dtype), tensor);
    outputs.push_back(std::move(tensor));
    allocated.insert(memref.basePtr);
    at += descriptorWords(info.shape.size()) * sizeof(int64_t);
  }
  for (const Tensor &input : inputs)
    allocated.erase(const_cast<char *>(input.data.data()));
  // The counting code's buffers are freed through the counter, as the
  // code's own frees are: otherwise every output would count as leaked.
  for (char *buffer : allocated)
    countingAllocations ? countedFree(buffer) : std::free(buffer);
  if (allocations) {
    AllocationCounts after = currentAllocationCounts();
    *allocations = {after.allocations - before.allocations,
                    after.live - before.live,
                    after.liveBytes - before.liveBytes};
  }
  return outputs;
}

bool TensorInfo::hasDynamicDims() const {
  return llvm::is_contained(shape, kDynamicDim);
}

bool TensorInfo::accepts(llvm::ArrayRef<int64_t> concrete) const {
  if (concrete.size() != shape.size())
    return false;
  for (auto [want, got] : llvm::zip_equal(shape, concrete))
    if (got < 0 || (want != kDynamicDim && want != got))
      return false;
  return true;
}

std::vector<int64_t> TensorInfo::withDynamicDims(int64_t size) const {
  std::vector<int64_t> result(shape);
  for (int64_t &d : result)
    if (d == kDynamicDim)
      d = size;
  return result;
}

unsigned mlir::tfg::defaultCompileThreads() {
  return std::max(1u, llvm::hardware_concurrency().compute_thread_count());
}

Location mlir::tfg::runnerLoc(MLIRContext *context) {
  return NameLoc::get(StringAttr::get(context, "tfg-runner"));
}

void mlir::tfg::registerRunnerDialects(DialectRegistry &registry) {
  registerImportDialects(registry);
  registerLoweringDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
}

void mlir::tfg::initializeRunnerTarget() {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
}
