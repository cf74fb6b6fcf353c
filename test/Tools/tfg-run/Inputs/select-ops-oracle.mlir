// The graph of select-ops-oracle.test (TopKV2, GatherV2 batch_dims,
// CropAndResize) for the TensorFlow.js oracle; Identity nodes name the
// TopK outputs (the runner mixes up the outputs of one multi-output node).
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %_0 = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<3x50>} : () -> (tensor<3x50xf32>)
  %k7, %_1 = tfg.Const name("k7") {dtype = i32, value = dense<7> : tensor<i32>} : () -> (tensor<i32>)
  %top:2, %_2 = tfg.TopKV2(%x, %k7) name("top") {T = f32, sorted = true} : (tensor<3x50xf32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xi32>)
  %tv, %_i0 = tfg.Identity(%top#0) name("top_values") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %ti, %_i1 = tfg.Identity(%top#1) name("top_indices") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %t, %_3 = tfg.Placeholder name("t") {dtype = f32, shape = #tfg.shape<2x6>} : () -> (tensor<2x6xf32>)
  %k6, %_4 = tfg.Const name("k6") {dtype = i32, value = dense<6> : tensor<i32>} : () -> (tensor<i32>)
  %ties:2, %_5 = tfg.TopKV2(%t, %k6) name("ties") {T = f32, sorted = true} : (tensor<2x6xf32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xi32>)
  %tv2, %_i2 = tfg.Identity(%ties#0) name("ties_values") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %ti2, %_i3 = tfg.Identity(%ties#1) name("ties_indices") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %p, %_6 = tfg.Placeholder name("p") {dtype = f32, shape = #tfg.shape<2x3x4>} : () -> (tensor<2x3x4xf32>)
  %gi, %_7 = tfg.Placeholder name("gi") {dtype = i32, shape = #tfg.shape<2x5>} : () -> (tensor<2x5xi32>)
  %a2, %_8 = tfg.Const name("a2") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %g, %_9 = tfg.GatherV2(%p, %gi, %a2) name("gather") {Tparams = f32, Tindices = i32, Taxis = i32, batch_dims = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x5xi32>, tensor<i32>) -> (tensor<*xf32>)
  %img, %_10 = tfg.Placeholder name("img") {dtype = f32, shape = #tfg.shape<2x5x6x3>} : () -> (tensor<2x5x6x3xf32>)
  %boxes, %_11 = tfg.Placeholder name("boxes") {dtype = f32, shape = #tfg.shape<4x4>} : () -> (tensor<4x4xf32>)
  %ind, %_12 = tfg.Placeholder name("ind") {dtype = i32, shape = #tfg.shape<4>} : () -> (tensor<4xi32>)
  %s34, %_13 = tfg.Const name("s34") {dtype = i32, value = dense<[3, 4]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %crop, %_14 = tfg.CropAndResize(%img, %boxes, %ind, %s34) name("crop") {T = f32, method = "bilinear", extrapolation_value = 0.25 : f32} : (tensor<2x5x6x3xf32>, tensor<4x4xf32>, tensor<4xi32>, tensor<2xi32>) -> (tensor<*xf32>)
  %near, %_15 = tfg.CropAndResize(%img, %boxes, %ind, %s34) name("nearest") {T = f32, method = "nearest", extrapolation_value = 0.25 : f32} : (tensor<2x5x6x3xf32>, tensor<4x4xf32>, tensor<4xi32>, tensor<2xi32>) -> (tensor<*xf32>)
  %s11, %_16 = tfg.Const name("s11") {dtype = i32, value = dense<[1, 1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %centre, %_17 = tfg.CropAndResize(%img, %boxes, %ind, %s11) name("centre") {T = f32} : (tensor<2x5x6x3xf32>, tensor<4x4xf32>, tensor<4xi32>, tensor<2xi32>) -> (tensor<*xf32>)
}
