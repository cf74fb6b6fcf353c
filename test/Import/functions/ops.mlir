// The function ops parse and print back, and export from MLIR text.
// RUN: tfg-opt %s | tfg-opt | FileCheck %s
// RUN: tfg-translate --export-graphdef %s | FileCheck %s --check-prefix=EXPORT

// CHECK-LABEL: tfg.func @f(%x: tensor<*xf32>, %l_0: !tfg.tensor, %l_1: !tfg.tensor, %ctl_x: !tfg.control, %ctl_l: !tfg.control) attributes {
// CHECK-NEXT:      inputs = [#tfg.arg<name = "x", type = f32>, #tfg.arg<name = "l", type_list_attr = "T">],
// CHECK-NEXT:      input_sizes = array<i32: 1, 2>,
// CHECK-NEXT:      outputs = [#tfg.arg<name = "y", type = f32>, #tfg.arg<name = "z", type_attr = "U">],
// CHECK-NEXT:      control_outputs = ["done"],
// CHECK-NEXT:      attr_defs = [#tfg.attr_def<name = "T", type = "list(type)">, #tfg.attr_def<name = "U", type = "type">]
// CHECK-NEXT:  } {
// CHECK-NEXT:    %u:2, %ctl_u = tfg.generic "Custom"(%l_1, %[[NEG:.*]]#0) [%ctl_l] name("u") {tfg.output_args = #tfg.output_args<names = ["a", "b"], sizes = [1, 1]>} : (!tfg.tensor, tensor<*xf32>) -> (!tfg.tensor, !tfg.tensor)
// CHECK-NEXT:    %[[NEG]]:2 = tfg.Neg(%x) {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
// CHECK-NEXT:    tfg.return(%[[NEG]]#0, %u#1 : tensor<*xf32>, !tfg.tensor) [%ctl_u]
// CHECK-NEXT:  }
// CHECK-NEXT:  tfg.gradient @f -> @f_grad
// CHECK-NEXT:  tfg.registered_gradient "Custom" -> @f

// A node without a name gets its op type; list args are `name:index`.
// EXPORT:      node_def {
// EXPORT-NEXT:   name: "u"
// EXPORT-NEXT:   op: "Custom"
// EXPORT-NEXT:   input: "l:1"
// EXPORT-NEXT:   input: "Neg:y:0"
// EXPORT-NEXT:   input: "^l"
// EXPORT:      node_def {
// EXPORT-NEXT:   name: "Neg"
// EXPORT-NEXT:   op: "Neg"
// EXPORT-NEXT:   input: "x"
// EXPORT:      ret {
// EXPORT-NEXT:   key: "y"
// EXPORT-NEXT:   value: "Neg:y:0"
// EXPORT:      ret {
// EXPORT-NEXT:   key: "z"
// EXPORT-NEXT:   value: "u:b:0"
// EXPORT:      control_ret {
// EXPORT-NEXT:   key: "done"
// EXPORT-NEXT:   value: "u"

module {
  tfg.graph <producer = 1, min_consumer = 0> {
  }
  tfg.func @f(%x: tensor<*xf32>, %l0: !tfg.tensor, %l1: !tfg.tensor, %cx: !tfg.control, %cl: !tfg.control) attributes {
      attr_defs = [#tfg.attr_def<name = "T", type = "list(type)">, #tfg.attr_def<name = "U", type = "type">],
      control_outputs = ["done"],
      input_sizes = array<i32: 1, 2>,
      inputs = [#tfg.arg<name = "x", type = f32>, #tfg.arg<name = "l", type_list_attr = "T">],
      outputs = [#tfg.arg<name = "y", type = f32>, #tfg.arg<name = "z", type_attr = "U">]} {
    // Graph region: uses may come before definitions.
    %u:2, %uc = tfg.generic "Custom"(%l1, %neg) [%cl] name("u") {tfg.output_args = #tfg.output_args<names = ["a", "b"], sizes = [1, 1]>} : (!tfg.tensor, tensor<*xf32>) -> (!tfg.tensor, !tfg.tensor)
    %neg, %nc = tfg.Neg(%x) {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    tfg.return(%neg, %u#1 : tensor<*xf32>, !tfg.tensor) [%uc]
  }
  tfg.gradient @f -> @f_grad
  tfg.registered_gradient "Custom" -> @f
}
