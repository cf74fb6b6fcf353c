//===- npy.cpp - Fuzz target: .npy files ----------------------------------===//
//
// readNpy (which reads files only: the input is written to the scratch
// folder in /dev/shm each execution), then every element read back as a
// double, as tfg-run's --compare does. Seeds: the tests' .npy files.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include "TFG/Runner/Npy.h"

#include "mlir/IR/Location.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const mlir::DialectRegistry registry;
  std::string path =
      tfg::fuzz::writeScratchFile("x.npy", tfg::fuzz::asString(data, size));
  tfg::fuzz::FuzzContext &context =
      tfg::fuzz::FuzzContext::forExecution(registry);
  mlir::FailureOr<mlir::tfg::Tensor> tensor =
      mlir::tfg::readNpy(path, mlir::UnknownLoc::get(context.get()));
  context.checkOutcome(succeeded(tensor), "readNpy");
  if (failed(tensor))
    return 0;
  // What a caller may rely on: no negative dimension, and the data holds
  // numElements elements.
  for (int64_t dim : tensor->shape)
    if (dim < 0) {
      llvm::errs() << "tfg-fuzz: readNpy accepted dimension " << dim << "\n";
      std::abort();
    }
  int64_t n = tensor->numElements();
  if (n < 0 || tensor->elementSize() <= 0 ||
      uint64_t(n) * uint64_t(tensor->elementSize()) != tensor->data.size()) {
    llvm::errs() << "tfg-fuzz: readNpy returned " << n << " elements of "
                 << tensor->elementSize() << " bytes in " << tensor->data.size()
                 << " bytes\n";
    std::abort();
  }
  double sum = 0;
  for (int64_t i = 0; i < n; ++i)
    sum += tensor->elementAsDouble(i);
  (void)sum;
  return 0;
}
