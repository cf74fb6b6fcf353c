//===- tfg-opt.cpp - TFG optimizer driver ---------------------------------===//
//
// mlir-opt with the TFG dialect and all of TFG's passes registered.
//
// It does its own input and output handling around MLIR's buffer-level
// MlirOptMain instead of the argc/argv one, because that one
//   - opens `-o` before running, so any failure (a parse error, a failing
//     pass, a bad option) deletes the file that was there;
//   - accepts an empty input as an empty module, which hides a missing or
//     truncated file.
// Here the input is read exactly once (`-` or no argument: stdin; fifos
// work), an empty input is an error unless --allow-empty-input, text that
// would overflow the parser's stack or make its diagnostics open a fifo is
// refused (tfg::verifyMLIRText), and the output goes through
// tfg::writeOutputFile (temporary file + rename).
//
//===----------------------------------------------------------------------===//

#include "TFG/Conversion/Passes.h"
#include "TFG/Dialect/IR/InputFile.h"
#include "TFG/Dialect/IR/OutputFile.h"
#include "TFG/Dialect/IR/TFG.h"
#include "TFG/Pipelines/Pipelines.h"
#include "TFG/Transforms/Passes.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "ToolCommandLine.h"

#include <cstdio>
#include <unistd.h>

using namespace mlir;

static llvm::cl::opt<bool> allowEmptyInput(
    "allow-empty-input",
    llvm::cl::desc("Accept an empty input as an empty module (by default it "
                   "is an error: usually a missing or truncated file)"),
    llvm::cl::init(false));

namespace {
/// Sends stderr (fd 2) to an anonymous temporary file while alive.
/// llvm::cl reports a bad option value of a pass straight to stderr and MLIR
/// then reports an error with no text; catching the cl text lets tfg-opt
/// put it into that error instead (see explainBadPassOptions).
class StderrCapture {
public:
  StderrCapture() {
    llvm::errs().flush();
    file = std::tmpfile();
    if (!file)
      return;
    saved = ::dup(2);
    if (saved < 0 || ::dup2(::fileno(file), 2) < 0) {
      restore();
      return;
    }
  }
  ~StderrCapture() { restore(); }

  /// Everything written to stderr so far.
  std::string text() {
    std::string result;
    if (!file || saved < 0)
      return result;
    llvm::errs().flush();
    char buffer[4096];
    for (off_t offset = 0;;) {
      ssize_t n = ::pread(::fileno(file), buffer, sizeof(buffer), offset);
      if (n <= 0)
        break;
      result.append(buffer, n);
      offset += n;
    }
    return result;
  }

  void restore() {
    if (saved >= 0) {
      llvm::errs().flush();
      ::dup2(saved, 2);
      ::close(saved);
      saved = -1;
    }
    if (file) {
      std::fclose(file);
      file = nullptr;
    }
  }

private:
  std::FILE *file = nullptr;
  int saved = -1;
};
} // namespace

/// The pass whose options in the command line set `option`: a pass flag
/// (`--tfg-fold-constants=max-constant-size=abc`) or an element of
/// --pass-pipeline / -p (`tfg-fold-constants{max-constant-size=abc}`).
static std::string findPassSetting(StringRef option,
                                   ArrayRef<std::string> args) {
  auto setsOption = [&](StringRef text) -> size_t {
    for (size_t pos = text.find(option); pos != StringRef::npos;
         pos = text.find(option, pos + 1)) {
      bool startsWord =
          pos == 0 || !(llvm::isAlnum(text[pos - 1]) || text[pos - 1] == '-' ||
                        text[pos - 1] == '_');
      if (startsWord && text.substr(pos + option.size()).starts_with("="))
        return pos;
    }
    return StringRef::npos;
  };
  for (size_t i = 0; i < args.size(); ++i) {
    StringRef arg = StringRef(args[i]).ltrim('-');
    auto [name, value] = arg.split('=');
    if (name == "pass-pipeline" || name == "p") {
      if (!arg.contains('=') && i + 1 < args.size())
        value = args[i + 1];
      size_t pos = setsOption(value);
      if (pos == StringRef::npos)
        continue;
      // The pass is the name before the innermost '{' that encloses pos.
      int depth = 0;
      for (size_t j = pos; j-- > 0;) {
        if (value[j] == '}') {
          ++depth;
        } else if (value[j] == '{' && depth-- == 0) {
          size_t end = j, begin = j;
          while (begin > 0 && (llvm::isAlnum(value[begin - 1]) ||
                               StringRef("-_.").contains(value[begin - 1])))
            --begin;
          return value.slice(begin, end).str();
        }
      }
      continue;
    }
    if ((PassInfo::lookup(name) || PassPipelineInfo::lookup(name)) &&
        setsOption(value) != StringRef::npos)
      return name.str();
  }
  return "";
}

/// What went wrong, from llvm::cl's text ("tfg-opt: for the --NAME option:
/// REASON!") and the command line.
static std::string describeBadOption(StringRef clText,
                                     ArrayRef<std::string> args) {
  clText = clText.trim();
  size_t at = clText.find("for the -");
  if (at == StringRef::npos)
    return clText.empty()
               ? "invalid pass option (the option parser gave no reason)"
               : ("invalid pass option: " + clText).str();
  StringRef rest = clText.substr(at + strlen("for the -")).ltrim('-');
  auto [option, reason] = rest.split(" option: ");
  // "'abc' is invalid value for boolean argument! Try 0 or 1!"
  SmallVector<StringRef> parts;
  reason.trim().rtrim('!').split(parts, "! ");
  std::string pass = findPassSetting(option, args);
  std::string where =
      pass.empty() ? "pass option '" + option.str() + "'"
                   : "option '" + option.str() + "' of pass '" + pass + "'";
  return "invalid value for " + where + ": " + llvm::join(parts, "; ");
}

/// Errors emitted while MlirOptMain parses its input. MLIR's parser can
/// report an error and still return the module (see tfg::ErrorCounter);
/// MlirOptMain would then run the pipeline and exit 0. A handler counts
/// them from the moment the TFG dialect is loaded into a context (during
/// the parse, after MlirOptMain's own handler, so it sees every error
/// first), and the pipeline setup, which MlirOptMain runs once the input
/// is parsed, fails when the parse had any. With --split-input-file each
/// chunk has a context of its own; the setup ends the count, so errors of
/// the passes (expected ones in -verify-diagnostics tests) never reach the
/// next chunk's.
static MLIRContext *countedContext = nullptr;
static unsigned parseErrors = 0;
static void countParseErrors(MLIRContext *context, tfg::TFGDialect *) {
  countedContext = context;
  parseErrors = 0;
  context->getDiagEngine().registerHandler([context](Diagnostic &diag) {
    if (context == countedContext &&
        diag.getSeverity() == DiagnosticSeverity::Error)
      ++parseErrors;
    return failure(); // not handled: MlirOptMain's handler prints it
  });
}

/// Wraps the pass pipeline setup so that a pass option with a bad value is
/// one error naming the pass, the option and the value. MLIR's own is cl's
/// message on stderr followed by an error with no text (or with only
/// "failed to add `PASS` with options `...`" for --pass-pipeline).
static std::function<LogicalResult(PassManager &)>
explainBadPassOptions(MlirOptMainConfig inner, std::vector<std::string> args) {
  return [inner = std::move(inner),
          args = std::move(args)](PassManager &pm) -> LogicalResult {
    bool parseFailed = countedContext == pm.getContext() && parseErrors;
    countedContext = nullptr;
    if (parseFailed)
      return failure(); // the input's errors are printed already
    MLIRContext *context = pm.getContext();
    struct Held {
      Location loc;
      std::string message;
    };
    SmallVector<Held> errors;
    LogicalResult result = success();
    std::string clText;
    {
      StderrCapture capture;
      size_t consumed = 0;
      // Errors are held and emitted below, once stderr is back, with cl's
      // text folded in; everything else goes on to the tool's handler.
      ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
        if (diag.getSeverity() != DiagnosticSeverity::Error)
          return failure();
        std::string text = capture.text();
        std::string message = StringRef(diag.str()).trim().str();
        StringRef fresh = StringRef(text).substr(consumed);
        if (fresh.contains("for the -"))
          message = describeBadOption(fresh, args);
        else if (message.empty())
          message = "invalid pass option (the option parser gave no reason)";
        consumed = text.size();
        errors.push_back({diag.getLocation(), std::move(message)});
        return success();
      });
      result = inner.setupPassPipeline(pm);
      clText = capture.text().substr(consumed);
    }
    llvm::errs() << clText;
    for (Held &held : errors)
      emitError(held.loc) << held.message;
    return result;
  };
}

/// Reads `path` exactly once ("-": stdin), so that a pipe or fifo works,
/// and checks what MLIR's parser and diagnostics cannot take.
static std::unique_ptr<llvm::MemoryBuffer> readInput(StringRef path) {
  StringRef shown = tfg::inputDisplayName(path);
  // A terminal on stdin is usually a forgotten argument, not a paste.
  if (path == "-" && llvm::sys::Process::FileDescriptorIsDisplayed(0))
    llvm::errs() << "(processing input from stdin now, hit ctrl-c/ctrl-d to "
                    "interrupt)\n";
  std::string error;
  uint64_t limit = tfg::availableMemoryBytes();
  std::unique_ptr<llvm::MemoryBuffer> buffer = tfg::readInputFile(
      path, error, limit,
      "the " + tfg::formatBytes(limit) + " of memory available",
      /*requiresNullTerminator=*/true);
  if (!buffer) {
    llvm::errs() << shown << ": error: " << error << "\n";
    return nullptr;
  }
  if (!allowEmptyInput && buffer->getBuffer().trim().empty()) {
    llvm::errs() << shown
                 << ": error: empty input (no MLIR to read); pass "
                    "--allow-empty-input to treat it as an empty module\n";
    return nullptr;
  }
  // MlirOptMain's context does not exist yet: a small one reports the
  // error, with the source line, as MLIR would.
  MLIRContext context(MLIRContext::Threading::DISABLED);
  std::unique_ptr<llvm::SourceMgr> sourceMgr =
      tfg::createSourceMgrWithoutFiles();
  sourceMgr->AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(buffer->getMemBufferRef(),
                                       /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(*sourceMgr, &context);
  if (failed(tfg::verifyMLIRText(*sourceMgr, &context,
                                 /*checkLocationFiles=*/true)))
    return nullptr;
  return buffer;
}

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  DialectRegistry registry;
  registry.insert<tfg::TFGDialect>();
  registry.addExtension(+countParseErrors);
  registerAllDialects(registry);
  registerAllPasses();
  tfg::registerTFGPasses();
  tfg::registerTFGConversionPasses();
  tfg::registerTFGPipelines();

  auto [inputPath, outputPath] = tfgtool::catchCommandLineErrors(argv, [&] {
    return registerAndParseCLIOptions(argc, argv, "TFG optimizer driver\n",
                                      registry);
  });
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  config.setPassPipelineSetupFn(explainBadPassOptions(
      config, std::vector<std::string>(argv + 1, argv + argc)));

  // These print and return without reading any input.
  if (config.shouldShowDialects() || config.shouldListPasses())
    return asMainReturnCode(MlirOptMain(
        llvm::outs(), llvm::MemoryBuffer::getMemBuffer(""), registry, config));

  std::unique_ptr<llvm::MemoryBuffer> input = readInput(inputPath);
  if (!input)
    return EXIT_FAILURE;
  std::string error;
  if (failed(tfg::writeOutputFile(
          outputPath,
          [&](llvm::raw_ostream &os) {
            return MlirOptMain(os, std::move(input), registry, config);
          },
          error))) {
    if (!error.empty())
      llvm::errs() << "tfg-opt: error: " << error << "\n";
    return EXIT_FAILURE;
  }
  return EXIT_SUCCESS;
}
