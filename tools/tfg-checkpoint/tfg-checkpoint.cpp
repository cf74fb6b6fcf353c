//===- tfg-checkpoint.cpp - Lists and dumps TensorFlow V2 checkpoints -----===//
//
//   tfg-checkpoint PREFIX|DIR              lists name: dtype [shape] size
//   tfg-checkpoint PREFIX|DIR --dump NAME  prints the values of NAME
//
// Floats print with enough digits to round-trip (%.9g / %.17g), nested like
// MLIR's dense attributes: [[1, 2], [3, 4]].
//
//===----------------------------------------------------------------------===//

#include "TFG/Checkpoint/CheckpointReader.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include "ToolCommandLine.h"

#include <cstring>

using namespace tfg::checkpoint;
namespace cl = llvm::cl;
namespace endian = llvm::support::endian;

static cl::opt<std::string> input(cl::Positional, cl::Required,
                                  cl::desc("<checkpoint prefix or directory>"));
static cl::list<std::string> dumpNames("dump",
                                       cl::desc("Print the values of a tensor"),
                                       cl::value_desc("name"));

static std::string shapeString(const tensorflow::TensorShapeProto &shape) {
  if (shape.unknown_rank())
    return "[?]";
  std::string s = "[";
  for (int i = 0; i < shape.dim_size(); ++i)
    s += (i ? "," : "") + std::to_string(shape.dim(i).size());
  return s + "]";
}

static void printFloat(llvm::raw_ostream &os, double v, bool isDouble) {
  os << llvm::format(isDouble ? "%.17g" : "%.9g", v);
}

static float halfToFloat(uint16_t bits, const llvm::fltSemantics &sem) {
  llvm::APFloat f(sem, llvm::APInt(16, bits));
  bool losesInfo;
  f.convert(llvm::APFloat::IEEEsingle(), llvm::APFloat::rmNearestTiesToEven,
            &losesInfo);
  return f.convertToFloat();
}

/// Prints element `i` of `bytes` (dtype `dtype`).
static void printElement(llvm::raw_ostream &os, int dtype, const char *p) {
  switch (dtype) {
  case tensorflow::DT_FLOAT: {
    float f;
    uint32_t bits = endian::read32le(p);
    std::memcpy(&f, &bits, 4);
    return printFloat(os, f, false);
  }
  case tensorflow::DT_DOUBLE: {
    double d;
    uint64_t bits = endian::read64le(p);
    std::memcpy(&d, &bits, 8);
    return printFloat(os, d, true);
  }
  case tensorflow::DT_HALF:
    return printFloat(
        os, halfToFloat(endian::read16le(p), llvm::APFloat::IEEEhalf()), false);
  case tensorflow::DT_BFLOAT16:
    return printFloat(
        os, halfToFloat(endian::read16le(p), llvm::APFloat::BFloat()), false);
  case tensorflow::DT_COMPLEX64:
    os << "(";
    printElement(os, tensorflow::DT_FLOAT, p);
    os << ", ";
    printElement(os, tensorflow::DT_FLOAT, p + 4);
    os << ")";
    return;
  case tensorflow::DT_COMPLEX128:
    os << "(";
    printElement(os, tensorflow::DT_DOUBLE, p);
    os << ", ";
    printElement(os, tensorflow::DT_DOUBLE, p + 8);
    os << ")";
    return;
  case tensorflow::DT_BOOL:
    os << (*p ? "true" : "false");
    return;
  case tensorflow::DT_INT8:
  case tensorflow::DT_QINT8:
    os << int(int8_t(*p));
    return;
  case tensorflow::DT_UINT8:
  case tensorflow::DT_QUINT8:
    os << unsigned(uint8_t(*p));
    return;
  case tensorflow::DT_INT16:
  case tensorflow::DT_QINT16:
    os << int16_t(endian::read16le(p));
    return;
  case tensorflow::DT_UINT16:
  case tensorflow::DT_QUINT16:
    os << endian::read16le(p);
    return;
  case tensorflow::DT_INT32:
  case tensorflow::DT_QINT32:
    os << int32_t(endian::read32le(p));
    return;
  case tensorflow::DT_UINT32:
    os << endian::read32le(p);
    return;
  case tensorflow::DT_INT64:
    os << int64_t(endian::read64le(p));
    return;
  case tensorflow::DT_UINT64:
    os << endian::read64le(p);
    return;
  default:
    os << "?";
  }
}

/// Prints elements [index, index + product(dims)) nested by `dims`.
template <typename PrintFn>
static void printNested(llvm::raw_ostream &os, llvm::ArrayRef<int64_t> dims,
                        int64_t &index, PrintFn print) {
  if (dims.empty())
    return print(index++);
  // No elements: one "[]", not a bracket pair per index of the other dims
  // (an index may claim [1000000000000, 0]).
  if (llvm::is_contained(dims, 0)) {
    os << "[]";
    return;
  }
  os << "[";
  for (int64_t i = 0; i < dims.front(); ++i) {
    if (i)
      os << ", ";
    printNested(os, dims.drop_front(), index, print);
  }
  os << "]";
}

static int dump(const CheckpointReader &reader, llvm::StringRef name) {
  llvm::raw_ostream &os = llvm::outs();
  const tensorflow::BundleEntryProto *entry = reader.lookup(name);
  std::vector<int64_t> dims;
  if (entry)
    for (const auto &d : entry->shape().dim())
      dims.push_back(d.size());
  if (entry && entry->dtype() == tensorflow::DT_STRING) {
    auto strings = reader.readStringTensor(name);
    if (!strings) {
      llvm::WithColor::error(llvm::errs(), "tfg-checkpoint")
          << llvm::toString(strings.takeError()) << "\n";
      return 1;
    }
    os << name << ": string" << shapeString(entry->shape()) << " = ";
    int64_t index = 0;
    printNested(os, dims, index, [&](int64_t i) {
      os << '"';
      llvm::printEscapedString((*strings)[i], os);
      os << '"';
    });
    os << "\n";
    return 0;
  }
  auto bytes = reader.readTensorBytes(name);
  if (!bytes) {
    llvm::WithColor::error(llvm::errs(), "tfg-checkpoint")
        << llvm::toString(bytes.takeError()) << "\n";
    return 1;
  }
  int dtype = entry->dtype();
  size_t size = dtypeSize(dtype);
  os << name << ": " << dtypeName(dtype) << shapeString(entry->shape())
     << " = ";
  int64_t index = 0;
  printNested(os, dims, index, [&](int64_t i) {
    printElement(os, dtype, bytes->data() + i * size);
  });
  os << "\n";
  return 0;
}

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  tfgtool::parseToolCommandLine(argc, argv,
                                "TensorFlow V2 checkpoint lister and dumper\n");
  auto reader = CheckpointReader::open(input);
  if (!reader) {
    llvm::WithColor::error(llvm::errs(), "tfg-checkpoint")
        << llvm::toString(reader.takeError()) << "\n";
    return 1;
  }
  if (dumpNames.empty()) {
    for (const std::string &name : reader->names()) {
      const tensorflow::BundleEntryProto *e = reader->lookup(name);
      llvm::outs() << name << ": " << dtypeName(e->dtype())
                   << shapeString(e->shape()) << " " << e->size() << " bytes";
      if (e->slices_size())
        llvm::outs() << " (" << e->slices_size() << " slices)";
      llvm::outs() << "\n";
    }
    return 0;
  }
  int rc = 0;
  for (const std::string &name : dumpNames)
    rc |= dump(*reader, name);
  return rc;
}
