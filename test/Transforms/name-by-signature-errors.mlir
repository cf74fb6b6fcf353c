// RUN: tfg-opt %s --split-input-file --tfg-name-by-signature -verify-diagnostics

module attributes {tfg.signature = {name = "serving_default", inputs = {}, outputs = {y = "nope:0"}}} {
  // expected-error @+1 {{tfg-name-by-signature: signature tensor 'y' is 'nope:0', but no node is named 'nope'}}
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  }
}

// -----

module attributes {tfg.signature = {name = "serving_default", inputs = {}, outputs = {y = "x:3"}}} {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    // expected-error @+1 {{tfg-name-by-signature: signature tensor 'y' is 'x:3', but node 'x' has 1 outputs}}
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  }
}

// -----

module attributes {tfg.signature = {name = "serving_default", inputs = {a = "r:0"}, outputs = {}}} {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    // expected-error @+1 {{tfg-name-by-signature: signature input 'a' is node 'r', which is a Relu, not a Placeholder}}
    %r, %cr = tfg.Relu(%x) name("r") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
}

// -----

module attributes {tfg.signature = {name = "serving_default", inputs = {a = "x:0", b = "x"}, outputs = {}}} {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    // expected-error @+1 {{tfg-name-by-signature: Placeholder 'x' is both signature input 'a' and 'b'}}
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  }
}
