//===- Npy.cpp - NumPy .npy files -----------------------------------------===//

#include "TFG/Runner/Npy.h"

#include "TFG/Dialect/IR/OutputFile.h"

#include "mlir/IR/Diagnostics.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tfg;

/// The value of `'key':` in a header dict (up to the next top-level comma).
static llvm::StringRef headerValue(llvm::StringRef header,
                                   llvm::StringRef key) {
  size_t at = header.find("'" + key.str() + "'");
  if (at == llvm::StringRef::npos)
    return {};
  llvm::StringRef rest = header.drop_front(at + key.size() + 2).ltrim();
  if (!rest.consume_front(":"))
    return {};
  rest = rest.ltrim();
  if (rest.starts_with("(")) // a shape tuple
    return rest.take_until([](char c) { return c == ')'; }).drop_front();
  if (rest.starts_with("'"))
    return rest.drop_front().take_until([](char c) { return c == '\''; });
  return rest.take_until([](char c) { return c == ',' || c == '}'; }).trim();
}

FailureOr<Tensor> mlir::tfg::readNpy(llvm::StringRef path, Location loc) {
  Tensor array;
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
  if (!buffer)
    return emitError(loc) << path << ": " << buffer.getError().message();
  llvm::StringRef bytes = (*buffer)->getBuffer();
  if (!bytes.starts_with("\x93NUMPY") || bytes.size() < 10)
    return emitError(loc) << path << ": not an .npy file";
  unsigned major = (unsigned char)bytes[6];
  size_t headerLength, headerStart;
  if (major == 1) {
    headerLength = (unsigned char)bytes[8] | ((unsigned char)bytes[9] << 8);
    headerStart = 10;
  } else {
    headerLength = (unsigned char)bytes[8] | ((unsigned char)bytes[9] << 8) |
                   ((unsigned char)bytes[10] << 16) |
                   ((size_t)(unsigned char)bytes[11] << 24);
    headerStart = 12;
  }
  if (headerStart + headerLength > bytes.size())
    return emitError(loc) << path << ": truncated header";
  llvm::StringRef header = bytes.substr(headerStart, headerLength);
  array.dtype = headerValue(header, "descr").str();
  if (headerValue(header, "fortran_order") == "True")
    return emitError(loc) << path << ": Fortran-order arrays are not supported";
  array.shape.clear();
  llvm::SmallVector<llvm::StringRef> dims;
  headerValue(header, "shape").split(dims, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef d : dims) {
    int64_t v;
    if (d.trim().getAsInteger(10, v))
      return emitError(loc) << path << ": bad shape in header";
    array.shape.push_back(v);
  }
  int64_t elementSize = dtypeElementSize(array.dtype);
  if (!elementSize)
    return emitError(loc) << path << ": dtype '" << array.dtype
                          << "' is not supported";
  llvm::StringRef payload = bytes.drop_front(headerStart + headerLength);
  size_t expected = array.numElements() * elementSize;
  if (payload.size() < expected)
    return emitError(loc) << path << ": has " << payload.size()
                          << " data bytes, the header says " << expected;
  array.data.assign(payload.begin(), payload.begin() + expected);
  return array;
}

LogicalResult mlir::tfg::writeNpy(llvm::StringRef path, const Tensor &array,
                                  Location loc) {
  std::string shape;
  for (size_t i = 0; i < array.shape.size(); ++i)
    shape += (i ? ", " : "") + std::to_string(array.shape[i]);
  if (array.shape.size() == 1)
    shape += ","; // a 1-tuple
  std::string header = "{'descr': '" + array.dtype +
                       "', 'fortran_order': False, 'shape': (" + shape + "), }";
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::string error;
  if (failed(writeOutputFile(
          path,
          [&](llvm::raw_ostream &os) {
            os << "\x93NUMPY" << char(1) << char(0)
               << char(header.size() & 0xff) << char(header.size() >> 8)
               << header;
            os.write(array.data.data(), array.data.size());
            return success();
          },
          error)))
    return emitError(loc) << error;
  return success();
}
