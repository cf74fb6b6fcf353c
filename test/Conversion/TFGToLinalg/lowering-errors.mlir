// RUN: tfg-opt %s --split-input-file --verify-diagnostics --tfg-lower-to-linalg

// A permutation computed from the input's values (not its shape) cannot
// be made static (a Reshape's shape can: see dynamic-shapes.mlir).
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2x2>} : () -> (tensor<2x2xf32>)
  %p, %cp = tfg.Placeholder name("p") {dtype = i32, shape = #tfg.shape<2>} : () -> (tensor<2xi32>)
  // expected-error @+1 {{node 't' (Transpose): its perm must be a constant integer tensor (computed from static shapes), but it is not}}
  %t, %ct = tfg.Transpose(%x, %p) name("t") {T = f32, Tperm = i32} : (tensor<2x2xf32>, tensor<2xi32>) -> (tensor<*xf32>)
}

// -----

// Shapes that do not broadcast.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2x3>} : () -> (tensor<2x3xf32>)
  %y, %cy = tfg.Placeholder name("y") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  // expected-error @+1 {{node 'add' (AddV2): input shapes tensor<2x3xf32> and tensor<2xf32> do not broadcast}}
  %a, %ca = tfg.AddV2(%x, %y) name("add") {T = f32} : (tensor<2x3xf32>, tensor<2xf32>) -> (tensor<*xf32>)
}

// -----

// A batch norm in training mode computes batch statistics: not lowered.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x2x2x2>} : () -> (tensor<1x2x2x2xf32>)
  %s, %cs = tfg.Const name("s") {dtype = f32, value = dense<1.0> : tensor<2xf32>} : () -> (tensor<2xf32>)
  // expected-error @+1 {{node 'bn' (FusedBatchNorm): training-mode batch norm (is_training true or absent) is not lowered: bind the training flag and fold it for inference first}}
  %bn:5, %cb = tfg.FusedBatchNorm(%x, %s, %s, %s, %s) name("bn") {T = f32, is_training = true} : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
}

// -----

// A reshape to another element count.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2x3>} : () -> (tensor<2x3xf32>)
  %s, %cs = tfg.Const name("s") {dtype = i32, value = dense<[4, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  // expected-error @+1 {{node 'r' (Reshape): cannot reshape tensor<2x3xf32> (6 elements) to 8 elements}}
  %r, %cr = tfg.Reshape(%x, %s) name("r") {T = f32, Tshape = i32} : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<*xf32>)
}

// -----

// Squeezing a dimension that is not 1.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2x1>} : () -> (tensor<2x1xf32>)
  // expected-error @+1 {{node 'sq' (Squeeze): cannot squeeze dimension 0 of tensor<2x1xf32>}}
  %q, %cq = tfg.Squeeze(%x) name("sq") {T = f32, squeeze_dims = [0]} : (tensor<2x1xf32>) -> (tensor<*xf32>)
}

// -----

// A shrink index out of bounds.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2x3>} : () -> (tensor<2x3xf32>)
  %b, %cb = tfg.Const name("b") {dtype = i32, value = dense<[5]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %e, %ce = tfg.Const name("e") {dtype = i32, value = dense<[6]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %s, %cs = tfg.Const name("s") {dtype = i32, value = dense<[1]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  // expected-error @+1 {{node 'ss' (StridedSlice): shrink index out of bounds in dimension 0}}
  %r, %cr = tfg.StridedSlice(%x, %b, %e, %s) name("ss") {T = f32, Index = i32, shrink_axis_mask = 1 : i64} : (tensor<2x3xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<*xf32>)
}

// -----

// An unknown fused op.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x2>} : () -> (tensor<1x2xf32>)
  %w, %cw = tfg.Const name("w") {dtype = f32, value = dense<1.0> : tensor<2x2xf32>} : () -> (tensor<2x2xf32>)
  %b, %cb = tfg.Const name("b") {dtype = f32, value = dense<1.0> : tensor<2xf32>} : () -> (tensor<2xf32>)
  // expected-error @+1 {{node 'mm' (_FusedMatMul): fused activation 'Gelu' is not lowered}}
  %m, %cm = tfg._FusedMatMul(%x, %w, %b) name("mm") {T = f32, fused_ops = ["BiasAdd", "Gelu"], num_args = 1 : i64} : (tensor<1x2xf32>, tensor<2x2xf32>, tensor<2xf32>) -> (tensor<*xf32>)
}

// -----

// A string constant has no CPU representation.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{node 's' (Const): its value}}
  %s, %cs = tfg.Const name("s") {dtype = !tfg.string, value = #tfg.tensor_proto<"0807"> : tensor<!tfg.string>} : () -> (tensor<!tfg.string>)
  %i, %ci = tfg.Identity(%s) name("out") {T = !tfg.string} : (tensor<!tfg.string>) -> (tensor<*x!tfg.string>)
}

// -----

// A quantized constant whose TensorProto bytes do not hold its elements.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{node 'q' (Const): cannot decode its quantized TensorProto value}}
  %q, %cq = tfg.Const name("q") {dtype = !tfg.quint8, value = #tfg.tensor_proto<"080C12041202080422020040"> : tensor<4x!tfg.quint8>} : () -> (tensor<4x!tfg.quint8>)
  %lo, %c1 = tfg.Const name("lo") {dtype = f32, value = dense<-1.0> : tensor<f32>} : () -> (tensor<f32>)
  %d, %cd = tfg.Dequantize(%q, %lo, %lo) name("d") {T = !tfg.quint8, mode = "MIN_FIRST"} : (tensor<4x!tfg.quint8>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
}
