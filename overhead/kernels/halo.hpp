// Halo exchange of per-point values between mesh partitions, in five
// communication variants: two-sided (Isend/Irecv/Waitall), fence, pscw,
// passive (lock_all + Put + flush + barrier) and notified (Put the data, flush,
// then a flag; the target polls its flags). Senders pack owned values; receivers
// unpack into ghost slots. The passive and notified variants double-buffer the
// receive area, so a Put of the next exchange never lands in data being unpacked.
#pragma once
#include <string>
#include <vector>

#include <mpi.h>

#include "mesh.hpp"

namespace assay::overhead {

class HaloExchange {
 public:
  // `max_width`: the most values per point any exchange will carry.
  HaloExchange(const std::vector<HaloNeighbor>& neighbors, int max_width, std::string variant,
               std::string inject, MPI_Comm comm);
  HaloExchange(const HaloExchange&) = delete;
  HaloExchange& operator=(const HaloExchange&) = delete;
  ~HaloExchange();

  // field[point * width + c]: owned values are sent, ghost values overwritten.
  void exchange(double* field, int width);

 private:
  struct Peer {
    int rank = 0;
    std::vector<int> send, recv;
    int send_offset = 0;    // in points, within the send buffer
    int recv_offset = 0;    // in points, within my receive area
    int remote_offset = 0;  // in points, within the peer's receive area (where my data goes)
    int remote_slot = 0;    // my flag slot at the peer (notified)
    int remote_points = 0;  // one parity of the peer's receive area, in points
  };
  std::vector<Peer> peers_;
  std::string variant_, inject_;
  MPI_Comm comm_;
  int max_width_;
  int send_points_ = 0, recv_points_ = 0;
  std::vector<double> send_buffer_;
  double* recv_area_ = nullptr;          // window memory: 2 parities × recv_points_ × max_width_
  long long* flags_ = nullptr;           // notified: one sequence number per peer
  MPI_Win window_ = MPI_WIN_NULL, flag_window_ = MPI_WIN_NULL;
  MPI_Group peer_group_ = MPI_GROUP_NULL;
  long long sequence_ = 0;

  void pack(const double* field, int width);
  void unpack(double* field, int width, const double* area) const;
  double* area(int parity) const;
  void learn_remote_layout();
  void two_sided(int width);
  void fence(int width);
  void pscw(int width);
  void passive(int width, int parity);
  void notified(int width, int parity);
  void put_all(int width, int parity);
  void store_into_origin();
};

}  // namespace assay::overhead
