#include "assay/core/wait_for.hpp"

#include <algorithm>
#include <functional>

namespace assay::core {

namespace {

bool accepts(const Wait& recv, int from, int tag, std::uint64_t comm) {
  return recv.comm == comm && (recv.peer == -1 || recv.peer == from) && (recv.tag == -1 || recv.tag == tag);
}

// A receive of `r` that some blocked send or arrived message satisfies, a send
// some blocked receive takes, a collective all its members are in, or a
// finalize everybody reached.
bool satisfiable(const std::vector<ProcessState>& states, int r, const Wait& w) {
  switch (w.kind) {
    case WaitKind::receive: {
      for (const PendingMessage& m : states[static_cast<std::size_t>(r)].arrived)
        if (accepts(w, m.from, m.tag, m.comm)) return true;
      for (const ProcessState& s : states)
        for (const Wait& sw : s.waits)
          if (sw.kind == WaitKind::send && sw.peer == r && accepts(w, s.rank, sw.tag, sw.comm)) return true;
      return false;
    }
    case WaitKind::send: {
      if (w.peer < 0 || static_cast<std::size_t>(w.peer) >= states.size()) return true;  // unknown: assume progress
      for (const Wait& rw : states[static_cast<std::size_t>(w.peer)].waits)
        if (rw.kind == WaitKind::receive && accepts(rw, r, w.tag, w.comm)) return true;
      return false;
    }
    case WaitKind::collective:
      for (int m : w.members) {
        if (m < 0 || static_cast<std::size_t>(m) >= states.size()) return true;
        const auto& mw = states[static_cast<std::size_t>(m)].waits;
        if (std::none_of(mw.begin(), mw.end(), [&](const Wait& x) {
              return x.kind == WaitKind::collective && x.comm == w.comm;
            }))
          return false;
      }
      return true;
    case WaitKind::finalize:
      return std::all_of(states.begin(), states.end(), [](const ProcessState& s) {
        return std::any_of(s.waits.begin(), s.waits.end(), [](const Wait& x) { return x.kind == WaitKind::finalize; });
      });
  }
  return true;
}

// Who `r` waits for.
std::vector<int> waits_for(const std::vector<ProcessState>& states, int r) {
  std::vector<int> out;
  auto add = [&](int p) {
    if (p >= 0 && p != r && static_cast<std::size_t>(p) < states.size() &&
        std::find(out.begin(), out.end(), p) == out.end())
      out.push_back(p);
  };
  for (const Wait& w : states[static_cast<std::size_t>(r)].waits) {
    switch (w.kind) {
      case WaitKind::receive:
      case WaitKind::send:
        if (w.peer >= 0) add(w.peer);
        else
          for (const ProcessState& s : states) add(s.rank);
        break;
      case WaitKind::collective:
        for (int m : w.members) add(m);
        break;
      case WaitKind::finalize:
        for (const ProcessState& s : states) {
          const bool in_finalize = std::any_of(s.waits.begin(), s.waits.end(),
                                               [](const Wait& x) { return x.kind == WaitKind::finalize; });
          if (!in_finalize) add(s.rank);
        }
        break;
    }
  }
  return out;
}

std::vector<int> find_cycle(const std::vector<ProcessState>& states) {
  const std::size_t n = states.size();
  std::vector<int> colour(n, 0), path;  // 0 new, 1 on the path, 2 done
  std::vector<int> cycle;
  std::function<bool(int)> visit = [&](int r) {
    colour[static_cast<std::size_t>(r)] = 1;
    path.push_back(r);
    for (int p : waits_for(states, r)) {
      if (colour[static_cast<std::size_t>(p)] == 1) {
        cycle.assign(std::find(path.begin(), path.end(), p), path.end());
        return true;
      }
      if (colour[static_cast<std::size_t>(p)] == 0 && visit(p)) return true;
    }
    path.pop_back();
    colour[static_cast<std::size_t>(r)] = 2;
    return false;
  };
  for (std::size_t r = 0; r < n; ++r)
    if (colour[r] == 0 && visit(static_cast<int>(r))) return cycle;
  return {};
}

}  // namespace

DeadlockVerdict analyse_deadlock(const std::vector<ProcessState>& states) {
  DeadlockVerdict v;
  for (std::size_t i = 0; i < states.size(); ++i)
    if (!states[i].blocked || states[i].rank != static_cast<int>(i) || states[i].waits.empty())
      return v;  // computing, unknown, or blocked in something the watchdog cannot see into
  for (const ProcessState& s : states)
    for (const Wait& w : s.waits)
      if (satisfiable(states, s.rank, w)) return v;

  // Nobody can progress. A receive with a message for it that it does not
  // accept is a matching error; otherwise the processes wait for each other.
  for (const ProcessState& s : states)
    for (std::size_t i = 0; i < s.waits.size(); ++i) {
      const Wait& w = s.waits[i];
      if (w.kind != WaitKind::receive) continue;
      if (!s.arrived.empty()) {
        v.kind = DeadlockVerdict::Kind::unmatched;
        v.receiver = s.rank;
        v.receive = i;
        v.message = s.arrived.front();
        return v;
      }
      for (const ProcessState& t : states)
        for (const Wait& tw : t.waits)
          if (tw.kind == WaitKind::send && tw.peer == s.rank) {
            v.kind = DeadlockVerdict::Kind::unmatched;
            v.receiver = s.rank;
            v.receive = i;
            v.message = {t.rank, tw.tag, tw.comm};
            v.message_blocked_send = true;
            return v;
          }
    }
  v.kind = DeadlockVerdict::Kind::deadlock;
  v.ranks = find_cycle(states);
  if (v.ranks.empty())
    for (const ProcessState& s : states) v.ranks.push_back(s.rank);
  return v;
}

}  // namespace assay::core
