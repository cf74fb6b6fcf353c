// Convolutions whose output channels are not a multiple of the vector
// register block, each with a bias (an epilogue), which
// tfg-cpu-vectorize-convolutions computes as one loop of overlapping
// whole-vector blocks, the last one ending at the last channel (on
// AVX-512: 17 = blocks at 0 and 1; 33 = 16 + 16 + 1, blocks at 0, 16, 17;
// a depthwise 17 = blocks at 0 and 1), not as a block and a remainder
// block; a depthwise 24 (16 + 8: a remainder over a quarter of a vector)
// keeps its two pieces. x[p, c] = 4p + c on 6 pixels x 4 channels, filter (f + 1) for
// every input channel, bias 1: y[p, f] = (f + 1)(16p + 6) + 1. The
// depthwise one: x24[p, c] = 24p + c, filter (c + 1), bias 1:
// y[p, c] = (c + 1)(24p + c) + 1, and as much for x17 (17p + c). Every value is an integer, exact in fp32;
// a channel computed from the wrong filter or input slice, or written to
// the wrong place, changes it.
// RUN: %python %S/Inputs/make_npy.py %t.x.npy "<f4" 1x2x3x4 iota
// RUN: %python %S/Inputs/make_npy.py %t.x24.npy "<f4" 1x2x3x24 iota
// RUN: %python %S/Inputs/make_npy.py %t.x17.npy "<f4" 1x2x3x17 iota
// RUN: tfg-run %s --input x=%t.x.npy --input x24=%t.x24.npy --input x17=%t.x17.npy --outputs y17,y33,d24,d17 --print-outputs 1000 | FileCheck %s
// CHECK: y17 = 7 13 19 25 31 37 43 49 55 61 67 73 79 85 91 97 103 23 45 67 89 111 133 155 177 199 221 243 265 287 309 331 353 375 39 77 115 153 191 229 267 305 343 381 419 457 495 533 571 609 647 55 109 163 217 271 325 379 433 487 541 595 649 703 757 811 865 919 71 141 211 281 351 421 491 561 631 701 771 841 911 981 1051 1121 1191 87 173 259 345 431 517 603 689 775 861 947 1033 1119 1205 1291 1377 1463{{$}}
// CHECK: y33 = 7 13 19 25 31 37 43 49 55 61 67 73 79 85 91 97 103 109 115 121 127 133 139 145 151 157 163 169 175 181 187 193 199 23 45 67 89 111 133 155 177 199 221 243 265 287 309 331 353 375 397 419 441 463 485 507 529 551 573 595 617 639 661 683 705 727 39 77 115 153 191 229 267 305 343 381 419 457 495 533 571 609 647 685 723 761 799 837 875 913 951 989 1027 1065 1103 1141 1179 1217 1255 55 109 163 217 271 325 379 433 487 541 595 649 703 757 811 865 919 973 1027 1081 1135 1189 1243 1297 1351 1405 1459 1513 1567 1621 1675 1729 1783 71 141 211 281 351 421 491 561 631 701 771 841 911 981 1051 1121 1191 1261 1331 1401 1471 1541 1611 1681 1751 1821 1891 1961 2031 2101 2171 2241 2311 87 173 259 345 431 517 603 689 775 861 947 1033 1119 1205 1291 1377 1463 1549 1635 1721 1807 1893 1979 2065 2151 2237 2323 2409 2495 2581 2667 2753 2839{{$}}
// CHECK: d24 = 1 3 7 13 21 31 43 57 73 91 111 133 157 183 211 241 273 307 343 381 421 463 507 553 25 51 79 109 141 175 211 249 289 331 375 421 469 519 571 625 681 739 799 861 925 991 1059 1129 49 99 151 205 261 319 379 441 505 571 639 709 781 855 931 1009 1089 1171 1255 1341 1429 1519 1611 1705 73 147 223 301 381 463 547 633 721 811 903 997 1093 1191 1291 1393 1497 1603 1711 1821 1933 2047 2163 2281 97 195 295 397 501 607 715 825 937 1051 1167 1285 1405 1527 1651 1777 1905 2035 2167 2301 2437 2575 2715 2857 121 243 367 493 621 751 883 1017 1153 1291 1431 1573 1717 1863 2011 2161 2313 2467 2623 2781 2941 3103 3267 3433{{$}}
// CHECK: d17 = 1 3 7 13 21 31 43 57 73 91 111 133 157 183 211 241 273 18 37 58 81 106 133 162 193 226 261 298 337 378 421 466 513 562 35 71 109 149 191 235 281 329 379 431 485 541 599 659 721 785 851 52 105 160 217 276 337 400 465 532 601 672 745 820 897 976 1057 1140 69 139 211 285 361 439 519 601 685 771 859 949 1041 1135 1231 1329 1429 86 173 262 353 446 541 638 737 838 941 1046 1153 1262 1373 1486 1601 1718{{$}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %c0 = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x2x3x4>} : () -> (tensor<1x2x3x4xf32>)
  %ones, %c1 = tfg.Const name("ones") {dtype = f32, value = dense<1.0> : tensor<1x1x4x1xf32>} : () -> (tensor<1x1x4x1xf32>)
  %r17, %c2 = tfg.Const name("r17") {dtype = f32, value = dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0]> : tensor<17xf32>} : () -> (tensor<17xf32>)
  %f17, %c3 = tfg.Mul(%ones, %r17) name("f17") {T = f32} : (tensor<1x1x4x1xf32>, tensor<17xf32>) -> (tensor<*xf32>)
  %b17, %c4 = tfg.Const name("b17") {dtype = f32, value = dense<1.0> : tensor<17xf32>} : () -> (tensor<17xf32>)
  %conv17, %c5 = tfg.Conv2D(%x, %f17) name("conv17") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x2x3x4xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %y17, %c6 = tfg.BiasAdd(%conv17, %b17) name("y17") {T = f32} : (tensor<*xf32>, tensor<17xf32>) -> (tensor<*xf32>)
  %r33, %c7 = tfg.Const name("r33") {dtype = f32, value = dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0, 33.0]> : tensor<33xf32>} : () -> (tensor<33xf32>)
  %f33, %c8 = tfg.Mul(%ones, %r33) name("f33") {T = f32} : (tensor<1x1x4x1xf32>, tensor<33xf32>) -> (tensor<*xf32>)
  %b33, %c9 = tfg.Const name("b33") {dtype = f32, value = dense<1.0> : tensor<33xf32>} : () -> (tensor<33xf32>)
  %conv33, %c10 = tfg.Conv2D(%x, %f33) name("conv33") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x2x3x4xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %y33, %c11 = tfg.BiasAdd(%conv33, %b33) name("y33") {T = f32} : (tensor<*xf32>, tensor<33xf32>) -> (tensor<*xf32>)
  %x24, %c12 = tfg.Placeholder name("x24") {dtype = f32, shape = #tfg.shape<1x2x3x24>} : () -> (tensor<1x2x3x24xf32>)
  %f24, %c13 = tfg.Const name("f24") {dtype = f32, value = dense<[[[[1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0], [8.0], [9.0], [10.0], [11.0], [12.0], [13.0], [14.0], [15.0], [16.0], [17.0], [18.0], [19.0], [20.0], [21.0], [22.0], [23.0], [24.0]]]]> : tensor<1x1x24x1xf32>} : () -> (tensor<1x1x24x1xf32>)
  %b24, %c14 = tfg.Const name("b24") {dtype = f32, value = dense<1.0> : tensor<24xf32>} : () -> (tensor<24xf32>)
  %dw24, %c15 = tfg.DepthwiseConv2dNative(%x24, %f24) name("dw24") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x2x3x24xf32>, tensor<1x1x24x1xf32>) -> (tensor<*xf32>)
  %d24, %c16 = tfg.BiasAdd(%dw24, %b24) name("d24") {T = f32} : (tensor<*xf32>, tensor<24xf32>) -> (tensor<*xf32>)
  %x17, %c17 = tfg.Placeholder name("x17") {dtype = f32, shape = #tfg.shape<1x2x3x17>} : () -> (tensor<1x2x3x17xf32>)
  %fd17, %c18 = tfg.Const name("fd17") {dtype = f32, value = dense<[[[[1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0], [8.0], [9.0], [10.0], [11.0], [12.0], [13.0], [14.0], [15.0], [16.0], [17.0]]]]> : tensor<1x1x17x1xf32>} : () -> (tensor<1x1x17x1xf32>)
  %dw17, %c19 = tfg.DepthwiseConv2dNative(%x17, %fd17) name("dw17") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x2x3x17xf32>, tensor<1x1x17x1xf32>) -> (tensor<*xf32>)
  %d17, %c20 = tfg.BiasAdd(%dw17, %b17) name("d17") {T = f32} : (tensor<*xf32>, tensor<17xf32>) -> (tensor<*xf32>)
}
