//===- TFGFunctionOps.td - FunctionDef as ops --------------*- tablegen -*-===//
//
// Filled in by the function-library work (see docs/design.md).
//
//===----------------------------------------------------------------------===//
