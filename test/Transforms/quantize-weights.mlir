// RUN: tfg-opt %s --split-input-file --tfg-quantize-weights="minimum-size=4" | FileCheck %s
// TensorFlow's transform_graph spelling runs the same pass:
// RUN: tfg-opt %s --split-input-file --tfg-transform-graph="transforms='quantize_weights(minimum_size=4)'" | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-quantize-weights="minimum-size=4" -o - | tfg-opt --split-input-file --tfg-quantize-weights="minimum-size=4" | FileCheck %s --check-prefix=TWICE

// mode=tensorflow (the default), TensorFlow's quantize_weights. Range
// [-1, 4]: rangeScale = 256 / (5 * 256/255) = 51, round(-1 * 51) = -51, and
// q = round(v * 51) + 51 rounded half away from zero: -0.5 -> -25.5 -> -26
// -> 25; 1.5 -> 76.5 -> 77 -> 128 (round-half-even would give 127).
// Bytes: 00 19 33 80 E6 FF 99 40. The TensorProto: dtype 12 (08 0C), shape
// [2, 4] (12 08 | 12 02 08 02 | 12 02 08 04), tensor_content (22 08 ...).
// The Dequantize takes the Const's name, device and control inputs; users
// of its token (^w) now wait for the Dequantize.
// CHECK-LABEL: module @tensorflow_spelling
// CHECK: %[[Q:.*]], %{{.*}} = tfg.Const name("w_quantized_const") device("/cpu:0") {dtype = !tfg.quint8, value = #tfg.tensor_proto<"080C12081202080212020804220800193380E6FF9940"> : tensor<2x4x!tfg.quint8>} : () -> (tensor<2x4x!tfg.quint8>)
// CHECK: %[[MIN:.*]], %{{.*}} = tfg.Const name("w_quantized_min") device("/cpu:0") {dtype = f32, value = dense<-1.000000e+00> : tensor<f32>}
// CHECK: %[[MAX:.*]], %{{.*}} = tfg.Const name("w_quantized_max") device("/cpu:0") {dtype = f32, value = dense<4.000000e+00> : tensor<f32>}
// CHECK: %[[W:.*]], %[[WCTL:.*]] = tfg.Dequantize(%[[Q]], %[[MIN]], %[[MAX]]) [%ctl_x] name("w") device("/cpu:0") {T = !tfg.quint8, axis = -1 : i64, dtype = f32, mode = "MIN_FIRST", narrow_range = false} : (tensor<2x4x!tfg.quint8>, tensor<f32>, tensor<f32>) -> (tensor<2x4xf32>)
// CHECK: tfg.MatMul(%x, %[[W]]) name("mm")
// CHECK: tfg.NoOp [%[[WCTL]]] name("after")
// Quantizing again changes nothing: no float Const is left that large.
// TWICE-LABEL: module @tensorflow_spelling
// TWICE: tfg.Dequantize
// TWICE-NOT: tfg.Dequantize
module @tensorflow_spelling {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x2>} : () -> (tensor<1x2xf32>)
    %w, %cw = tfg.Const [%cx] name("w") device("/cpu:0") {dtype = f32, value = dense<[[-1.0, -0.5, 0.0, 1.5], [3.5, 4.0, 2.0, 0.25]]> : tensor<2x4xf32>} : () -> (tensor<2x4xf32>)
    %m, %cm = tfg.MatMul(%x, %w) name("mm") {T = f32} : (tensor<1x2xf32>, tensor<2x4xf32>) -> (tensor<1x4xf32>)
    %ca = tfg.NoOp [%cw] name("after")
  }
}

// -----

// TensorFlow's range quirks: the running max starts at the smallest
// positive float, so a tensor without positive values has max 1.18e-38
// (not 0); an all-zero tensor quantizes to zeros. [-2, 1.2e-38]: scale 127.5,
// q = round(v * 127.5) + 255: -2 -> 0, -1 -> 127, -0.5 -> 191, -0.25 -> 223.
// A weight used by any node (here an Add) is quantized: the mode quantizes
// every float Const.
// CHECK-LABEL: module @range_quirks
// CHECK: tfg.Const name("neg_quantized_const") {dtype = !tfg.quint8, value = #tfg.tensor_proto<"080C1204120208042204007FBFDF"> : tensor<4x!tfg.quint8>}
// CHECK: tfg.Const name("neg_quantized_min") {dtype = f32, value = dense<-2.000000e+00> : tensor<f32>}
// CHECK: tfg.Const name("neg_quantized_max") {dtype = f32, value = dense<1.17549435E-38> : tensor<f32>}
// CHECK: tfg.Dequantize({{.*}}) name("neg")
// CHECK: tfg.Const name("zero_quantized_const") {dtype = !tfg.quint8, value = #tfg.tensor_proto<"080C120412020804220400000000"> : tensor<4x!tfg.quint8>}
// CHECK: tfg.Const name("zero_quantized_min") {dtype = f32, value = dense<0.000000e+00> : tensor<f32>}
// CHECK: tfg.Const name("zero_quantized_max") {dtype = f32, value = dense<1.17549435E-38> : tensor<f32>}
// CHECK: tfg.Dequantize({{.*}}) name("zero")
// TWICE-LABEL: module @range_quirks
// TWICE-COUNT-2: tfg.Dequantize
// TWICE-NOT: tfg.Dequantize
module @range_quirks {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %n, %cn = tfg.Const name("neg") {dtype = f32, value = dense<[-2.0, -1.0, -0.5, -0.25]> : tensor<4xf32>} : () -> (tensor<4xf32>)
    %z, %cz = tfg.Const name("zero") {dtype = f32, value = dense<0.0> : tensor<4xf32>} : () -> (tensor<4xf32>)
    %a, %ca = tfg.Add(%n, %z) name("add") {T = f32} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>)
  }
}

// -----

// Not quantized: fewer elements than minimum-size, not float, a non-finite
// value (the range would be meaningless), or non-float Consts.
// CHECK-LABEL: module @neg_not_quantized
// CHECK-NOT: tfg.Dequantize
// CHECK: tfg.Const name("small") {dtype = f32
// CHECK: tfg.Const name("ints") {dtype = i32
// CHECK: tfg.Const name("inf") {dtype = f32
// CHECK-NOT: tfg.Dequantize
// TWICE-LABEL: module @neg_not_quantized
// TWICE-NOT: tfg.Dequantize
module @neg_not_quantized {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %s, %cs = tfg.Const name("small") {dtype = f32, value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> (tensor<3xf32>)
    %i, %ci = tfg.Const name("ints") {dtype = i32, value = dense<[1, 2, 3, 4]> : tensor<4xi32>} : () -> (tensor<4xi32>)
    %f, %cf = tfg.Const name("inf") {dtype = f32, value = dense<[1.0, 0x7F800000, 3.0, 4.0]> : tensor<4xf32>} : () -> (tensor<4xf32>)
    %a, %ca = tfg.AddN(%s, %s) name("add") {N = 2 : i64, T = f32} : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>)
    %b, %cb = tfg.AddN(%i, %i) name("addi") {N = 2 : i64, T = i32} : (tensor<4xi32>, tensor<4xi32>) -> (tensor<4xi32>)
    %c, %cc = tfg.AddN(%f, %f) name("addf") {N = 2 : i64, T = f32} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>)
  }
}
