//===- FreezeTables.cpp - Lookup tables and assets in freezing ------------===//

#include "FreezeTables.h"

#include "TFG/Analysis/GraphQueries.h"
#include "TFG/Dialect/IR/OpCategories.h"
#include "TFG/Transforms/Utils/RewriteUtils.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mlir;
using namespace mlir::tfg;

/// A string Const named `name` holding `text`, before `like`.
static Operation *createStringConst(OpBuilder &builder, Operation *like,
                                    StringRef name, ArrayRef<StringRef> texts,
                                    ArrayRef<int64_t> shape) {
  MLIRContext *context = like->getContext();
  auto type = RankedTensorType::get(shape, StringType::get(context));
  OperationState state(like->getLoc(), "tfg.Const");
  state.addAttribute("dtype", TypeAttr::get(type.getElementType()));
  state.addAttribute("value", DenseStringElementsAttr::get(type, texts));
  state.addTypes({type, ControlType::get(context)});
  Operation *constant = builder.create(state);
  setNodeNameAndDeviceLike(constant, builder.getStringAttr(name), like);
  return constant;
}

unsigned mlir::tfg::bindAssetPaths(GraphOp graph) {
  auto module = graph->getParentOfType<ModuleOp>();
  auto assets =
      module ? module->getAttrOfType<DictionaryAttr>(attrs::kAssets) : nullptr;
  if (!assets)
    return 0;
  unsigned bound = 0;
  for (Operation &node : llvm::make_early_inc_range(graph.getBlock())) {
    if (!isPlaceholderLike(&node))
      continue;
    auto path = assets.getAs<StringAttr>(getNodeName(&node));
    if (!path)
      continue;
    OpBuilder builder(&node);
    StringRef text = path.getValue();
    Operation *constant = createStringConst(builder, &node, getNodeName(&node),
                                            {text}, /*shape=*/{});
    Value value = node.getResult(0);
    // Keep the Placeholder's declared type where it is ranked (the users
    // were typed against it).
    constant->getResult(0).setType(value.getType());
    value.replaceAllUsesWith(constant->getResult(0));
    getControlToken(&node).replaceAllUsesWith(getControlToken(constant));
    node.erase();
    ++bound;
  }
  return bound;
}

Operation *mlir::tfg::collectTableInitializers(GraphOp graph,
                                               ArrayRef<Operation *> roots) {
  // What the outputs need, backwards over data and control edges.
  llvm::SmallPtrSet<Operation *, 32> needed;
  SmallVector<Operation *> worklist(roots.begin(), roots.end());
  while (!worklist.empty()) {
    Operation *node = worklist.pop_back_val();
    if (!needed.insert(node).second)
      continue;
    for (Value operand : node->getOperands())
      if (Operation *producer = operand.getDefiningOp())
        worklist.push_back(producer);
  }
  // Initializers of the needed tables: users of a table's handle, directly
  // or through forwarding nodes.
  llvm::SetVector<Operation *> initializers;
  for (Operation *node : needed) {
    if (!isLookupTable(node))
      continue;
    SmallVector<Value> handles{node->getResult(0)};
    llvm::SmallPtrSet<Operation *, 8> seen;
    while (!handles.empty()) {
      Value handle = handles.pop_back_val();
      for (Operation *user : handle.getUsers()) {
        if (!seen.insert(user).second)
          continue;
        if (isTableInitializer(user))
          initializers.insert(user);
        else if (isForwarding(user))
          handles.push_back(user->getResult(0));
      }
    }
  }
  if (initializers.empty())
    return nullptr;
  OpBuilder builder = OpBuilder::atBlockEnd(&graph.getBlock());
  OperationState state(graph.getLoc(), "tfg.NoOp");
  for (Operation *initializer : initializers)
    state.addOperands(getControlToken(initializer));
  state.addTypes(ControlType::get(graph.getContext()));
  Operation *init = builder.create(state);
  setNodeName(init, getUniqueNodeName(initializers.front(), "init_all_tables"));
  return init;
}

namespace {
/// One text-file initializer's attrs, as TensorFlow reads them.
struct TextFileFormat {
  int64_t keyIndex, valueIndex, vocabSize = -1;
  std::string delimiter = "\t";
};
} // namespace

/// Field `index` of `line` (see foldTextFileInitializers), or nullopt.
static std::optional<std::string> fieldOf(StringRef line, int64_t lineNumber,
                                          int64_t index,
                                          const TextFileFormat &format) {
  if (index == -2)
    return line.str();
  if (index == -1)
    return std::to_string(lineNumber);
  SmallVector<StringRef> fields;
  line.split(fields, format.delimiter);
  if (index < 0 || index >= static_cast<int64_t>(fields.size()))
    return std::nullopt;
  return fields[index].str();
}

LogicalResult mlir::tfg::foldTextFileInitializers(GraphOp graph,
                                                  uint64_t maxBytes) {
  for (Operation &node : llvm::make_early_inc_range(graph.getBlock())) {
    if (getNodeOpType(&node) != "InitializeTableFromTextFileV2")
      continue;
    OperandRange inputs = getDataOperands(&node);
    Value file = inputs[1];
    while (file.getDefiningOp() && isForwarding(file.getDefiningOp()))
      file = getDataOperands(file.getDefiningOp())[0];
    auto fileConst = dyn_cast_or_null<ConstOp>(file.getDefiningOp());
    auto fileValue =
        fileConst ? fileConst->getAttrOfType<DenseStringElementsAttr>("value")
                  : nullptr;
    if (!fileValue || fileValue.getNumElements() != 1)
      continue; // The file name is only known when it runs: keep it.
    Operation *table = inputs[0].getDefiningOp();
    while (table && isForwarding(table))
      table = getDataOperands(table)[0].getDefiningOp();
    auto fail = [&]() {
      return node.emitError()
             << "tfg-freeze-variables: cannot fold table initializer '"
             << getNodeName(&node) << "': ";
    };
    if (!table || !isLookupTable(table))
      return fail() << "its table is not a lookup table node";
    auto keyType = table->getAttrOfType<TypeAttr>("key_dtype");
    auto valueType = table->getAttrOfType<TypeAttr>("value_dtype");
    auto supported = [](TypeAttr t) {
      return t && (isa<StringType>(t.getValue()) ||
                   t.getValue().isSignlessInteger(64));
    };
    if (!supported(keyType) || !supported(valueType))
      return fail() << "only string and int64 keys and values fold";
    TextFileFormat format;
    format.keyIndex = node.getAttrOfType<IntegerAttr>("key_index").getInt();
    format.valueIndex = node.getAttrOfType<IntegerAttr>("value_index").getInt();
    if (auto vocab = node.getAttrOfType<IntegerAttr>("vocab_size"))
      format.vocabSize = vocab.getInt();
    if (auto delimiter = node.getAttrOfType<StringAttr>("delimiter"))
      format.delimiter = delimiter.str();
    if (format.delimiter.empty())
      return fail() << "the delimiter is empty";

    StringRef path = *fileValue.getValues<StringRef>().begin();
    uint64_t size = 0;
    if (std::error_code ec = llvm::sys::fs::file_size(path, size))
      return fail() << "cannot read '" << path << "': " << ec.message();
    if (size > maxBytes)
      return fail() << "'" << path << "' is over " << maxBytes << " bytes";
    auto contents = llvm::MemoryBuffer::getFile(
        path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
    if (!contents)
      return fail() << "cannot read '" << path
                    << "': " << contents.getError().message();
    SmallVector<StringRef> lines;
    (*contents)->getBuffer().split(lines, '\n');
    if (!lines.empty() && lines.back().empty())
      lines.pop_back();
    if (format.vocabSize >= 0 &&
        static_cast<int64_t>(lines.size()) > format.vocabSize)
      lines.resize(format.vocabSize);

    SmallVector<std::string> keys, values;
    for (auto [number, raw] : llvm::enumerate(lines)) {
      StringRef line = raw;
      line.consume_back("\r");
      std::optional<std::string> key =
          fieldOf(line, number, format.keyIndex, format);
      std::optional<std::string> value =
          fieldOf(line, number, format.valueIndex, format);
      if (!key || !value)
        return fail() << "line " << number + 1 << " of '" << path
                      << "' has no field "
                      << (key ? format.valueIndex : format.keyIndex);
      keys.push_back(*key);
      values.push_back(*value);
    }

    OpBuilder builder(&node);
    auto makeConst = [&](ArrayRef<std::string> texts, Type dtype,
                         StringRef suffix) -> FailureOr<Operation *> {
      std::string name =
          getUniqueNodeName(&node, (getNodeName(&node) + suffix).str());
      int64_t n = texts.size();
      if (isa<StringType>(dtype)) {
        SmallVector<StringRef> refs(texts.begin(), texts.end());
        return createStringConst(builder, &node, name, refs, {n});
      }
      SmallVector<int64_t> ints;
      for (const std::string &text : texts) {
        int64_t v;
        if (StringRef(text).getAsInteger(10, v))
          return FailureOr<Operation *>(
              (fail() << "'" << text << "' in '" << path << "' is not an int64",
               failure()));
        ints.push_back(v);
      }
      auto type = RankedTensorType::get({n}, dtype);
      OperationState state(node.getLoc(), "tfg.Const");
      state.addAttribute("dtype", TypeAttr::get(dtype));
      state.addAttribute("value",
                         DenseElementsAttr::get(type, ArrayRef<int64_t>(ints)));
      state.addTypes({type, ControlType::get(node.getContext())});
      Operation *constant = builder.create(state);
      setNodeName(constant, name);
      return constant;
    };
    FailureOr<Operation *> keyConst =
        makeConst(keys, keyType.getValue(), "/keys");
    if (failed(keyConst))
      return failure();
    FailureOr<Operation *> valueConst =
        makeConst(values, valueType.getValue(), "/values");
    if (failed(valueConst))
      return failure();
    OperationState init(node.getLoc(), "tfg.generic");
    init.addOperands(
        {inputs[0], (*keyConst)->getResult(0), (*valueConst)->getResult(0)});
    init.addOperands(getControlOperands(&node));
    init.addAttribute(attrs::kOpType,
                      builder.getStringAttr("InitializeTableV2"));
    init.addAttribute("Tkey", keyType);
    init.addAttribute("Tval", valueType);
    init.addTypes(ControlType::get(node.getContext()));
    Operation *replacement = builder.create(init);
    setNodeNameAndDeviceLike(replacement, getNodeNameAttr(&node), &node);
    getControlToken(&node).replaceAllUsesWith(getControlToken(replacement));
    node.erase();
  }
  return success();
}
