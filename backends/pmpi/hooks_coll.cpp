// Hooks of the collective family. Before every collective each rank
// contributes a fixed-size descriptor (kind, root, op, type signature, call
// site) to one MPI_Allgather on the communicator's shadow. Every rank makes
// exactly one such exchange per collective call, whichever collective it is, so
// the check pairs the n-th collective of every rank and never waits for a call
// the application does not make itself; ranks whose n-th collectives differ
// see it in the descriptors. MPI_Comm_free and MPI_Finalize take part as
// pseudo-collectives, so a collective some ranks skip meets one of them.
#include <algorithm>
#include <cctype>
#include <string>

#include "hooks.hpp"

#include "assay/core/collectives.hpp"

namespace assay::pmpi {
namespace {

using core::CollDescriptor;
using core::CollKind;

std::string call_name(const CollDescriptor& d) {
  if (d.kind == CollKind::finalize) return "MPI_Finalize";
  std::string base(core::name(d.kind));
  if (!d.nonblocking) return "MPI_" + base;
  base[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(base[0])));
  return "MPI_I" + base;
}

std::string describe(const CollDescriptor& d) {
  std::string s = call_name(d);
  if (d.root != core::no_root) s += " with root " + std::to_string(d.root);
  if (d.op >= 0) s += ", op #" + std::to_string(d.op);
  if (d.has_signature) s += ", " + std::to_string(d.signature_elements) + " elements";
  return s;
}

std::int32_t op_code(MPI_Op op) {
  static const MPI_Op predefined[] = {MPI_MAX, MPI_MIN, MPI_SUM, MPI_PROD, MPI_LAND, MPI_BAND,
                                      MPI_LOR, MPI_BOR, MPI_LXOR, MPI_BXOR, MPI_MAXLOC,
                                      MPI_MINLOC, MPI_REPLACE, MPI_NO_OP};
  for (std::int32_t i = 0; i < static_cast<std::int32_t>(sizeof predefined / sizeof predefined[0]); ++i)
    if (predefined[i] == op) return i + 1;
  return core::user_op;
}

void set_signature(CollDescriptor& d, int count, MPI_Datatype type) {
  if (auto sig = signature(count, type)) {
    d.has_signature = 1;
    d.signature_hash = sig->hash();
    d.signature_elements = sig->elements();
  }
}

CollDescriptor descriptor(CollKind kind, bool nonblocking, int root = core::no_root,
                          MPI_Op op = MPI_OP_NULL) {
  CollDescriptor d;
  d.kind = kind;
  d.nonblocking = nonblocking ? 1 : 0;
  d.root = root;
  d.op = op == MPI_OP_NULL ? core::no_op : op_code(op);
  return d;
}

int comm_rank(MPI_Comm comm) {
  int r = 0;
  PMPI_Comm_rank(comm, &r);
  return r;
}

void check(const Call& call, MPI_Comm comm, CollDescriptor d) {
  Shadow* s = shadow_of(comm);
  if (!s || !s->aligned) return;
  int size = 0, me = 0;
  PMPI_Comm_size(s->comm, &size);
  PMPI_Comm_rank(s->comm, &me);
  if (size < 2) return;
  d.site_offset = encode_site(reinterpret_cast<std::uintptr_t>(call.pc));
  std::vector<CollDescriptor> all(static_cast<std::size_t>(size));
  const int bytes = static_cast<int>(sizeof d);
  if (PMPI_Allgather(&d, bytes, MPI_BYTE, all.data(), bytes, MPI_BYTE, s->comm) != MPI_SUCCESS) return;
  if (!core::kinds_agree(all)) s->aligned = false;  // later checks would pair unrelated calls
  auto mismatch = core::compare(all, me);
  if (!mismatch) return;
  const CollDescriptor& ref = all[static_cast<std::size_t>(mismatch->reference_rank)];
  const int ref_world = world_rank_of(comm, mismatch->reference_rank);
  core::Site mine = call.site();
  core::Site theirs{call_name(ref), ref_world, decode_site(ref.site_offset)};
  State::report({mismatch->cls,
                 "rank " + std::to_string(state().rank) + " calls " + describe(d) + " where rank " +
                     std::to_string(ref_world) + " calls " + describe(ref),
                 {core::call(mine), core::call(theirs)}});
}

// pre: root is a rank of comm — reported before MPI aborts on it.
void check_root(const Call& call, int root, MPI_Comm comm) {
  int size = 0, inter = 0;
  PMPI_Comm_test_inter(comm, &inter);
  if (inter) return;
  PMPI_Comm_size(comm, &size);
  if (root < 0 || root >= size)
    State::report({core::ErrorClass::coll_arg_invalid,
                   std::string(call.name) + " with root " + std::to_string(root) +
                       ", which is not a rank of a communicator of size " + std::to_string(size),
                   {core::call(call.site())}});
}

// Rooted data movement: the root's side or the others' side of one block.
void rooted(const Call& call, CollKind kind, bool nb, int root, MPI_Comm comm, int count,
            MPI_Datatype type) {
  check_root(call, root, comm);
  CollDescriptor d = descriptor(kind, nb, root);
  set_signature(d, count, type);
  check(call, comm, d);
}

void reduction(const Call& call, CollKind kind, bool nb, int root, MPI_Op op, MPI_Comm comm,
               int count, MPI_Datatype type) {
  if (root != core::no_root) check_root(call, root, comm);
  CollDescriptor d = descriptor(kind, nb, root, op);
  set_signature(d, count, type);
  check(call, comm, d);
}

void nbc_created(const Call& call, int rc, MPI_Request* request) {
  if (rc != MPI_SUCCESS || !request || *request == MPI_REQUEST_NULL) return;
  state().requests.created(key(*request), request, core::RequestKind::collective, false, call.site());
}

}  // namespace

void finalize_coll(const Call& call) {
  std::vector<std::pair<std::uint64_t, MPI_Comm>> order;
  for (const auto& [comm, s] : state().shadows) order.emplace_back(s.created, comm);
  std::sort(order.begin(), order.end());
  for (const auto& [created, comm] : order) check(call, comm, descriptor(CollKind::finalize, false));
}

// Communicator constructors: every member gets the new communicator's shadow.
void pre_MPI_Comm_dup(Call&, MPI_Comm, MPI_Comm*) noexcept {}
void post_MPI_Comm_dup(Call&, int rc, MPI_Comm, MPI_Comm* newcomm) noexcept {
  if (rc == MPI_SUCCESS) add_shadow(*newcomm);
}
void pre_MPI_Comm_split(Call&, MPI_Comm, int, int, MPI_Comm*) noexcept {}
void post_MPI_Comm_split(Call&, int rc, MPI_Comm, int, int, MPI_Comm* newcomm) noexcept {
  if (rc == MPI_SUCCESS) add_shadow(*newcomm);
}
void pre_MPI_Comm_split_type(Call&, MPI_Comm, int, int, MPI_Info, MPI_Comm*) noexcept {}
void post_MPI_Comm_split_type(Call&, int rc, MPI_Comm, int, int, MPI_Info, MPI_Comm* newcomm) noexcept {
  if (rc == MPI_SUCCESS) add_shadow(*newcomm);
}
void pre_MPI_Comm_create(Call&, MPI_Comm, MPI_Group, MPI_Comm*) noexcept {}
void post_MPI_Comm_create(Call&, int rc, MPI_Comm, MPI_Group, MPI_Comm* newcomm) noexcept {
  if (rc == MPI_SUCCESS) add_shadow(*newcomm);
}
void pre_MPI_Cart_create(Call&, MPI_Comm, int, const int[], const int[], int, MPI_Comm*) noexcept {}
void post_MPI_Cart_create(Call&, int rc, MPI_Comm, int, const int[], const int[], int,
                          MPI_Comm* comm_cart) noexcept {
  if (rc == MPI_SUCCESS) add_shadow(*comm_cart);
}
// pre: the communicator's last check, then its shadow goes.
void pre_MPI_Comm_free(Call& call, MPI_Comm* comm) noexcept {
  if (!comm || !shadow_of(*comm)) return;
  check(call, *comm, descriptor(CollKind::comm_free, false));
  drop_shadow(*comm);
}
void post_MPI_Comm_free(Call&, int, MPI_Comm*) noexcept {}

void pre_MPI_Barrier(Call& call, MPI_Comm comm) noexcept {
  check(call, comm, descriptor(CollKind::barrier, false));
}
void post_MPI_Barrier(Call&, int, MPI_Comm) noexcept {}

void pre_MPI_Bcast(Call& call, void*, int count, MPI_Datatype type, int root, MPI_Comm comm) noexcept {
  rooted(call, CollKind::bcast, false, root, comm, count, type);
}
void post_MPI_Bcast(Call&, int, void*, int, MPI_Datatype, int, MPI_Comm) noexcept {}

void pre_MPI_Gather(Call& call, const void*, int scount, MPI_Datatype stype, void*, int rcount,
                    MPI_Datatype rtype, int root, MPI_Comm comm) noexcept {
  const bool at_root = comm_rank(comm) == root;
  rooted(call, CollKind::gather, false, root, comm, at_root ? rcount : scount, at_root ? rtype : stype);
}
void post_MPI_Gather(Call&, int, const void*, int, MPI_Datatype, void*, int, MPI_Datatype, int, MPI_Comm) noexcept {}

void pre_MPI_Gatherv(Call& call, const void*, int, MPI_Datatype, void*, const int[], const int[],
                     MPI_Datatype, int root, MPI_Comm comm) noexcept {
  check_root(call, root, comm);
  check(call, comm, descriptor(CollKind::gatherv, false, root));
}
void post_MPI_Gatherv(Call&, int, const void*, int, MPI_Datatype, void*, const int[], const int[],
                      MPI_Datatype, int, MPI_Comm) noexcept {}

void pre_MPI_Scatter(Call& call, const void*, int scount, MPI_Datatype stype, void*, int rcount,
                     MPI_Datatype rtype, int root, MPI_Comm comm) noexcept {
  const bool at_root = comm_rank(comm) == root;
  rooted(call, CollKind::scatter, false, root, comm, at_root ? scount : rcount, at_root ? stype : rtype);
}
void post_MPI_Scatter(Call&, int, const void*, int, MPI_Datatype, void*, int, MPI_Datatype, int, MPI_Comm) noexcept {}

void pre_MPI_Scatterv(Call& call, const void*, const int[], const int[], MPI_Datatype, void*, int,
                      MPI_Datatype, int root, MPI_Comm comm) noexcept {
  check_root(call, root, comm);
  check(call, comm, descriptor(CollKind::scatterv, false, root));
}
void post_MPI_Scatterv(Call&, int, const void*, const int[], const int[], MPI_Datatype, void*, int,
                       MPI_Datatype, int, MPI_Comm) noexcept {}

void pre_MPI_Allgather(Call& call, const void*, int, MPI_Datatype, void*, int rcount,
                       MPI_Datatype rtype, MPI_Comm comm) noexcept {
  CollDescriptor d = descriptor(CollKind::allgather, false);
  set_signature(d, rcount, rtype);
  check(call, comm, d);
}
void post_MPI_Allgather(Call&, int, const void*, int, MPI_Datatype, void*, int, MPI_Datatype, MPI_Comm) noexcept {}

void pre_MPI_Allgatherv(Call& call, const void*, int, MPI_Datatype, void*, const int[], const int[],
                        MPI_Datatype, MPI_Comm comm) noexcept {
  check(call, comm, descriptor(CollKind::allgatherv, false));
}
void post_MPI_Allgatherv(Call&, int, const void*, int, MPI_Datatype, void*, const int[], const int[],
                         MPI_Datatype, MPI_Comm) noexcept {}

void pre_MPI_Alltoall(Call& call, const void*, int, MPI_Datatype, void*, int rcount,
                      MPI_Datatype rtype, MPI_Comm comm) noexcept {
  CollDescriptor d = descriptor(CollKind::alltoall, false);
  set_signature(d, rcount, rtype);
  check(call, comm, d);
}
void post_MPI_Alltoall(Call&, int, const void*, int, MPI_Datatype, void*, int, MPI_Datatype, MPI_Comm) noexcept {}

void pre_MPI_Alltoallv(Call& call, const void*, const int[], const int[], MPI_Datatype, void*,
                       const int[], const int[], MPI_Datatype, MPI_Comm comm) noexcept {
  check(call, comm, descriptor(CollKind::alltoallv, false));
}
void post_MPI_Alltoallv(Call&, int, const void*, const int[], const int[], MPI_Datatype, void*,
                        const int[], const int[], MPI_Datatype, MPI_Comm) noexcept {}

void pre_MPI_Reduce(Call& call, const void*, void*, int count, MPI_Datatype type, MPI_Op op,
                    int root, MPI_Comm comm) noexcept {
  reduction(call, CollKind::reduce, false, root, op, comm, count, type);
}
void post_MPI_Reduce(Call&, int, const void*, void*, int, MPI_Datatype, MPI_Op, int, MPI_Comm) noexcept {}

#define ASSAY_ALL_REDUCTION(name, kind)                                                           \
  void pre_##name(Call& call, const void*, void*, int count, MPI_Datatype type, MPI_Op op,        \
                  MPI_Comm comm) noexcept {                                                       \
    reduction(call, kind, false, core::no_root, op, comm, count, type);                           \
  }                                                                                               \
  void post_##name(Call&, int, const void*, void*, int, MPI_Datatype, MPI_Op, MPI_Comm) noexcept {}
ASSAY_ALL_REDUCTION(MPI_Allreduce, CollKind::allreduce)
ASSAY_ALL_REDUCTION(MPI_Reduce_scatter_block, CollKind::reduce_scatter_block)
ASSAY_ALL_REDUCTION(MPI_Scan, CollKind::scan)
ASSAY_ALL_REDUCTION(MPI_Exscan, CollKind::exscan)
#undef ASSAY_ALL_REDUCTION

// Nonblocking collectives: the same check when started, plus a request.
void pre_MPI_Ibarrier(Call& call, MPI_Comm comm, MPI_Request*) noexcept {
  check(call, comm, descriptor(CollKind::barrier, true));
}
void post_MPI_Ibarrier(Call& call, int rc, MPI_Comm, MPI_Request* request) noexcept {
  nbc_created(call, rc, request);
}
void pre_MPI_Ibcast(Call& call, void*, int count, MPI_Datatype type, int root, MPI_Comm comm,
                    MPI_Request*) noexcept {
  rooted(call, CollKind::bcast, true, root, comm, count, type);
}
void post_MPI_Ibcast(Call& call, int rc, void*, int, MPI_Datatype, int, MPI_Comm, MPI_Request* request) noexcept {
  nbc_created(call, rc, request);
}
void pre_MPI_Igather(Call& call, const void*, int scount, MPI_Datatype stype, void*, int rcount,
                     MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request*) noexcept {
  const bool at_root = comm_rank(comm) == root;
  rooted(call, CollKind::gather, true, root, comm, at_root ? rcount : scount, at_root ? rtype : stype);
}
void post_MPI_Igather(Call& call, int rc, const void*, int, MPI_Datatype, void*, int, MPI_Datatype,
                      int, MPI_Comm, MPI_Request* request) noexcept {
  nbc_created(call, rc, request);
}
void pre_MPI_Iscatter(Call& call, const void*, int scount, MPI_Datatype stype, void*, int rcount,
                      MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request*) noexcept {
  const bool at_root = comm_rank(comm) == root;
  rooted(call, CollKind::scatter, true, root, comm, at_root ? scount : rcount, at_root ? stype : rtype);
}
void post_MPI_Iscatter(Call& call, int rc, const void*, int, MPI_Datatype, void*, int, MPI_Datatype,
                       int, MPI_Comm, MPI_Request* request) noexcept {
  nbc_created(call, rc, request);
}
void pre_MPI_Iallgather(Call& call, const void*, int, MPI_Datatype, void*, int rcount,
                        MPI_Datatype rtype, MPI_Comm comm, MPI_Request*) noexcept {
  CollDescriptor d = descriptor(CollKind::allgather, true);
  set_signature(d, rcount, rtype);
  check(call, comm, d);
}
void post_MPI_Iallgather(Call& call, int rc, const void*, int, MPI_Datatype, void*, int,
                         MPI_Datatype, MPI_Comm, MPI_Request* request) noexcept {
  nbc_created(call, rc, request);
}
void pre_MPI_Ialltoall(Call& call, const void*, int, MPI_Datatype, void*, int rcount,
                       MPI_Datatype rtype, MPI_Comm comm, MPI_Request*) noexcept {
  CollDescriptor d = descriptor(CollKind::alltoall, true);
  set_signature(d, rcount, rtype);
  check(call, comm, d);
}
void post_MPI_Ialltoall(Call& call, int rc, const void*, int, MPI_Datatype, void*, int,
                        MPI_Datatype, MPI_Comm, MPI_Request* request) noexcept {
  nbc_created(call, rc, request);
}
void pre_MPI_Ireduce(Call& call, const void*, void*, int count, MPI_Datatype type, MPI_Op op,
                     int root, MPI_Comm comm, MPI_Request*) noexcept {
  reduction(call, CollKind::reduce, true, root, op, comm, count, type);
}
void post_MPI_Ireduce(Call& call, int rc, const void*, void*, int, MPI_Datatype, MPI_Op, int,
                      MPI_Comm, MPI_Request* request) noexcept {
  nbc_created(call, rc, request);
}
void pre_MPI_Iallreduce(Call& call, const void*, void*, int count, MPI_Datatype type, MPI_Op op,
                        MPI_Comm comm, MPI_Request*) noexcept {
  reduction(call, CollKind::allreduce, true, core::no_root, op, comm, count, type);
}
void post_MPI_Iallreduce(Call& call, int rc, const void*, void*, int, MPI_Datatype, MPI_Op,
                         MPI_Comm, MPI_Request* request) noexcept {
  nbc_created(call, rc, request);
}
void pre_MPI_Iscan(Call& call, const void*, void*, int count, MPI_Datatype type, MPI_Op op,
                   MPI_Comm comm, MPI_Request*) noexcept {
  reduction(call, CollKind::scan, true, core::no_root, op, comm, count, type);
}
void post_MPI_Iscan(Call& call, int rc, const void*, void*, int, MPI_Datatype, MPI_Op, MPI_Comm,
                    MPI_Request* request) noexcept {
  nbc_created(call, rc, request);
}

}  // namespace assay::pmpi
