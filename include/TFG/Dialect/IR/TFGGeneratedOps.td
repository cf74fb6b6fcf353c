// Seed: replaced by utils/generate_tfg_ops.py output.
def TFG_ConstOp : TFG_TypedNodeOp<"Const"> {
  let summary = "Returns a constant tensor.";
  let arguments = (ins Variadic<TFG_Control>:$ctls, TFG_TensorAttrC:$value,
                       TypeAttr:$dtype);
  let results = (outs TFG_Tensor:$output, TFG_Control:$ctl);
  let inputGroups = [];
  let outputGroups = [""];
}
def TFG_IdentityOp : TFG_TypedNodeOp<"Identity"> {
  let summary = "Return a tensor with the same shape and contents as the input tensor or value.";
  let arguments = (ins TFG_Tensor:$input, Variadic<TFG_Control>:$ctls, TypeAttr:$T);
  let results = (outs TFG_Tensor:$output, TFG_Control:$ctl);
  let inputGroups = [""];
  let outputGroups = [""];
}
def TFG_AddNOp : TFG_TypedNodeOp<"AddN", [AttrSizedOperandSegments]> {
  let summary = "Add all input tensors element wise.";
  let arguments = (ins Variadic<TFG_Tensor>:$inputs, Variadic<TFG_Control>:$ctls,
                       TFG_IntMin<1>:$N, TypeAttr:$T);
  let results = (outs TFG_Tensor:$sum, TFG_Control:$ctl);
  let inputGroups = ["N"];
  let outputGroups = [""];
}
