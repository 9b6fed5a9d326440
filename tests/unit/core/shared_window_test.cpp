#include "assay/core/shared_window.hpp"

#include <gtest/gtest.h>

namespace assay::core {
namespace {

// Two members; a sync by a process after `collectives` collectives, having
// sent `sent` and received `received` messages to / from the other.
SharedSync sync(std::uint64_t collectives, std::uint64_t sent = 0, std::uint64_t received = 0, int me = 0) {
  SharedSync s{collectives, {0, 0}, {0, 0}};
  s.sent[static_cast<std::size_t>(1 - me)] = sent;
  s.received[static_cast<std::size_t>(1 - me)] = received;
  return s;
}
SharedRun run(std::uint64_t lo, std::uint64_t hi, bool write, std::uint64_t segment, std::uint64_t site, int owner = 0) {
  SharedRun r;
  r.owner = owner, r.lo = lo, r.hi = hi, r.write = write, r.segment = segment, r.site = site;
  return r;
}

TEST(SharedWindow, SyncBarrierSyncOrders) {
  // P: store; sync(0); barrier; sync(1).   Q: sync(0); barrier; sync(1); load.
  SharedProcess p{0, {sync(0), sync(1)}, {run(0, 4, true, 0, 1)}};
  SharedProcess q{1, {sync(0, 0, 0, 1), sync(1, 0, 0, 1)}, {run(0, 4, false, 2, 2)}};
  EXPECT_TRUE(shared_ordered(p, 0, q, 2));
  EXPECT_TRUE(shared_races(p, q).empty());
  EXPECT_TRUE(shared_races(q, p).empty());
}

TEST(SharedWindow, BarrierWithoutTheReadersSyncDoesNotOrder) {
  // Q loads after the barrier but before its second sync.
  SharedProcess p{0, {sync(0), sync(1)}, {run(0, 4, true, 0, 1)}};
  SharedProcess q{1, {sync(0, 0, 0, 1), sync(1, 0, 0, 1)}, {run(0, 4, false, 1, 2)}};
  EXPECT_FALSE(shared_ordered(p, 0, q, 1));
  const auto races = shared_races(p, q);
  ASSERT_EQ(races.size(), 1u);
  EXPECT_EQ(races[0].a->site, 1u);
  EXPECT_EQ(races[0].b->site, 2u);
  EXPECT_EQ(races[0].lo, 0u);
  EXPECT_EQ(races[0].hi, 4u);
}

TEST(SharedWindow, SameSegmentRacesOnlyOnOverlapWithAWrite) {
  SharedProcess p{0, {sync(0)}, {run(0, 4, true, 1, 1), run(8, 12, false, 1, 3)}};
  SharedProcess q{1, {sync(0, 0, 0, 1)}, {run(4, 8, true, 1, 2), run(8, 12, false, 1, 4), run(2, 3, false, 1, 5, 1)}};
  EXPECT_TRUE(shared_races(p, q).empty());  // disjoint, read-read, another owner's part
  q.runs.push_back(run(3, 5, false, 1, 6));
  ASSERT_EQ(shared_races(p, q).size(), 1u);
  EXPECT_EQ(shared_races(p, q)[0].lo, 3u);
}

TEST(SharedWindow, MessageAfterTheReleaseOrders) {
  // P: store; sync; send to Q.   Q: recv from P; sync; load.
  SharedProcess p{0, {sync(0, 0, 0)}, {run(0, 4, true, 0, 1)}};
  SharedProcess q{1, {sync(0, 0, 1, 1)}, {run(0, 4, false, 1, 2)}};
  EXPECT_TRUE(shared_races(p, q).empty());
  // The message was sent before P's sync: nothing was sent after the release.
  p.syncs[0] = sync(0, 1, 0);
  EXPECT_EQ(shared_races(p, q).size(), 1u);
}

TEST(SharedWindow, ExclusiveLocksOnOneTargetSerialise) {
  SharedProcess p{0, {}, {run(0, 4, true, 0, 1)}};
  SharedProcess q{1, {}, {run(0, 4, true, 0, 2)}};
  EXPECT_EQ(shared_races(p, q).size(), 1u);
  p.runs[0].exclusive = q.runs[0].exclusive = 0;
  EXPECT_TRUE(shared_races(p, q).empty());
}

TEST(SharedWindow, OnePerPairOfSites) {
  SharedProcess p{0, {}, {run(0, 4, true, 0, 1), run(16, 20, true, 0, 1)}};
  SharedProcess q{1, {}, {run(0, 20, false, 0, 2)}};
  EXPECT_EQ(shared_races(p, q).size(), 1u);
}

}  // namespace
}  // namespace assay::core
