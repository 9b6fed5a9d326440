// The overhead benchmark: one Google Benchmark per run, timing a proxy kernel's
// step() with fixed iterations and repetitions. Each iteration's manual time is
// the maximum over ranks; only rank 0 reports (the others use a null reporter
// and never see --benchmark_out). Finally prints, on rank 0,
//   checksum <kernel> <variant> <value with 17 significant digits>
//
//   assay_overhead_<mpi> --kernel=cfd --variant=fence --size=S [--inject=BUG]
//                        [--iterations=10] [--repetitions=5] [--no-corners]
//                        [Google Benchmark flags, e.g. --benchmark_out=FILE]
#include <benchmark/benchmark.h>
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "overhead/kernels/catalog.hpp"
#include "overhead/kernels/kernel.hpp"
#include "overhead/mpi_benchmark.hpp"

namespace {

using namespace assay::overhead;

struct Options {
  std::string kernel = "cfd", variant, size = "S", inject;
  int iterations = 10, repetitions = 5;
  std::vector<std::string> benchmark_args;  // everything not ours, argv[0] first
};

bool take_value(const std::string& arg, const std::string& name, std::string& value) {
  std::string prefix = "--" + name + "=";
  if (arg.rfind(prefix, 0) != 0) return false;
  value = arg.substr(prefix.size());
  return true;
}

int positive(const std::string& text, const std::string& name) {
  std::size_t used = 0;
  int value = 0;
  try {
    value = std::stoi(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || value < 1) throw std::invalid_argument("--" + name + " needs a positive integer");
  return value;
}

// Our options out, Google Benchmark's left in; --benchmark_out* dropped on ranks != 0.
Options parse(int argc, char** argv, int rank) {
  Options o;
  o.benchmark_args.emplace_back(argv[0]);
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i], value;
    if (take_value(arg, "kernel", o.kernel) || take_value(arg, "variant", o.variant) ||
        take_value(arg, "size", o.size) || take_value(arg, "inject", o.inject))
      continue;
    if (take_value(arg, "iterations", value)) o.iterations = positive(value, "iterations");
    else if (take_value(arg, "repetitions", value)) o.repetitions = positive(value, "repetitions");
    else if (arg == "--no-corners") o.variant = "no-corners";
    else if (!rank_keeps(arg, rank)) continue;
    else if (arg.rfind("--benchmark_", 0) == 0) o.benchmark_args.push_back(arg);
    else throw std::invalid_argument("unknown option " + arg);
  }
  const KernelInfo* info = find_kernel(o.kernel);
  if (info && o.variant.empty()) o.variant = info->variants.front();
  return o;
}

std::string mpi_version() {
#if defined(OPEN_MPI)
  return std::to_string(OMPI_MAJOR_VERSION) + "." + std::to_string(OMPI_MINOR_VERSION) + "." +
         std::to_string(OMPI_RELEASE_VERSION);
#elif defined(MPICH_VERSION)
  return MPICH_VERSION;
#else
  return "unknown";
#endif
}

std::string library_version_line() {
  char text[MPI_MAX_LIBRARY_VERSION_STRING];
  int length = 0;
  MPI_Get_library_version(text, &length);
  std::string line(text, static_cast<std::size_t>(length));
  return line.substr(0, line.find_first_of("\n,"));
}

// The nodes the ranks run on: the number of shared-memory groups of the world.
int node_count() {
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  int node_rank = 0, leaders = 0;
  MPI_Comm_rank(node, &node_rank);
  int leader = node_rank == 0 ? 1 : 0;
  MPI_Allreduce(&leader, &leaders, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Comm_free(&node);
  return leaders;
}

void record_context(const Options& o, const Kernel& kernel, int nranks) {
  const char* backend = std::getenv("ASSAY_BACKEND");
  benchmark::AddCustomContext("mpi", mpi_name());
  benchmark::AddCustomContext("mpi_version", mpi_version());
  benchmark::AddCustomContext("mpi_library", library_version_line());
  benchmark::AddCustomContext("np", std::to_string(nranks));
  benchmark::AddCustomContext("nodes", std::to_string(node_count()));
  benchmark::AddCustomContext("backend", backend && *backend ? backend : "native");
  benchmark::AddCustomContext("kernel", o.kernel);
  benchmark::AddCustomContext("variant", o.variant);
  benchmark::AddCustomContext("size", o.size);
  benchmark::AddCustomContext("inject", o.inject.empty() ? "none" : o.inject);
  for (const auto& [key, value] : kernel.parameters()) benchmark::AddCustomContext("kernel_" + key, value);
}

// One timed iteration: all ranks start together; the time is the slowest rank's.
void time_steps(benchmark::State& state, Kernel& kernel) {
  for (auto _ : state) {
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    kernel.step();
    double mine = MPI_Wtime() - start, slowest = 0;
    MPI_Allreduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    state.SetIterationTime(slowest);
  }
}

int run(int argc, char** argv, int rank, int nranks) {
  Options o = parse(argc, argv, rank);
  auto kernel = make_kernel(o.kernel, {o.variant, o.size, o.inject}, MPI_COMM_WORLD);
  record_context(o, *kernel, nranks);
  std::string name = o.kernel + "/" + o.variant + "/" + o.size + "/np:" + std::to_string(nranks);
  benchmark::RegisterBenchmark(name.c_str(), [&kernel](benchmark::State& state) { time_steps(state, *kernel); })
      ->Iterations(o.iterations)
      ->Repetitions(o.repetitions)
      ->UseManualTime()
      ->Unit(benchmark::kMillisecond);

  // One untimed step: first-touch and connection set-up stay out of the first repetition.
  kernel->step();

  if (!run_benchmarks(o.benchmark_args, rank)) return 2;
  double checksum = kernel->checksum();
  kernel.reset();  // frees windows and communicators before MPI_Finalize
  if (rank == 0) std::printf("checksum %s %s %.17g\n", o.kernel.c_str(), o.variant.c_str(), checksum);
  benchmark::Shutdown();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, nranks = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  int status = 0;
  try {
    status = run(argc, argv, rank, nranks);
  } catch (const std::exception& e) {
    if (rank == 0) std::fprintf(stderr, "assay_overhead: %s\n", e.what());
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  MPI_Finalize();
  return status;
}
