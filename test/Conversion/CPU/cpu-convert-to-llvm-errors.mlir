// RUN: tfg-opt %s --split-input-file --verify-diagnostics --tfg-cpu-convert-to-llvm

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
