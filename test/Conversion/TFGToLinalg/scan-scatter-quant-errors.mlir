// RUN: tfg-opt %s --split-input-file --verify-diagnostics --tfg-lower-to-linalg
// Errors of the lowering of OneHot, Cumsum/Cumprod, the FakeQuant ops,
// SparseToDense and the elementwise ops added with them: one diagnostic
// naming the node and what is wrong.

// OneHot needs a constant depth (it is the output's size).
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %i, %ci = tfg.Placeholder name("i") {dtype = i32, shape = #tfg.shape<3>} : () -> (tensor<3xi32>)
  %d, %cd = tfg.Placeholder name("d") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
  %on, %con = tfg.Const name("on") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{node 'oh' (OneHot): its depth must be a constant integer tensor (computed from static shapes), but it is not}}
  %o, %co = tfg.OneHot(%i, %d, %on, %on) name("oh") {T = f32, TI = i32, axis = -1 : i64} : (tensor<3xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
}

// -----

// OneHot's axis is -1 or in [0, rank of the output); -2 is not accepted.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %i, %ci = tfg.Placeholder name("i") {dtype = i32, shape = #tfg.shape<3>} : () -> (tensor<3xi32>)
  %d, %cd = tfg.Const name("d") {dtype = i32, value = dense<4> : tensor<i32>} : () -> (tensor<i32>)
  %on, %con = tfg.Const name("on") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{node 'oh' (OneHot): axis must be -1 or in [0, 2), not -2}}
  %o, %co = tfg.OneHot(%i, %d, %on, %on) name("oh") {T = f32, TI = i32, axis = -2 : i64} : (tensor<3xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
}

// -----

// A negative depth.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %i, %ci = tfg.Placeholder name("i") {dtype = i32, shape = #tfg.shape<3>} : () -> (tensor<3xi32>)
  %d, %cd = tfg.Const name("d") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<i32>)
  %on, %con = tfg.Const name("on") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{node 'oh' (OneHot): depth must be non-negative, got: -1}}
  %o, %co = tfg.OneHot(%i, %d, %on, %on) name("oh") {T = f32, TI = i32} : (tensor<3xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
}

// -----

// Cumsum's axis must be a constant.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2x3>} : () -> (tensor<2x3xf32>)
  %a, %ca = tfg.Placeholder name("a") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
  // expected-error @+1 {{node 'cs' (Cumsum): its axis must be a constant integer tensor (computed from static shapes), but it is not}}
  %s, %cs = tfg.Cumsum(%x, %a) name("cs") {T = f32, Tidx = i32} : (tensor<2x3xf32>, tensor<i32>) -> (tensor<*xf32>)
}

// -----

// Cumprod along an axis the input does not have.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2x3>} : () -> (tensor<2x3xf32>)
  %a, %ca = tfg.Const name("a") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  // expected-error @+1 {{node 'cp' (Cumprod): axis 2 is out of range for rank 2}}
  %s, %cs = tfg.Cumprod(%x, %a) name("cp") {T = f32, Tidx = i32} : (tensor<2x3xf32>, tensor<i32>) -> (tensor<*xf32>)
}

// -----

// A scan of a scalar (TensorFlow: no axis is in range).
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
  %a, %ca = tfg.Const name("a") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  // expected-error @+1 {{node 'cs' (Cumsum): its input must have rank 1 or more, not tensor<f32>}}
  %s, %cs = tfg.Cumsum(%x, %a) name("cs") {T = f32, Tidx = i32} : (tensor<f32>, tensor<i32>) -> (tensor<*xf32>)
}

// -----

// FakeQuantWithMinMaxArgs needs min < max (TensorFlow's kernel refuses it).
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<3>} : () -> (tensor<3xf32>)
  // expected-error @+1 {{node 'fq' (FakeQuantWithMinMaxArgs): min has to be smaller than max, was: 1.00 >= 1.00}}
  %y, %cy = tfg.FakeQuantWithMinMaxArgs(%x) name("fq") {min = 1.0 : f32, max = 1.0 : f32} : (tensor<3xf32>) -> (tensor<*xf32>)
}

// -----

// num_bits out of [2, 16].
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<3>} : () -> (tensor<3xf32>)
  // expected-error @+1 {{node 'fq' (FakeQuantWithMinMaxArgs): num_bits must be between 2 and 16, inclusive (it is 17)}}
  %y, %cy = tfg.FakeQuantWithMinMaxArgs(%x) name("fq") {num_bits = 17 : i64} : (tensor<3xf32>) -> (tensor<*xf32>)
}

// -----

// FakeQuantWithMinMaxVars takes scalar ranges.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<3>} : () -> (tensor<3xf32>)
  %m, %cm = tfg.Placeholder name("m") {dtype = f32, shape = #tfg.shape<3>} : () -> (tensor<3xf32>)
  // expected-error @+1 {{node 'fq' (FakeQuantWithMinMaxVars): min must be a scalar, not tensor<3xf32>}}
  %y, %cy = tfg.FakeQuantWithMinMaxVars(%x, %m, %m) name("fq") : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<*xf32>)
}

// -----

// Per-channel ranges must match the last dimension.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2x3>} : () -> (tensor<2x3xf32>)
  %m, %cm = tfg.Placeholder name("m") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  // expected-error @+1 {{node 'fq' (FakeQuantWithMinMaxVarsPerChannel): min has incorrect shape tensor<2xf32>, expected [3] (the last dimension)}}
  %y, %cy = tfg.FakeQuantWithMinMaxVarsPerChannel(%x, %m, %m) name("fq") : (tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<*xf32>)
}

// -----

// Fake quantization is float32 only.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f64, shape = #tfg.shape<3>} : () -> (tensor<3xf64>)
  // expected-error @+1 {{node 'fq' (FakeQuantWithMinMaxArgs): its inputs must be float32, not f64}}
  %y, %cy = tfg.FakeQuantWithMinMaxArgs(%x) name("fq") : (tensor<3xf64>) -> (tensor<*xf32>)
}

// -----

// Constant sparse indices are checked as TensorFlow does: in bounds.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %i, %ci = tfg.Const name("i") {dtype = i32, value = dense<[[0, 1], [2, 2]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %s, %cs = tfg.Const name("s") {dtype = i32, value = dense<[3, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %v, %cv = tfg.Placeholder name("v") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  %d, %cd = tfg.Const name("d") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{node 'sd' (SparseToDense): indices[1] = [2,2] is out of bounds: need 0 <= index < [3,2]}}
  %o, %co = tfg.SparseToDense(%i, %s, %v, %d) name("sd") {T = f32, Tindices = i32} : (tensor<2x2xi32>, tensor<2xi32>, tensor<2xf32>, tensor<f32>) -> (tensor<*xf32>)
}

// -----

// ... and sorted when validate_indices (the default).
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %i, %ci = tfg.Const name("i") {dtype = i32, value = dense<[2, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %s, %cs = tfg.Const name("s") {dtype = i32, value = dense<[3]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %v, %cv = tfg.Placeholder name("v") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  %d, %cd = tfg.Const name("d") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{node 'sd' (SparseToDense): indices[1] = [0] is out of order (validate_indices wants them sorted)}}
  %o, %co = tfg.SparseToDense(%i, %s, %v, %d) name("sd") {T = f32, Tindices = i32} : (tensor<2xi32>, tensor<1xi32>, tensor<2xf32>, tensor<f32>) -> (tensor<*xf32>)
}

// -----

// ... and not repeated.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %i, %ci = tfg.Const name("i") {dtype = i32, value = dense<[1, 1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %s, %cs = tfg.Const name("s") {dtype = i32, value = dense<[3]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %v, %cv = tfg.Placeholder name("v") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  %d, %cd = tfg.Const name("d") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{node 'sd' (SparseToDense): indices[1] = [1] is repeated}}
  %o, %co = tfg.SparseToDense(%i, %s, %v, %d) name("sd") {T = f32, Tindices = i32} : (tensor<2xi32>, tensor<1xi32>, tensor<2xf32>, tensor<f32>) -> (tensor<*xf32>)
}

// -----

// The output shape must be a constant.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %i, %ci = tfg.Placeholder name("i") {dtype = i32, shape = #tfg.shape<2>} : () -> (tensor<2xi32>)
  %s, %cs = tfg.Placeholder name("s") {dtype = i32, shape = #tfg.shape<1>} : () -> (tensor<1xi32>)
  %d, %cd = tfg.Const name("d") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{node 'sd' (SparseToDense): its output_shape must be a constant integer tensor (computed from static shapes), but it is not}}
  %o, %co = tfg.SparseToDense(%i, %s, %d, %d) name("sd") {T = f32, Tindices = i32} : (tensor<2xi32>, tensor<1xi32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
}

// -----

// One value per index, or one for all.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %i, %ci = tfg.Placeholder name("i") {dtype = i32, shape = #tfg.shape<2>} : () -> (tensor<2xi32>)
  %s, %cs = tfg.Const name("s") {dtype = i32, value = dense<[3]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %v, %cv = tfg.Placeholder name("v") {dtype = f32, shape = #tfg.shape<3>} : () -> (tensor<3xf32>)
  %d, %cd = tfg.Const name("d") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{node 'sd' (SparseToDense): sparse_values tensor<3xf32> should be a scalar or have 2 elements}}
  %o, %co = tfg.SparseToDense(%i, %s, %v, %d) name("sd") {T = f32, Tindices = i32} : (tensor<2xi32>, tensor<1xi32>, tensor<3xf32>, tensor<f32>) -> (tensor<*xf32>)
}

// -----

// BitwiseAnd of unsigned integers (unsigned dtypes are not lowered).
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %u, %cu = tfg.Placeholder name("u") {dtype = ui8, shape = #tfg.shape<2>} : () -> (tensor<2xui8>)
  // expected-error @+1 {{node 'b' (BitwiseAnd): dtype ui8 is not lowered}}
  %b, %cb = tfg.BitwiseAnd(%u, %u) name("b") {T = ui8} : (tensor<2xui8>, tensor<2xui8>) -> (tensor<*xui8>)
}

// -----

// ClipByValue's bounds are scalars or have x's shape (no other broadcasting).
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2x3>} : () -> (tensor<2x3xf32>)
  %lo, %clo = tfg.Placeholder name("lo") {dtype = f32, shape = #tfg.shape<3>} : () -> (tensor<3xf32>)
  %hi, %chi = tfg.Placeholder name("hi") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
  // expected-error @+1 {{node 'c' (ClipByValue): clip_value_min tensor<3xf32> must be a scalar or have the shape of tensor<2x3xf32>}}
  %c, %cc = tfg.ClipByValue(%x, %lo, %hi) name("c") {T = f32} : (tensor<2x3xf32>, tensor<3xf32>, tensor<f32>) -> (tensor<*xf32>)
}
