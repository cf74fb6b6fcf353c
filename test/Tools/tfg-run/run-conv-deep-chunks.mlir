// A deep 1x1 convolution at 7x7, 1024 -> 64 channels, which
// tfg-cpu-vectorize-convolutions reduces in chunks of input channels (128
// on AVX-512, 256 on AVX2): the chunks but the last accumulate into the
// output in memory, the last one's blocks take the BiasAdd and the
// activation in registers (48 pixels in blocks, the 49th a remainder
// piece). x[p, c] = p + 1 for every input channel (pixel p = 7h + w),
// filter w[c, f] = (f + 1) / 1024, so y[p, f] = (p + 1)(f + 1) exactly
// (every partial sum a multiple of 1/1024 below 2^12). A chunk lost or
// added changes y by 1/8 or 1/4 of itself, a wrong pixel or channel block
// its factor.
//   z6 = Relu6(y - 40): clamp((p + 1)(f + 1) - 40, 0, 6), summed over the
//   pixels per channel (z6_ch) and over the channels per pixel (z6_px);
//   zr = Relu(y + 0.5) (a second convolution, its own epilogue) =
//   (p + 1)(f + 1) + 0.5: per channel 1225(f + 1) + 24.5, per pixel
//   2080(p + 1) + 32.
// The same values at 2 threads (the chunks in an OpenMP loop, the epilogue
// after them).
// RUN: %python %S/Inputs/make_npy.py %t.p.npy "<f4" 1x7x7x1 iota
// RUN: tfg-run %s --input p=%t.p.npy --outputs z6_ch,z6_px,zr_ch,zr_px --print-outputs 64 | FileCheck %s
// RUN: tfg-run %s --input p=%t.p.npy --outputs z6_ch,z6_px,zr_ch,zr_px --print-outputs 64 --threads 2 | FileCheck %s
// CHECK: z6_ch = 39 168 211 232 245 254 260 264 269 270 274 276 276 278 281 282 282 282 282 282 284 286 288 288 288 288 288 288 288 288 288 288 288 288 288 288 288 288 288 288 289 290 291 292 293 294 294 294 294 294 294 294 294 294 294 294 294 294 294 294 294 294 294 294{{$}}
// CHECK: z6_px = 129 258 301 322 335 344 350 354 359 360 364 366 366 368 371 372 372 372 372 372 374 376 378 378 378 378 378 378 378 378 378 378 378 378 378 378 378 378 378 378 379 380 381 382 383 384 384 384 384{{$}}
// CHECK: zr_ch = 1249.5 2474.5 3699.5 4924.5 6149.5 7374.5 8599.5 9824.5 11049.5 12274.5 13499.5 14724.5 15949.5 17174.5 18399.5 19624.5 20849.5 22074.5 23299.5 24524.5 25749.5 26974.5 28199.5 29424.5 30649.5 31874.5 33099.5 34324.5 35549.5 36774.5 37999.5 39224.5 40449.5 41674.5 42899.5 44124.5 45349.5 46574.5 47799.5 49024.5 50249.5 51474.5 52699.5 53924.5 55149.5 56374.5 57599.5 58824.5 60049.5 61274.5 62499.5 63724.5 64949.5 66174.5 67399.5 68624.5 69849.5 71074.5 72299.5 73524.5 74749.5 75974.5 77199.5 78424.5{{$}}
// CHECK: zr_px = 2112 4192 6272 8352 10432 12512 14592 16672 18752 20832 22912 24992 27072 29152 31232 33312 35392 37472 39552 41632 43712 45792 47872 49952 52032 54112 56192 58272 60352 62432 64512 66592 68672 70752 72832 74912 76992 79072 81152 83232 85312 87392 89472 91552 93632 95712 97792 99872 101952{{$}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %p, %c0 = tfg.Placeholder name("p") {dtype = f32, shape = #tfg.shape<1x7x7x1>} : () -> (tensor<1x7x7x1xf32>)
  %one, %c1 = tfg.Const name("one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %p1, %c2 = tfg.AddV2(%p, %one) name("p1") {T = f32} : (tensor<1x7x7x1xf32>, tensor<f32>) -> (tensor<*xf32>)
  %ones, %c3 = tfg.Const name("ones") {dtype = f32, value = dense<1.0> : tensor<1x1x1x1024xf32>} : () -> (tensor<1x1x1x1024xf32>)
  %x, %c4 = tfg.Mul(%p1, %ones) name("x") {T = f32} : (tensor<*xf32>, tensor<1x1x1x1024xf32>) -> (tensor<*xf32>)
  %scale, %c5 = tfg.Const name("scale") {dtype = f32, value = dense<0.0009765625> : tensor<1x1x1024x1xf32>} : () -> (tensor<1x1x1024x1xf32>)
  %ramp, %c6 = tfg.Const name("ramp") {dtype = f32, value = dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 50.0, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 60.0, 61.0, 62.0, 63.0, 64.0]> : tensor<64xf32>} : () -> (tensor<64xf32>)
  %w, %c7 = tfg.Mul(%scale, %ramp) name("w") {T = f32} : (tensor<1x1x1024x1xf32>, tensor<64xf32>) -> (tensor<*xf32>)
  %y, %c8 = tfg.Conv2D(%x, %w) name("y") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %b6, %c9 = tfg.Const name("b6") {dtype = f32, value = dense<-40.0> : tensor<64xf32>} : () -> (tensor<64xf32>)
  %yb, %c10 = tfg.BiasAdd(%y, %b6) name("yb") {T = f32, data_format = "NHWC"} : (tensor<*xf32>, tensor<64xf32>) -> (tensor<*xf32>)
  %z6, %c11 = tfg.Relu6(%yb) name("z6") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %y2, %c12 = tfg.Conv2D(%x, %w) name("y2") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %b0, %c13 = tfg.Const name("b0") {dtype = f32, value = dense<0.5> : tensor<64xf32>} : () -> (tensor<64xf32>)
  %y2b, %c14 = tfg.BiasAdd(%y2, %b0) name("y2b") {T = f32, data_format = "NHWC"} : (tensor<*xf32>, tensor<64xf32>) -> (tensor<*xf32>)
  %zr, %c15 = tfg.Relu(%y2b) name("zr") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %overPixels, %c16 = tfg.Const name("over_pixels") {dtype = i32, value = dense<[0, 1, 2]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %overChannels, %c17 = tfg.Const name("over_channels") {dtype = i32, value = dense<[0, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %a, %c18 = tfg.Sum(%z6, %overPixels) name("z6_ch") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<3xi32>) -> (tensor<*xf32>)
  %b, %c19 = tfg.Sum(%z6, %overChannels) name("z6_px") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %c, %c20 = tfg.Sum(%zr, %overPixels) name("zr_ch") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<3xi32>) -> (tensor<*xf32>)
  %d, %c21 = tfg.Sum(%zr, %overChannels) name("zr_px") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
}
