#pragma once
// Received data not read yet (mem.recv.write-before-read, mem.recv.unused):
// the bytes one completed receive wrote that no access has touched since,
// per byte, as sorted disjoint ranges. The first access to a byte decides
// (a load reads it, a store overwrites it unread); either way it leaves.
// MPI-free: unit-tested in tests/backends/llvm/unread_test.cpp.
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace assay::llvmrt {

using ByteRange = std::pair<std::uintptr_t, std::uintptr_t>;  // [lo, hi)

// The first `bytes` bytes of `blocks` (a datatype's blocks at its buffer, in
// order): what a receive of that many bytes (its status's count) wrote.
inline std::vector<ByteRange> first_bytes(const std::vector<ByteRange>& blocks, std::uint64_t bytes) {
  std::vector<ByteRange> out;
  for (const auto& [lo, hi] : blocks) {
    if (bytes == 0) break;
    if (hi <= lo) continue;
    const std::uint64_t n = std::min<std::uint64_t>(bytes, hi - lo);
    out.emplace_back(lo, lo + n);
    bytes -= n;
  }
  return out;
}

class Unread {
 public:
  Unread() = default;
  explicit Unread(std::vector<ByteRange> ranges) {
    std::sort(ranges.begin(), ranges.end());
    for (const auto& r : ranges) {
      if (r.second <= r.first) continue;
      if (!ranges_.empty() && r.first <= ranges_.back().second) ranges_.back().second = std::max(ranges_.back().second, r.second);
      else ranges_.push_back(r);
    }
  }
  // Takes [lo, hi) out; returns how many of its bytes were still unread (the
  // first of them at *first when some were).
  std::uint64_t take(std::uintptr_t lo, std::uintptr_t hi, std::uintptr_t* first = nullptr) {
    std::uint64_t taken = 0;
    std::vector<ByteRange> kept;
    auto it = std::lower_bound(ranges_.begin(), ranges_.end(), ByteRange{lo, lo},
                               [](const ByteRange& a, const ByteRange& b) { return a.second <= b.first; });
    auto end = it;
    for (; end != ranges_.end() && end->first < hi; ++end) {
      const std::uintptr_t from = std::max(lo, end->first), to = std::min(hi, end->second);
      if (taken == 0 && first) *first = from;
      taken += to - from;
      if (end->first < from) kept.emplace_back(end->first, from);
      if (to < end->second) kept.emplace_back(to, end->second);
    }
    if (it != end) {
      it = ranges_.erase(it, end);
      ranges_.insert(it, kept.begin(), kept.end());
    }
    return taken;
  }
  // Whether some byte of [lo, hi) is unread.
  bool meets(std::uintptr_t lo, std::uintptr_t hi) const {
    auto it = std::lower_bound(ranges_.begin(), ranges_.end(), ByteRange{lo, lo},
                               [](const ByteRange& a, const ByteRange& b) { return a.second <= b.first; });
    return it != ranges_.end() && it->first < hi;
  }
  const std::vector<ByteRange>& ranges() const { return ranges_; }
  bool empty() const { return ranges_.empty(); }
  std::uint64_t bytes() const {
    std::uint64_t n = 0;
    for (const auto& [lo, hi] : ranges_) n += hi - lo;
    return n;
  }

 private:
  std::vector<ByteRange> ranges_;
};

}  // namespace assay::llvmrt
