//===- Npy.h - NumPy .npy files (v1/v2, little-endian, C order) ---*- C++ -*-===//

#ifndef TFG_TOOLS_TFG_RUN_NPY_H
#define TFG_TOOLS_TFG_RUN_NPY_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tfg_run {

/// A tensor read from or written to an .npy file. `descr` is NumPy's dtype
/// string ("<f4", "<i4", "|b1", ...), `data` the raw little-endian bytes.
struct NpyArray {
  std::string descr;
  std::vector<int64_t> shape;
  std::vector<char> data;
  int64_t numElements() const;
};

/// Bytes per element of a descr, or 0 when it is not supported.
int64_t npyElementSize(llvm::StringRef descr);

/// Reads `path`; on failure returns false with `error` set.
bool readNpy(llvm::StringRef path, NpyArray &array, std::string &error);
bool writeNpy(llvm::StringRef path, const NpyArray &array, std::string &error);

} // namespace tfg_run

#endif // TFG_TOOLS_TFG_RUN_NPY_H
