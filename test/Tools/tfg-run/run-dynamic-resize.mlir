// Resizes of an image of any size (1x?x?x1) to a size computed at run
// time, compiled once with --dynamic-shapes and run on two images; values
// by hand, as TensorFlow's kernels compute them (chosen so that every
// scale and sample coordinate is exact in f32). `legacy` resizes to
// Cast(Shape(img)[1:3] * scale) as MTCNN's image pyramid does; the others
// take their size from an input (a shape tensor read element by element).
// A crop of the same dynamic image: CropAndResize with its run-time size.
// RUN: %python %S/Inputs/make_npy.py %t.img1.npy "<f4" 1x2x3x1 iota
// RUN: %python %S/Inputs/make_npy.py %t.img2.npy "<f4" 1x4x8x1 iota
// RUN: %python %S/Inputs/make_npy.py %t.s1.npy "<f4" "" 2
// RUN: %python %S/Inputs/make_npy.py %t.s2.npy "<f4" "" 0.5
// RUN: %python %S/Inputs/make_npy.py %t.szc1.npy "<i4" 2 3,5
// RUN: %python %S/Inputs/make_npy.py %t.szc2.npy "<i4" 2 2,3
// RUN: %python %S/Inputs/make_npy.py %t.szh1.npy "<i4" 2 4,6
// RUN: %python %S/Inputs/make_npy.py %t.szh2.npy "<i4" 2 2,2
// RUN: %python %S/Inputs/make_npy.py %t.boxes.npy "<f4" 1x4 0,0,1,1
// RUN: %python %S/Inputs/make_npy.py %t.ind.npy "<i4" 1 0
// RUN: tfg-run %s --dynamic-shapes --input img=%t.img1.npy --input scale=%t.s1.npy --input szc=%t.szc1.npy --input szh=%t.szh1.npy --input img=%t.img2.npy --input scale=%t.s2.npy --input szc=%t.szc2.npy --input szh=%t.szh2.npy --input boxes=%t.boxes.npy --input ind=%t.ind.npy --print-outputs 32 | FileCheck %s

// CHECK: output legacy: <f4 [1,?,?,1]
// Image 1 (iota 2x3), scale 2: size [4, 6], in = out * 0.5 (legacy: the
// upper neighbour clamped to the last row/column).
// CHECK: set 0: {{.*}} -> legacy [1,4,6,1] corners [1,3,5,1] half [1,4,6,1] nearest [1,4,6,1] crop [1,2,2,1]
// CHECK-NEXT: legacy = 0 0.5 1 1.5 2 2 1.5 2 2.5 3 3.5 3.5 3 3.5 4 4.5 5 5 3 3.5 4 4.5 5 5{{$}}
// align_corners to [3, 5]: scales (2-1)/(3-1) and (3-1)/(5-1), both 0.5.
// CHECK-NEXT: corners = 0 0.5 1 1.5 2 1.5 2 2.5 3 3.5 3 3.5 4 4.5 5{{$}}
// half_pixel_centers to [4, 6]: in = (out + 0.5) * 0.5 - 0.5, rows
// -0.25 0.25 0.75 1.25 (clamped into the image).
// CHECK-NEXT: half = 0 0.25 0.75 1.25 1.75 2 0.75 1 1.5 2 2.5 2.75 2.25 2.5 3 3.5 4 4.25 3 3.25 3.75 4.25 4.75 5{{$}}
// Nearest, half-pixel: floor((out + 0.5) * 0.5) = 0 0 1 1 (2 2).
// CHECK-NEXT: nearest = 0 0 1 1 2 2 0 0 1 1 2 2 3 3 4 4 5 5 3 3 4 4 5 5{{$}}
// Crop of the whole image to 2x2: the corners.
// CHECK-NEXT: crop = 0 2 3 5{{$}}
// Image 2 (iota 4x8), scale 0.5: size [2, 4], in = out * 2: every other
// pixel.
// CHECK-NEXT: set 1: {{.*}} -> legacy [1,2,4,1] corners [1,2,3,1] half [1,2,2,1] nearest [1,2,2,1] crop [1,2,2,1]
// CHECK-NEXT: legacy = 0 2 4 6 16 18 20 22{{$}}
// align_corners to [2, 3]: scales 3 and 3.5, rows 0 and 3, columns 0 3.5 7.
// CHECK-NEXT: corners = 0 3.5 7 24 27.5 31{{$}}
// half-pixel to [2, 2]: rows 0.5 2.5, columns 1.5 5.5.
// CHECK-NEXT: half = 5.5 9.5 21.5 25.5{{$}}
// CHECK-NEXT: nearest = 10 14 26 30{{$}}
// CHECK-NEXT: crop = 0 7 24 31{{$}}

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %img, %ci = tfg.Placeholder name("img") {dtype = f32, shape = #tfg.shape<1x?x?x1>} : () -> (tensor<1x?x?x1xf32>)
  %scale, %cs = tfg.Placeholder name("scale") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
  %szc, %cszc = tfg.Placeholder name("szc") {dtype = i32, shape = #tfg.shape<2>} : () -> (tensor<2xi32>)
  %szh, %cszh = tfg.Placeholder name("szh") {dtype = i32, shape = #tfg.shape<2>} : () -> (tensor<2xi32>)
  %shape, %cshape = tfg.Shape(%img) name("shape") {T = f32, out_type = i32} : (tensor<1x?x?x1xf32>) -> (tensor<*xi32>)
  %b, %cb = tfg.Const name("b") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %e, %ce = tfg.Const name("e") {dtype = i32, value = dense<3> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %st, %cst = tfg.Const name("st") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %hw, %chw = tfg.StridedSlice(%shape, %b, %e, %st) name("hw") {T = i32, Index = i32} : (tensor<*xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<*xi32>)
  %hwf, %chwf = tfg.Cast(%hw) name("hwf") {DstT = f32, SrcT = i32} : (tensor<*xi32>) -> (tensor<*xf32>)
  %m, %cm = tfg.Mul(%hwf, %scale) name("m") {T = f32} : (tensor<*xf32>, tensor<f32>) -> (tensor<*xf32>)
  %size, %csize = tfg.Cast(%m) name("size") {DstT = i32, SrcT = f32} : (tensor<*xf32>) -> (tensor<*xi32>)
  %legacy, %cl = tfg.ResizeBilinear(%img, %size) name("legacy") {T = f32, align_corners = false, half_pixel_centers = false} : (tensor<1x?x?x1xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %corners, %cc = tfg.ResizeBilinear(%img, %szc) name("corners") {T = f32, align_corners = true, half_pixel_centers = false} : (tensor<1x?x?x1xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %half, %ch = tfg.ResizeBilinear(%img, %szh) name("half") {T = f32, align_corners = false, half_pixel_centers = true} : (tensor<1x?x?x1xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %nearest, %cn = tfg.ResizeNearestNeighbor(%img, %szh) name("nearest") {T = f32, align_corners = false, half_pixel_centers = true} : (tensor<1x?x?x1xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %boxes, %cbx = tfg.Placeholder name("boxes") {dtype = f32, shape = #tfg.shape<1x4>} : () -> (tensor<1x4xf32>)
  %ind, %cind = tfg.Placeholder name("ind") {dtype = i32, shape = #tfg.shape<1>} : () -> (tensor<1xi32>)
  %cs2, %ccs2 = tfg.Const name("crop_size") {dtype = i32, value = dense<2> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %crop, %ccrop = tfg.CropAndResize(%img, %boxes, %ind, %cs2) name("crop") {T = f32} : (tensor<1x?x?x1xf32>, tensor<1x4xf32>, tensor<1xi32>, tensor<2xi32>) -> (tensor<*xf32>)
}
