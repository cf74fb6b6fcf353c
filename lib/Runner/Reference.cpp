//===- Reference.cpp - Inputs, reference folders, comparisons -------------===//

#include "TFG/Runner/Reference.h"

#include "TFG/Runner/Npy.h"

#include "TFG/Dialect/IR/InputFile.h"

#include "mlir/IR/Diagnostics.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace mlir::tfg;

FailureOr<ReferenceFolder> ReferenceFolder::open(llvm::StringRef dir,
                                                 Location loc) {
  ReferenceFolder folder;
  folder.dir = dir.str();
  if (!llvm::sys::fs::is_directory(dir))
    return emitError(loc) << "--compare: '" << dir
                          << "' is not a directory of reference .npy files";
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, "summary.json");
  if (!llvm::sys::fs::exists(path))
    return folder;
  auto fail = [&](const llvm::Twine &message) {
    return emitError(loc) << path << ": " << message;
  };
  std::string error;
  // A reference summary is a few KiB; 64 MiB is a generous bound.
  std::unique_ptr<llvm::MemoryBuffer> buffer =
      readInputFile(path, error, 64 << 20, "the 64 MiB a summary may have");
  if (!buffer)
    return fail(error);
  // llvm::json's parser recurses per level: bound the nesting first.
  if (std::optional<NestingTooDeep> deep =
          findTooDeepNesting(buffer->getBuffer(), /*limit=*/100))
    return fail("nests deeper than 100 levels at line " +
                llvm::Twine(deep->line) + ", column " +
                llvm::Twine(deep->column));
  llvm::Expected<llvm::json::Value> json =
      llvm::json::parse(buffer->getBuffer());
  if (!json)
    return fail("not valid JSON: " + llvm::toString(json.takeError()));
  const llvm::json::Object *root = json->getAsObject();
  if (!root)
    return fail("not a JSON object");
  auto entries = [&](llvm::StringRef key, llvm::StringRef nameKey,
                     std::vector<std::pair<std::string, std::string>> &out)
      -> LogicalResult {
    const llvm::json::Value *value = root->get(key);
    if (!value)
      return success();
    const llvm::json::Array *list = value->getAsArray();
    if (!list)
      return fail("'" + key + "' is not a list");
    for (auto [i, entry] : llvm::enumerate(*list)) {
      std::string where = (key + "[" + llvm::Twine(i) + "]").str();
      const llvm::json::Object *o = entry.getAsObject();
      std::optional<llvm::StringRef> name =
          o ? o->getString(nameKey) : std::nullopt;
      std::optional<llvm::StringRef> file =
          o ? o->getString("file") : std::nullopt;
      if (!name || !file)
        return fail(where + " needs the strings '" + nameKey + "' and 'file'");
      // A file from the summary stays inside the folder.
      bool escapes =
          file->empty() || llvm::sys::path::is_absolute(*file) ||
          llvm::is_contained(llvm::make_range(llvm::sys::path::begin(*file),
                                              llvm::sys::path::end(*file)),
                             "..");
      if (escapes)
        return fail(where + " names file '" + *file +
                    "', which is not a relative path inside the folder");
      out.push_back({name->str(), file->str()});
    }
    return success();
  };
  if (failed(entries("inputs", "node", folder.inputs)) ||
      failed(entries("outputs", "tensor", folder.outputs)))
    return failure();
  folder.hasSummary = true;
  return folder;
}

std::string ReferenceFolder::outputFile(size_t index, bool bySummary) const {
  if (bySummary && hasSummary && index < outputs.size())
    return outputs[index].second;
  std::string file;
  std::string prefix = "output_" + std::to_string(index) + "_";
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec))
    if (llvm::sys::path::filename(it->path()).starts_with(prefix))
      file = llvm::sys::path::filename(it->path()).str();
  return file;
}

std::string mlir::tfg::outputFileName(size_t index, llvm::StringRef name) {
  std::string sanitized = name.str();
  std::replace(sanitized.begin(), sanitized.end(), ':', '_');
  std::replace(sanitized.begin(), sanitized.end(), '/', '_');
  return "output_" + std::to_string(index) + "_" + sanitized + ".npy";
}

LogicalResult mlir::tfg::writeOutputFolder(llvm::StringRef dir,
                                           llvm::ArrayRef<TensorInfo> infos,
                                           llvm::ArrayRef<Tensor> outputs,
                                           Location loc) {
  llvm::sys::fs::create_directories(dir);
  for (auto [i, info] : llvm::enumerate(infos))
    if (failed(writeNpy((dir + "/" + outputFileName(i, info.name)).str(),
                        outputs[i], loc)))
      return failure();
  return success();
}

Tensor mlir::tfg::randomTensor(const TensorInfo &info, std::mt19937 &rng) {
  Tensor tensor{info.dtype, info.shape, {}};
  assert(!info.hasDynamicDims() && "random values of a dynamic shape");
  int64_t n = tensor.numElements(), size = tensor.elementSize();
  tensor.data.resize(n * size);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  std::uniform_int_distribution<int> byte(0, 255);
  llvm::StringRef kind = llvm::StringRef(tensor.dtype).drop_front();
  for (int64_t i = 0; i < n; ++i) {
    char *p = tensor.data.data() + i * size;
    if (kind == "f4") {
      float v = uniform(rng);
      std::memcpy(p, &v, 4);
    } else if (kind == "f8") {
      double v = uniform(rng);
      std::memcpy(p, &v, 8);
    } else if (kind == "b1") {
      *p = byte(rng) & 1;
    } else {
      int64_t v = byte(rng);
      std::memcpy(p, &v, size); // little-endian: the low bytes
    }
  }
  return tensor;
}

FailureOr<std::vector<Tensor>> mlir::tfg::assembleInputs(
    const CompiledModel &model, const std::map<std::string, Tensor> &fed,
    std::mt19937 *rng, Location loc, int64_t dynamicSize) {
  std::vector<Tensor> inputs;
  for (const TensorInfo &info : model.inputs()) {
    auto it = fed.find(info.name);
    if (it != fed.end()) {
      if (it->second.dtype != info.dtype || !info.accepts(it->second.shape))
        return emitError(loc)
               << "input '" << info.name << "': the value given is "
               << it->second.dtype << " " << shapeString(it->second.shape)
               << ", the model wants " << info.dtype << " "
               << shapeString(info.shape);
      inputs.push_back(it->second);
    } else if (rng) {
      TensorInfo concrete = info;
      concrete.shape = info.withDynamicDims(dynamicSize);
      inputs.push_back(randomTensor(concrete, *rng));
    } else {
      return emitError(loc)
             << "input '" << info.name << "' " << shapeString(info.shape)
             << " has no value: give --input " << info.name

             << "=file.npy or --random-inputs";
    }
  }
  return inputs;
}

Comparison mlir::tfg::compareTensors(const Tensor &got, const Tensor &want,
                                     const Tolerance &tolerance) {
  Comparison result;
  result.shape = got.shape;
  result.referenceShape = want.shape;
  if (got.shape != want.shape)
    return result;
  result.isFloat = got.dtype[1] == 'f' && want.dtype[1] == 'f';
  double diff2 = 0, ref2 = 0;
  for (int64_t i = 0; i < got.numElements(); ++i) {
    double g = got.elementAsDouble(i), w = want.elementAsDouble(i);
    // NaN matches NaN; NaN against a number is infinitely off.
    double d =
        std::isnan(g) != std::isnan(w) ? INFINITY : (std::isnan(g) ? 0 : g - w);
    result.maxAbs = std::max(result.maxAbs, std::abs(d));
    diff2 += d * d;
    ref2 += w * w;
    result.unequal += d != 0;
  }
  result.relL2 = ref2 > 0 ? std::sqrt(diff2 / ref2) : std::sqrt(diff2);
  result.passed = result.isFloat ? (result.relL2 <= tolerance.rtol ||
                                    result.maxAbs <= tolerance.atol)
                                 : result.unequal == 0;
  return result;
}

void mlir::tfg::printComparison(llvm::raw_ostream &os, llvm::StringRef name,
                                const Comparison &comparison) {
  if (comparison.shape != comparison.referenceShape) {
    os << llvm::formatv("  {0,-40} FAIL shape {1} vs reference {2}\n", name,
                        shapeString(comparison.shape),
                        shapeString(comparison.referenceShape));
    return;
  }
  os << llvm::formatv("  {0,-40} {1} max_abs={2:e2} rel_l2={3:e2}", name,
                      comparison.passed ? "ok  " : "FAIL", comparison.maxAbs,
                      comparison.relL2);
  if (!comparison.isFloat)
    os << " unequal=" << comparison.unequal;
  os << "\n";
}

FailureOr<bool> mlir::tfg::compareWithReference(
    llvm::raw_ostream &os, const ReferenceFolder &folder, bool bySummary,
    llvm::ArrayRef<TensorInfo> infos, llvm::ArrayRef<Tensor> outputs,
    const Tolerance &tolerance, Location loc) {
  bool passed = true;
  for (auto [i, info] : llvm::enumerate(infos)) {
    std::string file = folder.outputFile(i, bySummary);
    if (file.empty())
      return emitError(loc)
             << "no reference for output " << i << " in " << folder.dir;
    FailureOr<Tensor> want = readNpy(folder.dir + "/" + file, loc);
    if (failed(want))
      return failure();
    Comparison comparison = compareTensors(outputs[i], *want, tolerance);
    printComparison(os, info.name, comparison);
    passed &= comparison.passed;
  }
  return passed;
}
