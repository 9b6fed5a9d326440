#include "assay/core/vector_clock.hpp"

#include <gtest/gtest.h>

namespace assay::core {
namespace {

TEST(VectorClock, TickOrdersLocalEvents) {
  VectorClock a(3);
  VectorClock before = a;
  a.tick(1);
  EXPECT_EQ(before.compare(a), Order::before);
  EXPECT_EQ(a.compare(before), Order::after);
  EXPECT_EQ(a.compare(a), Order::equal);
}

TEST(VectorClock, IndependentEventsAreConcurrent) {
  VectorClock p0(2), p1(2);
  p0.tick(0);
  p1.tick(1);
  EXPECT_EQ(p0.compare(p1), Order::concurrent);
}

TEST(VectorClock, MessageOrdersSendBeforeReceive) {
  VectorClock p0(2), p1(2);
  p0.tick(0);               // send
  const VectorClock sent = p0;
  p1.tick(1);               // an unrelated event of p1
  p1.join(sent);            // receive
  p1.tick(1);
  EXPECT_EQ(sent.compare(p1), Order::before);
  EXPECT_TRUE(knows(p1, stamp(sent, 0)));
}

TEST(VectorClock, OrderingIsTransitiveThroughAThirdProcess) {
  // p0 -> p2 -> p1: p1 learns p0's event without a message from p0.
  VectorClock p0(3), p1(3), p2(3);
  p0.tick(0);
  const Stamp event = stamp(p0, 0);
  p2.join(p0);
  p2.tick(2);
  p1.join(p2);
  p1.tick(1);
  EXPECT_TRUE(knows(p1, event));
  VectorClock unaware(3);
  unaware.tick(1);
  EXPECT_FALSE(knows(unaware, event));
}

TEST(VectorClock, JoinIsEntrywiseMaximumAndGrows) {
  VectorClock a(2), b(3);
  a.tick(0);
  a.tick(0);
  b.tick(2);
  a.join(b);
  EXPECT_EQ(a.size(), 3u);
  EXPECT_EQ(a[0], 2u);
  EXPECT_EQ(a[1], 0u);
  EXPECT_EQ(a[2], 1u);
}

TEST(VectorClock, ZeroStampIsKnownByNobody) {
  VectorClock a(2);
  EXPECT_FALSE(knows(a, Stamp{0, 0}));
}

}  // namespace
}  // namespace assay::core
