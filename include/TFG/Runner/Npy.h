//===- Npy.h - NumPy .npy files (v1/v2, little-endian, C order) ---*- C++
//-*-===//

#ifndef TFG_RUNNER_NPY_H
#define TFG_RUNNER_NPY_H

#include "TFG/Runner/Tensor.h"

#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"

namespace mlir::tfg {

/// Reads an .npy file; errors (naming the file) are emitted at `loc`.
FailureOr<Tensor> readNpy(llvm::StringRef path, Location loc);

/// Writes `tensor` as an .npy file (version 1.0); errors are emitted at `loc`.
LogicalResult writeNpy(llvm::StringRef path, const Tensor &tensor,
                       Location loc);

} // namespace mlir::tfg

#endif // TFG_RUNNER_NPY_H
