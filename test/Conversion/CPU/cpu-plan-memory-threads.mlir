// RUN: tfg-opt %s --split-input-file --tfg-cpu-plan-memory | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-cpu-plan-memory=parallel-growth=0 | FileCheck %s --check-prefix=BOUND
// RUN: tfg-opt %s --split-input-file --tfg-cpu-plan-memory=report --verify-diagnostics -o /dev/null

// Calls of outlined nests with one parallel loop (scf.forall, as
// tfg-lower-to-llvm makes them at threads > 1) are steps of a parallel
// region. @band_* compute rows [i, i + 4) of their output from the same
// rows of their input (aligned bands: two in a row need no barrier);
// @halo_* read rows 0-3 of their input in every iteration (as a 3x3 layer
// reads its neighbours' rows: the step before must be finished, a
// barrier). The steps: band_a (writes %a), halo_b (reads %a, writes %b),
// band_c (reads %b, writes %c), halo_d (reads %c, writes %d), band_y.
// Barriers before halo_b and halo_d; halo_b and band_c run at once (one
// thread may still read %a's rows 0-3 in halo_b while the other writes its
// rows of %c), as do halo_d and band_y.
//
// Without threads, %c would reuse %a's memory (a's life ends at halo_b):
// then band_c's writes race with halo_b's reads on the other thread, and
// tfg-cpu-merge-parallel-regions keeps a barrier between them. With the
// steps kept apart, %a lives until band_c and %c gets a third place (arena
// 384 bytes, 1.5x the 256 of two buffers in turn); %d, after the barrier
// before halo_d, still reuses %a's memory.
// CHECK-LABEL: func.func @main(
// CHECK-DAG: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<384xi8>
// CHECK-DAG: %[[O0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[O128:.*]] = arith.constant 128 : index
// CHECK-DAG: %[[O256:.*]] = arith.constant 256 : index
// CHECK: %[[A:.*]] = memref.view %[[ARENA]][%[[O0]]][]
// CHECK: call @band_a(%{{.*}}, %[[A]])
// CHECK: %[[B:.*]] = memref.view %[[ARENA]][%[[O128]]][]
// CHECK: call @halo_b(%[[A]], %[[B]])
// CHECK: %[[C:.*]] = memref.view %[[ARENA]][%[[O256]]][]
// CHECK: call @band_c(%[[B]], %[[C]])
// CHECK: %[[D:.*]] = memref.view %[[ARENA]][%[[O0]]][]
// CHECK: call @halo_d(%[[C]], %[[D]])
// CHECK: call @band_y(%[[D]], %{{.*}})
// CHECK: memref.dealloc %[[ARENA]]
// CHECK-NEXT: return
// With parallel-growth=0 the arena may not grow: the plan of one thread,
// %c in %a's place (the barrier stays).
// BOUND-LABEL: func.func @main(
// BOUND-DAG: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<256xi8>
// BOUND-DAG: %[[O0:.*]] = arith.constant 0 : index
// BOUND-DAG: %[[O128:.*]] = arith.constant 128 : index
// BOUND: %[[A:.*]] = memref.view %[[ARENA]][%[[O0]]][]
// BOUND: %[[B:.*]] = memref.view %[[ARENA]][%[[O128]]][]
// BOUND: %[[C:.*]] = memref.view %[[ARENA]][%[[O0]]][]
// BOUND: call @band_c(%[[B]], %[[C]])
// expected-remark @below {{memory plan: 4 buffers of 512 bytes in an arena of 384 bytes (256 with steps that run at once sharing memory)}}
func.func @main(%x: memref<8x4xf32>, %y: memref<8x4xf32>) {
  %a = memref.alloc() : memref<8x4xf32>
  call @band_a(%x, %a) : (memref<8x4xf32>, memref<8x4xf32>) -> ()
  %b = memref.alloc() : memref<8x4xf32>
  call @halo_b(%a, %b) : (memref<8x4xf32>, memref<8x4xf32>) -> ()
  %c = memref.alloc() : memref<8x4xf32>
  call @band_c(%b, %c) : (memref<8x4xf32>, memref<8x4xf32>) -> ()
  %d = memref.alloc() : memref<8x4xf32>
  call @halo_d(%c, %d) : (memref<8x4xf32>, memref<8x4xf32>) -> ()
  call @band_y(%d, %y) : (memref<8x4xf32>, memref<8x4xf32>) -> ()
  memref.dealloc %a : memref<8x4xf32>
  memref.dealloc %b : memref<8x4xf32>
  memref.dealloc %c : memref<8x4xf32>
  memref.dealloc %d : memref<8x4xf32>
  return
}
func.func private @band_a(%in: memref<8x4xf32>, %out: memref<8x4xf32>) attributes {tfg.outlined} {
  scf.forall (%i) = (0) to (8) step (4) {
    %s = memref.subview %in[%i, 0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1], offset: ?>>
    %d = memref.subview %out[%i, 0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1], offset: ?>>
    memref.copy %s, %d : memref<4x4xf32, strided<[4, 1], offset: ?>> to memref<4x4xf32, strided<[4, 1], offset: ?>>
  }
  return
}
func.func private @halo_b(%in: memref<8x4xf32>, %out: memref<8x4xf32>) attributes {tfg.outlined} {
  scf.forall (%i) = (0) to (8) step (4) {
    %s = memref.subview %in[0, 0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1]>>
    %d = memref.subview %out[%i, 0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1], offset: ?>>
    memref.copy %s, %d : memref<4x4xf32, strided<[4, 1]>> to memref<4x4xf32, strided<[4, 1], offset: ?>>
  }
  return
}
func.func private @band_c(%in: memref<8x4xf32>, %out: memref<8x4xf32>) attributes {tfg.outlined} {
  scf.forall (%i) = (0) to (8) step (4) {
    %s = memref.subview %in[%i, 0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1], offset: ?>>
    %d = memref.subview %out[%i, 0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1], offset: ?>>
    memref.copy %s, %d : memref<4x4xf32, strided<[4, 1], offset: ?>> to memref<4x4xf32, strided<[4, 1], offset: ?>>
  }
  return
}
func.func private @halo_d(%in: memref<8x4xf32>, %out: memref<8x4xf32>) attributes {tfg.outlined} {
  scf.forall (%i) = (0) to (8) step (4) {
    %s = memref.subview %in[0, 0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1]>>
    %d = memref.subview %out[%i, 0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1], offset: ?>>
    memref.copy %s, %d : memref<4x4xf32, strided<[4, 1]>> to memref<4x4xf32, strided<[4, 1], offset: ?>>
  }
  return
}
func.func private @band_y(%in: memref<8x4xf32>, %out: memref<8x4xf32>) attributes {tfg.outlined} {
  scf.forall (%i) = (0) to (8) step (4) {
    %s = memref.subview %in[%i, 0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1], offset: ?>>
    %d = memref.subview %out[%i, 0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1], offset: ?>>
    memref.copy %s, %d : memref<4x4xf32, strided<[4, 1], offset: ?>> to memref<4x4xf32, strided<[4, 1], offset: ?>>
  }
  return
}

// -----

// The same steps without threads (one thread: scf.for, not scf.forall):
// no step runs at the same time as another, the plan is one thread's, %c
// in %a's place. Nothing to report about steps.
// CHECK-LABEL: func.func @one_thread(
// CHECK-DAG: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<256xi8>
// CHECK-DAG: %[[O0:.*]] = arith.constant 0 : index
// CHECK: %[[A:.*]] = memref.view %[[ARENA]][%[[O0]]][]
// CHECK: %[[C:.*]] = memref.view %[[ARENA]][%[[O0]]][]
// CHECK: call @band_c(%{{.*}}, %[[C]])
// expected-remark @below {{memory plan: 3 buffers of 384 bytes in an arena of 256 bytes}}
func.func @one_thread(%x: memref<8x4xf32>, %y: memref<8x4xf32>) {
  %a = memref.alloc() : memref<8x4xf32>
  call @band_a(%x, %a) : (memref<8x4xf32>, memref<8x4xf32>) -> ()
  %b = memref.alloc() : memref<8x4xf32>
  call @halo_b(%a, %b) : (memref<8x4xf32>, memref<8x4xf32>) -> ()
  %c = memref.alloc() : memref<8x4xf32>
  call @band_c(%b, %c) : (memref<8x4xf32>, memref<8x4xf32>) -> ()
  call @band_c(%c, %y) : (memref<8x4xf32>, memref<8x4xf32>) -> ()
  memref.dealloc %a : memref<8x4xf32>
  memref.dealloc %b : memref<8x4xf32>
  memref.dealloc %c : memref<8x4xf32>
  return
}
func.func private @band_a(%in: memref<8x4xf32>, %out: memref<8x4xf32>) attributes {tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c4 {
    %s = memref.subview %in[%i, 0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1], offset: ?>>
    %d = memref.subview %out[%i, 0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1], offset: ?>>
    memref.copy %s, %d : memref<4x4xf32, strided<[4, 1], offset: ?>> to memref<4x4xf32, strided<[4, 1], offset: ?>>
  }
  return
}
func.func private @halo_b(%in: memref<8x4xf32>, %out: memref<8x4xf32>) attributes {tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c4 {
    %s = memref.subview %in[0, 0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1]>>
    %d = memref.subview %out[%i, 0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1], offset: ?>>
    memref.copy %s, %d : memref<4x4xf32, strided<[4, 1]>> to memref<4x4xf32, strided<[4, 1], offset: ?>>
  }
  return
}
func.func private @band_c(%in: memref<8x4xf32>, %out: memref<8x4xf32>) attributes {tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c4 {
    %s = memref.subview %in[%i, 0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1], offset: ?>>
    %d = memref.subview %out[%i, 0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1], offset: ?>>
    memref.copy %s, %d : memref<4x4xf32, strided<[4, 1], offset: ?>> to memref<4x4xf32, strided<[4, 1], offset: ?>>
  }
  return
}

// -----

// Every step reads rows 0-3 of its input in every iteration (a halo): each
// needs the barrier before it (a real read-after-write), no two run at
// once, and nothing is kept apart: %c reuses %a's memory (its last reader,
// halo_b, ends before the barrier before halo_c), as with one thread.
// CHECK-LABEL: func.func @halos(
// CHECK-DAG: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<256xi8>
// CHECK-DAG: %[[O0:.*]] = arith.constant 0 : index
// CHECK: %[[A:.*]] = memref.view %[[ARENA]][%[[O0]]][]
// CHECK: %[[C:.*]] = memref.view %[[ARENA]][%[[O0]]][]
// CHECK: call @halo_c(%{{.*}}, %[[C]])
// expected-remark @below {{memory plan: 3 buffers of 384 bytes in an arena of 256 bytes}}
func.func @halos(%x: memref<8x4xf32>, %y: memref<8x4xf32>) {
  %a = memref.alloc() : memref<8x4xf32>
  call @halo_a(%x, %a) : (memref<8x4xf32>, memref<8x4xf32>) -> ()
  %b = memref.alloc() : memref<8x4xf32>
  call @halo_b(%a, %b) : (memref<8x4xf32>, memref<8x4xf32>) -> ()
  %c = memref.alloc() : memref<8x4xf32>
  call @halo_c(%b, %c) : (memref<8x4xf32>, memref<8x4xf32>) -> ()
  call @halo_y(%c, %y) : (memref<8x4xf32>, memref<8x4xf32>) -> ()
  memref.dealloc %a : memref<8x4xf32>
  memref.dealloc %b : memref<8x4xf32>
  memref.dealloc %c : memref<8x4xf32>
  return
}
func.func private @halo_a(%in: memref<8x4xf32>, %out: memref<8x4xf32>) attributes {tfg.outlined} {
  scf.forall (%i) = (0) to (8) step (4) {
    %s = memref.subview %in[0, 0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1]>>
    %d = memref.subview %out[%i, 0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1], offset: ?>>
    memref.copy %s, %d : memref<4x4xf32, strided<[4, 1]>> to memref<4x4xf32, strided<[4, 1], offset: ?>>
  }
  return
}
func.func private @halo_b(%in: memref<8x4xf32>, %out: memref<8x4xf32>) attributes {tfg.outlined} {
  scf.forall (%i) = (0) to (8) step (4) {
    %s = memref.subview %in[0, 0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1]>>
    %d = memref.subview %out[%i, 0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1], offset: ?>>
    memref.copy %s, %d : memref<4x4xf32, strided<[4, 1]>> to memref<4x4xf32, strided<[4, 1], offset: ?>>
  }
  return
}
func.func private @halo_c(%in: memref<8x4xf32>, %out: memref<8x4xf32>) attributes {tfg.outlined} {
  scf.forall (%i) = (0) to (8) step (4) {
    %s = memref.subview %in[0, 0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1]>>
    %d = memref.subview %out[%i, 0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1], offset: ?>>
    memref.copy %s, %d : memref<4x4xf32, strided<[4, 1]>> to memref<4x4xf32, strided<[4, 1], offset: ?>>
  }
  return
}
func.func private @halo_y(%in: memref<8x4xf32>, %out: memref<8x4xf32>) attributes {tfg.outlined} {
  scf.forall (%i) = (0) to (8) step (4) {
    %s = memref.subview %in[0, 0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1]>>
    %d = memref.subview %out[%i, 0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1], offset: ?>>
    memref.copy %s, %d : memref<4x4xf32, strided<[4, 1]>> to memref<4x4xf32, strided<[4, 1], offset: ?>>
  }
  return
}
