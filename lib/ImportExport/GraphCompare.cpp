//===- GraphCompare.cpp - Semantic GraphDef comparison --------------------===//
//
// Deliberately independent of the MLIR importer: it decodes tensors and
// fills defaults on its own, so that it can judge the importer's round trip.
//
//===----------------------------------------------------------------------===//

#include "TFG/ImportExport/GraphCompare.h"

#include "TFG/Dialect/IR/InputFile.h"
#include "TFG/ImportExport/OpRegistry.h"

#include "graph.pb.h"
#include "op_def.pb.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/text_format.h>
#include <google/protobuf/util/message_differencer.h>

#include <algorithm>
#include <cstring>

using namespace mlir;
using namespace mlir::tfg;
namespace pb = google::protobuf;

namespace {
/// Keeps the first text-format parse error.
class FirstTextError : public pb::io::ErrorCollector {
public:
  void AddError(int line, pb::io::ColumnNumber column,
                const std::string &text) override {
    if (message.empty())
      message = "line " + std::to_string(line + 1) + ":" +
                std::to_string(column + 1) + ": " + text;
  }
  std::string message;
};
} // namespace

bool tfg::readGraphDefFile(llvm::StringRef path, tensorflow::GraphDef &graph,
                           std::string &error, bool allowEmptyInput) {
  std::unique_ptr<llvm::MemoryBuffer> buffer = readInputFile(
      path, error, kMaxProtoBytes, "the 2 GiB a protobuf message can hold");
  if (!buffer)
    return false;
  llvm::StringRef bytes = buffer->getBuffer();
  if (!allowEmptyInput && bytes.trim().empty()) {
    error = "the input is empty; pass --allow-empty-input to accept an empty "
            "graph";
    return false;
  }
  pb::io::ArrayInputStream stream(bytes.data(), bytes.size());
  pb::io::CodedInputStream coded(&stream);
  coded.SetTotalBytesLimit(INT32_MAX);
  if (graph.ParseFromCodedStream(&coded) && coded.ConsumedEntireMessage())
    return true;
  graph.Clear();
  // Text nesting bounded like binary nesting (CodedInputStream's default):
  // the text parser's own default is unbounded recursion.
  pb::TextFormat::Parser parser;
  parser.SetRecursionLimit(
      pb::io::CodedInputStream::GetDefaultRecursionLimit());
  // Collected, not logged by protobuf: the caller prints one diagnostic.
  FirstTextError textError;
  parser.RecordErrorsTo(&textError);
  pb::io::ArrayInputStream text(bytes.data(), bytes.size());
  if (parser.Parse(&text, &graph))
    return true;
  error = "not a binary or text GraphDef";
  if (!textError.message.empty())
    error += " (as text: " + textError.message + ")";
  return false;
}

//===----------------------------------------------------------------------===//
// Tensors: everything as tensor_content (strings as string_val).
//===----------------------------------------------------------------------===//

static int elementSize(int dtype) {
  switch (dtype) {
  case 1:
  case 3:
  case 13:
  case 22:
    return 4; // f32 i32 qi32 u32
  case 2:
  case 9:
  case 8:
  case 23:
    return 8; // f64 i64 c64 u64
  case 18:
    return 16; // c128
  case 4:
  case 6:
  case 10:
  case 11:
  case 12:
    return 1; // u8 i8 bool qi8 qu8
  case 5:
  case 17:
  case 15:
  case 16:
  case 19:
  case 14:
    return 2;
  default:
    return 0;
  }
}

template <typename T, typename Field>
static void expand(const Field &field, int64_t n, int stride,
                   std::string &out) {
  int64_t given = field.size() / stride;
  out.resize(n * stride * sizeof(T));
  for (int64_t i = 0; i < n; ++i)
    for (int part = 0; part < stride; ++part) {
      T v{};
      if (given > 0)
        v = static_cast<T>(field.Get(std::min(i, given - 1) * stride + part));
      std::memcpy(&out[(i * stride + part) * sizeof(T)], &v, sizeof(T));
    }
}

static void canonicalizeTensor(tensorflow::TensorProto &t) {
  const auto &shape = t.tensor_shape();
  if (shape.unknown_rank() || t.version_number() != 0)
    return;
  int64_t n = 1;
  for (const auto &dim : shape.dim()) {
    if (dim.size() < 0)
      return;
    n *= dim.size();
  }
  int dtype = t.dtype();
  if (dtype == 7) { // DT_STRING
    if (!t.tensor_content().empty())
      return; // Rare varint form: compare as is.
    std::vector<std::string> values;
    int64_t given = t.string_val_size();
    for (int64_t i = 0; i < n; ++i)
      values.push_back(given ? t.string_val(std::min(i, given - 1)) : "");
    t.clear_string_val();
    for (auto &v : values)
      t.add_string_val(v);
    return;
  }
  int size = elementSize(dtype);
  if (size == 0 || !t.tensor_content().empty())
    return;
  std::string content;
  switch (dtype) {
  case 1:
    expand<float>(t.float_val(), n, 1, content);
    break;
  case 2:
    expand<double>(t.double_val(), n, 1, content);
    break;
  case 3:
  case 13:
    expand<int32_t>(t.int_val(), n, 1, content);
    break;
  case 5:
  case 15:
    expand<int16_t>(t.int_val(), n, 1, content);
    break;
  case 17:
  case 16:
    expand<uint16_t>(t.int_val(), n, 1, content);
    break;
  case 6:
  case 11:
    expand<int8_t>(t.int_val(), n, 1, content);
    break;
  case 4:
  case 12:
    expand<uint8_t>(t.int_val(), n, 1, content);
    break;
  case 9:
    expand<int64_t>(t.int64_val(), n, 1, content);
    break;
  case 22:
    expand<uint32_t>(t.uint32_val(), n, 1, content);
    break;
  case 23:
    expand<uint64_t>(t.uint64_val(), n, 1, content);
    break;
  case 10:
    expand<uint8_t>(t.bool_val(), n, 1, content);
    break;
  case 19:
  case 14:
    expand<uint16_t>(t.half_val(), n, 1, content);
    break;
  case 8:
    expand<float>(t.scomplex_val(), n, 2, content);
    break;
  case 18:
    expand<double>(t.dcomplex_val(), n, 2, content);
    break;
  default:
    return;
  }
  t.clear_float_val();
  t.clear_double_val();
  t.clear_int_val();
  t.clear_int64_val();
  t.clear_uint32_val();
  t.clear_uint64_val();
  t.clear_bool_val();
  t.clear_half_val();
  t.clear_scomplex_val();
  t.clear_dcomplex_val();
  t.set_tensor_content(content);
}

static void canonicalizeAttr(tensorflow::AttrValue &value) {
  if (value.has_tensor())
    canonicalizeTensor(*value.mutable_tensor());
  if (value.has_list())
    for (auto &t : *value.mutable_list()->mutable_tensor())
      canonicalizeTensor(t);
  if (value.has_func())
    for (auto &[k, v] : *value.mutable_func()->mutable_attr())
      canonicalizeAttr(v);
}

//===----------------------------------------------------------------------===//
// Nodes and graphs
//===----------------------------------------------------------------------===//

static void canonicalizeNode(tensorflow::NodeDef &node, bool inFunction) {
  std::vector<std::string> data, control;
  for (const std::string &input : node.input()) {
    if (llvm::StringRef(input).starts_with("^")) {
      control.push_back(input);
    } else if (!inFunction && llvm::StringRef(input).ends_with(":0")) {
      data.push_back(input.substr(0, input.size() - 2));
    } else {
      data.push_back(input);
    }
  }
  llvm::sort(control);
  control.erase(std::unique(control.begin(), control.end()), control.end());
  node.clear_input();
  for (auto &in : data)
    node.add_input(in);
  for (auto &in : control)
    node.add_input(in);
  if (const tensorflow::OpDef *opDef = lookupOpDef(node.op()))
    for (const auto &attrDef : opDef->attr())
      if (attrDef.has_default_value() && !node.attr().count(attrDef.name()))
        (*node.mutable_attr())[attrDef.name()] = attrDef.default_value();
  for (auto &[key, value] : *node.mutable_attr())
    canonicalizeAttr(value);
}

static void sortNodes(pb::RepeatedPtrField<tensorflow::NodeDef> &nodes) {
  std::sort(nodes.begin(), nodes.end(),
            [](const auto &a, const auto &b) { return a.name() < b.name(); });
}

void tfg::canonicalizeGraphDef(tensorflow::GraphDef &graph) {
  for (auto &node : *graph.mutable_node())
    canonicalizeNode(node, /*inFunction=*/false);
  sortNodes(*graph.mutable_node());
  if (!graph.has_library())
    return;
  auto *functions = graph.mutable_library()->mutable_function();
  for (auto &function : *functions) {
    for (auto &node : *function.mutable_node_def())
      canonicalizeNode(node, /*inFunction=*/true);
    sortNodes(*function.mutable_node_def());
    for (auto &[k, v] : *function.mutable_attr())
      canonicalizeAttr(v);
  }
  std::sort(functions->begin(), functions->end(),
            [](const auto &a, const auto &b) {
              return a.signature().name() < b.signature().name();
            });
}

static std::string describeDifference(const pb::Message &a,
                                      const pb::Message &b) {
  pb::util::MessageDifferencer differencer;
  std::string report;
  differencer.ReportDifferencesToString(&report);
  differencer.Compare(a, b);
  std::replace(report.begin(), report.end(), '\n', ';');
  if (report.size() > 400)
    report = report.substr(0, 400) + "...";
  return llvm::StringRef(report).rtrim().str();
}

std::vector<std::string> tfg::compareGraphDefs(const tensorflow::GraphDef &a,
                                               const tensorflow::GraphDef &b,
                                               unsigned maxDifferences) {
  tensorflow::GraphDef ca = a, cb = b;
  canonicalizeGraphDef(ca);
  canonicalizeGraphDef(cb);
  std::vector<std::string> diffs;
  auto add = [&](std::string d) {
    if (diffs.size() < maxDifferences)
      diffs.push_back(std::move(d));
  };
  llvm::StringMap<const tensorflow::NodeDef *> nodesB;
  for (const auto &node : cb.node())
    nodesB[node.name()] = &node;
  llvm::StringMap<bool> seen;
  for (const auto &node : ca.node()) {
    seen[node.name()] = true;
    auto it = nodesB.find(node.name());
    if (it == nodesB.end()) {
      add("node '" + node.name() + "' is only in the first graph");
      continue;
    }
    if (!pb::util::MessageDifferencer::Equals(node, *it->second))
      add("node '" + node.name() +
          "' differs: " + describeDifference(node, *it->second));
  }
  for (const auto &node : cb.node())
    if (!seen.count(node.name()))
      add("node '" + node.name() + "' is only in the second graph");
  if (!pb::util::MessageDifferencer::Equals(ca.versions(), cb.versions()))
    add("versions differ: " + describeDifference(ca.versions(), cb.versions()));
  if (!pb::util::MessageDifferencer::Equals(ca.library(), cb.library()))
    add("function libraries differ: " +
        describeDifference(ca.library(), cb.library()));
  if (ca.version() != cb.version() || ca.debug_info() != cb.debug_info())
    add("graph-level 'version' or 'debug_info' differ");
  return diffs;
}
