// Hooks of the resource family: handles the program creates and frees (leaks
// are reported at MPI_Finalize with their creation site), calls made outside
// MPI_Init..MPI_Finalize (reported before forwarding: MPI usually aborts), and
// calls that break the thread level MPI provided.
#include <pthread.h>

#include <chrono>
#include <cstdlib>
#include <mutex>
#include <thread>

#include "hooks.hpp"

namespace assay::pmpi {
namespace {

using core::ResourceKind;

core::ResourceTracker& resources() {
  static auto* r = new core::ResourceTracker([](core::Finding f) { State::report(std::move(f)); });
  return *r;
}
core::Lifecycle& lifecycle() {
  static auto* l = new core::Lifecycle([](core::Finding f) { State::report(std::move(f)); });
  return *l;
}
core::ThreadLevel& threads() {
  static auto* t = new core::ThreadLevel([](core::Finding f) { State::report(std::move(f)); });
  return *t;
}

std::uint64_t this_thread() { return static_cast<std::uint64_t>(pthread_self()); }

template <class H>
void created(ResourceKind k, int rc, H handle, H null, const Call& call) {
  if (rc == MPI_SUCCESS && handle != null) resource_created(k, key(handle), call);
}

}  // namespace

void resource_created(ResourceKind k, std::uint64_t handle, const Call& call) {
  resources().created(k, handle, call.site());
}
void resource_freed(ResourceKind k, std::uint64_t handle) { resources().freed(k, handle); }

void finalize_res(const Call& call) { resources().finalize(call.site()); }

void init_entered(const Call& call) noexcept {
  if (lifecycle().phase() == core::Lifecycle::Phase::finalized) outside_init(call);
}

void init_done(const Call& call, int provided) noexcept {
  lifecycle().initialized(call.site());
  auto level = core::ThreadLevel::multiple;
  if (provided == MPI_THREAD_SINGLE) level = core::ThreadLevel::single;
  else if (provided == MPI_THREAD_FUNNELED) level = core::ThreadLevel::funneled;
  else if (provided == MPI_THREAD_SERIALIZED) level = core::ThreadLevel::serialized;
  threads().provided(level, this_thread(), call.site());
}

void finalize_entered() { lifecycle().finalized(); }

void outside_init(const Call& call) noexcept {
  static std::mutex m;
  std::lock_guard lock(m);
  if (lifecycle().phase() == core::Lifecycle::Phase::active) return;  // racing with Init/Finalize
  lifecycle().call(call.site());  // the layer writes the finding before MPI may abort
}

void enter_call(const Call& call) noexcept {
  note_ordering(call);
  const std::uint64_t self = this_thread();
  if (const char* why = threads().enter(self)) threads().report(call.site(), why);
  // Serialized, another thread than last time: stay inside a moment (before
  // the PMPI call), so a thread calling concurrently without a lock meets this
  // call. Locked programs only pay it when the lock changes hands.
  if (threads().handed_over(self)) std::this_thread::sleep_for(std::chrono::microseconds(200));
}
void leave_call() noexcept {
  threads().leave();
}

void post_MPI_Comm_idup(Call& call, int rc, MPI_Comm, MPI_Comm* newcomm, MPI_Request*) noexcept {
  created(ResourceKind::communicator, rc, *newcomm, MPI_COMM_NULL, call);
  if (rc == MPI_SUCCESS) idup_created(*newcomm);
}

// Groups: MPI_GROUP_EMPTY is predefined (an empty result), not a new group.
void post_MPI_Comm_group(Call& call, int rc, MPI_Comm, MPI_Group* group) noexcept {
  if (*group != MPI_GROUP_EMPTY) created(ResourceKind::group, rc, *group, MPI_GROUP_NULL, call);
}
#define ASSAY_GROUP_CTOR(name, ...)                                                  \
  void post_##name(Call& call, int rc, __VA_ARGS__, MPI_Group* newgroup) noexcept {          \
    if (*newgroup != MPI_GROUP_EMPTY) created(ResourceKind::group, rc, *newgroup, MPI_GROUP_NULL, call); \
  }
ASSAY_GROUP_CTOR(MPI_Group_incl, MPI_Group, int, const int[])
ASSAY_GROUP_CTOR(MPI_Group_excl, MPI_Group, int, const int[])
ASSAY_GROUP_CTOR(MPI_Group_range_incl, MPI_Group, int, int[][3])
ASSAY_GROUP_CTOR(MPI_Group_range_excl, MPI_Group, int, int[][3])
ASSAY_GROUP_CTOR(MPI_Group_union, MPI_Group, MPI_Group)
ASSAY_GROUP_CTOR(MPI_Group_intersection, MPI_Group, MPI_Group)
ASSAY_GROUP_CTOR(MPI_Group_difference, MPI_Group, MPI_Group)
ASSAY_GROUP_CTOR(MPI_Win_get_group, MPI_Win)
ASSAY_GROUP_CTOR(MPI_Comm_remote_group, MPI_Comm)
#undef ASSAY_GROUP_CTOR
// pre: MPI sets the handle to MPI_GROUP_NULL.
void pre_MPI_Group_free(Call&, MPI_Group* group) noexcept {
  if (group) resource_freed(ResourceKind::group, key(*group));
}

// Datatypes.
#define ASSAY_TYPE_CTOR(name, ...)                                                          \
  void post_##name(Call& call, int rc, __VA_ARGS__, MPI_Datatype* newtype) noexcept {       \
    created(ResourceKind::datatype, rc, *newtype, MPI_DATATYPE_NULL, call);                 \
  }
ASSAY_TYPE_CTOR(MPI_Type_contiguous, int, MPI_Datatype)
ASSAY_TYPE_CTOR(MPI_Type_vector, int, int, int, MPI_Datatype)
ASSAY_TYPE_CTOR(MPI_Type_create_hvector, int, int, MPI_Aint, MPI_Datatype)
ASSAY_TYPE_CTOR(MPI_Type_indexed, int, const int[], const int[], MPI_Datatype)
ASSAY_TYPE_CTOR(MPI_Type_create_hindexed, int, const int[], const MPI_Aint[], MPI_Datatype)
ASSAY_TYPE_CTOR(MPI_Type_create_indexed_block, int, int, const int[], MPI_Datatype)
ASSAY_TYPE_CTOR(MPI_Type_create_hindexed_block, int, int, const MPI_Aint[], MPI_Datatype)
ASSAY_TYPE_CTOR(MPI_Type_create_struct, int, const int[], const MPI_Aint[], const MPI_Datatype[])
ASSAY_TYPE_CTOR(MPI_Type_create_subarray, int, const int[], const int[], const int[], int, MPI_Datatype)
ASSAY_TYPE_CTOR(MPI_Type_create_darray, int, int, int, const int[], const int[], const int[], const int[], int, MPI_Datatype)
ASSAY_TYPE_CTOR(MPI_Type_create_resized, MPI_Datatype, MPI_Aint, MPI_Aint)
ASSAY_TYPE_CTOR(MPI_Type_dup, MPI_Datatype)
#undef ASSAY_TYPE_CTOR
void pre_MPI_Type_free(Call&, MPI_Datatype* type) noexcept {
  if (!type) return;
  resource_freed(ResourceKind::datatype, key(*type));
  forget_type_blocks(*type);
}

// Ops.
void post_MPI_Op_create(Call& call, int rc, MPI_User_function* function, int commute, MPI_Op* op) noexcept {
  created(ResourceKind::op, rc, *op, MPI_OP_NULL, call);
  if (rc == MPI_SUCCESS && op) user_op_created(*op, function, commute);
}
void pre_MPI_Op_free(Call&, MPI_Op* op) noexcept {
  if (!op) return;
  resource_freed(ResourceKind::op, key(*op));
  user_op_freed(*op);
}

// The hooks this family implements; every other call only passes through.
void register_res(Hooks& h) {
  h.after_MPI_Comm_group = post_MPI_Comm_group;
  h.after_MPI_Comm_idup = post_MPI_Comm_idup;
  h.after_MPI_Group_difference = post_MPI_Group_difference;
  h.after_MPI_Group_excl = post_MPI_Group_excl;
  h.before_MPI_Group_free = pre_MPI_Group_free;
  h.after_MPI_Group_incl = post_MPI_Group_incl;
  h.after_MPI_Group_intersection = post_MPI_Group_intersection;
  h.after_MPI_Group_range_excl = post_MPI_Group_range_excl;
  h.after_MPI_Group_range_incl = post_MPI_Group_range_incl;
  h.after_MPI_Group_union = post_MPI_Group_union;
  h.after_MPI_Win_get_group = post_MPI_Win_get_group;
  h.after_MPI_Comm_remote_group = post_MPI_Comm_remote_group;
  h.after_MPI_Op_create = post_MPI_Op_create;
  h.before_MPI_Op_free = pre_MPI_Op_free;
  h.after_MPI_Type_contiguous = post_MPI_Type_contiguous;
  h.after_MPI_Type_create_hindexed = post_MPI_Type_create_hindexed;
  h.after_MPI_Type_create_hvector = post_MPI_Type_create_hvector;
  h.after_MPI_Type_create_darray = post_MPI_Type_create_darray;
  h.after_MPI_Type_create_hindexed_block = post_MPI_Type_create_hindexed_block;
  h.after_MPI_Type_create_indexed_block = post_MPI_Type_create_indexed_block;
  h.after_MPI_Type_create_resized = post_MPI_Type_create_resized;
  h.after_MPI_Type_create_struct = post_MPI_Type_create_struct;
  h.after_MPI_Type_create_subarray = post_MPI_Type_create_subarray;
  h.after_MPI_Type_dup = post_MPI_Type_dup;
  h.before_MPI_Type_free = pre_MPI_Type_free;
  h.after_MPI_Type_indexed = post_MPI_Type_indexed;
  h.after_MPI_Type_vector = post_MPI_Type_vector;
}

}  // namespace assay::pmpi
