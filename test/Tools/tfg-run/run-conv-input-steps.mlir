// 1x1 convolutions with a bias, whose input channels
// tfg-cpu-vectorize-convolutions reduces in steps: 16 input channels in 4
// steps of 4 (a multiple of 4), 10 in 2 steps of 5 (not a multiple of 4:
// the steps of up to 8 as before). x[p, c] = C p + c on 6 pixels of C
// channels, filter (f + 1) for every input channel, bias 1:
// y[p, f] = (f + 1) (C^2 p + C (C - 1) / 2) + 1 (C = 16: 256 p + 120;
// C = 10: 100 p + 45). Integers, exact in fp32: a step skipped or taken
// twice, or a step reading the wrong input or filter channels, changes them.
// RUN: %python %S/Inputs/make_npy.py %t.x16.npy "<f4" 1x2x3x16 iota
// RUN: %python %S/Inputs/make_npy.py %t.x10.npy "<f4" 1x2x3x10 iota
// RUN: tfg-run %s --input x16=%t.x16.npy --input x10=%t.x10.npy --outputs y16,y10 --print-outputs 100 | FileCheck %s
// CHECK: y16 = 121 241 361 377 753 1129 633 1265 1897 889 1777 2665 1145 2289 3433 1401 2801 4201{{$}}
// CHECK: y10 = 46 91 136 146 291 436 246 491 736 346 691 1036 446 891 1336 546 1091 1636{{$}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %r3, %c0 = tfg.Const name("r3") {dtype = f32, value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %b3, %c1 = tfg.Const name("b3") {dtype = f32, value = dense<1.0> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %x16, %c2 = tfg.Placeholder name("x16") {dtype = f32, shape = #tfg.shape<1x2x3x16>} : () -> (tensor<1x2x3x16xf32>)
  %ones16, %c3 = tfg.Const name("ones16") {dtype = f32, value = dense<1.0> : tensor<1x1x16x1xf32>} : () -> (tensor<1x1x16x1xf32>)
  %f16, %c4 = tfg.Mul(%ones16, %r3) name("f16") {T = f32} : (tensor<1x1x16x1xf32>, tensor<3xf32>) -> (tensor<*xf32>)
  %conv16, %c5 = tfg.Conv2D(%x16, %f16) name("conv16") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x2x3x16xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %y16, %c6 = tfg.BiasAdd(%conv16, %b3) name("y16") {T = f32} : (tensor<*xf32>, tensor<3xf32>) -> (tensor<*xf32>)
  %x10, %c7 = tfg.Placeholder name("x10") {dtype = f32, shape = #tfg.shape<1x2x3x10>} : () -> (tensor<1x2x3x10xf32>)
  %ones10, %c8 = tfg.Const name("ones10") {dtype = f32, value = dense<1.0> : tensor<1x1x10x1xf32>} : () -> (tensor<1x1x10x1xf32>)
  %f10, %c9 = tfg.Mul(%ones10, %r3) name("f10") {T = f32} : (tensor<1x1x10x1xf32>, tensor<3xf32>) -> (tensor<*xf32>)
  %conv10, %c10 = tfg.Conv2D(%x10, %f10) name("conv10") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x2x3x10xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %y10, %c11 = tfg.BiasAdd(%conv10, %b3) name("y10") {T = f32} : (tensor<*xf32>, tensor<3xf32>) -> (tensor<*xf32>)
}
