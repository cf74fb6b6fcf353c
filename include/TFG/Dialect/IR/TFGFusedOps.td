//===- TFGFusedOps.td - TensorFlow.js converter-fused ops --*- tablegen -*-===//
//
// Ops that the TensorFlow.js converter emits and that TensorFlow's op
// registry (ops.pbtxt) does not list. Written by hand.
//
//===----------------------------------------------------------------------===//
