//===- Passes.h - TFG graph passes ---------------------------------*- C++
//-*-===//

#ifndef TFG_TRANSFORMS_PASSES_H
#define TFG_TRANSFORMS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tfg {

#define GEN_PASS_DECL
#include "TFG/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "TFG/Transforms/Passes.h.inc"

} // namespace mlir::tfg

#endif // TFG_TRANSFORMS_PASSES_H
