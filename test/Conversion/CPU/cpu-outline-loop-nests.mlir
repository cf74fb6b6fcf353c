// RUN: tfg-opt %s --split-input-file --tfg-cpu-outline-loop-nests | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-cpu-outline-loop-nests=min-ops=8 | FileCheck %s --check-prefix=MIN

// Each outermost loop becomes a private, internal function called where it
// was; constants are cloned into it (bounds stay constant), the buffers it
// uses are its arguments. The two buffers of each are distinct
// allocations / the one caller's buffer: noalias, bare pointers.
// CHECK-LABEL: func.func @two_loops(
// CHECK-SAME: %[[A:.*]]: memref<16xf32>
// CHECK: %[[BUF:.*]] = memref.alloc() : memref<16xf32>
// CHECK-NEXT: call @two_loops_loop0(%[[A]], %[[BUF]]) : (memref<16xf32>, memref<16xf32>) -> ()
// CHECK-NEXT: call @two_loops_loop1(%[[BUF]]) : (memref<16xf32>) -> ()
// CHECK-NEXT: memref.dealloc %[[BUF]]
// CHECK-NOT: scf.for
// CHECK: return
// CHECK: func.func private @two_loops_loop0(%{{.*}}: memref<16xf32> {llvm.noalias}, %{{.*}}: memref<16xf32> {llvm.noalias})
// CHECK-SAME: attributes {llvm.bareptr, llvm.linkage = #llvm.linkage<internal>, tfg.outlined}
// CHECK-DAG: arith.constant 0 : index
// CHECK-DAG: arith.constant 16 : index
// CHECK-DAG: arith.constant 1 : index
// CHECK: scf.for
// CHECK: func.func private @two_loops_loop1(%{{.*}}: memref<16xf32> {llvm.noalias})
// CHECK: arith.constant 2.0
// CHECK: scf.for
// MIN-LABEL: func.func @two_loops(
// MIN-NOT: call
// MIN: scf.for
// MIN: scf.for
// MIN-NOT: func.func private @two_loops
func.func @two_loops(%a: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %buf = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %x = memref.load %a[%i] : memref<16xf32>
    memref.store %x, %buf[%i] : memref<16xf32>
  }
  scf.for %i = %c0 to %c16 step %c1 {
    %x = memref.load %buf[%i] : memref<16xf32>
    %y = arith.mulf %x, %two : f32
    memref.store %y, %buf[%i] : memref<16xf32>
  }
  memref.dealloc %buf : memref<16xf32>
  return
}

// -----

// Only the outermost loop moves (the inner one with it); its result is the
// function's. Two views of one buffer may overlap: no noalias on either.
// CHECK-LABEL: func.func @nest_views(
// CHECK: %[[LO:.*]] = memref.subview
// CHECK: %[[HI:.*]] = memref.subview
// CHECK: %[[SUM:.*]] = call @nest_views_loop0(%[[HI]], %[[LO]]) : (memref<4xf32, strided<[1], offset: 4>>, memref<4xf32, strided<[1]>>) -> f32
// CHECK: return %[[SUM]]
// CHECK: func.func private @nest_views_loop0(%{{[^:]*}}: memref<4xf32, strided<[1], offset: 4>>, %{{[^:]*}}: memref<4xf32, strided<[1]>>) -> f32
// CHECK-SAME: llvm.bareptr
// CHECK: scf.for
// CHECK: scf.for
// CHECK: return %{{.*}} : f32
// CHECK-NOT: func.func private
func.func @nest_views() -> f32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %buf = memref.alloc() : memref<8xf32>
  %lo = memref.subview %buf[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  %hi = memref.subview %buf[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> f32 {
    %inner = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc2 = %acc) -> f32 {
      %x = memref.load %hi[%j] : memref<4xf32, strided<[1], offset: 4>>
      memref.store %x, %lo[%i] : memref<4xf32, strided<[1]>>
      %s = arith.addf %acc2, %x : f32
      scf.yield %s : f32
    }
    scf.yield %inner : f32
  }
  memref.dealloc %buf : memref<8xf32>
  return %sum : f32
}

// -----

// Two of the caller's buffers may be the same: no noalias; a global is
// distinct from them.
// CHECK-LABEL: func.func private @two_args_loop0(
// CHECK-SAME: %{{[^:]*}}: memref<4xf32>, %{{[^:]*}}: memref<4xf32> {llvm.noalias}, %{{[^:]*}}: memref<4xf32>)
memref.global "private" constant @w : memref<4xf32> = dense<1.0>
func.func @two_args(%a: memref<4xf32>, %b: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %w = memref.get_global @w : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %a[%i] : memref<4xf32>
    %y = memref.load %w[%i] : memref<4xf32>
    %z = arith.addf %x, %y : f32
    memref.store %z, %b[%i] : memref<4xf32>
  }
  return
}

// -----

// A dynamic shape: descriptors, which cannot carry noalias (no bareptr);
// the dynamic size is an argument.
// CHECK-LABEL: func.func private @dynamic_loop0(
// CHECK-SAME: %{{[^:]*}}: index, %{{[^:]*}}: memref<?xf32>, %{{[^:]*}}: memref<?xf32>)
// CHECK-NOT: llvm.noalias
// CHECK-NOT: llvm.bareptr
// CHECK-SAME: attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined}
func.func @dynamic(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %buf = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[%i] : memref<?xf32>
    memref.store %x, %buf[%i] : memref<?xf32>
  }
  memref.dealloc %buf : memref<?xf32>
  return
}

// -----

// A loop that frees a buffer needs malloc's pointer, not the aligned one
// a bare pointer is: descriptors. A loop-carried buffer may be any buffer:
// no noalias.
// CHECK-LABEL: func.func private @frees_loop0(
// CHECK-NOT: llvm.noalias
// CHECK-NOT: llvm.bareptr
// CHECK-SAME: tfg.outlined
func.func @frees(%a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %buf = memref.alloc() : memref<4xf32>
  %r = scf.while (%b = %buf) : (memref<4xf32>) -> memref<4xf32> {
    %x = memref.load %b[%c0] : memref<4xf32>
    %zero = arith.constant 0.0 : f32
    %go = arith.cmpf ogt, %x, %zero : f32
    scf.condition(%go) %b : memref<4xf32>
  } do {
  ^bb0(%b: memref<4xf32>):
    %next = memref.alloc() : memref<4xf32>
    memref.copy %a, %next : memref<4xf32> to memref<4xf32>
    memref.dealloc %b : memref<4xf32>
    scf.yield %next : memref<4xf32>
  }
  memref.dealloc %r : memref<4xf32>
  return
}

// -----

// Nothing to outline: unchanged.
// CHECK-LABEL: func.func @no_loops(
// CHECK-NEXT: return
// CHECK-NOT: func.func private @no_loops
func.func @no_loops(%a: memref<4xf32>) {
  return
}

// -----

// A private function's caller may pass a global or one of its own buffers:
// its arguments' origin is unknown, no noalias (bare pointers still).
// CHECK-LABEL: func.func private @branch_loop0(
// CHECK-NOT: llvm.noalias
// CHECK-SAME: llvm.bareptr
func.func private @branch(%a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %buf = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %a[%i] : memref<4xf32>
    memref.store %x, %buf[%i] : memref<4xf32>
  }
  memref.dealloc %buf : memref<4xf32>
  return
}

// -----

// The caller knew an allocation's (a global's) alignment: the bare pointer
// keeps it (llvm.align); a buffer of unknown alignment gets none.
// CHECK-LABEL: func.func private @aligned_loop0(
// CHECK-SAME: %{{[^:]*}}: memref<4xf32> {llvm.noalias}, %{{[^:]*}}: memref<2xf32, strided<[1], offset: 2>> {llvm.align = 32 : i64, llvm.noalias}, %{{[^:]*}}: memref<4xf32> {llvm.align = 64 : i64, llvm.noalias})
memref.global "private" constant @g : memref<4xf32> = dense<1.0> {alignment = 32 : i64}
func.func @aligned(%a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %buf = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  %g = memref.get_global @g : memref<4xf32>
  %view = memref.subview %g[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  scf.for %i = %c0 to %c2 step %c1 {
    %x = memref.load %a[%i] : memref<4xf32>
    %y = memref.load %view[%i] : memref<2xf32, strided<[1], offset: 2>>
    %z = arith.addf %x, %y : f32
    memref.store %z, %buf[%i] : memref<4xf32>
  }
  memref.dealloc %buf : memref<4xf32>
  return
}
