//===- ParallelCodegen.cpp - LLVM optimizer and codegen on threads --------===//

#include "ParallelCodegen.h"

#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/ExecutionEngine/Orc/CompileUtils.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/StandardInstrumentations.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

using namespace mlir;
using namespace mlir::tfg;

namespace {

/// LLVM's loop unrollers (full unrolling before the vectorizers, full and
/// partial after them) simulate up to 10 iterations of a loop whose full
/// unroll looks too big, to see whether unrolling would fold enough to pay
/// (`analyzeLoopUnrollCost`). On the loops MLIR vectorized (register blocks
/// of FMAs, which LLVM would not unroll anyway for size), this simulation
/// was 15-20 % of a model's compile (`-time-passes`: LoopFullUnrollPass and
/// LoopUnrollPass ~0.7 s each on movenet-lightning, ~0.25 s without it),
/// and turning it off changed no corpus model's latency (docs/design.md,
/// "Compile time"). It is an option of LLVM's, not of PassBuilder's tuning
/// options: set once for the process, unless the command line set it.
void limitUnrollCostAnalysis() {
  static std::once_flag once;
  std::call_once(once, [] {
    auto &options = llvm::cl::getRegisteredOptions();
    auto it = options.find("unroll-max-iteration-count-to-analyze");
    if (it != options.end() && it->second->getNumOccurrences() == 0)
      (void)it->second->addOccurrence(0, it->first, "0");
  });
}

/// LLVM's full unrolling (of a loop of a constant trip count, by either
/// unroll pass) is limited by an option of LLVM's, -unroll-full-max-count,
/// which both passes read, and its partial unrolling (a loop of a trip
/// count it knows, copied by a factor that divides it) by
/// -unroll-allow-partial, not by PassBuilder tuning options (that one,
/// LoopUnrolling, turns runtime unrolling and the short loops' full unrolling
/// off too, and those made blazeface-front and facemesh 7-15 % faster). Set
/// for the process before each compile's optimizer runs, unless the command
/// line set them. So two compiles in one process at the same time must
/// agree on them (tfg-run compiles one model at a time).
/// The most iterations of a loop LLVM still unrolls fully when full
/// unrolling is off: mobilenet_v2_loc ran 5 % slower with none (its short
/// loops of a few vector steps stayed loops), the same as O3 with 16, and
/// 16 costs 5-10 % of the compile time that no limit costs (blazeface-front
/// 1.78 against 1.60 s; O3 2.07 s).
constexpr const char *kShortLoopTrips = "16";

void setUnrolling(bool full, bool partial) {
  static std::mutex mutex;
  auto fromCommandLine = [](llvm::StringRef name) {
    auto &options = llvm::cl::getRegisteredOptions();
    auto it = options.find(name);
    return it == options.end() || it->second->getNumOccurrences() > 0;
  };
  // Read before this function first sets them.
  static bool fullFromCommandLine = fromCommandLine("unroll-full-max-count");
  static bool partialFromCommandLine = fromCommandLine("unroll-allow-partial");
  std::lock_guard<std::mutex> lock(mutex);
  auto &options = llvm::cl::getRegisteredOptions();
  if (!fullFromCommandLine)
    (void)options.lookup("unroll-full-max-count")
        ->addOccurrence(0, "unroll-full-max-count",
                        full ? "4294967295" : kShortLoopTrips);
  if (!partialFromCommandLine) {
    llvm::cl::Option *option = options.lookup("unroll-allow-partial");
    // Unset, the target's preference decides (O3's behaviour); there is no
    // value that means "unset", so the option is reset instead.
    if (partial)
      option->reset();
    else
      (void)option->addOccurrence(0, "unroll-allow-partial", "false");
  }
}

/// Runs the module pipeline `build` makes over `module`, with a PassBuilder
/// set up as O3's (the vectorizers, unrolling) for `target`. Its
/// instrumentation makes LLVM's own options (-time-passes,
/// -print-after=...) work in the JIT.
template <typename BuildPipeline>
void runPipeline(llvm::Module &module, llvm::TargetMachine *target,
                 BuildPipeline build) {
  limitUnrollCostAnalysis();
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager sccs;
  llvm::ModuleAnalysisManager modules;
  llvm::PassInstrumentationCallbacks callbacks;
  llvm::StandardInstrumentations instrumentations(module.getContext(),
                                                  /*DebugLogging=*/false);
  instrumentations.registerCallbacks(callbacks, &modules);
  llvm::PipelineTuningOptions tuning;
  tuning.LoopUnrolling = true;
  tuning.LoopInterleaving = true;
  tuning.LoopVectorization = true;
  tuning.SLPVectorization = true;
  llvm::PassBuilder builder(target, tuning, std::nullopt, &callbacks);
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(sccs);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, sccs, modules);
  llvm::ModulePassManager pipeline = build(builder);
  pipeline.run(module, modules);
}

/// Replaces each argument of an internal function that every call passes
/// the same constant (MLIR passes the weights' globals and constant sizes
/// so, to the one call of an outlined nest) with that constant: what O3's
/// IPSCCP did for those functions, without solving the whole module.
void propagateConstantArguments(llvm::Module &module) {
  for (llvm::Function &function : module) {
    if (function.isDeclaration() || !function.hasLocalLinkage() ||
        function.arg_empty())
      continue;
    llvm::SmallVector<llvm::CallBase *> calls;
    bool onlyCalled = llvm::all_of(function.uses(), [&](llvm::Use &use) {
      auto *call = llvm::dyn_cast<llvm::CallBase>(use.getUser());
      if (!call || !call->isCallee(&use) ||
          call->getFunctionType() != function.getFunctionType())
        return false;
      calls.push_back(call);
      return true;
    });
    if (!onlyCalled || calls.empty())
      continue;
    for (llvm::Argument &argument : function.args()) {
      auto *constant = llvm::dyn_cast<llvm::Constant>(
          calls.front()->getArgOperand(argument.getArgNo()));
      if (!constant || llvm::isa<llvm::UndefValue>(constant) ||
          argument.hasByValAttr() || argument.hasInAllocaAttr() ||
          argument.hasPreallocatedAttr() || argument.hasStructRetAttr() ||
          !llvm::all_of(calls, [&](llvm::CallBase *call) {
            return call->getArgOperand(argument.getArgNo()) == constant;
          }))
        continue;
      argument.replaceAllUsesWith(constant);
    }
  }
}

/// What O3 does across calls, which must see every function before the
/// split: the constants a call passes become the callee's
/// (propagateConstantArguments, as IPSCCP), GlobalOpt gives internal
/// functions the fast calling convention, DeadArgElim drops the arguments
/// that became unused. Each partition then runs all of O3 (these again, to
/// no effect across partitions): the rest of what O3 does across functions
/// is inlining (outlined nests are noinline, and what may be inlined stays
/// in its caller's partition) and attribute inference (each partition's
/// own functions). The code is not the one-module compile's instruction for
/// instruction (LLVM's passes see another order of the same IR), and runs
/// as fast (docs/design.md, "Compile time").
void prepareWholeModule(llvm::Module &module, llvm::TargetMachine *target) {
  propagateConstantArguments(module);
  runPipeline(module, target, [](llvm::PassBuilder &builder) {
    llvm::ModulePassManager pipeline;
    cantFail(builder.parsePassPipeline(pipeline, "globalopt,deadargelim"));
    return pipeline;
  });
}

/// Constants this small are copied into every partition that reads them
/// (the optimizer can then fold their values, as it could in one module);
/// bigger ones (weights) are defined once and declared in the others.
constexpr uint64_t kCopiedConstantBytes = 4096;

/// The functions that must be optimized together: a function and any
/// function it may inline (a direct call of a function without noinline)
/// or refers to otherwise (an OpenMP region passed to the runtime, a
/// function pointer), found through constant expressions too.
void groupFunctions(
    llvm::Module &module,
    llvm::EquivalenceClasses<const llvm::GlobalValue *> &groups) {
  for (llvm::Function &function : module) {
    if (function.isDeclaration())
      continue;
    groups.insert(&function);
    for (llvm::BasicBlock &block : function)
      for (llvm::Instruction &inst : block) {
        auto *call = llvm::dyn_cast<llvm::CallBase>(&inst);
        for (llvm::Use &operand : inst.operands()) {
          llvm::SmallVector<const llvm::Value *> work = {operand.get()};
          while (!work.empty()) {
            const llvm::Value *value = work.pop_back_val();
            if (auto *callee = llvm::dyn_cast<llvm::Function>(value)) {
              if (callee->isDeclaration())
                continue;
              bool separable =
                  call && call->isCallee(&operand) &&
                  callee->hasFnAttribute(llvm::Attribute::NoInline);
              if (!separable)
                groups.unionSets(&function, callee);
            } else if (auto *expr = llvm::dyn_cast<llvm::ConstantExpr>(value)) {
              for (const llvm::Use &inner : expr->operands())
                work.push_back(inner.get());
            } else if (auto *aggregate =
                           llvm::dyn_cast<llvm::ConstantAggregate>(value)) {
              for (const llvm::Use &inner : aggregate->operands())
                work.push_back(inner.get());
            }
          }
        }
      }
  }
}

/// The functions of each global value's users (through constant
/// expressions); a user that is not in a function (another global's
/// initializer) is reported as null.
void usingFunctions(const llvm::Value *value,
                    llvm::SmallPtrSetImpl<const llvm::Function *> &functions) {
  llvm::SmallVector<const llvm::User *> work(value->users());
  llvm::SmallPtrSet<const llvm::User *, 8> seen;
  while (!work.empty()) {
    const llvm::User *user = work.pop_back_val();
    if (!seen.insert(user).second)
      continue;
    if (auto *inst = llvm::dyn_cast<llvm::Instruction>(user))
      functions.insert(inst->getFunction());
    else if (llvm::isa<llvm::Constant>(user) &&
             !llvm::isa<llvm::GlobalValue>(user))
      work.append(user->user_begin(), user->user_end());
    else
      functions.insert(nullptr);
  }
}

/// How the module is cut: each defined global value's partition, and the
/// small constants copied into several (by name: each partition reads its
/// own copy of the module).
struct Split {
  unsigned partitions = 0;
  llvm::StringMap<unsigned> home;
  llvm::StringMap<llvm::SmallVector<unsigned, 2>> copies;
  /// Each partition's instructions.
  llvm::SmallVector<uint64_t> sizes;
  /// The functions and variables in the module's order (for the dump).
  std::vector<std::string> order;
};

/// Cuts `module` into at most kMaxPartitions partitions of about equal
/// size (instructions), whole groups of functions each, and gives every
/// symbol that one partition defines and another uses external linkage (a
/// name where it had none), so that the partitions' objects link.
Split splitModule(llvm::Module &module) {
  // Every symbol gets a name: the partitions find theirs by name.
  unsigned unnamed = 0;
  for (llvm::GlobalValue &value : module.global_values())
    if (!value.hasName())
      value.setName("__tfg_unnamed_" + llvm::Twine(unnamed++));
  llvm::EquivalenceClasses<const llvm::GlobalValue *> groups;
  groupFunctions(module, groups);
  // The groups by size, biggest first (ties in module order), each to the
  // partition with the least code so far: the threads then finish together.
  struct Group {
    const llvm::GlobalValue *leader;
    uint64_t size;
    unsigned order;
  };
  llvm::MapVector<const llvm::GlobalValue *, Group> bySize;
  unsigned order = 0;
  for (llvm::Function &function : module) {
    if (function.isDeclaration())
      continue;
    const llvm::GlobalValue *leader = groups.getLeaderValue(&function);
    auto [it, inserted] = bySize.try_emplace(leader, Group{leader, 0, order});
    if (inserted)
      ++order;
    it->second.size += function.getInstructionCount() + 1;
  }
  llvm::SmallVector<Group> sorted;
  for (auto &entry : bySize)
    sorted.push_back(entry.second);
  llvm::sort(sorted, [](const Group &a, const Group &b) {
    return a.size != b.size ? a.size > b.size : a.order < b.order;
  });
  Split split;
  llvm::DenseMap<const llvm::GlobalValue *, unsigned> home;
  split.partitions =
      std::max<unsigned>(1, std::min<size_t>(kMaxPartitions, sorted.size()));
  // An alias or ifunc (MLIR's translation makes none) is a definition that
  // cannot become a declaration: such a module stays whole.
  if (!module.alias_empty() || !module.ifunc_empty())
    split.partitions = 1;
  llvm::SmallVector<uint64_t> &load = split.sizes;
  load.assign(split.partitions, 0);
  llvm::DenseMap<const llvm::GlobalValue *, unsigned> groupPartition;
  for (const Group &group : sorted) {
    unsigned lightest = llvm::min_element(load) - load.begin();
    load[lightest] += group.size;
    groupPartition[group.leader] = lightest;
  }
  for (llvm::Function &function : module)
    if (!function.isDeclaration())
      home[&function] = groupPartition[groups.getLeaderValue(&function)];

  // Global variables go with the functions that use them.
  for (llvm::GlobalVariable &global : module.globals()) {
    if (global.isDeclaration())
      continue;
    llvm::SmallPtrSet<const llvm::Function *, 4> users;
    usingFunctions(&global, users);
    llvm::SmallVector<unsigned, 2> partitions;
    bool outsideFunctions = false;
    for (const llvm::Function *user : users) {
      if (!user) {
        outsideFunctions = true;
        continue;
      }
      unsigned partition = home.lookup(user);
      if (!llvm::is_contained(partitions, partition))
        partitions.push_back(partition);
    }
    llvm::sort(partitions);
    uint64_t bytes =
        module.getDataLayout().getTypeAllocSize(global.getValueType());
    bool copyable = global.isConstant() && global.hasGlobalUnnamedAddr() &&
                    global.hasLocalLinkage() && !outsideFunctions &&
                    !global.hasComdat() && bytes <= kCopiedConstantBytes;
    if (copyable && partitions.size() > 1) {
      split.copies[global.getName()] = partitions;
      continue;
    }
    home[&global] = partitions.empty() ? 0 : partitions.front();
  }
  // Aliases and ifuncs: a module of one part (above).
  for (llvm::GlobalAlias &alias : module.aliases())
    home[&alias] = 0;
  for (llvm::GlobalIFunc &ifunc : module.ifuncs())
    home[&ifunc] = 0;

  // Every symbol that another partition uses must link: external, named.
  auto usedElsewhere = [&](const llvm::GlobalValue &value, unsigned partition) {
    llvm::SmallPtrSet<const llvm::Function *, 4> users;
    usingFunctions(&value, users);
    for (const llvm::Function *user : users)
      if (!user || home.lookup(user) != partition)
        return true;
    return false;
  };
  for (llvm::GlobalValue &value : module.global_values()) {
    split.order.push_back(value.getName().str());
    auto it = home.find(&value);
    if (it == home.end())
      continue;
    split.home[value.getName()] = it->second;
    if (!value.hasLocalLinkage() || !usedElsewhere(value, it->second))
      continue;
    value.setLinkage(llvm::GlobalValue::ExternalLinkage);
    // Only this JIT's objects see it.
    value.setVisibility(llvm::GlobalValue::HiddenVisibility);
  }
  return split;
}

/// Partition `index` of the module in `bitcode` (written with its use-list
/// order, so that each function reads back exactly as it was: the
/// optimizer's choices follow the order of a value's uses), in `context`:
/// its definitions, declarations of what it uses from the others. Only its
/// own function bodies are read.
llvm::Expected<std::unique_ptr<llvm::Module>>
readPartition(llvm::StringRef bitcode, const Split &split, unsigned index,
              llvm::LLVMContext &context) {
  auto module = llvm::getLazyBitcodeModule(
      llvm::MemoryBufferRef(bitcode, "model"), context);
  if (!module)
    return module.takeError();
  for (llvm::GlobalValue &value : (*module)->global_values()) {
    auto home = split.home.find(value.getName());
    bool mine;
    if (home != split.home.end())
      mine = home->second == index;
    else if (auto copies = split.copies.find(value.getName());
             copies != split.copies.end())
      mine = llvm::is_contained(copies->second, index);
    else
      continue; // a declaration
    if (mine)
      continue;
    if (auto *function = llvm::dyn_cast<llvm::Function>(&value))
      function->deleteBody();
    else if (auto *global = llvm::dyn_cast<llvm::GlobalVariable>(&value))
      global->setInitializer(nullptr);
    value.setLinkage(llvm::GlobalValue::ExternalLinkage);
    if (auto *object = llvm::dyn_cast<llvm::GlobalObject>(&value))
      object->setComdat(nullptr);
  }
  if (llvm::Error error = (*module)->materializeAll())
    return std::move(error);
  // Declarations nothing here uses only cost the optimizer a look.
  for (llvm::GlobalValue &value :
       llvm::make_early_inc_range((*module)->global_values()))
    if (value.isDeclaration() && value.use_empty())
      value.eraseFromParent();
  return module;
}

/// One partition's work, on one thread.
struct PartitionJob {
  unsigned index = 0;
  std::unique_ptr<llvm::MemoryBuffer> object;
  /// The optimized module, as bitcode (for the dump).
  std::string optimized;
  double optimizeSeconds = 0, codegenSeconds = 0;
  llvm::Error error = llvm::Error::success();
};

llvm::Error compilePartition(PartitionJob &job, llvm::StringRef bitcode,
                             const Split &split,
                             const ParallelCodegenOptions &options) {
  llvm::LLVMContext context;
  auto module = readPartition(bitcode, split, job.index, context);
  if (!module)
    return module.takeError();
  // A target machine each: they are not shared between threads.
  llvm::orc::JITTargetMachineBuilder machine = options.codegenMachine;
  auto optimizerTarget = machine.createTargetMachine();
  if (!optimizerTarget)
    return optimizerTarget.takeError();
  auto codegenTarget = machine.createTargetMachine();
  if (!codegenTarget)
    return codegenTarget.takeError();
  auto start = PhaseClock::now();
  optimizeModule(**module,
                 options.optimizeForTarget ? optimizerTarget->get() : nullptr);
  job.optimizeSeconds = secondsSince(start);
  if (options.inspectOptimized) {
    llvm::raw_string_ostream os(job.optimized);
    llvm::WriteBitcodeToFile(**module, os);
  }
  start = PhaseClock::now();
  llvm::orc::SimpleCompiler compiler(**codegenTarget);
  auto object = compiler(**module);
  if (!object)
    return object.takeError();
  job.object = std::move(*object);
  job.codegenSeconds = secondsSince(start);
  return llvm::Error::success();
}

/// The optimized partitions linked back into one module, its functions and
/// variables in the order of the module before the split, given to
/// `inspect`.
llvm::Error
inspectLinked(llvm::ArrayRef<PartitionJob> jobs, const Split &split,
              const std::function<llvm::Error(const llvm::Module &)> &inspect) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> linked;
  for (const PartitionJob &job : jobs) {
    auto module = llvm::parseBitcodeFile(
        llvm::MemoryBufferRef(job.optimized, "partition"), context);
    if (!module)
      return module.takeError();
    if (!linked) {
      linked = std::move(*module);
      continue;
    }
    if (llvm::Linker::linkModules(*linked, std::move(*module)))
      return llvm::createStringError("cannot link the optimized partitions");
  }
  for (const std::string &name : split.order) {
    llvm::GlobalValue *value = linked->getNamedValue(name);
    if (auto *function = llvm::dyn_cast_or_null<llvm::Function>(value)) {
      function->removeFromParent();
      linked->getFunctionList().push_back(function);
    } else if (auto *global =
                   llvm::dyn_cast_or_null<llvm::GlobalVariable>(value)) {
      global->removeFromParent();
      linked->insertGlobalVariable(global);
    }
  }
  return inspect(*linked);
}

} // namespace

void mlir::tfg::optimizeModule(llvm::Module &module,
                               llvm::TargetMachine *target) {
  runPipeline(module, target, [](llvm::PassBuilder &builder) {
    return builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3);
  });
}

llvm::Expected<ParallelCodegenResult>
mlir::tfg::optimizeAndCompile(std::unique_ptr<llvm::Module> module,
                              const ParallelCodegenOptions &options) {
  ParallelCodegenResult result;
  auto start = PhaseClock::now();
  setUnrolling(options.fullUnrolling, options.partialUnrolling);
  {
    llvm::orc::JITTargetMachineBuilder machine = options.codegenMachine;
    auto target = machine.createTargetMachine();
    if (!target)
      return target.takeError();
    prepareWholeModule(*module,
                       options.optimizeForTarget ? target->get() : nullptr);
  }
  Split split = splitModule(*module);
  std::string bitcode;
  {
    llvm::raw_string_ostream os(bitcode);
    llvm::WriteBitcodeToFile(*module, os, /*ShouldPreserveUseListOrder=*/true);
  }
  module.reset();
  std::vector<PartitionJob> jobs(split.partitions);
  for (unsigned i = 0; i < split.partitions; ++i)
    jobs[i].index = i;
  result.partitions = split.partitions;
  result.splitSeconds = secondsSince(start);

  // The biggest partitions first, so that no thread starts a big one last.
  llvm::SmallVector<unsigned> queue(split.partitions);
  for (unsigned i = 0; i < split.partitions; ++i)
    queue[i] = i;
  llvm::sort(queue, [&](unsigned a, unsigned b) {
    return split.sizes[a] != split.sizes[b] ? split.sizes[a] > split.sizes[b]
                                            : a < b;
  });
  std::atomic<unsigned> next{0};
  auto work = [&] {
    for (unsigned at; (at = next++) < queue.size();) {
      PartitionJob &job = jobs[queue[at]];
      job.error = compilePartition(job, bitcode, split, options);
    }
  };
  start = PhaseClock::now();
  unsigned threads =
      std::max(1u, std::min<unsigned>(options.threads, split.partitions));
  std::vector<std::thread> helpers;
  for (unsigned i = 1; i < threads; ++i)
    helpers.emplace_back(work);
  work();
  for (std::thread &helper : helpers)
    helper.join();
  double parallel = secondsSince(start);

  double optimizeThreadTime = 0, codegenThreadTime = 0;
  llvm::Error errors = llvm::Error::success();
  for (PartitionJob &job : jobs) {
    errors = llvm::joinErrors(std::move(errors), std::move(job.error));
    optimizeThreadTime += job.optimizeSeconds;
    codegenThreadTime += job.codegenSeconds;
  }
  if (errors)
    return std::move(errors);
  double threadTime = optimizeThreadTime + codegenThreadTime;
  result.optimizeSeconds =
      threadTime > 0 ? parallel * optimizeThreadTime / threadTime : 0;
  result.codegenSeconds = parallel - result.optimizeSeconds;
  if (options.inspectOptimized)
    if (llvm::Error error =
            inspectLinked(jobs, split, options.inspectOptimized))
      return std::move(error);
  for (PartitionJob &job : jobs)
    result.objects.push_back(std::move(job.object));
  return result;
}

double mlir::tfg::secondsSince(PhaseClock::time_point start) {
  return std::chrono::duration<double>(PhaseClock::now() - start).count();
}
