// Upstream's mlir-opt, with TFG loaded as a plugin: parse + print, and TFG's
// passes through --pass-pipeline.
// RUN: %mlir_opt %s --load-dialect-plugin=%tfg_plugin --load-pass-plugin=%tfg_plugin | FileCheck %s --check-prefix=PRINT
// RUN: %mlir_opt %s --load-dialect-plugin=%tfg_plugin --load-pass-plugin=%tfg_plugin \
// RUN:   --pass-pipeline='builtin.module(tfg-summarize{title=plugin to-stdout=true})' | FileCheck %s --check-prefix=SUMMARY
// RUN: %mlir_opt %s --load-dialect-plugin=%tfg_plugin --load-pass-plugin=%tfg_plugin \
// RUN:   --pass-pipeline='builtin.module(tfg-strip-unused-nodes{outputs=y})' | FileCheck %s --check-prefix=STRIP
// Passes that run a TFG pipeline (TFG/Pipelines) come with the plugin too.
// RUN: %mlir_opt %s --load-dialect-plugin=%tfg_plugin --load-pass-plugin=%tfg_plugin \
// RUN:   --pass-pipeline="builtin.module(tfg-transform-graph{outputs=y transforms='strip_unused_nodes'})" | FileCheck %s --check-prefix=STRIP
// The passes are listed in mlir-opt's help once the plugin is loaded.
// RUN: %mlir_opt --load-pass-plugin=%tfg_plugin --help | FileCheck %s --check-prefix=HELP

// PRINT: tfg.graph <producer = 1, min_consumer = 0>
// PRINT: tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x3>}
// PRINT: tfg.Const name("w")
// PRINT: tfg.NoOp name("dead")
// PRINT: tfg.Add(%{{.*}}, %{{.*}}) name("y")

// SUMMARY: === plugin: 5 nodes, 0 control edges, 1 constants (6 values, 24 bytes)
// SUMMARY-NEXT: inputs: x (f32[?, 3])
// SUMMARY: tfg.graph

// STRIP: tfg.graph
// STRIP-DAG: name("x")
// STRIP-DAG: name("w")
// STRIP-DAG: name("y")
// STRIP-NOT: name("dead")

// HELP-DAG: --tfg-summarize
// HELP-DAG: --tfg-strip-unused-nodes
// HELP-DAG: --tfg-optimize-for-inference
// HELP-DAG: --tfg-optimize-for-inference-pipeline
// HELP-DAG: --tfg-transform-graph
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x3>} : () -> (tensor<?x3xf32>)
  %w, %cw = tfg.Const name("w") {dtype = f32, value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> (tensor<2x3xf32>)
  %i, %ci = tfg.Identity(%w) name("w/read") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %d = tfg.NoOp name("dead")
  %y, %cy = tfg.Add(%x, %i) name("y") {T = f32} : (tensor<?x3xf32>, tensor<2x3xf32>) -> (tensor<?x3xf32>)
}
