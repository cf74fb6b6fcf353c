// --threads 2 runs the heavy ops in two chunks on OpenMP threads and gives
// the same numbers, bit for bit, as one thread: only parallel loops are
// split, each output element is computed by the same code.
// The run-time options: one clear error each.
// RUN: not tfg-run %s --threads 0 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not tfg-run %s --threads 5000 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not tfg-run %s --threads -2 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// ZERO: tfg-run: error: --threads must be between 1 and 1024, got 0
// HUGE: tfg-run: error: --threads must be between 1 and 1024, got 5000
// NEGATIVE: tfg-run: error: --threads must be between 1 and 1024, got -2
// DEFINE: %{outputs} = ones_same,ones_same_sum,ones_uneven_sum,conv,depthwise,uneven,matmul,sigmoid,pointwise,conv_bias_relu6,deep_pointwise,wide_filter,deep_14x14
// RUN: %python %S/Inputs/make_npy.py %t.x.npy "<f4" 1x32x32x32 seed=7
// RUN: %python %S/Inputs/make_npy.py %t.y.npy "<f4" 1x64x128x32 seed=11
// RUN: rm -rf %t.one && mkdir -p %t.one
// RUN: tfg-run %s --input x=%t.x.npy --input y=%t.y.npy --outputs %{outputs} --threads 1 --output-dir %t.one --quiet
// RUN: tfg-run %s --input x=%t.x.npy --input y=%t.y.npy --outputs %{outputs} --threads 2 --print-outputs 34 --dump-llvm %t.ll | FileCheck %s
// RUN: tfg-run %s --input x=%t.x.npy --input y=%t.y.npy --outputs %{outputs} --threads 2 --compare %t.one --rtol 0 | FileCheck %s --check-prefix=SAME
// RUN: tfg-run %s --input x=%t.x.npy --input y=%t.y.npy --outputs %{outputs} --threads 3 --compare %t.one --rtol 0 | FileCheck %s --check-prefix=SAME
// The code forks: the heavy ops call libomp.
// RUN: FileCheck %s --check-prefix=OMP < %t.ll
// OMP: call {{.*}}@__kmpc_fork_call(
// A dynamic batch (compiled once for any batch) splits the rows instead.
// RUN: tfg-run %s --input x=%t.x.npy --input y=%t.y.npy --outputs %{outputs} --dynamic-shapes --threads 2 --compare %t.one --rtol 0 | FileCheck %s --check-prefix=SAME

// Hand-computed, on constant ones: a SAME 3x3 convolution with 32 in and
// 32 out channels sums 9, 6 or 4 taps of 32 ones: 288 inside, 192 on an
// edge, 128 in a corner (pixel (0,0): 32 channels of 128, then (0,1): 192).
// Its sum covers both chunks of rows: (30*3 + 2*2)^2 taps * 32 * 32.
// With threads, the CPU time of a run (all threads) follows the latency.
// CHECK: latency: median {{.*}} ms over 1 run(s)
// CHECK-NEXT: cpu: mean {{[0-9.]+}} ms per run (user+sys, all threads)
// CHECK: ones_same = 128 128 128 128 128 128 128 128 128 128 128 128 128 128 128 128 128 128 128 128 128 128 128 128 128 128 128 128 128 128 128 128 192 192 ...{{$}}
// CHECK: ones_same_sum = 9048064{{$}}
// A 5x5 stride-4 VALID convolution to 7x7x16 (7 rows: chunks of 4 and 3),
// 25 taps of 32 ones everywhere: 784 values of 800.
// CHECK: ones_uneven_sum = 627200{{$}}
// SAME: ones_same ok max_abs=0.00e+00 rel_l2=0.00e+00
// SAME: ones_same_sum ok max_abs=0.00e+00 rel_l2=0.00e+00
// SAME: ones_uneven_sum ok max_abs=0.00e+00 rel_l2=0.00e+00
// SAME: conv ok max_abs=0.00e+00 rel_l2=0.00e+00
// SAME: depthwise ok max_abs=0.00e+00 rel_l2=0.00e+00
// SAME: uneven ok max_abs=0.00e+00 rel_l2=0.00e+00
// SAME: matmul ok max_abs=0.00e+00 rel_l2=0.00e+00
// SAME: sigmoid ok max_abs=0.00e+00 rel_l2=0.00e+00
// A 1x1 convolution to 33 channels: 3 threads split its 32 rows unevenly
// (dynamic row counts, which the register blocking takes without
// flattening the pixels into one row).
// SAME: pointwise ok max_abs=0.00e+00 rel_l2=0.00e+00
// A convolution with its BiasAdd and Relu6 (one chunk runs the fill, the
// convolution and the epilogue; its 32 columns are cut into pieces of 30
// and 2, written in place into the chunk's rows), and a 1x1 convolution
// from 256 channels with a bias (cut into input-channel chunks, its
// epilogue after the reduction).
// SAME: conv_bias_relu6 ok max_abs=0.00e+00 rel_l2=0.00e+00
// SAME: deep_pointwise ok max_abs=0.00e+00 rel_l2=0.00e+00
// A 1x1 convolution 512 -> 512 at 2x2 with a Relu, whose 1 MiB filter
// dwarfs its 8 KiB input: 2 threads split its output channels (each chunk
// half the filter and the Relu of its channels), 3 threads its rows
// unevenly (1 and 1). MobileNet's 512 -> 512 1x1 layer at 14x14: 2 threads
// split its rows, 7 a chunk (98 pixels, blocked as one thread blocks 196:
// 7 pixels x 2 vectors on AVX-512), 3 threads unevenly.
// SAME: wide_filter ok max_abs=0.00e+00 rel_l2=0.00e+00
// SAME: deep_14x14 ok max_abs=0.00e+00 rel_l2=0.00e+00
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x32x32x32>} : () -> (tensor<?x32x32x32xf32>)
  %y, %cy = tfg.Placeholder name("y") {dtype = f32, shape = #tfg.shape<?x64x128x32>} : () -> (tensor<?x64x128x32xf32>)
  %ones, %c1 = tfg.Const name("ones") {dtype = f32, value = dense<1.0> : tensor<1x32x32x32xf32>} : () -> (tensor<1x32x32x32xf32>)
  %w3, %c2 = tfg.Const name("w3") {dtype = f32, value = dense<1.0> : tensor<3x3x32x32xf32>} : () -> (tensor<3x3x32x32xf32>)
  %w5, %c3 = tfg.Const name("w5") {dtype = f32, value = dense<1.0> : tensor<5x5x32x16xf32>} : () -> (tensor<5x5x32x16xf32>)
  %all, %c4 = tfg.Const name("all") {dtype = i32, value = dense<[0, 1, 2, 3]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %os, %c5 = tfg.Conv2D(%ones, %w3) name("ones_same") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x32x32x32xf32>, tensor<3x3x32x32xf32>) -> (tensor<*xf32>)
  %oss, %c6 = tfg.Sum(%os, %all) name("ones_same_sum") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<4xi32>) -> (tensor<*xf32>)
  %ou, %c7 = tfg.Conv2D(%ones, %w5) name("ones_uneven") {T = f32, padding = "VALID", strides = [1, 4, 4, 1]} : (tensor<1x32x32x32xf32>, tensor<5x5x32x16xf32>) -> (tensor<*xf32>)
  %w1, %cw1 = tfg.Const name("w1") {dtype = f32, value = dense<0.5> : tensor<1x1x32x33xf32>} : () -> (tensor<1x1x32x33xf32>)
  %pw, %cpw = tfg.Conv2D(%x, %w1) name("pointwise") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<?x32x32x32xf32>, tensor<1x1x32x33xf32>) -> (tensor<*xf32>)
  %ous, %c8 = tfg.Sum(%ou, %all) name("ones_uneven_sum") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<4xi32>) -> (tensor<*xf32>)
  // On the seeded input, with weights that differ in every element
  // (sin(0), sin(1), ... scaled, made at run time), so that a chunk reading
  // the wrong channels or rows would change the numbers: a convolution, a
  // depthwise one after a Relu, the uneven one, a MatMul of the pooled
  // result (1000 columns: chunks of 512 and 488) and a large elementwise op.
  %zero, %c9 = tfg.Const name("zero") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  %one, %c10 = tfg.Const name("one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %scale, %c11 = tfg.Const name("scale") {dtype = f32, value = dense<0.05> : tensor<f32>} : () -> (tensor<f32>)
  %n3, %c12 = tfg.Const name("n3") {dtype = f32, value = dense<9216.0> : tensor<f32>} : () -> (tensor<f32>)
  %s3, %c13 = tfg.Const name("s3") {dtype = i32, value = dense<[3, 3, 32, 32]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %r3, %c14 = tfg.Range(%zero, %n3, %one) name("r3") {Tidx = f32} : (tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %sin3, %c15 = tfg.Sin(%r3) name("sin3") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %m3, %c16 = tfg.Mul(%sin3, %scale) name("m3") {T = f32} : (tensor<*xf32>, tensor<f32>) -> (tensor<*xf32>)
  %t3, %c17 = tfg.Reshape(%m3, %s3) name("t3") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<4xi32>) -> (tensor<*xf32>)
  %conv, %c18 = tfg.Conv2D(%x, %t3) name("conv") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<?x32x32x32xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %relu, %c19 = tfg.Relu(%conv) name("relu") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %ndw, %c20 = tfg.Const name("ndw") {dtype = f32, value = dense<288.0> : tensor<f32>} : () -> (tensor<f32>)
  %sdw, %c21 = tfg.Const name("sdw") {dtype = i32, value = dense<[3, 3, 32, 1]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %rdw, %c22 = tfg.Range(%zero, %ndw, %one) name("rdw") {Tidx = f32} : (tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %sindw, %c23 = tfg.Sin(%rdw) name("sindw") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %tdw, %c24 = tfg.Reshape(%sindw, %sdw) name("tdw") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<4xi32>) -> (tensor<*xf32>)
  %dw, %c25 = tfg.DepthwiseConv2dNative(%relu, %tdw) name("depthwise") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %n5, %c26 = tfg.Const name("n5") {dtype = f32, value = dense<12800.0> : tensor<f32>} : () -> (tensor<f32>)
  %s5, %c27 = tfg.Const name("s5") {dtype = i32, value = dense<[5, 5, 32, 16]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %r5, %c28 = tfg.Range(%zero, %n5, %one) name("r5") {Tidx = f32} : (tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %sin5, %c29 = tfg.Sin(%r5) name("sin5") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %t5, %c30 = tfg.Reshape(%sin5, %s5) name("t5") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<4xi32>) -> (tensor<*xf32>)
  %un, %c31 = tfg.Conv2D(%x, %t5) name("uneven") {T = f32, padding = "VALID", strides = [1, 4, 4, 1]} : (tensor<?x32x32x32xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %pool, %c32 = tfg.MaxPool(%dw) name("pool") {T = f32, ksize = [1, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<*xf32>) -> (tensor<*xf32>)
  %shape, %c33 = tfg.Const name("shape") {dtype = i32, value = dense<[-1, 8192]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %flat, %c34 = tfg.Reshape(%pool, %shape) name("flat") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %nm, %c35 = tfg.Const name("nm") {dtype = f32, value = dense<8192000.0> : tensor<f32>} : () -> (tensor<f32>)
  %sm, %c36 = tfg.Const name("sm") {dtype = i32, value = dense<[8192, 1000]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %rm, %c37 = tfg.Range(%zero, %nm, %one) name("rm") {Tidx = f32} : (tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %sinm, %c38 = tfg.Sin(%rm) name("sinm") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %mw, %c39 = tfg.Reshape(%sinm, %sm) name("mw") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %mm, %c40 = tfg.MatMul(%flat, %mw) name("matmul") {T = f32, transpose_a = false, transpose_b = false} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %sig, %c41 = tfg.Sigmoid(%y) name("sigmoid") {T = f32} : (tensor<?x64x128x32xf32>) -> (tensor<*xf32>)
  %n32, %c42 = tfg.Const name("n32") {dtype = f32, value = dense<32.0> : tensor<f32>} : () -> (tensor<f32>)
  %rb, %c43 = tfg.Range(%zero, %n32, %one) name("rb") {Tidx = f32} : (tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %bias, %c44 = tfg.Cos(%rb) name("bias") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %cb, %c45 = tfg.Conv2D(%x, %t3) name("conv_b") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<?x32x32x32xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %cba, %c46 = tfg.BiasAdd(%cb, %bias) name("conv_bias") {T = f32, data_format = "NHWC"} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %cbr, %c47 = tfg.Relu6(%cba) name("conv_bias_relu6") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %nu, %c48 = tfg.Const name("nu") {dtype = f32, value = dense<8192.0> : tensor<f32>} : () -> (tensor<f32>)
  %su, %c49 = tfg.Const name("su") {dtype = i32, value = dense<[1, 1, 32, 256]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %ru, %c50 = tfg.Range(%zero, %nu, %one) name("ru") {Tidx = f32} : (tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %sinu, %c51 = tfg.Sin(%ru) name("sinu") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %tu, %c52 = tfg.Reshape(%sinu, %su) name("tu") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<4xi32>) -> (tensor<*xf32>)
  %up, %c53 = tfg.Conv2D(%x, %tu) name("up") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<?x32x32x32xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %nd, %c54 = tfg.Const name("nd") {dtype = f32, value = dense<8192.0> : tensor<f32>} : () -> (tensor<f32>)
  %sd, %c55 = tfg.Const name("sd") {dtype = i32, value = dense<[1, 1, 256, 32]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %rd, %c56 = tfg.Range(%zero, %nd, %one) name("rd") {Tidx = f32} : (tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %cosd, %c57 = tfg.Cos(%rd) name("cosd") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %td, %c58 = tfg.Reshape(%cosd, %sd) name("td") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<4xi32>) -> (tensor<*xf32>)
  %dp, %c59 = tfg.Conv2D(%up, %td) name("deep") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %dpb, %c60 = tfg.BiasAdd(%dp, %bias) name("deep_pointwise") {T = f32, data_format = "NHWC"} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %b0, %c61 = tfg.Const name("b0") {dtype = i32, value = dense<0> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %sz4, %c62 = tfg.Const name("sz4") {dtype = i32, value = dense<[-1, 1, 64, 32]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %y4, %c63 = tfg.Slice(%y, %b0, %sz4) name("y4") {Index = i32, T = f32} : (tensor<?x64x128x32xf32>, tensor<4xi32>, tensor<4xi32>) -> (tensor<*xf32>)
  %sw, %c65 = tfg.Const name("sw") {dtype = i32, value = dense<[1, 2, 2, 512]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %x4, %c66 = tfg.Reshape(%y4, %sw) name("x4") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<4xi32>) -> (tensor<*xf32>)
  %wc, %c69 = tfg.Conv2D(%x4, %f14) name("wide_conv") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %wr, %c70 = tfg.Relu(%wc) name("wide_filter") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %sz14, %c71 = tfg.Const name("sz14") {dtype = i32, value = dense<[-1, 28, 112, 32]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %y14, %c72 = tfg.Slice(%y, %b0, %sz14) name("y14") {Index = i32, T = f32} : (tensor<?x64x128x32xf32>, tensor<4xi32>, tensor<4xi32>) -> (tensor<*xf32>)
  %s14, %c73 = tfg.Const name("s14") {dtype = i32, value = dense<[1, 14, 14, 512]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %i14, %c74 = tfg.Reshape(%y14, %s14) name("i14") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<4xi32>) -> (tensor<*xf32>)
  %n14, %c75 = tfg.Const name("n14") {dtype = f32, value = dense<262144.0> : tensor<f32>} : () -> (tensor<f32>)
  %sf14, %c76 = tfg.Const name("sf14") {dtype = i32, value = dense<[1, 1, 512, 512]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %r14, %c77 = tfg.Range(%zero, %n14, %one) name("r14") {Tidx = f32} : (tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %sin14, %c78 = tfg.Sin(%r14) name("sin14") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %f14, %c79 = tfg.Reshape(%sin14, %sf14) name("f14") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<4xi32>) -> (tensor<*xf32>)
  %d14, %c80 = tfg.Conv2D(%i14, %f14) name("d14") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %d14b, %c81 = tfg.BiasAdd(%d14, %bias14) name("deep_14x14") {T = f32, data_format = "NHWC"} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %n512, %c82 = tfg.Const name("n512") {dtype = f32, value = dense<512.0> : tensor<f32>} : () -> (tensor<f32>)
  %rb14, %c83 = tfg.Range(%zero, %n512, %one) name("rb14") {Tidx = f32} : (tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %bias14, %c84 = tfg.Cos(%rb14) name("bias14") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
