//===- graph-compare.cpp - Fuzz target: tfg-graph-diff's reader -----------===//
//
// readGraphDefFile (binary or text, no MLIR; written to the scratch folder
// in /dev/shm each execution) and compareGraphDefs of the graph with
// itself: tfg-graph-diff's own canonicalizer and tensor decoder, which do
// not share code with the importer. Seeds: GraphDefs, binary and text.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include "TFG/ImportExport/GraphCompare.h"

#include "graph.pb.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string path =
      tfg::fuzz::writeScratchFile("graph.pb", tfg::fuzz::asString(data, size));
  tensorflow::GraphDef graph;
  std::string error;
  if (!mlir::tfg::readGraphDefFile(path, graph, error)) {
    if (error.empty()) {
      llvm::errs() << "tfg-fuzz: readGraphDefFile failed without a message\n";
      std::abort();
    }
    return 0;
  }
  (void)mlir::tfg::compareGraphDefs(graph, graph);
  return 0;
}
