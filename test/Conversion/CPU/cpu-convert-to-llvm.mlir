// RUN: tfg-opt %s --split-input-file --tfg-cpu-convert-to-llvm | FileCheck %s

// One function with arith, math, vector, memref, cf, ub and func ops: all
// of it in the LLVM dialect after the one conversion. The memref arguments
// become descriptors, the weights a global, the allocation malloc/free, the
// math an intrinsic where LLVM has one (tanh, sqrt, exp) and a libm call
// where it has not (erf), the C interface its wrapper.
// CHECK-DAG: llvm.func @erff(f32) -> f32
// CHECK-DAG: llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-DAG: llvm.func @free(!llvm.ptr)
// CHECK-DAG: llvm.mlir.global private constant @weights(dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>)
// CHECK-LABEL: llvm.func @kernel(
// CHECK-SAME: %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %[[FLAG:.*]]: i1) -> f32
// CHECK: llvm.mlir.addressof @weights
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> vector<4xf32>
// CHECK: llvm.intr.fmuladd({{.*}}) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK: llvm.intr.tanh({{.*}}) : (vector<4xf32>) -> vector<4xf32>
// CHECK: llvm.intr.sqrt({{.*}}) : (vector<4xf32>) -> vector<4xf32>
// CHECK: llvm.intr.exp({{.*}}) : (vector<4xf32>) -> vector<4xf32>
// CHECK: %[[BUF:.*]] = llvm.call @malloc
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<4xf32>, !llvm.ptr
// CHECK: llvm.cond_br %[[FLAG]], ^bb1, ^bb2
// CHECK: ^bb1:
// CHECK: llvm.intr.vector.reduce.fadd
// CHECK: llvm.call @free
// CHECK: llvm.return
// CHECK: ^bb2:
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK: llvm.call @erff(%{{.*}}) : (f32) -> f32
// CHECK: llvm.fadd
// CHECK: llvm.call @free
// CHECK: llvm.return
// CHECK: llvm.func @_mlir_ciface_kernel
// CHECK: llvm.call @kernel
// Nothing of the source dialects is left (the global's dense<> aside).
// CHECK-NOT: {{ (arith|math|vector|memref|cf|func|ub|builtin)\.}}
memref.global "private" constant @weights : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
func.func @kernel(%in: memref<?xf32>, %flag: i1) -> f32 attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %w = memref.get_global @weights : memref<4xf32>
  %v = vector.load %w[%c0] : memref<4xf32>, vector<4xf32>
  %x = vector.load %in[%c0] : memref<?xf32>, vector<4xf32>
  %acc = vector.fma %v, %x, %v : vector<4xf32>
  %t = math.tanh %acc : vector<4xf32>
  %s = math.sqrt %t : vector<4xf32>
  %e = math.exp %s : vector<4xf32>
  %buf = memref.alloc() : memref<4xf32>
  vector.store %e, %buf[%c0] : memref<4xf32>, vector<4xf32>
  cf.cond_br %flag, ^bb1, ^bb2
^bb1:
  %r = vector.reduction <add>, %e : vector<4xf32> into f32
  memref.dealloc %buf : memref<4xf32>
  return %r : f32
^bb2:
  %l = memref.load %buf[%c0] : memref<4xf32>
  %erf = math.erf %l : f32
  %sum = arith.addf %erf, %l : f32
  memref.dealloc %buf : memref<4xf32>
  return %sum : f32
}

// -----

// The vector lowering before the conversion: a contraction becomes outer
// products (FMAs of a broadcast row), a transpose element moves, a
// rank-2 vector an array of rank-1 vectors.
// CHECK-LABEL: llvm.func @contract
// CHECK-NOT: vector.
// CHECK: llvm.intr.fmuladd
// CHECK: llvm.return %{{.*}} : !llvm.array<2 x vector<4xf32>>
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#out = affine_map<(m, n, k) -> (m, n)>
func.func @contract(%a: vector<2x3xf32>, %b: vector<3x4xf32>, %c: vector<2x4xf32>) -> vector<2x4xf32> {
  %0 = vector.contract {indexing_maps = [#lhs, #rhs, #out],
                        iterator_types = ["parallel", "parallel", "reduction"],
                        kind = #vector.kind<add>} %a, %b, %c
       : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
  return %0 : vector<2x4xf32>
}

// -----

// A loop kept rolled (tfg::keepLoopRolled: the annotation scf-to-cf moves
// to the latch as a discardable attribute) gets the branch's own
// loop_annotation, which the translation to LLVM IR makes
// llvm.loop.unroll.disable metadata; the entry branch has none.
// CHECK-LABEL: llvm.func @rolled
// CHECK-NOT: llvm.loop_annotation
// CHECK: llvm.br ^bb1(%{{.*}} : i64){{$}}
// CHECK: llvm.br ^bb1(%{{.*}} : i64) {loop_annotation = #{{.*}}}
#rolled = #llvm.loop_annotation<unroll = <disable = true>>
func.func @rolled(%m: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  cf.br ^bb1(%c0 : index)
^bb1(%i: index):
  %lt = arith.cmpi slt, %i, %c2 : index
  cf.cond_br %lt, ^bb2, ^bb3
^bb2:
  memref.store %z, %m[%i] : memref<8xf32>
  %n = arith.addi %i, %c1 : index
  cf.br ^bb1(%n : index) {llvm.loop_annotation = #rolled}
^bb3:
  return
}
