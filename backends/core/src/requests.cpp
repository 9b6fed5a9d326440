#include "assay/core/requests.hpp"

namespace assay::core {

void RequestTracker::created(Handle h, const void* variable, RequestKind kind, bool persistent,
                             const Site& site) {
  // Overwriting an active request's variable is only an error when the request
  // is then lost; a copy of the handle may still complete it, so decide at
  // finalize.
  if (auto v = variables_.find(variable); v != variables_.end() && v->second != h) {
    if (auto old = live_.find(v->second); old != live_.end() && old->second.active)
      overwritten_[v->second] = Overwrite{v->second, site};
  }
  live_[h] = Request{kind, persistent, !persistent, false, variable, site};
  variables_[variable] = h;
  retired_.erase(h);
}

void RequestTracker::started(Handle h, const Site& site) {
  auto r = live_.find(h);
  if (r == live_.end()) return;
  if (r->second.active) {
    sink_({ErrorClass::nb_request_persistent_start_active,
           "MPI_Start on a persistent request that is still active",
           {call(site), call(r->second.created_at)}});
  }
  r->second.active = true;
  r->second.ever_started = true;
}

void RequestTracker::waiting(Handle h, const Site& site) {
  if (retired_.count(h) != 0) {
    sink_({ErrorClass::nb_request_double_completion,
           "wait/test on a request that was already completed or freed", {call(site)}});
    return;
  }
  auto r = live_.find(h);
  if (r != live_.end() && r->second.persistent && !r->second.ever_started) {
    sink_({ErrorClass::nb_request_persistent_missing_start,
           "wait/test on a persistent request that was never started",
           {call(site), call(r->second.created_at)}});
  }
}

void RequestTracker::completed(Handle h) {
  auto r = live_.find(h);
  if (r == live_.end()) return;
  overwritten_.erase(h);
  if (r->second.persistent) {
    r->second.active = false;
    return;
  }
  retire(h);
}

void RequestTracker::freed(Handle h) {
  overwritten_.erase(h);
  if (live_.count(h) != 0) retire(h);
}

void RequestTracker::retire(Handle h) {
  auto r = live_.find(h);
  if (auto v = variables_.find(r->second.variable); v != variables_.end() && v->second == h)
    variables_.erase(v);
  live_.erase(r);
  retired_.insert(h);
}

void RequestTracker::finalize() {
  for (const auto& [h, r] : live_) {
    if (auto o = overwritten_.find(h); o != overwritten_.end()) {
      sink_({ErrorClass::nb_request_reuse_active,
             "request handle overwritten by a new operation while still active; the first request is lost",
             {call(o->second.by), call(r.created_at)}});
      continue;
    }
    bool collective = r.kind == RequestKind::collective;
    std::string what = r.persistent && !r.active ? "persistent request never freed"
                                                 : "request never completed";
    sink_({collective ? ErrorClass::coll_request_missing_completion
                      : ErrorClass::nb_request_missing_completion,
           what + " before MPI_Finalize", {call(r.created_at)}});
  }
  live_.clear();
  variables_.clear();
  overwritten_.clear();
}

std::size_t RequestTracker::active_count() const {
  std::size_t n = 0;
  for (const auto& [h, r] : live_) n += r.active ? 1 : 0;
  return n;
}

}  // namespace assay::core
