// The registry of checkers and the process state the shims share.
#include "assay/interpose/interpose.hpp"

#include <cstdlib>
#include <string_view>

namespace assay::interpose {

thread_local int Guard::depth_ = 0;

namespace {
std::vector<const Checker*>& registry() {
  static auto* r = new std::vector<const Checker*>;  // never destroyed: hooks may run during exit
  return *r;
}

// The rank the launcher gives this process before MPI_Init tells it.
int launcher_rank() {
  for (const char* var : {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK"})
    if (const char* v = std::getenv(var); v && *v) return std::atoi(v);
  return 0;
}
}  // namespace

namespace detail {
std::atomic<bool> active{false};
int rank = -1;
thread_local const Call* in_progress = nullptr;
}  // namespace detail

void register_checker(const Checker& checker) noexcept { registry().push_back(&checker); }
const std::vector<const Checker*>& checkers() noexcept { return registry(); }

bool active() noexcept { return detail::active.load(std::memory_order_acquire); }
int world_rank() noexcept { return detail::rank >= 0 ? detail::rank : launcher_rank(); }
const Call* current_call() noexcept { return detail::in_progress; }

std::string_view family_of(std::string_view name) noexcept {
#define ASSAY_CALL(family, n, params, args) \
  if (name == #n) return #family;
#include "assay/interpose/calls.def"
#undef ASSAY_CALL
  return {};
}

core::Site Call::site() const { return core::Site{name, world_rank(), reinterpret_cast<std::uintptr_t>(pc)}; }

}  // namespace assay::interpose
