// TensorFlow transform_graph's --transforms spelling runs the TFG passes that
// do the same.
// RUN: rm -rf %t && split-file %s %t
// RUN: tfg-opt %t/graph.mlir --tfg-transform-graph="outputs=y transforms='strip_unused_nodes remove_nodes(op=Identity, op=CheckNumerics)'" | FileCheck %s
// TensorFlow's own README example: inputs become Placeholders of the given
// type and shape.
// RUN: tfg-opt %t/graph.mlir --tfg-transform-graph="inputs=x outputs=y transforms='strip_unused_nodes(type=float, shape=\"1,4\")'" | FileCheck %s --check-prefix=SHAPE
// add_default_attributes is accepted and changes nothing (import fills
// defaults); an empty string runs nothing.
// RUN: tfg-opt %t/graph.mlir --tfg-transform-graph="transforms=add_default_attributes" | FileCheck %s --check-prefix=NOTHING
// Errors in the transforms string are reported at the implicit module
// (file:0:0), where no expected-error line can point: FileCheck.
// RUN: not tfg-opt %t/graph.mlir --tfg-transform-graph="transforms='fold_everything'" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not tfg-opt %t/graph.mlir --tfg-transform-graph="transforms='remove_nodes(op=Identity, opp=NoOp)'" 2>&1 | FileCheck %s --check-prefix=PARAM
// RUN: not tfg-opt %t/graph.mlir --tfg-transform-graph="transforms='remove_nodes(op=Identity'" 2>&1 | FileCheck %s --check-prefix=SYNTAX
// A pass it runs fails at the graph; nothing is written.
// RUN: tfg-opt %t/dtype.mlir --tfg-transform-graph="outputs=y transforms='strip_unused_nodes(type=floaty)'" -verify-diagnostics
// RUN: not tfg-opt %t/dtype.mlir --tfg-transform-graph="outputs=y transforms='strip_unused_nodes(type=floaty)'" -o %t/out.mlir
// RUN: test ! -e %t/out.mlir
// RUN: not tfg-opt %t/graph.mlir --tfg-transform-graph="transforms='quantize_weights(minimum_size=lots)'" 2>&1 | FileCheck %s --check-prefix=SIZE
// The TFG passes each transform becomes (print-pipeline), in order, with
// inputs and outputs where TensorFlow's transform uses them.
// RUN: tfg-opt %t/graph.mlir --tfg-transform-graph="inputs=x outputs=y print-pipeline transforms='add_default_attributes strip_unused_nodes(type=float, shape=\"1,4\") remove_nodes(op=Identity, op=CheckNumerics) fold_constants(ignore_errors=true) fold_old_batch_norms fold_batch_norms merge_duplicate_nodes quantize_weights(minimum_size=0x10) sort_by_execution_order'" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PRINT

// CHECK:      %[[X:.*]], %{{.*}} = tfg.Placeholder name("x")
// CHECK-NEXT: tfg.Neg(%[[X]]) name("y")
// CHECK-NOT:  name("unused")
// CHECK-NOT:  tfg.Identity
// CHECK-NOT:  tfg.CheckNumerics

// SHAPE: tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x4>} : () -> (tensor<1x4xf32>)
// SHAPE: tfg.Identity
// SHAPE: tfg.CheckNumerics

// NOTHING-DAG: name("unused")
// NOTHING-DAG: tfg.Identity

// UNKNOWN: error: tfg-transform-graph: unknown transform 'fold_everything' (TFG knows strip_unused_nodes,
// PARAM: error: tfg-transform-graph: remove_nodes: parameter 'opp' is not supported
// SYNTAX: error: tfg-transform-graph: in remove_nodes(...): missing ')'
// SIZE: error: tfg-transform-graph: quantize_weights: minimum_size 'lots' is not a number

// PRINT: tfg-transform-graph: tfg-strip-unused-nodes{input-dtype=float input-shape=1,4 inputs={x} outputs={y}},tfg-remove-nodes{absorb-output-identities=false keep={y} ops={Identity,CheckNumerics}},tfg-fold-constants{ignore-errors=true max-constant-size=10485760},tfg-fold-old-batch-norms,tfg-fold-batch-norms,tfg-merge-duplicate-nodes{keep={x,y}},tfg-quantize-weights{minimum-size=16 mode=tensorflow},tfg-sort-by-execution-order{{$}}

//--- graph.mlir
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x4>} : () -> (tensor<?x4xf32>)
  %i, %ci = tfg.Identity(%x) name("i") {T = f32} : (tensor<?x4xf32>) -> (tensor<?x4xf32>)
  %c, %cc = tfg.CheckNumerics(%i) name("check") {T = f32, message = "bad"} : (tensor<?x4xf32>) -> (tensor<?x4xf32>)
  %y, %cy = tfg.Neg(%c) name("y") {T = f32} : (tensor<?x4xf32>) -> (tensor<?x4xf32>)
  %u, %cu = tfg.Neg(%x) name("unused") {T = f32} : (tensor<?x4xf32>) -> (tensor<?x4xf32>)
}

//--- dtype.mlir
module @unknown_dtype {
  // expected-error @+1 {{tfg-strip-unused-nodes: unknown dtype 'floaty' (TensorFlow's names: float, int32, uint8, ...)}}
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x4>} : () -> (tensor<?x4xf32>)
    %y, %cy = tfg.Neg(%x) name("y") {T = f32} : (tensor<?x4xf32>) -> (tensor<?x4xf32>)
  }
}
