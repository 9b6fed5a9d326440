// CFD-Proxy pattern on a generated mesh: per edge, the average of the two point
// values times the edge normal is added to one end's gradient and subtracted from
// the other's; the gradients are exchanged with the halo; a flux loop over the
// edges reads both ends' gradients (ghosts included) and updates the values,
// whose halo is exchanged in turn.
#pragma once
#include <array>
#include <memory>
#include <vector>

#include "halo.hpp"
#include "kernel.hpp"
#include "mesh.hpp"

namespace assay::overhead {

class CfdKernel : public Kernel {
 public:
  CfdKernel(const KernelConfig& config, MPI_Comm comm);
  void step() override;
  double checksum() override;
  std::map<std::string, std::string> parameters() const override;

 private:
  KernelConfig config_;
  MPI_Comm comm_;
  MeshShape shape_;
  LocalMesh mesh_;
  std::vector<double> value_;                  // per local point
  std::vector<double> gradient_;               // 3 per local point
  std::vector<double> residual_;               // per owned point
  std::unique_ptr<HaloExchange> halo_;

  void compute_gradients();
  void compute_fluxes();
};

}  // namespace assay::overhead
