// What an MPI call means to the static analyses, by name (MPI-3.1/4.0
// semantics): which calls start a request, which complete one, which are
// collectives and where their communicator argument is.
#pragma once

#include <optional>
#include <cstdint>
#include <string_view>
#include <vector>

namespace assay::stat {

enum class RequestRole {
  start_one,      // starts the operation of the request its last argument points to
  start_array,    // MPI_Startall(count, array)
  complete_one,   // MPI_Wait/Test/Request_free(&request, ...)
  complete_array  // MPI_Waitall/Testall/Waitany/Testany/Waitsome/Testsome(count, array, ...)
};

struct RequestCall {
  RequestRole role;
  unsigned request_arg;    // the request pointer (start_one, complete_one) or the array
  unsigned count_arg = 0;  // the count of an array call
  bool collective = false; // a nonblocking collective (coll.request.* rather than nb.request.*)
  // A completion that, whenever it returns, has completed (or freed) every
  // request it was given: MPI_Wait, MPI_Waitall, MPI_Request_free.
  bool always_completes = false;
};

// Calls that start or complete requests, by MPI function name.
std::optional<RequestCall> request_call(std::string_view name);

struct CollectiveCall {
  unsigned comm_arg;
  bool nonblocking;
};

// Blocking and nonblocking collectives on a communicator, by MPI function name.
std::optional<CollectiveCall> collective_call(std::string_view name);

// An MPI or PMPI function (their arguments never escape into user code).
bool is_mpi(std::string_view name);

}  // namespace assay::stat

namespace assay::stat {

// A buffer a nonblocking operation works on while its request is pending
// (MPI-3.1 §3.7.2, §5.12): `count_arg` elements of datatype `type_arg` at
// `buffer_arg`. A send buffer may be read but not modified (any_access false),
// a receive buffer neither read nor modified (any_access true).
// Which ranks the buffer matters on: all, only the root (a rooted
// collective's receive or send buffer), or all but the root (Ibcast's buffer
// is received there).
enum class BufferRanks { every, root, non_root };

struct BufferUse {
  unsigned buffer_arg;
  unsigned count_arg;
  unsigned type_arg;
  bool any_access;
  const char* klass;  // the error class of an access that conflicts with it
  BufferRanks ranks = BufferRanks::every;
  unsigned root_arg = 0;  // for root and non_root
};

// The buffers of a nonblocking call whose extent follows from a count and a
// datatype argument (empty for the others: vector collectives, RMA, ...).
const std::vector<BufferUse>& buffer_uses(std::string_view name);

// Size in bytes of a predefined datatype: Open MPI names it by a global
// (ompi_mpi_int), MPICH by a builtin handle holding its size.
std::optional<int64_t> predefined_type_size(std::string_view global);
std::optional<int64_t> predefined_type_size(uint64_t handle);

}  // namespace assay::stat

namespace assay::stat {

// What the memory of an operation in flight is, by the call that starts it:
// the pointer arguments whose memory MPI may still read or write after the
// call returns (buffers, and the count, displacement and type arrays of
// vector collectives, MPI-3.1 §5.12); nullopt when it is not known from the
// call alone (MPI_Start/Startall: the buffers of the *_init call).
std::optional<std::vector<unsigned>> memory_in_flight(std::string_view name);

// One-sided communication calls whose origin (or result, compare) buffers stay
// in flight until a completion on their window (MPI-3.1 §11.3, §11.5).
struct RmaCall {
  unsigned target_arg;
  unsigned window_arg;
};
std::optional<RmaCall> rma_call(std::string_view name);

// Calls that complete a window's one-sided operations at the origin: all
// targets (fence, complete, unlock_all, flush_all, flush_local_all, free) or
// the one named by `target_arg` (unlock, flush, flush_local). MPI_Win_free
// takes the window by pointer.
struct WindowCompletion {
  unsigned window_arg;
  std::optional<unsigned> target_arg;
  bool by_pointer = false;
};
std::optional<WindowCompletion> window_completion(std::string_view name);

}  // namespace assay::stat
