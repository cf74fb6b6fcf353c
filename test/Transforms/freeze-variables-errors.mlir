// Freezing fails, naming the node and what is wrong, and changes nothing
// for good (tools write no output): each case picks other outputs.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %tfg_src_root/utils/make_checkpoint_fixtures.py %t/good --tensor ok=float:2:1,2 --tensor wrong_dtype=int32:2:1,2 --tensor wrong_shape=float:3:1,2,3 --tensor by_slice=float:2:1,2 --tensor written=float:2:0,0 --tensor res=float:2:5,6
// RUN: not tfg-opt %s --tfg-freeze-variables="checkpoint=%t/good outputs=use_missing" 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: variable 'missing' (checkpoint key 'missing'): not found in checkpoint '{{.*}}good/model.ckpt'
// RUN: not tfg-opt %s --tfg-freeze-variables="checkpoint=%t/good outputs=use_wrong_dtype" 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: error: variable 'wrong_dtype' (checkpoint key 'wrong_dtype'): the checkpoint holds int32, the variable is float
// RUN: not tfg-opt %s --tfg-freeze-variables="checkpoint=%t/good outputs=use_wrong_shape" 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: error: variable 'wrong_shape' (checkpoint key 'wrong_shape'): the checkpoint holds shape [3], the variable's shape is [2]
// RUN: not tfg-opt %s --tfg-freeze-variables="checkpoint=%t/good outputs=use_by_slice" 2>&1 | FileCheck %s --check-prefix=SAVER-SLICE
// SAVER-SLICE: error: variable 'by_slice' is saved as a slice ('4 0,2' of checkpoint key 'by_slice'): freezing partitioned variables is not supported
// RUN: not tfg-opt %s --tfg-freeze-variables="checkpoint=%t/good outputs=assign_add" 2>&1 | FileCheck %s --check-prefix=WRITER
// WRITER: error: node 'assign_add' (AssignAdd) writes variable 'written', and the outputs depend on it: a frozen graph cannot keep state
// RUN: not tfg-opt %s --tfg-freeze-variables="checkpoint=%t/good outputs=gather" 2>&1 | FileCheck %s --check-prefix=RESOURCE
// RESOURCE: error: node 'gather' (ResourceGather) uses resource variable 'res'; only ReadVariableOp can read a frozen variable
// RUN: not tfg-opt %s --tfg-freeze-variables="checkpoint=%t/good outputs=nope" 2>&1 | FileCheck %s --check-prefix=NONODE
// NONODE: error: no node named 'nope' in the graph
// RUN: not tfg-opt %s --tfg-freeze-variables="outputs=use_ok" 2>&1 | FileCheck %s --check-prefix=NOCKPT
// NOCKPT: error: tfg-freeze-variables: no checkpoint given (option checkpoint=PREFIX)
// RUN: not tfg-opt %s --tfg-freeze-variables="checkpoint=%t/none outputs=use_ok" 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: error: {{.*}}none{{.*}}

// The checkpoint itself is damaged: the reader's errors, with the node.
// RUN: %python %tfg_src_root/utils/make_checkpoint_fixtures.py %t/flip --corrupt flip-data
// RUN: not tfg-opt %s --tfg-freeze-variables="checkpoint=%t/flip outputs=use_a_float" 2>&1 | FileCheck %s --check-prefix=CRC
// CRC: error: variable 'a/float' (checkpoint key 'a/float'): {{.*}}CRC32C mismatch
// RUN: %python %tfg_src_root/utils/make_checkpoint_fixtures.py %t/trunc --corrupt truncate-shard
// RUN: not tfg-opt %s --tfg-freeze-variables="checkpoint=%t/trunc outputs=use_j_string" 2>&1 | FileCheck %s --check-prefix=TRUNC
// TRUNC: error: variable 'j_string' (checkpoint key 'j_string'): {{.*}}
// RUN: %python %tfg_src_root/utils/make_checkpoint_fixtures.py %t/sliced --corrupt sliced
// RUN: not tfg-opt %s --tfg-freeze-variables="checkpoint=%t/sliced outputs=use_part_var" 2>&1 | FileCheck %s --check-prefix=SLICED
// SLICED: error: variable 'part_var' (checkpoint key 'part_var'): partitioned (sliced) in the checkpoint; freezing partitioned variables is not supported

// Negative control: the same graph freezes where nothing is wrong.
// RUN: tfg-opt %s --tfg-freeze-variables="checkpoint=%t/good outputs=use_ok" | FileCheck %s --check-prefix=OK
// OK: tfg.Const name("ok") {dtype = f32, value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>}

module {
  tfg.graph <producer = 24, min_consumer = 0> {
    %ok, %c0 = tfg.VariableV2 name("ok") {container = "", dtype = f32, shape = #tfg.shape<2>, shared_name = ""} : () -> (tensor<2x!tfg.ref<f32>>)
    %u0, %c1 = tfg.Identity(%ok) name("use_ok") {T = f32} : (tensor<2x!tfg.ref<f32>>) -> (tensor<2xf32>)
    %missing, %c2 = tfg.VariableV2 name("missing") {container = "", dtype = f32, shape = #tfg.shape<2>, shared_name = ""} : () -> (tensor<2x!tfg.ref<f32>>)
    %u1, %c3 = tfg.Identity(%missing) name("use_missing") {T = f32} : (tensor<2x!tfg.ref<f32>>) -> (tensor<2xf32>)
    %wd, %c4 = tfg.VariableV2 name("wrong_dtype") {container = "", dtype = f32, shape = #tfg.shape<2>, shared_name = ""} : () -> (tensor<2x!tfg.ref<f32>>)
    %u2, %c5 = tfg.Identity(%wd) name("use_wrong_dtype") {T = f32} : (tensor<2x!tfg.ref<f32>>) -> (tensor<2xf32>)
    %ws, %c6 = tfg.VariableV2 name("wrong_shape") {container = "", dtype = f32, shape = #tfg.shape<2>, shared_name = ""} : () -> (tensor<2x!tfg.ref<f32>>)
    %u3, %c7 = tfg.Identity(%ws) name("use_wrong_shape") {T = f32} : (tensor<2x!tfg.ref<f32>>) -> (tensor<2xf32>)
    %bs, %c8 = tfg.VariableV2 name("by_slice") {container = "", dtype = f32, shape = #tfg.shape<2>, shared_name = ""} : () -> (tensor<2x!tfg.ref<f32>>)
    %u4, %c9 = tfg.Identity(%bs) name("use_by_slice") {T = f32} : (tensor<2x!tfg.ref<f32>>) -> (tensor<2xf32>)
    %prefix, %c10 = tfg.Const name("save/Const") {dtype = !tfg.string, value = dense<"model"> : tensor<!tfg.string>} : () -> (tensor<!tfg.string>)
    %names, %c11 = tfg.Const name("save/names") {dtype = !tfg.string, value = dense<["by_slice"]> : tensor<1x!tfg.string>} : () -> (tensor<1x!tfg.string>)
    %slices, %c12 = tfg.Const name("save/slices") {dtype = !tfg.string, value = dense<["4 0,2"]> : tensor<1x!tfg.string>} : () -> (tensor<1x!tfg.string>)
    %restored, %c13 = tfg.RestoreV2(%prefix, %names, %slices) name("save/RestoreV2") {dtypes = [f32]} : (tensor<!tfg.string>, tensor<1x!tfg.string>, tensor<1x!tfg.string>) -> (tensor<*xf32>)
    %a0, %c14 = tfg.Assign(%bs, %restored) name("save/Assign") {T = f32, use_locking = true, validate_shape = true} : (tensor<2x!tfg.ref<f32>>, tensor<*xf32>) -> (tensor<2x!tfg.ref<f32>>)
    %wr, %c15 = tfg.VariableV2 name("written") {container = "", dtype = f32, shape = #tfg.shape<2>, shared_name = ""} : () -> (tensor<2x!tfg.ref<f32>>)
    %one, %c16 = tfg.Const name("one") {dtype = f32, value = dense<1.0> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %aa, %c17 = tfg.generic "AssignAdd"(%wr, %one) name("assign_add") {T = f32, use_locking = false} : (tensor<2x!tfg.ref<f32>>, tensor<2xf32>) -> (tensor<2x!tfg.ref<f32>>)
    %res, %c18 = tfg.VarHandleOp name("res") {container = "", dtype = f32, shape = #tfg.shape<2>, shared_name = "res", allowed_devices = []} : () -> (tensor<!tfg.resource>)
    %idx, %c19 = tfg.Const name("idx") {dtype = i32, value = dense<[0]> : tensor<1xi32>} : () -> (tensor<1xi32>)
    %g, %c20 = tfg.generic "ResourceGather"(%res, %idx) name("gather") {dtype = f32, Tindices = i32, batch_dims = 0 : i64, validate_indices = true} : (tensor<!tfg.resource>, tensor<1xi32>) -> (tensor<1xf32>)
    %af, %c21 = tfg.VariableV2 name("a/float") {container = "", dtype = f32, shape = #tfg.shape<2x3>, shared_name = ""} : () -> (tensor<2x3x!tfg.ref<f32>>)
    %u5, %c22 = tfg.Identity(%af) name("use_a_float") {T = f32} : (tensor<2x3x!tfg.ref<f32>>) -> (tensor<2x3xf32>)
    %js, %c23 = tfg.VariableV2 name("j_string") {container = "", dtype = !tfg.string, shape = #tfg.shape<2>, shared_name = ""} : () -> (tensor<2x!tfg.ref<!tfg.string>>)
    %u6, %c24 = tfg.Identity(%js) name("use_j_string") {T = !tfg.string} : (tensor<2x!tfg.ref<!tfg.string>>) -> (tensor<2x!tfg.string>)
    %pv, %c25 = tfg.VariableV2 name("part_var") {container = "", dtype = f32, shape = #tfg.shape<4x2>, shared_name = ""} : () -> (tensor<4x2x!tfg.ref<f32>>)
    %u7, %c26 = tfg.Identity(%pv) name("use_part_var") {T = f32} : (tensor<4x2x!tfg.ref<f32>>) -> (tensor<4x2xf32>)
  }
}
