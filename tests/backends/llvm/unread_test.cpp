// The llvm runtime's received data, per byte (backends/llvm/runtime/unread.hpp):
// what a receive wrote, and what the first accesses leave unread.
#include "unread.hpp"

#include <gtest/gtest.h>

namespace assay::llvmrt {
namespace {

using Ranges = std::vector<ByteRange>;

TEST(FirstBytes, StatusCountFillsBlocksInOrder) {
  // A vector type's blocks: 8 bytes, a hole, 8 bytes; 12 bytes received.
  EXPECT_EQ(first_bytes({{100, 108}, {116, 124}}, 12), (Ranges{{100, 108}, {116, 120}}));
  EXPECT_EQ(first_bytes({{100, 108}, {116, 124}}, 100), (Ranges{{100, 108}, {116, 124}}));
  EXPECT_EQ(first_bytes({{100, 108}}, 0), Ranges{});
}

TEST(Unread, ReadBytesLeaveOneByOne) {
  Unread u(Ranges{{100, 116}});
  EXPECT_EQ(u.bytes(), 16u);
  EXPECT_EQ(u.take(100, 104), 4u);  // a 4-byte load
  EXPECT_EQ(u.ranges(), (Ranges{{104, 116}}));
  EXPECT_EQ(u.take(100, 104), 0u);  // read again: nothing left there
  EXPECT_EQ(u.take(108, 112), 4u);  // a load in the middle splits the rest
  EXPECT_EQ(u.ranges(), (Ranges{{104, 108}, {112, 116}}));
  EXPECT_TRUE(u.meets(106, 107));
  EXPECT_FALSE(u.meets(108, 112));
  EXPECT_EQ(u.take(104, 108), 4u);
  EXPECT_EQ(u.take(112, 116), 4u);
  EXPECT_TRUE(u.empty());  // every byte read: the data leaves the set
}

TEST(Unread, PartialOverlapCountsOnlyUnreadBytes) {
  Unread u(Ranges{{100, 108}, {116, 124}});  // a hole at [108, 116)
  std::uintptr_t first = 0;
  // An 8-byte access over the hole's end and the second block's start.
  EXPECT_EQ(u.take(112, 120, &first), 4u);
  EXPECT_EQ(first, 116u);
  EXPECT_EQ(u.ranges(), (Ranges{{100, 108}, {120, 124}}));
  // memset over everything: the rest, 12 bytes, first at 100.
  EXPECT_EQ(u.take(0, 1000, &first), 12u);
  EXPECT_EQ(first, 100u);
  EXPECT_TRUE(u.empty());
}

TEST(Unread, BlocksMergeWhenTheyTouch) {
  Unread u(Ranges{{116, 124}, {100, 108}, {108, 116}});
  EXPECT_EQ(u.ranges(), (Ranges{{100, 124}}));
  EXPECT_EQ(u.take(96, 100), 0u);   // just before
  EXPECT_EQ(u.take(124, 130), 0u);  // just after
  EXPECT_EQ(u.take(123, 130), 1u);  // the last byte
}

}  // namespace
}  // namespace assay::llvmrt
