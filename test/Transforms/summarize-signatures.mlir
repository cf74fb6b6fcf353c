// RUN: tfg-opt %s --split-input-file --tfg-summarize=to-stdout -o /dev/null | FileCheck %s

// A TF2 SavedModel: its signatures (not the loader's `__` ones), variables
// with their checkpoint keys, and the freeze-then-optimize commands with the
// names freezing gives (the signature's keys).
// CHECK-LABEL: === graph: 4 nodes
// CHECK: outputs: (signature) out = call:0{{$}}
// CHECK-NEXT: signature predict: x = p:0 (f32[?, 3]) -> y = call:1 (i64[*])
// CHECK-NEXT: signature serving_default: x = p:0 (f32[?, 3]) -> out = call:0 (f32[?, 2])
// CHECK-NEXT: variables: v (f32[3, 2], key layer/kernel/.ATTRIBUTES/VARIABLE_VALUE)
// CHECK: suggested: tfg-translate --import-graphdef MODEL --freeze -o frozen.mlir
// CHECK-NEXT: suggested: tfg-opt frozen.mlir --tfg-optimize-for-inference="inputs=x outputs=out"
module attributes {tfg.tf2_object_graph, tfg.signature = {name = "serving_default", inputs = {x = "p:0"}, outputs = {out = "call:0"}}, tfg.signatures = {__saved_model_init_op = {inputs = {}, outputs = {__saved_model_init_op = {tensor = "NoOp"}}, method = ""}, predict = {inputs = {x = {tensor = "p:0", type = tensor<?x3xf32>}}, outputs = {y = {tensor = "call:1", type = tensor<*xi64>}}, method = "tensorflow/serving/predict"}, serving_default = {inputs = {x = {tensor = "p:0", type = tensor<?x3xf32>}}, outputs = {out = {tensor = "call:0", type = tensor<?x2xf32>}}, method = "tensorflow/serving/predict"}}} {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %p, %cp = tfg.Placeholder name("p") {dtype = f32, shape = #tfg.shape<?x3>} : () -> (tensor<?x3xf32>)
    %v, %cv = tfg.VarHandleOp name("v") {dtype = f32, shape = #tfg.shape<3x2>, container = "", shared_name = "v", tfg.checkpoint_key = "layer/kernel/.ATTRIBUTES/VARIABLE_VALUE"} : () -> (tensor<!tfg.resource>)
    %s, %cs = tfg.Placeholder name("saver_filename") {dtype = !tfg.string, shape = #tfg.shape<>} : () -> (tensor<!tfg.string>)
    %c:2, %cc = tfg.generic "StatefulPartitionedCall"(%p, %v) name("call") {Tin = [f32, !tfg.resource], Tout = [f32, i64], f = #tfg.func<"f", {}>} : (tensor<?x3xf32>, tensor<!tfg.resource>) -> (tensor<?x2xf32>, tensor<*xi64>)
  }
}

// -----

// Negative: a graph with a serving signature but neither variables nor an
// object graph (a frozen graph carrying its signature) is optimized as it
// is, with the signature's names.
// CHECK-LABEL: === graph: 2 nodes
// CHECK-NOT: {{^}}signature 
// CHECK: suggested: tfg-opt MODEL.mlir --tfg-optimize-for-inference="inputs=in outputs=r:0"
module attributes {tfg.signature = {name = "serving_default", inputs = {x = "in:0"}, outputs = {y = "r:0"}}} {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %p, %cp = tfg.Placeholder name("in") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %r, %cr = tfg.Relu(%p) name("r") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
}
