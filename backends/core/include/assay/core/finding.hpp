#pragma once
// What the analysis core reports: an error class, a message and the calls or
// memory accesses involved (current first). Call sites are return addresses in
// the reporting process; the backend symbolises them.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace assay::core {

// The classes the core can report. ids() gives the taxonomy id; the switch in
// classes.cpp has no default so a forgotten class is a compiler warning.
enum class ErrorClass {
  nb_request_missing_completion,
  nb_request_reuse_active,
  nb_request_double_completion,
  nb_request_persistent_start_active,
  nb_request_persistent_missing_start,
  coll_request_missing_completion,
  coll_order_mismatch,
  coll_order_conditional,
  coll_order_nbc_mismatch,
  coll_arg_root_mismatch,
  coll_arg_op_mismatch,
  coll_arg_type_mismatch,
  coll_arg_invalid,
  rma_sync_missing_epoch,
  rma_sync_double_epoch,
  rma_sync_unmatched,
  rma_sync_assert_violation,
  rma_window_free_with_epoch,
  rma_window_leak,
  rma_window_out_of_bounds,
  rma_window_invalid,
  rma_local_same_origin_conflict,
  rma_remote_conflict,
  rma_remote_atomicity,
  rma_sync_pscw_group_mismatch,
  rma_window_dynamic_unattached,
  nb_buffer_overlap,
  nb_buffer_truncation,
  nb_match_type_mismatch,
  nb_match_tag_mismatch,
  nb_match_message_race,
  nb_match_deadlock,
  res_leak_communicator,
  res_leak_datatype,
  res_leak_group,
  res_leak_op,
  res_lifecycle_call_outside_init,
  res_thread_level_violation,
  rma_sync_mixed_modes,
  nb_arg_invalid,
  rma_arg_invalid,
  res_arg_invalid,
  res_leak_request,
  rma_local_target_access_during_remote,
  rma_shared_load_store_race,
  mem_send_overrun,
  mem_send_uninitialized,
  mem_recv_overrun,
  rma_local_origin_write_during_put,
  rma_local_origin_access_during_get,
  nb_buffer_send_write,
  nb_buffer_recv_access,
  coll_buffer_access_during_nbc,
  mem_recv_write_before_read,
  mem_recv_unused,
};
std::string_view id(ErrorClass c);

// A call made by the program: the MPI function, the rank that made it and the
// return address into the caller (0 when unknown).
struct Site {
  std::string op;
  int rank = -1;
  std::uintptr_t pc = 0;
};

enum class AccessKind { read, write, call };

// `time` and `end_time` are logical times (a per-process event counter) on the
// reporting rank, for memory-access diagrams: a load, store or call happens at
// `time`; an asynchronous access (RMA operation, pending request buffer) spans
// [time, end_time), from its call to the synchronisation that completes it.
// 0 = unknown.
struct Access {
  Site site;
  AccessKind kind = AccessKind::call;
  std::uintptr_t addr = 0;
  std::size_t size = 0;
  std::uint64_t time = 0, end_time = 0;
};

struct Finding {
  ErrorClass cls;
  std::string message;
  std::vector<Access> accesses;
};

using FindingSink = std::function<void(Finding)>;

inline Access call(const Site& s) { return Access{s, AccessKind::call, 0, 0}; }

}  // namespace assay::core
