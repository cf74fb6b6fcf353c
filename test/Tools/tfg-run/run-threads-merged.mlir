// A MobileNet-like chain at --threads 2 and 3 runs in one OpenMP parallel
// region (tfg-cpu-merge-parallel-regions): one fork in @main, the layers'
// loops shared by its team with a barrier after each, the serial nests in
// omp.single; the numbers are those of one thread, bit for bit.
// DEFINE: %{outputs} = conv,dw,pw,deep,mean,dw64,gemv
// RUN: %python %S/Inputs/make_npy.py %t.x.npy "<f4" 1x32x32x16 seed=3
// RUN: rm -rf %t.one && mkdir -p %t.one
// RUN: tfg-run %s --input x=%t.x.npy --outputs %{outputs} --threads 1 --output-dir %t.one --quiet
// RUN: tfg-run %s --input x=%t.x.npy --outputs %{outputs} --threads 2 --compare %t.one --rtol 0 --dump-llvm %t.ll | FileCheck %s --check-prefix=SAME
// RUN: tfg-run %s --input x=%t.x.npy --outputs %{outputs} --threads 3 --compare %t.one --rtol 0 | FileCheck %s --check-prefix=SAME
// SAME: conv ok max_abs=0.00e+00 rel_l2=0.00e+00
// SAME: dw ok max_abs=0.00e+00 rel_l2=0.00e+00
// SAME: pw ok max_abs=0.00e+00 rel_l2=0.00e+00
// SAME: deep ok max_abs=0.00e+00 rel_l2=0.00e+00
// SAME: mean ok max_abs=0.00e+00 rel_l2=0.00e+00
// SAME: dw64 ok max_abs=0.00e+00 rel_l2=0.00e+00
// SAME: gemv ok max_abs=0.00e+00 rel_l2=0.00e+00
// One fork in @main, none in the layers' functions (their worksharing
// loops run on @main's team).
// RUN: FileCheck %s --check-prefix=FORK < %t.ll
// FORK-LABEL: define {{.*}} @main(
// FORK: call {{.*}}@__kmpc_fork_call(
// FORK-NOT: @__kmpc_fork_call(
// FORK: define void @_mlir_ciface_main(
// Not even the depthwise layer on 64 channels, whose left and right border
// columns (32 rows of 64 channels each) are split in a loop over the two
// columns, forks in its function: the whole module forks once.
// RUN: grep -c "call .*@__kmpc_fork_call(" %t.ll | FileCheck %s --check-prefix=ONEFORK
// ONEFORK: {{^1$}}
// And by hand, on an input of ones (--threads 2): a 3x3 SAME convolution
// of 16 channels with weights 1 sums 4 taps of 16 ones in a corner (64), 6
// on an edge (96), 9 inside (144); the depthwise 3x3 (weights 1) of its
// Relu sums 64+96+96+144 = 400 at (0,0), 64+96+96+96+144+144 = 640 at
// (0,1); the pointwise to 32 channels (weights 1, bias 1) 32*400+1 = 12801
// and 32*640+1 = 20481; the 1x1 from those 32 channels to 16 (weights
// 1/512, bias 2) 12801/16+2 = 802.0625.
// RUN: %python %S/Inputs/make_npy.py %t.ones.npy "<f4" 1x32x32x16 1$(printf ',1%.0s' $(seq 16383))
// RUN: tfg-run %s --input x=%t.ones.npy --outputs conv,dw,pw,deep --threads 2 --print-outputs 34 | FileCheck %s
// CHECK: conv = 64 64 64 64 64 64 64 64 64 64 64 64 64 64 64 64 64 64 64 64 64 64 64 64 64 64 64 64 64 64 64 64 96 96 ...{{$}}
// CHECK: dw = 400 400 400 400 400 400 400 400 400 400 400 400 400 400 400 400 400 400 400 400 400 400 400 400 400 400 400 400 400 400 400 400 640 640 ...{{$}}
// CHECK: pw = 12801 12801 {{.*}} 12801 20481 20481 ...{{$}}
// CHECK: deep = 802.0625 802.0625 {{.*}}
// The depthwise 3x3 on a 3x3 SAME convolution to 64 channels (weights 1):
// 400 at (0,0), 640 at (0,1) as above, now 64 channels a pixel. Its mean
// over the pixels: each convolution value 16 r(i) r(j) (r = 2 taps on the
// first and last row or column, else 3) counts in r(i) r(j) windows, so
// the sum is 16 (2*4 + 30*9)^2 = 1236544, the mean 1207.5625; the GEMV
// with weights 1 (64x256, split by columns: splat weights are not packed,
// run-threads-gemv.test has packed ones) sums 64 of them: 77284.
// RUN: tfg-run %s --input x=%t.ones.npy --outputs dw64,gemv --threads 2 --print-outputs 66 | FileCheck %s --check-prefix=WIDE
// WIDE: dw64 = {{(400 )+}}640 640 ...{{$}}
// WIDE: gemv = {{(77284 )+}}...{{$}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x32x32x16>} : () -> (tensor<1x32x32x16xf32>)
  %w3, %c1 = tfg.Const name("w3") {dtype = f32, value = dense<1.0> : tensor<3x3x16x32xf32>} : () -> (tensor<3x3x16x32xf32>)
  %conv, %c2 = tfg.Conv2D(%x, %w3) name("conv") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x32x32x16xf32>, tensor<3x3x16x32xf32>) -> (tensor<*xf32>)
  %relu, %c3 = tfg.Relu(%conv) name("relu") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %wd, %c4 = tfg.Const name("wd") {dtype = f32, value = dense<1.0> : tensor<3x3x32x1xf32>} : () -> (tensor<3x3x32x1xf32>)
  %dw, %c5 = tfg.DepthwiseConv2dNative(%relu, %wd) name("dw") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<*xf32>, tensor<3x3x32x1xf32>) -> (tensor<*xf32>)
  %wp, %c6 = tfg.Const name("wp") {dtype = f32, value = dense<1.0> : tensor<1x1x32x32xf32>} : () -> (tensor<1x1x32x32xf32>)
  %bp, %c7 = tfg.Const name("bp") {dtype = f32, value = dense<1.0> : tensor<32xf32>} : () -> (tensor<32xf32>)
  %pc, %c8 = tfg.Conv2D(%dw, %wp) name("pc") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<*xf32>, tensor<1x1x32x32xf32>) -> (tensor<*xf32>)
  %pw, %c9 = tfg.BiasAdd(%pc, %bp) name("pw") {T = f32, data_format = "NHWC"} : (tensor<*xf32>, tensor<32xf32>) -> (tensor<*xf32>)
  %wq, %c10 = tfg.Const name("wq") {dtype = f32, value = dense<0.001953125> : tensor<1x1x32x16xf32>} : () -> (tensor<1x1x32x16xf32>)
  %bq, %c11 = tfg.Const name("bq") {dtype = f32, value = dense<2.0> : tensor<16xf32>} : () -> (tensor<16xf32>)
  %qc, %c12 = tfg.Conv2D(%pw, %wq) name("qc") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<*xf32>, tensor<1x1x32x16xf32>) -> (tensor<*xf32>)
  %deep, %c13 = tfg.BiasAdd(%qc, %bq) name("deep") {T = f32, data_format = "NHWC"} : (tensor<*xf32>, tensor<16xf32>) -> (tensor<*xf32>)
  %axes, %c14 = tfg.Const name("axes") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %mean, %c15 = tfg.Mean(%deep, %axes) name("mean") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %w64, %c16 = tfg.Const name("w64") {dtype = f32, value = dense<1.0> : tensor<3x3x16x64xf32>} : () -> (tensor<3x3x16x64xf32>)
  %conv64, %c17 = tfg.Conv2D(%x, %w64) name("conv64") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x32x32x16xf32>, tensor<3x3x16x64xf32>) -> (tensor<*xf32>)
  %wd64, %c18 = tfg.Const name("wd64") {dtype = f32, value = dense<1.0> : tensor<3x3x64x1xf32>} : () -> (tensor<3x3x64x1xf32>)
  %dw64, %c19 = tfg.DepthwiseConv2dNative(%conv64, %wd64) name("dw64") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<*xf32>, tensor<3x3x64x1xf32>) -> (tensor<*xf32>)
  %mean64, %c20 = tfg.Mean(%dw64, %axes) name("mean64") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %wg, %c21 = tfg.Const name("wg") {dtype = f32, value = dense<1.0> : tensor<64x256xf32>} : () -> (tensor<64x256xf32>)
  %gemv, %c22 = tfg.MatMul(%mean64, %wg) name("gemv") {T = f32, transpose_a = false, transpose_b = false} : (tensor<*xf32>, tensor<64x256xf32>) -> (tensor<*xf32>)
}
