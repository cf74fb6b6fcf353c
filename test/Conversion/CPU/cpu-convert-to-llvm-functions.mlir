// RUN: tfg-opt %s --tfg-cpu-convert-to-llvm > %t.threads
// RUN: FileCheck %s < %t.threads
// RUN: tfg-opt %s --tfg-cpu-convert-to-llvm --mlir-disable-threading > %t.serial
// RUN: FileCheck %s < %t.serial
// The bodies go on the context's threads, the module's symbols on one: the
// output does not depend on the threads, op for op.
// RUN: diff %t.serial %t.threads

// A module as CPUOutlineLoopNests leaves it: outlined loop nests with bare
// pointer arguments that read weights, allocate, call libm and fork OpenMP
// threads, and @main, which allocates and calls them.
//
// The declarations the patterns add (malloc, free, the libm functions) are
// made in the serial step, at the top of the module, each where a
// conversion of the whole module would put it: the later first (free from
// @parallel_fill's dealloc, the last one made, is first).
// CHECK: module {
// CHECK-NEXT: llvm.func @free(!llvm.ptr)
// CHECK-NEXT: llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-NEXT: llvm.func @cbrtf(f32) -> f32
// CHECK-NEXT: llvm.func @erff(f32) -> f32
// CHECK-NEXT: llvm.mlir.global private constant @wa(
// CHECK-NEXT: llvm.mlir.global private constant @wb(
//
// The bodies: a global's address, a libm call or an intrinsic.
// CHECK-LABEL: llvm.func internal @scale(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr) attributes {llvm.bareptr
// CHECK: llvm.mlir.addressof @wa
// CHECK: llvm.intr.tanh(%{{.*}}) : (vector<4xf32>) -> vector<4xf32>
// CHECK: llvm.return
// CHECK-LABEL: llvm.func internal @erf_copy(
// CHECK: llvm.mlir.addressof @wb
// CHECK: ^bb2:
// CHECK: llvm.call @erff(%{{.*}}) : (f32) -> f32
// CHECK: llvm.call @cbrtf(%{{.*}}) : (f32) -> f32
// CHECK: llvm.return
//
// OpenMP regions on LLVM types, with a malloc/free inside.
// CHECK-LABEL: llvm.func internal @parallel_fill(
// CHECK: omp.parallel num_threads(%{{.*}} : i32) {
// CHECK-NEXT: omp.wsloop {
// CHECK-NEXT: omp.loop_nest (%[[I:.*]]) : i64 =
// CHECK: llvm.trunc %[[I]] : i64 to i32
// CHECK: llvm.intr.sin
// CHECK: llvm.call @malloc(
// CHECK: llvm.call @free(
// CHECK-NEXT: omp.yield
// CHECK: omp.terminator
// CHECK: llvm.return
//
// The calls pass the callees' bare pointers; the buffer is malloc's.
// CHECK-LABEL: llvm.func @main(
// CHECK: llvm.call @malloc(
// CHECK: llvm.call @scale(%{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr) -> ()
// CHECK: llvm.call @erf_copy(%{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr) -> ()
// CHECK: llvm.call @parallel_fill(%{{.*}}) : (!llvm.ptr) -> ()
// CHECK: llvm.call @free(
// CHECK-NEXT: llvm.return
// Nothing of the source dialects is left, nor a cast between them.
// CHECK-NOT: {{ (arith|math|vector|memref|cf|func|ub|builtin)\.}}

memref.global "private" constant @wa : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
memref.global "private" constant @wb : memref<4xf32> = dense<[5.0, 6.0, 7.0, 8.0]>

func.func private @scale(%in: memref<4xf32>, %out: memref<4xf32>) attributes {llvm.bareptr, llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %w = memref.get_global @wa : memref<4xf32>
  %v = vector.load %w[%c0] : memref<4xf32>, vector<4xf32>
  %x = vector.load %in[%c0] : memref<4xf32>, vector<4xf32>
  %p = arith.mulf %v, %x : vector<4xf32>
  %t = math.tanh %p : vector<4xf32>
  vector.store %t, %out[%c0] : memref<4xf32>, vector<4xf32>
  return
}

func.func private @erf_copy(%in: memref<4xf32>, %out: memref<4xf32>) attributes {llvm.bareptr, llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %w = memref.get_global @wb : memref<4xf32>
  cf.br ^bb1(%c0 : index)
^bb1(%i: index):
  %lt = arith.cmpi slt, %i, %c4 : index
  cf.cond_br %lt, ^bb2, ^bb3
^bb2:
  %a = memref.load %in[%i] : memref<4xf32>
  %b = memref.load %w[%i] : memref<4xf32>
  %s = arith.addf %a, %b : f32
  %e = math.erf %s : f32
  %c = math.cbrt %e : f32
  memref.store %c, %out[%i] : memref<4xf32>
  %n = arith.addi %i, %c1 : index
  cf.br ^bb1(%n : index)
^bb3:
  return
}

func.func private @parallel_fill(%out: memref<64xf32>) attributes {llvm.bareptr, llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %n = llvm.mlir.constant(2 : i32) : i32
  omp.parallel num_threads(%n : i32) {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c32) {
        %f = arith.index_cast %i : index to i32
        %g = arith.sitofp %f : i32 to f32
        %s = math.sin %g : f32
        %tmp = memref.alloc() {alignment = 64 : i64} : memref<32xf32>
        memref.store %s, %tmp[%c0] : memref<32xf32>
        %l = memref.load %tmp[%c0] : memref<32xf32>
        memref.store %l, %out[%i] : memref<64xf32>
        memref.dealloc %tmp : memref<32xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

func.func @main(%in: memref<4xf32>, %out: memref<4xf32>, %big: memref<64xf32>) {
  %buf = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  call @scale(%in, %buf) : (memref<4xf32>, memref<4xf32>) -> ()
  call @erf_copy(%buf, %out) : (memref<4xf32>, memref<4xf32>) -> ()
  call @parallel_fill(%big) : (memref<64xf32>) -> ()
  memref.dealloc %buf : memref<4xf32>
  return
}
