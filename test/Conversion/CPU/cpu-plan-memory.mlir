// RUN: tfg-opt %s --split-input-file --tfg-cpu-plan-memory --allow-unregistered-dialect | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-cpu-plan-memory=alignment=16 --allow-unregistered-dialect | FileCheck %s --check-prefix=A16

// Two buffers whose lives do not overlap (the first is last read before the
// second is allocated) share offset 0 of one arena, as large as the larger;
// their frees go, the arena's comes before the return.
// CHECK-LABEL: func.func @disjoint_lives(
// CHECK-NEXT: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1024xi8>
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: arith.constant 1.0
// CHECK-NEXT: %[[A:.*]] = memref.view %[[ARENA]][%[[C0]]][] : memref<1024xi8> to memref<256xf32>
// CHECK-NEXT: linalg.fill {{.*}} outs(%[[A]]
// CHECK-NEXT: memref.copy %[[A]], %arg0
// CHECK-NEXT: %[[B:.*]] = memref.view %[[ARENA]][%[[C0]]][] : memref<1024xi8> to memref<128xf32>
// CHECK-NEXT: linalg.fill {{.*}} outs(%[[B]]
// CHECK-NEXT: memref.copy %[[B]], %arg1
// CHECK-NEXT: memref.dealloc %[[ARENA]] : memref<1024xi8>
// CHECK-NEXT: return
// CHECK-NOT: memref.alloc
func.func @disjoint_lives(%out0: memref<256xf32>, %out1: memref<128xf32>) {
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() {alignment = 64 : i64} : memref<256xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<256xf32>)
  memref.copy %a, %out0 : memref<256xf32> to memref<256xf32>
  %b = memref.alloc() {alignment = 64 : i64} : memref<128xf32>
  linalg.fill ins(%cst : f32) outs(%b : memref<128xf32>)
  memref.copy %b, %out1 : memref<128xf32> to memref<128xf32>
  memref.dealloc %a : memref<256xf32>
  memref.dealloc %b : memref<128xf32>
  return
}

// -----

// Overlapping lives (both read by the add) never share a byte: the larger
// at 0, the other above it. A dealloc placed early does not shorten a life
// either way: the last use decides.
// CHECK-LABEL: func.func @overlapping_lives(
// CHECK: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1536xi8>
// CHECK-NEXT: %[[OB:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[OA:.*]] = arith.constant 1024 : index
// CHECK: memref.view %[[ARENA]][%[[OA]]][] : memref<1536xi8> to memref<128xf32>
// CHECK: memref.view %[[ARENA]][%[[OB]]][] : memref<1536xi8> to memref<256xf32>
// CHECK-NOT: memref.dealloc %{{.*}} : memref<{{.*}}xf32>
// CHECK: memref.dealloc %[[ARENA]]
// CHECK-NEXT: return
func.func @overlapping_lives(%out: memref<128xf32>) {
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() {alignment = 64 : i64} : memref<128xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<128xf32>)
  %b = memref.alloc() {alignment = 64 : i64} : memref<256xf32>
  linalg.fill ins(%cst : f32) outs(%b : memref<256xf32>)
  %bs = memref.subview %b[0] [128] [1] : memref<256xf32> to memref<128xf32, strided<[1]>>
  linalg.add ins(%a, %bs : memref<128xf32>, memref<128xf32, strided<[1]>>) outs(%out : memref<128xf32>)
  memref.dealloc %a : memref<128xf32>
  memref.dealloc %b : memref<256xf32>
  return
}

// -----

// Greedy by size, best fit: A (1024 B) and B (1024 B) overlap, then C
// (512 B) overlaps only B, so it goes into A's place; the arena is 2048
// bytes, not 2560. Aliases (expand/collapse_shape) extend a life like
// direct uses.
// CHECK-LABEL: func.func @best_fit(
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<2048xi8>
// CHECK-NEXT: %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[O1024:.*]] = arith.constant 1024 : index
// CHECK: memref.view %{{.*}}[%[[O0]]][] {{.*}} to memref<256xf32>
// CHECK: memref.view %{{.*}}[%[[O1024]]][] {{.*}} to memref<16x16xf32>
// CHECK: memref.view %{{.*}}[%[[O0]]][] {{.*}} to memref<128xf32>
func.func @best_fit(%out: memref<128xf32>) {
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() {alignment = 64 : i64} : memref<256xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<256xf32>)
  %b = memref.alloc() {alignment = 64 : i64} : memref<16x16xf32>
  %bflat = memref.collapse_shape %b [[0, 1]] : memref<16x16xf32> into memref<256xf32>
  linalg.copy ins(%a : memref<256xf32>) outs(%bflat : memref<256xf32>)
  %c = memref.alloc() {alignment = 64 : i64} : memref<128xf32>
  %bhalf = memref.subview %bflat[0] [128] [1] : memref<256xf32> to memref<128xf32, strided<[1]>>
  linalg.copy ins(%bhalf : memref<128xf32, strided<[1]>>) outs(%c : memref<128xf32>)
  memref.copy %c, %out : memref<128xf32> to memref<128xf32>
  memref.dealloc %a : memref<256xf32>
  memref.dealloc %b : memref<16x16xf32>
  memref.dealloc %c : memref<128xf32>
  return
}

// -----

// Alignment: a 4-byte buffer live with another pushes it to the next
// multiple of 64 (of 16 with alignment=16); an allocation asking for 128
// keeps its own, larger, alignment, and the arena gets it too. An i1
// buffer takes a byte per element.
// CHECK-LABEL: func.func @alignment(
// CHECK: memref.alloc() {alignment = 128 : i64} : memref<516xi8>
// CHECK-NEXT: %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[O384:.*]] = arith.constant 384 : index
// CHECK-NEXT: %[[O512:.*]] = arith.constant 512 : index
// CHECK: memref.view %{{.*}}[%[[O512]]][] {{.*}} to memref<1xf32>
// CHECK: memref.view %{{.*}}[%[[O384]]][] {{.*}} to memref<100xi1>
// CHECK: memref.view %{{.*}}[%[[O0]]][] {{.*}} to memref<96xf32>
// A16-LABEL: func.func @alignment(
// A16: memref.alloc() {alignment = 128 : i64} : memref<500xi8>
// A16-NEXT: %[[O0:.*]] = arith.constant 0 : index
// A16-NEXT: %[[O384:.*]] = arith.constant 384 : index
// A16-NEXT: %[[O496:.*]] = arith.constant 496 : index
// A16: memref.view %{{.*}}[%[[O496]]][] {{.*}} to memref<1xf32>
// A16: memref.view %{{.*}}[%[[O384]]][] {{.*}} to memref<100xi1>
// A16: memref.view %{{.*}}[%[[O0]]][] {{.*}} to memref<96xf32>
func.func @alignment(%out: memref<1xf32>, %mask: memref<100xi1>) {
  %cst = arith.constant 1.0 : f32
  %s = memref.alloc() : memref<1xf32>
  linalg.fill ins(%cst : f32) outs(%s : memref<1xf32>)
  %m = memref.alloc() : memref<100xi1>
  memref.copy %mask, %m : memref<100xi1> to memref<100xi1>
  %big = memref.alloc() {alignment = 128 : i64} : memref<96xf32>
  linalg.fill ins(%cst : f32) outs(%big : memref<96xf32>)
  %bs = memref.subview %big[0] [1] [1] : memref<96xf32> to memref<1xf32, strided<[1]>>
  "test.use"(%m) : (memref<100xi1>) -> ()
  linalg.add ins(%s, %bs : memref<1xf32>, memref<1xf32, strided<[1]>>) outs(%out : memref<1xf32>)
  memref.dealloc %s : memref<1xf32>
  memref.dealloc %m : memref<100xi1>
  memref.dealloc %big : memref<96xf32>
  return
}

// -----

// Left alone: a returned buffer (here through a view), a dynamic-shaped
// one, one in another memory space, one with a layout. The one plannable
// buffer is still planned.
// CHECK-LABEL: func.func @left_alone(
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK: %[[RET:.*]] = memref.alloc() : memref<4x4xf32>
// CHECK: %[[DYN:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: memref.alloc() : memref<16xf32, 1>
// CHECK: memref.alloc() : memref<4x4xf32, strided<[8, 1]>>
// CHECK: memref.view {{.*}} to memref<16xf32>
// CHECK: memref.dealloc %[[DYN]]
// CHECK: return %{{.*}} : memref<16xf32>
func.func @left_alone(%n: index) -> memref<16xf32> {
  %cst = arith.constant 1.0 : f32
  %ret = memref.alloc() : memref<4x4xf32>
  %dyn = memref.alloc(%n) : memref<?xf32>
  %space = memref.alloc() : memref<16xf32, 1>
  %strided = memref.alloc() : memref<4x4xf32, strided<[8, 1]>>
  %tmp = memref.alloc() : memref<16xf32>
  linalg.fill ins(%cst : f32) outs(%dyn : memref<?xf32>)
  linalg.fill ins(%cst : f32) outs(%tmp : memref<16xf32>)
  "test.use"(%space, %strided, %dyn) : (memref<16xf32, 1>, memref<4x4xf32, strided<[8, 1]>>, memref<?xf32>) -> ()
  %flat = memref.collapse_shape %ret [[0, 1]] : memref<4x4xf32> into memref<16xf32>
  memref.copy %tmp, %flat : memref<16xf32> to memref<16xf32>
  memref.dealloc %dyn : memref<?xf32>
  memref.dealloc %tmp : memref<16xf32>
  return %flat : memref<16xf32>
}

// -----

// A buffer used inside a loop lives across the whole loop: one allocated
// before the loop and one allocated after it share memory, one allocated
// before and used in the loop alongside does not. An allocation inside a
// sequential loop whose buffer does not outlive an iteration moves before
// the loop (one buffer for every iteration) and is planned with the rest;
// one inside a parallel body stays there (one per iteration, per thread),
// with its free.
// CHECK-LABEL: func.func @loops(
// CHECK: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<192xi8>
// CHECK-NEXT: %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[O64:.*]] = arith.constant 64 : index
// CHECK-NEXT: %[[O128:.*]] = arith.constant 128 : index
// CHECK: memref.view %[[ARENA]][%[[O0]]][] {{.*}} to memref<16xf32>
// CHECK: memref.view %[[ARENA]][%[[O64]]][] {{.*}} to memref<16xf32>
// CHECK: %[[INNER:.*]] = memref.view %[[ARENA]][%[[O128]]][] {{.*}} to memref<16xf32>
// CHECK-NEXT: scf.for
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.dealloc
// CHECK: scf.forall
// CHECK:   %[[TILE:.*]] = memref.alloc() : memref<4xf32>
// CHECK:   memref.dealloc %[[TILE]]
// CHECK: memref.view %[[ARENA]][%[[O0]]][] {{.*}} to memref<16xf32>
// CHECK: memref.dealloc %[[ARENA]]
func.func @loops(%out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<16xf32>)
  scf.for %i = %c0 to %c4 step %c1 {
    %inner = memref.alloc() : memref<16xf32>
    linalg.add ins(%a, %out : memref<16xf32>, memref<16xf32>) outs(%inner : memref<16xf32>)
    linalg.copy ins(%inner : memref<16xf32>) outs(%b : memref<16xf32>)
    memref.dealloc %inner : memref<16xf32>
  }
  scf.forall (%t) in (4) {
    %tile = memref.alloc() : memref<4xf32>
    %o = affine.apply affine_map<(d0) -> (d0 * 4)>(%t)
    %src = memref.subview %b[%o] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: ?>>
    memref.copy %src, %tile : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32>
    %dst = memref.subview %out[%o] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: ?>>
    memref.copy %tile, %dst : memref<4xf32> to memref<4xf32, strided<[1], offset: ?>>
    memref.dealloc %tile : memref<4xf32>
  }
  %c = memref.alloc() : memref<16xf32>
  linalg.fill ins(%cst : f32) outs(%c : memref<16xf32>)
  memref.copy %c, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  memref.dealloc %c : memref<16xf32>
  return
}

// -----

// Inside a parallel body, an allocation in a sequential loop (here under a
// branch) moves to the top of the body, before the outermost loop, and is
// freed after it: one buffer per chunk (thread), not per iteration. Its
// free was a view's. One yielded by the loop body outlives its iteration:
// it stays.
// CHECK-LABEL: func.func @parallel_body(
// CHECK-NOT: memref.view
// CHECK: scf.forall
// CHECK-NEXT: %[[ROW:.*]] = memref.alloc() : memref<2x8xf32>
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.if
// CHECK-NOT: memref.dealloc
// CHECK: }
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[ROW]]
// CHECK: scf.for {{.*}} iter_args
// CHECK-NEXT: %[[NEXT:.*]] = memref.alloc() : memref<8xf32>
// CHECK: scf.yield %[[NEXT]]
func.func @parallel_body(%out: memref<4x8xf32>, %cond: i1) -> memref<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %cst = arith.constant 1.0 : f32
  scf.forall (%t) in (4) {
    scf.for %i = %c0 to %c2 step %c1 {
      scf.if %cond {
        %row = memref.alloc() : memref<2x8xf32>
        linalg.fill ins(%cst : f32) outs(%row : memref<2x8xf32>)
        %first = memref.subview %row[0, 0] [1, 8] [1, 1] : memref<2x8xf32> to memref<8xf32, strided<[1]>>
        %dst = memref.subview %out[%t, 0] [1, 8] [1, 1] : memref<4x8xf32> to memref<8xf32, strided<[1], offset: ?>>
        memref.copy %first, %dst : memref<8xf32, strided<[1]>> to memref<8xf32, strided<[1], offset: ?>>
        memref.dealloc %first : memref<8xf32, strided<[1]>>
      }
    }
  }
  %init = memref.alloc() : memref<8xf32>
  %last = scf.for %i = %c0 to %c2 step %c1 iter_args(%prev = %init) -> (memref<8xf32>) {
    %next = memref.alloc() : memref<8xf32>
    memref.copy %prev, %next : memref<8xf32> to memref<8xf32>
    scf.yield %next : memref<8xf32>
  }
  return %last : memref<8xf32>
}

// -----

// Escapes leave a buffer alone: carried by a loop, yielded by a branch,
// passed to a call that returns a memref (it may return the same buffer),
// its address taken as an integer (how the deallocation lowering compares
// buffers). A call without memref results only uses its operands: planned.
// CHECK-LABEL: func.func @escapes(
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK: %[[CARRIED:.*]] = memref.alloc() : memref<16xf32>
// CHECK: %[[YIELDED:.*]] = memref.alloc() : memref<16xf32>
// CHECK: %[[CALLED:.*]] = memref.alloc() : memref<16xf32>
// CHECK: %[[POINTER:.*]] = memref.alloc() : memref<16xf32>
// CHECK: memref.view {{.*}} to memref<16xf32>
// CHECK: call @consume(
// CHECK: memref.dealloc %[[CALLED]]
// CHECK: memref.dealloc %[[POINTER]]
func.func private @consume(memref<16xf32>)
func.func private @identity(memref<16xf32>) -> memref<16xf32>
func.func @escapes(%out: memref<16xf32>, %cond: i1) -> (memref<16xf32>, memref<16xf32>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %carried = memref.alloc() : memref<16xf32>
  %loop = scf.for %i = %c0 to %c4 step %c1 iter_args(%it = %carried) -> (memref<16xf32>) {
    scf.yield %it : memref<16xf32>
  }
  %yielded = memref.alloc() : memref<16xf32>
  %branch = scf.if %cond -> (memref<16xf32>) {
    scf.yield %yielded : memref<16xf32>
  } else {
    scf.yield %out : memref<16xf32>
  }
  %called = memref.alloc() : memref<16xf32>
  %same = func.call @identity(%called) : (memref<16xf32>) -> memref<16xf32>
  memref.copy %same, %out : memref<16xf32> to memref<16xf32>
  %pointer = memref.alloc() : memref<16xf32>
  %address = memref.extract_aligned_pointer_as_index %pointer : memref<16xf32> -> index
  %used = memref.alloc() : memref<16xf32>
  func.call @consume(%used) : (memref<16xf32>) -> ()
  memref.dealloc %called : memref<16xf32>
  memref.dealloc %pointer : memref<16xf32>
  memref.dealloc %used : memref<16xf32>
  return %loop, %branch, %address : memref<16xf32>, memref<16xf32>, index
}

// -----

// A function of several blocks (after the control-flow lowering) is not
// planned.
// CHECK-LABEL: func.func @blocks(
// CHECK-NOT: memref.view
// CHECK: memref.alloc() : memref<16xf32>
// CHECK-NOT: memref.view
func.func @blocks(%out: memref<16xf32>, %cond: i1) {
  %a = memref.alloc() : memref<16xf32>
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  memref.copy %a, %out : memref<16xf32> to memref<16xf32>
  cf.br ^bb2
^bb2:
  memref.dealloc %a : memref<16xf32>
  return
}
