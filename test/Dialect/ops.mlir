// RUN: tfg-opt %s | tfg-opt | FileCheck %s
// RUN: tfg-opt %s --mlir-print-op-generic | tfg-opt | FileCheck %s
// Name and device are properties (inherent attrs), not discardable ones.
// RUN: tfg-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// GENERIC-NOT: tfg.name
// GENERIC-NOT: tfg.device

// CHECK-LABEL: tfg.graph <producer = 27, min_consumer = 0, bad_consumers = [3, 5]>
tfg.graph #tfg.version<producer = 27, min_consumer = 0, bad_consumers = [3, 5]> {
  // CHECK: %[[C:.*]], %[[CTL:.*]] = tfg.Const name("c") {dtype = f32, value = dense<1.000000e+00> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %c, %ctl = tfg.Const name("c") {dtype = f32, value = dense<1.0> : tensor<2xf32>} : () -> (tensor<2xf32>)
  // CHECK: tfg.Identity(%[[C]]) [%[[CTL]]] name("i") device("/cpu:0") {T = f32}
  // GENERIC: "tfg.Identity"(%{{.*}}, %{{.*}}) <{T = f32, tfg_device = "/cpu:0", tfg_name = "i"}> : (tensor<2xf32>, !tfg.control)
  %i, %ctl_i = tfg.Identity(%c) [%ctl] name("i") device("/cpu:0") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  // The generic spelling of the fields, in the attr dict, is the same node.
  // CHECK: tfg.Identity(%[[C]]) name("i2") device("/gpu:0") {T = f32}
  %i2, %ctl_i2 = tfg.Identity(%c) {T = f32, tfg_name = "i2", tfg_device = "/gpu:0"} : (tensor<2xf32>) -> (tensor<2xf32>)
  // Variadic inputs: the operand segments are rebuilt from N.
  // CHECK: tfg.AddN(%[[C]], %{{.*}}) [%[[CTL]]] name("a") {N = 2 : i64, T = f32}
  %a, %ctl_a = tfg.AddN(%c, %i) [%ctl] name("a") {N = 2, T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  // GENERIC: "tfg.generic"(%{{.*}}) <{tfg_name = "g"}> {e = #tfg.shape<>
  // CHECK: tfg.generic "Custom"(%{{.*}}) name("g") {e = #tfg.shape<>, f = #tfg.func<"f", {T = f32}>, k = #tfg.shape<2x?x3>, n = #tfg.shape<[-5, 2]>, p = #tfg.placeholder<"T">, q = #tfg.tensor_proto<"0801"> : tensor<2x!tfg.quint8>, s = #tfg.shape<*>} : (tensor<2xf32>) -> (tensor<*xf32>, !tfg.tensor)
  %g:2, %ctl_g = tfg.generic "Custom"(%a) name("g") {k = #tfg.shape<2x?x3>, s = #tfg.shape<*>, e = #tfg.shape<>, n = #tfg.shape<[-5, 2]>, q = #tfg.tensor_proto<"0801"> : tensor<2x!tfg.quint8>, f = #tfg.func<"f", {T = f32}>, p = #tfg.placeholder<"T">} : (tensor<2xf32>) -> (tensor<*xf32>, !tfg.tensor)
  // A v1 loop: Merge uses NextIteration, defined later (graph region).
  // CHECK: tfg.Merge(%{{.*}}, %[[C]]) name("m")
  %m:2, %ctl_m = tfg.Merge(%n, %c) name("m") {N = 2, T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<i32>)
  %n, %ctl_n = tfg.NextIteration(%m#0) name("n") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  // Ref types and nodes with no data at all.
  // CHECK: tfg.VariableV2 name("v") {{.*}} -> (tensor<2x!tfg.ref<f32>>)
  %v, %ctl_v = tfg.VariableV2 name("v") {container = "", dtype = f32, shape = #tfg.shape<2>, shared_name = ""} : () -> (tensor<2x!tfg.ref<f32>>)
  // CHECK: %{{.*}} = tfg.NoOp [%{{.*}}, %{{.*}}] name("noop")
  %ctl_noop = tfg.NoOp [%ctl_a, %ctl_v] name("noop")
}
