//===- tfjs.cpp - Fuzz target: TensorFlow.js model.json -------------------===//
//
// The input is a model.json, written to the scratch folder in /dev/shm each
// execution beside one fixed weight shard, `weights.bin` (1 MiB of
// pseudo-random bytes, written once per process), then importModelFile as
// TF.js and export. utils/fuzz.sh points the seeds' weightsManifest paths
// at `weights.bin`.
//
//===----------------------------------------------------------------------===//

#include "FuzzImport.h"

static void writeWeightShard() {
  std::string bytes(1 << 20, '\0');
  uint32_t state = 12345;
  for (char &c : bytes) {
    state = state * 1664525u + 1013904223u;
    c = static_cast<char>(state >> 24);
  }
  tfg::fuzz::writeScratchFile("weights.bin", bytes);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const bool shardWritten = (writeWeightShard(), true);
  (void)shardWritten;
  std::string path = tfg::fuzz::writeScratchFile(
      "model.json", tfg::fuzz::asString(data, size));
  tfg::fuzz::FuzzContext &context =
      tfg::fuzz::FuzzContext::forExecution(tfg::fuzz::importRegistry());
  tfg::fuzz::checkImportAndExport(
      context, mlir::tfg::importModelFile(path, context.get(), {},
                                          mlir::tfg::ModelFormat::TFJS));
  return 0;
}
