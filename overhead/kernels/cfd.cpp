#include "cfd.hpp"

#include <cmath>

namespace assay::overhead {

namespace {

MeshShape shape_for(const std::string& size) {
  if (size == "M") return {32, 64, 64, 2024};
  if (size == "L") return {64, 128, 128, 2024};
  return {8, 24, 24, 2024};
}

constexpr double time_step = 0.05;
constexpr double gradient_coupling = 0.1;

}  // namespace

CfdKernel::CfdKernel(const KernelConfig& config, MPI_Comm comm)
    : config_(config), comm_(comm), shape_(shape_for(config.size)) {
  int rank = 0, nranks = 0;
  MPI_Comm_rank(comm_, &rank);
  MPI_Comm_size(comm_, &nranks);
  mesh_ = build_local_mesh(shape_, rank, nranks);
  auto points = static_cast<std::size_t>(mesh_.owned + mesh_.ghosts);
  value_.resize(points);
  gradient_.resize(3 * points);
  residual_.resize(static_cast<std::size_t>(mesh_.owned));
  // Ghosts start right too: the value depends only on the coordinates.
  for (std::size_t p = 0; p < points; ++p) {
    const auto& c = mesh_.coord[p];
    value_[p] = std::sin(0.3 * c[0]) + std::cos(0.2 * c[1]) + 0.01 * c[2];
  }
  halo_ = std::make_unique<HaloExchange>(mesh_.neighbors, 3, config_.variant, config_.inject, comm_);
}

void CfdKernel::compute_gradients() {
  const int owned = mesh_.owned;
  std::fill(gradient_.begin(), gradient_.end(), 0.0);
  for (const Edge& e : mesh_.edges) {
    double average = 0.5 * (value_[static_cast<std::size_t>(e.a)] + value_[static_cast<std::size_t>(e.b)]);
    for (int d = 0; d < 3; ++d) {
      double contribution = e.normal[static_cast<std::size_t>(d)] * average;
      if (e.a < owned) gradient_[static_cast<std::size_t>(3 * e.a + d)] += contribution;
      if (e.b < owned) gradient_[static_cast<std::size_t>(3 * e.b + d)] -= contribution;
    }
  }
}

void CfdKernel::compute_fluxes() {
  const int owned = mesh_.owned;
  std::fill(residual_.begin(), residual_.end(), 0.0);
  for (const Edge& e : mesh_.edges) {
    auto a = static_cast<std::size_t>(e.a), b = static_cast<std::size_t>(e.b);
    double projected = 0;
    for (std::size_t d = 0; d < 3; ++d) projected += e.normal[d] * (gradient_[3 * a + d] + gradient_[3 * b + d]);
    double normal_weight = std::abs(e.normal[0] + e.normal[1] + e.normal[2]);
    double flux = normal_weight * (value_[b] - value_[a]) - gradient_coupling * 0.5 * projected;
    if (e.a < owned) residual_[a] += flux;
    if (e.b < owned) residual_[b] -= flux;
  }
  for (std::size_t p = 0; p < residual_.size(); ++p) value_[p] += time_step * residual_[p];
}

void CfdKernel::step() {
  compute_gradients();
  halo_->exchange(gradient_.data(), 3);
  compute_fluxes();
  halo_->exchange(value_.data(), 1);
}

double CfdKernel::checksum() {
  double local = 0;
  for (int p = 0; p < mesh_.owned; ++p) {
    auto i = static_cast<std::size_t>(p);
    local += value_[i] + 1e-3 * (gradient_[3 * i] + gradient_[3 * i + 1] + gradient_[3 * i + 2]);
  }
  return ordered_sum(local, comm_, config_.inject == "skip-collective");
}

std::map<std::string, std::string> CfdKernel::parameters() const {
  return {{"planes_per_rank", std::to_string(shape_.planes_per_rank)},
          {"ny", std::to_string(shape_.ny)},
          {"nz", std::to_string(shape_.nz)},
          {"seed", std::to_string(shape_.seed)},
          {"points_per_rank", std::to_string(mesh_.owned)},
          {"edges_per_rank", std::to_string(mesh_.edges.size())}};
}

}  // namespace assay::overhead
