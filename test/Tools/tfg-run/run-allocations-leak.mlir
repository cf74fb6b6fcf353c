// --count-allocations sees a leak: this function (already lowered, given
// to tfg-run as is) mallocs 1000 bytes, grows them to 3000 with realloc and
// frees them, then callocs 1000 bytes it never frees (the volatile stores
// keep LLVM from deleting the unused buffers). Its output, a copy of the
// input, is a third allocation, which the runner frees. Each run leaves
// exactly the calloc'd buffer: the check fails naming the first such run.
// RUN: %python %S/Inputs/make_npy.py %t.x.npy "<f4" 4 1,2,3,4
// RUN: not tfg-run %s --input x=%t.x.npy --count-allocations --runs 2 --print-outputs 4 --no-cache > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=ERROR < %t.err
// Without the option the same model runs (the counting is opt-in).
// RUN: tfg-run %s --input x=%t.x.npy --print-outputs 4 --no-cache | FileCheck %s --check-prefix=PLAIN
// CHECK: y = 1 2 3 4
// CHECK-NEXT: allocations: run 1: 3 made, 1 live after it ({{[0-9]+}} bytes)
// CHECK-NEXT: allocations: run 2: 3 made, 1 live after it ({{[0-9]+}} bytes)
// ERROR: tfg-run: error: the compiled code leaks: run 1 left 1 buffer(s) of {{[0-9]+}} bytes allocated
// PLAIN: y = 1 2 3 4
// PLAIN-NOT: allocations:

module {
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @calloc(i64, i64) -> !llvm.ptr
  llvm.func @realloc(!llvm.ptr, i64) -> !llvm.ptr
  llvm.func @free(!llvm.ptr)
  func.func @main(%x: tensor<4xf32> {tfg.name = "x"}) -> (tensor<4xf32> {tfg.name = "y"}) {
    %small = llvm.mlir.constant(1000 : i64) : i64
    %large = llvm.mlir.constant(3000 : i64) : i64
    %one = llvm.mlir.constant(1 : i64) : i64
    %seven = llvm.mlir.constant(7 : i8) : i8
    %a = llvm.call @malloc(%small) : (i64) -> !llvm.ptr
    llvm.store volatile %seven, %a : i8, !llvm.ptr
    %b = llvm.call @realloc(%a, %large) : (!llvm.ptr, i64) -> !llvm.ptr
    llvm.store volatile %seven, %b : i8, !llvm.ptr
    llvm.call @free(%b) : (!llvm.ptr) -> ()
    %c = llvm.call @calloc(%small, %one) : (i64, i64) -> !llvm.ptr
    llvm.store volatile %seven, %c : i8, !llvm.ptr
    return %x : tensor<4xf32>
  }
}
