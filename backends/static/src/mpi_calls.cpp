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
  if (base == "Wait" || base == "Request_free") return RequestCall{RequestRole::complete_one, 0, 0, false, true};
  if (base == "Test") return RequestCall{RequestRole::complete_one, 0};
  if (base == "Waitall") return RequestCall{RequestRole::complete_array, 1, 0, false, true};
  if (base == "Testall" || base == "Waitany" || base == "Testany" ||
      base == "Waitsome" || base == "Testsome")
    return RequestCall{RequestRole::complete_array, 1, 0};
  return std::nullopt;
}

}  // namespace assay::stat

namespace assay::stat {

const std::vector<BufferUse>& buffer_uses(std::string_view name) {
  static const char* send = "nb.buffer.send-write";
  static const char* recv = "nb.buffer.recv-access";
  static const char* coll = "coll.buffer.access-during-nbc";
  // Buffers significant on every rank, and the root-only ones (Igather's
  // receive buffer, Iscatter's send buffer, Ireduce's receive buffer), which
  // count only where the access is on the root (a rank test dominates it).
  // Ibcast's buffer is sent by the root and received by the others: a store is
  // an error everywhere, a load only off the root.
  static const std::map<std::string, std::vector<BufferUse>, std::less<>> table = {
      {"Isend", {{0, 1, 2, false, send}}},
      {"Ibsend", {{0, 1, 2, false, send}}},
      {"Issend", {{0, 1, 2, false, send}}},
      {"Irsend", {{0, 1, 2, false, send}}},
      {"Irecv", {{0, 1, 2, true, recv}}},
      // Persistent inits: their buffer is pending from each MPI_Start.
      {"Send_init", {{0, 1, 2, false, send}}},
      {"Bsend_init", {{0, 1, 2, false, send}}},
      {"Ssend_init", {{0, 1, 2, false, send}}},
      {"Rsend_init", {{0, 1, 2, false, send}}},
      {"Recv_init", {{0, 1, 2, true, recv}}},
      {"Imrecv", {{0, 1, 2, true, recv}}},
      {"Isendrecv", {{0, 1, 2, false, send}, {5, 6, 7, true, recv}}},
      {"Isendrecv_replace", {{0, 1, 2, true, recv}}},
      {"Ibcast", {{0, 1, 2, false, coll}, {0, 1, 2, true, coll, BufferRanks::non_root, 3}}},
      {"Iallreduce", {{0, 2, 3, false, coll}, {1, 2, 3, true, coll}}},
      {"Ireduce", {{0, 2, 3, false, coll}, {1, 2, 3, true, coll, BufferRanks::root, 5}}},
      {"Iscan", {{0, 2, 3, false, coll}, {1, 2, 3, true, coll}}},
      {"Iexscan", {{0, 2, 3, false, coll}, {1, 2, 3, true, coll}}},
      {"Igather", {{0, 1, 2, false, coll}, {3, 4, 5, true, coll, BufferRanks::root, 6}}},
      {"Iallgather", {{0, 1, 2, false, coll}, {3, 4, 5, true, coll}}},
      {"Ialltoall", {{0, 1, 2, false, coll}, {3, 4, 5, true, coll}}},
      {"Iscatter", {{0, 1, 2, false, coll, BufferRanks::root, 6}, {3, 4, 5, true, coll}}},
      {"Ireduce_scatter_block", {{0, 2, 3, false, coll}, {1, 2, 3, true, coll}}},
  };
  static const std::vector<BufferUse> none;
  std::string_view base = strip_prefix(name);
  if (auto it = table.find(base); !base.empty() && it != table.end()) return it->second;
  return none;
}

std::optional<int64_t> predefined_type_size(std::string_view global) {
  static const std::map<std::string, int64_t, std::less<>> sizes = {
      {"byte", 1},          {"char", 1},          {"signed_char", 1},       {"unsigned_char", 1},
      {"short", 2},         {"unsigned_short", 2}, {"int", 4},              {"unsigned", 4},
      {"long", 8},          {"unsigned_long", 8}, {"long_long_int", 8},     {"unsigned_long_long", 8},
      {"float", 4},         {"double", 8},        {"long_double", 16},      {"wchar", 4},
      {"int8_t", 1},        {"uint8_t", 1},       {"int16_t", 2},           {"uint16_t", 2},
      {"int32_t", 4},       {"uint32_t", 4},      {"int64_t", 8},           {"uint64_t", 8},
      {"c_bool", 1},        {"aint", 8},          {"offset", 8},            {"count", 8},
      {"2int", 8}};
  if (global.substr(0, 8) != "ompi_mpi") return std::nullopt;
  if (auto it = sizes.find(global.substr(9)); global.size() > 9 && global[8] == '_' && it != sizes.end())
    return it->second;
  return std::nullopt;
}

std::optional<int64_t> predefined_type_size(uint64_t handle) {
  // MPICH: handle kind in bits 30-31 (01: builtin), object kind in bits 26-29
  // (0011: datatype), the size in bytes in bits 8-15 (mpi.h, MPIR_Datatype_get_basic_size).
  if (((handle >> 30) & 0x3) != 1 || ((handle >> 26) & 0xf) != 3 || handle > 0xffffffffu) return std::nullopt;
  int64_t size = static_cast<int64_t>((handle >> 8) & 0xff);
  if (size == 0) return std::nullopt;
  return size;
}

}  // namespace assay::stat

namespace assay::stat {

std::optional<std::vector<unsigned>> memory_in_flight(std::string_view name) {
  // Argument positions from MPI-3.1 (MPI_Isendrecv(_replace) from MPI-4.0).
  static const std::map<std::string, std::vector<unsigned>, std::less<>> table = {
      {"Isend", {0}},          {"Ibsend", {0}},          {"Issend", {0}},
      {"Irsend", {0}},         {"Irecv", {0}},           {"Imrecv", {0}},
      {"Isendrecv", {0, 5}},   {"Isendrecv_replace", {0}},
      {"Ibarrier", {}},        {"Comm_idup", {}},        {"Ibcast", {0}},
      {"Igather", {0, 3}},     {"Igatherv", {0, 3, 4, 5}},
      {"Iscatter", {0, 3}},    {"Iscatterv", {0, 1, 2, 4}},
      {"Iallgather", {0, 3}},  {"Iallgatherv", {0, 3, 4, 5}},
      {"Ialltoall", {0, 3}},   {"Ialltoallv", {0, 1, 2, 4, 5, 6}},
      {"Ialltoallw", {0, 1, 2, 3, 4, 5, 6, 7}},
      {"Ireduce", {0, 1}},     {"Iallreduce", {0, 1}},   {"Ireduce_scatter_block", {0, 1}},
      {"Ireduce_scatter", {0, 1, 2}},                    {"Iscan", {0, 1}},
      {"Iexscan", {0, 1}},
      {"Put", {0}},            {"Get", {0}},             {"Accumulate", {0}},
      {"Rput", {0}},           {"Rget", {0}},            {"Raccumulate", {0}},
      {"Get_accumulate", {0, 3}},                        {"Rget_accumulate", {0, 3}},
      {"Fetch_and_op", {0, 1}},                          {"Compare_and_swap", {0, 1, 2}},
  };
  std::string_view base = strip_prefix(name);
  if (auto it = table.find(base); !base.empty() && it != table.end()) return it->second;
  return std::nullopt;
}

std::optional<RmaCall> rma_call(std::string_view name) {
  static const std::map<std::string, RmaCall, std::less<>> table = {
      {"Put", {3, 7}},         {"Get", {3, 7}},          {"Accumulate", {3, 8}},
      {"Rput", {3, 7}},        {"Rget", {3, 7}},         {"Raccumulate", {3, 8}},
      {"Get_accumulate", {6, 11}},                       {"Rget_accumulate", {6, 11}},
      {"Fetch_and_op", {3, 6}},                          {"Compare_and_swap", {4, 6}},
  };
  std::string_view base = strip_prefix(name);
  if (auto it = table.find(base); !base.empty() && it != table.end()) return it->second;
  return std::nullopt;
}

std::optional<WindowCompletion> window_completion(std::string_view name) {
  static const std::map<std::string, WindowCompletion, std::less<>> table = {
      {"Win_fence", {1, std::nullopt}},        {"Win_complete", {0, std::nullopt}},
      {"Win_unlock", {1, 0u}},                 {"Win_unlock_all", {0, std::nullopt}},
      {"Win_flush", {1, 0u}},                  {"Win_flush_all", {0, std::nullopt}},
      {"Win_flush_local", {1, 0u}},            {"Win_flush_local_all", {0, std::nullopt}},
      {"Win_free", {0, std::nullopt, true}},
  };
  std::string_view base = strip_prefix(name);
  if (auto it = table.find(base); !base.empty() && it != table.end()) return it->second;
  return std::nullopt;
}

}  // namespace assay::stat
