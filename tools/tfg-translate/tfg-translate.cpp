//===- tfg-translate.cpp - TensorFlow models <-> TFG MLIR -----------------===//
//
//   tfg-translate --import-graphdef model.pb -o model.mlir
//   tfg-translate --export-graphdef model.mlir -o model.pb
//   tfg-translate --roundtrip model.pb -o copy.pb
//   tfg-translate --summarize model.pb
//   tfg-translate --roundtrip model.ckpt.meta --freeze --checkpoint model.ckpt
//       --freeze-outputs=logits -o frozen.pb
//   tfg-translate --roundtrip model.pb --sort-by-execution-order -o sorted.pb
//
// Any input format the importers read is detected from content; `-` (the
// default) is stdin, and every input is read exactly once, so pipes and
// fifos work. An empty input is an error unless --allow-empty-input. Output
// files are written atomically: on any error nothing is written.
//
//===----------------------------------------------------------------------===//

#include "TFG/Dialect/IR/InputFile.h"
#include "TFG/Dialect/IR/OutputFile.h"
#include "TFG/Dialect/IR/TFG.h"
#include "TFG/ImportExport/Diagnostics.h"
#include "TFG/ImportExport/Import.h"
#include "TFG/Transforms/Passes.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "ToolCommandLine.h"

using namespace mlir;
namespace cl = llvm::cl;

namespace {
enum class Action { Import, Export, RoundTrip, Summarize };
enum class OutputKind { Auto, Binary, Text };
} // namespace

static cl::opt<std::string>
    inputPath(cl::Positional, cl::desc("<input> (- for stdin)"), cl::init("-"));
static cl::opt<std::string> outputPath("o", cl::desc("Output file"),
                                       cl::value_desc("file"), cl::init("-"));
static cl::opt<Action> action(
    cl::desc("Action:"), cl::init(Action::Import),
    cl::values(
        clEnumValN(Action::Import, "import-graphdef",
                   "Model file (pb, pbtxt, meta, SavedModel, tfjs) to MLIR"),
        clEnumValN(Action::Import, "graphdef-to-mlir",
                   "Alias of --import-graphdef"),
        clEnumValN(Action::Export, "export-graphdef", "MLIR to GraphDef"),
        clEnumValN(Action::Export, "mlir-to-graphdef",
                   "Alias of --export-graphdef"),
        clEnumValN(Action::RoundTrip, "roundtrip",
                   "Model file to GraphDef through TFG (import + export)"),
        clEnumValN(Action::Summarize, "summarize",
                   "What a model file holds (summarize_graph): inputs, "
                   "outputs, variables, ops, parameters, a suggested "
                   "tfg-optimize-for-inference command line")));
static cl::opt<tfg::ModelFormat> inputFormat(
    "input-format", cl::desc("Input format (default: detect)"),
    cl::init(tfg::ModelFormat::Auto),
    cl::values(
        clEnumValN(tfg::ModelFormat::Auto, "auto", "detect"),
        clEnumValN(tfg::ModelFormat::GraphDef, "pb", "binary GraphDef"),
        clEnumValN(tfg::ModelFormat::GraphDefText, "pbtxt", "text GraphDef"),
        clEnumValN(tfg::ModelFormat::MetaGraph, "meta", "MetaGraphDef"),
        clEnumValN(tfg::ModelFormat::SavedModel, "saved-model", "SavedModel"),
        clEnumValN(tfg::ModelFormat::TFJS, "tfjs",
                   "TensorFlow.js model.json")));
static cl::opt<OutputKind> outputKind(
    "output-format", cl::desc("GraphDef output encoding"),
    cl::init(OutputKind::Auto),
    cl::values(clEnumValN(OutputKind::Auto, "auto",
                          "text for .pbtxt and stdout, binary otherwise"),
               clEnumValN(OutputKind::Binary, "pb", "binary"),
               clEnumValN(OutputKind::Text, "pbtxt", "text")));
static cl::opt<int64_t> resourceThreshold(
    "resource-threshold",
    cl::desc("Tensors of at least this many bytes become dense resources"),
    cl::init(1024));
static cl::opt<std::string> signature(
    "signature",
    cl::desc("SavedModel/meta graph signature to record; it must exist "
             "(default: serving_default when there is one)"));
static cl::opt<std::string> savedModelTag("tag",
                                          cl::desc("SavedModel meta graph tag"),
                                          cl::init("serve"));
static cl::opt<bool>
    elideResources("elide-resources",
                   cl::desc("Print dense resources as __elided__"),
                   cl::init(false));

static cl::opt<bool> allowEmptyInput(
    "allow-empty-input",
    cl::desc("Accept an empty input as an empty graph (by default it is an "
             "error: usually a missing or truncated file)"));

static cl::opt<bool> sortByExecutionOrder(
    "sort-by-execution-order",
    cl::desc("Write the nodes in execution order, inputs before their "
             "consumers (the tfg-sort-by-execution-order pass)"));

static cl::opt<unsigned> importThreads(
    "import-threads",
    cl::desc("Threads that convert the nodes of a large graph (10^4 nodes "
             "or more); 0: one per core; 1: none (as "
             "--mlir-disable-threading). The output is the same."),
    cl::init(0));

static cl::OptionCategory freezeCategory("Freezing (after import)");
static cl::opt<bool>
    freeze("freeze", cl::cat(freezeCategory),
           cl::desc("Turn variables into constants from --checkpoint (a "
                    "SavedModel's own variables/ by default)"));
static cl::opt<std::string> checkpointPrefix(
    "checkpoint", cl::cat(freezeCategory),
    cl::desc("Checkpoint prefix or directory (implies --freeze)"));
static cl::opt<bool> foldTables(
    "fold-tables", cl::cat(freezeCategory),
    cl::desc("Read text-file lookup-table initializers (SavedModel assets) "
             "into Consts"));
static cl::list<std::string> freezeOutputs(
    "freeze-outputs", cl::cat(freezeCategory), cl::CommaSeparated,
    cl::desc("Output nodes to keep (default: the signature's outputs)"));
static cl::opt<bool> useMovingAverages(
    "use-moving-averages", cl::cat(freezeCategory),
    cl::desc("Freeze <var>/ExponentialMovingAverage values where present"));
static cl::list<std::string> renameVariables(
    "rename-variable", cl::cat(freezeCategory), cl::CommaSeparated,
    cl::desc("VARIABLE=CHECKPOINT_KEY: where to read a variable from"));

/// The variables of a SavedModel: `<dir>/variables/variables`.
static std::string savedModelCheckpoint() {
  StringRef path = inputPath;
  if (path == "-")
    return ""; // Stdin has no folder beside it.
  SmallString<256> dir(path);
  if (!llvm::sys::fs::is_directory(path))
    dir = llvm::sys::path::parent_path(path);
  SmallString<256> prefix(dir);
  llvm::sys::path::append(prefix, "variables", "variables");
  if (!llvm::sys::fs::exists(prefix + ".index"))
    return "";
  return std::string(prefix);
}

/// Runs tfg-freeze-variables when asked to.
static LogicalResult freezeIfAsked(ModuleOp module) {
  if (!freeze && checkpointPrefix.empty())
    return success();
  std::string prefix = checkpointPrefix;
  if (prefix.empty())
    prefix = savedModelCheckpoint();
  if (prefix.empty()) {
    llvm::errs() << tfg::inputDisplayName(inputPath)
                 << ": error: --freeze needs --checkpoint PREFIX (only a "
                    "SavedModel brings its own variables/)\n";
    return failure();
  }
  tfg::FreezeVariablesOptions options;
  options.checkpoint = prefix;
  options.outputs.assign(freezeOutputs.begin(), freezeOutputs.end());
  options.useMovingAverages = useMovingAverages;
  options.foldTables = foldTables;
  options.rename.assign(renameVariables.begin(), renameVariables.end());
  PassManager pm(module->getContext());
  // TF2 SavedModels compute in their function library, and their variables
  // reach the computation as captured call inputs: inline first.
  pm.addPass(tfg::createInlineFunctions());
  // TF1 training graphs: RefSwitch, read AssignSub, ... would be left
  // wanting the reference of a variable that becomes a Const.
  pm.addPass(tfg::createRepairRefOps());
  pm.addPass(tfg::createFreezeVariables(options));
  if (module->hasAttr(tfg::attrs::kTF2ObjectGraph))
    pm.addPass(tfg::createNameBySignature());
  return pm.run(module);
}

/// Runs tfg-sort-by-execution-order when asked to (last, before writing).
static LogicalResult sortIfAsked(ModuleOp module) {
  if (!sortByExecutionOrder)
    return success();
  PassManager pm(module->getContext());
  pm.addPass(tfg::createSortByExecutionOrder());
  return pm.run(module);
}

static OwningOpRef<ModuleOp> importInput(MLIRContext &context) {
  tfg::ImportOptions options;
  options.resourceThresholdBytes = resourceThreshold;
  options.signature = signature;
  options.savedModelTag = savedModelTag;
  options.allowEmptyInput = allowEmptyInput;
  return tfg::importModelFile(inputPath, &context, options, inputFormat);
}

static bool wantsText() {
  if (outputKind != OutputKind::Auto)
    return outputKind == OutputKind::Text;
  return outputPath == "-" || StringRef(outputPath).ends_with(".pbtxt") ||
         StringRef(outputPath).ends_with(".txt");
}

static LogicalResult writeGraphDef(ModuleOp module) {
  bool text = wantsText();
  if (outputPath != "-")
    return tfg::exportGraphDefFile(module, outputPath, text);
  std::string bytes;
  if (failed(tfg::exportGraphDef(module, bytes, text)))
    return failure();
  llvm::outs() << bytes;
  return success();
}

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  tfgtool::parseToolCommandLine(argc, argv,
                                "TFG translator: TensorFlow models <-> MLIR\n");
  // The import converts large graphs on the context's threads.
  tfg::ImportContext importContext(importThreads);
  MLIRContext &context = importContext.get();

  if (action == Action::Export) {
    OwningOpRef<ModuleOp> module =
        tfg::parseMLIRFile(inputPath, &context, allowEmptyInput);
    if (!module)
      return 1;
    tfg::NodeDiagnosticHandler handler(&context, llvm::errs());
    if (failed(sortIfAsked(*module)))
      return 1;
    return failed(writeGraphDef(*module)) ? 1 : 0;
  }

  tfg::NodeDiagnosticHandler handler(&context, llvm::errs());
  OwningOpRef<ModuleOp> module = importInput(context);
  if (!module || failed(freezeIfAsked(*module)) || failed(sortIfAsked(*module)))
    return 1;
  if (action == Action::RoundTrip)
    return failed(writeGraphDef(*module)) ? 1 : 0;
  if (action == Action::Summarize) {
    tfg::SummarizeOptions options;
    options.title =
        llvm::sys::path::filename(tfg::inputDisplayName(inputPath)).str();
    options.toStdout = true;
    PassManager pm(&context);
    pm.addPass(tfg::createSummarize(options));
    return failed(pm.run(*module)) ? 1 : 0;
  }

  OpPrintingFlags flags; // Starts from the --mlir-print-* options.
  if (elideResources)
    flags.elideLargeResourceString(0);
  std::string error;
  if (failed(tfg::writeOutputFile(
          outputPath,
          [&](llvm::raw_ostream &os) {
            module->print(os, flags);
            os << "\n";
            return success();
          },
          error))) {
    llvm::errs() << "tfg-translate: error: " << error << "\n";
    return 1;
  }
  return 0;
}
