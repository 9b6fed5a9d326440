#include "mpi_calls.hpp"

#include <map>
#include <string>

namespace assay::stat {
namespace {

// Communicator argument of each collective; the nonblocking variant ("I" +
// name) has the same arguments plus the request last.
const std::map<std::string, unsigned, std::less<>>& collectives() {
  static const std::map<std::string, unsigned, std::less<>> table = {
      {"Barrier", 0},   {"Bcast", 4},         {"Gather", 7},         {"Gatherv", 8},
      {"Scatter", 7},   {"Scatterv", 8},      {"Allgather", 6},      {"Allgatherv", 7},
      {"Alltoall", 6},  {"Alltoallv", 8},     {"Alltoallw", 8},      {"Reduce", 6},
      {"Allreduce", 5}, {"Reduce_scatter", 5}, {"Reduce_scatter_block", 5},
      {"Scan", 5},      {"Exscan", 5}};
  return table;
}

// "Ibcast" -> "Bcast": the blocking name a nonblocking collective is named after.
std::string blocking_name(std::string_view base) {
  std::string out(base.substr(1));
  if (!out.empty() && out[0] >= 'a' && out[0] <= 'z') out[0] = static_cast<char>(out[0] - 'a' + 'A');
  return out;
}

std::string_view strip_prefix(std::string_view name) {
  if (name.substr(0, 4) == "MPI_") return name.substr(4);
  if (name.substr(0, 5) == "PMPI_") return name.substr(5);
  return {};
}

}  // namespace

bool is_mpi(std::string_view name) { return !strip_prefix(name).empty(); }

std::optional<CollectiveCall> collective_call(std::string_view name) {
  std::string_view base = strip_prefix(name);
  if (base.empty()) return std::nullopt;
  const auto& table = collectives();
  if (auto it = table.find(base); it != table.end()) return CollectiveCall{it->second, false};
  if (base.size() > 1 && base[0] == 'I')
    if (auto it = table.find(blocking_name(base)); it != table.end()) return CollectiveCall{it->second, true};
  return std::nullopt;
}

std::optional<RequestCall> request_call(std::string_view name) {
  std::string_view base = strip_prefix(name);
  if (base.empty()) return std::nullopt;
  // Nonblocking point to point and RMA request operations: the request is the
  // last argument (arity from MPI-3.1; MPI_Isendrecv(_replace) from MPI-4.0).
  static const std::map<std::string, unsigned, std::less<>> p2p = {
      {"Isend", 6},  {"Ibsend", 6},  {"Issend", 6},         {"Irsend", 6},
      {"Irecv", 6},  {"Imrecv", 4},  {"Isendrecv", 11},     {"Isendrecv_replace", 8},
      {"Rput", 8},   {"Rget", 8},    {"Raccumulate", 9},    {"Rget_accumulate", 12},
  };
  if (auto it = p2p.find(base); it != p2p.end()) return RequestCall{RequestRole::start_one, it->second};
  if (auto coll = collective_call(name); coll && coll->nonblocking) {
    // The request follows every argument of the blocking call.
    static const std::map<std::string, unsigned, std::less<>> arity = {
        {"Barrier", 1},   {"Bcast", 5},          {"Gather", 8},     {"Gatherv", 9},
        {"Scatter", 8},   {"Scatterv", 9},       {"Allgather", 7},  {"Allgatherv", 8},
        {"Alltoall", 7},  {"Alltoallv", 9},      {"Alltoallw", 9},  {"Reduce", 7},
        {"Allreduce", 6}, {"Reduce_scatter", 6}, {"Reduce_scatter_block", 6},
        {"Scan", 6},      {"Exscan", 6}};
    return RequestCall{RequestRole::start_one, arity.find(blocking_name(base))->second, 0, true};
  }
  if (base == "Comm_idup") return RequestCall{RequestRole::start_one, 2, 0, true};
  if (base == "Start") return RequestCall{RequestRole::start_one, 0};
  if (base == "Startall") return RequestCall{RequestRole::start_array, 1, 0};
  if (base == "Wait" || base == "Test" || base == "Request_free")
    return RequestCall{RequestRole::complete_one, 0};
  if (base == "Waitall" || base == "Testall" || base == "Waitany" || base == "Testany" ||
      base == "Waitsome" || base == "Testsome")
    return RequestCall{RequestRole::complete_array, 1, 0};
  return std::nullopt;
}

}  // namespace assay::stat
