// The deadlock watchdog. A process blocked in an MPI call (vclock completes
// blocking calls as nonblocking ones it polls, and counts a loop of failing
// MPI_Test calls on one request as blocked too) announces, after waiting
// ASSAY_VCLOCK_DEADLOCK_SECONDS (default 1), what it waits for — peers, tags,
// communicators, and the messages that arrived but match none of its
// receives — to rank 0 on the watchdog's own duplicate of MPI_COMM_WORLD,
// and announces again when the call returns. Rank 0, while it is itself
// blocked, analyses the latest states (core::analyse_deadlock): when every
// process is blocked and no blocked call can complete, and nothing changed
// for another period, it reports the cycle (rank, call, file:line each) or
// the receive that can never match, and aborts the run. A process that
// computes, sleeps or blocks in a call the watchdog cannot see into is never
// blocked for it, so slow correct programs are never reported.
#include <sched.h>
#include <time.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string>

#include "assay/interpose/findings.hpp"
#include "assay/interpose/sites.hpp"
#include "vclock.hpp"

namespace assay::vclock {
namespace {

using Clock = std::chrono::steady_clock;
constexpr int tag_state = 1, tag_unblocked = 2;

double period_seconds() {
  static const double s = [] {
    const char* v = std::getenv("ASSAY_VCLOCK_DEADLOCK_SECONDS");
    double d = v ? std::atof(v) : 1.0;
    return d > 0 ? d : 1.0;
  }();
  return s;
}

// This process's blocked episode.
struct Episode {
  bool active = false, announced = false;
  std::uint64_t seq = 0;
  std::string call;
  std::uint64_t site = 0;
  std::vector<core::Wait> waits;
  Clock::time_point since{};
};
Episode& episode() {
  static Episode e;
  return e;
}

// Rank 0's view of everybody.
struct View {
  std::vector<core::ProcessState> states;
  std::vector<std::uint64_t> seqs;
  std::vector<std::vector<State::SentMessage>> sent;
  std::vector<std::uint64_t> stuck_seqs;  // the seqs when a deadlock was first seen
  Clock::time_point stuck_since{};
};
View& view() {
  static View v;
  return v;
}

std::vector<MPI_Request> pending_announcements;
std::vector<std::vector<std::uint64_t>> pending_buffers;

void put_string(std::vector<std::uint64_t>& w, const std::string& s) {
  std::uint64_t words[4] = {0, 0, 0, 0};
  std::memcpy(words, s.data(), std::min<std::size_t>(s.size(), sizeof words - 1));
  w.insert(w.end(), words, words + 4);
}

std::vector<core::PendingMessage> arrived_messages() {
  std::vector<core::PendingMessage> out;
  for (const auto& [comm, shadow] : state().shadows.all()) {
    int n = 0;
    PMPI_Comm_size(comm, &n);
    for (int src = 0; src < n; ++src) {
      int flag = 0;
      MPI_Status st;
      PMPI_Iprobe(src, MPI_ANY_TAG, comm, &flag, &st);
      if (flag) out.push_back({to_world(comm, src), st.MPI_TAG, shadow.created});
    }
  }
  return out;
}

std::vector<std::uint64_t> encode(const Episode& e) {
  std::vector<std::uint64_t> w{e.seq, 1, e.site};
  put_string(w, e.call);
  w.push_back(e.waits.size());
  for (const core::Wait& x : e.waits) {
    w.insert(w.end(), {static_cast<std::uint64_t>(x.kind), static_cast<std::uint64_t>(static_cast<std::int64_t>(x.peer)),
                       static_cast<std::uint64_t>(static_cast<std::int64_t>(x.tag)), x.comm, x.posted_site});
    put_string(w, x.posted_call);
    w.push_back(x.members.size());
    for (int m : x.members) w.push_back(static_cast<std::uint64_t>(m));
  }
  const auto arrived = arrived_messages();
  w.push_back(arrived.size());
  for (const auto& m : arrived)
    w.insert(w.end(), {static_cast<std::uint64_t>(m.from), static_cast<std::uint64_t>(static_cast<std::int64_t>(m.tag)), m.comm});
  const auto& sent = state().recent_sends;
  w.push_back(sent.size());
  for (const auto& s : sent)
    w.insert(w.end(), {static_cast<std::uint64_t>(s.dest_world), static_cast<std::uint64_t>(static_cast<std::int64_t>(s.tag)), s.comm, s.site});
  return w;
}

void decode(int from, const std::vector<std::uint64_t>& w) {
  View& v = view();
  std::size_t i = 0;
  auto next = [&]() { return i < w.size() ? w[i++] : 0; };
  auto as_int = [](std::uint64_t x) { return static_cast<int>(static_cast<std::int64_t>(x)); };
  auto next_string = [&]() {
    char s[33] = {};
    for (int k = 0; k < 4; ++k) {
      std::uint64_t x = next();
      std::memcpy(s + 8 * k, &x, 8);
    }
    return std::string(s);
  };
  core::ProcessState& p = v.states[static_cast<std::size_t>(from)];
  p = core::ProcessState{};
  p.rank = from;
  v.seqs[static_cast<std::size_t>(from)] = next();
  p.blocked = next() != 0;
  p.site = next();
  p.call = next_string();
  for (std::uint64_t n = next(); n > 0; --n) {
    core::Wait x;
    x.kind = static_cast<core::WaitKind>(next());
    x.peer = as_int(next());
    x.tag = as_int(next());
    x.comm = next();
    x.posted_site = next();
    x.posted_call = next_string();
    for (std::uint64_t m = next(); m > 0; --m) x.members.push_back(as_int(next()));
    p.waits.push_back(std::move(x));
  }
  for (std::uint64_t n = next(); n > 0; --n) {
    core::PendingMessage m;
    m.from = as_int(next());
    m.tag = as_int(next());
    m.comm = next();
    p.arrived.push_back(m);
  }
  auto& sent = v.sent[static_cast<std::size_t>(from)];
  sent.clear();
  for (std::uint64_t n = next(); n > 0; --n) {
    State::SentMessage s;
    s.dest_world = as_int(next());
    s.tag = as_int(next());
    s.comm = next();
    s.site = next();
    sent.push_back(s);
  }
}

void send_to_zero(std::vector<std::uint64_t> words, int tag) {
  pending_buffers.push_back(std::move(words));
  MPI_Request r;
  PMPI_Isend(pending_buffers.back().data(), static_cast<int>(pending_buffers.back().size()), MPI_UINT64_T, 0, tag,
             state().control, &r);
  pending_announcements.push_back(r);
}

// Rank 0: take in what the others announced.
void receive_announcements() {
  State& s = state();
  for (;;) {
    int flag = 0;
    MPI_Status st;
    PMPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, s.control, &flag, &st);
    if (!flag) return;
    int n = 0;
    PMPI_Get_count(&st, MPI_UINT64_T, &n);
    std::vector<std::uint64_t> w(static_cast<std::size_t>(n));
    PMPI_Recv(w.data(), n, MPI_UINT64_T, st.MPI_SOURCE, st.MPI_TAG, s.control, MPI_STATUS_IGNORE);
    if (st.MPI_TAG == tag_state) decode(st.MPI_SOURCE, w);
    else if (!w.empty() && view().seqs[static_cast<std::size_t>(st.MPI_SOURCE)] == w[0])
      view().states[static_cast<std::size_t>(st.MPI_SOURCE)].blocked = false;
  }
}

std::string describe(const core::ProcessState& p) {
  std::string out = "rank " + std::to_string(p.rank) + " in " + p.call;
  for (const core::Wait& w : p.waits) {
    switch (w.kind) {
      case core::WaitKind::receive:
        out += " (receive from " + (w.peer < 0 ? std::string("any rank") : "rank " + std::to_string(w.peer)) +
               ", tag " + (w.tag < 0 ? std::string("any") : std::to_string(w.tag)) + ", " + comm_name(w.comm) + ")";
        break;
      case core::WaitKind::send:
        out += " (send to rank " + std::to_string(w.peer) + ", tag " + std::to_string(w.tag) + ", " + comm_name(w.comm) + ")";
        break;
      case core::WaitKind::collective: out += " (collective on " + comm_name(w.comm) + ")"; break;
      case core::WaitKind::finalize: out += " (waits for every rank to finalize)"; break;
    }
    if (w.posted_site) out.insert(out.size() - 1, ", posted by " + w.posted_call);
  }
  return out;
}

core::Access access_of(const core::ProcessState& p) {
  return core::call(core::Site{p.call, p.rank, interpose::decode_site(p.site)});
}

// The blocked call, preceded by where the operation it waits for in `w` was
// posted when that is another call (the MPI_Irecv of an MPI_Wait): the
// operation that cannot complete is the posted one.
void name_wait(core::Finding& f, const core::ProcessState& p, const core::Wait& w) {
  if (w.posted_site) f.accesses.push_back(core::call(core::Site{w.posted_call, p.rank, interpose::decode_site(w.posted_site)}));
}
void name_blocked(core::Finding& f, const core::ProcessState& p) {
  for (const core::Wait& w : p.waits) name_wait(f, p, w);
  f.accesses.push_back(access_of(p));
}

[[noreturn]] void report_and_abort(const core::DeadlockVerdict& v) {
  const View& view_ = view();
  core::Finding f;
  if (v.kind == core::DeadlockVerdict::Kind::unmatched) {
    const auto& recv = view_.states[static_cast<std::size_t>(v.receiver)];
    const auto& m = v.message;
    f.cls = core::ErrorClass::nb_match_tag_mismatch;
    f.message = describe(recv) + " can never match: the message rank " + std::to_string(m.from) + " " +
                (v.message_blocked_send ? "is sending" : "sent") + " it has tag " + std::to_string(m.tag) +
                " on " + comm_name(m.comm);
    if (v.receive < recv.waits.size()) name_wait(f, recv, recv.waits[v.receive]);
    f.accesses.push_back(access_of(recv));
    if (v.message_blocked_send) {
      const auto& sender = view_.states[static_cast<std::size_t>(m.from)];
      for (const core::Wait& w : sender.waits)
        if (w.kind == core::WaitKind::send && w.peer == v.receiver && w.tag == m.tag && w.comm == m.comm) {
          name_wait(f, sender, w);
          break;
        }
      f.accesses.push_back(access_of(sender));
    } else {
      for (const auto& s : view_.sent[static_cast<std::size_t>(m.from)])
        if (s.dest_world == v.receiver && s.tag == m.tag && s.comm == m.comm) {
          f.accesses.push_back(core::call(core::Site{"send", m.from, interpose::decode_site(s.site)}));
          break;
        }
    }
  } else {
    f.cls = core::ErrorClass::nb_match_deadlock;
    f.message = "deadlock: ";
    for (std::size_t i = 0; i < v.ranks.size(); ++i) {
      const auto& p = view_.states[static_cast<std::size_t>(v.ranks[i])];
      if (i) f.message += "; ";
      f.message += describe(p);
      name_blocked(f, p);
    }
    if (v.ranks.size() > 1) f.message += " — each waits for the next, the last for the first";
  }
  interpose::report(f);
  PMPI_Abort(MPI_COMM_WORLD, 3);
  std::abort();
}

// Rank 0: is everybody stuck, and has it stayed so for a period?
void analyse() {
  View& v = view();
  const Episode& e = episode();
  State& s = state();
  v.states[0] = core::ProcessState{0, true, e.call, e.site, e.waits, {}};
  v.seqs[0] = e.seq;
  v.sent[0] = s.recent_sends;
  if (e.announced) v.states[0].arrived = arrived_messages();
  const core::DeadlockVerdict verdict = core::analyse_deadlock(v.states);
  if (verdict.kind == core::DeadlockVerdict::Kind::none) {
    v.stuck_seqs.clear();
    return;
  }
  const auto now = Clock::now();
  if (v.stuck_seqs != v.seqs) {
    v.stuck_seqs = v.seqs;
    v.stuck_since = now;
    return;
  }
  if (std::chrono::duration<double>(now - v.stuck_since).count() >= period_seconds()) report_and_abort(verdict);
}

void reap_announcements() {
  for (std::size_t i = 0; i < pending_announcements.size();) {
    int flag = 0;
    PMPI_Test(&pending_announcements[i], &flag, MPI_STATUS_IGNORE);
    if (flag) {
      pending_announcements.erase(pending_announcements.begin() + static_cast<std::ptrdiff_t>(i));
      pending_buffers.erase(pending_buffers.begin() + static_cast<std::ptrdiff_t>(i));
    } else {
      ++i;
    }
  }
}

}  // namespace

void watchdog_start() {
  State& s = state();
  if (PMPI_Comm_dup(MPI_COMM_WORLD, &s.control) != MPI_SUCCESS) {
    interpose::tool_failure("vclock: MPI_Comm_dup of the watchdog's communicator failed");
    return;
  }
  if (s.rank == 0) {
    View& v = view();
    v.states.assign(static_cast<std::size_t>(s.size), core::ProcessState{});
    for (int r = 0; r < s.size; ++r) v.states[static_cast<std::size_t>(r)].rank = r;
    v.seqs.assign(static_cast<std::size_t>(s.size), 0);
    v.sent.assign(static_cast<std::size_t>(s.size), {});
  }
}

void watch_begin(const Call& call, std::vector<core::Wait> waits) {
  Episode& e = episode();
  e.active = true;
  e.announced = false;
  ++e.seq;
  e.call = call.name;
  e.site = interpose::encode_site(reinterpret_cast<std::uintptr_t>(call.pc));
  e.waits = std::move(waits);
  e.since = Clock::now();
}

void watch_step() {
  Episode& e = episode();
  State& s = state();
  if (!e.active || s.control == MPI_COMM_NULL || s.size < 2) return;
  if (!e.announced &&
      std::chrono::duration<double>(Clock::now() - e.since).count() >= period_seconds()) {
    e.announced = true;
    if (s.rank != 0) send_to_zero(encode(e), tag_state);
  }
  if (!pending_announcements.empty()) reap_announcements();
  if (s.rank == 0 && e.announced) {
    receive_announcements();
    analyse();
  }
}

void watch_end() {
  Episode& e = episode();
  if (!e.active) return;
  e.active = false;
  if (e.announced && state().rank != 0) send_to_zero({e.seq}, tag_unblocked);
  if (state().rank == 0) view().stuck_seqs.clear();
}

bool watching() { return episode().active; }

void poll_erased(const Blocked& b, bool (*done)(void*), void* ctx) {
  if (done(ctx)) return;
  watch_begin(*b.call, b.waits);
  // Spin briefly (a message usually is microseconds away), then back off to
  // sleeps so that oversubscribed ranks leave the cores to the others.
  for (int round = 0; !done(ctx); ++round) {
    if (round < 2000) {
      if (round % 64 == 63) sched_yield();
      if (round % 256 == 255) watch_step();
      continue;
    }
    watch_step();
    timespec ts{0, round < 20000 ? 20000 : 200000};
    nanosleep(&ts, nullptr);
  }
  watch_end();
}

void watchdog_stop(const Call& call) {
  State& s = state();
  if (s.control == MPI_COMM_NULL) return;
  // MPI_Finalize waits for every process (it is collective): watched like any
  // blocking call, so a rank still blocked elsewhere is named, not waited for.
  MPI_Request barrier;
  PMPI_Ibarrier(s.control, &barrier);
  poll(call, {core::Wait{core::WaitKind::finalize}}, [&] {
    int flag = 0;
    PMPI_Test(&barrier, &flag, MPI_STATUS_IGNORE);
    return flag != 0;
  });
  // Everybody is here: what is still in flight on the control channel is
  // stale (announcements of episodes that ended); take it and go.
  for (MPI_Request& r : pending_announcements) PMPI_Wait(&r, MPI_STATUS_IGNORE);
  pending_announcements.clear();
  pending_buffers.clear();
  PMPI_Barrier(s.control);
  for (;;) {
    int flag = 0;
    MPI_Status st;
    PMPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, s.control, &flag, &st);
    if (!flag) break;
    int n = 0;
    PMPI_Get_count(&st, MPI_UINT64_T, &n);
    std::vector<std::uint64_t> w(static_cast<std::size_t>(n));
    PMPI_Recv(w.data(), n, MPI_UINT64_T, st.MPI_SOURCE, st.MPI_TAG, s.control, MPI_STATUS_IGNORE);
  }
  PMPI_Comm_free(&s.control);
}

}  // namespace assay::vclock
