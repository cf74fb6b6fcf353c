// The runner frees the result buffers it is given (the caller owns them):
// results that are an input, a constant, or one buffer returned twice must
// each come back right, run after run, with nothing freed twice (glibc
// aborts on a double free; MALLOC_CHECK_ makes it check harder).
// RUN: %python %S/Inputs/make_npy.py %t.x.npy "<f4" 2 "1.5,-2"
// RUN: env MALLOC_CHECK_=3 tfg-run %s --input x=%t.x.npy --outputs i,c,m,m,c --runs 5 --print-outputs 2 | FileCheck %s
// CHECK: output i: <f4 [2]
// CHECK: latency: median {{.*}} over 5 run(s)
// CHECK-NEXT: i = 1.5 -2
// CHECK-NEXT: c = 2 3
// CHECK-NEXT: m = 2.25 4
// CHECK-NEXT: m = 2.25 4
// CHECK-NEXT: c = 2 3
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  %i, %ci = tfg.Identity(%x) name("i") {T = f32} : (tensor<2xf32>) -> (tensor<*xf32>)
  %c, %cc = tfg.Const name("c") {dtype = f32, value = dense<[2.0, 3.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %m, %cm = tfg.Mul(%x, %x) name("m") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<*xf32>)
}
