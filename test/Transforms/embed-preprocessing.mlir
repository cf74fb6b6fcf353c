// RUN: tfg-opt %s --split-input-file --tfg-embed-preprocessing="input=image mean=123.68,116.78,103.94 scale=0.017" | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-embed-preprocessing="input=image:0 mean=127.5 scale=0.0078125 dtype=int32 resize=8x6" | FileCheck %s --check-prefix=RESIZE
// RUN: tfg-opt %s --split-input-file --tfg-embed-preprocessing="input=image resize=8x6 align-corners=true half-pixel-centers=false" | FileCheck %s --check-prefix=FLAGS

// The raw image (uint8 by default) takes the input's name; the float
// consumers read ((float(image) - mean) * scale), per channel here. Users of
// the input's control token wait for the new Placeholder; the other
// Placeholder is not touched.
// CHECK-LABEL: module @static_image
// CHECK: %[[RAW:.*]], %[[RAWCTL:.*]] = tfg.Placeholder name("image") {dtype = ui8, shape = #tfg.shape<1x8x6x3>} : () -> (tensor<1x8x6x3xui8>)
// CHECK: %[[F:.*]], %{{.*}} = tfg.Cast(%[[RAW]]) name("image/cast") {DstT = f32, SrcT = ui8, Truncate = false} : (tensor<1x8x6x3xui8>) -> (tensor<1x8x6x3xf32>)
// CHECK: %[[MEAN:.*]], %{{.*}} = tfg.Const name("image/mean") {dtype = f32, value = dense<[1.236800e+02, 1.167800e+02, 1.039400e+02]> : tensor<3xf32>}
// CHECK: %[[SUB:.*]], %{{.*}} = tfg.Sub(%[[F]], %[[MEAN]]) name("image/sub") {T = f32}
// CHECK: %[[SCALE:.*]], %{{.*}} = tfg.Const name("image/scale") {dtype = f32, value = dense<1.700000e-02> : tensor<f32>}
// CHECK: %[[N:.*]], %{{.*}} = tfg.Mul(%[[SUB]], %[[SCALE]]) name("image/normalized") {T = f32} : (tensor<1x8x6x3xf32>, tensor<f32>) -> (tensor<1x8x6x3xf32>)
// CHECK: tfg.Relu(%[[N]]) [%[[RAWCTL]]] name("relu")
// CHECK: tfg.Placeholder name("other") {dtype = f32, shape = #tfg.shape<1x8x6x3>}
// CHECK-NOT: tfg.Cast
// With resize, the raw image may have any height and width: Cast,
// ResizeBilinear to the model's size, then the normalization.
// RESIZE-LABEL: module @static_image
// RESIZE: %[[RAW:.*]], %{{.*}} = tfg.Placeholder name("image") {dtype = i32, shape = #tfg.shape<1x?x?x3>} : () -> (tensor<1x?x?x3xi32>)
// RESIZE: %[[F:.*]], %{{.*}} = tfg.Cast(%[[RAW]]) name("image/cast") {DstT = f32, SrcT = i32, Truncate = false} : (tensor<1x?x?x3xi32>) -> (tensor<1x?x?x3xf32>)
// RESIZE: %[[SIZE:.*]], %{{.*}} = tfg.Const name("image/resize/size") {dtype = i32, value = dense<[8, 6]> : tensor<2xi32>}
// RESIZE: %[[R:.*]], %{{.*}} = tfg.ResizeBilinear(%[[F]], %[[SIZE]]) name("image/resize") {T = f32, align_corners = false, half_pixel_centers = true} : (tensor<1x?x?x3xf32>, tensor<2xi32>) -> (tensor<1x8x6x3xf32>)
// RESIZE: %[[SUB:.*]], %{{.*}} = tfg.Sub(%[[R]], %{{.*}}) name("image/sub")
// RESIZE: tfg.Mul(%[[SUB]], %{{.*}}) name("image/normalized")
// RESIZE: tfg.Placeholder name("other") {dtype = f32
// Without mean and scale: 0 and 1 (the model takes the raw values as
// floats); ResizeBilinear's flags as given.
// FLAGS-LABEL: module @static_image
// FLAGS: tfg.ResizeBilinear({{.*}}) name("image/resize") {T = f32, align_corners = true, half_pixel_centers = false}
// FLAGS: tfg.Const name("image/mean") {dtype = f32, value = dense<0.000000e+00> : tensor<f32>}
// FLAGS: tfg.Const name("image/scale") {dtype = f32, value = dense<1.000000e+00> : tensor<f32>}
module @static_image {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("image") {dtype = f32, shape = #tfg.shape<1x8x6x3>} : () -> (tensor<1x8x6x3xf32>)
    %r, %cr = tfg.Relu(%x) [%cx] name("relu") {T = f32} : (tensor<1x8x6x3xf32>) -> (tensor<1x8x6x3xf32>)
    %o, %co = tfg.Placeholder name("other") {dtype = f32, shape = #tfg.shape<1x8x6x3>} : () -> (tensor<1x8x6x3xf32>)
    %s, %cs = tfg.AddV2(%r, %o) name("sum") {T = f32} : (tensor<1x8x6x3xf32>, tensor<1x8x6x3xf32>) -> (tensor<1x8x6x3xf32>)
  }
}

// -----

// Unknown height, width and batch: the raw image keeps them; names that
// are taken get a suffix.
// CHECK-LABEL: module @unknown_dims
// CHECK: tfg.Placeholder name("image") {dtype = ui8, shape = #tfg.shape<?x?x?x3>} : () -> (tensor<?x?x?x3xui8>)
// CHECK: tfg.Cast({{.*}}) name("image/cast_1")
// RESIZE-LABEL: module @unknown_dims
// RESIZE: tfg.Placeholder name("image") {dtype = i32, shape = #tfg.shape<?x?x?x3>} : () -> (tensor<?x?x?x3xi32>)
// RESIZE: tfg.ResizeBilinear({{.*}}) name("image/resize") {{.*}} -> (tensor<?x?x?x3xf32>)
// FLAGS-LABEL: module @unknown_dims
// FLAGS: tfg.ResizeBilinear
module @unknown_dims {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("image") {dtype = f32, shape = #tfg.shape<?x?x?x3>} : () -> (tensor<?x?x?x3xf32>)
    %c, %cc = tfg.Const name("image/cast") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %r, %cr = tfg.AddV2(%x, %c) name("add") {T = f32} : (tensor<?x?x?x3xf32>, tensor<f32>) -> (tensor<?x?x?x3xf32>)
  }
}
