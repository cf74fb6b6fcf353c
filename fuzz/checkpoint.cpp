//===- checkpoint.cpp - Fuzz target: checkpoint index + data --------------===//
//
// The input is `<index bytes>` TFGCKPTDATA `<data bytes>` (no separator:
// all index, empty data). Both are written to the scratch folder in
// /dev/shm as `ckpt.index` and `ckpt.data-00000-of-00001` (the reader takes
// a prefix), opened with CheckpointReader::open, and every tensor is read.
// The fuzz build does not enforce CRC32Cs (FUZZING_BUILD_MODE_UNSAFE_FOR_
// PRODUCTION), so mutations reach the parsing behind them. Seeds:
// utils/fuzz.sh joins the checkpoint fixtures' .index and .data files.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include "TFG/Checkpoint/CheckpointReader.h"

#include "llvm/Support/Error.h"

/// An error must say what is wrong: one non-empty message.
static void checkError(llvm::Error error) {
  if (!error)
    return;
  std::string message = llvm::toString(std::move(error));
  if (message.empty()) {
    llvm::errs() << "tfg-fuzz: checkpoint error without a message\n";
    std::abort();
  }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef input = tfg::fuzz::asString(data, size);
  auto [index, shard] = input.split("TFGCKPTDATA");
  tfg::fuzz::writeScratchFile("ckpt.index", index);
  tfg::fuzz::writeScratchFile("ckpt.data-00000-of-00001", shard);
  auto reader = tfg::checkpoint::CheckpointReader::open(
      tfg::fuzz::scratchDir() + "/ckpt");
  if (!reader)
    return checkError(reader.takeError()), 0;
  for (const std::string &name : reader->names()) {
    const tensorflow::BundleEntryProto *entry = reader->lookup(name);
    if (!entry) {
      llvm::errs() << "tfg-fuzz: listed tensor '" << name << "' not found\n";
      std::abort();
    }
    if (entry->dtype() == tensorflow::DT_STRING) {
      auto strings = reader->readStringTensor(name);
      if (!strings)
        checkError(strings.takeError());
    } else {
      auto bytes = reader->readTensorBytes(name);
      if (!bytes)
        checkError(bytes.takeError());
    }
  }
  return 0;
}
