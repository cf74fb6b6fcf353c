//===- TFGFunctionOps.td - FunctionDef as ops --------------*- tablegen -*-===//
//
// The function library of a GraphDef: one `tfg.func` per FunctionDef, ended
// by `tfg.return`, plus `tfg.gradient` / `tfg.registered_gradient` for the
// library's GradientDef and RegisteredGradient lists. See
// docs/design-functions.md for the representation and the reasons behind it.
//
// Included from TFGOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_FUNCTION_OPS_TD
#define TFG_FUNCTION_OPS_TD

//===----------------------------------------------------------------------===//
// Signature attributes (OpDef pieces)
//===----------------------------------------------------------------------===//

def TFG_HandleDataAttr : TFG_Attr<"HandleData", "handle_data"> {
  let summary = "ResourceHandleProto.DtypeAndShape: a dtype and a shape";
  let description = [{
    One entry of `OpDef.ArgDef.handle_data`: what a resource argument
    points to. `#tfg.handle_data<f32, <2x?>>`.
  }];
  let parameters = (ins "::mlir::Type":$dtype, "::mlir::tfg::ShapeAttr":$shape);
  let assemblyFormat = "`<` $dtype `,` $shape `>`";
}

def TFG_ArgDefAttr : TFG_Attr<"ArgDef", "arg"> {
  let summary = "OpDef.ArgDef: one input or output arg of a signature";
  let description = [{
    Every ArgDef field, with the proto's names; fields at their proto
    default are left out:

    ```mlir
    #tfg.arg<name = "x", type_attr = "T">
    #tfg.arg<name = "values", type = f32, number_attr = "N", is_ref = true>
    ```

    `type` is the fixed dtype (absent for DT_INVALID), `handle_data` an
    array of `#tfg.handle_data`, `full_type` the serialized
    `experimental_full_type` FullTypeDef (absent when the field is unset).
  }];
  let parameters = (ins
    StringRefParameter<"arg name">:$name,
    OptionalParameter<"::mlir::Type", "fixed dtype">:$type,
    StringRefParameter<"type attr name", "\"\"">:$type_attr,
    StringRefParameter<"number attr name", "\"\"">:$number_attr,
    StringRefParameter<"list(type) attr name", "\"\"">:$type_list_attr,
    DefaultValuedParameter<"bool", "false", "reference arg">:$is_ref,
    OptionalParameter<"::mlir::ArrayAttr", "handle_data entries">:$handle_data,
    StringRefParameter<"description", "\"\"">:$description,
    OptionalParameter<"::mlir::StringAttr", "serialized FullTypeDef">:$full_type
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let extraClassDeclaration = [{
    /// True if the arg stands for a list of tensors (number_attr or
    /// type_list_attr), whose length is known only at instantiation.
    bool isList() const {
      return !getNumberAttr().empty() || !getTypeListAttr().empty();
    }
  }];
}

def TFG_AttrDefAttr : TFG_Attr<"AttrDef", "attr_def"> {
  let summary = "OpDef.AttrDef: one attr a function declares";
  let description = [{
    ```mlir
    #tfg.attr_def<name = "T", type = "type", allowed_values = [f32, f64]>
    #tfg.attr_def<name = "N", type = "int", default_value = 2 : i64,
                  has_minimum = true, minimum = 1>
    ```

    `default_value` and `allowed_values` are AttrValues converted like node
    attrs; an absent `default_value` means the attr is required (a present
    but empty AttrValue is `unit`).
  }];
  let parameters = (ins
    StringRefParameter<"attr name">:$name,
    StringRefParameter<"attr type, e.g. int or list(type)", "\"\"">:$type,
    OptionalParameter<"::mlir::Attribute", "default value">:$default_value,
    StringRefParameter<"description", "\"\"">:$description,
    DefaultValuedParameter<"bool", "false", "has a minimum">:$has_minimum,
    DefaultValuedParameter<"int64_t", "0", "minimum value or length">:$minimum,
    OptionalParameter<"::mlir::Attribute", "allowed values">:$allowed_values
  );
  let assemblyFormat = "`<` struct(params) `>`";
}

def TFG_DeprecationAttr : TFG_Attr<"Deprecation", "deprecation"> {
  let summary = "OpDef.deprecation (OpDeprecation)";
  let parameters = (ins
    "int32_t":$version,
    StringRefParameter<"explanation", "\"\"">:$explanation
  );
  let assemblyFormat = "`<` struct(params) `>`";
}

def TFG_OutputArgsAttr : TFG_Attr<"OutputArgs", "output_args"> {
  let summary = "the output args a function-body node was imported with";
  let description = [{
    Set, as the discardable attr `tfg.output_args`, on a node of a function
    body whose output args cannot be sized from its OpDef and attrs: an op
    type neither registered nor in the library, or a list output whose
    length attr is missing or a `#tfg.placeholder`. It records the output
    arg names and sizes the importer assumed (from the OpDef where known,
    else from the `node:out_arg:idx` inputs that use the node), so that the
    exporter can name each data result again:

    ```mlir
    #tfg.output_args<names = ["output"], sizes = [3]>
    ```

    The data results are the args' tensors in this order.
  }];
  let parameters = (ins "::mlir::ArrayAttr":$names,
                        "::mlir::DenseI64ArrayAttr":$sizes);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The discardable attr name under which nodes carry it.
    static constexpr ::llvm::StringLiteral kAttrName = "tfg.output_args";
  }];
}

def TFG_ArgDefArrayAttr : TypedArrayAttrBase<
    Attr<CPred<"::llvm::isa<::mlir::tfg::ArgDefAttr>($_self)">, "ArgDef">,
    "list of ArgDefs">;
def TFG_AttrDefArrayAttr : TypedArrayAttrBase<
    Attr<CPred<"::llvm::isa<::mlir::tfg::AttrDefAttr>($_self)">, "AttrDef">,
    "list of AttrDefs">;

//===----------------------------------------------------------------------===//
// Function ops
//===----------------------------------------------------------------------===//

// A control token the assembly format can build without a type directive.
def TFG_BuildableControl : Type<TFG_Control.predicate, "control token",
                                "::mlir::tfg::ControlType">,
    BuildableType<"::mlir::tfg::ControlType::get($_builder.getContext())">;

def TFG_FuncOp : TFG_Op<"func", [
    IsolatedFromAbove, Symbol, SingleBlock, RegionKindInterface,
    HasOnlyGraphRegion,
    DeclareOpInterfaceMethods<OpAsmOpInterface,
                              ["getAsmBlockArgumentNames"]>]> {
  let summary = "a FunctionDef of the GraphDef's library";
  let description = [{
    One op per FunctionDef; `sym_name` is the signature name. Its body is a
    graph region (no dominance, so loops are SSA cycles as in `tfg.graph`)
    with one block:

    * Block arguments: first the data arguments, one per tensor of each
      input arg in signature order (one for a plain arg, `input_sizes[i]`
      for a list arg: as many as the body's `x:<i>` references need), then
      one `!tfg.control` token per input arg, which stands for `^x`.
    * The body nodes, as node ops (typed or `tfg.generic`), in FunctionDef
      order.
    * `tfg.return`: the value of each output arg (the `ret` map, in
      signature order), then the control token of each control output (the
      `control_ret` map, in `control_outputs` order).

    Every other FunctionDef field is an attribute: the signature OpDef
    (`inputs`, `outputs`, `attr_defs`, `control_outputs`, `summary`,
    `description`, the five flags, `deprecation`), `function_attrs`
    (FunctionDef.attr), `arg_attrs` and `resource_arg_unique_ids` (keyed by
    the decimal input arg index, as the proto maps are).

    ```mlir
    tfg.func @XTimesTwo(%x: !tfg.tensor, %ctl_x: !tfg.control) attributes {
        inputs = [#tfg.arg<name = "x", type_attr = "T">],
        outputs = [#tfg.arg<name = "y", type_attr = "T">],
        attr_defs = [#tfg.attr_def<name = "T", type = "type">]
    } {
      %two, %ctl_two = tfg.Const name("two")
          {dtype = i64, value = dense<2> : tensor<i64>} : () -> (tensor<*xi64>)
      %scale, %ctl_scale = tfg.generic "Cast"(%two) name("scale")
          {DstT = #tfg.placeholder<"T">, SrcT = i64, Truncate = false}
          : (tensor<*xi64>) -> (!tfg.tensor)
      %y, %ctl_y = tfg.generic "Mul"(%x, %scale) name("y")
          {T = #tfg.placeholder<"T">}
          : (!tfg.tensor, !tfg.tensor) -> (!tfg.tensor)
      tfg.return(%y : !tfg.tensor)
    }
    ```

    The printer puts the signature attributes first, one attribute a line.
    A body node whose output args its OpDef cannot size carries
    `tfg.output_args` (see `#tfg.output_args`).
  }];
  let arguments = (ins
    SymbolNameAttr:$sym_name,
    TFG_ArgDefArrayAttr:$inputs,
    TFG_ArgDefArrayAttr:$outputs,
    OptionalAttr<DenseI32ArrayAttr>:$input_sizes,
    OptionalAttr<TFG_AttrDefArrayAttr>:$attr_defs,
    OptionalAttr<StrArrayAttr>:$control_outputs,
    OptionalAttr<StrAttr>:$summary,
    OptionalAttr<StrAttr>:$description,
    UnitAttr:$is_commutative,
    UnitAttr:$is_aggregate,
    UnitAttr:$is_stateful,
    UnitAttr:$allows_uninitialized_input,
    UnitAttr:$is_distributed_communication,
    OptionalAttr<TFG_DeprecationAttr>:$deprecation,
    OptionalAttr<DictionaryAttr>:$function_attrs,
    OptionalAttr<DictionaryAttr>:$arg_attrs,
    OptionalAttr<DictionaryAttr>:$resource_arg_unique_ids
  );
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$name, "::mlir::ArrayAttr":$inputs,
                   "::mlir::ArrayAttr":$outputs)>
  ];
  let extraClassDeclaration = [{
    ::mlir::Block &getBlock() { return getBody().front(); }
    ReturnOp getReturnOp();
    /// Tensors per input arg: `input_sizes`, or one each when absent.
    ::llvm::SmallVector<int32_t> getInputArgSizes();
    /// The data block arguments of input arg `index`.
    ::mlir::Block::BlockArgListType getInputArgValues(unsigned index);
    /// The control token standing for input arg `index`.
    ::mlir::BlockArgument getInputArgControl(unsigned index);
    ::llvm::ArrayRef<::mlir::Attribute> getControlOutputNames() {
      if (auto names = getControlOutputs())
        return names->getValue();
      return {};
    }
  }];
}

def TFG_ReturnOp : TFG_Op<"return", [
    Terminator, HasParent<"::mlir::tfg::FuncOp">, AttrSizedOperandSegments]> {
  let summary = "the outputs and control outputs of a tfg.func";
  let description = [{
    `data` holds one tensor per output arg of the function, in signature
    order (FunctionDef.ret); `ctls` one control token per control output, in
    `control_outputs` order (FunctionDef.control_ret). A control token of a
    node stands for that node, a block argument token for the input arg.

    ```mlir
    tfg.return(%y, %x : !tfg.tensor, tensor<*xi32>) [%ctl_const]
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$data,
                       Variadic<TFG_BuildableControl>:$ctls);
  let assemblyFormat = [{
    (`(` $data^ `:` type($data) `)`)? (`[` $ctls^ `]`)? attr-dict
  }];
  let hasVerifier = 1;
}

def TFG_GradientOp : TFG_Op<"gradient"> {
  let summary = "FunctionDefLibrary.gradient: a GradientDef";
  let description = [{
    Says that `gradient` computes the gradient of `function`. The library's
    GradientDefs are these ops in module order. Neither name needs to be a
    `tfg.func` of the module (TensorFlow does not require it).

    ```mlir
    tfg.gradient @XTimesTwo -> @XTimesTwoGrad
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$function,
                       FlatSymbolRefAttr:$gradient);
  let assemblyFormat = "$function `->` $gradient attr-dict";
  let hasVerifier = 1;
}

def TFG_RegisteredGradientOp : TFG_Op<"registered_gradient"> {
  let summary = "FunctionDefLibrary.registered_gradients entry";
  let description = [{
    Says that `gradient` is the gradient function registered for op type
    `op_type`. Kept in module order.

    ```mlir
    tfg.registered_gradient "MyOp" -> @MyOpGrad
    ```
  }];
  let arguments = (ins StrAttr:$op_type, FlatSymbolRefAttr:$gradient);
  let assemblyFormat = "$op_type `->` $gradient attr-dict";
  let hasVerifier = 1;
}

#endif // TFG_FUNCTION_OPS_TD
