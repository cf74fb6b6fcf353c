//===- ObjectGraph.cpp - Checkpoint keys from a TF2 object graph ----------===//

#include "ObjectGraph.h"

#include "TFG/Dialect/IR/OpCategories.h"
#include "TFG/Dialect/IR/TFG.h"

#include "meta_graph.pb.h"
#include "saved_object_graph.pb.h"

#include "google/protobuf/io/coded_stream.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <deque>
#include <optional>

using namespace mlir;
using namespace mlir::tfg;
namespace pb = google::protobuf;

/// TensorFlow's escaping of a local name in a checkpoint key
/// (trackable/base.py, _escape_local_name): "." becomes "..", "/" ".S", so
/// that "/" only separates path elements.
static std::string escapeLocalName(llvm::StringRef name) {
  std::string escaped;
  for (char c : name) {
    if (c == '.')
      escaped += "..";
    else if (c == '/')
      escaped += ".S";
    else
      escaped += c;
  }
  return escaped;
}

LogicalResult
mlir::tfg::annotateCheckpointKeys(const tensorflow::MetaGraphDef &meta,
                                  ModuleOp module, StringRef file) {
  const std::string &bytes = meta.object_graph_def();
  if (bytes.empty())
    return success();
  MLIRContext *context = module.getContext();
  Location fileLoc = FileLineColLoc::get(context, file, 0, 0);
  tensorflow::SavedObjectGraph objects;
  pb::io::CodedInputStream stream(
      reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size());
  if (!objects.ParseFromCodedStream(&stream) || !stream.ConsumedEntireMessage())
    return emitError(fileLoc)
           << "the MetaGraphDef's object_graph_def is not a valid "
              "SavedObjectGraph";
  int numObjects = objects.nodes_size();
  if (numObjects == 0)
    return success();
  module->setAttr(attrs::kTF2ObjectGraph, UnitAttr::get(context));

  // Each object's first path from the root, breadth first. An object seen
  // again (a cycle, or a second parent) keeps its first path.
  std::vector<std::optional<std::string>> paths(numObjects);
  paths[0] = "";
  std::deque<int> queue{0};
  while (!queue.empty()) {
    int id = queue.front();
    queue.pop_front();
    for (const auto &child : objects.nodes(id).children()) {
      int childId = child.node_id();
      if (childId < 0 || childId >= numObjects)
        return emitError(fileLoc)
               << "object graph node " << id << ": child '"
               << child.local_name() << "' refers to node " << childId
               << ", but there are " << numObjects << " nodes";
      if (paths[childId])
        continue;
      std::string local = escapeLocalName(child.local_name());
      paths[childId] = paths[id]->empty() ? local : *paths[id] + "/" + local;
      queue.push_back(childId);
    }
  }
  auto keyOf = [&](int id) -> std::optional<std::string> {
    if (id < 0 || id >= numObjects || !objects.nodes(id).has_variable() ||
        !paths[id] || paths[id]->empty())
      return std::nullopt;
    return *paths[id] + "/.ATTRIBUTES/VARIABLE_VALUE";
  };
  auto setKey = [&](Operation *variable, int id, const std::string &key) {
    if (variable->hasAttr(attrs::kCheckpointKey))
      return;
    variable->setAttr(attrs::kCheckpointKey, StringAttr::get(context, key));
    variable->setAttr(attrs::kSavedObjectId,
                      IntegerAttr::get(IntegerType::get(context, 64), id));
  };

  for (auto graph : module.getOps<GraphOp>()) {
    // Captured inputs: the trailing operands of a call of a saved concrete
    // function are its bound inputs, in order.
    for (Operation &node : graph.getBlock()) {
      if (!isFunctionCall(&node))
        continue;
      auto f = node.getAttrOfType<FuncAttr>("f");
      if (!f)
        continue;
      auto it = objects.concrete_functions().find(f.getName().str());
      if (it == objects.concrete_functions().end())
        continue;
      const auto &bound = it->second.bound_inputs();
      OperandRange inputs = getDataOperands(&node);
      if (static_cast<size_t>(bound.size()) > inputs.size())
        return emitError(fileLoc)
               << "object graph: function '" << f.getName().getValue()
               << "' captures " << bound.size() << " objects, but call node '"
               << getNodeName(&node) << "' passes only " << inputs.size()
               << " inputs";
      unsigned first = inputs.size() - bound.size();
      for (auto [index, id] : llvm::enumerate(bound)) {
        if (id < 0 || id >= numObjects)
          return emitError(fileLoc)
                 << "object graph: function '" << f.getName().getValue()
                 << "' captures node " << id << ", but there are " << numObjects
                 << " nodes";
        Operation *producer = inputs[first + index].getDefiningOp();
        std::optional<std::string> key = keyOf(id);
        if (producer && isVariableLike(producer) && key)
          setKey(producer, id, *key);
      }
    }
    // Variables no call captures: by name, where the name is unambiguous.
    llvm::StringMap<int> byName;
    for (int id = 0; id < numObjects; ++id)
      if (objects.nodes(id).has_variable()) {
        auto [entry, inserted] =
            byName.try_emplace(objects.nodes(id).variable().name(), id);
        if (!inserted)
          entry->second = -1;
      }
    for (Operation &node : graph.getBlock()) {
      if (!isVariableLike(&node) || node.hasAttr(attrs::kCheckpointKey))
        continue;
      auto sharedName = node.getAttrOfType<StringAttr>("shared_name");
      StringRef name = sharedName && !sharedName.getValue().empty()
                           ? sharedName.getValue()
                           : getNodeName(&node);
      auto it = byName.find(name);
      if (it == byName.end() || it->second < 0)
        continue;
      if (std::optional<std::string> key = keyOf(it->second))
        setKey(&node, it->second, *key);
    }
  }
  return success();
}

LogicalResult mlir::tfg::recordAssets(const tensorflow::MetaGraphDef &meta,
                                      ModuleOp module, StringRef file) {
  if (meta.asset_file_def().empty() || file == "-")
    return success();
  MLIRContext *context = module.getContext();
  Location fileLoc = FileLineColLoc::get(context, file, 0, 0);
  SmallString<256> folder(llvm::sys::path::parent_path(file));
  if (std::error_code ec = llvm::sys::fs::make_absolute(folder))
    return emitError(fileLoc)
           << "cannot resolve the assets folder: " << ec.message();
  llvm::sys::path::remove_dots(folder, /*remove_dot_dot=*/true);
  llvm::sys::path::append(folder, "assets");
  Builder b(context);
  SmallVector<NamedAttribute> assets;
  for (const auto &asset : meta.asset_file_def()) {
    StringRef name = asset.filename();
    bool escapes = name.empty() || llvm::sys::path::is_absolute(name);
    for (auto it = llvm::sys::path::begin(name),
              end = llvm::sys::path::end(name);
         !escapes && it != end; ++it)
      escapes = *it == "..";
    if (escapes)
      return emitError(fileLoc)
             << "asset file name '" << name
             << "' is empty, absolute or leaves the SavedModel's assets "
                "folder";
    StringRef tensor = asset.tensor_info().name();
    StringRef node = tensor.take_front(tensor.rfind(':'));
    if (node.empty())
      node = tensor;
    if (node.starts_with("^") || node.empty())
      return emitError(fileLoc)
             << "asset '" << name << "' names no tensor ('" << tensor << "')";
    SmallString<256> path(folder);
    llvm::sys::path::append(path, name);
    assets.push_back(b.getNamedAttr(node, b.getStringAttr(path)));
  }
  module->setAttr(attrs::kAssets, b.getDictionaryAttr(assets));
  return success();
}
