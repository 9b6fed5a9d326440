#include "assay/core/rma_sync.hpp"

#include <gtest/gtest.h>

#include "sink.hpp"

namespace assay::core {
namespace {
using test::at;
using Strings = std::vector<std::string>;

RmaOperation put(int target, std::int64_t disp, std::uint64_t bytes, std::uintptr_t pc) {
  RmaOperation op;
  op.access.kind = RmaAccessKind::write;
  op.access.site = at("MPI_Put", pc);
  op.target = target;
  op.target_disp = disp;
  op.target_bytes = bytes;
  return op;
}

RmaOperation get(int target, std::int64_t disp, std::uint64_t bytes, std::uintptr_t pc) {
  RmaOperation op = put(target, disp, bytes, pc);
  op.access.kind = RmaAccessKind::read;
  op.access.site.op = "MPI_Get";
  return op;
}

struct RmaSyncTest : ::testing::Test {
  test::Collected out;
  RmaSync rma{out.sink()};
  void SetUp() override { rma.created(1, at("MPI_Win_create", 0x1), 0, {{16, 4}, {16, 4}}); }
};

TEST_F(RmaSyncTest, FenceEpochsAreClean) {
  rma.fence(1, 0, at("MPI_Win_fence", 0x2));
  rma.operation(1, put(1, 0, 4, 0x3));
  rma.fence(1, no_succeed, at("MPI_Win_fence", 0x4));
  rma.freed(1, at("MPI_Win_free", 0x5));
  rma.finalize();
  EXPECT_TRUE(out.findings.empty());
}

// MPI-3.1 §11.5: access epochs of different modes must not overlap. An empty
// fence epoch (fence(0) then only lock epochs) is no epoch; one with a pending
// operation is.
TEST_F(RmaSyncTest, MixedSynchronisationModes) {
  rma.fence(1, 0, at("MPI_Win_fence", 0x2));
  rma.lock(1, 1, at("MPI_Win_lock", 0x3));
  rma.operation(1, put(1, 0, 4, 0x4));
  rma.unlock(1, 1, at("MPI_Win_unlock", 0x5));
  rma.lock(1, 1, at("MPI_Win_lock", 0x6));  // the put above was the lock epoch's
  rma.unlock(1, 1, at("MPI_Win_unlock", 0x7));
  EXPECT_TRUE(out.findings.empty());
  rma.operation(1, put(1, 1, 4, 0x8));      // pending until the next fence
  rma.lock_all(1, at("MPI_Win_lock_all", 0x9));
  rma.unlock_all(1, at("MPI_Win_unlock_all", 0xa));
  rma.fence(1, no_succeed, at("MPI_Win_fence", 0xb));
  rma.lock(1, 1, at("MPI_Win_lock", 0xc));
  rma.fence(1, 0, at("MPI_Win_fence", 0xd));  // inside the lock epoch
  rma.unlock(1, 1, at("MPI_Win_unlock", 0xe));
  rma.start(1, at("MPI_Win_start", 0xf));
  rma.lock(1, 1, at("MPI_Win_lock", 0x10));   // inside the PSCW access epoch
  EXPECT_EQ(out.classes(), (Strings{"rma.sync.mixed-modes", "rma.sync.mixed-modes", "rma.sync.mixed-modes"}));
  EXPECT_EQ(out.findings[0].accesses.at(0).site.pc, 0x9u);
  EXPECT_EQ(out.findings[0].accesses.at(1).site.pc, 0x2u);  // the fence that opened the epoch
  EXPECT_EQ(out.findings[1].accesses.at(1).site.pc, 0xcu);
}

TEST_F(RmaSyncTest, OperationOutsideEpoch) {
  rma.operation(1, put(1, 0, 4, 0x3));
  rma.fence(1, no_succeed, at("MPI_Win_fence", 0x4));
  rma.operation(1, put(1, 0, 4, 0x5));
  EXPECT_EQ(out.classes(), (Strings{"rma.sync.missing-epoch", "rma.sync.assert-violation"}));
  EXPECT_EQ(out.findings[1].accesses.at(1).site.pc, 0x4u);  // the NOSUCCEED fence
}

// MPI-3.1 §11.3: MPI_PROC_NULL is a valid target, and the call still belongs to
// an access epoch, whichever kind and target it has.
TEST_F(RmaSyncTest, OperationToProcNullNeedsAnEpoch) {
  rma.null_operation(1, at("MPI_Put", 0x2));
  rma.lock(1, 0, at("MPI_Win_lock", 0x3));
  rma.null_operation(1, at("MPI_Put", 0x4));  // any target's lock epoch will do
  rma.unlock(1, 0, at("MPI_Win_unlock", 0x5));
  rma.fence(1, 0, at("MPI_Win_fence", 0x6));
  rma.null_operation(1, at("MPI_Accumulate", 0x7));
  rma.fence(1, no_succeed, at("MPI_Win_fence", 0x8));
  ASSERT_EQ(out.classes(), Strings{"rma.sync.missing-epoch"});
  EXPECT_EQ(out.findings[0].accesses.at(0).site.pc, 0x2u);
}

TEST_F(RmaSyncTest, LockEpochs) {
  rma.lock(1, 1, at("MPI_Win_lock", 0x2));
  rma.lock(1, 1, at("MPI_Win_lock", 0x3));
  rma.unlock(1, 1, at("MPI_Win_unlock", 0x4));
  rma.unlock(1, 1, at("MPI_Win_unlock", 0x5));
  EXPECT_EQ(out.classes(), (Strings{"rma.sync.double-epoch", "rma.sync.unmatched"}));
  EXPECT_EQ(out.findings[1].accesses.at(0).site.pc, 0x5u);
}

TEST_F(RmaSyncTest, PscwUnmatched) {
  rma.complete(1, at("MPI_Win_complete", 0x2));
  rma.wait(1, at("MPI_Win_wait", 0x3));
  EXPECT_EQ(out.classes(), (Strings{"rma.sync.unmatched", "rma.sync.unmatched"}));
}

TEST_F(RmaSyncTest, FreeWithOpenEpochAndLeak) {
  rma.lock_all(1, at("MPI_Win_lock_all", 0x2));
  rma.freed(1, at("MPI_Win_free", 0x3));
  rma.created(2, at("MPI_Win_create", 0x9), 0, {});
  rma.finalize();
  EXPECT_EQ(out.classes(), (Strings{"rma.window.free-with-epoch", "rma.window.leak"}));
  EXPECT_EQ(out.findings[1].accesses.at(0).site.pc, 0x9u);
}

TEST_F(RmaSyncTest, OutOfBoundsUsesTargetSizeAndDispUnit) {
  rma.fence(1, 0, at("MPI_Win_fence", 0x2));
  rma.operation(1, put(1, 3, 4, 0x3));  // bytes [12, 16): inside
  rma.operation(1, put(1, 4, 4, 0x4));  // bytes [16, 20): outside
  EXPECT_EQ(out.classes(), Strings{"rma.window.out-of-bounds"});
}

TEST_F(RmaSyncTest, SameOriginConflictUntilFlush) {
  rma.lock(1, 1, at("MPI_Win_lock", 0x2));
  rma.operation(1, put(1, 0, 4, 0x3));
  rma.operation(1, get(1, 0, 4, 0x4));
  ASSERT_EQ(out.classes(), Strings{"rma.local.same-origin-conflict"});
  EXPECT_EQ(out.findings[0].accesses.at(0).site.pc, 0x4u);
  EXPECT_EQ(out.findings[0].accesses.at(1).site.pc, 0x3u);
  rma.flush(1, 1, at("MPI_Win_flush", 0x6));
  rma.operation(1, get(1, 0, 4, 0x5));
  EXPECT_EQ(out.findings.size(), 1u);
  auto m = rma.memory(1);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->window_bytes, 16u);
  EXPECT_EQ(m->nodes, 1u);
}

// MPI-3.1 §11.3.5: an MPI_Rget's request completes its read, so a later put
// of the same origin to the same bytes in the same epoch does not conflict;
// before the wait it does. The read is handed on as completed by the wait.
TEST_F(RmaSyncTest, RgetCompletedByItsRequest) {
  std::vector<std::pair<RmaCompletion, std::size_t>> shipped;
  rma.on_complete([&](std::uint64_t, int, RmaCompletion how, std::vector<Interval> done) {
    shipped.emplace_back(how, done.size());
  });
  rma.lock_all(1, at("MPI_Win_lock_all", 0x2));
  RmaOperation rget = get(1, 0, 4, 0x3);
  rget.access.request = 77;
  rma.operation(1, rget);
  rma.operation(1, get(1, 0, 4, 0x4));  // a blocking get of the same bytes stays pending
  rma.request_completed(77);
  ASSERT_EQ(shipped.size(), 1u);
  EXPECT_EQ(shipped[0], std::make_pair(RmaCompletion::unlock_shared, std::size_t{1}));
  rma.request_completed(77);  // once only
  EXPECT_EQ(shipped.size(), 1u);
  rma.operation(1, put(1, 0, 4, 0x5));
  EXPECT_EQ(out.classes(), Strings{"rma.local.same-origin-conflict"});  // with the blocking get
  rma.unlock_all(1, at("MPI_Win_unlock_all", 0x6));  // ships the blocking get
  EXPECT_EQ(shipped.size(), 2u);

  rma.lock_all(1, at("MPI_Win_lock_all", 0x7));
  rget.access.request = 78;
  rma.operation(1, rget);
  rma.operation(1, put(1, 0, 4, 0x8));  // before the wait: a conflict
  EXPECT_EQ(out.findings.size(), 2u);
  rma.unlock_all(1, at("MPI_Win_unlock_all", 0x9));  // ships the rget
  EXPECT_EQ(shipped.size(), 3u);
  rma.request_completed(78);  // the unlock completed it already: nothing more to ship
  EXPECT_EQ(shipped.size(), 3u);
}

TEST_F(RmaSyncTest, NoPrecedeWithPendingOperations) {
  rma.fence(1, 0, at("MPI_Win_fence", 0x2));
  rma.operation(1, put(1, 0, 4, 0x3));
  rma.fence(1, no_precede, at("MPI_Win_fence", 0x4));
  EXPECT_EQ(out.classes(), Strings{"rma.sync.assert-violation"});
}

TEST_F(RmaSyncTest, FreedWindowIsInvalid) {
  rma.freed(1, at("MPI_Win_free", 0x3));
  rma.fence(1, 0, at("MPI_Win_fence", 0x4));
  EXPECT_EQ(out.classes(), Strings{"rma.window.invalid"});
  EXPECT_EQ(out.findings[0].accesses.at(1).site.pc, 0x3u);  // the free, for "located"
}

TEST_F(RmaSyncTest, FreeInFenceEpochNamesThePendingOperation) {
  rma.fence(1, 0, at("MPI_Win_fence", 0x2));
  rma.operation(1, put(1, 0, 4, 0x3));
  rma.freed(1, at("MPI_Win_free", 0x4));
  ASSERT_EQ(out.classes(), Strings{"rma.window.free-with-epoch"});
  EXPECT_EQ(out.findings[0].accesses.at(1).site.pc, 0x3u);
}

}  // namespace
}  // namespace assay::core

namespace assay::core {
namespace {
using test::at;

TEST(RmaSyncEpochs, FlushNeedsPassiveEpochAndMissingEpochNamesClosingCall) {
  test::Collected out;
  RmaSync rma{out.sink()};
  rma.created(1, at("MPI_Win_create", 0x1), 0, {{16, 4}, {16, 4}});
  rma.flush(1, 1, at("MPI_Win_flush", 0x2));
  rma.lock(1, 1, at("MPI_Win_lock", 0x3));
  rma.flush(1, 1, at("MPI_Win_flush", 0x4));
  rma.unlock(1, 1, at("MPI_Win_unlock", 0x5));
  RmaOperation op;
  op.access.site = at("MPI_Put", 0x6);
  op.target = 1;
  op.target_bytes = 4;
  rma.operation(1, op);
  ASSERT_EQ(out.classes(), (std::vector<std::string>{"rma.sync.unmatched", "rma.sync.missing-epoch"}));
  EXPECT_EQ(out.findings[1].accesses.at(1).site.pc, 0x5u);
}

}  // namespace
}  // namespace assay::core

namespace assay::core {
namespace {

// Issued by one origin, the accumulates run in program order unless the
// window's accumulate_ordering is "none" (here): then they are concurrent.
TEST(RmaSyncEpochs, AccumulatesWithDifferentOpsBreakAtomicity) {
  test::Collected out;
  RmaSync rma{out.sink()};
  rma.created(1, test::at("MPI_Win_create", 0x1), 0, {{16, 4}, {16, 4}}, 0);
  rma.lock_all(1, test::at("MPI_Win_lock_all", 0x2));
  RmaOperation sum;
  sum.access = RmaAccess{RmaAccessKind::accumulate, 3, 7, test::at("MPI_Accumulate", 0x3)};
  sum.target = 1;
  sum.target_bytes = 4;
  RmaOperation replace = sum;
  replace.access.op = 13;
  replace.access.site.pc = 0x4;
  rma.operation(1, sum);
  rma.operation(1, sum);  // same op and type: compatible
  rma.operation(1, replace);
  EXPECT_EQ(out.classes(), std::vector<std::string>{"rma.remote.atomicity"});
}

// Element-wise atomicity holds only on the same elements: with disp_unit 1, an
// int accumulate at byte 1 overlaps the one at byte 0 on other element
// boundaries; at byte 4 with disp_unit 4 it shares element boundaries.
TEST(RmaSyncEpochs, AccumulateAtomicityNeedsAlignedElements) {
  test::Collected out;
  RmaSync rma{out.sink()};
  rma.created(1, test::at("MPI_Win_create", 0x1), 0, {{16, 1}, {16, 1}}, 0);
  rma.created(2, test::at("MPI_Win_create", 0x1), 0, {{16, 4}, {16, 4}}, 0);
  rma.lock_all(1, test::at("MPI_Win_lock_all", 0x2));
  rma.lock_all(2, test::at("MPI_Win_lock_all", 0x2));
  RmaOperation sum;
  sum.access = RmaAccess{RmaAccessKind::accumulate, 3, 7, test::at("MPI_Accumulate", 0x3)};
  sum.target = 1;
  sum.target_bytes = 8;
  sum.element_size = 4;
  RmaOperation shifted = sum;
  shifted.target_disp = 1;
  shifted.target_bytes = 4;
  rma.operation(2, sum);
  rma.operation(2, shifted);  // disp 1 x disp_unit 4: element 1, aligned
  EXPECT_TRUE(out.findings.empty());
  rma.operation(1, sum);
  rma.operation(1, shifted);  // disp 1 x disp_unit 1: bytes 1..4, misaligned
  EXPECT_EQ(out.classes(), std::vector<std::string>{"rma.remote.atomicity"});
}

// MPI-3.1 §11.7.2: by default one origin's accumulates to one location are
// ordered, whatever their ops and alignment; a partial accumulate_ordering
// orders only the read/write pairs it names.
TEST(RmaSyncEpochs, AccumulateOrderingOfOneOrigin) {
  RmaOperation sum;
  sum.access = RmaAccess{RmaAccessKind::accumulate, 3, 7, test::at("MPI_Accumulate", 0x3)};
  sum.target = 1;
  sum.target_bytes = 4;
  sum.element_size = 4;
  RmaOperation max = sum;
  max.access.op = 5;
  max.access.site.pc = 0x4;
  RmaOperation fetch = max;  // MPI_Fetch_and_op: reads the old value too
  fetch.access.fetches = true;
  RmaOperation shifted = sum;  // bytes 1..4 with disp_unit 1
  shifted.target_disp = 1;
  auto findings = [&](unsigned ordering, const RmaOperation& second) {
    test::Collected out;
    RmaSync rma{out.sink()};
    rma.created(1, test::at("MPI_Win_create", 0x1), 0, {{16, 1}, {16, 1}}, ordering);
    rma.lock(1, 1, test::at("MPI_Win_lock", 0x2));
    rma.operation(1, sum);
    rma.operation(1, second);
    return out.classes();
  };
  const Strings none, atomicity{"rma.remote.atomicity"};
  EXPECT_EQ(findings(ordering_default, max), none);
  EXPECT_EQ(findings(ordering_default, shifted), none);
  EXPECT_EQ(findings(ordering_default, fetch), none);
  EXPECT_EQ(findings(0, max), atomicity);
  EXPECT_EQ(findings(waw, max), none);          // write after write only
  EXPECT_EQ(findings(rar | raw, max), atomicity);
  EXPECT_EQ(findings(waw, fetch), atomicity);    // reads after a write: needs raw
  EXPECT_EQ(findings(raw | waw, fetch), none);
  // A put is never ordered by accumulate_ordering.
  RmaOperation put = sum;
  put.access.kind = RmaAccessKind::write;
  put.access.op = 0;
  EXPECT_EQ(findings(ordering_default, put), Strings{"rma.local.same-origin-conflict"});
}

}  // namespace
}  // namespace assay::core
