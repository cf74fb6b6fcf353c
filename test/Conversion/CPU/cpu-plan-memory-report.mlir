// RUN: tfg-opt %s --split-input-file --tfg-cpu-plan-memory=report --verify-diagnostics

// With report, a remark per planned function: three buffers of 1024 + 1024
// + 512 bytes fit in 2048 (the third reuses the first's place). A function
// with nothing to plan gets none.
// expected-remark @below {{memory plan: 3 buffers of 2560 bytes in an arena of 2048 bytes}}
func.func @three(%out: memref<128xf32>) {
  %a = memref.alloc() : memref<256xf32>
  %b = memref.alloc() : memref<256xf32>
  linalg.copy ins(%a : memref<256xf32>) outs(%b : memref<256xf32>)
  %c = memref.alloc() : memref<128xf32>
  %bs = memref.subview %b[0] [128] [1] : memref<256xf32> to memref<128xf32, strided<[1]>>
  linalg.copy ins(%bs : memref<128xf32, strided<[1]>>) outs(%c : memref<128xf32>)
  memref.copy %c, %out : memref<128xf32> to memref<128xf32>
  return
}

// -----

func.func @nothing(%out: memref<16xf32>) -> memref<16xf32> {
  %r = memref.alloc() : memref<16xf32>
  memref.copy %out, %r : memref<16xf32> to memref<16xf32>
  return %r : memref<16xf32>
}
