// RUN: tfg-opt %s --split-input-file --tfg-graph-to-func="dynamic-dims=true" --verify-diagnostics | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-graph-to-func="dynamic-dims=true input-shapes=a:3x4" --verify-diagnostics | FileCheck %s --check-prefix=GIVEN
// RUN: not tfg-opt %s --split-input-file --tfg-graph-to-func 2>&1 | FileCheck %s --check-prefix=DEFAULT

// dynamic-dims keeps every unknown dimension of a Placeholder dynamic;
// input-shapes still fixes the inputs it names; without the option the
// batch is specialized (batch-size) and another unknown dimension is the
// usual error.
// CHECK: func.func @main(%{{.*}}: tensor<?x?xf32> {tfg.name = "a"}, %{{.*}}: tensor<?x4xf32> {tfg.name = "b"})
// GIVEN: func.func @main(%{{.*}}: tensor<3x4xf32> {tfg.name = "a"}, %{{.*}}: tensor<?x4xf32> {tfg.name = "b"})
// DEFAULT: error: input 'a': dimension 1 is unknown (-1); give its shape with input-shapes=a:1xN
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %a, %ca = tfg.Placeholder name("a") {dtype = f32, shape = #tfg.shape<?x?>} : () -> (tensor<?x?xf32>)
  %b, %cb = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<?x4>} : () -> (tensor<?x4xf32>)
  %s, %cs = tfg.AddV2(%a, %b) name("sum") {T = f32} : (tensor<?x?xf32>, tensor<?x4xf32>) -> (tensor<*xf32>)
}

// -----

// An unknown rank is still an error: dynamic-dims keeps dimensions, not
// ranks.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{input 'u': its rank is unknown; give its shape with input-shapes=u:1x224x224x3 (tfg-run: --input-shape)}}
  %u, %cu = tfg.Placeholder name("u") {dtype = f32, shape = #tfg.shape<*>} : () -> (tensor<*xf32>)
  %r, %cr = tfg.Relu(%u) name("relu") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
