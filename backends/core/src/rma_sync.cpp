#include "assay/core/rma_sync.hpp"

#include <algorithm>

namespace assay::core {

namespace {
// Accumulates that differ in op or type break atomicity (rma.remote.atomicity)
// even from one origin; other incompatible pairs are plain conflicts.
bool both_accumulates(const RmaAccess& a, const RmaAccess& b) {
  return a.kind == RmaAccessKind::accumulate && b.kind == RmaAccessKind::accumulate;
}
}  // namespace

void RmaSync::report(ErrorClass c, std::string message, std::vector<Access> accesses) {
  sink_({c, std::move(message), std::move(accesses)});
}

void RmaSync::complete(Win w, Window& win, int target, RmaCompletion how) {
  auto it = win.pending.find(target);
  if (it == win.pending.end()) return;
  track_peak(win);
  if (completed_ && it->second.nodes() > 0) completed_(w, target, how, it->second.intervals());
  win.pending.erase(it);
}

void RmaSync::complete_all(Win w, Window& win, RmaCompletion how) {
  while (!win.pending.empty()) complete(w, win, win.pending.begin()->first, how);
}

void RmaSync::track_peak(Window& win) {
  std::size_t nodes = 0, depth = 0, bytes = 0;
  for (const auto& [t, set] : win.pending) {
    nodes += set.nodes();
    depth = std::max(depth, set.depth());
    bytes += set.bytes();
  }
  if (win.remote) {
    nodes += win.remote->nodes();
    depth = std::max(depth, win.remote->depth());
    bytes += win.remote->bytes();
  }
  win.peak_nodes = std::max(win.peak_nodes, nodes);
  win.peak_depth = std::max(win.peak_depth, depth);
  win.peak_bytes = std::max(win.peak_bytes, bytes);
}

RemoteAccesses* RmaSync::remote(Win w) {
  auto it = windows_.find(w);
  return it == windows_.end() ? nullptr : &*it->second.remote;
}

RmaSync::Window* RmaSync::find(Win w, const Site& site) {
  auto it = windows_.find(w);
  if (it != windows_.end()) return &it->second;
  // Name the last MPI_Win_free too: the handle is usually that freed window.
  report(ErrorClass::rma_window_invalid, site.op + " on a window that is not (or no longer) valid",
         last_freed_ ? std::vector<Access>{call(site), call(*last_freed_)} : std::vector<Access>{call(site)});
  return nullptr;
}

void RmaSync::created(Win w, const Site& site, int my_rank, std::vector<WindowTarget> targets,
                      unsigned accumulate_ordering) {
  Window win;
  win.created_at = site;
  win.my_rank = my_rank;
  win.targets = std::move(targets);
  win.accumulate_ordering = accumulate_ordering;
  win.remote.emplace(sink_);
  windows_[w] = std::move(win);
}

bool RmaSync::free_check(Win w, const Site& site) {
  Window* win = find(w, site);
  if (!win) return false;
  if (win->free_checked) return true;
  win->free_checked = true;
  auto open = [&](const Site& opened) {
    report(ErrorClass::rma_window_free_with_epoch,
           "MPI_Win_free while an epoch opened by " + opened.op + " is still open",
           {call(site), call(opened)});
  };
  if (!win->locks.empty()) open(win->locks.begin()->second);
  else if (win->lock_all) open(*win->lock_all);
  else if (win->start) open(*win->start);
  else if (win->post) open(*win->post);
  else if (win->fence_epoch && win->ops_since_fence && win->last_fence)
    open(win->last_op ? *win->last_op : *win->last_fence);  // the operation the free abandons
  return true;
}

void RmaSync::freed(Win w, const Site& site) {
  if (!free_check(w, site)) return;
  windows_.erase(w);
  std::erase_if(request_reads_, [w](const auto& entry) { return entry.second.w == w; });
  last_freed_ = site;
}

void RmaSync::fence(Win w, unsigned asserts, const Site& site) {
  Window* win = find(w, site);
  if (!win) return;
  if ((asserts & no_precede) && win->ops_since_fence && win->last_fence)
    report(ErrorClass::rma_sync_assert_violation,
           "MPI_Win_fence with MPI_MODE_NOPRECEDE although operations were issued since the last fence",
           {call(site), call(win->last_op ? *win->last_op : *win->last_fence)});
  if (win->start || win->post || win->lock_all || !win->locks.empty()) {
    const Site& opened = win->start ? *win->start : win->post ? *win->post
                         : win->lock_all ? *win->lock_all : win->locks.begin()->second;
    report(ErrorClass::rma_sync_mixed_modes,
           "MPI_Win_fence inside an epoch opened by " + opened.op + " (synchronisation modes mixed)",
           {call(site), call(opened)});
  }
  win->fence_epoch = (asserts & no_succeed) == 0;
  win->fence_no_succeed = !win->fence_epoch;
  win->ops_since_fence = false;
  win->last_op.reset();
  win->last_fence = site;
  win->last_closed = site;
  complete_all(w, *win, RmaCompletion::active);
}

// MPI-3.1 §11.5: distinct access epochs of one window at one process must be
// disjoint. A fence epoch is one once an operation is issued in it (that
// operation waits for the next fence), so a lock, lock_all or start while one
// is pending opens a second access epoch; an empty fence epoch may never
// become one and is not reported.
bool RmaSync::mixed_into_fence(Window& win, const Site& site) {
  if (!win.fence_epoch || !win.ops_since_fence || !win.last_fence) return false;
  report(ErrorClass::rma_sync_mixed_modes,
         site.op + " inside a fence epoch in which operations are pending (synchronisation modes mixed)",
         {call(site), call(*win.last_fence), call(win.last_op ? *win.last_op : *win.last_fence)});
  return true;
}

void RmaSync::lock(Win w, int target, const Site& site, bool exclusive) {
  Window* win = find(w, site);
  if (!win) return;
  if (auto held = win->locks.find(target); held != win->locks.end())
    report(ErrorClass::rma_sync_double_epoch, "MPI_Win_lock on a target this rank has already locked",
           {call(site), call(held->second)});
  else if (win->lock_all)
    report(ErrorClass::rma_sync_double_epoch, "MPI_Win_lock inside an MPI_Win_lock_all epoch",
           {call(site), call(*win->lock_all)});
  else {
    if (win->start)
      report(ErrorClass::rma_sync_mixed_modes,
             "MPI_Win_lock inside a PSCW access epoch (synchronisation modes mixed)",
             {call(site), call(*win->start)});
    else
      mixed_into_fence(*win, site);
    win->locks[target] = site;
    win->exclusive[target] = exclusive;
  }
}

void RmaSync::unlock(Win w, int target, const Site& site) {
  Window* win = find(w, site);
  if (!win) return;
  if (win->locks.erase(target) == 0) {
    report(ErrorClass::rma_sync_unmatched, "MPI_Win_unlock of a target this rank has not locked",
           {call(site)});
    return;
  }
  win->last_closed = site;
  const bool exclusive = win->exclusive[target];
  win->exclusive.erase(target);
  complete(w, *win, target, exclusive ? RmaCompletion::unlock_exclusive : RmaCompletion::unlock_shared);
}

void RmaSync::lock_all(Win w, const Site& site) {
  Window* win = find(w, site);
  if (!win) return;
  if (win->lock_all || !win->locks.empty())
    report(ErrorClass::rma_sync_double_epoch, "MPI_Win_lock_all inside another passive-target epoch",
           {call(site), call(win->lock_all ? *win->lock_all : win->locks.begin()->second)});
  else {
    if (win->start)
      report(ErrorClass::rma_sync_mixed_modes,
             "MPI_Win_lock_all inside a PSCW access epoch (synchronisation modes mixed)",
             {call(site), call(*win->start)});
    else
      mixed_into_fence(*win, site);
    win->lock_all = site;
  }
}

void RmaSync::unlock_all(Win w, const Site& site) {
  Window* win = find(w, site);
  if (!win) return;
  if (!win->lock_all) {
    report(ErrorClass::rma_sync_unmatched, "MPI_Win_unlock_all without MPI_Win_lock_all", {call(site)});
    return;
  }
  win->lock_all.reset();
  win->last_closed = site;
  complete_all(w, *win, RmaCompletion::unlock_shared);
}

void RmaSync::flush(Win w, std::optional<int> target, const Site& site) {
  Window* win = find(w, site);
  if (!win) return;
  const bool passive = win->lock_all || (target ? win->locks.count(*target) != 0 : !win->locks.empty());
  if (!passive)
    report(ErrorClass::rma_sync_unmatched, site.op + " outside a passive-target epoch", {call(site)});
  if (target) complete(w, *win, *target, RmaCompletion::flush);
  else complete_all(w, *win, RmaCompletion::flush);
}

void RmaSync::start(Win w, const Site& site) {
  Window* win = find(w, site);
  if (!win) return;
  if (win->start)
    report(ErrorClass::rma_sync_double_epoch, "MPI_Win_start while an access epoch is already open",
           {call(site), call(*win->start)});
  else if (win->lock_all || !win->locks.empty())
    report(ErrorClass::rma_sync_mixed_modes,
           "MPI_Win_start inside a passive-target epoch (synchronisation modes mixed)",
           {call(site), call(win->lock_all ? *win->lock_all : win->locks.begin()->second)});
  else
    mixed_into_fence(*win, site);
  win->start = site;
}

void RmaSync::complete(Win w, const Site& site) {
  Window* win = find(w, site);
  if (!win) return;
  if (!win->start) {
    report(ErrorClass::rma_sync_unmatched, "MPI_Win_complete without MPI_Win_start", {call(site)});
    return;
  }
  win->start.reset();
  win->last_closed = site;
  complete_all(w, *win, RmaCompletion::active);
}

void RmaSync::post(Win w, const Site& site) {
  Window* win = find(w, site);
  if (!win) return;
  if (win->post)
    report(ErrorClass::rma_sync_double_epoch, "MPI_Win_post while an exposure epoch is already open",
           {call(site), call(*win->post)});
  win->post = site;
}

void RmaSync::wait(Win w, const Site& site) {
  Window* win = find(w, site);
  if (!win) return;
  if (!win->post) {
    report(ErrorClass::rma_sync_unmatched, site.op + " without MPI_Win_post", {call(site)});
    return;
  }
  win->post.reset();
}

bool RmaSync::in_epoch(const Window& win, int target) const {
  return win.fence_epoch || win.lock_all || win.start || win.locks.count(target) != 0;
}

void RmaSync::outside_epoch(const Window& win, const Site& site) {
  if (win.fence_no_succeed && win.last_fence)
    report(ErrorClass::rma_sync_assert_violation,
           site.op + " after MPI_Win_fence(MPI_MODE_NOSUCCEED) promised no further epoch",
           {call(site), call(*win.last_fence)});
  else
    report(ErrorClass::rma_sync_missing_epoch, site.op + " outside any access epoch to its target",
           win.last_closed ? std::vector<Access>{call(site), call(*win.last_closed)} : std::vector<Access>{call(site)});
}

void RmaSync::null_operation(Win w, const Site& site) {
  Window* win = find(w, site);
  if (win && !win->fence_epoch && !win->lock_all && !win->start && win->locks.empty()) outside_epoch(*win, site);
}

void RmaSync::operation(Win w, const RmaOperation& op) {
  const Site& site = op.access.site;
  Window* win = find(w, site);
  if (!win) return;
  if (!in_epoch(*win, op.target)) {
    outside_epoch(*win, site);
    return;
  }
  // Only an operation no other epoch covers waits for the next fence.
  if (!win->lock_all && !win->start && win->locks.count(op.target) == 0) {
    win->ops_since_fence = true;
    win->last_op = site;
  }
  if (op.target < 0 || static_cast<std::size_t>(op.target) >= win->targets.size()) return;
  const WindowTarget& t = win->targets[static_cast<std::size_t>(op.target)];
  const std::int64_t lo = op.target_disp * static_cast<std::int64_t>(t.disp_unit);
  const std::uint64_t hi = static_cast<std::uint64_t>(lo) + op.target_bytes;
  if (lo < 0 || hi > t.size) {
    report(ErrorClass::rma_window_out_of_bounds,
           site.op + " accesses bytes [" + std::to_string(lo) + ", " + std::to_string(hi) +
               ") of a window part of " + std::to_string(t.size) + " bytes on rank " +
               std::to_string(op.target),
           {call(site), call(win->created_at)});
    return;
  }
  IntervalSet& set = win->pending[op.target];
  const auto base = static_cast<std::uint64_t>(lo);
  if (op.access.request) request_reads_[op.access.request] = {w, op.target, base, hi};
  std::vector<std::pair<std::uint64_t, std::uint64_t>> blocks = op.blocks;
  if (blocks.empty()) blocks.emplace_back(0, op.target_bytes);
  for (const auto& [b_lo, b_hi] : blocks) {
    // A block starts on an element boundary (the element type is basic), so
    // its element phase follows from its byte offset in the window.
    RmaAccess a = op.access;
    if (a.kind == RmaAccessKind::accumulate && op.element_size > 0)
      a.phase = static_cast<std::uint32_t>((base + b_lo) % op.element_size);
    if (auto c = set.insert(base + b_lo, base + b_hi, a, false, win->accumulate_ordering)) {
      report(both_accumulates(c->previous, op.access) ? ErrorClass::rma_remote_atomicity
                                                    : ErrorClass::rma_local_same_origin_conflict,
           site.op + " and an earlier " + c->previous.site.op + " of this rank touch bytes [" +
               std::to_string(c->lo) + ", " + std::to_string(c->hi) + ") of rank " +
               std::to_string(op.target) + " in one epoch without ordering",
           {Access{site, AccessKind::call, 0, 0, op.access.time, 0},
            Access{c->previous.site, AccessKind::call, 0, 0, c->previous.time, 0}});
      break;
    }
  }
  track_peak(*win);
}

void RmaSync::request_completed(std::uint64_t request) {
  const auto it = request_reads_.find(request);
  if (it == request_reads_.end()) return;
  const RequestRead r = it->second;
  request_reads_.erase(it);
  const auto found = windows_.find(r.w);
  if (found == windows_.end()) return;
  Window& win = found->second;
  // Request-based operations belong to passive-target epochs (MPI-3.1 §11.3.5).
  const bool locked = win.locks.count(r.target) != 0;
  if (!locked && !win.lock_all) return;
  const auto set = win.pending.find(r.target);
  if (set == win.pending.end()) return;  // its epoch already completed it
  std::vector<Interval> done = set->second.take_request(request, r.lo, r.hi);
  const bool under_exclusive = locked && win.exclusive[r.target];
  if (completed_ && !done.empty())
    completed_(r.w, r.target, under_exclusive ? RmaCompletion::unlock_exclusive : RmaCompletion::unlock_shared,
               std::move(done));
}

void RmaSync::finalize() {
  for (const auto& [w, win] : windows_)
    report(ErrorClass::rma_window_leak, "window created here was never freed before MPI_Finalize",
           {call(win.created_at)});
  windows_.clear();
}

std::optional<WindowMemory> RmaSync::memory(Win w) const {
  auto it = windows_.find(w);
  if (it == windows_.end()) return std::nullopt;
  const Window& win = it->second;
  WindowMemory m;
  if (static_cast<std::size_t>(win.my_rank) < win.targets.size())
    m.window_bytes = win.targets[static_cast<std::size_t>(win.my_rank)].size;
  for (const auto& [t, set] : win.pending) {
    m.nodes += set.nodes();
    m.depth = std::max(m.depth, set.depth());
    m.bytes += set.bytes();
  }
  if (win.remote) {
    m.nodes += win.remote->nodes();
    m.depth = std::max(m.depth, win.remote->depth());
    m.bytes += win.remote->bytes();
  }
  m.peak_nodes = std::max({win.peak_nodes, m.nodes, win.remote ? win.remote->epoch_peak() : 0});
  m.peak_depth = std::max({win.peak_depth, m.depth, win.remote ? win.remote->epoch_peak_depth() : 0});
  m.peak_bytes = std::max({win.peak_bytes, m.bytes, win.remote ? win.remote->epoch_peak_bytes() : 0});
  return m;
}

}  // namespace assay::core
