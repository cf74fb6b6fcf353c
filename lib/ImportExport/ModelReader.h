//===- ModelReader.h - Model files in, GraphDef files out -------*- C++ -*-===//
//
// Internal to lib/ImportExport, and its top: format detection and file I/O
// behind the public entry points of Import.h.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_IMPORTEXPORT_MODELREADER_H
#define TFG_LIB_IMPORTEXPORT_MODELREADER_H

#include "llvm/ADT/StringRef.h"

namespace google::protobuf {
class Message;
} // namespace google::protobuf

namespace mlir::tfg {

/// Parses a binary message straight from a file (never the whole file in
/// memory next to the message). False if unreadable or malformed.
bool parseBinaryProtoFile(llvm::StringRef path,
                          google::protobuf::Message &message);

} // namespace mlir::tfg

#endif // TFG_LIB_IMPORTEXPORT_MODELREADER_H
