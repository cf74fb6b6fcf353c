//===- ModelReader.cpp - Files in, files out, formats detected ------------===//

#include "ModelReader.h"

#include "GraphDefExporter.h"
#include "GraphDefImporter.h"
#include "ObjectGraph.h"
#include "TFJSImporter.h"

#include "TFG/Dialect/IR/InputFile.h"
#include "TFG/Dialect/IR/TFG.h"
#include "TFG/ImportExport/Diagnostics.h"

#include "meta_graph.pb.h"

#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <google/protobuf/arena.h>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/io/zero_copy_stream_impl.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/text_format.h>

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

using namespace mlir;
using namespace mlir::tfg;
namespace pb = google::protobuf;

void tfg::registerImportDialects(DialectRegistry &registry) {
  registry.insert<TFGDialect>();
}

ImportContext::ImportContext(unsigned threads)
    : context(MLIRContext::Threading::DISABLED) {
  DialectRegistry registry;
  registerImportDialects(registry);
  context.appendDialectRegistry(registry);
  llvm::ThreadPoolStrategy strategy = llvm::hardware_concurrency(threads);
  if (strategy.compute_thread_count() > 1) {
    threadPool.emplace(strategy);
    context.setThreadPool(*threadPool);
  } else {
    // Threading::DISABLED only reaches the context itself: its attribute,
    // type and affine uniquers start multithreaded and stay so until
    // disableMultithreading() tells them. Without this call every uniqued
    // attribute of a single-threaded import took a reader and a writer lock
    // and went through a thread-local cache as large as the uniquer's own
    // table (a 10^6-node graph has two such lookups per node for its name
    // and location alone: the locks and caches cost 11% of the conversion's
    // CPU time and 67 MiB). (Under
    // --mlir-disable-threading the call does nothing: MLIR then leaves the
    // uniquers multithreaded, and the import slower, whatever we do.)
    context.disableMultithreading();
  }
  context.loadAllAvailableDialects();
  context.printOpOnDiagnostic(false);
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
    return true; // An empty file (when allowed) is an empty text GraphDef.
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

static bool parseText(StringRef text, pb::Message &message, std::string &error,
                      pb::TextFormat::ParseInfoTree *locations = nullptr) {
  pb::TextFormat::Parser parser;
  // The text parser recurses once per nested message and has no limit by
  // default: a file nested 20,000 deep overflows the stack. Binary parsing
  // stops at the same depth (CodedInputStream's default).
  parser.SetRecursionLimit(
      pb::io::CodedInputStream::GetDefaultRecursionLimit());
  parser.WriteLocationsTo(locations);
  TextErrorCollector errors;
  parser.RecordErrorsTo(&errors);
  pb::io::ArrayInputStream stream(text.data(), text.size());
  if (parser.Parse(&stream, &message))
    return true;
  error = errors.error.empty() ? "malformed text proto" : errors.error;
  return false;
}

namespace {
/// The bytes of a buffer in 1 MiB chunks. Over a mapped file it can also
/// give the pages it has handed out back to the kernel: the message copies
/// what it keeps, so the file and the message are not both resident, and a
/// model's weights are in memory once (as when protobuf read the file with
/// read(2)). Pages given back are read from the file again if touched.
class ChunkedInputStream final : public pb::io::ZeroCopyInputStream {
public:
  ChunkedInputStream(StringRef bytes, bool releasePages)
      : bytes(bytes), releasePages(releasePages) {}
  ~ChunkedInputStream() override { release(bytes.size()); }

  bool Next(const void **data, int *size) override {
    // What came before `position` is consumed: BackUp only reaches into
    // the chunk returned last, which starts at `position`.
    release(position);
    if (position >= bytes.size())
      return false;
    size_t n = std::min<size_t>(kChunk, bytes.size() - position);
    *data = bytes.data() + position;
    *size = static_cast<int>(n);
    position += n;
    return true;
  }
  void BackUp(int count) override { position -= count; }
  bool Skip(int count) override {
    size_t n = std::min<size_t>(count, bytes.size() - position);
    position += n;
    return n == size_t(count);
  }
  int64_t ByteCount() const override { return position; }

private:
  static constexpr size_t kChunk = 1 << 20;

  /// Gives the whole pages of [released, end) back.
  void release(size_t end) {
    if (!releasePages)
      return;
    uintptr_t page = ::sysconf(_SC_PAGESIZE);
    uintptr_t from = reinterpret_cast<uintptr_t>(bytes.data()) + released;
    uintptr_t to = reinterpret_cast<uintptr_t>(bytes.data()) + end;
    from = (from + page - 1) / page * page;
    to = to / page * page;
    if (to <= from)
      return;
    ::madvise(reinterpret_cast<void *>(from), to - from, MADV_DONTNEED);
    released = to - reinterpret_cast<uintptr_t>(bytes.data());
  }

  StringRef bytes;
  bool releasePages;
  size_t position = 0, released = 0;
};
} // namespace

bool tfg::parseBinaryProto(StringRef bytes, pb::Message &message,
                           bool releasePages) {
  if (bytes.size() > kMaxProtoBytes)
    return false;
  ChunkedInputStream stream(bytes, releasePages);
  pb::io::CodedInputStream coded(&stream);
  coded.SetTotalBytesLimit(INT32_MAX);
  return message.ParseFromCodedStream(&coded) && coded.ConsumedEntireMessage();
}

/// Moves the signature of a meta graph onto the module as
/// tfg.signature = {name, inputs = {key = "tensor:0"}, outputs = {...}}.
/// Without a name asked for, that is serving_default when the meta graph
/// has it (and no signature otherwise); a name asked for must be there:
/// importing without the signature the user named would silently change
/// which tensors every later step treats as the inputs and outputs.
static LogicalResult recordSignature(const tensorflow::MetaGraphDef &meta,
                                     StringRef requested, StringRef file,
                                     ModuleOp module) {
  StringRef signatureName =
      requested.empty() ? StringRef(kDefaultSignature) : requested;
  auto it = meta.signature_def().find(signatureName.str());
  if (it == meta.signature_def().end()) {
    if (requested.empty())
      return success();
    // Sorted: the protobuf map's order is unspecified.
    SmallVector<StringRef> names;
    for (const auto &entry : meta.signature_def())
      names.push_back(entry.first);
    llvm::sort(names);
    InFlightDiagnostic diag =
        emitError(FileLineColLoc::get(module.getContext(), file, 0, 0))
        << "no signature '" << requested << "' in the meta graph; ";
    if (names.empty())
      diag << "it has no signatures";
    else
      diag << "its signatures: " << llvm::join(names, ", ");
    return diag;
  }
  Builder b(module.getContext());
  auto toList = [&](const auto &map) {
    SmallVector<NamedAttribute> entries;
    for (const auto &[key, info] : map)
      entries.emplace_back(b.getStringAttr(key), b.getStringAttr(info.name()));
    return entries;
  };
  setSignatureAttr(module, signatureName, toList(it->second.inputs()),
                   toList(it->second.outputs()));
  return success();
}

/// Every signature of a meta graph, for `--summarize`, as the module attr
/// tfg.signatures = {name = {inputs = {key = {tensor = "x:0", type =
/// tensor<?x3xf32>}}, outputs = {...}, method = "..."}}. A dtype TFG does
/// not know is left out of `type`; the names are what matters.
static void recordAllSignatures(const tensorflow::MetaGraphDef &meta,
                                ModuleOp module) {
  if (meta.signature_def().empty())
    return;
  MLIRContext *context = module.getContext();
  Builder b(context);
  auto describe = [&](const auto &map) {
    SmallVector<NamedAttribute> entries;
    for (const auto &[key, info] : map) {
      SmallVector<NamedAttribute> fields{
          b.getNamedAttr("tensor", b.getStringAttr(info.name()))};
      if (Type element = dataTypeToType(context, info.dtype())) {
        Type type = UnrankedTensorType::get(element);
        const auto &shape = info.tensor_shape();
        if (info.has_tensor_shape() && !shape.unknown_rank()) {
          SmallVector<int64_t> dims;
          for (const auto &dim : shape.dim())
            dims.push_back(dim.size() < 0 ? ShapedType::kDynamic : dim.size());
          type = RankedTensorType::get(dims, element);
        }
        fields.push_back(b.getNamedAttr("type", TypeAttr::get(type)));
      }
      entries.push_back(b.getNamedAttr(key, b.getDictionaryAttr(fields)));
    }
    return b.getDictionaryAttr(entries);
  };
  SmallVector<NamedAttribute> signatures;
  for (const auto &[name, def] : meta.signature_def())
    signatures.push_back(b.getNamedAttr(
        name, b.getDictionaryAttr({
                  b.getNamedAttr("inputs", describe(def.inputs())),
                  b.getNamedAttr("outputs", describe(def.outputs())),
                  b.getNamedAttr("method", b.getStringAttr(def.method_name())),
              })));
  module->setAttr(attrs::kSignatures, b.getDictionaryAttr(signatures));
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
  if (meta) {
    if (failed(recordSignature(*meta, options.signature, file, *module)))
      return nullptr;
    recordAllSignatures(*meta, *module);
  }
  if (failed(importGraphDef(graph, *module, file, options, lines)))
    return nullptr;
  if (meta && (failed(annotateCheckpointKeys(*meta, *module, file)) ||
               failed(recordAssets(*meta, *module, file))))
    return nullptr;
  return module;
}

static OwningOpRef<ModuleOp> importMetaGraph(tensorflow::MetaGraphDef &meta,
                                             StringRef file,
                                             MLIRContext *context,
                                             const ImportOptions &options) {
  if (!meta.has_graph_def()) {
    emitError(FileLineColLoc::get(context, file, 0, 0))
        << "the MetaGraphDef holds no graph_def";
    return nullptr;
  }
  return finishImport(*meta.mutable_graph_def(), file, context, options, &meta);
}

static OwningOpRef<ModuleOp> importSavedModel(tensorflow::SavedModel &saved,
                                              StringRef file,
                                              MLIRContext *context,
                                              const ImportOptions &options) {
  for (auto &meta : *saved.mutable_meta_graphs()) {
    const auto &tags = meta.meta_info_def().tags();
    if (std::find(tags.begin(), tags.end(), options.savedModelTag) !=
        tags.end())
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
             : !parseBinaryProto(bytes, graph)) {
    emitError(FileLineColLoc::get(context, sourceName, 0, 0))
        << "not a valid " << (isText ? "text" : "binary") << " GraphDef"
        << (error.empty() ? "" : ": ") << error;
    return nullptr;
  }
  return finishImport(graph, sourceName, context, options, nullptr,
                      isText ? &locations : nullptr);
}

/// Parses MLIR text or bytecode. Diagnostics show the source line, and
/// never open another file a location names (createSourceMgrWithoutFiles);
/// text nesting deeper than MLIR's parser can take is refused first.
static OwningOpRef<ModuleOp>
parseMLIRBuffer(std::unique_ptr<llvm::MemoryBuffer> buffer,
                MLIRContext *context) {
  std::unique_ptr<llvm::SourceMgr> sourceMgr = createSourceMgrWithoutFiles();
  sourceMgr->AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(*sourceMgr, context);
  if (failed(verifyMLIRText(*sourceMgr, context,
                            /*checkLocationFiles=*/false)))
    return nullptr;
  ErrorCounter errors(context);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(*sourceMgr, context);
  if (errors.errors())
    return nullptr;
  return module;
}

static bool isBlank(StringRef bytes) { return bytes.trim().empty(); }

static bool hasMLIRExtension(StringRef path) {
  return path.ends_with(".mlir") || path.ends_with(".mlirbc");
}

/// Whether text that is not a protobuf text message starts like MLIR: a
/// module, an op of a dialect (`tfg.graph`), a generic op ("tfg.Const"), an
/// attribute or type alias (#map = ..., which a `# comment` of a text proto
/// is not), or file metadata ({-#). Skips blanks and // comments.
static bool looksLikeMLIR(StringRef head) {
  while (true) {
    head = head.ltrim();
    if (!head.starts_with("//"))
      break;
    head = head.drop_until([](char c) { return c == '\n'; });
  }
  if (head.starts_with("\"") || head.starts_with("{-#"))
    return true;
  auto isIdentifierChar = [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '.' || c == '$' || c == '-';
  };
  if (head.starts_with("#") || head.starts_with("!")) {
    StringRef alias = head.drop_front().take_while(isIdentifierChar);
    return !alias.empty() &&
           head.drop_front(1 + alias.size()).ltrim().starts_with("=");
  }
  StringRef word = head.take_while(isIdentifierChar);
  return word == "module" || word.contains('.');
}

pb::ArenaOptions tfg::graphArenaOptions() {
  pb::ArenaOptions options;
  options.start_block_size = 64 << 10;
  options.max_block_size = 1 << 20;
  return options;
}

namespace {
/// Reads one model file in phases: the path (a directory names the model
/// file in it), the whole input, read once (a fifo or stdin cannot be read
/// twice), the format its bytes show, then the message, parsed from those
/// bytes and imported.
class ModelFileReader {
public:
  ModelFileReader(StringRef path, MLIRContext *context,
                  const ImportOptions &options)
      : path(path), context(context), options(options),
        fileLoc(FileLineColLoc::get(context, inputDisplayName(path), 0, 0)),
        filePath(path), fileName(inputDisplayName(path)) {}

  OwningOpRef<ModuleOp> read(ModelFormat format);

private:
  LogicalResult resolvePath();
  LogicalResult readInput(ModelFormat format);
  ModelFormat detectFormat();
  ModelFormat probeBinaryGraphDef();
  bool parse(pb::Message &message, StringRef what);
  OwningOpRef<ModuleOp> importFormat(ModelFormat format);
  /// Whether `buffer` maps a file (whose pages can be given back).
  bool mapped() const {
    return buffer &&
           buffer->getBufferKind() == llvm::MemoryBuffer::MemoryBuffer_MMap;
  }

  StringRef path;
  MLIRContext *context;
  const ImportOptions &options;
  Location fileLoc;
  /// The model file: `path`, or the model file in directory `path`; "-" is
  /// stdin.
  std::string filePath;
  /// The model file as diagnostics name it ("<stdin>" for "-").
  std::string fileName;
  /// The whole input, and its first 4 KiB, and whether they look like text.
  std::unique_ptr<llvm::MemoryBuffer> buffer;
  StringRef bytes, head;
  bool text = false;
  /// Whether `buffer` ends in a null byte (read as MLIR).
  bool nullTerminated = false;
  /// On an arena: a million-node GraphDef is freed at once, not node by
  /// node. Protobuf's default blocks grow to 8 KiB only: a GiB-sized
  /// GraphDef would take 10^5 of them, each a malloc and a free interleaved
  /// with the module's allocations; 1 MiB blocks are 10^3 mmaps
  /// (graphArenaOptions).
  pb::Arena arena{graphArenaOptions()};
  tensorflow::GraphDef &graph =
      *pb::Arena::CreateMessage<tensorflow::GraphDef>(&arena);
  /// Whether format detection has already parsed `graph`.
  bool graphParsed = false;
  /// Text GraphDef: where each node is.
  pb::TextFormat::ParseInfoTree locations;
};
} // namespace

/// Guarantees: `filePath` names a file (a directory's saved_model.pb(txt)
/// or model.json) or stdin.
LogicalResult ModelFileReader::resolvePath() {
  if (path == "-" || !llvm::sys::fs::is_directory(path))
    return success();
  SmallString<256> candidate;
  for (StringRef name : {"saved_model.pb", "saved_model.pbtxt", "model.json"}) {
    candidate = path;
    llvm::sys::path::append(candidate, name);
    if (llvm::sys::fs::exists(candidate)) {
      filePath = fileName = std::string(candidate);
      return success();
    }
  }
  return emitError(fileLoc) << "directory holds no saved_model.pb(txt) or "
                               "model.json";
}

/// Guarantees: `bytes` holds the whole file, read once, and is not empty
/// unless allowed; `head` its first 4 KiB; `text` whether they look like
/// text.
LogicalResult ModelFileReader::readInput(ModelFormat format) {
  // MLIR is not bound by protobuf's 2 GiB; only by memory.
  bool mlir = format == ModelFormat::MLIR ||
              (format == ModelFormat::Auto && hasMLIRExtension(filePath));
  uint64_t limit = mlir ? availableMemoryBytes() : kMaxProtoBytes;
  std::string limitWhat =
      mlir ? "the " + formatBytes(limit) + " of memory available"
           : std::string("the 2 GiB a protobuf message can hold");
  std::string error;
  buffer = readInputFile(filePath, error, limit, limitWhat,
                         /*requiresNullTerminator=*/mlir);
  if (!buffer)
    return emitError(FileLineColLoc::get(context, fileName, 0, 0)) << error;
  nullTerminated = mlir;
  bytes = buffer->getBuffer();
  head = bytes.take_front(4096);
  text = looksLikeText(head);
  if (!options.allowEmptyInput && (bytes.empty() || (text && isBlank(bytes))))
    return emitError(FileLineColLoc::get(context, fileName, 0, 0))
           << "the input is empty; pass --allow-empty-input to accept an "
              "empty graph";
  return success();
}

/// The format the file name and first bytes show. Never Auto; binary
/// GraphDef and MetaGraphDef, which the first bytes cannot tell apart, are
/// told by parsing (probeBinaryGraphDef).
ModelFormat ModelFileReader::detectFormat() {
  StringRef name = llvm::sys::path::filename(filePath);
  if (hasMLIRExtension(name) || head.starts_with("ML\xef"
                                                 "R"))
    return ModelFormat::MLIR;
  if (name.ends_with(".json") || head.ltrim().starts_with("{"))
    return head.ltrim().starts_with("{-#") ? ModelFormat::MLIR
                                           : ModelFormat::TFJS;
  if (name.starts_with("saved_model.pb"))
    return ModelFormat::SavedModel;
  if (name.ends_with(".meta"))
    return ModelFormat::MetaGraph;
  if (text) {
    StringRef key = firstTextKey(head);
    if (key == "saved_model_schema_version" || key == "meta_graphs")
      return ModelFormat::SavedModel;
    if (key == "meta_info_def" || key == "graph_def" || key == "saver_def" ||
        key == "collection_def" || key == "signature_def" ||
        key == "asset_file_def")
      return ModelFormat::MetaGraph;
    if (looksLikeMLIR(head))
      return ModelFormat::MLIR;
    return ModelFormat::GraphDefText;
  }
  if (!head.empty() && head[0] == 0x08)
    return ModelFormat::SavedModel;
  return probeBinaryGraphDef();
}

/// Binary GraphDef and MetaGraphDef share field numbers 1 and 2: a GraphDef
/// parse of a MetaGraphDef gives nodes with non-identifier op types. Leaves
/// `graph` parsed (and `graphParsed` set) when the answer is GraphDef.
ModelFormat ModelFileReader::probeBinaryGraphDef() {
  graphParsed = parseBinaryProto(bytes, graph, mapped());
  bool plausible =
      graphParsed && llvm::all_of(graph.node(), [](const auto &node) {
        return isOpTypeLike(node.op());
      });
  if (plausible)
    return ModelFormat::GraphDef;
  // A MetaGraphDef if it parses as one with a graph; otherwise keep the
  // GraphDef reading, whose validation names what is wrong.
  tensorflow::MetaGraphDef probe;
  if (parseBinaryProto(bytes, probe, mapped()) && probe.has_graph_def()) {
    graphParsed = false;
    graph.Clear();
    return ModelFormat::MetaGraph;
  }
  return ModelFormat::GraphDef;
}

/// Parses the input as `message` (text or binary as `text` says), reporting
/// a malformed file as not a valid `what`. The input's bytes are released
/// afterwards: the message holds copies of them.
bool ModelFileReader::parse(pb::Message &message, StringRef what) {
  std::string error;
  bool ok = text ? parseText(bytes, message, error,
                             &message == &graph ? &locations : nullptr)
                 : parseBinaryProto(bytes, message, mapped());
  if (!ok)
    emitError(FileLineColLoc::get(context, fileName, 0, 0))
        << "not a valid " << (text ? "text " : "binary ") << what
        << (error.empty() ? "" : ": ") << error;
  buffer.reset();
  bytes = head = {};
  return ok;
}

/// Parses the file as `format` and imports it.
OwningOpRef<ModuleOp> ModelFileReader::importFormat(ModelFormat format) {
  switch (format) {
  case ModelFormat::MLIR: {
    // MLIR's lexer reads up to a terminating null byte, which a mapped file
    // read as protobuf has not.
    if (!nullTerminated)
      buffer = llvm::MemoryBuffer::getMemBufferCopy(bytes, fileName);
    return parseMLIRBuffer(std::move(buffer), context);
  }
  case ModelFormat::TFJS: {
    // The weight shards are found beside model.json; stdin has no beside.
    if (filePath == "-") {
      emitError(fileLoc) << "a TensorFlow.js model.json cannot be read from "
                            "stdin (its weight files are found beside it); "
                            "pass its path";
      return nullptr;
    }
    OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc);
    if (failed(importTFJSModel(filePath, bytes, *module, options)) ||
        failed(verify(*module)))
      return nullptr;
    return module;
  }
  case ModelFormat::SavedModel: {
    tensorflow::SavedModel saved;
    if (!parse(saved, "SavedModel"))
      return nullptr;
    return importSavedModel(saved, fileName, context, options);
  }
  case ModelFormat::MetaGraph: {
    tensorflow::MetaGraphDef meta;
    if (!parse(meta, "MetaGraphDef"))
      return nullptr;
    return importMetaGraph(meta, fileName, context, options);
  }
  case ModelFormat::GraphDefText:
  case ModelFormat::GraphDef:
  case ModelFormat::Auto:
    text = format == ModelFormat::GraphDefText;
    if (!graphParsed && !parse(graph, "GraphDef"))
      return nullptr;
    buffer.reset();
    return finishImport(graph, fileName, context, options, nullptr,
                        text ? &locations : nullptr);
  }
  return nullptr;
}

OwningOpRef<ModuleOp> ModelFileReader::read(ModelFormat format) {
  context->getOrLoadDialect<TFGDialect>();
  if (failed(resolvePath()) || failed(readInput(format)))
    return nullptr;
  if (format == ModelFormat::Auto)
    format = detectFormat();
  return importFormat(format);
}

OwningOpRef<ModuleOp> tfg::importModelFile(StringRef path, MLIRContext *context,
                                           const ImportOptions &options,
                                           ModelFormat format) {
  return ModelFileReader(path, context, options).read(format);
}

OwningOpRef<ModuleOp> tfg::parseMLIRFile(StringRef path, MLIRContext *context,
                                         bool allowEmptyInput) {
  std::string error;
  uint64_t limit = availableMemoryBytes();
  std::unique_ptr<llvm::MemoryBuffer> buffer = readInputFile(
      path, error, limit, "the " + formatBytes(limit) + " of memory available",
      /*requiresNullTerminator=*/true);
  if (!buffer) {
    llvm::errs() << inputDisplayName(path) << ": error: " << error << "\n";
    return nullptr;
  }
  if (!allowEmptyInput && isBlank(buffer->getBuffer())) {
    llvm::errs() << inputDisplayName(path)
                 << ": error: empty input (no MLIR to read); pass "
                    "--allow-empty-input to treat it as an empty module\n";
    return nullptr;
  }
  return parseMLIRBuffer(std::move(buffer), context);
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
  if (!llvm::sys::fs::status(path, status) && llvm::sys::fs::exists(status) &&
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
  if (std::error_code ec =
          llvm::sys::fs::createUniqueFile(path + ".tmp-%%%%%%", fd, tempPath)) {
    return module.emitError()
           << "cannot write '" << path << "': " << ec.message();
  }
  if (failed(writeGraphDefToFd(module, fd, asText, path))) {
    llvm::sys::fs::remove(tempPath);
    return failure();
  }
  if (std::error_code ec = llvm::sys::fs::rename(tempPath, path)) {
    llvm::sys::fs::remove(tempPath);
    return module.emitError()
           << "cannot write '" << path << "': " << ec.message();
  }
  return success();
}
