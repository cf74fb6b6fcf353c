// TopKV2, GatherV2 with batch_dims, grouped Conv2D and CropAndResize run,
// on values computed by hand as TensorFlow's kernels define the ops. The
// inputs are fed, so everything is computed at run time.
// RUN: %python %S/Inputs/make_npy.py %t.ties.npy "<f4" 5 "1,3,3,2,3"
// RUN: %python %S/Inputs/make_npy.py %t.rows.npy "<f4" 2x1x3 "1,5,5,7,0,7"
// RUN: %python %S/Inputs/make_npy.py %t.all.npy "<f4" 1x4 "2,-1,2,0"
// RUN: %python %S/Inputs/make_npy.py %t.asc.npy "<f4" 6 "1,2,3,4,5,6"
// RUN: %python %S/Inputs/make_npy.py %t.nan.npy "<f4" 4 "1,nan,3,nan"
// RUN: %python %S/Inputs/make_npy.py %t.int.npy "<i4" 4 "3,-1,3,5"
// RUN: %python %S/Inputs/make_npy.py %t.long.npy "<f4" 10 "3,1,3,3,2,3,0,3,3,1"
// RUN: %python %S/Inputs/make_npy.py %t.longnan.npy "<f4" 9 "1,nan,3,nan,2,0,nan,5,4"
// RUN: %python %S/Inputs/make_npy.py %t.gi.npy "<i4" 2x2 "2,0,1,1"
// RUN: %python %S/Inputs/make_npy.py %t.gi3.npy "<i4" 2x1 "2,0"
// RUN: %python %S/Inputs/make_npy.py %t.cx.npy "<f4" 1x2x2x2 "1,10,2,20,3,30,4,40"
// RUN: %python %S/Inputs/make_npy.py %t.row.npy "<f4" 1x1x4x2 "1,10,2,20,3,30,4,40"
// RUN: %python %S/Inputs/make_npy.py %t.img.npy "<f4" 2x3x3x1 "0,1,4,9,16,25,36,49,64,100,101,104,109,116,125,136,149,164"
// RUN: %python %S/Inputs/make_npy.py %t.boxes.npy "<f4" 3x4 "0.25,0,0.75,0.5,1,1,0,0,0.5,0.5,1.5,1.5"
// RUN: %python %S/Inputs/make_npy.py %t.ind.npy "<i4" 3 "0,1,0"
// RUN: %python %S/Inputs/make_npy.py %t.nanboxes.npy "<f4" 2x4 "nan,0,1,1,0,0,1e30,1"
// RUN: tfg-run %s --input ties=%t.ties.npy --input rows=%t.rows.npy --input all=%t.all.npy --input asc=%t.asc.npy --input nan=%t.nan.npy --input int=%t.int.npy --input long=%t.long.npy --input longnan=%t.longnan.npy --input gi=%t.gi.npy --input gi3=%t.gi3.npy --input cx=%t.cx.npy --input row=%t.row.npy --input img=%t.img.npy --input boxes=%t.boxes.npy --input ind=%t.ind.npy --input nanboxes=%t.nanboxes.npy --outputs top_ties,top_ties:1,top1,top1:1,top_all,top_all:1,top_asc,top_asc:1,top_nan,top_nan:1,top_int,top_int:1,top_long,top_long:1,top_longnan,top_longnan:1,gather_b1,gather_neg,gather_b1_axis2,gconv,gconv_nchw,gconv_dilated,crop,nearest,crop_centre,crop_nan --print-outputs 16 | FileCheck %s

// k^2 > n (the merge sort) for top_ties, top_all, top_nan, top_int; k^2 <= n
// (the bounded insertion) for top1, top_asc, top_long, top_longnan.
// TopK with ties: the equal 3s come in index order.
// CHECK: top_ties = 3 3 3{{$}}
// CHECK: top_ties:1 = 1 2 4{{$}}
// k = 1 over the last dimension of [2, 1, 3]: the first maximum of each row.
// CHECK: top1 = 5 7{{$}}
// CHECK: top1:1 = 1 0{{$}}
// k = n sorts the row, ties by index.
// CHECK: top_all = 2 2 0 -1{{$}}
// CHECK: top_all:1 = 0 2 3 1{{$}}
// Ascending input: every element displaces the kept ones.
// CHECK: top_asc = 6 5{{$}}
// CHECK: top_asc:1 = 5 4{{$}}
// NaN ranks above every number, NaNs by index.
// CHECK: top_nan = nan nan 3{{$}}
// CHECK: top_nan:1 = 1 3 2{{$}}
// int32 values, index_type int64.
// CHECK: top_int = 5 3 3 -1{{$}}
// CHECK: top_int:1 = 3 0 2 1{{$}}
// The insertion with ties and NaNs: the first three 3s, the three NaNs.
// CHECK: top_long = 3 3 3{{$}}
// CHECK: top_long:1 = 0 2 3{{$}}
// CHECK: top_longnan = nan nan nan{{$}}
// CHECK: top_longnan:1 = 1 3 6{{$}}
// GatherV2 batch_dims 1, axis 1: out[b, i] = params[b, indices[b, i]] with
// params [[10, 11, 12], [20, 21, 22]], indices [[2, 0], [1, 1]].
// CHECK: gather_b1 = 12 10 21 21{{$}}
// batch_dims -1 is 1 for rank-2 indices.
// CHECK: gather_neg = 12 10 21 21{{$}}
// batch_dims 1, axis 2 of params iota [2, 2, 3], indices [[2], [0]]:
// out[b, j, i] = params[b, j, indices[b, i]] = [2, 5, 6, 9].
// CHECK: gather_b1_axis2 = 2 5 6 9{{$}}
// Grouped Conv2D, 2 groups, VALID 2x2: channel 0 (1 2 / 3 4) feeds output
// channels 0 (all ones: 10) and 1 (top-left tap: 1), channel 1 (10 20 /
// 30 40) feeds 2 (all ones: 100) and 3 (bottom-right tap: 40).
// CHECK: gconv = 10 1 100 40{{$}}
// The same in NCHW: the input transposed, output channels in order.
// CHECK: gconv_nchw = 10 1 100 40{{$}}
// 1x4 rows, 2 groups of one channel, a 1x2 filter dilated by 2, SAME (pad 1
// each side): out0[w] = c0[w-1] + c0[w+1], out1[w] = c1[w-1] - c1[w+1]
// over c0 = 1 2 3 4, c1 = 10 20 30 40.
// CHECK: gconv_dilated = 2 -20 4 -20 6 -20 3 30{{$}}
// CropAndResize bilinear, 2x2 crops of image 0 = (3y + x)^2 and image 1 =
// image 0 + 100, extrapolation_value -1:
// box 0 [0.25, 0, 0.75, 0.5] on image 0: in_y = 0.5, 1.5, in_x = 0, 1:
//   (0 + 9) / 2, (1 + 16) / 2, (9 + 36) / 2, (16 + 49) / 2;
// box 1 [1, 1, 0, 0] (flipped) on image 1: in_y = in_x = 2, 0;
// box 2 [0.5, 0.5, 1.5, 1.5]: in = 1, 3; 3 > h - 1 is extrapolated.
// CHECK: crop = 4.5 8.5 22.5 32.5 164 136 104 100 16 -1 -1 -1{{$}}
// Nearest rounds half away from zero: in_y 0.5 -> 1, 1.5 -> 2.
// CHECK: nearest = 9 16 36 49 164 136 104 100 16 -1 -1 -1{{$}}
// crop_size [1, 1] samples the box centre 0.5 * (y1 + y2) * (h - 1):
// box 0 -> (1, 0.5): 9 + (16 - 9) / 2 = 12.5; box 1 -> (1, 1): 116;
// box 2 -> (2, 2): 64.
// CHECK: crop_centre = 12.5 116 64{{$}}
// Non-finite coordinates (TensorFlow rejects such boxes) are extrapolated
// and read nothing out of bounds: box [nan, 0, 1, 1] everywhere; box
// [0, 0, 1e30, 1]: in_y = 0 (inside: 0 and 4), then 2e30 (outside).
// CHECK: crop_nan = -1 -1 -1 -1 0 4 -1 -1{{$}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %ties, %_0 = tfg.Placeholder name("ties") {dtype = f32, shape = #tfg.shape<5>} : () -> (tensor<5xf32>)
  %k3, %_1 = tfg.Const name("k3") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %top_ties:2, %_2 = tfg.TopKV2(%ties, %k3) name("top_ties") {T = f32, sorted = true} : (tensor<5xf32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xi32>)
  %rows, %_3 = tfg.Placeholder name("rows") {dtype = f32, shape = #tfg.shape<2x1x3>} : () -> (tensor<2x1x3xf32>)
  %k1, %_4 = tfg.Const name("k1") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %top1:2, %_5 = tfg.TopKV2(%rows, %k1) name("top1") {T = f32, sorted = true} : (tensor<2x1x3xf32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xi32>)
  %all, %_6 = tfg.Placeholder name("all") {dtype = f32, shape = #tfg.shape<1x4>} : () -> (tensor<1x4xf32>)
  %k4, %_7 = tfg.Const name("k4") {dtype = i32, value = dense<4> : tensor<i32>} : () -> (tensor<i32>)
  %top_all:2, %_8 = tfg.TopKV2(%all, %k4) name("top_all") {T = f32, sorted = true} : (tensor<1x4xf32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xi32>)
  %asc, %_9 = tfg.Placeholder name("asc") {dtype = f32, shape = #tfg.shape<6>} : () -> (tensor<6xf32>)
  %k2, %_10 = tfg.Const name("k2") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %top_asc:2, %_11 = tfg.TopKV2(%asc, %k2) name("top_asc") {T = f32, sorted = false} : (tensor<6xf32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xi32>)
  %nan, %_12 = tfg.Placeholder name("nan") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
  %top_nan:2, %_13 = tfg.TopKV2(%nan, %k3) name("top_nan") {T = f32, sorted = true} : (tensor<4xf32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xi32>)
  %int, %_14 = tfg.Placeholder name("int") {dtype = i32, shape = #tfg.shape<4>} : () -> (tensor<4xi32>)
  %top_int:2, %_15 = tfg.TopKV2(%int, %k4) name("top_int") {T = i32, index_type = i64} : (tensor<4xi32>, tensor<i32>) -> (tensor<*xi32>, tensor<*xi64>)
  %long, %_14b = tfg.Placeholder name("long") {dtype = f32, shape = #tfg.shape<10>} : () -> (tensor<10xf32>)
  %top_long:2, %_14c = tfg.TopKV2(%long, %k3) name("top_long") {T = f32} : (tensor<10xf32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xi32>)
  %longnan, %_14d = tfg.Placeholder name("longnan") {dtype = f32, shape = #tfg.shape<9>} : () -> (tensor<9xf32>)
  %top_longnan:2, %_14e = tfg.TopKV2(%longnan, %k3) name("top_longnan") {T = f32} : (tensor<9xf32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xi32>)

  %params, %_16 = tfg.Const name("params") {dtype = f32, value = dense<[[10.0, 11.0, 12.0], [20.0, 21.0, 22.0]]> : tensor<2x3xf32>} : () -> (tensor<2x3xf32>)
  %gi, %_17 = tfg.Placeholder name("gi") {dtype = i32, shape = #tfg.shape<2x2>} : () -> (tensor<2x2xi32>)
  %a1, %_18 = tfg.Const name("a1") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %g1, %_19 = tfg.GatherV2(%params, %gi, %a1) name("gather_b1") {Tparams = f32, Tindices = i32, Taxis = i32, batch_dims = 1 : i64} : (tensor<2x3xf32>, tensor<2x2xi32>, tensor<i32>) -> (tensor<*xf32>)
  %gn, %_20 = tfg.GatherV2(%params, %gi, %a1) name("gather_neg") {Tparams = f32, Tindices = i32, Taxis = i32, batch_dims = -1 : i64} : (tensor<2x3xf32>, tensor<2x2xi32>, tensor<i32>) -> (tensor<*xf32>)
  %p3, %_21 = tfg.Const name("p3") {dtype = f32, value = dense<[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]], [[6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]]> : tensor<2x2x3xf32>} : () -> (tensor<2x2x3xf32>)
  %gi3, %_22 = tfg.Placeholder name("gi3") {dtype = i32, shape = #tfg.shape<2x1>} : () -> (tensor<2x1xi32>)
  %a2, %_23 = tfg.Const name("a2") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %g3, %_24 = tfg.GatherV2(%p3, %gi3, %a2) name("gather_b1_axis2") {Tparams = f32, Tindices = i32, Taxis = i32, batch_dims = 1 : i64} : (tensor<2x2x3xf32>, tensor<2x1xi32>, tensor<i32>) -> (tensor<*xf32>)

  %cx, %_25 = tfg.Placeholder name("cx") {dtype = f32, shape = #tfg.shape<1x2x2x2>} : () -> (tensor<1x2x2x2xf32>)
  %cf, %_26 = tfg.Const name("cf") {dtype = f32, value = dense<[[[[1.0, 1.0, 1.0, 0.0]], [[1.0, 0.0, 1.0, 0.0]]], [[[1.0, 0.0, 1.0, 0.0]], [[1.0, 0.0, 1.0, 1.0]]]]> : tensor<2x2x1x4xf32>} : () -> (tensor<2x2x1x4xf32>)
  %gconv, %_27 = tfg.Conv2D(%cx, %cf) name("gconv") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x2x2x2xf32>, tensor<2x2x1x4xf32>) -> (tensor<*xf32>)
  %perm, %_28 = tfg.Const name("perm") {dtype = i32, value = dense<[0, 3, 1, 2]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %cxn, %_29 = tfg.Transpose(%cx, %perm) name("cxn") {T = f32, Tperm = i32} : (tensor<1x2x2x2xf32>, tensor<4xi32>) -> (tensor<*xf32>)
  %gn4, %_30 = tfg.Conv2D(%cxn, %cf) name("gconv_nchw") {T = f32, padding = "VALID", strides = [1, 1, 1, 1], data_format = "NCHW"} : (tensor<*xf32>, tensor<2x2x1x4xf32>) -> (tensor<*xf32>)
  %row, %_31 = tfg.Placeholder name("row") {dtype = f32, shape = #tfg.shape<1x1x4x2>} : () -> (tensor<1x1x4x2xf32>)
  %df, %_32 = tfg.Const name("df") {dtype = f32, value = dense<[[[[1.0, 1.0]], [[1.0, -1.0]]]]> : tensor<1x2x1x2xf32>} : () -> (tensor<1x2x1x2xf32>)
  %gd, %_33 = tfg.Conv2D(%row, %df) name("gconv_dilated") {T = f32, padding = "SAME", strides = [1, 1, 1, 1], dilations = [1, 1, 2, 1]} : (tensor<1x1x4x2xf32>, tensor<1x2x1x2xf32>) -> (tensor<*xf32>)

  %img, %_34 = tfg.Placeholder name("img") {dtype = f32, shape = #tfg.shape<2x3x3x1>} : () -> (tensor<2x3x3x1xf32>)
  %boxes, %_35 = tfg.Placeholder name("boxes") {dtype = f32, shape = #tfg.shape<3x4>} : () -> (tensor<3x4xf32>)
  %ind, %_36 = tfg.Placeholder name("ind") {dtype = i32, shape = #tfg.shape<3>} : () -> (tensor<3xi32>)
  %s2, %_37 = tfg.Const name("s2") {dtype = i32, value = dense<[2, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %crop, %_38 = tfg.CropAndResize(%img, %boxes, %ind, %s2) name("crop") {T = f32, method = "bilinear", extrapolation_value = -1.0 : f32} : (tensor<2x3x3x1xf32>, tensor<3x4xf32>, tensor<3xi32>, tensor<2xi32>) -> (tensor<*xf32>)
  %near, %_39 = tfg.CropAndResize(%img, %boxes, %ind, %s2) name("nearest") {T = f32, method = "nearest", extrapolation_value = -1.0 : f32} : (tensor<2x3x3x1xf32>, tensor<3x4xf32>, tensor<3xi32>, tensor<2xi32>) -> (tensor<*xf32>)
  %s1, %_40 = tfg.Const name("s1") {dtype = i32, value = dense<[1, 1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %nanboxes, %_42 = tfg.Placeholder name("nanboxes") {dtype = f32, shape = #tfg.shape<2x4>} : () -> (tensor<2x4xf32>)
  %ind2, %_43 = tfg.Const name("ind2") {dtype = i32, value = dense<0> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %crop_nan, %_44 = tfg.CropAndResize(%img, %nanboxes, %ind2, %s2) name("crop_nan") {T = f32, extrapolation_value = -1.0 : f32} : (tensor<2x3x3x1xf32>, tensor<2x4xf32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<*xf32>)
  %centre, %_41 = tfg.CropAndResize(%img, %boxes, %ind, %s1) name("crop_centre") {T = f32} : (tensor<2x3x3x1xf32>, tensor<3x4xf32>, tensor<3xi32>, tensor<2xi32>) -> (tensor<*xf32>)
}
