//===- RepairRefOps.td - Reference-typed leftovers to value ops -*- tablegen -*-===//
//
// Patterns of tfg-repair-ref-ops: the hand repair of "Input 0 of node X was
// passed float from Y:0 incompatible with expected float_ref". A Ref twin of
// v1 control flow becomes its plain op; an Assign / AssignAdd / AssignSub
// whose output is read becomes Identity(value) / Add(ref, value) /
// Sub(ref, value), the value it computes. The new node takes the old one's
// name, device and other attrs (TFG_TakeOverNode), its control inputs and the
// users of its token; its results have the value types
// (TFG_DereferencedTypeOf). The pass decides which nodes are repaired, for
// the whole graph at once (a node whose reference feeds one that needs a
// reference and stays is not): TFG_IsRepairedRefNode.
//
//===----------------------------------------------------------------------===//

include "TFG/Dialect/IR/TFGOps.td"
include "TFG/Transforms/Utils/RewriteUtils.td"

// (TFG_IsRepairedRefNode $node__ctl): the pass decided to repair the node.
def TFG_IsRepairedRefNode : Constraint<
  CPred<"::mlir::tfg::isRepairedRefNode($0)">,
  "reference-typed node the pass repairs">;

//===----------------------------------------------------------------------===//
// Ref twins of v1 control flow: the plain op, same operands and attrs
//===----------------------------------------------------------------------===//

def RepairRefSwitch : Pattern<(TFG_RefSwitchOp:$node $data, $pred, $ctls, $T, $_, $_),
  [(TFG_SwitchOp:$newNode $data, $pred, $ctls, $T, (TFG_Unset), (TFG_Unset),
       (returnType (TFG_DereferencedTypeOf $node__0),
                   (TFG_DereferencedTypeOf $node__1), $node__2)),
   (TFG_TakeOverNode $newNode__2, $node__2),
   (replaceWithValue $newNode__0), (replaceWithValue $newNode__1),
   (replaceWithValue $newNode__2)],
  [(TFG_IsRepairedRefNode $node__2)]>;

// value_index is an int32 already.
def RepairRefMerge : Pattern<(TFG_RefMergeOp:$node $inputs, $ctls, $T, $N, $_, $_),
  [(TFG_MergeOp:$newNode $inputs, $ctls, $T, $N,
       (TFG_Unset), (TFG_Unset),
       (returnType (TFG_DereferencedTypeOf $node__0), $node__1, $node__2)),
   (TFG_TakeOverNode $newNode__2, $node__2),
   (replaceWithValue $newNode__0), (replaceWithValue $newNode__1),
   (replaceWithValue $newNode__2)],
  [(TFG_IsRepairedRefNode $node__2)]>;

// One data input, one data output: (source op, plain op).
class RepairRefForwarder<dag source, dag target> : Pattern<source,
  [target, (TFG_TakeOverNode $newNode__1, $node__1),
   (replaceWithValue $newNode__0), (replaceWithValue $newNode__1)],
  [(TFG_IsRepairedRefNode $node__1)]>;

def RepairRefIdentity : RepairRefForwarder<
  (TFG_RefIdentityOp:$node $input, $ctls, $T, $_, $_),
  (TFG_IdentityOp:$newNode $input, $ctls, $T,
     (TFG_Unset), (TFG_Unset),
       (returnType (TFG_DereferencedTypeOf $node__0), $node__1))>;

def RepairRefEnter : RepairRefForwarder<
  (TFG_RefEnterOp:$node $data, $ctls, $T, $frame, $isConstant, $iterations, $_, $_),
  (TFG_EnterOp:$newNode $data, $ctls, $T, $frame, $isConstant, $iterations,
     (TFG_Unset), (TFG_Unset),
       (returnType (TFG_DereferencedTypeOf $node__0), $node__1))>;

def RepairRefExit : RepairRefForwarder<
  (TFG_RefExitOp:$node $data, $ctls, $T, $_, $_),
  (TFG_ExitOp:$newNode $data, $ctls, $T,
     (TFG_Unset), (TFG_Unset),
       (returnType (TFG_DereferencedTypeOf $node__0), $node__1))>;

def RepairRefNextIteration : RepairRefForwarder<
  (TFG_RefNextIterationOp:$node $data, $ctls, $T, $_, $_),
  (TFG_NextIterationOp:$newNode $data, $ctls, $T,
     (TFG_Unset), (TFG_Unset),
       (returnType (TFG_DereferencedTypeOf $node__0), $node__1))>;

//===----------------------------------------------------------------------===//
// Variable writes whose output is read: the value they compute
//===----------------------------------------------------------------------===//

// Assign's output is the value it stores. (The pass offers only Assigns
// whose output is read: one that only runs for its effect stays.)
def RepairReadAssign : RepairRefForwarder<
  (TFG_AssignOp:$node $ref, $value, $ctls, $T, $validateShape, $useLocking, $_, $_),
  (TFG_IdentityOp:$newNode $value, $ctls, $T,
     (TFG_Unset), (TFG_Unset),
       (returnType (TFG_DereferencedTypeOf $node__0), $node__1))>;

// AssignSub's output is the variable minus the value: Sub of the variable's
// value (TensorFlow reads a reference passed to a value input).
def RepairReadAssignSub : RepairRefForwarder<
  (TFG_AssignSubOp:$node $ref, $value, $ctls, $T, $useLocking, $_, $_),
  (TFG_SubOp:$newNode $ref, $value, $ctls, $T,
     (TFG_Unset), (TFG_Unset),
       (returnType (TFG_DereferencedTypeOf $node__0), $node__1))>;

def RepairReadAssignAdd : RepairRefForwarder<
  (TFG_AssignAddOp:$node $ref, $value, $ctls, $T, $useLocking, $_, $_),
  (TFG_AddOp:$newNode $ref, $value, $ctls, $T,
     (TFG_Unset), (TFG_Unset),
       (returnType (TFG_DereferencedTypeOf $node__0), $node__1))>;
