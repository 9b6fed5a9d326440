#include "assay/core/collectives.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace assay::core {
namespace {

CollDescriptor bcast(int root) {
  CollDescriptor d;
  d.kind = CollKind::bcast;
  d.has_root = 1;
  d.root = root;
  d.has_signature = 1;
  d.signature_hash = 42;
  d.signature_elements = 1;
  return d;
}

std::optional<ErrorClass> class_on(const std::vector<CollDescriptor>& all, int rank) {
  auto m = compare(all, rank);
  if (!m) return std::nullopt;
  return m->cls;
}

TEST(Collectives, IdenticalCallsMatch) {
  std::vector<CollDescriptor> all = {bcast(0), bcast(0), bcast(0)};
  for (int r = 0; r < 3; ++r) EXPECT_FALSE(compare(all, r));
  EXPECT_TRUE(kinds_agree(all));
}

// A root of -1 is a user's value like any other: it differs from no root.
TEST(Collectives, RootMinusOneIsNotNoRoot) {
  CollDescriptor none = bcast(0);
  none.has_root = 0;
  std::vector<CollDescriptor> all = {bcast(-1), none};
  EXPECT_EQ(class_on(all, 1), ErrorClass::coll_arg_root_mismatch);
}

// MPI_IN_PLACE: at all processes or none for the all-to-all kinds (MPI-3.1
// §5.9.6 for MPI_Allreduce), at each process's choice for a scan.
TEST(Collectives, InPlaceAtSomeRanksOnlyIsInvalidWhereAllOrNoneMust) {
  auto call = [](CollKind kind, bool in_place) {
    CollDescriptor d;
    d.kind = kind;
    d.in_place = in_place;
    return d;
  };
  EXPECT_EQ(class_on({call(CollKind::allreduce, true), call(CollKind::allreduce, false)}, 1),
            ErrorClass::coll_arg_invalid);
  EXPECT_EQ(class_on({call(CollKind::alltoallw, false), call(CollKind::alltoallw, true)}, 1),
            ErrorClass::coll_arg_invalid);
  EXPECT_FALSE(compare(std::vector{call(CollKind::allgather, true), call(CollKind::allgather, true)}, 1));
  EXPECT_FALSE(compare(std::vector{call(CollKind::scan, true), call(CollKind::scan, false)}, 1));
  EXPECT_FALSE(compare(std::vector{call(CollKind::reduce, true), call(CollKind::reduce, false)}, 1));
}

TEST(Collectives, OnlyDeviatingRanksReport) {
  std::vector<CollDescriptor> all = {bcast(0), bcast(1), bcast(0)};
  EXPECT_FALSE(compare(all, 0));
  EXPECT_EQ(class_on(all, 1), ErrorClass::coll_arg_root_mismatch);
  EXPECT_EQ(compare(all, 1)->reference_rank, 0);
  EXPECT_FALSE(compare(all, 2));
}

TEST(Collectives, KindMismatchClasses) {
  CollDescriptor barrier;
  barrier.kind = CollKind::barrier;
  EXPECT_EQ(class_on({barrier, bcast(0)}, 1), ErrorClass::coll_order_mismatch);
  CollDescriptor fin;
  fin.kind = CollKind::finalize;
  EXPECT_EQ(class_on({bcast(0), fin}, 1), ErrorClass::coll_order_conditional);
  CollDescriptor win_free;  // a rank freeing a window where another still calls a collective
  win_free.kind = CollKind::win_free;
  EXPECT_EQ(class_on({bcast(0), win_free}, 1), ErrorClass::coll_order_conditional);
  EXPECT_EQ(class_on({win_free, bcast(0)}, 1), ErrorClass::coll_order_conditional);
  CollDescriptor ibarrier = barrier;
  ibarrier.nonblocking = 1;
  EXPECT_EQ(class_on({barrier, ibarrier}, 1), ErrorClass::coll_order_nbc_mismatch);
  EXPECT_FALSE(kinds_agree(std::vector<CollDescriptor>{barrier, ibarrier}));
}

TEST(Collectives, OpAndSignatureMismatch) {
  CollDescriptor a = bcast(0), b = bcast(0);
  a.kind = b.kind = CollKind::allreduce;
  a.op = 1;
  b.op = 2;
  EXPECT_EQ(class_on({a, b}, 1), ErrorClass::coll_arg_op_mismatch);
  b.op = user_op;  // a user op against MPI_SUM differs
  EXPECT_EQ(class_on({a, b}, 1), ErrorClass::coll_arg_op_mismatch);
  a.op = user_op;  // two user ops cannot be compared across ranks
  EXPECT_FALSE(compare(std::vector<CollDescriptor>{a, b}, 1));
  a.op = b.op = 1;
  b.op = 1;
  b.signature_hash = 43;
  EXPECT_EQ(class_on({a, b}, 1), ErrorClass::coll_arg_type_mismatch);
  b.has_signature = 0;  // e.g. a v-variant: nothing to compare
  EXPECT_FALSE(compare(std::vector<CollDescriptor>{a, b}, 1));
}

TEST(Collectives, VaryingSignaturesAreNotComparedAcrossRanks) {
  CollDescriptor a = bcast(0), b = bcast(0);
  a.kind = b.kind = CollKind::gatherv;
  b.signature_hash = 43;
  a.signature_varies = b.signature_varies = 1;  // Gatherv: ranks may send different counts
  EXPECT_FALSE(compare(std::vector<CollDescriptor>{a, b}, 1));
}

TEST(Collectives, ExpectedSignaturesOfVCollectives) {
  auto sig = [](std::uint64_t h, std::uint64_t n) { return SigSummary{1, 0, h, n}; };
  // The root of a Gatherv expects 2 ints from rank 1 and 1 int from rank 2.
  std::vector<SigSummary> expected = {sig(1, 2), sig(1, 2), sig(1, 1)};
  std::vector<SigSummary> actual = {sig(1, 2), sig(1, 2), sig(1, 1)};
  EXPECT_FALSE(first_unexpected(expected, actual));
  actual[2] = sig(1, 3);
  EXPECT_EQ(first_unexpected(expected, actual), 2);
  actual[1] = sig(7, 2);  // same count, other basic type
  EXPECT_EQ(first_unexpected(expected, actual), 1);
  actual[1] = SigSummary{};  // unknown (MPI_IN_PLACE, MPI_PACKED): matches anything
  expected[2] = SigSummary{};
  EXPECT_FALSE(first_unexpected(expected, actual));
}

TEST(Collectives, SwappedNonblockingCalls) {
  CollDescriptor a = bcast(0), b = bcast(1);
  a.nonblocking = b.nonblocking = 1;
  EXPECT_TRUE(swapped(a, b, b, a));   // Ibcast roots 0,1 against 1,0
  EXPECT_FALSE(swapped(a, b, a, b));  // the same disagreement twice: not an order problem
  EXPECT_FALSE(swapped(a, a, a, a));
  CollDescriptor c = bcast(0), d = bcast(1);  // blocking
  EXPECT_FALSE(swapped(c, d, d, c));
}

}  // namespace
}  // namespace assay::core
