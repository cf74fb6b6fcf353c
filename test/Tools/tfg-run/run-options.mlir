// tfg-run's options: generated inputs, --runs, --compare-pipeline, and
// its errors (each one line, exit 1; a failed comparison exits 2).
// RUN: tfg-run %s --random-inputs --seed 7 --batch-size 3 --runs 4 --print-outputs 2 | FileCheck %s
// CHECK: input  x: <f4 [3,2]
// CHECK: output y: <f4 [3,2]
// CHECK: compile: {{[0-9.]+}} s
// CHECK: latency: median {{[0-9.]+}} ms over 4 run(s)
// Random floats are in [0, 1): y = 2 * x + 1 is in [1, 3).
// CHECK: y = {{[12]\.[0-9]+ [12]\.[0-9]+}} ...

// The same seed gives the same inputs: runs are reproducible.
// RUN: tfg-run %s --random-inputs --seed 7 --output-dir %t.a --quiet
// RUN: tfg-run %s --random-inputs --seed 7 --compare %t.a | FileCheck %s --check-prefix=SAME
// SAME: y{{ +}}ok   max_abs=0.00e+00 rel_l2=0.00e+00

// --compare-pipeline runs the graph before and after a TFG pipeline on the
// same inputs: removing the Identity changes nothing.
// RUN: tfg-run %s --random-inputs --compare-pipeline "" "tfg-remove-nodes" | FileCheck %s --check-prefix=PIPE
// PIPE: compare: pipeline "" vs "tfg-remove-nodes"
// PIPE: y{{ +}}ok   max_abs=0.00e+00

// RUN: not tfg-run %s 2>&1 | FileCheck %s --check-prefix=NOINPUT
// NOINPUT: tfg-run: error: input 'x' [1,2] has no value: give --input x=file.npy or --random-inputs
// RUN: not tfg-run %s --input x 2>&1 | FileCheck %s --check-prefix=BADSPEC
// BADSPEC: tfg-run: error: --input wants name=file.npy, got 'x'
// RUN: not tfg-run %s --input x=%t.missing.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: tfg-run: error: {{.*}}missing.npy: cannot read: No such file or directory
// RUN: %python %S/Inputs/make_npy.py %t.int.npy "<i4" 1x2 "1,2"
// RUN: not tfg-run %s --input x=%t.int.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: tfg-run: error: input 'x': {{.*}}int.npy holds <i4 [1,2], the model wants <f4 [1,2]
// RUN: %python %S/Inputs/make_npy.py %t.wide.npy "<f4" 1x3 "1,2,3"
// RUN: not tfg-run %s --input x=%t.wide.npy 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: error: input 'x': the shape given [1,3] does not fit the Placeholder's 'tensor<?x2xf32>'
// SHAPE-NEXT: note: input 'x' is fed from {{.*}}wide.npy (--input), which gives its shape
// RUN: not tfg-run %s --random-inputs --pipeline "no-such-pass" 2>&1 | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: tfg-run: error: cannot parse pipeline 'no-such-pass'
// RUN: not tfg-run %s --random-inputs --outputs nope 2>&1 | FileCheck %s --check-prefix=OUTPUT
// OUTPUT: error: output 'nope': no node of that name in the graph
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x2>} : () -> (tensor<?x2xf32>)
  %i, %ci = tfg.Identity(%x) name("i") {T = f32} : (tensor<?x2xf32>) -> (tensor<*xf32>)
  %two, %c2 = tfg.Const name("two") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
  %one, %c1 = tfg.Const name("one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %m, %cm = tfg.Mul(%i, %two) name("m") {T = f32} : (tensor<*xf32>, tensor<f32>) -> (tensor<*xf32>)
  %y, %cy = tfg.AddV2(%m, %one) name("y") {T = f32} : (tensor<*xf32>, tensor<f32>) -> (tensor<*xf32>)
}
