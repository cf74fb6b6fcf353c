// RUN: tfg-opt %s --split-input-file --tfg-strip-unused-nodes="outputs=out" | FileCheck %s

// Dead nodes go, live ones (data and control producers) stay.
// CHECK-LABEL: module @dead_and_live_nodes
// CHECK-DAG: name("x")
// CHECK-DAG: name("ctl_src")
// CHECK-DAG: name("out")
// CHECK-NOT: name("dead")
// CHECK-NOT: name("dead_consumer")
module @dead_and_live_nodes {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %ctl_src = tfg.NoOp name("ctl_src")
    %dead, %cd = tfg.Identity(%x) name("dead") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %dc, %cdc = tfg.Identity(%dead) name("dead_consumer") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %out, %co = tfg.Identity(%x) [%ctl_src] name("out") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
}

// -----

// A live v1 loop (a cycle through NextIteration) is kept whole; a dead
// cycle is removed.
// CHECK-LABEL: module @live_v1_loop
// CHECK-DAG: name("merge")
// CHECK-DAG: name("next")
// CHECK-NOT: name("dead_merge")
// CHECK-NOT: name("dead_next")
module @live_v1_loop {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
    %m:2, %cm = tfg.Merge(%x, %n) name("merge") {N = 2, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>)
    %n, %cn = tfg.NextIteration(%m#0) name("next") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    %dm:2, %cdm = tfg.Merge(%x, %dn) name("dead_merge") {N = 2, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>)
    %dn, %cdn = tfg.NextIteration(%dm#0) name("dead_next") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    %out, %co = tfg.Identity(%m#0) name("out") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  }
}
