#include "assay/core/type_signature.hpp"

#include <algorithm>

namespace assay::core {

namespace {
// Enough runs to tell signatures apart; beyond it only the hash of the prefix
// and the element count are compared.
constexpr std::size_t max_runs = 4096;
}

void TypeSignature::append(std::uint32_t code, std::uint64_t count) {
  if (count == 0) return;
  elements_ += count;
  if (!runs_.empty() && runs_.back().code == code) {
    runs_.back().count += count;
    return;
  }
  if (runs_.size() < max_runs) runs_.push_back({code, count});
}

void TypeSignature::append(const TypeSignature& other, std::uint64_t times) {
  if (other.runs_.size() == 1) {  // the common case: no need to unroll
    append(other.runs_.front().code, other.runs_.front().count * times);
    return;
  }
  for (std::uint64_t i = 0; i < times && runs_.size() < max_runs; ++i)
    for (const Run& r : other.runs_) append(r.code, r.count);
}

std::uint64_t TypeSignature::hash() const {
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a over (code, count) pairs
  auto mix = [&h](std::uint64_t v) {
    for (int i = 0; i < 8; ++i) {
      h ^= (v >> (8 * i)) & 0xff;
      h *= 1099511628211ull;
    }
  };
  for (const Run& r : runs_) {
    mix(r.code);
    mix(r.count);
  }
  mix(elements_);
  return h;
}

}  // namespace assay::core

namespace assay::core {

TypeSignature TypeSignature::prefix(std::uint64_t elements) const {
  TypeSignature out;
  for (const Run& r : runs_) {
    if (out.elements_ >= elements) break;
    out.append(r.code, std::min(r.count, elements - out.elements_));
  }
  return out;
}

bool TypeSignature::contains(std::uint32_t code) const {
  for (const Run& r : runs_)
    if (r.code == code) return true;
  return false;
}

}  // namespace assay::core
