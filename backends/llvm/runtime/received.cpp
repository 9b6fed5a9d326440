// The llvm backend's runtime, received data (mem.recv.write-before-read,
// mem.recv.unused; TAXONOMY: received data overwritten before it is ever
// read / never read before the buffer is reused or freed, or before
// MPI_Finalize). The same semantics as assaygrind's received ranges
// (backends/assaygrind/shim.cpp, tool/shadow.c):
//  - what a receive wrote becomes received data when it completes: a blocking
//    MPI_Recv or Mrecv, the receive half of MPI_Sendrecv(_replace), a
//    nonblocking or persistent receive (Irecv, Imrecv, started Recv_init)
//    completed by a wait or test; only the status's count, in the datatype's
//    blocks (this checker passes its own status where the program ignores it);
//  - the first instrumented access to each byte decides: a load reads it, a
//    store overwrites it unread (write-before-read); either way the byte
//    leaves. MPI reading it for the program (a send, an RMA origin, a
//    collective's send buffer) reads it too: MPI's own loads are not
//    instrumented;
//  - bytes still unread when the data ends are unused: a new receive over
//    them (at its posting, or a blocking receive's completion), a free() of
//    their heap block (the pass calls __assay_llvm_free), their stack frame
//    found returned at the next MPI call, MPI_Finalize.
// Each block of a receive's data is an operation of Permission::received in
// the runtime's ranges (state().ranges), so the inline guard, its gaps and
// the window runs see them like any range in flight; an access takes its
// bytes out at once, so the data leaves the set as soon as it is all read.
// Off when a module was compiled with the in-flight filter (llvm-selective):
// it leaves out loads that no operation in flight can meet, which would make
// read data look unused.
#include <mpi.h>
#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <malloc.h>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>

#include "assay/interpose/datatypes.hpp"
#include "assay/interpose/findings.hpp"
#include "assay/interpose/interpose.hpp"
#include "runtime.hpp"
#include "unread.hpp"

namespace assay::llvmrt {
namespace {

using interpose::key;
using core::ErrorClass;

// One completed receive's data, its blocks each an operation in the ranges.
struct Record {
  Unread unread;
  core::Site call;   // the receive (its posting: MPI_Irecv, MPI_Recv_init)
  core::Site start;  // MPI_Start of a persistent receive (pc 0 otherwise)
  std::uint64_t time = 0;
  std::uintptr_t addr = 0, size = 0;
  std::vector<Op> ops;
  bool overwritten = false;  // write-before-read reported (once per receive)
  bool stack = false;        // on the stack of the thread that received it
  ByteRange thread{0, 0};    // that stack
};
struct Received {
  std::unordered_map<std::uint64_t, Record> records;
  std::unordered_map<Op, std::pair<std::uint64_t, ByteRange>> blocks;  // op -> its record, its block
  std::uint64_t next = 1;
  bool on = true;
  // Findings made: (receive pc, store or end pc), so a loop or a time step reports once.
  std::set<std::pair<std::uintptr_t, std::uintptr_t>> reported;
};
Received& received() {
  static auto* r = new Received;  // never destroyed: accesses may come during exit
  return *r;
}
// The lowest received byte on the stack (0: none), read without the lock at every MPI call.
std::atomic<std::uintptr_t> lowest_on_stack{0};

// This thread's stack [lo, hi).
ByteRange thread_stack() {
  thread_local ByteRange range{0, 0};
  if (range.second == 0) {
    pthread_attr_t a;
    if (pthread_getattr_np(pthread_self(), &a) == 0) {
      void* lo = nullptr;
      std::size_t n = 0;
      if (pthread_attr_getstack(&a, &lo, &n) == 0)
        range = {reinterpret_cast<std::uintptr_t>(lo), reinterpret_cast<std::uintptr_t>(lo) + n};
      pthread_attr_destroy(&a);
    }
  }
  return range;
}

core::Access call_access(const core::Site& site, const Record& r, std::uint64_t time) {
  return core::Access{site, core::AccessKind::call, r.addr, r.size, time, 0};
}

// The op's block keeps only its unread bytes.
void resync(State& s, Received& rv, Record& r, Op op) {
  const ByteRange block = rv.blocks.at(op).second;
  std::vector<core::InFlight::Range> keep;
  for (const auto& [lo, hi] : r.unread.ranges())
    if (lo < block.second && hi > block.first) keep.emplace_back(std::max(lo, block.first), std::min(hi, block.second));
  shrink(s, op, keep);
  if (keep.empty()) {
    rv.blocks.erase(op);
    r.ops.erase(std::find(r.ops.begin(), r.ops.end(), op));
  }
}

// The records whose data meets [lo, hi).
std::vector<std::uint64_t> records_at(State& s, Received& rv, std::uintptr_t lo, std::uintptr_t hi) {
  std::vector<std::uint64_t> out;
  for (Op op : s.ranges.overlapping(lo, hi)) {
    auto b = rv.blocks.find(op);
    if (b != rv.blocks.end() && std::find(out.begin(), out.end(), b->second.first) == out.end())
      out.push_back(b->second.first);
  }
  return out;
}

// Takes [lo, hi) out of record `id`; returns the bytes that were unread.
std::uint64_t take(State& s, Received& rv, std::uint64_t id, std::uintptr_t lo, std::uintptr_t hi,
                   std::uintptr_t* first = nullptr) {
  Record& r = rv.records.at(id);
  const std::uint64_t n = r.unread.take(lo, hi, first);
  const std::vector<Op> ops = r.ops;
  for (Op op : ops) {
    const ByteRange block = rv.blocks.at(op).second;
    if (block.first < hi && block.second > lo) resync(s, rv, r, op);
  }
  if (r.ops.empty()) rv.records.erase(id);
  return n;
}

// MPI reads [lo, hi) for the program: its received bytes there count as read.
void use_range(State& s, std::uintptr_t lo, std::uintptr_t hi) {
  Received& rv = received();
  for (std::uint64_t id : records_at(s, rv, lo, hi)) take(s, rv, id, lo, hi);
}

// The data of record `id` in [lo, hi) ends: bytes still unread are unused.
void end_range(State& s, std::uint64_t id, std::uintptr_t lo, std::uintptr_t hi, const std::string& why,
               const core::Site* by, std::vector<core::Finding>& out) {
  Received& rv = received();
  const Record r = rv.records.at(id);  // copied: take() may erase it
  std::uintptr_t first = 0;
  const std::uint64_t n = take(s, rv, id, lo, hi, &first);
  if (n == 0 || !rv.reported.emplace(r.call.pc ^ r.start.pc, by ? by->pc : 0).second) return;
  core::Finding f{ErrorClass::mem_recv_unused,
                  std::to_string(n) + " bytes received by " + r.call.op +
                      (r.start.pc ? " (started by " + r.start.op + ")" : "") + " were never read before " + why,
                  {}};
  f.accesses.push_back(call_access(r.call, r, r.time));
  if (r.start.pc) f.accesses.push_back(call_access(r.start, r, 0));
  if (by) f.accesses.push_back(core::Access{*by, core::AccessKind::call, first, n, interpose::next_time(), 0});
  out.push_back(std::move(f));
}

void end_overlapping(State& s, std::uintptr_t lo, std::uintptr_t hi, const std::string& why, const core::Site* by,
                     std::vector<core::Finding>& out) {
  for (std::uint64_t id : records_at(s, received(), lo, hi)) end_range(s, id, lo, hi, why, by, out);
}

void report_all(const std::vector<core::Finding>& findings) {
  for (const core::Finding& f : findings) interpose::report(f);
}

std::vector<ByteRange> blocks_at(const void* buf, int count, MPI_Datatype type) {
  std::vector<ByteRange> out;
  if (!buf || buf == MPI_IN_PLACE || count <= 0 || type == MPI_DATATYPE_NULL) return out;
  const auto base = reinterpret_cast<std::uintptr_t>(buf);
  for (const auto& [lo, hi] : interpose::type_blocks(count, type))
    out.emplace_back(base + static_cast<std::uintptr_t>(lo), base + static_cast<std::uintptr_t>(hi));
  return out;
}

// MPI reads count x type at buf (+ offset bytes) for the program.
void use(const void* buf, int count, MPI_Datatype type) {
  if (!received().on) return;
  State& s = state();
  std::lock_guard lock(s.m);
  if (s.ranges.empty()) return;
  for (const auto& [lo, hi] : blocks_at(buf, count, type)) use_range(s, lo, hi);
}

// A receive is posted over count x type at buf: unread data there ends.
void posted(const Call& call, const void* buf, int count, MPI_Datatype type) {
  if (!received().on) return;
  State& s = state();
  std::vector<core::Finding> findings;
  {
    std::lock_guard lock(s.m);
    const core::Site site = call.site();
    for (const auto& [lo, hi] : blocks_at(buf, count, type))
      end_overlapping(s, lo, hi, "a new receive over them (" + site.op + ")", &site, findings);
  }
  report_all(findings);
}

// The bytes a completed receive wrote (the status's count), or -1.
long long count_of(const MPI_Status& status) {
  int cancelled = 0;
  if (PMPI_Test_cancelled(&status, &cancelled) == MPI_SUCCESS && cancelled) return -1;
  int n = 0;
  if (PMPI_Get_count(&status, MPI_BYTE, &n) != MPI_SUCCESS || n == MPI_UNDEFINED) return -1;
  return n;
}

// A receive over count x type at buf completed with `status`: what it wrote
// becomes received data. `ending`: the call whose completion writes them
// (a blocking receive: data still unread there ends now).
void completed(const core::Site& call, const core::Site& start, std::uint64_t time, const void* buf, int count,
               MPI_Datatype type, const MPI_Status& status, const core::Site* ending) {
  Received& rv = received();
  if (!rv.on) return;
  const long long n = count_of(status);
  if (n <= 0) return;
  const std::vector<ByteRange> bytes = first_bytes(blocks_at(buf, count, type), static_cast<std::uint64_t>(n));
  if (bytes.empty()) return;
  State& s = state();
  std::vector<core::Finding> findings;
  {
    std::lock_guard lock(s.m);
    if (ending)
      for (const auto& [lo, hi] : bytes) end_overlapping(s, lo, hi, "a new receive over them (" + ending->op + ")", ending, findings);
    const std::uint64_t id = rv.next++;
    Record& r = rv.records[id];
    r.unread = Unread(bytes);
    r.call = call;
    r.start = start;
    r.time = time;
    r.addr = bytes.front().first;
    r.size = bytes.back().second - bytes.front().first;
    const ByteRange stack = thread_stack();
    r.stack = r.addr >= stack.first && r.addr < stack.second;
    r.thread = stack;
    for (const auto& [lo, hi] : r.unread.ranges()) {
      const Op op = add_op(s, OpInfo{ErrorClass::mem_recv_unused, Permission::received, "received data", call, start,
                                     0, 0, time});
      add_range(s, op, lo, hi);
      r.ops.push_back(op);
      rv.blocks[op] = {id, {lo, hi}};
    }
    if (r.stack) {
      const std::uintptr_t low = lowest_on_stack.load(std::memory_order_relaxed);
      if (low == 0 || r.addr < low) lowest_on_stack.store(r.addr, std::memory_order_relaxed);
    }
  }
  report_all(findings);
}

// Received data on the stack below `sp` lies in frames that returned: it
// ended unread there. Lock held.
void popped(State& s, std::uintptr_t sp, std::vector<core::Finding>& out) {
  Received& rv = received();
  std::vector<std::uint64_t> gone;
  std::uintptr_t low = 0;
  const ByteRange mine = thread_stack();
  for (const auto& [id, r] : rv.records) {
    if (!r.stack) continue;
    if (r.thread != mine) {  // another thread's stack: its own calls decide
      if (low == 0 || r.addr < low) low = r.addr;
      continue;
    }
    if (r.addr + r.size <= sp) gone.push_back(id);
    else if (low == 0 || r.addr < low) low = r.addr;
  }
  for (std::uint64_t id : gone) {
    const Record& r = rv.records.at(id);
    end_range(s, id, r.addr, r.addr + r.size, "the function whose stack frame held them returned", nullptr, out);
  }
  lowest_on_stack.store(low, std::memory_order_relaxed);
}

// ---- receives and their completion -----------------------------------------

struct Posting {
  const MPI_Request* at;
  const void* buf;
  int count;
  MPI_Datatype type;
  core::Site call, start;
  std::uint64_t time;
};
// Receives posted, by request handle, oldest first (handles may be shared).
std::unordered_map<std::uint64_t, std::vector<Posting>>& postings() {
  static auto* p = new std::unordered_map<std::uint64_t, std::vector<Posting>>;
  return *p;
}

void post_receive(const Call& call, const void* buf, int count, MPI_Datatype type, MPI_Request* request,
                  core::Site init = {}) {
  if (!request || *request == MPI_REQUEST_NULL || !received().on) return;
  posted(call, buf, count, type);
  core::Site site = call.site(), start{};
  if (init.pc) start = site, site = init;
  std::lock_guard lock(state().m);
  postings()[key(*request)].push_back(Posting{request, buf, count, type, site, start, call.time});
}

// The request kept at `at` (handle `handle` before the call) completed with `status`.
void request_done(std::uint64_t handle, const MPI_Request* at, const MPI_Status& status) {
  Posting p;
  {
    std::lock_guard lock(state().m);
    auto it = postings().find(handle);
    if (it == postings().end()) return;
    auto& list = it->second;
    auto q = std::find_if(list.begin(), list.end(), [at](const Posting& x) { return x.at == at; });
    if (q == list.end()) q = list.begin();
    p = *q;
    list.erase(q);
    if (list.empty()) postings().erase(it);
  }
  completed(p.call, p.start, p.time, p.buf, p.count, p.type, status, nullptr);
}

int instead_MPI_Recv(Call& call, void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
                     MPI_Status* status) noexcept {
  MPI_Status own;
  MPI_Status* st = status == MPI_STATUS_IGNORE ? &own : status;
  const int rc = PMPI_Recv(buf, count, type, source, tag, comm, st);
  const core::Site site = call.site();
  if (rc == MPI_SUCCESS) completed(site, {}, call.time, buf, count, type, *st, &site);
  return rc;
}
int instead_MPI_Mrecv(Call& call, void* buf, int count, MPI_Datatype type, MPI_Message* message,
                      MPI_Status* status) noexcept {
  MPI_Status own;
  MPI_Status* st = status == MPI_STATUS_IGNORE ? &own : status;
  const int rc = PMPI_Mrecv(buf, count, type, message, st);
  const core::Site site = call.site();
  if (rc == MPI_SUCCESS) completed(site, {}, call.time, buf, count, type, *st, &site);
  return rc;
}
int instead_MPI_Sendrecv(Call& call, const void* sbuf, int scount, MPI_Datatype stype, int dest, int stag,
                         void* rbuf, int rcount, MPI_Datatype rtype, int source, int rtag, MPI_Comm comm,
                         MPI_Status* status) noexcept {
  use(sbuf, scount, stype);
  MPI_Status own;
  MPI_Status* st = status == MPI_STATUS_IGNORE ? &own : status;
  const int rc = PMPI_Sendrecv(sbuf, scount, stype, dest, stag, rbuf, rcount, rtype, source, rtag, comm, st);
  const core::Site site = call.site();
  if (rc == MPI_SUCCESS) completed(site, {}, call.time, rbuf, rcount, rtype, *st, &site);
  return rc;
}
int instead_MPI_Sendrecv_replace(Call& call, void* buf, int count, MPI_Datatype type, int dest, int stag, int source,
                                 int rtag, MPI_Comm comm, MPI_Status* status) noexcept {
  use(buf, count, type);
  MPI_Status own;
  MPI_Status* st = status == MPI_STATUS_IGNORE ? &own : status;
  const int rc = PMPI_Sendrecv_replace(buf, count, type, dest, stag, source, rtag, comm, st);
  const core::Site site = call.site();
  if (rc == MPI_SUCCESS) completed(site, {}, call.time, buf, count, type, *st, &site);
  return rc;
}

void after_MPI_Irecv(Call& call, int rc, void* buf, int count, MPI_Datatype type, int, int, MPI_Comm,
                     MPI_Request* request) noexcept {
  if (rc == MPI_SUCCESS) post_receive(call, buf, count, type, request);
}
void after_MPI_Imrecv(Call& call, int rc, void* buf, int count, MPI_Datatype type, MPI_Message*,
                      MPI_Request* request) noexcept {
  if (rc == MPI_SUCCESS) post_receive(call, buf, count, type, request);
}
// A start: a send reads its buffer, a receive is posted over its buffer.
void start(const Call& call, MPI_Request* request, bool after) {
  if (!request) return;
  const std::optional<Persistent> p = persistent_request(key(*request));
  if (!p) return;
  if (p->send && !after) use(p->buf, p->count, p->type);
  if (!p->send && after) post_receive(call, p->buf, p->count, p->type, request, p->init);
}
void before_MPI_Start(Call& call, MPI_Request* request) noexcept { start(call, request, false); }
void after_MPI_Start(Call& call, int rc, MPI_Request* request) noexcept {
  if (rc == MPI_SUCCESS) start(call, request, true);
}
void before_MPI_Startall(Call& call, int count, MPI_Request requests[]) noexcept {
  for (int i = 0; requests && i < count; ++i) start(call, &requests[i], false);
}
void after_MPI_Startall(Call& call, int rc, int count, MPI_Request requests[]) noexcept {
  for (int i = 0; rc == MPI_SUCCESS && requests && i < count; ++i) start(call, &requests[i], true);
}
void before_MPI_Request_free(Call&, MPI_Request* request) noexcept {
  if (!request) return;
  // A freed receive completes unseen: its data never becomes received data here.
  std::lock_guard lock(state().m);
  auto it = postings().find(key(*request));
  if (it != postings().end()) {
    auto& list = it->second;
    auto q = std::find_if(list.begin(), list.end(), [request](const Posting& x) { return x.at == request; });
    list.erase(q == list.end() ? list.begin() : q);
    if (list.empty()) postings().erase(it);
  }
}

// Completions: the handles before the call, the statuses (this checker's own
// where the program ignores them) after it.
thread_local std::vector<std::uint64_t> handles;
thread_local std::vector<MPI_Status> statuses;
void save(int count, const MPI_Request* r) {
  handles.clear();
  for (int i = 0; r && i < count; ++i) handles.push_back(key(r[i]));
}
MPI_Status* status_array(int count, MPI_Status* given) {
  statuses.assign(static_cast<std::size_t>(std::max(count, 1)), MPI_Status{});
  return given == MPI_STATUSES_IGNORE ? statuses.data() : given;
}
void done(const MPI_Request* r, int index, const MPI_Status& status) {
  const auto i = static_cast<std::size_t>(index);
  if (index < 0 || i >= handles.size() || !received().on) return;
  request_done(handles[i], &r[i], status);
}

int instead_MPI_Wait(Call&, MPI_Request* r, MPI_Status* status) noexcept {
  save(1, r);
  MPI_Status* st = status == MPI_STATUS_IGNORE ? status_array(1, MPI_STATUSES_IGNORE) : status;
  const int rc = PMPI_Wait(r, st);
  if (rc == MPI_SUCCESS) done(r, 0, *st);
  return rc;
}
int instead_MPI_Test(Call&, MPI_Request* r, int* flag, MPI_Status* status) noexcept {
  save(1, r);
  MPI_Status* st = status == MPI_STATUS_IGNORE ? status_array(1, MPI_STATUSES_IGNORE) : status;
  const int rc = PMPI_Test(r, flag, st);
  if (rc == MPI_SUCCESS && flag && *flag) done(r, 0, *st);
  return rc;
}
// flag = 1: the operation is complete, its data received; the request stays active.
int instead_MPI_Request_get_status(Call&, MPI_Request r, int* flag, MPI_Status* status) noexcept {
  save(1, &r);
  MPI_Status* st = status == MPI_STATUS_IGNORE ? status_array(1, MPI_STATUSES_IGNORE) : status;
  const int rc = PMPI_Request_get_status(r, flag, st);
  if (rc == MPI_SUCCESS && flag && *flag) done(&r, 0, *st);
  return rc;
}
int instead_MPI_Waitall(Call&, int count, MPI_Request r[], MPI_Status s[]) noexcept {
  save(count, r);
  MPI_Status* st = status_array(count, s);
  const int rc = PMPI_Waitall(count, r, st);
  if (rc == MPI_SUCCESS)
    for (int i = 0; i < count; ++i) done(r, i, st[i]);
  return rc;
}
int instead_MPI_Testall(Call&, int count, MPI_Request r[], int* flag, MPI_Status s[]) noexcept {
  save(count, r);
  MPI_Status* st = status_array(count, s);
  const int rc = PMPI_Testall(count, r, flag, st);
  if (rc == MPI_SUCCESS && flag && *flag)
    for (int i = 0; i < count; ++i) done(r, i, st[i]);
  return rc;
}
int instead_MPI_Waitany(Call&, int count, MPI_Request r[], int* index, MPI_Status* status) noexcept {
  save(count, r);
  MPI_Status* st = status == MPI_STATUS_IGNORE ? status_array(1, MPI_STATUSES_IGNORE) : status;
  const int rc = PMPI_Waitany(count, r, index, st);
  if (rc == MPI_SUCCESS && index && *index != MPI_UNDEFINED) done(r, *index, *st);
  return rc;
}
int instead_MPI_Testany(Call&, int count, MPI_Request r[], int* index, int* flag, MPI_Status* status) noexcept {
  save(count, r);
  MPI_Status* st = status == MPI_STATUS_IGNORE ? status_array(1, MPI_STATUSES_IGNORE) : status;
  const int rc = PMPI_Testany(count, r, index, flag, st);
  if (rc == MPI_SUCCESS && flag && *flag && index && *index != MPI_UNDEFINED) done(r, *index, *st);
  return rc;
}
int some(int rc, const MPI_Request* r, const int* outcount, const int* indices, const MPI_Status* st) {
  if (rc != MPI_SUCCESS || !outcount || *outcount == MPI_UNDEFINED || !indices) return rc;
  for (int i = 0; i < *outcount; ++i) done(r, indices[i], st[i]);
  return rc;
}
int instead_MPI_Waitsome(Call&, int count, MPI_Request r[], int* outcount, int indices[], MPI_Status s[]) noexcept {
  save(count, r);
  MPI_Status* st = status_array(count, s);
  return some(PMPI_Waitsome(count, r, outcount, indices, st), r, outcount, indices, st);
}
int instead_MPI_Testsome(Call&, int count, MPI_Request r[], int* outcount, int indices[], MPI_Status s[]) noexcept {
  save(count, r);
  MPI_Status* st = status_array(count, s);
  return some(PMPI_Testsome(count, r, outcount, indices, st), r, outcount, indices, st);
}

// ---- MPI reading the program's buffers (its loads are not instrumented) ----

#define ASSAY_SEND(name)                                                                                   \
  void before_##name(Call&, const void* buf, int count, MPI_Datatype type, int, int, MPI_Comm) noexcept { \
    use(buf, count, type);                                                                               \
  }
ASSAY_SEND(MPI_Send)
ASSAY_SEND(MPI_Ssend)
ASSAY_SEND(MPI_Bsend)
ASSAY_SEND(MPI_Rsend)
#undef ASSAY_SEND
#define ASSAY_ISEND(name)                                                                                 \
  void before_##name(Call&, const void* buf, int count, MPI_Datatype type, int, int, MPI_Comm,            \
                     MPI_Request*) noexcept {                                                             \
    use(buf, count, type);                                                                                \
  }
ASSAY_ISEND(MPI_Isend)
ASSAY_ISEND(MPI_Ibsend)
ASSAY_ISEND(MPI_Issend)
ASSAY_ISEND(MPI_Irsend)
#undef ASSAY_ISEND

void before_MPI_Put(Call&, const void* o, int n, MPI_Datatype t, int, MPI_Aint, int, MPI_Datatype, MPI_Win) noexcept {
  use(o, n, t);
}
void before_MPI_Accumulate(Call&, const void* o, int n, MPI_Datatype t, int, MPI_Aint, int, MPI_Datatype, MPI_Op,
                           MPI_Win) noexcept {
  use(o, n, t);
}
void before_MPI_Rput(Call&, const void* o, int n, MPI_Datatype t, int, MPI_Aint, int, MPI_Datatype, MPI_Win,
                     MPI_Request*) noexcept {
  use(o, n, t);
}
void before_MPI_Raccumulate(Call&, const void* o, int n, MPI_Datatype t, int, MPI_Aint, int, MPI_Datatype, MPI_Op,
                            MPI_Win, MPI_Request*) noexcept {
  use(o, n, t);
}
void before_MPI_Get_accumulate(Call&, const void* o, int n, MPI_Datatype t, void*, int, MPI_Datatype, int, MPI_Aint,
                               int, MPI_Datatype, MPI_Op op, MPI_Win) noexcept {
  if (op != MPI_NO_OP) use(o, n, t);
}
void before_MPI_Rget_accumulate(Call&, const void* o, int n, MPI_Datatype t, void*, int, MPI_Datatype, int, MPI_Aint,
                                int, MPI_Datatype, MPI_Op op, MPI_Win, MPI_Request*) noexcept {
  if (op != MPI_NO_OP) use(o, n, t);
}
void before_MPI_Fetch_and_op(Call&, const void* o, void*, MPI_Datatype t, int, MPI_Aint, MPI_Op op, MPI_Win) noexcept {
  if (op != MPI_NO_OP) use(o, 1, t);
}
void before_MPI_Compare_and_swap(Call&, const void* o, const void* c, void*, MPI_Datatype t, int, MPI_Aint,
                                 MPI_Win) noexcept {
  use(o, 1, t);
  use(c, 1, t);
}

int rank_in(MPI_Comm comm) {
  int inter = 0, rank = -1;
  PMPI_Comm_test_inter(comm, &inter);
  if (!inter) PMPI_Comm_rank(comm, &rank);
  return rank;
}
int size_of(MPI_Comm comm) {
  int size = 0;
  PMPI_Comm_size(comm, &size);
  return size;
}
// A reduction's input: the send buffer, or the receive buffer in place.
void reduce_input(const void* sb, const void* rb, int count, MPI_Datatype type) {
  use(sb == MPI_IN_PLACE ? rb : sb, count, type);
}

void before_MPI_Bcast(Call&, void* b, int n, MPI_Datatype t, int root, MPI_Comm comm) noexcept {
  if (rank_in(comm) == root) use(b, n, t);
}
void before_MPI_Ibcast(Call&, void* b, int n, MPI_Datatype t, int root, MPI_Comm comm, MPI_Request*) noexcept {
  if (rank_in(comm) == root) use(b, n, t);
}
void before_MPI_Gather(Call&, const void* sb, int sc, MPI_Datatype st, void*, int, MPI_Datatype, int, MPI_Comm) noexcept {
  use(sb, sc, st);
}
void before_MPI_Igather(Call&, const void* sb, int sc, MPI_Datatype st, void*, int, MPI_Datatype, int, MPI_Comm,
                        MPI_Request*) noexcept {
  use(sb, sc, st);
}
void before_MPI_Scatter(Call&, const void* sb, int sc, MPI_Datatype st, void*, int, MPI_Datatype, int root,
                        MPI_Comm comm) noexcept {
  if (rank_in(comm) == root) use(sb, sc * size_of(comm), st);
}
void before_MPI_Iscatter(Call&, const void* sb, int sc, MPI_Datatype st, void*, int, MPI_Datatype, int root,
                         MPI_Comm comm, MPI_Request*) noexcept {
  if (rank_in(comm) == root) use(sb, sc * size_of(comm), st);
}
void before_MPI_Allgather(Call&, const void* sb, int sc, MPI_Datatype st, void*, int, MPI_Datatype, MPI_Comm) noexcept {
  use(sb, sc, st);
}
void before_MPI_Iallgather(Call&, const void* sb, int sc, MPI_Datatype st, void*, int, MPI_Datatype, MPI_Comm,
                           MPI_Request*) noexcept {
  use(sb, sc, st);
}
void before_MPI_Alltoall(Call&, const void* sb, int sc, MPI_Datatype st, void*, int, MPI_Datatype, MPI_Comm comm) noexcept {
  use(sb, sc * size_of(comm), st);
}
void before_MPI_Ialltoall(Call&, const void* sb, int sc, MPI_Datatype st, void*, int, MPI_Datatype, MPI_Comm comm,
                          MPI_Request*) noexcept {
  use(sb, sc * size_of(comm), st);
}
void before_MPI_Reduce(Call&, const void* sb, void* rb, int n, MPI_Datatype t, MPI_Op, int root, MPI_Comm comm) noexcept {
  if (sb != MPI_IN_PLACE || rank_in(comm) == root) reduce_input(sb, rb, n, t);
}
void before_MPI_Ireduce(Call&, const void* sb, void* rb, int n, MPI_Datatype t, MPI_Op, int root, MPI_Comm comm,
                        MPI_Request*) noexcept {
  if (sb != MPI_IN_PLACE || rank_in(comm) == root) reduce_input(sb, rb, n, t);
}
#define ASSAY_ALLREDUCE(name)                                                                                  \
  void before_##name(Call&, const void* sb, void* rb, int n, MPI_Datatype t, MPI_Op, MPI_Comm) noexcept {     \
    reduce_input(sb, rb, n, t);                                                                                \
  }
ASSAY_ALLREDUCE(MPI_Allreduce)
ASSAY_ALLREDUCE(MPI_Scan)
ASSAY_ALLREDUCE(MPI_Exscan)
#undef ASSAY_ALLREDUCE
#define ASSAY_IALLREDUCE(name)                                                                                 \
  void before_##name(Call&, const void* sb, void* rb, int n, MPI_Datatype t, MPI_Op, MPI_Comm,                 \
                     MPI_Request*) noexcept {                                                                  \
    reduce_input(sb, rb, n, t);                                                                                \
  }
ASSAY_IALLREDUCE(MPI_Iallreduce)
ASSAY_IALLREDUCE(MPI_Iscan)
ASSAY_IALLREDUCE(MPI_Iexscan)
#undef ASSAY_IALLREDUCE
void before_MPI_Reduce_scatter_block(Call&, const void* sb, void* rb, int n, MPI_Datatype t, MPI_Op,
                                     MPI_Comm comm) noexcept {
  reduce_input(sb, rb, n * size_of(comm), t);
}

// ---- life cycle ----------------------------------------------------------------

// ASSAY_LLVM_RECEIVED=0 in the run's environment turns it off (for measuring its cost).
void after_init(const Call&, int) noexcept {
  const char* v = std::getenv("ASSAY_LLVM_RECEIVED");
  received().on = !in_flight_filter_used() && !(v && std::string(v) == "0");
}

// Every outermost MPI call: received data on the stack in frames that returned ends.
void enter_call(const Call&) noexcept {
  const std::uintptr_t low = lowest_on_stack.load(std::memory_order_relaxed);
  const auto sp = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
  if (low == 0 || low >= sp) return;
  State& s = state();
  std::vector<core::Finding> findings;
  {
    std::lock_guard lock(s.m);
    popped(s, sp, findings);
  }
  report_all(findings);
}

void before_finalize(const Call& call) noexcept {
  Received& rv = received();
  if (!rv.on) return;
  State& s = state();
  std::vector<core::Finding> findings;
  {
    std::lock_guard lock(s.m);
    const core::Site site = call.site();
    std::vector<std::uint64_t> ids;
    for (const auto& [id, r] : rv.records) ids.push_back(id);
    std::sort(ids.begin(), ids.end());
    for (std::uint64_t id : ids) {
      const Record& r = rv.records.at(id);
      const std::uintptr_t lo = r.addr, hi = r.addr + r.size;
      end_range(s, id, lo, hi, "MPI_Finalize", &site, findings);
    }
    rv.on = false;
  }
  report_all(findings);
}

interpose::Checker make_checker() {
  interpose::Checker c{"llvm"};
  auto& h = c.hooks;
  h.instead_MPI_Recv = instead_MPI_Recv;
  h.instead_MPI_Mrecv = instead_MPI_Mrecv;
  h.instead_MPI_Sendrecv = instead_MPI_Sendrecv;
  h.instead_MPI_Sendrecv_replace = instead_MPI_Sendrecv_replace;
  h.after_MPI_Irecv = after_MPI_Irecv;
  h.after_MPI_Imrecv = after_MPI_Imrecv;
  h.before_MPI_Start = before_MPI_Start;
  h.after_MPI_Start = after_MPI_Start;
  h.before_MPI_Startall = before_MPI_Startall;
  h.after_MPI_Startall = after_MPI_Startall;
  h.before_MPI_Request_free = before_MPI_Request_free;
  h.instead_MPI_Wait = instead_MPI_Wait;
  h.instead_MPI_Test = instead_MPI_Test;
  h.instead_MPI_Request_get_status = instead_MPI_Request_get_status;
  h.instead_MPI_Waitall = instead_MPI_Waitall;
  h.instead_MPI_Testall = instead_MPI_Testall;
  h.instead_MPI_Waitany = instead_MPI_Waitany;
  h.instead_MPI_Testany = instead_MPI_Testany;
  h.instead_MPI_Waitsome = instead_MPI_Waitsome;
  h.instead_MPI_Testsome = instead_MPI_Testsome;
  h.before_MPI_Send = before_MPI_Send;
  h.before_MPI_Ssend = before_MPI_Ssend;
  h.before_MPI_Bsend = before_MPI_Bsend;
  h.before_MPI_Rsend = before_MPI_Rsend;
  h.before_MPI_Isend = before_MPI_Isend;
  h.before_MPI_Ibsend = before_MPI_Ibsend;
  h.before_MPI_Issend = before_MPI_Issend;
  h.before_MPI_Irsend = before_MPI_Irsend;
  h.before_MPI_Put = before_MPI_Put;
  h.before_MPI_Accumulate = before_MPI_Accumulate;
  h.before_MPI_Rput = before_MPI_Rput;
  h.before_MPI_Raccumulate = before_MPI_Raccumulate;
  h.before_MPI_Get_accumulate = before_MPI_Get_accumulate;
  h.before_MPI_Rget_accumulate = before_MPI_Rget_accumulate;
  h.before_MPI_Fetch_and_op = before_MPI_Fetch_and_op;
  h.before_MPI_Compare_and_swap = before_MPI_Compare_and_swap;
  h.before_MPI_Bcast = before_MPI_Bcast;
  h.before_MPI_Ibcast = before_MPI_Ibcast;
  h.before_MPI_Gather = before_MPI_Gather;
  h.before_MPI_Igather = before_MPI_Igather;
  h.before_MPI_Scatter = before_MPI_Scatter;
  h.before_MPI_Iscatter = before_MPI_Iscatter;
  h.before_MPI_Allgather = before_MPI_Allgather;
  h.before_MPI_Iallgather = before_MPI_Iallgather;
  h.before_MPI_Alltoall = before_MPI_Alltoall;
  h.before_MPI_Ialltoall = before_MPI_Ialltoall;
  h.before_MPI_Reduce = before_MPI_Reduce;
  h.before_MPI_Ireduce = before_MPI_Ireduce;
  h.before_MPI_Allreduce = before_MPI_Allreduce;
  h.before_MPI_Scan = before_MPI_Scan;
  h.before_MPI_Exscan = before_MPI_Exscan;
  h.before_MPI_Iallreduce = before_MPI_Iallreduce;
  h.before_MPI_Iscan = before_MPI_Iscan;
  h.before_MPI_Iexscan = before_MPI_Iexscan;
  h.before_MPI_Reduce_scatter_block = before_MPI_Reduce_scatter_block;
  c.lifecycle.after_init = after_init;
  c.lifecycle.enter_call = enter_call;
  c.lifecycle.before_finalize = before_finalize;
  return c;
}

const interpose::Checker checker = make_checker();
ASSAY_REGISTER_CHECKER(checker);

}  // namespace

void received_access(State& s, Op op, std::uintptr_t addr, std::uint64_t size, bool write, std::uintptr_t pc,
                     const char* how, std::vector<core::Finding>& out) {
  Received& rv = received();
  auto b = rv.blocks.find(op);
  if (b == rv.blocks.end()) return;
  const std::uint64_t id = b->second.first;
  Record& r = rv.records.at(id);
  // Below this frame: the frame that held the data returned.
  if (r.stack && r.thread == thread_stack() && r.addr + r.size <= reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0))) {
    end_range(s, id, r.addr, r.addr + r.size, "the function whose stack frame held them returned", nullptr, out);
    return;
  }
  const bool report = write && !r.overwritten;
  if (report) r.overwritten = true;
  const core::Site call = r.call, start = r.start;
  const std::uint64_t time = r.time;
  const std::uintptr_t raddr = r.addr, rsize = r.size;
  const std::uint64_t n = take(s, rv, id, addr, addr + size);
  if (!report || n == 0 || !rv.reported.emplace(call.pc ^ start.pc, pc).second) return;
  core::Finding f{ErrorClass::mem_recv_write_before_read,
                  std::string(how) + " of " + std::to_string(size) + " bytes overwrites data received by " + call.op +
                      (start.pc ? " (started by " + start.op + ")" : "") + " before it was read",
                  {}};
  f.accesses.push_back(core::Access{core::Site{"store", interpose::world_rank(), pc}, core::AccessKind::write, addr,
                                    size, interpose::next_time(), 0});
  f.accesses.push_back(core::Access{call, core::AccessKind::call, raddr, rsize, time, 0});
  if (start.pc) f.accesses.push_back(core::Access{start, core::AccessKind::call, raddr, rsize, 0, 0});
  out.push_back(std::move(f));
}

}  // namespace assay::llvmrt

// Called by the instrumented program before free(p) (backends/llvm/pass):
// received data in the heap block ends there.
namespace assay::llvmrt {
extern "C" __attribute__((visibility("default"))) void __assay_llvm_free(void* p) {
  if (!p || !received().on || interpose::current_call() != nullptr || !interpose::active()) return;
  const auto lo = reinterpret_cast<std::uintptr_t>(p);
  const core::Site site{"free", interpose::world_rank(), reinterpret_cast<std::uintptr_t>(__builtin_return_address(0))};
  State& s = state();
  std::vector<core::Finding> findings;
  {
    std::lock_guard lock(s.m);
    if (s.ranges.empty()) return;
    const std::uintptr_t hi = lo + malloc_usable_size(p);
    for (std::uint64_t id : records_at(s, received(), lo, hi)) end_range(s, id, lo, hi, "free", &site, findings);
  }
  report_all(findings);
}
}  // namespace assay::llvmrt
