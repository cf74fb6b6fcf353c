// RUN: tfg-opt %s --tfg-cpu-keep-outlined | FileCheck %s

// An outlined function becomes no_inline and loses the mark; any other
// function is left as it is.
// CHECK-LABEL: llvm.func internal @outlined()
// CHECK-SAME: no_inline
// CHECK-NOT: tfg.outlined
// CHECK-LABEL: llvm.func @caller()
// CHECK-NOT: no_inline
// CHECK: llvm.call @outlined()
llvm.func internal @outlined() attributes {tfg.outlined} {
  llvm.return
}
llvm.func @caller() {
  llvm.call @outlined() : () -> ()
  llvm.return
}
