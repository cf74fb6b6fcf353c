//===- Npy.cpp - NumPy .npy files -------------------------------------------===//

#include "Npy.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace tfg_run;

int64_t NpyArray::numElements() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

int64_t tfg_run::npyElementSize(llvm::StringRef descr) {
  if (descr.size() < 3 || (descr[0] != '<' && descr[0] != '|'))
    return 0;
  llvm::StringRef kind = descr.drop_front();
  if (kind == "f4" || kind == "i4" || kind == "u4")
    return 4;
  if (kind == "f8" || kind == "i8" || kind == "u8")
    return 8;
  if (kind == "f2" || kind == "i2" || kind == "u2")
    return 2;
  if (kind == "b1" || kind == "i1" || kind == "u1")
    return 1;
  return 0;
}

/// The value of `'key':` in a header dict (up to the next top-level comma).
static llvm::StringRef headerValue(llvm::StringRef header, llvm::StringRef key) {
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

bool tfg_run::readNpy(llvm::StringRef path, NpyArray &array, std::string &error) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
  if (!buffer) {
    error = path.str() + ": " + buffer.getError().message();
    return false;
  }
  llvm::StringRef bytes = (*buffer)->getBuffer();
  if (!bytes.starts_with("\x93NUMPY") || bytes.size() < 10) {
    error = path.str() + ": not an .npy file";
    return false;
  }
  unsigned major = (unsigned char)bytes[6];
  size_t headerLength, headerStart;
  if (major == 1) {
    headerLength = (unsigned char)bytes[8] | ((unsigned char)bytes[9] << 8);
    headerStart = 10;
  } else {
    headerLength = (unsigned char)bytes[8] | ((unsigned char)bytes[9] << 8) |
                   ((unsigned char)bytes[10] << 16) | ((size_t)(unsigned char)bytes[11] << 24);
    headerStart = 12;
  }
  if (headerStart + headerLength > bytes.size()) {
    error = path.str() + ": truncated header";
    return false;
  }
  llvm::StringRef header = bytes.substr(headerStart, headerLength);
  array.descr = headerValue(header, "descr").str();
  if (headerValue(header, "fortran_order") == "True") {
    error = path.str() + ": Fortran-order arrays are not supported";
    return false;
  }
  array.shape.clear();
  llvm::SmallVector<llvm::StringRef> dims;
  headerValue(header, "shape").split(dims, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef d : dims) {
    int64_t v;
    if (d.trim().getAsInteger(10, v)) {
      error = path.str() + ": bad shape in header";
      return false;
    }
    array.shape.push_back(v);
  }
  int64_t elementSize = npyElementSize(array.descr);
  if (!elementSize) {
    error = path.str() + ": dtype '" + array.descr + "' is not supported";
    return false;
  }
  llvm::StringRef payload = bytes.drop_front(headerStart + headerLength);
  size_t expected = array.numElements() * elementSize;
  if (payload.size() < expected) {
    error = path.str() + ": has " + std::to_string(payload.size()) +
            " data bytes, the header says " + std::to_string(expected);
    return false;
  }
  array.data.assign(payload.begin(), payload.begin() + expected);
  return true;
}

bool tfg_run::writeNpy(llvm::StringRef path, const NpyArray &array, std::string &error) {
  std::string shape;
  for (size_t i = 0; i < array.shape.size(); ++i)
    shape += (i ? ", " : "") + std::to_string(array.shape[i]);
  if (array.shape.size() == 1)
    shape += ","; // a 1-tuple
  std::string header = "{'descr': '" + array.descr +
                       "', 'fortran_order': False, 'shape': (" + shape + "), }";
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec) {
    error = path.str() + ": " + ec.message();
    return false;
  }
  os << "\x93NUMPY" << char(1) << char(0) << char(header.size() & 0xff)
     << char(header.size() >> 8) << header;
  os.write(array.data.data(), array.data.size());
  return true;
}
