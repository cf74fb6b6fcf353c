//===- Reference.h - Inputs, reference folders, comparisons -------*- C++
//-*-===//
//
// What checks a compiled model's numbers: a reference folder (the
// TensorFlow.js reference runner's format: summary.json naming the inputs
// and outputs, and their .npy files), generated inputs, and the comparison
// of outputs with references (max abs error, relative L2).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_RUNNER_REFERENCE_H
#define TFG_RUNNER_REFERENCE_H

#include "TFG/Runner/CompiledModel.h"
#include "TFG/Runner/Tensor.h"

#include "llvm/Support/raw_ostream.h"

#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace mlir::tfg {

/// A folder of reference .npy files, with the names summary.json gives them
/// when it has one.
struct ReferenceFolder {
  std::string dir;
  /// Whether summary.json was there (and parsed).
  bool hasSummary = false;
  std::vector<std::pair<std::string, std::string>> inputs;  // node, file
  std::vector<std::pair<std::string, std::string>> outputs; // tensor, file

  /// Opens `dir`: an error (emitted at `loc`) when it is not a directory, or
  /// when its summary.json is there but unreadable, malformed, nested
  /// deeper than JSON should be, or names a file outside the folder (an
  /// absolute path or '..'). A folder without summary.json has no entries.
  static FailureOr<ReferenceFolder> open(llvm::StringRef dir, Location loc);

  /// The file of output `index`'s reference: summary.json's (when
  /// `bySummary`), else the folder's output_<index>_*.npy; "" when none.
  std::string outputFile(size_t index, bool bySummary) const;
};

/// The name tfg-run --output-dir gives output `index` named `name`
/// (output_<index>_<name>.npy, with ':' and '/' made '_').
std::string outputFileName(size_t index, llvm::StringRef name);

/// Writes `outputs` into `dir` (created) as outputFileName(i, info.name).
LogicalResult writeOutputFolder(llvm::StringRef dir,
                                llvm::ArrayRef<TensorInfo> infos,
                                llvm::ArrayRef<Tensor> outputs, Location loc);

/// A tensor of `info`'s dtype and shape: floats in [0,1), ints in [0,255],
/// bools 0/1. The size must have been checked (CompiledModel::compile does).
Tensor randomTensor(const TensorInfo &info, std::mt19937 &rng);

/// The model's inputs, in order: each from `fed` (by name; its dtype and
/// shape must be the model's), else random when `rng` is given (of size
/// `dynamicSize` in each dynamic dimension), else an error.
FailureOr<std::vector<Tensor>>
assembleInputs(const CompiledModel &model,
               const std::map<std::string, Tensor> &fed, std::mt19937 *rng,
               Location loc, int64_t dynamicSize = 1);

struct Tolerance {
  /// Largest relative L2 error of a float output.
  double rtol = 1e-4;
  /// A float output also passes when its max abs error is at most this.
  double atol = 0;
};

/// An output against its reference. Integer and bool outputs must be equal.
struct Comparison {
  std::vector<int64_t> shape, referenceShape;
  bool isFloat = false;
  double maxAbs = 0, relL2 = 0;
  int64_t unequal = 0;
  bool passed = false;
};

Comparison compareTensors(const Tensor &got, const Tensor &want,
                          const Tolerance &tolerance);

/// One line: "  NAME  ok|FAIL max_abs=... rel_l2=..." (or the shapes).
void printComparison(llvm::raw_ostream &os, llvm::StringRef name,
                     const Comparison &comparison);

/// Compares each output with its reference in `folder` (found as
/// ReferenceFolder::outputFile says), printing a line for each; true when
/// all pass. Fails when a reference is missing or unreadable.
FailureOr<bool> compareWithReference(llvm::raw_ostream &os,
                                     const ReferenceFolder &folder,
                                     bool bySummary,
                                     llvm::ArrayRef<TensorInfo> infos,
                                     llvm::ArrayRef<Tensor> outputs,
                                     const Tolerance &tolerance, Location loc);

} // namespace mlir::tfg

#endif // TFG_RUNNER_REFERENCE_H
