// An LSTM cell run by a While over 3 time steps, as tf.nn.dynamic_rnn
// builds it (functional form): the body gathers x[t], computes the gates
// from [x_t, h] . W + b, splits them into i, f, g, o and updates
// c = sigmoid(f) * c + sigmoid(i) * tanh(g), h = sigmoid(o) * tanh(c).
// Expected values computed by hand (Python floats, the same formulas):
//   W[r][k] = 0.1 * ((3r + 5k) mod 7 - 3), b = [.1 -.1 .2 0 .05 0 -.2 .1],
//   x = [[.5 -1] [1 .25] [-.5 2]], h0 = c0 = 0
//   -> h = [-0.004866, -0.076747], c = [-0.008709, -0.135961].
// RUN: tfg-run %s --outputs lstm,lstm:1,lstm:2 --print-outputs 4 | FileCheck %s
// The loop ran 3 times.
// CHECK: lstm = 3{{$}}
// CHECK: lstm:1 = -0.00486{{[0-9]*}} -0.07674{{[0-9]*}}{{$}}
// CHECK: lstm:2 = -0.00870{{[0-9]*}} -0.13596{{[0-9]*}}{{$}}
module {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %t0, %ct0 = tfg.Const name("t0") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %h0, %ch0 = tfg.Const name("h0") {dtype = f32, value = dense<0.0> : tensor<1x2xf32>} : () -> (tensor<1x2xf32>)
    %x, %cx = tfg.Const name("x") {dtype = f32, value = dense<[[[0.5, -1.0]], [[1.0, 0.25]], [[-0.5, 2.0]]]> : tensor<3x1x2xf32>} : () -> (tensor<3x1x2xf32>)
    %l:4, %cl = tfg.generic "While"(%t0, %h0, %h0, %x) name("lstm") {T = [i32, f32, f32, f32], cond = #tfg.func<"steps_left", {}>, body = #tfg.func<"cell", {}>, parallel_iterations = 32 : i64} : (tensor<i32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<3x1x2xf32>) -> (tensor<i32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<3x1x2xf32>)
  }
  tfg.func @steps_left(%t: tensor<*xi32>, %h: tensor<*xf32>, %c: tensor<*xf32>, %x: tensor<*xf32>, %ct: !tfg.control, %chh: !tfg.control, %cc: !tfg.control, %cx: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "t", type = i32>, #tfg.arg<name = "h", type = f32>, #tfg.arg<name = "c", type = f32>, #tfg.arg<name = "x", type = f32>],
      outputs = [#tfg.arg<name = "more", type = i1>]
  } {
    %n, %cn = tfg.Const name("steps") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
    %lt, %clt = tfg.Less(%t, %n) name("lt") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi1>)
    tfg.return(%lt : tensor<*xi1>)
  }
  tfg.func @cell(%t: tensor<*xi32>, %h: tensor<*xf32>, %c: tensor<*xf32>, %x: tensor<*xf32>, %ct: !tfg.control, %chh: !tfg.control, %cc: !tfg.control, %cx: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "t", type = i32>, #tfg.arg<name = "h", type = f32>, #tfg.arg<name = "c", type = f32>, #tfg.arg<name = "x", type = f32>],
      outputs = [#tfg.arg<name = "t2", type = i32>, #tfg.arg<name = "h2", type = f32>, #tfg.arg<name = "c2", type = f32>, #tfg.arg<name = "x2", type = f32>]
  } {
    %axis0, %ca0 = tfg.Const name("axis0") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %axis1, %ca1 = tfg.Const name("axis1") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %one, %cone = tfg.Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %w, %cw = tfg.Const name("w") {dtype = f32, value = dense<[[-0.3, 0.2, 0.0, -0.2, 0.3, 0.1, -0.1, -0.3], [0.0, -0.2, 0.3, 0.1, -0.1, -0.3, 0.2, 0.0], [0.3, 0.1, -0.1, -0.3, 0.2, 0.0, -0.2, 0.3], [-0.1, -0.3, 0.2, 0.0, -0.2, 0.3, 0.1, -0.1]]> : tensor<4x8xf32>} : () -> (tensor<4x8xf32>)
    %b, %cb = tfg.Const name("b") {dtype = f32, value = dense<[0.1, -0.1, 0.2, 0.0, 0.05, 0.0, -0.2, 0.1]> : tensor<8xf32>} : () -> (tensor<8xf32>)
    %xt, %cxt = tfg.GatherV2(%x, %t, %axis0) name("x_t") {Tparams = f32, Tindices = i32, Taxis = i32, batch_dims = 0 : i64} : (tensor<*xf32>, tensor<*xi32>, tensor<i32>) -> (tensor<*xf32>)
    %xh, %cxh = tfg.ConcatV2(%xt, %h, %axis1) name("xh") {N = 2 : i64, T = f32, Tidx = i32} : (tensor<*xf32>, tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>)
    %mm, %cmm = tfg.MatMul(%xh, %w) name("mm") {T = f32, transpose_a = false, transpose_b = false} : (tensor<*xf32>, tensor<4x8xf32>) -> (tensor<*xf32>)
    %gates, %cg = tfg.BiasAdd(%mm, %b) name("gates") {T = f32, data_format = "NHWC"} : (tensor<*xf32>, tensor<8xf32>) -> (tensor<*xf32>)
    %s:4, %cs = tfg.Split(%axis1, %gates) name("split") {T = f32, num_split = 4 : i64} : (tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
    %si, %csi = tfg.Sigmoid(%s#0) name("sig_i") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    %sf, %csf = tfg.Sigmoid(%s#1) name("sig_f") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    %tg, %ctg = tfg.Tanh(%s#2) name("tanh_g") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    %so, %cso = tfg.Sigmoid(%s#3) name("sig_o") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    %fc, %cfc = tfg.Mul(%sf, %c) name("f_c") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
    %ig, %cig = tfg.Mul(%si, %tg) name("i_g") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
    %c2, %cc2 = tfg.AddV2(%fc, %ig) name("c_next") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
    %tc, %ctc = tfg.Tanh(%c2) name("tanh_c") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    %h2, %ch2 = tfg.Mul(%so, %tc) name("h_next") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
    %t2, %ct2 = tfg.AddV2(%t, %one) name("t_next") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    tfg.return(%t2, %h2, %c2, %x : tensor<*xi32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  }
}
