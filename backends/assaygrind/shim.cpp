// assaygrind's shim: a PMPI library on the interposition layer that tells the
// assaygrind Valgrind tool what MPI does with the program's memory, through
// the protect protocol of assaygrind.h (docs/backends.md, "assaygrind and
// the protect protocol"). It decides nothing itself: the tool checks every
// load and store against the ranges announced here.
//
//  - every interposed call is bracketed by AG_ENTER_MPI / AG_LEAVE_MPI (MPI's
//    own accesses are not the program's);
//  - a nonblocking send's buffer (Isend family, started persistent sends) is
//    read-only until its completion (nb.buffer.send-write); a nonblocking
//    receive's buffer (Irecv, Imrecv, started persistent receives) is
//    no-access (nb.buffer.recv-access);
//  - RMA origin buffers: Put/Accumulate (and the origin and compare buffers of
//    the fetching calls) read-only (rma.local.origin-write-during-put),
//    Get and the result buffers of Get_accumulate/Fetch_and_op/
//    Compare_and_swap no-access (rma.local.origin-access-during-get), until
//    the fence, unlock(_all), flush(_all), flush_local(_all), complete or
//    Win_free that completes them (or the Wait of an Rput/Rget/...);
//  - nonblocking collectives: send buffers and count/displacement/type arrays
//    read-only, receive buffers no-access (coll.buffer.access-during-nbc)
//    until completion;
//  - received data: the bytes a completed MPI_Recv, MPI_Sendrecv (receive
//    part) or nonblocking receive wrote (the status's count; the shim passes
//    its own status where the program ignores it) become a received range
//    (mem.recv.write-before-read, mem.recv.unused); a send of them counts as
//    their use (AG_USE); MPI_Finalize ends them all (AG_FINALIZE).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

#include "assay/interpose/datatypes.hpp"
#include "assay/interpose/interpose.hpp"
#include "assaygrind.h"

namespace assay::assaygrind {
namespace {

constexpr const char* kSendWrite = "nb.buffer.send-write";
constexpr const char* kRecvAccess = "nb.buffer.recv-access";
constexpr const char* kPutWrite = "rma.local.origin-write-during-put";
constexpr const char* kGetAccess = "rma.local.origin-access-during-get";
constexpr const char* kNbc = "coll.buffer.access-during-nbc";

// An operation's buffer, block by block, as the protocol passes it (one
// client request per operation: a column of a halo is hundreds of blocks).
using Block = ag_block;
using Blocks = std::vector<Block>;

// The bytes count x type covers at buf (+ disp bytes), holes excluded.
void add_blocks(Blocks& out, const void* buf, std::int64_t disp, int count, MPI_Datatype type) {
  if (!buf || buf == MPI_IN_PLACE || count <= 0 || type == MPI_DATATYPE_NULL) return;
  char* base = static_cast<char*>(const_cast<void*>(buf)) + disp;
  for (const auto& [lo, hi] : interpose::type_blocks(count, type))
    if (hi > lo) out.push_back({base + lo, static_cast<unsigned long>(hi - lo)});
}
Blocks blocks_of(const void* buf, int count, MPI_Datatype type) {
  Blocks b;
  add_blocks(b, buf, 0, count, type);
  return b;
}

void protect(const Blocks& blocks, int mode, const char* cls, const interpose::Call& call) {
  ag_site site{cls, call.name, reinterpret_cast<unsigned long>(call.pc)};
  if (!blocks.empty()) AG_PROTECT_BLOCKS(blocks.data(), blocks.size(), mode, &site);
}
void unprotect(const Blocks& blocks) {
  if (!blocks.empty()) AG_UNPROTECT_BLOCKS(blocks.data(), blocks.size());
}
void use(const void* buf, int count, MPI_Datatype type) {
  const Blocks blocks = blocks_of(buf, count, type);
  if (!blocks.empty()) AG_USE_BLOCKS(blocks.data(), blocks.size());
}

// The bytes a completed receive wrote (from its status), or -1.
long long received_bytes(const MPI_Status* status) {
  if (!status || status == MPI_STATUS_IGNORE) return -1;
  int n = 0;
  if (PMPI_Get_count(status, MPI_BYTE, &n) != MPI_SUCCESS || n == MPI_UNDEFINED) return -1;
  return n;
}

// The first `bytes` bytes of `blocks` (in block order) become received data.
void mark_received(const Blocks& blocks, long long bytes, const char* op, void* pc) {
  if (bytes <= 0) return;
  ag_site site{nullptr, op, reinterpret_cast<unsigned long>(pc)};
  Blocks written;
  unsigned long long left = static_cast<unsigned long long>(bytes);
  for (const Block& b : blocks) {
    if (left == 0) break;
    const unsigned long n = left < b.len ? static_cast<unsigned long>(left) : b.len;
    written.push_back({b.addr, n});
    left -= n;
  }
  AG_PROTECT_BLOCKS(written.data(), written.size(), AG_MODE_RECEIVED, &site);
}

// --- state --------------------------------------------------------------------------

struct Pending {
  Blocks blocks;
  bool recv = false;  // a receive: its data becomes received data at completion
  const char* op = nullptr;
  void* pc = nullptr;
  const MPI_Request* at = nullptr;  // where the program keeps its handle: tells apart operations sharing one
};
struct Persistent {
  const void* buf;
  int count;
  MPI_Datatype type;
  bool recv;
  const char* op;
  void* pc;
};
struct WinOp {
  int target;
  std::uint64_t request;  // an Rput/Rget/...: released through `pending` (0: none)
  Blocks blocks;
};
struct State {
  std::mutex m;
  // request -> the operations it stands for, oldest first: MPICH gives every
  // operation that completed at once (an eager send, MPI_PROC_NULL) one
  // built-in handle, so one handle may stand for several operations in flight.
  std::unordered_map<std::uint64_t, std::vector<Pending>> pending;
  std::unordered_map<std::uint64_t, Persistent> persistent;  // persistent request -> its buffer
  std::unordered_map<std::uint64_t, std::vector<WinOp>> windows;  // window -> origin buffers in flight
};
State& state() {
  static auto* s = new State;
  return *s;
}

void track(const MPI_Request* at, Pending p) {
  if (*at == MPI_REQUEST_NULL) {
    unprotect(p.blocks);
    return;
  }
  p.at = at;
  std::lock_guard<std::mutex> lock(state().m);
  state().pending[interpose::key(*at)].push_back(std::move(p));
}

// The request completed (status: its status, or null): buffers given back. Of
// the operations sharing its handle, the one whose handle the program kept at
// `at` (where it completes it), else the oldest.
void complete(std::uint64_t key, const MPI_Status* status, bool freed = false, const MPI_Request* at = nullptr) {
  Pending p;
  {
    std::lock_guard<std::mutex> lock(state().m);
    auto it = state().pending.find(key);
    if (it == state().pending.end()) return;
    auto& ops = it->second;
    auto op = std::find_if(ops.begin(), ops.end(), [at](const Pending& q) { return at && q.at == at; });
    if (op == ops.end()) op = ops.begin();
    p = std::move(*op);
    ops.erase(op);
    if (ops.empty()) state().pending.erase(it);
  }
  unprotect(p.blocks);
  if (p.recv && !freed) mark_received(p.blocks, received_bytes(status), p.op, p.pc);
}

// --- point to point --------------------------------------------------------------------

void isend(interpose::Call& call, int rc, const void* buf, int count, MPI_Datatype type, MPI_Request* req) {
  if (rc != MPI_SUCCESS || !req) return;
  Pending p{blocks_of(buf, count, type), false, call.name, call.pc};
  protect(p.blocks, AG_MODE_READONLY, kSendWrite, call);
  track(req, std::move(p));
}
void irecv(interpose::Call& call, int rc, void* buf, int count, MPI_Datatype type, MPI_Request* req) {
  if (rc != MPI_SUCCESS || !req) return;
  Pending p{blocks_of(buf, count, type), true, call.name, call.pc};
  protect(p.blocks, AG_MODE_NOACCESS, kRecvAccess, call);
  track(req, std::move(p));
}

#define SEND_HOOK(NAME)                                                                                    \
  void before_##NAME(interpose::Call&, const void* buf, int count, MPI_Datatype type, int, int,            \
                     MPI_Comm) noexcept {                                                                   \
    use(buf, count, type);                                                                                  \
  }
SEND_HOOK(Send)
SEND_HOOK(Ssend)
SEND_HOOK(Bsend)
SEND_HOOK(Rsend)
#define ISEND_HOOK(NAME)                                                                                   \
  void before_##NAME(interpose::Call&, const void* buf, int count, MPI_Datatype type, int, int, MPI_Comm,  \
                     MPI_Request*) noexcept {                                                               \
    use(buf, count, type);                                                                                  \
  }                                                                                                         \
  void after_##NAME(interpose::Call& call, int rc, const void* buf, int count, MPI_Datatype type, int, int, \
                    MPI_Comm, MPI_Request* req) noexcept {                                                  \
    isend(call, rc, buf, count, type, req);                                                                 \
  }
ISEND_HOOK(Isend)
ISEND_HOOK(Ibsend)
ISEND_HOOK(Issend)
ISEND_HOOK(Irsend)

void after_Irecv(interpose::Call& call, int rc, void* buf, int count, MPI_Datatype type, int, int, MPI_Comm,
                 MPI_Request* req) noexcept {
  irecv(call, rc, buf, count, type, req);
}
void after_Imrecv(interpose::Call& call, int rc, void* buf, int count, MPI_Datatype type, MPI_Message*,
                  MPI_Request* req) noexcept {
  irecv(call, rc, buf, count, type, req);
}

// Blocking receives: the program's status, or the shim's where it ignores it.
int instead_Recv(interpose::Call& call, void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
                 MPI_Status* status) noexcept {
  MPI_Status own;
  MPI_Status* s = status == MPI_STATUS_IGNORE ? &own : status;
  int rc = PMPI_Recv(buf, count, type, source, tag, comm, s);
  if (rc == MPI_SUCCESS) mark_received(blocks_of(buf, count, type), received_bytes(s), call.name, call.pc);
  return rc;
}
int instead_Sendrecv(interpose::Call& call, const void* sbuf, int scount, MPI_Datatype stype, int dest, int stag,
                     void* rbuf, int rcount, MPI_Datatype rtype, int source, int rtag, MPI_Comm comm,
                     MPI_Status* status) noexcept {
  use(sbuf, scount, stype);
  MPI_Status own;
  MPI_Status* s = status == MPI_STATUS_IGNORE ? &own : status;
  int rc = PMPI_Sendrecv(sbuf, scount, stype, dest, stag, rbuf, rcount, rtype, source, rtag, comm, s);
  if (rc == MPI_SUCCESS) mark_received(blocks_of(rbuf, rcount, rtype), received_bytes(s), call.name, call.pc);
  return rc;
}

// Persistent requests: the buffer is protected from each start.
void remember(int rc, const void* buf, int count, MPI_Datatype type, MPI_Request* req, bool recv,
              const interpose::Call& call) {
  if (rc != MPI_SUCCESS || !req) return;
  std::lock_guard<std::mutex> lock(state().m);
  state().persistent[interpose::key(*req)] = {buf, count, type, recv, call.name, call.pc};
}
#define INIT_HOOK(NAME, RECV)                                                                               \
  void after_##NAME(interpose::Call& call, int rc, ASSAY_INIT_BUF buf, int count, MPI_Datatype type, int,   \
                    int, MPI_Comm, MPI_Request* req) noexcept {                                             \
    remember(rc, buf, count, type, req, RECV, call);                                                        \
  }
#define ASSAY_INIT_BUF const void*
INIT_HOOK(Send_init, false)
INIT_HOOK(Bsend_init, false)
INIT_HOOK(Ssend_init, false)
INIT_HOOK(Rsend_init, false)
#undef ASSAY_INIT_BUF
#define ASSAY_INIT_BUF void*
INIT_HOOK(Recv_init, true)
#undef ASSAY_INIT_BUF

void start_one(interpose::Call& call, const MPI_Request* req) {
  Persistent p{};
  {
    std::lock_guard<std::mutex> lock(state().m);
    auto it = state().persistent.find(interpose::key(*req));
    if (it == state().persistent.end()) return;
    p = it->second;
  }
  // Named after the start (the call that begins this transfer).
  Pending q{blocks_of(p.buf, p.count, p.type), p.recv, call.name, call.pc};
  if (p.recv) {
    protect(q.blocks, AG_MODE_NOACCESS, kRecvAccess, call);
  } else {
    use(p.buf, p.count, p.type);
    protect(q.blocks, AG_MODE_READONLY, kSendWrite, call);
  }
  track(req, std::move(q));
}
void after_Start(interpose::Call& call, int rc, MPI_Request* req) noexcept {
  if (rc == MPI_SUCCESS && req) start_one(call, req);
}
void after_Startall(interpose::Call& call, int rc, int n, MPI_Request reqs[]) noexcept {
  for (int i = 0; rc == MPI_SUCCESS && reqs && i < n; ++i) start_one(call, &reqs[i]);
}

// Completions: the keys before the call (MPI resets completed handles), the
// shim's statuses where the program ignores them.
int instead_Wait(interpose::Call&, MPI_Request* req, MPI_Status* status) noexcept {
  if (!req) return PMPI_Wait(req, status);
  std::uint64_t key = interpose::key(*req);
  MPI_Status own;
  MPI_Status* s = status == MPI_STATUS_IGNORE ? &own : status;
  int rc = PMPI_Wait(req, s);
  if (rc == MPI_SUCCESS) complete(key, s, false, req);
  return rc;
}
int instead_Test(interpose::Call&, MPI_Request* req, int* flag, MPI_Status* status) noexcept {
  if (!req || !flag) return PMPI_Test(req, flag, status);
  std::uint64_t key = interpose::key(*req);
  MPI_Status own;
  MPI_Status* s = status == MPI_STATUS_IGNORE ? &own : status;
  int rc = PMPI_Test(req, flag, s);
  if (rc == MPI_SUCCESS && *flag) complete(key, s, false, req);
  return rc;
}
// flag = 1: the operation is complete, its buffers the program's again; the
// request is still to be completed or freed (a later wait finds nothing to give back).
int instead_Request_get_status(interpose::Call&, MPI_Request req, int* flag, MPI_Status* status) noexcept {
  if (!flag) return PMPI_Request_get_status(req, flag, status);
  MPI_Status own;
  MPI_Status* s = status == MPI_STATUS_IGNORE ? &own : status;
  int rc = PMPI_Request_get_status(req, flag, s);
  if (rc == MPI_SUCCESS && *flag) complete(interpose::key(req), s);
  return rc;
}
std::vector<std::uint64_t> keys_of(int n, const MPI_Request reqs[]) {
  std::vector<std::uint64_t> keys;
  for (int i = 0; reqs && i < n; ++i) keys.push_back(interpose::key(reqs[i]));
  return keys;
}
int instead_Waitany(interpose::Call&, int n, MPI_Request reqs[], int* index, MPI_Status* status) noexcept {
  if (!reqs || !index || n <= 0) return PMPI_Waitany(n, reqs, index, status);
  auto keys = keys_of(n, reqs);
  MPI_Status own;
  MPI_Status* s = status == MPI_STATUS_IGNORE ? &own : status;
  int rc = PMPI_Waitany(n, reqs, index, s);
  if (rc == MPI_SUCCESS && *index != MPI_UNDEFINED && *index >= 0 && *index < n) complete(keys[*index], s, false, &reqs[*index]);
  return rc;
}
int instead_Testany(interpose::Call&, int n, MPI_Request reqs[], int* index, int* flag, MPI_Status* status) noexcept {
  if (!reqs || !index || !flag || n <= 0) return PMPI_Testany(n, reqs, index, flag, status);
  auto keys = keys_of(n, reqs);
  MPI_Status own;
  MPI_Status* s = status == MPI_STATUS_IGNORE ? &own : status;
  int rc = PMPI_Testany(n, reqs, index, flag, s);
  if (rc == MPI_SUCCESS && *flag && *index != MPI_UNDEFINED && *index >= 0 && *index < n) complete(keys[*index], s, false, &reqs[*index]);
  return rc;
}
// Multiple completions: MPI_ERR_IN_STATUS marks the requests that failed.
void complete_all(const std::vector<std::uint64_t>& keys, int rc, MPI_Status* s, const MPI_Request reqs[]) {
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (rc == MPI_ERR_IN_STATUS && s[i].MPI_ERROR != MPI_SUCCESS) continue;
    complete(keys[i], &s[i], false, &reqs[i]);
  }
}
int instead_Waitall(interpose::Call&, int n, MPI_Request reqs[], MPI_Status statuses[]) noexcept {
  if (!reqs || n <= 0) return PMPI_Waitall(n, reqs, statuses);
  auto keys = keys_of(n, reqs);
  std::vector<MPI_Status> own(statuses == MPI_STATUSES_IGNORE ? static_cast<std::size_t>(n) : 0);
  MPI_Status* s = statuses == MPI_STATUSES_IGNORE ? own.data() : statuses;
  int rc = PMPI_Waitall(n, reqs, s);
  if (rc == MPI_SUCCESS || rc == MPI_ERR_IN_STATUS) complete_all(keys, rc, s, reqs);
  return rc;
}
int instead_Testall(interpose::Call&, int n, MPI_Request reqs[], int* flag, MPI_Status statuses[]) noexcept {
  if (!reqs || !flag || n <= 0) return PMPI_Testall(n, reqs, flag, statuses);
  auto keys = keys_of(n, reqs);
  std::vector<MPI_Status> own(statuses == MPI_STATUSES_IGNORE ? static_cast<std::size_t>(n) : 0);
  MPI_Status* s = statuses == MPI_STATUSES_IGNORE ? own.data() : statuses;
  int rc = PMPI_Testall(n, reqs, flag, s);
  if ((rc == MPI_SUCCESS || rc == MPI_ERR_IN_STATUS) && *flag) complete_all(keys, rc, s, reqs);
  return rc;
}
void complete_some(const std::vector<std::uint64_t>& keys, int rc, const int* outcount, const int* indices,
                   MPI_Status* s, const MPI_Request reqs[]) {
  if ((rc != MPI_SUCCESS && rc != MPI_ERR_IN_STATUS) || *outcount == MPI_UNDEFINED) return;
  for (int k = 0; k < *outcount; ++k) {
    if (rc == MPI_ERR_IN_STATUS && s[k].MPI_ERROR != MPI_SUCCESS) continue;
    if (indices[k] >= 0 && static_cast<std::size_t>(indices[k]) < keys.size())
      complete(keys[indices[k]], &s[k], false, &reqs[indices[k]]);
  }
}
int instead_Waitsome(interpose::Call&, int n, MPI_Request reqs[], int* outcount, int indices[],
                     MPI_Status statuses[]) noexcept {
  if (!reqs || !outcount || !indices || n <= 0) return PMPI_Waitsome(n, reqs, outcount, indices, statuses);
  auto keys = keys_of(n, reqs);
  std::vector<MPI_Status> own(statuses == MPI_STATUSES_IGNORE ? static_cast<std::size_t>(n) : 0);
  MPI_Status* s = statuses == MPI_STATUSES_IGNORE ? own.data() : statuses;
  int rc = PMPI_Waitsome(n, reqs, outcount, indices, s);
  complete_some(keys, rc, outcount, indices, s, reqs);
  return rc;
}
int instead_Testsome(interpose::Call&, int n, MPI_Request reqs[], int* outcount, int indices[],
                     MPI_Status statuses[]) noexcept {
  if (!reqs || !outcount || !indices || n <= 0) return PMPI_Testsome(n, reqs, outcount, indices, statuses);
  auto keys = keys_of(n, reqs);
  std::vector<MPI_Status> own(statuses == MPI_STATUSES_IGNORE ? static_cast<std::size_t>(n) : 0);
  MPI_Status* s = statuses == MPI_STATUSES_IGNORE ? own.data() : statuses;
  int rc = PMPI_Testsome(n, reqs, outcount, indices, s);
  complete_some(keys, rc, outcount, indices, s, reqs);
  return rc;
}
// A freed request's operation may still be in progress: its buffers are given
// back at once (the program cannot know when it is safe; nothing to check).
void before_Request_free(interpose::Call& call, MPI_Request* req) noexcept {
  if (req) call.saved.push_back(interpose::key(*req));
}
void after_Request_free(interpose::Call& call, int, MPI_Request* req) noexcept {
  if (call.saved.empty()) return;
  complete(call.saved[0], nullptr, true, req);
  std::lock_guard<std::mutex> lock(state().m);
  state().persistent.erase(call.saved[0]);
}

// --- one-sided -------------------------------------------------------------------------------

void origin(interpose::Call& call, MPI_Win win, int target, const void* buf, int count, MPI_Datatype type, int mode,
            const char* cls, MPI_Request* req = nullptr) {
  Blocks b = blocks_of(buf, count, type);
  if (b.empty()) return;
  if (mode == AG_MODE_READONLY) use(buf, count, type);
  protect(b, mode, cls, call);
  std::uint64_t rkey = 0;
  if (req && *req != MPI_REQUEST_NULL) {
    rkey = interpose::key(*req);
    std::lock_guard<std::mutex> lock(state().m);
    // One operation per call: Rget_accumulate's origin and result buffers come here one after the other.
    auto& ops = state().pending[rkey];
    if (ops.empty() || ops.back().at != req || ops.back().pc != call.pc) ops.push_back({{}, false, call.name, call.pc, req});
    ops.back().blocks.insert(ops.back().blocks.end(), b.begin(), b.end());
  }
  std::lock_guard<std::mutex> lock(state().m);
  state().windows[interpose::key(win)].push_back({target, rkey, rkey ? Blocks{} : std::move(b)});
}

// The origin buffers of `win` toward `target` (-1: all) are complete.
void release(MPI_Win win, int target) {
  std::vector<WinOp> done;
  {
    std::lock_guard<std::mutex> lock(state().m);
    auto it = state().windows.find(interpose::key(win));
    if (it == state().windows.end()) return;
    auto& ops = it->second;
    for (std::size_t i = 0; i < ops.size();) {
      if (target < 0 || ops[i].target == target) {
        done.push_back(std::move(ops[i]));
        ops[i] = std::move(ops.back());
        ops.pop_back();
      } else {
        ++i;
      }
    }
  }
  for (const WinOp& op : done) {
    if (op.request) complete(op.request, nullptr, true);
    else unprotect(op.blocks);
  }
}

void after_Put(interpose::Call& call, int rc, const void* o, int oc, MPI_Datatype ot, int target, MPI_Aint, int,
               MPI_Datatype, MPI_Win win) noexcept {
  if (rc == MPI_SUCCESS) origin(call, win, target, o, oc, ot, AG_MODE_READONLY, kPutWrite);
}
void after_Accumulate(interpose::Call& call, int rc, const void* o, int oc, MPI_Datatype ot, int target, MPI_Aint,
                      int, MPI_Datatype, MPI_Op, MPI_Win win) noexcept {
  if (rc == MPI_SUCCESS) origin(call, win, target, o, oc, ot, AG_MODE_READONLY, kPutWrite);
}
void after_Get(interpose::Call& call, int rc, void* o, int oc, MPI_Datatype ot, int target, MPI_Aint, int,
               MPI_Datatype, MPI_Win win) noexcept {
  if (rc == MPI_SUCCESS) origin(call, win, target, o, oc, ot, AG_MODE_NOACCESS, kGetAccess);
}
void after_Get_accumulate(interpose::Call& call, int rc, const void* o, int oc, MPI_Datatype ot, void* r, int rcount,
                          MPI_Datatype rt, int target, MPI_Aint, int, MPI_Datatype, MPI_Op, MPI_Win win) noexcept {
  if (rc != MPI_SUCCESS) return;
  origin(call, win, target, o, oc, ot, AG_MODE_READONLY, kPutWrite);
  origin(call, win, target, r, rcount, rt, AG_MODE_NOACCESS, kGetAccess);
}
void after_Fetch_and_op(interpose::Call& call, int rc, const void* o, void* r, MPI_Datatype t, int target, MPI_Aint,
                        MPI_Op, MPI_Win win) noexcept {
  if (rc != MPI_SUCCESS) return;
  origin(call, win, target, o, 1, t, AG_MODE_READONLY, kPutWrite);
  origin(call, win, target, r, 1, t, AG_MODE_NOACCESS, kGetAccess);
}
void after_Compare_and_swap(interpose::Call& call, int rc, const void* o, const void* c, void* r, MPI_Datatype t,
                            int target, MPI_Aint, MPI_Win win) noexcept {
  if (rc != MPI_SUCCESS) return;
  origin(call, win, target, o, 1, t, AG_MODE_READONLY, kPutWrite);
  origin(call, win, target, c, 1, t, AG_MODE_READONLY, kPutWrite);
  origin(call, win, target, r, 1, t, AG_MODE_NOACCESS, kGetAccess);
}
void after_Rput(interpose::Call& call, int rc, const void* o, int oc, MPI_Datatype ot, int target, MPI_Aint, int,
                MPI_Datatype, MPI_Win win, MPI_Request* req) noexcept {
  if (rc == MPI_SUCCESS) origin(call, win, target, o, oc, ot, AG_MODE_READONLY, kPutWrite, req);
}
void after_Rget(interpose::Call& call, int rc, void* o, int oc, MPI_Datatype ot, int target, MPI_Aint, int,
                MPI_Datatype, MPI_Win win, MPI_Request* req) noexcept {
  if (rc == MPI_SUCCESS) origin(call, win, target, o, oc, ot, AG_MODE_NOACCESS, kGetAccess, req);
}
void after_Raccumulate(interpose::Call& call, int rc, const void* o, int oc, MPI_Datatype ot, int target, MPI_Aint,
                       int, MPI_Datatype, MPI_Op, MPI_Win win, MPI_Request* req) noexcept {
  if (rc == MPI_SUCCESS) origin(call, win, target, o, oc, ot, AG_MODE_READONLY, kPutWrite, req);
}
void after_Rget_accumulate(interpose::Call& call, int rc, const void* o, int oc, MPI_Datatype ot, void* r,
                           int rcount, MPI_Datatype rt, int target, MPI_Aint, int, MPI_Datatype, MPI_Op, MPI_Win win,
                           MPI_Request* req) noexcept {
  if (rc != MPI_SUCCESS) return;
  origin(call, win, target, o, oc, ot, AG_MODE_READONLY, kPutWrite, req);
  origin(call, win, target, r, rcount, rt, AG_MODE_NOACCESS, kGetAccess, req);
}

// Synchronisation that completes origin buffers: released after the call
// returns (MPI touches them inside it, unchecked).
void after_Win_fence(interpose::Call&, int, int, MPI_Win win) noexcept { release(win, -1); }
void after_Win_unlock(interpose::Call&, int, int target, MPI_Win win) noexcept { release(win, target); }
void after_Win_unlock_all(interpose::Call&, int, MPI_Win win) noexcept { release(win, -1); }
void after_Win_flush(interpose::Call&, int, int target, MPI_Win win) noexcept { release(win, target); }
void after_Win_flush_all(interpose::Call&, int, MPI_Win win) noexcept { release(win, -1); }
// Local completion: the origin buffers toward the target may be reused.
void after_Win_flush_local(interpose::Call&, int, int target, MPI_Win win) noexcept { release(win, target); }
void after_Win_flush_local_all(interpose::Call&, int, MPI_Win win) noexcept { release(win, -1); }
void after_Win_complete(interpose::Call&, int, MPI_Win win) noexcept { release(win, -1); }
void before_Win_free(interpose::Call&, MPI_Win* win) noexcept {
  if (!win) return;
  release(*win, -1);
  std::lock_guard<std::mutex> lock(state().m);
  state().windows.erase(interpose::key(*win));
}

// --- nonblocking collectives -------------------------------------------------------------------

struct Nbc {
  Blocks ro, na;
};
int comm_size(MPI_Comm comm) {
  int n = 0, inter = 0;
  if (comm == MPI_COMM_NULL) return 0;
  PMPI_Comm_test_inter(comm, &inter);
  if (inter) return 0;  // not followed: both groups' layouts differ
  PMPI_Comm_size(comm, &n);
  return n;
}
int comm_rank(MPI_Comm comm) {
  int r = -1;
  PMPI_Comm_rank(comm, &r);
  return r;
}
std::int64_t extent(MPI_Datatype t) {
  MPI_Aint lb = 0, ext = 0;
  if (t == MPI_DATATYPE_NULL || PMPI_Type_get_extent(t, &lb, &ext) != MPI_SUCCESS) return 0;
  return ext;
}
template <class T>
void add_array(Blocks& out, const T* a, int n) {
  if (a && n > 0) out.push_back({reinterpret_cast<char*>(const_cast<T*>(a)), sizeof(T) * static_cast<std::size_t>(n)});
}
// count[i] x type at buf + displ[i] x extent, for i < n.
void add_v(Blocks& out, const void* buf, const int counts[], const int displs[], MPI_Datatype type, int n) {
  if (!counts || !displs) return;
  std::int64_t ext = extent(type);
  for (int i = 0; i < n; ++i) add_blocks(out, buf, displs[i] * ext, counts[i], type);
}
void nbc(interpose::Call& call, int rc, MPI_Request* req, Nbc&& b) {
  if (rc != MPI_SUCCESS || !req) return;
  protect(b.ro, AG_MODE_READONLY, kNbc, call);
  protect(b.na, AG_MODE_NOACCESS, kNbc, call);
  Pending p{std::move(b.ro), false, call.name, call.pc};
  p.blocks.insert(p.blocks.end(), b.na.begin(), b.na.end());
  track(req, std::move(p));
}

void after_Ibcast(interpose::Call& call, int rc, void* buf, int count, MPI_Datatype type, int root, MPI_Comm comm,
                  MPI_Request* req) noexcept {
  Nbc b;
  add_blocks(comm_rank(comm) == root ? b.ro : b.na, buf, 0, count, type);
  nbc(call, rc, req, std::move(b));
}
void after_Igather(interpose::Call& call, int rc, const void* sbuf, int scount, MPI_Datatype stype, void* rbuf,
                   int rcount, MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request* req) noexcept {
  Nbc b;
  add_blocks(b.ro, sbuf, 0, scount, stype);
  if (comm_rank(comm) == root) add_blocks(b.na, rbuf, 0, rcount * comm_size(comm), rtype);
  nbc(call, rc, req, std::move(b));
}
void after_Iscatter(interpose::Call& call, int rc, const void* sbuf, int scount, MPI_Datatype stype, void* rbuf,
                    int rcount, MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request* req) noexcept {
  Nbc b;
  if (comm_rank(comm) == root) add_blocks(b.ro, sbuf, 0, scount * comm_size(comm), stype);
  add_blocks(b.na, rbuf, 0, rcount, rtype);
  nbc(call, rc, req, std::move(b));
}
void after_Iallgather(interpose::Call& call, int rc, const void* sbuf, int scount, MPI_Datatype stype, void* rbuf,
                      int rcount, MPI_Datatype rtype, MPI_Comm comm, MPI_Request* req) noexcept {
  Nbc b;
  add_blocks(b.ro, sbuf, 0, scount, stype);
  add_blocks(b.na, rbuf, 0, rcount * comm_size(comm), rtype);
  nbc(call, rc, req, std::move(b));
}
void after_Ialltoall(interpose::Call& call, int rc, const void* sbuf, int scount, MPI_Datatype stype, void* rbuf,
                     int rcount, MPI_Datatype rtype, MPI_Comm comm, MPI_Request* req) noexcept {
  Nbc b;
  add_blocks(b.ro, sbuf, 0, scount * comm_size(comm), stype);
  add_blocks(b.na, rbuf, 0, rcount * comm_size(comm), rtype);
  nbc(call, rc, req, std::move(b));
}
void after_Ireduce(interpose::Call& call, int rc, const void* sbuf, void* rbuf, int count, MPI_Datatype type, MPI_Op,
                   int root, MPI_Comm comm, MPI_Request* req) noexcept {
  Nbc b;
  add_blocks(b.ro, sbuf, 0, count, type);
  if (comm_rank(comm) == root) add_blocks(b.na, rbuf, 0, count, type);
  nbc(call, rc, req, std::move(b));
}
#define REDUCE_ALL_HOOK(NAME)                                                                                  \
  void after_##NAME(interpose::Call& call, int rc, const void* sbuf, void* rbuf, int count, MPI_Datatype type, \
                    MPI_Op, MPI_Comm, MPI_Request* req) noexcept {                                            \
    Nbc b;                                                                                                      \
    add_blocks(b.ro, sbuf, 0, count, type);                                                                     \
    add_blocks(b.na, rbuf, 0, count, type);                                                                     \
    nbc(call, rc, req, std::move(b));                                                                           \
  }
REDUCE_ALL_HOOK(Iallreduce)
REDUCE_ALL_HOOK(Iscan)
REDUCE_ALL_HOOK(Iexscan)
void after_Ireduce_scatter_block(interpose::Call& call, int rc, const void* sbuf, void* rbuf, int rcount,
                                 MPI_Datatype type, MPI_Op, MPI_Comm comm, MPI_Request* req) noexcept {
  Nbc b;
  add_blocks(b.ro, sbuf, 0, rcount * comm_size(comm), type);
  add_blocks(b.na, rbuf, 0, sbuf == MPI_IN_PLACE ? rcount * comm_size(comm) : rcount, type);
  nbc(call, rc, req, std::move(b));
}
void after_Ireduce_scatter(interpose::Call& call, int rc, const void* sbuf, void* rbuf, const int rcounts[],
                           MPI_Datatype type, MPI_Op, MPI_Comm comm, MPI_Request* req) noexcept {
  Nbc b;
  int n = comm_size(comm), total = 0, me = comm_rank(comm);
  for (int i = 0; rcounts && i < n; ++i) total += rcounts[i];
  add_array(b.ro, rcounts, n);
  add_blocks(b.ro, sbuf, 0, total, type);
  if (rcounts && me >= 0 && me < n) add_blocks(b.na, rbuf, 0, sbuf == MPI_IN_PLACE ? total : rcounts[me], type);
  nbc(call, rc, req, std::move(b));
}
void after_Igatherv(interpose::Call& call, int rc, const void* sbuf, int scount, MPI_Datatype stype, void* rbuf,
                    const int rcounts[], const int displs[], MPI_Datatype rtype, int root, MPI_Comm comm,
                    MPI_Request* req) noexcept {
  Nbc b;
  add_blocks(b.ro, sbuf, 0, scount, stype);
  if (comm_rank(comm) == root) {
    int n = comm_size(comm);
    add_array(b.ro, rcounts, n);
    add_array(b.ro, displs, n);
    add_v(b.na, rbuf, rcounts, displs, rtype, n);
  }
  nbc(call, rc, req, std::move(b));
}
void after_Iscatterv(interpose::Call& call, int rc, const void* sbuf, const int scounts[], const int displs[],
                     MPI_Datatype stype, void* rbuf, int rcount, MPI_Datatype rtype, int root, MPI_Comm comm,
                     MPI_Request* req) noexcept {
  Nbc b;
  if (comm_rank(comm) == root) {
    int n = comm_size(comm);
    add_array(b.ro, scounts, n);
    add_array(b.ro, displs, n);
    add_v(b.ro, sbuf, scounts, displs, stype, n);
  }
  add_blocks(b.na, rbuf, 0, rcount, rtype);
  nbc(call, rc, req, std::move(b));
}
void after_Iallgatherv(interpose::Call& call, int rc, const void* sbuf, int scount, MPI_Datatype stype, void* rbuf,
                       const int rcounts[], const int displs[], MPI_Datatype rtype, MPI_Comm comm,
                       MPI_Request* req) noexcept {
  Nbc b;
  int n = comm_size(comm);
  add_blocks(b.ro, sbuf, 0, scount, stype);
  add_array(b.ro, rcounts, n);
  add_array(b.ro, displs, n);
  add_v(b.na, rbuf, rcounts, displs, rtype, n);
  nbc(call, rc, req, std::move(b));
}
void after_Ialltoallv(interpose::Call& call, int rc, const void* sbuf, const int scounts[], const int sdispls[],
                      MPI_Datatype stype, void* rbuf, const int rcounts[], const int rdispls[], MPI_Datatype rtype,
                      MPI_Comm comm, MPI_Request* req) noexcept {
  Nbc b;
  int n = comm_size(comm);
  add_array(b.ro, scounts, n);
  add_array(b.ro, sdispls, n);
  add_array(b.ro, rcounts, n);
  add_array(b.ro, rdispls, n);
  if (sbuf != MPI_IN_PLACE) add_v(b.ro, sbuf, scounts, sdispls, stype, n);
  add_v(b.na, rbuf, rcounts, rdispls, rtype, n);
  nbc(call, rc, req, std::move(b));
}
void after_Ialltoallw(interpose::Call& call, int rc, const void* sbuf, const int scounts[], const int sdispls[],
                      const MPI_Datatype stypes[], void* rbuf, const int rcounts[], const int rdispls[],
                      const MPI_Datatype rtypes[], MPI_Comm comm, MPI_Request* req) noexcept {
  Nbc b;
  int n = comm_size(comm);
  add_array(b.ro, scounts, n);
  add_array(b.ro, sdispls, n);
  add_array(b.ro, stypes, n);
  add_array(b.ro, rcounts, n);
  add_array(b.ro, rdispls, n);
  add_array(b.ro, rtypes, n);
  for (int i = 0; i < n; ++i) {
    if (sbuf != MPI_IN_PLACE && scounts && sdispls && stypes) add_blocks(b.ro, sbuf, sdispls[i], scounts[i], stypes[i]);
    if (rcounts && rdispls && rtypes) add_blocks(b.na, rbuf, rdispls[i], rcounts[i], rtypes[i]);
  }
  nbc(call, rc, req, std::move(b));
}

// --- life cycle ----------------------------------------------------------------------------------

void enter_call(const interpose::Call&) noexcept { AG_ENTER_MPI(); }
void leave_call() noexcept { AG_LEAVE_MPI(); }
// MPI_Finalize: received data that was never read is reported; the thread
// stays "inside MPI" from here on (MPI tears down, nothing is checked).
void before_finalize(const interpose::Call&) noexcept {
  AG_ENTER_MPI();
  AG_FINALIZE();
}

interpose::Checker make_checker() {
  interpose::Checker c{"assaygrind"};
  auto& h = c.hooks;
  h.before_MPI_Send = before_Send;
  h.before_MPI_Ssend = before_Ssend;
  h.before_MPI_Bsend = before_Bsend;
  h.before_MPI_Rsend = before_Rsend;
  h.before_MPI_Isend = before_Isend;
  h.after_MPI_Isend = after_Isend;
  h.before_MPI_Ibsend = before_Ibsend;
  h.after_MPI_Ibsend = after_Ibsend;
  h.before_MPI_Issend = before_Issend;
  h.after_MPI_Issend = after_Issend;
  h.before_MPI_Irsend = before_Irsend;
  h.after_MPI_Irsend = after_Irsend;
  h.after_MPI_Irecv = after_Irecv;
  h.after_MPI_Imrecv = after_Imrecv;
  h.instead_MPI_Recv = instead_Recv;
  h.instead_MPI_Sendrecv = instead_Sendrecv;
  h.after_MPI_Send_init = after_Send_init;
  h.after_MPI_Bsend_init = after_Bsend_init;
  h.after_MPI_Ssend_init = after_Ssend_init;
  h.after_MPI_Rsend_init = after_Rsend_init;
  h.after_MPI_Recv_init = after_Recv_init;
  h.after_MPI_Start = after_Start;
  h.after_MPI_Startall = after_Startall;
  h.instead_MPI_Wait = instead_Wait;
  h.instead_MPI_Test = instead_Test;
  h.instead_MPI_Request_get_status = instead_Request_get_status;
  h.instead_MPI_Waitany = instead_Waitany;
  h.instead_MPI_Testany = instead_Testany;
  h.instead_MPI_Waitall = instead_Waitall;
  h.instead_MPI_Testall = instead_Testall;
  h.instead_MPI_Waitsome = instead_Waitsome;
  h.instead_MPI_Testsome = instead_Testsome;
  h.before_MPI_Request_free = before_Request_free;
  h.after_MPI_Request_free = after_Request_free;
  h.after_MPI_Put = after_Put;
  h.after_MPI_Get = after_Get;
  h.after_MPI_Accumulate = after_Accumulate;
  h.after_MPI_Get_accumulate = after_Get_accumulate;
  h.after_MPI_Fetch_and_op = after_Fetch_and_op;
  h.after_MPI_Compare_and_swap = after_Compare_and_swap;
  h.after_MPI_Rput = after_Rput;
  h.after_MPI_Rget = after_Rget;
  h.after_MPI_Raccumulate = after_Raccumulate;
  h.after_MPI_Rget_accumulate = after_Rget_accumulate;
  h.after_MPI_Win_fence = after_Win_fence;
  h.after_MPI_Win_unlock = after_Win_unlock;
  h.after_MPI_Win_unlock_all = after_Win_unlock_all;
  h.after_MPI_Win_flush = after_Win_flush;
  h.after_MPI_Win_flush_all = after_Win_flush_all;
  h.after_MPI_Win_flush_local = after_Win_flush_local;
  h.after_MPI_Win_flush_local_all = after_Win_flush_local_all;
  h.after_MPI_Win_complete = after_Win_complete;
  h.before_MPI_Win_free = before_Win_free;
  h.after_MPI_Ibcast = after_Ibcast;
  h.after_MPI_Igather = after_Igather;
  h.after_MPI_Iscatter = after_Iscatter;
  h.after_MPI_Iallgather = after_Iallgather;
  h.after_MPI_Ialltoall = after_Ialltoall;
  h.after_MPI_Ireduce = after_Ireduce;
  h.after_MPI_Iallreduce = after_Iallreduce;
  h.after_MPI_Iscan = after_Iscan;
  h.after_MPI_Iexscan = after_Iexscan;
  h.after_MPI_Ireduce_scatter_block = after_Ireduce_scatter_block;
  h.after_MPI_Ireduce_scatter = after_Ireduce_scatter;
  h.after_MPI_Igatherv = after_Igatherv;
  h.after_MPI_Iscatterv = after_Iscatterv;
  h.after_MPI_Iallgatherv = after_Iallgatherv;
  h.after_MPI_Ialltoallv = after_Ialltoallv;
  h.after_MPI_Ialltoallw = after_Ialltoallw;
  c.lifecycle.enter_call = enter_call;
  c.lifecycle.leave_call = leave_call;
  c.lifecycle.before_finalize = before_finalize;
  return c;
}

const interpose::Checker checker = make_checker();
ASSAY_REGISTER_CHECKER(checker);
}  // namespace
}  // namespace assay::assaygrind
