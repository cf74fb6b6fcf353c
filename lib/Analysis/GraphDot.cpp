//===- GraphDot.cpp - A tfg.graph as a Graphviz DOT picture ---------------===//

#include "TFG/Analysis/GraphDot.h"

#include "TFG/Analysis/GraphQueries.h"
#include "TFG/Dialect/IR/OpCategories.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/JSON.h"

#include <memory>

using namespace mlir;
using namespace mlir::tfg;

std::string tfg::escapeDotString(StringRef text) {
  // Graphviz reads UTF-8; bytes that are not are shown as '?'.
  bool utf8 = llvm::json::isUTF8(text);
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    unsigned char u = static_cast<unsigned char>(c);
    if (c == '"')
      out += "\\\"";
    else if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else if (u < 0x20 || u == 0x7f || (!utf8 && u >= 0x80))
      out += '?';
    else
      out += c;
  }
  return out;
}

static std::string quote(StringRef text) {
  return "\"" + escapeDotString(text) + "\"";
}

namespace {
enum class Status { Same, Added, Changed, Removed };

struct DotNode {
  Operation *op;
  std::string id;
  Status status = Status::Same;
  std::string note; // What changed, for the tooltip.
};

struct Cluster {
  StringRef scope; // A prefix of a node name; empty for the top level.
  llvm::MapVector<StringRef, std::unique_ptr<Cluster>> children;
  std::vector<const DotNode *> nodes;
};

/// One edge, by node names (so that edges of two graphs can be compared).
struct EdgeRef {
  Operation *src, *dst;
  int index; // Output index of src; -1 for a control edge.
};
} // namespace

static std::vector<Operation *> nodesOf(GraphOp graph) {
  std::vector<Operation *> nodes;
  for (Operation &op : graph.getBlock())
    if (isNodeOp(&op))
      nodes.push_back(&op);
  return nodes;
}

static std::vector<EdgeRef> edgesInto(Operation *op) {
  std::vector<EdgeRef> edges;
  for (Value v : getDataOperands(op))
    if (Operation *src = v.getDefiningOp())
      edges.push_back({src, op, (int)cast<OpResult>(v).getResultNumber()});
  for (Value v : getControlOperands(op))
    if (Operation *src = v.getDefiningOp())
      edges.push_back({src, op, -1});
  return edges;
}

static std::string edgeKey(const EdgeRef &e) {
  return (getNodeName(e.src) + "\x1f" + std::to_string(e.index) + "\x1f" +
          getNodeName(e.dst))
      .str();
}

static std::string inputName(const EdgeRef &e) {
  std::string s = e.index < 0 ? "^" : "";
  s += getNodeName(e.src).str();
  if (e.index > 0)
    s += ":" + std::to_string(e.index);
  return s;
}

/// The NodeDef-level attrs of `op` (TensorFlow attrs and the device), sorted.
static SmallVector<NamedAttribute> nodeAttrs(Operation *op) {
  SmallVector<NamedAttribute> attrs;
  for (NamedAttribute attr : op->getAttrDictionary())
    if (!isTFGAttrName(attr.getName()) || attr.getName() == attrs::kNodeDevice)
      attrs.push_back(attr);
  llvm::sort(attrs, [](const NamedAttribute &a, const NamedAttribute &b) {
    return a.getName().strref() < b.getName().strref();
  });
  return attrs;
}

/// What differs between two nodes of one name ("" when nothing does).
static std::string nodeDifference(Operation *before, Operation *after) {
  SmallVector<std::string> what;
  if (getNodeOpType(before) != getNodeOpType(after))
    what.push_back(
        ("op " + getNodeOpType(before) + " -> " + getNodeOpType(after)).str());
  auto inputs = [](Operation *op, bool control) {
    SmallVector<std::string> names;
    for (const EdgeRef &e : edgesInto(op))
      if ((e.index < 0) == control)
        names.push_back(inputName(e));
    if (control) // Control-input order carries no meaning.
      llvm::sort(names);
    return names;
  };
  if (inputs(before, false) != inputs(after, false))
    what.push_back("data inputs");
  if (inputs(before, true) != inputs(after, true))
    what.push_back("control inputs");
  SmallVector<NamedAttribute> a = nodeAttrs(before), b = nodeAttrs(after);
  SmallVector<std::string> attrNames;
  llvm::StringMap<Attribute> bByName;
  for (NamedAttribute attr : b)
    bByName[attr.getName()] = attr.getValue();
  for (NamedAttribute attr : a) {
    auto it = bByName.find(attr.getName());
    if (it == bByName.end() || !isSameAttribute(attr.getValue(), it->second))
      attrNames.push_back(attr.getName() == attrs::kNodeDevice
                              ? "device"
                              : attr.getName().str());
    if (it != bByName.end())
      bByName.erase(it);
  }
  for (NamedAttribute attr : b)
    if (bByName.count(attr.getName()))
      attrNames.push_back(attr.getName() == attrs::kNodeDevice
                              ? "device"
                              : attr.getName().str());
  if (!attrNames.empty())
    what.push_back("attrs " + llvm::join(attrNames, ","));
  return llvm::join(what, "; ");
}

static void writeNode(const DotNode &node, const DotOptions &options,
                      raw_ostream &os, StringRef indent) {
  Operation *op = node.op;
  StringRef name = getNodeName(op), type = getNodeOpType(op);
  std::string tooltip = (type + " " + name).str();
  if (!node.note.empty())
    tooltip += "\n" + node.note;
  os << indent << node.id << " [";
  bool point = options.collapseConstants && isa<ConstOp>(op);
  if (point) {
    StringRef shortName = name.rsplit('/').second;
    if (shortName.empty())
      shortName = name;
    os << "shape=point, width=0.08, xlabel=" << quote(shortName)
       << ", fontsize=7";
  } else {
    os << "label=" << quote((type + "\n" + name).str());
  }
  os << ", tooltip=" << quote(tooltip);
  switch (node.status) {
  case Status::Added:
    os << ", color=\"#2e9d2e\", penwidth=2, fillcolor="
       << (point ? "\"#2e9d2e\"" : "\"#c8f0c8\"");
    break;
  case Status::Changed:
    os << ", color=\"#e08000\", penwidth=2, fillcolor="
       << (point ? "\"#e08000\"" : "\"#ffe0b0\"");
    break;
  case Status::Removed:
    os << ", color=\"#d02020\", fontcolor=\"#d02020\", fillcolor="
       << (point ? "\"#d02020\"" : "\"#ffecec\"")
       << ", style=\"rounded,dashed,filled\"";
    break;
  case Status::Same:
    if (point)
      os << ", color=\"#555555\", fillcolor=\"#555555\"";
    else if (isPlaceholderLike(op))
      os << ", fillcolor=\"#dbe9ff\"";
    else if (isV1ControlFlow(op))
      os << ", fillcolor=\"#fff4c2\"";
    else if (isa<ConstOp, NoOpOp>(op))
      os << ", fillcolor=\"#eeeeee\"";
    break;
  }
  os << "];\n";
}

static void writeCluster(const Cluster &cluster, const DotOptions &options,
                         raw_ostream &os, unsigned depth, unsigned &counter) {
  std::string indent(2 * depth + 2, ' ');
  for (const DotNode *node : cluster.nodes)
    writeNode(*node, options, os, indent);
  for (auto &[scope, child] : cluster.children) {
    os << indent << "subgraph cluster_" << counter++ << " {\n";
    os << indent << "  label=" << quote(scope) << ";\n";
    writeCluster(*child, options, os, depth + 1, counter);
    os << indent << "}\n";
  }
}

static void placeInCluster(Cluster &top, const DotNode &node,
                           unsigned maxDepth) {
  StringRef name = getNodeName(node.op);
  size_t slash = name.rfind('/');
  Cluster *cluster = &top;
  if (slash != StringRef::npos && slash > 0) {
    StringRef scope = name.take_front(slash);
    size_t end = 0;
    for (unsigned depth = 0; depth < maxDepth && end < scope.size(); ++depth) {
      end = scope.find('/', end + (depth ? 1 : 0));
      if (end == StringRef::npos)
        end = scope.size();
      StringRef prefix = scope.take_front(end);
      std::unique_ptr<Cluster> &child = cluster->children[prefix];
      if (!child) {
        child = std::make_unique<Cluster>();
        child->scope = prefix;
      }
      cluster = child.get();
    }
  }
  cluster->nodes.push_back(&node);
}

LogicalResult tfg::writeGraphDot(GraphOp graph, raw_ostream &os,
                                 const DotOptions &options) {
  std::vector<Operation *> after = nodesOf(graph);
  std::vector<Operation *> before;
  if (options.before)
    before = nodesOf(options.before);

  llvm::StringMap<Operation *> afterByName, beforeByName;
  for (Operation *op : after)
    afterByName[getNodeName(op)] = op;
  for (Operation *op : before)
    beforeByName[getNodeName(op)] = op;

  // Nodes: the graph's, then (diff mode) the removed ones of `before`.
  std::vector<std::unique_ptr<DotNode>> nodes;
  llvm::DenseMap<Operation *, DotNode *> nodeOf;
  for (Operation *op : after) {
    auto node = std::make_unique<DotNode>();
    node->op = op;
    node->id = "n" + std::to_string(nodes.size());
    if (options.before) {
      auto it = beforeByName.find(getNodeName(op));
      if (it == beforeByName.end()) {
        node->status = Status::Added;
        node->note = "added";
      } else {
        node->note = nodeDifference(it->second, op);
        if (!node->note.empty())
          node->status = Status::Changed;
        nodeOf[it->second] = node.get(); // Its edges in `before` land here.
      }
    }
    nodeOf[op] = node.get();
    nodes.push_back(std::move(node));
  }
  for (Operation *op : before) {
    if (afterByName.count(getNodeName(op)))
      continue;
    auto node = std::make_unique<DotNode>();
    node->op = op;
    node->id = "r" + std::to_string(nodes.size());
    node->status = Status::Removed;
    node->note = "removed";
    nodeOf[op] = node.get();
    nodes.push_back(std::move(node));
  }

  if (options.maxNodes && nodes.size() > options.maxNodes)
    return graph.emitError()
           << "graph has " << nodes.size()
           << " nodes to draw, more than max-nodes=" << options.maxNodes
           << " (raise max-nodes, or 0 for no limit)";

  std::string text;
  llvm::raw_string_ostream out(text);
  out << "digraph tfg {\n";
  out << "  rankdir=TB; newrank=true; nodesep=0.25; ranksep=0.35;\n";
  std::string label = options.title;
  if (options.before) {
    if (!label.empty())
      label += "\n";
    label += "red dashed: removed, green: added, orange: changed";
  }
  if (!label.empty())
    out << "  labelloc=t; fontname=\"Helvetica\"; label=" << quote(label)
        << ";\n";
  out << "  node [shape=box, style=\"rounded,filled\", fillcolor=white, "
         "fontname=\"Helvetica\", fontsize=10, height=0.3];\n";
  out << "  edge [fontname=\"Helvetica\", fontsize=8, arrowsize=0.6];\n";

  bool cluster = options.clusterByScope == DotOptions::Clustering::Always ||
                 (options.clusterByScope == DotOptions::Clustering::Auto &&
                  nodes.size() > options.autoClusterThreshold);
  Cluster top;
  if (cluster) {
    for (const auto &node : nodes)
      placeInCluster(top, *node, std::max(1u, options.maxScopeDepth));
  } else {
    for (const auto &node : nodes)
      top.nodes.push_back(node.get());
  }
  unsigned counter = 0;
  writeCluster(top, options, out, 0, counter);

  // Edges of the graph; in diff mode, green where `before` lacks them, and
  // the edges of `before` that the graph lacks, red and dashed.
  llvm::StringSet<> afterEdges, beforeEdges;
  if (options.before) {
    for (Operation *op : after)
      for (const EdgeRef &e : edgesInto(op))
        afterEdges.insert(edgeKey(e));
    for (Operation *op : before)
      for (const EdgeRef &e : edgesInto(op))
        beforeEdges.insert(edgeKey(e));
  }
  auto writeEdge = [&](const EdgeRef &e, Status status) {
    DotNode *src = nodeOf.lookup(e.src), *dst = nodeOf.lookup(e.dst);
    if (!src || !dst)
      return;
    out << "  " << src->id << " -> " << dst->id;
    SmallVector<std::string> attrs;
    if (e.index > 0)
      attrs.push_back("label=\":" + std::to_string(e.index) + "\"");
    if (e.index < 0 || status == Status::Removed)
      attrs.push_back("style=dashed");
    if (status == Status::Removed)
      attrs.push_back("color=\"#d02020\", fontcolor=\"#d02020\"");
    else if (status == Status::Added)
      attrs.push_back("color=\"#2e9d2e\", penwidth=1.5");
    else if (e.index < 0)
      attrs.push_back("color=\"#707070\"");
    if (!attrs.empty())
      out << " [" << llvm::join(attrs, ", ") << "]";
    out << ";\n";
  };
  for (Operation *op : after)
    for (const EdgeRef &e : edgesInto(op))
      writeEdge(e, options.before && !beforeEdges.contains(edgeKey(e))
                       ? Status::Added
                       : Status::Same);
  for (Operation *op : before)
    for (const EdgeRef &e : edgesInto(op))
      if (!afterEdges.contains(edgeKey(e)))
        writeEdge(e, Status::Removed);
  out << "}\n";
  os << text;
  return success();
}
