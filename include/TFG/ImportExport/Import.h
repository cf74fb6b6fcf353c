//===- Import.h - Read and write TensorFlow models as TFG ---------*- C++
//-*-===//
//
// The entry points of the ImportExport library: a model file (GraphDef
// .pb/.pbtxt, MetaGraphDef .meta, SavedModel, TensorFlow.js model.json)
// becomes a module holding one tfg.graph (plus tfg.func ops for its function
// library), and a module becomes a GraphDef again.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IMPORTEXPORT_IMPORT_H
#define TFG_IMPORTEXPORT_IMPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/ThreadPool.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir::tfg {

/// The file formats TFG reads.
enum class ModelFormat {
  Auto,         ///< Detect from content (and the file name as a hint).
  GraphDef,     ///< Binary GraphDef (.pb).
  GraphDefText, ///< Text GraphDef (.pbtxt).
  MetaGraph,    ///< Binary or text MetaGraphDef (.meta).
  SavedModel,   ///< saved_model.pb / .pbtxt, or its directory.
  TFJS,         ///< TensorFlow.js graph model (model.json + shards).
  MLIR,         ///< A TFG module as MLIR text (.mlir) or bytecode (.mlirbc).
};

/// The signature a SavedModel is served by unless told otherwise (the
/// name tf.saved_model.save and TF Serving use).
inline constexpr llvm::StringLiteral kDefaultSignature = "serving_default";

struct ImportOptions {
  /// Tensors of at least this many bytes are stored as dense resources
  /// (outside the attribute uniquer) instead of dense elements attrs.
  int64_t resourceThresholdBytes = 1024;
  /// SavedModel: the meta graph tag to pick.
  std::string savedModelTag = "serve";
  /// SavedModel and MetaGraphDef: the signature to record as tfg.signature.
  /// Empty: kDefaultSignature when the meta graph has it, else none. A name
  /// given here must be one of the meta graph's signatures (an error lists
  /// those there are).
  std::string signature;
  /// Accept an empty input (no bytes, or only blanks) as an empty graph. By
  /// default it is an error: an empty file is almost always a missing or
  /// truncated one (an empty binary GraphDef is zero bytes long).
  bool allowEmptyInput = false;
};

/// Reads a model file of any supported format, or MLIR ("-": stdin; a
/// directory: the SavedModel or TensorFlow.js model in it). The input is
/// opened and read exactly once (pipes and fifos work), binary protobuf
/// input of more than 2 GiB and an empty input (unless allowed) are
/// refused. Problems are reported as diagnostics naming the file and the
/// node; returns null on failure.
OwningOpRef<ModuleOp> importModelFile(llvm::StringRef path,
                                      MLIRContext *context,
                                      const ImportOptions &options = {},
                                      ModelFormat format = ModelFormat::Auto);

/// Parses a `.mlir` file (or "-" for stdin) holding a TFG module, read
/// exactly once; errors are printed with the file's line and column. An
/// empty input is an error unless `allowEmptyInput`; text nesting brackets
/// deeper than kMaxMLIRNesting (InputFile.h) is refused before MLIR's
/// parser sees it, and locations naming other files never make the
/// diagnostics open them. Returns null on failure.
OwningOpRef<ModuleOp> parseMLIRFile(llvm::StringRef path, MLIRContext *context,
                                    bool allowEmptyInput = false);

/// Imports a GraphDef held in memory in binary (`isText` false) or text form.
OwningOpRef<ModuleOp> importGraphDefBytes(llvm::StringRef bytes, bool isText,
                                          llvm::StringRef sourceName,
                                          MLIRContext *context,
                                          const ImportOptions &options = {});

/// Serializes the module's graph as a GraphDef: binary (deterministic) or
/// text. Returns failure, after a diagnostic, if the module holds no graph
/// or a node cannot be expressed.
LogicalResult exportGraphDef(ModuleOp module, std::string &out, bool asText);

/// Writes the GraphDef to `path`, atomically: on failure nothing is written
/// and an existing file is left as it was.
LogicalResult exportGraphDefFile(ModuleOp module, llvm::StringRef path,
                                 bool asText);

/// Registers the dialects the importer produces.
void registerImportDialects(DialectRegistry &registry);

/// The context of a tool that imports models (tfg-translate,
/// tfg-bench-phases): the import's dialects loaded, op dumps left out of
/// diagnostics (they name the node), and `threads` threads for converting
/// the nodes of a large graph (0: one per core). With one thread the
/// context stays single-threaded: uniquing without locks is faster for the
/// import's millions of attributes.
class ImportContext {
public:
  explicit ImportContext(unsigned threads);
  ImportContext(const ImportContext &) = delete;
  ImportContext &operator=(const ImportContext &) = delete;

  MLIRContext &get() { return context; }

private:
  // Declared before the context: the pool outlives the context that uses it.
  std::optional<llvm::DefaultThreadPool> threadPool;
  MLIRContext context;
};

} // namespace mlir::tfg

#endif // TFG_IMPORTEXPORT_IMPORT_H
