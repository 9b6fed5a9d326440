// Hooks of the collective family. Before every collective each rank
// contributes a fixed-size descriptor (kind, root, op, type signature, call
// site) to one MPI_Iallgather on the communicator's shadow. Every rank makes
// exactly one such exchange per collective call, whichever collective it is, so
// the check pairs the n-th collective of every rank and never waits for a call
// the application does not make itself; ranks whose n-th collectives differ
// see it in the descriptors. Blocking collectives compare at once; nonblocking
// ones when waiting is allowed (see Exchange). MPI_Comm_free and MPI_Finalize
// take part as pseudo-collectives, so a collective some ranks skip meets one
// of them. V-collectives carry per-rank counts: the ranks that know what they
// expect of each rank (roots, receivers) compare that with what each rank
// declares. Invalid arguments MPI would abort on are reported first, from
// local checks.
#include <sched.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "hooks.hpp"

#include "assay/core/collectives.hpp"

namespace assay::pmpi {
namespace {

using core::CollDescriptor;
using core::CollKind;
using core::SigSummary;

std::string call_name(const CollDescriptor& d) {
  if (d.kind == CollKind::finalize) return "MPI_Finalize";
  std::string base(core::name(d.kind));
  if (!d.nonblocking) return "MPI_" + base;
  base[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(base[0])));
  return "MPI_I" + base;
}

// User-defined ops (MPI_Op_create) by what they compute: the function, as a
// module offset that means the same on every rank, and whether it commutes.
// Ranks that pass ops of different functions pass different ops (MPI-3.1
// §5.9.1: the same op at all processes); an op whose function lies in no known
// module stays core::user_op, which matches any user-defined op.
constexpr std::int32_t first_user_op_code = 0x40000000;  // above every predefined op's code
std::map<MPI_Op, std::int32_t>& user_ops() {
  static auto* ops = new std::map<MPI_Op, std::int32_t>;
  return *ops;
}
// How messages name an identified user-defined op: its code, in hex (the same on every rank).
std::string user_op_id(std::int32_t op) {
  char id[16];
  std::snprintf(id, sizeof id, "%07x", static_cast<unsigned>(op - first_user_op_code));
  return id;
}

std::string describe(const CollDescriptor& d) {
  std::string s = call_name(d);
  if (d.has_root) s += " with root " + std::to_string(d.root);
  if (d.op >= first_user_op_code) s += ", user-defined op " + user_op_id(d.op);
  else if (d.op == core::user_op) s += ", a user-defined op";
  else if (d.op >= 0) s += ", op #" + std::to_string(d.op);
  if (d.has_signature && !d.signature_varies) s += ", " + std::to_string(d.signature_elements) + " elements";
  if (core::in_place_at_all_or_none(d.kind)) s += d.in_place ? ", in place" : ", not in place";
  return s;
}

std::int32_t op_code(MPI_Op op) {
  static const MPI_Op predefined[] = {MPI_MAX, MPI_MIN, MPI_SUM, MPI_PROD, MPI_LAND, MPI_BAND,
                                      MPI_LOR, MPI_BOR, MPI_LXOR, MPI_BXOR, MPI_MAXLOC,
                                      MPI_MINLOC, MPI_REPLACE, MPI_NO_OP};
  for (std::int32_t i = 0; i < static_cast<std::int32_t>(sizeof predefined / sizeof predefined[0]); ++i)
    if (predefined[i] == op) return i + 1;
  const auto it = user_ops().find(op);
  return it == user_ops().end() ? core::user_op : it->second;
}

SigSummary summary(int count, MPI_Datatype type) {
  SigSummary s;
  if (auto sig = signature(count, type)) {
    s.known = 1;
    s.hash = sig->hash();
    s.elements = sig->elements();
  }
  return s;
}

void set_signature(CollDescriptor& d, const SigSummary& s) {
  if (!s.known) return;
  d.has_signature = 1;
  d.signature_hash = s.hash;
  d.signature_elements = s.elements;
}

CollDescriptor descriptor(CollKind kind, bool nonblocking, std::optional<int> root = std::nullopt,
                          MPI_Op op = MPI_OP_NULL) {
  CollDescriptor d;
  d.kind = kind;
  d.nonblocking = nonblocking ? 1 : 0;
  d.has_root = root.has_value() ? 1 : 0;
  d.root = root.value_or(0);
  d.op = op == MPI_OP_NULL ? core::no_op : op_code(op);
  return d;
}

int comm_rank(MPI_Comm comm) {
  int r = 0;
  PMPI_Comm_rank(comm, &r);
  return r;
}

int comm_size(MPI_Comm comm) {
  int n = 0;
  PMPI_Comm_size(comm, &n);
  return n;
}

bool intercomm(MPI_Comm comm) {
  int inter = 0;
  PMPI_Comm_test_inter(comm, &inter);
  return inter != 0;
}

// Per-rank signatures of a v-collective: what this rank expects of each rank
// (empty when it expects nothing) and, for Alltoallv/w, what it sends to each.
struct VArgs {
  std::vector<SigSummary> expected;
  std::vector<SigSummary> sends;
};

void report_pair(core::ErrorClass cls, const core::Site& mine, MPI_Comm comm, int ref_rank,
                 const CollDescriptor& ref, const std::string& message) {
  const int ref_world = world_rank_of(comm, ref_rank);
  core::Site theirs{call_name(ref), ref_world, decode_site(ref.site_offset)};
  State::report({cls, message, {core::call(mine), core::call(theirs)}});
}

// A mismatch between two nonblocking collectives, kept until the next check
// on the communicator: the mirror-image mismatch there means the ranks started
// the same two calls in opposite orders (coll.order.nbc-mismatch).
struct Pending {
  CollDescriptor mine, ref;
  core::Site my_site, ref_site;
};
std::map<MPI_Comm, Pending>& pending() {
  static auto* p = new std::map<MPI_Comm, Pending>;
  return *p;
}

// One collective call's check in flight. Starting a nonblocking collective
// must not wait for other ranks (MPI-3.1 §5.12), so the descriptors travel by
// MPI_Iallgather on the shadow (every exchange, blocking or not, so they all
// match each other) and are compared when waiting is allowed: when the
// program waits for that collective's request in MPI_Wait/Waitall (before MPI
// completes it, and may abort on the mismatch) or completes it otherwise (a
// completion may synchronise, as the blocking collective may), at the next
// blocking collective on the communicator, at MPI_Comm_free or at
// MPI_Finalize. Checks on one communicator finish in the order they started.
// Alltoallv/w also send each rank what it is sent, point to point on the
// shadow, at the start.
struct Exchange {
  MPI_Comm comm = MPI_COMM_NULL;
  core::Site site;
  CollDescriptor mine;
  VArgs v;
  std::vector<CollDescriptor> all;
  std::vector<SigSummary> received;
  MPI_Request gather = MPI_REQUEST_NULL;
  std::vector<MPI_Request> sends_in, sends_out;
  std::uint64_t request = 0;  // the program's request of a nonblocking collective
};
constexpr int tag_sends = 32000;

// Checks in flight per communicator, oldest first. Exchanges are held by
// pointer: MPI reads and writes their buffers until they complete.
std::map<MPI_Comm, std::deque<std::unique_ptr<Exchange>>>& exchanges() {
  static auto* e = new std::map<MPI_Comm, std::deque<std::unique_ptr<Exchange>>>;
  return *e;
}
// Request handle -> communicator of the check waiting for its completion.
std::map<std::uint64_t, MPI_Comm>& by_request() {
  static auto* r = new std::map<std::uint64_t, MPI_Comm>;
  return *r;
}
// The check a nonblocking collective's pre-hook started, for its post-hook.
thread_local Exchange* awaiting_request = nullptr;

bool sends_exchanged(CollKind k) { return k == CollKind::alltoallv || k == CollKind::alltoallw; }

void start(const Call& call, const Shadow& s, MPI_Comm comm, const CollDescriptor& d, const VArgs* v) {
  const int size = comm_size(s.comm);
  const auto n = static_cast<std::size_t>(size);
  Exchange& x = *exchanges()[comm].emplace_back(std::make_unique<Exchange>());
  x.comm = comm;
  x.site = call.site();
  x.mine = d;
  x.mine.site_offset = encode_site(reinterpret_cast<std::uintptr_t>(call.pc));
  if (v) x.v = *v;
  x.all.resize(n);
  const int bytes = static_cast<int>(sizeof(CollDescriptor));
  PMPI_Iallgather(&x.mine, bytes, MPI_BYTE, x.all.data(), bytes, MPI_BYTE, s.comm, &x.gather);
  if (sends_exchanged(d.kind)) {
    if (x.v.sends.size() != n) x.v.sends.assign(n, SigSummary{});
    x.received.resize(n);
    x.sends_in.resize(n);
    x.sends_out.resize(n);
    const int sb = static_cast<int>(sizeof(SigSummary));
    for (int i = 0; i < size; ++i) {
      const auto k = static_cast<std::size_t>(i);
      PMPI_Irecv(&x.received[k], sb, MPI_BYTE, i, tag_sends, s.comm, &x.sends_in[k]);
      PMPI_Isend(&x.v.sends[k], sb, MPI_BYTE, i, tag_sends, s.comm, &x.sends_out[k]);
    }
  }
  if (d.nonblocking) awaiting_request = &x;
}

// Per-rank sends no rank will compare: receives cancelled, sends left to MPI.
void drop_sends(Exchange& x) {
  for (MPI_Request& r : x.sends_in) {
    PMPI_Cancel(&r);
    PMPI_Request_free(&r);
  }
  for (MPI_Request& r : x.sends_out) PMPI_Request_free(&r);
  x.sends_in.clear();
  x.sends_out.clear();
}

void compare(Shadow& s, MPI_Comm comm, Exchange& x) {
  PMPI_Wait(&x.gather, MPI_STATUS_IGNORE);
  const int me = comm_rank(s.comm);
  const auto n = x.all.size();
  const bool agree = core::kinds_agree(x.all);
  if (!agree) s.aligned = false;  // later checks would pair unrelated calls
  // What each rank declares for this rank.
  std::vector<SigSummary> actual(n);
  if (agree && sends_exchanged(x.mine.kind)) {
    PMPI_Waitall(static_cast<int>(n), x.sends_in.data(), MPI_STATUSES_IGNORE);
    PMPI_Waitall(static_cast<int>(n), x.sends_out.data(), MPI_STATUSES_IGNORE);
    actual = x.received;
  } else {
    drop_sends(x);
    for (std::size_t i = 0; i < n; ++i)
      actual[i] = SigSummary{x.all[i].has_signature, 0, x.all[i].signature_hash, x.all[i].signature_elements};
  }
  const CollDescriptor& d = x.mine;
  auto mismatch = core::compare(x.all, me);
  if (auto it = pending().find(comm); it != pending().end()) {
    const Pending p = it->second;
    pending().erase(it);
    if (mismatch && core::swapped(p.mine, p.ref, d, x.all[static_cast<std::size_t>(mismatch->reference_rank)]))
      State::report({core::ErrorClass::coll_order_nbc_mismatch,
                     "rank " + std::to_string(my_rank()) + " starts " + describe(p.mine) +
                         " and then " + describe(d) + ", rank " + std::to_string(p.ref_site.rank) +
                         " the same two calls in the opposite order",
                     {core::call(p.my_site), core::call(p.ref_site)}});
  }
  if (mismatch) {
    const CollDescriptor& ref = x.all[static_cast<std::size_t>(mismatch->reference_rank)];
    if (agree && d.nonblocking && ref.nonblocking) {
      const int ref_world = world_rank_of(comm, mismatch->reference_rank);
      pending()[comm] = Pending{d, ref, x.site,
                                core::Site{call_name(ref), ref_world, decode_site(ref.site_offset)}};
    }
    report_pair(mismatch->cls, x.site, comm, mismatch->reference_rank, ref,
                "rank " + std::to_string(my_rank()) + " calls " + describe(d) + " where rank " +
                    std::to_string(world_rank_of(comm, mismatch->reference_rank)) + " calls " +
                    describe(ref));
    return;
  }
  if (!agree || x.v.expected.size() != n) return;
  if (auto r = core::first_unexpected(x.v.expected, actual)) {
    const auto i = static_cast<std::size_t>(*r);
    report_pair(core::ErrorClass::coll_arg_type_mismatch, x.site, comm, *r, x.all[i],
                "rank " + std::to_string(my_rank()) + " expects a type signature of " +
                    std::to_string(x.v.expected[i].elements) + " elements for rank " +
                    std::to_string(world_rank_of(comm, *r)) + " in " + call_name(d) +
                    ", which declares " + std::to_string(actual[i].elements) +
                    (actual[i].elements == x.v.expected[i].elements ? " elements of other types"
                                                                    : " elements"));
  }
}

// Finishes the checks on comm in order, up to and including the one of the
// program's request `request` (0: all of them). Once ranks disagreed, the
// exchanges no longer pair up and nothing more is waited for; MPI forbids
// freeing a collective's request, so the abandoned exchange is left to MPI.
void finish(MPI_Comm comm, std::uint64_t request = 0) {
  auto it = exchanges().find(comm);
  if (it == exchanges().end()) return;
  Shadow* s = shadow_of(comm);
  auto& queue = it->second;
  bool last = false;
  while (!queue.empty() && !last) {
    std::unique_ptr<Exchange> x = std::move(queue.front());
    queue.pop_front();
    if (x->request) by_request().erase(x->request);
    last = request && x->request == request;
    if (s && s->aligned) {
      compare(*s, comm, *x);
    } else {
      drop_sends(*x);
      (void)x.release();
    }
  }
  if (queue.empty()) exchanges().erase(it);
}

// How long a blocking collective waits for its exchange before entering MPI
// anyway (ASSAY_PMPI_COLL_WAIT_MS, default 1000): MPI may complete a
// collective without the peers (the root of a small Bcast or Scatter), and a
// program that relies on it, erroneously, must not hang in the checker. An
// exchange not in by then finishes at the next check on the communicator, its
// MPI_Comm_free or MPI_Finalize, which reports the skipped collective.
std::chrono::milliseconds exchange_wait() {
  static const std::chrono::milliseconds limit = [] {
    const char* v = std::getenv("ASSAY_PMPI_COLL_WAIT_MS");
    return std::chrono::milliseconds(v && *v ? std::atol(v) : 1000);
  }();
  return limit;
}

// Whether every exchange in flight on comm has gathered all descriptors,
// polling for at most `limit`.
bool gathered_within(MPI_Comm comm, std::chrono::milliseconds limit) {
  auto it = exchanges().find(comm);
  if (it == exchanges().end()) return true;
  const auto until = std::chrono::steady_clock::now() + limit;
  for (;;) {
    bool all = true;
    for (auto& x : it->second) {
      int done = 1;
      if (x->gather != MPI_REQUEST_NULL) PMPI_Test(&x->gather, &done, MPI_STATUS_IGNORE);
      if (!done) {
        all = false;
        break;
      }
    }
    if (all) return true;
    if (std::chrono::steady_clock::now() >= until) return false;
    sched_yield();
  }
}

// Communicators from MPI_Comm_idup, whose shadow is made at their first
// collective: until its request completes the new communicator cannot be used
// (MPI-3.1 §6.4.2), and duplicating it inside the program's MPI_Test or
// MPI_Wait could block; the first collective on it is one every member calls.
std::set<MPI_Comm>& shadow_at_first_collective() {
  static auto* comms = new std::set<MPI_Comm>;
  return *comms;
}

// Every collective, blocking or not, and the pseudo-collectives: one exchange
// on the shadow; blocking calls wait for it (and the checks before it) here.
void check(const Call& call, MPI_Comm comm, const CollDescriptor& d, const VArgs* v = nullptr) {
  if (d.kind != CollKind::win_free && d.kind != CollKind::comm_free && d.kind != CollKind::finalize)
    note_collective(comm);
  if (d.kind != CollKind::comm_free && d.kind != CollKind::finalize && shadow_at_first_collective().erase(comm))
    state().shadows.add(comm);
  Shadow* s = shadow_of(comm);
  if (!s || !s->aligned || comm_size(s->comm) < 2) return;
  start(call, *s, comm, d, v);
  if (d.nonblocking) return;
  // The pseudo-collectives end the communicator's (or window's) life: all checks finish there.
  const bool last = d.kind == CollKind::win_free || d.kind == CollKind::comm_free || d.kind == CollKind::finalize;
  if (last || gathered_within(comm, exchange_wait())) finish(comm);
}

// --- invalid arguments, reported before MPI aborts on them ----------------------

void invalid(const Call& call, const std::string& why) {
  State::report({core::ErrorClass::coll_arg_invalid, std::string(call.name) + ": " + why,
                 {core::call(call.site())}});
}

// False (after reporting) for MPI_COMM_NULL: nothing else can be checked then.
bool comm_valid(const Call& call, MPI_Comm comm) {
  if (comm != MPI_COMM_NULL) return true;
  invalid(call, "the communicator is MPI_COMM_NULL");
  return false;
}

void type_valid(const Call& call, MPI_Datatype type, const char* which) {
  if (type == MPI_DATATYPE_NULL) invalid(call, std::string("the ") + which + " is MPI_DATATYPE_NULL");
}

void op_valid(const Call& call, MPI_Op op) {
  if (op == MPI_OP_NULL) invalid(call, "the reduction op is MPI_OP_NULL");
}

// An OUT buffer aliased with the IN buffer (MPI-3.1 §2.3): MPI_IN_PLACE exists for that.
void not_aliased(const Call& call, const void* sendbuf, const void* recvbuf) {
  if (sendbuf && sendbuf == recvbuf && sendbuf != MPI_IN_PLACE)
    invalid(call, "the send and receive buffers are the same memory; use MPI_IN_PLACE");
}

void recv_not_in_place(const Call& call, const void* recvbuf) {
  if (recvbuf == MPI_IN_PLACE) invalid(call, "MPI_IN_PLACE is passed as the receive buffer");
}

// The root is a rank of comm (intercommunicator roots are not checked).
void root_valid(const Call& call, int root, MPI_Comm comm) {
  if (intercomm(comm)) return;
  const int size = comm_size(comm);
  if (root < 0 || root >= size)
    invalid(call, "root " + std::to_string(root) + " is not a rank of a communicator of size " +
                      std::to_string(size));
}

// --- the collectives, by shape ---------------------------------------------------

void bcast_like(const Call& call, bool nb, int count, MPI_Datatype type, int root, MPI_Comm comm) {
  if (!comm_valid(call, comm)) return;
  root_valid(call, root, comm);
  type_valid(call, type, "datatype");
  CollDescriptor d = descriptor(CollKind::bcast, nb, root);
  set_signature(d, summary(count, type));
  check(call, comm, d);
}

// Gather: the root describes its receive side, the others their send side.
void gather_like(const Call& call, bool nb, const void* sbuf, int scount, MPI_Datatype stype,
                 int rcount, MPI_Datatype rtype, int root, MPI_Comm comm) {
  if (!comm_valid(call, comm)) return;
  root_valid(call, root, comm);
  const bool at_root = !intercomm(comm) && comm_rank(comm) == root;
  if (!at_root && sbuf == MPI_IN_PLACE) invalid(call, "MPI_IN_PLACE is passed by a rank other than the root");
  if (sbuf != MPI_IN_PLACE) type_valid(call, stype, "send datatype");
  if (at_root) type_valid(call, rtype, "receive datatype");
  CollDescriptor d = descriptor(CollKind::gather, nb, root);
  set_signature(d, at_root ? summary(rcount, rtype) : summary(scount, stype));
  check(call, comm, d);
}

void gatherv_like(const Call& call, bool nb, const void* sbuf, int scount, MPI_Datatype stype,
                  const int rcounts[], MPI_Datatype rtype, int root, MPI_Comm comm) {
  if (!comm_valid(call, comm)) return;
  root_valid(call, root, comm);
  const bool at_root = !intercomm(comm) && comm_rank(comm) == root;
  if (!at_root && sbuf == MPI_IN_PLACE) invalid(call, "MPI_IN_PLACE is passed by a rank other than the root");
  if (sbuf != MPI_IN_PLACE) type_valid(call, stype, "send datatype");
  if (at_root) type_valid(call, rtype, "receive datatype");
  CollDescriptor d = descriptor(CollKind::gatherv, nb, root);
  d.signature_varies = 1;
  if (sbuf != MPI_IN_PLACE) set_signature(d, summary(scount, stype));
  VArgs v;
  if (at_root && rcounts) {
    const int n = comm_size(comm);
    for (int i = 0; i < n; ++i) v.expected.push_back(summary(rcounts[i], rtype));
    if (sbuf == MPI_IN_PLACE) v.expected[static_cast<std::size_t>(root)] = SigSummary{};
  }
  check(call, comm, d, &v);
}

// Scatter: the root describes its send side, the others their receive side.
void scatter_like(const Call& call, bool nb, int scount, MPI_Datatype stype, const void* rbuf,
                  int rcount, MPI_Datatype rtype, int root, MPI_Comm comm) {
  if (!comm_valid(call, comm)) return;
  root_valid(call, root, comm);
  const bool at_root = !intercomm(comm) && comm_rank(comm) == root;
  if (!at_root && rbuf == MPI_IN_PLACE) invalid(call, "MPI_IN_PLACE is passed by a rank other than the root");
  if (at_root) type_valid(call, stype, "send datatype");
  if (rbuf != MPI_IN_PLACE) type_valid(call, rtype, "receive datatype");
  CollDescriptor d = descriptor(CollKind::scatter, nb, root);
  set_signature(d, at_root ? summary(scount, stype) : summary(rcount, rtype));
  check(call, comm, d);
}

void scatterv_like(const Call& call, bool nb, const int scounts[], MPI_Datatype stype,
                   const void* rbuf, int rcount, MPI_Datatype rtype, int root, MPI_Comm comm) {
  if (!comm_valid(call, comm)) return;
  root_valid(call, root, comm);
  const bool at_root = !intercomm(comm) && comm_rank(comm) == root;
  if (!at_root && rbuf == MPI_IN_PLACE) invalid(call, "MPI_IN_PLACE is passed by a rank other than the root");
  if (at_root) type_valid(call, stype, "send datatype");
  if (rbuf != MPI_IN_PLACE) type_valid(call, rtype, "receive datatype");
  CollDescriptor d = descriptor(CollKind::scatterv, nb, root);
  d.signature_varies = 1;
  if (rbuf != MPI_IN_PLACE) set_signature(d, summary(rcount, rtype));
  VArgs v;
  if (at_root && scounts) {
    const int n = comm_size(comm);
    for (int i = 0; i < n; ++i) v.expected.push_back(summary(scounts[i], stype));
    if (rbuf == MPI_IN_PLACE) v.expected[static_cast<std::size_t>(root)] = SigSummary{};
  }
  check(call, comm, d, &v);
}

// Allgather, Alltoall: every rank's block has the same signature everywhere.
void allgather_like(const Call& call, CollKind kind, bool nb, const void* sbuf, int scount,
                    MPI_Datatype stype, const void* rbuf, int rcount, MPI_Datatype rtype,
                    MPI_Comm comm) {
  if (!comm_valid(call, comm)) return;
  recv_not_in_place(call, rbuf);
  not_aliased(call, sbuf, rbuf);
  if (sbuf != MPI_IN_PLACE) type_valid(call, stype, "send datatype");
  type_valid(call, rtype, "receive datatype");
  CollDescriptor d = descriptor(kind, nb);
  d.in_place = sbuf == MPI_IN_PLACE;
  set_signature(d, sbuf == MPI_IN_PLACE ? summary(rcount, rtype) : summary(scount, stype));
  // What this rank receives from each rank must be what that rank sends
  // (MPI-3.1 §5.7, §5.8): rcount x rtype against every rank's send signature.
  VArgs v;
  if (!intercomm(comm)) v.expected.assign(static_cast<std::size_t>(comm_size(comm)), summary(rcount, rtype));
  check(call, comm, d, &v);
}

void allgatherv_like(const Call& call, bool nb, const void* sbuf, int scount, MPI_Datatype stype,
                     const void* rbuf, const int rcounts[], MPI_Datatype rtype, MPI_Comm comm) {
  if (!comm_valid(call, comm)) return;
  recv_not_in_place(call, rbuf);
  not_aliased(call, sbuf, rbuf);
  if (sbuf != MPI_IN_PLACE) type_valid(call, stype, "send datatype");
  type_valid(call, rtype, "receive datatype");
  CollDescriptor d = descriptor(CollKind::allgatherv, nb);
  d.in_place = sbuf == MPI_IN_PLACE;
  d.signature_varies = 1;
  VArgs v;
  if (!intercomm(comm) && rcounts) {
    const int n = comm_size(comm);
    for (int i = 0; i < n; ++i) v.expected.push_back(summary(rcounts[i], rtype));
    set_signature(d, sbuf == MPI_IN_PLACE ? v.expected[static_cast<std::size_t>(comm_rank(comm))]
                                          : summary(scount, stype));
  }
  check(call, comm, d, &v);
}

// Alltoallv/w: what rank i sends this rank must match what this rank receives from it.
void alltoallv_like(const Call& call, CollKind kind, bool nb, const void* sbuf, const int scounts[],
                    const MPI_Datatype* stypes, bool stypes_per_rank, const void* rbuf,
                    const int rcounts[], const MPI_Datatype* rtypes, bool rtypes_per_rank,
                    MPI_Comm comm) {
  if (!comm_valid(call, comm)) return;
  recv_not_in_place(call, rbuf);
  not_aliased(call, sbuf, rbuf);
  CollDescriptor d = descriptor(kind, nb);
  d.signature_varies = 1;
  d.in_place = sbuf == MPI_IN_PLACE;
  VArgs v;
  if (!intercomm(comm) && rcounts && rtypes) {
    const int n = comm_size(comm);
    for (int i = 0; i < n; ++i) {
      const MPI_Datatype rt = rtypes[rtypes_per_rank ? i : 0];
      if (rcounts[i] > 0 && rt == MPI_DATATYPE_NULL) type_valid(call, rt, "receive datatype");
      v.expected.push_back(summary(rcounts[i], rt));
    }
    if (sbuf == MPI_IN_PLACE) {
      v.sends = v.expected;  // in place: what this rank receives is also what it sends
    } else if (scounts && stypes) {
      for (int i = 0; i < n; ++i) {
        const MPI_Datatype st = stypes[stypes_per_rank ? i : 0];
        if (scounts[i] > 0 && st == MPI_DATATYPE_NULL) type_valid(call, st, "send datatype");
        v.sends.push_back(summary(scounts[i], st));
      }
    }
  }
  check(call, comm, d, &v);
}

// Reductions; no root for the all-reductions and scans.
void reduce_like(const Call& call, CollKind kind, bool nb, const void* sbuf, const void* rbuf,
                 int count, MPI_Datatype type, MPI_Op op, std::optional<int> root, MPI_Comm comm) {
  if (!comm_valid(call, comm)) return;
  bool significant_recv = true;
  if (root) {
    root_valid(call, *root, comm);
    const bool at_root = !intercomm(comm) && comm_rank(comm) == *root;
    if (!at_root && sbuf == MPI_IN_PLACE) invalid(call, "MPI_IN_PLACE is passed by a rank other than the root");
    significant_recv = at_root;
  }
  if (significant_recv) {
    recv_not_in_place(call, rbuf);
    not_aliased(call, sbuf, rbuf);
  }
  type_valid(call, type, "datatype");
  op_valid(call, op);
  CollDescriptor d = descriptor(kind, nb, root, op);
  d.in_place = sbuf == MPI_IN_PLACE;
  set_signature(d, summary(count, type));
  check(call, comm, d);
}

int sum(const int counts[], int n) {
  int s = 0;
  for (int i = 0; counts && i < n; ++i) s += counts[i];
  return s;
}

// Requests of nonblocking collectives not yet completed -> where they started.
std::map<std::uint64_t, core::Site>& active_nbcs() {
  static auto* r = new std::map<std::uint64_t, core::Site>;
  return *r;
}

// The bytes a nonblocking collective's buffers cover at this rank, none of
// which the program or another pending operation may touch until it completes
// (MPI-3.1 §5.12): those MPI reads and those it stores (an in-place buffer is
// stored). Intercommunicators' buffers are left out.
struct NbcBuffers {
  std::vector<core::ByteRange> reads, writes;

  // count x type at buf + offset bytes
  void read(const void* buf, int count, MPI_Datatype type, MPI_Aint offset = 0) { add(reads, buf, count, type, offset); }
  void write(const void* buf, int count, MPI_Datatype type, MPI_Aint offset = 0) { add(writes, buf, count, type, offset); }
  // counts[i] x type at displs[i] extents of type, for each of n ranks (the v-variants)
  void read_v(const void* buf, const int counts[], const int displs[], MPI_Datatype type, int n) {
    for (int i = 0; counts && displs && i < n; ++i) read(buf, counts[i], type, displs[i] * extent(type));
  }
  void write_v(const void* buf, const int counts[], const int displs[], MPI_Datatype type, int n) {
    for (int i = 0; counts && displs && i < n; ++i) write(buf, counts[i], type, displs[i] * extent(type));
  }

  static MPI_Aint extent(MPI_Datatype type) {
    MPI_Aint lb = 0, ext = 0;
    return PMPI_Type_get_extent(type, &lb, &ext) == MPI_SUCCESS ? ext : 0;
  }
  static void add(std::vector<core::ByteRange>& to, const void* buf, int count, MPI_Datatype type, MPI_Aint offset) {
    if (!buf || buf == MPI_IN_PLACE || buf == MPI_BOTTOM) return;
    for (const auto& r : footprint(static_cast<const char*>(buf) + offset, count, type)) to.push_back(r);
  }
  static void normalise(std::vector<core::ByteRange>& ranges) {  // sorted, disjoint
    std::sort(ranges.begin(), ranges.end(), [](const auto& a, const auto& b) { return a.lo < b.lo; });
    std::vector<core::ByteRange> merged;
    for (const auto& r : ranges) {
      if (!merged.empty() && r.lo <= merged.back().hi) merged.back().hi = std::max(merged.back().hi, r.hi);
      else merged.push_back(r);
    }
    ranges = std::move(merged);
  }
};

// This rank's place in an intracommunicator's collective that MPI started (none
// for an intercommunicator: its buffers are not followed).
struct Place {
  int rank = -1, size = 0;
  bool root = false;
  explicit operator bool() const { return size > 0; }
};
Place place(int rc, MPI_Comm comm, int root = -1) {
  if (rc != MPI_SUCCESS || comm == MPI_COMM_NULL || intercomm(comm)) return {};
  const int me = comm_rank(comm);
  return {me, comm_size(comm), me == root};
}

// The request of a nonblocking collective: the request table follows it with
// its buffers, and its completion finishes the collective's check.
void nbc_created(const Call& call, int rc, MPI_Request* request, NbcBuffers buffers = {}) {
  Exchange* x = std::exchange(awaiting_request, nullptr);
  if (rc != MPI_SUCCESS || !request || *request == MPI_REQUEST_NULL) return;
  state().requests.created(key(*request), request, core::RequestKind::collective, false, call.site());
  NbcBuffers::normalise(buffers.reads);
  NbcBuffers::normalise(buffers.writes);
  state().requests.buffer(key(*request), std::move(buffers.reads), std::move(buffers.writes));
  active_nbcs()[key(*request)] = call.site();
  if (x) {
    x->request = key(*request);
    by_request()[x->request] = x->comm;
  }
}

// A communicator the program created: its shadow, and the leak check follows it.
void added(const Call& call, MPI_Comm comm) {
  if (comm == MPI_COMM_NULL) return;
  state().shadows.add(comm);
  resource_created(core::ResourceKind::communicator, key(comm), call);
}

}  // namespace

void user_op_created(MPI_Op op, MPI_User_function* function, int commute) {
  const std::uint64_t site = encode_site(reinterpret_cast<std::uintptr_t>(function));
  if (!site) return;
  std::uint64_t h = (site ^ static_cast<std::uint64_t>(commute != 0)) * 0x9e3779b97f4a7c15ULL;
  user_ops()[op] = first_user_op_code | static_cast<std::int32_t>((h >> 34) & 0x3fffffff);
}
void user_op_freed(MPI_Op op) { user_ops().erase(op); }

void nbc_completed(std::uint64_t request) { active_nbcs().erase(request); }

void nbc_freeing(const Call& call, std::uint64_t request) {
  const auto it = active_nbcs().find(request);
  if (it == active_nbcs().end()) return;
  State::report({core::ErrorClass::coll_request_missing_completion,
                 std::string(call.name) + " on the request of " + it->second.op +
                     ": a nonblocking collective's request cannot be freed (MPI-3.1 §5.12), so the "
                     "collective is never completed",
                 {core::call(it->second), core::call(call.site())}});
  active_nbcs().erase(it);
}

void idup_created(MPI_Comm comm) {
  if (comm != MPI_COMM_NULL) shadow_at_first_collective().insert(comm);
}

void finish_nbc_check(std::uint64_t request) {
  if (auto it = by_request().find(request); it != by_request().end())  {
    if (gathered_within(it->second, exchange_wait())) finish(it->second, request);
  }
}

void check_window_free(const Call& call, MPI_Comm comm, std::uint64_t created) {
  const Shadow* s = shadow_of(comm);
  if (s && s->created == created) check(call, comm, descriptor(CollKind::win_free, false));
}

void finalize_coll(const Call& call) {
  std::vector<std::pair<std::uint64_t, MPI_Comm>> order;
  for (const auto& [comm, s] : state().shadows.all()) order.emplace_back(s.created, comm);
  std::sort(order.begin(), order.end());
  for (const auto& [created, comm] : order) check(call, comm, descriptor(CollKind::finalize, false));
}

// Communicator constructors: every member gets the new communicator's shadow
// (the constructor is collective over its members, as the shadow's
// MPI_Comm_dup is; an intercommunicator gets none: added() leaves it out), and
// the communicator is tracked for leaks.
#define ASSAY_COMM_CTOR(name, ...)                                                 \
  void post_##name(Call& call, int rc, __VA_ARGS__, MPI_Comm* newcomm) noexcept { \
    if (rc == MPI_SUCCESS) added(call, *newcomm);                                 \
  }
ASSAY_COMM_CTOR(MPI_Comm_dup, MPI_Comm)
ASSAY_COMM_CTOR(MPI_Comm_dup_with_info, MPI_Comm, MPI_Info)
ASSAY_COMM_CTOR(MPI_Comm_split, MPI_Comm, int, int)
ASSAY_COMM_CTOR(MPI_Comm_split_type, MPI_Comm, int, int, MPI_Info)
ASSAY_COMM_CTOR(MPI_Comm_create, MPI_Comm, MPI_Group)
ASSAY_COMM_CTOR(MPI_Comm_create_group, MPI_Comm, MPI_Group, int)
ASSAY_COMM_CTOR(MPI_Cart_create, MPI_Comm, int, const int[], const int[], int)
ASSAY_COMM_CTOR(MPI_Cart_sub, MPI_Comm, const int[])
ASSAY_COMM_CTOR(MPI_Graph_create, MPI_Comm, int, const int[], const int[], int)
ASSAY_COMM_CTOR(MPI_Dist_graph_create_adjacent, MPI_Comm, int, const int[], const int[], int, const int[],
                const int[], MPI_Info, int)
ASSAY_COMM_CTOR(MPI_Dist_graph_create, MPI_Comm, int, const int[], const int[], const int[], const int[], MPI_Info,
                int)
ASSAY_COMM_CTOR(MPI_Intercomm_merge, MPI_Comm, int)
ASSAY_COMM_CTOR(MPI_Intercomm_create, MPI_Comm, int, MPI_Comm, int, int)
#undef ASSAY_COMM_CTOR

// Communicator constructors' own arguments (res.arg.invalid), before MPI:
// MPI-3.1 §6.4.2, a color is non-negative or MPI_UNDEFINED; §7.5.1, a grid
// has positive dimensions and at most as many processes as the communicator.
static void res_invalid(const Call& call, const std::string& why) {
  State::report({core::ErrorClass::res_arg_invalid, std::string(call.name) + ": " + why, {core::call(call.site())}});
}
void pre_MPI_Comm_split(Call& call, MPI_Comm, int color, int, MPI_Comm*) noexcept {
  if (color < 0 && color != MPI_UNDEFINED)
    res_invalid(call, "the color " + std::to_string(color) + " is neither non-negative nor MPI_UNDEFINED");
}
void pre_MPI_Cart_create(Call& call, MPI_Comm comm, int ndims, const int dims[], const int[], int,
                         MPI_Comm*) noexcept {
  if (comm == MPI_COMM_NULL || ndims < 0 || (ndims > 0 && !dims)) return;
  long long product = 1;
  for (int i = 0; i < ndims; ++i) {
    if (dims[i] <= 0) return res_invalid(call, "dimension " + std::to_string(i) + " has size " + std::to_string(dims[i]));
    product *= dims[i];
  }
  if (product > comm_size(comm))
    res_invalid(call, "the grid has " + std::to_string(product) + " processes, the communicator " +
                          std::to_string(comm_size(comm)));
}
// pre: the communicator's last check, then its shadow goes.
void pre_MPI_Comm_free(Call& call, MPI_Comm* comm) noexcept {
  if (comm) resource_freed(core::ResourceKind::communicator, key(*comm));
  if (comm) pending().erase(*comm);
  if (comm) shadow_at_first_collective().erase(*comm);
  if (!comm || !shadow_of(*comm)) return;
  check(call, *comm, descriptor(CollKind::comm_free, false));
  state().shadows.drop(*comm);
}

// Each collective's pre-hook; the post-hook registers the request of the
// nonblocking variant with this rank's buffers (the blocking one's does nothing).

void pre_MPI_Barrier(Call& call, MPI_Comm comm) noexcept {
  if (comm_valid(call, comm)) check(call, comm, descriptor(CollKind::barrier, false));
}
void pre_MPI_Ibarrier(Call& call, MPI_Comm comm, MPI_Request*) noexcept {
  if (comm_valid(call, comm)) check(call, comm, descriptor(CollKind::barrier, true));
}
void post_MPI_Ibarrier(Call& call, int rc, MPI_Comm, MPI_Request* request) noexcept {
  nbc_created(call, rc, request);
}

void pre_MPI_Bcast(Call& call, void*, int count, MPI_Datatype type, int root, MPI_Comm comm) noexcept {
  bcast_like(call, false, count, type, root, comm);
}
void pre_MPI_Ibcast(Call& call, void*, int count, MPI_Datatype type, int root, MPI_Comm comm,
                    MPI_Request*) noexcept {
  bcast_like(call, true, count, type, root, comm);
}
void post_MPI_Ibcast(Call& call, int rc, void* buf, int count, MPI_Datatype type, int root, MPI_Comm comm,
                     MPI_Request* request) noexcept {
  NbcBuffers b;
  if (const Place p = place(rc, comm, root)) p.root ? b.read(buf, count, type) : b.write(buf, count, type);
  nbc_created(call, rc, request, std::move(b));
}

void pre_MPI_Gather(Call& call, const void* sbuf, int scount, MPI_Datatype stype, void*, int rcount,
                    MPI_Datatype rtype, int root, MPI_Comm comm) noexcept {
  gather_like(call, false, sbuf, scount, stype, rcount, rtype, root, comm);
}
void pre_MPI_Igather(Call& call, const void* sbuf, int scount, MPI_Datatype stype, void*, int rcount,
                     MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request*) noexcept {
  gather_like(call, true, sbuf, scount, stype, rcount, rtype, root, comm);
}
void post_MPI_Igather(Call& call, int rc, const void* sbuf, int scount, MPI_Datatype stype, void* rbuf, int rcount,
                      MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request* request) noexcept {
  NbcBuffers b;
  if (const Place p = place(rc, comm, root)) {
    b.read(sbuf, scount, stype);
    if (p.root) b.write(rbuf, p.size * rcount, rtype);
  }
  nbc_created(call, rc, request, std::move(b));
}

void pre_MPI_Gatherv(Call& call, const void* sbuf, int scount, MPI_Datatype stype, void*,
                     const int rcounts[], const int[], MPI_Datatype rtype, int root, MPI_Comm comm) noexcept {
  gatherv_like(call, false, sbuf, scount, stype, rcounts, rtype, root, comm);
}
void pre_MPI_Igatherv(Call& call, const void* sbuf, int scount, MPI_Datatype stype, void*,
                      const int rcounts[], const int[], MPI_Datatype rtype, int root, MPI_Comm comm,
                      MPI_Request*) noexcept {
  gatherv_like(call, true, sbuf, scount, stype, rcounts, rtype, root, comm);
}
void post_MPI_Igatherv(Call& call, int rc, const void* sbuf, int scount, MPI_Datatype stype, void* rbuf,
                       const int rcounts[], const int displs[], MPI_Datatype rtype, int root, MPI_Comm comm,
                       MPI_Request* request) noexcept {
  NbcBuffers b;
  if (const Place p = place(rc, comm, root)) {
    b.read(sbuf, scount, stype);
    if (p.root) b.write_v(rbuf, rcounts, displs, rtype, p.size);
  }
  nbc_created(call, rc, request, std::move(b));
}

void pre_MPI_Scatter(Call& call, const void*, int scount, MPI_Datatype stype, void* rbuf, int rcount,
                     MPI_Datatype rtype, int root, MPI_Comm comm) noexcept {
  scatter_like(call, false, scount, stype, rbuf, rcount, rtype, root, comm);
}
void pre_MPI_Iscatter(Call& call, const void*, int scount, MPI_Datatype stype, void* rbuf, int rcount,
                      MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request*) noexcept {
  scatter_like(call, true, scount, stype, rbuf, rcount, rtype, root, comm);
}
void post_MPI_Iscatter(Call& call, int rc, const void* sbuf, int scount, MPI_Datatype stype, void* rbuf, int rcount,
                       MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request* request) noexcept {
  NbcBuffers b;
  if (const Place p = place(rc, comm, root)) {
    if (p.root) b.read(sbuf, p.size * scount, stype);
    b.write(rbuf, rcount, rtype);
  }
  nbc_created(call, rc, request, std::move(b));
}

void pre_MPI_Scatterv(Call& call, const void*, const int scounts[], const int[], MPI_Datatype stype,
                      void* rbuf, int rcount, MPI_Datatype rtype, int root, MPI_Comm comm) noexcept {
  scatterv_like(call, false, scounts, stype, rbuf, rcount, rtype, root, comm);
}
void pre_MPI_Iscatterv(Call& call, const void*, const int scounts[], const int[], MPI_Datatype stype,
                       void* rbuf, int rcount, MPI_Datatype rtype, int root, MPI_Comm comm,
                       MPI_Request*) noexcept {
  scatterv_like(call, true, scounts, stype, rbuf, rcount, rtype, root, comm);
}
void post_MPI_Iscatterv(Call& call, int rc, const void* sbuf, const int scounts[], const int displs[],
                        MPI_Datatype stype, void* rbuf, int rcount, MPI_Datatype rtype, int root, MPI_Comm comm,
                        MPI_Request* request) noexcept {
  NbcBuffers b;
  if (const Place p = place(rc, comm, root)) {
    if (p.root) b.read_v(sbuf, scounts, displs, stype, p.size);
    b.write(rbuf, rcount, rtype);
  }
  nbc_created(call, rc, request, std::move(b));
}

void pre_MPI_Allgather(Call& call, const void* sbuf, int scount, MPI_Datatype stype, void* rbuf,
                       int rcount, MPI_Datatype rtype, MPI_Comm comm) noexcept {
  allgather_like(call, CollKind::allgather, false, sbuf, scount, stype, rbuf, rcount, rtype, comm);
}
void pre_MPI_Iallgather(Call& call, const void* sbuf, int scount, MPI_Datatype stype, void* rbuf,
                        int rcount, MPI_Datatype rtype, MPI_Comm comm, MPI_Request*) noexcept {
  allgather_like(call, CollKind::allgather, true, sbuf, scount, stype, rbuf, rcount, rtype, comm);
}
void post_MPI_Iallgather(Call& call, int rc, const void* sbuf, int scount, MPI_Datatype stype, void* rbuf,
                         int rcount, MPI_Datatype rtype, MPI_Comm comm, MPI_Request* request) noexcept {
  NbcBuffers b;
  if (const Place p = place(rc, comm)) {
    b.read(sbuf, scount, stype);
    b.write(rbuf, p.size * rcount, rtype);
  }
  nbc_created(call, rc, request, std::move(b));
}

void pre_MPI_Alltoall(Call& call, const void* sbuf, int scount, MPI_Datatype stype, void* rbuf,
                      int rcount, MPI_Datatype rtype, MPI_Comm comm) noexcept {
  allgather_like(call, CollKind::alltoall, false, sbuf, scount, stype, rbuf, rcount, rtype, comm);
}
void pre_MPI_Ialltoall(Call& call, const void* sbuf, int scount, MPI_Datatype stype, void* rbuf,
                       int rcount, MPI_Datatype rtype, MPI_Comm comm, MPI_Request*) noexcept {
  allgather_like(call, CollKind::alltoall, true, sbuf, scount, stype, rbuf, rcount, rtype, comm);
}
void post_MPI_Ialltoall(Call& call, int rc, const void* sbuf, int scount, MPI_Datatype stype, void* rbuf,
                        int rcount, MPI_Datatype rtype, MPI_Comm comm, MPI_Request* request) noexcept {
  NbcBuffers b;
  if (const Place p = place(rc, comm)) {
    b.read(sbuf, p.size * scount, stype);
    b.write(rbuf, p.size * rcount, rtype);
  }
  nbc_created(call, rc, request, std::move(b));
}

void pre_MPI_Allgatherv(Call& call, const void* sbuf, int scount, MPI_Datatype stype, void* rbuf,
                        const int rcounts[], const int[], MPI_Datatype rtype, MPI_Comm comm) noexcept {
  allgatherv_like(call, false, sbuf, scount, stype, rbuf, rcounts, rtype, comm);
}
void pre_MPI_Iallgatherv(Call& call, const void* sbuf, int scount, MPI_Datatype stype, void* rbuf,
                         const int rcounts[], const int[], MPI_Datatype rtype, MPI_Comm comm,
                         MPI_Request*) noexcept {
  allgatherv_like(call, true, sbuf, scount, stype, rbuf, rcounts, rtype, comm);
}
void post_MPI_Iallgatherv(Call& call, int rc, const void* sbuf, int scount, MPI_Datatype stype, void* rbuf,
                          const int rcounts[], const int displs[], MPI_Datatype rtype, MPI_Comm comm,
                          MPI_Request* request) noexcept {
  NbcBuffers b;
  if (const Place p = place(rc, comm)) {
    b.read(sbuf, scount, stype);
    b.write_v(rbuf, rcounts, displs, rtype, p.size);
  }
  nbc_created(call, rc, request, std::move(b));
}

void pre_MPI_Alltoallv(Call& call, const void* sbuf, const int scounts[], const int[], MPI_Datatype stype,
                       void* rbuf, const int rcounts[], const int[], MPI_Datatype rtype, MPI_Comm comm) noexcept {
  alltoallv_like(call, CollKind::alltoallv, false, sbuf, scounts, &stype, false, rbuf, rcounts, &rtype,
                 false, comm);
}
void pre_MPI_Ialltoallv(Call& call, const void* sbuf, const int scounts[], const int[], MPI_Datatype stype,
                        void* rbuf, const int rcounts[], const int[], MPI_Datatype rtype, MPI_Comm comm,
                        MPI_Request*) noexcept {
  alltoallv_like(call, CollKind::alltoallv, true, sbuf, scounts, &stype, false, rbuf, rcounts, &rtype,
                 false, comm);
}
void post_MPI_Ialltoallv(Call& call, int rc, const void* sbuf, const int scounts[], const int sdispls[],
                         MPI_Datatype stype, void* rbuf, const int rcounts[], const int rdispls[],
                         MPI_Datatype rtype, MPI_Comm comm, MPI_Request* request) noexcept {
  NbcBuffers b;
  if (const Place p = place(rc, comm)) {
    b.read_v(sbuf, scounts, sdispls, stype, p.size);
    b.write_v(rbuf, rcounts, rdispls, rtype, p.size);
  }
  nbc_created(call, rc, request, std::move(b));
}

void pre_MPI_Alltoallw(Call& call, const void* sbuf, const int scounts[], const int[],
                       const MPI_Datatype stypes[], void* rbuf, const int rcounts[], const int[],
                       const MPI_Datatype rtypes[], MPI_Comm comm) noexcept {
  alltoallv_like(call, CollKind::alltoallw, false, sbuf, scounts, stypes, true, rbuf, rcounts, rtypes,
                 true, comm);
}
void pre_MPI_Ialltoallw(Call& call, const void* sbuf, const int scounts[], const int[],
                        const MPI_Datatype stypes[], void* rbuf, const int rcounts[], const int[],
                        const MPI_Datatype rtypes[], MPI_Comm comm, MPI_Request*) noexcept {
  alltoallv_like(call, CollKind::alltoallw, true, sbuf, scounts, stypes, true, rbuf, rcounts, rtypes,
                 true, comm);
}
void post_MPI_Ialltoallw(Call& call, int rc, const void* sbuf, const int scounts[], const int sdispls[],
                         const MPI_Datatype stypes[], void* rbuf, const int rcounts[], const int rdispls[],
                         const MPI_Datatype rtypes[], MPI_Comm comm, MPI_Request* request) noexcept {
  NbcBuffers b;
  if (const Place p = place(rc, comm)) {
    for (int i = 0; i < p.size; ++i) {  // displacements in bytes, a type per peer
      if (sbuf != MPI_IN_PLACE && scounts && sdispls && stypes) b.read(sbuf, scounts[i], stypes[i], sdispls[i]);
      if (rcounts && rdispls && rtypes) b.write(rbuf, rcounts[i], rtypes[i], rdispls[i]);
    }
  }
  nbc_created(call, rc, request, std::move(b));
}

void pre_MPI_Reduce(Call& call, const void* sbuf, void* rbuf, int count, MPI_Datatype type, MPI_Op op,
                    int root, MPI_Comm comm) noexcept {
  reduce_like(call, CollKind::reduce, false, sbuf, rbuf, count, type, op, root, comm);
}
void pre_MPI_Ireduce(Call& call, const void* sbuf, void* rbuf, int count, MPI_Datatype type, MPI_Op op,
                     int root, MPI_Comm comm, MPI_Request*) noexcept {
  reduce_like(call, CollKind::reduce, true, sbuf, rbuf, count, type, op, root, comm);
}
void post_MPI_Ireduce(Call& call, int rc, const void* sbuf, void* rbuf, int count, MPI_Datatype type, MPI_Op,
                      int root, MPI_Comm comm, MPI_Request* request) noexcept {
  NbcBuffers b;
  if (const Place p = place(rc, comm, root)) {
    b.read(sbuf, count, type);
    if (p.root) b.write(rbuf, count, type);
  }
  nbc_created(call, rc, request, std::move(b));
}

// The all-reductions: every rank reads its contribution and stores its result,
// count elements each, except MPI_Reduce_scatter_block's size x count in
// (MPI_IN_PLACE: in the receive buffer).
void all_reduction_created(const Call& call, int rc, CollKind kind, const void* sbuf, void* rbuf, int count,
                           MPI_Datatype type, MPI_Comm comm, MPI_Request* request) {
  NbcBuffers b;
  if (const Place p = place(rc, comm)) {
    const int in = kind == CollKind::reduce_scatter_block ? p.size * count : count;
    b.read(sbuf, in, type);
    b.write(rbuf, sbuf == MPI_IN_PLACE ? in : count, type);
  }
  nbc_created(call, rc, request, std::move(b));
}

#define ASSAY_ALL_REDUCTION(name, iname, kind)                                                    \
  void pre_##name(Call& call, const void* sbuf, void* rbuf, int count, MPI_Datatype type,         \
                  MPI_Op op, MPI_Comm comm) noexcept {                                            \
    reduce_like(call, kind, false, sbuf, rbuf, count, type, op, std::nullopt, comm);             \
  }                                                                                               \
  void pre_##iname(Call& call, const void* sbuf, void* rbuf, int count, MPI_Datatype type,        \
                   MPI_Op op, MPI_Comm comm, MPI_Request*) noexcept {                             \
    reduce_like(call, kind, true, sbuf, rbuf, count, type, op, std::nullopt, comm);              \
  }                                                                                               \
  void post_##iname(Call& call, int rc, const void* sbuf, void* rbuf, int count, MPI_Datatype type, MPI_Op, \
                    MPI_Comm comm, MPI_Request* request) noexcept {                                \
    all_reduction_created(call, rc, kind, sbuf, rbuf, count, type, comm, request);               \
  }
ASSAY_ALL_REDUCTION(MPI_Allreduce, MPI_Iallreduce, CollKind::allreduce)
ASSAY_ALL_REDUCTION(MPI_Reduce_scatter_block, MPI_Ireduce_scatter_block, CollKind::reduce_scatter_block)
ASSAY_ALL_REDUCTION(MPI_Scan, MPI_Iscan, CollKind::scan)
ASSAY_ALL_REDUCTION(MPI_Exscan, MPI_Iexscan, CollKind::exscan)
#undef ASSAY_ALL_REDUCTION

// Reduce_scatter: recvcounts must be the same on every rank, so their sum is compared.
void pre_MPI_Reduce_scatter(Call& call, const void* sbuf, void* rbuf, const int rcounts[],
                            MPI_Datatype type, MPI_Op op, MPI_Comm comm) noexcept {
  const int n = comm == MPI_COMM_NULL ? 0 : comm_size(comm);
  reduce_like(call, CollKind::reduce_scatter, false, sbuf, rbuf, sum(rcounts, n), type, op,
              std::nullopt, comm);
}
void pre_MPI_Ireduce_scatter(Call& call, const void* sbuf, void* rbuf, const int rcounts[],
                             MPI_Datatype type, MPI_Op op, MPI_Comm comm, MPI_Request*) noexcept {
  const int n = comm == MPI_COMM_NULL ? 0 : comm_size(comm);
  reduce_like(call, CollKind::reduce_scatter, true, sbuf, rbuf, sum(rcounts, n), type, op,
              std::nullopt, comm);
}
void post_MPI_Ireduce_scatter(Call& call, int rc, const void* sbuf, void* rbuf, const int rcounts[],
                              MPI_Datatype type, MPI_Op, MPI_Comm comm, MPI_Request* request) noexcept {
  NbcBuffers b;
  if (const Place p = place(rc, comm); p && rcounts) {
    const int in = sum(rcounts, p.size);
    b.read(sbuf, in, type);
    b.write(rbuf, sbuf == MPI_IN_PLACE ? in : rcounts[p.rank], type);
  }
  nbc_created(call, rc, request, std::move(b));
}

// The hooks this family implements; every other call only passes through.
void register_coll(Hooks& h) {
  h.before_MPI_Allgather = pre_MPI_Allgather;
  h.before_MPI_Allgatherv = pre_MPI_Allgatherv;
  h.before_MPI_Allreduce = pre_MPI_Allreduce;
  h.before_MPI_Alltoall = pre_MPI_Alltoall;
  h.before_MPI_Alltoallv = pre_MPI_Alltoallv;
  h.before_MPI_Alltoallw = pre_MPI_Alltoallw;
  h.before_MPI_Barrier = pre_MPI_Barrier;
  h.before_MPI_Bcast = pre_MPI_Bcast;
  h.before_MPI_Cart_create = pre_MPI_Cart_create;
  h.after_MPI_Cart_create = post_MPI_Cart_create;
  h.after_MPI_Comm_create = post_MPI_Comm_create;
  h.after_MPI_Comm_dup = post_MPI_Comm_dup;
  h.after_MPI_Comm_dup_with_info = post_MPI_Comm_dup_with_info;
  h.after_MPI_Comm_create_group = post_MPI_Comm_create_group;
  h.after_MPI_Cart_sub = post_MPI_Cart_sub;
  h.after_MPI_Graph_create = post_MPI_Graph_create;
  h.after_MPI_Dist_graph_create_adjacent = post_MPI_Dist_graph_create_adjacent;
  h.after_MPI_Dist_graph_create = post_MPI_Dist_graph_create;
  h.after_MPI_Intercomm_merge = post_MPI_Intercomm_merge;
  h.after_MPI_Intercomm_create = post_MPI_Intercomm_create;
  h.before_MPI_Comm_free = pre_MPI_Comm_free;
  h.before_MPI_Comm_split = pre_MPI_Comm_split;
  h.after_MPI_Comm_split = post_MPI_Comm_split;
  h.after_MPI_Comm_split_type = post_MPI_Comm_split_type;
  h.before_MPI_Exscan = pre_MPI_Exscan;
  h.before_MPI_Gather = pre_MPI_Gather;
  h.before_MPI_Gatherv = pre_MPI_Gatherv;
  h.before_MPI_Iallgather = pre_MPI_Iallgather;
  h.after_MPI_Iallgather = post_MPI_Iallgather;
  h.before_MPI_Iallgatherv = pre_MPI_Iallgatherv;
  h.after_MPI_Iallgatherv = post_MPI_Iallgatherv;
  h.before_MPI_Iallreduce = pre_MPI_Iallreduce;
  h.after_MPI_Iallreduce = post_MPI_Iallreduce;
  h.before_MPI_Ialltoall = pre_MPI_Ialltoall;
  h.after_MPI_Ialltoall = post_MPI_Ialltoall;
  h.before_MPI_Ialltoallv = pre_MPI_Ialltoallv;
  h.after_MPI_Ialltoallv = post_MPI_Ialltoallv;
  h.before_MPI_Ialltoallw = pre_MPI_Ialltoallw;
  h.after_MPI_Ialltoallw = post_MPI_Ialltoallw;
  h.before_MPI_Ibarrier = pre_MPI_Ibarrier;
  h.after_MPI_Ibarrier = post_MPI_Ibarrier;
  h.before_MPI_Ibcast = pre_MPI_Ibcast;
  h.after_MPI_Ibcast = post_MPI_Ibcast;
  h.before_MPI_Iexscan = pre_MPI_Iexscan;
  h.after_MPI_Iexscan = post_MPI_Iexscan;
  h.before_MPI_Igather = pre_MPI_Igather;
  h.after_MPI_Igather = post_MPI_Igather;
  h.before_MPI_Igatherv = pre_MPI_Igatherv;
  h.after_MPI_Igatherv = post_MPI_Igatherv;
  h.before_MPI_Ireduce = pre_MPI_Ireduce;
  h.after_MPI_Ireduce = post_MPI_Ireduce;
  h.before_MPI_Ireduce_scatter = pre_MPI_Ireduce_scatter;
  h.after_MPI_Ireduce_scatter = post_MPI_Ireduce_scatter;
  h.before_MPI_Ireduce_scatter_block = pre_MPI_Ireduce_scatter_block;
  h.after_MPI_Ireduce_scatter_block = post_MPI_Ireduce_scatter_block;
  h.before_MPI_Iscan = pre_MPI_Iscan;
  h.after_MPI_Iscan = post_MPI_Iscan;
  h.before_MPI_Iscatter = pre_MPI_Iscatter;
  h.after_MPI_Iscatter = post_MPI_Iscatter;
  h.before_MPI_Iscatterv = pre_MPI_Iscatterv;
  h.after_MPI_Iscatterv = post_MPI_Iscatterv;
  h.before_MPI_Reduce = pre_MPI_Reduce;
  h.before_MPI_Reduce_scatter = pre_MPI_Reduce_scatter;
  h.before_MPI_Reduce_scatter_block = pre_MPI_Reduce_scatter_block;
  h.before_MPI_Scan = pre_MPI_Scan;
  h.before_MPI_Scatter = pre_MPI_Scatter;
  h.before_MPI_Scatterv = pre_MPI_Scatterv;
}

}  // namespace assay::pmpi
