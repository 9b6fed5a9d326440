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
    case CollKind::comm_free: return "Comm_free";
    case CollKind::finalize: return "Finalize";
  }
  return "unknown";
}

namespace {
bool is_end(CollKind k) { return k == CollKind::comm_free || k == CollKind::finalize; }

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

std::optional<CollMismatch> compare(std::span<const CollDescriptor> all, int me) {
  const CollDescriptor& mine = all[static_cast<std::size_t>(me)];
  // Reference: rank 0; each rank that deviates from it reports once.
  const int ref = 0;
  const CollDescriptor& theirs = all[ref];
  if (me == ref) return std::nullopt;
  if (mine.kind != theirs.kind || mine.nonblocking != theirs.nonblocking)
    return CollMismatch{kind_mismatch_class(mine, theirs), ref};
  if (mine.root != theirs.root) return CollMismatch{ErrorClass::coll_arg_root_mismatch, ref};
  if (mine.op != theirs.op && mine.op != user_op && theirs.op != user_op)
    return CollMismatch{ErrorClass::coll_arg_op_mismatch, ref};
  if (mine.has_signature && theirs.has_signature &&
      (mine.signature_hash != theirs.signature_hash ||
       mine.signature_elements != theirs.signature_elements))
    return CollMismatch{ErrorClass::coll_arg_type_mismatch, ref};
  return std::nullopt;
}

}  // namespace assay::core
