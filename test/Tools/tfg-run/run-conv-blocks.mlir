// Convolutions whose output width and channels the register block does not
// divide (tfg-cpu-vectorize-convolutions cuts them into a blocked piece and
// remainder pieces): 40 output channels (a block of 32 or 8 lanes and a
// remainder), widths 7 and 25 (blocks of 3, 6, 8 or 12 columns and a
// remainder column), a 1x1 convolution on 5x5 pixels (flattened to one row
// of 25), a depthwise one and a strided one. Inputs are iota; filters are
// (f + 1) or (c + 1)(f + 1) or ones, so every output is an integer (exact in
// fp32) with a closed form; each output is checked through its sums per
// column (per pixel) and per channel, which catch a wrong or missing column
// or channel anywhere.
// RUN: %python %S/Inputs/make_npy.py %t.x7.npy "<f4" 1x1x7x2 iota
// RUN: %python %S/Inputs/make_npy.py %t.x25.npy "<f4" 1x5x5x3 iota
// RUN: %python %S/Inputs/make_npy.py %t.d25.npy "<f4" 1x1x25x40 iota
// RUN: %python %S/Inputs/make_npy.py %t.s2.npy "<f4" 1x1x13x3 iota
// RUN: %python %S/Inputs/make_npy.py %t.r25.npy "<f4" 1x5x5x40 iota
// RUN: tfg-run %s --input x7=%t.x7.npy --input x25=%t.x25.npy --input d25=%t.d25.npy --input s2=%t.s2.npy --input r25=%t.r25.npy \
// RUN:   --outputs w7_col,w7_ch,pw25_px,pw25_ch,dw25_col,dw25_ch,s2_col,s2_ch,e7_col,e7_ch,e25_px,rs25_px,eh25_px,ew25_px --print-outputs 40 | FileCheck %s

// 3x3 SAME on one row of 7 (so only the middle filter row sees data), 2
// channels: x[w, c] = 2w + c, filter f + 1, so y[w, f] = (f + 1) S(w) with
// S(w) the sum of 4w' + 1 over the in-bounds w' in w-1..w+1: 6, 15, 27, ...,
// 63 and 46 at the right edge; per column S(w) * 820 (820 = 1 + ... + 40),
// per channel (f + 1) * 247 (247 = S(0) + ... + S(6)).
// CHECK: w7_col = 4920 12300 22140 31980 41820 51660 37720{{$}}
// CHECK: w7_ch = 247 494 741 988 1235 1482 1729 1976 2223 2470 2717 2964 3211 3458 3705 3952 4199 4446 4693 4940 5187 5434 5681 5928 6175 6422 6669 6916 7163 7410 7657 7904 8151 8398 8645 8892 9139 9386 9633 9880{{$}}
// 1x1 on 5x5x3: x[p, c] = 3p + c, filter (c + 1)(f + 1), so
// y[p, f] = (f + 1)(18p + 8): per pixel 820 (18p + 8), per channel
// (f + 1) * 5600.
// CHECK: pw25_px = 6560 21320 36080 50840 65600 80360 95120 109880 124640 139400 154160 168920 183680 198440 213200 227960 242720 257480 272240 287000 301760 316520 331280 346040 360800{{$}}
// CHECK: pw25_ch = 5600 11200 16800 22400 28000 33600 39200 44800 50400 56000 61600 67200 72800 78400 84000 89600 95200 100800 106400 112000 117600 123200 128800 134400 140000 145600 151200 156800 162400 168000 173600 179200 184800 190400 196000 201600 207200 212800 218400 224000{{$}}
// Depthwise 3x3 SAME of ones on one row of 25, 40 channels,
// x[w, c] = 40w + c: y[w, c] = sum of x over the in-bounds w' in w-1..w+1;
// per column the sum of 1600w' + 780 over those w', e.g. 3160 = 0 + 780 +
// 1600 + 780 at w = 0; per channel 40 * 876 + 73c = 35040 + 73c (every
// column counted 3 times, the two edge ones twice: 3 * 300 - 24 = 876 and
// 3 * 25 - 2 = 73 terms).
// CHECK: dw25_col = 3160 7140 11940 16740 21540 26340 31140 35940 40740 45540 50340 55140 59940 64740 69540 74340 79140 83940 88740 93540 98340 103140 107940 112740 76760{{$}}
// CHECK: dw25_ch = 35040 35113 35186 35259 35332 35405 35478 35551 35624 35697 35770 35843 35916 35989 36062 36135 36208 36281 36354 36427 36500 36573 36646 36719 36792 36865 36938 37011 37084 37157 37230 37303 37376 37449 37522 37595 37668 37741 37814 37887{{$}}
// 3x3 stride 2 SAME on one row of 13 -> 7 columns (pad 1 each side),
// 3 channels, x[w, c] = 3w + c, filter f + 1: y[ow, f] = (f + 1) T(ow), T
// the sum of 9w' + 3 over w' in 2ow-1..2ow+1 in bounds: 15, 63, 117, ...;
// per column T * 820, per channel (f + 1) * 1083.
// CHECK: s2_col = 12300 51660 95940 140220 184500 228780 174660{{$}}
// CHECK: s2_ch = 1083 2166 3249 4332 5415 6498 7581 8664 9747 10830 11913 12996 14079 15162 16245 17328 18411 19494 20577 21660 22743 23826 24909 25992 27075 28158 29241 30324 31407 32490 33573 34656 35739 36822 37905 38988 40071 41154 42237 43320{{$}}
// Epilogues fused into the blocks (bias, Relu, residual add as separate
// nodes): e7 = Relu(BiasAdd(y7, -20 (f + 1))) + r7, r7 the same convolution
// with filter 2 (f + 1), i.e. (f + 1) (max(S(w) - 20, 0) + 2 S(w)): per
// column 820 ([0, 0, 7, 19, 31, 43, 26] + 2 S(w)), per channel
// (f + 1) (126 + 494). e25 = Relu(BiasAdd(y25, -(f + 1) 100)), a 1x1
// convolution (flattened to one row of 25 pixels, its epilogue flattened
// alike and fused into the blocks): per pixel 820 max(18p + 8 - 100, 0), 0
// up to pixel 5.
// CHECK: e7_col = 9840 24600 50020 79540 109060 138580 96760{{$}}
// CHECK: e7_ch = 620 1240 1860 2480 3100 3720 4340 4960 5580 6200 6820 7440 8060 8680 9300 9920 10540 11160 11780 12400 13020 13640 14260 14880 15500 16120 16740 17360 17980 18600 19220 19840 20460 21080 21700 22320 22940 23560 24180 24800{{$}}
// CHECK: e25_px = 0 0 0 0 0 0 13120 27880 42640 57400 72160 86920 101680 116440 131200 145960 160720 175480 190240 205000 219760 234520 249280 264040 278800{{$}}
// Flattened 1x1 epilogues with a second [1, 5, 5, 40] or broadcast input:
// rs25 = e25 + r25 (r25[p, f] = 40p + f, flattened with the output): per
// pixel e25_px + 1600p + 780. eh25 = y25 + hterm, hterm[h] = 1000h of shape
// [1, 5, 1, 1] (a broadcast along W: after flattening no loop reads the row,
// so this epilogue must stay unfused): per pixel pw25_px + 40000h. ew25 =
// y25 + wterm, wterm[w] = 100w of shape [1, 1, 5, 1] (along H, likewise):
// per pixel pw25_px + 4000w.
// CHECK: rs25_px = 780 2380 3980 5580 7180 8780 23500 39860 56220 72580 88940 105300 121660 138020 154380 170740 187100 203460 219820 236180 252540 268900 285260 301620 317980{{$}}
// CHECK: eh25_px = 6560 21320 36080 50840 65600 120360 135120 149880 164640 179400 234160 248920 263680 278440 293200 347960 362720 377480 392240 407000 461760 476520 491280 506040 520800{{$}}
// CHECK: ew25_px = 6560 25320 44080 62840 81600 80360 99120 117880 136640 155400 154160 172920 191680 210440 229200 227960 246720 265480 284240 303000 301760 320520 339280 358040 376800{{$}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %ramp, %c0 = tfg.Const name("ramp") {dtype = f32, value = dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0]> : tensor<40xf32>} : () -> (tensor<40xf32>)
  %overPixels, %c1 = tfg.Const name("over_pixels") {dtype = i32, value = dense<[0, 1, 2]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %overChannels, %c2 = tfg.Const name("over_channels") {dtype = i32, value = dense<[0, 1, 3]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %pixshape, %c4 = tfg.Const name("pixshape") {dtype = i32, value = dense<[25, 40]> : tensor<2xi32>} : () -> (tensor<2xi32>)

  %x7, %c10 = tfg.Placeholder name("x7") {dtype = f32, shape = #tfg.shape<1x1x7x2>} : () -> (tensor<1x1x7x2xf32>)
  %ones7, %c11 = tfg.Const name("ones7") {dtype = f32, value = dense<1.0> : tensor<3x3x2x1xf32>} : () -> (tensor<3x3x2x1xf32>)
  %f7, %c12 = tfg.Mul(%ones7, %ramp) name("f7") {T = f32} : (tensor<3x3x2x1xf32>, tensor<40xf32>) -> (tensor<*xf32>)
  %y7, %c13 = tfg.Conv2D(%x7, %f7) name("y7") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x1x7x2xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %w7c, %c14 = tfg.Sum(%y7, %overPixels) name("w7_ch") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<3xi32>) -> (tensor<*xf32>)
  %w7w, %c15 = tfg.Sum(%y7, %overChannels) name("w7_col") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<3xi32>) -> (tensor<*xf32>)

  %x25, %c20 = tfg.Placeholder name("x25") {dtype = f32, shape = #tfg.shape<1x5x5x3>} : () -> (tensor<1x5x5x3xf32>)
  %cin, %c21 = tfg.Const name("cin") {dtype = f32, value = dense<[[[[1.0], [2.0], [3.0]]]]> : tensor<1x1x3x1xf32>} : () -> (tensor<1x1x3x1xf32>)
  %f25, %c22 = tfg.Mul(%cin, %ramp) name("f25") {T = f32} : (tensor<1x1x3x1xf32>, tensor<40xf32>) -> (tensor<*xf32>)
  %y25, %c23 = tfg.Conv2D(%x25, %f25) name("y25") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x5x5x3xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %y25r, %c24 = tfg.Reshape(%y25, %pixshape) name("y25r") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %a1, %c25 = tfg.Const name("a1") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %a0, %c26 = tfg.Const name("a0") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %p25, %c27 = tfg.Sum(%y25r, %a1) name("pw25_px") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>)
  %q25, %c28 = tfg.Sum(%y25r, %a0) name("pw25_ch") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>)

  %d25, %c30 = tfg.Placeholder name("d25") {dtype = f32, shape = #tfg.shape<1x1x25x40>} : () -> (tensor<1x1x25x40xf32>)
  %dwf, %c31 = tfg.Const name("dwf") {dtype = f32, value = dense<1.0> : tensor<3x3x40x1xf32>} : () -> (tensor<3x3x40x1xf32>)
  %dy, %c32 = tfg.DepthwiseConv2dNative(%d25, %dwf) name("dy") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x1x25x40xf32>, tensor<3x3x40x1xf32>) -> (tensor<*xf32>)
  %dc, %c33 = tfg.Sum(%dy, %overChannels) name("dw25_col") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<3xi32>) -> (tensor<*xf32>)
  %dh, %c34 = tfg.Sum(%dy, %overPixels) name("dw25_ch") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<3xi32>) -> (tensor<*xf32>)

  %s2, %c40 = tfg.Placeholder name("s2") {dtype = f32, shape = #tfg.shape<1x1x13x3>} : () -> (tensor<1x1x13x3xf32>)
  %ones3, %c41 = tfg.Const name("ones3") {dtype = f32, value = dense<1.0> : tensor<3x3x3x1xf32>} : () -> (tensor<3x3x3x1xf32>)
  %fs2, %c42 = tfg.Mul(%ones3, %ramp) name("fs2") {T = f32} : (tensor<3x3x3x1xf32>, tensor<40xf32>) -> (tensor<*xf32>)
  %ys2, %c43 = tfg.Conv2D(%s2, %fs2) name("ys2") {T = f32, padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<1x1x13x3xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %sc, %c44 = tfg.Sum(%ys2, %overChannels) name("s2_col") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<3xi32>) -> (tensor<*xf32>)
  %sh, %c45 = tfg.Sum(%ys2, %overPixels) name("s2_ch") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<3xi32>) -> (tensor<*xf32>)

  %m20, %c50 = tfg.Const name("m20") {dtype = f32, value = dense<-20.0> : tensor<f32>} : () -> (tensor<f32>)
  %b7, %c51 = tfg.Mul(%ramp, %m20) name("b7") {T = f32} : (tensor<40xf32>, tensor<f32>) -> (tensor<*xf32>)
  %ey7, %c52 = tfg.Conv2D(%x7, %f7) name("ey7") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x1x7x2xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %eb7, %c53 = tfg.BiasAdd(%ey7, %b7) name("eb7") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %er7, %c54 = tfg.Relu(%eb7) name("er7") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %two, %c55 = tfg.Const name("two") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
  %f7x2, %c56 = tfg.Mul(%f7, %two) name("f7x2") {T = f32} : (tensor<*xf32>, tensor<f32>) -> (tensor<*xf32>)
  %r7, %c57 = tfg.Conv2D(%x7, %f7x2) name("r7") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x1x7x2xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %e7, %c58 = tfg.AddV2(%er7, %r7) name("e7") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %e7c, %c59 = tfg.Sum(%e7, %overChannels) name("e7_col") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<3xi32>) -> (tensor<*xf32>)
  %e7h, %c60 = tfg.Sum(%e7, %overPixels) name("e7_ch") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<3xi32>) -> (tensor<*xf32>)
  %m100, %c61 = tfg.Const name("m100") {dtype = f32, value = dense<-100.0> : tensor<f32>} : () -> (tensor<f32>)
  %b25, %c62 = tfg.Mul(%ramp, %m100) name("b25") {T = f32} : (tensor<40xf32>, tensor<f32>) -> (tensor<*xf32>)
  %ey25, %c63 = tfg.Conv2D(%x25, %f25) name("ey25") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x5x5x3xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %eb25, %c64 = tfg.BiasAdd(%ey25, %b25) name("eb25") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %er25, %c65 = tfg.Relu(%eb25) name("er25") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %e25r, %c66 = tfg.Reshape(%er25, %pixshape) name("e25r") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %e25p, %c67 = tfg.Sum(%e25r, %a1) name("e25_px") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>)

  %r25, %c70 = tfg.Placeholder name("r25") {dtype = f32, shape = #tfg.shape<1x5x5x40>} : () -> (tensor<1x5x5x40xf32>)
  %ry25, %c71 = tfg.Conv2D(%x25, %f25) name("ry25") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x5x5x3xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %rb25, %c72 = tfg.BiasAdd(%ry25, %b25) name("rb25") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %rr25, %c73 = tfg.Relu(%rb25) name("rr25") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %rs25, %c74 = tfg.AddV2(%rr25, %r25) name("rs25") {T = f32} : (tensor<*xf32>, tensor<1x5x5x40xf32>) -> (tensor<*xf32>)
  %rs25r, %c75 = tfg.Reshape(%rs25, %pixshape) name("rs25r") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %rs25p, %c76 = tfg.Sum(%rs25r, %a1) name("rs25_px") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>)
  %hterm, %c77 = tfg.Const name("hterm") {dtype = f32, value = dense<[[[[0.0]], [[1000.0]], [[2000.0]], [[3000.0]], [[4000.0]]]]> : tensor<1x5x1x1xf32>} : () -> (tensor<1x5x1x1xf32>)
  %hy25, %c78 = tfg.Conv2D(%x25, %f25) name("hy25") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x5x5x3xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %eh25, %c79 = tfg.AddV2(%hy25, %hterm) name("eh25") {T = f32} : (tensor<*xf32>, tensor<1x5x1x1xf32>) -> (tensor<*xf32>)
  %eh25r, %c80 = tfg.Reshape(%eh25, %pixshape) name("eh25r") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %eh25p, %c81 = tfg.Sum(%eh25r, %a1) name("eh25_px") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>)
  %wterm, %c82 = tfg.Const name("wterm") {dtype = f32, value = dense<[[[[0.0], [100.0], [200.0], [300.0], [400.0]]]]> : tensor<1x1x5x1xf32>} : () -> (tensor<1x1x5x1xf32>)
  %wy25, %c83 = tfg.Conv2D(%x25, %f25) name("wy25") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x5x5x3xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %ew25, %c84 = tfg.AddV2(%wy25, %wterm) name("ew25") {T = f32} : (tensor<*xf32>, tensor<1x1x5x1xf32>) -> (tensor<*xf32>)
  %ew25r, %c85 = tfg.Reshape(%ew25, %pixshape) name("ew25r") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %ew25p, %c86 = tfg.Sum(%ew25r, %a1) name("ew25_px") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>)
}
