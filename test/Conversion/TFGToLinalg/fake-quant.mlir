// RUN: tfg-opt %s --tfg-lower-to-linalg="outputs=args,vars,perchannel" | FileCheck %s

// FakeQuantWithMinMaxArgs: the nudged range of the attrs is computed while
// lowering: [-32, 31.75] over 255 steps gives scale 0.25, its inverse 4
// and the quantized zero 128. The body clamps (std::min then std::max:
// compare and select, so NaN passes), shifts, multiplies by the inverse
// scale and rounds half up: floor(q - zero + 0.5) * scale.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-DAG: #[[CHANNEL:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @main(
// CHECK-DAG: %[[NMIN:.*]] = arith.constant dense<-3.200000e+01> : tensor<f32>
// CHECK-DAG: %[[NMAX:.*]] = arith.constant dense<3.175000e+01> : tensor<f32>
// CHECK-DAG: %[[SCALE:.*]] = arith.constant dense<2.500000e-01> : tensor<f32>
// CHECK-DAG: %[[INV:.*]] = arith.constant dense<4.000000e+00> : tensor<f32>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<1.280000e+02> : tensor<f32>
// The per-channel node's quantized zeros and inverse scales (below).
// CHECK-DAG: arith.constant dense<[7.000000e+00, 0.000000e+00, 7.000000e+00]> : tensor<3xf32>
// CHECK-DAG: arith.constant dense<[7.000000e+00, 7.000000e+00, 3.500000e+00]> : tensor<3xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[SCALAR]], #[[SCALAR]], #[[SCALAR]], #[[SCALAR]], #[[SCALAR]], #[[ID]]]{{.*}} ins(%arg0, %[[NMIN]], %[[NMAX]], %[[SCALE]], %[[INV]], %[[ZERO]] :
// CHECK: ^bb0(%[[X:.*]]: f32, %[[LO:.*]]: f32, %[[HI:.*]]: f32, %[[S:.*]]: f32, %[[I:.*]]: f32, %[[Z:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[ABOVE:.*]] = arith.cmpf olt, %[[HI]], %[[X]]
// CHECK-NEXT: %[[UPPER:.*]] = arith.select %[[ABOVE]], %[[HI]], %[[X]]
// CHECK-NEXT: %[[BELOW:.*]] = arith.cmpf olt, %[[UPPER]], %[[LO]]
// CHECK-NEXT: %[[CLAMPED:.*]] = arith.select %[[BELOW]], %[[LO]], %[[UPPER]]
// CHECK-NEXT: %[[SHIFTED:.*]] = arith.subf %[[CLAMPED]], %[[LO]]
// CHECK-NEXT: %[[Q:.*]] = arith.mulf %[[SHIFTED]], %[[I]]
// CHECK-NEXT: %[[QZ:.*]] = arith.subf %[[Q]], %[[Z]]
// CHECK-NEXT: %[[HALF:.*]] = arith.addf %[[QZ]], %{{.*}}
// CHECK-NEXT: %[[ROUNDED:.*]] = math.floor %[[HALF]]
// CHECK-NEXT: %[[OUT:.*]] = arith.mulf %[[ROUNDED]], %[[S]]
// CHECK-NEXT: linalg.yield %[[OUT]]

// FakeQuantWithMinMaxVars with fed min/max: the nudge is code (the zero
// point rounds half away from zero, math.round), and the body divides by
// the scale (as TensorFlow's Vars functor does) and gives 0 for a [0, 0]
// range.
// CHECK: ins(%arg1, %arg2 : tensor<f32>, tensor<f32>)
// CHECK: arith.divf
// CHECK: math.round
// CHECK: linalg.yield
// CHECK: arith.cmpf oeq
// CHECK: arith.cmpf oeq
// CHECK: arith.andi
// CHECK: -> tensor<i1>
// CHECK: linalg.generic {{.*}} ins(%arg0, {{.*}} : tensor<2x3xf32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<i1>)
// CHECK: arith.divf
// CHECK: math.floor
// CHECK: arith.mulf
// CHECK: %[[EMPTY:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: linalg.yield %[[EMPTY]]

// Per channel (4 bits, narrow range: steps 1..15) with constant ranges:
// one nudged range per channel of the last dimension, folded. [0, 2]
// keeps its zero point at quant_min 1: quantized zero 0. No [0, 0] range,
// so no select after the rounding.
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[CHANNEL]], #[[CHANNEL]], #[[CHANNEL]], #[[CHANNEL]], #[[CHANNEL]], #[[ID]]]
// CHECK-SAME: tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
// CHECK: arith.mulf
// CHECK: math.floor
// CHECK-NEXT: %[[PC:.*]] = arith.mulf
// CHECK-NEXT: linalg.yield %[[PC]]
// CHECK: return
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %_0 = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2x3>} : () -> (tensor<2x3xf32>)
  %lo, %_1 = tfg.Placeholder name("lo") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
  %hi, %_2 = tfg.Placeholder name("hi") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
  %clo, %_3 = tfg.Const name("clo") {dtype = f32, value = dense<[-1.0, 0.0, -2.0]> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %chi, %_4 = tfg.Const name("chi") {dtype = f32, value = dense<[1.0, 2.0, 2.0]> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %a, %_5 = tfg.FakeQuantWithMinMaxArgs(%x) name("args") {min = -32.0 : f32, max = 31.75 : f32} : (tensor<2x3xf32>) -> (tensor<*xf32>)
  %v, %_6 = tfg.FakeQuantWithMinMaxVars(%x, %lo, %hi) name("vars") : (tensor<2x3xf32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %p, %_7 = tfg.FakeQuantWithMinMaxVarsPerChannel(%x, %clo, %chi) name("perchannel") {num_bits = 4 : i64, narrow_range = true} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<*xf32>)
}
