// Two depthwise-then-pointwise layers (MobileNet's block) after a 3x3
// convolution at --threads 2: the memory plan keeps apart the buffers of
// steps that run without a barrier between them (tfg-cpu-plan-memory at
// threads > 1), so the pointwise layer no longer writes where the
// depthwise layer before it reads its neighbours' rows (the plan of one
// thread puts it there: two buffers used in turn), and
// tfg-cpu-merge-parallel-regions drops that barrier. The numbers are
// those of one thread, bit for bit, at 2 and 3 threads.
// RUN: %python %S/Inputs/make_npy.py %t.x.npy "<f4" 1x48x48x16 seed=5
// RUN: rm -rf %t.one && mkdir -p %t.one
// RUN: tfg-run %s --input x=%t.x.npy --threads 1 --output-dir %t.one --quiet
// RUN: tfg-run %s --input x=%t.x.npy --threads 2 --compare %t.one --rtol 0 --dump-llvm %t.ll | FileCheck %s --check-prefix=SAME
// RUN: tfg-run %s --input x=%t.x.npy --threads 3 --compare %t.one --rtol 0 | FileCheck %s --check-prefix=SAME
// RUN: tfg-run %s --input x=%t.x.npy --threads 2 --count-allocations | FileCheck %s --check-prefix=ALLOC
// SAME: pw2 ok max_abs=0.00e+00 rel_l2=0.00e+00
// ALLOC: allocations: run 1: {{[0-9]+}} made, 0 live after it
// Two barriers a run: after the convolution (the first depthwise layer
// reads its neighbours' rows) and after the first pointwise layer (the
// second depthwise layer does). Before, a third one after the first
// depthwise layer: the pointwise layer wrote over the convolution's
// output, which the other thread's depthwise rows may still be reading.
// RUN: grep -c "call void @__kmpc_barrier(" %t.ll | FileCheck %s --check-prefix=BARRIERS
// BARRIERS: {{^2$}}
// And by hand, on an input of ones: the 3x3 SAME convolution of 16
// channels (weights 1) is 64 in a corner, 96 on an edge, 144 inside; the
// depthwise 3x3 (weights 1, bias -1, Relu) 64+96+96+144-1 = 399 at (0,0),
// 639 at (0,1), 719 at (0,2), 1023 at (1,1), 1151 at (1,2); the pointwise
// (64 channels, weights 1/64, bias 1) gives them back plus 1: 400, 640,
// 720, 1024, 1152; the second depthwise layer at (0,0) 400+640+640+1024-1
// = 2703 and at (0,1) 400+640+720+640+1024+1152-1 = 4575, the second
// pointwise 2704 and 4576.
// RUN: %python %S/Inputs/make_npy.py %t.ones.npy "<f4" 1x48x48x16 1$(printf ',1%.0s' $(seq 36863))
// RUN: tfg-run %s --input x=%t.ones.npy --threads 2 --print-outputs 66 | FileCheck %s
// RUN: tfg-run %s --input x=%t.ones.npy --threads 1 --print-outputs 66 | FileCheck %s
// CHECK: pw2 = {{(2704 )+}}4576 4576 ...{{$}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x48x48x16>} : () -> (tensor<1x48x48x16xf32>)
  %w3, %c1 = tfg.Const name("w3") {dtype = f32, value = dense<1.0> : tensor<3x3x16x64xf32>} : () -> (tensor<3x3x16x64xf32>)
  %conv, %c2 = tfg.Conv2D(%x, %w3) name("conv") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x48x48x16xf32>, tensor<3x3x16x64xf32>) -> (tensor<*xf32>)
  %relu, %c3 = tfg.Relu(%conv) name("relu") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %wd, %c4 = tfg.Const name("wd") {dtype = f32, value = dense<1.0> : tensor<3x3x64x1xf32>} : () -> (tensor<3x3x64x1xf32>)
  %bd, %c5 = tfg.Const name("bd") {dtype = f32, value = dense<-1.0> : tensor<64xf32>} : () -> (tensor<64xf32>)
  %wp, %c6 = tfg.Const name("wp") {dtype = f32, value = dense<0.015625> : tensor<1x1x64x64xf32>} : () -> (tensor<1x1x64x64xf32>)
  %bp, %c7 = tfg.Const name("bp") {dtype = f32, value = dense<1.0> : tensor<64xf32>} : () -> (tensor<64xf32>)
  %dc, %c8 = tfg.DepthwiseConv2dNative(%relu, %wd) name("dc") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<*xf32>, tensor<3x3x64x1xf32>) -> (tensor<*xf32>)
  %db, %c9 = tfg.BiasAdd(%dc, %bd) name("db") {T = f32, data_format = "NHWC"} : (tensor<*xf32>, tensor<64xf32>) -> (tensor<*xf32>)
  %dw, %c10 = tfg.Relu(%db) name("dw") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %pc, %c11 = tfg.Conv2D(%dw, %wp) name("pc") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<*xf32>, tensor<1x1x64x64xf32>) -> (tensor<*xf32>)
  %pb, %c12 = tfg.BiasAdd(%pc, %bp) name("pb") {T = f32, data_format = "NHWC"} : (tensor<*xf32>, tensor<64xf32>) -> (tensor<*xf32>)
  %pw, %c13 = tfg.Relu(%pb) name("pw") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %dc2, %c14 = tfg.DepthwiseConv2dNative(%pw, %wd) name("dc2") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<*xf32>, tensor<3x3x64x1xf32>) -> (tensor<*xf32>)
  %db2, %c15 = tfg.BiasAdd(%dc2, %bd) name("db2") {T = f32, data_format = "NHWC"} : (tensor<*xf32>, tensor<64xf32>) -> (tensor<*xf32>)
  %dw2, %c16 = tfg.Relu(%db2) name("dw2") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %pc2, %c17 = tfg.Conv2D(%dw2, %wp) name("pc2") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<*xf32>, tensor<1x1x64x64xf32>) -> (tensor<*xf32>)
  %pb2, %c18 = tfg.BiasAdd(%pc2, %bp) name("pb2") {T = f32, data_format = "NHWC"} : (tensor<*xf32>, tensor<64xf32>) -> (tensor<*xf32>)
  %pw2, %c19 = tfg.Relu(%pb2) name("pw2") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
