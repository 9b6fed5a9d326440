#pragma once
// Collective consistency. Before every collective each rank contributes one
// fixed-size descriptor (what it is about to call) and every rank receives all
// of them; compare() tells a rank whether its own call matches the reference
// (the lowest rank), so exactly the deviating ranks report.
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "assay/core/finding.hpp"

namespace assay::core {

enum class CollKind : std::int32_t {
  none = 0,
  barrier, bcast, gather, gatherv, scatter, scatterv, allgather, allgatherv,
  alltoall, alltoallv, alltoallw, reduce, allreduce, reduce_scatter,
  reduce_scatter_block, scan, exscan,
  // pseudo-collectives every rank reaches: the end of a window created over
  // the communicator (MPI_Win_free synchronises, MPI-3.1 §11.2.5) and the last
  // check on the communicator
  win_free, comm_free, finalize,
};
std::string_view name(CollKind k);

constexpr std::int32_t no_op = -1;
constexpr std::int32_t user_op = -2;  // user-defined ops cannot be compared across ranks

struct CollDescriptor {
  CollKind kind = CollKind::none;
  std::int32_t nonblocking = 0;
  // Whether the call has a root at all: any int is a root a program may pass
  // (-1, MPI_ROOT, MPI_PROC_NULL), so none of them can mean "no root".
  std::int32_t has_root = 0;
  std::int32_t root = 0;
  std::int32_t op = no_op;
  std::int32_t has_signature = 0;
  std::int32_t signature_varies = 0;  // v-collectives: per-rank counts, checked by expectations
  // MPI_IN_PLACE as the send buffer; compared where the standard selects the
  // in-place option only at all processes (in_place_at_all_or_none)
  std::int32_t in_place = 0;
  std::uint64_t signature_hash = 0;
  std::uint64_t signature_elements = 0;
  std::uint64_t site_offset = 0;  // call site relative to its module (same binary on every rank)
};

// The collectives whose in-place option is MPI_IN_PLACE at every process or
// at none (MPI-3.1 §5.7, §5.8, §5.9.6, §5.10): the all-to-all kinds. Rooted
// ones take it at the root only; scans leave it to each process.
bool in_place_at_all_or_none(CollKind k);

struct CollMismatch {
  ErrorClass cls;
  int reference_rank;
};

// all[i] is rank i's descriptor. Returns the mismatch of all[me] against the
// reference, if any; the same answer on every rank for the same input.
std::optional<CollMismatch> compare(std::span<const CollDescriptor> all, int me);
// Whether the communicator's descriptor sequences stay aligned after this
// check (false once any rank differs in kind: later checks would pair unrelated calls).
bool kinds_agree(std::span<const CollDescriptor> all);

// Two nonblocking collectives started in opposite orders: this rank's previous
// call matches the reference's current one and vice versa (both compared on
// kind, root, op and signature; call sites aside).
bool swapped(const CollDescriptor& prev_mine, const CollDescriptor& prev_ref,
             const CollDescriptor& mine, const CollDescriptor& ref);

// A type signature summarised for exchange (TypeSignature::hash, elements).
struct SigSummary {
  std::int32_t known = 0;  // 0: no signature (MPI_IN_PLACE, MPI_PACKED, unsupported combiner)
  std::int32_t padding = 0;
  std::uint64_t hash = 0, elements = 0;
};

// A v-collective checked on one rank: expected[i] is what this rank expects
// from (or for) rank i by its own arguments (the root of Gatherv:
// recvcounts[i] x recvtype; the root of Scatterv: sendcounts[i] x sendtype;
// Allgatherv and Alltoallv/w: recvcounts[i] x recvtype) and actual[i] what
// rank i declares (its own send or receive side; for Alltoallv/w what it
// sends to this rank). Returns the lowest rank that differs; unknown entries match.
std::optional<int> first_unexpected(std::span<const SigSummary> expected,
                                    std::span<const SigSummary> actual);

}  // namespace assay::core
