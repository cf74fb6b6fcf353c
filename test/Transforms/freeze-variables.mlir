// Freezing: variables the outputs need become Consts from the checkpoint;
// initializers, savers and everything else the outputs do not need go.
// The checkpoint is written at test time by the project's own generator.
// RUN: rm -rf %t && %python %tfg_src_root/utils/make_checkpoint_fixtures.py %t --tensor w=float:2,2:1,2,3,4 --tensor saved_bias=float::0.5 --tensor b=float::-1 --tensor w/ExponentialMovingAverage=float:2,2:10,20,30,40 --tensor h=int32:3:7,8,9 --tensor unused=float:2:1,1
// RUN: tfg-opt %s --tfg-freeze-variables="checkpoint=%t/model.ckpt outputs=y,r" | FileCheck %s
// RUN: tfg-opt %s --tfg-freeze-variables="checkpoint=%t outputs=y,r use-moving-averages verbose" 2>&1 | FileCheck %s --check-prefix=EMA
// RUN: tfg-opt %s --tfg-freeze-variables="checkpoint=%t outputs=y,r rename=w=w/ExponentialMovingAverage,b=b" | FileCheck %s --check-prefix=RENAME
// The default outputs: the nodes nobody consumes (init and the saver are
// never outputs).
// RUN: tfg-opt %s --tfg-freeze-variables="checkpoint=%t" 2>&1 | FileCheck %s --check-prefix=INFER

// CHECK-LABEL: module @freeze_variables
// CHECK-DAG: %[[W:.*]], %{{.*}} = tfg.Const name("w") {dtype = f32, value = dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>} : () -> (tensor<2x2xf32>)
// CHECK-DAG: tfg.Identity(%[[W]]) name("w/read") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
// The graph's saver restores b from 'saved_bias': that is its value.
// CHECK-DAG: %[[B:.*]], %[[BCTL:.*]] = tfg.Const name("b") {dtype = f32, value = dense<5.000000e-01> : tensor<f32>} : () -> (tensor<f32>)
// CHECK-DAG: tfg.Add(%{{.*}}, %[[B]]) [%[[BCTL]]] name("y")
// A resource variable: its ReadVariableOp becomes an Identity.
// CHECK-DAG: %[[H:.*]], %{{.*}} = tfg.Const name("h") {dtype = i32, value = dense<[7, 8, 9]> : tensor<3xi32>} : () -> (tensor<3xi32>)
// CHECK-DAG: tfg.Identity(%[[H]]) name("h/Read") {T = i32, _class = ["loc:@h"]} : (tensor<3xi32>) -> (tensor<3xi32>)
// CHECK-NOT: Variable
// CHECK-NOT: Assign
// CHECK-NOT: RestoreV2
// CHECK-NOT: name("init")
// CHECK-NOT: name("u")

// EMA: remark: tfg-freeze-variables: froze 3 variables from '{{.*}}model.ckpt' (1 from moving averages)
// EMA-DAG: tfg.Const name("w") {dtype = f32, value = dense<{{\[\[}}1.000000e+01, 2.000000e+01], [3.000000e+01, 4.000000e+01]]>
// EMA-DAG: tfg.Const name("b") {dtype = f32, value = dense<5.000000e-01>
// EMA-DAG: tfg.Const name("h") {dtype = i32, value = dense<[7, 8, 9]>

// RENAME-DAG: tfg.Const name("w") {dtype = f32, value = dense<{{\[\[}}1.000000e+01, 2.000000e+01], [3.000000e+01, 4.000000e+01]]>
// RENAME-DAG: tfg.Const name("b") {dtype = f32, value = dense<-1.000000e+00>

// INFER: remark: tfg-freeze-variables: no outputs given; inferred: y, r
// INFER-NOT: Variable

module @freeze_variables {
  tfg.graph <producer = 24, min_consumer = 0> {
    %x, %ctl_x = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x2>} : () -> (tensor<?x2xf32>)
    %w, %ctl_w = tfg.VariableV2 name("w") {container = "", dtype = f32, shape = #tfg.shape<2x2>, shared_name = ""} : () -> (tensor<2x2x!tfg.ref<f32>>)
    %w_read, %ctl_w_read = tfg.Identity(%w) name("w/read") {T = f32} : (tensor<2x2x!tfg.ref<f32>>) -> (tensor<2x2xf32>)
    %b, %ctl_b = tfg.VariableV2 name("b") {container = "", dtype = f32, shape = #tfg.shape<>, shared_name = ""} : () -> (tensor<!tfg.ref<f32>>)
    %mm, %ctl_mm = tfg.MatMul(%x, %w_read) name("mm") {T = f32, transpose_a = false, transpose_b = false} : (tensor<?x2xf32>, tensor<2x2xf32>) -> (tensor<?x2xf32>)
    %y, %ctl_y = tfg.Add(%mm, %b) [%ctl_b] name("y") {T = f32} : (tensor<?x2xf32>, tensor<!tfg.ref<f32>>) -> (tensor<?x2xf32>)
    %h, %ctl_h = tfg.VarHandleOp name("h") {container = "", dtype = i32, shape = #tfg.shape<3>, shared_name = "h", allowed_devices = []} : () -> (tensor<!tfg.resource>)
    %h_read, %ctl_h_read = tfg.ReadVariableOp(%h) name("h/Read") {dtype = i32, _class = ["loc:@h"]} : (tensor<!tfg.resource>) -> (tensor<3xi32>)
    %r, %ctl_r = tfg.Neg(%h_read) name("r") {T = i32} : (tensor<3xi32>) -> (tensor<3xi32>)
    %u, %ctl_u = tfg.VariableV2 name("unused") {container = "", dtype = f32, shape = #tfg.shape<2>, shared_name = ""} : () -> (tensor<2x!tfg.ref<f32>>)
    %zeros, %ctl_zeros = tfg.Const name("zeros") {dtype = f32, value = dense<0.0> : tensor<2x2xf32>} : () -> (tensor<2x2xf32>)
    %w_assign, %ctl_w_assign = tfg.Assign(%w, %zeros) name("w/Assign") {T = f32, use_locking = true, validate_shape = true} : (tensor<2x2x!tfg.ref<f32>>, tensor<2x2xf32>) -> (tensor<2x2x!tfg.ref<f32>>)
    %ctl_init = tfg.NoOp [%ctl_w_assign] name("init")
    %prefix, %ctl_prefix = tfg.Const name("save/Const") {dtype = !tfg.string, value = dense<"model"> : tensor<!tfg.string>} : () -> (tensor<!tfg.string>)
    %names, %ctl_names = tfg.Const name("save/RestoreV2/tensor_names") {dtype = !tfg.string, value = dense<["saved_bias", "w"]> : tensor<2x!tfg.string>} : () -> (tensor<2x!tfg.string>)
    %slices, %ctl_slices = tfg.Const name("save/RestoreV2/shape_and_slices") {dtype = !tfg.string, value = dense<""> : tensor<2x!tfg.string>} : () -> (tensor<2x!tfg.string>)
    %restored:2, %ctl_restored = tfg.RestoreV2(%prefix, %names, %slices) name("save/RestoreV2") {dtypes = [f32, f32]} : (tensor<!tfg.string>, tensor<2x!tfg.string>, tensor<2x!tfg.string>) -> (tensor<*xf32>, tensor<*xf32>)
    %a0, %ctl_a0 = tfg.Assign(%b, %restored#0) name("save/Assign") {T = f32, use_locking = true, validate_shape = true} : (tensor<!tfg.ref<f32>>, tensor<*xf32>) -> (tensor<!tfg.ref<f32>>)
    %a1, %ctl_a1 = tfg.Assign(%w, %restored#1) name("save/Assign_1") {T = f32, use_locking = true, validate_shape = true} : (tensor<2x2x!tfg.ref<f32>>, tensor<*xf32>) -> (tensor<2x2x!tfg.ref<f32>>)
    %ctl_restore = tfg.NoOp [%ctl_a0, %ctl_a1] name("save/restore_all")
  }
}
