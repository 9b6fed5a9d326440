#include "heat2d.hpp"

#include <utility>

namespace assay::overhead {

namespace {

int side_for(const std::string& size) {
  if (size == "M") return 1024;
  if (size == "L") return 4096;
  return 256;
}

constexpr int tag_up = 7101, tag_down = 7102, tag_left = 7103, tag_right = 7104;
constexpr double hot_edge = 1.0;

}  // namespace

Heat2dKernel::Heat2dKernel(const KernelConfig& config, MPI_Comm comm) : config_(config), n_(side_for(config.size)) {
  int nranks = 0;
  MPI_Comm_size(comm, &nranks);
  int dims[2] = {0, 0}, periodic[2] = {0, 0};
  MPI_Dims_create(nranks, 2, dims);
  MPI_Cart_create(comm, 2, dims, periodic, 0, &grid_);
  MPI_Cart_shift(grid_, 0, 1, &up_, &down_);
  MPI_Cart_shift(grid_, 1, 1, &left_, &right_);
  MPI_Type_vector(n_, 1, n_ + 2, MPI_DOUBLE, &column_);
  MPI_Type_commit(&column_);
  std::size_t cells = at(n_ + 2, 0);
  // new double[] leaves the values unwritten, which the uninit-send bug relies on.
  current_.reset(new double[cells]);
  next_.reset(new double[cells]);
  initialise(current_.get());
  initialise(next_.get());
}

Heat2dKernel::~Heat2dKernel() {
  MPI_Type_free(&column_);
  MPI_Comm_free(&grid_);
}

// Zero everywhere, the hot edge on the global top boundary. The uninit-send bug
// forgets the first interior row, which is then sent upwards unwritten.
void Heat2dKernel::initialise(double* field) const {
  for (int row = 0; row < n_ + 2; ++row) {
    if (row == 1 && config_.inject == "uninit-send") continue;
    for (int col = 0; col < n_ + 2; ++col) field[at(row, col)] = 0.0;
  }
  if (up_ == MPI_PROC_NULL)
    for (int col = 0; col < n_ + 2; ++col) field[at(0, col)] = hot_edge;
}

void Heat2dKernel::exchange_columns(double* field, std::vector<MPI_Request>& requests) const {
  requests.resize(requests.size() + 4);
  MPI_Request* r = &requests[requests.size() - 4];
  MPI_Irecv(&field[at(1, 0)], 1, column_, left_, tag_right, grid_, &r[0]);
  MPI_Irecv(&field[at(1, n_ + 1)], 1, column_, right_, tag_left, grid_, &r[1]);
  MPI_Isend(&field[at(1, 1)], 1, column_, left_, tag_left, grid_, &r[2]);
  MPI_Isend(&field[at(1, n_)], 1, column_, right_, tag_right, grid_, &r[3]);
}

void Heat2dKernel::exchange_rows(double* field, int first_col, int count,
                                 std::vector<MPI_Request>& requests) const {
  requests.resize(requests.size() + 4);
  MPI_Request* r = &requests[requests.size() - 4];
  // The recv-overrun bug declares a count that runs one element past the end of
  // the allocation: the bottom ghost row is its last row, and from first_col to
  // its end there are n_ + 2 - first_col elements (count + 1 is not past the end
  // when the row's corners are not exchanged).
  int bottom_count = config_.inject == "recv-overrun" ? n_ + 2 - first_col + 1 : count;
  MPI_Irecv(&field[at(0, first_col)], count, MPI_DOUBLE, up_, tag_down, grid_, &r[0]);
  MPI_Irecv(&field[at(n_ + 1, first_col)], bottom_count, MPI_DOUBLE, down_, tag_up, grid_, &r[1]);
  MPI_Isend(&field[at(1, first_col)], count, MPI_DOUBLE, up_, tag_up, grid_, &r[2]);
  MPI_Isend(&field[at(n_, first_col)], count, MPI_DOUBLE, down_, tag_down, grid_, &r[3]);
}

void Heat2dKernel::complete(std::vector<MPI_Request>& requests, double* field) const {
  if (config_.inject == "send-write") store_same_value(&field[at(1, 1)]);  // still being sent up and left
  MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
  requests.clear();
}

void Heat2dKernel::step() {
  double* field = current_.get();
  std::vector<MPI_Request> requests;
  if (config_.variant == "corners") {
    exchange_columns(field, requests);
    complete(requests, field);
    exchange_rows(field, 0, n_ + 2, requests);  // the ghost corners travel too
  } else {
    exchange_columns(field, requests);
    exchange_rows(field, 1, n_, requests);
  }
  complete(requests, field);

  double* out = next_.get();
  for (int row = 1; row <= n_; ++row)
    for (int col = 1; col <= n_; ++col)
      out[at(row, col)] = 0.25 * (field[at(row - 1, col)] + field[at(row + 1, col)] + field[at(row, col - 1)] +
                                  field[at(row, col + 1)]);
  std::swap(current_, next_);
}

double Heat2dKernel::checksum() {
  double local = 0;
  for (int row = 1; row <= n_; ++row)
    for (int col = 1; col <= n_; ++col) local += current_[at(row, col)];
  return ordered_sum(local, grid_);
}

std::map<std::string, std::string> Heat2dKernel::parameters() const {
  int dims[2] = {0, 0}, periodic[2] = {0, 0}, coords[2] = {0, 0};
  MPI_Cart_get(grid_, 2, dims, periodic, coords);
  return {{"points_per_side", std::to_string(n_)},
          {"process_grid", std::to_string(dims[0]) + "x" + std::to_string(dims[1])}};
}

}  // namespace assay::overhead
