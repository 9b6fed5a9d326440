// Tracer advection-diffusion on a 3D periodic box, slabs of z-planes per rank
// (weak scaling). Each step Puts the boundary planes into the neighbours' ghost
// planes in a lock_all epoch opened once, then flush_all + barrier; the ghost
// planes are double-buffered so the next step's Puts never hit planes in use.
#pragma once
#include <vector>

#include "kernel.hpp"

namespace assay::overhead {

class AdvectKernel : public Kernel {
 public:
  AdvectKernel(const KernelConfig& config, MPI_Comm comm);
  ~AdvectKernel() override;
  void step() override;
  double checksum() override;
  std::map<std::string, std::string> parameters() const override;

 private:
  KernelConfig config_;
  MPI_Comm comm_;
  int nx_ = 0, ny_ = 0, nz_ = 0;  // per rank; z is split across ranks
  int below_ = 0, above_ = 0;      // neighbouring ranks (periodic)
  std::vector<double> tracer_, next_;
  double* ghosts_ = nullptr;       // window: [parity][below, above][plane]
  MPI_Win window_ = MPI_WIN_NULL;
  int parity_ = 0;

  std::size_t plane() const { return static_cast<std::size_t>(nx_) * static_cast<std::size_t>(ny_); }
  double* ghost(int parity, int side) const { return ghosts_ + (2 * parity + side) * plane(); }
  void send_boundary_planes();
  void update(const double* below, const double* above);
};

}  // namespace assay::overhead
