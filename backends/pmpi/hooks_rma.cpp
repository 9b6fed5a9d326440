// Hooks of the one-sided family: windows, epochs and operations, fed to the
// core's RmaSync (epoch and lifecycle checks, bounds, same-origin conflicts).
// Synchronisation calls are announced before the PMPI call so that misuse MPI
// answers by aborting (unlock without lock, ...) is reported first.
#include "hooks.hpp"

namespace assay::pmpi {
namespace {

using core::RmaAccessKind;

core::RmaSync& rma() { return state().rma; }

// Each rank's (size, disp_unit), gathered at creation on the shadow of the
// window's communicator (or the communicator itself, whose members are all in
// this very call).
void created(const Call& call, int rc, MPI_Comm comm, MPI_Aint size, int disp_unit, MPI_Win* win,
             bool dynamic) {
  if (rc != MPI_SUCCESS || !win || *win == MPI_WIN_NULL) return;
  int n = 0, me = 0;
  PMPI_Comm_size(comm, &n);
  PMPI_Comm_rank(comm, &me);
  std::vector<core::WindowTarget> targets;
  if (!dynamic) {
    Shadow* s = shadow_of(comm);
    std::uint64_t mine[2] = {static_cast<std::uint64_t>(size), static_cast<std::uint64_t>(disp_unit)};
    std::vector<std::uint64_t> all(2 * static_cast<std::size_t>(n));
    PMPI_Allgather(mine, 2, MPI_UINT64_T, all.data(), 2, MPI_UINT64_T, s ? s->comm : comm);
    for (int r = 0; r < n; ++r)
      targets.push_back({all[2 * static_cast<std::size_t>(r)], all[2 * static_cast<std::size_t>(r) + 1]});
  }
  rma().created(key(*win), call.site(), me, std::move(targets));
}

std::int32_t op_code(MPI_Op op) {
  static const MPI_Op predefined[] = {MPI_MAX, MPI_MIN, MPI_SUM, MPI_PROD, MPI_LAND, MPI_BAND,
                                      MPI_LOR, MPI_BOR, MPI_LXOR, MPI_BXOR, MPI_MAXLOC,
                                      MPI_MINLOC, MPI_REPLACE, MPI_NO_OP};
  for (std::int32_t i = 0; i < static_cast<std::int32_t>(sizeof predefined / sizeof predefined[0]); ++i)
    if (predefined[i] == op) return i + 1;
  return -2;
}

// pre: an operation on target_rank's part of win: epoch, bounds, conflicts.
void operation(const Call& call, RmaAccessKind kind, MPI_Op op, int target, MPI_Aint disp,
               int count, MPI_Datatype type, MPI_Win win) {
  if (target == MPI_PROC_NULL) return;
  if (kind == RmaAccessKind::accumulate && op == MPI_NO_OP) kind = RmaAccessKind::read;  // atomic read
  core::RmaOperation o;
  o.access.kind = kind;
  o.access.site = call.site();
  if (kind == RmaAccessKind::accumulate) {
    o.access.op = op_code(op);
    o.access.type = basic_code(type);
  }
  o.target = target;
  o.target_disp = disp;
  o.target_bytes = extent_bytes(count, type);
  rma().operation(key(win), o);
}

unsigned fence_asserts(int assert) {
  unsigned a = 0;
  if (assert & MPI_MODE_NOPRECEDE) a |= core::no_precede;
  if (assert & MPI_MODE_NOSUCCEED) a |= core::no_succeed;
  if (assert & MPI_MODE_NOSTORE) a |= core::no_store;
  if (assert & MPI_MODE_NOPUT) a |= core::no_put;
  return a;
}

}  // namespace

void pre_MPI_Win_create(Call&, void*, MPI_Aint, int, MPI_Info, MPI_Comm, MPI_Win*) noexcept {}
void post_MPI_Win_create(Call& call, int rc, void*, MPI_Aint size, int disp_unit, MPI_Info,
                         MPI_Comm comm, MPI_Win* win) noexcept {
  created(call, rc, comm, size, disp_unit, win, false);
}
void pre_MPI_Win_allocate(Call&, MPI_Aint, int, MPI_Info, MPI_Comm, void*, MPI_Win*) noexcept {}
void post_MPI_Win_allocate(Call& call, int rc, MPI_Aint size, int disp_unit, MPI_Info,
                           MPI_Comm comm, void*, MPI_Win* win) noexcept {
  created(call, rc, comm, size, disp_unit, win, false);
}
void pre_MPI_Win_allocate_shared(Call&, MPI_Aint, int, MPI_Info, MPI_Comm, void*, MPI_Win*) noexcept {}
void post_MPI_Win_allocate_shared(Call& call, int rc, MPI_Aint size, int disp_unit, MPI_Info,
                                  MPI_Comm comm, void*, MPI_Win* win) noexcept {
  created(call, rc, comm, size, disp_unit, win, false);
}
void pre_MPI_Win_create_dynamic(Call&, MPI_Info, MPI_Comm, MPI_Win*) noexcept {}
void post_MPI_Win_create_dynamic(Call& call, int rc, MPI_Info, MPI_Comm comm, MPI_Win* win) noexcept {
  created(call, rc, comm, 0, 1, win, true);
}
void pre_MPI_Win_free(Call& call, MPI_Win* win) noexcept {
  if (win) rma().freed(key(*win), call.site());
}
void post_MPI_Win_free(Call&, int, MPI_Win*) noexcept {}

void pre_MPI_Win_fence(Call& call, int assert, MPI_Win win) noexcept {
  rma().fence(key(win), fence_asserts(assert), call.site());
}
void post_MPI_Win_fence(Call&, int, int, MPI_Win) noexcept {}
void pre_MPI_Win_lock(Call& call, int, int rank, int, MPI_Win win) noexcept {
  rma().lock(key(win), rank, call.site());
}
void post_MPI_Win_lock(Call&, int, int, int, int, MPI_Win) noexcept {}
void pre_MPI_Win_unlock(Call& call, int rank, MPI_Win win) noexcept {
  rma().unlock(key(win), rank, call.site());
}
void post_MPI_Win_unlock(Call&, int, int, MPI_Win) noexcept {}
void pre_MPI_Win_lock_all(Call& call, int, MPI_Win win) noexcept {
  rma().lock_all(key(win), call.site());
}
void post_MPI_Win_lock_all(Call&, int, int, MPI_Win) noexcept {}
void pre_MPI_Win_unlock_all(Call& call, MPI_Win win) noexcept {
  rma().unlock_all(key(win), call.site());
}
void post_MPI_Win_unlock_all(Call&, int, MPI_Win) noexcept {}
void pre_MPI_Win_flush(Call& call, int rank, MPI_Win win) noexcept {
  rma().flush(key(win), rank, call.site());
}
void post_MPI_Win_flush(Call&, int, int, MPI_Win) noexcept {}
void pre_MPI_Win_flush_all(Call& call, MPI_Win win) noexcept {
  rma().flush(key(win), std::nullopt, call.site());
}
void post_MPI_Win_flush_all(Call&, int, MPI_Win) noexcept {}
void pre_MPI_Win_start(Call& call, MPI_Group, int, MPI_Win win) noexcept {
  rma().start(key(win), call.site());
}
void post_MPI_Win_start(Call&, int, MPI_Group, int, MPI_Win) noexcept {}
void pre_MPI_Win_complete(Call& call, MPI_Win win) noexcept {
  rma().complete(key(win), call.site());
}
void post_MPI_Win_complete(Call&, int, MPI_Win) noexcept {}
void pre_MPI_Win_post(Call& call, MPI_Group, int, MPI_Win win) noexcept {
  rma().post(key(win), call.site());
}
void post_MPI_Win_post(Call&, int, MPI_Group, int, MPI_Win) noexcept {}
void pre_MPI_Win_wait(Call& call, MPI_Win win) noexcept { rma().wait(key(win), call.site()); }
void post_MPI_Win_wait(Call&, int, MPI_Win) noexcept {}
// MPI_Win_test ends the exposure epoch only when it sets flag.
void pre_MPI_Win_test(Call&, MPI_Win, int*) noexcept {}
void post_MPI_Win_test(Call& call, int rc, MPI_Win win, int* flag) noexcept {
  if (rc == MPI_SUCCESS && *flag) rma().wait(key(win), call.site());
}

void pre_MPI_Put(Call& call, const void*, int, MPI_Datatype, int target, MPI_Aint disp, int count,
                 MPI_Datatype type, MPI_Win win) noexcept {
  operation(call, RmaAccessKind::write, MPI_OP_NULL, target, disp, count, type, win);
}
void post_MPI_Put(Call&, int, const void*, int, MPI_Datatype, int, MPI_Aint, int, MPI_Datatype, MPI_Win) noexcept {}
void pre_MPI_Get(Call& call, void*, int, MPI_Datatype, int target, MPI_Aint disp, int count,
                 MPI_Datatype type, MPI_Win win) noexcept {
  operation(call, RmaAccessKind::read, MPI_OP_NULL, target, disp, count, type, win);
}
void post_MPI_Get(Call&, int, void*, int, MPI_Datatype, int, MPI_Aint, int, MPI_Datatype, MPI_Win) noexcept {}
void pre_MPI_Accumulate(Call& call, const void*, int, MPI_Datatype, int target, MPI_Aint disp,
                        int count, MPI_Datatype type, MPI_Op op, MPI_Win win) noexcept {
  operation(call, RmaAccessKind::accumulate, op, target, disp, count, type, win);
}
void post_MPI_Accumulate(Call&, int, const void*, int, MPI_Datatype, int, MPI_Aint, int,
                         MPI_Datatype, MPI_Op, MPI_Win) noexcept {}
void pre_MPI_Get_accumulate(Call& call, const void*, int, MPI_Datatype, void*, int, MPI_Datatype,
                            int target, MPI_Aint disp, int count, MPI_Datatype type, MPI_Op op,
                            MPI_Win win) noexcept {
  operation(call, RmaAccessKind::accumulate, op, target, disp, count, type, win);
}
void post_MPI_Get_accumulate(Call&, int, const void*, int, MPI_Datatype, void*, int, MPI_Datatype,
                             int, MPI_Aint, int, MPI_Datatype, MPI_Op, MPI_Win) noexcept {}
void pre_MPI_Fetch_and_op(Call& call, const void*, void*, MPI_Datatype type, int target,
                          MPI_Aint disp, MPI_Op op, MPI_Win win) noexcept {
  operation(call, RmaAccessKind::accumulate, op, target, disp, 1, type, win);
}
void post_MPI_Fetch_and_op(Call&, int, const void*, void*, MPI_Datatype, int, MPI_Aint, MPI_Op, MPI_Win) noexcept {}
void pre_MPI_Compare_and_swap(Call& call, const void*, const void*, void*, MPI_Datatype type,
                              int target, MPI_Aint disp, MPI_Win win) noexcept {
  // An atomic read-modify-write: compatible with itself like accumulate with one op.
  operation(call, RmaAccessKind::accumulate, MPI_REPLACE, target, disp, 1, type, win);
}
void post_MPI_Compare_and_swap(Call&, int, const void*, const void*, void*, MPI_Datatype, int,
                               MPI_Aint, MPI_Win) noexcept {}
void pre_MPI_Rput(Call& call, const void*, int, MPI_Datatype, int target, MPI_Aint disp, int count,
                  MPI_Datatype type, MPI_Win win, MPI_Request*) noexcept {
  operation(call, RmaAccessKind::write, MPI_OP_NULL, target, disp, count, type, win);
}
void post_MPI_Rput(Call& call, int rc, const void*, int, MPI_Datatype, int, MPI_Aint, int,
                   MPI_Datatype, MPI_Win, MPI_Request* request) noexcept {
  if (rc == MPI_SUCCESS && request && *request != MPI_REQUEST_NULL)
    state().requests.created(key(*request), request, core::RequestKind::rma, false, call.site());
}
void pre_MPI_Rget(Call& call, void*, int, MPI_Datatype, int target, MPI_Aint disp, int count,
                  MPI_Datatype type, MPI_Win win, MPI_Request*) noexcept {
  operation(call, RmaAccessKind::read, MPI_OP_NULL, target, disp, count, type, win);
}
void post_MPI_Rget(Call& call, int rc, void*, int, MPI_Datatype, int, MPI_Aint, int, MPI_Datatype,
                   MPI_Win, MPI_Request* request) noexcept {
  if (rc == MPI_SUCCESS && request && *request != MPI_REQUEST_NULL)
    state().requests.created(key(*request), request, core::RequestKind::rma, false, call.site());
}

void finalize_rma(const Call&) { rma().finalize(); }

}  // namespace assay::pmpi
