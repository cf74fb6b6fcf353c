// The rest of TensorFlow.js's elementwise ops (trigonometric, hyperbolic,
// Expm1/Log1p, IsNan/IsInf/IsFinite, Mod, DivNoNan, BitwiseAnd,
// ClipByValue, integer Relu/Relu6/Round), run on fed inputs (computed at
// run time), values by hand (libm's to 6 digits). sin_const computes Sin on
// a constant, which the lowering evaluates at compile time.
// RUN: %python %S/Inputs/make_npy.py %t.t.npy "<f4" 4 "0,1.5707963705062866,3.1415927410125732,-1.5707963705062866"
// RUN: %python %S/Inputs/make_npy.py %t.ay.npy "<f4" 10 "0,1,0,-0,-1,1,-1,0,-0,0"
// RUN: %python %S/Inputs/make_npy.py %t.ax.npy "<f4" 10 "1,0,-1,-1,0,-1,-1,0,0,-0"
// RUN: %python %S/Inputs/make_npy.py %t.m.npy "<f4" 4 "-1,0,0.5,1"
// RUN: %python %S/Inputs/make_npy.py %t.g.npy "<f4" 2 "1,2"
// RUN: %python %S/Inputs/make_npy.py %t.e.npy "<f4" 4 "1e-8,-1e-3,1,-100"
// RUN: %python %S/Inputs/make_npy.py %t.l.npy "<f4" 4 "1e-8,-0.5,1,-1"
// RUN: %python %S/Inputs/make_npy.py %t.s.npy "<f4" 4 "nan,inf,-inf,1"
// RUN: %python %S/Inputs/make_npy.py %t.fx.npy "<f4" 3 "-7.5,7.5,5"
// RUN: %python %S/Inputs/make_npy.py %t.fy.npy "<f4" 3 "2,-2,0"
// RUN: %python %S/Inputs/make_npy.py %t.ix.npy "<i4" 4 "-7,7,5,-2147483648"
// RUN: %python %S/Inputs/make_npy.py %t.iy.npy "<i4" 4 "2,-2,0,-1"
// RUN: %python %S/Inputs/make_npy.py %t.dx.npy "<f4" 4 "1,0,6,nan"
// RUN: %python %S/Inputs/make_npy.py %t.dy.npy "<f4" 4 "0,0,3,0"
// RUN: %python %S/Inputs/make_npy.py %t.cx.npy "<f4" 4 "-2,0.5,3,nan"
// RUN: tfg-run %s --input t=%t.t.npy --input ay=%t.ay.npy --input ax=%t.ax.npy --input m=%t.m.npy --input g=%t.g.npy \
// RUN:   --input e=%t.e.npy --input l=%t.l.npy --input s=%t.s.npy --input fx=%t.fx.npy --input fy=%t.fy.npy \
// RUN:   --input ix=%t.ix.npy --input iy=%t.iy.npy --input dx=%t.dx.npy --input dy=%t.dy.npy --input cx=%t.cx.npy \
// RUN:   --outputs sin,cos,sin_const,sin_half,atan2,asin,acos,atan,tan,sinh,cosh,asinh,acosh,atanh,expm1,log1p,isnan,isinf,isfinite,fmod,imod,divnonan,band,clip,clip_crossed,clip_int,relu_int,relu6_int,round_int \
// RUN:   --print-outputs 16 | FileCheck %s

// Sin/Cos at 0, pi/2, pi, -pi/2 (as f32: cos(pi/2) is -4.37e-8, not 0).
// CHECK: sin = 0 1 -8.74227{{[0-9]*}}e-08 -1{{$}}
// CHECK: cos = 1 -4.37113{{[0-9]*}}e-08 -1 -4.37113{{[0-9]*}}e-08{{$}}
// CHECK: sin_const = 0 1 -8.74227{{[0-9]*}}e-08 -1{{$}}
// In half precision (computed in f32, rounded back): pi is 3.140625 there.
// CHECK: sin_half = 0 1 0.000967502594 -1{{$}}
// Atan2(y, x) on the axes and diagonals: x = 0 gives +-pi/2, the negative
// x axis +pi or -pi by the sign of the zero y, atan2(+-0, +0) = +-0 and
// atan2(0, -0) = pi.
// CHECK: atan2 = 0 1.570796{{[0-9]*}} 3.141592{{[0-9]*}} -3.141592{{[0-9]*}} -1.570796{{[0-9]*}} 2.356194{{[0-9]*}} -2.356194{{[0-9]*}} 0 -0 3.141592{{[0-9]*}}{{$}}
// On [-1, 0, 0.5, 1] (acosh on [1, 2]).
// CHECK: asin = -1.570796{{[0-9]*}} 0 0.523598{{[0-9]*}} 1.570796{{[0-9]*}}{{$}}
// CHECK: acos = 3.141592{{[0-9]*}} 1.570796{{[0-9]*}} 1.047197{{[0-9]*}} 0{{$}}
// CHECK: atan = -0.785398{{[0-9]*}} 0 0.463647{{[0-9]*}} 0.785398{{[0-9]*}}{{$}}
// CHECK: tan = -1.557407{{[0-9]*}} 0 0.546302{{[0-9]*}} 1.557407{{[0-9]*}}{{$}}
// CHECK: sinh = -1.175201{{[0-9]*}} 0 0.521095{{[0-9]*}} 1.175201{{[0-9]*}}{{$}}
// CHECK: cosh = 1.543080{{[0-9]*}} 1 1.127625{{[0-9]*}} 1.543080{{[0-9]*}}{{$}}
// CHECK: asinh = -0.881373{{[0-9]*}} 0 0.481211{{[0-9]*}} 0.881373{{[0-9]*}}{{$}}
// CHECK: acosh = 0 1.316957{{[0-9]*}}{{$}}
// CHECK: atanh = -inf 0 0.549306{{[0-9]*}} inf{{$}}
// Expm1 and Log1p keep tiny arguments (exp(x) - 1 would give 0).
// CHECK: expm1 = 9.9999{{[0-9]*}}e-09 -0.000999500{{[0-9]*}} 1.718281{{[0-9]*}} -1{{$}}
// CHECK: log1p = 9.9999{{[0-9]*}}e-09 -0.693147{{[0-9]*}} 0.693147{{[0-9]*}} -inf{{$}}
// CHECK: isnan = 1 0 0 0{{$}}
// CHECK: isinf = 0 1 1 0{{$}}
// CHECK: isfinite = 0 0 0 1{{$}}
// Mod truncates (the result has the dividend's sign); float x mod 0 is NaN
// (fmod); integer x mod 0 is 0 here (TensorFlow fails), INT_MIN mod -1 = 0.
// CHECK: fmod = -1.5 1.5 {{-?nan}}{{$}}
// CHECK: imod = -1 1 0 0{{$}}
// DivNoNan: 0 wherever the divisor is 0, even 0 / 0 and NaN / 0.
// CHECK: divnonan = 0 0 2 0{{$}}
// CHECK: band = 0 6 0 -2147483648{{$}}
// ClipByValue: min(max) in TensorFlow's order: NaN stays NaN, and with
// min 2 > max 1 every value becomes 2.
// CHECK: clip = 0 0.5 1 {{-?nan}}{{$}}
// CHECK: clip_crossed = 2 2 2 {{-?nan}}{{$}}
// CHECK: clip_int = -5 5 5 -5{{$}}
// CHECK: relu_int = 0 7 5 0{{$}}
// CHECK: relu6_int = 0 6 5 0{{$}}
// CHECK: round_int = -7 7 5 -2147483648{{$}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %t, %_0 = tfg.Placeholder name("t") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
  %ay, %_1 = tfg.Placeholder name("ay") {dtype = f32, shape = #tfg.shape<10>} : () -> (tensor<10xf32>)
  %ax, %_2 = tfg.Placeholder name("ax") {dtype = f32, shape = #tfg.shape<10>} : () -> (tensor<10xf32>)
  %m, %_3 = tfg.Placeholder name("m") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
  %g, %_4 = tfg.Placeholder name("g") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  %e, %_5 = tfg.Placeholder name("e") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
  %l, %_6 = tfg.Placeholder name("l") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
  %s, %_7 = tfg.Placeholder name("s") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
  %fx, %_8 = tfg.Placeholder name("fx") {dtype = f32, shape = #tfg.shape<3>} : () -> (tensor<3xf32>)
  %fy, %_9 = tfg.Placeholder name("fy") {dtype = f32, shape = #tfg.shape<3>} : () -> (tensor<3xf32>)
  %ix, %_10 = tfg.Placeholder name("ix") {dtype = i32, shape = #tfg.shape<4>} : () -> (tensor<4xi32>)
  %iy, %_11 = tfg.Placeholder name("iy") {dtype = i32, shape = #tfg.shape<4>} : () -> (tensor<4xi32>)
  %dx, %_12 = tfg.Placeholder name("dx") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
  %dy, %_13 = tfg.Placeholder name("dy") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
  %cx, %_14 = tfg.Placeholder name("cx") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
  %tc, %_15 = tfg.Const name("tc") {dtype = f32, value = dense<[0.0, 1.5707963705062866, 3.1415927410125732, -1.5707963705062866]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %sin, %_16 = tfg.Sin(%t) name("sin") {T = f32} : (tensor<4xf32>) -> (tensor<*xf32>)
  %cos, %_17 = tfg.Cos(%t) name("cos") {T = f32} : (tensor<4xf32>) -> (tensor<*xf32>)
  %sinc, %_18 = tfg.Sin(%tc) name("sin_const") {T = f32} : (tensor<4xf32>) -> (tensor<*xf32>)
  %th, %_49 = tfg.Cast(%t) name("t_half") {SrcT = f32, DstT = f16, Truncate = false} : (tensor<4xf32>) -> (tensor<*xf16>)
  %sinh16, %_50 = tfg.Sin(%th) name("sin16") {T = f16} : (tensor<*xf16>) -> (tensor<*xf16>)
  %sinhf, %_51 = tfg.Cast(%sinh16) name("sin_half") {SrcT = f16, DstT = f32, Truncate = false} : (tensor<*xf16>) -> (tensor<*xf32>)
  %atan2, %_19 = tfg.Atan2(%ay, %ax) name("atan2") {T = f32} : (tensor<10xf32>, tensor<10xf32>) -> (tensor<*xf32>)
  %asin, %_20 = tfg.Asin(%m) name("asin") {T = f32} : (tensor<4xf32>) -> (tensor<*xf32>)
  %acos, %_21 = tfg.Acos(%m) name("acos") {T = f32} : (tensor<4xf32>) -> (tensor<*xf32>)
  %atan, %_22 = tfg.Atan(%m) name("atan") {T = f32} : (tensor<4xf32>) -> (tensor<*xf32>)
  %tan, %_23 = tfg.Tan(%m) name("tan") {T = f32} : (tensor<4xf32>) -> (tensor<*xf32>)
  %sinh, %_24 = tfg.Sinh(%m) name("sinh") {T = f32} : (tensor<4xf32>) -> (tensor<*xf32>)
  %cosh, %_25 = tfg.Cosh(%m) name("cosh") {T = f32} : (tensor<4xf32>) -> (tensor<*xf32>)
  %asinh, %_26 = tfg.Asinh(%m) name("asinh") {T = f32} : (tensor<4xf32>) -> (tensor<*xf32>)
  %acosh, %_27 = tfg.Acosh(%g) name("acosh") {T = f32} : (tensor<2xf32>) -> (tensor<*xf32>)
  %atanh, %_28 = tfg.Atanh(%m) name("atanh") {T = f32} : (tensor<4xf32>) -> (tensor<*xf32>)
  %expm1, %_29 = tfg.Expm1(%e) name("expm1") {T = f32} : (tensor<4xf32>) -> (tensor<*xf32>)
  %log1p, %_30 = tfg.Log1p(%l) name("log1p") {T = f32} : (tensor<4xf32>) -> (tensor<*xf32>)
  %isnan, %_31 = tfg.IsNan(%s) name("isnan") {T = f32} : (tensor<4xf32>) -> (tensor<*xi1>)
  %isinf, %_32 = tfg.IsInf(%s) name("isinf") {T = f32} : (tensor<4xf32>) -> (tensor<*xi1>)
  %isfin, %_33 = tfg.IsFinite(%s) name("isfinite") {T = f32} : (tensor<4xf32>) -> (tensor<*xi1>)
  %fmod, %_34 = tfg.Mod(%fx, %fy) name("fmod") {T = f32} : (tensor<3xf32>, tensor<3xf32>) -> (tensor<*xf32>)
  %imod, %_35 = tfg.Mod(%ix, %iy) name("imod") {T = i32} : (tensor<4xi32>, tensor<4xi32>) -> (tensor<*xi32>)
  %dnn, %_36 = tfg.DivNoNan(%dx, %dy) name("divnonan") {T = f32} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<*xf32>)
  %band, %_37 = tfg.BitwiseAnd(%ix, %iy) name("band") {T = i32} : (tensor<4xi32>, tensor<4xi32>) -> (tensor<*xi32>)
  %zero, %_38 = tfg.Const name("zero") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  %one, %_39 = tfg.Const name("one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %two, %_40 = tfg.Const name("two") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
  %clip, %_41 = tfg.ClipByValue(%cx, %zero, %one) name("clip") {T = f32} : (tensor<4xf32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %clipx, %_42 = tfg.ClipByValue(%cx, %two, %one) name("clip_crossed") {T = f32} : (tensor<4xf32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %ilo, %_43 = tfg.Const name("ilo") {dtype = i32, value = dense<-5> : tensor<i32>} : () -> (tensor<i32>)
  %ihi, %_44 = tfg.Const name("ihi") {dtype = i32, value = dense<5> : tensor<i32>} : () -> (tensor<i32>)
  %clipi, %_45 = tfg.ClipByValue(%ix, %ilo, %ihi) name("clip_int") {T = i32} : (tensor<4xi32>, tensor<i32>, tensor<i32>) -> (tensor<*xi32>)
  %relu, %_46 = tfg.Relu(%ix) name("relu_int") {T = i32} : (tensor<4xi32>) -> (tensor<*xi32>)
  %relu6, %_47 = tfg.Relu6(%ix) name("relu6_int") {T = i32} : (tensor<4xi32>) -> (tensor<*xi32>)
  %round, %_48 = tfg.Round(%ix) name("round_int") {T = i32} : (tensor<4xi32>) -> (tensor<*xi32>)
}
