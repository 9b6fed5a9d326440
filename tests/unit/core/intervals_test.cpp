#include "assay/core/intervals.hpp"

#include <gtest/gtest.h>

namespace assay::core {
namespace {

RmaAccess access(RmaAccessKind k, std::int32_t op = 0, std::uintptr_t pc = 0) {
  RmaAccess a;
  a.kind = k;
  a.op = op;
  a.type = k == RmaAccessKind::accumulate ? 1 : 0;
  a.site = Site{"op", 0, pc};
  return a;
}

TEST(Compatibility, RmaAnalyzerRules) {
  const auto r = access(RmaAccessKind::read), w = access(RmaAccessKind::write);
  const auto sum = access(RmaAccessKind::accumulate, 1), max = access(RmaAccessKind::accumulate, 2);
  EXPECT_TRUE(compatible(r, r));
  EXPECT_FALSE(compatible(r, w));
  EXPECT_FALSE(compatible(w, w));
  EXPECT_TRUE(compatible(sum, sum));
  EXPECT_FALSE(compatible(sum, max));
  EXPECT_FALSE(compatible(sum, r));
  EXPECT_FALSE(compatible(w, sum));
}

// MPI_NO_OP reads atomically beside any op by default (accumulate_ops
// same_op_no_op), only beside itself and reads under same_op (MPI-3.1 §11.2.1).
TEST(Compatibility, NoOpBesideOtherOpsOnlyUnderSameOpNoOp) {
  const auto r = access(RmaAccessKind::read), sum = access(RmaAccessKind::accumulate, 1);
  const auto no_op = access(RmaAccessKind::accumulate, rma_op_no_op);
  const auto strict = access(RmaAccessKind::accumulate, rma_op_no_op_same_op);
  EXPECT_TRUE(compatible(no_op, sum));
  EXPECT_TRUE(compatible(no_op, r));
  EXPECT_FALSE(compatible(strict, sum));
  EXPECT_FALSE(compatible(sum, strict));
  EXPECT_TRUE(compatible(strict, strict));
  EXPECT_TRUE(compatible(strict, r));
  EXPECT_EQ(target_kind(strict), AccessKind::read);
}

TEST(IntervalSet, DisjointAccessesDoNotConflict) {
  IntervalSet s;
  EXPECT_FALSE(s.insert(0, 4, access(RmaAccessKind::write)));
  EXPECT_FALSE(s.insert(8, 12, access(RmaAccessKind::write)));
  EXPECT_EQ(s.nodes(), 2u);
}

TEST(IntervalSet, OverlapReportsEarlierAccessAndRange) {
  IntervalSet s;
  EXPECT_FALSE(s.insert(0, 8, access(RmaAccessKind::write, 0, 0x10)));
  auto c = s.insert(4, 12, access(RmaAccessKind::read, 0, 0x20));
  ASSERT_TRUE(c);
  EXPECT_EQ(c->previous.site.pc, 0x10u);
  EXPECT_EQ(c->lo, 4u);
  EXPECT_EQ(c->hi, 8u);
}

TEST(IntervalSet, AdjacentAndOverlappingSameKindMerge) {
  IntervalSet s;
  for (std::uint64_t i = 0; i < 1000; ++i) EXPECT_FALSE(s.insert(i * 4, i * 4 + 4, access(RmaAccessKind::write)));
  EXPECT_EQ(s.nodes(), 1u);  // one run, not 1000 nodes
  EXPECT_FALSE(s.insert(5000, 5008, access(RmaAccessKind::accumulate, 1)));
  EXPECT_FALSE(s.insert(5004, 5012, access(RmaAccessKind::accumulate, 1)));
  EXPECT_EQ(s.nodes(), 2u);
  EXPECT_TRUE(s.insert(5010, 5011, access(RmaAccessKind::accumulate, 2)));
}

TEST(IntervalSet, AlternatingKindsStayBalanced) {
  IntervalSet s;
  const std::uint64_t n = 1 << 14;
  for (std::uint64_t i = 0; i < n; ++i)
    EXPECT_FALSE(s.insert(i * 2, i * 2 + 1, access(i % 2 ? RmaAccessKind::read : RmaAccessKind::write)));
  EXPECT_EQ(s.nodes(), n);
  EXPECT_LE(s.depth(), 2u * 15u);
  EXPECT_GT(s.bytes(), 0u);
}

// Target side: an origin's own accesses never conflict with each other, but
// each stays visible to the others'. Rank 2 adds then resets a bin (ordered on
// rank 2), rank 0 adds: its MPI_SUM meets rank 2's MPI_REPLACE whatever the
// order in which the records arrive.
TEST(IntervalSet, EveryAccessOfOneOriginStaysVisibleToTheOthers) {
  auto from = [](int rank, std::int32_t op) {
    RmaAccess a = access(RmaAccessKind::accumulate, op);
    a.site.rank = rank;
    return a;
  };
  const RmaAccess add2 = from(2, 1), reset2 = from(2, 3), add0 = from(0, 1);
  IntervalSet s;
  EXPECT_FALSE(s.insert(0, 4, add2, true));
  EXPECT_FALSE(s.insert(0, 4, reset2, true));
  EXPECT_EQ(s.nodes(), 2u);
  EXPECT_EQ(s.intervals().size(), 2u);
  auto c = s.insert(0, 4, add0, true);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->previous.op, 3);
  IntervalSet t;
  EXPECT_FALSE(t.insert(0, 4, add0, true));
  EXPECT_FALSE(t.insert(0, 4, add2, true));
  EXPECT_TRUE(t.insert(0, 4, reset2, true));
  // Origin side: both of rank 2's accumulates are kept (and shipped), ordered.
  IntervalSet origin;
  EXPECT_FALSE(origin.insert(0, 4, add2, false, ordering_default));
  EXPECT_FALSE(origin.insert(0, 4, reset2, false, ordering_default));
  EXPECT_EQ(origin.intervals().size(), 2u);
  origin.clear();
  EXPECT_EQ(origin.nodes(), 0u);
}

// A fetching accumulate stays apart from a plain one with the same op: under
// accumulate_ordering "waw" a later MPI_REPLACE is ordered after the plain
// MPI_SUM (write after write) but not after the MPI_Get_accumulate (write
// after read), whichever of the two came first.
TEST(IntervalSet, FetchingAccumulateKeepsItsReadUnderPartialOrdering) {
  RmaAccess sum = access(RmaAccessKind::accumulate, 1), fetch_sum = sum, replace = access(RmaAccessKind::accumulate, 3);
  fetch_sum.fetches = true;
  for (bool fetch_first : {true, false}) {
    IntervalSet s;
    EXPECT_FALSE(s.insert(0, 4, fetch_first ? fetch_sum : sum, false, waw));
    EXPECT_FALSE(s.insert(0, 4, fetch_first ? sum : fetch_sum, false, waw));
    auto c = s.insert(0, 4, replace, false, waw);
    ASSERT_TRUE(c) << "fetch first: " << fetch_first;
    EXPECT_TRUE(c->previous.fetches);
  }
}

// An MPI_Rget's read (RmaAccess::request) merges with no other read, so its
// request takes exactly its own intervals back, from whichever layer.
TEST(IntervalSet, TakeRequestRemovesOnlyThatRequestsAccesses) {
  IntervalSet set;
  RmaAccess get = access(RmaAccessKind::read), rget = get;
  rget.request = 5;
  EXPECT_FALSE(set.insert(0, 8, get));
  EXPECT_FALSE(set.insert(4, 12, rget));  // overlaps the get: one layer down
  EXPECT_FALSE(set.insert(12, 16, rget)); // clear of the get: the top layer
  EXPECT_EQ(set.take_request(5, 0, 4).size(), 0u);  // outside its range
  const auto taken = set.take_request(5, 4, 16);
  ASSERT_EQ(taken.size(), 2u);
  EXPECT_EQ(taken[0].lo, 12u);  // top layer first
  EXPECT_EQ(taken[1].lo, 4u);
  EXPECT_EQ(taken[1].hi, 12u);
  const auto left = set.intervals();
  ASSERT_EQ(left.size(), 1u);
  EXPECT_EQ(left[0].access.request, 0u);
  EXPECT_TRUE(set.take_request(5, 0, 16).empty());
}

TEST(AccumulateOrdering, InfoValueParses) {
  EXPECT_EQ(parse_accumulate_ordering("none"), 0u);
  EXPECT_EQ(parse_accumulate_ordering("rar,raw,war,waw"), unsigned{ordering_default});
  EXPECT_EQ(parse_accumulate_ordering(" rar , waw"), unsigned{rar | waw});
  EXPECT_EQ(parse_accumulate_ordering("war"), unsigned{war});
  EXPECT_EQ(parse_accumulate_ordering(""), 0u);
}

}  // namespace
}  // namespace assay::core
