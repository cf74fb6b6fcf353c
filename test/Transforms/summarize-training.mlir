// tfg-summarize on a training graph: variables are listed, and the
// suggested command binds the scalar switches (bool training flag, keep
// probability, dropout rate) but keeps data inputs, including a scalar
// float that is neither (a negative case) and a non-scalar bool.
// RUN: tfg-opt %s --tfg-summarize -o /dev/null 2>&1 | FileCheck %s

// CHECK: inputs: x (f32[?, 3]) is_training (i1[]) keep_prob (f32[]) dropout_rate (f32[]) scale (f32[]) mask (i1[3])
// CHECK-NEXT: outputs: y (AddN)
// CHECK-NEXT: variables: w (f32[2, 3]) h (f32[*])
// CHECK: suggested: tfg-opt MODEL.mlir --tfg-optimize-for-inference="inputs=x,scale,mask outputs=y bind=is_training=false,keep_prob=1.0,dropout_rate=0.0 checkpoint=CHECKPOINT_PREFIX"
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x3>} : () -> (tensor<?x3xf32>)
  %t, %ct = tfg.Placeholder name("is_training") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
  %k, %ck = tfg.Placeholder name("keep_prob") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
  %r, %cr = tfg.Placeholder name("dropout_rate") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
  %s, %cs = tfg.Placeholder name("scale") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
  %m, %cm = tfg.Placeholder name("mask") {dtype = i1, shape = #tfg.shape<3>} : () -> (tensor<3xi1>)
  %w, %cw = tfg.VariableV2 name("w") {dtype = f32, shape = #tfg.shape<2x3>, container = "", shared_name = ""} : () -> (tensor<2x3xf32>)
  %h, %ch = tfg.VariableV2 name("h") {dtype = f32, shape = #tfg.shape<*>, container = "", shared_name = ""} : () -> (tensor<*xf32>)
  %y, %cy = tfg.AddN(%x, %x) [%ct, %ck, %cr, %cs, %cm, %cw, %ch] name("y") {N = 2 : i64, T = f32} : (tensor<?x3xf32>, tensor<?x3xf32>) -> (tensor<?x3xf32>)
}
