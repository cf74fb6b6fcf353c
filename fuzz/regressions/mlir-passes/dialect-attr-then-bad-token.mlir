module @dead_and_live_nodes {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>@} : () -> (tensor<2xf32>)
    %ctl_src = tfg.NoOp name("ctl_src")
    %dead, %cd = tfg.Identity(%x) name("dead") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %dc, %cdc = tfg.Identity(%dead) name("dead_consumer") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %out, %co = tfg.Identity(%x) [%ctl_src] name("out") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
}
