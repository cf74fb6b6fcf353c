//===- TFGAttrs.cpp - TFG attributes --------------------------------------===//

#include "TFG/Dialect/IR/TFG.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tfg;

#define GET_ATTRDEF_CLASSES
#include "TFG/Dialect/IR/TFGAttrs.cpp.inc"

void TFGDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "TFG/Dialect/IR/TFGAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// ShapeAttr: `<*>`, `<>`, `<2x?x3>`, or `<[-5, 3]>` when a size is negative
// but not -1 (kept as written: grappler uses such symbolic sizes).
//===----------------------------------------------------------------------===//

Attribute ShapeAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  MLIRContext *ctx = parser.getContext();
  if (succeeded(parser.parseOptionalStar())) {
    if (parser.parseGreater())
      return {};
    return ShapeAttr::get(ctx, {}, /*unranked=*/true);
  }
  SmallVector<int64_t> dims;
  if (succeeded(parser.parseOptionalLSquare())) {
    if (failed(parser.parseOptionalRSquare())) {
      if (parser.parseCommaSeparatedList([&] {
            int64_t dim;
            if (parser.parseInteger(dim))
              return failure();
            dims.push_back(dim);
            return success();
          }) ||
          parser.parseRSquare())
        return {};
    }
  } else if (failed(parser.parseOptionalGreater())) {
    if (parser.parseDimensionList(dims, /*allowDynamic=*/true,
                                  /*withTrailingX=*/false))
      return {};
    for (int64_t &dim : dims)
      if (ShapedType::isDynamic(dim))
        dim = -1;
  } else {
    return ShapeAttr::get(ctx, {}, /*unranked=*/false);
  }
  if (parser.parseGreater())
    return {};
  return ShapeAttr::get(ctx, dims, /*unranked=*/false);
}

void ShapeAttr::print(AsmPrinter &printer) const {
  printer << "<";
  if (getUnranked()) {
    printer << "*>";
    return;
  }
  ArrayRef<int64_t> dims = getDims();
  if (llvm::any_of(dims, [](int64_t d) { return d < -1; })) {
    printer << "[";
    llvm::interleaveComma(dims, printer);
    printer << "]>";
    return;
  }
  llvm::interleave(
      dims, printer,
      [&](int64_t d) {
        if (d == -1)
          printer << "?";
        else
          printer << d;
      },
      "x");
  printer << ">";
}

//===----------------------------------------------------------------------===//
// TensorProtoAttr: `<"hex of serialized TensorProto">` with its tensor type.
//===----------------------------------------------------------------------===//

Attribute TensorProtoAttr::parse(AsmParser &parser, Type type) {
  std::string hex;
  if (parser.parseLess() || parser.parseString(&hex) || parser.parseGreater())
    return {};
  if (!type) {
    parser.emitError(parser.getCurrentLocation(),
                     "expected ': type' after #tfg.tensor_proto");
    return {};
  }
  std::string bytes;
  if (!llvm::tryGetFromHex(hex, bytes)) {
    parser.emitError(parser.getCurrentLocation(),
                     "#tfg.tensor_proto expects a hex string");
    return {};
  }
  return TensorProtoAttr::get(parser.getContext(), type, bytes);
}

void TensorProtoAttr::print(AsmPrinter &printer) const {
  printer << "<\"" << llvm::toHex(getBytes()) << "\">";
}
