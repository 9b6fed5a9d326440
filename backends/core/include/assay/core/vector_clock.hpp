#pragma once
// Vector clocks (Lamport's happens-before, Mattern/Fidge clocks; the model of
// seed 003, Butelle & Coti): entry i counts the events of process i this
// process has heard of. a happened before b exactly when a <= b entrywise and
// a != b; neither way round, the two are concurrent.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace assay::core {

enum class Order { before, after, equal, concurrent };

class VectorClock {
 public:
  VectorClock() = default;
  explicit VectorClock(std::size_t processes) : t_(processes, 0) {}

  std::size_t size() const { return t_.size(); }
  std::uint32_t operator[](std::size_t i) const { return i < t_.size() ? t_[i] : 0; }
  const std::vector<std::uint32_t>& entries() const { return t_; }
  void assign(const std::uint32_t* entries, std::size_t n) { t_.assign(entries, entries + n); }

  // A local event of process `self` (a send, a completion, an access).
  void tick(std::size_t self);
  // What a message or synchronisation brought: the entrywise maximum.
  void join(const VectorClock& other);
  Order compare(const VectorClock& other) const;

 private:
  std::vector<std::uint32_t> t_;
};

// One event: process `process` at its own count `time` (its clock's entry when
// the event happened). A clock knows the event, i.e. the event happened before
// whatever carries that clock, when its entry for the process reached `time`.
// This is how a single event is tested against a clock in O(1).
struct Stamp {
  std::size_t process = 0;
  std::uint32_t time = 0;
};
inline Stamp stamp(const VectorClock& c, std::size_t self) { return {self, c[self]}; }
inline bool knows(const VectorClock& c, const Stamp& e) { return e.time != 0 && c[e.process] >= e.time; }

}  // namespace assay::core
