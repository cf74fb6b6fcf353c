//===- Npy.cpp - NumPy .npy files -----------------------------------------===//
//
// The header is a Python dict literal, {'descr': '<f4', 'fortran_order':
// False, 'shape': (2, 3), }, parsed here by a small parser of exactly that
// grammar so that each way it can be wrong gets its own message, and so
// that no size in it (header length, dims) is used before it is checked.
//
//===----------------------------------------------------------------------===//

#include "TFG/Runner/Npy.h"

#include "TFG/Dialect/IR/InputFile.h"
#include "TFG/Dialect/IR/OutputFile.h"

#include "mlir/IR/Diagnostics.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// The header dict. Each parse function returns false after setting
/// `error`.
class NpyHeader {
public:
  explicit NpyHeader(llvm::StringRef text) : rest(text) {}

  bool parse();

  std::optional<std::string> descr;
  std::optional<bool> fortranOrder;
  std::optional<std::vector<int64_t>> shape;
  std::string error;

private:
  bool fail(const llvm::Twine &message) {
    error = message.str();
    return false;
  }
  bool parseString(std::string &out);
  bool parseShape();
  bool parseValue(llvm::StringRef key);

  llvm::StringRef rest;
};
} // namespace

bool NpyHeader::parseString(std::string &out) {
  char quote = rest.empty() ? 0 : rest.front();
  if (quote != '\'' && quote != '"')
    return fail("expected a quoted string at '" + rest.take_front(12) + "'");
  size_t end = rest.find(quote, 1);
  if (end == llvm::StringRef::npos)
    return fail("unterminated string");
  out = rest.slice(1, end).str();
  rest = rest.drop_front(end + 1).ltrim();
  return true;
}

bool NpyHeader::parseShape() {
  llvm::StringRef start = rest;
  auto bad = [&](const llvm::Twine &why) {
    llvm::StringRef tuple = start.take_until([](char c) { return c == ')'; });
    return fail("shape '" + tuple + ")' is not a tuple of integers: " + why);
  };
  if (!rest.consume_front("("))
    return fail("'shape' is not a tuple (at '" + rest.take_front(12) + "')");
  std::vector<int64_t> dims;
  rest = rest.ltrim();
  while (!rest.consume_front(")")) {
    llvm::StringRef digits =
        rest.take_while([](char c) { return llvm::isDigit(c) || c == '-'; });
    long long dim;
    if (digits.empty() || digits.getAsInteger(10, dim))
      return bad("expected an integer at '" + rest.take_front(12) + "'");
    if (dim < 0)
      return fail(
          "negative dimension " + llvm::Twine(dim) + " in shape (" +
          start.drop_front().take_until([](char c) { return c == ')'; }) + ")");
    dims.push_back(dim);
    rest = rest.drop_front(digits.size()).ltrim();
    rest.consume_front("L"); // Python 2 longs.
    if (rest.consume_front(",")) {
      rest = rest.ltrim();
      continue;
    }
    if (!rest.starts_with(")"))
      return bad("expected ',' or ')' at '" + rest.take_front(12) + "'");
  }
  shape = std::move(dims);
  rest = rest.ltrim();
  return true;
}

bool NpyHeader::parseValue(llvm::StringRef key) {
  if (key == "descr") {
    if (rest.starts_with("["))
      return fail("structured dtypes (a list 'descr') are not supported");
    descr.emplace();
    return parseString(*descr);
  }
  if (key == "fortran_order") {
    if (rest.consume_front("True"))
      fortranOrder = true;
    else if (rest.consume_front("False"))
      fortranOrder = false;
    else
      return fail("'fortran_order' is neither True nor False");
    rest = rest.ltrim();
    return true;
  }
  if (key == "shape")
    return parseShape();
  return fail("unexpected key '" + key +
              "' (a header has 'descr', 'fortran_order' and 'shape')");
}

bool NpyHeader::parse() {
  rest = rest.trim();
  if (!rest.consume_front("{"))
    return fail("the header is not a dict (it starts with '" +
                rest.take_front(12) + "')");
  rest = rest.ltrim();
  while (!rest.consume_front("}")) {
    if (rest.empty())
      return fail("the header dict is not closed with '}'");
    std::string key;
    if (!parseString(key))
      return false;
    if (!rest.consume_front(":"))
      return fail("expected ':' after '" + key + "'");
    rest = rest.ltrim();
    if ((key == "descr" && descr) || (key == "shape" && shape) ||
        (key == "fortran_order" && fortranOrder))
      return fail("'" + key + "' is given twice");
    if (!parseValue(key))
      return false;
    if (rest.consume_front(","))
      rest = rest.ltrim();
    else if (rest.empty())
      return fail("the header dict is not closed with '}'");
    else if (!rest.starts_with("}"))
      return fail("expected ',' or '}' at '" + rest.take_front(12) + "'");
  }
  if (!rest.trim().empty())
    return fail("unexpected '" + rest.trim().take_front(12) +
                "' after the header dict");
  for (auto [present, key] :
       {std::make_pair(bool(descr), "descr"),
        std::make_pair(bool(fortranOrder), "fortran_order"),
        std::make_pair(bool(shape), "shape")})
    if (!present)
      return fail("the header has no '" + llvm::Twine(key) + "'");
  return true;
}

FailureOr<Tensor> mlir::tfg::readNpy(llvm::StringRef path, Location loc) {
  llvm::StringRef name = inputDisplayName(path);
  auto fail = [&](const llvm::Twine &message) {
    return emitError(loc) << name << ": " << message;
  };
  // The data is copied into the tensor: the file may take half the memory.
  uint64_t limit = availableMemoryBytes() / 2;
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> buffer =
      readInputFile(path, error, limit,
                    "half the " + formatBytes(2 * limit) +
                        " of memory available (the data is copied)");
  if (!buffer)
    return fail(error);
  llvm::StringRef bytes = buffer->getBuffer();
  if (!bytes.starts_with("\x93NUMPY"))
    return fail(bytes.empty() ? "the file is empty, not an .npy file"
                              : "not an .npy file (no \\x93NUMPY magic)");
  if (bytes.size() < 10)
    return fail("truncated: " + llvm::Twine(bytes.size()) +
                " bytes, less than an .npy preamble");
  unsigned major = (unsigned char)bytes[6], minor = (unsigned char)bytes[7];
  size_t headerLength, headerStart;
  if (major == 1) {
    headerLength = (unsigned char)bytes[8] | ((unsigned char)bytes[9] << 8);
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12)
      return fail("truncated: " + llvm::Twine(bytes.size()) +
                  " bytes, less than an .npy version " + llvm::Twine(major) +
                  " preamble");
    headerLength = (unsigned char)bytes[8] | ((unsigned char)bytes[9] << 8) |
                   ((unsigned char)bytes[10] << 16) |
                   ((size_t)(unsigned char)bytes[11] << 24);
    headerStart = 12;
  } else {
    return fail("unsupported .npy version " + llvm::Twine(major) + "." +
                llvm::Twine(minor) + " (1.0, 2.0 and 3.0 are)");
  }
  if (headerLength > bytes.size() - headerStart)
    return fail("the header length " + llvm::Twine(headerLength) +
                " goes past the end of the file (" +
                llvm::Twine(bytes.size() - headerStart) +
                " bytes after the preamble)");
  NpyHeader header(bytes.substr(headerStart, headerLength));
  if (!header.parse())
    return fail("bad header: " + header.error);
  if (*header.fortranOrder)
    return fail("fortran_order is True (a column-major array): not "
                "supported; save it with np.ascontiguousarray");
  Tensor array;
  array.dtype = *header.descr;
  array.shape = *header.shape;
  // NumPy writes '|' for one-byte dtypes and '<' (or '=' on a little-endian
  // machine) for the others.
  if (llvm::StringRef(array.dtype).starts_with("="))
    array.dtype[0] =
        array.dtype.size() == 3 && array.dtype[2] == '1' ? '|' : '<';
  if (llvm::StringRef(array.dtype).starts_with(">"))
    return fail("big-endian dtype '" + array.dtype + "' is not supported");
  int64_t elementSize = dtypeElementSize(array.dtype);
  if (!elementSize)
    return fail("unsupported dtype '" + array.dtype +
                "' (supported: <f2 <f4 <f8 |i1 <i2 <i4 <i8 |u1 <u2 <u4 <u8 "
                "|b1)");
  std::optional<uint64_t> expected = array.byteSize();
  if (!expected)
    return fail("shape " + shapeString(array.shape) + " of '" + array.dtype +
                "' holds more than 2^63 bytes");
  uint64_t payload = bytes.size() - headerStart - headerLength;
  if (payload != *expected)
    return fail("has " + llvm::Twine(payload) + " data bytes, but shape " +
                shapeString(array.shape) + " of '" + array.dtype + "' needs " +
                llvm::Twine(*expected) +
                (payload < *expected ? " (truncated?)" : ""));
  llvm::StringRef data = bytes.drop_front(headerStart + headerLength);
  array.data.assign(data.begin(), data.end());
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
