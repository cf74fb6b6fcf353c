// NonMaxSuppression run on the CPU, values by hand (TensorFlow's kernel:
// candidates above score_threshold by decreasing score, ties to the lower
// index; a candidate is compared with the boxes selected so far, newest
// first). Six boxes (y1, x1, y2, x2):
//   0: [0, 0, 10, 10]    0.9    cluster A
//   1: [1, 1, 11, 11]    0.75   cluster A: IoU(0, 1) = 81 / 119 = 0.6807
//   2: [10, 20, 0, 30]   0.8    cluster B, y corners flipped
//   3: [0, 22, 10, 32]   0.8    cluster B: IoU(2, 3) = 80 / 120 = 0.6667;
//                               its score ties with box 2's
//   4: [50, 50, 60, 60]  0.5    alone
//   5: [15, 10, 5, 0]    0.6    both corners flipped: [5, 0, 15, 10];
//                               IoU(0, 5) = 50 / 150 = 0.3333,
//                               IoU(1, 5) = 54 / 146 = 0.3699
// Other pairs do not intersect.
// RUN: %python %S/Inputs/make_npy.py %t.boxes.npy "<f4" 6x4 "0,0,10,10,1,1,11,11,10,20,0,30,0,22,10,32,50,50,60,60,15,10,5,0"
// RUN: %python %S/Inputs/make_npy.py %t.scores.npy "<f4" 6 "0.9,0.75,0.8,0.8,0.5,0.6"
// RUN: %python %S/Inputs/make_npy.py %t.iou.npy "<f4" "" 0.7
// RUN: tfg-run %s --input boxes=%t.boxes.npy --input scores=%t.scores.npy --input iou=%t.iou.npy --outputs hard,hard:1,all,all:1,top2,top2:1,loose,loose:1,soft,soft:1,soft:2,soft_cut,soft_cut:1,soft_cut:2,soft_zero,soft_zero:1,soft_zero:2,flat,flat:1,half,half:1,half_soft,half_soft:1,valid_only:1,v5_valid_only:2 --print-outputs 8 | FileCheck %s

// CHECK: compile:
// Hard NMS, iou_threshold 0.5, score_threshold 0.5 (box 4's 0.5 is not
// above it): 0 is selected; 2 wins the tie with 3 (lower index) and does
// not touch 0; 3 overlaps 2 by 0.67 and 1 overlaps 0 by 0.68: suppressed;
// 5 overlaps 0 by 0.33 only. Padded with zeros to 6; 3 valid.
// CHECK-DAG: hard = 0 2 5 0 0 0{{$}}
// CHECK-DAG: hard:1 = 3{{$}}
// No score threshold (V4 with -inf): box 4 comes last.
// CHECK-DAG: all = 0 2 5 4 0 0{{$}}
// CHECK-DAG: all:1 = 4{{$}}
// max_output_size 2 stops before the survivors run out.
// CHECK-DAG: top2 = 0 2{{$}}
// CHECK-DAG: top2:1 = 2{{$}}
// A fed iou_threshold of 0.7 suppresses nothing (0.68 and 0.67 are below);
// score_threshold 0.55 drops box 4: 0, then 2 and 3 (tie, lower index
// first), 1, 5.
// CHECK-DAG: loose = 0 2 3 1 5 0{{$}}
// CHECK-DAG: loose:1 = 5{{$}}
// Soft-NMS (V5), sigma 0.5: scale = -0.5 / 0.5 = -1, a comparison
// multiplies the score by exp(-iou^2); score_threshold 0.3.
//   pop 0 (0.9): nothing selected yet: selected.
//   pop 2 (0.8): IoU(2, 0) = 0, weight 1: unchanged, selected.
//   pop 3 (0.8): vs 2: 0.8 * exp(-(2/3)^2) = 0.8 * 0.64118 = 0.51294;
//                vs 0: weight 1. Lowered: back into the queue.
//   pop 1 (0.75): vs 2: 1; vs 0: 0.75 * exp(-0.68067^2) = 0.47188: queued.
//   pop 5 (0.6): vs 2: 1; vs 0: 0.6 * exp(-1/9) = 0.53690: queued.
//   pop 5 (0.53690): no new selections since: selected with 0.53690.
//   pop 3 (0.51294): vs 5: weight 1: selected with 0.51294.
//   pop 4 (0.5): vs 3, 5, 2, 0: weight 1 each: selected.
//   pop 1 (0.47188): vs 4, 3: 1; vs 5: 0.47188 * exp(-0.36986^2) = 0.41156:
//                queued, and selected on its next turn.
// CHECK-DAG: soft = 0 2 5 3 4 1{{$}}
// CHECK-DAG: soft:1 = 0.89999{{[0-9]*}} 0.80000{{[0-9]*}} 0.53690{{[0-9]*}} 0.51294{{[0-9]*}} 0.5 0.41156{{[0-9]*}}{{$}}
// CHECK-DAG: soft:2 = 6{{$}}
// score_threshold 0.45: box 1's 0.41156 drops it.
// CHECK-DAG: soft_cut = 0 2 5 3 4 0{{$}}
// CHECK-DAG: soft_cut:1 = 0.89999{{[0-9]*}} 0.80000{{[0-9]*}} 0.53690{{[0-9]*}} 0.51294{{[0-9]*}} 0.5 0{{$}}
// CHECK-DAG: soft_cut:2 = 5{{$}}
// sigma 0 is hard NMS: the scores are the inputs'.
// CHECK-DAG: soft_zero = 0 2 5 4 0 0{{$}}
// CHECK-DAG: soft_zero:1 = 0.899999976 0.800000012 0.600000024 0.5 0 0{{$}}
// CHECK-DAG: soft_zero:2 = 4{{$}}
// Boxes without area have IoU 0 with everything: two copies of a flat box
// both survive.
// CHECK-DAG: flat = 0 1{{$}}
// CHECK-DAG: flat:1 = 2{{$}}
// T = half gives the same selection.
// CHECK-DAG: half = 0 2 5 0 0 0{{$}}
// CHECK-DAG: half:1 = 3{{$}}
// Soft-NMS in half (V5, T = half, its scalars half too): the same steps
// with every product and weight rounded to half, the IoU in float; the
// scores are the half-rounded inputs (0.9 -> 0.8999, 0.8 -> 0.7998) and
// the float run's values within half's rounding: 0.5371 (float 0.53690),
// 0.5127 (0.51294), 0.4119 (0.41156; two roundings on the way).
// CHECK-DAG: half_soft = 0 2 5 3 4 1{{$}}
// CHECK-DAG: half_soft:1 = 0.899902344 0.799804688 0.537109375 0.512695312 0.5 0.411865234{{$}}
// Unpadded V4 and V5: the count is static even though the indices are not.
// CHECK-DAG: valid_only:1 = 3{{$}}
// CHECK-DAG: v5_valid_only:2 = 3{{$}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %boxes, %c0 = tfg.Placeholder name("boxes") {dtype = f32, shape = #tfg.shape<6x4>} : () -> (tensor<6x4xf32>)
  %scores, %c1 = tfg.Placeholder name("scores") {dtype = f32, shape = #tfg.shape<6>} : () -> (tensor<6xf32>)
  %iou, %c2 = tfg.Placeholder name("iou") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
  %six, %c3 = tfg.Const name("six") {dtype = i32, value = dense<6> : tensor<i32>} : () -> (tensor<i32>)
  %two, %c4 = tfg.Const name("two") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %half_iou, %c5 = tfg.Const name("half_iou") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %st_05, %c6 = tfg.Const name("st_05") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %st_055, %c7 = tfg.Const name("st_055") {dtype = f32, value = dense<0.55> : tensor<f32>} : () -> (tensor<f32>)
  %st_03, %c8 = tfg.Const name("st_03") {dtype = f32, value = dense<0.3> : tensor<f32>} : () -> (tensor<f32>)
  %st_045, %c9 = tfg.Const name("st_045") {dtype = f32, value = dense<0.45> : tensor<f32>} : () -> (tensor<f32>)
  %st_none, %c10 = tfg.Const name("st_none") {dtype = f32, value = dense<0xFF800000> : tensor<f32>} : () -> (tensor<f32>)
  %sigma, %c11 = tfg.Const name("sigma") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %zero, %c12 = tfg.Const name("zero") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  %hard:2, %c13 = tfg.NonMaxSuppressionV4(%boxes, %scores, %six, %half_iou, %st_05) name("hard") {T = f32, T_threshold = f32, pad_to_max_output_size = true} : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xi32>)
  %all:2, %c14 = tfg.NonMaxSuppressionV4(%boxes, %scores, %six, %half_iou, %st_none) name("all") {T = f32, T_threshold = f32, pad_to_max_output_size = true} : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xi32>)
  %top2:2, %c15 = tfg.NonMaxSuppressionV4(%boxes, %scores, %two, %half_iou, %st_05) name("top2") {T = f32, T_threshold = f32, pad_to_max_output_size = true} : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xi32>)
  %loose:2, %c16 = tfg.NonMaxSuppressionV4(%boxes, %scores, %six, %iou, %st_055) name("loose") {T = f32, T_threshold = f32, pad_to_max_output_size = true} : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xi32>)
  %soft:3, %c17 = tfg.NonMaxSuppressionV5(%boxes, %scores, %six, %half_iou, %st_03, %sigma) name("soft") {T = f32, pad_to_max_output_size = true} : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xf32>, tensor<*xi32>)
  %soft_cut:3, %c18 = tfg.NonMaxSuppressionV5(%boxes, %scores, %six, %half_iou, %st_045, %sigma) name("soft_cut") {T = f32, pad_to_max_output_size = true} : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xf32>, tensor<*xi32>)
  %soft_zero:3, %c19 = tfg.NonMaxSuppressionV5(%boxes, %scores, %six, %half_iou, %st_none, %zero) name("soft_zero") {T = f32, pad_to_max_output_size = true} : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xf32>, tensor<*xi32>)
  %flat_boxes, %c20 = tfg.Const name("flat_boxes") {dtype = f32, value = dense<[[0.0, 0.0, 0.0, 10.0], [0.0, 0.0, 0.0, 10.0]]> : tensor<2x4xf32>} : () -> (tensor<2x4xf32>)
  %flat_scores, %c21 = tfg.Const name("flat_scores") {dtype = f32, value = dense<[0.9, 0.8]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %flat:2, %c22 = tfg.NonMaxSuppressionV4(%flat_boxes, %flat_scores, %two, %zero, %st_none) name("flat") {T = f32, T_threshold = f32, pad_to_max_output_size = true} : (tensor<2x4xf32>, tensor<2xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xi32>)
  %boxes16, %c23 = tfg.Cast(%boxes) name("boxes16") {SrcT = f32, DstT = f16, Truncate = false} : (tensor<6x4xf32>) -> (tensor<*xf16>)
  %scores16, %c24 = tfg.Cast(%scores) name("scores16") {SrcT = f32, DstT = f16, Truncate = false} : (tensor<6xf32>) -> (tensor<*xf16>)
  %half:2, %c25 = tfg.NonMaxSuppressionV4(%boxes16, %scores16, %six, %half_iou, %st_05) name("half") {T = f16, T_threshold = f32, pad_to_max_output_size = true} : (tensor<*xf16>, tensor<*xf16>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xi32>)
  %iou16, %c28 = tfg.Const name("iou16") {dtype = f16, value = dense<0.5> : tensor<f16>} : () -> (tensor<f16>)
  %st16, %c29 = tfg.Const name("st16") {dtype = f16, value = dense<0.3> : tensor<f16>} : () -> (tensor<f16>)
  %sigma16, %c30 = tfg.Const name("sigma16") {dtype = f16, value = dense<0.5> : tensor<f16>} : () -> (tensor<f16>)
  %half_soft:3, %c31 = tfg.NonMaxSuppressionV5(%boxes16, %scores16, %six, %iou16, %st16, %sigma16) name("half_soft") {T = f16, pad_to_max_output_size = true} : (tensor<*xf16>, tensor<*xf16>, tensor<i32>, tensor<f16>, tensor<f16>, tensor<f16>) -> (tensor<*xi32>, tensor<*xf16>, tensor<*xi32>)
  %valid_only:2, %c26 = tfg.NonMaxSuppressionV4(%boxes, %scores, %six, %half_iou, %st_05) name("valid_only") {T = f32, T_threshold = f32} : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xi32>)
  %v5_valid_only:3, %c27 = tfg.NonMaxSuppressionV5(%boxes, %scores, %six, %half_iou, %st_05, %zero) name("v5_valid_only") {T = f32} : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xf32>, tensor<*xi32>)
}
