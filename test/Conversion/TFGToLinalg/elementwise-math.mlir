// RUN: tfg-opt %s --tfg-lower-to-linalg="outputs=sin,atan2,expm1,log1p,isnan,mod,divnonan,clip,relu6" | FileCheck %s

// The trigonometric ops are math ops (libm's functions, as TensorFlow's
// std:: functors).
// CHECK-LABEL: func.func @main(
// CHECK: math.sin %{{.*}} : f32
// CHECK: math.atan2 %[[Y:.*]], %[[X:.*]] : f32
// Expm1 is Eigen's generic_expm1: (exp(x) - 1) * x / log(exp(x)),
// x itself where exp(x) rounds to 1. Not math.expm1 (exp(x) - 1 in LLVM).
// CHECK-NOT: math.expm1
// CHECK: ^bb0(%[[E:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[U:.*]] = math.exp %[[E]]
// CHECK-NEXT: %[[UM1:.*]] = arith.subf %[[U]]
// CHECK-NEXT: %[[LOGU:.*]] = math.log %[[U]]
// CHECK-NEXT: %[[RATIO:.*]] = arith.divf %[[E]], %[[LOGU]]
// CHECK-NEXT: arith.mulf %[[UM1]], %[[RATIO]]
// CHECK: %[[ONE:.*]] = arith.cmpf oeq, %[[U]]
// CHECK-NEXT: %[[EXPM1:.*]] = arith.select %[[ONE]], %[[E]]
// CHECK-NEXT: linalg.yield %[[EXPM1]]
// Log1p is Eigen's generic_log1p: x * log(1 + x) / ((1 + x) - 1).
// CHECK-NOT: math.log1p
// CHECK: ^bb0(%[[L:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[XP1:.*]] = arith.addf %[[L]]
// CHECK-NEXT: %[[LOGXP1:.*]] = math.log %[[XP1]]
// CHECK-NEXT: %[[DEN:.*]] = arith.subf %[[XP1]]
// CHECK-NEXT: %[[Q:.*]] = arith.divf %[[LOGXP1]], %[[DEN]]
// CHECK-NEXT: arith.mulf %[[L]], %[[Q]]
// CHECK: arith.ori
// CHECK-NEXT: %[[LOG1P:.*]] = arith.select %{{.*}}, %[[L]]
// CHECK-NEXT: linalg.yield %[[LOG1P]]
// CHECK: arith.cmpf uno
// CHECK-NEXT: linalg.yield
// Integer Mod truncates; a 0 or -1 divisor becomes 1 (x mod 0 is 0, and
// INT_MIN mod -1 must not reach the hardware division).
// CHECK: ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: %[[ZERO:.*]] = arith.cmpi eq, %[[B]]
// CHECK-NEXT: %[[MINUS1:.*]] = arith.cmpi eq, %[[B]]
// CHECK-NEXT: %[[SAFE:.*]] = arith.ori %[[ZERO]], %[[MINUS1]]
// CHECK-NEXT: %[[DIVISOR:.*]] = arith.select %[[SAFE]], %{{.*}}, %[[B]]
// CHECK-NEXT: arith.remsi %[[A]], %[[DIVISOR]]
// DivNoNan selects 0 where the divisor is 0.
// CHECK: %[[DZ:.*]] = arith.cmpf oeq
// CHECK-NEXT: %[[DIV:.*]] = arith.divf
// CHECK-NEXT: arith.select %[[DZ]], %{{.*}}, %[[DIV]]
// ClipByValue: a scalar min and a max of x's shape; std::min then
// std::max.
// CHECK: linalg.generic {{.*}} ins(%arg0, %{{.*}}, %arg1 : tensor<4xf32>, tensor<f32>, tensor<4xf32>)
// CHECK: ^bb0(%[[CX:.*]]: f32, %[[CLO:.*]]: f32, %[[CHI:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[GT:.*]] = arith.cmpf olt, %[[CHI]], %[[CX]]
// CHECK-NEXT: %[[UP:.*]] = arith.select %[[GT]], %[[CHI]], %[[CX]]
// CHECK-NEXT: %[[LT:.*]] = arith.cmpf olt, %[[UP]], %[[CLO]]
// CHECK-NEXT: arith.select %[[LT]], %[[CLO]], %[[UP]]
// Relu6 on integers.
// CHECK: arith.maxsi
// CHECK-NEXT: arith.minsi
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %_0 = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
  %y, %_1 = tfg.Placeholder name("y") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
  %i, %_2 = tfg.Placeholder name("i") {dtype = i32, shape = #tfg.shape<4>} : () -> (tensor<4xi32>)
  %lo, %_3 = tfg.Const name("lo") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  %sin, %_4 = tfg.Sin(%x) name("sin") {T = f32} : (tensor<4xf32>) -> (tensor<*xf32>)
  %atan2, %_5 = tfg.Atan2(%x, %y) name("atan2") {T = f32} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<*xf32>)
  %e, %_6 = tfg.Expm1(%x) name("expm1") {T = f32} : (tensor<4xf32>) -> (tensor<*xf32>)
  %l, %_7 = tfg.Log1p(%x) name("log1p") {T = f32} : (tensor<4xf32>) -> (tensor<*xf32>)
  %n, %_8 = tfg.IsNan(%x) name("isnan") {T = f32} : (tensor<4xf32>) -> (tensor<*xi1>)
  %m, %_9 = tfg.Mod(%i, %i) name("mod") {T = i32} : (tensor<4xi32>, tensor<4xi32>) -> (tensor<*xi32>)
  %d, %_10 = tfg.DivNoNan(%x, %y) name("divnonan") {T = f32} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<*xf32>)
  %c, %_11 = tfg.ClipByValue(%x, %lo, %y) name("clip") {T = f32} : (tensor<4xf32>, tensor<f32>, tensor<4xf32>) -> (tensor<*xf32>)
  %r, %_12 = tfg.Relu6(%i) name("relu6") {T = i32} : (tensor<4xi32>) -> (tensor<*xi32>)
}
