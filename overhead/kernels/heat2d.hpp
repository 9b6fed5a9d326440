// 2D heat conduction by Jacobi sweeps on a Cartesian process grid, n×n points
// per rank (weak scaling), fixed boundary values (the top edge is hot). The
// `corners` variant exchanges columns, then whole rows including the ghost
// corners, which the 5-point stencil never reads: the unused-data pattern
// (mem.recv.unused). `no-corners` exchanges interior rows and columns only.
#pragma once
#include <memory>
#include <vector>

#include "kernel.hpp"

namespace assay::overhead {

class Heat2dKernel : public Kernel {
 public:
  Heat2dKernel(const KernelConfig& config, MPI_Comm comm);
  ~Heat2dKernel() override;
  void step() override;
  double checksum() override;
  std::map<std::string, std::string> parameters() const override;

 private:
  KernelConfig config_;
  MPI_Comm grid_ = MPI_COMM_NULL;
  int n_ = 0;                       // interior points per side
  int up_ = MPI_PROC_NULL, down_ = MPI_PROC_NULL, left_ = MPI_PROC_NULL, right_ = MPI_PROC_NULL;
  std::unique_ptr<double[]> current_, next_;  // (n+2)×(n+2), row-major, ghost frame
  MPI_Datatype column_ = MPI_DATATYPE_NULL;

  std::size_t at(int row, int col) const {
    return static_cast<std::size_t>(row) * static_cast<std::size_t>(n_ + 2) + static_cast<std::size_t>(col);
  }
  void initialise(double* field) const;
  void exchange_columns(double* field, std::vector<MPI_Request>& requests) const;
  void exchange_rows(double* field, int first_col, int count, std::vector<MPI_Request>& requests) const;
  void complete(std::vector<MPI_Request>& requests, double* field) const;
};

}  // namespace assay::overhead
