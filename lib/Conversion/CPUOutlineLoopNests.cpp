//===- CPUOutlineLoopNests.cpp - One function per loop nest ---------------===//
//
// LLVM compiles a lowered model faster as many small functions than as one
// function of thousands of blocks (see the pass description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "TFG/Conversion/Passes.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/RegionUtils.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_CPUKEEPOUTLINED
#define GEN_PASS_DEF_CPUOUTLINELOOPNESTS
#define GEN_PASS_DEF_CPUSHAREIDENTICALNESTS
#include "TFG/Conversion/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;

namespace {

/// Marks a function tfg-cpu-outline-loop-nests made until it is an
/// llvm.func (tfg-cpu-keep-outlined).
constexpr llvm::StringLiteral kOutlinedAttr = "tfg.outlined";

/// Where a memref's memory comes from, as far as aliasing goes.
struct BufferRoot {
  enum Kind {
    /// A buffer the function allocated (memref.alloc/alloca): distinct
    /// from every other buffer.
    Allocation,
    /// A global (memref.get_global of one symbol): distinct from other
    /// globals and from allocations.
    Global,
    /// The caller's (an argument of a public function: the model's inputs
    /// and outputs): distinct from the function's allocations and from
    /// globals, maybe not from another argument.
    Argument,
    /// Anything else (a loop-carried buffer, a select, a call's result):
    /// may be any buffer.
    Unknown,
  } kind;
  /// The allocation, the get_global's symbol or the argument.
  const void *identity;
  /// The buffer's alignment in bytes when known (0: unknown).
  uint64_t alignment = 0;
};

BufferRoot rootOf(Value memref) {
  while (Operation *op = memref.getDefiningOp()) {
    if (auto view = dyn_cast<ViewLikeOpInterface>(op)) {
      memref = view.getViewSource();
      continue;
    }
    if (auto alloc = dyn_cast<memref::AllocOp>(op))
      return {BufferRoot::Allocation, op, alloc.getAlignment().value_or(0)};
    if (auto alloca = dyn_cast<memref::AllocaOp>(op))
      return {BufferRoot::Allocation, op, alloca.getAlignment().value_or(0)};
    if (auto get = dyn_cast<memref::GetGlobalOp>(op)) {
      auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
          get, get.getNameAttr());
      return {BufferRoot::Global, get.getNameAttr().getAsOpaquePointer(),
              global ? global.getAlignment().value_or(0) : 0};
    }
    return {BufferRoot::Unknown, nullptr};
  }
  // A public function's arguments come from outside the module; a private
  // one's caller may pass anything, a global or its own allocation too.
  auto arg = cast<BlockArgument>(memref);
  auto func = dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp());
  if (func && func.isPublic() && arg.getOwner()->isEntryBlock())
    return {BufferRoot::Argument, arg.getAsOpaquePointer()};
  return {BufferRoot::Unknown, nullptr};
}

/// The alignment of each of `values` (the outlined function's arguments)
/// that is a memref with a known one (0: unknown), and which are memrefs
/// that no other argument can alias: the only view of an allocation or a
/// global among them, or the only caller's buffer. None is distinct when
/// some buffer's origin is unknown (it may be any of them).
void describeBuffers(llvm::ArrayRef<Value> values,
                     llvm::SmallVectorImpl<bool> &distinct,
                     llvm::SmallVectorImpl<uint64_t> &alignments) {
  distinct.assign(values.size(), false);
  alignments.assign(values.size(), 0);
  llvm::SmallVector<std::optional<BufferRoot>> roots;
  bool unknown = false;
  for (auto [i, value] : llvm::enumerate(values)) {
    if (!isa<BaseMemRefType>(value.getType())) {
      roots.push_back(std::nullopt);
      continue;
    }
    roots.push_back(rootOf(value));
    alignments[i] = roots.back()->alignment;
    unknown |= roots.back()->kind == BufferRoot::Unknown;
  }
  if (unknown)
    return;
  for (size_t i = 0; i < roots.size(); ++i) {
    if (!roots[i])
      continue;
    const BufferRoot &root = *roots[i];
    distinct[i] = llvm::none_of(llvm::enumerate(roots), [&](auto other) {
      if (other.index() == i || !other.value())
        return false;
      if (root.kind == BufferRoot::Argument)
        return other.value()->kind == BufferRoot::Argument;
      return other.value()->kind == root.kind &&
             other.value()->identity == root.identity;
    });
  }
}

/// Whether the outlined function can take its memrefs as bare pointers:
/// each has a static shape and layout (the callee rebuilds its descriptor
/// from the type), none is a result, and the loop frees nothing (a bare
/// pointer is the aligned one, not the one malloc returned).
bool canUseBarePointers(Operation *loop, llvm::ArrayRef<Value> arguments) {
  auto isStatic = [](Type type) {
    if (!isa<BaseMemRefType>(type))
      return true;
    auto memref = dyn_cast<MemRefType>(type);
    return memref && memref.hasStaticShape() &&
           LLVMTypeConverter::canConvertToBarePtr(memref);
  };
  if (!llvm::all_of(ValueRange(arguments).getTypes(), isStatic) ||
      llvm::any_of(loop->getResultTypes(),
                   [](Type type) { return isa<BaseMemRefType>(type); }))
    return false;
  return !loop->walk([](memref::DeallocOp) { return WalkResult::interrupt(); })
              .wasInterrupted();
}

int64_t countOps(Operation *op) {
  int64_t count = 0;
  op->walk([&](Operation *) { ++count; });
  return count;
}

/// Moves `loop` into a new private function after `after` (`parent`, then
/// the function outlined before) and calls it.
void outline(LoopLikeOpInterface loop, func::FuncOp parent, unsigned index,
             Operation *&after, SymbolTable &symbols) {
  Operation *op = loop.getOperation();
  // Values from outside the loop: its operands and what its regions use.
  llvm::SetVector<Value> used(op->getOperands().begin(),
                              op->getOperands().end());
  getUsedValuesDefinedAbove(op->getRegions(), used);
  llvm::SmallVector<Value> arguments, constants;
  for (Value value : used) {
    Operation *def = value.getDefiningOp();
    if (def && def->getNumResults() == 1 && matchPattern(def, m_Constant()))
      constants.push_back(value);
    else
      arguments.push_back(value);
  }

  OpBuilder builder(parent);
  builder.setInsertionPointAfter(after);
  auto type = builder.getFunctionType(ValueRange(arguments).getTypes(),
                                      op->getResultTypes());
  auto func = func::FuncOp::create(
      builder, op->getLoc(),
      (parent.getSymName() + "_loop" + llvm::Twine(index)).str(), type);
  func.setPrivate();
  // Internal: LLVM may specialize it to its one call site (constant
  // arguments, dead ones removed).
  func->setAttr(
      "llvm.linkage",
      LLVM::LinkageAttr::get(builder.getContext(), LLVM::Linkage::Internal));
  func->setAttr(kOutlinedAttr, builder.getUnitAttr());
  symbols.insert(func, builder.getInsertionPoint());
  after = func;
  // Descriptors lose noalias (convert-func-to-llvm keeps an argument's
  // attributes only when it stays one LLVM argument).
  if (canUseBarePointers(op, arguments)) {
    func->setAttr("llvm.bareptr", builder.getUnitAttr());
    llvm::SmallVector<bool> distinct;
    llvm::SmallVector<uint64_t> alignments;
    describeBuffers(arguments, distinct, alignments);
    for (size_t i = 0; i < arguments.size(); ++i) {
      if (distinct[i])
        func.setArgAttr(i, LLVM::LLVMDialect::getNoAliasAttrName(),
                        builder.getUnitAttr());
      // The bare pointer is the buffer's aligned pointer (a view's offset
      // is in its type): the caller knew its alignment from the allocation.
      if (alignments[i] > 1)
        func.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                        builder.getI64IntegerAttr(alignments[i]));
    }
  }

  Block *body = func.addEntryBlock();
  builder.setInsertionPointToStart(body);
  IRMapping mapping;
  for (auto [value, arg] : llvm::zip_equal(arguments, body->getArguments()))
    mapping.map(value, arg);
  for (Value constant : constants)
    mapping.map(constant,
                builder.clone(*constant.getDefiningOp())
                    ->getResult(cast<OpResult>(constant).getResultNumber()));
  Operation *clone = builder.clone(*op, mapping);
  func::ReturnOp::create(builder, op->getLoc(), clone->getResults());

  builder.setInsertionPoint(op);
  auto call = func::CallOp::create(builder, op->getLoc(), func, arguments);
  op->replaceAllUsesWith(call.getResults());
  op->erase();
}

struct CPUOutlineLoopNestsPass
    : tfg::impl::CPUOutlineLoopNestsBase<CPUOutlineLoopNestsPass> {
  using Base::Base;

  void runOnOperation() override {
    SymbolTable symbols(getOperation());
    for (auto parent : llvm::to_vector(getOperation().getOps<func::FuncOp>())) {
      if (parent.isExternal())
        continue;
      llvm::SmallVector<LoopLikeOpInterface> outermost;
      parent.walk<WalkOrder::PreOrder>([&](LoopLikeOpInterface loop) {
        if (countOps(loop) >= minOps)
          outermost.push_back(loop);
        // The loops inside go with it.
        return WalkResult::skip();
      });
      Operation *after = parent;
      for (auto [index, loop] : llvm::enumerate(outermost))
        outline(loop, parent, index, after, symbols);
    }
  }
};

} // namespace

namespace {
struct CPUKeepOutlinedPass
    : tfg::impl::CPUKeepOutlinedBase<CPUKeepOutlinedPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<LLVM::LLVMFuncOp>()) {
      if (!func->removeAttr(kOutlinedAttr))
        continue;
      // Inlined back into its one caller, it would be one function again.
      func.setNoInline(true);
    }
    // Attributes of functions only: no analysis is invalidated, and the
    // pass manager skips verifying the module again (the LLVM dialect
    // module at its largest: 3 % of blazeface-front's MLIR pipeline).
    markAllAnalysesPreserved();
  }
};
} // namespace

namespace {

/// A hash of what `sameNest` compares: the signature and each op's name,
/// attributes, properties, result types and numbers of operands, regions
/// and successors (not which values the operands are, nor locations).
llvm::hash_code hashNest(func::FuncOp func) {
  llvm::hash_code hash = llvm::hash_combine(
      func.getFunctionType().getAsOpaquePointer(),
      func.getArgAttrsAttr().getAsOpaquePointer(),
      func->getDiscardableAttrDictionary().getAsOpaquePointer());
  func.getBody().walk([&](Operation *op) {
    hash = llvm::hash_combine(
        hash, op->getName().getAsOpaquePointer(),
        op->getRawDictionaryAttrs().getAsOpaquePointer(), op->hashProperties(),
        op->getNumOperands(), op->getNumRegions(), op->getNumSuccessors(),
        llvm::hash_combine_range(op->getResultTypes().begin(),
                                 op->getResultTypes().end()));
  });
  return hash;
}

/// Whether two outlined functions do the same to their arguments: the same
/// signature (types, each argument's noalias and alignment, bare pointers
/// or descriptors) and the same body, locations aside.
bool sameNest(func::FuncOp a, func::FuncOp b) {
  return a.getFunctionType() == b.getFunctionType() &&
         a.getArgAttrsAttr() == b.getArgAttrsAttr() &&
         a.getResAttrsAttr() == b.getResAttrsAttr() &&
         a->getDiscardableAttrDictionary() ==
             b->getDiscardableAttrDictionary() &&
         OperationEquivalence::isRegionEquivalentTo(
             &a.getBody(), &b.getBody(), OperationEquivalence::IgnoreLocations);
}

struct CPUShareIdenticalNestsPass
    : tfg::impl::CPUShareIdenticalNestsBase<CPUShareIdenticalNestsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The functions kept so far, by hashNest, and the one each dropped
    // function's calls go to.
    llvm::DenseMap<size_t, llvm::SmallVector<func::FuncOp, 1>> kept;
    llvm::MapVector<func::FuncOp, func::FuncOp> keptFor;
    llvm::DenseMap<StringAttr, StringAttr> renamed;
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal() || !func->hasAttr(kOutlinedAttr))
        continue;
      llvm::SmallVector<func::FuncOp, 1> &candidates =
          kept[static_cast<size_t>(hashNest(func))];
      auto same = llvm::find_if(candidates, [&](func::FuncOp candidate) {
        return sameNest(candidate, func);
      });
      if (same == candidates.end()) {
        candidates.push_back(func);
        continue;
      }
      keptFor[func] = *same;
      renamed[func.getSymNameAttr()] = same->getSymNameAttr();
    }
    if (keptFor.empty())
      return;
    // The calls, in one walk (SymbolTable::replaceAllSymbolUses walks the
    // module once a function: 0.17 s on movenet-lightning's 88).
    module.walk([&](func::CallOp call) {
      if (StringAttr to = renamed.lookup(call.getCalleeAttr().getAttr()))
        call.setCallee(to);
    });
    // A dropped function that something else names (not a call) stays.
    llvm::DenseSet<StringAttr> stillUsed;
    if (std::optional<SymbolTable::UseRange> uses =
            SymbolTable::getSymbolUses(&module.getBodyRegion()))
      for (const SymbolTable::SymbolUse &use : *uses)
        stillUsed.insert(use.getSymbolRef().getRootReference());
    for (auto [dropped, same] : keptFor) {
      same->setLoc(
          FusedLoc::get(&getContext(), {same->getLoc(), dropped->getLoc()}));
      if (!stillUsed.contains(dropped.getSymNameAttr()))
        dropped.erase();
    }
  }
};

} // namespace
