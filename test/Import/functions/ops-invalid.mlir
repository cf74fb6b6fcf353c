// Verifier errors of the function ops.
// RUN: tfg-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{two input args are named 'x'}}
tfg.func @f(%a: !tfg.tensor, %b: !tfg.tensor, %c: !tfg.control, %d: !tfg.control) attributes {
    inputs = [#tfg.arg<name = "x">, #tfg.arg<name = "x">], outputs = []} {
  tfg.return
}

// -----

// expected-error @+1 {{input arg name 'a:b' is empty or contains ':'}}
tfg.func @f(%a: !tfg.tensor, %c: !tfg.control) attributes {
    inputs = [#tfg.arg<name = "a:b">], outputs = []} {
  tfg.return
}

// -----

// expected-error @+1 {{has 1 block arguments, its input args need 1 data arguments and 1 control tokens}}
tfg.func @f(%a: !tfg.tensor) attributes {inputs = [#tfg.arg<name = "x">], outputs = []} {
  tfg.return
}

// -----

// expected-error @+1 {{block argument #1 is not a control token}}
tfg.func @f(%a: !tfg.tensor, %b: !tfg.tensor) attributes {inputs = [#tfg.arg<name = "x">], outputs = []} {
  tfg.return
}

// -----

// expected-error @+1 {{input_sizes gives 2 tensors to input arg 'x'}}
tfg.func @f(%a: !tfg.tensor, %b: !tfg.tensor, %c: !tfg.control) attributes {
    inputs = [#tfg.arg<name = "x">], input_sizes = array<i32: 2>, outputs = []} {
  tfg.return
}

// -----

// expected-error @+1 {{two control outputs are named 'c'}}
tfg.func @f() attributes {inputs = [], outputs = [], control_outputs = ["c", "c"]} {
  tfg.return
}

// -----

// expected-error @+1 {{declares attr 'T' twice}}
tfg.func @f() attributes {inputs = [], outputs = [],
    attr_defs = [#tfg.attr_def<name = "T">, #tfg.attr_def<name = "T">]} {
  tfg.return
}

// -----

// expected-error @+1 {{arg_attrs key '1' is not the index of an input arg}}
tfg.func @f(%a: !tfg.tensor, %c: !tfg.control) attributes {
    inputs = [#tfg.arg<name = "x">], outputs = [], arg_attrs = {"1" = {}}} {
  tfg.return
}

// -----

// expected-error @+1 {{resource_arg_unique_ids entry '0' has a value of the wrong kind}}
tfg.func @f(%a: !tfg.tensor, %c: !tfg.control) attributes {
    inputs = [#tfg.arg<name = "x">], outputs = [], resource_arg_unique_ids = {"0" = "id"}} {
  tfg.return
}

// -----

tfg.func @f(%a: !tfg.tensor, %c: !tfg.control) attributes {
    inputs = [#tfg.arg<name = "x">], outputs = [#tfg.arg<name = "y">]} {
  // expected-error @+1 {{returns 0 values, the function has 1 output args}}
  tfg.return
}

// -----

tfg.func @f(%a: !tfg.tensor, %c: !tfg.control) attributes {
    inputs = [#tfg.arg<name = "x">], outputs = [], control_outputs = ["done"]} {
  // expected-error @+1 {{returns 0 control tokens, the function has 1 control outputs}}
  tfg.return
}

// -----

tfg.func @f(%a: !tfg.tensor, %c: !tfg.control) attributes {
    inputs = [#tfg.arg<name = "x">], outputs = []} {
  // expected-error @+1 {{has the name 'x' of another node or input arg}}
  %ctl = tfg.NoOp name("x")
  tfg.return
}

// -----

tfg.func @f() attributes {inputs = [], outputs = []} {
  %ctl = tfg.NoOp name("n")
  // expected-error @+1 {{has the name 'n' of another node or input arg}}
  %ctl2 = tfg.NoOp name("n")
  tfg.return
}

// -----

tfg.func @f() attributes {inputs = [], outputs = []} {
  // expected-error @+1 {{has 0 data results, its 'tfg.output_args' says 2}}
  %ctl = tfg.generic "Custom" name("n") {tfg.output_args = #tfg.output_args<names = ["a"], sizes = [2]>}
  tfg.return
}

// -----

// expected-error @+1 {{1 output arg names but 2 sizes}}
#bad = #tfg.output_args<names = ["a"], sizes = [1, 2]>

// -----

tfg.func @f() attributes {inputs = [], outputs = []} {
  // expected-error @+1 {{must be at the top level of a module}}
  tfg.gradient @f -> @g
  tfg.return
}

// -----

// expected-error @+1 {{needs non-empty names}}
tfg.registered_gradient "" -> @g

// -----

// expected-error @+1 {{output arg names must be distinct non-empty strings without ':'}}
#bad = #tfg.output_args<names = ["a", "a"], sizes = [1, 1]>
