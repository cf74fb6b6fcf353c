// Fake quantization as TensorFlow's fake_quant_ops_functor.h computes it:
// the range [min, max] is nudged so that 0 is a step (Nudge: scale =
// (max - min) / (quant_max - quant_min), zero point = quant_min - min /
// scale rounded half away from zero and clamped to [quant_min, quant_max]),
// x is clamped to the nudged range and rounded half up to a step. Values by
// hand (f32 arithmetic step by step). The ranges of the Vars ops are fed
// (the nudge is computed by the compiled code); the Args op's come from
// attrs (computed while lowering).
// RUN: %python %S/Inputs/make_npy.py %t.x8.npy "<f4" 10 "-40,-32,-31.9,-31.8,-0.125,0.125,0.1,31.75,31.8,100"
// RUN: %python %S/Inputs/make_npy.py %t.x4.npy "<f4" 7 "-7,-6.4000001,-0.3,0,0.3,5.5999999,6"
// RUN: %python %S/Inputs/make_npy.py %t.xv.npy "<f4" 8 "-0.2,-0.1,-0.09921568632125854,0,0.5,1,1.0007842779159546,2"
// RUN: %python %S/Inputs/make_npy.py %t.xn.npy "<f4" 7 "-1.1,-1,-0.5,0,0.3,1,1.2"
// RUN: %python %S/Inputs/make_npy.py %t.xc.npy "<f4" 2x3 "-33,-0.125,0,31.8,0.5,7"
// RUN: %python %S/Inputs/make_npy.py %t.lo.npy "<f4" "" "-0.1"
// RUN: %python %S/Inputs/make_npy.py %t.hi.npy "<f4" "" "1"
// RUN: %python %S/Inputs/make_npy.py %t.lo1.npy "<f4" "" "-1"
// RUN: %python %S/Inputs/make_npy.py %t.zero.npy "<f4" "" "0"
// RUN: %python %S/Inputs/make_npy.py %t.clo.npy "<f4" 3 "-32,-0.1,0"
// RUN: %python %S/Inputs/make_npy.py %t.chi.npy "<f4" 3 "31.75,1,0"
// RUN: tfg-run %s --input x8=%t.x8.npy --input x4=%t.x4.npy --input xv=%t.xv.npy --input xn=%t.xn.npy --input xc=%t.xc.npy \
// RUN:   --input lo=%t.lo.npy --input hi=%t.hi.npy --input lo1=%t.lo1.npy --input hi1=%t.hi.npy --input zero=%t.zero.npy \
// RUN:   --input clo=%t.clo.npy --input chi=%t.chi.npy \
// RUN:   --outputs args8,args4,vars8,vars4n,vars0,perchannel --print-outputs 16 | FileCheck %s

// [-32, 31.75], 8 bits: scale 0.25 (exact), zero point 128, no nudge.
// Below/at the minimum -> -32; -31.9 is 0.4 step above -> -32, -31.8
// (0.8 step) -> -31.75. The half-way cases round up: -0.125 -> 0 (not
// -0.25), 0.125 -> 0.25. At/beyond the maximum -> 31.75.
// CHECK: args8 = -32 -32 -32 -31.75 0 0.25 0 31.75 31.75 31.75{{$}}
// [-6, 6], 4 bits (15 steps): scale 0.8, zero point 7.5 rounds to 8, so
// the range is nudged to [-6.4, 5.6]; 6 clamps to 5.6.
// CHECK: args4 = -6.4000001 -6.4000001 0 0 0 5.5999999 5.5999999{{$}}
// [-0.1, 1], 8 bits: scale 1.1 / 255, zero point 23.18 -> 23, nudged range
// [-0.0992156863, 1.00078428]: -0.1 is below it, 1 is inside and rounds
// to the nudged maximum (232 steps).
// CHECK: vars8 = -0.0992156863 -0.0992156863 -0.0992156863 0 0.500392139 1.00078428 1.00078428 1.00078428{{$}}
// [-1, 1], 4 bits, narrow range (steps 1..15): scale 2 / 14, zero point 8,
// range [-1, 1] kept. -0.5 is 3.5 steps below 0 -> rounds up to -4/7.
// CHECK: vars4n = -1 -1 -0.571428597 0 0.285714298 1 1{{$}}
// A [0, 0] range gives zeros (TensorFlow's special case, not NaN).
// CHECK: vars0 = 0 0 0 0 0 0 0{{$}}
// Per channel (last dimension): [-32, 31.75], [-0.1, 1], [0, 0].
// CHECK: perchannel = -32 -0.0992156863 0 31.75 0.500392139 0{{$}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x8, %_0 = tfg.Placeholder name("x8") {dtype = f32, shape = #tfg.shape<10>} : () -> (tensor<10xf32>)
  %x4, %_1 = tfg.Placeholder name("x4") {dtype = f32, shape = #tfg.shape<7>} : () -> (tensor<7xf32>)
  %xv, %_2 = tfg.Placeholder name("xv") {dtype = f32, shape = #tfg.shape<8>} : () -> (tensor<8xf32>)
  %xn, %_3 = tfg.Placeholder name("xn") {dtype = f32, shape = #tfg.shape<7>} : () -> (tensor<7xf32>)
  %xc, %_4 = tfg.Placeholder name("xc") {dtype = f32, shape = #tfg.shape<2x3>} : () -> (tensor<2x3xf32>)
  %lo, %_5 = tfg.Placeholder name("lo") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
  %hi, %_6 = tfg.Placeholder name("hi") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
  %lo1, %_7 = tfg.Placeholder name("lo1") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
  %hi1, %_8 = tfg.Placeholder name("hi1") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
  %zero, %_9 = tfg.Placeholder name("zero") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
  %clo, %_10 = tfg.Placeholder name("clo") {dtype = f32, shape = #tfg.shape<3>} : () -> (tensor<3xf32>)
  %chi, %_11 = tfg.Placeholder name("chi") {dtype = f32, shape = #tfg.shape<3>} : () -> (tensor<3xf32>)
  %a8, %_12 = tfg.FakeQuantWithMinMaxArgs(%x8) name("args8") {min = -32.0 : f32, max = 31.75 : f32, num_bits = 8 : i64, narrow_range = false} : (tensor<10xf32>) -> (tensor<*xf32>)
  %a4, %_13 = tfg.FakeQuantWithMinMaxArgs(%x4) name("args4") {num_bits = 4 : i64} : (tensor<7xf32>) -> (tensor<*xf32>)
  %v8, %_14 = tfg.FakeQuantWithMinMaxVars(%xv, %lo, %hi) name("vars8") : (tensor<8xf32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %v4, %_15 = tfg.FakeQuantWithMinMaxVars(%xn, %lo1, %hi1) name("vars4n") {num_bits = 4 : i64, narrow_range = true} : (tensor<7xf32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %v0, %_16 = tfg.FakeQuantWithMinMaxVars(%xn, %zero, %zero) name("vars0") : (tensor<7xf32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %pc, %_17 = tfg.FakeQuantWithMinMaxVarsPerChannel(%xc, %clo, %chi) name("perchannel") : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<*xf32>)
}
