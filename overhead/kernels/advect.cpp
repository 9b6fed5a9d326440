#include "advect.hpp"

#include <cmath>
#include <numbers>

namespace assay::overhead {

namespace {

int side_for(const std::string& size) {
  if (size == "M") return 64;
  if (size == "L") return 128;
  return 32;
}

constexpr double courant = 0.1;     // per axis; the velocity points along +x, +y, +z
constexpr double diffusion = 0.05;
constexpr int side_below = 0, side_above = 1;

}  // namespace

AdvectKernel::AdvectKernel(const KernelConfig& config, MPI_Comm comm)
    : config_(config), comm_(comm), nx_(side_for(config.size)), ny_(nx_), nz_(nx_) {
  int rank = 0, nranks = 0;
  MPI_Comm_rank(comm_, &rank);
  MPI_Comm_size(comm_, &nranks);
  below_ = (rank + nranks - 1) % nranks;
  above_ = (rank + 1) % nranks;
  tracer_.resize(plane() * static_cast<std::size_t>(nz_));
  next_.resize(tracer_.size());
  const double global_nz = double(nz_) * nranks;
  for (int z = 0; z < nz_; ++z)
    for (int y = 0; y < ny_; ++y)
      for (int x = 0; x < nx_; ++x) {
        double gz = rank * nz_ + z;
        tracer_[(static_cast<std::size_t>(z) * ny_ + y) * nx_ + x] =
            1.0 + std::sin(2 * std::numbers::pi * x / nx_) * std::cos(2 * std::numbers::pi * gz / global_nz) +
            0.5 * std::sin(2 * std::numbers::pi * y / ny_);
      }
  std::size_t window_doubles = 4 * plane();
  ghosts_ = static_cast<double*>(alloc_window_memory(window_doubles * sizeof(double)));
  MPI_Win_create(ghosts_, static_cast<MPI_Aint>(window_doubles * sizeof(double)), sizeof(double), MPI_INFO_NULL,
                 comm_, &window_);
  if (config_.inject != "missing-epoch") MPI_Win_lock_all(MPI_MODE_NOCHECK, window_);
}

AdvectKernel::~AdvectKernel() {
  if (config_.inject != "missing-epoch") MPI_Win_unlock_all(window_);
  MPI_Win_free(&window_);
  free_window_memory(ghosts_);
}

void AdvectKernel::send_boundary_planes() {
  const int count = static_cast<int>(plane());
  const double* bottom = tracer_.data();
  const double* top = tracer_.data() + (static_cast<std::size_t>(nz_) - 1) * plane();
  auto offset = [&](int side) { return static_cast<MPI_Aint>((2 * parity_ + side) * plane()); };
  // My bottom plane is the ghost above for the rank below, and vice versa.
  MPI_Put(bottom, count, MPI_DOUBLE, below_, offset(side_above), count, MPI_DOUBLE, window_);
  MPI_Put(top, count, MPI_DOUBLE, above_, offset(side_below), count, MPI_DOUBLE, window_);
  if (config_.inject == "store-origin") store_same_value(tracer_.data());
  if (config_.inject != "missing-flush") MPI_Win_flush_all(window_);
  MPI_Barrier(comm_);
  MPI_Win_sync(window_);  // the neighbours' Puts become visible to my loads
}

// Upwind advection plus diffusion; periodic in x and y within the rank.
void AdvectKernel::update(const double* below, const double* above) {
  auto idx = [&](int x, int y, int z) {
    return (static_cast<std::size_t>(z) * ny_ + static_cast<std::size_t>((y + ny_) % ny_)) * nx_ +
           static_cast<std::size_t>((x + nx_) % nx_);
  };
  for (int z = 0; z < nz_; ++z) {
    const double* lower = z == 0 ? below : &tracer_[idx(0, 0, z - 1)];
    const double* upper = z == nz_ - 1 ? above : &tracer_[idx(0, 0, z + 1)];
    for (int y = 0; y < ny_; ++y)
      for (int x = 0; x < nx_; ++x) {
        std::size_t in_plane = idx(x, y, 0);
        double c = tracer_[idx(x, y, z)];
        double xm = tracer_[idx(x - 1, y, z)], xp = tracer_[idx(x + 1, y, z)];
        double ym = tracer_[idx(x, y - 1, z)], yp = tracer_[idx(x, y + 1, z)];
        double zm = lower[in_plane], zp = upper[in_plane];
        double advection = courant * ((c - xm) + (c - ym) + (c - zm));
        double laplacian = xm + xp + ym + yp + zm + zp - 6 * c;
        next_[idx(x, y, z)] = c - advection + diffusion * laplacian;
      }
  }
  tracer_.swap(next_);
}

void AdvectKernel::step() {
  send_boundary_planes();
  update(ghost(parity_, side_below), ghost(parity_, side_above));
  parity_ = 1 - parity_;
}

double AdvectKernel::checksum() {
  double local = 0;
  // Squares: the plain sum is conserved by the scheme, so it would hide a wrong halo.
  for (double c : tracer_) local += c * c;
  return ordered_sum(local, comm_);
}

std::map<std::string, std::string> AdvectKernel::parameters() const {
  return {{"nx", std::to_string(nx_)}, {"ny", std::to_string(ny_)}, {"nz_per_rank", std::to_string(nz_)}};
}

}  // namespace assay::overhead
