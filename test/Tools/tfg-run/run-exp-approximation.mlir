// Exp, Sigmoid and Softmax through tfg-cpu-approximate-exp (the
// polynomial exp), across the f32 range: the saturation at both ends,
// NaN, and values by hand (e^-1 = 0.36787944, e^0.5 = 1.6487213,
// e^10 = 22026.465, e^20 = 485165195, e^88.5 = 2.7230880e38; e^88.8
// overflows f32; e^-87.5 = 9.9823516e-39, the smallest normal range;
// e^-103.5 would be a denormal and flushes to 0). Sigmoid(1) =
// 1 / (1 + e^-1) = 0.73105858. The 20 lanes are a vector of 16 and 4
// remainder lanes.
// RUN: %python %S/Inputs/make_npy.py %t.x.npy "<f4" 20 "-inf,-200,-103.5,-87.5,-20,-1,-0.5,0,1e-7,0.5,1,2,10,20,80,88.5,88.8,89,inf,nan"
// RUN: %python %S/Inputs/make_npy.py %t.row.npy "<f4" 2x3 "0,0.6931472,-inf,1,1,1"
// RUN: tfg-run %s --input x=%t.x.npy --input row=%t.row.npy --outputs y,s,p --print-outputs 20 | FileCheck %s

// CHECK: y = 0 0 0 9.98235{{[0-9]*}}e-39 2.06115{{[0-9]*}}e-09 0.367879{{[0-9]*}} 0.606530{{[0-9]*}} 1 1.0000001{{[0-9]*}} 1.648721{{[0-9]*}} 2.718281{{[0-9]*}} 7.389056{{[0-9]*}} 22026.46{{[0-9]*}} 4851651{{[0-9]*}} 5.54062{{[0-9]*}}e+34 2.72308{{[0-9]*}}e+38 inf inf inf nan{{$}}
// CHECK: s = 0 0 0 9.98235{{[0-9]*}}e-39 2.06115{{[0-9]*}}e-09 0.268941{{[0-9]*}} 0.377540{{[0-9]*}} 0.5 0.5000000{{[0-9]*}} 0.622459{{[0-9]*}} 0.731058{{[0-9]*}} 0.880797{{[0-9]*}} 0.999954{{[0-9]*}} 1 1 1 1 1 1 {{-?}}nan{{$}}
// Softmax rows [0, ln 2, -inf] -> [1/3, 2/3, 0] and [1, 1, 1] -> 1/3 each.
// CHECK: p = 0.33333{{[0-9]*}} 0.66666{{[0-9]*}} 0 0.33333{{[0-9]*}} 0.33333{{[0-9]*}} 0.33333{{[0-9]*}}{{$}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<20>} : () -> (tensor<20xf32>)
  %row, %crow = tfg.Placeholder name("row") {dtype = f32, shape = #tfg.shape<2x3>} : () -> (tensor<2x3xf32>)
  %y, %cy = tfg.Exp(%x) name("y") {T = f32} : (tensor<20xf32>) -> (tensor<*xf32>)
  %s, %cs = tfg.Sigmoid(%x) name("s") {T = f32} : (tensor<20xf32>) -> (tensor<*xf32>)
  %p, %cp = tfg.Softmax(%row) name("p") {T = f32} : (tensor<2x3xf32>) -> (tensor<*xf32>)
}
