// The interface the benchmark harness times: construction is init(params),
// step() is one timed iteration, checksum() a collective reduction in a fixed
// order, and destruction is finalize (frees windows before MPI_Finalize).
#pragma once
#include <map>
#include <memory>
#include <string>

#include <mpi.h>

namespace assay::overhead {

struct KernelConfig {
  std::string variant;  // one of the kernel's variants (catalog.hpp)
  std::string size;     // S, M or L
  std::string inject;   // "" = correct program
};

class Kernel {
 public:
  virtual ~Kernel() = default;
  virtual void step() = 0;
  // Identical on every run of the same kernel/variant/size/np and with or without
  // a checker; valid on rank 0.
  virtual double checksum() = 0;
  // Sizes and settings recorded in the benchmark context.
  virtual std::map<std::string, std::string> parameters() const = 0;
};

// Throws std::invalid_argument for an unknown kernel, variant, size or inject.
std::unique_ptr<Kernel> make_kernel(const std::string& name, const KernelConfig& config, MPI_Comm comm);

// Sum of each rank's `local` value, added on rank 0 in rank order (a fixed order,
// unlike MPI_Reduce on doubles). With `skip_on_last_rank` the last rank leaves
// out the collective: the skip-collective bug.
double ordered_sum(double local, MPI_Comm comm, bool skip_on_last_rank = false);

// Memory for RMA windows: MPICH 4.0.2 misplaces data in windows not 16-byte aligned.
void* alloc_window_memory(std::size_t bytes);  // zeroed, 64-byte aligned
void free_window_memory(void* memory);

// A store of the value already there, which the optimiser must keep: the
// injected "store into a buffer MPI still uses" that leaves results unchanged.
inline void store_same_value(double* where) {
  volatile double* v = where;
  *v = *v;
}

}  // namespace assay::overhead
