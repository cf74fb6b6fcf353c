// RUN: tfg-opt %s --split-input-file --tfg-remove-dropout | FileCheck %s

// tf.nn.dropout(x, keep_prob) of TF 1.0-1.12, as examples/make_example.py
// writes it, with keep_prob bound to 1: the output is x, and the nodes only
// the dropout used (RandomUniform, Floor, the Consts, ...) are erased.
// CHECK-LABEL: module @keep_prob_tf10
// CHECK: %[[X:.*]], %{{.*}} = tfg.Placeholder name("x")
// CHECK-NOT: dropout/
// CHECK: tfg.Relu(%[[X]]) name("y")
// CHECK-NOT: dropout/
module @keep_prob_tf10 {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %kp, %ckp = tfg.Const name("dropout/keep_prob") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %shape, %cshape = tfg.Shape(%x) name("dropout/Shape") {T = f32, out_type = i32} : (tensor<2xf32>) -> (tensor<1xi32>)
    %min, %cmin = tfg.Const name("dropout/random_uniform/min") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
    %max, %cmax = tfg.Const name("dropout/random_uniform/max") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %ru, %cru = tfg.RandomUniform(%shape) name("dropout/random_uniform/RandomUniform") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<2xf32>)
    %range, %crange = tfg.Sub(%max, %min) name("dropout/random_uniform/sub") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
    %scaled, %cscaled = tfg.Mul(%ru, %range) name("dropout/random_uniform/mul") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %u, %cu = tfg.Add(%scaled, %min) name("dropout/random_uniform") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %add, %cadd = tfg.Add(%kp, %u) name("dropout/add") {T = f32} : (tensor<f32>, tensor<2xf32>) -> (tensor<2xf32>)
    %floor, %cfloor = tfg.Floor(%add) name("dropout/Floor") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %div, %cdiv = tfg.RealDiv(%x, %kp) name("dropout/div") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %mul, %cmul = tfg.Mul(%div, %floor) name("dropout/mul") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
    %y, %cy = tfg.Relu(%mul) name("y") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
}

// -----

// Other spellings of the keep_prob form: operands of the root Mul and of the
// Add swapped, AddV2, Div, a bare RandomUniform of a constant shape, x
// scaled by Reciprocal(keep_prob) on either side, keep_prob behind an
// Identity or computed as 1 - rate.
// CHECK-LABEL: module @keep_prob_spellings
// CHECK: %[[X:.*]], %{{.*}} = tfg.Placeholder name("x")
// CHECK-NOT: RandomUniform
// CHECK-DAG: tfg.Relu(%[[X]]) name("y1")
// CHECK-DAG: tfg.Relu(%[[X]]) name("y2")
// CHECK-DAG: tfg.Relu(%[[X]]) name("y3")
// CHECK-DAG: tfg.Relu(%[[X]]) name("y4")
// CHECK-NOT: RandomUniform
module @keep_prob_spellings {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %kp, %ckp = tfg.Const name("keep_prob") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %kpi, %ckpi = tfg.Identity(%kp) name("keep_prob/read") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    %shape, %cshape = tfg.Const name("noise_shape") {dtype = i32, value = dense<[2]> : tensor<1xi32>} : () -> (tensor<1xi32>)
    // y1: Mul(Floor(AddV2(u, kp)), Div(x, kp)).
    %u1, %cu1 = tfg.RandomUniform(%shape) name("d1/RandomUniform") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<2xf32>)
    %add1, %cadd1 = tfg.AddV2(%u1, %kpi) name("d1/add") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %floor1, %cfloor1 = tfg.Floor(%add1) name("d1/Floor") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %div1, %cdiv1 = tfg.Div(%x, %kpi) name("d1/div") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %mul1, %cmul1 = tfg.Mul(%floor1, %div1) name("d1/mul") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
    %y1, %cy1 = tfg.Relu(%mul1) name("y1") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    // y2: Mul(Mul(x, Reciprocal(kp)), Floor(Add(u, kp))).
    %u2, %cu2 = tfg.RandomUniform(%shape) name("d2/RandomUniform") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<2xf32>)
    %add2, %cadd2 = tfg.Add(%u2, %kp) name("d2/add") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %floor2, %cfloor2 = tfg.Floor(%add2) name("d2/Floor") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %inv2, %cinv2 = tfg.Reciprocal(%kp) name("d2/inv") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    %scaled2, %cscaled2 = tfg.Mul(%x, %inv2) name("d2/scaled") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %mul2, %cmul2 = tfg.Mul(%scaled2, %floor2) name("d2/mul") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
    %y2, %cy2 = tfg.Relu(%mul2) name("y2") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    // y3: the scale on the left: Mul(Floor(AddV2(kp, u)), Mul(1 / kp, x)).
    %u3, %cu3 = tfg.RandomUniform(%shape) name("d3/RandomUniform") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<2xf32>)
    %add3, %cadd3 = tfg.AddV2(%kp, %u3) name("d3/add") {T = f32} : (tensor<f32>, tensor<2xf32>) -> (tensor<2xf32>)
    %floor3, %cfloor3 = tfg.Floor(%add3) name("d3/Floor") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %one3, %cone3 = tfg.Const name("d3/one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %inv3, %cinv3 = tfg.RealDiv(%one3, %kp) name("d3/inv") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
    %scaled3, %cscaled3 = tfg.Mul(%inv3, %x) name("d3/scaled") {T = f32} : (tensor<f32>, tensor<2xf32>) -> (tensor<2xf32>)
    %mul3, %cmul3 = tfg.Mul(%floor3, %scaled3) name("d3/mul") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
    %y3, %cy3 = tfg.Relu(%mul3) name("y3") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    // y4: tf.layers.dropout of TF 1.x (tf_study): keep_prob = 1 - rate.
    %one4, %cone4 = tfg.Const name("d4/sub/x") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %rate4, %crate4 = tfg.Const name("d4/rate") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
    %kp4, %ckp4 = tfg.Sub(%one4, %rate4) name("d4/sub") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
    %u4, %cu4 = tfg.RandomUniform(%shape) name("d4/RandomUniform") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<2xf32>)
    %add4, %cadd4 = tfg.Add(%kp4, %u4) name("d4/add") {T = f32} : (tensor<*xf32>, tensor<2xf32>) -> (tensor<*xf32>)
    %floor4, %cfloor4 = tfg.Floor(%add4) name("d4/Floor") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    %div4, %cdiv4 = tfg.RealDiv(%x, %kp4) name("d4/truediv") {T = f32} : (tensor<2xf32>, tensor<*xf32>) -> (tensor<*xf32>)
    %mul4, %cmul4 = tfg.Mul(%div4, %floor4) name("d4/mul") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
    %y4, %cy4 = tfg.Relu(%mul4) name("y4") {T = f32} : (tensor<*xf32>) -> (tensor<2xf32>)
  }
}

// -----

// The rate form with rate bound to 0: TF 1.13-1.15's
// x * (1 / (1 - rate)) * Cast(u >= rate), TF 2.x's RealDiv(x, 1 - rate) and
// Mul by a constant scale, with the Cast on either side, and TF 2.x's
// SelectV2(u >= rate, x / (1 - rate), 0).
// CHECK-LABEL: module @rate_form
// CHECK: %[[X:.*]], %{{.*}} = tfg.Placeholder name("x")
// CHECK-NOT: GreaterEqual
// CHECK-DAG: tfg.Relu(%[[X]]) name("y1")
// CHECK-DAG: tfg.Relu(%[[X]]) name("y2")
// CHECK-DAG: tfg.Relu(%[[X]]) name("y3")
// CHECK-DAG: tfg.Relu(%[[X]]) name("y4")
// CHECK-NOT: GreaterEqual
module @rate_form {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %rate, %crate = tfg.Const name("rate") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
    %one, %cone = tfg.Const name("one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %zero, %czero = tfg.Const name("zero") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
    %shape, %cshape = tfg.Shape(%x) name("Shape") {T = f32, out_type = i32} : (tensor<2xf32>) -> (tensor<1xi32>)
    %keep, %ckeep = tfg.Sub(%one, %rate) name("keep_prob") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
    // y1: TF 1.13: Mul(Mul(x, RealDiv(1, 1 - rate)), Cast(GreaterEqual(u, rate))).
    %u1, %cu1 = tfg.RandomUniform(%shape) name("d1/random_uniform") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<2xf32>)
    %scale1, %cscale1 = tfg.RealDiv(%one, %keep) name("d1/truediv") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
    %scaled1, %cscaled1 = tfg.Mul(%x, %scale1) name("d1/mul") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %mask1, %cmask1 = tfg.GreaterEqual(%u1, %rate) name("d1/GreaterEqual") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xi1>)
    %cast1, %ccast1 = tfg.Cast(%mask1) name("d1/Cast") {SrcT = i1, DstT = f32, Truncate = false} : (tensor<2xi1>) -> (tensor<2xf32>)
    %mul1, %cmul1 = tfg.Mul(%scaled1, %cast1) name("d1/mul_1") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
    %y1, %cy1 = tfg.Relu(%mul1) name("y1") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    // y2: TF 2.x with a tensor rate: Mul(Cast(...), RealDiv(x, 1 - rate)).
    %u2, %cu2 = tfg.RandomUniform(%shape) name("d2/random_uniform") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<2xf32>)
    %scaled2, %cscaled2 = tfg.RealDiv(%x, %keep) name("d2/truediv") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %mask2, %cmask2 = tfg.GreaterEqual(%u2, %rate) name("d2/GreaterEqual") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xi1>)
    %cast2, %ccast2 = tfg.Cast(%mask2) name("d2/Cast") {SrcT = i1, DstT = f32, Truncate = false} : (tensor<2xi1>) -> (tensor<2xf32>)
    %mul2, %cmul2 = tfg.Mul(%cast2, %scaled2) name("d2/mul") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
    %y2, %cy2 = tfg.Relu(%mul2) name("y2") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    // y3: TF 2.x with a Python rate: the scale is a Const.
    %u3, %cu3 = tfg.RandomUniform(%shape) name("d3/random_uniform") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<2xf32>)
    %scale3, %cscale3 = tfg.Const name("d3/scale") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %scaled3, %cscaled3 = tfg.Mul(%x, %scale3) name("d3/mul") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %rate3, %crate3 = tfg.Const name("d3/rate") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
    %mask3, %cmask3 = tfg.GreaterEqual(%u3, %rate3) name("d3/GreaterEqual") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xi1>)
    %cast3, %ccast3 = tfg.Cast(%mask3) name("d3/Cast") {SrcT = i1, DstT = f32, Truncate = false} : (tensor<2xi1>) -> (tensor<2xf32>)
    %mul3, %cmul3 = tfg.Mul(%scaled3, %cast3) name("d3/mul_1") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
    %y3, %cy3 = tfg.Relu(%mul3) name("y3") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    // y4: TF 2.x where_v2: SelectV2(GreaterEqual(u, rate), RealDiv(x, 1 - rate), 0).
    %u4, %cu4 = tfg.RandomUniform(%shape) name("d4/random_uniform") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<2xf32>)
    %scaled4, %cscaled4 = tfg.RealDiv(%x, %keep) name("d4/truediv") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %mask4, %cmask4 = tfg.GreaterEqual(%u4, %rate) name("d4/GreaterEqual") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xi1>)
    %sel4, %csel4 = tfg.SelectV2(%mask4, %scaled4, %zero) name("d4/SelectV2") {T = f32} : (tensor<2xi1>, tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %y4, %cy4 = tfg.Relu(%sel4) name("y4") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
}

// -----

// Control edges: the root's users waited for the root's control input (^c)
// and for those of the nodes only the dropout used (^k on keep_prob); data
// users get them, a user of the root's token depends instead on x's
// producer and on them. x's other user is untouched.
// CHECK-LABEL: module @control_edges
// CHECK-DAG: %[[X:.*]], %[[CX:.*]] = tfg.Placeholder name("x")
// CHECK-DAG: %[[CC:.*]] = tfg.NoOp name("c")
// CHECK-DAG: %[[CK:.*]] = tfg.NoOp name("k")
// CHECK-DAG: tfg.Relu(%[[X]]) [%[[CC]], %[[CK]]] name("y")
// CHECK-DAG: tfg.Const [%[[CX]], %[[CC]], %[[CK]]] name("after")
// CHECK-DAG: tfg.Sigmoid(%[[X]]) name("other_use_of_x")
// CHECK-NOT: dropout/
module @control_edges {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %cc = tfg.NoOp name("c")
    %ck = tfg.NoOp name("k")
    %kp, %ckp = tfg.Const [%ck] name("dropout/keep_prob") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %shape, %cshape = tfg.Shape(%x) name("dropout/Shape") {T = f32, out_type = i32} : (tensor<2xf32>) -> (tensor<1xi32>)
    %u, %cu = tfg.RandomUniform(%shape) name("dropout/random_uniform") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<2xf32>)
    %add, %cadd = tfg.Add(%kp, %u) name("dropout/add") {T = f32} : (tensor<f32>, tensor<2xf32>) -> (tensor<2xf32>)
    %floor, %cfloor = tfg.Floor(%add) name("dropout/Floor") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %div, %cdiv = tfg.RealDiv(%x, %kp) name("dropout/div") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %mul, %cmul = tfg.Mul(%div, %floor) [%cc] name("dropout/mul") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
    %y, %cy = tfg.Relu(%mul) name("y") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %after, %cafter = tfg.Const [%cmul] name("after") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
    %other, %cother = tfg.Sigmoid(%x) name("other_use_of_x") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
}

// -----

// The mask also feeds another node: the dropout goes, the mask and what it
// needs stay. keep_prob stays with them, so its control input is no
// dependency the dropout's user loses.
// CHECK-LABEL: module @mask_shared
// CHECK: %[[X:.*]], %{{.*}} = tfg.Placeholder name("x")
// CHECK: name("dropout/keep_prob")
// CHECK: tfg.RandomUniform(%{{.*}}) name("dropout/random_uniform")
// CHECK: %[[FLOOR:.*]], %{{.*}} = tfg.Floor(%{{.*}}) name("dropout/Floor")
// CHECK-NOT: dropout/div
// CHECK-NOT: dropout/mul
// CHECK: tfg.Relu(%[[X]]) name("y")
// CHECK: tfg.Identity(%[[FLOOR]]) name("mask_user")
module @mask_shared {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %ck = tfg.NoOp name("k")
    %kp, %ckp = tfg.Const [%ck] name("dropout/keep_prob") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %shape, %cshape = tfg.Shape(%x) name("dropout/Shape") {T = f32, out_type = i32} : (tensor<2xf32>) -> (tensor<1xi32>)
    %u, %cu = tfg.RandomUniform(%shape) name("dropout/random_uniform") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<2xf32>)
    %add, %cadd = tfg.Add(%kp, %u) name("dropout/add") {T = f32} : (tensor<f32>, tensor<2xf32>) -> (tensor<2xf32>)
    %floor, %cfloor = tfg.Floor(%add) name("dropout/Floor") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %div, %cdiv = tfg.RealDiv(%x, %kp) name("dropout/div") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %mul, %cmul = tfg.Mul(%div, %floor) name("dropout/mul") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
    %y, %cy = tfg.Relu(%mul) name("y") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %mu, %cmu = tfg.Identity(%floor) name("mask_user") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
}

// -----

// Not a dropout that keeps everything: nothing changes. keep_prob 0.5, a
// keep_prob still fed (Placeholder), rate 0.1, noise that is not
// RandomUniform (a Placeholder, RandomStandardNormal), noise in [0, 2), a
// noise shape that would broadcast x to [3, 2], noise drawn in another
// tensor's shape, a keep_prob of rank 1, a rate that is 1e-10 (the scale
// 1 / (1 - rate) is 1 in float, yet the mask is not all 1s), and a dropout
// nobody consumes (an output).
// CHECK-LABEL: module @neg_not_dropout
// CHECK: name("half/mul")
// CHECK: name("fed/mul")
// CHECK: name("rate/mul_1")
// CHECK: name("noise_fed/mul")
// CHECK: name("normal/mul")
// CHECK: name("wide/mul")
// CHECK: name("broadcast/mul")
// CHECK: name("other_shape/mul")
// CHECK: name("rank1/mul")
// CHECK: name("tiny_rate/mul_1")
// CHECK: name("output/mul")
module @neg_not_dropout {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %z, %cz = tfg.Placeholder name("z") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %one, %cone = tfg.Const name("one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %zero, %czero = tfg.Const name("zero") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
    %shape, %cshape = tfg.Shape(%x) name("Shape") {T = f32, out_type = i32} : (tensor<2xf32>) -> (tensor<1xi32>)
    %u, %cu = tfg.RandomUniform(%shape) name("random_uniform") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<2xf32>)
    // keep_prob 0.5.
    %half, %chalf = tfg.Const name("half/keep_prob") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
    %add1, %cadd1 = tfg.Add(%half, %u) name("half/add") {T = f32} : (tensor<f32>, tensor<2xf32>) -> (tensor<2xf32>)
    %floor1, %cfloor1 = tfg.Floor(%add1) name("half/Floor") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %div1, %cdiv1 = tfg.RealDiv(%x, %half) name("half/div") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %mul1, %cmul1 = tfg.Mul(%div1, %floor1) name("half/mul") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
    %y1, %cy1 = tfg.Relu(%mul1) name("y1") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    // keep_prob fed.
    %fed, %cfed = tfg.Placeholder name("fed/keep_prob") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
    %add2, %cadd2 = tfg.Add(%fed, %u) name("fed/add") {T = f32} : (tensor<f32>, tensor<2xf32>) -> (tensor<2xf32>)
    %floor2, %cfloor2 = tfg.Floor(%add2) name("fed/Floor") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %div2, %cdiv2 = tfg.RealDiv(%x, %fed) name("fed/div") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %mul2, %cmul2 = tfg.Mul(%div2, %floor2) name("fed/mul") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
    %y2, %cy2 = tfg.Relu(%mul2) name("y2") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    // rate 0.1 (the scale 1 / 0.9 computed, the mask u >= 0.1).
    %rate3, %crate3 = tfg.Const name("rate/rate") {dtype = f32, value = dense<0.1> : tensor<f32>} : () -> (tensor<f32>)
    %keep3, %ckeep3 = tfg.Sub(%one, %rate3) name("rate/sub") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
    %scale3, %cscale3 = tfg.RealDiv(%one, %keep3) name("rate/truediv") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
    %scaled3, %cscaled3 = tfg.Mul(%x, %scale3) name("rate/mul") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %mask3, %cmask3 = tfg.GreaterEqual(%u, %rate3) name("rate/GreaterEqual") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xi1>)
    %cast3, %ccast3 = tfg.Cast(%mask3) name("rate/Cast") {SrcT = i1, DstT = f32, Truncate = false} : (tensor<2xi1>) -> (tensor<2xf32>)
    %mul3, %cmul3 = tfg.Mul(%scaled3, %cast3) name("rate/mul_1") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
    %y3, %cy3 = tfg.Relu(%mul3) name("y3") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    // Floor(1 + noise) where the noise is fed: not uniform in [0, 1).
    %noise4, %cnoise4 = tfg.Placeholder name("noise_fed/noise") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %add4, %cadd4 = tfg.Add(%one, %noise4) name("noise_fed/add") {T = f32} : (tensor<f32>, tensor<2xf32>) -> (tensor<2xf32>)
    %floor4, %cfloor4 = tfg.Floor(%add4) name("noise_fed/Floor") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %div4, %cdiv4 = tfg.RealDiv(%x, %one) name("noise_fed/div") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %mul4, %cmul4 = tfg.Mul(%div4, %floor4) name("noise_fed/mul") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
    %y4, %cy4 = tfg.Relu(%mul4) name("y4") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    // Normal noise: Floor(1 + n) may be 0, 2, ...
    %n5, %cn5 = tfg.generic "RandomStandardNormal"(%shape) name("normal/noise") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<2xf32>)
    %add5, %cadd5 = tfg.Add(%one, %n5) name("normal/add") {T = f32} : (tensor<f32>, tensor<2xf32>) -> (tensor<2xf32>)
    %floor5, %cfloor5 = tfg.Floor(%add5) name("normal/Floor") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %div5, %cdiv5 = tfg.RealDiv(%x, %one) name("normal/div") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %mul5, %cmul5 = tfg.Mul(%div5, %floor5) name("normal/mul") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
    %y5, %cy5 = tfg.Relu(%mul5) name("y5") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    // Noise in [0, 2): random_uniform(minval=0, maxval=2).
    %two, %ctwo = tfg.Const name("wide/max") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
    %wide, %cwide = tfg.Mul(%u, %two) name("wide/mul_noise") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %u6, %cu6 = tfg.Add(%wide, %zero) name("wide/random_uniform") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %add6, %cadd6 = tfg.Add(%one, %u6) name("wide/add") {T = f32} : (tensor<f32>, tensor<2xf32>) -> (tensor<2xf32>)
    %floor6, %cfloor6 = tfg.Floor(%add6) name("wide/Floor") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %div6, %cdiv6 = tfg.RealDiv(%x, %one) name("wide/div") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %mul6, %cmul6 = tfg.Mul(%div6, %floor6) name("wide/mul") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
    %y6, %cy6 = tfg.Relu(%mul6) name("y6") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    // A noise shape [3, 2]: the product is [3, 2], not x.
    %shape7, %cshape7 = tfg.Const name("broadcast/shape") {dtype = i32, value = dense<[3, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
    %u7, %cu7 = tfg.RandomUniform(%shape7) name("broadcast/random_uniform") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<2xi32>) -> (tensor<3x2xf32>)
    %add7, %cadd7 = tfg.Add(%one, %u7) name("broadcast/add") {T = f32} : (tensor<f32>, tensor<3x2xf32>) -> (tensor<3x2xf32>)
    %floor7, %cfloor7 = tfg.Floor(%add7) name("broadcast/Floor") {T = f32} : (tensor<3x2xf32>) -> (tensor<3x2xf32>)
    %div7, %cdiv7 = tfg.RealDiv(%x, %one) name("broadcast/div") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %mul7, %cmul7 = tfg.Mul(%div7, %floor7) name("broadcast/mul") {T = f32} : (tensor<2xf32>, tensor<3x2xf32>) -> (tensor<3x2xf32>)
    %y7, %cy7 = tfg.Relu(%mul7) name("y7") {T = f32} : (tensor<3x2xf32>) -> (tensor<3x2xf32>)
    // Noise in the shape of another tensor.
    %shape8, %cshape8 = tfg.Shape(%z) name("other_shape/Shape") {T = f32, out_type = i32} : (tensor<2xf32>) -> (tensor<1xi32>)
    %u8, %cu8 = tfg.RandomUniform(%shape8) name("other_shape/random_uniform") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<2xf32>)
    %add8, %cadd8 = tfg.Add(%one, %u8) name("other_shape/add") {T = f32} : (tensor<f32>, tensor<2xf32>) -> (tensor<2xf32>)
    %floor8, %cfloor8 = tfg.Floor(%add8) name("other_shape/Floor") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %div8, %cdiv8 = tfg.RealDiv(%x, %one) name("other_shape/div") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %mul8, %cmul8 = tfg.Mul(%div8, %floor8) name("other_shape/mul") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
    %y8, %cy8 = tfg.Relu(%mul8) name("y8") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    // keep_prob of shape [1]: TensorFlow's is a scalar.
    %kp9, %ckp9 = tfg.Const name("rank1/keep_prob") {dtype = f32, value = dense<1.0> : tensor<1xf32>} : () -> (tensor<1xf32>)
    %add9, %cadd9 = tfg.Add(%kp9, %u) name("rank1/add") {T = f32} : (tensor<1xf32>, tensor<2xf32>) -> (tensor<2xf32>)
    %floor9, %cfloor9 = tfg.Floor(%add9) name("rank1/Floor") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %div9, %cdiv9 = tfg.RealDiv(%x, %kp9) name("rank1/div") {T = f32} : (tensor<2xf32>, tensor<1xf32>) -> (tensor<2xf32>)
    %mul9, %cmul9 = tfg.Mul(%div9, %floor9) name("rank1/mul") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
    %y9, %cy9 = tfg.Relu(%mul9) name("y9") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    // rate 1e-10: 1 - rate rounds to 1 in float, but u = 0 is dropped.
    %rate10, %crate10 = tfg.Const name("tiny_rate/rate") {dtype = f32, value = dense<1.0e-10> : tensor<f32>} : () -> (tensor<f32>)
    %keep10, %ckeep10 = tfg.Sub(%one, %rate10) name("tiny_rate/sub") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
    %scaled10, %cscaled10 = tfg.RealDiv(%x, %keep10) name("tiny_rate/truediv") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %mask10, %cmask10 = tfg.GreaterEqual(%u, %rate10) name("tiny_rate/GreaterEqual") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xi1>)
    %cast10, %ccast10 = tfg.Cast(%mask10) name("tiny_rate/Cast") {SrcT = i1, DstT = f32, Truncate = false} : (tensor<2xi1>) -> (tensor<2xf32>)
    %mul10, %cmul10 = tfg.Mul(%scaled10, %cast10) name("tiny_rate/mul_1") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
    %y10, %cy10 = tfg.Relu(%mul10) name("y10") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    // An output: nobody consumes it, so it keeps its name.
    %add11, %cadd11 = tfg.Add(%one, %u) name("output/add") {T = f32} : (tensor<f32>, tensor<2xf32>) -> (tensor<2xf32>)
    %floor11, %cfloor11 = tfg.Floor(%add11) name("output/Floor") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %div11, %cdiv11 = tfg.RealDiv(%x, %one) name("output/div") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %mul11, %cmul11 = tfg.Mul(%div11, %floor11) name("output/mul") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  }
}

// -----

// The signature's nodes stay: a dropout it fetches, and a keep_prob it
// feeds (bound to a Const) although no dropout uses it any more.
// CHECK-LABEL: module @signature_nodes
// CHECK: %[[X:.*]], %{{.*}} = tfg.Placeholder name("x")
// CHECK: name("kp")
// CHECK: name("fetched/mul")
// CHECK: tfg.Relu(%[[X]]) name("y")
// CHECK-NOT: kept_input/
module @signature_nodes attributes {tfg.signature = {inputs = {keep = "kp:0"}, name = "serving_default", outputs = {a = "fetched/mul:0", b = "y:0"}}} {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %kp, %ckp = tfg.Const name("kp") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %shape, %cshape = tfg.Shape(%x) name("Shape") {T = f32, out_type = i32} : (tensor<2xf32>) -> (tensor<1xi32>)
    %u, %cu = tfg.RandomUniform(%shape) name("random_uniform") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<2xf32>)
    %one, %cone = tfg.Const name("fetched/keep_prob") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %add, %cadd = tfg.Add(%one, %u) name("fetched/add") {T = f32} : (tensor<f32>, tensor<2xf32>) -> (tensor<2xf32>)
    %floor, %cfloor = tfg.Floor(%add) name("fetched/Floor") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %div, %cdiv = tfg.RealDiv(%x, %one) name("fetched/div") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %mul, %cmul = tfg.Mul(%div, %floor) name("fetched/mul") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
    %z, %cz = tfg.Sigmoid(%mul) name("z") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %add2, %cadd2 = tfg.Add(%kp, %u) name("kept_input/add") {T = f32} : (tensor<f32>, tensor<2xf32>) -> (tensor<2xf32>)
    %floor2, %cfloor2 = tfg.Floor(%add2) name("kept_input/Floor") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %div2, %cdiv2 = tfg.RealDiv(%x, %kp) name("kept_input/div") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %mul2, %cmul2 = tfg.Mul(%div2, %floor2) name("kept_input/mul") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
    %y, %cy = tfg.Relu(%mul2) name("y") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
}
