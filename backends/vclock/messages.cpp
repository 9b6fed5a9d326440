// Point-to-point messages. Every send is preceded by a companion message on
// the shadow of its communicator, with the same destination and tag: the
// sender's vector clock, the send's type signature and its call site. When a
// receive completes, the companion with the status's source and tag is taken
// from the shadow: MPI does not let messages with one (source, tag,
// communicator) overtake each other (MPI-3.1 §3.5), on the program's
// communicator and on its shadow alike, so the k-th message of a (source, tag)
// pair the program receives is the k-th companion of that pair, whatever
// wildcards and other tags do. The companion goes out before the program's
// message, so taking it never waits for more than its transfer.
//
// Blocking sends and receives are completed as nonblocking ones the watchdog
// polls (watchdog.cpp); MPI_Send is completed as MPI_Ssend — a standard send
// may be synchronous (MPI-3.1 §3.4), so a program that needs buffering is
// erroneous and deadlocks here as the standard allows.
#include <algorithm>
#include <chrono>
#include <string>

#include "assay/interpose/datatypes.hpp"
#include "assay/interpose/findings.hpp"
#include "assay/interpose/sites.hpp"
#include "vclock.hpp"

namespace assay::vclock {
namespace {

using core::Wait;
using core::WaitKind;
using interpose::key;

// Companion layout (64-bit words): site, checkable, elements, hash, op, then
// the clock, two 32-bit entries per word.
constexpr std::size_t header_words = 5;
std::size_t companion_words() { return header_words + (static_cast<std::size_t>(state().size) + 1) / 2; }

const char* const send_ops[] = {"MPI_Send", "MPI_Ssend", "MPI_Bsend", "MPI_Rsend", "MPI_Isend", "MPI_Issend",
                                "MPI_Ibsend", "MPI_Irsend", "MPI_Start", "MPI_Sendrecv", "MPI_Sendrecv_replace", "MPI_Startall"};
std::uint64_t op_index(const char* op) {
  for (std::size_t i = 0; i < std::size(send_ops); ++i)
    if (std::string_view(send_ops[i]) == op) return i;
  return 0;
}

std::uint64_t site_of(const Call& call) { return interpose::encode_site(reinterpret_cast<std::uintptr_t>(call.pc)); }

struct Signature {
  bool checkable = false;
  core::TypeSignature sig;
};
// MPI_PACKED matches any signature (MPI-3.1 §4.2), and types the layer
// cannot decode are not compared.
Signature signature_of(int count, MPI_Datatype type) {
  Signature s;
  auto sig = interpose::signature(count, type);
  if (!sig) return s;
  s.sig = std::move(*sig);
  s.checkable = !s.sig.contains(interpose::basic_code(MPI_PACKED)) && !s.sig.contains(1000);
  return s;
}

int world_peer(MPI_Comm comm, int rank) { return rank == MPI_ANY_SOURCE ? -1 : to_world(comm, rank); }
int any_tag(int tag) { return tag == MPI_ANY_TAG ? -1 : tag; }

void reap_outgoing() {
  State& s = state();
  for (std::size_t i = 0; i < s.outgoing.size();) {
    int flag = 0;
    PMPI_Test(&s.outgoing[i], &flag, MPI_STATUS_IGNORE);
    if (flag) {
      s.outgoing.erase(s.outgoing.begin() + static_cast<std::ptrdiff_t>(i));
      s.outgoing_buffers.erase(s.outgoing_buffers.begin() + static_cast<std::ptrdiff_t>(i));
    } else {
      ++i;
    }
  }
}

void send_companion(const char* op, std::uint64_t site, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
  State& s = state();
  const interpose::Shadow* shadow = s.shadows.of(comm);
  if (!shadow || dest == MPI_PROC_NULL || dest < 0) return;
  s.clock.tick(static_cast<std::size_t>(s.rank));
  const Signature sig = signature_of(count, type);
  std::vector<std::uint64_t> w(companion_words(), 0);
  w[0] = site;
  w[1] = sig.checkable;
  w[2] = sig.sig.elements();
  w[3] = sig.sig.hash();
  w[4] = op_index(op);
  const auto& t = s.clock.entries();
  for (std::size_t i = 0; i < t.size(); ++i) w[header_words + i / 2] |= static_cast<std::uint64_t>(t[i]) << (32 * (i % 2));
  if (s.outgoing.size() > 16) reap_outgoing();
  s.outgoing_buffers.push_back(std::move(w));
  MPI_Request r;
  PMPI_Isend(s.outgoing_buffers.back().data(), static_cast<int>(companion_words()), MPI_UINT64_T, dest, tag,
             shadow->comm, &r);
  s.outgoing.push_back(r);
  s.recent_sends.push_back({to_world(comm, dest), tag, shadow->created, site});
  if (s.recent_sends.size() > 8) s.recent_sends.erase(s.recent_sends.begin());
}

// The companion of the message `st` describes, from the shadow of `comm`;
// empty when there is none (a shadowless communicator, MPI_PROC_NULL, a
// sender that bypassed the layer). `posted_source`: the source the receive was
// posted with; a receive from MPI_PROC_NULL has no message and no companion,
// whatever its status says (MPICH 4.0 completes such requests under
// MPI_Testall with MPI_SOURCE 0 and MPI_TAG 0 in the status, which would take
// rank 0's companion of tag 0, or wait 10 s for one).
std::vector<std::uint64_t> take_companion(MPI_Comm comm, const MPI_Status& st, int posted_source = MPI_ANY_SOURCE) {
  State& s = state();
  const interpose::Shadow* shadow = s.shadows.of(comm);
  if (!shadow || posted_source == MPI_PROC_NULL || st.MPI_SOURCE == MPI_PROC_NULL || st.MPI_SOURCE < 0) return {};
  // Statuses here are zeroed first: MPICH leaves the cancelled bit of a
  // probe's status unset, and garbage there would skip the companion.
  int cancelled = 0;
  PMPI_Test_cancelled(&st, &cancelled);
  if (cancelled) return {};
  std::vector<std::uint64_t> w(companion_words(), 0);
  MPI_Request r;
  PMPI_Irecv(w.data(), static_cast<int>(w.size()), MPI_UINT64_T, st.MPI_SOURCE, st.MPI_TAG, shadow->comm, &r);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  for (;;) {
    int flag = 0;
    PMPI_Test(&r, &flag, MPI_STATUS_IGNORE);
    if (flag) return w;
    if (std::chrono::steady_clock::now() > deadline) {  // no companion: never wait for ever
      PMPI_Cancel(&r);
      PMPI_Wait(&r, MPI_STATUS_IGNORE);
      return {};
    }
  }
}

// --- message races ------------------------------------------------------------------
//
// A wildcard receive R (MPI_ANY_SOURCE) that matched a message of sender s
// could have matched another message m' of sender s' != s when (MPI-3.1
// §3.5: messages of different senders are not ordered, and a pending receive
// takes the first message that arrives for it):
//  - R's envelope accepts m' (communicator, tag);
//  - m' was still available to R: it is taken by a receive posted after R
//    (receives match in the order they are posted) or never received;
//  - the send of m' does not happen after R completed (its clock does not know
//    R's completion): nothing the program did orders m' after R. Ordering the
//    sends among themselves (s sends m, then a message to s', which sends m')
//    does not order their arrival, so it is not enough.
// Precision: the race is reported only when its other outcome changes what
// the program can observe through MPI — the receive of m' does not accept R's
// message (the swap would leave a message unmatched or a receive blocked), or
// R's status was ignored (the program cannot tell which sender it got). A
// program that reads status.MPI_SOURCE is assumed to use it. Through PMPI a
// race whose data are combined in an order-independent way looks like one
// whose result depends on the order; the pass plugin (order/order.cpp) tells
// them apart at compile time: when R and the receive of m' are the same
// MPI_Recv in one execution of a loop that only folds each message into a
// commutative and associative reduction, both carry the same ReductionMark
// and the swap changes nothing (docs/backends.md).
struct Receipt {
  std::uint64_t posted = 0;       // posting order of the receive on this rank
  std::uint64_t comm = 0;
  int source = -1, tag = -1;      // the receive's envelope, world rank / -1 for any
  // Whether the program can tell which sender it got: its status is ignored,
  // read, never read, or still watched (status_watch.cpp) under this id.
  enum class Status { ignored, read, unread, watched } status = Status::read;
  std::uint64_t watch = 0;
  std::vector<core::Site> sites;  // the receive's calls
  int sender = -1, sent_tag = 0;  // the message it took (world rank)
  std::uint32_t sent_knows_me = 0;  // the send's clock entry for this rank
  core::Site send;                // the send's call, on the sender
  std::uint32_t completed_at = 0; // this rank's clock entry after the receive completed
  ReductionMark reduction;         // set when an order-insensitive MPI_Recv took it
  bool reported = false;
};

struct Races {
  std::vector<Receipt> wildcard;  // recent wildcard receives
  std::vector<Receipt> received;  // recent receives of any kind
};
Races& races() {
  static Races r;
  return r;
}
// Bounds: a race needs both messages in flight at once, so only recent
// receives matter; older ones are forgotten (a race beyond them is missed).
constexpr std::size_t wildcard_kept = 64, received_kept = 256;

bool accepts(int source, int tag, int sender, int sent_tag) {
  return (source < 0 || source == sender) && (tag < 0 || tag == sent_tag);
}

bool could_swap(const Receipt& r, const Receipt& x) {
  return x.posted > r.posted && x.comm == r.comm && x.sender != r.sender && x.sender >= 0 && r.sender >= 0 &&
         accepts(r.source, r.tag, x.sender, x.sent_tag) && x.sent_knows_me < r.completed_at;
}

// Races waiting for their receive's status to be read or not: the receive
// and its first candidate.
std::vector<std::pair<Receipt, Receipt>>& pending() {
  static std::vector<std::pair<Receipt, Receipt>> p;
  return p;
}

bool observable(const Receipt& r, const Receipt& x) {
  if (!accepts(x.source, x.tag, r.sender, r.sent_tag)) return true;
  // One receive folding both messages into one reduction, in one execution of
  // its loop: either order gives the same result.
  if (r.reduction.site && r.reduction == x.reduction) return false;
  switch (r.status) {
    case Receipt::Status::ignored:
    case Receipt::Status::unread: return true;
    case Receipt::Status::read: return false;
    case Receipt::Status::watched:
      if (std::none_of(pending().begin(), pending().end(), [&](const auto& p) { return p.first.watch == r.watch; }))
        pending().emplace_back(r, x);
      return false;
  }
  return false;
}

void report_race(Receipt& r, const Receipt& x) {
  r.reported = true;
  const std::string tag = r.tag < 0 ? "MPI_ANY_TAG" : "tag " + std::to_string(r.tag);
  core::Finding f{core::ErrorClass::nb_match_message_race,
                  std::string(r.sites.empty() ? "receive" : r.sites.front().op) + " on rank " +
                      std::to_string(state().rank) + " (MPI_ANY_SOURCE, " + tag + ", " + comm_name(r.comm) +
                      ") took the message " + r.send.op + " of rank " + std::to_string(r.sender) + " sent, but the " +
                      x.send.op + " of rank " + std::to_string(x.sender) +
                      " is not ordered after that receive and could have matched it instead" +
                      (r.status == Receipt::Status::ignored  ? " (the receive ignores its status)"
                       : r.status == Receipt::Status::unread ? " (the receive's status is never read)"
                                                             : " (then the later receive, which does not accept rank " +
                                                                   std::to_string(r.sender) + "'s message, would not match)"),
                  {}};
  for (const core::Site& s : r.sites) f.accesses.push_back(core::call(s));
  f.accesses.push_back(core::call(r.send));
  f.accesses.push_back(core::call(x.send));
  interpose::report(f);
}

template <class T>
void keep_recent(std::vector<T>& v, T item, std::size_t bound) {
  if (v.size() >= bound) v.erase(v.begin());
  v.push_back(std::move(item));
}

void note_receipt(Receipt x) {
  Races& rs = races();
  // x as the later candidate of an earlier wildcard receive.
  for (Receipt& r : rs.wildcard)
    if (!r.reported && could_swap(r, x) && observable(r, x)) report_race(r, x);
  if (x.source < 0) {
    // x as the wildcard receive, candidates already received by later-posted receives.
    for (const Receipt& y : rs.received)
      if (!x.reported && could_swap(x, y) && observable(x, y)) report_race(x, y);
    keep_recent(rs.wildcard, x, wildcard_kept);
  }
  keep_recent(rs.received, std::move(x), received_kept);
}

// A watched status was read (the program can tell the senders apart: no
// race to report) or never read (its pending race is reported).
void status_resolved(std::uint64_t id, bool read) {
  const auto use = read ? Receipt::Status::read : Receipt::Status::unread;
  Receipt* kept = nullptr;
  for (Receipt& r : races().wildcard)
    if (r.watch == id) {
      r.status = use;
      kept = &r;
    }
  auto& p = pending();
  auto it = std::find_if(p.begin(), p.end(), [&](const auto& race) { return race.first.watch == id; });
  if (it == p.end()) return;
  auto [r, x] = std::move(*it);
  p.erase(it);
  if (read || (kept && kept->reported)) return;
  if (kept) kept->reported = true;
  r.status = use;
  report_race(r, x);
}

// What the receive that completes was: its posting order and envelope.
struct Posted {
  std::uint64_t order = 0;
  int source = -1, tag = -1;  // world rank / -1 for any
  bool status_ignored = false;
  // The program's status, to watch whether it reads the sender (null: ignored,
  // or not watched and taken as read).
  const MPI_Status* status = nullptr;
  ReductionMark reduction{};
};
std::uint64_t next_posting() {
  static std::uint64_t n = 0;
  return ++n;
}

// The receive's side of the edge: join the sender's clock, look for a message
// race, compare signatures.
void apply_companion(const std::vector<std::uint64_t>& w, const MPI_Status& st, MPI_Comm comm,
                     const Signature& expected, const std::vector<core::Site>& receive_sites, const Posted& posted) {
  if (w.size() < header_words) return;
  State& s = state();
  core::VectorClock sent(static_cast<std::size_t>(s.size));
  std::vector<std::uint32_t> t(static_cast<std::size_t>(s.size));
  for (std::size_t i = 0; i < t.size(); ++i)
    t[i] = static_cast<std::uint32_t>(w[header_words + i / 2] >> (32 * (i % 2)));
  sent.assign(t.data(), t.size());
  s.clock.join(sent);
  s.clock.tick(static_cast<std::size_t>(s.rank));
  const int from = to_world(comm, st.MPI_SOURCE);
  const char* op = send_ops[w[4] < std::size(send_ops) ? w[4] : 0];
  Receipt x;
  x.posted = posted.order;
  x.comm = comm_id(comm);
  x.source = posted.source;
  x.tag = posted.tag;
  if (posted.status_ignored) x.status = Receipt::Status::ignored;
  else if (posted.source < 0 && (x.watch = watch_status(posted.status)) != 0) x.status = Receipt::Status::watched;
  x.sites = receive_sites;
  x.sender = from;
  x.sent_tag = st.MPI_TAG;
  x.sent_knows_me = sent[static_cast<std::size_t>(s.rank)];
  x.send = core::Site{op, from, interpose::decode_site(w[0])};
  x.completed_at = s.clock[static_cast<std::size_t>(s.rank)];
  x.reduction = posted.reduction;
  note_receipt(std::move(x));
  // Type matching (MPI-3.1 §3.3.1): the message's signature must be a prefix
  // of the receive's. The receive completed, so the message fitted its bytes (no
  // truncation): more elements than the receive holds (8 x MPI_BYTE into
  // 2 x MPI_INT) is a mismatch too.
  const bool send_checkable = w[1] != 0;
  const std::uint64_t elements = w[2], hash = w[3];
  if (!send_checkable || !expected.checkable) return;
  if (elements <= expected.sig.elements() && expected.sig.prefix(elements).hash() == hash) return;
  core::Finding f{core::ErrorClass::nb_match_type_mismatch,
                  std::string(receive_sites.empty() ? "receive" : receive_sites.front().op) + " on rank " +
                      std::to_string(s.rank) + " expects a type signature that does not match the " +
                      std::to_string(elements) + " element(s) " + op + " of rank " + std::to_string(from) +
                      " sent (tag " + std::to_string(st.MPI_TAG) + ", " + comm_name(comm_id(comm)) + ")",
                  {}};
  for (const core::Site& site : receive_sites) f.accesses.push_back(core::call(site));
  f.accesses.push_back(core::call(core::Site{op, from, interpose::decode_site(w[0])}));
  interpose::report(f);
}

core::Site site_here(const Call& call) { return call.site(); }
core::Site site_at(const char* op, std::uint64_t encoded) {
  return core::Site{op, state().rank, interpose::decode_site(encoded)};
}

// --- requests -----------------------------------------------------------------

void remember(MPI_Request* request, RequestInfo info) {
  if (!request || *request == MPI_REQUEST_NULL) return;
  state().requests[key(*request)] = std::move(info);
}

RequestInfo send_info(const Call& call, const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                      bool persistent) {
  RequestInfo i;
  i.kind = RequestInfo::Kind::send;
  i.comm = comm;
  i.peer = dest;
  i.tag = tag;
  i.persistent = persistent;
  i.site = site_of(call);
  i.op = call.name;
  i.buf = buf;
  i.count = count;
  i.type = type;
  return i;
}

RequestInfo receive_info(const Call& call, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
                         bool persistent) {
  RequestInfo i;
  i.kind = RequestInfo::Kind::receive;
  i.comm = comm;
  i.peer = source;
  i.tag = tag;
  i.persistent = persistent;
  i.site = site_of(call);
  if (!persistent) i.posted = next_posting();
  i.op = call.name;
  Signature sig = signature_of(count, type);
  i.checkable = sig.checkable;
  i.signature = std::move(sig.sig);
  return i;
}

// What the watchdog sees a request wait for, with where the operation was
// posted (the MPI_Irecv, MPI_Isend, or the MPI_Start of a persistent request):
// a finding names that call, not only the wait that blocks on it. False when
// it cannot tell.
bool wait_of(std::uint64_t handle, std::vector<Wait>& out) {
  auto it = state().requests.find(handle);
  if (it == state().requests.end()) return false;
  const RequestInfo& i = it->second;
  auto posted = [&](Wait w) {
    w.posted_call = i.started ? i.start_op : i.op;
    w.posted_site = i.started ? i.started : i.site;
    return w;
  };
  switch (i.kind) {
    case RequestInfo::Kind::send:
      if (i.peer == MPI_PROC_NULL) return false;
      out.push_back(posted(Wait{WaitKind::send, to_world(i.comm, i.peer), i.tag, comm_id(i.comm)}));
      return true;
    case RequestInfo::Kind::receive:
      if (i.peer == MPI_PROC_NULL) return false;
      out.push_back(posted(Wait{WaitKind::receive, world_peer(i.comm, i.peer), any_tag(i.tag), comm_id(i.comm)}));
      return true;
    case RequestInfo::Kind::collective:
      out.push_back(posted(Wait{WaitKind::collective, -1, -1, comm_id(i.comm), members(i.comm)}));
      return true;
    case RequestInfo::Kind::other: return false;
  }
  return false;
}

// The watchdog's view of waiting on requests: all of them (or any, it does
// not matter to the analysis); nothing when one is opaque.
std::vector<Wait> waits_of(const std::vector<std::uint64_t>& handles) {
  std::vector<Wait> out;
  for (std::uint64_t h : handles)
    if (h && !wait_of(h, out)) return {};
  return out;
}

// The program's status of a completion call, null when it ignores it.
MPI_Status* program_status(MPI_Status* status) { return status == MPI_STATUS_IGNORE ? nullptr : status; }
MPI_Status* program_status(MPI_Status* statuses, int i) {
  return statuses == MPI_STATUSES_IGNORE ? nullptr : &statuses[i];
}

// The operation of a request completed: a receive takes its companion (its
// message is matched), a collective joins the clocks. `request_lives_on`: the
// program learnt it from MPI_Request_get_status, which leaves the request to a
// later wait, test or free (MPI-3.1 §3.7.3), where the operation is not applied
// again.
void completed(const Call& call, std::uint64_t handle, const MPI_Status& st, const MPI_Status* status,
               bool request_lives_on = false) {
  rma_request_completed(handle);
  auto it = state().requests.find(handle);
  if (it == state().requests.end()) return;
  RequestInfo& i = it->second;
  if (i.completion_seen) {
    if (request_lives_on) return;  // said by an earlier MPI_Request_get_status
    i.completion_seen = false;
    if (!i.persistent) state().requests.erase(it);
    return;
  }
  if (i.kind == RequestInfo::Kind::receive) {
    Signature expected{i.checkable, i.signature};
    std::vector<core::Site> sites{site_at(i.op, i.site)};
    if (i.started) sites.push_back(site_at(i.start_op, i.started));
    sites.push_back(site_here(call));
    apply_companion(take_companion(i.comm, st, i.peer), st, i.comm, expected, sites,
                    Posted{i.posted, world_peer(i.comm, i.peer), any_tag(i.tag), status == nullptr, status});
  } else if (i.kind == RequestInfo::Kind::collective) {
    complete_collective(i);
  }
  if (request_lives_on)
    i.completion_seen = true;
  else if (!i.persistent)
    state().requests.erase(it);
}

std::vector<std::uint64_t> handles(int n, const MPI_Request* requests) {
  std::vector<std::uint64_t> out(static_cast<std::size_t>(std::max(n, 0)), 0);
  for (int i = 0; i < n; ++i)
    if (requests[i] != MPI_REQUEST_NULL) out[static_cast<std::size_t>(i)] = key(requests[i]);
  return out;
}

void copy_status(MPI_Status* to, const MPI_Status& from) {
  if (to != MPI_STATUS_IGNORE) *to = from;
}

// --- blocking calls -----------------------------------------------------------------

int send_synchronously(Call& call, const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) noexcept {
  send_companion(call.name, site_of(call), count, type, dest, tag, comm);
  MPI_Request r;
  int rc = PMPI_Issend(buf, count, type, dest, tag, comm, &r);
  if (rc != MPI_SUCCESS) return rc;
  std::vector<Wait> waits;
  if (dest != MPI_PROC_NULL) waits.push_back(Wait{WaitKind::send, to_world(comm, dest), tag, comm_id(comm)});
  poll(call, std::move(waits), [&] {
    int flag = 0;
    PMPI_Test(&r, &flag, MPI_STATUS_IGNORE);
    return flag != 0;
  });
  return MPI_SUCCESS;
}

int receive_watched(Call& call, void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
                    MPI_Status* status) noexcept {
  const Posted posted{next_posting(), world_peer(comm, source), any_tag(tag), status == MPI_STATUS_IGNORE, program_status(status), take_reduction_mark()};
  MPI_Request r;
  int rc = PMPI_Irecv(buf, count, type, source, tag, comm, &r);
  if (rc != MPI_SUCCESS) return rc;
  MPI_Status st{};
  std::vector<Wait> waits;
  if (source != MPI_PROC_NULL) waits.push_back(Wait{WaitKind::receive, world_peer(comm, source), any_tag(tag), comm_id(comm)});
  poll(call, std::move(waits), [&] {
    int flag = 0;
    PMPI_Test(&r, &flag, &st);
    return flag != 0;
  });
  copy_status(status, st);
  apply_companion(take_companion(comm, st, source), st, comm, signature_of(count, type), {site_here(call)}, posted);
  return MPI_SUCCESS;
}

int probe_watched(Call& call, int source, int tag, MPI_Comm comm, MPI_Status* status) noexcept {
  MPI_Status st{};
  int flag = 0;
  std::vector<Wait> waits;
  if (source != MPI_PROC_NULL) waits.push_back(Wait{WaitKind::receive, world_peer(comm, source), any_tag(tag), comm_id(comm)});
  poll(call, std::move(waits), [&] {
    PMPI_Iprobe(source, tag, comm, &flag, &st);
    return flag != 0;
  });
  copy_status(status, st);
  return MPI_SUCCESS;
}

// Matched probes take the companion at once (the message is theirs, and the
// probe is where it matched); the receive of the message then joins the
// clock and compares signatures.
void take_probed(const Call& call, int source, int tag, MPI_Comm comm, MPI_Message message, const MPI_Status& st,
                 bool status_ignored) {
  if (message == MPI_MESSAGE_NULL || message == MPI_MESSAGE_NO_PROC) return;
  auto w = take_companion(comm, st);
  if (w.empty()) return;
  State::Probed p;
  p.companion = std::move(w);
  p.source = st.MPI_SOURCE;
  p.tag = st.MPI_TAG;
  p.site = site_of(call);
  p.posted = next_posting();
  p.source_filter = world_peer(comm, source);
  p.tag_filter = any_tag(tag);
  p.status_ignored = status_ignored;
  p.comm = comm;
  state().probed[key(message)] = std::move(p);
}

void matched_receive(const Call& call, MPI_Message message, int count, MPI_Datatype type) {
  auto it = state().probed.find(key(message));
  if (it == state().probed.end()) return;
  const State::Probed p = std::move(it->second);
  state().probed.erase(it);
  MPI_Status st{};
  st.MPI_SOURCE = p.source;
  st.MPI_TAG = p.tag;
  apply_companion(p.companion, st, p.comm, signature_of(count, type), {site_at("MPI_Mprobe", p.site), call.site()},
                  Posted{p.posted, p.source_filter, p.tag_filter, p.status_ignored});
}

// --- completion calls --------------------------------------------------------------

int wait_one(Call& call, MPI_Request* request, MPI_Status* status) noexcept {
  const auto h = handles(1, request);
  MPI_Status st{};
  int rc = MPI_SUCCESS;
  poll(call, waits_of(h), [&] {
    int flag = 0;
    rc = PMPI_Test(request, &flag, &st);
    return flag != 0 || rc != MPI_SUCCESS;
  });
  copy_status(status, st);
  if (rc == MPI_SUCCESS && h[0]) completed(call, h[0], st, program_status(status));
  return rc;
}

int wait_all(Call& call, int n, MPI_Request* requests, MPI_Status* statuses) noexcept {
  const auto h = handles(n, requests);
  std::vector<MPI_Status> st(static_cast<std::size_t>(std::max(n, 1)));
  int rc = MPI_SUCCESS;
  poll(call, waits_of(h), [&] {
    int flag = 0;
    rc = PMPI_Testall(n, requests, &flag, st.data());
    return flag != 0 || rc != MPI_SUCCESS;
  });
  for (int i = 0; i < n; ++i) {
    if (statuses != MPI_STATUSES_IGNORE) copy_status(&statuses[i], st[static_cast<std::size_t>(i)]);
    if (rc == MPI_SUCCESS && h[static_cast<std::size_t>(i)]) completed(call, h[static_cast<std::size_t>(i)], st[static_cast<std::size_t>(i)], program_status(statuses, i));
  }
  return rc;
}

int wait_any(Call& call, int n, MPI_Request* requests, int* index, MPI_Status* status) noexcept {
  const auto h = handles(n, requests);
  MPI_Status st{};
  int rc = MPI_SUCCESS;
  poll(call, waits_of(h), [&] {
    int flag = 0;
    rc = PMPI_Testany(n, requests, index, &flag, &st);
    return flag != 0 || rc != MPI_SUCCESS;
  });
  copy_status(status, st);
  if (rc == MPI_SUCCESS && *index >= 0 && *index < n && h[static_cast<std::size_t>(*index)])
    completed(call, h[static_cast<std::size_t>(*index)], st, program_status(status));
  return rc;
}

int wait_some(Call& call, int n, MPI_Request* requests, int* outcount, int* indices, MPI_Status* statuses) noexcept {
  const auto h = handles(n, requests);
  std::vector<MPI_Status> st(static_cast<std::size_t>(std::max(n, 1)));
  int rc = MPI_SUCCESS;
  poll(call, waits_of(h), [&] {
    rc = PMPI_Testsome(n, requests, outcount, indices, st.data());
    return *outcount != 0 || rc != MPI_SUCCESS;
  });
  if (*outcount == MPI_UNDEFINED) return rc;
  for (int k = 0; k < *outcount; ++k) {
    if (statuses != MPI_STATUSES_IGNORE) copy_status(&statuses[k], st[static_cast<std::size_t>(k)]);
    const int i = indices[k];
    if (rc == MPI_SUCCESS && h[static_cast<std::size_t>(i)]) completed(call, h[static_cast<std::size_t>(i)], st[static_cast<std::size_t>(k)], program_status(statuses, k));
  }
  return rc;
}

// A failing MPI_Test (or MPI_Request_get_status) repeated on the same requests
// with no other call between is a wait too (a test loop): the watchdog watches
// it across the calls.
std::vector<std::uint64_t>& spinning_on() {
  static std::vector<std::uint64_t> h;
  return h;
}
void spin(const Call& call, const std::vector<std::uint64_t>& h, bool done) {
  if (done) {
    if (watching()) watch_end();
    spinning_on().clear();
    return;
  }
  if (watching() && spinning_on() == h) {
    watch_step();
    return;
  }
  if (watching()) watch_end();
  spinning_on() = h;
  auto waits = waits_of(h);
  if (!waits.empty()) watch_begin(call, std::move(waits));
}

int test_one(Call& call, MPI_Request* request, int* flag, MPI_Status* status) noexcept {
  const auto h = handles(1, request);
  MPI_Status st{};
  int rc = PMPI_Test(request, flag, &st);
  spin(call, h, *flag != 0);
  if (*flag) copy_status(status, st);
  if (rc == MPI_SUCCESS && *flag && h[0]) completed(call, h[0], st, program_status(status));
  return rc;
}

int get_status(Call& call, MPI_Request request, int* flag, MPI_Status* status) noexcept {
  const auto h = handles(1, &request);
  MPI_Status st{};
  int rc = PMPI_Request_get_status(request, flag, &st);
  spin(call, h, *flag != 0);
  if (*flag) copy_status(status, st);
  if (rc == MPI_SUCCESS && *flag && h[0]) completed(call, h[0], st, program_status(status), true);
  return rc;
}

int test_all(Call& call, int n, MPI_Request* requests, int* flag, MPI_Status* statuses) noexcept {
  const auto h = handles(n, requests);
  std::vector<MPI_Status> st(static_cast<std::size_t>(std::max(n, 1)));
  int rc = PMPI_Testall(n, requests, flag, st.data());
  spin(call, h, *flag != 0);
  if (rc != MPI_SUCCESS || !*flag) return rc;
  for (int i = 0; i < n; ++i) {
    if (statuses != MPI_STATUSES_IGNORE) copy_status(&statuses[i], st[static_cast<std::size_t>(i)]);
    if (h[static_cast<std::size_t>(i)]) completed(call, h[static_cast<std::size_t>(i)], st[static_cast<std::size_t>(i)], program_status(statuses, i));
  }
  return rc;
}

int test_any(Call& call, int n, MPI_Request* requests, int* index, int* flag, MPI_Status* status) noexcept {
  const auto h = handles(n, requests);
  MPI_Status st{};
  int rc = PMPI_Testany(n, requests, index, flag, &st);
  spin(call, h, *flag != 0);
  if (*flag) copy_status(status, st);
  if (rc == MPI_SUCCESS && *flag && *index >= 0 && *index < n && h[static_cast<std::size_t>(*index)])
    completed(call, h[static_cast<std::size_t>(*index)], st, program_status(status));
  return rc;
}

int test_some(Call& call, int n, MPI_Request* requests, int* outcount, int* indices, MPI_Status* statuses) noexcept {
  const auto h = handles(n, requests);
  std::vector<MPI_Status> st(static_cast<std::size_t>(std::max(n, 1)));
  int rc = PMPI_Testsome(n, requests, outcount, indices, st.data());
  spin(call, h, *outcount != 0);
  if (rc != MPI_SUCCESS || *outcount == MPI_UNDEFINED) return rc;
  for (int k = 0; k < *outcount; ++k) {
    if (statuses != MPI_STATUSES_IGNORE) copy_status(&statuses[k], st[static_cast<std::size_t>(k)]);
    const int i = indices[k];
    if (h[static_cast<std::size_t>(i)]) completed(call, h[static_cast<std::size_t>(i)], st[static_cast<std::size_t>(k)], program_status(statuses, k));
  }
  return rc;
}

int sendrecv_watched(Call& call, const void* sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                     void* recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm,
                     MPI_Status* status) noexcept {
  const Posted posted{next_posting(), world_peer(comm, source), any_tag(recvtag), status == MPI_STATUS_IGNORE, program_status(status)};
  send_companion(call.name, site_of(call), sendcount, sendtype, dest, sendtag, comm);
  MPI_Request r[2];
  int rc = PMPI_Irecv(recvbuf, recvcount, recvtype, source, recvtag, comm, &r[0]);
  if (rc == MPI_SUCCESS) rc = PMPI_Isend(sendbuf, sendcount, sendtype, dest, sendtag, comm, &r[1]);
  if (rc != MPI_SUCCESS) return rc;
  std::vector<Wait> waits;
  if (source != MPI_PROC_NULL) waits.push_back(Wait{WaitKind::receive, world_peer(comm, source), any_tag(recvtag), comm_id(comm)});
  MPI_Status st[2]{};
  poll(call, std::move(waits), [&] {
    int flag = 0;
    PMPI_Testall(2, r, &flag, st);
    return flag != 0;
  });
  copy_status(status, st[0]);
  apply_companion(take_companion(comm, st[0], source), st[0], comm, signature_of(recvcount, recvtype), {site_here(call)}, posted);
  return MPI_SUCCESS;
}

int sendrecv_replace(Call& call, void* buf, int count, MPI_Datatype type, int dest, int sendtag, int source, int recvtag,
                     MPI_Comm comm, MPI_Status* status) noexcept {
  const Posted posted{next_posting(), world_peer(comm, source), any_tag(recvtag), status == MPI_STATUS_IGNORE, program_status(status)};
  send_companion(call.name, site_of(call), count, type, dest, sendtag, comm);
  MPI_Status st{};
  int rc = PMPI_Sendrecv_replace(buf, count, type, dest, sendtag, source, recvtag, comm, &st);
  copy_status(status, st);
  if (rc == MPI_SUCCESS) apply_companion(take_companion(comm, st, source), st, comm, signature_of(count, type), {site_here(call)}, posted);
  return rc;
}

void start_persistent(const Call& call, MPI_Request request) {
  auto it = state().requests.find(key(request));
  if (it == state().requests.end()) return;
  RequestInfo& i = it->second;
  i.completion_seen = false;
  if (i.kind == RequestInfo::Kind::send) {
    send_companion(call.name, site_of(call), i.count, i.type, i.peer, i.tag, i.comm);
    i.started = site_of(call);
    i.start_op = call.name;
  } else if (i.kind == RequestInfo::Kind::receive) {
    i.posted = next_posting();
    i.started = site_of(call);
    i.start_op = call.name;
  }
}

}  // namespace

void register_messages(interpose::Hooks& h) {
  on_status_resolved(status_resolved);
  h.instead_MPI_Send = send_synchronously;
  h.instead_MPI_Ssend = send_synchronously;
  h.before_MPI_Bsend = [](Call& call, const void*, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) noexcept {
    send_companion(call.name, site_of(call), count, type, dest, tag, comm);
  };
  h.before_MPI_Rsend = h.before_MPI_Bsend;
  h.instead_MPI_Recv = receive_watched;
  h.instead_MPI_Probe = probe_watched;
  h.instead_MPI_Sendrecv = sendrecv_watched;
  h.instead_MPI_Sendrecv_replace = sendrecv_replace;

  auto isend = [](Call& call, const void*, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                  MPI_Request*) noexcept { send_companion(call.name, site_of(call), count, type, dest, tag, comm); };
  h.before_MPI_Isend = isend;
  h.before_MPI_Issend = isend;
  h.before_MPI_Ibsend = isend;
  h.before_MPI_Irsend = isend;
  auto isent = [](Call& call, int rc, const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                  MPI_Request* request) noexcept {
    if (rc == MPI_SUCCESS) remember(request, send_info(call, buf, count, type, dest, tag, comm, false));
  };
  h.after_MPI_Isend = isent;
  h.after_MPI_Issend = isent;
  h.after_MPI_Ibsend = isent;
  h.after_MPI_Irsend = isent;
  h.after_MPI_Irecv = [](Call& call, int rc, void*, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
                         MPI_Request* request) noexcept {
    if (rc == MPI_SUCCESS) remember(request, receive_info(call, count, type, source, tag, comm, false));
  };
  auto send_init = [](Call& call, int rc, const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                      MPI_Request* request) noexcept {
    if (rc == MPI_SUCCESS) remember(request, send_info(call, buf, count, type, dest, tag, comm, true));
  };
  h.after_MPI_Send_init = send_init;
  h.after_MPI_Ssend_init = send_init;
  h.after_MPI_Bsend_init = send_init;
  h.after_MPI_Rsend_init = send_init;
  h.after_MPI_Recv_init = [](Call& call, int rc, void*, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
                             MPI_Request* request) noexcept {
    if (rc == MPI_SUCCESS) remember(request, receive_info(call, count, type, source, tag, comm, true));
  };
  // A persistent send sends its companion at each start; a persistent receive
  // is posted at each start.
  h.before_MPI_Start = [](Call& call, MPI_Request* request) noexcept {
    if (request && *request != MPI_REQUEST_NULL) start_persistent(call, *request);
  };
  h.before_MPI_Startall = [](Call& call, int n, MPI_Request requests[]) noexcept {
    for (int k = 0; k < n; ++k)
      if (requests[k] != MPI_REQUEST_NULL) start_persistent(call, requests[k]);
  };
  h.before_MPI_Request_free = [](Call&, MPI_Request* request) noexcept {
    if (request && *request != MPI_REQUEST_NULL) {
      state().requests.erase(key(*request));
      rma_request_freed(key(*request));
    }
  };
  h.instead_MPI_Wait = wait_one;
  h.instead_MPI_Waitall = wait_all;
  h.instead_MPI_Waitany = wait_any;
  h.instead_MPI_Waitsome = wait_some;
  h.instead_MPI_Test = test_one;
  h.instead_MPI_Testall = test_all;
  h.instead_MPI_Testany = test_any;
  h.instead_MPI_Testsome = test_some;
  h.instead_MPI_Request_get_status = get_status;

  h.instead_MPI_Mprobe = [](Call& call, int source, int tag, MPI_Comm comm, MPI_Message* message, MPI_Status* status) noexcept {
    MPI_Status st{};
    int flag = 0;
    std::vector<Wait> waits;
    if (source != MPI_PROC_NULL) waits.push_back(Wait{WaitKind::receive, world_peer(comm, source), any_tag(tag), comm_id(comm)});
    poll(call, std::move(waits), [&] {
      PMPI_Improbe(source, tag, comm, &flag, message, &st);
      return flag != 0;
    });
    copy_status(status, st);
    take_probed(call, source, tag, comm, *message, st, status == MPI_STATUS_IGNORE);
    return MPI_SUCCESS;
  };
  h.instead_MPI_Improbe = [](Call& call, int source, int tag, MPI_Comm comm, int* flag, MPI_Message* message,
                             MPI_Status* status) noexcept {
    MPI_Status st{};
    int rc = PMPI_Improbe(source, tag, comm, flag, message, &st);
    if (rc == MPI_SUCCESS && *flag) {
      copy_status(status, st);
      take_probed(call, source, tag, comm, *message, st, status == MPI_STATUS_IGNORE);
    }
    return rc;
  };
  h.before_MPI_Mrecv = [](Call& call, void*, int count, MPI_Datatype type, MPI_Message* message, MPI_Status*) noexcept {
    if (message) matched_receive(call, *message, count, type);
  };
  h.before_MPI_Imrecv = [](Call& call, void*, int count, MPI_Datatype type, MPI_Message* message, MPI_Request*) noexcept {
    if (message) matched_receive(call, *message, count, type);
  };
}

// At MPI_Finalize (every rank is in it, watchdog_stop waited for that): a
// message still waiting on a communicator was sent and never received
// (MPI-3.1 §8.7: communication must be complete). Its companion names the send.
void finalize_messages(const Call& call) {
  State& s = state();
  for (const auto& [comm, shadow] : s.shadows.all()) {
    int flag = 0;
    MPI_Status st{};
    PMPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm, &flag, &st);
    if (!flag) continue;
    const int from = to_world(comm, st.MPI_SOURCE);
    core::Finding f{core::ErrorClass::nb_match_tag_mismatch,
                    "a message rank " + std::to_string(from) + " sent with tag " + std::to_string(st.MPI_TAG) + " on " +
                        comm_name(shadow.created) + " is never received by rank " + std::to_string(s.rank) +
                        " (no receive with that source, tag and communicator)",
                    {core::call(call.site())}};
    int has_companion = 0;
    MPI_Status cst;
    PMPI_Iprobe(st.MPI_SOURCE, st.MPI_TAG, shadow.comm, &has_companion, &cst);
    if (has_companion) {
      std::vector<std::uint64_t> w(companion_words(), 0);
      PMPI_Recv(w.data(), static_cast<int>(w.size()), MPI_UINT64_T, st.MPI_SOURCE, st.MPI_TAG, shadow.comm, MPI_STATUS_IGNORE);
      f.accesses.insert(f.accesses.begin(), core::call(core::Site{send_ops[w[4] < std::size(send_ops) ? w[4] : 0], from,
                                                                 interpose::decode_site(w[0])}));
    }
    interpose::report(f);
  }
  // Companions of messages never received stay unmatched; let them go.
  for (MPI_Request& r : s.outgoing) PMPI_Request_free(&r);
  s.outgoing.clear();
}

}  // namespace assay::vclock
