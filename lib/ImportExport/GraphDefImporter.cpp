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

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/xxhash.h"

#include <atomic>
#include <memory>

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

/// Graphs of at least this many nodes are converted on the context's
/// threads (when it has more than one), in chunks of kParallelChunk
/// consecutive nodes: big enough that a chunk's bookkeeping (a block, the
/// typed-op cache) is noise, small enough that the threads stay balanced.
static constexpr int kParallelChunk = 4096;
static constexpr int kParallelMinNodes = 2 * kParallelChunk;

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

/// One input of a node: the producer and the output it reads
/// (kControlInput for a control input).
struct InputEdge {
  unsigned producer;
  int64_t index;
};
constexpr int64_t kControlInput = -1;

/// Every node's inputs, node after node, each node's data inputs before its
/// control inputs: two flat arrays rather than two small vectors per node
/// (128 bytes a node, most of it unused inline storage, before any input).
class NodeInputs {
public:
  void reserve(unsigned numNodes) { begin.reserve(numNodes + 1); }
  /// Starts the next node's inputs.
  void startNode() { begin.push_back(edges.size()); }
  void add(unsigned producer, int64_t index) {
    edges.push_back({producer, index});
  }
  /// Ends the inputs of the last node.
  void finish() { begin.push_back(edges.size()); }

  ArrayRef<InputEdge> all(unsigned node) const {
    return ArrayRef(edges).slice(begin[node], begin[node + 1] - begin[node]);
  }
  MutableArrayRef<InputEdge> mutableAll(unsigned node) {
    return MutableArrayRef(edges).slice(begin[node],
                                        begin[node + 1] - begin[node]);
  }
  ArrayRef<InputEdge> data(unsigned node) const {
    ArrayRef<InputEdge> in = all(node);
    return in.take_while([](const InputEdge &e) { return e.index >= 0; });
  }
  unsigned numControl(unsigned node) const {
    return all(node).size() - data(node).size();
  }

private:
  std::vector<InputEdge> edges;
  std::vector<size_t> begin;
};

/// Node name -> node index, over the GraphDef's own name strings (no copy of
/// any name): open addressing with linear probing, one 64-bit slot per
/// bucket (the upper half of the name's hash, the node index + 1), sized
/// once for the node count at most half full. A probe compares the stored
/// hash half before it touches a name, so a lookup usually reads one slot
/// and one name; a StringMap read a bucket pointer, a hash array and an
/// entry holding a copy of the name (80 bytes a node in all, against 24).
class NodeNameIndex {
public:
  explicit NodeNameIndex(unsigned numNodes) {
    names.reserve(numNodes);
    size_t buckets =
        llvm::PowerOf2Ceil(std::max<size_t>(2 * size_t(numNodes), 16));
    slots.assign(buckets, 0);
    mask = buckets - 1;
  }

  /// Adds `name` as the next node's; returns the index of the node that
  /// already has it, if one does (the name is then not added).
  std::optional<unsigned> insert(StringRef name) {
    uint64_t hash = llvm::xxh3_64bits(name);
    for (size_t b = hash & mask;; b = (b + 1) & mask) {
      uint64_t slot = slots[b];
      if (!slot) {
        names.push_back(name);
        slots[b] = (hash & kTagMask) | names.size();
        return std::nullopt;
      }
      if ((slot & kTagMask) == (hash & kTagMask) &&
          names[(slot & kIndexMask) - 1] == name)
        return (slot & kIndexMask) - 1;
    }
  }

  std::optional<unsigned> lookup(StringRef name) const {
    uint64_t hash = llvm::xxh3_64bits(name);
    for (size_t b = hash & mask;; b = (b + 1) & mask) {
      uint64_t slot = slots[b];
      if (!slot)
        return std::nullopt;
      if ((slot & kTagMask) == (hash & kTagMask) &&
          names[(slot & kIndexMask) - 1] == name)
        return (slot & kIndexMask) - 1;
    }
  }

  /// Gives the memory back (the names stay the GraphDef's).
  void clear() {
    slots = {};
    names = {};
  }

private:
  static constexpr uint64_t kIndexMask = 0xffffffffu;
  static constexpr uint64_t kTagMask = ~kIndexMask;
  std::vector<uint64_t> slots; // 0: empty
  std::vector<StringRef> names;
  size_t mask;
};
} // namespace

/// Reports a cycle that does not go through a NextIteration node (v1 loops
/// close through NextIteration -> Merge; any other cycle can never run).
static LogicalResult checkCycles(ArrayRef<Operation *> ops,
                                 const NodeInputs &inputs,
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
      ArrayRef<InputEdge> in = inputs.all(node);
      if (edge == in.size()) {
        state[node] = Done;
        stack.pop_back();
        continue;
      }
      unsigned producer = in[edge].producer;
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

  LogicalResult indexNamesAndInputs();
  LogicalResult computeResultTypes(int i, SmallVectorImpl<Type> &types);
  LogicalResult createNode(int i, OpBuilder &nodeBuilder,
                           AttrImportContext &ctx,
                           SmallVectorImpl<Type> &types);
  LogicalResult checkOutputIndices();
  GraphOp createGraphOp();
  LogicalResult createNodeOps(GraphOp graphOp);
  LogicalResult createNodeOpsInParallel(Block &body);
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

  /// Node name -> index; needed until the inputs are parsed.
  NodeNameIndex indexOf;
  /// Per op type, and per node the entry of its op type.
  llvm::StringMap<OpTypeInfo> opTypes;
  std::vector<const OpTypeInfo *> opInfo;
  NodeInputs inputs;
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
      attrCtx{context, options.resourceThresholdBytes, "", {}, {}},
      indexOf(numNodes) {
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
/// `opInfo` holds each node's op type entry, `inputs` each node's producers
/// (data inputs before control inputs, every producer a node of the graph)
/// and `maxUsedOutput` the largest output index used of each node.
///
/// Names come first: every later check refers to nodes by name, so a bad
/// name anywhere is reported before a bad input anywhere. The inputs are
/// still read in the same pass over the nodes (a 10^6-node GraphDef is far
/// larger than the caches: a second pass would miss on every node again),
/// resolved against the names indexed so far; most name a node shortly
/// before, whose index slot is still in the cache. A node with an input
/// that does not resolve cleanly (a producer further down, or a malformed
/// input) is looked at again once every name is known, in node order, with
/// the checks of the old second pass, so the first bad input in node order
/// is the one reported, as before.
LogicalResult GraphImporter::indexNamesAndInputs() {
  opInfo.resize(numNodes);
  inputs.reserve(numNodes);
  maxUsedOutput.assign(numNodes, -1);
  maxUsedOutputUser.assign(numNodes, 0);
  // Nodes with an input left for the second look, in node order.
  std::vector<unsigned> unresolved;
  const OpTypeInfo *lastInfo = nullptr;
  StringRef lastOp;
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
    if (indexOf.insert(node.name()))
      return nodeError(node) << "duplicate node name: two nodes are named '"
                             << node.name() << "'";
    if (!lastInfo || lastOp != node.op()) {
      auto [it, inserted] = opTypes.try_emplace(node.op());
      if (inserted) {
        it->second.opDef = signatures.lookup(node.op());
        it->second.isFunction = signatures.isFunction(node.op());
        it->second.isNextIteration = isNextIterationLike(node.op());
      }
      lastInfo = &it->second;
      lastOp = it->first();
    }
    opInfo[i] = lastInfo;

    // One edge per input, a placeholder where it does not resolve yet.
    inputs.startNode();
    bool seenControl = false, clean = true;
    for (const std::string &input : node.input()) {
      ParsedInput parsed = parseInputString(input);
      std::optional<unsigned> producer =
          parsed.node.empty() ? std::nullopt : indexOf.lookup(parsed.node);
      bool misplaced = seenControl && !parsed.isControl;
      seenControl |= parsed.isControl;
      if (!producer || misplaced) {
        clean = false;
        inputs.add(0, parsed.isControl ? kControlInput : parsed.index);
        continue;
      }
      inputs.add(*producer, parsed.isControl ? kControlInput : parsed.index);
      if (!parsed.isControl && parsed.index > maxUsedOutput[*producer]) {
        maxUsedOutput[*producer] = parsed.index;
        maxUsedOutputUser[*producer] = i;
      }
    }
    if (!clean)
      unresolved.push_back(i);
  }
  inputs.finish();

  for (unsigned i : unresolved) {
    const tensorflow::NodeDef &node = graph.node(i);
    MutableArrayRef<InputEdge> edges = inputs.mutableAll(i);
    bool seenControl = false;
    for (auto [input, edge] : llvm::zip_equal(node.input(), edges)) {
      if (input.empty() || input == "^")
        return nodeError(node) << "has an empty input";
      ParsedInput parsed = parseInputString(input);
      std::optional<unsigned> producer = indexOf.lookup(parsed.node);
      if (!producer)
        return nodeError(node)
               << "input '" << input << "' names no node of the graph";
      if (parsed.isControl) {
        seenControl = true;
        edge.producer = *producer;
        continue;
      }
      if (seenControl)
        return nodeError(node) << "data input '" << input
                               << "' comes after a control input; control "
                                  "inputs must come last";
      edge.producer = *producer;
      // The first user in node order of the largest index, whatever the
      // order the users were seen in.
      int64_t &max = maxUsedOutput[*producer];
      unsigned &user = maxUsedOutputUser[*producer];
      if (parsed.index > max || (parsed.index == max && i < user)) {
        max = parsed.index;
        user = i;
      }
    }
  }
  indexOf.clear();
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
  return checkInputCount(node, *opDef, inputs.data(i).size(), opError);
}

/// Guarantees: every data input names an output its producer has.
LogicalResult GraphImporter::checkOutputIndices() {
  for (int i = 0; i < numNodes; ++i) {
    for (auto [producer, index] : inputs.data(i)) {
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

/// Guarantees: node `i` is checked and typed, and `ops[i]` is its op (with
/// attrs and result types, no operands yet), built at `nodeBuilder`'s
/// insertion point.
LogicalResult GraphImporter::createNode(int i, OpBuilder &nodeBuilder,
                                        AttrImportContext &ctx,
                                        SmallVectorImpl<Type> &types) {
  types.clear();
  if (failed(computeResultTypes(i, types)))
    return failure();
  tensorflow::NodeDef &node = *graph.mutable_node(i);
  auto opError = [&] { return nodeError(node) << "(" << node.op() << ") "; };
  FailureOr<Operation *> op =
      tfg::createNodeOp(nodeBuilder, node, types, inputs.numControl(i),
                        nodeLocation(node), ctx, opError);
  if (failed(op))
    return failure();
  ops[i] = *op;
  return success();
}

/// Guarantees: `ops` holds one op per node, in node order, with its attrs
/// and result types but no operands yet (the graph may have cycles). Each
/// node is checked and typed right before its op is built: one pass over a
/// GraphDef that is far larger than the caches, not three.
LogicalResult GraphImporter::createNodeOps(GraphOp graphOp) {
  builder.setInsertionPointToEnd(&graphOp.getBlock());
  isNextIteration.assign(numNodes, false);
  for (int i = 0; i < numNodes; ++i)
    isNextIteration[i] = opInfo[i]->isNextIteration;
  ops.assign(numNodes, nullptr);
  if (numNodes >= kParallelMinNodes && context->isMultithreadingEnabled() &&
      context->getThreadPool().getMaxConcurrency() > 1)
    return createNodeOpsInParallel(graphOp.getBlock());
  SmallVector<Type> types;
  for (int i = 0; i < numNodes; ++i)
    if (failed(createNode(i, builder, attrCtx, types)))
      return failure();
  return success();
}

/// True if importing `value` may store a tensor as a dense resource: its
/// elements take at least `threshold` bytes, or its shape is not a plain
/// one (which the conversion will report). An upper bound: a splat or a
/// bool tensor counted here stays a dense elements attr.
static bool mayBecomeResource(const tensorflow::AttrValue &value,
                              int64_t threshold) {
  auto isLarge = [&](const tensorflow::TensorProto &tensor) {
    if (static_cast<int64_t>(tensor.tensor_content().size()) >= threshold)
      return true;
    unsigned elementSize = dataTypeByteSize(tensor.dtype());
    int64_t bytes = elementSize ? elementSize : 16;
    for (const auto &dim : tensor.tensor_shape().dim()) {
      if (dim.size() < 0 || bytes >= threshold)
        return true;
      bytes = llvm::checkedMul<int64_t>(bytes, dim.size()).value_or(INT64_MAX);
    }
    return bytes >= threshold;
  };
  if (value.has_tensor())
    return isLarge(value.tensor());
  return value.has_list() && llvm::any_of(value.list().tensor(), isLarge);
}

namespace {
/// Holds back the diagnostics that worker threads emit while they build the
/// ops of chunks of nodes, per chunk, so that the import reports the error
/// of the first failing node in node order, as the sequential import does,
/// whatever the threads' timing.
class ChunkDiagnostics {
public:
  ChunkDiagnostics(MLIRContext *context, unsigned numChunks)
      : context(context), held(numChunks) {
    handler.emplace(context, [this](Diagnostic &diag) {
      if (current.owner != this)
        return failure(); // Not from a worker: let it through.
      held[current.chunk].push_back(std::move(diag));
      return success();
    });
  }

  /// Attributes the calling thread's diagnostics to `chunk` (-1: stop).
  void setChunk(int chunk) {
    current = chunk < 0 ? Current{} : Current{this, chunk};
  }

  /// Reports what `chunk` held back (after the handler is gone: call it
  /// once the workers are done).
  void report(unsigned chunk) {
    for (Diagnostic &diag : held[chunk])
      context->getDiagEngine().emit(std::move(diag));
    held[chunk].clear();
  }

private:
  struct Current {
    const ChunkDiagnostics *owner = nullptr;
    int chunk = -1;
  };
  static thread_local Current current;

  MLIRContext *context;
  /// Written only by the thread that owns the chunk.
  std::vector<std::vector<Diagnostic>> held;
  std::optional<ScopedDiagnosticHandler> handler;

public:
  /// Removes the handler; held diagnostics can then be reported.
  void stopHolding() { handler.reset(); }
};
thread_local ChunkDiagnostics::Current ChunkDiagnostics::current;
} // namespace

/// createNodeOps on the context's threads: the nodes are cut into chunks
/// of consecutive nodes, each built into a block of its own, and the
/// blocks are spliced into the graph in order, so the ops come out in node
/// order as the sequential loop makes them. Uniquing attributes is
/// thread-safe in a multithreaded context. Nodes that may make a dense
/// resource are left out and built afterwards, one by one in node order:
/// a resource blob's name is its node's, made unique by a counter in the
/// order blobs are made, so they must be made in the sequential order.
LogicalResult GraphImporter::createNodeOpsInParallel(Block &body) {
  int numChunks = (numNodes + kParallelChunk - 1) / kParallelChunk;
  std::vector<std::unique_ptr<Block>> blocks(numChunks);
  for (auto &block : blocks)
    block = std::make_unique<Block>();
  std::vector<char> deferred(numNodes, 0);
  // Per chunk, the node that failed (numNodes: none).
  std::vector<int> failedAt(numChunks, numNodes);
  std::atomic<int> nextChunk{0};
  std::atomic<bool> stop{false};
  auto diagnostics = std::make_unique<ChunkDiagnostics>(context, numChunks);
  int64_t threshold = options.resourceThresholdBytes;
  auto work = [&] {
    AttrImportContext ctx{context, threshold, "", {}, {}};
    SmallVector<Type> types;
    // Chunks are handed out in order, and a worker finishes the chunk it
    // holds: when one fails, every node before it has been tried.
    while (!stop.load(std::memory_order_relaxed)) {
      int chunk = nextChunk++;
      if (chunk >= numChunks)
        break;
      diagnostics->setChunk(chunk);
      // (Not OpBuilder::atBlockEnd: the block has no region to take the
      // context from.)
      OpBuilder chunkBuilder(context);
      chunkBuilder.setInsertionPointToEnd(blocks[chunk].get());
      int end = std::min(numNodes, (chunk + 1) * kParallelChunk);
      for (int i = chunk * kParallelChunk; i < end; ++i) {
        if (llvm::any_of(graph.node(i).attr(), [&](const auto &entry) {
              return mayBecomeResource(entry.second, threshold);
            })) {
          deferred[i] = 1;
          continue;
        }
        if (failed(createNode(i, chunkBuilder, ctx, types))) {
          failedAt[chunk] = i;
          stop = true;
          break;
        }
      }
      diagnostics->setChunk(-1);
    }
  };
  llvm::ThreadPoolInterface &pool = context->getThreadPool();
  llvm::ThreadPoolTaskGroup group(pool);
  for (unsigned t = 0,
                e = std::min<unsigned>(numChunks, pool.getMaxConcurrency());
       t < e; ++t)
    group.async(work);
  group.wait();
  diagnostics->stopHolding();

  // The first failing node; the deferred nodes before it come first.
  int firstFailed = *llvm::min_element(failedAt);
  SmallVector<Type> types;
  for (int i = 0; i < firstFailed; ++i) {
    if (!deferred[i])
      continue;
    // After the op of the node before it (built by now, deferred or not).
    if (i % kParallelChunk == 0)
      builder.setInsertionPointToStart(blocks[i / kParallelChunk].get());
    else
      builder.setInsertionPointAfter(ops[i - 1]);
    if (failed(createNode(i, builder, attrCtx, types)))
      return failure();
  }
  if (firstFailed < numNodes) {
    diagnostics->report(firstFailed / kParallelChunk);
    return failure();
  }
  for (auto &block : blocks)
    body.getOperations().splice(body.end(), block->getOperations());
  return success();
}

/// Gives every op its operands: data results, then control tokens.
void GraphImporter::connectOperands() {
  SmallVector<Value> operands;
  for (int i = 0; i < numNodes; ++i) {
    operands.clear();
    for (auto [producer, index] : inputs.all(i))
      operands.push_back(index == kControlInput
                             ? getControlToken(ops[producer])
                             : ops[producer]->getResult(index));
    ops[i]->setOperands(operands);
  }
}

LogicalResult GraphImporter::run() {
  context->getOrLoadDialect<TFGDialect>();
  if (failed(indexNamesAndInputs()) || failed(createNodeOps(createGraphOp())) ||
      failed(checkOutputIndices()))
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
