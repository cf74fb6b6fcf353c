// RUN: tfg-opt %s --split-input-file --tfg-cpu-outline-loop-nests --tfg-cpu-share-identical-nests | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-cpu-outline-loop-nests --tfg-cpu-share-identical-nests --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=LOC
// RUN: tfg-opt %s --split-input-file --tfg-cpu-outline-loop-nests | FileCheck %s --check-prefix=APART

// Two layers of one shape that read different weights are one function,
// called with each layer's weights and buffers. A nest that differs in a
// constant (3.0 instead of 2.0) or in a type (8 elements) keeps its own.
// CHECK-LABEL: func.func @layers(
// CHECK-SAME: %[[A:.*]]: memref<4xf32>, %[[B:.*]]: memref<8xf32>
// CHECK-DAG: %[[W1:.*]] = memref.get_global @w1
// CHECK-DAG: %[[W2:.*]] = memref.get_global @w2
// CHECK-DAG: %[[W3:.*]] = memref.get_global @w3
// CHECK-DAG: %[[T1:.*]] = memref.alloc() : memref<4xf32>
// CHECK-DAG: %[[T2:.*]] = memref.alloc() : memref<4xf32>
// CHECK: call @layers_loop0(%[[A]], %[[W1]], %[[T1]])
// CHECK-NEXT: call @layers_loop0(%[[T1]], %[[W2]], %[[T2]])
// CHECK-NEXT: call @layers_loop2(%[[T2]], %[[W3]], %[[A]])
// CHECK-NEXT: call @layers_loop3(%[[B]])
// CHECK: func.func private @layers_loop0(
// CHECK: arith.constant 2.0
// CHECK-NOT: func.func private @layers_loop1(
// CHECK: func.func private @layers_loop2(
// CHECK: arith.constant 3.0
// CHECK: func.func private @layers_loop3(
// The kept function's location names both layers; the others their own.
// LOC-LABEL: func.func private @layers_loop0(
// LOC: } loc(fused["layer1", "layer2"])
// LOC-LABEL: func.func private @layers_loop2(
// LOC: } loc("layer3")
// Without the pass, one function per nest.
// APART: call @layers_loop0(
// APART-NEXT: call @layers_loop1(
// APART-NEXT: call @layers_loop2(
// APART-NEXT: call @layers_loop3(
// APART: func.func private @layers_loop1(
memref.global "private" constant @w1 : memref<4xf32> = dense<1.0>
memref.global "private" constant @w2 : memref<4xf32> = dense<2.0>
memref.global "private" constant @w3 : memref<4xf32> = dense<3.0>
func.func @layers(%a: memref<4xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %w1 = memref.get_global @w1 : memref<4xf32>
  %w2 = memref.get_global @w2 : memref<4xf32>
  %w3 = memref.get_global @w3 : memref<4xf32>
  %t1 = memref.alloc() : memref<4xf32>
  %t2 = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %a[%i] : memref<4xf32>
    %w = memref.load %w1[%i] : memref<4xf32>
    %y = arith.mulf %x, %w : f32
    %z = arith.mulf %y, %two : f32
    memref.store %z, %t1[%i] : memref<4xf32>
  } loc("layer1")
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %t1[%i] : memref<4xf32>
    %w = memref.load %w2[%i] : memref<4xf32>
    %y = arith.mulf %x, %w : f32
    %z = arith.mulf %y, %two : f32
    memref.store %z, %t2[%i] : memref<4xf32>
  } loc("layer2")
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %t2[%i] : memref<4xf32>
    %w = memref.load %w3[%i] : memref<4xf32>
    %y = arith.mulf %x, %w : f32
    %z = arith.mulf %y, %three : f32
    memref.store %z, %a[%i] : memref<4xf32>
  } loc("layer3")
  scf.for %i = %c0 to %c8 step %c1 {
    %x = memref.load %b[%i] : memref<8xf32>
    %z = arith.mulf %x, %two : f32
    memref.store %z, %b[%i] : memref<8xf32>
  } loc("layer4")
  memref.dealloc %t1 : memref<4xf32>
  memref.dealloc %t2 : memref<4xf32>
  return
}

// -----

// The same loop twice, but the second reads two of the caller's buffers,
// which may be one (no noalias on them), and the first an allocation and
// a caller's buffer (noalias): the promises differ, so do the functions.
// CHECK-LABEL: func.func @aliasing(
// CHECK: call @aliasing_loop0(%{{.*}}, %{{.*}})
// CHECK-NEXT: call @aliasing_loop1(%{{.*}}, %{{.*}})
// CHECK: func.func private @aliasing_loop0(%{{[^:]*}}: memref<4xf32> {llvm.noalias}, %{{[^:]*}}: memref<4xf32> {llvm.noalias})
// CHECK: func.func private @aliasing_loop1(%{{[^:]*}}: memref<4xf32>, %{{[^:]*}}: memref<4xf32>)
func.func @aliasing(%a: memref<4xf32>, %b: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %t = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %a[%i] : memref<4xf32>
    memref.store %x, %t[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %a[%i] : memref<4xf32>
    memref.store %x, %b[%i] : memref<4xf32>
  }
  memref.dealloc %t : memref<4xf32>
  return
}

// -----

// Nests of two functions share too (symbols are the module's).
// CHECK-LABEL: func.func @first(
// CHECK: call @first_loop0(
// CHECK-LABEL: func.func @second(
// CHECK: call @first_loop0(
// CHECK-NOT: func.func private @second_loop0
func.func @first(%a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %t = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %a[%i] : memref<4xf32>
    memref.store %x, %t[%i] : memref<4xf32>
  }
  memref.dealloc %t : memref<4xf32>
  return
}
func.func @second(%a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %t = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %a[%i] : memref<4xf32>
    memref.store %x, %t[%i] : memref<4xf32>
  }
  memref.dealloc %t : memref<4xf32>
  return
}

// -----

// Only outlined nests (tfg.outlined) are shared: @nest_b's call goes to
// @nest_a; @branch and @other_branch, the same as each other but the
// model's own functions (lowered If branches), keep theirs.
// CHECK-LABEL: func.func @calls(
// CHECK-NEXT: call @nest_a(%{{.*}})
// CHECK-NEXT: call @nest_a(%{{.*}})
// CHECK-NEXT: call @branch(%{{.*}})
// CHECK-NEXT: call @other_branch(%{{.*}})
// CHECK: func.func private @nest_a(
// CHECK-NOT: func.func private @nest_b(
// CHECK: func.func private @branch(
// CHECK: func.func private @other_branch(
func.func @calls(%a: memref<4xf32>) {
  call @nest_a(%a) : (memref<4xf32>) -> ()
  call @nest_b(%a) : (memref<4xf32>) -> ()
  call @branch(%a) : (memref<4xf32>) -> ()
  call @other_branch(%a) : (memref<4xf32>) -> ()
  return
}
func.func private @nest_a(%a: memref<4xf32>) attributes {tfg.outlined} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  memref.store %one, %a[%c0] : memref<4xf32>
  return
}
func.func private @nest_b(%a: memref<4xf32>) attributes {tfg.outlined} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  memref.store %one, %a[%c0] : memref<4xf32>
  return
}
func.func private @branch(%a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  memref.store %one, %a[%c0] : memref<4xf32>
  return
}
func.func private @other_branch(%a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  memref.store %one, %a[%c0] : memref<4xf32>
  return
}

// -----

// A dropped nest that something other than a call names (here a function
// constant) stays; its call still goes to the kept one.
// CHECK-LABEL: func.func @named(
// CHECK-NEXT: call @kept(%{{.*}})
// CHECK-NEXT: call @kept(%{{.*}})
// CHECK-NEXT: constant @also_named
// CHECK: func.func private @kept(
// CHECK: func.func private @also_named(
func.func @named(%a: memref<4xf32>) {
  call @kept(%a) : (memref<4xf32>) -> ()
  call @also_named(%a) : (memref<4xf32>) -> ()
  %f = func.constant @also_named : (memref<4xf32>) -> ()
  return
}
func.func private @kept(%a: memref<4xf32>) attributes {tfg.outlined} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  memref.store %one, %a[%c0] : memref<4xf32>
  return
}
func.func private @also_named(%a: memref<4xf32>) attributes {tfg.outlined} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  memref.store %one, %a[%c0] : memref<4xf32>
  return
}
