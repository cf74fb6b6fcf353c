//===- make_synthetic_graph.cpp - Synthetic GraphDefs for the benchmark ---===//
//
//   tfg-bench-make-graph --kind=nodes   [--nodes N]      -o nodes.pb
//   tfg-bench-make-graph --kind=weights [--weights-mb M] -o weights.pb
//
// Writes a binary GraphDef (deterministic serialization, fixed seed: the same
// arguments always give the same bytes) that looks like a real model:
//
//  nodes:   exactly N nodes (default 1,000,000). A Placeholder, then residual
//           blocks Const/Identity(read)/Conv2D/Const/BiasAdd/Relu/Add/Identity
//           with the attrs TensorFlow writes (T, strides, padding,
//           data_format, dilations, ...), device strings, `_output_shapes` on
//           the convolutions and activations, control inputs every few
//           blocks and a NoOp gathering control edges now and then. Weights
//           are small: 1x1 filters as dense attrs (below the 1 KiB resource
//           threshold), every 16th block a 3x3 filter above it (a dense
//           resource). The remainder is filled with an Identity chain.
//  training: exactly N nodes of a frozen *training* graph, what
//           tfg-optimize-for-inference is for: an `input` Placeholder, a
//           bool `training` Placeholder, then blocks of Const/Identity(read)
//           -> Conv2D -> FusedBatchNorm (inference form, its four Consts)
//           -> tf.cond(training) around dropout (Switch; RandomUniform, Add,
//           Floor, RealDiv, Mul on the true side; Identity on the false
//           side; Merge) -> Relu. The remainder is an Identity chain.
//  weights: ~M MiB (default 100) of float weights in a few dozen Consts
//           (tensor_content): min(25, M) square [d, d] kernels feeding a
//           MatMul/BiasAdd/Relu chain.
//
// Prints the node count and file size.
//
//===----------------------------------------------------------------------===//

#include "graph.pb.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <random>
#include <string>
#include <unistd.h>

namespace {

using tensorflow::AttrValue;
using tensorflow::GraphDef;
using tensorflow::NodeDef;

constexpr const char *kGPU = "/job:localhost/replica:0/task:0/device:GPU:0";
constexpr const char *kCPU = "/job:localhost/replica:0/task:0/device:CPU:0";

/// Deterministic on every platform (std::mt19937 is specified bit for bit;
/// the std distributions are not, so floats are made from the bits here).
class Random {
public:
  explicit Random(uint32_t seed) : engine(seed) {}
  /// Uniform in [-scale, scale).
  float uniform(float scale) {
    return (static_cast<float>(engine() >> 8) * (1.0f / 16777216.0f) * 2.0f -
            1.0f) *
           scale;
  }

private:
  std::mt19937 engine;
};

class Builder {
public:
  Builder(GraphDef &graph, uint32_t seed) : graph(graph), rng(seed) {}

  NodeDef *node(const std::string &name, const char *op,
                const char *device = nullptr) {
    NodeDef *n = graph.add_node();
    n->set_name(name);
    n->set_op(op);
    if (device)
      n->set_device(device);
    return n;
  }

  static void setType(NodeDef *n, const char *key) {
    (*n->mutable_attr())[key].set_type(tensorflow::DT_FLOAT);
  }
  static void setString(NodeDef *n, const char *key, const char *value) {
    (*n->mutable_attr())[key].set_s(value);
  }
  static void setBool(NodeDef *n, const char *key, bool value) {
    (*n->mutable_attr())[key].set_b(value);
  }
  static void setInts(NodeDef *n, const char *key,
                      std::initializer_list<int64_t> values) {
    auto *list = (*n->mutable_attr())[key].mutable_list();
    for (int64_t v : values)
      list->add_i(v);
  }
  static void setOutputShape(NodeDef *n, std::initializer_list<int64_t> dims) {
    auto *shape =
        (*n->mutable_attr())["_output_shapes"].mutable_list()->add_shape();
    for (int64_t d : dims)
      shape->add_dim()->set_size(d);
  }

  /// A float Const of the given shape, random values in tensor_content.
  NodeDef *floatConst(const std::string &name,
                      std::initializer_list<int64_t> dims, float scale) {
    NodeDef *n = node(name, "Const");
    setType(n, "dtype");
    auto *tensor = (*n->mutable_attr())["value"].mutable_tensor();
    tensor->set_dtype(tensorflow::DT_FLOAT);
    int64_t count = 1;
    for (int64_t d : dims) {
      tensor->mutable_tensor_shape()->add_dim()->set_size(d);
      count *= d;
    }
    std::string *content = tensor->mutable_tensor_content();
    content->resize(count * sizeof(float));
    char *out = content->data();
    for (int64_t i = 0; i < count; ++i) {
      float v = rng.uniform(scale);
      std::memcpy(out + i * sizeof(float), &v, sizeof(float)); // little endian
    }
    return n;
  }

  int size() const { return graph.node_size(); }

private:
  GraphDef &graph;
  Random rng;
};

void setVersions(GraphDef &graph) {
  graph.mutable_versions()->set_producer(1205);
  graph.mutable_versions()->set_min_consumer(12);
}

/// The model with many small nodes.
void makeNodesGraph(GraphDef &graph, int64_t numNodes) {
  constexpr int64_t kChannels = 4, kSpatial = 28;
  constexpr int64_t kMaxBlockNodes = 9;
  graph.mutable_node()->Reserve(static_cast<int>(numNodes));
  Builder b(graph, /*seed=*/20240611);
  setVersions(graph);
  if (numNodes <= 0)
    return;

  NodeDef *input = b.node("input", "Placeholder");
  Builder::setType(input, "dtype");
  {
    auto *shape = (*input->mutable_attr())["shape"].mutable_shape();
    for (int64_t d : {int64_t(1), kSpatial, kSpatial, kChannels})
      shape->add_dim()->set_size(d);
  }
  Builder::setOutputShape(input, {1, kSpatial, kSpatial, kChannels});
  std::string x = "input";
  std::string prevRelu;

  for (int64_t block = 0; numNodes - b.size() >= kMaxBlockNodes; ++block) {
    std::string p = "model/stage_" + std::to_string(block / 1000) + "/block_" +
                    std::to_string(block);
    // Filter: 1x1 (dense attr) mostly, 3x3 every 16th block (a resource).
    bool big = block % 16 == 0;
    int64_t k = big ? 3 : 1;
    b.floatConst(p + "/conv/weights", {k, k, kChannels, kChannels}, 0.1f);
    NodeDef *read = b.node(p + "/conv/weights/read", "Identity", kCPU);
    read->add_input(p + "/conv/weights");
    Builder::setType(read, "T");

    NodeDef *conv = b.node(p + "/conv/Conv2D", "Conv2D", kGPU);
    conv->add_input(x);
    conv->add_input(p + "/conv/weights/read");
    Builder::setType(conv, "T");
    Builder::setInts(conv, "strides", {1, 1, 1, 1});
    Builder::setInts(conv, "dilations", {1, 1, 1, 1});
    Builder::setString(conv, "padding", "SAME");
    Builder::setString(conv, "data_format", "NHWC");
    Builder::setBool(conv, "use_cudnn_on_gpu", true);
    (*conv->mutable_attr())["explicit_paddings"].mutable_list();
    Builder::setOutputShape(conv, {1, kSpatial, kSpatial, kChannels});

    b.floatConst(p + "/conv/biases", {kChannels}, 0.01f);
    NodeDef *bias = b.node(p + "/conv/BiasAdd", "BiasAdd", kGPU);
    bias->add_input(p + "/conv/Conv2D");
    bias->add_input(p + "/conv/biases");
    Builder::setType(bias, "T");
    Builder::setString(bias, "data_format", "NHWC");

    NodeDef *relu = b.node(p + "/Relu", "Relu", kGPU);
    relu->add_input(p + "/conv/BiasAdd");
    Builder::setType(relu, "T");
    Builder::setOutputShape(relu, {1, kSpatial, kSpatial, kChannels});

    NodeDef *add = b.node(p + "/add", "Add", kGPU);
    add->add_input(p + "/Relu");
    add->add_input(x);
    if (block % 4 == 3 && !prevRelu.empty())
      add->add_input("^" + prevRelu);
    Builder::setType(add, "T");

    NodeDef *out = b.node(p + "/output", "Identity", kGPU);
    out->add_input(p + "/add");
    Builder::setType(out, "T");
    Builder::setOutputShape(out, {1, kSpatial, kSpatial, kChannels});

    if (block % 32 == 31) {
      NodeDef *sync = b.node(p + "/sync", "NoOp", kCPU);
      sync->add_input("^" + p + "/add");
      sync->add_input("^" + p + "/conv/weights/read");
    }
    prevRelu = p + "/Relu";
    x = p + "/output";
  }
  for (int64_t i = 0; b.size() < numNodes; ++i) {
    NodeDef *id = b.node("tail/identity_" + std::to_string(i), "Identity");
    id->add_input(x);
    Builder::setType(id, "T");
    x = id->name();
  }
}

NodeDef *typedNode(Builder &b, const std::string &name, const char *op,
                   std::initializer_list<std::string> inputs,
                   const char *device = kGPU) {
  NodeDef *n = b.node(name, op, device);
  for (const std::string &input : inputs)
    n->add_input(input);
  Builder::setType(n, "T");
  return n;
}

NodeDef *scalarConst(Builder &b, const std::string &name, float value) {
  NodeDef *n = b.node(name, "Const");
  Builder::setType(n, "dtype");
  auto *tensor = (*n->mutable_attr())["value"].mutable_tensor();
  tensor->set_dtype(tensorflow::DT_FLOAT);
  tensor->mutable_tensor_shape();
  tensor->add_float_val(value);
  return n;
}

/// The training graph: Conv2D + FusedBatchNorm + dropout in a tf.cond.
void makeTrainingGraph(GraphDef &graph, int64_t numNodes) {
  constexpr int64_t kChannels = 4, kSpatial = 8;
  constexpr int64_t kBlockNodes = 21;
  graph.mutable_node()->Reserve(static_cast<int>(numNodes));
  Builder b(graph, /*seed=*/20241124);
  setVersions(graph);
  if (numNodes < 2)
    return;
  NodeDef *input = b.node("input", "Placeholder");
  Builder::setType(input, "dtype");
  {
    auto *shape = (*input->mutable_attr())["shape"].mutable_shape();
    for (int64_t d : {int64_t(1), kSpatial, kSpatial, kChannels})
      shape->add_dim()->set_size(d);
  }
  NodeDef *training = b.node("training", "Placeholder");
  (*training->mutable_attr())["dtype"].set_type(tensorflow::DT_BOOL);
  (*training->mutable_attr())["shape"].mutable_shape();
  std::string x = "input";
  for (int64_t block = 0; numNodes - b.size() >= kBlockNodes; ++block) {
    std::string p = "model/block_" + std::to_string(block);
    b.floatConst(p + "/conv/weights", {1, 1, kChannels, kChannels}, 0.5f);
    typedNode(b, p + "/conv/weights/read", "Identity", {p + "/conv/weights"},
              kCPU);
    NodeDef *conv = typedNode(b, p + "/conv/Conv2D", "Conv2D",
                              {x, p + "/conv/weights/read"});
    Builder::setInts(conv, "strides", {1, 1, 1, 1});
    Builder::setInts(conv, "dilations", {1, 1, 1, 1});
    Builder::setString(conv, "padding", "SAME");
    Builder::setString(conv, "data_format", "NHWC");

    for (const char *stat : {"gamma", "beta", "moving_mean"})
      b.floatConst(p + "/bn/" + stat, {kChannels}, 0.5f);
    NodeDef *variance =
        b.floatConst(p + "/bn/moving_variance", {kChannels}, 0.5f);
    // Variances are positive.
    std::string *content = (*variance->mutable_attr())["value"]
                               .mutable_tensor()
                               ->mutable_tensor_content();
    for (size_t i = 3; i < content->size(); i += 4)
      (*content)[i] &= 0x7f;
    NodeDef *bn =
        typedNode(b, p + "/bn/FusedBatchNorm", "FusedBatchNorm",
                  {p + "/conv/Conv2D", p + "/bn/gamma", p + "/bn/beta",
                   p + "/bn/moving_mean", p + "/bn/moving_variance"});
    Builder::setBool(bn, "is_training", false);
    (*bn->mutable_attr())["epsilon"].set_f(0.001f);
    Builder::setString(bn, "data_format", "NHWC");

    std::string d = p + "/dropout/cond";
    NodeDef *sw = typedNode(b, d + "/Switch", "Switch",
                            {p + "/bn/FusedBatchNorm", "training"});
    (void)sw;
    NodeDef *shape = b.node(d + "/dropout/Shape", "Const");
    (*shape->mutable_attr())["dtype"].set_type(tensorflow::DT_INT32);
    auto *shapeValue = (*shape->mutable_attr())["value"].mutable_tensor();
    shapeValue->set_dtype(tensorflow::DT_INT32);
    shapeValue->mutable_tensor_shape()->add_dim()->set_size(4);
    for (int64_t dim : {int64_t(1), kSpatial, kSpatial, kChannels})
      shapeValue->add_int_val(static_cast<int32_t>(dim));
    shape->add_input("^" + d + "/Switch");
    NodeDef *uniform =
        b.node(d + "/dropout/random_uniform", "RandomUniform", kGPU);
    uniform->add_input(d + "/dropout/Shape");
    (*uniform->mutable_attr())["T"].set_type(tensorflow::DT_INT32);
    Builder::setType(uniform, "dtype");
    (*uniform->mutable_attr())["seed"].set_i(0);
    (*uniform->mutable_attr())["seed2"].set_i(0);
    scalarConst(b, d + "/dropout/keep_prob", 0.9f)
        ->add_input("^" + d + "/Switch");
    typedNode(b, d + "/dropout/add", "Add",
              {d + "/dropout/keep_prob", d + "/dropout/random_uniform"});
    typedNode(b, d + "/dropout/Floor", "Floor", {d + "/dropout/add"});
    typedNode(b, d + "/dropout/div", "RealDiv",
              {d + "/Switch:1", d + "/dropout/keep_prob"});
    typedNode(b, d + "/dropout/mul", "Mul",
              {d + "/dropout/div", d + "/dropout/Floor"});
    typedNode(b, d + "/Identity", "Identity", {d + "/Switch"});
    NodeDef *merge = typedNode(b, d + "/Merge", "Merge",
                               {d + "/Identity", d + "/dropout/mul"});
    (*merge->mutable_attr())["N"].set_i(2);
    typedNode(b, p + "/Relu", "Relu", {d + "/Merge"});
    typedNode(b, p + "/output", "Identity", {p + "/Relu"});
    x = p + "/output";
  }
  for (int64_t i = 0; b.size() < numNodes; ++i) {
    typedNode(b, "tail/identity_" + std::to_string(i), "Identity", {x});
    x = "tail/identity_" + std::to_string(i);
  }
}

/// The weights-heavy model: `megabytes` MiB of float kernels.
void makeWeightsGraph(GraphDef &graph, int64_t megabytes) {
  Builder b(graph, /*seed=*/20240612);
  setVersions(graph);
  int64_t layers = std::max<int64_t>(1, std::min<int64_t>(25, megabytes));
  double floatsPerLayer =
      static_cast<double>(megabytes) * 1048576.0 / 4.0 / layers;
  int64_t d = std::max<int64_t>(1, std::llround(std::sqrt(floatsPerLayer)));

  NodeDef *input = b.node("input", "Placeholder");
  Builder::setType(input, "dtype");
  auto *shape = (*input->mutable_attr())["shape"].mutable_shape();
  shape->add_dim()->set_size(1);
  shape->add_dim()->set_size(d);
  std::string x = "input";
  for (int64_t i = 0; i < layers; ++i) {
    std::string p = "dense_" + std::to_string(i);
    b.floatConst(p + "/kernel", {d, d}, 0.05f);
    NodeDef *read = b.node(p + "/kernel/read", "Identity", kCPU);
    read->add_input(p + "/kernel");
    Builder::setType(read, "T");
    NodeDef *mm = b.node(p + "/MatMul", "MatMul", kGPU);
    mm->add_input(x);
    mm->add_input(p + "/kernel/read");
    Builder::setType(mm, "T");
    Builder::setBool(mm, "transpose_a", false);
    Builder::setBool(mm, "transpose_b", false);
    Builder::setBool(mm, "grad_a", false); // Written by TensorFlow >= 2.12.
    Builder::setBool(mm, "grad_b", false);
    Builder::setOutputShape(mm, {1, d});
    b.floatConst(p + "/bias", {d}, 0.01f);
    NodeDef *bias = b.node(p + "/BiasAdd", "BiasAdd", kGPU);
    bias->add_input(p + "/MatMul");
    bias->add_input(p + "/bias");
    Builder::setType(bias, "T");
    Builder::setString(bias, "data_format", "NHWC");
    NodeDef *relu = b.node(p + "/Relu", "Relu", kGPU);
    relu->add_input(p + "/BiasAdd");
    Builder::setType(relu, "T");
    x = p + "/Relu";
  }
  NodeDef *out = b.node("output", "Identity");
  out->add_input(x);
  Builder::setType(out, "T");
}

bool writeGraph(const GraphDef &graph, const std::string &path) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return false;
  bool ok;
  {
    google::protobuf::io::FileOutputStream stream(fd);
    {
      google::protobuf::io::CodedOutputStream coded(&stream);
      coded.SetSerializationDeterministic(true);
      ok = graph.SerializeToCodedStream(&coded);
    }
    ok = stream.Close() && ok;
  }
  return ok;
}

[[noreturn]] void usage(const char *argv0) {
  std::fprintf(
      stderr,
      "usage: %s --kind=nodes|training|weights [--nodes N] [--weights-mb M] "
      "-o FILE\n",
      argv0);
  std::exit(2);
}

} // namespace

int main(int argc, char **argv) {
  std::string kind, output;
  int64_t nodes = 1000000, megabytes = 100;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&](const std::string &flag) -> const char * {
      if (arg == flag) {
        if (i + 1 >= argc)
          usage(argv[0]);
        return argv[++i];
      }
      if (arg.rfind(flag + "=", 0) == 0)
        return argv[i] + flag.size() + 1;
      return nullptr;
    };
    if (const char *v = value("--kind"))
      kind = v;
    else if (const char *v = value("--nodes"))
      nodes = std::atoll(v);
    else if (const char *v = value("--weights-mb"))
      megabytes = std::atoll(v);
    else if (const char *v = value("-o"))
      output = v;
    else
      usage(argv[0]);
  }
  if (output.empty() ||
      (kind != "nodes" && kind != "training" && kind != "weights") ||
      nodes < 0 || megabytes < 1)
    usage(argv[0]);

  GraphDef graph;
  if (kind == "nodes")
    makeNodesGraph(graph, nodes);
  else if (kind == "training")
    makeTrainingGraph(graph, nodes);
  else
    makeWeightsGraph(graph, megabytes);
  if (!writeGraph(graph, output)) {
    std::fprintf(stderr, "%s: error: cannot write\n", output.c_str());
    return 1;
  }
  std::printf("%s: %d nodes, %zu bytes\n", output.c_str(), graph.node_size(),
              graph.ByteSizeLong());
  return 0;
}
