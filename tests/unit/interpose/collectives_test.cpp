// The pieces interpose/collectives.hpp derives for each collective, checked on
// two processes (the test runs under the MPI's launcher with -np 2): roots,
// arguments significant only at the root, MPI_IN_PLACE, v/w displacements,
// MPI_Exscan's ends, and intercommunicator roles.
#include <gtest/gtest.h>
#include <mpi.h>

#include <cstdio>
#include <string>
#include <vector>

#include "assay/interpose/collectives.hpp"

namespace assay::interpose {
namespace {

int rank_of(MPI_Comm comm) {
  int r = -1;
  MPI_Comm_rank(comm, &r);
  return r;
}

// "buf+disp:count" per piece, buffers named by the test (a, b) or "?".
std::string describe(const std::vector<Piece>& pieces, const void* a, const void* b = nullptr) {
  std::string s;
  for (const Piece& p : pieces) {
    if (!s.empty()) s += " ";
    s += p.buf == a ? "a" : p.buf == b ? "b" : "?";
    s += "+" + std::to_string(p.disp) + ":" + std::to_string(p.count);
  }
  return s;
}

int a[16], b[16];

TEST(Collectives, GatherSendsEverywhereAndReceivesAtTheRootOnly) {
  const CollectiveData d = gather_data(a, 2, MPI_INT, b, 2, MPI_INT, 0, MPI_COMM_WORLD);
  EXPECT_EQ(describe(d.sent, a, b), "a+0:2");
  EXPECT_EQ(describe(d.received, a, b), rank_of(MPI_COMM_WORLD) == 0 ? "b+0:2 b+8:2" : "");
}

TEST(Collectives, ANonRootMayPassNullForRootOnlyArguments) {
  const bool root = rank_of(MPI_COMM_WORLD) == 0;
  const int counts[2] = {1, 1}, displs[2] = {0, 2};
  const CollectiveData g = root ? gatherv_data(a, 1, MPI_INT, b, counts, displs, MPI_INT, 0, MPI_COMM_WORLD)
                                : gatherv_data(a, 1, MPI_INT, nullptr, nullptr, nullptr, MPI_DATATYPE_NULL, 0,
                                               MPI_COMM_WORLD);
  EXPECT_EQ(describe(g.sent, a, b), "a+0:1");
  EXPECT_EQ(describe(g.received, a, b), root ? "b+0:1 b+8:1" : "");
  const CollectiveData r = reduce_data(a, root ? b : nullptr, 3, MPI_INT, 0, MPI_COMM_WORLD);
  EXPECT_EQ(describe(r.received, a, b), root ? "b+0:3" : "");
}

TEST(Collectives, InPlaceReadsTheReceiveBuffer) {
  const int me = rank_of(MPI_COMM_WORLD), peer = 1 - me;
  const CollectiveData ag = allgather_data(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, b, 2, MPI_INT, MPI_COMM_WORLD);
  EXPECT_EQ(describe(ag.sent, a, b), "b+" + std::to_string(8 * me) + ":2");  // one's own block
  EXPECT_EQ(describe(ag.received, a, b), "b+0:2 b+8:2");
  const CollectiveData aa = alltoall_data(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, b, 2, MPI_INT, MPI_COMM_WORLD);
  EXPECT_EQ(describe(aa.sent, a, b), "b+" + std::to_string(8 * peer) + ":2");  // every block but one's own
  const CollectiveData ar = allreduce_data(MPI_IN_PLACE, b, 3, MPI_INT, MPI_COMM_WORLD);
  EXPECT_EQ(describe(ar.sent, a, b), "b+0:3");
}

TEST(Collectives, ARootInPlaceKeepsItsOwnBlock) {
  const bool root = rank_of(MPI_COMM_WORLD) == 0;
  const CollectiveData sc = scatter_data(a, 2, MPI_INT, root ? MPI_IN_PLACE : b, 2, MPI_INT, 0, MPI_COMM_WORLD);
  EXPECT_EQ(describe(sc.sent, a, b), root ? "a+8:2" : "");
  EXPECT_EQ(describe(sc.received, a, b), root ? "" : "b+0:2");
  const CollectiveData ga = gather_data(root ? MPI_IN_PLACE : a, 2, MPI_INT, b, 2, MPI_INT, 0, MPI_COMM_WORLD);
  EXPECT_EQ(describe(ga.sent, a, b), root ? "" : "a+0:2");
  const CollectiveData re = reduce_data(root ? MPI_IN_PLACE : a, b, 2, MPI_INT, 0, MPI_COMM_WORLD);
  EXPECT_EQ(describe(re.sent, a, b), root ? "b+0:2" : "a+0:2");
}

TEST(Collectives, DisplacementsCountInExtentsOrBytes) {
  MPI_Datatype pair;  // 2 ints, extent 12 bytes
  MPI_Datatype two;
  MPI_Type_contiguous(2, MPI_INT, &two);
  MPI_Type_create_resized(two, 0, 12, &pair);
  MPI_Type_commit(&pair);
  const int counts[2] = {1, 2}, displs[2] = {0, 3};
  const CollectiveData v = alltoallv_data(a, counts, displs, pair, b, counts, displs, MPI_INT, MPI_COMM_WORLD);
  EXPECT_EQ(describe(v.sent, a, b), "a+0:1 a+36:2");
  EXPECT_EQ(describe(v.received, a, b), "b+0:1 b+12:2");
  const int bytes[2] = {4, 20};
  const MPI_Datatype types[2] = {MPI_INT, pair};
  const CollectiveData w = alltoallw_data(a, counts, bytes, types, b, counts, bytes, types, MPI_COMM_WORLD);
  EXPECT_EQ(describe(w.sent, a, b), "a+4:1 a+20:2");
  MPI_Type_free(&pair);
  MPI_Type_free(&two);
}

TEST(Collectives, ExscanLeavesItsEndsOut) {
  const int me = rank_of(MPI_COMM_WORLD);  // 0 is first, 1 is last
  const CollectiveData d = exscan_data(a, b, 1, MPI_INT, MPI_COMM_WORLD);
  EXPECT_EQ(describe(d.sent, a, b), me == 0 ? "a+0:1" : "");
  EXPECT_EQ(describe(d.received, a, b), me == 0 ? "" : "b+0:1");
}

TEST(Collectives, ReduceScatterSendsTheWholeVector) {
  const int me = rank_of(MPI_COMM_WORLD);
  const int counts[2] = {1, 3};
  const CollectiveData d = reduce_scatter_data(a, b, counts, MPI_INT, MPI_COMM_WORLD);
  EXPECT_EQ(describe(d.sent, a, b), "a+0:4");
  EXPECT_EQ(describe(d.received, a, b), me == 0 ? "b+0:1" : "b+0:3");
  const CollectiveData blk = reduce_scatter_block_data(MPI_IN_PLACE, b, 2, MPI_INT, MPI_COMM_WORLD);
  EXPECT_EQ(describe(blk.sent, a, b), "b+0:4");
  EXPECT_EQ(describe(blk.received, a, b), "b+0:2");
}

TEST(Collectives, EmptyCountsMoveNothing) {
  const CollectiveData d = bcast_data(a, 0, MPI_INT, 0, MPI_COMM_WORLD);
  EXPECT_TRUE(d.sent.empty());
  EXPECT_TRUE(d.received.empty());
}

// Two groups of one process each: rank 0 is the root's group, rank 1 the other.
TEST(Collectives, IntercommunicatorRootsAndTheOtherGroup) {
  const int me = rank_of(MPI_COMM_WORLD);
  MPI_Comm half, inter;
  MPI_Comm_split(MPI_COMM_WORLD, me, 0, &half);
  MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, 1 - me, 7, &inter);
  const int root = me == 0 ? MPI_ROOT : 0;
  const CollectiveData bc = bcast_data(a, 2, MPI_INT, root, inter);
  EXPECT_EQ(describe(bc.sent, a), me == 0 ? "a+0:2" : "");
  EXPECT_EQ(describe(bc.received, a), me == 0 ? "" : "a+0:2");
  const CollectiveData ga = gather_data(a, 2, MPI_INT, b, 2, MPI_INT, root, inter);
  EXPECT_EQ(describe(ga.sent, a, b), me == 0 ? "" : "a+0:2");           // MPI_ROOT sends nothing
  EXPECT_EQ(describe(ga.received, a, b), me == 0 ? "b+0:2" : "");       // one block per remote process
  const CollectiveData idle = reduce_data(a, b, 2, MPI_INT, MPI_PROC_NULL, inter);
  EXPECT_TRUE(idle.sent.empty() && idle.received.empty());
  const int counts[1] = {2};
  const CollectiveData rs = reduce_scatter_data(a, b, counts, MPI_INT, inter);
  EXPECT_TRUE(rs.sent.empty() && rs.received.empty());
  MPI_Comm_free(&inter);
  MPI_Comm_free(&half);
}

}  // namespace
}  // namespace assay::interpose

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  ::testing::InitGoogleTest(&argc, argv);
  int size = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int failed = size == 2 ? RUN_ALL_TESTS() : (std::fprintf(stderr, "run with 2 processes\n"), 1);
  int any = 0;
  MPI_Allreduce(&failed, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return any;
}
