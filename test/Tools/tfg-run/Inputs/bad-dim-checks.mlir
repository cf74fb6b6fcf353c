// A lowered function whose tfg.run_time_dim_checks names an input it does
// not have (run-dynamic-checks.mlir feeds it to tfg-run).
func.func @main(%arg0: tensor<?xf32> {tfg.name = "x"}) -> (tensor<?xf32> {tfg.name = "y"}) attributes {tfg.run_time_dim_checks = [["y", 5, 0, -1, 2]]} {
  %0 = math.exp %arg0 : tensor<?xf32>
  return %0 : tensor<?xf32>
}
