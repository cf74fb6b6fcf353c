// Freezing fails, naming the node and what is wrong, at that node (at the
// graph when no node is at fault), and changes nothing for good: tfg-opt
// writes no output. One minimal graph per case; the options differ
// (outputs, checkpoint), so each case is its own file.
// RUN: rm -rf %t && split-file %s %t
// RUN: %python %tfg_src_root/utils/make_checkpoint_fixtures.py %t/good --tensor ok=float:2:1,2 --tensor wrong_dtype=int32:2:1,2 --tensor wrong_shape=float:3:1,2,3 --tensor by_slice=float:2:1,2 --tensor written=float:2:0,0 --tensor res=float:2:5,6
// RUN: tfg-opt %t/missing.mlir --tfg-freeze-variables="checkpoint=%t/good outputs=use_missing" -verify-diagnostics
// RUN: not tfg-opt %t/missing.mlir --tfg-freeze-variables="checkpoint=%t/good outputs=use_missing" -o %t/out.mlir
// RUN: tfg-opt %t/dtype.mlir --tfg-freeze-variables="checkpoint=%t/good outputs=use_wrong_dtype" -verify-diagnostics
// RUN: not tfg-opt %t/dtype.mlir --tfg-freeze-variables="checkpoint=%t/good outputs=use_wrong_dtype" -o %t/out.mlir
// RUN: tfg-opt %t/shape.mlir --tfg-freeze-variables="checkpoint=%t/good outputs=use_wrong_shape" -verify-diagnostics
// RUN: not tfg-opt %t/shape.mlir --tfg-freeze-variables="checkpoint=%t/good outputs=use_wrong_shape" -o %t/out.mlir
// RUN: tfg-opt %t/saver-slice.mlir --tfg-freeze-variables="checkpoint=%t/good outputs=use_by_slice" -verify-diagnostics
// RUN: not tfg-opt %t/saver-slice.mlir --tfg-freeze-variables="checkpoint=%t/good outputs=use_by_slice" -o %t/out.mlir
// RUN: tfg-opt %t/writer.mlir --tfg-freeze-variables="checkpoint=%t/good outputs=assign_add" -verify-diagnostics
// RUN: not tfg-opt %t/writer.mlir --tfg-freeze-variables="checkpoint=%t/good outputs=assign_add" -o %t/out.mlir
// RUN: tfg-opt %t/ref-user.mlir --tfg-freeze-variables="checkpoint=%t/good outputs=y" -verify-diagnostics
// RUN: not tfg-opt %t/ref-user.mlir --tfg-freeze-variables="checkpoint=%t/good outputs=y" -o %t/out.mlir
// RUN: tfg-opt %t/resource.mlir --tfg-freeze-variables="checkpoint=%t/good outputs=gather" -verify-diagnostics
// RUN: not tfg-opt %t/resource.mlir --tfg-freeze-variables="checkpoint=%t/good outputs=gather" -o %t/out.mlir
// RUN: tfg-opt %t/no-node.mlir --tfg-freeze-variables="checkpoint=%t/good outputs=nope" -verify-diagnostics
// RUN: not tfg-opt %t/no-node.mlir --tfg-freeze-variables="checkpoint=%t/good outputs=nope" -o %t/out.mlir
// RUN: tfg-opt %t/no-checkpoint.mlir --tfg-freeze-variables="outputs=use_ok" -verify-diagnostics
// RUN: not tfg-opt %t/no-checkpoint.mlir --tfg-freeze-variables="outputs=use_ok" -o %t/out.mlir
// RUN: tfg-opt %t/no-file.mlir --tfg-freeze-variables="checkpoint=%t/none outputs=use_ok" -verify-diagnostics
// RUN: not tfg-opt %t/no-file.mlir --tfg-freeze-variables="checkpoint=%t/none outputs=use_ok" -o %t/out.mlir

// The checkpoint itself is damaged: the reader's errors, at the variable.
// RUN: %python %tfg_src_root/utils/make_checkpoint_fixtures.py %t/flip --corrupt flip-data
// RUN: tfg-opt %t/crc.mlir --tfg-freeze-variables="checkpoint=%t/flip outputs=use_a_float" -verify-diagnostics
// RUN: not tfg-opt %t/crc.mlir --tfg-freeze-variables="checkpoint=%t/flip outputs=use_a_float" -o %t/out.mlir
// RUN: %python %tfg_src_root/utils/make_checkpoint_fixtures.py %t/trunc --corrupt truncate-shard
// RUN: tfg-opt %t/truncated.mlir --tfg-freeze-variables="checkpoint=%t/trunc outputs=use_j_string" -verify-diagnostics
// RUN: not tfg-opt %t/truncated.mlir --tfg-freeze-variables="checkpoint=%t/trunc outputs=use_j_string" -o %t/out.mlir
// RUN: %python %tfg_src_root/utils/make_checkpoint_fixtures.py %t/sliced --corrupt sliced
// RUN: tfg-opt %t/sliced.mlir --tfg-freeze-variables="checkpoint=%t/sliced outputs=use_part_var" -verify-diagnostics
// RUN: not tfg-opt %t/sliced.mlir --tfg-freeze-variables="checkpoint=%t/sliced outputs=use_part_var" -o %t/out.mlir
// RUN: test ! -e %t/out.mlir

// Negative control: the same options freeze where nothing is wrong.
// RUN: tfg-opt %t/ok.mlir --tfg-freeze-variables="checkpoint=%t/good outputs=use_ok" | FileCheck %s --check-prefix=OK
// OK-LABEL: module @freeze_ok
// OK: tfg.Const name("ok") {dtype = f32, value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>}

//--- missing.mlir
module @missing {
  tfg.graph <producer = 24, min_consumer = 0> {
    // expected-error-re @+1 {{variable 'missing' (checkpoint key 'missing'): not found in checkpoint '{{.*}}good/model.ckpt'}}
    %missing, %c0 = tfg.VariableV2 name("missing") {container = "", dtype = f32, shape = #tfg.shape<2>, shared_name = ""} : () -> (tensor<2x!tfg.ref<f32>>)
    %u, %c1 = tfg.Identity(%missing) name("use_missing") {T = f32} : (tensor<2x!tfg.ref<f32>>) -> (tensor<2xf32>)
  }
}

//--- dtype.mlir
module @wrong_dtype {
  tfg.graph <producer = 24, min_consumer = 0> {
    // expected-error @+1 {{variable 'wrong_dtype' (checkpoint key 'wrong_dtype'): the checkpoint holds int32, the variable is float}}
    %wd, %c0 = tfg.VariableV2 name("wrong_dtype") {container = "", dtype = f32, shape = #tfg.shape<2>, shared_name = ""} : () -> (tensor<2x!tfg.ref<f32>>)
    %u, %c1 = tfg.Identity(%wd) name("use_wrong_dtype") {T = f32} : (tensor<2x!tfg.ref<f32>>) -> (tensor<2xf32>)
  }
}

//--- shape.mlir
module @wrong_shape {
  tfg.graph <producer = 24, min_consumer = 0> {
    // expected-error @+1 {{variable 'wrong_shape' (checkpoint key 'wrong_shape'): the checkpoint holds shape [3], the variable's shape is [2]}}
    %ws, %c0 = tfg.VariableV2 name("wrong_shape") {container = "", dtype = f32, shape = #tfg.shape<2>, shared_name = ""} : () -> (tensor<2x!tfg.ref<f32>>)
    %u, %c1 = tfg.Identity(%ws) name("use_wrong_shape") {T = f32} : (tensor<2x!tfg.ref<f32>>) -> (tensor<2xf32>)
  }
}

//--- saver-slice.mlir
// The saver restores the variable from a slice of its key.
module @saver_slice {
  tfg.graph <producer = 24, min_consumer = 0> {
    // expected-error @+1 {{variable 'by_slice' is saved as a slice ('4 0,2' of checkpoint key 'by_slice'): freezing partitioned variables is not supported}}
    %bs, %c0 = tfg.VariableV2 name("by_slice") {container = "", dtype = f32, shape = #tfg.shape<2>, shared_name = ""} : () -> (tensor<2x!tfg.ref<f32>>)
    %u, %c1 = tfg.Identity(%bs) name("use_by_slice") {T = f32} : (tensor<2x!tfg.ref<f32>>) -> (tensor<2xf32>)
    %prefix, %c2 = tfg.Const name("save/Const") {dtype = !tfg.string, value = dense<"model"> : tensor<!tfg.string>} : () -> (tensor<!tfg.string>)
    %names, %c3 = tfg.Const name("save/names") {dtype = !tfg.string, value = dense<["by_slice"]> : tensor<1x!tfg.string>} : () -> (tensor<1x!tfg.string>)
    %slices, %c4 = tfg.Const name("save/slices") {dtype = !tfg.string, value = dense<["4 0,2"]> : tensor<1x!tfg.string>} : () -> (tensor<1x!tfg.string>)
    %restored, %c5 = tfg.RestoreV2(%prefix, %names, %slices) name("save/RestoreV2") {dtypes = [f32]} : (tensor<!tfg.string>, tensor<1x!tfg.string>, tensor<1x!tfg.string>) -> (tensor<*xf32>)
    %a, %c6 = tfg.Assign(%bs, %restored) name("save/Assign") {T = f32, use_locking = true, validate_shape = true} : (tensor<2x!tfg.ref<f32>>, tensor<*xf32>) -> (tensor<2x!tfg.ref<f32>>)
  }
}

//--- writer.mlir
module @writer {
  tfg.graph <producer = 24, min_consumer = 0> {
    %wr, %c0 = tfg.VariableV2 name("written") {container = "", dtype = f32, shape = #tfg.shape<2>, shared_name = ""} : () -> (tensor<2x!tfg.ref<f32>>)
    %one, %c1 = tfg.Const name("one") {dtype = f32, value = dense<1.0> : tensor<2xf32>} : () -> (tensor<2xf32>)
    // expected-error @+1 {{node 'assign_add' (AssignAdd) writes variable 'written', and the outputs depend on it: a frozen graph cannot keep state}}
    %aa, %c2 = tfg.generic "AssignAdd"(%wr, %one) name("assign_add") {T = f32, use_locking = false} : (tensor<2x!tfg.ref<f32>>, tensor<2xf32>) -> (tensor<2x!tfg.ref<f32>>)
  }
}

//--- ref-user.mlir
// Frozen without tfg-repair-ref-ops first, a RefSwitch would get the Const.
module @ref_user {
  tfg.graph <producer = 24, min_consumer = 0> {
    %v, %c0 = tfg.VariableV2 name("ok") {container = "", dtype = f32, shape = #tfg.shape<2>, shared_name = ""} : () -> (tensor<2x!tfg.ref<f32>>)
    %p, %c1 = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    // expected-error @+1 {{node 'switch' (RefSwitch) needs the reference of variable 'ok', which freezing replaces by a Const (tfg-repair-ref-ops makes such nodes value ops where it can)}}
    %s:2, %c2 = tfg.RefSwitch(%v, %p) name("switch") {T = f32} : (tensor<2x!tfg.ref<f32>>, tensor<i1>) -> (tensor<2x!tfg.ref<f32>>, tensor<2x!tfg.ref<f32>>)
    %y, %c3 = tfg.Relu(%s#1) name("y") {T = f32} : (tensor<2x!tfg.ref<f32>>) -> (tensor<2xf32>)
  }
}

//--- resource.mlir
module @resource {
  tfg.graph <producer = 24, min_consumer = 0> {
    %res, %c0 = tfg.VarHandleOp name("res") {container = "", dtype = f32, shape = #tfg.shape<2>, shared_name = "res", allowed_devices = []} : () -> (tensor<!tfg.resource>)
    %idx, %c1 = tfg.Const name("idx") {dtype = i32, value = dense<[0]> : tensor<1xi32>} : () -> (tensor<1xi32>)
    // expected-error @+1 {{node 'gather' (VariableShape) uses resource variable 'res'; a frozen variable can only be read (ReadVariableOp, ResourceGather), on the way through Identity, Switch, Merge, Enter, Exit or NextIteration}}
    %g, %c2 = tfg.generic "VariableShape"(%res) name("gather") {out_type = i32} : (tensor<!tfg.resource>) -> (tensor<1xi32>)
  }
}

//--- no-node.mlir
// No node of the outputs' name: at the graph.
module @no_node {
  // expected-error @+1 {{no node named 'nope' in the graph}}
  tfg.graph <producer = 24, min_consumer = 0> {
    %ok, %c0 = tfg.VariableV2 name("ok") {container = "", dtype = f32, shape = #tfg.shape<2>, shared_name = ""} : () -> (tensor<2x!tfg.ref<f32>>)
    %u, %c1 = tfg.Identity(%ok) name("use_ok") {T = f32} : (tensor<2x!tfg.ref<f32>>) -> (tensor<2xf32>)
  }
}

//--- no-checkpoint.mlir
// No checkpoint option: at the graph.
module @no_checkpoint {
  // expected-error @+1 {{tfg-freeze-variables: no checkpoint given (option checkpoint=PREFIX)}}
  tfg.graph <producer = 24, min_consumer = 0> {
    %ok, %c0 = tfg.VariableV2 name("ok") {container = "", dtype = f32, shape = #tfg.shape<2>, shared_name = ""} : () -> (tensor<2x!tfg.ref<f32>>)
    %u, %c1 = tfg.Identity(%ok) name("use_ok") {T = f32} : (tensor<2x!tfg.ref<f32>>) -> (tensor<2xf32>)
  }
}

//--- no-file.mlir
// No checkpoint at the prefix: the reader's error, at the graph.
module @no_file {
  // expected-error-re @+1 {{cannot open checkpoint index '{{.*}}/none.index'}}
  tfg.graph <producer = 24, min_consumer = 0> {
    %ok, %c0 = tfg.VariableV2 name("ok") {container = "", dtype = f32, shape = #tfg.shape<2>, shared_name = ""} : () -> (tensor<2x!tfg.ref<f32>>)
    %u, %c1 = tfg.Identity(%ok) name("use_ok") {T = f32} : (tensor<2x!tfg.ref<f32>>) -> (tensor<2xf32>)
  }
}

//--- crc.mlir
module @crc {
  tfg.graph <producer = 24, min_consumer = 0> {
    // expected-error-re @+1 {{variable 'a/float' (checkpoint key 'a/float'): CRC32C mismatch for tensor 'a/float' in '{{.*}}/flip/model.ckpt.data-00000-of-00001'}}
    %af, %c0 = tfg.VariableV2 name("a/float") {container = "", dtype = f32, shape = #tfg.shape<2x3>, shared_name = ""} : () -> (tensor<2x3x!tfg.ref<f32>>)
    %u, %c1 = tfg.Identity(%af) name("use_a_float") {T = f32} : (tensor<2x3x!tfg.ref<f32>>) -> (tensor<2x3xf32>)
  }
}

//--- truncated.mlir
module @truncated {
  tfg.graph <producer = 24, min_consumer = 0> {
    // expected-error-re @+1 {{variable 'j_string' (checkpoint key 'j_string'): checkpoint data file '{{.*}}/trunc/model.ckpt.data-00000-of-00001' is truncated: tensor 'j_string' needs bytes}}
    %js, %c0 = tfg.VariableV2 name("j_string") {container = "", dtype = !tfg.string, shape = #tfg.shape<2>, shared_name = ""} : () -> (tensor<2x!tfg.ref<!tfg.string>>)
    %u, %c1 = tfg.Identity(%js) name("use_j_string") {T = !tfg.string} : (tensor<2x!tfg.ref<!tfg.string>>) -> (tensor<2x!tfg.string>)
  }
}

//--- sliced.mlir
// Partitioned in the checkpoint itself (the saver does not say so).
module @sliced {
  tfg.graph <producer = 24, min_consumer = 0> {
    // expected-error @+1 {{variable 'part_var' (checkpoint key 'part_var'): partitioned (sliced) in the checkpoint; freezing partitioned variables is not supported}}
    %pv, %c0 = tfg.VariableV2 name("part_var") {container = "", dtype = f32, shape = #tfg.shape<4x2>, shared_name = ""} : () -> (tensor<4x2x!tfg.ref<f32>>)
    %u, %c1 = tfg.Identity(%pv) name("use_part_var") {T = f32} : (tensor<4x2x!tfg.ref<f32>>) -> (tensor<4x2xf32>)
  }
}

//--- ok.mlir
module @freeze_ok {
  tfg.graph <producer = 24, min_consumer = 0> {
    %ok, %c0 = tfg.VariableV2 name("ok") {container = "", dtype = f32, shape = #tfg.shape<2>, shared_name = ""} : () -> (tensor<2x!tfg.ref<f32>>)
    %u, %c1 = tfg.Identity(%ok) name("use_ok") {T = f32} : (tensor<2x!tfg.ref<f32>>) -> (tensor<2xf32>)
  }
}
