// Each error names the node and what is wrong, at that node (at the graph
// when no node is at fault); tfg-opt writes nothing. One minimal graph per
// case; the options differ, so each case is its own file.
// RUN: rm -rf %t && split-file %s %t
// RUN: tfg-opt %t/missing.mlir --tfg-embed-preprocessing="input=missing" -verify-diagnostics
// RUN: not tfg-opt %t/missing.mlir --tfg-embed-preprocessing="input=missing" -o %t/out.mlir
// RUN: test ! -e %t/out.mlir
// RUN: tfg-opt %t/no-input.mlir --tfg-embed-preprocessing -verify-diagnostics
// RUN: tfg-opt %t/not-placeholder.mlir --tfg-embed-preprocessing="input=relu" -verify-diagnostics
// RUN: tfg-opt %t/not-float.mlir --tfg-embed-preprocessing="input=ids" -verify-diagnostics
// RUN: tfg-opt %t/mean.mlir --tfg-embed-preprocessing="input=image mean=1,2" -verify-diagnostics
// RUN: tfg-opt %t/scale.mlir --tfg-embed-preprocessing="input=image scale=1,2,3,4" -verify-diagnostics
// RUN: tfg-opt %t/unknown-channels.mlir --tfg-embed-preprocessing="input=anyc mean=1,2,3" -verify-diagnostics
// RUN: tfg-opt %t/dtype.mlir --tfg-embed-preprocessing="input=image dtype=uint9" -verify-diagnostics
// RUN: tfg-opt %t/string.mlir --tfg-embed-preprocessing="input=image dtype=string" -verify-diagnostics
// RUN: tfg-opt %t/resize.mlir --tfg-embed-preprocessing="input=image resize=224" -verify-diagnostics
// RUN: tfg-opt %t/resize0.mlir --tfg-embed-preprocessing="input=image resize=0x4" -verify-diagnostics
// RUN: tfg-opt %t/mismatch.mlir --tfg-embed-preprocessing="input=image resize=8x8" -verify-diagnostics
// RUN: tfg-opt %t/rank.mlir --tfg-embed-preprocessing="input=flat resize=8x8" -verify-diagnostics

// A value the option parser rejects fails on the command line, before the
// pass runs and at no location in the IR: FileCheck, not -verify-diagnostics.
// RUN: not tfg-opt %t/number.mlir --tfg-embed-preprocessing="input=image mean=abc" 2>&1 | FileCheck %s --check-prefix=NUMBER
// NUMBER: error: invalid value for option 'mean' of pass 'tfg-embed-preprocessing': 'abc' value invalid for floating point argument

//--- missing.mlir
// No node of that name: at the graph.
module @missing {
  // expected-error @+1 {{tfg-embed-preprocessing: no node named 'missing' in the graph}}
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("image") {dtype = f32, shape = #tfg.shape<1x4x6x3>} : () -> (tensor<1x4x6x3xf32>)
  }
}

//--- no-input.mlir
// No input option: at the graph.
module @no_input {
  // expected-error @+1 {{tfg-embed-preprocessing: no input given (input=NAME)}}
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("image") {dtype = f32, shape = #tfg.shape<1x4x6x3>} : () -> (tensor<1x4x6x3xf32>)
  }
}

//--- not-placeholder.mlir
module @not_placeholder {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("image") {dtype = f32, shape = #tfg.shape<1x4x6x3>} : () -> (tensor<1x4x6x3xf32>)
    // expected-error @+1 {{tfg-embed-preprocessing: node 'relu' is a Relu, not a Placeholder}}
    %r, %cr = tfg.Relu(%x) name("relu") {T = f32} : (tensor<1x4x6x3xf32>) -> (tensor<1x4x6x3xf32>)
  }
}

//--- not-float.mlir
module @not_float {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    // expected-error @+1 {{tfg-embed-preprocessing: Placeholder 'ids' has dtype int32: the normalized image must be float}}
    %i, %ci = tfg.Placeholder name("ids") {dtype = i32, shape = #tfg.shape<1x4>} : () -> (tensor<1x4xi32>)
  }
}

//--- mean.mlir
module @mean_channels {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    // expected-error @+1 {{tfg-embed-preprocessing: mean has 2 values, but Placeholder 'image' has 3 channels}}
    %x, %cx = tfg.Placeholder name("image") {dtype = f32, shape = #tfg.shape<1x4x6x3>} : () -> (tensor<1x4x6x3xf32>)
  }
}

//--- scale.mlir
module @scale_channels {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    // expected-error @+1 {{tfg-embed-preprocessing: scale has 4 values, but Placeholder 'image' has 3 channels}}
    %x, %cx = tfg.Placeholder name("image") {dtype = f32, shape = #tfg.shape<1x4x6x3>} : () -> (tensor<1x4x6x3xf32>)
  }
}

//--- unknown-channels.mlir
module @unknown_channels {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    // expected-error @+1 {{tfg-embed-preprocessing: mean has 3 values, but the number of channels of Placeholder 'anyc' (its last dimension) is unknown}}
    %a, %ca = tfg.Placeholder name("anyc") {dtype = f32, shape = #tfg.shape<1x4x6x?>} : () -> (tensor<1x4x6x?xf32>)
  }
}

//--- dtype.mlir
module @dtype_unknown {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    // expected-error @+1 {{tfg-embed-preprocessing: dtype 'uint9' is not a numeric TensorFlow dtype (uint8, int8, uint16, int16, int32, int64, half, bfloat16, float, double)}}
    %x, %cx = tfg.Placeholder name("image") {dtype = f32, shape = #tfg.shape<1x4x6x3>} : () -> (tensor<1x4x6x3xf32>)
  }
}

//--- string.mlir
// A TensorFlow dtype, but not a numeric one.
module @dtype_string {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    // expected-error @+1 {{tfg-embed-preprocessing: dtype 'string' is not a numeric TensorFlow dtype}}
    %x, %cx = tfg.Placeholder name("image") {dtype = f32, shape = #tfg.shape<1x4x6x3>} : () -> (tensor<1x4x6x3xf32>)
  }
}

//--- resize.mlir
module @resize_syntax {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    // expected-error @+1 {{tfg-embed-preprocessing: resize '224' is not HxW (two positive sizes, e.g. 224x224)}}
    %x, %cx = tfg.Placeholder name("image") {dtype = f32, shape = #tfg.shape<1x4x6x3>} : () -> (tensor<1x4x6x3xf32>)
  }
}

//--- resize0.mlir
module @resize_zero {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    // expected-error @+1 {{tfg-embed-preprocessing: resize '0x4' is not HxW (two positive sizes, e.g. 224x224)}}
    %x, %cx = tfg.Placeholder name("image") {dtype = f32, shape = #tfg.shape<1x4x6x3>} : () -> (tensor<1x4x6x3xf32>)
  }
}

//--- mismatch.mlir
module @resize_mismatch {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    // expected-error @+1 {{tfg-embed-preprocessing: resize 8x8 does not match Placeholder 'image', whose height x width is 4x6}}
    %x, %cx = tfg.Placeholder name("image") {dtype = f32, shape = #tfg.shape<1x4x6x3>} : () -> (tensor<1x4x6x3xf32>)
  }
}

//--- rank.mlir
module @resize_rank {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    // expected-error @+1 {{tfg-embed-preprocessing: resize needs a 4-D NHWC input, Placeholder 'flat' has shape #tfg.shape<1x12>}}
    %f, %cf = tfg.Placeholder name("flat") {dtype = f32, shape = #tfg.shape<1x12>} : () -> (tensor<1x12xf32>)
  }
}

//--- number.mlir
module @mean_number {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("image") {dtype = f32, shape = #tfg.shape<1x4x6x3>} : () -> (tensor<1x4x6x3xf32>)
  }
}
