// memcheck: a PMPI shim on the interposition layer that tells Valgrind's stock
// memcheck what MPI does with the program's memory (docs/backends.md,
// "memcheck"). It runs inside the guest program, under valgrind, and talks to
// memcheck only through client requests (valgrind/memcheck.h):
//
//  - sends: the bytes count x datatype reads (the type map, holes excluded)
//    must be addressable (else mem.send.overrun) and defined (else
//    mem.send.uninitialized). Checked quietly (VALGRIND_GET_VBITS, which
//    reports nothing) and reported by the shim through the layer's findings
//    writer, with the call site and the first bad byte's offset.
//  - receives: the bytes a receive may write must be addressable
//    (mem.recv.overrun).
//  - the same two checks for what else moves data: collectives, blocking or
//    nonblocking (the pieces interpose/collectives.hpp derives from the
//    standard's rules for roots and MPI_IN_PLACE), and one-sided operations
//    (a put's or accumulate's origin is sent, a get's origin and a fetching
//    operation's result are received into). A peer of MPI_PROC_NULL moves
//    nothing, so nothing is checked.
//  - statuses: the MPI_ERROR field a call leaves unset by the standard
//    (MPI-3.1 §3.2.5, §3.7.5) is made undefined by
//    assay_memcheck_unset_error_field(), so memcheck (--track-origins=yes)
//    names that function as the origin of a later use of the value; the
//    parser maps such errors to mem.status.undefined-error-field.
//  - nonblocking receives: the buffer is no-access from MPI_Irecv (or
//    MPI_Start of a persistent receive) to the completion that returns it;
//    the shim announces each protected range in the XML with a client message
//    "ASSAY-PROTECT <class> <op> <addr> <len>" (with its stack) and
//    "ASSAY-UNPROTECT <addr> <len>", and the parser maps memcheck's invalid
//    reads and writes of the program's own code inside a protected range to
//    that class (nb.buffer.recv-access). MPI's own writes into the buffer are
//    not the program's (the parser keeps only accesses whose innermost frame
//    outside libc and valgrind's preloads is the program's). Another MPI call
//    that reaches those bytes overlaps the pending receive (nb.buffer.overlap),
//    which the send and receive checks report instead of an overrun.
//  - guard pages: memcheck does not follow mprotect, so the shim wraps it and
//    makes the pages the program turns PROT_NONE no-access to memcheck (the
//    receive check then sees a buffer that runs into a guard page).
#include <valgrind/memcheck.h>
#include <valgrind/valgrind.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "assay/interpose/collectives.hpp"
#include "assay/interpose/datatypes.hpp"
#include "assay/interpose/findings.hpp"
#include "assay/interpose/interpose.hpp"

// Outside the anonymous namespace and never inlined: memcheck's origin stack
// of an undefined MPI_ERROR value starts in this function, by name.
extern "C" __attribute__((noinline, visibility("default"))) void assay_memcheck_unset_error_field(int* field) {
  VALGRIND_MAKE_MEM_UNDEFINED(field, sizeof *field);
  __asm__ volatile("" ::: "memory");  // keep the frame (no tail call)
}

namespace assay::memcheck {
namespace {
using Blocks = std::vector<std::pair<std::int64_t, std::int64_t>>;

constexpr std::size_t kChunk = 4096;

// Offset of the first byte of [p, p + len) that is not addressable, or -1.
// VALGRIND_GET_VBITS returns 3 (and reports nothing) when any byte is not.
std::int64_t first_unaddressable(const char* p, std::size_t len) {
  static thread_local char vbits[kChunk];
  for (std::size_t off = 0; off < len; off += kChunk) {
    std::size_t n = len - off < kChunk ? len - off : kChunk;
    if (VALGRIND_GET_VBITS(p + off, vbits, n) != 3) continue;
    for (std::size_t i = 0; i < n; ++i)
      if (VALGRIND_GET_VBITS(p + off + i, vbits, 1) == 3) return static_cast<std::int64_t>(off + i);
  }
  return -1;
}

// Offset of the first byte of [p, p + len) with an undefined bit, or -1
// (the range is addressable).
std::int64_t first_undefined(const char* p, std::size_t len) {
  static thread_local unsigned char vbits[kChunk];
  for (std::size_t off = 0; off < len; off += kChunk) {
    std::size_t n = len - off < kChunk ? len - off : kChunk;
    if (VALGRIND_GET_VBITS(p + off, vbits, n) != 1) continue;
    for (std::size_t i = 0; i < n; ++i)
      if (vbits[i] != 0) return static_cast<std::int64_t>(off + i);
  }
  return -1;
}

// One finding per (class, call site): a check in a loop reports once.
bool first_time(core::ErrorClass cls, const interpose::Call& call) {
  static std::mutex m;
  static std::set<std::pair<int, void*>> seen;
  std::lock_guard<std::mutex> lock(m);
  return seen.insert({static_cast<int>(cls), call.pc}).second;
}

std::string hex(std::uintptr_t v) {
  char b[32];
  std::snprintf(b, sizeof b, "0x%llx", static_cast<unsigned long long>(v));
  return b;
}

// What `call` does to [addr, addr + size), for a finding.
core::Access access_of(const interpose::Call& call, std::uintptr_t addr, std::size_t size, core::AccessKind kind) {
  core::Access a = core::call(call.site());
  a.addr = addr;
  a.size = size;
  a.kind = kind;
  a.time = call.time;
  return a;
}

void report_bad_byte(core::ErrorClass cls, const interpose::Call& call, const void* buf, std::int64_t offset,
                     std::uint64_t bytes, int count, const char* what) {
  if (!first_time(cls, call)) return;
  std::string msg = std::string(call.name) + " " + what + " byte " + std::to_string(offset) + " of its buffer " +
                    hex(reinterpret_cast<std::uintptr_t>(buf)) + " (count " + std::to_string(count) +
                    ", the datatype covers " + std::to_string(bytes) + " bytes)";
  const auto kind = cls == core::ErrorClass::mem_recv_overrun ? core::AccessKind::write : core::AccessKind::read;
  const std::uintptr_t addr = reinterpret_cast<std::uintptr_t>(buf) + static_cast<std::uintptr_t>(offset);
  interpose::report({cls, msg, {access_of(call, addr, 1, kind)}});
}

bool skip_buffer(const void* buf, int count) { return count <= 0 || buf == MPI_IN_PLACE; }

std::uint64_t total(const Blocks& blocks) {
  std::uint64_t n = 0;
  for (const auto& [lo, hi] : blocks) n += static_cast<std::uint64_t>(hi - lo);
  return n;
}

// The offset of the first byte of `blocks` (offsets from `base`) that `probe`
// finds bad; -1 when there is none.
template <class Probe>
std::int64_t first_bad_byte(const char* base, const Blocks& blocks, Probe probe) {
  for (const auto& [lo, hi] : blocks) {
    const std::int64_t bad = probe(base + lo, static_cast<std::size_t>(hi - lo));
    if (bad >= 0) return lo + bad;
  }
  return -1;
}

std::optional<core::Access> pending_receive_at(std::uintptr_t addr);

// A byte the check found unaddressable because a pending receive holds it (its
// buffer is no-access until completion, below): the two operations' buffers
// overlap (MPI-3.1 §3.7.2), which is not an overrun. Reported with both calls.
bool reported_overlap(const interpose::Call& call, const void* buf, std::int64_t offset, core::AccessKind kind) {
  const std::uintptr_t addr = reinterpret_cast<std::uintptr_t>(buf) + static_cast<std::uintptr_t>(offset);
  const std::optional<core::Access> pending = pending_receive_at(addr);
  if (!pending) return false;
  if (!first_time(core::ErrorClass::nb_buffer_overlap, call)) return true;
  interpose::report({core::ErrorClass::nb_buffer_overlap,
                     std::string(call.name) + " reaches byte " + std::to_string(offset) + " of its buffer " +
                         hex(addr - static_cast<std::uintptr_t>(offset)) + ", which a pending receive (" +
                         hex(pending->addr) + ", " + std::to_string(pending->size) +
                         " bytes) may still be writing",
                     {*pending, access_of(call, addr, 1, kind)}});
  return true;
}

// The bytes a send reads: addressable, then defined.
void check_send(const interpose::Call& call, const void* buf, int count, MPI_Datatype type) {
  if (skip_buffer(buf, count)) return;
  const Blocks blocks = interpose::type_blocks(count, type);
  const char* base = static_cast<const char*>(buf);
  if (const std::int64_t at = first_bad_byte(base, blocks, first_unaddressable); at >= 0) {
    if (reported_overlap(call, buf, at, core::AccessKind::read)) return;
    return report_bad_byte(core::ErrorClass::mem_send_overrun, call, buf, at, total(blocks), count,
                           "reads unaddressable");
  }
  if (const std::int64_t at = first_bad_byte(base, blocks, first_undefined); at >= 0)
    report_bad_byte(core::ErrorClass::mem_send_uninitialized, call, buf, at, total(blocks), count,
                    "sends undefined (never written)");
}

// The bytes a receive may write: addressable.
void check_recv(const interpose::Call& call, const void* buf, int count, MPI_Datatype type) {
  if (skip_buffer(buf, count)) return;
  const Blocks blocks = interpose::type_blocks(count, type);
  if (const std::int64_t at = first_bad_byte(static_cast<const char*>(buf), blocks, first_unaddressable); at >= 0)
    if (!reported_overlap(call, buf, at, core::AccessKind::write))
      report_bad_byte(core::ErrorClass::mem_recv_overrun, call, buf, at, total(blocks), count,
                      "may write unaddressable");
}

// --- pages the program makes inaccessible ---------------------------------------
//
// memcheck does not follow mprotect (Valgrind 3.19: a page made PROT_NONE stays
// addressable to it, so the receive check above cannot see a guard page). The
// shim wraps the program's mprotect: a page made PROT_NONE becomes no-access
// to memcheck (its definedness saved), and gets it back when the program makes
// the page accessible again. munmap forgets the saved pages (memcheck makes an
// unmapped range no-access itself).
struct GuardPages {
  std::mutex m;
  std::unordered_map<std::uintptr_t, std::vector<char>> saved;  // page -> its vbits before PROT_NONE
};
GuardPages& guard_pages() {
  static auto* g = new GuardPages;
  return *g;
}

std::uintptr_t page_size() {
  static const std::uintptr_t size = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  return size;
}

// The pages of [addr, addr + len), as the kernel rounds them.
template <class Each>
void for_each_page(const void* addr, std::size_t len, Each each) {
  const std::uintptr_t size = page_size();
  const std::uintptr_t lo = reinterpret_cast<std::uintptr_t>(addr) & ~(size - 1);
  const std::uintptr_t hi = reinterpret_cast<std::uintptr_t>(addr) + len;
  for (std::uintptr_t p = lo; p < hi; p += size) each(p, size);
}

void pages_protected(const void* addr, std::size_t len, int prot) {
  std::lock_guard<std::mutex> lock(guard_pages().m);
  auto& saved = guard_pages().saved;
  for_each_page(addr, len, [&](std::uintptr_t page, std::uintptr_t size) {
    char* p = reinterpret_cast<char*>(page);
    auto it = saved.find(page);
    if (prot == PROT_NONE && it == saved.end()) {
      std::vector<char> vbits(size);
      // A page memcheck already holds partly unaddressable is left as it is.
      if (VALGRIND_GET_VBITS(p, vbits.data(), size) != 1) return;
      saved.emplace(page, std::move(vbits));
      VALGRIND_MAKE_MEM_NOACCESS(p, size);
    } else if (prot != PROT_NONE && it != saved.end()) {
      VALGRIND_MAKE_MEM_UNDEFINED(p, size);
      VALGRIND_SET_VBITS(p, it->second.data(), size);
      saved.erase(it);
    }
  });
}

void pages_unmapped(const void* addr, std::size_t len) {
  std::lock_guard<std::mutex> lock(guard_pages().m);
  for_each_page(addr, len, [&](std::uintptr_t page, std::uintptr_t) { guard_pages().saved.erase(page); });
}

// --- statuses --------------------------------------------------------------------

// Whether the program's MPI_ERROR field is fully defined before the call.
bool error_field_defined(const MPI_Status* s) {
  unsigned char vbits[sizeof(int)];
  if (VALGRIND_GET_VBITS(&s->MPI_ERROR, vbits, sizeof vbits) != 1) return false;
  for (unsigned char v : vbits)
    if (v) return false;
  return true;
}

// Before a call that returns statuses: remember which MPI_ERROR fields the
// program had set (a field the standard says MPI does not set keeps the
// program's value, which the program may read).
void save_error_fields(interpose::Call& call, const MPI_Status* statuses, int n) {
  call.saved.push_back(static_cast<std::uint64_t>(n));
  for (int i = 0; i < n; ++i) call.saved.push_back(statuses && error_field_defined(&statuses[i]) ? 1 : 0);
}

// After it: the fields the call did not set by the standard are undefined
// again unless the program had set them.
void unset_error_fields(const interpose::Call& call, MPI_Status* statuses, int n, std::size_t at = 0) {
  if (!statuses || statuses == MPI_STATUS_IGNORE || call.saved.size() <= at) return;
  int saved_n = static_cast<int>(call.saved[at]);
  for (int i = 0; i < n && i < saved_n; ++i)
    if (call.saved[at + 1 + static_cast<std::size_t>(i)] == 0) assay_memcheck_unset_error_field(&statuses[i].MPI_ERROR);
}

void before_one_status(interpose::Call& call, MPI_Status* status) {
  if (status && status != MPI_STATUS_IGNORE) save_error_fields(call, status, 1);
}
void after_one_status(const interpose::Call& call, int rc, MPI_Status* status) {
  if (rc == MPI_SUCCESS) unset_error_fields(call, status, 1);
}

// --- protected receive buffers ----------------------------------------------------

struct Protected {
  char* base = nullptr;
  Blocks blocks;
  core::Access started;  // the call that started the receive, and its buffer's extent
  std::vector<std::vector<char>> vbits;  // per block, as before protection
};

struct State {
  std::mutex m;
  std::unordered_map<std::uint64_t, Protected> active;  // request -> protected buffer
  struct Persistent {
    void* buf;
    int count;
    MPI_Datatype type;
    bool recv;
  };
  std::unordered_map<std::uint64_t, Persistent> persistent;  // persistent request -> its buffer
};
State& state() {
  static auto* s = new State;
  return *s;
}

void unprotect(std::uint64_t request, long long received);

// Makes the receive buffer of `request`, started by `call`, no-access until its completion.
void protect(const interpose::Call& call, MPI_Request request, void* buf, int count, MPI_Datatype type) {
  if (skip_buffer(buf, count) || request == MPI_REQUEST_NULL) return;
  const char* op = call.name;
  // A live handle is unique: one still listed was completed unseen; give its
  // buffer back first (it may be this one).
  const std::uint64_t k = interpose::key(request);
  unprotect(k, -1);
  Protected p;
  p.base = static_cast<char*>(buf);
  p.blocks = interpose::type_blocks(count, type);
  if (p.blocks.empty()) return;  // an empty or undecodable type: no byte to protect
  for (const auto& [lo, hi] : p.blocks) {
    std::vector<char> v(static_cast<std::size_t>(hi - lo));
    if (VALGRIND_GET_VBITS(p.base + lo, v.data(), v.size()) != 1) return;  // not addressable: reported already
    p.vbits.push_back(std::move(v));
  }
  // type_blocks are sorted and disjoint: the buffer spans the first to the last.
  p.started = access_of(call, reinterpret_cast<std::uintptr_t>(p.base + p.blocks.front().first),
                        static_cast<std::size_t>(p.blocks.back().second - p.blocks.front().first),
                        core::AccessKind::write);
  for (const auto& [lo, hi] : p.blocks) {
    VALGRIND_PRINTF_BACKTRACE("ASSAY-PROTECT nb.buffer.recv-access %s %p %lld\n", op, static_cast<void*>(p.base + lo),
                              static_cast<long long>(hi - lo));
    VALGRIND_MAKE_MEM_NOACCESS(p.base + lo, static_cast<std::size_t>(hi - lo));
  }
  std::lock_guard<std::mutex> lock(state().m);
  state().active[k] = std::move(p);
}

std::optional<core::Access> pending_receive_at(std::uintptr_t addr) {
  std::lock_guard<std::mutex> lock(state().m);
  for (const auto& [request, p] : state().active)
    for (const auto& [lo, hi] : p.blocks)
      if (addr >= reinterpret_cast<std::uintptr_t>(p.base + lo) && addr < reinterpret_cast<std::uintptr_t>(p.base + hi))
        return p.started;
  return std::nullopt;
}

// Gives the buffer back: as addressable as before, its definedness as before
// except for what the message wrote (`received` bytes in block order; all of
// them when unknown).
void unprotect(std::uint64_t request, long long received) {
  Protected p;
  {
    std::lock_guard<std::mutex> lock(state().m);
    auto it = state().active.find(request);
    if (it == state().active.end()) return;
    p = std::move(it->second);
    state().active.erase(it);
  }
  long long left = received;
  for (std::size_t i = 0; i < p.blocks.size(); ++i) {
    auto [lo, hi] = p.blocks[i];
    std::size_t len = static_cast<std::size_t>(hi - lo);
    VALGRIND_MAKE_MEM_UNDEFINED(p.base + lo, len);
    VALGRIND_SET_VBITS(p.base + lo, p.vbits[i].data(), len);
    std::size_t wrote = received < 0 ? len : (left <= 0 ? 0 : (static_cast<std::size_t>(left) < len ? static_cast<std::size_t>(left) : len));
    if (wrote) VALGRIND_MAKE_MEM_DEFINED(p.base + lo, wrote);
    left -= static_cast<long long>(wrote);
    VALGRIND_PRINTF("ASSAY-UNPROTECT %p %lld\n", static_cast<void*>(p.base + lo), static_cast<long long>(len));
  }
}

// The bytes a completed receive wrote, from its status; -1 when unknown: an
// ignored status, or one whose fields (MPI_ERROR aside) MPI left undefined
// (an inactive persistent request's empty status on MPICH).
long long received_bytes(const MPI_Status* status) {
  if (!status || status == MPI_STATUS_IGNORE) return -1;
  unsigned char vbits[sizeof(MPI_Status)];
  if (VALGRIND_GET_VBITS(status, vbits, sizeof vbits) != 1) return -1;
  const std::size_t err = offsetof(MPI_Status, MPI_ERROR);
  for (std::size_t i = 0; i < sizeof vbits; ++i)
    if (vbits[i] && (i < err || i >= err + sizeof(int))) return -1;
  int n = 0;
  if (PMPI_Get_count(status, MPI_BYTE, &n) != MPI_SUCCESS || n == MPI_UNDEFINED) return -1;
  return n;
}

// Before a completion call: the requests it may complete, in call.saved
// after the status bookkeeping (appended at `from`).
void save_requests(interpose::Call& call, const MPI_Request* reqs, int n) {
  call.saved.push_back(static_cast<std::uint64_t>(n));
  for (int i = 0; i < n; ++i) call.saved.push_back(interpose::key(reqs[i]));
}
// The index in call.saved where the request list starts.
std::size_t requests_at(const interpose::Call& call) {
  if (call.saved.empty()) return 0;
  return 1 + call.saved[0];
}
void completed(const interpose::Call& call, int index, const MPI_Status* status) {
  std::size_t at = requests_at(call);
  if (call.saved.size() <= at || index < 0 || static_cast<std::uint64_t>(index) >= call.saved[at]) return;
  unprotect(call.saved[at + 1 + static_cast<std::size_t>(index)], received_bytes(status));
}

// --- hooks --------------------------------------------------------------------------

// A send to MPI_PROC_NULL reads no byte (MPI-3.1 §3.11): its buffer is not checked.
#define SEND_HOOK(NAME)                                                                                      \
  void before_##NAME(interpose::Call& call, const void* buf, int count, MPI_Datatype type, int dest, int,   \
                     MPI_Comm) noexcept {                                                                     \
    if (dest != MPI_PROC_NULL) check_send(call, buf, count, type);                                            \
  }
SEND_HOOK(Send)
SEND_HOOK(Ssend)
SEND_HOOK(Bsend)
SEND_HOOK(Rsend)
#define ISEND_HOOK(NAME)                                                                                     \
  void before_##NAME(interpose::Call& call, const void* buf, int count, MPI_Datatype type, int dest, int,   \
                     MPI_Comm, MPI_Request*) noexcept {                                                       \
    if (dest != MPI_PROC_NULL) check_send(call, buf, count, type);                                            \
  }
ISEND_HOOK(Isend)
ISEND_HOOK(Ibsend)
ISEND_HOOK(Issend)
ISEND_HOOK(Irsend)

void remember_persistent(int rc, const void* buf, int count, MPI_Datatype type, MPI_Request* req, bool recv) {
  if (rc != MPI_SUCCESS || !req) return;
  std::lock_guard<std::mutex> lock(state().m);
  state().persistent[interpose::key(*req)] = {const_cast<void*>(buf), count, type, recv};
}
#define SEND_INIT_HOOK(NAME)                                                                                 \
  void after_##NAME(interpose::Call&, int rc, const void* buf, int count, MPI_Datatype type, int dest, int,  \
                    MPI_Comm, MPI_Request* req) noexcept {                                                    \
    if (dest != MPI_PROC_NULL) remember_persistent(rc, buf, count, type, req, false);                         \
  }
SEND_INIT_HOOK(Send_init)
SEND_INIT_HOOK(Bsend_init)
SEND_INIT_HOOK(Ssend_init)
SEND_INIT_HOOK(Rsend_init)
void after_Recv_init(interpose::Call&, int rc, void* buf, int count, MPI_Datatype type, int source, int, MPI_Comm,
                     MPI_Request* req) noexcept {
  if (source != MPI_PROC_NULL) remember_persistent(rc, buf, count, type, req, true);
}

// A persistent operation reads (send) or may write (receive) its buffer from
// its start. A receive started again while its buffer is still protected for
// it overlaps nothing but itself: starting an active request is the error
// (nb.request.persistent-start-active, not memcheck's), or it completed unseen.
void before_start_one(interpose::Call& call, MPI_Request req) {
  State::Persistent p{};
  {
    std::lock_guard<std::mutex> lock(state().m);
    auto it = state().persistent.find(interpose::key(req));
    if (it == state().persistent.end()) return;
    p = it->second;
    if (p.recv && state().active.count(interpose::key(req)) > 0) return;
  }
  if (p.recv) check_recv(call, p.buf, p.count, p.type);
  else check_send(call, p.buf, p.count, p.type);
}
void after_start_one(const interpose::Call& call, MPI_Request req) {
  State::Persistent p{};
  {
    std::lock_guard<std::mutex> lock(state().m);
    auto it = state().persistent.find(interpose::key(req));
    if (it == state().persistent.end() || !it->second.recv) return;
    p = it->second;
  }
  protect(call, req, p.buf, p.count, p.type);
}
void before_Start(interpose::Call& call, MPI_Request* req) noexcept {
  if (req) before_start_one(call, *req);
}
void after_Start(interpose::Call& call, int rc, MPI_Request* req) noexcept {
  if (rc == MPI_SUCCESS && req) after_start_one(call, *req);
}
void before_Startall(interpose::Call& call, int n, MPI_Request reqs[]) noexcept {
  for (int i = 0; reqs && i < n; ++i) before_start_one(call, reqs[i]);
}
void after_Startall(interpose::Call& call, int rc, int n, MPI_Request reqs[]) noexcept {
  for (int i = 0; rc == MPI_SUCCESS && reqs && i < n; ++i) after_start_one(call, reqs[i]);
}

// A receive from MPI_PROC_NULL writes no byte (MPI-3.1 §3.11): its buffer is
// neither checked nor protected. Both MPIs also hand out one shared request
// handle for all such MPI_Irecv calls, which the table of protected buffers,
// keyed by handle, could not tell apart.
void before_Recv(interpose::Call& call, void* buf, int count, MPI_Datatype type, int source, int, MPI_Comm,
                 MPI_Status* status) noexcept {
  if (source != MPI_PROC_NULL) check_recv(call, buf, count, type);
  before_one_status(call, status);
}
void after_Recv(interpose::Call& call, int rc, void*, int, MPI_Datatype, int, int, MPI_Comm,
                MPI_Status* status) noexcept {
  after_one_status(call, rc, status);
}
void before_Irecv(interpose::Call& call, void* buf, int count, MPI_Datatype type, int source, int, MPI_Comm,
                  MPI_Request*) noexcept {
  if (source != MPI_PROC_NULL) check_recv(call, buf, count, type);
}
void after_Irecv(interpose::Call& call, int rc, void* buf, int count, MPI_Datatype type, int source, int, MPI_Comm,
                 MPI_Request* req) noexcept {
  if (rc == MPI_SUCCESS && req && source != MPI_PROC_NULL) protect(call, *req, buf, count, type);
}
void before_Mrecv(interpose::Call& call, void* buf, int count, MPI_Datatype type, MPI_Message*,
                  MPI_Status* status) noexcept {
  check_recv(call, buf, count, type);
  before_one_status(call, status);
}
void after_Mrecv(interpose::Call& call, int rc, void*, int, MPI_Datatype, MPI_Message*, MPI_Status* status) noexcept {
  after_one_status(call, rc, status);
}
void before_Imrecv(interpose::Call& call, void* buf, int count, MPI_Datatype type, MPI_Message*,
                   MPI_Request*) noexcept {
  check_recv(call, buf, count, type);
}
void after_Imrecv(interpose::Call& call, int rc, void* buf, int count, MPI_Datatype type, MPI_Message*,
                  MPI_Request* req) noexcept {
  if (rc == MPI_SUCCESS && req) protect(call, *req, buf, count, type);
}
void before_Sendrecv(interpose::Call& call, const void* sbuf, int scount, MPI_Datatype stype, int dest, int,
                     void* rbuf, int rcount, MPI_Datatype rtype, int source, int, MPI_Comm,
                     MPI_Status* status) noexcept {
  if (dest != MPI_PROC_NULL) check_send(call, sbuf, scount, stype);
  if (source != MPI_PROC_NULL) check_recv(call, rbuf, rcount, rtype);
  before_one_status(call, status);
}
void after_Sendrecv(interpose::Call& call, int rc, const void*, int, MPI_Datatype, int, int, void*, int, MPI_Datatype,
                    int, int, MPI_Comm, MPI_Status* status) noexcept {
  after_one_status(call, rc, status);
}
void before_Sendrecv_replace(interpose::Call& call, void* buf, int count, MPI_Datatype type, int dest, int,
                             int source, int, MPI_Comm, MPI_Status* status) noexcept {
  if (dest != MPI_PROC_NULL) check_send(call, buf, count, type);
  if (source != MPI_PROC_NULL) check_recv(call, buf, count, type);
  before_one_status(call, status);
}
void after_Sendrecv_replace(interpose::Call& call, int rc, void*, int, MPI_Datatype, int, int, int, int, MPI_Comm,
                            MPI_Status* status) noexcept {
  after_one_status(call, rc, status);
}

// Probes: the status of a probe is a single status too.
void before_Probe(interpose::Call& call, int, int, MPI_Comm, MPI_Status* status) noexcept {
  before_one_status(call, status);
}
void after_Probe(interpose::Call& call, int rc, int, int, MPI_Comm, MPI_Status* status) noexcept {
  after_one_status(call, rc, status);
}
void before_Iprobe(interpose::Call& call, int, int, MPI_Comm, int*, MPI_Status* status) noexcept {
  before_one_status(call, status);
}
void after_Iprobe(interpose::Call& call, int rc, int, int, MPI_Comm, int* flag, MPI_Status* status) noexcept {
  if (flag && *flag) after_one_status(call, rc, status);
}
void before_Mprobe(interpose::Call& call, int, int, MPI_Comm, MPI_Message*, MPI_Status* status) noexcept {
  before_one_status(call, status);
}
void after_Mprobe(interpose::Call& call, int rc, int, int, MPI_Comm, MPI_Message*, MPI_Status* status) noexcept {
  after_one_status(call, rc, status);
}
void before_Improbe(interpose::Call& call, int, int, MPI_Comm, int*, MPI_Message*, MPI_Status* status) noexcept {
  before_one_status(call, status);
}
void after_Improbe(interpose::Call& call, int rc, int, int, MPI_Comm, int* flag, MPI_Message*,
                   MPI_Status* status) noexcept {
  if (flag && *flag) after_one_status(call, rc, status);
}

// Completions. call.saved: [n statuses, defined flags...][n requests, keys...].
void save_single(interpose::Call& call, MPI_Request* req, MPI_Status* status) {
  if (status && status != MPI_STATUS_IGNORE) save_error_fields(call, status, 1);
  else call.saved.push_back(0);
  save_requests(call, req, req ? 1 : 0);
}
void before_Wait(interpose::Call& call, MPI_Request* req, MPI_Status* status) noexcept { save_single(call, req, status); }
void after_Wait(interpose::Call& call, int rc, MPI_Request*, MPI_Status* status) noexcept {
  if (rc != MPI_SUCCESS) return;
  completed(call, 0, status);
  unset_error_fields(call, status, 1);
}
void before_Test(interpose::Call& call, MPI_Request* req, int*, MPI_Status* status) noexcept {
  save_single(call, req, status);
}
void after_Test(interpose::Call& call, int rc, MPI_Request*, int* flag, MPI_Status* status) noexcept {
  if (rc != MPI_SUCCESS || !flag || !*flag) return;
  completed(call, 0, status);
  unset_error_fields(call, status, 1);
}
// flag = 1: the operation is complete, its buffer the program's again; the
// request is still to be completed or freed (a later wait finds nothing to give back).
void before_Request_get_status(interpose::Call& call, MPI_Request req, int*, MPI_Status* status) noexcept {
  save_single(call, &req, status);
}
void after_Request_get_status(interpose::Call& call, int rc, MPI_Request, int* flag, MPI_Status* status) noexcept {
  after_Test(call, rc, nullptr, flag, status);
}
void save_array(interpose::Call& call, int n, MPI_Request reqs[], MPI_Status statuses[]) {
  if (statuses && statuses != MPI_STATUSES_IGNORE && n > 0) save_error_fields(call, statuses, n);
  else call.saved.push_back(0);
  save_requests(call, reqs, reqs && n > 0 ? n : 0);
}
void before_Waitany(interpose::Call& call, int n, MPI_Request reqs[], int*, MPI_Status* status) noexcept {
  if (status && status != MPI_STATUS_IGNORE) save_error_fields(call, status, 1);
  else call.saved.push_back(0);
  save_requests(call, reqs, reqs && n > 0 ? n : 0);
}
void after_Waitany(interpose::Call& call, int rc, int, MPI_Request[], int* index, MPI_Status* status) noexcept {
  if (rc != MPI_SUCCESS || !index || *index == MPI_UNDEFINED) return;
  completed(call, *index, status);
  unset_error_fields(call, status, 1);
}
void before_Testany(interpose::Call& call, int n, MPI_Request reqs[], int* index, int*, MPI_Status* status) noexcept {
  before_Waitany(call, n, reqs, index, status);
}
void after_Testany(interpose::Call& call, int rc, int n, MPI_Request reqs[], int* index, int* flag,
                   MPI_Status* status) noexcept {
  if (flag && *flag) after_Waitany(call, rc, n, reqs, index, status);
}
// Multiple completions set MPI_ERROR only when they return MPI_ERR_IN_STATUS
// (MPI-3.1 §3.7.5); otherwise they leave the fields as they were.
void after_all(const interpose::Call& call, int rc, int n, MPI_Status statuses[]) {
  bool with_statuses = statuses && statuses != MPI_STATUSES_IGNORE;
  if (rc != MPI_SUCCESS && rc != MPI_ERR_IN_STATUS) return;
  for (int i = 0; i < n; ++i) {
    const MPI_Status* s = with_statuses ? &statuses[i] : nullptr;
    if (rc == MPI_ERR_IN_STATUS && s && s->MPI_ERROR != MPI_SUCCESS) continue;  // not completed
    completed(call, i, s);
  }
  if (rc == MPI_SUCCESS && with_statuses) unset_error_fields(call, statuses, n);
}
void before_Waitall(interpose::Call& call, int n, MPI_Request reqs[], MPI_Status statuses[]) noexcept {
  save_array(call, n, reqs, statuses);
}
void after_Waitall(interpose::Call& call, int rc, int n, MPI_Request[], MPI_Status statuses[]) noexcept {
  after_all(call, rc, n, statuses);
}
void before_Testall(interpose::Call& call, int n, MPI_Request reqs[], int*, MPI_Status statuses[]) noexcept {
  save_array(call, n, reqs, statuses);
}
void after_Testall(interpose::Call& call, int rc, int n, MPI_Request[], int* flag, MPI_Status statuses[]) noexcept {
  if (flag && *flag) after_all(call, rc, n, statuses);
}
// Waitsome/Testsome: statuses[k] belongs to request indices[k].
void after_some(const interpose::Call& call, int rc, int* outcount, int indices[], MPI_Status statuses[]) {
  if ((rc != MPI_SUCCESS && rc != MPI_ERR_IN_STATUS) || !outcount || *outcount == MPI_UNDEFINED || !indices) return;
  bool with_statuses = statuses && statuses != MPI_STATUSES_IGNORE;
  for (int k = 0; k < *outcount; ++k) {
    const MPI_Status* s = with_statuses ? &statuses[k] : nullptr;
    if (rc == MPI_ERR_IN_STATUS && s && s->MPI_ERROR != MPI_SUCCESS) continue;
    completed(call, indices[k], s);
  }
  if (rc == MPI_SUCCESS && with_statuses) unset_error_fields(call, statuses, *outcount);
}
void before_Waitsome(interpose::Call& call, int n, MPI_Request reqs[], int*, int*, MPI_Status statuses[]) noexcept {
  save_array(call, n, reqs, statuses);
}
void after_Waitsome(interpose::Call& call, int rc, int, MPI_Request[], int* outcount, int indices[],
                    MPI_Status statuses[]) noexcept {
  after_some(call, rc, outcount, indices, statuses);
}
void before_Testsome(interpose::Call& call, int n, MPI_Request reqs[], int*, int*, MPI_Status statuses[]) noexcept {
  save_array(call, n, reqs, statuses);
}
void after_Testsome(interpose::Call& call, int rc, int, MPI_Request[], int* outcount, int indices[],
                    MPI_Status statuses[]) noexcept {
  after_some(call, rc, outcount, indices, statuses);
}
// A freed request's receive may still be in progress: its buffer is given
// back at once (the program cannot know when it is safe; nothing to check).
void before_Request_free(interpose::Call& call, MPI_Request* req) noexcept {
  call.saved.push_back(0);
  save_requests(call, req, req ? 1 : 0);
}
void after_Request_free(interpose::Call& call, int, MPI_Request*) noexcept {
  std::size_t at = requests_at(call);
  if (call.saved.size() > at + 1) {
    unprotect(call.saved[at + 1], -1);
    std::lock_guard<std::mutex> lock(state().m);
    state().persistent.erase(call.saved[at + 1]);
  }
}

// Collectives: what each sends from this process is checked as a send, what
// it may write here as a receive (interpose/collectives.hpp says which pieces,
// by the standard's rules for roots, MPI_IN_PLACE and intercommunicators). A
// nonblocking collective is checked when it starts, as MPI_Isend is.
void check_collective(const interpose::Call& call, const interpose::CollectiveData& d) {
  for (const interpose::Piece& p : d.sent) check_send(call, p.at(), p.count, p.type);
  for (const interpose::Piece& p : d.received) check_recv(call, p.at(), p.count, p.type);
}
// The blocking and the nonblocking form of a collective.
#define COLLECTIVE_HOOKS(NAME, INAME, DATA, ARGS, ...)                                                     \
  void before_##NAME(interpose::Call& call, __VA_ARGS__) noexcept {                                          \
    check_collective(call, interpose::DATA ARGS);                                                             \
  }                                                                                                           \
  void before_##INAME(interpose::Call& call, __VA_ARGS__, MPI_Request*) noexcept {                          \
    check_collective(call, interpose::DATA ARGS);                                                             \
  }
COLLECTIVE_HOOKS(Bcast, Ibcast, bcast_data, (buf, count, type, root, comm), void* buf, int count, MPI_Datatype type,
                 int root, MPI_Comm comm)
COLLECTIVE_HOOKS(Gather, Igather, gather_data, (sbuf, scount, stype, rbuf, rcount, rtype, root, comm), const void* sbuf,
                 int scount, MPI_Datatype stype, void* rbuf, int rcount, MPI_Datatype rtype, int root, MPI_Comm comm)
COLLECTIVE_HOOKS(Gatherv, Igatherv, gatherv_data, (sbuf, scount, stype, rbuf, rcounts, displs, rtype, root, comm),
                 const void* sbuf, int scount, MPI_Datatype stype, void* rbuf, const int rcounts[], const int displs[],
                 MPI_Datatype rtype, int root, MPI_Comm comm)
COLLECTIVE_HOOKS(Scatter, Iscatter, scatter_data, (sbuf, scount, stype, rbuf, rcount, rtype, root, comm),
                 const void* sbuf, int scount, MPI_Datatype stype, void* rbuf, int rcount, MPI_Datatype rtype, int root,
                 MPI_Comm comm)
COLLECTIVE_HOOKS(Scatterv, Iscatterv, scatterv_data, (sbuf, scounts, displs, stype, rbuf, rcount, rtype, root, comm),
                 const void* sbuf, const int scounts[], const int displs[], MPI_Datatype stype, void* rbuf, int rcount,
                 MPI_Datatype rtype, int root, MPI_Comm comm)
COLLECTIVE_HOOKS(Allgather, Iallgather, allgather_data, (sbuf, scount, stype, rbuf, rcount, rtype, comm),
                 const void* sbuf, int scount, MPI_Datatype stype, void* rbuf, int rcount, MPI_Datatype rtype,
                 MPI_Comm comm)
COLLECTIVE_HOOKS(Allgatherv, Iallgatherv, allgatherv_data, (sbuf, scount, stype, rbuf, rcounts, displs, rtype, comm),
                 const void* sbuf, int scount, MPI_Datatype stype, void* rbuf, const int rcounts[], const int displs[],
                 MPI_Datatype rtype, MPI_Comm comm)
COLLECTIVE_HOOKS(Alltoall, Ialltoall, alltoall_data, (sbuf, scount, stype, rbuf, rcount, rtype, comm), const void* sbuf,
                 int scount, MPI_Datatype stype, void* rbuf, int rcount, MPI_Datatype rtype, MPI_Comm comm)
COLLECTIVE_HOOKS(Alltoallv, Ialltoallv, alltoallv_data,
                 (sbuf, scounts, sdispls, stype, rbuf, rcounts, rdispls, rtype, comm), const void* sbuf,
                 const int scounts[], const int sdispls[], MPI_Datatype stype, void* rbuf, const int rcounts[],
                 const int rdispls[], MPI_Datatype rtype, MPI_Comm comm)
COLLECTIVE_HOOKS(Alltoallw, Ialltoallw, alltoallw_data,
                 (sbuf, scounts, sdispls, stypes, rbuf, rcounts, rdispls, rtypes, comm), const void* sbuf,
                 const int scounts[], const int sdispls[], const MPI_Datatype stypes[], void* rbuf, const int rcounts[],
                 const int rdispls[], const MPI_Datatype rtypes[], MPI_Comm comm)
COLLECTIVE_HOOKS(Reduce, Ireduce, reduce_data, (sbuf, rbuf, count, type, root, comm), const void* sbuf, void* rbuf,
                 int count, MPI_Datatype type, MPI_Op, int root, MPI_Comm comm)
COLLECTIVE_HOOKS(Allreduce, Iallreduce, allreduce_data, (sbuf, rbuf, count, type, comm), const void* sbuf, void* rbuf,
                 int count, MPI_Datatype type, MPI_Op, MPI_Comm comm)
COLLECTIVE_HOOKS(Reduce_scatter_block, Ireduce_scatter_block, reduce_scatter_block_data,
                 (sbuf, rbuf, rcount, type, comm), const void* sbuf, void* rbuf, int rcount, MPI_Datatype type, MPI_Op,
                 MPI_Comm comm)
COLLECTIVE_HOOKS(Reduce_scatter, Ireduce_scatter, reduce_scatter_data, (sbuf, rbuf, rcounts, type, comm),
                 const void* sbuf, void* rbuf, const int rcounts[], MPI_Datatype type, MPI_Op, MPI_Comm comm)
COLLECTIVE_HOOKS(Scan, Iscan, scan_data, (sbuf, rbuf, count, type, comm), const void* sbuf, void* rbuf, int count,
                 MPI_Datatype type, MPI_Op, MPI_Comm comm)
COLLECTIVE_HOOKS(Exscan, Iexscan, exscan_data, (sbuf, rbuf, count, type, comm), const void* sbuf, void* rbuf, int count,
                 MPI_Datatype type, MPI_Op, MPI_Comm comm)

// One-sided operations: the origin buffer of a put or an accumulate is sent,
// the origin buffer of a get and the result buffer of a fetching operation are
// received into (MPI-3.1 §11.3). MPI_NO_OP reads no origin data (§11.3.4); a
// target of MPI_PROC_NULL makes the call do nothing (§11.3).
#define RMA_SEND_HOOK(NAME, ...)                                                                             \
  void before_##NAME(interpose::Call& call, const void* origin, int count, MPI_Datatype type, int target,    \
                     MPI_Aint, int, MPI_Datatype, __VA_ARGS__) noexcept {                                     \
    if (target != MPI_PROC_NULL) check_send(call, origin, count, type);                                       \
  }
RMA_SEND_HOOK(Put, MPI_Win)
RMA_SEND_HOOK(Rput, MPI_Win, MPI_Request*)
RMA_SEND_HOOK(Accumulate, MPI_Op, MPI_Win)
RMA_SEND_HOOK(Raccumulate, MPI_Op, MPI_Win, MPI_Request*)
#define RMA_GET_HOOK(NAME, ...)                                                                              \
  void before_##NAME(interpose::Call& call, void* origin, int count, MPI_Datatype type, int target, MPI_Aint, \
                     int, MPI_Datatype, __VA_ARGS__) noexcept {                                               \
    if (target != MPI_PROC_NULL) check_recv(call, origin, count, type);                                       \
  }
RMA_GET_HOOK(Get, MPI_Win)
RMA_GET_HOOK(Rget, MPI_Win, MPI_Request*)
void fetching(const interpose::Call& call, const void* origin, int count, MPI_Datatype type, void* result,
              int rcount, MPI_Datatype rtype, int target, MPI_Op op) {
  if (target == MPI_PROC_NULL) return;
  if (op != MPI_NO_OP) check_send(call, origin, count, type);
  check_recv(call, result, rcount, rtype);
}
void before_Get_accumulate(interpose::Call& call, const void* origin, int count, MPI_Datatype type, void* result,
                           int rcount, MPI_Datatype rtype, int target, MPI_Aint, int, MPI_Datatype, MPI_Op op,
                           MPI_Win) noexcept {
  fetching(call, origin, count, type, result, rcount, rtype, target, op);
}
void before_Rget_accumulate(interpose::Call& call, const void* origin, int count, MPI_Datatype type, void* result,
                            int rcount, MPI_Datatype rtype, int target, MPI_Aint, int, MPI_Datatype, MPI_Op op,
                            MPI_Win, MPI_Request*) noexcept {
  fetching(call, origin, count, type, result, rcount, rtype, target, op);
}
void before_Fetch_and_op(interpose::Call& call, const void* origin, void* result, MPI_Datatype type, int target,
                         MPI_Aint, MPI_Op op, MPI_Win) noexcept {
  fetching(call, origin, 1, type, result, 1, type, target, op);
}
void before_Compare_and_swap(interpose::Call& call, const void* origin, const void* compare, void* result,
                             MPI_Datatype type, int target, MPI_Aint, MPI_Win) noexcept {
  if (target == MPI_PROC_NULL) return;
  check_send(call, origin, 1, type);
  check_send(call, compare, 1, type);
  check_recv(call, result, 1, type);
}

interpose::Checker make_checker() {
  interpose::Checker c{"memcheck"};
  auto& h = c.hooks;
  h.before_MPI_Send = before_Send;
  h.before_MPI_Ssend = before_Ssend;
  h.before_MPI_Bsend = before_Bsend;
  h.before_MPI_Rsend = before_Rsend;
  h.before_MPI_Isend = before_Isend;
  h.before_MPI_Ibsend = before_Ibsend;
  h.before_MPI_Issend = before_Issend;
  h.before_MPI_Irsend = before_Irsend;
  h.after_MPI_Send_init = after_Send_init;
  h.after_MPI_Bsend_init = after_Bsend_init;
  h.after_MPI_Ssend_init = after_Ssend_init;
  h.after_MPI_Rsend_init = after_Rsend_init;
  h.after_MPI_Recv_init = after_Recv_init;
  h.before_MPI_Start = before_Start;
  h.after_MPI_Start = after_Start;
  h.before_MPI_Startall = before_Startall;
  h.after_MPI_Startall = after_Startall;
  h.before_MPI_Recv = before_Recv;
  h.after_MPI_Recv = after_Recv;
  h.before_MPI_Irecv = before_Irecv;
  h.after_MPI_Irecv = after_Irecv;
  h.before_MPI_Mrecv = before_Mrecv;
  h.after_MPI_Mrecv = after_Mrecv;
  h.before_MPI_Imrecv = before_Imrecv;
  h.after_MPI_Imrecv = after_Imrecv;
  h.before_MPI_Sendrecv = before_Sendrecv;
  h.after_MPI_Sendrecv = after_Sendrecv;
  h.before_MPI_Sendrecv_replace = before_Sendrecv_replace;
  h.after_MPI_Sendrecv_replace = after_Sendrecv_replace;
  h.before_MPI_Probe = before_Probe;
  h.after_MPI_Probe = after_Probe;
  h.before_MPI_Iprobe = before_Iprobe;
  h.after_MPI_Iprobe = after_Iprobe;
  h.before_MPI_Mprobe = before_Mprobe;
  h.after_MPI_Mprobe = after_Mprobe;
  h.before_MPI_Improbe = before_Improbe;
  h.after_MPI_Improbe = after_Improbe;
  h.before_MPI_Wait = before_Wait;
  h.after_MPI_Wait = after_Wait;
  h.before_MPI_Test = before_Test;
  h.after_MPI_Test = after_Test;
  h.before_MPI_Waitany = before_Waitany;
  h.after_MPI_Waitany = after_Waitany;
  h.before_MPI_Testany = before_Testany;
  h.after_MPI_Testany = after_Testany;
  h.before_MPI_Waitall = before_Waitall;
  h.after_MPI_Waitall = after_Waitall;
  h.before_MPI_Testall = before_Testall;
  h.after_MPI_Testall = after_Testall;
  h.before_MPI_Waitsome = before_Waitsome;
  h.after_MPI_Waitsome = after_Waitsome;
  h.before_MPI_Testsome = before_Testsome;
  h.after_MPI_Testsome = after_Testsome;
  h.before_MPI_Request_get_status = before_Request_get_status;
  h.after_MPI_Request_get_status = after_Request_get_status;
  h.before_MPI_Request_free = before_Request_free;
  h.after_MPI_Request_free = after_Request_free;
  h.before_MPI_Bcast = before_Bcast;
  h.before_MPI_Ibcast = before_Ibcast;
  h.before_MPI_Gather = before_Gather;
  h.before_MPI_Igather = before_Igather;
  h.before_MPI_Gatherv = before_Gatherv;
  h.before_MPI_Igatherv = before_Igatherv;
  h.before_MPI_Scatter = before_Scatter;
  h.before_MPI_Iscatter = before_Iscatter;
  h.before_MPI_Scatterv = before_Scatterv;
  h.before_MPI_Iscatterv = before_Iscatterv;
  h.before_MPI_Allgather = before_Allgather;
  h.before_MPI_Iallgather = before_Iallgather;
  h.before_MPI_Allgatherv = before_Allgatherv;
  h.before_MPI_Iallgatherv = before_Iallgatherv;
  h.before_MPI_Alltoall = before_Alltoall;
  h.before_MPI_Ialltoall = before_Ialltoall;
  h.before_MPI_Alltoallv = before_Alltoallv;
  h.before_MPI_Ialltoallv = before_Ialltoallv;
  h.before_MPI_Alltoallw = before_Alltoallw;
  h.before_MPI_Ialltoallw = before_Ialltoallw;
  h.before_MPI_Reduce = before_Reduce;
  h.before_MPI_Ireduce = before_Ireduce;
  h.before_MPI_Allreduce = before_Allreduce;
  h.before_MPI_Iallreduce = before_Iallreduce;
  h.before_MPI_Reduce_scatter_block = before_Reduce_scatter_block;
  h.before_MPI_Ireduce_scatter_block = before_Ireduce_scatter_block;
  h.before_MPI_Reduce_scatter = before_Reduce_scatter;
  h.before_MPI_Ireduce_scatter = before_Ireduce_scatter;
  h.before_MPI_Scan = before_Scan;
  h.before_MPI_Iscan = before_Iscan;
  h.before_MPI_Exscan = before_Exscan;
  h.before_MPI_Iexscan = before_Iexscan;
  h.before_MPI_Put = before_Put;
  h.before_MPI_Rput = before_Rput;
  h.before_MPI_Accumulate = before_Accumulate;
  h.before_MPI_Raccumulate = before_Raccumulate;
  h.before_MPI_Get = before_Get;
  h.before_MPI_Rget = before_Rget;
  h.before_MPI_Get_accumulate = before_Get_accumulate;
  h.before_MPI_Rget_accumulate = before_Rget_accumulate;
  h.before_MPI_Fetch_and_op = before_Fetch_and_op;
  h.before_MPI_Compare_and_swap = before_Compare_and_swap;
  return c;
}

const interpose::Checker checker = make_checker();
ASSAY_REGISTER_CHECKER(checker);
}  // namespace
}  // namespace assay::memcheck

// The program's mprotect and munmap (the preloaded shim's definitions come
// first): the system call itself, then memcheck's view of the pages.
extern "C" __attribute__((visibility("default"))) int mprotect(void* addr, std::size_t len, int prot) {
  const long rc = syscall(SYS_mprotect, addr, len, prot);
  if (rc == 0) assay::memcheck::pages_protected(addr, len, prot);
  return static_cast<int>(rc);
}
extern "C" __attribute__((visibility("default"))) int munmap(void* addr, std::size_t len) {
  const long rc = syscall(SYS_munmap, addr, len);
  if (rc == 0) assay::memcheck::pages_unmapped(addr, len);
  return static_cast<int>(rc);
}
