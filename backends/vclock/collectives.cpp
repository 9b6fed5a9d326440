// Collectives as ordering edges, by their semantics: after the program's
// collective, the clocks are combined on the communicator's shadow —
// barrier, all-to-all kinds and reductions to all join every member's clock
// (an MPI_Allreduce with MPI_MAX), bcast and scatter bring the root's clock
// to the others, reduce and gather bring all clocks to the root, scan and
// exscan bring the lower ranks' clocks. A nonblocking collective starts its
// exchange (an MPI_Iallreduce joining all, a safe over-approximation) when it
// starts and joins it when the program completes it. Communicators get their
// shadow where the program creates them (collectively). Blocking collectives
// are completed as their nonblocking forms, which the deadlock watchdog polls.
#include "vclock.hpp"

namespace assay::vclock {
namespace {

MPI_Comm shadow_of(MPI_Comm comm) {
  const interpose::Shadow* s = state().shadows.of(comm);
  return s ? s->comm : MPI_COMM_NULL;
}

std::vector<std::uint32_t> ticked() {
  State& s = state();
  s.clock.tick(static_cast<std::size_t>(s.rank));
  return s.clock.entries();
}

void join(const std::vector<std::uint32_t>& t) {
  State& s = state();
  core::VectorClock other;
  other.assign(t.data(), t.size());
  s.clock.join(other);
  s.clock.tick(static_cast<std::size_t>(s.rank));
}

int n() { return state().size; }

void join_all(MPI_Comm comm) {
  MPI_Comm sh = shadow_of(comm);
  if (sh == MPI_COMM_NULL) return;
  auto t = ticked();
  PMPI_Allreduce(MPI_IN_PLACE, t.data(), n(), MPI_UNSIGNED, MPI_MAX, sh);
  join(t);
}

void from_root(MPI_Comm comm, int root) {
  MPI_Comm sh = shadow_of(comm);
  if (sh == MPI_COMM_NULL) return;
  auto t = ticked();
  PMPI_Bcast(t.data(), n(), MPI_UNSIGNED, root, sh);
  join(t);
}

void to_root(MPI_Comm comm, int root) {
  MPI_Comm sh = shadow_of(comm);
  if (sh == MPI_COMM_NULL) return;
  auto t = ticked();
  std::vector<std::uint32_t> out(t.size());
  PMPI_Reduce(t.data(), out.data(), n(), MPI_UNSIGNED, MPI_MAX, root, sh);
  int me = 0;
  PMPI_Comm_rank(sh, &me);
  if (me == root) join(out);
}

void prefix(MPI_Comm comm, bool exclusive) {
  MPI_Comm sh = shadow_of(comm);
  if (sh == MPI_COMM_NULL) return;
  auto t = ticked();
  std::vector<std::uint32_t> out(t.size(), 0);
  if (exclusive) PMPI_Exscan(t.data(), out.data(), n(), MPI_UNSIGNED, MPI_MAX, sh);
  else PMPI_Scan(t.data(), out.data(), n(), MPI_UNSIGNED, MPI_MAX, sh);
  int me = 0;
  PMPI_Comm_rank(sh, &me);
  if (!exclusive || me > 0) join(out);
}

// A nonblocking collective: its exchange starts now, in the program's order.
void start_exchange(MPI_Comm comm, MPI_Request* request) {
  MPI_Comm sh = shadow_of(comm);
  if (sh == MPI_COMM_NULL || !request || *request == MPI_REQUEST_NULL) return;
  RequestInfo info;
  info.kind = RequestInfo::Kind::collective;
  info.comm = comm;
  info.clock_buffer = ticked();
  auto& stored = state().requests[interpose::key(*request)] = std::move(info);
  PMPI_Iallreduce(MPI_IN_PLACE, stored.clock_buffer.data(), n(), MPI_UNSIGNED, MPI_MAX, sh, &stored.clock_exchange);
}

void created(MPI_Comm* newcomm) {
  if (newcomm && *newcomm != MPI_COMM_NULL) state().shadows.add(*newcomm);
}

// A blocking collective, started as its nonblocking form and polled, so that a
// rank blocked in it is one the watchdog sees: it waits for every member, as a
// correct program must allow any collective to synchronise (MPI-3.1 §5.14).
template <class Start>
int watched(Call& call, MPI_Comm comm, Start start) {
  MPI_Request r;
  int rc = start(&r);
  if (rc != MPI_SUCCESS) return rc;
  std::vector<core::Wait> waits;
  if (state().shadows.of(comm)) waits.push_back(core::Wait{core::WaitKind::collective, -1, -1, comm_id(comm), members(comm)});
  poll(call, std::move(waits), [&] {
    int flag = 0;
    rc = PMPI_Test(&r, &flag, MPI_STATUS_IGNORE);
    return flag != 0 || rc != MPI_SUCCESS;
  });
  return rc;
}

}  // namespace

void complete_collective(RequestInfo& info) {
  if (info.clock_exchange == MPI_REQUEST_NULL) return;
  PMPI_Wait(&info.clock_exchange, MPI_STATUS_IGNORE);
  join(info.clock_buffer);
}

void register_collectives(interpose::Hooks& h) {
  h.after_MPI_Comm_dup = [](Call&, int rc, MPI_Comm, MPI_Comm* c) noexcept { if (rc == MPI_SUCCESS) created(c); };
  h.after_MPI_Comm_split = [](Call&, int rc, MPI_Comm, int, int, MPI_Comm* c) noexcept { if (rc == MPI_SUCCESS) created(c); };
  h.after_MPI_Comm_split_type = [](Call&, int rc, MPI_Comm, int, int, MPI_Info, MPI_Comm* c) noexcept { if (rc == MPI_SUCCESS) created(c); };
  h.after_MPI_Comm_create = [](Call&, int rc, MPI_Comm, MPI_Group, MPI_Comm* c) noexcept { if (rc == MPI_SUCCESS) created(c); };
  h.after_MPI_Cart_create = [](Call&, int rc, MPI_Comm, int, const int*, const int*, int, MPI_Comm* c) noexcept { if (rc == MPI_SUCCESS) created(c); };
  h.after_MPI_Comm_dup_with_info = [](Call&, int rc, MPI_Comm, MPI_Info, MPI_Comm* c) noexcept { if (rc == MPI_SUCCESS) created(c); };
  h.after_MPI_Comm_create_group = [](Call&, int rc, MPI_Comm, MPI_Group, int, MPI_Comm* c) noexcept { if (rc == MPI_SUCCESS) created(c); };
  h.after_MPI_Cart_sub = [](Call&, int rc, MPI_Comm, const int*, MPI_Comm* c) noexcept { if (rc == MPI_SUCCESS) created(c); };
  h.after_MPI_Graph_create = [](Call&, int rc, MPI_Comm, int, const int*, const int*, int, MPI_Comm* c) noexcept { if (rc == MPI_SUCCESS) created(c); };
  h.after_MPI_Dist_graph_create_adjacent = [](Call&, int rc, MPI_Comm, int, const int*, const int*, int, const int*, const int*, MPI_Info, int, MPI_Comm* c) noexcept { if (rc == MPI_SUCCESS) created(c); };
  h.after_MPI_Dist_graph_create = [](Call&, int rc, MPI_Comm, int, const int*, const int*, const int*, const int*, MPI_Info, int, MPI_Comm* c) noexcept { if (rc == MPI_SUCCESS) created(c); };
  h.after_MPI_Intercomm_merge = [](Call&, int rc, MPI_Comm, int, MPI_Comm* c) noexcept { if (rc == MPI_SUCCESS) created(c); };
  h.before_MPI_Comm_free = [](Call&, MPI_Comm* c) noexcept { if (c) state().shadows.drop(*c); };

  // Every blocking collective is watched (a rank blocked in it waits for every
  // member); its clocks are combined after it, below.
  h.instead_MPI_Barrier = [](Call& call, MPI_Comm comm) noexcept {
    const int rc = watched(call, comm, [&](MPI_Request* r) { return PMPI_Ibarrier(comm, r); });
    if (rc == MPI_SUCCESS) join_all(comm);
    return rc;
  };
  h.instead_MPI_Bcast = [](Call& call, void* b, int n, MPI_Datatype t, int root, MPI_Comm comm) noexcept {
    return watched(call, comm, [&](MPI_Request* r) { return PMPI_Ibcast(b, n, t, root, comm, r); });
  };
  h.instead_MPI_Scatter = [](Call& call, const void* sb, int sn, MPI_Datatype st, void* rb, int rn, MPI_Datatype rt, int root, MPI_Comm comm) noexcept {
    return watched(call, comm, [&](MPI_Request* r) { return PMPI_Iscatter(sb, sn, st, rb, rn, rt, root, comm, r); });
  };
  h.instead_MPI_Scatterv = [](Call& call, const void* sb, const int* sn, const int* sd, MPI_Datatype st, void* rb, int rn, MPI_Datatype rt, int root, MPI_Comm comm) noexcept {
    return watched(call, comm, [&](MPI_Request* r) { return PMPI_Iscatterv(sb, sn, sd, st, rb, rn, rt, root, comm, r); });
  };
  h.instead_MPI_Gather = [](Call& call, const void* sb, int sn, MPI_Datatype st, void* rb, int rn, MPI_Datatype rt, int root, MPI_Comm comm) noexcept {
    return watched(call, comm, [&](MPI_Request* r) { return PMPI_Igather(sb, sn, st, rb, rn, rt, root, comm, r); });
  };
  h.instead_MPI_Gatherv = [](Call& call, const void* sb, int sn, MPI_Datatype st, void* rb, const int* rn, const int* rd, MPI_Datatype rt, int root, MPI_Comm comm) noexcept {
    return watched(call, comm, [&](MPI_Request* r) { return PMPI_Igatherv(sb, sn, st, rb, rn, rd, rt, root, comm, r); });
  };
  h.instead_MPI_Reduce = [](Call& call, const void* sb, void* rb, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm comm) noexcept {
    return watched(call, comm, [&](MPI_Request* r) { return PMPI_Ireduce(sb, rb, n, t, op, root, comm, r); });
  };
  h.instead_MPI_Allgather = [](Call& call, const void* sb, int sn, MPI_Datatype st, void* rb, int rn, MPI_Datatype rt, MPI_Comm comm) noexcept {
    return watched(call, comm, [&](MPI_Request* r) { return PMPI_Iallgather(sb, sn, st, rb, rn, rt, comm, r); });
  };
  h.instead_MPI_Allgatherv = [](Call& call, const void* sb, int sn, MPI_Datatype st, void* rb, const int* rn, const int* rd, MPI_Datatype rt, MPI_Comm comm) noexcept {
    return watched(call, comm, [&](MPI_Request* r) { return PMPI_Iallgatherv(sb, sn, st, rb, rn, rd, rt, comm, r); });
  };
  h.instead_MPI_Alltoall = [](Call& call, const void* sb, int sn, MPI_Datatype st, void* rb, int rn, MPI_Datatype rt, MPI_Comm comm) noexcept {
    return watched(call, comm, [&](MPI_Request* r) { return PMPI_Ialltoall(sb, sn, st, rb, rn, rt, comm, r); });
  };
  h.instead_MPI_Alltoallv = [](Call& call, const void* sb, const int* sn, const int* sd, MPI_Datatype st, void* rb, const int* rn, const int* rd, MPI_Datatype rt, MPI_Comm comm) noexcept {
    return watched(call, comm, [&](MPI_Request* r) { return PMPI_Ialltoallv(sb, sn, sd, st, rb, rn, rd, rt, comm, r); });
  };
  h.instead_MPI_Alltoallw = [](Call& call, const void* sb, const int* sn, const int* sd, const MPI_Datatype* st, void* rb, const int* rn, const int* rd, const MPI_Datatype* rt, MPI_Comm comm) noexcept {
    return watched(call, comm, [&](MPI_Request* r) { return PMPI_Ialltoallw(sb, sn, sd, st, rb, rn, rd, rt, comm, r); });
  };
  h.instead_MPI_Allreduce = [](Call& call, const void* sb, void* rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm comm) noexcept {
    return watched(call, comm, [&](MPI_Request* r) { return PMPI_Iallreduce(sb, rb, n, t, op, comm, r); });
  };
  h.instead_MPI_Reduce_scatter = [](Call& call, const void* sb, void* rb, const int* rn, MPI_Datatype t, MPI_Op op, MPI_Comm comm) noexcept {
    return watched(call, comm, [&](MPI_Request* r) { return PMPI_Ireduce_scatter(sb, rb, rn, t, op, comm, r); });
  };
  h.instead_MPI_Reduce_scatter_block = [](Call& call, const void* sb, void* rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm comm) noexcept {
    return watched(call, comm, [&](MPI_Request* r) { return PMPI_Ireduce_scatter_block(sb, rb, n, t, op, comm, r); });
  };
  h.instead_MPI_Scan = [](Call& call, const void* sb, void* rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm comm) noexcept {
    return watched(call, comm, [&](MPI_Request* r) { return PMPI_Iscan(sb, rb, n, t, op, comm, r); });
  };
  h.instead_MPI_Exscan = [](Call& call, const void* sb, void* rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm comm) noexcept {
    return watched(call, comm, [&](MPI_Request* r) { return PMPI_Iexscan(sb, rb, n, t, op, comm, r); });
  };
  h.after_MPI_Bcast = [](Call&, int rc, void*, int, MPI_Datatype, int root, MPI_Comm comm) noexcept { if (rc == MPI_SUCCESS) from_root(comm, root); };
  h.after_MPI_Scatter = [](Call&, int rc, const void*, int, MPI_Datatype, void*, int, MPI_Datatype, int root, MPI_Comm comm) noexcept { if (rc == MPI_SUCCESS) from_root(comm, root); };
  h.after_MPI_Scatterv = [](Call&, int rc, const void*, const int*, const int*, MPI_Datatype, void*, int, MPI_Datatype, int root, MPI_Comm comm) noexcept { if (rc == MPI_SUCCESS) from_root(comm, root); };
  h.after_MPI_Gather = [](Call&, int rc, const void*, int, MPI_Datatype, void*, int, MPI_Datatype, int root, MPI_Comm comm) noexcept { if (rc == MPI_SUCCESS) to_root(comm, root); };
  h.after_MPI_Gatherv = [](Call&, int rc, const void*, int, MPI_Datatype, void*, const int*, const int*, MPI_Datatype, int root, MPI_Comm comm) noexcept { if (rc == MPI_SUCCESS) to_root(comm, root); };
  h.after_MPI_Reduce = [](Call&, int rc, const void*, void*, int, MPI_Datatype, MPI_Op, int root, MPI_Comm comm) noexcept { if (rc == MPI_SUCCESS) to_root(comm, root); };
  h.after_MPI_Allgather = [](Call&, int rc, const void*, int, MPI_Datatype, void*, int, MPI_Datatype, MPI_Comm comm) noexcept { if (rc == MPI_SUCCESS) join_all(comm); };
  h.after_MPI_Allgatherv = [](Call&, int rc, const void*, int, MPI_Datatype, void*, const int*, const int*, MPI_Datatype, MPI_Comm comm) noexcept { if (rc == MPI_SUCCESS) join_all(comm); };
  h.after_MPI_Alltoall = [](Call&, int rc, const void*, int, MPI_Datatype, void*, int, MPI_Datatype, MPI_Comm comm) noexcept { if (rc == MPI_SUCCESS) join_all(comm); };
  h.after_MPI_Alltoallv = [](Call&, int rc, const void*, const int*, const int*, MPI_Datatype, void*, const int*, const int*, MPI_Datatype, MPI_Comm comm) noexcept { if (rc == MPI_SUCCESS) join_all(comm); };
  h.after_MPI_Alltoallw = [](Call&, int rc, const void*, const int*, const int*, const MPI_Datatype*, void*, const int*, const int*, const MPI_Datatype*, MPI_Comm comm) noexcept { if (rc == MPI_SUCCESS) join_all(comm); };
  h.after_MPI_Allreduce = [](Call&, int rc, const void*, void*, int, MPI_Datatype, MPI_Op, MPI_Comm comm) noexcept { if (rc == MPI_SUCCESS) join_all(comm); };
  h.after_MPI_Reduce_scatter = [](Call&, int rc, const void*, void*, const int*, MPI_Datatype, MPI_Op, MPI_Comm comm) noexcept { if (rc == MPI_SUCCESS) join_all(comm); };
  h.after_MPI_Reduce_scatter_block = [](Call&, int rc, const void*, void*, int, MPI_Datatype, MPI_Op, MPI_Comm comm) noexcept { if (rc == MPI_SUCCESS) join_all(comm); };
  h.after_MPI_Scan = [](Call&, int rc, const void*, void*, int, MPI_Datatype, MPI_Op, MPI_Comm comm) noexcept { if (rc == MPI_SUCCESS) prefix(comm, false); };
  h.after_MPI_Exscan = [](Call&, int rc, const void*, void*, int, MPI_Datatype, MPI_Op, MPI_Comm comm) noexcept { if (rc == MPI_SUCCESS) prefix(comm, true); };

  // Nonblocking collectives: the exchange starts before the program's own
  // operation (so ranks start them in one order) and is joined at completion.
  h.after_MPI_Ibarrier = [](Call&, int rc, MPI_Comm comm, MPI_Request* r) noexcept { if (rc == MPI_SUCCESS) start_exchange(comm, r); };
  h.after_MPI_Ibcast = [](Call&, int rc, void*, int, MPI_Datatype, int, MPI_Comm comm, MPI_Request* r) noexcept { if (rc == MPI_SUCCESS) start_exchange(comm, r); };
  h.after_MPI_Igather = [](Call&, int rc, const void*, int, MPI_Datatype, void*, int, MPI_Datatype, int, MPI_Comm comm, MPI_Request* r) noexcept { if (rc == MPI_SUCCESS) start_exchange(comm, r); };
  h.after_MPI_Iscatter = [](Call&, int rc, const void*, int, MPI_Datatype, void*, int, MPI_Datatype, int, MPI_Comm comm, MPI_Request* r) noexcept { if (rc == MPI_SUCCESS) start_exchange(comm, r); };
  h.after_MPI_Iallgather = [](Call&, int rc, const void*, int, MPI_Datatype, void*, int, MPI_Datatype, MPI_Comm comm, MPI_Request* r) noexcept { if (rc == MPI_SUCCESS) start_exchange(comm, r); };
  h.after_MPI_Ialltoall = [](Call&, int rc, const void*, int, MPI_Datatype, void*, int, MPI_Datatype, MPI_Comm comm, MPI_Request* r) noexcept { if (rc == MPI_SUCCESS) start_exchange(comm, r); };
  h.after_MPI_Ireduce = [](Call&, int rc, const void*, void*, int, MPI_Datatype, MPI_Op, int, MPI_Comm comm, MPI_Request* r) noexcept { if (rc == MPI_SUCCESS) start_exchange(comm, r); };
  h.after_MPI_Iallreduce = [](Call&, int rc, const void*, void*, int, MPI_Datatype, MPI_Op, MPI_Comm comm, MPI_Request* r) noexcept { if (rc == MPI_SUCCESS) start_exchange(comm, r); };
  h.after_MPI_Iscan = [](Call&, int rc, const void*, void*, int, MPI_Datatype, MPI_Op, MPI_Comm comm, MPI_Request* r) noexcept { if (rc == MPI_SUCCESS) start_exchange(comm, r); };
  h.after_MPI_Iexscan = [](Call&, int rc, const void*, void*, int, MPI_Datatype, MPI_Op, MPI_Comm comm, MPI_Request* r) noexcept { if (rc == MPI_SUCCESS) start_exchange(comm, r); };
}

}  // namespace assay::vclock
