#include "assay/core/rma_remote.hpp"

#include <gtest/gtest.h>

#include "assay/core/rma_sync.hpp"
#include "sink.hpp"

namespace assay::core {
namespace {
using test::at;
using Strings = std::vector<std::string>;

RemoteRecord rec(RmaAccessKind kind, int origin, std::uint64_t lo, std::uint64_t hi,
                 RmaCompletion how = RmaCompletion::active, std::int32_t op = 0,
                 std::uint32_t type = 0) {
  RemoteRecord r;
  r.interval = {lo, hi, RmaAccess{kind, op, type, at("MPI_Put", 0x100 + static_cast<unsigned>(origin), origin), 0}};
  r.completion = how;
  return r;
}
constexpr auto W = RmaAccessKind::write;
constexpr auto R = RmaAccessKind::read;
constexpr auto A = RmaAccessKind::accumulate;

struct RemoteTest : ::testing::Test {
  test::Collected out;
  RemoteAccesses remote{out.sink()};
};

TEST_F(RemoteTest, FenceEpochPutPutFromTwoOrigins) {
  remote.epoch(1, {rec(W, 0, 0, 4), rec(W, 2, 0, 4)}, 1, 2);
  ASSERT_EQ(out.classes(), (Strings{"rma.remote.conflict"}));
  const auto& a = out.findings[0].accesses;
  EXPECT_EQ(a.at(0).site.rank, 2);  // both origins' sites, for "located"
  EXPECT_EQ(a.at(1).site.rank, 0);
  EXPECT_EQ(a.at(0).time, 1u);
  EXPECT_EQ(a.at(0).end_time, 2u);
}

TEST_F(RemoteTest, DisjointReadsAndOneOriginAreClean) {
  remote.epoch(1, {rec(W, 0, 0, 4), rec(W, 2, 4, 8), rec(R, 0, 8, 12), rec(R, 2, 8, 12)}, 1, 2);
  remote.epoch(1, {rec(W, 0, 0, 4), rec(R, 0, 0, 4)}, 2, 3);  // same origin: its own check
  EXPECT_TRUE(out.findings.empty());
}

TEST_F(RemoteTest, AccumulateRules) {
  remote.epoch(1, {rec(A, 0, 0, 4, RmaCompletion::active, 3, 7), rec(A, 2, 0, 4, RmaCompletion::active, 3, 7)}, 1, 2);
  remote.epoch(1, {rec(A, 0, 0, 4, RmaCompletion::active, 3, 7), rec(A, 2, 0, 4, RmaCompletion::active, rma_op_no_op, 7)}, 1, 2);
  EXPECT_TRUE(out.findings.empty());
  remote.epoch(1, {rec(A, 0, 0, 4, RmaCompletion::active, 3, 7), rec(A, 2, 0, 4, RmaCompletion::active, 13, 7)}, 1, 2);
  remote.epoch(1, {rec(A, 0, 0, 4, RmaCompletion::active, 3, 7), rec(A, 2, 0, 4, RmaCompletion::active, 3, 8)}, 1, 2);
  remote.epoch(1, {rec(A, 0, 0, 4, RmaCompletion::active, 3, 7), rec(R, 2, 0, 4)}, 1, 2);
  EXPECT_EQ(out.classes(), (Strings{"rma.remote.atomicity", "rma.remote.atomicity", "rma.remote.atomicity"}));
}

TEST_F(RemoteTest, AccumulatesOnDifferentElementBoundariesAreNotAtomic) {
  auto acc = [](int origin, std::uint64_t lo, std::uint32_t phase) {
    RemoteRecord r = rec(A, origin, lo, lo + 4, RmaCompletion::active, 3, 7);
    r.interval.access.phase = phase;
    return r;
  };
  remote.epoch(1, {acc(0, 0, 0), acc(2, 0, 0)}, 1, 2);
  EXPECT_TRUE(out.findings.empty());
  remote.epoch(1, {acc(0, 0, 0), acc(2, 1, 1)}, 2, 3);
  EXPECT_EQ(out.classes(), (Strings{"rma.remote.atomicity"}));
}

// A buffer MPI reads or writes for the window's owner inside its own window
// (an RMA origin, a send or receive buffer) is a local access of the epoch.
TEST_F(RemoteTest, OwnersMpiBuffersInTheWindowAreLocalAccesses) {
  auto own = [](RmaAccessKind kind, std::uint64_t lo, std::uint64_t hi) {
    RemoteRecord r = rec(kind, 1, lo, hi);
    r.interval.access.site.op = "MPI_Send";
    return r;
  };
  remote.epoch(1, {rec(R, 0, 4, 8)}, 1, 2, std::nullopt, {own(R, 4, 8)});  // two reads
  remote.epoch(1, {rec(W, 0, 4, 8)}, 2, 3, std::nullopt, {own(R, 8, 12)});  // other bytes
  EXPECT_TRUE(out.findings.empty());
  remote.epoch(1, {rec(W, 0, 4, 8)}, 3, 4, std::nullopt, {own(R, 4, 8)});
  remote.epoch(1, {rec(R, 0, 4, 8)}, 4, 5, std::nullopt, {own(W, 6, 10)});
  EXPECT_EQ(out.classes(), (Strings{"rma.local.target-access-during-remote",
                                    "rma.local.target-access-during-remote"}));
  EXPECT_EQ(out.findings[1].accesses.at(0).addr, 6u);  // bytes [6, 8) of the window
}

TEST_F(RemoteTest, NoPutEpochAcceptsReadsOnlyAndNamesTheOpeningCall) {
  const Site fence = at("MPI_Win_fence", 0x900, 1);
  remote.epoch(1, {rec(R, 0, 0, 4), rec(A, 2, 4, 8, RmaCompletion::active, rma_op_no_op, 7)}, 1, 2, fence);
  EXPECT_TRUE(out.findings.empty());  // gets and MPI_NO_OP reads do not update the window
  remote.epoch(1, {rec(R, 0, 0, 4), rec(A, 2, 8, 12, RmaCompletion::active, 3, 7)}, 2, 3, fence);
  ASSERT_EQ(out.classes(), (Strings{"rma.sync.assert-violation"}));
  const auto& a = out.findings[0].accesses;
  EXPECT_EQ(a.at(0).site.rank, 2);  // the accumulate's origin
  EXPECT_EQ(a.at(1).site.op, "MPI_Win_fence");
  remote.epoch(1, {rec(W, 0, 0, 4)}, 3, 4);  // no assertion: a lone put is fine
  EXPECT_EQ(out.findings.size(), 1u);
}

TEST_F(RemoteTest, PassiveFlushedAndExclusiveAreOrdered) {
  remote.passive(1, rec(W, 0, 0, 4, RmaCompletion::flush), 5);
  remote.passive(1, rec(W, 2, 0, 4, RmaCompletion::unlock_exclusive), 6);
  remote.passive(1, rec(W, 3, 0, 4, RmaCompletion::unlock_shared), 7);
  remote.settle(1, {});
  EXPECT_TRUE(out.findings.empty());
  remote.passive(1, rec(W, 3, 0, 4, RmaCompletion::unlock_shared), 7);
  remote.passive(1, rec(R, 4, 2, 3, RmaCompletion::unlock_shared), 8);
  EXPECT_TRUE(out.findings.empty());  // known only at settle
  remote.settle(1, {{3, 0}, {4, 0}});
  EXPECT_EQ(out.classes(), (Strings{"rma.remote.conflict"}));
  EXPECT_EQ(remote.nodes(), 1u);
}

// Shared-lock epochs of two origins conflict only where nothing could order
// them: a collective on the window's communicator between them, or a call
// after one unlock that may tell others together with one before the other
// lock that may learn (a chain through a third process included).
TEST_F(RemoteTest, PassiveEpochsOrderedByCollectivesOrMessagesAreNotReported) {
  auto shared = [](int origin, PassiveMarks m) {
    RemoteRecord r = rec(W, origin, 0, 4, RmaCompletion::unlock_shared);
    r.marks = m;
    return r;
  };
  // A barrier between: origin 2 locks after its first collective, origin 0 unlocked before it.
  remote.passive(1, shared(0, {0, 0, 0, 1}), 5);
  remote.passive(1, shared(2, {1, 1, 0, 0}), 6);
  remote.settle(1, {{0, 1}, {2, 0}});
  EXPECT_TRUE(out.findings.empty());
  // Origin 0 sends after its unlock, origin 2 receives before its lock.
  RemoteAccesses chain{out.sink()};
  chain.passive(1, shared(0, {0, 0, 0, 1}), 5);
  chain.passive(1, shared(2, {0, 0, 1, 1}), 6);
  chain.settle(1, {{0, 2}, {2, 1}});
  EXPECT_TRUE(out.findings.empty());
  // Neither sends after its unlock: concurrent.
  RemoteAccesses unordered{out.sink()};
  unordered.passive(1, shared(0, {1, 1, 3, 4}), 5);
  unordered.passive(1, shared(2, {1, 1, 3, 4}), 6);
  unordered.settle(1, {{0, 4}, {2, 4}});
  EXPECT_EQ(out.classes(), (Strings{"rma.remote.conflict"}));
}


// The counts behind PassiveMarks (shared by pmpi and the llvm runtime): a
// collective counts on its communicator and, apart from it, nowhere else; an
// unlock may receive but tells nothing by itself; a lock orders nothing.
TEST(OrderingEvents, MarksAsSeenFromAWindowsCommunicator) {
  OrderingEvents e;
  e.collective(7);   // a barrier on the window's communicator
  e.collective(9);   // one on another communicator: counts as a send and a receive
  e.call("MPI_Win_lock");
  e.call("MPI_Send");
  e.call("MPI_Win_unlock");
  const PassiveMarks m = e.now(7);
  EXPECT_EQ(m.collectives_at_lock, 1u);
  EXPECT_EQ(m.collectives_at_unlock, 1u);
  EXPECT_EQ(m.sends_at_unlock, 2u);     // the other collective, the send
  EXPECT_EQ(m.receives_at_lock, 2u);    // the other collective, the unlock
  // Unknown final sends: the earlier process is assumed to have told others.
  EXPECT_TRUE(may_precede({0, 0, 0, 2}, std::nullopt, {0, 0, 1, 0}));
  EXPECT_FALSE(may_precede({0, 0, 0, 2}, 2, {0, 0, 1, 0}));
  EXPECT_FALSE(may_precede({0, 0, 0, 2}, std::nullopt, {0, 0, 0, 0}));  // the later learnt nothing
  EXPECT_TRUE(may_precede({1, 1, 0, 0}, 0, {2, 2, 0, 0}));              // a collective between
}

// A put completed by a flush, and the owner's load after a message (or an
// RMA flag) from its origin: ordered only when the origin told the owner
// after the completion (MPI-3.1 §11.7: the message orders what completed
// before it was sent). A later flush or shared-lock release tells nothing;
// an exclusive lock's release does (a locker waiting for it).
TEST(OrderingEvents, OnlyWhatFollowsACompletionTellsOfIt) {
  struct Run {
    OrderingEvents origin, owner;
    PassiveMarks put;
    void origin_calls(std::initializer_list<const char*> names) {
      for (const char* n : names) origin.call(n);
    }
    void complete() { put = origin.now(7); }
    bool ordered() {
      owner.call("MPI_Recv");
      return may_precede(put, origin.now(7).sends_at_unlock, owner.now(7));
    }
  };
  Run before;  // put, send, flush, unlock_all
  before.origin_calls({"MPI_Win_lock_all", "MPI_Put", "MPI_Send", "MPI_Win_flush"});
  before.complete();
  before.origin_calls({"MPI_Win_unlock_all"});
  EXPECT_FALSE(before.ordered());
  Run after;  // put, flush, send
  after.origin_calls({"MPI_Win_lock_all", "MPI_Put", "MPI_Win_flush"});
  after.complete();
  after.origin_calls({"MPI_Send", "MPI_Win_unlock_all"});
  EXPECT_TRUE(after.ordered());
  Run flag_first;  // put, flag, flush: the flag may land before the data
  flag_first.origin_calls({"MPI_Win_lock_all", "MPI_Put", "MPI_Accumulate", "MPI_Win_flush"});
  flag_first.complete();
  flag_first.origin_calls({"MPI_Win_flush", "MPI_Win_unlock_all"});
  EXPECT_FALSE(flag_first.ordered());
  Run flag_after;  // put, flush, flag
  flag_after.origin_calls({"MPI_Win_lock_all", "MPI_Put", "MPI_Win_flush"});
  flag_after.complete();
  flag_after.origin_calls({"MPI_Accumulate", "MPI_Win_flush", "MPI_Win_unlock_all"});
  EXPECT_TRUE(flag_after.ordered());
  Run exclusive;  // lock exclusive, put, unlock: the release follows the completion
  exclusive.origin_calls({"MPI_Win_lock", "MPI_Put", "MPI_Win_unlock"});
  exclusive.complete();
  exclusive.origin.released_exclusive();
  EXPECT_TRUE(exclusive.ordered());
}

TEST(RmaSyncCompletion, ShipsCompletedIntervalsPerTarget) {
  test::Collected out;
  RmaSync rma{out.sink()};
  std::vector<std::pair<int, RmaCompletion>> shipped;
  rma.on_complete([&](std::uint64_t, int target, RmaCompletion how, std::vector<Interval> iv) {
    EXPECT_EQ(iv.size(), 1u);
    shipped.emplace_back(target, how);
  });
  rma.created(1, at("MPI_Win_create", 0x1), 0, {{16, 4}, {16, 4}, {16, 4}});
  RmaOperation op;
  op.access.kind = W;
  op.target = 1;
  op.target_bytes = 4;
  rma.lock(1, 1, at("MPI_Win_lock", 0x2), true);
  rma.operation(1, op);
  rma.unlock(1, 1, at("MPI_Win_unlock", 0x3));
  rma.lock_all(1, at("MPI_Win_lock_all", 0x4));
  rma.operation(1, op);
  rma.flush(1, 1, at("MPI_Win_flush", 0x5));
  op.target = 2;
  rma.operation(1, op);
  rma.unlock_all(1, at("MPI_Win_unlock_all", 0x6));
  EXPECT_TRUE(out.findings.empty());
  EXPECT_EQ(shipped, (std::vector<std::pair<int, RmaCompletion>>{{1, RmaCompletion::unlock_exclusive},
                                                                  {1, RmaCompletion::flush},
                                                                  {2, RmaCompletion::unlock_shared}}));
  auto m = rma.memory(1);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->window_bytes, 16u);
  EXPECT_EQ(m->peak_nodes, 1u);
}

TEST(RmaSyncCompletion, StridedBlocksInterleaveWithoutConflict) {
  test::Collected out;
  RmaSync rma{out.sink()};
  std::vector<Interval> shipped;
  rma.on_complete([&](std::uint64_t, int, RmaCompletion, std::vector<Interval> iv) { shipped = iv; });
  rma.created(1, at("MPI_Win_create", 0x1), 0, {{32, 4}, {32, 4}});
  rma.fence(1, 0, at("MPI_Win_fence", 0x2));
  RmaOperation even;
  even.access.kind = W;
  even.target = 1;
  even.target_bytes = 28;
  even.blocks = {{0, 4}, {8, 12}, {16, 20}, {24, 28}};
  RmaOperation odd = even;
  odd.target_disp = 1;
  rma.operation(1, even);
  rma.operation(1, odd);
  EXPECT_TRUE(out.findings.empty());
  rma.fence(1, 0, at("MPI_Win_fence", 0x3));
  EXPECT_EQ(shipped.size(), 1u);  // adjacent writes merged into [0, 32)
  odd.blocks = {{0, 8}};
  rma.operation(1, even);
  rma.operation(1, odd);
  EXPECT_EQ(out.classes(), (Strings{"rma.local.same-origin-conflict"}));
}

}  // namespace
}  // namespace assay::core
