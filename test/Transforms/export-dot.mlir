// RUN: rm -rf %t && split-file %s %t
// RUN: tfg-opt %t/graph.mlir --tfg-export-dot="output=%t/graph.dot" | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s < %t/graph.dot
// RUN: tfg-opt %t/graph.mlir --tfg-export-dot="output=%t/boxes.dot collapse-constants=false" -o %t/out.mlir
// RUN: FileCheck %s --check-prefix=BOXES < %t/boxes.dot
// RUN: tfg-opt %t/graph.mlir --tfg-export-dot="output=%t/scopes.dot cluster-by-scope=true" -o %t/out.mlir
// RUN: FileCheck %s --check-prefix=SCOPES < %t/scopes.dot
// RUN: tfg-opt %t/graph.mlir --tfg-export-dot="output=%t/flat.dot cluster-by-scope=true max-scope-depth=1" -o %t/out.mlir
// RUN: FileCheck %s --check-prefix=DEPTH1 < %t/flat.dot
// RUN: tfg-opt %t/graph.mlir --tfg-export-dot="output=- title=mygraph" -o %t/out.mlir | FileCheck %s --check-prefix=STDOUT

// Too many nodes: an error at the graph, and nothing written; max-nodes=0
// draws any number.
// RUN: tfg-opt %t/too-many.mlir --tfg-export-dot="output=%t/big.dot max-nodes=2" -verify-diagnostics
// RUN: not tfg-opt %t/too-many.mlir --tfg-export-dot="output=%t/big.dot max-nodes=2" -o %t/out.mlir
// RUN: not test -e %t/big.dot
// RUN: tfg-opt %t/too-many.mlir --tfg-export-dot="output=%t/big.dot max-nodes=0" -o %t/out.mlir
// RUN: test -s %t/big.dot

// Option errors: no output, bad cluster mode. These stay FileCheck: they
// are reported at the implicit top-level module, whose location is the
// file's line 0, where no expected-error line can point.
// RUN: not tfg-opt %t/graph.mlir --tfg-export-dot -o %t/out.mlir 2>&1 | FileCheck %s --check-prefix=NO-OUTPUT
// RUN: not tfg-opt %t/graph.mlir --tfg-export-dot="output=%t/x.dot cluster-by-scope=maybe" -o %t/out.mlir 2>&1 | FileCheck %s --check-prefix=BAD-MODE

// The pass changes nothing.
// IR: tfg.graph
// IR-COUNT-8: name(

// CHECK: digraph tfg {
// Constants are small points named by their last scope component.
// CHECK-DAG: [[W:n[0-9]+]] [shape=point, {{.*}}xlabel="w", {{.*}}tooltip="Const scope/inner/w"
// CHECK-DAG: [[P:n[0-9]+]] [label="PlaceholderWithDefault\npred"
// CHECK-DAG: [[SW:n[0-9]+]] [label="Switch\nscope/inner/switch"
// CHECK-DAG: [[T:n[0-9]+]] [label="Identity\nscope/inner/t"
// CHECK-DAG: [[F:n[0-9]+]] [label="Identity\nscope/f"
// Quotes and backslashes in names are escaped.
// CHECK-DAG: [[Q:n[0-9]+]] [label="NoOp\nsay \"hi\" c:\\dir"
// CHECK-DAG: [[W]] -> [[SW]];
// Output 1 is labelled, output 0 is not.
// CHECK-DAG: [[SW]] -> [[T]] [label=":1"];
// CHECK-DAG: [[SW]] -> [[F]];
// Control edges are dashed.
// CHECK-DAG: [[T]] -> [[Q]] [style=dashed,
// Few nodes: no clusters by default.
// CHECK-NOT: subgraph
// CHECK: }

// BOXES: [label="Const\nscope/inner/w"
// BOXES-NOT: shape=point

// SCOPES: subgraph cluster_{{[0-9]+}} {
// SCOPES-NEXT: label="pred";
// SCOPES-NEXT: xlabel="default"
// SCOPES-NEXT: }
// SCOPES-NEXT: subgraph cluster_{{[0-9]+}} {
// SCOPES-NEXT: label="scope";
// SCOPES-NEXT: [label="Identity\nscope/f"
// SCOPES-NEXT: subgraph cluster_{{[0-9]+}} {
// SCOPES-NEXT: label="scope/inner";
// SCOPES-NEXT: xlabel="w"
// SCOPES-NEXT: [label="Switch\nscope/inner/switch"
// SCOPES-NEXT: [label="Identity\nscope/inner/t"
// SCOPES-NEXT: }
// SCOPES-NEXT: }

// DEPTH1: label="scope";
// DEPTH1-NEXT: xlabel="w"
// DEPTH1-NEXT: [label="Switch\nscope/inner/switch"
// DEPTH1-NEXT: [label="Identity\nscope/inner/t"
// DEPTH1-NEXT: [label="Identity\nscope/f"
// DEPTH1-NEXT: }
// DEPTH1-NOT: subgraph

// STDOUT: digraph tfg
// STDOUT: label="mygraph";

// NO-OUTPUT: error: tfg-export-dot: set output=FILE.dot (or output=- for stdout)
// BAD-MODE: error: tfg-export-dot: cluster-by-scope must be auto, true or false, not 'maybe'

//--- graph.mlir
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %p, %cp = tfg.PlaceholderWithDefault(%d) name("pred") {dtype = i1, shape = #tfg.shape<>} : (tensor<i1>) -> (tensor<i1>)
  %d, %cd = tfg.Const name("pred/default") {dtype = i1, value = dense<false> : tensor<i1>} : () -> (tensor<i1>)
  %w, %cw = tfg.Const name("scope/inner/w") {dtype = f32, value = dense<1.0> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %f, %t, %cs = tfg.Switch(%w, %p) name("scope/inner/switch") {T = f32} : (tensor<2xf32>, tensor<i1>) -> (tensor<2xf32>, tensor<2xf32>)
  %it, %cit = tfg.Identity(%t) name("scope/inner/t") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %if, %cif = tfg.Identity(%f) name("scope/f") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %cq = tfg.NoOp [%cit] name("say \"hi\" c:\\dir")
  %ce = tfg.NoOp [%cif, %cq] name("end")
}

//--- too-many.mlir
module @too_many {
  // expected-error @+1 {{graph has 3 nodes to draw, more than max-nodes=2}}
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %a = tfg.NoOp name("a")
    %b = tfg.NoOp [%a] name("b")
    %c = tfg.NoOp [%b] name("c")
  }
}
