// RUN: tfg-opt %s --split-input-file --tfg-lower-to-linalg="dynamic-dims=true" | FileCheck %s

// A growing TensorArray (dynamic_size) in straight-line code: its data and
// lengths go from node to node bundled; no bundle is left after the
// lowering. The array's element shape ?x4 holds for every element: a
// write of [?,?] is cast to [?,4], so the data stays tensor<?x4xf32>;
// Concat returns the data and the lengths, Size the number of lengths.
// CHECK-LABEL: module @straight_line
// CHECK: func.func @main
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32> {tfg.name = "x"})
// CHECK-SAME: -> (tensor<?x4xf32> {tfg.name = "cat"}, tensor<?xi64> {tfg.name = "cat:1"}, tensor<i32> {tfg.name = "size"}, tensor<?x4xf32> {tfg.name = "read"}, tensor<2x?x4xf32> {tfg.name = "gather"})
// Two writes at constant indices: the canonicalizer folds the lengths'
// count, so Size is the constant 2.
// CHECK: %[[SIZE:.*]] = arith.constant dense<2> : tensor<i32>
// CHECK: %[[CAST:.*]] = tensor.cast %[[X]] : tensor<?x?xf32> to tensor<?x4xf32>
// CHECK: tensor.insert_slice %[[CAST]] into %{{.*}} : tensor<?x4xf32> into tensor<?x4xf32>
// CHECK: tensor.generate
// Read(1): the rows of element 1, at the sum of the lengths before it.
// CHECK: %[[SPAN:.*]]:2 = scf.for
// CHECK: %[[READ:.*]] = tensor.extract_slice %[[DATA:.*]][%[[SPAN]]#0, 0] [%[[SPAN]]#1, 4] [1, 1] : tensor<?x4xf32> to tensor<?x4xf32>
// CHECK: %[[GATHER:.*]] = tensor.generate
// CHECK: return %[[DATA]], %{{.*}}, %[[SIZE]], %[[READ]], %[[GATHER]] : tensor<?x4xf32>, tensor<?xi64>, tensor<i32>, tensor<?x4xf32>, tensor<2x?x4xf32>
// CHECK-NOT: unrealized_conversion_cast
module @straight_line {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x?>} : () -> (tensor<?x?xf32>)
    %zero, %czero = tfg.Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %one, %cone = tfg.Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %ii, %cii = tfg.Const name("ii") {dtype = i32, value = dense<[0, 1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
    %ta:2, %cta = tfg.TensorArrayV3(%zero) name("ta") {dtype = f32, dynamic_size = true, element_shape = #tfg.shape<?x4>} : (tensor<i32>) -> (tensor<*x!tfg.resource>, tensor<*xf32>)
    %w0, %cw0 = tfg.TensorArrayWriteV3(%ta#0, %zero, %x, %ta#1) name("w0") {T = f32} : (tensor<*x!tfg.resource>, tensor<i32>, tensor<?x?xf32>, tensor<*xf32>) -> (tensor<*xf32>)
    %w1, %cw1 = tfg.TensorArrayWriteV3(%ta#0, %one, %x, %w0) name("w1") {T = f32} : (tensor<*x!tfg.resource>, tensor<i32>, tensor<?x?xf32>, tensor<*xf32>) -> (tensor<*xf32>)
    %cat:2, %ccat = tfg.TensorArrayConcatV3(%ta#0, %w1) name("cat") {dtype = f32, element_shape_except0 = #tfg.shape<4>} : (tensor<*x!tfg.resource>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi64>)
    %size, %csize = tfg.generic "TensorArraySizeV3"(%ta#0, %w1) name("size") : (tensor<*x!tfg.resource>, tensor<*xf32>) -> (tensor<*xi32>)
    %read, %cread = tfg.generic "TensorArrayReadV3"(%ta#0, %one, %w1) name("read") {dtype = f32} : (tensor<*x!tfg.resource>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
    %gather, %cgather = tfg.generic "TensorArrayGatherV3"(%ta#0, %ii, %w1) name("gather") {dtype = f32, element_shape = #tfg.shape<?x4>} : (tensor<*x!tfg.resource>, tensor<2xi32>, tensor<*xf32>) -> (tensor<*xf32>)
  }
}

// -----

// The first write into an array of unknown element shape gives it the
// written rank; its data's dimension 0 stays dynamic (a static 0 made the
// empty slices before and after the element invalid IR once folded), and
// Concat returns the rows written: x itself once canonicalized.
// CHECK-LABEL: module @unset_first_write
// CHECK: func.func @main
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32> {tfg.name = "x"}) -> (tensor<?xf32> {tfg.name = "cat"}, tensor<?xi64> {tfg.name = "cat:1"})
// CHECK: %[[DATA:.*]] = tensor.cast %[[X]] : tensor<4xf32> to tensor<?xf32>
// CHECK: return %[[DATA]], %{{.*}} : tensor<?xf32>, tensor<?xi64>
// CHECK-NOT: unrealized_conversion_cast
module @unset_first_write {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
    %zero, %czero = tfg.Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %ta:2, %cta = tfg.TensorArrayV3(%zero) name("ta") {dtype = f32, dynamic_size = true, element_shape = #tfg.shape<*>} : (tensor<i32>) -> (tensor<*x!tfg.resource>, tensor<*xf32>)
    %w, %cw = tfg.TensorArrayWriteV3(%ta#0, %zero, %x, %ta#1) name("w") {T = f32} : (tensor<*x!tfg.resource>, tensor<i32>, tensor<4xf32>, tensor<*xf32>) -> (tensor<*xf32>)
    %cat:2, %ccat = tfg.TensorArrayConcatV3(%ta#0, %w) name("cat") {dtype = f32, element_shape_except0 = #tfg.shape<>} : (tensor<*x!tfg.resource>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi64>)
  }
}
