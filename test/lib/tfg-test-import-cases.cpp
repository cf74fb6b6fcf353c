//===- tfg-test-import-cases.cpp - Import many bad files in one process ---===//
//
// A test driver, not a tool: imports every model file named in a list, one
// after the other in one process, and prints for each
//
//   <path>: <number of errors> error(s): <first error, as the tools print it>
//
// so that a test can feed the importer thousands of generated bad inputs
// (test/BadInputs/typed-op-attr-kinds.test) in a second instead of starting
// a tool per file. A crash stops the driver, and so fails the test.
//
// With --check-registry it first checks that every typed op's ODS attrs are
// exactly the attrs of its OpDef (the importer checks attr kinds against
// the OpDef before it fills a typed op's properties), and prints each
// difference.
//
//===----------------------------------------------------------------------===//

#include "TFG/Dialect/IR/TFG.h"
#include "TFG/ImportExport/Diagnostics.h"
#include "TFG/ImportExport/Import.h"
#include "TFG/ImportExport/OpRegistry.h"

#include "op_def.pb.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

static llvm::cl::opt<std::string> listFile(llvm::cl::Positional,
                                           llvm::cl::desc("<list of files>"),
                                           llvm::cl::Required);
static llvm::cl::opt<bool>
    checkRegistry("check-registry",
                  llvm::cl::desc("Compare typed ops' attrs with their OpDefs"));

/// Prints each typed op whose ODS attrs differ from its OpDef's; returns
/// the number of differences.
static unsigned compareWithRegistry(MLIRContext &context) {
  unsigned differences = 0, typed = 0;
  for (RegisteredOperationName name : context.getRegisteredOperations()) {
    if (!name.hasInterface<tfg::TypedNodeOpInterface>())
      continue;
    ++typed;
    StringRef opType = name.getStringRef().drop_front(strlen("tfg."));
    const tensorflow::OpDef *opDef = tfg::lookupOpDef(opType);
    if (!opDef) {
      llvm::outs() << "registry: " << opType << " has no OpDef\n";
      ++differences;
      continue;
    }
    llvm::StringSet<> fromOpDef;
    for (const auto &attr : opDef->attr())
      fromOpDef.insert(attr.name());
    llvm::StringSet<> fromODS;
    for (StringAttr attr : name.getAttributeNames()) {
      // The importer's own: from the operands, or the node's name and
      // device fields (a node's attrs cannot set them).
      if (attr.getValue() == "operandSegmentSizes" ||
          attr.getValue() == tfg::attrs::kNodeName ||
          attr.getValue() == tfg::attrs::kNodeDevice)
        continue;
      fromODS.insert(attr.getValue());
      if (!fromOpDef.contains(attr.getValue())) {
        llvm::outs() << "registry: " << opType << " has ODS attr '"
                     << attr.getValue() << "', which its OpDef lacks\n";
        ++differences;
      }
    }
    for (const auto &attr : opDef->attr())
      if (!fromODS.contains(attr.name())) {
        llvm::outs() << "registry: " << opType << " has OpDef attr '"
                     << attr.name() << "', which its ODS op lacks\n";
        ++differences;
      }
  }
  llvm::outs() << "registry: " << typed << " typed ops, " << differences
               << " difference(s)\n";
  return differences;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::cl::ParseCommandLineOptions(argc, argv,
                                    "TFG test driver: import many files\n");
  DialectRegistry registry;
  tfg::registerImportDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  if (checkRegistry && compareWithRegistry(context))
    return 1;

  auto list = llvm::MemoryBuffer::getFile(listFile);
  if (!list) {
    llvm::errs() << listFile << ": error: " << list.getError().message()
                 << "\n";
    return 1;
  }
  SmallVector<StringRef> paths;
  (*list)->getBuffer().split(paths, '\n', /*MaxSplit=*/-1,
                             /*KeepEmpty=*/false);
  for (StringRef path : paths) {
    unsigned errors = 0;
    std::string first;
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      if (diag.getSeverity() == DiagnosticSeverity::Error && errors++ == 0) {
        llvm::raw_string_ostream os(first);
        tfg::printNodeDiagnostic(diag, os);
      }
      return success();
    });
    OwningOpRef<ModuleOp> module = tfg::importModelFile(path, &context);
    llvm::outs() << path << ": " << errors
                 << " error(s): " << StringRef(first).rtrim() << "\n";
  }
  return 0;
}
