#include "kernel.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "advect.hpp"
#include "catalog.hpp"
#include "cfd.hpp"
#include "heat2d.hpp"

namespace assay::overhead {

std::unique_ptr<Kernel> make_kernel(const std::string& name, const KernelConfig& config, MPI_Comm comm) {
  const KernelInfo* info = find_kernel(name);
  if (!info) throw std::invalid_argument("unknown kernel '" + name + "' (cfd, heat2d, advect)");
  if (!has_variant(*info, config.variant))
    throw std::invalid_argument("kernel " + name + " has no variant '" + config.variant + "'");
  if (!is_size_preset(config.size)) throw std::invalid_argument("unknown size '" + config.size + "' (S, M, L)");
  if (!config.inject.empty()) {
    const InjectInfo* inject = find_inject(*info, config.inject);
    if (!inject) throw std::invalid_argument("kernel " + name + " has no inject mode '" + config.inject + "'");
    bool applies = false;
    for (const auto& v : inject->variants) applies = applies || v == config.variant;
    if (!applies)
      throw std::invalid_argument("inject mode '" + config.inject + "' does not apply to variant " + config.variant);
  }
  if (name == "cfd") return std::make_unique<CfdKernel>(config, comm);
  if (name == "heat2d") return std::make_unique<Heat2dKernel>(config, comm);
  return std::make_unique<AdvectKernel>(config, comm);
}

double ordered_sum(double local, MPI_Comm comm, bool skip_on_last_rank) {
  int rank = 0, size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  if (skip_on_last_rank && rank == size - 1) return 0;
  std::vector<double> parts(rank == 0 ? static_cast<std::size_t>(size) : 0);
  MPI_Gather(&local, 1, MPI_DOUBLE, parts.data(), 1, MPI_DOUBLE, 0, comm);
  double sum = 0;
  for (double p : parts) sum += p;
  return sum;
}

void* alloc_window_memory(std::size_t bytes) {
  constexpr std::size_t alignment = 64;  // a cache line; MPICH needs at least 16
  std::size_t rounded = (std::max<std::size_t>(bytes, 1) + alignment - 1) / alignment * alignment;
  void* memory = std::aligned_alloc(alignment, rounded);
  if (!memory) throw std::runtime_error("out of memory for an RMA window");
  std::memset(memory, 0, rounded);
  return memory;
}

void free_window_memory(void* memory) { std::free(memory); }

}  // namespace assay::overhead
