//===- ModelReader.cpp - Files in, files out, formats detected ------------===//

#include "ModelReader.h"

#include "GraphDefExporter.h"
#include "GraphDefImporter.h"
#include "TFJSImporter.h"

#include "TFG/Dialect/IR/TFG.h"
#include "TFG/ImportExport/Diagnostics.h"

#include "meta_graph.pb.h"

#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <google/protobuf/arena.h>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/text_format.h>

#include <fcntl.h>
#include <unistd.h>

using namespace mlir;
using namespace mlir::tfg;
namespace pb = google::protobuf;

void tfg::registerImportDialects(DialectRegistry &registry) {
  registry.insert<TFGDialect>();
}

//===----------------------------------------------------------------------===//
// Format detection
//===----------------------------------------------------------------------===//

/// The first identifier of a text proto (skipping blanks and # comments).
static StringRef firstTextKey(StringRef text) {
  while (true) {
    text = text.ltrim();
    if (!text.consume_front("#"))
      break;
    text = text.drop_until([](char c) { return c == '\n'; });
  }
  return text.take_while([](char c) { return llvm::isAlnum(c) || c == '_'; });
}

static bool looksLikeText(StringRef bytes) {
  StringRef head = bytes.take_front(4096);
  if (head.empty())
    return true; // An empty file is an empty text GraphDef.
  return llvm::all_of(head, [](char c) {
    unsigned char u = c;
    return u >= 0x20 || c == '\n' || c == '\r' || c == '\t' || u >= 0x80;
  });
}

static bool isOpTypeLike(StringRef op) {
  return !op.empty() && llvm::all_of(op, [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '>' || c == '.' || c == '/';
  });
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

namespace {
/// Collects text-format parse errors into one message.
class TextErrorCollector : public pb::io::ErrorCollector {
public:
  void AddError(int line, pb::io::ColumnNumber column,
                const std::string &message) override {
    if (error.empty())
      error = "line " + std::to_string(line + 1) + ":" +
              std::to_string(column + 1) + ": " + message;
  }
  std::string error;
};
} // namespace

static bool parseText(StringRef text, pb::Message &message,
                      std::string &error,
                      pb::TextFormat::ParseInfoTree *locations = nullptr) {
  pb::TextFormat::Parser parser;
  parser.WriteLocationsTo(locations);
  TextErrorCollector errors;
  parser.RecordErrorsTo(&errors);
  pb::io::ArrayInputStream stream(text.data(), text.size());
  if (parser.Parse(&stream, &message))
    return true;
  error = errors.error.empty() ? "malformed text proto" : errors.error;
  return false;
}

bool tfg::parseBinaryProtoFile(StringRef path, pb::Message &message) {
  int fd = ::open(path.str().c_str(), O_RDONLY);
  if (fd < 0)
    return false;
  bool ok;
  {
    pb::io::FileInputStream stream(fd, /*block_size=*/1 << 20);
    pb::io::CodedInputStream coded(&stream);
    coded.SetTotalBytesLimit(INT32_MAX);
    ok = message.ParseFromCodedStream(&coded) && coded.ConsumedEntireMessage();
  }
  ::close(fd);
  return ok;
}

static bool parseBinary(StringRef bytes, pb::Message &message) {
  pb::io::ArrayInputStream stream(bytes.data(), bytes.size());
  pb::io::CodedInputStream coded(&stream);
  coded.SetTotalBytesLimit(INT32_MAX);
  return message.ParseFromCodedStream(&coded) && coded.ConsumedEntireMessage();
}

/// Moves the signature of a meta graph onto the module as
/// tfg.signature = {name, inputs = {key = "tensor:0"}, outputs = {...}}.
static void recordSignature(const tensorflow::MetaGraphDef &meta,
                            StringRef signatureName, ModuleOp module) {
  auto it = meta.signature_def().find(signatureName.str());
  if (it == meta.signature_def().end())
    return;
  Builder b(module.getContext());
  auto toList = [&](const auto &map) {
    SmallVector<NamedAttribute> entries;
    for (const auto &[key, info] : map)
      entries.emplace_back(b.getStringAttr(key), b.getStringAttr(info.name()));
    return entries;
  };
  setSignatureAttr(module, signatureName, toList(it->second.inputs()),
                   toList(it->second.outputs()));
}

static OwningOpRef<ModuleOp>
finishImport(tensorflow::GraphDef &graph, StringRef file, MLIRContext *context,
             const ImportOptions &options, const tensorflow::MetaGraphDef *meta,
             const pb::TextFormat::ParseInfoTree *locations = nullptr) {
  // Text input: the line of each node, for diagnostics.
  SmallVector<unsigned> lines;
  if (locations) {
    const pb::FieldDescriptor *nodeField =
        tensorflow::GraphDef::descriptor()->FindFieldByName("node");
    for (int i = 0; i < graph.node_size(); ++i)
      lines.push_back(locations->GetLocation(nodeField, i).line + 1);
  }
  OwningOpRef<ModuleOp> module =
      ModuleOp::create(FileLineColLoc::get(context, file, 0, 0));
  if (meta)
    recordSignature(*meta, options.signature, *module);
  if (failed(importGraphDef(graph, *module, file, options, lines)))
    return nullptr;
  return module;
}

static OwningOpRef<ModuleOp>
importMetaGraph(tensorflow::MetaGraphDef &meta, StringRef file,
                MLIRContext *context, const ImportOptions &options) {
  if (!meta.has_graph_def()) {
    emitError(FileLineColLoc::get(context, file, 0, 0))
        << "the MetaGraphDef holds no graph_def";
    return nullptr;
  }
  return finishImport(*meta.mutable_graph_def(), file, context, options,
                      &meta);
}

static OwningOpRef<ModuleOp>
importSavedModel(tensorflow::SavedModel &saved, StringRef file,
                 MLIRContext *context, const ImportOptions &options) {
  for (auto &meta : *saved.mutable_meta_graphs()) {
    const auto &tags = meta.meta_info_def().tags();
    if (std::find(tags.begin(), tags.end(), options.savedModelTag) != tags.end())
      return importMetaGraph(meta, file, context, options);
  }
  if (saved.meta_graphs_size() == 1 && options.savedModelTag == "serve")
    return importMetaGraph(*saved.mutable_meta_graphs(0), file, context,
                           options);
  emitError(FileLineColLoc::get(context, file, 0, 0))
      << "the SavedModel has no meta graph tagged '" << options.savedModelTag
      << "'";
  return nullptr;
}

OwningOpRef<ModuleOp> tfg::importGraphDefBytes(StringRef bytes, bool isText,
                                               StringRef sourceName,
                                               MLIRContext *context,
                                               const ImportOptions &options) {
  tensorflow::GraphDef graph;
  std::string error;
  pb::TextFormat::ParseInfoTree locations;
  if (isText ? !parseText(bytes, graph, error, &locations)
             : !parseBinary(bytes, graph)) {
    emitError(FileLineColLoc::get(context, sourceName, 0, 0))
        << "not a valid " << (isText ? "text" : "binary") << " GraphDef"
        << (error.empty() ? "" : ": ") << error;
    return nullptr;
  }
  return finishImport(graph, sourceName, context, options, nullptr,
                      isText ? &locations : nullptr);
}

OwningOpRef<ModuleOp> tfg::importModelFile(StringRef path,
                                           MLIRContext *context,
                                           const ImportOptions &options,
                                           ModelFormat format) {
  context->getOrLoadDialect<TFGDialect>();
  Location fileLoc = FileLineColLoc::get(context, path, 0, 0);
  std::string filePath = path.str();
  // Directories: a SavedModel or a TensorFlow.js model.
  if (llvm::sys::fs::is_directory(path)) {
    SmallString<256> candidate;
    for (StringRef name : {"saved_model.pb", "saved_model.pbtxt", "model.json"}) {
      candidate = path;
      llvm::sys::path::append(candidate, name);
      if (llvm::sys::fs::exists(candidate)) {
        filePath = std::string(candidate);
        break;
      }
    }
    if (filePath == path) {
      emitError(fileLoc) << "directory holds no saved_model.pb(txt) or "
                            "model.json";
      return nullptr;
    }
  }
  // The first 4 KiB decide the format; binary files are then parsed
  // straight from disk, text and JSON from memory.
  std::string head;
  {
    auto file = llvm::sys::fs::openNativeFileForRead(filePath);
    if (!file) {
      emitError(fileLoc) << "cannot read: "
                         << llvm::toString(file.takeError());
      return nullptr;
    }
    head.resize(4096);
    auto read = llvm::sys::fs::readNativeFile(
        *file, llvm::MutableArrayRef<char>(head.data(), head.size()));
    llvm::sys::fs::closeFile(*file);
    if (!read) {
      emitError(fileLoc) << "cannot read: " << llvm::toString(read.takeError());
      return nullptr;
    }
    head.resize(*read);
  }
  StringRef fileName = llvm::sys::path::filename(filePath);
  bool text = looksLikeText(head);
  std::unique_ptr<llvm::MemoryBuffer> buffer;
  auto readAll = [&]() -> std::optional<StringRef> {
    auto file = llvm::MemoryBuffer::getFile(filePath, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
    if (!file) {
      emitError(fileLoc) << "cannot read: " << file.getError().message();
      return std::nullopt;
    }
    buffer = std::move(*file);
    return buffer->getBuffer();
  };

  // On an arena: a million-node GraphDef is freed at once, not node by node.
  pb::Arena arena;
  tensorflow::GraphDef &graph =
      *pb::Arena::CreateMessage<tensorflow::GraphDef>(&arena);
  bool graphParsed = false;
  if (format == ModelFormat::Auto) {
    if (fileName.ends_with(".json") || StringRef(head).ltrim().starts_with("{"))
      format = ModelFormat::TFJS;
    else if (fileName.starts_with("saved_model.pb"))
      format = ModelFormat::SavedModel;
    else if (fileName.ends_with(".meta"))
      format = ModelFormat::MetaGraph;
    else if (text) {
      StringRef key = firstTextKey(head);
      if (key == "saved_model_schema_version" || key == "meta_graphs")
        format = ModelFormat::SavedModel;
      else if (key == "meta_info_def" || key == "graph_def" ||
               key == "saver_def" || key == "collection_def" ||
               key == "signature_def" || key == "asset_file_def")
        format = ModelFormat::MetaGraph;
      else
        format = ModelFormat::GraphDefText;
    } else if (!head.empty() && head[0] == 0x08) {
      format = ModelFormat::SavedModel;
    } else {
      // Binary GraphDef and MetaGraphDef share field numbers 1 and 2: a
      // GraphDef parse of a MetaGraphDef gives nodes with non-identifier
      // op types.
      graphParsed = parseBinaryProtoFile(filePath, graph);
      bool plausible = graphParsed &&
                       llvm::all_of(graph.node(), [](const auto &node) {
                         return isOpTypeLike(node.op());
                       });
      format = ModelFormat::GraphDef;
      if (!plausible) {
        // A MetaGraphDef if it parses as one with a graph; otherwise keep
        // the GraphDef reading, whose validation names what is wrong.
        tensorflow::MetaGraphDef probe;
        if (parseBinaryProtoFile(filePath, probe) && probe.has_graph_def()) {
          format = ModelFormat::MetaGraph;
          graphParsed = false;
          graph.Clear();
        }
      }
    }
  }
  std::string error;
  pb::TextFormat::ParseInfoTree locations;
  auto parse = [&](pb::Message &message, StringRef what) {
    bool ok;
    if (text) {
      std::optional<StringRef> bytes = readAll();
      if (!bytes)
        return false;
      ok = parseText(*bytes, message, error,
                     &message == &graph ? &locations : nullptr);
    } else {
      ok = parseBinaryProtoFile(filePath, message);
    }
    if (!ok)
      emitError(fileLoc) << "not a valid " << (text ? "text " : "binary ")
                         << what << (error.empty() ? "" : ": ") << error;
    return ok;
  };
  switch (format) {
  case ModelFormat::TFJS: {
    std::optional<StringRef> bytes = readAll();
    if (!bytes)
      return nullptr;
    OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc);
    if (failed(importTFJSModel(filePath, *bytes, *module, options)) ||
        failed(verify(*module)))
      return nullptr;
    return module;
  }
  case ModelFormat::SavedModel: {
    tensorflow::SavedModel saved;
    if (!parse(saved, "SavedModel"))
      return nullptr;
    return importSavedModel(saved, filePath, context, options);
  }
  case ModelFormat::MetaGraph: {
    tensorflow::MetaGraphDef meta;
    if (!parse(meta, "MetaGraphDef"))
      return nullptr;
    return importMetaGraph(meta, filePath, context, options);
  }
  case ModelFormat::GraphDefText:
  case ModelFormat::GraphDef:
  case ModelFormat::Auto:
    text = format == ModelFormat::GraphDefText;
    if (!graphParsed && !parse(graph, "GraphDef"))
      return nullptr;
    return finishImport(graph, filePath, context, options, nullptr,
                        text ? &locations : nullptr);
  }
  return nullptr;
}

OwningOpRef<ModuleOp> tfg::parseMLIRFile(StringRef path,
                                         MLIRContext *context) {
  std::string error;
  auto file = openInputFile(path, &error);
  if (!file) {
    llvm::errs() << path << ": error: " << error << "\n";
    return nullptr;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, context);
  return parseSourceFile<ModuleOp>(sourceMgr, context);
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

LogicalResult tfg::exportGraphDef(ModuleOp module, std::string &out,
                                  bool asText) {
  tensorflow::GraphDef graph;
  if (failed(exportGraphDef(module, graph)))
    return failure();
  out.clear();
  if (asText) {
    pb::TextFormat::Printer printer;
    return success(printer.PrintToString(graph, &out));
  }
  pb::io::StringOutputStream stream(&out);
  pb::io::CodedOutputStream coded(&stream);
  coded.SetSerializationDeterministic(true);
  return success(graph.SerializeToCodedStream(&coded));
}

/// Writes the GraphDef as binary, node by node: the bytes equal a
/// deterministic serialization of the whole GraphDef (nodes are field 1 and
/// come first), but only one node's tensor copy is alive at a time.
static bool writeBinaryStreaming(ModuleOp module,
                                 pb::io::ZeroCopyOutputStream &stream,
                                 bool &exported) {
  pb::io::CodedOutputStream coded(&stream);
  coded.SetSerializationDeterministic(true);
  auto writeNode = [&](tensorflow::NodeDef &node) {
    size_t size = node.ByteSizeLong();
    coded.WriteTag(/*field 1, length-delimited*/ (1 << 3) | 2);
    coded.WriteVarint64(size);
    node.SerializeWithCachedSizes(&coded);
    return success(!coded.HadError());
  };
  tensorflow::GraphDef rest;
  exported = succeeded(exportGraphDef(module, rest, writeNode));
  if (!exported)
    return false;
  rest.ByteSizeLong();
  rest.SerializeWithCachedSizes(&coded);
  return !coded.HadError();
}

/// Exports the module into the open file `fd` (and closes it).
static LogicalResult writeGraphDefToFd(ModuleOp module, int fd, bool asText,
                                       StringRef path) {
  bool exported = true, written;
  {
    pb::io::FileOutputStream stream(fd);
    if (asText) {
      tensorflow::GraphDef graph;
      exported = succeeded(exportGraphDef(module, graph));
      written = exported && pb::TextFormat::Print(graph, &stream);
    } else {
      written = writeBinaryStreaming(module, stream, exported);
    }
    written = stream.Close() && written;
  }
  if (!exported) // The exporter has said what is wrong.
    return failure();
  if (!written)
    return module.emitError() << "cannot write '" << path << "'";
  return success();
}

LogicalResult tfg::exportGraphDefFile(ModuleOp module, StringRef path,
                                      bool asText) {
  // A device or pipe (/dev/null, a FIFO) is written in place: renaming a
  // temporary file over it would replace it.
  llvm::sys::fs::file_status status;
  if (!llvm::sys::fs::status(path, status) &&
      llvm::sys::fs::exists(status) &&
      !llvm::sys::fs::is_regular_file(status)) {
    int fd = ::open(path.str().c_str(), O_WRONLY);
    if (fd < 0)
      return module.emitError() << "cannot write '" << path << "'";
    return writeGraphDefToFd(module, fd, asText, path);
  }

  // Write next to the target, then rename: a failure leaves no partial file
  // and keeps an existing one. A symlink's target is what gets replaced.
  SmallString<256> target(path);
  if (llvm::sys::fs::is_symlink_file(path))
    (void)llvm::sys::fs::real_path(path, target);
  path = target;
  SmallString<256> tempPath;
  int fd;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(
          path + ".tmp-%%%%%%", fd, tempPath)) {
    return module.emitError() << "cannot write '" << path
                              << "': " << ec.message();
  }
  if (failed(writeGraphDefToFd(module, fd, asText, path))) {
    llvm::sys::fs::remove(tempPath);
    return failure();
  }
  if (std::error_code ec = llvm::sys::fs::rename(tempPath, path)) {
    llvm::sys::fs::remove(tempPath);
    return module.emitError() << "cannot write '" << path
                              << "': " << ec.message();
  }
  return success();
}
