// Convolutions to one output channel (MoveNet's heads, 96 -> 1 + Sigmoid),
// which tfg-cpu-vectorize-convolutions reduces along the input channels:
// a vector of channels a step into one vector accumulator per output
// column, the lanes summed once after the reduction, the epilogue on a
// vector of the columns' sums. 20 pixels (4 x 5, flattened): on AVX-512 a
// block of 16 columns and a remainder block of 4 (on AVX2 2 x 8 + 4).
// x[p, c] = 32p + c on 32 channels (two vectors a step on AVX2, two steps
// on AVX-512); filter w[0] = 1/32, w[c] = +1 at odd c < 31, -1 at even
// 0 < c < 31, w[31] = 0: sum_c x[p, c] w[c] = p - 15 (the +-1 pairs give
// -15 whatever p). With bias 10 and Sigmoid: s[p] = 1 / (1 + e^(5 - p)),
// p = 0..19: sigmoid(-5) = 0.00669285, sigmoid(-4) = 0.0179862, ...,
// sigmoid(0) = 0.5, ..., sigmoid(14) = 0.99999917. With w[0] = 1/16 and a
// bias of 1 (no Sigmoid): 2p - 14, exact integers (a column summed from
// the wrong lanes, or a step of channels missed, changes them).
// A 3x3 convolution to one channel (x3[h, w, c] = 16(6h + w) + c on
// 3 x 6 x 16, a filter of ones, VALID: 4 columns) reduces its 16 input
// channels the same way in each filter row: y3[o] = sum over the 3 x 3
// window = 17208 + 2304 o.
// RUN: %python %S/Inputs/make_npy.py %t.x.npy "<f4" 1x4x5x32 iota
// RUN: %python %S/Inputs/make_npy.py %t.x3.npy "<f4" 1x3x6x16 iota
// RUN: tfg-run %s --input x=%t.x.npy --input x3=%t.x3.npy --outputs s,lin,y3 --print-outputs 20 | FileCheck %s
// RUN: tfg-run %s --input x=%t.x.npy --input x3=%t.x3.npy --dump-llvm=%t.ll --quiet
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// No multiply-add on single floats (each of the 1-channel block's
// columns x input channels, as before), no Sigmoid division on them (the
// epilogue's scalar copies, one a column):
// IR: define
// IR-NOT: fmuladd.v1f32
// IR-NOT: fdiv {{.*}}<1 x float>
// CHECK: s = 0.0066928{{[0-9]*}} 0.017986{{[0-9]*}} 0.047425{{[0-9]*}} 0.11920{{[0-9]*}} 0.26894{{[0-9]*}} 0.5{{0*}} 0.73105{{[0-9]*}} 0.88079{{[0-9]*}} 0.95257{{[0-9]*}} 0.98201{{[0-9]*}} 0.99330{{[0-9]*}} 0.99752{{[0-9]*}} 0.99908{{[0-9]*}} 0.99966{{[0-9]*}} 0.99987{{[0-9]*}} 0.99995{{[0-9]*}} 0.99998{{[0-9]*}} 0.99999{{[0-9]*}} 0.99999{{[0-9]*}} 0.99999{{[0-9]*}}{{$}}
// CHECK: lin = -14 -12 -10 -8 -6 -4 -2 0 2 4 6 8 10 12 14 16 18 20 22 24{{$}}
// CHECK: y3 = 17208 19512 21816 24120{{$}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %c0 = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x4x5x32>} : () -> (tensor<1x4x5x32xf32>)
  %w, %c1 = tfg.Const name("w") {dtype = f32, value = dense<[[[[0.03125], [1.0], [-1.0], [1.0], [-1.0], [1.0], [-1.0], [1.0], [-1.0], [1.0], [-1.0], [1.0], [-1.0], [1.0], [-1.0], [1.0], [-1.0], [1.0], [-1.0], [1.0], [-1.0], [1.0], [-1.0], [1.0], [-1.0], [1.0], [-1.0], [1.0], [-1.0], [1.0], [-1.0], [0.0]]]]> : tensor<1x1x32x1xf32>} : () -> (tensor<1x1x32x1xf32>)
  %b, %c2 = tfg.Const name("b") {dtype = f32, value = dense<10.0> : tensor<1xf32>} : () -> (tensor<1xf32>)
  %conv, %c3 = tfg.Conv2D(%x, %w) name("conv") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x4x5x32xf32>, tensor<1x1x32x1xf32>) -> (tensor<*xf32>)
  %z, %c4 = tfg.BiasAdd(%conv, %b) name("z") {T = f32} : (tensor<*xf32>, tensor<1xf32>) -> (tensor<*xf32>)
  %s, %c5 = tfg.Sigmoid(%z) name("s") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %w2, %c6 = tfg.Const name("w2") {dtype = f32, value = dense<[[[[0.0625], [1.0], [-1.0], [1.0], [-1.0], [1.0], [-1.0], [1.0], [-1.0], [1.0], [-1.0], [1.0], [-1.0], [1.0], [-1.0], [1.0], [-1.0], [1.0], [-1.0], [1.0], [-1.0], [1.0], [-1.0], [1.0], [-1.0], [1.0], [-1.0], [1.0], [-1.0], [1.0], [-1.0], [0.0]]]]> : tensor<1x1x32x1xf32>} : () -> (tensor<1x1x32x1xf32>)
  %b2, %c7 = tfg.Const name("b2") {dtype = f32, value = dense<1.0> : tensor<1xf32>} : () -> (tensor<1xf32>)
  %conv2, %c8 = tfg.Conv2D(%x, %w2) name("conv2") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x4x5x32xf32>, tensor<1x1x32x1xf32>) -> (tensor<*xf32>)
  %lin, %c9 = tfg.BiasAdd(%conv2, %b2) name("lin") {T = f32} : (tensor<*xf32>, tensor<1xf32>) -> (tensor<*xf32>)
  %x3, %c10 = tfg.Placeholder name("x3") {dtype = f32, shape = #tfg.shape<1x3x6x16>} : () -> (tensor<1x3x6x16xf32>)
  %w3, %c11 = tfg.Const name("w3") {dtype = f32, value = dense<1.0> : tensor<3x3x16x1xf32>} : () -> (tensor<3x3x16x1xf32>)
  %y3, %c12 = tfg.Conv2D(%x3, %w3) name("y3") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x3x6x16xf32>, tensor<3x3x16x1xf32>) -> (tensor<*xf32>)
}
