// Each error names the node and what is wrong; tfg-opt writes nothing.
// RUN: not tfg-opt %s --tfg-embed-preprocessing="input=missing" -o %t.out 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: test ! -e %t.out
// RUN: not tfg-opt %s --tfg-embed-preprocessing 2>&1 | FileCheck %s --check-prefix=NOINPUT
// RUN: not tfg-opt %s --tfg-embed-preprocessing="input=relu" 2>&1 | FileCheck %s --check-prefix=NOTPH
// RUN: not tfg-opt %s --tfg-embed-preprocessing="input=ids" 2>&1 | FileCheck %s --check-prefix=NOTFLOAT
// RUN: not tfg-opt %s --tfg-embed-preprocessing="input=image mean=1,2" 2>&1 | FileCheck %s --check-prefix=MEAN
// RUN: not tfg-opt %s --tfg-embed-preprocessing="input=image scale=1,2,3,4" 2>&1 | FileCheck %s --check-prefix=SCALE
// RUN: not tfg-opt %s --tfg-embed-preprocessing="input=anyc mean=1,2,3" 2>&1 | FileCheck %s --check-prefix=UNKNOWNC
// RUN: not tfg-opt %s --tfg-embed-preprocessing="input=image dtype=uint9" 2>&1 | FileCheck %s --check-prefix=DTYPE
// RUN: not tfg-opt %s --tfg-embed-preprocessing="input=image dtype=string" 2>&1 | FileCheck %s --check-prefix=STRING
// RUN: not tfg-opt %s --tfg-embed-preprocessing="input=image resize=224" 2>&1 | FileCheck %s --check-prefix=RESIZE
// RUN: not tfg-opt %s --tfg-embed-preprocessing="input=image resize=0x4" 2>&1 | FileCheck %s --check-prefix=RESIZE0
// RUN: not tfg-opt %s --tfg-embed-preprocessing="input=image resize=8x8" 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: not tfg-opt %s --tfg-embed-preprocessing="input=flat resize=8x8" 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: not tfg-opt %s --tfg-embed-preprocessing="input=image mean=abc" 2>&1 | FileCheck %s --check-prefix=NUMBER

// MISSING: error: tfg-embed-preprocessing: no node named 'missing' in the graph
// NOINPUT: error: tfg-embed-preprocessing: no input given (input=NAME)
// NOTPH: error: tfg-embed-preprocessing: node 'relu' is a Relu, not a Placeholder
// NOTFLOAT: error: tfg-embed-preprocessing: Placeholder 'ids' has dtype int32: the normalized image must be float
// MEAN: error: tfg-embed-preprocessing: mean has 2 values, but Placeholder 'image' has 3 channels
// SCALE: error: tfg-embed-preprocessing: scale has 4 values, but Placeholder 'image' has 3 channels
// UNKNOWNC: error: tfg-embed-preprocessing: mean has 3 values, but the number of channels of Placeholder 'anyc' (its last dimension) is unknown
// DTYPE: error: tfg-embed-preprocessing: dtype 'uint9' is not a numeric TensorFlow dtype (uint8, int8, uint16, int16, int32, int64, half, bfloat16, float, double)
// STRING: error: tfg-embed-preprocessing: dtype 'string' is not a numeric
// RESIZE: error: tfg-embed-preprocessing: resize '224' is not HxW (two positive sizes, e.g. 224x224)
// RESIZE0: error: tfg-embed-preprocessing: resize '0x4' is not HxW
// MISMATCH: error: tfg-embed-preprocessing: resize 8x8 does not match Placeholder 'image', whose height x width is 4x6
// RANK: error: tfg-embed-preprocessing: resize needs a 4-D NHWC input, Placeholder 'flat' has shape #tfg.shape<1x12>
// NUMBER: error: invalid value for option 'mean' of pass 'tfg-embed-preprocessing': 'abc' value invalid for floating point argument
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("image") {dtype = f32, shape = #tfg.shape<1x4x6x3>} : () -> (tensor<1x4x6x3xf32>)
  %r, %cr = tfg.Relu(%x) name("relu") {T = f32} : (tensor<1x4x6x3xf32>) -> (tensor<1x4x6x3xf32>)
  %i, %ci = tfg.Placeholder name("ids") {dtype = i32, shape = #tfg.shape<1x4>} : () -> (tensor<1x4xi32>)
  %a, %ca = tfg.Placeholder name("anyc") {dtype = f32, shape = #tfg.shape<1x4x6x?>} : () -> (tensor<1x4x6x?xf32>)
  %f, %cf = tfg.Placeholder name("flat") {dtype = f32, shape = #tfg.shape<1x12>} : () -> (tensor<1x12xf32>)
}
