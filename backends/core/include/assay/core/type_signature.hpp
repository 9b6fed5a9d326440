#pragma once
// A type signature (MPI-3.1 §3.3.1): the sequence of basic types a buffer
// holds, run-length encoded so that 2 x MPI_INT and 1 x contiguous(2, MPI_INT)
// give the same signature. Summarised as (element count, hash) for exchange.
#include <cstdint>
#include <vector>

namespace assay::core {

class TypeSignature {
 public:
  // Append `count` elements of the basic type `code` (codes are the backend's).
  void append(std::uint32_t code, std::uint64_t count);
  // Append `times` copies of another signature.
  void append(const TypeSignature& other, std::uint64_t times);

  std::uint64_t elements() const { return elements_; }
  std::uint64_t hash() const;
  // The signature of the first `elements` elements (all of them when fewer):
  // what a receive with this signature expects of a shorter message.
  TypeSignature prefix(std::uint64_t elements) const;
  // True when some element has basic type `code`.
  bool contains(std::uint32_t code) const;
  bool operator==(const TypeSignature& o) const { return runs_ == o.runs_; }

 private:
  struct Run {
    std::uint32_t code;
    std::uint64_t count;
    bool operator==(const Run&) const = default;
  };
  std::vector<Run> runs_;
  std::uint64_t elements_ = 0;
};

}  // namespace assay::core
