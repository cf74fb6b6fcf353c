// RUN: tfg-opt %s --split-input-file --tfg-cpu-merge-parallel-regions | FileCheck %s
// test/Conversion/pipelines-threads.mlir lowers a merged region to the
// LLVM dialect, test/Tools/tfg-run/run-threads-merged.mlir runs one.

// Two forking nests with a serial nest, views and an allocation between
// them: one omp.parallel in the caller, the serial nest in omp.single, the
// view and the allocation before the region; the nests' own forks are
// gone, their worksharing loops (and the barriers at their ends) stay.
// CHECK-LABEL: func.func private @fork_a(
// CHECK-NOT: omp.parallel
// CHECK: omp.wsloop {
// CHECK-NEXT: omp.loop_nest
// CHECK-LABEL: func.func private @serial_b(
// CHECK-NOT: omp.
// Each barrier is needed but the last one's (the region's join follows):
// @serial_b reads what @fork_a wrote, @fork_c writes what @serial_b read.
// CHECK-LABEL: func.func private @fork_c(
// CHECK-NOT: omp.parallel
// CHECK: omp.wsloop nowait {
// CHECK-LABEL: func.func @two_forks(
// CHECK: memref.subview
// CHECK: memref.alloc()
// CHECK: %[[N:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: omp.parallel num_threads(%[[N]] : i32) {
// CHECK-NEXT: func.call @fork_a(
// CHECK-NEXT: omp.single {
// CHECK-NOT: nowait
// CHECK-NEXT: func.call @serial_b(
// CHECK-NEXT: omp.terminator
// CHECK-NEXT: }
// CHECK-NEXT: func.call @fork_c(
// CHECK-NEXT: omp.terminator
// CHECK-NEXT: }
// CHECK-NOT: omp.parallel
// CHECK: return
func.func private @fork_a(%arg0: memref<64xf32>) attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  %n = llvm.mlir.constant(2 : i32) : i32
  omp.parallel num_threads(%n : i32) {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c32) {
        memref.store %one, %arg0[%i] : memref<64xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
func.func private @serial_b(%arg0: memref<64xf32>, %arg1: memref<16xf32>) attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c16 step %c1 {
    %v = memref.load %arg0[%i] : memref<64xf32>
    memref.store %v, %arg1[%i] : memref<16xf32>
  }
  return
}
func.func private @fork_c(%arg0: memref<16xf32, strided<[1], offset: 8>>, %arg1: memref<64xf32>) attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %n = llvm.mlir.constant(2 : i32) : i32
  omp.parallel num_threads(%n : i32) {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c16) step (%c8) {
        %v = memref.load %arg1[%i] : memref<64xf32>
        memref.store %v, %arg0[%i] : memref<16xf32, strided<[1], offset: 8>>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
func.func @two_forks(%arg0: memref<64xf32>) -> memref<16xf32> {
  call @fork_a(%arg0) : (memref<64xf32>) -> ()
  %s = memref.subview %arg0[8] [16] [1] : memref<64xf32> to memref<16xf32, strided<[1], offset: 8>>
  %buf = memref.alloc() : memref<16xf32>
  call @serial_b(%arg0, %buf) : (memref<64xf32>, memref<16xf32>) -> ()
  call @fork_c(%s, %arg0) : (memref<16xf32, strided<[1], offset: 8>>, memref<64xf32>) -> ()
  return %buf : memref<16xf32>
}

// -----

// A write of the caller between the nests (the second nest reads what it
// wrote, and it runs once, not once per thread): the nests keep their own
// forks, nothing moves.
// CHECK-LABEL: func.func private @write_all(
// CHECK: omp.parallel
// CHECK-LABEL: func.func private @double_all(
// CHECK: omp.parallel
// CHECK-LABEL: func.func @store_between(
// CHECK-NOT: omp.
// CHECK: call @write_all(
// CHECK-NEXT: memref.store
// CHECK-NEXT: call @double_all(
// CHECK-NOT: omp.
func.func private @write_all(%arg0: memref<64xf32>) attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  %n = llvm.mlir.constant(2 : i32) : i32
  omp.parallel num_threads(%n : i32) {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c32) {
        memref.store %one, %arg0[%i] : memref<64xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
func.func private @double_all(%arg0: memref<64xf32>) attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %n = llvm.mlir.constant(2 : i32) : i32
  omp.parallel num_threads(%n : i32) {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c32) {
        %v = memref.load %arg0[%i] : memref<64xf32>
        %w = arith.addf %v, %v : f32
        memref.store %w, %arg0[%i] : memref<64xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
func.func @store_between(%arg0: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  call @write_all(%arg0) : (memref<64xf32>) -> ()
  memref.store %two, %arg0[%c0] : memref<64xf32>
  call @double_all(%arg0) : (memref<64xf32>) -> ()
  return
}

// -----

// Not merged: one fork alone (a region around one nest saves nothing, the
// serial nests after it stay outside), a nest called twice (its fork
// cannot be dissolved for one call only), a nowait loop (the next nest
// could start before it is done), a fork of three threads next to one of
// two.
// CHECK-LABEL: func.func private @once(
// CHECK: omp.parallel
// CHECK-LABEL: func.func private @twice(
// CHECK: omp.parallel
// CHECK-LABEL: func.func private @nowait(
// CHECK: omp.parallel
// CHECK-LABEL: func.func private @three(
// CHECK: omp.parallel
// CHECK-LABEL: func.func @not_merged(
// CHECK-NOT: omp.
// CHECK: return
func.func private @once(%arg0: memref<64xf32>) attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  %n = llvm.mlir.constant(2 : i32) : i32
  omp.parallel num_threads(%n : i32) {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c32) {
        memref.store %one, %arg0[%i] : memref<64xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
func.func private @serial(%arg0: memref<64xf32>) attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  memref.store %one, %arg0[%c0] : memref<64xf32>
  return
}
func.func private @twice(%arg0: memref<64xf32>) attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  %n = llvm.mlir.constant(2 : i32) : i32
  omp.parallel num_threads(%n : i32) {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c32) {
        memref.store %one, %arg0[%i] : memref<64xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
func.func private @nowait(%arg0: memref<64xf32>) attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  %n = llvm.mlir.constant(2 : i32) : i32
  omp.parallel num_threads(%n : i32) {
    omp.wsloop nowait {
      omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c32) {
        memref.store %one, %arg0[%i] : memref<64xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
func.func private @three(%arg0: memref<64xf32>) attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c22 = arith.constant 22 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  %n = llvm.mlir.constant(3 : i32) : i32
  omp.parallel num_threads(%n : i32) {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c22) {
        memref.store %one, %arg0[%i] : memref<64xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
func.func @not_merged(%arg0: memref<64xf32>) {
  call @once(%arg0) : (memref<64xf32>) -> ()
  call @serial(%arg0) : (memref<64xf32>) -> ()
  call @twice(%arg0) : (memref<64xf32>) -> ()
  call @twice(%arg0) : (memref<64xf32>) -> ()
  call @nowait(%arg0) : (memref<64xf32>) -> ()
  call @three(%arg0) : (memref<64xf32>) -> ()
  return
}

// -----

// The pieces of one layer: two nests that write disjoint columns of one
// arena view (static subviews) and read the same input need no barrier
// between them (the first one's loop becomes nowait); the third reads what
// both wrote and keeps the barrier before it; a nest writing a byte range
// of the arena that another view of it covers keeps its barrier too.
// CHECK-LABEL: func.func private @left(
// CHECK: omp.wsloop nowait {
// CHECK-LABEL: func.func private @right(
// CHECK: omp.wsloop {
// CHECK-LABEL: func.func private @next(
// CHECK: omp.wsloop {
// CHECK-LABEL: func.func private @overlapping(
// CHECK: omp.wsloop nowait {
// CHECK-LABEL: func.func @pieces(
// CHECK: omp.parallel
// CHECK-NEXT: func.call @left(
// CHECK-NEXT: func.call @right(
// CHECK-NEXT: func.call @next(
// CHECK-NEXT: func.call @overlapping(
func.func private @left(%out: memref<8x4xf32, strided<[8, 1]>>, %in: memref<16xf32>) attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %n = llvm.mlir.constant(2 : i32) : i32
  omp.parallel num_threads(%n : i32) {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c8) step (%c4) {
        %v = memref.load %in[%i] : memref<16xf32>
        memref.store %v, %out[%i, %c0] : memref<8x4xf32, strided<[8, 1]>>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
func.func private @right(%out: memref<8x4xf32, strided<[8, 1], offset: 4>>, %in: memref<16xf32>) attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %n = llvm.mlir.constant(2 : i32) : i32
  omp.parallel num_threads(%n : i32) {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c8) step (%c4) {
        %v = memref.load %in[%i] : memref<16xf32>
        memref.store %v, %out[%i, %c0] : memref<8x4xf32, strided<[8, 1], offset: 4>>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
func.func private @next(%out: memref<64xf32>, %in: memref<8x8xf32>) attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %n = llvm.mlir.constant(2 : i32) : i32
  omp.parallel num_threads(%n : i32) {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c8) step (%c4) {
        %v = memref.load %in[%i, %c0] : memref<8x8xf32>
        memref.store %v, %out[%i] : memref<64xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
func.func private @overlapping(%out: memref<64xf32>) attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  %n = llvm.mlir.constant(2 : i32) : i32
  omp.parallel num_threads(%n : i32) {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c32) {
        memref.store %one, %out[%i] : memref<64xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
func.func @pieces(%in: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %arena = memref.alloc() : memref<512xi8>
  %view = memref.view %arena[%c0][] : memref<512xi8> to memref<8x8xf32>
  %l = memref.subview %view[0, 0] [8, 4] [1, 1] : memref<8x8xf32> to memref<8x4xf32, strided<[8, 1]>>
  %r = memref.subview %view[0, 4] [8, 4] [1, 1] : memref<8x8xf32> to memref<8x4xf32, strided<[8, 1], offset: 4>>
  %flat = memref.view %arena[%c128][] : memref<512xi8> to memref<64xf32>
  %again = memref.view %arena[%c128][] : memref<512xi8> to memref<64xf32>
  call @left(%l, %in) : (memref<8x4xf32, strided<[8, 1]>>, memref<16xf32>) -> ()
  call @right(%r, %in) : (memref<8x4xf32, strided<[8, 1], offset: 4>>, memref<16xf32>) -> ()
  call @next(%flat, %view) : (memref<64xf32>, memref<8x8xf32>) -> ()
  call @overlapping(%again) : (memref<64xf32>) -> ()
  memref.dealloc %arena : memref<512xi8>
  return
}

// -----

// A nest whose fork is in a loop (a padded depthwise layer's left and right
// border columns: one worksharing loop per column) is merged too: every
// thread runs the loop, whose bounds and body are the same on each, and
// meets the same worksharing loops. Its barrier stays in every iteration
// (the iterations of a nest are not known to be independent), though the
// next nest touches other memory.
// CHECK-LABEL: func.func private @borders(
// CHECK-NOT: omp.parallel
// CHECK: scf.for
// CHECK-NEXT: arith.muli
// CHECK-NEXT: omp.wsloop {
// CHECK-LABEL: func.func private @interior(
// CHECK-NOT: omp.parallel
// CHECK: omp.wsloop nowait {
// CHECK-LABEL: func.func @fork_in_loop(
// CHECK: omp.parallel
// CHECK-NEXT: func.call @borders(
// CHECK-NEXT: func.call @interior(
// CHECK-NEXT: omp.terminator
func.func private @borders(%arg0: memref<64xf32>, %arg1: memref<2x64xf32>) attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %n = llvm.mlir.constant(2 : i32) : i32
  scf.for %col = %c0 to %c2 step %c1 {
    %stride = arith.muli %col, %c1 : index
    omp.parallel num_threads(%n : i32) {
      omp.wsloop {
        omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c32) {
          %v = memref.load %arg0[%i] : memref<64xf32>
          memref.store %v, %arg1[%stride, %i] : memref<2x64xf32>
          omp.yield
        }
      }
      omp.terminator
    }
  }
  return
}
func.func private @interior(%arg0: memref<64xf32>) attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  %n = llvm.mlir.constant(2 : i32) : i32
  omp.parallel num_threads(%n : i32) {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c32) {
        memref.store %one, %arg0[%i] : memref<64xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
func.func @fork_in_loop(%arg0: memref<64xf32>, %arg1: memref<2x64xf32>, %arg2: memref<64xf32>) {
  call @borders(%arg0, %arg1) : (memref<64xf32>, memref<2x64xf32>) -> ()
  call @interior(%arg2) : (memref<64xf32>) -> ()
  return
}

// -----

// A loop around a fork that also writes memory itself (once per thread if
// every thread ran it): the nest keeps its own fork, nothing merges.
// CHECK-LABEL: func.func private @store_in_loop(
// CHECK: scf.for
// CHECK: memref.store
// CHECK: omp.parallel
// CHECK-LABEL: func.func @fork_in_writing_loop(
// CHECK-NOT: omp.parallel
// CHECK: call @store_in_loop(
// CHECK-NEXT: call @interior2(
func.func private @store_in_loop(%arg0: memref<64xf32>) attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  %n = llvm.mlir.constant(2 : i32) : i32
  scf.for %k = %c0 to %c2 step %c1 {
    %v = memref.load %arg0[%k] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %arg0[%k] : memref<64xf32>
    omp.parallel num_threads(%n : i32) {
      omp.wsloop {
        omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c32) {
          memref.store %one, %arg0[%i] : memref<64xf32>
          omp.yield
        }
      }
      omp.terminator
    }
  }
  return
}
func.func private @interior2(%arg0: memref<64xf32>) attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  %n = llvm.mlir.constant(2 : i32) : i32
  omp.parallel num_threads(%n : i32) {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c32) {
        memref.store %one, %arg0[%i] : memref<64xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
func.func @fork_in_writing_loop(%arg0: memref<64xf32>, %arg1: memref<64xf32>) {
  call @store_in_loop(%arg0) : (memref<64xf32>) -> ()
  call @interior2(%arg1) : (memref<64xf32>) -> ()
  return
}

// -----

// Aligned bands: @band_a writes rows [i, i + 32) of %x in its iteration i
// (a subview at the induction variable, as big as the step), @band_b reads
// the same rows of the same buffer in a loop of the same bounds: OpenMP's
// static schedule gives iteration i of both loops to the same thread, so
// each thread reads only rows it wrote itself, and no barrier is needed
// between them. @halo reads rows of %y around its band (a 3x3 filter's
// halo): the barrier before it stays.
// CHECK-LABEL: func.func private @band_a(
// CHECK: omp.wsloop nowait {
// CHECK-LABEL: func.func private @band_b(
// CHECK: omp.wsloop {
// CHECK-LABEL: func.func private @halo(
// CHECK: omp.wsloop nowait {
func.func private @band_a(%x: memref<64x16xf32>) attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  %n = llvm.mlir.constant(2 : i32) : i32
  omp.parallel num_threads(%n : i32) {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c32) {
        %band = memref.subview %x[%i, 0] [32, 16] [1, 1] : memref<64x16xf32> to memref<32x16xf32, strided<[16, 1], offset: ?>>
        scf.for %r = %c0 to %c32 step %c1 {
          memref.store %one, %band[%r, %c0] : memref<32x16xf32, strided<[16, 1], offset: ?>>
        }
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
func.func private @band_b(%x: memref<64x16xf32>, %y: memref<64x16xf32>) attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %n = llvm.mlir.constant(2 : i32) : i32
  omp.parallel num_threads(%n : i32) {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c32) {
        %in = memref.subview %x[%i, 0] [32, 16] [1, 1] : memref<64x16xf32> to memref<32x16xf32, strided<[16, 1], offset: ?>>
        %out = memref.subview %y[%i, 0] [32, 16] [1, 1] : memref<64x16xf32> to memref<32x16xf32, strided<[16, 1], offset: ?>>
        scf.for %r = %c0 to %c32 step %c1 {
          %v = memref.load %in[%r, %c0] : memref<32x16xf32, strided<[16, 1], offset: ?>>
          memref.store %v, %out[%r, %c0] : memref<32x16xf32, strided<[16, 1], offset: ?>>
        }
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
func.func private @halo(%y: memref<64x16xf32>, %z: memref<64x16xf32>) attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %n = llvm.mlir.constant(2 : i32) : i32
  omp.parallel num_threads(%n : i32) {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c32) {
        %out = memref.subview %z[%i, 0] [32, 16] [1, 1] : memref<64x16xf32> to memref<32x16xf32, strided<[16, 1], offset: ?>>
        scf.for %r = %c0 to %c32 step %c1 {
          %row = arith.addi %i, %r : index
          %above = arith.maxsi %row, %c1 : index
          %prev = arith.subi %above, %c1 : index
          %v = memref.load %y[%prev, %c0] : memref<64x16xf32>
          memref.store %v, %out[%r, %c0] : memref<32x16xf32, strided<[16, 1], offset: ?>>
        }
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
func.func @aligned_bands(%z: memref<64x16xf32>) {
  %x = memref.alloc() : memref<64x16xf32>
  %y = memref.alloc() : memref<64x16xf32>
  call @band_a(%x) : (memref<64x16xf32>) -> ()
  call @band_b(%x, %y) : (memref<64x16xf32>, memref<64x16xf32>) -> ()
  call @halo(%y, %z) : (memref<64x16xf32>, memref<64x16xf32>) -> ()
  return
}

// -----

// The same bands in loops of other bounds (steps of 32 and 16): iteration
// i is no longer the same rows on the same thread, the barrier stays.
// CHECK-LABEL: func.func private @band32(
// CHECK: omp.wsloop {
func.func private @band32(%x: memref<64x16xf32>) attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  %n = llvm.mlir.constant(2 : i32) : i32
  omp.parallel num_threads(%n : i32) {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c32) {
        %band = memref.subview %x[%i, 0] [32, 16] [1, 1] : memref<64x16xf32> to memref<32x16xf32, strided<[16, 1], offset: ?>>
        memref.store %one, %band[%c0, %c0] : memref<32x16xf32, strided<[16, 1], offset: ?>>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
func.func private @band16(%x: memref<64x16xf32>, %y: memref<64x16xf32>) attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %n = llvm.mlir.constant(2 : i32) : i32
  omp.parallel num_threads(%n : i32) {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c16) {
        %in = memref.subview %x[%i, 0] [16, 16] [1, 1] : memref<64x16xf32> to memref<16x16xf32, strided<[16, 1], offset: ?>>
        %out = memref.subview %y[%i, 0] [16, 16] [1, 1] : memref<64x16xf32> to memref<16x16xf32, strided<[16, 1], offset: ?>>
        %v = memref.load %in[%c0, %c0] : memref<16x16xf32, strided<[16, 1], offset: ?>>
        memref.store %v, %out[%c0, %c0] : memref<16x16xf32, strided<[16, 1], offset: ?>>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
func.func @misaligned_bands() {
  %x = memref.alloc() : memref<64x16xf32>
  %y = memref.alloc() : memref<64x16xf32>
  call @band32(%x) : (memref<64x16xf32>) -> ()
  call @band16(%x, %y) : (memref<64x16xf32>, memref<64x16xf32>) -> ()
  return
}

// -----

// A border nest whose loop's worksharing loops write aligned bands (one
// column each, rows [i, i + 32)): its iterations need no barrier between
// them; the next nest reads rows of another band (a halo), so one barrier
// after the loop instead of one per iteration.
// CHECK-LABEL: func.func private @banded_borders(
// CHECK: scf.for
// CHECK: omp.wsloop nowait {
// CHECK: }
// CHECK: omp.barrier
// CHECK-NEXT: return
func.func private @banded_borders(%x: memref<64x2xf32>) attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  %n = llvm.mlir.constant(2 : i32) : i32
  scf.for %col = %c0 to %c2 step %c1 {
    %column = memref.subview %x[0, %col] [64, 1] [1, 1] : memref<64x2xf32> to memref<64xf32, strided<[2], offset: ?>>
    omp.parallel num_threads(%n : i32) {
      omp.wsloop {
        omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c32) {
          %band = memref.subview %column[%i] [32] [1] : memref<64xf32, strided<[2], offset: ?>> to memref<32xf32, strided<[2], offset: ?>>
          memref.store %one, %band[%c0] : memref<32xf32, strided<[2], offset: ?>>
          omp.yield
        }
      }
      omp.terminator
    }
  }
  return
}
func.func private @halo_reader(%x: memref<64x2xf32>, %z: memref<64xf32>) attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c63 = arith.constant 63 : index
  %c64 = arith.constant 64 : index
  %n = llvm.mlir.constant(2 : i32) : i32
  omp.parallel num_threads(%n : i32) {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c32) {
        %mirror = arith.subi %c63, %i : index
        %v = memref.load %x[%mirror, %c0] : memref<64x2xf32>
        memref.store %v, %z[%i] : memref<64xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
func.func @banded_border_loop() {
  %x = memref.alloc() : memref<64x2xf32>
  %z = memref.alloc() : memref<64xf32>
  call @banded_borders(%x) : (memref<64x2xf32>) -> ()
  call @halo_reader(%x, %z) : (memref<64x2xf32>, memref<64xf32>) -> ()
  return
}
