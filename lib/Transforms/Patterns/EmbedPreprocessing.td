//===- EmbedPreprocessing.td - Input normalization in the graph -*- tablegen -*-===//
//
// Patterns of tfg-embed-preprocessing. The pass checks its options against
// the input Placeholder and hands its decision to the patterns (raw dtype and
// shape, mean, scale, optional resize size and flags); the patterns rewrite
// that Placeholder:
//
//   x = Placeholder(float)  ->  x = Placeholder(dtype)     same name
//                               x/cast = Cast(x) to float
//                               [x/resize = ResizeBilinear(x/cast, x/resize/size)]
//                               x/sub = Sub(.., x/mean)
//                               x/normalized = Mul(x/sub, x/scale)
//
// x/normalized replaces the old Placeholder's output; the new Placeholder
// replaces its control token (what waited for the input still does).
//
//===----------------------------------------------------------------------===//

include "TFG/Dialect/IR/TFGOps.td"
include "TFG/Transforms/Utils/RewriteUtils.td"

def TFG_EmbedsPreprocessing : Constraint<
  CPred<"::mlir::tfg::getEmbeddedPreprocessing($0) && "
        "!::mlir::tfg::embedsResize($0)">,
  "the input chosen for embedded preprocessing, without resize">;
def TFG_EmbedsPreprocessingWithResize : Constraint<
  CPred<"::mlir::tfg::getEmbeddedPreprocessing($0) && "
        "::mlir::tfg::embedsResize($0)">,
  "the input chosen for embedded preprocessing, with resize">;

// The raw input's dtype (TypeAttr) and shape (#tfg.shape), and its tensor
// type with that dtype or with float (the Cast's output).
def TFG_RawInputDType : NativeCodeCall<"::mlir::tfg::getRawInputDType($0)">;
def TFG_RawInputShape : NativeCodeCall<"::mlir::tfg::getRawInputShape($0)">;
def TFG_RawInputType : NativeCodeCall<
  "::mlir::tfg::getRawInputType($0, /*asFloat=*/false)">;
def TFG_RawInputFloatType : NativeCodeCall<
  "::mlir::tfg::getRawInputType($0, /*asFloat=*/true)">;

// Const(<recorded value `key`>) named <input><suffix>.
class TFG_PreprocessingConst<string key, string suffix> : NativeCodeCall<
  "::mlir::tfg::createPreprocessingConst($_builder, $0, \"" # key # "\", \"" #
  suffix # "\")">;
// A recorded bool (ResizeBilinear's flags).
class TFG_PreprocessingFlag<string key> : NativeCodeCall<
  "::mlir::tfg::getPreprocessingFlag($0, \"" # key # "\")">;

def EmbedPreprocessing : Pattern<(TFG_PlaceholderOp:$node $ctls, $dtype, $shape, $_, $_),
  [(TFG_PlaceholderOp:$raw $ctls, (TFG_RawInputDType $node__1),
       (TFG_RawInputShape $node__1),
       (TFG_Unset), (TFG_Unset),
       (returnType (TFG_RawInputType $node__1), $node__1)),
   (TFG_NameAs $raw__1, $node__1),
   (TFG_CastOp:$cast $raw__0, (TFG_NoControlOperands),
       (TFG_RawInputDType $node__1), (TFG_F32TypeAttr), (TFG_FalseAttr),
       (TFG_Unset), (TFG_Unset),
       (returnType $node__0, $node__1)),
   (TFG_NameUniqueWithSuffix<"/cast"> $cast__1, $node__1),
   (TFG_SubOp:$sub $cast__0, (TFG_PreprocessingConst<"mean", "/mean"> $node__1),
       (TFG_NoControlOperands), (TFG_F32TypeAttr),
       (TFG_Unset), (TFG_Unset),
       (returnType $node__0, $node__1)),
   (TFG_NameUniqueWithSuffix<"/sub"> $sub__1, $node__1),
   (TFG_MulOp:$mul $sub__0, (TFG_PreprocessingConst<"scale", "/scale"> $node__1),
       (TFG_NoControlOperands), (TFG_F32TypeAttr),
       (TFG_Unset), (TFG_Unset),
       (returnType $node__0, $node__1)),
   (TFG_NameUniqueWithSuffix<"/normalized"> $mul__1, $node__1),
   (replaceWithValue $mul__0),
   (replaceWithValue $raw__1)],
  [(TFG_EmbedsPreprocessing $node__1)]>;

// The same with ResizeBilinear between the Cast (whose output has the raw
// input's unknown height and width) and the Sub.
def EmbedPreprocessingWithResize : Pattern<
  (TFG_PlaceholderOp:$node $ctls, $dtype, $shape, $_, $_),
  [(TFG_PlaceholderOp:$raw $ctls, (TFG_RawInputDType $node__1),
       (TFG_RawInputShape $node__1),
       (TFG_Unset), (TFG_Unset),
       (returnType (TFG_RawInputType $node__1), $node__1)),
   (TFG_NameAs $raw__1, $node__1),
   (TFG_CastOp:$cast $raw__0, (TFG_NoControlOperands),
       (TFG_RawInputDType $node__1), (TFG_F32TypeAttr), (TFG_FalseAttr),
       (TFG_Unset), (TFG_Unset),
       (returnType (TFG_RawInputFloatType $node__1), $node__1)),
   (TFG_NameUniqueWithSuffix<"/cast"> $cast__1, $node__1),
   (TFG_ResizeBilinearOp:$resize $cast__0,
       (TFG_PreprocessingConst<"size", "/resize/size"> $node__1),
       (TFG_NoControlOperands), (TFG_F32TypeAttr),
       (TFG_PreprocessingFlag<"align_corners"> $node__1),
       (TFG_PreprocessingFlag<"half_pixel_centers"> $node__1),
       (TFG_Unset), (TFG_Unset),
       (returnType $node__0, $node__1)),
   (TFG_NameUniqueWithSuffix<"/resize"> $resize__1, $node__1),
   (TFG_SubOp:$sub $resize__0,
       (TFG_PreprocessingConst<"mean", "/mean"> $node__1),
       (TFG_NoControlOperands), (TFG_F32TypeAttr),
       (TFG_Unset), (TFG_Unset),
       (returnType $node__0, $node__1)),
   (TFG_NameUniqueWithSuffix<"/sub"> $sub__1, $node__1),
   (TFG_MulOp:$mul $sub__0, (TFG_PreprocessingConst<"scale", "/scale"> $node__1),
       (TFG_NoControlOperands), (TFG_F32TypeAttr),
       (TFG_Unset), (TFG_Unset),
       (returnType $node__0, $node__1)),
   (TFG_NameUniqueWithSuffix<"/normalized"> $mul__1, $node__1),
   (replaceWithValue $mul__0),
   (replaceWithValue $raw__1)],
  [(TFG_EmbedsPreprocessingWithResize $node__1)]>;
