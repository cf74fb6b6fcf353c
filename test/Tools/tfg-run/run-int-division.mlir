// Integer division by 0 or -1 must not trap: TensorFlow's kernels fail on a
// zero divisor, compiled code cannot fail at run time, and INT_MIN / -1
// overflows; in hardware both raise SIGFPE and killed tfg-run. Divisors
// 2, 0, -1, -1, -3 against dividends 7, -7, INT_MIN, 5, 7, values by hand:
// x / 0 and x mod 0 give 0, x / -1 gives -x (INT_MIN wraps to itself),
// x mod -1 gives 0. The divisors are fed, so nothing is folded away.
// RUN: %python %S/Inputs/make_npy.py %t.y.npy "<i4" 5 "2,0,-1,-1,-3"
// RUN: tfg-run %s --input y=%t.y.npy --print-outputs 5 | FileCheck %s

// Div and FloorDiv truncate / round down: 7/2 = 3, 7/-3 = -2 (floor -3).
// CHECK-DAG: div = 3 0 -2147483648 -5 -2{{$}}
// CHECK-DAG: floordiv = 3 0 -2147483648 -5 -3{{$}}
// Mod has the dividend's sign, FloorMod the divisor's: 7 mod -3 = 1 / -2.
// CHECK-DAG: mod = 1 0 0 0 1{{$}}
// CHECK-DAG: floormod = 1 0 0 0 -2{{$}}
// The same on int64, where INT64_MIN / -1 also overflows.
// CHECK-DAG: div64 = 3 0 -9223372036854775808 -5 -2{{$}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Const name("x") {dtype = i32, value = dense<[7, -7, -2147483648, 5, 7]> : tensor<5xi32>} : () -> (tensor<5xi32>)
  %y, %cy = tfg.Placeholder name("y") {dtype = i32, shape = #tfg.shape<5>} : () -> (tensor<5xi32>)
  %d, %cd = tfg.Div(%x, %y) name("div") {T = i32} : (tensor<5xi32>, tensor<5xi32>) -> (tensor<5xi32>)
  %fd, %cfd = tfg.FloorDiv(%x, %y) name("floordiv") {T = i32} : (tensor<5xi32>, tensor<5xi32>) -> (tensor<5xi32>)
  %m, %cm = tfg.Mod(%x, %y) name("mod") {T = i32} : (tensor<5xi32>, tensor<5xi32>) -> (tensor<5xi32>)
  %fm, %cfm = tfg.FloorMod(%x, %y) name("floormod") {T = i32} : (tensor<5xi32>, tensor<5xi32>) -> (tensor<5xi32>)
  %x64, %cx64 = tfg.Const name("x64") {dtype = i64, value = dense<[7, -7, -9223372036854775808, 5, 7]> : tensor<5xi64>} : () -> (tensor<5xi64>)
  %y64, %cy64 = tfg.Cast(%y) name("y64") {SrcT = i32, DstT = i64, Truncate = false} : (tensor<5xi32>) -> (tensor<5xi64>)
  %d64, %cd64 = tfg.Div(%x64, %y64) name("div64") {T = i64} : (tensor<5xi64>, tensor<5xi64>) -> (tensor<5xi64>)
}
