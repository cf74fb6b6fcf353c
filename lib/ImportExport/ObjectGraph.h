//===- ObjectGraph.h - Checkpoint keys from a TF2 object graph ---*- C++
//-*-===//
//
// Internal to lib/ImportExport. A TF2 SavedModel's checkpoint names each
// variable by its path in the object tree (`child/z/.ATTRIBUTES/
// VARIABLE_VALUE`), not by its node name; the MetaGraphDef's
// `object_graph_def` holds that tree and says which object each captured
// input of a concrete function is. This reads it and tells each variable
// node its key, so tfg-freeze-variables can find it.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_IMPORTEXPORT_OBJECTGRAPH_H
#define TFG_LIB_IMPORTEXPORT_OBJECTGRAPH_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"

namespace tensorflow {
class MetaGraphDef;
} // namespace tensorflow

namespace mlir::tfg {

/// Sets `tfg.checkpoint_key` on every variable node of the module's graph
/// that `meta`'s object graph identifies: a VarHandleOp passed to a call of
/// a saved concrete function as one of its captured inputs (`bound_inputs`)
/// whose object is a variable, else one whose `shared_name` is the `name`
/// of exactly one saved variable. The key is the object's first path from
/// the root in breadth-first order (TensorFlow's rule), local names escaped
/// as TensorFlow escapes them, plus `/.ATTRIBUTES/VARIABLE_VALUE`. Does
/// nothing without an object graph; fails, after one error at `file`, on a
/// malformed one (unparsable, or a reference to a node that does not
/// exist). Cycles in the object graph are fine.
LogicalResult annotateCheckpointKeys(const tensorflow::MetaGraphDef &meta,
                                     ModuleOp module, llvm::StringRef file);

/// Records where a SavedModel's assets are: for each AssetFileDef, the
/// node its tensor names (a Placeholder the loader feeds with the asset's
/// path) and the asset file, resolved against the `assets` folder beside
/// `file` (the saved_model.pb), as the module attr `tfg.assets` = {node =
/// "/abs/path"}. Freezing binds those Placeholders. An asset file name that
/// is absolute or leaves the assets folder is an error (never trust a path
/// from a file); nothing is opened here.
LogicalResult recordAssets(const tensorflow::MetaGraphDef &meta,
                           ModuleOp module, llvm::StringRef file);

} // namespace mlir::tfg

#endif // TFG_LIB_IMPORTEXPORT_OBJECTGRAPH_H
