#include "assay/core/collectives.hpp"

namespace assay::core {

std::string_view name(CollKind k) {
  switch (k) {
    case CollKind::none: return "none";
    case CollKind::barrier: return "Barrier";
    case CollKind::bcast: return "Bcast";
    case CollKind::gather: return "Gather";
    case CollKind::gatherv: return "Gatherv";
    case CollKind::scatter: return "Scatter";
    case CollKind::scatterv: return "Scatterv";
    case CollKind::allgather: return "Allgather";
    case CollKind::allgatherv: return "Allgatherv";
    case CollKind::alltoall: return "Alltoall";
    case CollKind::alltoallv: return "Alltoallv";
    case CollKind::alltoallw: return "Alltoallw";
    case CollKind::reduce: return "Reduce";
    case CollKind::allreduce: return "Allreduce";
    case CollKind::reduce_scatter: return "Reduce_scatter";
    case CollKind::reduce_scatter_block: return "Reduce_scatter_block";
    case CollKind::scan: return "Scan";
    case CollKind::exscan: return "Exscan";
    case CollKind::win_free: return "Win_free";
    case CollKind::comm_free: return "Comm_free";
    case CollKind::finalize: return "Finalize";
  }
  return "unknown";
}

namespace {
bool is_end(CollKind k) {
  return k == CollKind::win_free || k == CollKind::comm_free || k == CollKind::finalize;
}

ErrorClass kind_mismatch_class(const CollDescriptor& a, const CollDescriptor& b) {
  if (is_end(a.kind) || is_end(b.kind)) return ErrorClass::coll_order_conditional;
  if (a.nonblocking || b.nonblocking) return ErrorClass::coll_order_nbc_mismatch;
  return ErrorClass::coll_order_mismatch;
}
}  // namespace

bool kinds_agree(std::span<const CollDescriptor> all) {
  for (const auto& d : all)
    if (d.kind != all.front().kind || d.nonblocking != all.front().nonblocking) return false;
  return true;
}

bool in_place_at_all_or_none(CollKind k) {
  switch (k) {
    case CollKind::allgather: case CollKind::allgatherv: case CollKind::alltoall: case CollKind::alltoallv:
    case CollKind::alltoallw: case CollKind::allreduce: case CollKind::reduce_scatter:
    case CollKind::reduce_scatter_block: return true;
    default: return false;
  }
}

std::optional<CollMismatch> compare(std::span<const CollDescriptor> all, int me) {
  const CollDescriptor& mine = all[static_cast<std::size_t>(me)];
  // Reference: rank 0; each rank that deviates from it reports once.
  const int ref = 0;
  const CollDescriptor& theirs = all[ref];
  if (me == ref) return std::nullopt;
  if (mine.kind != theirs.kind || mine.nonblocking != theirs.nonblocking)
    return CollMismatch{kind_mismatch_class(mine, theirs), ref};
  if (mine.has_root != theirs.has_root || mine.root != theirs.root) return CollMismatch{ErrorClass::coll_arg_root_mismatch, ref};
  // Two user-defined ops cannot be told apart across ranks; user vs predefined can.
  if (mine.op != theirs.op && !(mine.op == user_op && theirs.op == user_op))
    return CollMismatch{ErrorClass::coll_arg_op_mismatch, ref};
  if (in_place_at_all_or_none(mine.kind) && mine.in_place != theirs.in_place)
    return CollMismatch{ErrorClass::coll_arg_invalid, ref};
  if (mine.has_signature && theirs.has_signature && !mine.signature_varies && !theirs.signature_varies &&
      (mine.signature_hash != theirs.signature_hash ||
       mine.signature_elements != theirs.signature_elements))
    return CollMismatch{ErrorClass::coll_arg_type_mismatch, ref};
  return std::nullopt;
}

}  // namespace assay::core

namespace assay::core {

std::optional<int> first_unexpected(std::span<const SigSummary> expected,
                                    std::span<const SigSummary> actual) {
  for (std::size_t i = 0; i < expected.size() && i < actual.size(); ++i) {
    const SigSummary& e = expected[i];
    const SigSummary& a = actual[i];
    if (e.known && a.known && (e.hash != a.hash || e.elements != a.elements)) return static_cast<int>(i);
  }
  return std::nullopt;
}

}  // namespace assay::core

namespace assay::core {

namespace {
bool same_call(const CollDescriptor& a, const CollDescriptor& b) {
  return a.kind == b.kind && a.nonblocking == b.nonblocking && a.has_root == b.has_root && a.root == b.root && a.op == b.op &&
         a.has_signature == b.has_signature && a.signature_hash == b.signature_hash &&
         a.signature_elements == b.signature_elements;
}
}  // namespace

bool swapped(const CollDescriptor& prev_mine, const CollDescriptor& prev_ref,
             const CollDescriptor& mine, const CollDescriptor& ref) {
  return prev_mine.nonblocking && prev_ref.nonblocking && !same_call(prev_mine, prev_ref) &&
         same_call(prev_mine, ref) && same_call(prev_ref, mine);
}

}  // namespace assay::core
