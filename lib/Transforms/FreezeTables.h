//===- FreezeTables.h - Lookup tables and assets in freezing ------*- C++
//-*-===//
//
// Internal to lib/Transforms (tfg-freeze-variables). A lookup table is a
// resource that is not a variable: its contents come from an initializer
// (often a text file shipped as a SavedModel asset) run once before the
// first lookup. Freezing keeps that working: asset Placeholders become
// Consts of the asset's path, the initializers of the tables the outputs
// look up are kept behind TensorFlow's `init_all_tables`, and, on request,
// a text-file initializer is folded into Consts read from the file.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_TRANSFORMS_FREEZETABLES_H
#define TFG_LIB_TRANSFORMS_FREEZETABLES_H

#include "TFG/Dialect/IR/TFG.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir::tfg {

/// Replaces each Placeholder the module's `tfg.assets` names by a string
/// Const of the asset's path (same name). Returns the number bound.
unsigned bindAssetPaths(GraphOp graph);

/// The initializers of the lookup tables `roots` reach (over data and
/// control edges, through forwarding nodes): a NoOp `init_all_tables`
/// (TensorFlow's name, made unique) waiting for them, or null when no
/// table is reached. Add it to the roots to keep them.
Operation *collectTableInitializers(GraphOp graph, ArrayRef<Operation *> roots);

/// Folds each InitializeTableFromTextFileV2 whose file name is a Const into
/// an InitializeTableV2 of Consts holding the file's keys and values
/// (TensorFlow's TextFileLineIterator rules: key/value index -2 is the whole
/// line, -1 the line number, n the n-th `delimiter`-separated field;
/// `vocab_size` lines at most; a trailing "\r" is not part of the line).
/// Files over `maxBytes` and key/value dtypes other than string and int64
/// are errors, as is a line without the field asked for.
LogicalResult foldTextFileInitializers(GraphOp graph, uint64_t maxBytes);

} // namespace mlir::tfg

#endif // TFG_LIB_TRANSFORMS_FREEZETABLES_H
