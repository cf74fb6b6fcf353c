// RUN: tfg-opt %s --split-input-file --verify-diagnostics --tfg-lower-to-linalg
// What TopKV2, GatherV2 with batch_dims, grouped Conv2D and CropAndResize
// refuse, each naming the node.

// k must be a constant (the output shape depends on it).
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<5>} : () -> (tensor<5xf32>)
  %k, %ck = tfg.Placeholder name("k") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
  // expected-error @+1 {{node 'topk' (TopKV2): its k must be a constant integer tensor}}
  %v:2, %cv = tfg.TopKV2(%x, %k) name("topk") {T = f32} : (tensor<5xf32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xi32>)
}

// -----

// k larger than the last dimension.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2x5>} : () -> (tensor<2x5xf32>)
  %k, %ck = tfg.Const name("k") {dtype = i32, value = dense<6> : tensor<i32>} : () -> (tensor<i32>)
  // expected-error @+1 {{node 'topk' (TopKV2): k = 6 is not in [0, 5], the last dimension of tensor<2x5xf32>}}
  %v:2, %cv = tfg.TopKV2(%x, %k) name("topk") {T = f32} : (tensor<2x5xf32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xi32>)
}

// -----

// Negative k.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<5>} : () -> (tensor<5xf32>)
  %k, %ck = tfg.Const name("k") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<i32>)
  // expected-error @+1 {{node 'topk' (TopKV2): k = -1 is not in [0, 5], the last dimension of tensor<5xf32>}}
  %v:2, %cv = tfg.TopKV2(%x, %k) name("topk") {T = f32} : (tensor<5xf32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xi32>)
}

// -----

// A scalar input has no last dimension.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
  %k, %ck = tfg.Const name("k") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  // expected-error @+1 {{node 'topk' (TopKV2): input tensor<f32> must be at least 1-D}}
  %v:2, %cv = tfg.TopKV2(%x, %k) name("topk") {T = f32} : (tensor<f32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xi32>)
}

// -----

// k must be a scalar.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<5>} : () -> (tensor<5xf32>)
  %k, %ck = tfg.Const name("k") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  // expected-error @+1 {{node 'topk' (TopKV2): k must be a scalar}}
  %v:2, %cv = tfg.TopKV2(%x, %k) name("topk") {T = f32} : (tensor<5xf32>, tensor<2xi32>) -> (tensor<*xf32>, tensor<*xi32>)
}

// -----

// batch_dims beyond the rank of indices.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %p, %cp = tfg.Placeholder name("p") {dtype = f32, shape = #tfg.shape<2x3>} : () -> (tensor<2x3xf32>)
  %i, %ci = tfg.Placeholder name("i") {dtype = i32, shape = #tfg.shape<2>} : () -> (tensor<2xi32>)
  %a, %ca = tfg.Const name("a") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  // expected-error @+1 {{node 'g' (GatherV2): batch_dims -2 is not in [-1, 1] (the rank of indices tensor<2xi32>)}}
  %g, %cg = tfg.GatherV2(%p, %i, %a) name("g") {Tparams = f32, Tindices = i32, Taxis = i32, batch_dims = -2 : i64} : (tensor<2x3xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<*xf32>)
}

// -----

// batch_dims above the axis.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %p, %cp = tfg.Placeholder name("p") {dtype = f32, shape = #tfg.shape<2x3x4>} : () -> (tensor<2x3x4xf32>)
  %i, %ci = tfg.Placeholder name("i") {dtype = i32, shape = #tfg.shape<2x3x1>} : () -> (tensor<2x3x1xi32>)
  %a, %ca = tfg.Const name("a") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  // expected-error @+1 {{node 'g' (GatherV2): batch_dims 2 must be at most axis 1}}
  %g, %cg = tfg.GatherV2(%p, %i, %a) name("g") {Tparams = f32, Tindices = i32, Taxis = i32, batch_dims = 2 : i64} : (tensor<2x3x4xf32>, tensor<2x3x1xi32>, tensor<i32>) -> (tensor<*xf32>)
}

// -----

// batch_dims as large as the rank of params.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %p, %cp = tfg.Placeholder name("p") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  %i, %ci = tfg.Placeholder name("i") {dtype = i32, shape = #tfg.shape<2x1>} : () -> (tensor<2x1xi32>)
  %a, %ca = tfg.Const name("a") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  // expected-error @+1 {{node 'g' (GatherV2): batch_dims 1 must be less than the rank of params tensor<2xf32>}}
  %g, %cg = tfg.GatherV2(%p, %i, %a) name("g") {Tparams = f32, Tindices = i32, Taxis = i32, batch_dims = 1 : i64} : (tensor<2xf32>, tensor<2x1xi32>, tensor<i32>) -> (tensor<*xf32>)
}

// -----

// Batch dimensions of params and indices that differ.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %p, %cp = tfg.Placeholder name("p") {dtype = f32, shape = #tfg.shape<2x3>} : () -> (tensor<2x3xf32>)
  %i, %ci = tfg.Placeholder name("i") {dtype = i32, shape = #tfg.shape<3x2>} : () -> (tensor<3x2xi32>)
  %a, %ca = tfg.Const name("a") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  // expected-error @+1 {{node 'g' (GatherV2): batch dimension 0 of params tensor<2x3xf32> and indices tensor<3x2xi32> differ}}
  %g, %cg = tfg.GatherV2(%p, %i, %a) name("g") {Tparams = f32, Tindices = i32, Taxis = i32, batch_dims = 1 : i64} : (tensor<2x3xf32>, tensor<3x2xi32>, tensor<i32>) -> (tensor<*xf32>)
}

// -----

// Input channels not a multiple of the filter depth.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x4x4x5>} : () -> (tensor<1x4x4x5xf32>)
  %w, %cw = tfg.Const name("w") {dtype = f32, value = dense<1.0> : tensor<1x1x2x4xf32>} : () -> (tensor<1x1x2x4xf32>)
  // expected-error @+1 {{node 'conv' (Conv2D): the input depth of tensor<1x4x4x5xf32> is not a multiple of the filter depth of tensor<1x1x2x4xf32>}}
  %y, %cy = tfg.Conv2D(%x, %w) name("conv") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x4x4x5xf32>, tensor<1x1x2x4xf32>) -> (tensor<*xf32>)
}

// -----

// Output channels not a multiple of the number of groups (4 / 2 = 2 groups,
// 3 filters).
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x4x4x4>} : () -> (tensor<1x4x4x4xf32>)
  %w, %cw = tfg.Const name("w") {dtype = f32, value = dense<1.0> : tensor<1x1x2x3xf32>} : () -> (tensor<1x1x2x3xf32>)
  // expected-error @+1 {{node 'conv' (Conv2D): the output depth of filter tensor<1x1x2x3xf32> is not a multiple of the 2 groups}}
  %y, %cy = tfg.Conv2D(%x, %w) name("conv") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x4x4x4xf32>, tensor<1x1x2x3xf32>) -> (tensor<*xf32>)
}

// -----

// A depthwise filter must match the input channels (no groups there).
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x4x4x4>} : () -> (tensor<1x4x4x4xf32>)
  %w, %cw = tfg.Const name("w") {dtype = f32, value = dense<1.0> : tensor<1x1x2x1xf32>} : () -> (tensor<1x1x2x1xf32>)
  // expected-error @+1 {{node 'dw' (DepthwiseConv2dNative): filter tensor<1x1x2x1xf32> does not match the input channels of tensor<1x4x4x4xf32>}}
  %y, %cy = tfg.DepthwiseConv2dNative(%x, %w) name("dw") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x4x4x4xf32>, tensor<1x1x2x1xf32>) -> (tensor<*xf32>)
}

// -----

// crop_size must be a constant.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %img, %c0 = tfg.Placeholder name("img") {dtype = f32, shape = #tfg.shape<1x4x4x1>} : () -> (tensor<1x4x4x1xf32>)
  %b, %c1 = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<1x4>} : () -> (tensor<1x4xf32>)
  %i, %c2 = tfg.Placeholder name("i") {dtype = i32, shape = #tfg.shape<1>} : () -> (tensor<1xi32>)
  %s, %c3 = tfg.Placeholder name("s") {dtype = i32, shape = #tfg.shape<2>} : () -> (tensor<2xi32>)
  // expected-error @+1 {{node 'crop' (CropAndResize): its crop_size must be a constant integer tensor}}
  %y, %cy = tfg.CropAndResize(%img, %b, %i, %s) name("crop") {T = f32} : (tensor<1x4x4x1xf32>, tensor<1x4xf32>, tensor<1xi32>, tensor<2xi32>) -> (tensor<*xf32>)
}

// -----

// crop_size must be positive.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %img, %c0 = tfg.Placeholder name("img") {dtype = f32, shape = #tfg.shape<1x4x4x1>} : () -> (tensor<1x4x4x1xf32>)
  %b, %c1 = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<1x4>} : () -> (tensor<1x4xf32>)
  %i, %c2 = tfg.Placeholder name("i") {dtype = i32, shape = #tfg.shape<1>} : () -> (tensor<1xi32>)
  %s, %c3 = tfg.Const name("s") {dtype = i32, value = dense<[0, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  // expected-error @+1 {{node 'crop' (CropAndResize): crop_size must be two positive integers [crop_height, crop_width]}}
  %y, %cy = tfg.CropAndResize(%img, %b, %i, %s) name("crop") {T = f32} : (tensor<1x4x4x1xf32>, tensor<1x4xf32>, tensor<1xi32>, tensor<2xi32>) -> (tensor<*xf32>)
}

// -----

// boxes must be [num_boxes, 4].
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %img, %c0 = tfg.Placeholder name("img") {dtype = f32, shape = #tfg.shape<1x4x4x1>} : () -> (tensor<1x4x4x1xf32>)
  %b, %c1 = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<1x3>} : () -> (tensor<1x3xf32>)
  %i, %c2 = tfg.Placeholder name("i") {dtype = i32, shape = #tfg.shape<1>} : () -> (tensor<1xi32>)
  %s, %c3 = tfg.Const name("s") {dtype = i32, value = dense<[2, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  // expected-error @+1 {{node 'crop' (CropAndResize): boxes tensor<1x3xf32> must be [num_boxes, 4]}}
  %y, %cy = tfg.CropAndResize(%img, %b, %i, %s) name("crop") {T = f32} : (tensor<1x4x4x1xf32>, tensor<1x3xf32>, tensor<1xi32>, tensor<2xi32>) -> (tensor<*xf32>)
}

// -----

// One box index per box.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %img, %c0 = tfg.Placeholder name("img") {dtype = f32, shape = #tfg.shape<1x4x4x1>} : () -> (tensor<1x4x4x1xf32>)
  %b, %c1 = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<2x4>} : () -> (tensor<2x4xf32>)
  %i, %c2 = tfg.Placeholder name("i") {dtype = i32, shape = #tfg.shape<3>} : () -> (tensor<3xi32>)
  %s, %c3 = tfg.Const name("s") {dtype = i32, value = dense<[2, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  // expected-error @+1 {{node 'crop' (CropAndResize): box_ind tensor<3xi32> must be [2], one per box}}
  %y, %cy = tfg.CropAndResize(%img, %b, %i, %s) name("crop") {T = f32} : (tensor<1x4x4x1xf32>, tensor<2x4xf32>, tensor<3xi32>, tensor<2xi32>) -> (tensor<*xf32>)
}

// -----

// A known box index outside the batch.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %img, %c0 = tfg.Placeholder name("img") {dtype = f32, shape = #tfg.shape<2x4x4x1>} : () -> (tensor<2x4x4x1xf32>)
  %b, %c1 = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<2x4>} : () -> (tensor<2x4xf32>)
  %i, %c2 = tfg.Const name("i") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %s, %c3 = tfg.Const name("s") {dtype = i32, value = dense<[2, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  // expected-error @+1 {{node 'crop' (CropAndResize): box_ind 2 is outside [0, 2)}}
  %y, %cy = tfg.CropAndResize(%img, %b, %i, %s) name("crop") {T = f32} : (tensor<2x4x4x1xf32>, tensor<2x4xf32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<*xf32>)
}

// -----

// The image must be NHWC.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %img, %c0 = tfg.Placeholder name("img") {dtype = f32, shape = #tfg.shape<4x4x1>} : () -> (tensor<4x4x1xf32>)
  %b, %c1 = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<1x4>} : () -> (tensor<1x4xf32>)
  %i, %c2 = tfg.Placeholder name("i") {dtype = i32, shape = #tfg.shape<1>} : () -> (tensor<1xi32>)
  %s, %c3 = tfg.Const name("s") {dtype = i32, value = dense<[2, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  // expected-error @+1 {{node 'crop' (CropAndResize): image tensor<4x4x1xf32> must be 4-D (NHWC)}}
  %y, %cy = tfg.CropAndResize(%img, %b, %i, %s) name("crop") {T = f32} : (tensor<4x4x1xf32>, tensor<1x4xf32>, tensor<1xi32>, tensor<2xi32>) -> (tensor<*xf32>)
}
