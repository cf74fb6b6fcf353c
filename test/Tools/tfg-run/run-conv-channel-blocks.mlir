// 1x1 convolutions to 96 and 56 output channels, the counts for which
// tfg-cpu-vectorize-convolutions picks power-of-two channel blocks (on
// AVX-512: 2 vectors, not 3; 56 = 32 + 16 + 8 in three pieces; the
// 56-channel filter is a slice of the 96-channel one). x[p, c] = 4p + c on 6
// pixels x 4 channels, filter (f + 1) for every input channel, so
// y[p, f] = (f + 1)(16p + 6): per channel (f + 1) * 276, per pixel
// (16p + 6) * 4656 (96 channels) or * 1596 (56). Every value is an integer,
// exact in fp32; a wrong or missing channel or pixel block changes a sum.
// A 1x1 convolution on 16 input channels (two steps of 8) to 32:
// x16[p, c] = 16p + c, filter (f + 1): per channel (f + 1) * 4560, per
// pixel (256p + 120) * 528.
// RUN: %python %S/Inputs/make_npy.py %t.x.npy "<f4" 1x2x3x4 iota
// RUN: %python %S/Inputs/make_npy.py %t.x16.npy "<f4" 1x2x3x16 iota
// RUN: tfg-run %s --input x=%t.x.npy --input x16=%t.x16.npy --outputs c96_ch,c96_px,c56_ch,c56_px,c16_ch,c16_px --print-outputs 96 | FileCheck %s
// CHECK: c96_ch = 276 552 828 1104 1380 1656 1932 2208 2484 2760 3036 3312 3588 3864 4140 4416 4692 4968 5244 5520 5796 6072 6348 6624 6900 7176 7452 7728 8004 8280 8556 8832 9108 9384 9660 9936 10212 10488 10764 11040 11316 11592 11868 12144 12420 12696 12972 13248 13524 13800 14076 14352 14628 14904 15180 15456 15732 16008 16284 16560 16836 17112 17388 17664 17940 18216 18492 18768 19044 19320 19596 19872 20148 20424 20700 20976 21252 21528 21804 22080 22356 22632 22908 23184 23460 23736 24012 24288 24564 24840 25116 25392 25668 25944 26220 26496{{$}}
// CHECK: c96_px = 27936 102432 176928 251424 325920 400416{{$}}
// CHECK: c56_ch = 276 552 828 1104 1380 1656 1932 2208 2484 2760 3036 3312 3588 3864 4140 4416 4692 4968 5244 5520 5796 6072 6348 6624 6900 7176 7452 7728 8004 8280 8556 8832 9108 9384 9660 9936 10212 10488 10764 11040 11316 11592 11868 12144 12420 12696 12972 13248 13524 13800 14076 14352 14628 14904 15180 15456{{$}}
// CHECK: c56_px = 9576 35112 60648 86184 111720 137256{{$}}
// CHECK: c16_ch = 4560 9120 13680 18240 22800 27360 31920 36480 41040 45600 50160 54720 59280 63840 68400 72960 77520 82080 86640 91200 95760 100320 104880 109440 114000 118560 123120 127680 132240 136800 141360 145920{{$}}
// CHECK: c16_px = 63360 198528 333696 468864 604032 739200{{$}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %c0 = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x2x3x4>} : () -> (tensor<1x2x3x4xf32>)
  %ramp, %c1 = tfg.Const name("ramp") {dtype = f32, value = dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 50.0, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 60.0, 61.0, 62.0, 63.0, 64.0, 65.0, 66.0, 67.0, 68.0, 69.0, 70.0, 71.0, 72.0, 73.0, 74.0, 75.0, 76.0, 77.0, 78.0, 79.0, 80.0, 81.0, 82.0, 83.0, 84.0, 85.0, 86.0, 87.0, 88.0, 89.0, 90.0, 91.0, 92.0, 93.0, 94.0, 95.0, 96.0]> : tensor<96xf32>} : () -> (tensor<96xf32>)
  %ones, %c2 = tfg.Const name("ones") {dtype = f32, value = dense<1.0> : tensor<1x1x4x1xf32>} : () -> (tensor<1x1x4x1xf32>)
  %f96, %c3 = tfg.Mul(%ones, %ramp) name("f96") {T = f32} : (tensor<1x1x4x1xf32>, tensor<96xf32>) -> (tensor<*xf32>)
  %y96, %c4 = tfg.Conv2D(%x, %f96) name("y96") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x2x3x4xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %begin, %c5 = tfg.Const name("begin") {dtype = i32, value = dense<[0, 0, 0, 0]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %size, %c6 = tfg.Const name("size") {dtype = i32, value = dense<[1, 1, 4, 56]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %f56, %c7 = tfg.Slice(%f96, %begin, %size) name("f56") {T = f32, Index = i32} : (tensor<*xf32>, tensor<4xi32>, tensor<4xi32>) -> (tensor<*xf32>)
  %y56, %c8 = tfg.Conv2D(%x, %f56) name("y56") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x2x3x4xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %overPixels, %c9 = tfg.Const name("over_pixels") {dtype = i32, value = dense<[0, 1, 2]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %overChannels, %c10 = tfg.Const name("over_channels") {dtype = i32, value = dense<[0, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %a, %c11 = tfg.Sum(%y96, %overPixels) name("c96_ch") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<3xi32>) -> (tensor<*xf32>)
  %b, %c12 = tfg.Sum(%y96, %overChannels) name("c96_px") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %c, %c13 = tfg.Sum(%y56, %overPixels) name("c56_ch") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<3xi32>) -> (tensor<*xf32>)
  %d, %c14 = tfg.Sum(%y56, %overChannels) name("c56_px") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %x16, %c20 = tfg.Placeholder name("x16") {dtype = f32, shape = #tfg.shape<1x2x3x16>} : () -> (tensor<1x2x3x16xf32>)
  %ones16, %c21 = tfg.Const name("ones16") {dtype = f32, value = dense<1.0> : tensor<1x1x16x1xf32>} : () -> (tensor<1x1x16x1xf32>)
  %size32, %c22 = tfg.Const name("size32") {dtype = i32, value = dense<[32]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %begin0, %c23 = tfg.Const name("begin0") {dtype = i32, value = dense<[0]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %ramp32, %c24 = tfg.Slice(%ramp, %begin0, %size32) name("ramp32") {T = f32, Index = i32} : (tensor<96xf32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<*xf32>)
  %f16, %c25 = tfg.Mul(%ones16, %ramp32) name("f16") {T = f32} : (tensor<1x1x16x1xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %y16, %c26 = tfg.Conv2D(%x16, %f16) name("y16") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x2x3x16xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %e, %c27 = tfg.Sum(%y16, %overPixels) name("c16_ch") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<3xi32>) -> (tensor<*xf32>)
  %g, %c28 = tfg.Sum(%y16, %overChannels) name("c16_px") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
}
