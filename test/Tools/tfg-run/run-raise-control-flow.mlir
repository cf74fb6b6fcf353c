// v1 control flow written by hand (as TF1's tf.while_loop / tf.cond build
// it) runs on the CPU: tfg-run's lowering raises it to While/If first
// (tfg-raise-v1-control-flow). A counting loop with an is_constant limit,
// nested loops (the inner trip count is the outer counter + 1), a tf.cond
// on a Placeholder both ways, and a cond inside a loop body. Values by hand.
// RUN: %python %S/Inputs/make_npy.py %t.x.npy "<f4" 2 "1,2"
// RUN: %python %S/Inputs/make_npy.py %t.n3.npy "<i4" "" 3
// RUN: %python %S/Inputs/make_npy.py %t.n0.npy "<i4" "" 0
// RUN: %python %S/Inputs/make_npy.py %t.t.npy "|b1" "" 1
// RUN: %python %S/Inputs/make_npy.py %t.f.npy "|b1" "" 0
// RUN: tfg-run %s --input n=%t.n3.npy --input p=%t.t.npy --input x=%t.x.npy --print-outputs 8 | FileCheck %s --check-prefixes=CHECK,N3
// RUN: tfg-run %s --input n=%t.n0.npy --input p=%t.f.npy --input x=%t.x.npy --print-outputs 8 | FileCheck %s --check-prefixes=CHECK,N0
// RUN: tfg-opt %s --tfg-raise-v1-control-flow | FileCheck %s --check-prefix=RAISED
// RUN: tfg-opt %s --tfg-raise-v1-control-flow | FileCheck %s --check-prefix=NOV1

// RAISED-DAG: tfg.generic "While"{{.*}} name("while")
// RAISED-DAG: tfg.generic "While"{{.*}} name("outer")
// RAISED-DAG: tfg.generic "While"{{.*}} name("w")
// RAISED-DAG: tfg.generic "If"{{.*}} name("cond")
// RAISED-DAG: tfg.generic "While"{{.*}} name("outer/inner")
// The cond in the loop body is an If in the body function.
// RAISED-DAG: tfg.generic "If"{{.*}} name("w/cond")
// Nothing of v1 control flow is left, in the graph or the functions.
// NOV1: module
// NOV1-NOT: tfg.{{(Enter|Exit|Switch|Merge|LoopCond|NextIteration)}}

// CHECK: compile:
// while i < n: i += 1 ends at n.
// N3-DAG: counter = 3{{$}}
// N0-DAG: counter = 0{{$}}
// for i in 0..n-1: for j in 0..i: count += 1 -> 1 + 2 + 3 = 6.
// N3-DAG: count = 6{{$}}
// N0-DAG: count = 0{{$}}
// tf.cond: true doubles x, false negates it.
// N3-DAG: branch = 2 4{{$}}
// N0-DAG: branch = -1 -2{{$}}
// while i < 10: i = i + 3 if i is odd else i + 1, from n:
// 3 -> 6 -> 7 -> 10; 0 -> 1 -> 4 -> 5 -> 8 -> 9 -> 12.
// N3-DAG: w_out = 10{{$}}
// N0-DAG: w_out = 12{{$}}
module {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %n, %cn = tfg.Placeholder name("n") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
    %p, %cp = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %azero, %aczero = tfg.Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %ae, %ace = tfg.Enter(%azero) name("while/Enter") {T = i32, frame_name = "while/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
    %aen, %acen = tfg.Enter(%n) name("while/Less/Enter") {T = i32, frame_name = "while/while_context", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
    %am:2, %acm = tfg.Merge(%ae, %ani) name("while/Merge") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>)
    %alt, %aclt = tfg.Less(%am#0, %aen) name("while/Less") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
    %alc, %aclc = tfg.LoopCond(%alt) name("while/LoopCond") : (tensor<*xi1>) -> (tensor<*xi1>)
    %asw:2, %acsw = tfg.Switch(%am#0, %alc) name("while/Switch") {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
    %aid, %acid = tfg.Identity(%asw#1) name("while/Identity") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %aone, %acone = tfg.Const [%acid] name("while/add/y") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %aadd, %acadd = tfg.AddV2(%aid, %aone) name("while/add") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %ani, %acni = tfg.NextIteration(%aadd) name("while/NextIteration") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %ax, %acx = tfg.Exit(%asw#0) name("while/Exit") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %ao, %aco = tfg.Identity(%ax) name("counter") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %bzero, %bczero = tfg.Const name("outer/zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %bei, %bcei = tfg.Enter(%bzero) name("outer/Enter") {T = i32, frame_name = "outer/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
    %bec, %bcec = tfg.Enter(%bzero) name("outer/Enter_1") {T = i32, frame_name = "outer/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
    %ben, %bcen = tfg.Enter(%n) name("outer/Less/Enter") {T = i32, frame_name = "outer/while_context", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
    %bmi:2, %bcmi = tfg.Merge(%bei, %bnii) name("outer/Merge") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>)
    %bmc:2, %bcmc = tfg.Merge(%bec, %bnic) name("outer/Merge_1") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>)
    %blt, %bclt = tfg.Less(%bmi#0, %ben) name("outer/Less") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
    %blc, %bclc = tfg.LoopCond(%blt) name("outer/LoopCond") : (tensor<*xi1>) -> (tensor<*xi1>)
    %bsi:2, %bcsi = tfg.Switch(%bmi#0, %blc) name("outer/Switch") {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
    %bsc:2, %bcsc = tfg.Switch(%bmc#0, %blc) name("outer/Switch_1") {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
    %bii, %bcii = tfg.Identity(%bsi#1) name("outer/Identity") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %bic, %bcic = tfg.Identity(%bsc#1) name("outer/Identity_1") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %bone, %bcone = tfg.Const [%bcii] name("outer/one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %bi2, %bci2 = tfg.AddV2(%bii, %bone) name("outer/add") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %bz2, %bcz2 = tfg.Const [%bcii] name("outer/inner/zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %bej, %bcej = tfg.Enter(%bz2) name("outer/inner/Enter") {T = i32, frame_name = "outer/inner/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
    %bek, %bcek = tfg.Enter(%bic) name("outer/inner/Enter_1") {T = i32, frame_name = "outer/inner/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<*xi32>) -> (tensor<*xi32>)
    %bel, %bcel = tfg.Enter(%bi2) name("outer/inner/Less/Enter") {T = i32, frame_name = "outer/inner/while_context", is_constant = true, parallel_iterations = 10 : i64} : (tensor<*xi32>) -> (tensor<*xi32>)
    %bmj:2, %bcmj = tfg.Merge(%bej, %bnij) name("outer/inner/Merge") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>)
    %bmk:2, %bcmk = tfg.Merge(%bek, %bnik) name("outer/inner/Merge_1") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>)
    %bltj, %bcltj = tfg.Less(%bmj#0, %bel) name("outer/inner/Less") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
    %blcj, %bclcj = tfg.LoopCond(%bltj) name("outer/inner/LoopCond") : (tensor<*xi1>) -> (tensor<*xi1>)
    %bsj:2, %bcsj = tfg.Switch(%bmj#0, %blcj) name("outer/inner/Switch") {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
    %bsk:2, %bcsk = tfg.Switch(%bmk#0, %blcj) name("outer/inner/Switch_1") {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
    %bij, %bcij = tfg.Identity(%bsj#1) name("outer/inner/Identity") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %bik, %bcik = tfg.Identity(%bsk#1) name("outer/inner/Identity_1") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %bonej, %bconej = tfg.Const [%bcij] name("outer/inner/one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %bj2, %bcj2 = tfg.AddV2(%bij, %bonej) name("outer/inner/add") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %bk2, %bck2 = tfg.AddV2(%bik, %bonej) name("outer/inner/add_1") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %bnij, %bcnij = tfg.NextIteration(%bj2) name("outer/inner/NextIteration") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %bnik, %bcnik = tfg.NextIteration(%bk2) name("outer/inner/NextIteration_1") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %bxk, %bcxk = tfg.Exit(%bsk#0) name("outer/inner/Exit_1") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %bnii, %bcnii = tfg.NextIteration(%bi2) name("outer/NextIteration") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %bnic, %bcnic = tfg.NextIteration(%bxk) name("outer/NextIteration_1") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %bxc, %bcxc = tfg.Exit(%bsc#0) name("outer/Exit_1") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %bo, %bco = tfg.Identity(%bxc) name("count") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %csp:2, %ccsp = tfg.Switch(%p, %p) name("cond/Switch") {T = i1} : (tensor<i1>, tensor<i1>) -> (tensor<i1>, tensor<i1>)
    %cst, %ccst = tfg.Identity(%csp#1) name("cond/switch_t") {T = i1} : (tensor<i1>) -> (tensor<i1>)
    %csf, %ccsf = tfg.Identity(%csp#0) name("cond/switch_f") {T = i1} : (tensor<i1>) -> (tensor<i1>)
    %cpid, %ccpid = tfg.Identity(%p) name("cond/pred_id") {T = i1} : (tensor<i1>) -> (tensor<i1>)
    %csx:2, %ccsx = tfg.Switch(%x, %cpid) name("cond/mul/Switch") {T = f32} : (tensor<2xf32>, tensor<i1>) -> (tensor<2xf32>, tensor<2xf32>)
    %ctwo, %cctwo = tfg.Const [%ccst] name("cond/mul/y") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
    %cmul, %ccmul = tfg.Mul(%csx#1, %ctwo) name("cond/mul") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %cneg, %ccneg = tfg.Neg(%csx#0) name("cond/Neg") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %cm:2, %ccm = tfg.Merge(%cneg, %cmul) name("cond/Merge") {N = 2 : i64, T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<i32>)
    %co, %cco = tfg.Identity(%cm#0) name("branch") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %de, %dce = tfg.Enter(%n) name("w/Enter") {T = i32, frame_name = "w/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
    %dm:2, %dcm = tfg.Merge(%de, %dni) name("w/Merge") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>)
    %dten, %dcten = tfg.Const [%dcm] name("w/ten") {dtype = i32, value = dense<10> : tensor<i32>} : () -> (tensor<i32>)
    %dlt, %dclt = tfg.Less(%dm#0, %dten) name("w/Less") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi1>)
    %dlc, %dclc = tfg.LoopCond(%dlt) name("w/LoopCond") : (tensor<*xi1>) -> (tensor<*xi1>)
    %dsw:2, %dcsw = tfg.Switch(%dm#0, %dlc) name("w/Switch") {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
    %did, %dcid = tfg.Identity(%dsw#1) name("w/Identity") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %dtwo, %dctwo = tfg.Const [%dcid] name("w/two") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
    %dmod, %dcmod = tfg.FloorMod(%did, %dtwo) name("w/mod") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %done, %dcone = tfg.Const [%dcid] name("w/one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %dodd, %dcodd = tfg.Equal(%dmod, %done) name("w/odd") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi1>)
    %dcs:2, %dccs = tfg.Switch(%did, %dodd) name("w/cond/Switch") {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
    %dthree, %dcthree = tfg.Const [%dccs] name("w/cond/three") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
    %da3, %dca3 = tfg.AddV2(%dcs#1, %dthree) name("w/cond/add3") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %da1, %dca1 = tfg.AddV2(%dcs#0, %done) name("w/cond/add1") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %dcm2:2, %dccm2 = tfg.Merge(%da1, %da3) name("w/cond/Merge") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>)
    %dni, %dcni = tfg.NextIteration(%dcm2#0) name("w/NextIteration") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %dxx, %dcxx = tfg.Exit(%dsw#0) name("w/Exit") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %do, %dco = tfg.Identity(%dxx) name("w_out") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  }
}
