// The buffers of collective calls at the calling process (collectives.hpp),
// rule by rule from MPI-3.1 chapter 5.
#include "assay/interpose/collectives.hpp"

namespace assay::interpose {
namespace {

bool is_inter(MPI_Comm comm) {
  int flag = 0;
  return comm != MPI_COMM_NULL && PMPI_Comm_test_inter(comm, &flag) == MPI_SUCCESS && flag;
}
int my_rank(MPI_Comm comm) {
  int r = -1;
  if (comm != MPI_COMM_NULL) PMPI_Comm_rank(comm, &r);
  return r;
}
// The processes whose blocks a root or an all-to-all addresses: the group, or
// the remote group of an intercommunicator.
int peers(MPI_Comm comm) {
  int n = 0;
  if (comm == MPI_COMM_NULL) return 0;
  if (is_inter(comm)) PMPI_Comm_remote_size(comm, &n);
  else PMPI_Comm_size(comm, &n);
  return n;
}
std::int64_t extent(MPI_Datatype t) {
  MPI_Aint lb = 0, ext = 0;
  if (t == MPI_DATATYPE_NULL || PMPI_Type_get_extent(t, &lb, &ext) != MPI_SUCCESS) return 0;
  return ext;
}

// A rooted collective's part for this process (MPI-3.1 §5.2.2, §5.2.3).
enum class Role {
  root,        // intracommunicator root: also sends its own block to itself
  inter_root,  // MPI_ROOT: the other group's blocks only
  member,      // the other processes
  idle,        // MPI_PROC_NULL: in the root's group, takes no part
};
Role role(int root, MPI_Comm comm) {
  if (is_inter(comm)) return root == MPI_ROOT ? Role::inter_root : root == MPI_PROC_NULL ? Role::idle : Role::member;
  return my_rank(comm) == root ? Role::root : Role::member;
}

void add(std::vector<Piece>& out, const void* buf, std::int64_t disp, int count, MPI_Datatype type) {
  if (buf && buf != MPI_IN_PLACE && count > 0 && type != MPI_DATATYPE_NULL) out.push_back({buf, disp, count, type});
}
// n blocks of count x type, back to back; `skip` is a block left out (-1: none).
void add_blocks(std::vector<Piece>& out, const void* buf, int n, int count, MPI_Datatype type, int skip = -1) {
  const std::int64_t stride = extent(type) * count;
  for (int i = 0; i < n; ++i)
    if (i != skip) add(out, buf, i * stride, count, type);
}
// counts[i] x type at displs[i] extents, for i < n (the v forms).
void add_v(std::vector<Piece>& out, const void* buf, const int counts[], const int displs[], MPI_Datatype type,
           int n, int skip = -1) {
  if (!counts || !displs) return;
  const std::int64_t ext = extent(type);
  for (int i = 0; i < n; ++i)
    if (i != skip) add(out, buf, displs[i] * ext, counts[i], type);
}

}  // namespace

CollectiveData bcast_data(void* buf, int count, MPI_Datatype type, int root, MPI_Comm comm) {
  CollectiveData d;
  switch (role(root, comm)) {
    case Role::root:
    case Role::inter_root:
      add(d.sent, buf, 0, count, type);
      break;
    case Role::member:
      add(d.received, buf, 0, count, type);
      break;
    case Role::idle:
      break;
  }
  return d;
}

CollectiveData gather_data(const void* sbuf, int scount, MPI_Datatype stype, void* rbuf, int rcount,
                           MPI_Datatype rtype, int root, MPI_Comm comm) {
  CollectiveData d;
  const Role r = role(root, comm);
  if (r == Role::root || r == Role::member) add(d.sent, sbuf, 0, scount, stype);  // MPI_IN_PLACE: nothing
  if (r == Role::root || r == Role::inter_root) add_blocks(d.received, rbuf, peers(comm), rcount, rtype);
  return d;
}

CollectiveData gatherv_data(const void* sbuf, int scount, MPI_Datatype stype, void* rbuf, const int rcounts[],
                            const int displs[], MPI_Datatype rtype, int root, MPI_Comm comm) {
  CollectiveData d;
  const Role r = role(root, comm);
  if (r == Role::root || r == Role::member) add(d.sent, sbuf, 0, scount, stype);
  if (r == Role::root || r == Role::inter_root) add_v(d.received, rbuf, rcounts, displs, rtype, peers(comm));
  return d;
}

CollectiveData scatter_data(const void* sbuf, int scount, MPI_Datatype stype, void* rbuf, int rcount,
                            MPI_Datatype rtype, int root, MPI_Comm comm) {
  CollectiveData d;
  const Role r = role(root, comm);
  // With MPI_IN_PLACE the root's own block stays where it is.
  const int own = r == Role::root && rbuf == MPI_IN_PLACE ? my_rank(comm) : -1;
  if (r == Role::root || r == Role::inter_root) add_blocks(d.sent, sbuf, peers(comm), scount, stype, own);
  if (r == Role::root || r == Role::member) add(d.received, rbuf, 0, rcount, rtype);
  return d;
}

CollectiveData scatterv_data(const void* sbuf, const int scounts[], const int displs[], MPI_Datatype stype,
                             void* rbuf, int rcount, MPI_Datatype rtype, int root, MPI_Comm comm) {
  CollectiveData d;
  const Role r = role(root, comm);
  const int own = r == Role::root && rbuf == MPI_IN_PLACE ? my_rank(comm) : -1;
  if (r == Role::root || r == Role::inter_root) add_v(d.sent, sbuf, scounts, displs, stype, peers(comm), own);
  if (r == Role::root || r == Role::member) add(d.received, rbuf, 0, rcount, rtype);
  return d;
}

CollectiveData allgather_data(const void* sbuf, int scount, MPI_Datatype stype, void* rbuf, int rcount,
                              MPI_Datatype rtype, MPI_Comm comm) {
  CollectiveData d;
  if (sbuf == MPI_IN_PLACE) add(d.sent, rbuf, my_rank(comm) * rcount * extent(rtype), rcount, rtype);
  else add(d.sent, sbuf, 0, scount, stype);
  add_blocks(d.received, rbuf, peers(comm), rcount, rtype);
  return d;
}

CollectiveData allgatherv_data(const void* sbuf, int scount, MPI_Datatype stype, void* rbuf, const int rcounts[],
                               const int displs[], MPI_Datatype rtype, MPI_Comm comm) {
  CollectiveData d;
  const int me = my_rank(comm);
  if (sbuf != MPI_IN_PLACE) add(d.sent, sbuf, 0, scount, stype);
  else if (rcounts && displs && me >= 0) add(d.sent, rbuf, displs[me] * extent(rtype), rcounts[me], rtype);
  add_v(d.received, rbuf, rcounts, displs, rtype, peers(comm));
  return d;
}

CollectiveData alltoall_data(const void* sbuf, int scount, MPI_Datatype stype, void* rbuf, int rcount,
                             MPI_Datatype rtype, MPI_Comm comm) {
  CollectiveData d;
  const int n = peers(comm);
  // MPI_IN_PLACE: the blocks for the others are read from the receive buffer; one's own stays.
  if (sbuf == MPI_IN_PLACE) add_blocks(d.sent, rbuf, n, rcount, rtype, my_rank(comm));
  else add_blocks(d.sent, sbuf, n, scount, stype);
  add_blocks(d.received, rbuf, n, rcount, rtype);
  return d;
}

CollectiveData alltoallv_data(const void* sbuf, const int scounts[], const int sdispls[], MPI_Datatype stype,
                              void* rbuf, const int rcounts[], const int rdispls[], MPI_Datatype rtype,
                              MPI_Comm comm) {
  CollectiveData d;
  const int n = peers(comm);
  if (sbuf == MPI_IN_PLACE) add_v(d.sent, rbuf, rcounts, rdispls, rtype, n, my_rank(comm));
  else add_v(d.sent, sbuf, scounts, sdispls, stype, n);
  add_v(d.received, rbuf, rcounts, rdispls, rtype, n);
  return d;
}

CollectiveData alltoallw_data(const void* sbuf, const int scounts[], const int sdispls[], const MPI_Datatype stypes[],
                              void* rbuf, const int rcounts[], const int rdispls[], const MPI_Datatype rtypes[],
                              MPI_Comm comm) {
  CollectiveData d;
  const int n = peers(comm), me = my_rank(comm);
  const bool in_place = sbuf == MPI_IN_PLACE;
  for (int i = 0; i < n; ++i) {
    if (in_place && i != me && rcounts && rdispls && rtypes) add(d.sent, rbuf, rdispls[i], rcounts[i], rtypes[i]);
    if (!in_place && scounts && sdispls && stypes) add(d.sent, sbuf, sdispls[i], scounts[i], stypes[i]);
    if (rcounts && rdispls && rtypes) add(d.received, rbuf, rdispls[i], rcounts[i], rtypes[i]);
  }
  return d;
}

CollectiveData reduce_data(const void* sbuf, void* rbuf, int count, MPI_Datatype type, int root, MPI_Comm comm) {
  CollectiveData d;
  switch (role(root, comm)) {
    case Role::root:
      add(d.sent, sbuf == MPI_IN_PLACE ? rbuf : sbuf, 0, count, type);
      add(d.received, rbuf, 0, count, type);
      break;
    case Role::inter_root:
      add(d.received, rbuf, 0, count, type);
      break;
    case Role::member:
      add(d.sent, sbuf, 0, count, type);
      break;
    case Role::idle:
      break;
  }
  return d;
}

CollectiveData allreduce_data(const void* sbuf, void* rbuf, int count, MPI_Datatype type, MPI_Comm) {
  CollectiveData d;
  add(d.sent, sbuf == MPI_IN_PLACE ? rbuf : sbuf, 0, count, type);
  add(d.received, rbuf, 0, count, type);
  return d;
}

CollectiveData reduce_scatter_block_data(const void* sbuf, void* rbuf, int rcount, MPI_Datatype type,
                                         MPI_Comm comm) {
  CollectiveData d;
  if (is_inter(comm)) return d;
  add(d.sent, sbuf == MPI_IN_PLACE ? rbuf : sbuf, 0, rcount * peers(comm), type);
  add(d.received, rbuf, 0, rcount, type);
  return d;
}

CollectiveData reduce_scatter_data(const void* sbuf, void* rbuf, const int rcounts[], MPI_Datatype type,
                                   MPI_Comm comm) {
  CollectiveData d;
  const int me = my_rank(comm), n = peers(comm);
  if (is_inter(comm) || !rcounts || me < 0) return d;
  int total = 0;
  for (int i = 0; i < n; ++i) total += rcounts[i];
  add(d.sent, sbuf == MPI_IN_PLACE ? rbuf : sbuf, 0, total, type);
  add(d.received, rbuf, 0, rcounts[me], type);
  return d;
}

CollectiveData scan_data(const void* sbuf, void* rbuf, int count, MPI_Datatype type, MPI_Comm) {
  CollectiveData d;
  add(d.sent, sbuf == MPI_IN_PLACE ? rbuf : sbuf, 0, count, type);
  add(d.received, rbuf, 0, count, type);
  return d;
}

CollectiveData exscan_data(const void* sbuf, void* rbuf, int count, MPI_Datatype type, MPI_Comm comm) {
  CollectiveData d;
  const int me = my_rank(comm), n = peers(comm);
  if (me < n - 1) add(d.sent, sbuf == MPI_IN_PLACE ? rbuf : sbuf, 0, count, type);
  if (me > 0) add(d.received, rbuf, 0, count, type);
  return d;
}

}  // namespace assay::interpose
