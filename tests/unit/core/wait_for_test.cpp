#include "assay/core/wait_for.hpp"

#include <gtest/gtest.h>

namespace assay::core {
namespace {

ProcessState blocked(int rank, std::vector<Wait> waits, std::vector<PendingMessage> arrived = {}) {
  return ProcessState{rank, true, "call", 0, std::move(waits), std::move(arrived)};
}
Wait recv(int peer, int tag = 0, std::uint64_t comm = 0) { return {WaitKind::receive, peer, tag, comm}; }
Wait send(int peer, int tag = 0, std::uint64_t comm = 0) { return {WaitKind::send, peer, tag, comm}; }
Wait finalize() { return {WaitKind::finalize}; }

TEST(WaitFor, ReceiveCycleIsADeadlock) {
  // Each of 3 ranks receives from its left neighbour first.
  auto v = analyse_deadlock({blocked(0, {recv(2)}), blocked(1, {recv(0)}), blocked(2, {recv(1)})});
  EXPECT_EQ(v.kind, DeadlockVerdict::Kind::deadlock);
  ASSERT_EQ(v.ranks.size(), 3u);
  EXPECT_EQ(v.ranks[0], 0);
  EXPECT_EQ(v.ranks[1], 2);
  EXPECT_EQ(v.ranks[2], 1);
}

TEST(WaitFor, SynchronousSendCycleIsADeadlock) {
  auto v = analyse_deadlock({blocked(0, {send(1)}), blocked(1, {send(0)})});
  EXPECT_EQ(v.kind, DeadlockVerdict::Kind::deadlock);
  EXPECT_EQ(v.ranks.size(), 2u);
}

TEST(WaitFor, MatchingSendAndReceiveProgress) {
  // A slow transfer: both blocked, but they match each other.
  EXPECT_EQ(analyse_deadlock({blocked(0, {send(1, 5)}), blocked(1, {recv(0, 5)})}).kind, DeadlockVerdict::Kind::none);
  EXPECT_EQ(analyse_deadlock({blocked(0, {send(1, 5)}), blocked(1, {recv(-1, -1)})}).kind, DeadlockVerdict::Kind::none);
}

TEST(WaitFor, ArrivedMessageLetsAReceiveProgress) {
  EXPECT_EQ(analyse_deadlock({blocked(0, {recv(1, 3)}, {{1, 3, 0}}), blocked(1, {finalize()})}).kind,
            DeadlockVerdict::Kind::none);
}

TEST(WaitFor, AProcessThatComputesIsNoDeadlock) {
  auto states = std::vector<ProcessState>{blocked(0, {recv(1)}), blocked(1, {recv(0)})};
  states[1].blocked = false;  // sleeping in compute, say
  EXPECT_EQ(analyse_deadlock(states).kind, DeadlockVerdict::Kind::none);
}

TEST(WaitFor, WrongTagIsAnUnmatchedReceive) {
  auto v = analyse_deadlock({blocked(0, {recv(1, 2)}, {{1, 1, 0}}), blocked(1, {finalize()})});
  EXPECT_EQ(v.kind, DeadlockVerdict::Kind::unmatched);
  EXPECT_EQ(v.receiver, 0);
  EXPECT_EQ(v.message.from, 1);
  EXPECT_EQ(v.message.tag, 1);
  EXPECT_FALSE(v.message_blocked_send);
}

TEST(WaitFor, UnmatchedNamesWhichReceiveOfTheBlockedCall) {
  // Rank 0 waits on a send to rank 1 (its receive is posted) and a receive
  // from rank 1 with tag 2; rank 1 sent tag 1 and is in finalize.
  auto v = analyse_deadlock({blocked(0, {send(1, 0, 0), recv(1, 2)}, {{1, 1, 0}}), blocked(1, {finalize()})});
  EXPECT_EQ(v.kind, DeadlockVerdict::Kind::unmatched);
  EXPECT_EQ(v.receiver, 0);
  EXPECT_EQ(v.receive, 1u);
}

TEST(WaitFor, WrongCommunicatorOfABlockedSendIsUnmatched) {
  auto v = analyse_deadlock({blocked(0, {recv(1, 0, 0)}), blocked(1, {send(0, 0, 7)})});
  EXPECT_EQ(v.kind, DeadlockVerdict::Kind::unmatched);
  EXPECT_TRUE(v.message_blocked_send);
  EXPECT_EQ(v.message.comm, 7u);
}

TEST(WaitFor, ReceiveFromARankInFinalizeWithoutMessageIsADeadlock) {
  auto v = analyse_deadlock({blocked(0, {recv(1)}), blocked(1, {finalize()})});
  EXPECT_EQ(v.kind, DeadlockVerdict::Kind::deadlock);
  EXPECT_EQ(v.ranks.size(), 2u);  // 0 waits for 1, 1 (in finalize) for 0
}

TEST(WaitFor, EveryoneInFinalizeOrInOneCollectiveProgresses) {
  EXPECT_EQ(analyse_deadlock({blocked(0, {finalize()}), blocked(1, {finalize()})}).kind, DeadlockVerdict::Kind::none);
  Wait barrier{WaitKind::collective, -1, -1, 0, {0, 1}};
  EXPECT_EQ(analyse_deadlock({blocked(0, {barrier}), blocked(1, {barrier})}).kind, DeadlockVerdict::Kind::none);
}

TEST(WaitFor, CollectiveAgainstReceiveIsADeadlock) {
  Wait barrier{WaitKind::collective, -1, -1, 0, {0, 1}};
  auto v = analyse_deadlock({blocked(0, {barrier}), blocked(1, {recv(0)})});
  EXPECT_EQ(v.kind, DeadlockVerdict::Kind::deadlock);
}

}  // namespace
}  // namespace assay::core
