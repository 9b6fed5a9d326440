#pragma once
// Datatypes by the MPI standard's rules (MPI-3.1 §4.1), for any checker.
#include <mpi.h>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "assay/core/type_signature.hpp"

namespace assay::interpose {


std::uint32_t basic_code(MPI_Datatype t);  // 0 when not a named type

// The one named type a derived datatype is built from (MPI-3.1 §11.3.4: the
// target datatype of an accumulate may only be built from one predefined
// type), found through the constructors; MPI_DATATYPE_NULL when it mixes
// several or cannot be decoded. A named type is its own element.
MPI_Datatype element_type(MPI_Datatype t);
std::optional<core::TypeSignature> signature(int count, MPI_Datatype t);
std::uint64_t extent_bytes(int count, MPI_Datatype t);  // bytes spanned by count x t
// The bytes count x t touches, as sorted disjoint [lo, hi) offsets from the
// buffer's address: exact gaps, decoded from the type's constructors (up to
// 65 536 blocks; subarray and darray by unpacking up to a 1 MiB span), else the
// whole span; empty for an empty or invalid type.
std::vector<std::pair<std::int64_t, std::int64_t>> type_blocks(int count, MPI_Datatype t);
void forget_type_blocks(MPI_Datatype t);  // at MPI_Type_free: the handle may come back

}  // namespace assay::interpose
