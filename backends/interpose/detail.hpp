#pragma once
// What the shims and the Init/Finalize wrappers share inside the layer.
#include <atomic>

#include "assay/interpose/interpose.hpp"

namespace assay::interpose::detail {

extern std::atomic<bool> active;           // between MPI_Init* and MPI_Finalize
extern int rank;                           // MPI_COMM_WORLD rank once known
extern thread_local const Call* in_progress;  // the outermost call of this thread

// Every registered checker's lifecycle hook `slot`, in registration order.
template <class Slot, class... A>
void each_lifecycle(Slot slot, A&&... a) noexcept {
  for (const Checker* c : checkers())
    if (auto fn = c->lifecycle.*slot) fn(a...);
}

// A call made while no checker is active: only the checkers' outside_init runs.
inline void outside(const Call& call) noexcept { each_lifecycle(&Lifecycle::outside_init, call); }

inline void enter(const Call& call) noexcept {
  in_progress = &call;
  each_lifecycle(&Lifecycle::enter_call, call);
}
inline void leave() noexcept {
  each_lifecycle(&Lifecycle::leave_call);
  in_progress = nullptr;
}

}  // namespace assay::interpose::detail
