#include "assay/core/rma_hb.hpp"

#include <gtest/gtest.h>

#include "sink.hpp"

namespace assay::core {
namespace {
using test::at;
using Strings = std::vector<std::string>;
constexpr auto W = RmaAccessKind::write;
constexpr auto R = RmaAccessKind::read;
constexpr auto A = RmaAccessKind::accumulate;

// The processes of a small program, with their clocks, as vclock keeps them.
struct World {
  std::vector<VectorClock> p;
  explicit World(std::size_t n) : p(n, VectorClock(n)) {}
  // A message from a to b (the companion carries a's ticked clock).
  void message(std::size_t a, std::size_t b) {
    p[a].tick(a);
    p[b].join(p[a]);
    p[b].tick(b);
  }
  void barrier() {
    VectorClock all(p.size());
    for (std::size_t i = 0; i < p.size(); ++i) {
      p[i].tick(i);
      all.join(p[i]);
    }
    for (std::size_t i = 0; i < p.size(); ++i) {
      p[i].join(all);
      p[i].tick(i);
    }
  }
  // An access of origin o, issued now.
  HbAccess access(std::size_t o, RmaAccessKind kind, std::uint64_t lo, std::uint64_t hi, std::uintptr_t pc,
                  std::int32_t op = 0, std::uint32_t type = 0) {
    HbAccess a;
    a.lo = lo;
    a.hi = hi;
    a.access = RmaAccess{kind, op, type, at(kind == R ? "MPI_Get" : kind == W ? "MPI_Put" : "MPI_Accumulate", pc,
                                           static_cast<int>(o)),
                         0};
    a.issued = p[o].entries();
    return a;
  }
  // The synchronisation (unlock, flush, fence, complete) that completes it.
  void complete(std::size_t o, HbAccess& a) {
    p[o].tick(o);
    a.completed = p[o][o];
  }
};

struct HbTest : ::testing::Test {
  test::Collected out;
  RmaHappensBefore hb{out.sink()};
};

TEST(HappensBefore, CompletionKnownByTheLaterIssueOrders) {
  World w(3);
  HbAccess a = w.access(0, W, 0, 4, 1);
  w.complete(0, a);
  w.message(0, 2);
  HbAccess b = w.access(2, W, 0, 4, 2);
  w.complete(2, b);
  EXPECT_TRUE(happens_before(a, b));
  EXPECT_FALSE(happens_before(b, a));
  EXPECT_FALSE(races(a, b));
}

TEST(HappensBefore, AMessageSentBeforeTheCompletionDoesNotOrder) {
  // Rank 0 tells rank 2 before its unlock (or only after a flush_local, which
  // completes nothing at the target): the access is not known complete.
  World w(3);
  HbAccess a = w.access(0, W, 0, 4, 1);
  w.message(0, 2);
  HbAccess b = w.access(2, W, 0, 4, 2);
  w.complete(0, a);
  w.complete(2, b);
  EXPECT_TRUE(races(a, b));
}

TEST(HappensBefore, NeverCompletedIsNeverOrderedBefore) {
  World w(2);
  HbAccess a = w.access(0, W, 0, 4, 1);
  w.message(0, 1);
  HbAccess b = w.access(1, W, 0, 4, 2);
  EXPECT_FALSE(happens_before(a, b));
  EXPECT_TRUE(races(a, b));
}

TEST(HappensBefore, CompatibleDisjointSameOriginAndExclusiveNeverRace) {
  World w(3);
  HbAccess r0 = w.access(0, R, 0, 4, 1), r2 = w.access(2, R, 0, 4, 2);
  EXPECT_FALSE(races(r0, r2));  // get/get
  HbAccess s0 = w.access(0, A, 0, 4, 3, 3, 7), s2 = w.access(2, A, 0, 4, 4, 3, 7);
  EXPECT_FALSE(races(s0, s2));  // same op, same type
  HbAccess p0 = w.access(0, W, 0, 4, 5), p2 = w.access(2, W, 4, 8, 6);
  EXPECT_FALSE(races(p0, p2));  // disjoint
  HbAccess q0 = w.access(0, W, 0, 4, 7);
  EXPECT_FALSE(races(p0, q0));  // one origin
  HbAccess x0 = w.access(0, W, 0, 4, 8), x2 = w.access(2, W, 0, 4, 9);
  x0.exclusive = true;
  EXPECT_FALSE(races(x0, x2));  // the exclusive lock serialises the epochs
  x0.exclusive = false;
  EXPECT_TRUE(races(x0, x2));   // two shared-lock epochs do not
}

TEST_F(HbTest, TransitiveThroughAThirdRank) {
  // Rank 0's epoch, then 0 -> 3 -> 2, then rank 2's epoch: ordered; the same
  // chain before rank 0's epoch orders nothing.
  World w(4);
  HbAccess a = w.access(0, W, 0, 4, 1);
  w.complete(0, a);
  w.message(0, 3);
  w.message(3, 2);
  HbAccess b = w.access(2, W, 0, 4, 2);
  w.complete(2, b);
  hb.add(1, a);
  hb.add(1, b);
  EXPECT_TRUE(out.findings.empty());

  World v(4);
  v.message(0, 3);
  v.message(3, 2);
  HbAccess c = v.access(0, W, 0, 4, 3);
  v.complete(0, c);
  HbAccess d = v.access(2, R, 0, 4, 4);
  v.complete(2, d);
  hb.add(1, d);  // arrival order does not matter
  hb.add(1, c);
  ASSERT_EQ(out.classes(), (Strings{"rma.remote.conflict"}));
  const auto& acc = out.findings[0].accesses;
  EXPECT_EQ(acc.at(0).site.pc, 3u);  // both sites, for "located"
  EXPECT_EQ(acc.at(1).site.pc, 4u);
  EXPECT_EQ(acc.at(0).size, 4u);
}

TEST_F(HbTest, BarrierAfterTheUnlockOrdersBarrierBeforeDoesNot) {
  World w(3);
  HbAccess a = w.access(0, W, 0, 8, 1);
  w.complete(0, a);
  w.barrier();
  HbAccess b = w.access(2, A, 4, 8, 2, 3, 7);
  w.complete(2, b);
  hb.add(1, a);
  hb.add(1, b);
  EXPECT_TRUE(out.findings.empty());
  w.barrier();
  HbAccess c = w.access(0, W, 0, 4, 3);
  HbAccess d = w.access(2, A, 0, 4, 4, 3, 7);
  w.complete(0, c);
  w.complete(2, d);
  hb.add(1, c);
  hb.add(1, d);
  ASSERT_EQ(out.classes(), (Strings{"rma.remote.atomicity"}));  // an accumulate mixed with a put
}

TEST_F(HbTest, AccumulatesWithDifferentOpsAreAtomicity) {
  World w(3);
  HbAccess a = w.access(0, A, 0, 4, 1, 3, 7), b = w.access(2, A, 0, 4, 2, 4, 7);
  w.complete(0, a);
  w.complete(2, b);
  hb.add(1, a);
  hb.add(1, b);
  EXPECT_EQ(out.classes(), (Strings{"rma.remote.atomicity"}));
}

TEST_F(HbTest, OnePairOfSitesIsReportedOnce) {
  World w(3);
  for (int i = 0; i < 5; ++i) {
    HbAccess a = w.access(0, W, 0, 4, 1), b = w.access(2, W, 0, 4, 2);
    w.complete(0, a);
    w.complete(2, b);
    hb.add(1, a);
    hb.add(1, b);
  }
  EXPECT_EQ(out.findings.size(), 1u);
}

TEST_F(HbTest, NeighbouringAccessesOfOneCallMergeAndStillConflict) {
  World w(3);
  for (std::uint64_t i = 0; i < 100; ++i) {
    HbAccess a = w.access(0, W, 4 * i, 4 * i + 4, 1);
    a.completed = 9;
    hb.add(1, a);
  }
  EXPECT_EQ(hb.size(), 1u);
  HbAccess b = w.access(2, R, 200, 204, 2);
  hb.add(1, b);
  EXPECT_EQ(out.classes(), (Strings{"rma.remote.conflict"}));
}

TEST(HbSameOrigin, AccumulatesOfOneOriginTheOrderingInfoDoesNotOrder) {
  World w(2);
  HbAccess sum = w.access(1, A, 0, 4, 1, 3, 7), max = w.access(1, A, 0, 4, 2, 1, 7);
  w.complete(1, sum);
  max.completed = sum.completed;  // one epoch
  EXPECT_TRUE(same_origin_unordered(sum, max, 0));     // accumulate_ordering=none
  EXPECT_TRUE(same_origin_unordered(sum, max, rar));   // rar does not order two writes
  EXPECT_FALSE(same_origin_unordered(sum, max, waw));  // waw does
  EXPECT_FALSE(same_origin_unordered(sum, max, ordering_default));
  EXPECT_FALSE(races(sum, max));  // not a race between origins
  HbAccess fetch = w.access(1, A, 0, 4, 3, 3, 7);
  fetch.access.fetches = true;  // MPI_Fetch_and_op (SUM) then MPI_Accumulate (REPLACE: op 13)
  HbAccess replace = w.access(1, A, 0, 4, 4, 13, 7);
  EXPECT_TRUE(same_origin_unordered(fetch, replace, waw));        // war missing
  EXPECT_FALSE(same_origin_unordered(fetch, replace, war | waw));
  HbAccess again = w.access(1, A, 0, 4, 5, 3, 7);
  EXPECT_FALSE(same_origin_unordered(sum, again, 0));  // same op and type: atomic anyway
  HbAccess put = w.access(1, W, 0, 4, 6);
  EXPECT_FALSE(same_origin_unordered(put, max, 0));  // a put: rma.local.same-origin-conflict, not here
  HbAccess other = w.access(1, A, 4, 8, 7, 1, 7);
  EXPECT_FALSE(same_origin_unordered(sum, other, 0));  // disjoint
  w.complete(1, max);
  HbAccess later = w.access(1, A, 0, 4, 8, 1, 7);  // issued after max completed (a flush)
  EXPECT_FALSE(same_origin_unordered(sum, later, 0));
}

TEST(HbSameOrigin, ReportedAsAtomicityWithTheWindowsOrdering) {
  for (unsigned ordering : {0u, unsigned{ordering_default}}) {
    test::Collected out;
    RmaHappensBefore hb{out.sink(), std::size_t{1} << 16, ordering};
    World w(2);
    HbAccess a = w.access(1, A, 0, 4, 1, 3, 7), b = w.access(1, A, 1, 5, 2, 3, 7);  // misaligned
    b.access.phase = 1;
    w.complete(1, a);
    b.completed = a.completed;
    hb.add(0, a);
    hb.add(0, b);
    if (ordering == 0)
      EXPECT_EQ(out.classes(), (Strings{"rma.remote.atomicity"}));
    else
      EXPECT_TRUE(out.findings.empty());
  }
}

TEST(HbCapacity, OldestAreForgottenBeyondTheCapacity) {
  test::Collected out;
  RmaHappensBefore hb{out.sink(), 4};
  World w(3);
  for (std::uint64_t i = 0; i < 6; ++i) {
    HbAccess a = w.access(0, W, 8 * i, 8 * i + 4, 10 + i);  // gaps: no merge
    w.complete(0, a);
    hb.add(1, a);
  }
  EXPECT_EQ(hb.size(), 4u);
  EXPECT_EQ(hb.dropped(), 2u);
  HbAccess old = w.access(2, W, 0, 4, 99);  // races with the forgotten first one
  hb.add(1, old);
  EXPECT_TRUE(out.findings.empty());
  HbAccess recent = w.access(2, W, 40, 44, 98);
  hb.add(1, recent);
  EXPECT_EQ(out.findings.size(), 1u);
}

}  // namespace
}  // namespace assay::core
