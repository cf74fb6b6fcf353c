// The graph of conv-padding-oracle.test: SAME and EXPLICIT convolutions
// whose zero padding tfg-cpu-fold-conv-padding folds into border pieces
// (and one 5x5 that keeps its padded copy), at odd and even sizes, strides
// 1 and 2, dilation 2, regular and depthwise, with bias + activation and a
// residual add as epilogues. The filters and biases are inputs too, so the
// oracle's random values reach every tap.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %_x = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x19x21x16>} : () -> (tensor<1x19x21x16xf32>)
  %y, %_y = tfg.Placeholder name("y") {dtype = f32, shape = #tfg.shape<1x20x22x16>} : () -> (tensor<1x20x22x16xf32>)
  %w, %_w = tfg.Placeholder name("w") {dtype = f32, shape = #tfg.shape<3x3x16x24>} : () -> (tensor<3x3x16x24xf32>)
  %wr, %_wr = tfg.Placeholder name("wr") {dtype = f32, shape = #tfg.shape<3x3x16x16>} : () -> (tensor<3x3x16x16xf32>)
  %w5, %_w5 = tfg.Placeholder name("w5") {dtype = f32, shape = #tfg.shape<5x5x16x8>} : () -> (tensor<5x5x16x8xf32>)
  %dw, %_dw = tfg.Placeholder name("dw") {dtype = f32, shape = #tfg.shape<3x3x16x1>} : () -> (tensor<3x3x16x1xf32>)
  %b, %_b = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<24>} : () -> (tensor<24xf32>)
  %bd, %_bd = tfg.Placeholder name("bd") {dtype = f32, shape = #tfg.shape<16>} : () -> (tensor<16xf32>)

  %c1, %_c1 = tfg.Conv2D(%x, %w) name("conv") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x19x21x16xf32>, tensor<3x3x16x24xf32>) -> (tensor<*xf32>)
  %c1b, %_c1b = tfg.BiasAdd(%c1, %b) name("conv_bias") {T = f32} : (tensor<*xf32>, tensor<24xf32>) -> (tensor<*xf32>)
  %c1r, %_c1r = tfg.Relu(%c1b) name("same_relu") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %s2o, %_s2o = tfg.Conv2D(%x, %w) name("s2_odd") {T = f32, padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<1x19x21x16xf32>, tensor<3x3x16x24xf32>) -> (tensor<*xf32>)
  %s2e, %_s2e = tfg.Conv2D(%y, %w) name("s2_even") {T = f32, padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<1x20x22x16xf32>, tensor<3x3x16x24xf32>) -> (tensor<*xf32>)
  %d2, %_d2 = tfg.Conv2D(%x, %w) name("dil2") {T = f32, padding = "SAME", strides = [1, 1, 1, 1], dilations = [1, 2, 2, 1]} : (tensor<1x19x21x16xf32>, tensor<3x3x16x24xf32>) -> (tensor<*xf32>)
  %ex, %_ex = tfg.Conv2D(%x, %w) name("explicit") {T = f32, padding = "EXPLICIT", explicit_paddings = [0, 0, 2, 1, 0, 3, 0, 0], strides = [1, 1, 1, 1]} : (tensor<1x19x21x16xf32>, tensor<3x3x16x24xf32>) -> (tensor<*xf32>)
  %c5, %_c5 = tfg.Conv2D(%x, %w5) name("same5") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x19x21x16xf32>, tensor<5x5x16x8xf32>) -> (tensor<*xf32>)
  %cr, %_cr = tfg.Conv2D(%x, %wr) name("conv_res") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x19x21x16xf32>, tensor<3x3x16x16xf32>) -> (tensor<*xf32>)
  %res, %_res = tfg.AddV2(%cr, %x) name("residual") {T = f32} : (tensor<*xf32>, tensor<1x19x21x16xf32>) -> (tensor<*xf32>)

  %d1, %_d1 = tfg.DepthwiseConv2dNative(%x, %dw) name("dwconv") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x19x21x16xf32>, tensor<3x3x16x1xf32>) -> (tensor<*xf32>)
  %d1b, %_d1b = tfg.BiasAdd(%d1, %bd) name("dw_bias") {T = f32} : (tensor<*xf32>, tensor<16xf32>) -> (tensor<*xf32>)
  %d1r, %_d1r = tfg.Relu6(%d1b) name("dw_relu6") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %ds2e, %_ds2e = tfg.DepthwiseConv2dNative(%y, %dw) name("dw_s2_even") {T = f32, padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<1x20x22x16xf32>, tensor<3x3x16x1xf32>) -> (tensor<*xf32>)
  %ds2o, %_ds2o = tfg.DepthwiseConv2dNative(%x, %dw) name("dw_s2_odd") {T = f32, padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<1x19x21x16xf32>, tensor<3x3x16x1xf32>) -> (tensor<*xf32>)
  %dd2, %_dd2 = tfg.DepthwiseConv2dNative(%x, %dw) name("dw_dil2") {T = f32, padding = "SAME", strides = [1, 1, 1, 1], dilations = [1, 2, 2, 1]} : (tensor<1x19x21x16xf32>, tensor<3x3x16x1xf32>) -> (tensor<*xf32>)
}
