// The runtime side of order-insensitive receives. The pass plugin
// (order/order.cpp) calls __assay_vclock_reduction_enter(site) each time the
// program enters a loop whose MPI_Recv only folds its messages into a
// commutative and associative reduction, and
// __assay_vclock_receive_in_reduction(site) right before that MPI_Recv. The
// receive carries {site, execution of the loop}; two of its messages that race
// within one execution cannot change the result (messages.cpp, observable).
#include <atomic>
#include <cstring>
#include <map>

#include "vclock.hpp"

namespace assay::vclock {
namespace {

// Executions are numbered over all loops and threads, so two threads in one
// loop never share one.
std::atomic<std::uint64_t> executions{0};
thread_local std::map<const void*, std::uint64_t> current;  // loop -> its execution on this thread
thread_local ReductionMark armed;

}  // namespace

void reduction_mark_call(const Call& call) {
  if (std::strcmp(call.name, "MPI_Recv") != 0) armed = {};
}

ReductionMark take_reduction_mark() {
  ReductionMark m = armed;
  armed = {};
  return m;
}

}  // namespace assay::vclock

extern "C" __attribute__((visibility("default"))) void __assay_vclock_reduction_enter(const void* site) noexcept {
  assay::vclock::current[site] = ++assay::vclock::executions;
}

extern "C" __attribute__((visibility("default"))) void __assay_vclock_receive_in_reduction(const void* site) noexcept {
  auto it = assay::vclock::current.find(site);
  assay::vclock::armed = it == assay::vclock::current.end() ? assay::vclock::ReductionMark{}
                                                            : assay::vclock::ReductionMark{site, it->second};
}
