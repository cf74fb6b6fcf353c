//===- TFGBase.td - TFG dialect, types and attributes ------*- tablegen -*-===//
//
// The TFG dialect: a lossless MLIR form of TensorFlow GraphDefs. See
// docs/design.md for the representation and the reasons behind it.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_BASE_TD
#define TFG_BASE_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/OpBase.td"

def TFG_Dialect : Dialect {
  let name = "tfg";
  let cppNamespace = "::mlir::tfg";
  let summary = "TensorFlow graphs (GraphDef) as MLIR";
  let description = [{
    One `tfg.graph` op per GraphDef, one op per NodeDef. Every node has its
    data results followed by one `!tfg.control` token; control inputs are
    trailing operands of type `!tfg.control`. Node names and devices are
    inherent attributes of every node op (`tfg_name` and `tfg_device`, kept
    in the op's properties and printed as `name("...")` and
    `device("...")`): a node's discardable attributes are only what
    TensorFlow keeps beside its OpDef attrs, so nodes with equal attrs share
    one attribute dictionary.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();
  }];
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

class TFG_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TFG_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TFG_ControlType : TFG_Type<"Control", "control"> {
  let summary = "control token: orders execution, carries no data";
}

def TFG_OpaqueTensorType : TFG_Type<"OpaqueTensor", "tensor"> {
  let summary = "a tensor whose dtype is not known (unregistered op output)";
}

// TensorFlow dtypes that have no builtin MLIR element type.
def TFG_StringType : TFG_Type<"String", "string"> {
  let summary = "DT_STRING element";
}
def TFG_ResourceType : TFG_Type<"Resource", "resource"> {
  let summary = "DT_RESOURCE element";
}
def TFG_VariantType : TFG_Type<"Variant", "variant"> {
  let summary = "DT_VARIANT element";
}
def TFG_Qint8Type : TFG_Type<"Qint8", "qint8"> { let summary = "DT_QINT8 element"; }
def TFG_Quint8Type : TFG_Type<"Quint8", "quint8"> { let summary = "DT_QUINT8 element"; }
def TFG_Qint16Type : TFG_Type<"Qint16", "qint16"> { let summary = "DT_QINT16 element"; }
def TFG_Quint16Type : TFG_Type<"Quint16", "quint16"> { let summary = "DT_QUINT16 element"; }
def TFG_Qint32Type : TFG_Type<"Qint32", "qint32"> { let summary = "DT_QINT32 element"; }

def TFG_RefType : TFG_Type<"Ref", "ref"> {
  let summary = "TF1 reference dtype (DT_*_REF)";
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
}

def TFG_Control : Type<CPred<"::llvm::isa<::mlir::tfg::ControlType>($_self)">,
                       "control token", "::mlir::tfg::ControlType">;

// Any data value: a builtin tensor or a tensor of unknown dtype.
def TFG_Tensor : Type<
    Or<[CPred<"::llvm::isa<::mlir::TensorType>($_self)">,
        CPred<"::llvm::isa<::mlir::tfg::OpaqueTensorType>($_self)">]>,
    "TensorFlow tensor">;

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

class TFG_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TFG_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def TFG_VersionAttr : TFG_Attr<"Version", "version"> {
  let summary = "GraphDef VersionDef";
  let parameters = (ins "int32_t":$producer, "int32_t":$minConsumer,
                        OptionalArrayRefParameter<"int32_t">:$badConsumers);
  let assemblyFormat = [{
    `<` `producer` `=` $producer `,` `min_consumer` `=` $minConsumer
        (`,` `bad_consumers` `=` `[` $badConsumers^ `]`)? `>`
  }];
}

def TFG_ShapeAttr : TFG_Attr<"Shape", "shape"> {
  let summary = "TensorShapeProto: dims (-1 = unknown) or unknown rank";
  let description = [{
    `#tfg.shape<2x?x3>`, `#tfg.shape<>` (scalar), `#tfg.shape<*>` (unknown
    rank). Negative sizes other than -1 are kept as written.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$dims, "bool":$unranked);
  let hasCustomAssemblyFormat = 1;
}

def TFG_PlaceholderAttr : TFG_Attr<"Placeholder", "placeholder"> {
  let summary = "AttrValue.placeholder: refers to an attr of the enclosing function";
  let parameters = (ins StringRefParameter<>:$name);
  let assemblyFormat = "`<` $name `>`";
}

def TFG_FuncAttr : TFG_Attr<"Func", "func"> {
  let summary = "NameAttrList: a function name with attrs";
  let parameters = (ins "::mlir::StringAttr":$name, "::mlir::DictionaryAttr":$attrs);
  let assemblyFormat = "`<` $name `,` $attrs `>`";
}

def TFG_TensorProtoAttr : TFG_Attr<"TensorProto", "tensor_proto",
    [TypedAttrInterface]> {
  let summary = "a TensorProto kept as serialized bytes";
  let description = [{
    For tensors that MLIR's dense elements cannot hold exactly (quantized,
    resource, variant, float8 and sub-byte dtypes, partially known shapes).
    `bytes` is the serialized TensorProto; `type` is its tensor type.
  }];
  let parameters = (ins AttributeSelfTypeParameter<"">:$type,
                        StringRefParameter<>:$bytes);
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Attribute constraints used by the typed ops
//===----------------------------------------------------------------------===//

def TFG_ShapeAttrC : Attr<CPred<"::llvm::isa<::mlir::tfg::ShapeAttr>($_self)">,
                          "TensorFlow shape"> {
  let storageType = "::mlir::tfg::ShapeAttr";
  let returnType = "::mlir::tfg::ShapeAttr";
  let convertFromStorage = "$_self";
}
def TFG_FuncAttrC : Attr<CPred<"::llvm::isa<::mlir::tfg::FuncAttr>($_self)">,
                         "TensorFlow function reference"> {
  let storageType = "::mlir::tfg::FuncAttr";
  let returnType = "::mlir::tfg::FuncAttr";
  let convertFromStorage = "$_self";
}
def TFG_TensorAttrC : Attr<
    Or<[CPred<"::llvm::isa<::mlir::ElementsAttr>($_self)">,
        CPred<"::llvm::isa<::mlir::tfg::TensorProtoAttr>($_self)">]>,
    "TensorFlow tensor value"> {
  let storageType = "::mlir::TypedAttr";
  let returnType = "::mlir::TypedAttr";
  let convertFromStorage = "$_self";
}
def TFG_ShapeArrayAttr : TypedArrayAttrBase<TFG_ShapeAttrC, "list of shapes">;
def TFG_FuncArrayAttr : TypedArrayAttrBase<TFG_FuncAttrC, "list of functions">;
def TFG_TensorArrayAttr : TypedArrayAttrBase<TFG_TensorAttrC, "list of tensors">;

// A `type` attr whose dtype is one of `allowed` (TensorFlow DataType numbers).
class TFG_DTypeIn<list<int> allowed, string desc> : Attr<
    And<[CPred<"::llvm::isa<::mlir::TypeAttr>($_self)">,
         CPred<"::mlir::tfg::isDTypeOneOf(::llvm::cast<::mlir::TypeAttr>($_self).getValue(), {"
               # !interleave(allowed, ", ") # "})">]>,
    "dtype, one of " # desc> {
  let storageType = "::mlir::TypeAttr";
  let returnType = "::mlir::Type";
  let convertFromStorage = "::llvm::cast<::mlir::TypeAttr>($_self).getValue()";
  let constBuilderCall = "::mlir::TypeAttr::get($0)";
}

// A `string` attr restricted to a fixed set of values.
class TFG_StrIn<list<string> allowed> : Attr<
    And<[CPred<"::llvm::isa<::mlir::StringAttr>($_self)">,
         CPred<"::llvm::is_contained(::llvm::ArrayRef<::llvm::StringRef>{\""
               # !interleave(allowed, "\", \"") # "\"}, ::llvm::cast<::mlir::StringAttr>($_self).getValue())">]>,
    "string, one of " # !interleave(allowed, ", ")> {
  let storageType = "::mlir::StringAttr";
  let returnType = "::llvm::StringRef";
  let convertFromStorage = "$_self.getValue()";
  let constBuilderCall = "$_builder.getStringAttr($0)";
}

// An `int` attr with a minimum value.
class TFG_IntMin<int min> : Attr<
    And<[CPred<"::llvm::isa<::mlir::IntegerAttr>($_self)">,
         CPred<"::llvm::cast<::mlir::IntegerAttr>($_self).getInt() >= " # min>]>,
    "int >= " # min> {
  let storageType = "::mlir::IntegerAttr";
  let returnType = "int64_t";
  let convertFromStorage = "$_self.getInt()";
  let constBuilderCall = "$_builder.getI64IntegerAttr($0)";
}

#endif // TFG_BASE_TD
