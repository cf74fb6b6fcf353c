// RUN: tfg-opt %s --tfg-remove-nodes="keep=kept_out,kept_producer absorb-output-identities=true" | FileCheck %s
// RUN: tfg-opt %s --tfg-remove-nodes="keep=kept_out,kept_producer" | FileCheck %s --check-prefix=OFF

// `final = tf.identity(logits)`: the output Identity goes and its producer
// takes the name, so "final" still names the same tensor; also for an
// output named in keep. Without the option, outputs stay as they are.
// CHECK-LABEL: module @absorb_outputs
// CHECK: tfg.BiasAdd(%{{.*}}, %{{.*}}) name("final")
// CHECK: tfg.Relu(%{{.*}}) name("kept_out")
// OFF: tfg.Identity(%{{.*}}) name("final")
// OFF: tfg.Identity(%{{.*}}) name("kept_out")
//
// Must stay: the producer is itself kept; the producer has another user;
// the producer is a Switch (an output's index and deadness would change);
// the Identity waits on a control input; the Identity reads output 1.
// CHECK: tfg.Identity(%{{.*}}) name("kept_producer_out")
// CHECK: tfg.Identity(%[[SHARED:.*]]) name("shared_out")
// CHECK: tfg.Identity(%{{.*}}) name("switch_out")
// CHECK: tfg.Identity(%{{.*}}) [%{{.*}}] name("waits_out")
// CHECK: tfg.Identity(%{{.*}}#1) name("second_out")
module @absorb_outputs {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x2>} : () -> (tensor<1x2xf32>)
    %b, %cb = tfg.Const name("b") {dtype = f32, value = dense<1.0> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %l, %cl = tfg.BiasAdd(%x, %b) name("logits") {T = f32, data_format = "NHWC"} : (tensor<1x2xf32>, tensor<2xf32>) -> (tensor<1x2xf32>)
    %f, %cf = tfg.Identity(%l) name("final") {T = f32} : (tensor<1x2xf32>) -> (tensor<1x2xf32>)
    %r, %cr = tfg.Relu(%x) name("relu") {T = f32} : (tensor<1x2xf32>) -> (tensor<1x2xf32>)
    %k, %ck = tfg.Identity(%r) name("kept_out") {T = f32} : (tensor<1x2xf32>) -> (tensor<1x2xf32>)
    %kp, %ckp = tfg.Neg(%x) name("kept_producer") {T = f32} : (tensor<1x2xf32>) -> (tensor<1x2xf32>)
    %kpo, %ckpo = tfg.Identity(%kp) name("kept_producer_out") {T = f32} : (tensor<1x2xf32>) -> (tensor<1x2xf32>)
    %s, %cs = tfg.Abs(%x) name("shared") {T = f32} : (tensor<1x2xf32>) -> (tensor<1x2xf32>)
    %so, %cso = tfg.Identity(%s) name("shared_out") {T = f32} : (tensor<1x2xf32>) -> (tensor<1x2xf32>)
    %su, %csu = tfg.Neg(%s) name("shared_user") {T = f32} : (tensor<1x2xf32>) -> (tensor<1x2xf32>)
    %p, %cp = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    %sw:3 = tfg.Switch(%x, %p) name("switch") {T = f32} : (tensor<1x2xf32>, tensor<i1>) -> (tensor<*xf32>, tensor<*xf32>)
    %swo, %cswo = tfg.Identity(%sw#0) name("switch_out") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    %w, %cw = tfg.Square(%x) name("waited") {T = f32} : (tensor<1x2xf32>) -> (tensor<1x2xf32>)
    %wo, %cwo = tfg.Identity(%w) [%cp] name("waits_out") {T = f32} : (tensor<1x2xf32>) -> (tensor<1x2xf32>)
    %u:3 = tfg.Unpack(%x) name("unpack") {T = f32, num = 2 : i64, axis = 1 : i64} : (tensor<1x2xf32>) -> (tensor<*xf32>, tensor<*xf32>)
    %uo, %cuo = tfg.Identity(%u#1) name("second_out") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  }
}
