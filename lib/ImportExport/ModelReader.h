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
struct ArenaOptions;
} // namespace google::protobuf

namespace mlir::tfg {

/// Parses a binary message from the bytes of a whole input (as
/// readInputFile, InputFile.h, reads it: a regular file is mapped, not
/// copied). With `releasePages`, which needs `bytes` to be a file mapping,
/// the pages parsed are given back to the kernel as the parse goes, so the
/// file and the message are not both resident. False if malformed or more
/// than protobuf's 2 GiB.
bool parseBinaryProto(llvm::StringRef bytes, google::protobuf::Message &message,
                      bool releasePages = false);

/// The arena options a parsed GraphDef is allocated with: large blocks, so
/// that a GiB-sized GraphDef is not 10^5 small mallocs and frees.
google::protobuf::ArenaOptions graphArenaOptions();

} // namespace mlir::tfg

#endif // TFG_LIB_IMPORTEXPORT_MODELREADER_H
