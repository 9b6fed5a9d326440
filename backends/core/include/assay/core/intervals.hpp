#pragma once
// The accesses one epoch makes to one target's window memory, as disjoint
// byte intervals in a balanced tree (std::map: O(log n) per access).
// Overlapping compatible accesses are always of the same kind (RMA-Analyzer
// rules: read/read, accumulate/accumulate with the same op and type), so they
// merge into one interval, as do adjacent intervals of the same kind; the tree
// stays as small as the number of distinct access runs.
#include <cstdint>
#include <map>
#include <optional>

#include "assay/core/finding.hpp"

namespace assay::core {

enum class RmaAccessKind { read, write, accumulate };

struct RmaAccess {
  RmaAccessKind kind = RmaAccessKind::read;
  std::int32_t op = 0;        // accumulate op (backend code), 0 otherwise
  std::uint32_t type = 0;     // basic datatype code of an accumulate
  Site site;
  bool operator==(const RmaAccess& o) const {
    return kind == o.kind && op == o.op && type == o.type;
  }
};

// Whether two accesses to one location in one epoch may proceed concurrently.
bool compatible(const RmaAccess& a, const RmaAccess& b);

class IntervalSet {
 public:
  struct Conflict {
    RmaAccess previous;
    std::uint64_t lo, hi;
  };
  // Records [lo, hi) and returns the first incompatible earlier access, if any.
  std::optional<Conflict> insert(std::uint64_t lo, std::uint64_t hi, const RmaAccess& a);
  void clear() { nodes_.clear(); }

  std::size_t nodes() const { return nodes_.size(); }
  std::size_t depth() const;   // of the red-black tree, bounded by 2 log2(n + 1)
  std::size_t bytes() const;   // approximate memory held

 private:
  struct Node {
    std::uint64_t hi;
    RmaAccess access;
  };
  std::map<std::uint64_t, Node> nodes_;  // key: lo
};

}  // namespace assay::core
