//===- TFGFunctionOps.cpp - tfg.func, tfg.return, gradients ---------------===//
//
// Builders, assembly and verifiers of the function-library ops (see
// TFGFunctionOps.td). The verifiers check what the exporter relies on to
// write a FunctionDef back: the block argument layout, unique names, and
// one return operand per output / control output.
//
//===----------------------------------------------------------------------===//

#include "TFG/Dialect/IR/TFG.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tfg;

//===----------------------------------------------------------------------===//
// tfg.func
//===----------------------------------------------------------------------===//

void FuncOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                   ArrayAttr inputs, ArrayAttr outputs) {
  state.addAttribute(getSymNameAttrName(state.name),
                     builder.getStringAttr(name));
  state.addAttribute(getInputsAttrName(state.name), inputs);
  state.addAttribute(getOutputsAttrName(state.name), outputs);
  state.addRegion()->emplaceBlock();
}

ReturnOp FuncOp::getReturnOp() {
  if (getBody().empty() || getBlock().empty())
    return {};
  return dyn_cast<ReturnOp>(getBlock().back());
}

SmallVector<int32_t> FuncOp::getInputArgSizes() {
  if (std::optional<ArrayRef<int32_t>> sizes = getInputSizes())
    return SmallVector<int32_t>(*sizes);
  return SmallVector<int32_t>(getInputs().size(), 1);
}

Block::BlockArgListType FuncOp::getInputArgValues(unsigned index) {
  SmallVector<int32_t> sizes = getInputArgSizes();
  unsigned start = 0;
  for (unsigned i = 0; i < index; ++i)
    start += sizes[i];
  return getBlock().getArguments().slice(start, sizes[index]);
}

BlockArgument FuncOp::getInputArgControl(unsigned index) {
  Block &block = getBlock();
  return block.getArgument(block.getNumArguments() - getInputs().size() +
                           index);
}

/// An SSA name made of the identifier characters of `name`.
static std::string sanitizeName(StringRef name) {
  std::string result;
  for (char c : name)
    result.push_back(llvm::isAlnum(c) ? c : '_');
  return result;
}

void FuncOp::getAsmBlockArgumentNames(Region &region,
                                      OpAsmSetValueNameFn setNameFn) {
  // Names only a well-formed layout: the printer must not fail.
  ArrayAttr inputs = getInputsAttr();
  if (region.empty() || !inputs ||
      !llvm::all_of(inputs, llvm::IsaPred<ArgDefAttr>))
    return;
  SmallVector<int32_t> sizes = getInputArgSizes();
  if (sizes.size() != inputs.size() ||
      llvm::any_of(sizes, [](int32_t size) { return size < 0; }) ||
      llvm::sum_of(sizes) + sizes.size() != region.getNumArguments())
    return;
  for (auto [index, attr] : llvm::enumerate(inputs)) {
    auto arg = cast<ArgDefAttr>(attr);
    std::string base = sanitizeName(arg.getName());
    Block::BlockArgListType values = getInputArgValues(index);
    for (auto [element, value] : llvm::enumerate(values))
      setNameFn(value,
                arg.isList() ? base + "_" + std::to_string(element) : base);
    setNameFn(getInputArgControl(index), "ctl_" + base);
  }
}

// Assembly, like func.func, with one attribute a line, the signature first:
//   tfg.func @name(%x: type, ..., %ctl_x: !tfg.control, ...) attributes {
//       inputs = [...],
//       outputs = [...]
//   } {
//     body
//   }
ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  StringAttr name;
  SmallVector<OpAsmParser::Argument> args;
  if (parser.parseSymbolName(name, getSymNameAttrName(result.name),
                             result.attributes) ||
      parser.parseArgumentList(args, OpAsmParser::Delimiter::Paren,
                               /*allowType=*/true) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  return parser.parseRegion(*result.addRegion(), args,
                            /*enableNameShadowing=*/false);
}

void FuncOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printSymbolName(getSymName());
  p << '(';
  if (!getBody().empty())
    llvm::interleaveComma(getBlock().getArguments(), p, [&](BlockArgument arg) {
      p.printRegionArgument(arg);
    });
  p << ')';
  SmallVector<NamedAttribute> attrs;
  for (StringAttr name :
       {getInputsAttrName(), getInputSizesAttrName(), getOutputsAttrName(),
        getControlOutputsAttrName(), getAttrDefsAttrName()})
    if (Attribute value = (*this)->getAttr(name))
      attrs.emplace_back(name, value);
  size_t numFirst = attrs.size();
  for (NamedAttribute attr : (*this)->getAttrs())
    if (attr.getName() != getSymNameAttrName() &&
        llvm::none_of(ArrayRef(attrs).take_front(numFirst),
                      [&](NamedAttribute first) {
                        return first.getName() == attr.getName();
                      }))
      attrs.push_back(attr);
  if (!attrs.empty()) {
    p << " attributes {";
    p.increaseIndent();
    p.increaseIndent();
    llvm::interleave(
        attrs,
        [&](NamedAttribute attr) {
          p.printNewline();
          p.printNamedAttribute(attr);
        },
        [&] { p << ','; });
    p.decreaseIndent();
    p.decreaseIndent();
    p.printNewline();
    p << '}';
  }
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/true);
}

/// Checks that `args` have non-empty names without ':' (they are referred to
/// as `name:index`), unique within the list.
static LogicalResult verifyArgDefs(FuncOp op, ArrayAttr args, StringRef what) {
  llvm::StringSet<> names;
  for (Attribute attr : args) {
    auto arg = cast<ArgDefAttr>(attr);
    StringRef name = arg.getName();
    if (name.empty() || name.contains(':'))
      return op.emitOpError()
             << what << " arg name '" << name << "' is empty or contains ':'";
    if (!names.insert(name).second)
      return op.emitOpError()
             << "two " << what << " args are named '" << name << "'";
    if (ArrayAttr handleData = arg.getHandleData())
      if (!llvm::all_of(handleData, llvm::IsaPred<HandleDataAttr>))
        return op.emitOpError() << what << " arg '" << name
                                << "': handle_data holds a non-handle_data "
                                   "attribute";
  }
  return success();
}

/// Checks a map keyed by input arg index (the proto's map<uint32, ...>).
static LogicalResult verifyArgIndexMap(FuncOp op, DictionaryAttr map,
                                       StringRef what, size_t numInputs,
                                       function_ref<bool(Attribute)> isValue) {
  if (!map)
    return success();
  for (NamedAttribute entry : map) {
    unsigned index;
    if (entry.getName().getValue().getAsInteger(10, index) ||
        index >= numInputs)
      return op.emitOpError() << what << " key '" << entry.getName().getValue()
                              << "' is not the index of an input arg";
    if (!isValue(entry.getValue()))
      return op.emitOpError()
             << what << " entry '" << entry.getName().getValue()
             << "' has a value of the wrong kind";
  }
  return success();
}

LogicalResult FuncOp::verify() {
  if (failed(verifyArgDefs(*this, getInputs(), "input")) ||
      failed(verifyArgDefs(*this, getOutputs(), "output")))
    return failure();

  size_t numInputs = getInputs().size();
  if (std::optional<ArrayRef<int32_t>> sizes = getInputSizes()) {
    if (sizes->size() != numInputs)
      return emitOpError() << "input_sizes has " << sizes->size()
                           << " entries for " << numInputs << " input args";
    for (auto [attr, size] : llvm::zip(getInputs(), *sizes)) {
      auto arg = cast<ArgDefAttr>(attr);
      if (size < 0 || (!arg.isList() && size != 1))
        return emitOpError()
               << "input_sizes gives " << size << " tensors to input arg '"
               << arg.getName() << "'";
    }
  }

  llvm::StringSet<> controlNames;
  for (Attribute name : getControlOutputNames()) {
    StringRef value = cast<StringAttr>(name).getValue();
    if (value.empty())
      return emitOpError("has a control output with an empty name");
    if (!controlNames.insert(value).second)
      return emitOpError() << "two control outputs are named '" << value << "'";
  }

  if (std::optional<ArrayAttr> attrDefs = getAttrDefs()) {
    llvm::StringSet<> attrNames;
    for (Attribute attr : *attrDefs) {
      StringRef name = cast<AttrDefAttr>(attr).getName();
      if (name.empty())
        return emitOpError("declares an attr with an empty name");
      if (!attrNames.insert(name).second)
        return emitOpError() << "declares attr '" << name << "' twice";
    }
  }

  if (failed(verifyArgIndexMap(
          *this, getArgAttrsAttr(), "arg_attrs", numInputs,
          [](Attribute a) { return isa<DictionaryAttr>(a); })) ||
      failed(verifyArgIndexMap(*this, getResourceArgUniqueIdsAttr(),
                               "resource_arg_unique_ids", numInputs,
                               [](Attribute a) {
                                 auto id = dyn_cast<IntegerAttr>(a);
                                 return id && id.getType().isInteger(64) &&
                                        llvm::isUInt<32>(id.getInt());
                               })))
    return failure();

  // The block argument layout the input args imply.
  if (getBody().empty())
    return emitOpError("needs a body");
  int64_t numData = 0;
  for (int32_t size : getInputArgSizes())
    numData += size;
  Block &block = getBlock();
  if (static_cast<int64_t>(block.getNumArguments()) !=
      numData + static_cast<int64_t>(numInputs))
    return emitOpError() << "has " << block.getNumArguments()
                         << " block arguments, its input args need " << numData
                         << " data arguments and " << numInputs
                         << " control tokens";
  for (BlockArgument arg : block.getArguments()) {
    bool isControl = isa<ControlType>(arg.getType());
    if (isControl != (arg.getArgNumber() >= numData))
      return emitOpError() << "block argument #" << arg.getArgNumber()
                           << (isControl ? " is" : " is not")
                           << " a control token";
  }
  return success();
}

LogicalResult FuncOp::verifyRegions() {
  Block &block = getBlock();
  if (block.empty() || !isa<ReturnOp>(block.back()))
    return emitOpError("body must end with a tfg.return");
  llvm::StringSet<> names;
  for (Attribute attr : getInputs())
    names.insert(cast<ArgDefAttr>(attr).getName());
  for (Operation &op : block.without_terminator()) {
    if (!isNodeOp(&op))
      return op.emitOpError("is not a node op; a tfg.func body holds nodes "
                            "and one tfg.return");
    // Nodes made by rewrites may have no name yet: the exporter names them.
    StringRef name = getNodeName(&op);
    if (name.contains(':'))
      return op.emitOpError("node names must not contain ':'");
    if (!name.empty() && !names.insert(name).second)
      return op.emitOpError()
             << "has the name '" << name << "' of another node or input arg";
    if (Attribute outputArgs = op.getAttr(OutputArgsAttr::kAttrName)) {
      auto args = dyn_cast<OutputArgsAttr>(outputArgs);
      if (!args)
        return op.emitOpError() << "'" << OutputArgsAttr::kAttrName
                                << "' must be a #tfg.output_args";
      int64_t total = 0;
      for (int64_t size : args.getSizes().asArrayRef())
        total += size;
      if (total != static_cast<int64_t>(getDataResults(&op).size()))
        return op.emitOpError()
               << "has " << getDataResults(&op).size() << " data results, its '"
               << OutputArgsAttr::kAttrName << "' says " << total;
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// tfg.return
//===----------------------------------------------------------------------===//

LogicalResult ReturnOp::verify() {
  auto func = cast<FuncOp>((*this)->getParentOp());
  if (getData().size() != func.getOutputs().size())
    return emitOpError() << "returns " << getData().size()
                         << " values, the function has "
                         << func.getOutputs().size() << " output args";
  for (Value value : getData())
    if (isa<ControlType>(value.getType()))
      return emitOpError("returns a control token as an output arg value");
  if (getCtls().size() != func.getControlOutputNames().size())
    return emitOpError() << "returns " << getCtls().size()
                         << " control tokens, the function has "
                         << func.getControlOutputNames().size()
                         << " control outputs";
  return success();
}

//===----------------------------------------------------------------------===//
// Library-level gradients
//===----------------------------------------------------------------------===//

static LogicalResult verifyLibraryOp(Operation *op, ArrayRef<StringRef> names) {
  if (!isa_and_nonnull<ModuleOp>(op->getParentOp()))
    return op->emitOpError("must be at the top level of a module");
  if (llvm::is_contained(names, StringRef()))
    return op->emitOpError("needs non-empty names");
  return success();
}

LogicalResult GradientOp::verify() {
  return verifyLibraryOp(*this, {getFunction(), getGradient()});
}

LogicalResult RegisteredGradientOp::verify() {
  return verifyLibraryOp(*this, {getOpType(), getGradient()});
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

LogicalResult
OutputArgsAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       ArrayAttr names, DenseI64ArrayAttr sizes) {
  // The exporter spells results `node:name:index`: names must tell them
  // apart.
  llvm::StringSet<> seen;
  for (Attribute name : names) {
    auto str = dyn_cast<StringAttr>(name);
    if (!str || str.getValue().empty() || str.getValue().contains(':') ||
        !seen.insert(str.getValue()).second)
      return emitError() << "output arg names must be distinct non-empty "
                            "strings without ':'";
  }
  if (names.size() != static_cast<size_t>(sizes.size()))
    return emitError() << names.size() << " output arg names but "
                       << sizes.size() << " sizes";
  if (llvm::any_of(sizes.asArrayRef(), [](int64_t s) { return s < 0; }))
    return emitError() << "output arg sizes must not be negative";
  return success();
}
