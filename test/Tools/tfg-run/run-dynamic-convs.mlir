// The convolutions of Inputs/dynamic-convs.mlir (3x3 VALID + bias + Relu,
// 3x3 stride 2 SAME, depthwise 3x3 SAME, 1x1, 3x3 dilation 2 SAME) compiled
// ONCE with --dynamic-shapes, so that tfg-cpu-tile-dynamic-convolutions
// cuts them into static tiles, and run on four sizes: 40x37 (full tiles
// and a last one ending at the row's end, over columns already computed),
// a batch of 2 at 3x3 (the VALID output is 1x1, the strided one 2x2:
// single columns), 5x70 (a wide row: several full tiles) and 9x11 (rows
// narrower than a block: tiles of 4 columns, the last overlapping), on
// one thread and on two (rows as an scf.forall). Each output must be what the model
// compiled statically for that size gives (the kernel pass's own blocks,
// no dynamic tiling), within a relative L2 of 1e-6.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/make_npy.py %t/a.npy "<f4" 1x40x37x3 seed=3
// RUN: %python %S/Inputs/make_npy.py %t/b.npy "<f4" 2x3x3x3 seed=4
// RUN: %python %S/Inputs/make_npy.py %t/c.npy "<f4" 1x5x70x3 seed=5
// RUN: %python %S/Inputs/make_npy.py %t/d.npy "<f4" 1x9x11x3 seed=6
// RUN: tfg-run %S/Inputs/dynamic-convs.mlir --outputs valid,strided,pointwise,dilated --input x=%t/a.npy --output-dir %t/static0 > %t/out
// RUN: tfg-run %S/Inputs/dynamic-convs.mlir --outputs valid,strided,pointwise,dilated --input x=%t/b.npy --output-dir %t/static1 >> %t/out
// RUN: tfg-run %S/Inputs/dynamic-convs.mlir --outputs valid,strided,pointwise,dilated --input x=%t/c.npy --output-dir %t/static2 >> %t/out
// RUN: tfg-run %S/Inputs/dynamic-convs.mlir --outputs valid,strided,pointwise,dilated --input x=%t/d.npy --output-dir %t/static3 >> %t/out
// RUN: tfg-run %S/Inputs/dynamic-convs.mlir --outputs valid,strided,pointwise,dilated --dynamic-shapes --input x=%t/a.npy --input x=%t/b.npy --input x=%t/c.npy --input x=%t/d.npy --output-dir %t/dyn >> %t/out
// RUN: tfg-run %S/Inputs/dynamic-convs.mlir --outputs valid,strided,pointwise,dilated --dynamic-shapes --threads 2 --input x=%t/a.npy --input x=%t/b.npy --input x=%t/c.npy --input x=%t/d.npy --output-dir %t/dyn2 >> %t/out
// RUN: FileCheck %s < %t/out
// RUN: for d in dyn dyn2; do for s in 0 1 2 3; do for o in 0_valid 1_strided 2_pointwise 3_dilated; do %python %S/Inputs/check_stacked.py --rtol 1e-6 %t/$d/set$s/output_$o.npy %t/static$s/output_$o.npy || exit 1; done; done; done | FileCheck %s --check-prefix=SAME
// SAME-COUNT-32: stacked: 1 parts

// CHECK: output valid: <f4 [1,38,35,8]
// CHECK: output valid: <f4 [2,1,1,8]
// CHECK: output valid: <f4 [1,3,68,8]
// CHECK: output valid: <f4 [1,7,9,8]
// CHECK: input  x: <f4 [?,?,?,3]
// CHECK: set 0: x [1,40,37,3] -> valid [1,38,35,8] strided [1,20,19,4] pointwise [1,38,35,5] dilated [1,40,37,6]
// CHECK: set 1: x [2,3,3,3] -> valid [2,1,1,8] strided [2,2,2,4] pointwise [2,1,1,5] dilated [2,3,3,6]
// CHECK: set 2: x [1,5,70,3] -> valid [1,3,68,8] strided [1,3,35,4] pointwise [1,3,68,5] dilated [1,5,70,6]
// CHECK: set 3: x [1,9,11,3] -> valid [1,7,9,8] strided [1,5,6,4] pointwise [1,7,9,5] dilated [1,9,11,6]
// CHECK: input  x: <f4 [?,?,?,3]
// CHECK: set 0: x [1,40,37,3] -> valid [1,38,35,8]
// CHECK: set 2: x [1,5,70,3] -> valid [1,3,68,8]
// CHECK: set 3: x [1,9,11,3] -> valid [1,7,9,8]
