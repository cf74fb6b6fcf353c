// The inference surgery's steps, as tfg-optimize-for-inference prints them
// (print-pipeline: MLIR's own pipeline text, every option spelled out) and
// as the named pipeline tfg-optimize-for-inference-pipeline expands.
// RUN: tfg-opt %s --tfg-optimize-for-inference="inputs=x outputs=y bind=training=false print-pipeline" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PRINT
// Without outputs the pass picks them from the graph once, and every step
// keeps those.
// RUN: tfg-opt %s --tfg-optimize-for-inference="fold-batch-norms=false quantize=true print-pipeline" -o /dev/null 2>&1 | FileCheck %s --check-prefix=INFERRED
// The expansion is printed before anything runs (then freezing fails: there
// is no such checkpoint).
// RUN: not tfg-opt %s --tfg-optimize-for-inference-pipeline="inputs=x outputs=y bind=training=false checkpoint=%t.no-such-ckpt quantize=true" --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// Given the same outputs, the pass and the pipeline do the same.
// RUN: tfg-opt %s --tfg-optimize-for-inference="inputs=x outputs=y bind=training=false" > %t.pass.mlir
// RUN: tfg-opt %s --pass-pipeline='builtin.module(tfg-optimize-for-inference-pipeline{inputs=x outputs=y bind=training=false})' > %t.pipeline.mlir
// RUN: diff %t.pass.mlir %t.pipeline.mlir
// RUN: FileCheck %s --input-file=%t.pipeline.mlir --check-prefix=GRAPH
// The pipeline is built before there is a graph to find outputs in.
// RUN: not tfg-opt %s --tfg-optimize-for-inference-pipeline="inputs=x" 2>&1 | FileCheck %s --check-prefix=NO-OUTPUTS
// RUN: not tfg-opt %s --pass-pipeline='builtin.module(tfg-optimize-for-inference-pipeline)' 2>&1 | FileCheck %s --check-prefix=NO-OUTPUTS

// PRINT: tfg-optimize-for-inference: tfg-inline-functions{keep-unused-functions=false max-depth=64 max-nodes=4194304},tfg-repair-ref-ops,tfg-strip-unused-nodes{input-dtype= input-shape= inputs={x} outputs={y}},tfg-bind-placeholders{bindings={training=false} inputs={x}},tfg-eliminate-switch-merge,tfg-remove-dropout{},tfg-remove-nodes{absorb-output-identities=true keep={y} },tfg-fold-constants{ignore-errors=true max-constant-size=10485760},tfg-fold-old-batch-norms,tfg-fold-batch-norms,tfg-fold-constants{ignore-errors=true max-constant-size=10485760},tfg-merge-duplicate-nodes{keep={y}},tfg-strip-unused-nodes{input-dtype= input-shape=  outputs={y}},tfg-sort-by-execution-order{{$}}

// INFERRED: remark: tfg-optimize-for-inference: no outputs given; inferred: y
// INFERRED: tfg-optimize-for-inference: tfg-inline-functions{keep-unused-functions=false max-depth=64 max-nodes=4194304},tfg-repair-ref-ops,tfg-strip-unused-nodes{input-dtype= input-shape=  outputs={y}},tfg-bind-placeholders{ },tfg-eliminate-switch-merge,tfg-remove-dropout{},tfg-remove-nodes{absorb-output-identities=true keep={y} },tfg-fold-constants{ignore-errors=true max-constant-size=10485760},tfg-merge-duplicate-nodes{keep={y}},tfg-strip-unused-nodes{input-dtype= input-shape=  outputs={y}},tfg-quantize-weights{minimum-size=1024 mode=tensorflow},tfg-sort-by-execution-order{{$}}

// DUMP:      builtin.module(
// DUMP-NEXT:   tfg-inline-functions{keep-unused-functions=false max-depth=64 max-nodes=4194304},
// DUMP-NEXT:   tfg-repair-ref-ops,
// DUMP-NEXT:   tfg-freeze-variables{checkpoint={{.*}}no-such-ckpt fold-tables=false outputs={y}  use-moving-averages=false verbose=false},
// DUMP-NEXT:   tfg-strip-unused-nodes{input-dtype= input-shape= inputs={x} outputs={y}},
// DUMP-NEXT:   tfg-bind-placeholders{bindings={training=false} inputs={x}},
// DUMP-NEXT:   tfg-eliminate-switch-merge,
// DUMP-NEXT:   tfg-remove-dropout{},
// DUMP-NEXT:   tfg-remove-nodes{absorb-output-identities=true keep={y} },
// DUMP-NEXT:   tfg-fold-constants{ignore-errors=true max-constant-size=10485760},
// DUMP-NEXT:   tfg-fold-old-batch-norms,
// DUMP-NEXT:   tfg-fold-batch-norms,
// DUMP-NEXT:   tfg-fold-constants{ignore-errors=true max-constant-size=10485760},
// DUMP-NEXT:   tfg-merge-duplicate-nodes{keep={y}},
// DUMP-NEXT:   tfg-strip-unused-nodes{input-dtype= input-shape=  outputs={y}},
// DUMP-NEXT:   tfg-quantize-weights{minimum-size=1024 mode=tensorflow},
// DUMP-NEXT:   tfg-sort-by-execution-order
// DUMP-NEXT: )
// DUMP:      error: cannot open checkpoint index

// GRAPH:      %[[X:.*]], %{{.*}} = tfg.Placeholder name("x")
// GRAPH-NEXT: %[[T:.*]], %{{.*}} = tfg.Const name("training") {{.*}}dense<false>
// GRAPH-NEXT: tfg.SelectV2(%[[T]], %[[X]], %[[X]]) name("y")
// GRAPH-NOT:  tfg.Identity

// NO-OUTPUTS: error: tfg-optimize-for-inference-pipeline needs outputs=...; tfg-optimize-for-inference finds them in the graph

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x4>} : () -> (tensor<?x4xf32>)
  %t, %ct = tfg.Placeholder name("training") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
  %i, %ci = tfg.Identity(%x) name("i") {T = f32} : (tensor<?x4xf32>) -> (tensor<?x4xf32>)
  %y, %cy = tfg.SelectV2(%t, %i, %x) name("y") {T = f32} : (tensor<i1>, tensor<?x4xf32>, tensor<?x4xf32>) -> (tensor<?x4xf32>)
}
