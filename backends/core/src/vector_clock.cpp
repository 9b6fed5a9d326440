#include "assay/core/vector_clock.hpp"

#include <algorithm>

namespace assay::core {

void VectorClock::tick(std::size_t self) {
  if (self >= t_.size()) t_.resize(self + 1, 0);
  ++t_[self];
}

void VectorClock::join(const VectorClock& other) {
  if (other.t_.size() > t_.size()) t_.resize(other.t_.size(), 0);
  for (std::size_t i = 0; i < other.t_.size(); ++i) t_[i] = std::max(t_[i], other.t_[i]);
}

Order VectorClock::compare(const VectorClock& other) const {
  bool less = false, greater = false;
  const std::size_t n = std::max(t_.size(), other.t_.size());
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t a = (*this)[i], b = other[i];
    less = less || a < b;
    greater = greater || a > b;
  }
  if (less && greater) return Order::concurrent;
  if (less) return Order::before;
  if (greater) return Order::after;
  return Order::equal;
}

}  // namespace assay::core
