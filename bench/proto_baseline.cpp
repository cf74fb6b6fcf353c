//===- proto_baseline.cpp - Plain protobuf parse + serialize of a GraphDef ===//
//
//   tfg-bench-proto-baseline in.pb out.pb
//
// The baseline of the import/export benchmark: what a program that only
// parses the file as tensorflow::GraphDef and writes it back costs, with the
// same I/O as tfg-translate (lib/ImportExport/ModelReader.cpp):
//   read:  straight from the file: FileInputStream (1 MiB blocks) +
//          CodedInputStream with a 2 GiB limit, ParseFromCodedStream;
//   write: a unique temporary file next to the target, FileOutputStream +
//          CodedOutputStream with deterministic serialization, rename.
// Unlike tfg-translate it writes the whole GraphDef in one call (plain
// protobuf: no node-by-node streaming).
// The GraphDef is destroyed before exit, as tfg-translate destroys its
// module. Prints the wall time of each step and the peak RSS on stdout.
//
//===----------------------------------------------------------------------===//

#include "graph.pb.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include <chrono>
#include <climits>
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <sys/resource.h>
#include <unistd.h>

namespace pb = google::protobuf;

static double seconds(std::chrono::steady_clock::time_point from) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - from)
      .count();
}

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s in.pb out.pb\n", argv[0]);
    return 2;
  }
  const char *inPath = argv[1];
  llvm::StringRef outPath = argv[2];
  auto start = std::chrono::steady_clock::now();

  auto t = std::chrono::steady_clock::now();
  auto graph = std::make_unique<tensorflow::GraphDef>();
  uint64_t fileSize = 0;
  llvm::sys::fs::file_size(inPath, fileSize);
  int inFd = ::open(inPath, O_RDONLY);
  if (inFd < 0) {
    std::perror(inPath);
    return 1;
  }
  {
    pb::io::FileInputStream stream(inFd, /*block_size=*/1 << 20);
    pb::io::CodedInputStream coded(&stream);
    coded.SetTotalBytesLimit(INT32_MAX);
    if (!graph->ParseFromCodedStream(&coded) ||
        !coded.ConsumedEntireMessage()) {
      std::fprintf(stderr, "%s: error: not a valid binary GraphDef\n", inPath);
      return 1;
    }
  }
  ::close(inFd);
  double parseTime = seconds(t);

  t = std::chrono::steady_clock::now();
  llvm::SmallString<256> tempPath;
  int fd;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(
          outPath + ".tmp-%%%%%%", fd, tempPath)) {
    std::fprintf(stderr, "%s: error: %s\n", argv[2], ec.message().c_str());
    return 1;
  }
  bool ok;
  {
    pb::io::FileOutputStream stream(fd);
    {
      pb::io::CodedOutputStream coded(&stream);
      coded.SetSerializationDeterministic(true);
      ok = graph->SerializeToCodedStream(&coded);
    }
    ok = stream.Close() && ok;
  }
  if (!ok || llvm::sys::fs::rename(tempPath, outPath)) {
    llvm::sys::fs::remove(tempPath);
    std::fprintf(stderr, "%s: error: cannot write\n", argv[2]);
    return 1;
  }
  double writeTime = seconds(t);

  int numNodes = graph->node_size();
  t = std::chrono::steady_clock::now();
  graph.reset();
  double freeTime = seconds(t);

  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  std::printf("baseline: %d nodes, %llu bytes: total %.3f s (read+parse "
              "%.3f, serialize+write %.3f, free %.3f), peak RSS %.1f MiB\n",
              numNodes, static_cast<unsigned long long>(fileSize),
              seconds(start), parseTime, writeTime, freeTime,
              usage.ru_maxrss / 1024.0);
  return 0;
}
