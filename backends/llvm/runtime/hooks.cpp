// The llvm backend's runtime, MPI side: the calls that start operations add
// their buffers to the ranges in flight with the permission the standard
// leaves the program, the calls that complete them remove them.
//   MPI-3.1 §3.7.2: a nonblocking send's buffer may be read, not written, and
//     a receive's buffer neither, until the request completes (wait/test).
//   §5.12: the same for nonblocking collectives, and their count,
//     displacement and type arrays may not be modified until completion.
//   §11.3/§11.5: the origin buffer of a put or accumulate may not be updated,
//     and that of a get (or a result buffer) not accessed, until the operation
//     completes at the origin: MPI_Win_fence, MPI_Win_complete, MPI_Win_unlock
//     (_all), MPI_Win_flush(_all), MPI_Win_flush_local(_all); a request-based
//     operation (MPI_Rput, MPI_Rget, MPI_Raccumulate, MPI_Rget_accumulate) also
//     by its request (§11.3.5).
#include <mpi.h>

#include <algorithm>
#include <initializer_list>

#include "assay/interpose/datatypes.hpp"
#include "assay/interpose/findings.hpp"
#include "assay/interpose/interpose.hpp"
#include "runtime.hpp"

namespace assay::llvmrt {
namespace {

using interpose::key;
using core::ErrorClass;

// Persistent requests: what MPI_Start starts (persistent_request).
std::unordered_map<std::uint64_t, Persistent>& persistent() {
  static auto* p = new std::unordered_map<std::uint64_t, Persistent>;
  return *p;
}

OpInfo info(const Call& call, ErrorClass cls, Permission p, const char* role) {
  return OpInfo{cls, p, role, call.site(), core::Site{}, 0, 0, call.time};
}

// ---- point to point ------------------------------------------------------

void started(const Call& call, const void* buf, int count, MPI_Datatype type, bool send, MPI_Request* request) {
  if (!request || *request == MPI_REQUEST_NULL) return;
  State& s = state();
  std::lock_guard lock(s.m);
  const Op op = add_op(s, send ? info(call, ErrorClass::nb_buffer_send_write, Permission::read, "send buffer")
                                : info(call, ErrorClass::nb_buffer_recv_access, Permission::none, "receive buffer"));
  add_blocks(s, op, buf, count, type);
  post(s, request, {op});
}

#define ASSAY_ISEND(name)                                                                                    \
  void after_##name(Call& call, int rc, const void* buf, int count, MPI_Datatype type, int, int, MPI_Comm, \
                    MPI_Request* request) noexcept {                                                         \
    if (rc == MPI_SUCCESS) started(call, buf, count, type, true, request);                                   \
  }
ASSAY_ISEND(MPI_Isend)
ASSAY_ISEND(MPI_Ibsend)
ASSAY_ISEND(MPI_Issend)
ASSAY_ISEND(MPI_Irsend)
#undef ASSAY_ISEND

void after_MPI_Irecv(Call& call, int rc, void* buf, int count, MPI_Datatype type, int, int, MPI_Comm,
                     MPI_Request* request) noexcept {
  if (rc == MPI_SUCCESS) started(call, buf, count, type, false, request);
}

void remember(const Call& call, const void* buf, int count, MPI_Datatype type, bool send, MPI_Request* request) {
  if (!request || *request == MPI_REQUEST_NULL) return;
  std::lock_guard lock(state().m);
  persistent()[key(*request)] = Persistent{buf, count, type, send, call.site()};
}
#define ASSAY_SEND_INIT(name)                                                                                \
  void after_##name(Call& call, int rc, const void* buf, int count, MPI_Datatype type, int, int, MPI_Comm, \
                    MPI_Request* request) noexcept {                                                         \
    if (rc == MPI_SUCCESS) remember(call, buf, count, type, true, request);                                  \
  }
ASSAY_SEND_INIT(MPI_Send_init)
ASSAY_SEND_INIT(MPI_Bsend_init)
ASSAY_SEND_INIT(MPI_Ssend_init)
ASSAY_SEND_INIT(MPI_Rsend_init)
#undef ASSAY_SEND_INIT
void after_MPI_Recv_init(Call& call, int rc, void* buf, int count, MPI_Datatype type, int, int, MPI_Comm,
                         MPI_Request* request) noexcept {
  if (rc == MPI_SUCCESS) remember(call, buf, count, type, false, request);
}

void start_persistent(const Call& call, const MPI_Request* request) {
  State& s = state();
  std::lock_guard lock(s.m);
  auto it = persistent().find(key(*request));
  if (it == persistent().end()) return;
  const Persistent& p = it->second;
  OpInfo i = p.send ? info(call, ErrorClass::nb_buffer_send_write, Permission::read, "send buffer")
                    : info(call, ErrorClass::nb_buffer_recv_access, Permission::none, "receive buffer");
  i.start = i.call;  // the finding names the MPI_Start and the _init call
  i.call = p.init;
  const Op op = add_op(s, i);
  add_blocks(s, op, p.buf, p.count, p.type);
  post(s, request, {op});
}
void after_MPI_Start(Call& call, int rc, MPI_Request* request) noexcept {
  if (rc == MPI_SUCCESS && request) start_persistent(call, request);
}
void after_MPI_Startall(Call& call, int rc, int count, MPI_Request requests[]) noexcept {
  if (rc != MPI_SUCCESS || !requests) return;
  for (int i = 0; i < count; ++i) start_persistent(call, &requests[i]);
}

// Completions: the handles are read before the call (MPI nulls them); where
// the program keeps each (`requests`, the call's own argument) tells apart
// postings that share a handle.
void save(Call& call, int count, const MPI_Request* requests) {
  call.saved.clear();
  for (int i = 0; requests && i < count; ++i) call.saved.push_back(key(requests[i]));
}
void done(const Call& call, const MPI_Request* requests, int index) {
  const auto i = static_cast<std::size_t>(index);
  if (index < 0 || i >= call.saved.size()) return;
  State& s = state();
  std::lock_guard lock(s.m);
  complete_request(s, call.saved[i], &requests[i]);
}
void done_all(const Call& call, const MPI_Request* requests) {
  for (std::size_t i = 0; i < call.saved.size(); ++i) done(call, requests, static_cast<int>(i));
}

void before_MPI_Wait(Call& call, MPI_Request* request, MPI_Status*) noexcept { save(call, 1, request); }
void after_MPI_Wait(Call& call, int, MPI_Request* request, MPI_Status*) noexcept { done(call, request, 0); }
void before_MPI_Test(Call& call, MPI_Request* request, int*, MPI_Status*) noexcept { save(call, 1, request); }
void after_MPI_Test(Call& call, int rc, MPI_Request* request, int* flag, MPI_Status*) noexcept {
  if (rc == MPI_SUCCESS && flag && *flag) done(call, request, 0);
}
// flag = 1: the operation is complete (MPI-3.1 §3.7.3), its buffer the program's
// again; the request is still to be completed or freed.
void after_MPI_Request_get_status(Call&, int rc, MPI_Request request, int* flag, MPI_Status*) noexcept {
  if (rc != MPI_SUCCESS || !flag || !*flag) return;
  State& s = state();
  std::lock_guard lock(s.m);
  complete_request(s, key(request), nullptr);
}
void before_MPI_Waitall(Call& call, int count, MPI_Request requests[], MPI_Status[]) noexcept {
  save(call, count, requests);
}
void after_MPI_Waitall(Call& call, int, int, MPI_Request requests[], MPI_Status[]) noexcept {
  done_all(call, requests);
}
void before_MPI_Testall(Call& call, int count, MPI_Request requests[], int*, MPI_Status[]) noexcept {
  save(call, count, requests);
}
void after_MPI_Testall(Call& call, int rc, int, MPI_Request requests[], int* flag, MPI_Status[]) noexcept {
  if (rc == MPI_SUCCESS && flag && *flag) done_all(call, requests);
}
void before_MPI_Waitany(Call& call, int count, MPI_Request requests[], int*, MPI_Status*) noexcept {
  save(call, count, requests);
}
void after_MPI_Waitany(Call& call, int rc, int, MPI_Request requests[], int* index, MPI_Status*) noexcept {
  if (rc == MPI_SUCCESS && index && *index != MPI_UNDEFINED) done(call, requests, *index);
}
void before_MPI_Testany(Call& call, int count, MPI_Request requests[], int*, int*, MPI_Status*) noexcept {
  save(call, count, requests);
}
void after_MPI_Testany(Call& call, int rc, int, MPI_Request requests[], int* index, int* flag, MPI_Status*) noexcept {
  if (rc == MPI_SUCCESS && flag && *flag && index && *index != MPI_UNDEFINED) done(call, requests, *index);
}
void some_done(const Call& call, int rc, const MPI_Request* requests, const int* outcount, const int* indices) {
  if (rc != MPI_SUCCESS || !outcount || *outcount == MPI_UNDEFINED || !indices) return;
  for (int i = 0; i < *outcount; ++i) done(call, requests, indices[i]);
}
void before_MPI_Waitsome(Call& call, int count, MPI_Request requests[], int*, int[], MPI_Status[]) noexcept {
  save(call, count, requests);
}
void after_MPI_Waitsome(Call& call, int rc, int, MPI_Request requests[], int* outcount, int indices[], MPI_Status[]) noexcept {
  some_done(call, rc, requests, outcount, indices);
}
void before_MPI_Testsome(Call& call, int count, MPI_Request requests[], int*, int[], MPI_Status[]) noexcept {
  save(call, count, requests);
}
void after_MPI_Testsome(Call& call, int rc, int, MPI_Request requests[], int* outcount, int indices[], MPI_Status[]) noexcept {
  some_done(call, rc, requests, outcount, indices);
}
// A freed active request completes at a time the program learns otherwise
// (MPI-3.1 §3.7.3): its buffer leaves the set now, so nothing is reported
// that a later message may have ordered.
void before_MPI_Request_free(Call&, MPI_Request* request) noexcept {
  if (!request) return;
  State& s = state();
  std::lock_guard lock(s.m);
  complete_request(s, key(*request), request);
  persistent().erase(key(*request));
}

// ---- nonblocking collectives ---------------------------------------------

struct Coll {
  State& s;
  std::lock_guard<std::mutex> lock;
  const Call& call;
  int rank = 0, size = 0;
  std::vector<Op> ops;
  Coll(const Call& c, MPI_Comm comm) : s(state()), lock(s.m), call(c) {
    int inter = 0;
    PMPI_Comm_test_inter(comm, &inter);
    if (inter) size = -1;  // intercommunicators: not modelled
    else {
      PMPI_Comm_rank(comm, &rank);
      PMPI_Comm_size(comm, &size);
    }
  }
  bool ok() const { return size > 0; }
  Op op(Permission p, const char* role) {
    const Op o = add_op(s, info(call, ErrorClass::coll_buffer_access_during_nbc, p, role));
    ops.push_back(o);
    return o;
  }
  void buffer(Permission p, const char* role, const void* buf, int count, MPI_Datatype type) {
    if (buf == MPI_IN_PLACE) return;
    add_blocks(s, op(p, role), buf, count, type);
  }
  // count[i] x type at displ[i] x extent, for every member.
  void vector(Permission p, const char* role, const void* buf, const int counts[], const int displs[],
              MPI_Datatype type) {
    if (buf == MPI_IN_PLACE || !counts || !displs) return;
    MPI_Aint lb = 0, extent = 0;
    PMPI_Type_get_extent(type, &lb, &extent);
    const Op o = op(p, role);
    for (int i = 0; i < size; ++i) add_blocks(s, o, buf, counts[i], type, static_cast<std::int64_t>(displs[i]) * extent);
  }
  void array(const void* a, std::size_t element) {
    if (!a) return;
    const Op o = op(Permission::read, "argument array");
    const auto lo = reinterpret_cast<std::uintptr_t>(a);
    add_range(s, o, lo, lo + element * static_cast<std::size_t>(size));
  }
  void finish(int rc, MPI_Request* request) {
    if (rc != MPI_SUCCESS || !request || *request == MPI_REQUEST_NULL) {
      for (Op o : ops) complete(s, o);
      return;
    }
    post(s, request, ops);
  }
};

constexpr Permission R = Permission::read, N = Permission::none;

void after_MPI_Ibcast(Call& call, int rc, void* buf, int count, MPI_Datatype type, int root, MPI_Comm comm,
                      MPI_Request* request) noexcept {
  Coll c(call, comm);
  if (!c.ok()) return;
  if (c.rank == root) c.buffer(R, "buffer (root)", buf, count, type);
  else c.buffer(N, "buffer", buf, count, type);
  c.finish(rc, request);
}
void after_MPI_Igather(Call& call, int rc, const void* sb, int sc, MPI_Datatype st, void* rb, int rcount,
                       MPI_Datatype rt, int root, MPI_Comm comm, MPI_Request* request) noexcept {
  Coll c(call, comm);
  if (!c.ok()) return;
  c.buffer(R, "send buffer", sb, sc, st);
  if (c.rank == root) c.buffer(N, "receive buffer", rb, rcount * c.size, rt);
  c.finish(rc, request);
}
void after_MPI_Iscatter(Call& call, int rc, const void* sb, int sc, MPI_Datatype st, void* rb, int rcount,
                        MPI_Datatype rt, int root, MPI_Comm comm, MPI_Request* request) noexcept {
  Coll c(call, comm);
  if (!c.ok()) return;
  if (c.rank == root) c.buffer(R, "send buffer", sb, sc * c.size, st);
  c.buffer(N, "receive buffer", rb, rcount, rt);
  c.finish(rc, request);
}
void after_MPI_Iallgather(Call& call, int rc, const void* sb, int sc, MPI_Datatype st, void* rb, int rcount,
                          MPI_Datatype rt, MPI_Comm comm, MPI_Request* request) noexcept {
  Coll c(call, comm);
  if (!c.ok()) return;
  c.buffer(R, "send buffer", sb, sc, st);
  c.buffer(N, "receive buffer", rb, rcount * c.size, rt);
  c.finish(rc, request);
}
void after_MPI_Ialltoall(Call& call, int rc, const void* sb, int sc, MPI_Datatype st, void* rb, int rcount,
                         MPI_Datatype rt, MPI_Comm comm, MPI_Request* request) noexcept {
  Coll c(call, comm);
  if (!c.ok()) return;
  c.buffer(R, "send buffer", sb, sc * c.size, st);
  c.buffer(N, "receive buffer", rb, rcount * c.size, rt);
  c.finish(rc, request);
}
void after_MPI_Ireduce(Call& call, int rc, const void* sb, void* rb, int count, MPI_Datatype type, MPI_Op, int root,
                       MPI_Comm comm, MPI_Request* request) noexcept {
  Coll c(call, comm);
  if (!c.ok()) return;
  c.buffer(R, "send buffer", sb, count, type);
  if (c.rank == root) c.buffer(N, "receive buffer", rb, count, type);
  c.finish(rc, request);
}
#define ASSAY_IALLREDUCE(name)                                                                              \
  void after_##name(Call& call, int rc, const void* sb, void* rb, int count, MPI_Datatype type, MPI_Op,    \
                    MPI_Comm comm, MPI_Request* request) noexcept {                                         \
    Coll c(call, comm);                                                                                     \
    if (!c.ok()) return;                                                                                    \
    c.buffer(R, "send buffer", sb, count, type);                                                            \
    c.buffer(N, "receive buffer", rb, count, type);                                                         \
    c.finish(rc, request);                                                                                  \
  }
ASSAY_IALLREDUCE(MPI_Iallreduce)
ASSAY_IALLREDUCE(MPI_Iscan)
ASSAY_IALLREDUCE(MPI_Iexscan)
#undef ASSAY_IALLREDUCE
void after_MPI_Ireduce_scatter_block(Call& call, int rc, const void* sb, void* rb, int rcount, MPI_Datatype type,
                                     MPI_Op, MPI_Comm comm, MPI_Request* request) noexcept {
  Coll c(call, comm);
  if (!c.ok()) return;
  c.buffer(R, "send buffer", sb, rcount * c.size, type);
  c.buffer(N, "receive buffer", rb, sb == MPI_IN_PLACE ? rcount * c.size : rcount, type);
  c.finish(rc, request);
}
void after_MPI_Ireduce_scatter(Call& call, int rc, const void* sb, void* rb, const int rcounts[], MPI_Datatype type,
                               MPI_Op, MPI_Comm comm, MPI_Request* request) noexcept {
  Coll c(call, comm);
  if (!c.ok() || !rcounts) return;
  int total = 0;
  for (int i = 0; i < c.size; ++i) total += rcounts[i];
  c.buffer(R, "send buffer", sb, total, type);
  c.buffer(N, "receive buffer", rb, sb == MPI_IN_PLACE ? total : rcounts[c.rank], type);
  c.array(rcounts, sizeof(int));
  c.finish(rc, request);
}
void after_MPI_Igatherv(Call& call, int rc, const void* sb, int sc, MPI_Datatype st, void* rb, const int rcounts[],
                        const int displs[], MPI_Datatype rt, int root, MPI_Comm comm, MPI_Request* request) noexcept {
  Coll c(call, comm);
  if (!c.ok()) return;
  c.buffer(R, "send buffer", sb, sc, st);
  if (c.rank == root) {
    c.vector(N, "receive buffer", rb, rcounts, displs, rt);
    c.array(rcounts, sizeof(int));
    c.array(displs, sizeof(int));
  }
  c.finish(rc, request);
}
void after_MPI_Iscatterv(Call& call, int rc, const void* sb, const int scounts[], const int displs[],
                         MPI_Datatype st, void* rb, int rcount, MPI_Datatype rt, int root, MPI_Comm comm,
                         MPI_Request* request) noexcept {
  Coll c(call, comm);
  if (!c.ok()) return;
  if (c.rank == root) {
    c.vector(R, "send buffer", sb, scounts, displs, st);
    c.array(scounts, sizeof(int));
    c.array(displs, sizeof(int));
  }
  c.buffer(N, "receive buffer", rb, rcount, rt);
  c.finish(rc, request);
}
void after_MPI_Iallgatherv(Call& call, int rc, const void* sb, int sc, MPI_Datatype st, void* rb,
                           const int rcounts[], const int displs[], MPI_Datatype rt, MPI_Comm comm,
                           MPI_Request* request) noexcept {
  Coll c(call, comm);
  if (!c.ok()) return;
  c.buffer(R, "send buffer", sb, sc, st);
  c.vector(N, "receive buffer", rb, rcounts, displs, rt);
  c.array(rcounts, sizeof(int));
  c.array(displs, sizeof(int));
  c.finish(rc, request);
}
void after_MPI_Ialltoallv(Call& call, int rc, const void* sb, const int scounts[], const int sdispls[],
                          MPI_Datatype st, void* rb, const int rcounts[], const int rdispls[], MPI_Datatype rt,
                          MPI_Comm comm, MPI_Request* request) noexcept {
  Coll c(call, comm);
  if (!c.ok()) return;
  c.vector(R, "send buffer", sb, scounts, sdispls, st);
  c.vector(N, "receive buffer", rb, rcounts, rdispls, rt);
  if (sb != MPI_IN_PLACE) {
    c.array(scounts, sizeof(int));
    c.array(sdispls, sizeof(int));
  }
  c.array(rcounts, sizeof(int));
  c.array(rdispls, sizeof(int));
  c.finish(rc, request);
}
void after_MPI_Ialltoallw(Call& call, int rc, const void* sb, const int scounts[], const int sdispls[],
                          const MPI_Datatype st[], void* rb, const int rcounts[], const int rdispls[],
                          const MPI_Datatype rt[], MPI_Comm comm, MPI_Request* request) noexcept {
  Coll c(call, comm);
  if (!c.ok()) return;
  // Displacements in bytes, one type per member.
  if (sb != MPI_IN_PLACE && scounts && sdispls && st) {
    const Op o = c.op(R, "send buffer");
    for (int i = 0; i < c.size; ++i) add_blocks(c.s, o, sb, scounts[i], st[i], sdispls[i]);
    c.array(scounts, sizeof(int));
    c.array(sdispls, sizeof(int));
    c.array(st, sizeof(MPI_Datatype));
  }
  if (rcounts && rdispls && rt) {
    const Op o = c.op(N, "receive buffer");
    for (int i = 0; i < c.size; ++i) add_blocks(c.s, o, rb, rcounts[i], rt[i], rdispls[i]);
    c.array(rcounts, sizeof(int));
    c.array(rdispls, sizeof(int));
    c.array(rt, sizeof(MPI_Datatype));
  }
  c.finish(rc, request);
}

// ---- one-sided -------------------------------------------------------------

constexpr ErrorClass kPut = ErrorClass::rma_local_origin_write_during_put;
constexpr ErrorClass kGet = ErrorClass::rma_local_origin_access_during_get;

// MPI itself reads the origin buffer of a put and writes that of a get until
// they complete: a new RMA operation whose buffer overlaps one of a pending
// RMA operation where either forbids what the other does (get then put, put
// then get, get then get on one buffer) is the same error as a load or store
// would be (MPI-3.1 §11.3). Classed by the operation that forbids all access
// (the get), else by the pending one. Only RMA pairs: two requests of point
// to point on one buffer are nb.buffer.overlap, which pmpi checks.
void conflicts_with_pending(State& s, Op fresh) {
  const OpInfo& n = s.ops.at(fresh);
  std::vector<Op> seen;
  for (const auto& [lo, hi] : bytes_of(s, fresh)) {
    for (Op other : s.ranges.overlapping(lo, hi)) {
      if (other == fresh || std::find(seen.begin(), seen.end(), other) != seen.end()) continue;
      if (!touches(s.ops.at(other), lo, hi)) continue;
      seen.push_back(other);
      const OpInfo& e = s.ops.at(other);
      if (!e.rma) continue;
      const bool conflict = e.permission == Permission::none || n.permission == Permission::none;
      if (!conflict || !s.reported.emplace(other, n.call.pc).second) continue;
      const ErrorClass cls = e.permission == Permission::none ? e.cls : n.cls;
      core::Finding f{cls,
                      n.call.op + " uses the " + n.role + " while it is the " + e.role + " of a pending " + e.call.op,
                      {}};
      f.accesses.push_back(core::Access{n.call, core::AccessKind::call, n.addr, n.size, n.time, 0});
      f.accesses.push_back(core::Access{e.call, core::AccessKind::call, e.addr, e.size, e.time, 0});
      interpose::report(f);
    }
  }
}

Op rma_op(const Call& call, MPI_Win win, int target, ErrorClass cls, Permission p, const char* role, const void* buf,
          int count, MPI_Datatype type) {
  if (target == MPI_PROC_NULL || !buf) return 0;
  State& s = state();
  OpInfo i = info(call, cls, p, role);
  i.rma = true;
  const Op op = add_op(s, i);
  add_blocks(s, op, buf, count, type);
  s.rma[key(win)][target].push_back(op);
  conflicts_with_pending(s, op);
  return op;
}

void after_MPI_Put(Call& call, int rc, const void* origin, int count, MPI_Datatype type, int target, MPI_Aint, int,
                   MPI_Datatype, MPI_Win win) noexcept {
  if (rc != MPI_SUCCESS) return;
  std::lock_guard lock(state().m);
  rma_op(call, win, target, kPut, R, "origin buffer", origin, count, type);
}
void after_MPI_Accumulate(Call& call, int rc, const void* origin, int count, MPI_Datatype type, int target, MPI_Aint,
                          int, MPI_Datatype, MPI_Op, MPI_Win win) noexcept {
  if (rc != MPI_SUCCESS) return;
  std::lock_guard lock(state().m);
  rma_op(call, win, target, kPut, R, "origin buffer", origin, count, type);
}
void after_MPI_Get(Call& call, int rc, void* origin, int count, MPI_Datatype type, int target, MPI_Aint, int,
                   MPI_Datatype, MPI_Win win) noexcept {
  if (rc != MPI_SUCCESS) return;
  std::lock_guard lock(state().m);
  rma_op(call, win, target, kGet, N, "origin buffer", origin, count, type);
}
void after_MPI_Get_accumulate(Call& call, int rc, const void* origin, int count, MPI_Datatype type, void* result,
                              int rcount, MPI_Datatype rtype, int target, MPI_Aint, int, MPI_Datatype, MPI_Op op,
                              MPI_Win win) noexcept {
  if (rc != MPI_SUCCESS) return;
  std::lock_guard lock(state().m);
  if (op != MPI_NO_OP) rma_op(call, win, target, kPut, R, "origin buffer", origin, count, type);
  rma_op(call, win, target, kGet, N, "result buffer", result, rcount, rtype);
}
void after_MPI_Fetch_and_op(Call& call, int rc, const void* origin, void* result, MPI_Datatype type, int target,
                            MPI_Aint, MPI_Op op, MPI_Win win) noexcept {
  if (rc != MPI_SUCCESS) return;
  std::lock_guard lock(state().m);
  if (op != MPI_NO_OP) rma_op(call, win, target, kPut, R, "origin buffer", origin, 1, type);
  rma_op(call, win, target, kGet, N, "result buffer", result, 1, type);
}
void after_MPI_Compare_and_swap(Call& call, int rc, const void* origin, const void* compare, void* result,
                                MPI_Datatype type, int target, MPI_Aint, MPI_Win win) noexcept {
  if (rc != MPI_SUCCESS) return;
  std::lock_guard lock(state().m);
  rma_op(call, win, target, kPut, R, "origin buffer", origin, 1, type);
  rma_op(call, win, target, kPut, R, "compare buffer", compare, 1, type);
  rma_op(call, win, target, kGet, N, "result buffer", result, 1, type);
}
// Request-based RMA: its request completes the operations at the origin too
// (§11.3.5). Operation 0 (nothing tracked) is skipped.
void by_request(State& s, MPI_Request* request, std::initializer_list<Op> ops) {
  if (!request || *request == MPI_REQUEST_NULL) return;
  std::vector<Op> tracked;
  for (Op o : ops)
    if (o) tracked.push_back(o);
  post(s, request, std::move(tracked));
}
void after_MPI_Rput(Call& call, int rc, const void* origin, int count, MPI_Datatype type, int target, MPI_Aint, int,
                    MPI_Datatype, MPI_Win win, MPI_Request* request) noexcept {
  if (rc != MPI_SUCCESS) return;
  State& s = state();
  std::lock_guard lock(s.m);
  by_request(s, request, {rma_op(call, win, target, kPut, R, "origin buffer", origin, count, type)});
}
void after_MPI_Rget(Call& call, int rc, void* origin, int count, MPI_Datatype type, int target, MPI_Aint, int,
                    MPI_Datatype, MPI_Win win, MPI_Request* request) noexcept {
  if (rc != MPI_SUCCESS) return;
  State& s = state();
  std::lock_guard lock(s.m);
  by_request(s, request, {rma_op(call, win, target, kGet, N, "origin buffer", origin, count, type)});
}
void after_MPI_Raccumulate(Call& call, int rc, const void* origin, int count, MPI_Datatype type, int target, MPI_Aint,
                           int, MPI_Datatype, MPI_Op, MPI_Win win, MPI_Request* request) noexcept {
  if (rc != MPI_SUCCESS) return;
  State& s = state();
  std::lock_guard lock(s.m);
  by_request(s, request, {rma_op(call, win, target, kPut, R, "origin buffer", origin, count, type)});
}
void after_MPI_Rget_accumulate(Call& call, int rc, const void* origin, int count, MPI_Datatype type, void* result,
                               int rcount, MPI_Datatype rtype, int target, MPI_Aint, int, MPI_Datatype, MPI_Op op,
                               MPI_Win win, MPI_Request* request) noexcept {
  if (rc != MPI_SUCCESS) return;
  State& s = state();
  std::lock_guard lock(s.m);
  const Op update = op != MPI_NO_OP ? rma_op(call, win, target, kPut, R, "origin buffer", origin, count, type) : 0;
  const Op fetch = rma_op(call, win, target, kGet, N, "result buffer", result, rcount, rtype);
  by_request(s, request, {update, fetch});
}

}  // namespace

// Completes the window's operations to `target` (all targets when -1).
void rma_completed(MPI_Win win, int target) {
  State& s = state();
  std::lock_guard lock(s.m);
  auto w = s.rma.find(key(win));
  if (w == s.rma.end()) return;
  for (auto it = w->second.begin(); it != w->second.end();) {
    if (target >= 0 && it->first != target) {
      ++it;
      continue;
    }
    for (Op op : it->second) complete(s, op);
    it = w->second.erase(it);
  }
}

namespace {
void after_MPI_Win_fence(Call&, int, int, MPI_Win win) noexcept { rma_completed(win, -1); }
void after_MPI_Win_unlock(Call&, int, int rank, MPI_Win win) noexcept { rma_completed(win, rank); }
void after_MPI_Win_unlock_all(Call&, int, MPI_Win win) noexcept { rma_completed(win, -1); }
void after_MPI_Win_flush(Call&, int, int rank, MPI_Win win) noexcept { rma_completed(win, rank); }
void after_MPI_Win_flush_all(Call&, int, MPI_Win win) noexcept { rma_completed(win, -1); }
// A local completion: the origin buffers of the operations to the target may
// be reused (MPI-3.1 §11.5.4), which is all the origin side tracks.
void after_MPI_Win_flush_local(Call&, int, int rank, MPI_Win win) noexcept { rma_completed(win, rank); }
void after_MPI_Win_flush_local_all(Call&, int, MPI_Win win) noexcept { rma_completed(win, -1); }
void after_MPI_Win_complete(Call&, int, MPI_Win win) noexcept { rma_completed(win, -1); }
void before_MPI_Win_free(Call&, MPI_Win* win) noexcept {
  if (!win) return;
  rma_completed(*win, -1);
  target_freeing(*win);
}
}  // namespace

std::optional<Persistent> persistent_request(std::uint64_t request) {
  std::lock_guard lock(state().m);
  auto it = persistent().find(request);
  if (it == persistent().end()) return std::nullopt;
  return it->second;
}

void register_hooks(interpose::Hooks& h) {
  h.after_MPI_Isend = after_MPI_Isend;
  h.after_MPI_Ibsend = after_MPI_Ibsend;
  h.after_MPI_Issend = after_MPI_Issend;
  h.after_MPI_Irsend = after_MPI_Irsend;
  h.after_MPI_Irecv = after_MPI_Irecv;
  h.after_MPI_Send_init = after_MPI_Send_init;
  h.after_MPI_Bsend_init = after_MPI_Bsend_init;
  h.after_MPI_Ssend_init = after_MPI_Ssend_init;
  h.after_MPI_Rsend_init = after_MPI_Rsend_init;
  h.after_MPI_Recv_init = after_MPI_Recv_init;
  h.after_MPI_Start = after_MPI_Start;
  h.after_MPI_Startall = after_MPI_Startall;
  h.before_MPI_Wait = before_MPI_Wait;
  h.after_MPI_Wait = after_MPI_Wait;
  h.before_MPI_Test = before_MPI_Test;
  h.after_MPI_Test = after_MPI_Test;
  h.after_MPI_Request_get_status = after_MPI_Request_get_status;
  h.before_MPI_Waitall = before_MPI_Waitall;
  h.after_MPI_Waitall = after_MPI_Waitall;
  h.before_MPI_Testall = before_MPI_Testall;
  h.after_MPI_Testall = after_MPI_Testall;
  h.before_MPI_Waitany = before_MPI_Waitany;
  h.after_MPI_Waitany = after_MPI_Waitany;
  h.before_MPI_Testany = before_MPI_Testany;
  h.after_MPI_Testany = after_MPI_Testany;
  h.before_MPI_Waitsome = before_MPI_Waitsome;
  h.after_MPI_Waitsome = after_MPI_Waitsome;
  h.before_MPI_Testsome = before_MPI_Testsome;
  h.after_MPI_Testsome = after_MPI_Testsome;
  h.before_MPI_Request_free = before_MPI_Request_free;
  h.after_MPI_Ibcast = after_MPI_Ibcast;
  h.after_MPI_Igather = after_MPI_Igather;
  h.after_MPI_Iscatter = after_MPI_Iscatter;
  h.after_MPI_Iallgather = after_MPI_Iallgather;
  h.after_MPI_Ialltoall = after_MPI_Ialltoall;
  h.after_MPI_Ireduce = after_MPI_Ireduce;
  h.after_MPI_Iallreduce = after_MPI_Iallreduce;
  h.after_MPI_Iscan = after_MPI_Iscan;
  h.after_MPI_Iexscan = after_MPI_Iexscan;
  h.after_MPI_Ireduce_scatter_block = after_MPI_Ireduce_scatter_block;
  h.after_MPI_Ireduce_scatter = after_MPI_Ireduce_scatter;
  h.after_MPI_Igatherv = after_MPI_Igatherv;
  h.after_MPI_Iscatterv = after_MPI_Iscatterv;
  h.after_MPI_Iallgatherv = after_MPI_Iallgatherv;
  h.after_MPI_Ialltoallv = after_MPI_Ialltoallv;
  h.after_MPI_Ialltoallw = after_MPI_Ialltoallw;
  h.after_MPI_Put = after_MPI_Put;
  h.after_MPI_Accumulate = after_MPI_Accumulate;
  h.after_MPI_Get = after_MPI_Get;
  h.after_MPI_Get_accumulate = after_MPI_Get_accumulate;
  h.after_MPI_Fetch_and_op = after_MPI_Fetch_and_op;
  h.after_MPI_Compare_and_swap = after_MPI_Compare_and_swap;
  h.after_MPI_Rput = after_MPI_Rput;
  h.after_MPI_Rget = after_MPI_Rget;
  h.after_MPI_Raccumulate = after_MPI_Raccumulate;
  h.after_MPI_Rget_accumulate = after_MPI_Rget_accumulate;
  h.after_MPI_Win_fence = after_MPI_Win_fence;
  h.after_MPI_Win_unlock = after_MPI_Win_unlock;
  h.after_MPI_Win_unlock_all = after_MPI_Win_unlock_all;
  h.after_MPI_Win_flush = after_MPI_Win_flush;
  h.after_MPI_Win_flush_all = after_MPI_Win_flush_all;
  h.after_MPI_Win_flush_local = after_MPI_Win_flush_local;
  h.after_MPI_Win_flush_local_all = after_MPI_Win_flush_local_all;
  h.after_MPI_Win_complete = after_MPI_Win_complete;
  h.before_MPI_Win_free = before_MPI_Win_free;
  register_target_hooks(h);
}

}  // namespace assay::llvmrt
