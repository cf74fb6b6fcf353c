// RUN: tfg-opt %s --split-input-file --verify-diagnostics --tfg-cpu-convert-to-llvm
// RUN: tfg-opt %s --split-input-file --verify-diagnostics --tfg-cpu-convert-to-llvm --mlir-disable-threading

// A loop the pipeline should have lowered before (convert-scf-to-cf): no
// pattern of the conversion takes it, and it is reported, not left for the
// translation to trip on.
func.func @leftover_loop(%buf: memref<8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  // expected-error @+1 {{failed to legalize operation 'scf.for'}}
  scf.for %i = %c0 to %n step %c1 {
    memref.store %one, %buf[%i] : memref<8xf32>
  }
  return
}

// -----

// A value whose cast to the LLVM types nothing cancels.
func.func @stray_cast(%x: i32) -> f32 {
  // expected-error @+1 {{a cast from 'i32' to 'f32' is left after the conversion to the LLVM dialect}}
  %0 = builtin.unrealized_conversion_cast %x : i32 to f32
  %1 = arith.addf %0, %0 : f32
  return %1 : f32
}

// -----

// Each function's body is converted on its own (on the context's threads):
// a failure in an outlined loop nest is reported at its op, and so is one
// in another function; the functions that convert do not hide them.
func.func private @nest_ok(%buf: memref<8xf32>) attributes {llvm.bareptr, llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  memref.store %one, %buf[%c0] : memref<8xf32>
  return
}
func.func private @nest_loop(%buf: memref<8xf32>, %n: index) attributes {llvm.bareptr, llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  // expected-error @+1 {{failed to legalize operation 'scf.for'}}
  scf.for %i = %c0 to %n step %c1 {
    memref.store %one, %buf[%i] : memref<8xf32>
  }
  return
}
func.func private @nest_while(%x: i32) -> i32 attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  // expected-error @+1 {{failed to legalize operation 'scf.while'}}
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %f = arith.constant false
    scf.condition(%f) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return %r : i32
}
func.func @main(%buf: memref<8xf32>, %n: index) {
  call @nest_ok(%buf) : (memref<8xf32>) -> ()
  call @nest_loop(%buf, %n) : (memref<8xf32>, index) -> ()
  return
}

// -----

// An op of the serial step (an allocation: its lowering declares malloc in
// the module) that no pattern lowers, here for its strided layout.
func.func private @strided_alloc() attributes {llvm.linkage = #llvm.linkage<internal>, tfg.outlined} {
  // expected-error @+1 {{failed to legalize operation 'memref.alloc'}}
  %a = memref.alloc() : memref<4x4xf32, strided<[8, 1]>>
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  memref.store %one, %a[%c0, %c0] : memref<4x4xf32, strided<[8, 1]>>
  return
}
