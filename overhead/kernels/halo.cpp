#include "halo.hpp"

#include <stdexcept>
#include <utility>

#include "kernel.hpp"

namespace assay::overhead {

namespace {
constexpr int halo_tag = 7001;
}

HaloExchange::HaloExchange(const std::vector<HaloNeighbor>& neighbors, int max_width, std::string variant,
                           std::string inject, MPI_Comm comm)
    : variant_(std::move(variant)), inject_(std::move(inject)), comm_(comm), max_width_(max_width) {
  for (const auto& nb : neighbors) {
    Peer p{nb.rank, nb.send, nb.recv, send_points_, recv_points_, 0, 0, 0};
    send_points_ += static_cast<int>(nb.send.size());
    recv_points_ += static_cast<int>(nb.recv.size());
    peers_.push_back(std::move(p));
  }
  send_buffer_.resize(static_cast<std::size_t>(send_points_ * max_width_));
  recv_area_ = static_cast<double*>(
      alloc_window_memory(static_cast<std::size_t>(2 * recv_points_ * max_width_) * sizeof(double)));
  if (variant_ == "two-sided") return;

  learn_remote_layout();
  MPI_Win_create(recv_area_, static_cast<MPI_Aint>(2 * recv_points_ * max_width_) * MPI_Aint{sizeof(double)},
                 sizeof(double), MPI_INFO_NULL, comm_, &window_);
  if (variant_ == "pscw") {
    MPI_Group world;
    MPI_Comm_group(comm_, &world);
    std::vector<int> ranks;
    for (const auto& p : peers_) ranks.push_back(p.rank);
    MPI_Group_incl(world, static_cast<int>(ranks.size()), ranks.data(), &peer_group_);
    MPI_Group_free(&world);
  }
  if (variant_ == "notified") {
    flags_ = static_cast<long long*>(alloc_window_memory(peers_.size() * sizeof(long long)));
    MPI_Win_create(flags_, static_cast<MPI_Aint>(peers_.size() * sizeof(long long)), sizeof(long long),
                   MPI_INFO_NULL, comm_, &flag_window_);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, flag_window_);
  }
  if (variant_ == "passive" || variant_ == "notified") MPI_Win_lock_all(MPI_MODE_NOCHECK, window_);
}

HaloExchange::~HaloExchange() {
  if (flag_window_ != MPI_WIN_NULL) {
    MPI_Win_unlock_all(flag_window_);
    MPI_Win_free(&flag_window_);
  }
  if (window_ != MPI_WIN_NULL) {
    if (variant_ == "passive" || variant_ == "notified") MPI_Win_unlock_all(window_);
    MPI_Win_free(&window_);
  }
  if (peer_group_ != MPI_GROUP_NULL) MPI_Group_free(&peer_group_);
  free_window_memory(flags_);
  free_window_memory(recv_area_);
}

// Each rank tells each peer where in its receive area the peer's data goes and
// which flag slot is the peer's.
void HaloExchange::learn_remote_layout() {
  for (std::size_t i = 0; i < peers_.size(); ++i) {
    Peer& p = peers_[i];
    int mine[3] = {p.recv_offset, static_cast<int>(i), recv_points_};
    int theirs[3] = {0, 0, 0};
    MPI_Sendrecv(mine, 3, MPI_INT, p.rank, halo_tag, theirs, 3, MPI_INT, p.rank, halo_tag, comm_,
                 MPI_STATUS_IGNORE);
    p.remote_offset = theirs[0];
    p.remote_slot = theirs[1];
    p.remote_points = theirs[2];
  }
}

double* HaloExchange::area(int parity) const { return recv_area_ + parity * recv_points_ * max_width_; }

void HaloExchange::pack(const double* field, int width) {
  double* out = send_buffer_.data();
  for (const auto& p : peers_)
    for (int point : p.send)
      for (int c = 0; c < width; ++c) *out++ = field[point * width + c];
}

void HaloExchange::unpack(double* field, int width, const double* in) const {
  for (const auto& p : peers_)
    for (int point : p.recv)
      for (int c = 0; c < width; ++c) field[point * width + c] = *in++;
}

void HaloExchange::exchange(double* field, int width) {
  if (width < 1 || width > max_width_) throw std::invalid_argument("halo width out of range");
  pack(field, width);
  int parity = static_cast<int>(++sequence_ % 2);
  if (variant_ == "two-sided") two_sided(width);
  else if (variant_ == "fence") fence(width);
  else if (variant_ == "pscw") pscw(width);
  else if (variant_ == "passive") passive(width, parity);
  else if (variant_ == "notified") notified(width, parity);
  else throw std::invalid_argument("unknown halo variant " + variant_);
  bool double_buffered = variant_ == "passive" || variant_ == "notified";
  unpack(field, width, area(double_buffered ? parity : 0));
}

void HaloExchange::two_sided(int width) {
  std::vector<MPI_Request> recvs, sends;
  for (const auto& p : peers_) {
    recvs.emplace_back();
    MPI_Irecv(area(0) + p.recv_offset * width, static_cast<int>(p.recv.size()) * width, MPI_DOUBLE, p.rank,
              halo_tag, comm_, &recvs.back());
  }
  for (const auto& p : peers_) {
    sends.emplace_back();
    MPI_Isend(send_buffer_.data() + p.send_offset * width, static_cast<int>(p.send.size()) * width, MPI_DOUBLE,
              p.rank, halo_tag, comm_, &sends.back());
  }
  if (inject_ == "send-write") store_into_origin();
  MPI_Waitall(static_cast<int>(recvs.size()), recvs.data(), MPI_STATUSES_IGNORE);
  if (inject_ == "missing-wait") {
    // The bug: the sends are never completed (their requests just dropped); a
    // barrier keeps the next pack from overwriting data still in flight.
    MPI_Barrier(comm_);
    return;
  }
  MPI_Waitall(static_cast<int>(sends.size()), sends.data(), MPI_STATUSES_IGNORE);
}

void HaloExchange::put_all(int width, int parity) {
  for (const auto& p : peers_) {
    // The peer's parity areas are laid out for its max width, which all ranks share.
    MPI_Aint target = parity * p.remote_points * max_width_ + p.remote_offset * width;
    MPI_Put(send_buffer_.data() + p.send_offset * width, static_cast<int>(p.send.size()) * width, MPI_DOUBLE,
            p.rank, target, static_cast<int>(p.send.size()) * width, MPI_DOUBLE, window_);
  }
  if (inject_ == "store-origin") store_into_origin();
}

void HaloExchange::fence(int width) {
  MPI_Win_fence(0, window_);
  put_all(width, 0);
  MPI_Win_fence(0, window_);
}

void HaloExchange::pscw(int width) {
  MPI_Win_post(peer_group_, 0, window_);
  MPI_Win_start(peer_group_, 0, window_);
  put_all(width, 0);
  MPI_Win_complete(window_);
  MPI_Win_wait(window_);
}

void HaloExchange::passive(int width, int parity) {
  put_all(width, parity);
  if (inject_ != "missing-flush") MPI_Win_flush_all(window_);
  MPI_Barrier(comm_);
  MPI_Win_sync(window_);  // make the peers' Puts visible to my loads
}

void HaloExchange::notified(int width, int parity) {
  put_all(width, parity);
  for (const auto& p : peers_) {
    if (inject_ != "missing-flush") MPI_Win_flush(p.rank, window_);
    MPI_Accumulate(&sequence_, 1, MPI_LONG_LONG, p.rank, p.remote_slot, 1, MPI_LONG_LONG, MPI_REPLACE,
                   flag_window_);
    MPI_Win_flush(p.rank, flag_window_);
  }
  int me = 0;
  MPI_Comm_rank(comm_, &me);
  for (std::size_t slot = 0; slot < peers_.size(); ++slot) {
    long long seen = 0;
    do {
      MPI_Fetch_and_op(nullptr, &seen, MPI_LONG_LONG, me, static_cast<MPI_Aint>(slot), MPI_NO_OP, flag_window_);
      MPI_Win_flush(me, flag_window_);
    } while (seen < sequence_);
  }
  MPI_Win_sync(window_);
}

// The injected bug: a store into the origin/send buffer while MPI may still read it.
void HaloExchange::store_into_origin() {
  if (!send_buffer_.empty()) store_same_value(send_buffer_.data());
}

}  // namespace assay::overhead
