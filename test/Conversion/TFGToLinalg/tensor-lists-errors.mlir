// RUN: tfg-opt %s --split-input-file --verify-diagnostics --tfg-lower-to-linalg

// Stacking a list that nothing was written to needs a fully known
// element_shape (TensorFlow's zeros for unset elements need a shape).
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %n, %cn = tfg.Const name("n") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %s, %cs = tfg.Const name("s") {dtype = i32, value = dense<[-1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %l, %cl = tfg.generic "TensorListReserve"(%s, %n) name("l") {element_dtype = f32, shape_type = i32} : (tensor<2xi32>, tensor<i32>) -> (tensor<!tfg.variant>)
  // expected-error @+1 {{node 'stack' (TensorListStack): reads a list that nothing was written to, and its element shape [?,2] is not fully known (unset elements read as zeros of a known shape)}}
  %t, %ct = tfg.generic "TensorListStack"(%l, %s) name("stack") {element_dtype = f32, num_elements = -1 : i64} : (tensor<!tfg.variant>, tensor<2xi32>) -> (tensor<*xf32>)
}

// -----

// The number of elements must be a constant.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %n, %cn = tfg.Placeholder name("n") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
  %s, %cs = tfg.Const name("s") {dtype = i32, value = dense<[2]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  // expected-error @+1 {{node 'l' (TensorListReserve): its num_elements must be a constant integer tensor (computed from static shapes), but it is not}}
  %l, %cl = tfg.generic "TensorListReserve"(%s, %n) name("l") {element_dtype = f32, shape_type = i32} : (tensor<1xi32>, tensor<i32>) -> (tensor<!tfg.variant>)
  %t, %ct = tfg.generic "TensorListStack"(%l, %s) name("stack") {element_dtype = f32} : (tensor<!tfg.variant>, tensor<1xi32>) -> (tensor<*xf32>)
}

// -----

// So must a TensorArray's size.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %n, %cn = tfg.Placeholder name("n") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
  %r, %cr = tfg.Const name("r") {dtype = i32, value = dense<[0]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  // expected-error @+1 {{node 'ta' (TensorArrayV3): its size must be a constant integer tensor (computed from static shapes), but it is not}}
  %ta:2, %cta = tfg.TensorArrayV3(%n) name("ta") {dtype = f32, element_shape = #tfg.shape<2>} : (tensor<i32>) -> (tensor<!tfg.resource>, tensor<f32>)
  %g, %cg = tfg.generic "TensorArrayGatherV3"(%ta#0, %r, %ta#1) name("g") {dtype = f32, element_shape = #tfg.shape<2>} : (tensor<!tfg.resource>, tensor<1xi32>, tensor<f32>) -> (tensor<*xf32>)
}

// -----

// A growing array (dynamic_size) is its elements joined along dimension
// 0: scalar elements have none.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %n, %cn = tfg.Const name("n") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %r, %cr = tfg.Const name("r") {dtype = i32, value = dense<[0]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  // expected-error @+1 {{node 'ta' (TensorArrayV3): dynamic_size is true and the elements are scalars: a growing array is carried as its elements joined along dimension 0, which needs elements of rank >= 1}}
  %ta:2, %cta = tfg.TensorArrayV3(%n) name("ta") {dtype = f32, element_shape = #tfg.shape<>, dynamic_size = true} : (tensor<i32>) -> (tensor<!tfg.resource>, tensor<f32>)
  %g, %cg = tfg.generic "TensorArrayGatherV3"(%ta#0, %r, %ta#1) name("g") {dtype = f32, element_shape = #tfg.shape<>} : (tensor<!tfg.resource>, tensor<1xi32>, tensor<f32>) -> (tensor<*xf32>)
}

// -----

// Nor does a scalar written into an array of unknown element shape.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %n, %cn = tfg.Const name("n") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %v, %cv = tfg.Const name("v") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %ta:2, %cta = tfg.TensorArrayV3(%n) name("ta") {dtype = f32, element_shape = #tfg.shape<*>, dynamic_size = true} : (tensor<i32>) -> (tensor<!tfg.resource>, tensor<f32>)
  // expected-error @+1 {{node 'w' (TensorArrayWriteV3): writes tensor<f32> into a growing TensorArray (dynamic_size = true), which holds elements of rank >= 1 (joined along dimension 0)}}
  %w, %cw = tfg.TensorArrayWriteV3(%ta#0, %n, %v, %ta#1) name("w") {T = f32} : (tensor<!tfg.resource>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<f32>)
  %c:2, %cc = tfg.TensorArrayConcatV3(%ta#0, %w) name("c") {dtype = f32, element_shape_except0 = #tfg.shape<*>} : (tensor<!tfg.resource>, tensor<f32>) -> (tensor<*xf32>, tensor<*xi64>)
}

// -----

// Elements of a growing array may differ in dimension 0 only.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %n, %cn = tfg.Const name("n") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %v, %cv = tfg.Const name("v") {dtype = f32, value = dense<1.0> : tensor<2x3xf32>} : () -> (tensor<2x3xf32>)
  %ta:2, %cta = tfg.TensorArrayV3(%n) name("ta") {dtype = f32, element_shape = #tfg.shape<?x4>, dynamic_size = true} : (tensor<i32>) -> (tensor<!tfg.resource>, tensor<f32>)
  // expected-error @+1 {{node 'w' (TensorArrayWriteV3): writes tensor<2x3xf32> into a growing array of elements tensor<?x4xf32>: its elements may differ in dimension 0 only}}
  %w, %cw = tfg.TensorArrayWriteV3(%ta#0, %n, %v, %ta#1) name("w") {T = f32} : (tensor<!tfg.resource>, tensor<i32>, tensor<2x3xf32>, tensor<f32>) -> (tensor<f32>)
  %c:2, %cc = tfg.TensorArrayConcatV3(%ta#0, %w) name("c") {dtype = f32, element_shape_except0 = #tfg.shape<4>} : (tensor<!tfg.resource>, tensor<f32>) -> (tensor<*xf32>, tensor<*xi64>)
}

// -----

// Scatter into a growing array is not lowered.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %n, %cn = tfg.Const name("n") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %i, %ci = tfg.Const name("i") {dtype = i32, value = dense<[0, 1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %v, %cv = tfg.Const name("v") {dtype = f32, value = dense<1.0> : tensor<2x4xf32>} : () -> (tensor<2x4xf32>)
  %ta:2, %cta = tfg.TensorArrayV3(%n) name("ta") {dtype = f32, element_shape = #tfg.shape<4>, dynamic_size = true} : (tensor<i32>) -> (tensor<!tfg.resource>, tensor<f32>)
  // expected-error @+1 {{node 's' (TensorArrayScatterV3): scattering into a growing TensorArray (dynamic_size = true) is not lowered (Write, Read, Gather, Concat and Size are)}}
  %s, %cs = tfg.generic "TensorArrayScatterV3"(%ta#0, %i, %v, %ta#1) name("s") {T = f32} : (tensor<!tfg.resource>, tensor<2xi32>, tensor<2x4xf32>, tensor<f32>) -> (tensor<f32>)
  %c:2, %cc = tfg.TensorArrayConcatV3(%ta#0, %s) name("c") {dtype = f32, element_shape_except0 = #tfg.shape<>} : (tensor<!tfg.resource>, tensor<f32>) -> (tensor<*xf32>, tensor<*xi64>)
}

// -----

// Reading or concatenating a growing array of unknown element shape that
// nothing was written to.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %n, %cn = tfg.Const name("n") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %z, %cz = tfg.Const name("z") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %ta:2, %cta = tfg.TensorArrayV3(%n) name("ta") {dtype = f32, element_shape = #tfg.shape<*>, dynamic_size = true} : (tensor<i32>) -> (tensor<!tfg.resource>, tensor<f32>)
  // expected-error @+1 {{node 'r' (TensorArrayReadV3): reads a growing TensorArray that nothing was written to (its element shape is not known)}}
  %r, %cr = tfg.generic "TensorArrayReadV3"(%ta#0, %z, %ta#1) name("r") {dtype = f32} : (tensor<!tfg.resource>, tensor<i32>, tensor<f32>) -> (tensor<*xf32>)
}

// -----

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %n, %cn = tfg.Const name("n") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %ta:2, %cta = tfg.TensorArrayV3(%n) name("ta") {dtype = f32, element_shape = #tfg.shape<*>, dynamic_size = true} : (tensor<i32>) -> (tensor<!tfg.resource>, tensor<f32>)
  // expected-error @+1 {{node 'c' (TensorArrayConcatV3): concatenates a growing TensorArray that nothing was written to, and its element_shape_except0 [?] is not fully known}}
  %c:2, %cc = tfg.TensorArrayConcatV3(%ta#0, %ta#1) name("c") {dtype = f32, element_shape_except0 = #tfg.shape<?>} : (tensor<!tfg.resource>, tensor<f32>) -> (tensor<*xf32>, tensor<*xi64>)
}

// -----

// A constant index out of range.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %n, %cn = tfg.Const name("n") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %i, %ci = tfg.Const name("i") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %s, %cs = tfg.Const name("s") {dtype = i32, value = dense<[2]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %v, %cv = tfg.Const name("v") {dtype = f32, value = dense<1.0> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %l, %cl = tfg.generic "TensorListReserve"(%s, %n) name("l") {element_dtype = f32, shape_type = i32} : (tensor<1xi32>, tensor<i32>) -> (tensor<!tfg.variant>)
  // expected-error @+1 {{node 'set' (TensorListSetItem): index 3 is out of range for a list of 3 elements}}
  %l2, %cl2 = tfg.generic "TensorListSetItem"(%l, %i, %v) name("set") {element_dtype = f32} : (tensor<!tfg.variant>, tensor<i32>, tensor<2xf32>) -> (tensor<!tfg.variant>)
  %t, %ct = tfg.generic "TensorListStack"(%l2, %s) name("stack") {element_dtype = f32} : (tensor<!tfg.variant>, tensor<1xi32>) -> (tensor<*xf32>)
}

// -----

// A list holds one element shape.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %n, %cn = tfg.Const name("n") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %i, %ci = tfg.Const name("i") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %v, %cv = tfg.Const name("v") {dtype = f32, value = dense<1.0> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %ta:2, %cta = tfg.TensorArrayV3(%n) name("ta") {dtype = f32, element_shape = #tfg.shape<2>} : (tensor<i32>) -> (tensor<!tfg.resource>, tensor<f32>)
  // expected-error @+1 {{node 'w' (TensorArrayWriteV3): writes an element of shape [3] into a list of elements of shape [2] (a list holds one element shape)}}
  %f, %cf = tfg.TensorArrayWriteV3(%ta#0, %i, %v, %ta#1) name("w") {T = f32} : (tensor<!tfg.resource>, tensor<i32>, tensor<3xf32>, tensor<f32>) -> (tensor<f32>)
  %r, %cr = tfg.generic "TensorArrayReadV3"(%ta#0, %i, %f) name("r") {dtype = f32} : (tensor<!tfg.resource>, tensor<i32>, tensor<f32>) -> (tensor<*xf32>)
}

// -----

// Split into elements of different lengths.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %n, %cn = tfg.Const name("n") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %i, %ci = tfg.Const name("i") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %v, %cv = tfg.Const name("v") {dtype = f32, value = dense<1.0> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %len, %clen = tfg.Const name("len") {dtype = i64, value = dense<[1, 2]> : tensor<2xi64>} : () -> (tensor<2xi64>)
  %ta:2, %cta = tfg.TensorArrayV3(%n) name("ta") {dtype = f32} : (tensor<i32>) -> (tensor<!tfg.resource>, tensor<f32>)
  // expected-error @+1 {{node 'split' (TensorArraySplitV3): lengths differ: an array of elements of different shapes has no static shape}}
  %f, %cf = tfg.generic "TensorArraySplitV3"(%ta#0, %v, %len, %ta#1) name("split") {T = f32} : (tensor<!tfg.resource>, tensor<3xf32>, tensor<2xi64>, tensor<f32>) -> (tensor<f32>)
  %r, %cr = tfg.generic "TensorArrayReadV3"(%ta#0, %i, %f) name("r") {dtype = f32} : (tensor<!tfg.resource>, tensor<i32>, tensor<f32>) -> (tensor<*xf32>)
}

// -----

// Reading an array that nothing was written to, its element shape unknown.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %n, %cn = tfg.Const name("n") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %i, %ci = tfg.Const name("i") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %ta:2, %cta = tfg.TensorArrayV3(%n) name("ta") {dtype = f32, element_shape = #tfg.shape<?x2>} : (tensor<i32>) -> (tensor<!tfg.resource>, tensor<f32>)
  // expected-error @+1 {{node 'r' (TensorArrayReadV3): reads a list that nothing was written to, and its element shape <unknown rank> is not fully known (unset elements read as zeros of a known shape)}}
  %r, %cr = tfg.generic "TensorArrayReadV3"(%ta#0, %i, %ta#1) name("r") {dtype = f32} : (tensor<!tfg.resource>, tensor<i32>, tensor<f32>) -> (tensor<*xf32>)
}

// -----

// Concatenating such an array.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %n, %cn = tfg.Const name("n") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %ta:2, %cta = tfg.TensorArrayV3(%n) name("ta") {dtype = f32} : (tensor<i32>) -> (tensor<!tfg.resource>, tensor<f32>)
  // expected-error @+1 {{node 'cat' (TensorArrayConcatV3): concatenates an array that nothing was written to (its element shape is not known)}}
  %v:2, %cv = tfg.TensorArrayConcatV3(%ta#0, %ta#1) name("cat") {dtype = f32} : (tensor<!tfg.resource>, tensor<f32>) -> (tensor<*xf32>, tensor<*xi64>)
}

// -----

// Popping from an empty list.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %s, %cs = tfg.Const name("s") {dtype = i32, value = dense<[2]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<i32>)
  %l, %cl = tfg.generic "EmptyTensorList"(%s, %m) name("l") {element_dtype = f32, shape_type = i32} : (tensor<1xi32>, tensor<i32>) -> (tensor<!tfg.variant>)
  // expected-error @+1 {{node 'pop' (TensorListPopBack): pops from a list of 0 elements}}
  %p:2, %cp = tfg.generic "TensorListPopBack"(%l, %s) name("pop") {element_dtype = f32} : (tensor<!tfg.variant>, tensor<1xi32>) -> (tensor<!tfg.variant>, tensor<*xf32>)
  %y, %cy = tfg.Identity(%p#1) name("y") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// PushBack in a loop: the list grows every iteration, its length becomes
// dynamic, which the list ops refuse.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %s, %cs = tfg.Const name("s") {dtype = i32, value = dense<[2]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<i32>)
  %l, %cl = tfg.generic "EmptyTensorList"(%s, %m) name("l") {element_dtype = f32, shape_type = i32} : (tensor<1xi32>, tensor<i32>) -> (tensor<!tfg.variant>)
  %w, %cw = tfg.generic "While"(%l) name("grow") {T = [!tfg.variant], cond = #tfg.func<"never", {}>, body = #tfg.func<"push", {}>} : (tensor<!tfg.variant>) -> (tensor<!tfg.variant>)
  %t, %ct = tfg.generic "TensorListStack"(%w, %s) name("stack") {element_dtype = f32} : (tensor<!tfg.variant>, tensor<1xi32>) -> (tensor<*xf32>)
}
tfg.func @never(%l: tensor<!tfg.variant>, %ctl: !tfg.control) attributes {
    inputs = [#tfg.arg<name = "l", type = !tfg.variant>], outputs = [#tfg.arg<name = "c", type = i1>]
} {
  %f, %cf = tfg.Const name("f") {dtype = i1, value = dense<false> : tensor<i1>} : () -> (tensor<i1>)
  tfg.return(%f : tensor<i1>)
}
tfg.func @push(%l: tensor<!tfg.variant>, %ctl: !tfg.control) attributes {
    inputs = [#tfg.arg<name = "l", type = !tfg.variant>], outputs = [#tfg.arg<name = "l2", type = !tfg.variant>]
} {
  %v, %cv = tfg.Const name("v") {dtype = f32, value = dense<1.0> : tensor<2xf32>} : () -> (tensor<2xf32>)
  // expected-error @+1 {{node 'pb' (TensorListPushBack): its input_handle is tensor<?x2xf32>: a list whose length changes at run time (PushBack in a loop) is not lowered}}
  %l2, %cl2 = tfg.generic "TensorListPushBack"(%l, %v) name("pb") {element_dtype = f32} : (tensor<!tfg.variant>, tensor<2xf32>) -> (tensor<!tfg.variant>)
  tfg.return(%l2 : tensor<!tfg.variant>)
}

// -----

// Generic nodes lower by op type: another list op stays "cannot lower".
// expected-error @+1 {{cannot lower 1 node of 1 op type without a CPU lowering}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %s, %cs = tfg.Const name("s") {dtype = i32, value = dense<[2]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %n, %cn = tfg.Const name("n") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %l, %cl = tfg.generic "TensorListReserve"(%s, %n) name("l") {element_dtype = f32, shape_type = i32} : (tensor<1xi32>, tensor<i32>) -> (tensor<!tfg.variant>)
  %c, %cc = tfg.generic "TensorListConcatLists"(%l, %l) name("cat") {element_dtype = f32} : (tensor<!tfg.variant>, tensor<!tfg.variant>) -> (tensor<!tfg.variant>)
  %t, %ct = tfg.generic "TensorListStack"(%c, %s) name("stack") {element_dtype = f32} : (tensor<!tfg.variant>, tensor<1xi32>) -> (tensor<*xf32>)
}

// -----

// Growing a list at a run-time index makes its length dynamic.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %i, %ci = tfg.Placeholder name("i") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
  %s, %cs = tfg.Const name("s") {dtype = i32, value = dense<[2]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %n, %cn = tfg.Const name("n") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %v, %cv = tfg.Const name("v") {dtype = f32, value = dense<1.0> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %l, %cl = tfg.generic "TensorListReserve"(%s, %n) name("l") {element_dtype = f32, shape_type = i32} : (tensor<1xi32>, tensor<i32>) -> (tensor<!tfg.variant>)
  // expected-error @+1 {{node 'set' (TensorListSetItem): resize_if_index_out_of_bounds with a run-time index makes the list's length dynamic}}
  %l2, %cl2 = tfg.generic "TensorListSetItem"(%l, %i, %v) name("set") {element_dtype = f32, resize_if_index_out_of_bounds = true} : (tensor<!tfg.variant>, tensor<i32>, tensor<2xf32>) -> (tensor<!tfg.variant>)
  %t, %ct = tfg.generic "TensorListStack"(%l2, %s) name("stack") {element_dtype = f32} : (tensor<!tfg.variant>, tensor<1xi32>) -> (tensor<*xf32>)
}

// -----

// A list is no output: its contents are (TensorListStack).
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %s, %cs = tfg.Const name("s") {dtype = i32, value = dense<[2]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %n, %cn = tfg.Const name("n") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  // expected-error @+1 {{output 'l' is a variant (a TensorList), not a tensor: fetch its contents (TensorListStack, TensorArrayGatherV3, ReadVariableOp) instead}}
  %l, %cl = tfg.generic "TensorListReserve"(%s, %n) name("l") {element_dtype = f32, shape_type = i32} : (tensor<1xi32>, tensor<i32>) -> (tensor<!tfg.variant>)
}

// -----

// Sizes from the graph are not trusted: an element count past int64.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %n, %cn = tfg.Const name("n") {dtype = i32, value = dense<2147483647> : tensor<i32>} : () -> (tensor<i32>)
  %r, %cr = tfg.Const name("r") {dtype = i32, value = dense<[0]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  // expected-error @+1 {{node 'ta' (TensorArrayV3): a list of 2147483647 elements of shape [4294967296,4294967296] is too large}}
  %ta:2, %cta = tfg.TensorArrayV3(%n) name("ta") {dtype = f32, element_shape = #tfg.shape<4294967296x4294967296>} : (tensor<i32>) -> (tensor<!tfg.resource>, tensor<f32>)
  %g, %cg = tfg.generic "TensorArrayGatherV3"(%ta#0, %r, %ta#1) name("g") {dtype = f32, element_shape = #tfg.shape<4294967296x4294967296>} : (tensor<!tfg.resource>, tensor<1xi32>, tensor<f32>) -> (tensor<*xf32>)
}

// -----

// A growing array's flow is no tensor: the graph outputs its contents.
// expected-error @+1 {{output 'w' is a growing TensorArray's flow, not a tensor: output the array's contents (TensorArrayConcatV3, TensorArrayGatherV3)}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
  %n, %cn = tfg.Const name("n") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %ta:2, %cta = tfg.TensorArrayV3(%n) name("ta") {dtype = f32, dynamic_size = true, element_shape = #tfg.shape<*>} : (tensor<i32>) -> (tensor<!tfg.resource>, tensor<f32>)
  %w, %cw = tfg.TensorArrayWriteV3(%ta#0, %n, %x, %ta#1) name("w") {T = f32} : (tensor<!tfg.resource>, tensor<i32>, tensor<4xf32>, tensor<f32>) -> (tensor<f32>)
}
