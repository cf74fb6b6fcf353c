// Every buffer the compiled code allocates in a run is freed by the end of
// the run, at every thread count: --count-allocations counts the code's
// malloc/calloc/realloc/aligned_alloc/free and fails when a run leaves a
// buffer allocated. The shapes split unevenly (29 rows, 1000 columns, 56
// channels): a chunk of a remainder has dynamic-size tiles, which a
// parallel chunk allocates and must free (they leaked before: bufferization's
// deallocation skipped the scf.forall terminator without its scf model).
// Each thread count's numbers are also the one thread's, bit for bit.
// DEFINE: %{outputs} = conv_bias_relu6,strided,depthwise_relu,pointwise,deep_pointwise,maxpool,avgpool,chain,logits
// DEFINE: %{run} = tfg-run %s --input x=%t.x.npy --input y=%t.y.npy --outputs %{outputs} --count-allocations --runs 2
// RUN: %python %S/Inputs/make_npy.py %t.x.npy "<f4" 1x29x29x24 seed=5
// RUN: %python %S/Inputs/make_npy.py %t.y.npy "<f4" 1x61x67x8 seed=9
// RUN: rm -rf %t.one %t.cache && mkdir -p %t.one
// RUN: %{run} --threads 1 --output-dir %t.one --no-cache | FileCheck %s
// RUN: %{run} --threads 2 --compare %t.one --rtol 0 --no-cache | FileCheck %s --check-prefixes=CHECK,SAME
// RUN: %{run} --threads 3 --compare %t.one --rtol 0 --cache-dir %t.cache | FileCheck %s --check-prefixes=CHECK,SAME
// RUN: %{run} --threads 4 --compare %t.one --rtol 0 --no-cache | FileCheck %s --check-prefixes=CHECK,SAME
// RUN: %{run} --threads 5 --compare %t.one --rtol 0 --no-cache | FileCheck %s --check-prefixes=CHECK,SAME
// RUN: %{run} --threads 7 --compare %t.one --rtol 0 --no-cache | FileCheck %s --check-prefixes=CHECK,SAME
// A model loaded from the compiled-model cache is linked to the counters
// too (the cache entry was stored by the --threads 3 run above).
// RUN: %{run} --threads 3 --compare %t.one --rtol 0 --cache-dir %t.cache --compile-phases | FileCheck %s --check-prefixes=CHECK,SAME,HIT
// HIT: compile phases: {{.*}}(hit)
// CHECK: allocations: run 1: {{[0-9]+}} made, 0 live after it (0 bytes)
// CHECK-NEXT: allocations: run 2: {{[0-9]+}} made, 0 live after it (0 bytes)
// SAME: conv_bias_relu6 ok max_abs=0.00e+00 rel_l2=0.00e+00
// SAME: strided ok max_abs=0.00e+00 rel_l2=0.00e+00
// SAME: depthwise_relu ok max_abs=0.00e+00 rel_l2=0.00e+00
// SAME: pointwise ok max_abs=0.00e+00 rel_l2=0.00e+00
// SAME: deep_pointwise ok max_abs=0.00e+00 rel_l2=0.00e+00
// SAME: maxpool ok max_abs=0.00e+00 rel_l2=0.00e+00
// SAME: avgpool ok max_abs=0.00e+00 rel_l2=0.00e+00
// SAME: chain ok max_abs=0.00e+00 rel_l2=0.00e+00
// SAME: logits ok max_abs=0.00e+00 rel_l2=0.00e+00

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x29x29x24>} : () -> (tensor<1x29x29x24xf32>)
  %y, %cy = tfg.Placeholder name("y") {dtype = f32, shape = #tfg.shape<1x61x67x8>} : () -> (tensor<1x61x67x8xf32>)
  %zero, %c0 = tfg.Const name("zero") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  %one, %c1 = tfg.Const name("one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %scale, %c2 = tfg.Const name("scale") {dtype = f32, value = dense<0.05> : tensor<f32>} : () -> (tensor<f32>)
  // Weights that differ in every element (sin(0), sin(1), ... scaled), so
  // that a chunk computing the wrong rows or channels changes the numbers.
  %n3, %c3 = tfg.Const name("n3") {dtype = f32, value = dense<8640.0> : tensor<f32>} : () -> (tensor<f32>)
  %s3, %c4 = tfg.Const name("s3") {dtype = i32, value = dense<[3, 3, 24, 40]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %r3, %c5 = tfg.Range(%zero, %n3, %one) name("r3") {Tidx = f32} : (tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %sin3, %c6 = tfg.Sin(%r3) name("sin3") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %m3, %c7 = tfg.Mul(%sin3, %scale) name("m3") {T = f32} : (tensor<*xf32>, tensor<f32>) -> (tensor<*xf32>)
  %w3, %c8 = tfg.Reshape(%m3, %s3) name("w3") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<4xi32>) -> (tensor<*xf32>)
  %n40, %c9 = tfg.Const name("n40") {dtype = f32, value = dense<40.0> : tensor<f32>} : () -> (tensor<f32>)
  %r40, %c10 = tfg.Range(%zero, %n40, %one) name("r40") {Tidx = f32} : (tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %b40, %c11 = tfg.Cos(%r40) name("b40") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  // A SAME 3x3 convolution with its bias and Relu6 (one chunk of rows runs
  // the fill, the convolution and the epilogue: 29 rows split unevenly),
  // and the same with stride 2 (15 rows).
  %conv, %c12 = tfg.Conv2D(%x, %w3) name("conv") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x29x29x24xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %cb, %c13 = tfg.BiasAdd(%conv, %b40) name("conv_bias") {T = f32, data_format = "NHWC"} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %cbr, %c14 = tfg.Relu6(%cb) name("conv_bias_relu6") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %st, %c15 = tfg.Conv2D(%x, %w3) name("strided") {T = f32, padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<1x29x29x24xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // A depthwise convolution and its Relu.
  %ndw, %c16 = tfg.Const name("ndw") {dtype = f32, value = dense<360.0> : tensor<f32>} : () -> (tensor<f32>)
  %sdw, %c17 = tfg.Const name("sdw") {dtype = i32, value = dense<[3, 3, 40, 1]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %rdw, %c18 = tfg.Range(%zero, %ndw, %one) name("rdw") {Tidx = f32} : (tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %sindw, %c19 = tfg.Sin(%rdw) name("sindw") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %wdw, %c20 = tfg.Reshape(%sindw, %sdw) name("wdw") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<4xi32>) -> (tensor<*xf32>)
  %dw, %c21 = tfg.DepthwiseConv2dNative(%cbr, %wdw) name("depthwise") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %dwr, %c22 = tfg.Relu(%dw) name("depthwise_relu") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  // A 1x1 convolution to 56 channels.
  %n1, %c23 = tfg.Const name("n1") {dtype = f32, value = dense<2240.0> : tensor<f32>} : () -> (tensor<f32>)
  %s1, %c24 = tfg.Const name("s1") {dtype = i32, value = dense<[1, 1, 40, 56]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %r1, %c25 = tfg.Range(%zero, %n1, %one) name("r1") {Tidx = f32} : (tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %sin1, %c26 = tfg.Sin(%r1) name("sin1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %w1, %c27 = tfg.Reshape(%sin1, %s1) name("w1") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<4xi32>) -> (tensor<*xf32>)
  %pw, %c28 = tfg.Conv2D(%dwr, %w1) name("pointwise") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // A deep 1x1 convolution (256 input channels, reduced in chunks of them)
  // with a bias.
  %nu, %c29 = tfg.Const name("nu") {dtype = f32, value = dense<6144.0> : tensor<f32>} : () -> (tensor<f32>)
  %su, %c30 = tfg.Const name("su") {dtype = i32, value = dense<[1, 1, 24, 256]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %ru, %c31 = tfg.Range(%zero, %nu, %one) name("ru") {Tidx = f32} : (tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %sinu, %c32 = tfg.Sin(%ru) name("sinu") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %wu, %c33 = tfg.Reshape(%sinu, %su) name("wu") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<4xi32>) -> (tensor<*xf32>)
  %up, %c34 = tfg.Conv2D(%x, %wu) name("up") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x29x29x24xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %nd, %c35 = tfg.Const name("nd") {dtype = f32, value = dense<10240.0> : tensor<f32>} : () -> (tensor<f32>)
  %sd, %c36 = tfg.Const name("sd") {dtype = i32, value = dense<[1, 1, 256, 40]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %rd, %c37 = tfg.Range(%zero, %nd, %one) name("rd") {Tidx = f32} : (tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %cosd, %c38 = tfg.Cos(%rd) name("cosd") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %wd, %c39 = tfg.Reshape(%cosd, %sd) name("wd") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<4xi32>) -> (tensor<*xf32>)
  %deep, %c40 = tfg.Conv2D(%up, %wd) name("deep") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %dpb, %c41 = tfg.BiasAdd(%deep, %b40) name("deep_pointwise") {T = f32, data_format = "NHWC"} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // Pooling: 3x3 stride 2 VALID max (14x14), 2x2 stride 2 SAME average
  // (15x15, its last row and column of one pixel).
  %mp, %c42 = tfg.MaxPool(%pw) name("maxpool") {T = f32, ksize = [1, 3, 3, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<*xf32>) -> (tensor<*xf32>)
  %ap, %c43 = tfg.AvgPool(%dwr) name("avgpool") {T = f32, ksize = [1, 2, 2, 1], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<*xf32>) -> (tensor<*xf32>)
  // An elementwise chain on 61x67x8 (fused into one op, split by rows).
  %add, %c44 = tfg.AddV2(%y, %y) name("add") {T = f32} : (tensor<1x61x67x8xf32>, tensor<1x61x67x8xf32>) -> (tensor<*xf32>)
  %mul, %c45 = tfg.Mul(%add, %scale) name("mul") {T = f32} : (tensor<*xf32>, tensor<f32>) -> (tensor<*xf32>)
  %chain, %c46 = tfg.Sigmoid(%mul) name("chain") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  // MobileNet's head: the pixels' mean, a MatMul to 1000 columns (chunks
  // of whole vectors and a remainder) and its bias.
  %axes, %c47 = tfg.Const name("axes") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %mean, %c48 = tfg.Mean(%pw, %axes) name("mean") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %nm, %c49 = tfg.Const name("nm") {dtype = f32, value = dense<56000.0> : tensor<f32>} : () -> (tensor<f32>)
  %sm, %c50 = tfg.Const name("sm") {dtype = i32, value = dense<[56, 1000]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %rm, %c51 = tfg.Range(%zero, %nm, %one) name("rm") {Tidx = f32} : (tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %sinm, %c52 = tfg.Sin(%rm) name("sinm") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %wm, %c53 = tfg.Reshape(%sinm, %sm) name("wm") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %mm, %c54 = tfg.MatMul(%mean, %wm) name("matmul") {T = f32, transpose_a = false, transpose_b = false} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %nb, %c55 = tfg.Const name("nb") {dtype = f32, value = dense<1000.0> : tensor<f32>} : () -> (tensor<f32>)
  %rb, %c56 = tfg.Range(%zero, %nb, %one) name("rb") {Tidx = f32} : (tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %b1000, %c57 = tfg.Cos(%rb) name("b1000") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %logits, %c58 = tfg.BiasAdd(%mm, %b1000) name("logits") {T = f32, data_format = "NHWC"} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}
