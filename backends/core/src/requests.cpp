#include "assay/core/requests.hpp"

namespace assay::core {
namespace {

// Both lists are sorted and disjoint: a merge walk finds the first common byte.
const ByteRange* first_overlap(const std::vector<ByteRange>& a, const std::vector<ByteRange>& b) {
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (a[i].hi <= b[j].lo) ++i;
    else if (b[j].hi <= a[i].lo) ++j;
    else return &a[i];
  }
  return nullptr;
}

Access buffer_access(const Site& s, const ByteRange& r, bool writes) {
  Access a = call(s);
  a.kind = writes ? AccessKind::write : AccessKind::read;
  a.addr = static_cast<std::uintptr_t>(r.lo);
  a.size = static_cast<std::size_t>(r.hi - r.lo);
  return a;
}

}  // namespace

void RequestTracker::created(Handle h, const void* variable, RequestKind kind, bool persistent,
                             const Site& site) {
  // Overwriting an active request's variable is only an error when the request
  // is then lost; a copy of the handle may still complete it, so decide at
  // finalize.
  if (auto v = variables_.find(variable); v != variables_.end() && v->second != h) {
    if (auto old = live_.find(v->second); old != live_.end() && old->second.active)
      overwritten_[v->second] = Overwrite{v->second, site};
  }
  if (auto same = live_.find(h); same != live_.end() && same->second.active && !persistent) {
    ++same->second.instances;  // a shared handle value: count it, do not lose the first
    if (auto v = variables_.find(variable); v != variables_.end() && v->second == h)
      overwritten_[h] = Overwrite{h, site};
    variables_[variable] = h;
    return;
  }
  live_[h] = Request{kind, persistent, !persistent, false, variable, site, site, std::nullopt, std::nullopt, {}, {}};
  variables_[variable] = h;
  retired_.erase(h);  // MPI may hand out a freed handle value again
}

void RequestTracker::buffer(Handle h, std::vector<ByteRange> reads, std::vector<ByteRange> writes) {
  auto r = live_.find(h);
  if (r == live_.end()) return;
  r->second.reads = std::move(reads);
  r->second.writes = std::move(writes);
  if (r->second.active) check_overlap(h);
}

void RequestTracker::check_overlap(Handle h) {
  const Request& me = live_.at(h);
  if (me.reads.empty() && me.writes.empty()) return;
  struct Pair {  // bytes of mine against bytes of another: one side at least is written
    const std::vector<ByteRange>& mine;
    bool mine_written;
    const std::vector<ByteRange>& other;
    bool other_written;
  };
  for (const auto& [oh, o] : live_) {
    if (oh == h || !o.active) continue;
    for (const Pair& p : {Pair{me.writes, true, o.writes, true}, Pair{me.writes, true, o.reads, false},
                          Pair{me.reads, false, o.writes, true}}) {
      if (const ByteRange* at = first_overlap(p.mine, p.other)) {
        sink_({ErrorClass::nb_buffer_overlap,
               "buffer of a new nonblocking operation overlaps the buffer of an active one and one of them is written by MPI",
               {buffer_access(me.started_at, *at, p.mine_written), buffer_access(o.started_at, *at, p.other_written)}});
        return;  // one finding per operation
      }
    }
  }
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
  r->second.started_at = site;
  check_overlap(h);
}

bool RequestTracker::retired_use(Handle h, const Site& site) {
  auto old = retired_.find(h);
  if (old == retired_.end()) return false;
  sink_({ErrorClass::nb_request_double_completion,
         "wait/test/free on a request that was already completed or freed (stale copy of its handle)",
         {call(site), call(old->second)}});
  return true;
}

void RequestTracker::waiting(Handle h, const Site& site, bool single) {
  if (retired_use(h, site)) return;
  auto r = live_.find(h);
  if (r == live_.end()) return;
  r->second.polled_at = site;
  if (!r->second.persistent || r->second.active) return;
  // A wait on an inactive request is legal and returns at once (MPI-3.1 §3.7.3).
  // Once started, only the single wait/test that completed it, reached again
  // without a restart (a loop that starts the request once), says a start is
  // missing; a different, second wait is not.
  const std::optional<Site>& by = r->second.completed_by;
  const bool again = by && by->pc != 0 && by->pc == site.pc;
  if (!r->second.ever_started || (single && again)) {
    sink_({ErrorClass::nb_request_persistent_missing_start,
           r->second.ever_started ? "wait/test on a persistent request that was not restarted since its last completion"
                                  : "wait/test on a persistent request that was never started",
           {call(site), call(r->second.created_at)}});
  }
}

void RequestTracker::freeing(Handle h, const Site& site) { retired_use(h, site); }

void RequestTracker::completed(Handle h) {
  auto r = live_.find(h);
  if (r == live_.end()) return;
  if (r->second.persistent) {
    overwritten_.erase(h);
    r->second.active = false;
    r->second.completed_by = r->second.polled_at;
    return;
  }
  if (--r->second.instances > 0) return;  // a lost request may still share the handle
  overwritten_.erase(h);
  retire(h);
}

void RequestTracker::freed(Handle h) {
  overwritten_.erase(h);
  auto r = live_.find(h);
  if (r == live_.end()) return;
  if (!r->second.persistent && --r->second.instances > 0) return;
  retire(h);
}

void RequestTracker::retire(Handle h) {
  auto r = live_.find(h);
  if (auto v = variables_.find(r->second.variable); v != variables_.end() && v->second == h)
    variables_.erase(v);
  retired_[h] = r->second.created_at;
  live_.erase(r);
}

void RequestTracker::finalize() {
  for (const auto& [h, r] : live_) {
    if (auto o = overwritten_.find(h); o != overwritten_.end()) {
      // A lost collective request is a collective never completed (MPI-3.1 §5.12).
      if (r.kind == RequestKind::collective)
        sink_({ErrorClass::coll_request_missing_completion,
               "nonblocking collective never completed: its request handle was overwritten by a new operation",
               {call(r.created_at), call(o->second.by)}});
      else
        sink_({ErrorClass::nb_request_reuse_active,
               "request handle overwritten by a new operation while still active; the first request is lost",
               {call(o->second.by), call(r.created_at)}});
      continue;
    }
    // An inactive persistent request has nothing to complete: it is a leaked
    // handle (MPI-3.1 §3.9, MPI_Request_free deallocates it).
    if (r.persistent && !r.active) {
      sink_({ErrorClass::res_leak_request, "persistent request never freed before MPI_Finalize",
             {call(r.created_at)}});
      continue;
    }
    bool collective = r.kind == RequestKind::collective;
    std::string what = "request never completed";
    sink_({collective ? ErrorClass::coll_request_missing_completion
                      : ErrorClass::nb_request_missing_completion,
           what + " before MPI_Finalize" +
               (r.polled_at ? " (last named in a wait/test that did not complete it)" : ""),
           r.polled_at ? std::vector<Access>{call(r.created_at), call(*r.polled_at)}
                       : std::vector<Access>{call(r.created_at)}});
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
