#include "assay/core/finding.hpp"

namespace assay::core {

std::string_view id(ErrorClass c) {
  switch (c) {
    case ErrorClass::nb_request_missing_completion: return "nb.request.missing-completion";
    case ErrorClass::nb_request_reuse_active: return "nb.request.reuse-active";
    case ErrorClass::nb_request_double_completion: return "nb.request.double-completion";
    case ErrorClass::nb_request_persistent_start_active: return "nb.request.persistent-start-active";
    case ErrorClass::nb_request_persistent_missing_start: return "nb.request.persistent-missing-start";
    case ErrorClass::coll_request_missing_completion: return "coll.request.missing-completion";
    case ErrorClass::coll_order_mismatch: return "coll.order.mismatch";
    case ErrorClass::coll_order_conditional: return "coll.order.conditional";
    case ErrorClass::coll_order_nbc_mismatch: return "coll.order.nbc-mismatch";
    case ErrorClass::coll_arg_root_mismatch: return "coll.arg.root-mismatch";
    case ErrorClass::coll_arg_op_mismatch: return "coll.arg.op-mismatch";
    case ErrorClass::coll_arg_type_mismatch: return "coll.arg.type-mismatch";
    case ErrorClass::coll_arg_invalid: return "coll.arg.invalid";
    case ErrorClass::rma_sync_missing_epoch: return "rma.sync.missing-epoch";
    case ErrorClass::rma_sync_double_epoch: return "rma.sync.double-epoch";
    case ErrorClass::rma_sync_unmatched: return "rma.sync.unmatched";
    case ErrorClass::rma_sync_assert_violation: return "rma.sync.assert-violation";
    case ErrorClass::rma_window_free_with_epoch: return "rma.window.free-with-epoch";
    case ErrorClass::rma_window_leak: return "rma.window.leak";
    case ErrorClass::rma_window_out_of_bounds: return "rma.window.out-of-bounds";
    case ErrorClass::rma_window_invalid: return "rma.window.invalid";
    case ErrorClass::rma_local_same_origin_conflict: return "rma.local.same-origin-conflict";
    case ErrorClass::rma_remote_conflict: return "rma.remote.conflict";
    case ErrorClass::rma_remote_atomicity: return "rma.remote.atomicity";
    case ErrorClass::rma_sync_pscw_group_mismatch: return "rma.sync.pscw-group-mismatch";
    case ErrorClass::rma_window_dynamic_unattached: return "rma.window.dynamic-unattached";
    case ErrorClass::nb_buffer_overlap: return "nb.buffer.overlap";
    case ErrorClass::nb_buffer_truncation: return "nb.buffer.truncation";
    case ErrorClass::nb_match_type_mismatch: return "nb.match.type-mismatch";
    case ErrorClass::nb_match_tag_mismatch: return "nb.match.tag-mismatch";
    case ErrorClass::nb_match_message_race: return "nb.match.message-race";
    case ErrorClass::nb_match_deadlock: return "nb.match.deadlock";
    case ErrorClass::res_leak_communicator: return "res.leak.communicator";
    case ErrorClass::res_leak_datatype: return "res.leak.datatype";
    case ErrorClass::res_leak_group: return "res.leak.group";
    case ErrorClass::res_leak_op: return "res.leak.op";
    case ErrorClass::res_lifecycle_call_outside_init: return "res.lifecycle.call-outside-init";
    case ErrorClass::res_thread_level_violation: return "res.thread.level-violation";
    case ErrorClass::rma_sync_mixed_modes: return "rma.sync.mixed-modes";
    case ErrorClass::nb_arg_invalid: return "nb.arg.invalid";
    case ErrorClass::rma_arg_invalid: return "rma.arg.invalid";
    case ErrorClass::res_arg_invalid: return "res.arg.invalid";
    case ErrorClass::res_leak_request: return "res.leak.request";
    case ErrorClass::rma_local_target_access_during_remote: return "rma.local.target-access-during-remote";
    case ErrorClass::rma_shared_load_store_race: return "rma.shared.load-store-race";
    case ErrorClass::mem_send_overrun: return "mem.send.overrun";
    case ErrorClass::mem_send_uninitialized: return "mem.send.uninitialized";
    case ErrorClass::mem_recv_overrun: return "mem.recv.overrun";
    case ErrorClass::rma_local_origin_write_during_put: return "rma.local.origin-write-during-put";
    case ErrorClass::rma_local_origin_access_during_get: return "rma.local.origin-access-during-get";
    case ErrorClass::nb_buffer_send_write: return "nb.buffer.send-write";
    case ErrorClass::nb_buffer_recv_access: return "nb.buffer.recv-access";
    case ErrorClass::coll_buffer_access_during_nbc: return "coll.buffer.access-during-nbc";
    case ErrorClass::mem_recv_write_before_read: return "mem.recv.write-before-read";
    case ErrorClass::mem_recv_unused: return "mem.recv.unused";
  }
  return "unknown";
}

}  // namespace assay::core
