// RUN: rm -rf %t && %python %tfg_src_root/utils/make_checkpoint_fixtures.py %t --tensor gamma=float:2:1,2 --tensor other=int32:2:1,2
// RUN: tfg-opt %s --split-input-file --tfg-freeze-variables="checkpoint=%t/model.ckpt outputs=out" -verify-diagnostics

// Negative: a handle used by any other op cannot be frozen; one error names
// the node and the variable.
module @other_use {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %v, %cv = tfg.VarHandleOp name("gamma") {dtype = f32, shape = #tfg.shape<2>, container = "", shared_name = "gamma"} : () -> (tensor<!tfg.resource>)
    %i, %ci = tfg.Identity(%v) name("fwd") {T = !tfg.resource} : (tensor<!tfg.resource>) -> (tensor<!tfg.resource>)
    // expected-error @+1 {{node 'size' (VariableShape) uses resource variable 'gamma'; a frozen variable can only be read (ReadVariableOp, ResourceGather), on the way through Identity, Switch, Merge, Enter, Exit or NextIteration}}
    %s, %cs = tfg.generic "VariableShape"(%i) name("size") {out_type = i32} : (tensor<!tfg.resource>) -> (tensor<1xi32>)
    %o, %co = tfg.Identity(%s) name("out") {T = i32} : (tensor<1xi32>) -> (tensor<1xi32>)
  }
}

// -----

// Two variables of different dtypes meet in one Merge: the Merge cannot
// carry both values.
module @mixed_merge {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %p, %cp = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    %a, %ca = tfg.VarHandleOp name("gamma") {dtype = f32, shape = #tfg.shape<2>, container = "", shared_name = "gamma"} : () -> (tensor<!tfg.resource>)
    %b, %cb = tfg.VarHandleOp name("other") {dtype = i32, shape = #tfg.shape<2>, container = "", shared_name = "other"} : () -> (tensor<!tfg.resource>)
    // expected-error @+1 {{node 'm' (Merge) forwards resource variable 'other' of dtype 'i32' and a tensor of f32}}
    %m:2, %cm = tfg.Merge(%a, %b) name("m") {N = 2, T = !tfg.resource} : (tensor<!tfg.resource>, tensor<!tfg.resource>) -> (tensor<!tfg.resource>, tensor<i32>)
    %r, %cr = tfg.ReadVariableOp(%m#0) name("read") {dtype = f32} : (tensor<!tfg.resource>) -> (tensor<2xf32>)
    %o, %co = tfg.Identity(%r) name("out") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
}
