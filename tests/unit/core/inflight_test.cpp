#include "assay/core/inflight.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

namespace assay::core {
namespace {

using Ops = std::vector<InFlight::Op>;

TEST(InFlight, EmptySetHasNothing) {
  InFlight s;
  EXPECT_TRUE(s.empty());
  EXPECT_EQ(s.overlapping(0, 100), Ops{});
  EXPECT_FALSE(s.remove(1));
  EXPECT_EQ(s.bounds(), (InFlight::Range{0, 0}));
  EXPECT_EQ(s.first_covered(0), UINTPTR_MAX);
}

TEST(InFlight, HalfOpenBounds) {
  InFlight s;
  s.add(1, 100, 104);
  EXPECT_EQ(s.overlapping(96, 100), Ops{});    // ends where the range starts
  EXPECT_EQ(s.overlapping(104, 108), Ops{});   // starts where it ends
  EXPECT_EQ(s.overlapping(103, 104), Ops{1});  // last byte
  EXPECT_EQ(s.overlapping(99, 101), Ops{1});   // off by one before
  EXPECT_EQ(s.overlapping(0, 1000), Ops{1});   // covering
  s.add(2, 50, 50);                            // empty: ignored
  EXPECT_FALSE(s.contains(2));
}

TEST(InFlight, OverlappingOpsSplitAndMergeSegments) {
  InFlight s;
  s.add(1, 0, 10);
  s.add(2, 5, 15);
  EXPECT_EQ(s.segments(), 3u);  // [0,5) {1}, [5,10) {1,2}, [10,15) {2}
  EXPECT_EQ(s.overlapping(0, 5), Ops{1});
  EXPECT_EQ(s.overlapping(7, 8), (Ops{1, 2}));
  EXPECT_EQ(s.overlapping(12, 20), Ops{2});
  EXPECT_TRUE(s.remove(1));
  EXPECT_EQ(s.segments(), 1u);  // [5,15) {2} merged again
  EXPECT_EQ(s.overlapping(0, 5), Ops{});
  EXPECT_EQ(s.overlapping(5, 6), Ops{2});
  EXPECT_TRUE(s.remove(2));
  EXPECT_TRUE(s.empty());
  EXPECT_EQ(s.segments(), 0u);
}

TEST(InFlight, SameRangeTwice) {
  InFlight s;  // two Isends of one buffer
  s.add(1, 0, 8);
  s.add(2, 0, 8);
  EXPECT_EQ(s.segments(), 1u);
  EXPECT_EQ(s.overlapping(4, 5), (Ops{1, 2}));
  s.remove(2);
  EXPECT_EQ(s.overlapping(4, 5), Ops{1});
}

TEST(InFlight, DatatypeWithHolesCoversOnlyItsBlocks) {
  InFlight s;  // a vector of 3 blocks of 4 bytes, stride 8
  for (std::uintptr_t b = 0; b < 3; ++b) s.add(7, 1000 + 8 * b, 1004 + 8 * b);
  EXPECT_EQ(s.overlapping(1004, 1008), Ops{});  // the first hole
  EXPECT_EQ(s.overlapping(1012, 1016), Ops{});  // the second
  EXPECT_EQ(s.overlapping(1016, 1017), Ops{7});
  EXPECT_EQ(s.overlapping(1003, 1009), Ops{7});  // straddles a hole
  EXPECT_EQ(s.ranges_of(7).size(), 3u);
  s.remove(7);
  EXPECT_TRUE(s.empty());
  EXPECT_EQ(s.segments(), 0u);
}

TEST(InFlight, AdjacentRangesOfOneOpMerge) {
  InFlight s;
  s.add(1, 0, 4);
  s.add(1, 4, 8);
  EXPECT_EQ(s.segments(), 1u);
  EXPECT_EQ(s.ranges_of(1), (std::vector<InFlight::Range>{{0, 8}}));
  s.add(2, 2, 6);
  s.remove(1);
  EXPECT_EQ(s.overlapping(0, 100), Ops{2});
  EXPECT_EQ(s.segments(), 1u);
}

// Against a byte map: random adds and removes, every query agrees.
TEST(InFlight, AgreesWithAByteMap) {
  std::mt19937 rng(42);
  InFlight s;
  std::vector<std::set<InFlight::Op>> bytes(256);
  std::set<InFlight::Op> live;
  for (int step = 0; step < 3000; ++step) {
    const auto op = static_cast<InFlight::Op>(rng() % 24);
    if (live.count(op) && rng() % 2) {
      s.remove(op);
      for (auto& b : bytes) b.erase(op);
      live.erase(op);
    } else {
      const std::uintptr_t lo = rng() % 250, hi = lo + 1 + rng() % 6;
      s.add(op, lo, hi);
      for (std::uintptr_t b = lo; b < hi; ++b) bytes[b].insert(op);
      live.insert(op);
    }
    const std::uintptr_t qlo = rng() % 256, qhi = qlo + rng() % 9;
    std::set<InFlight::Op> want;
    for (std::uintptr_t b = qlo; b < qhi && b < 256; ++b) want.insert(bytes[b].begin(), bytes[b].end());
    ASSERT_EQ(s.overlapping(qlo, qhi), Ops(want.begin(), want.end())) << "step " << step;
    ASSERT_EQ(s.ops(), live.size());
    // The bounds: the first and last byte of the byte map in use.
    std::uintptr_t first = 256, end = 0;
    for (std::uintptr_t b = 0; b < 256; ++b)
      if (!bytes[b].empty()) {
        first = std::min(first, b);
        end = b + 1;
      }
    ASSERT_EQ(s.bounds(), (end ? InFlight::Range{first, end} : InFlight::Range{0, 0})) << "step " << step;
    // The first covered byte at or after the query.
    std::uintptr_t covered = UINTPTR_MAX;
    for (std::uintptr_t b = qlo; b < 256; ++b)
      if (!bytes[b].empty()) {
        covered = b;
        break;
      }
    ASSERT_EQ(s.first_covered(qlo), covered) << "step " << step;
    // The gap around the query: no byte of it covered, its ends covered or the ends of memory.
    const InFlight::Range gap = s.gap_at(qlo);
    if (!bytes[qlo].empty()) {
      ASSERT_EQ(gap, (InFlight::Range{0, 0})) << "step " << step;
    } else {
      std::uintptr_t lo = qlo, hi = qlo + 1;
      while (lo > 0 && bytes[lo - 1].empty()) --lo;
      while (hi < 256 && bytes[hi].empty()) ++hi;
      ASSERT_EQ(gap, (InFlight::Range{lo, hi == 256 ? UINTPTR_MAX : hi})) << "step " << step;
    }
    // The covered bytes as disjoint ranges, ascending, never touching.
    std::vector<InFlight::Range> want_covered;
    for (std::uintptr_t b = 0; b < 256; ++b)
      if (!bytes[b].empty()) {
        if (!want_covered.empty() && want_covered.back().second == b) ++want_covered.back().second;
        else want_covered.emplace_back(b, b + 1);
      }
    ASSERT_EQ(s.covered(), want_covered) << "step " << step;
    // Segments are canonical: one per maximal run of bytes covered by the same operations.
    std::size_t runs = 0;
    for (std::uintptr_t b = 0; b < 256; ++b) runs += !bytes[b].empty() && (b == 0 || bytes[b - 1] != bytes[b]);
    ASSERT_EQ(s.segments(), runs) << "step " << step;
  }
  // Segments never outnumber the boundaries of live ranges.
  for (InFlight::Op op : std::set<InFlight::Op>(live)) s.remove(op);
  EXPECT_TRUE(s.empty());
  EXPECT_EQ(s.segments(), 0u);
}

TEST(InFlight, ManyRangesStayShallow) {
  InFlight s;  // 100 000 disjoint ranges: lookups stay logarithmic (a map)
  for (InFlight::Op op = 0; op < 100000; ++op) s.add(op, 16 * op, 16 * op + 8);
  EXPECT_EQ(s.segments(), 100000u);
  EXPECT_EQ(s.overlapping(16 * 5000 + 7, 16 * 5000 + 9), Ops{5000});
  EXPECT_EQ(s.overlapping(16 * 5000 + 8, 16 * 5001), Ops{});
}

TEST(InFlight, GapAroundAnAccessBetweenRangesFarApart) {
  InFlight s;  // a result buffer on the stack, an origin buffer on the heap
  s.add(1, 0x1000, 0x1008);
  s.add(2, 0x7ff000, 0x7ff008);
  EXPECT_EQ(s.gap_at(0x5000), (InFlight::Range{0x1008, 0x7ff000}));
  EXPECT_EQ(s.gap_at(0x1008), (InFlight::Range{0x1008, 0x7ff000}));  // right after the first
  EXPECT_EQ(s.gap_at(0x1007), (InFlight::Range{0, 0}));              // its last byte
  EXPECT_EQ(s.gap_at(0x10), (InFlight::Range{0, 0x1000}));           // before every range
  EXPECT_EQ(s.gap_at(0x800000), (InFlight::Range{0x7ff008, UINTPTR_MAX}));
  s.remove(2);
  EXPECT_EQ(s.gap_at(0x5000), (InFlight::Range{0x1008, UINTPTR_MAX}));
}

TEST(InFlight, WidestGapsBetweenRanges) {
  using Ranges = std::vector<InFlight::Range>;
  EXPECT_EQ(widest_gaps({}, 3), Ranges{});
  EXPECT_EQ(widest_gaps({{10, 20}}, 3), Ranges{});  // no gap inside one range
  // Any order; overlapping and touching ranges merge; widest first; at most `count`.
  const Ranges covered{{500, 600}, {10, 20}, {15, 30}, {30, 40}, {1000, 1001}, {45, 50}};
  EXPECT_EQ(widest_gaps(covered, 3), (Ranges{{50, 500}, {600, 1000}, {40, 45}}));
  EXPECT_EQ(widest_gaps(covered, 1), (Ranges{{50, 500}}));
  EXPECT_EQ(widest_gaps(covered, 0), Ranges{});
  // A range inside another leaves no gap.
  EXPECT_EQ(widest_gaps({{0, 100}, {10, 20}, {200, 300}}, 3), (Ranges{{100, 200}}));
}

}  // namespace
}  // namespace assay::core
