#include "assay/core/resources.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace assay::core {

std::string_view name(ResourceKind k) {
  switch (k) {
    case ResourceKind::communicator: return "communicator";
    case ResourceKind::datatype: return "datatype";
    case ResourceKind::group: return "group";
    case ResourceKind::op: return "op";
  }
  return "handle";
}

namespace {
ErrorClass leak_class(ResourceKind k) {
  switch (k) {
    case ResourceKind::communicator: return ErrorClass::res_leak_communicator;
    case ResourceKind::datatype: return ErrorClass::res_leak_datatype;
    case ResourceKind::group: return ErrorClass::res_leak_group;
    case ResourceKind::op: return ErrorClass::res_leak_op;
  }
  return ErrorClass::res_leak_communicator;
}
}  // namespace

void ResourceTracker::created(ResourceKind k, std::uint64_t handle, Site site) {
  // A handle value MPI hands out again after a free is a new resource.
  live_[{k, handle}] = Entry{std::move(site), next_++};
}

void ResourceTracker::freed(ResourceKind k, std::uint64_t handle) { live_.erase({k, handle}); }

void ResourceTracker::finalize(const Site& at) {
  std::vector<std::pair<std::uint64_t, std::pair<ResourceKind, const Entry*>>> order;
  for (const auto& [key, e] : live_) order.push_back({e.order, {key.first, &e}});
  std::sort(order.begin(), order.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [n, ke] : order) {
    const auto& [k, e] = ke;
    sink_(Finding{leak_class(k),
                  "a " + std::string(name(k)) + " created by " + e->site.op +
                      " is never freed before " + at.op,
                  {call(e->site), call(at)}});
  }
  live_.clear();
}

std::size_t ResourceTracker::live(ResourceKind k) const {
  return static_cast<std::size_t>(
      std::count_if(live_.begin(), live_.end(), [k](const auto& e) { return e.first.first == k; }));
}

bool Lifecycle::call(const Site& site) {
  if (phase_ == Phase::active) return false;
  const bool before = phase_ == Phase::before_init;
  sink_(Finding{ErrorClass::res_lifecycle_call_outside_init,
                site.op + (before ? " is called before MPI_Init" : " is called after MPI_Finalize"),
                {core::call(site)}});
  return true;
}

void Lifecycle::initialized(const Site& site) {
  init_ = site;
  phase_ = Phase::active;
}

void Lifecycle::finalized() { phase_ = Phase::finalized; }

void ThreadLevel::provided(Level level, std::uint64_t main_thread, Site init) {
  level_ = level;
  main_ = main_thread;
  init_ = std::move(init);
}

const char* ThreadLevel::violation(const char* why) { return reported_.exchange(true) ? nullptr : why; }

void ThreadLevel::report(const Site& site, const char* why) {
  sink_(Finding{ErrorClass::res_thread_level_violation, site.op + " " + why, {call(site), call(init_)}});
}

const char* ThreadLevel::enter(std::uint64_t thread) {
  if (level_ == multiple) return nullptr;
  const bool overlap = inside_.fetch_add(1) > 0;  // leave() undoes it in every case
  if (level_ < serialized && thread != main_)
    return violation(level_ == single
                         ? "is called from a second thread, but MPI provides only MPI_THREAD_SINGLE"
                         : "is called from a thread other than the main thread under MPI_THREAD_FUNNELED");
  if (overlap)
    return violation("overlaps an MPI call of another thread, but MPI does not provide MPI_THREAD_MULTIPLE");
  return nullptr;
}

bool ThreadLevel::handed_over(std::uint64_t thread) {
  return level_ == serialized && last_.exchange(thread) != thread;
}

void ThreadLevel::leave() {
  if (level_ == multiple) return;
  inside_.fetch_sub(1);
}

}  // namespace assay::core
