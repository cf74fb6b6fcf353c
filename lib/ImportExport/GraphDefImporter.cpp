//===- GraphDefImporter.cpp - GraphDef -> tfg.graph -----------------------===//
//
// Validates the GraphDef as it goes (what TensorFlow's importer and
// ensure_graph_is_valid check, and more) and builds one op per NodeDef.
//
//===----------------------------------------------------------------------===//

#include "GraphDefImporter.h"

#include "FunctionLibrary.h"
#include "NodeConversion.h"

#include "TFG/Dialect/IR/OpCategories.h"
#include "TFG/Dialect/IR/TFG.h"
#include "TFG/ImportExport/Diagnostics.h"
#include "TFG/ImportExport/OpRegistry.h"

#include "mlir/IR/Verifier.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Allocator.h"

using namespace mlir;
using namespace mlir::tfg;

//===----------------------------------------------------------------------===//
// Graph import
//===----------------------------------------------------------------------===//

/// TensorFlow's node name rule, as its importer applies it
/// (graph_constructor.cc IsValidNodeName with allow_internal_ops, which
/// ConvertGraphDefToGraph and TensorFlow's MLIR importers set): one or more
/// pieces joined by '>', the first starting with a letter, digit, '.' or '_'
/// (internal names: `_tf.foo`, `__inference_f_12`), each later one with a
/// letter, digit or '.'; then letters, digits and `_-./`.
static bool isValidNodeName(StringRef name) {
  auto isRest = [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '-' || c == '.' || c == '/';
  };
  bool first = true;
  while (true) {
    if (name.empty())
      return false;
    char c = name.front();
    if (!llvm::isAlnum(c) && c != '.' && !(first && c == '_'))
      return false;
    name = name.drop_front().drop_while(isRest);
    if (name.empty())
      return true;
    if (!name.consume_front(">"))
      return false;
    first = false;
  }
}

namespace {
/// What the importer needs to know of an op type, found once per op type
/// rather than once per node and phase (a 10^6-node graph has a few dozen op
/// types).
struct OpTypeInfo {
  /// Registry OpDef or function signature; null for an unknown op type.
  const tensorflow::OpDef *opDef;
  /// The op type names a function of the library.
  bool isFunction;
  /// Edges from it may close a v1 loop (checkCycles skips them).
  bool isNextIteration;
};

/// Per node: where its inputs come from.
struct NodeInputs {
  SmallVector<std::pair<unsigned, int64_t>> data; // (producer, output index)
  SmallVector<unsigned> control;                  // producers
};
} // namespace

/// Reports a cycle that does not go through a NextIteration node (v1 loops
/// close through NextIteration -> Merge; any other cycle can never run).
static LogicalResult checkCycles(ArrayRef<Operation *> ops,
                                 ArrayRef<NodeInputs> inputs,
                                 ArrayRef<bool> isNextIteration, StringRef file,
                                 MLIRContext *context) {
  enum State : uint8_t { Unvisited, OnStack, Done };
  SmallVector<uint8_t> state(ops.size(), Unvisited);
  SmallVector<unsigned> parent(ops.size(), ~0u);
  // Iterative DFS over producer edges, skipping NextIteration producers.
  for (unsigned root = 0; root < ops.size(); ++root) {
    if (state[root] != Unvisited)
      continue;
    SmallVector<std::pair<unsigned, unsigned>> stack; // (node, next edge)
    stack.push_back({root, 0});
    state[root] = OnStack;
    while (!stack.empty()) {
      auto &[node, edge] = stack.back();
      const NodeInputs &in = inputs[node];
      unsigned numEdges = in.data.size() + in.control.size();
      if (edge == numEdges) {
        state[node] = Done;
        stack.pop_back();
        continue;
      }
      unsigned producer = edge < in.data.size()
                              ? in.data[edge].first
                              : in.control[edge - in.data.size()];
      ++edge;
      if (isNextIteration[producer])
        continue;
      if (state[producer] == OnStack) {
        // Walk the stack from `producer` to `node` to name the cycle.
        std::string path;
        bool inCycle = false;
        for (auto &[n, e] : stack) {
          inCycle |= n == producer;
          if (inCycle)
            path += "'" + getNodeName(ops[n]).str() + "' <- ";
        }
        path += "'" + getNodeName(ops[producer]).str() + "'";
        emitError(ops[node]->getLoc())
            << "is on a cycle that does not pass through a NextIteration "
               "node (consumer <- producer): "
            << path;
        return failure();
      }
      if (state[producer] == Unvisited) {
        state[producer] = OnStack;
        stack.push_back({producer, 0});
      }
    }
  }
  return success();
}

namespace {
/// Imports one GraphDef phase by phase: names and inputs are checked on the
/// GraphDef, before any op exists; then each node is checked, typed and
/// built in one step; then the output indices its consumers use, the
/// operands, the cycle check and the library. Each phase relies on what the
/// earlier ones guarantee. A failure leaves a partial module, which the
/// caller drops.
class GraphImporter {
public:
  GraphImporter(tensorflow::GraphDef &graph, ModuleOp module, StringRef file,
                const ImportOptions &options, ArrayRef<unsigned> nodeLines);

  LogicalResult run();

private:
  Location nodeLocation(const tensorflow::NodeDef &node);
  InFlightDiagnostic nodeError(const tensorflow::NodeDef &node) {
    return emitError(nodeLocation(node));
  }

  LogicalResult indexNodeNames();
  LogicalResult parseInputs();
  LogicalResult computeResultTypes(int i, SmallVectorImpl<Type> &types);
  LogicalResult checkOutputIndices();
  GraphOp createGraphOp();
  LogicalResult createNodeOps(GraphOp graphOp);
  void connectOperands();

  tensorflow::GraphDef &graph;
  ModuleOp module;
  StringRef file;
  const ImportOptions &options;
  MLIRContext *context;
  OpBuilder builder;
  Location fileLoc;
  int numNodes;
  SignatureLookup signatures;
  AttrImportContext attrCtx;
  /// Text input: the line of each node.
  llvm::DenseMap<const tensorflow::NodeDef *, unsigned> lineOf;

  /// Node name -> index. The entries are bump-allocated: one allocation per
  /// node would cost as much as the lookups.
  llvm::StringMap<unsigned, llvm::BumpPtrAllocator> indexOf;
  /// Per op type, and per node the entry of its op type.
  llvm::StringMap<OpTypeInfo> opTypes;
  std::vector<const OpTypeInfo *> opInfo;
  std::vector<NodeInputs> inputs;
  /// Per node: the largest output index its consumers use, -1 if none, and
  /// the consumer that first uses that index.
  SmallVector<int64_t> maxUsedOutput;
  SmallVector<unsigned> maxUsedOutputUser;
  SmallVector<bool> isNextIteration;
  std::vector<Operation *> ops;
};
} // namespace

GraphImporter::GraphImporter(tensorflow::GraphDef &graph, ModuleOp module,
                             StringRef file, const ImportOptions &options,
                             ArrayRef<unsigned> nodeLines)
    : graph(graph), module(module), file(file), options(options),
      context(module.getContext()), builder(context),
      fileLoc(FileLineColLoc::get(context, file, 0, 0)),
      numNodes(graph.node_size()),
      signatures(graph.has_library() ? &graph.library() : nullptr),
      attrCtx{context, options.resourceThresholdBytes, "", {}},
      indexOf(std::max(numNodes, 16)) {
  if (static_cast<int>(nodeLines.size()) == numNodes)
    for (int i = 0; i < numNodes; ++i)
      lineOf[&graph.node(i)] = nodeLines[i];
}

Location GraphImporter::nodeLocation(const tensorflow::NodeDef &node) {
  unsigned line = lineOf.empty() ? 0 : lineOf.lookup(&node);
  Location base = line ? Location(FileLineColLoc::get(context, file, line, 0))
                       : Location(fileLoc);
  return NameLoc::get(StringAttr::get(context, node.name()), base);
}

/// Guarantees: every node has a valid, unique name and an op type,
/// `indexOf` maps names to node indices and `opInfo` holds each node's op
/// type entry. Names come first: every later check refers to nodes by name.
LogicalResult GraphImporter::indexNodeNames() {
  opInfo.resize(numNodes);
  for (int i = 0; i < numNodes; ++i) {
    const tensorflow::NodeDef &node = graph.node(i);
    if (node.name().empty())
      return emitError(fileLoc) << "node #" << i << " (op '" << node.op()
                                << "') has an empty name";
    if (!isValidNodeName(node.name()))
      return nodeError(node)
             << "invalid node name: must match "
                "[A-Za-z0-9._][A-Za-z0-9_./-]*(>[A-Za-z0-9.][A-Za-z0-9_./-]*)*";
    if (node.op().empty())
      return nodeError(node) << "has an empty op type";
    if (!indexOf.try_emplace(node.name(), i).second)
      return nodeError(node) << "duplicate node name: two nodes are named '"
                             << node.name() << "'";
    auto [it, inserted] = opTypes.try_emplace(node.op());
    if (inserted) {
      it->second.opDef = signatures.lookup(node.op());
      it->second.isFunction = signatures.isFunction(node.op());
      it->second.isNextIteration = isNextIterationLike(node.op());
    }
    opInfo[i] = &it->second;
  }
  return success();
}

/// Guarantees: `inputs` holds each node's producers (data inputs before
/// control inputs, every producer a node of the graph) and `maxUsedOutput`
/// the largest output index used of each node.
LogicalResult GraphImporter::parseInputs() {
  inputs.resize(numNodes);
  maxUsedOutput.assign(numNodes, -1);
  maxUsedOutputUser.assign(numNodes, 0);
  for (int i = 0; i < numNodes; ++i) {
    const tensorflow::NodeDef &node = graph.node(i);
    bool seenControl = false;
    for (const std::string &input : node.input()) {
      if (input.empty() || input == "^")
        return nodeError(node) << "has an empty input";
      ParsedInput parsed = parseInputString(input);
      auto it = indexOf.find(parsed.node);
      if (it == indexOf.end())
        return nodeError(node)
               << "input '" << input << "' names no node of the graph";
      if (parsed.isControl) {
        seenControl = true;
        inputs[i].control.push_back(it->second);
        continue;
      }
      if (seenControl)
        return nodeError(node) << "data input '" << input
                               << "' comes after a control input; control "
                                  "inputs must come last";
      inputs[i].data.push_back({it->second, parsed.index});
      if (parsed.index > maxUsedOutput[it->second]) {
        maxUsedOutput[it->second] = parsed.index;
        maxUsedOutputUser[it->second] = i;
      }
    }
  }
  return success();
}

/// Guarantees: the node (of a known op type) has its default attrs and
/// attrs of the kinds its OpDef calls for, as many data inputs as they call
/// for, and `types` holds its data result types (for an unknown op type, as
/// many opaque tensors as its consumers or `_output_shapes` use).
LogicalResult GraphImporter::computeResultTypes(int i,
                                                SmallVectorImpl<Type> &types) {
  tensorflow::NodeDef &node = *graph.mutable_node(i);
  const tensorflow::OpDef *opDef = opInfo[i]->opDef;
  if (!opDef) {
    // The outputs are sized by the file: bound them before allocating.
    if (maxUsedOutput[i] >= kMaxAttrListSize)
      return nodeError(graph.node(maxUsedOutputUser[i]))
             << "input '" << node.name() << ":" << maxUsedOutput[i]
             << "' is out of bounds: node '" << node.name() << "' ("
             << node.op() << ") is of an op type the registry does not "
             << "know, and at most " << kMaxAttrListSize
             << " outputs are assumed";
    int64_t count = maxUsedOutput[i] + 1;
    auto it = node.attr().find("_output_shapes");
    if (it != node.attr().end() && it->second.has_list())
      count = std::max<int64_t>(count, it->second.list().shape_size());
    types.assign(count, OpaqueTensorType::get(context));
    applyOutputShapes(node, types);
    return success();
  }
  auto opError = [&] { return nodeError(node) << "(" << node.op() << ") "; };
  if (!opInfo[i]->isFunction &&
      (failed(checkNodeAttrs(node, *opDef, opError)) ||
       failed(addDefaultAttrs(node, *opDef, opError))))
    return failure();
  std::string error;
  if (failed(computeOutputTypes(node, *opDef, context, types, nullptr, error)))
    return nodeError(node) << "(" << node.op() << ") " << error;
  applyOutputShapes(node, types);
  // The typed ops check the input count too, but here the message can say
  // what the OpDef expects.
  return checkInputCount(node, *opDef, inputs[i].data.size(), opError);
}

/// Guarantees: every data input names an output its producer has.
LogicalResult GraphImporter::checkOutputIndices() {
  for (int i = 0; i < numNodes; ++i) {
    for (auto [producer, index] : inputs[i].data) {
      unsigned numResults = ops[producer]->getNumResults() - 1; // - control
      if (index < static_cast<int64_t>(numResults))
        continue;
      const tensorflow::NodeDef &from = graph.node(producer);
      return nodeError(graph.node(i))
             << "input '" << from.name() << ":" << index << "' is out of "
             << "bounds: node '" << from.name() << "' (" << from.op()
             << ") has " << numResults << " output"
             << (numResults == 1 ? "" : "s");
    }
  }
  return success();
}

/// Appends the (empty) tfg.graph with the GraphDef's versions to the module.
GraphOp GraphImporter::createGraphOp() {
  builder.setInsertionPointToEnd(module.getBody());
  const auto &versions = graph.versions();
  auto graphOp = GraphOp::create(
      builder, fileLoc,
      VersionAttr::get(context, versions.producer(), versions.min_consumer(),
                       SmallVector<int32_t>(versions.bad_consumers().begin(),
                                            versions.bad_consumers().end())));
  if (graph.version() != 0)
    graphOp->setAttr(attrs::kDeprecatedVersion,
                     builder.getI32IntegerAttr(graph.version()));
  if (!graph.debug_info().empty())
    graphOp->setAttr(attrs::kDebugInfo,
                     builder.getStringAttr(graph.debug_info()));
  return graphOp;
}

/// Guarantees: `ops` holds one op per node, in node order, with its attrs
/// and result types but no operands yet (the graph may have cycles). Each
/// node is checked and typed right before its op is built: one pass over a
/// GraphDef that is far larger than the caches, not three.
LogicalResult GraphImporter::createNodeOps(GraphOp graphOp) {
  builder.setInsertionPointToEnd(&graphOp.getBlock());
  isNextIteration.assign(numNodes, false);
  ops.resize(numNodes);
  SmallVector<Type> types;
  for (int i = 0; i < numNodes; ++i) {
    isNextIteration[i] = opInfo[i]->isNextIteration;
    types.clear();
    if (failed(computeResultTypes(i, types)))
      return failure();
    tensorflow::NodeDef &node = *graph.mutable_node(i);
    auto opError = [&] { return nodeError(node) << "(" << node.op() << ") "; };
    FailureOr<Operation *> op =
        createNodeOp(builder, node, types, inputs[i].control.size(),
                     nodeLocation(node), attrCtx, opError);
    if (failed(op))
      return failure();
    ops[i] = *op;
  }
  return success();
}

/// Gives every op its operands: data results, then control tokens.
void GraphImporter::connectOperands() {
  for (int i = 0; i < numNodes; ++i) {
    SmallVector<Value> operands;
    operands.reserve(inputs[i].data.size() + inputs[i].control.size());
    for (auto [producer, index] : inputs[i].data)
      operands.push_back(ops[producer]->getResult(index));
    for (unsigned producer : inputs[i].control)
      operands.push_back(getControlToken(ops[producer]));
    ops[i]->setOperands(operands);
  }
}

LogicalResult GraphImporter::run() {
  context->getOrLoadDialect<TFGDialect>();
  if (failed(indexNodeNames()) || failed(parseInputs()) ||
      failed(createNodeOps(createGraphOp())) || failed(checkOutputIndices()))
    return failure();
  connectOperands();
  if (failed(checkCycles(ops, inputs, isNextIteration, file, context)))
    return failure();
  if (graph.has_library() &&
      failed(importFunctionLibrary(*graph.mutable_library(), module, signatures,
                                   file, attrCtx)))
    return failure();
  return verify(module);
}

LogicalResult tfg::importGraphDef(tensorflow::GraphDef &graph, ModuleOp module,
                                  StringRef file, const ImportOptions &options,
                                  ArrayRef<unsigned> nodeLines) {
  return GraphImporter(graph, module, file, options, nodeLines).run();
}

void tfg::setSignatureAttr(ModuleOp module, StringRef name,
                           ArrayRef<NamedAttribute> inputs,
                           ArrayRef<NamedAttribute> outputs) {
  Builder b(module.getContext());
  module->setAttr(attrs::kSignature,
                  b.getDictionaryAttr({
                      b.getNamedAttr("name", b.getStringAttr(name)),
                      b.getNamedAttr("inputs", b.getDictionaryAttr(inputs)),
                      b.getNamedAttr("outputs", b.getDictionaryAttr(outputs)),
                  }));
}
