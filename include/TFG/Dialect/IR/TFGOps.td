//===- TFGOps.td - TFG graph, function and node ops --------*- tablegen -*-===//

#ifndef TFG_OPS_TD
#define TFG_OPS_TD

include "TFG/Dialect/IR/TFGBase.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/IR/SymbolInterfaces.td"

//===----------------------------------------------------------------------===//
// Node ops: the common shape of every op that stands for a NodeDef.
//===----------------------------------------------------------------------===//

// Verifies the node shape: control operands trail the data operands and the
// last result is the control token.
def TFG_NodeOpTrait : NativeOpTrait<"NodeOpTrait"> {
  let cppNamespace = "::mlir::tfg::OpTrait";
}

// The NodeDef fields every node op has besides its op type, inputs and
// attrs: its name and device. They are inherent attrs (stored in the op's
// properties) rather than discardable ones: a discardable dictionary holding
// the name would be unique to its node, so every node would cost one more
// uniqued DictionaryAttr (see docs/design.md, "Node names and devices").
def TFG_NodeOpInterface : OpInterface<"NodeOpInterface"> {
  let cppNamespace = "::mlir::tfg";
  let description = [{
    The node's name and device (null when unset), for code that holds an
    `Operation *`; mlir::tfg::getNodeName / setNodeName and the device
    accessors in TFG.h wrap it.
  }];
  let methods = [
    InterfaceMethod<"the NodeDef name (null: none)", "::mlir::StringAttr",
      "getNodeNameAttr", (ins), [{ return $_op.getTfgNameAttr(); }]>,
    InterfaceMethod<"sets the NodeDef name (null: none)", "void",
      "setNodeNameAttr", (ins "::mlir::StringAttr":$name),
      [{ $_op.getProperties().tfg_name = name; }]>,
    InterfaceMethod<"the NodeDef device (null: none)", "::mlir::StringAttr",
      "getNodeDeviceAttr", (ins), [{ return $_op.getTfgDeviceAttr(); }]>,
    InterfaceMethod<"sets the NodeDef device (null: none)", "void",
      "setNodeDeviceAttr", (ins "::mlir::StringAttr":$device),
      [{ $_op.getProperties().tfg_device = device; }]>,
  ];
}

class TFG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TFG_Dialect, mnemonic, traits>;

// Base of every op that stands for one NodeDef. All node ops share one
// assembly format:
//   %out, %ctl = tfg.Op(%data...) [%ctl...] name("n") device("d") {attrs}
//                : (data operand types) -> (data result types)
//
// Subclasses give their own operands and attrs as `nodeArguments`;
// `arguments` appends the fields every node has: `tfg_name` and `tfg_device`,
// the NodeDef's name and device (printed as name("n") device("d")).
class TFG_NodeOp<string mnemonic, list<Trait> traits = []>
    : TFG_Op<mnemonic, traits # [TFG_NodeOpTrait, TFG_NodeOpInterface,
                                 DeclareOpInterfaceMethods<OpAsmOpInterface,
                                                           ["getAsmResultNames"]>]> {
  dag nodeArguments = (ins);
  let arguments = !con(nodeArguments,
                       (ins OptionalAttr<StrAttr>:$tfg_name,
                            OptionalAttr<StrAttr>:$tfg_device));
  let hasCustomAssemblyFormat = 1;
  // Extra C++ definitions of subclasses go here, not in extraClassDefinition.
  code extraNodeDefinition = "";
  let extraClassDefinition = [{
    ::mlir::ParseResult $cppClass::parse(::mlir::OpAsmParser &parser,
                                         ::mlir::OperationState &result) {
      return ::mlir::tfg::parseNodeOp(parser, result);
    }
    void $cppClass::print(::mlir::OpAsmPrinter &printer) {
      ::mlir::tfg::printNodeOp(getOperation(), printer);
    }
    void $cppClass::getAsmResultNames(::mlir::OpAsmSetValueNameFn setNameFn) {
      ::mlir::tfg::getNodeOpResultNames(getOperation(), setNameFn);
    }
  }] # extraNodeDefinition;
}

// Gives the OpDef arg structure of a typed node op to generic code (the
// parser, the importer, the verifier).
def TFG_TypedNodeOpInterface : OpInterface<"TypedNodeOpInterface"> {
  let cppNamespace = "::mlir::tfg";
  let description = [{
    Each input / output arg of the op's OpDef, in order: "" for one tensor,
    "N" when the int attr N counts the tensors, "list:T" when the
    list(type) attr T does.
  }];
  let methods = [
    StaticInterfaceMethod<"OpDef input arg groups",
      "::llvm::ArrayRef<::llvm::StringRef>", "getInputGroups">,
    StaticInterfaceMethod<"OpDef output arg groups",
      "::llvm::ArrayRef<::llvm::StringRef>", "getOutputGroups">,
  ];
}

// A node op typed from its OpDef. `inputGroups` / `outputGroups` describe
// each arg as in TypedNodeOpInterface. The control operands must be the last
// operand group, named `ctls`, and the control token the last result, `ctl`.
class TFG_TypedNodeOp<string mnemonic, list<Trait> traits = []>
    : TFG_NodeOp<mnemonic, traits # [
        DeclareOpInterfaceMethods<TFG_TypedNodeOpInterface>]> {
  list<string> inputGroups = [];
  list<string> outputGroups = [];
  let hasVerifier = 1;
  let extraNodeDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      return ::mlir::tfg::verifyArgGroups(getOperation(), getInputGroups(),
                                          getOutputGroups());
    }
    ::llvm::ArrayRef<::llvm::StringRef> $cppClass::getInputGroups() {
  }] # !if(!empty(inputGroups), "  return {};\n", [{
      static const ::llvm::StringRef groups[] = {}] #
      !interleave(!foreach(g, inputGroups, "\"" # g # "\""), ", ") # [{};
      return groups;
  }]) # [{
    }
    ::llvm::ArrayRef<::llvm::StringRef> $cppClass::getOutputGroups() {
  }] # !if(!empty(outputGroups), "  return {};\n", [{
      static const ::llvm::StringRef groups[] = {}] #
      !interleave(!foreach(g, outputGroups, "\"" # g # "\""), ", ") # [{};
      return groups;
  }]) # [{
    }
  }];
}

def TFG_GenericOp : TFG_NodeOp<"generic"> {
  let summary = "a NodeDef of any op type without a typed op";
  let description = [{
    Carries a node losslessly: the op type is the `tfg.op_type` attribute,
    every NodeDef attr is kept in the attribute dictionary, the results are
    the op's outputs (as many as its OpDef declares, or as consumers use)
    followed by the control token.

    ```mlir
    %out, %ctl = tfg.generic "MyCustomOp"(%x) [%c] name("custom") {k = 1 : i64}
                 : (tensor<*xf32>) -> (tensor<*xf32>)
    ```
  }];
  let nodeArguments = (ins Variadic<AnyType>:$operands);
  let results = (outs Variadic<AnyType>:$results);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Containers
//===----------------------------------------------------------------------===//

def TFG_GraphOp : TFG_Op<"graph", GraphRegionNoTerminator.traits> {
  let summary = "a GraphDef: versions plus an unordered graph of nodes";
  let description = [{
    The body is a graph region (no dominance), so v1 loops whose
    NextIteration feeds a Merge are plain SSA cycles. Op order is the
    GraphDef node order. Graph-level fields other than `versions` (the
    deprecated `version`, `debug_info`) are optional attributes.
  }];
  let arguments = (ins TFG_VersionAttr:$versions);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$versions attr-dict-with-keyword $body";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::Block &getBlock() { return getBody().front(); }
  }];
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins "::mlir::tfg::VersionAttr":$versions)>];
}

include "TFG/Dialect/IR/TFGFunctionOps.td"
include "TFG/Dialect/IR/TFGGeneratedOps.td"
include "TFG/Dialect/IR/TFGFusedOps.td"

#endif // TFG_OPS_TD
