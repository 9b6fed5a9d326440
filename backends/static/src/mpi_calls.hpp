// What an MPI call means to the static analyses, by name (MPI-3.1/4.0
// semantics): which calls start a request, which complete one, which are
// collectives and where their communicator argument is.
#pragma once

#include <optional>
#include <string_view>

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
