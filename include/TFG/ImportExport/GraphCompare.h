//===- GraphCompare.h - Semantic GraphDef comparison -------------*- C++
//-*-===//
//
// Two GraphDefs are equal when they describe the same graph: node order,
// control-input order, attrs equal to their OpDef defaults, and the encoding
// of tensor values (tensor_content vs. typed fields, a splat as one value)
// do not matter. This is the round-trip contract of the importer/exporter,
// checked independently of it (no MLIR involved).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IMPORTEXPORT_GRAPHCOMPARE_H
#define TFG_IMPORTEXPORT_GRAPHCOMPARE_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace tensorflow {
class GraphDef;
} // namespace tensorflow

namespace mlir::tfg {

/// Reads a GraphDef from a binary or text file ("-": stdin), read exactly
/// once (no MLIR, no validation). An empty input is an error unless
/// `allowEmptyInput`. On failure `error` says why (without the path).
bool readGraphDefFile(llvm::StringRef path, tensorflow::GraphDef &graph,
                      std::string &error, bool allowEmptyInput = false);

/// Rewrites `graph` into its canonical form: nodes sorted by name, control
/// inputs sorted and deduplicated, "x:0" spelled "x", registry defaults
/// filled in, tensors as full tensor_content (strings as string_val), and
/// functions sorted by name with their nodes canonicalized likewise.
void canonicalizeGraphDef(tensorflow::GraphDef &graph);

/// Compares two GraphDefs semantically. Returns the differences found, at
/// most `maxDifferences`, each naming the node and field; empty if equal.
std::vector<std::string> compareGraphDefs(const tensorflow::GraphDef &a,
                                          const tensorflow::GraphDef &b,
                                          unsigned maxDifferences = 20);

} // namespace mlir::tfg

#endif // TFG_IMPORTEXPORT_GRAPHCOMPARE_H
