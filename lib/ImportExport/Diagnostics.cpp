//===- Diagnostics.cpp - Diagnostics that name the file and node ----------===//

#include "TFG/ImportExport/Diagnostics.h"

#include "TFG/Dialect/IR/TFG.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

using namespace mlir;
using namespace mlir::tfg;

Location tfg::getNodeLocation(MLIRContext *context, StringRef file,
                              StringRef node, unsigned line) {
  return NameLoc::get(StringAttr::get(context, node),
                      FileLineColLoc::get(context, file, line, 0));
}

/// Finds the file, line and node name in a location.
static void describeLocation(Location loc, std::string &file, unsigned &line,
                             std::string &node) {
  loc->walk([&](Location sub) {
    if (auto name = dyn_cast<NameLoc>(sub)) {
      if (node.empty())
        node = name.getName().str();
    } else if (auto flc = dyn_cast<FileLineColLoc>(sub)) {
      if (file.empty()) {
        file = flc.getFilename().str();
        line = flc.getLine();
      }
    }
    return WalkResult::advance();
  });
}

static StringRef severityName(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Note:
    return "note";
  case DiagnosticSeverity::Remark:
    return "remark";
  }
  return "error";
}

static void printOne(Location loc, DiagnosticSeverity severity,
                     StringRef message, raw_ostream &os) {
  std::string file, node;
  unsigned line = 0;
  describeLocation(loc, file, line, node);
  if (!file.empty()) {
    os << file;
    if (line > 0)
      os << ":" << line;
    os << ": ";
  }
  os << severityName(severity) << ": ";
  // Messages that already name their node (the lowering's "node 'n'
  // (Op): ...") are not prefixed with it a second time.
  std::string prefix = "node '" + node + "'";
  if (!node.empty() && !message.starts_with(prefix))
    os << prefix << ": ";
  os << message << "\n";
}

void tfg::printNodeDiagnostic(Diagnostic &diag, raw_ostream &os) {
  std::string message = diag.str();
  // ODS verifiers start with "'tfg.Conv2D' op "; say "Conv2D: " instead.
  StringRef text = message;
  if (text.consume_front("'tfg.")) {
    size_t end = text.find("' op ");
    if (end != StringRef::npos)
      message = (text.take_front(end) + ": " + text.drop_front(end + 5)).str();
  }
  printOne(diag.getLocation(), diag.getSeverity(), message, os);
  for (Diagnostic &note : diag.getNotes())
    printOne(note.getLocation(), note.getSeverity(), note.str(), os);
}

NodeDiagnosticHandler::NodeDiagnosticHandler(MLIRContext *context,
                                             raw_ostream &os)
    : ScopedDiagnosticHandler(context), os(os) {
  setHandler([this](Diagnostic &diag) {
    printNodeDiagnostic(diag, this->os);
    return success();
  });
}
