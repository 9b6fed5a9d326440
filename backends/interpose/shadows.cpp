#include "assay/interpose/shadows.hpp"

#include "assay/interpose/findings.hpp"

namespace assay::interpose {

void Shadows::add(MPI_Comm comm) noexcept {
  if (comm == MPI_COMM_NULL) return;
  int inter = 0;
  PMPI_Comm_test_inter(comm, &inter);
  if (inter) return;  // intercommunicators are not checked
  Shadow s;
  if (PMPI_Comm_dup(comm, &s.comm) != MPI_SUCCESS) {
    tool_failure("MPI_Comm_dup of a shadow communicator failed");
    return;
  }
  s.created = created_++;
  by_comm_[comm] = s;
}

void Shadows::drop(MPI_Comm comm) noexcept {
  auto it = by_comm_.find(comm);
  if (it == by_comm_.end()) return;
  PMPI_Comm_free(&it->second.comm);
  by_comm_.erase(it);
}

void Shadows::drop_all() noexcept {
  while (!by_comm_.empty()) drop(by_comm_.begin()->first);
}

Shadow* Shadows::of(MPI_Comm comm) noexcept {
  auto it = by_comm_.find(comm);
  return it == by_comm_.end() ? nullptr : &it->second;
}

int world_rank_of(MPI_Comm comm, int rank) noexcept {
  MPI_Group group, world;
  PMPI_Comm_group(comm, &group);
  PMPI_Comm_group(MPI_COMM_WORLD, &world);
  int out = rank;
  PMPI_Group_translate_ranks(group, 1, &rank, world, &out);
  PMPI_Group_free(&group);
  PMPI_Group_free(&world);
  return out;
}

std::vector<int> ranks_in(MPI_Group group, MPI_Group into, int n) noexcept {
  int size = 0;
  if (group == MPI_GROUP_NULL || PMPI_Group_size(group, &size) != MPI_SUCCESS) return {};
  std::vector<int> in(static_cast<std::size_t>(size)), out(in.size());
  for (int i = 0; i < size; ++i) in[static_cast<std::size_t>(i)] = i;
  PMPI_Group_translate_ranks(group, size, in.data(), into, out.data());
  std::vector<int> ranks;
  for (int r : out)
    if (r != MPI_UNDEFINED && r >= 0 && r < n) ranks.push_back(r);
  return ranks;
}

}  // namespace assay::interpose
