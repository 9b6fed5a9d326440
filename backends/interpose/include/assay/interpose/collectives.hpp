#pragma once
// What a collective call sends from and receives into the calling process's
// memory, by the MPI standard's rules (MPI-3.1 chapter 5), for any checker
// that looks at buffers. Blocking and nonblocking forms take the same
// arguments, so one description serves both (MPI_Ibcast is bcast_data).
//
// `sent` holds the pieces the call reads as data that leaves this process or
// enters a reduction (they must be addressable and defined); `received` the
// pieces it may write here (addressable). The rules each function follows:
//   - MPI_IN_PLACE: the data comes from, and stays in, the receive buffer (a
//     piece can be in both lists); a root's own block that stays in place is
//     in neither (MPI_Scatter with MPI_IN_PLACE does not read it).
//   - Arguments that are "significant only at root" are not looked at
//     elsewhere: a non-root may pass NULL or garbage for them.
//   - Intercommunicators: the root passes MPI_ROOT (it sends or receives the
//     other group's blocks only), the rest of its group MPI_PROC_NULL (it takes
//     no part); the blocks of a root or of an all-to-all go to the remote group.
//     Reduce-scatter on an intercommunicator is described by neither list.
//   - MPI_Exscan: process 0's receive buffer and the last process's send
//     buffer are not used (MPI-3.1 §5.11.2).
// Null count/displacement arrays where the call needs them yield no pieces
// (the MPI library reports that argument error; a checker must not crash).
#include <mpi.h>

#include <cstdint>
#include <vector>

namespace assay::interpose {

// count x type at buf + disp bytes.
struct Piece {
  const void* buf;
  std::int64_t disp;
  int count;
  MPI_Datatype type;
  const char* at() const { return static_cast<const char*>(buf) + disp; }
};

struct CollectiveData {
  std::vector<Piece> sent, received;
};

CollectiveData bcast_data(void* buf, int count, MPI_Datatype type, int root, MPI_Comm comm);
CollectiveData gather_data(const void* sbuf, int scount, MPI_Datatype stype, void* rbuf, int rcount,
                           MPI_Datatype rtype, int root, MPI_Comm comm);
CollectiveData gatherv_data(const void* sbuf, int scount, MPI_Datatype stype, void* rbuf, const int rcounts[],
                            const int displs[], MPI_Datatype rtype, int root, MPI_Comm comm);
CollectiveData scatter_data(const void* sbuf, int scount, MPI_Datatype stype, void* rbuf, int rcount,
                            MPI_Datatype rtype, int root, MPI_Comm comm);
CollectiveData scatterv_data(const void* sbuf, const int scounts[], const int displs[], MPI_Datatype stype,
                             void* rbuf, int rcount, MPI_Datatype rtype, int root, MPI_Comm comm);
CollectiveData allgather_data(const void* sbuf, int scount, MPI_Datatype stype, void* rbuf, int rcount,
                              MPI_Datatype rtype, MPI_Comm comm);
CollectiveData allgatherv_data(const void* sbuf, int scount, MPI_Datatype stype, void* rbuf, const int rcounts[],
                               const int displs[], MPI_Datatype rtype, MPI_Comm comm);
CollectiveData alltoall_data(const void* sbuf, int scount, MPI_Datatype stype, void* rbuf, int rcount,
                             MPI_Datatype rtype, MPI_Comm comm);
CollectiveData alltoallv_data(const void* sbuf, const int scounts[], const int sdispls[], MPI_Datatype stype,
                              void* rbuf, const int rcounts[], const int rdispls[], MPI_Datatype rtype,
                              MPI_Comm comm);
// Displacements in bytes (MPI-3.1 §5.8).
CollectiveData alltoallw_data(const void* sbuf, const int scounts[], const int sdispls[], const MPI_Datatype stypes[],
                              void* rbuf, const int rcounts[], const int rdispls[], const MPI_Datatype rtypes[],
                              MPI_Comm comm);
CollectiveData reduce_data(const void* sbuf, void* rbuf, int count, MPI_Datatype type, int root, MPI_Comm comm);
CollectiveData allreduce_data(const void* sbuf, void* rbuf, int count, MPI_Datatype type, MPI_Comm comm);
CollectiveData reduce_scatter_block_data(const void* sbuf, void* rbuf, int rcount, MPI_Datatype type, MPI_Comm comm);
CollectiveData reduce_scatter_data(const void* sbuf, void* rbuf, const int rcounts[], MPI_Datatype type,
                                   MPI_Comm comm);
CollectiveData scan_data(const void* sbuf, void* rbuf, int count, MPI_Datatype type, MPI_Comm comm);
CollectiveData exscan_data(const void* sbuf, void* rbuf, int count, MPI_Datatype type, MPI_Comm comm);

}  // namespace assay::interpose
