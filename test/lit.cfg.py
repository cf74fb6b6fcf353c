# -*- Python -*-
# lit configuration of TFG's regression tests.

import os

import lit.formats
from lit.llvm import llvm_config

config.name = "TFG"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".pbtxt", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tfg_obj_root, "test")
config.excludes = ["Inputs", "CMakeLists.txt", "README.md", "lit.cfg.py",
                   "lit.site.cfg.py"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%tfg_src_root", config.tfg_src_root))
config.substitutions.append(("%tfg_build", config.tfg_obj_root))
config.substitutions.append(("%python", config.python_executable))
# Sanitizer builds (TFG_ENABLE_SANITIZERS, utils/sanitize-test.sh): every
# tool aborts on its first ASan/UBSan report, so the test fails; the options
# given in the environment come after these defaults, so they win. Leaks are
# reported (LeakSanitizer) except by the plugin in upstream's mlir-opt.
# A single allocation over 2 GiB is an error: no test input needs one, and a
# size taken from a bad input (a Snappy header, a tensor shape) usually is.
# A ThreadSanitizer build (TFG_ENABLE_SANITIZERS=thread) stops on its first
# data race report; utils/tsan-suppressions.txt lists what it may ignore
# (only uninstrumented libraries' internals; docs/robustness.md).
# (A build folder configured before the ThreadSanitizer mode existed knows
# only tfg_sanitizers and tfg_asan_runtime.)
sanitizer_mode = getattr(config, "tfg_sanitizer_mode",
                         "address" if config.tfg_sanitizers else "")
sanitizer_runtime = getattr(config, "tfg_sanitizer_runtime",
                            getattr(config, "tfg_asan_runtime", ""))
sanitizer_options = []
if sanitizer_mode == "address":
    config.available_features.add("sanitizers")
    sanitizer_options = [
        ("ASAN_OPTIONS", "detect_leaks=1:max_allocation_size_mb=2048:"
                         "allocator_may_return_null=0"),
        ("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1")]
elif sanitizer_mode == "thread":
    config.available_features.add("sanitizers")
    config.available_features.add("tsan")
    sanitizer_options = [
        ("TSAN_OPTIONS", "halt_on_error=1:second_deadlock_stack=1:"
                         "suppressions=" + os.path.join(
                             config.tfg_src_root, "utils",
                             "tsan-suppressions.txt"))]
    # libomp is not instrumented: its OMPT tool Archer tells ThreadSanitizer
    # what its fork, join and barriers order, so that what the code run on
    # OpenMP threads does through instrumented calls (memcpy, malloc, free)
    # is ordered like the threads themselves.
    archer = os.path.join(os.path.dirname(config.llvm_tools_dir), "lib",
                          "libarcher.so")
    if os.path.exists(archer):
        config.environment["OMP_TOOL_LIBRARIES"] = archer
for var, defaults in sanitizer_options:
    given = os.environ.get(var)
    config.environment[var] = defaults + (":" + given if given else "")


def mlir_opt_command():
    """Upstream's mlir-opt; in a sanitizer build, with the sanitizer's
    runtime preloaded, since the instrumented plugin cannot load without
    it."""
    if sanitizer_mode == "address":
        return "env LD_PRELOAD=%s ASAN_OPTIONS=%s:detect_leaks=0 %s" % (
            sanitizer_runtime, config.environment["ASAN_OPTIONS"],
            config.mlir_opt)
    if sanitizer_mode == "thread":
        return "env LD_PRELOAD=%s %s" % (sanitizer_runtime, config.mlir_opt)
    return config.mlir_opt


# Upstream's mlir-opt and TFG as its plugin (test/Plugin).
config.substitutions.append(("%tfg_plugin",
                             os.path.join(config.tfg_lib_dir, "libTFGPlugin.so")))
config.substitutions.append(("%mlir_opt", mlir_opt_command()))

# tfg-run's compiled-model cache: a folder of this build's, emptied when lit
# starts, so that a test sees no entry from before and the user's
# ~/.cache/tfg is left alone (tests of the cache pass --cache-dir).
tfg_cache = os.path.join(config.test_exec_root, "tfg-cache")
__import__("shutil").rmtree(tfg_cache, ignore_errors=True)
config.environment["XDG_CACHE_HOME"] = tfg_cache

# FileCheck, not, count and split-file live in LLVM's tools dir.
llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.tfg_tools_dir, append_path=True)

# The shared corpus (real models) is optional: tests that need it say
# `REQUIRES: corpus` and lit reports them as UNSUPPORTED without it.
corpus = os.environ.get("TFG_CORPUS_DIR") or config.tfg_corpus_dir
if corpus and os.path.isdir(corpus):
    config.available_features.add("corpus")
    config.substitutions.append(("%corpus", os.path.abspath(corpus)))
else:
    lit_config.note("TFG_CORPUS_DIR not set or missing: corpus tests are "
                    "skipped (UNSUPPORTED)")
# Tests of the code generated for the host CPU check x86 vector widths.
if __import__("platform").machine() in ("x86_64", "AMD64"):
    config.available_features.add("x86_64-host")
# Graphviz's `dot` renders tfg-dot's pictures (tests say REQUIRES: graphviz).
if __import__("shutil").which("dot"):
    config.available_features.add("graphviz")

# perf (Debian's linux-perf) allowed to record this user's processes here
# (kernel.perf_event_paranoid, a container's seccomp): bench/profile.sh's
# test says REQUIRES: perf.
def _perf_records():
    import shutil, subprocess, tempfile
    perf = shutil.which("perf")
    if not perf:
        return False
    with tempfile.TemporaryDirectory() as scratch:
        try:
            return subprocess.run(
                [perf, "record", "-q", "-o", os.path.join(scratch, "p.data"),
                 "--", "true"], capture_output=True, timeout=60).returncode == 0
        except (OSError, subprocess.SubprocessError):
            return False
if _perf_records():
    config.available_features.add("perf")
else:
    lit_config.note("perf missing or not allowed to record: the profile "
                    "script's test is skipped (UNSUPPORTED)")

# The TensorFlow.js reference runner (an independent oracle): a copy of
# shared/tools/tfjs-ref with its node_modules, named by TFG_TFJS_REF_DIR
# (.ci/run prepares one). `%tfjs_oracle MODEL.pb REF_DIR WORK_DIR` converts a
# rewritten graph, runs it on the reference inputs and compares the outputs.
tfjs_ref = os.environ.get("TFG_TFJS_REF_DIR")
if (tfjs_ref and os.path.isdir(os.path.join(tfjs_ref, "node_modules"))
        and __import__("shutil").which("node")):
    config.available_features.add("tfjs-oracle")
    config.environment["TFG_TFJS_REF_DIR"] = tfjs_ref
else:
    lit_config.note("TFG_TFJS_REF_DIR not set or without node_modules: "
                    "tfjs-oracle tests are skipped (UNSUPPORTED)")
# ONNX Runtime for Node with the benchmark workloads (shared/tools/ortbench,
# its node_modules installed): bench/layers.sh's test says REQUIRES: ortbench.
ortbench = os.environ.get("TFG_ORTBENCH_DIR") or os.path.join(
    config.tfg_src_root, "..", "shared", "tools", "ortbench")
if (os.path.isdir(os.path.join(ortbench, "node_modules", "onnxruntime-node"))
        and __import__("shutil").which("node")):
    config.available_features.add("ortbench")
    config.environment["TFG_ORTBENCH_DIR"] = os.path.abspath(ortbench)
else:
    lit_config.note("no tools/ortbench with node_modules (TFG_ORTBENCH_DIR): "
                    "the benchmark script tests are skipped (UNSUPPORTED)")
config.substitutions.append(
    ("%tfjs_oracle", "bash " + os.path.join(config.tfg_src_root, "utils",
                                            "tfjs-oracle.sh")))
# `%tfjs_run MODEL.pb INPUTS_DIR WORK_DIR` only runs it (outputs in
# WORK_DIR/out), to compare two graphs with each other.
config.substitutions.append(
    ("%tfjs_run", "bash " + os.path.join(config.tfg_src_root, "utils",
                                         "tfjs-run.sh")))
# `%bad_input [--keep OUT] [--absent OUT] -- TOOL ARGS` runs a tool on a bad
# input and checks the catalogue's contract (test/BadInputs/README.md).
config.substitutions.append(
    ("%bad_input", config.python_executable + " " +
     os.path.join(config.tfg_src_root, "utils", "check-bad-input.py")))
# `%protoc --encode=tensorflow.GraphDef < g.pbtxt > g.pb`: binary model
# files from text, with TFG's own schema (GraphDef, MetaGraphDef,
# SavedModel), for inputs that no TFG tool would write.
proto_dir = os.path.join(config.tfg_src_root, "lib", "ImportExport", "proto")
config.substitutions.append(
    ("%protoc", "protoc -I%s %s" % (proto_dir,
                                    os.path.join(proto_dir, "meta_graph.proto"))))
config.substitutions.append(
    ("%compare_npy", config.python_executable + " " +
     os.path.join(config.tfg_src_root, "utils", "compare-npy.py")))
