// RUN: tfg-opt %s --split-input-file --verify-diagnostics

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %c, %ctl = tfg.Const name("c") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{'tfg.AddN' op has 1 data inputs, its OpDef and attrs say 2}}
  %a, %ctl_a = "tfg.AddN"(%c) <{N = 2, T = f32, operandSegmentSizes = array<i32: 1, 0>}> : (tensor<f32>) -> (tensor<f32>, !tfg.control)
}

// -----

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{'tfg.AddN' op requires attribute 'N'}}
  %a, %ctl_a = "tfg.AddN"() <{T = f32, operandSegmentSizes = array<i32: 0, 0>}> : () -> (tensor<f32>, !tfg.control)
}

// -----

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{last result must be the !tfg.control token}}
  %c = "tfg.generic"() {tfg.op_type = "X"} : () -> (tensor<f32>)
}

// -----

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %c, %ctl = tfg.generic "X" name("c") : () -> (tensor<f32>)
  // expected-error @+1 {{data operand after a control operand}}
  %d:2 = "tfg.generic"(%ctl, %c) {tfg.op_type = "Y"} : (!tfg.control, tensor<f32>) -> (tensor<f32>, !tfg.control)
}

// -----

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{needs a non-empty 'tfg.op_type' attr}}
  %c:2 = "tfg.generic"() : () -> (tensor<f32>, !tfg.control)
}

// -----

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{attribute 'tfg.name' is not a node field: the name and device of a node are its name("...") and device("...")}}
  %c, %ctl = tfg.generic "X" {tfg.name = "x"} : () -> (tensor<f32>)
}

// -----

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{attribute 'tfg.device' is not a node field}}
  %c, %ctl = tfg.Const name("c") {tfg.device = "/cpu:0", dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
}

// -----

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{attribute 'tfg_name' must be a string}}
  %c, %ctl = tfg.generic "X" {tfg_name = 3 : i64} : () -> (tensor<f32>)
}

// -----

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{attribute 'tfg_device' must be a string}}
  %ctl = tfg.NoOp name("n") {tfg_device = ["/cpu:0"]}
}

// -----

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{is not a node op; a tfg.graph holds only nodes}}
  %c = arith.constant 1 : i32
}

// -----

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %ctl = tfg.Placeholder name("x") {dtype = f32} : () -> (tensor<f32>)
  // expected-error @+1 {{'tfg.Conv2D' op attribute 'padding' failed to satisfy constraint}}
  %y, %ctl_y = tfg.Conv2D(%x, %x) name("y") {T = f32, strides = [1, 1, 1, 1], padding = "HALF"} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
}

// -----

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %ctl = tfg.Placeholder name("x") {dtype = f32} : () -> (tensor<f32>)
  // Conv2D's T does not allow strings.
  // expected-error @+1 {{'tfg.Conv2D' op attribute 'T' failed to satisfy constraint}}
  %y, %ctl_y = tfg.Conv2D(%x, %x) name("y") {T = !tfg.string, strides = [1, 1, 1, 1], padding = "SAME"} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
}

// -----

// A count past int32 is not truncated into an operand segment size (2^32 + 1
// would have become 1, which matches the one operand).
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %ctl = tfg.Placeholder name("x") {dtype = f32} : () -> (tensor<f32>)
  // expected-error @+1 {{'tfg.AddN' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  %s, %ctl_s = tfg.AddN(%x) name("s") {N = 4294967297 : i64, T = f32} : (tensor<f32>) -> (tensor<f32>)
}

// -----

// Nor is a negative one made a segment size.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %ctl = tfg.Placeholder name("x") {dtype = f32} : () -> (tensor<f32>)
  // expected-error @+1 {{'tfg.AddN' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  %s, %ctl_s = tfg.AddN(%x) name("s") {N = -1 : i64, T = f32} : (tensor<f32>) -> (tensor<f32>)
}
