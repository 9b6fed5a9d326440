// Hooks of the point-to-point family: the request table (handles are saved
// before completion calls because MPI overwrites them with MPI_REQUEST_NULL)
// and the report of truncated messages.
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hooks.hpp"

namespace assay::pmpi {
namespace {

using core::RequestKind;

void created(const Call& call, int rc, MPI_Request* request, RequestKind kind, bool persistent) {
  if (rc != MPI_SUCCESS || !request || *request == MPI_REQUEST_NULL) return;
  state().requests.created(key(*request), request, kind, persistent, call.site());
}

void created_buffer(const Call& call, int rc, MPI_Request* request, bool persistent, const void* buf,
                    int count, MPI_Datatype type, bool writes) {
  created(call, rc, request, RequestKind::point_to_point, persistent);
  if (rc != MPI_SUCCESS || !request || *request == MPI_REQUEST_NULL) return;
  auto bytes = footprint(buf, count, type);
  if (writes) state().requests.buffer(key(*request), {}, std::move(bytes));
  else state().requests.buffer(key(*request), std::move(bytes), {});
}

// pre: rd: requests[0..n) — remembers and announces the handles about to be completed.
void save_waiting(Call& call, int n, const MPI_Request* requests) {
  call.saved.assign(static_cast<std::size_t>(std::max(n, 0)), 0);
  for (int i = 0; i < n; ++i) {
    if (requests[i] == MPI_REQUEST_NULL) continue;
    call.saved[static_cast<std::size_t>(i)] = key(requests[i]);
    state().requests.waiting(key(requests[i]), call.site(), n == 1);
  }
}

// pre of MPI_Wait/Waitall: every request given must complete, and completing a
// nonblocking collective may synchronise, so its check finishes first, before
// MPI may abort on the mismatch the check is about to name.
void finish_nbc_checks(const Call& call) {
  for (std::uint64_t h : call.saved)
    if (h) finish_nbc_check(h);
}

void completed(const Call& call, int index) {
  if (index < 0 || static_cast<std::size_t>(index) >= call.saved.size()) return;
  if (std::uint64_t h = call.saved[static_cast<std::size_t>(index)]) {
    state().requests.completed(h);
    finish_nbc_check(h);
    nbc_completed(h);
    rget_completed(h);
  }
}

void completed_all(const Call& call) {
  for (std::size_t i = 0; i < call.saved.size(); ++i) completed(call, static_cast<int>(i));
}

// --- truncated messages ------------------------------------------------------
// MPI finds a message longer than the receive buffer (MPI-3.1 §3.2.4) only
// inside the receive or the completion, where the default error handler,
// MPI_ERRORS_ARE_FATAL, aborts. So the checker's handler takes that default's
// place on MPI_COMM_WORLD and MPI_COMM_SELF (communicators made from them
// inherit it): it reports a truncation at the program's call in progress, then
// aborts as the fatal handler does. MPI_Comm_get_errhandler still answers
// MPI_ERRORS_ARE_FATAL, and a handler the program sets replaces ours.

MPI_Errhandler& reporting_handler() {
  static MPI_Errhandler h = MPI_ERRHANDLER_NULL;
  return h;
}

// The class of an argument MPI rejected in the program's call `name`, by the
// call's family (calls.def) and MPI's error class; nullopt for errors that are
// not about an argument, or that the hooks classify before the call.
std::optional<core::ErrorClass> rejected_argument(std::string_view name, int cls, bool dynamic_window) {
  using core::ErrorClass;
  switch (cls) {
    case MPI_ERR_BUFFER: case MPI_ERR_COUNT: case MPI_ERR_TYPE: case MPI_ERR_TAG:
    case MPI_ERR_COMM: case MPI_ERR_RANK: case MPI_ERR_ROOT: case MPI_ERR_GROUP:
    case MPI_ERR_OP: case MPI_ERR_TOPOLOGY: case MPI_ERR_DIMS: case MPI_ERR_ARG:
    case MPI_ERR_DISP: case MPI_ERR_LOCKTYPE: case MPI_ERR_ASSERT: case MPI_ERR_WIN:
    case MPI_ERR_RMA_RANGE:
      break;
    default: return std::nullopt;
  }
  const std::string_view family = interpose::family_of(name);
  if (family == "rma") {
    if (cls == MPI_ERR_WIN) return ErrorClass::rma_window_invalid;
    // On a dynamic window the range is memory not attached (MPI-3.1 §11.2.4).
    if (cls == MPI_ERR_RMA_RANGE)
      return dynamic_window ? ErrorClass::rma_window_dynamic_unattached : ErrorClass::rma_window_out_of_bounds;
    return ErrorClass::rma_arg_invalid;
  }
  if (family == "p2p") return ErrorClass::nb_arg_invalid;
  // Communicator constructors are filed with the collectives they are.
  if (family == "coll" && !name.starts_with("MPI_Comm_") && !name.starts_with("MPI_Cart_"))
    return ErrorClass::coll_arg_invalid;
  return ErrorClass::res_arg_invalid;
}

// Reports what the error reveals, then aborts on `comm` as the fatal handler does.
void report_and_abort(MPI_Comm comm, int* code, bool dynamic_window = false) noexcept {
  int cls = MPI_ERR_OTHER, length = 0;
  char text[MPI_MAX_ERROR_STRING] = "";
  PMPI_Error_class(*code, &cls);
  PMPI_Error_string(*code, text, &length);
  const Call* call = interpose::current_call();
  if (cls == MPI_ERR_TRUNCATE && call)
    State::report({core::ErrorClass::nb_buffer_truncation,
                   std::string(call->name) + ": the message received is longer than the receive buffer (" +
                       text + ")",
                   {core::call(call->site())}});
  // An invalid argument the hooks did not report already: the finding must
  // exist before the abort, which ends the process.
  else if (call && !State::reported_during(*call)) {
    if (auto c = rejected_argument(call->name, cls, dynamic_window))
      State::report({*c, std::string(call->name) + ": MPI rejects an argument (" + text + ")",
                     {core::call(call->site())}});
  }
  std::fprintf(stderr, "==ASSAY== rank %d: %s%s%s; aborting as MPI_ERRORS_ARE_FATAL does\n", my_rank(),
               call ? call->name : "", call ? ": " : "", text);
  std::fflush(stderr);
  PMPI_Abort(comm, *code);
}

void on_error(MPI_Comm* comm, int* code, ...) noexcept { report_and_abort(*comm, code); }
void on_window_error(MPI_Win* win, int* code, ...) noexcept {
  int* flavor = nullptr;
  int found = 0;
  if (win) PMPI_Win_get_attr(*win, MPI_WIN_CREATE_FLAVOR, &flavor, &found);
  report_and_abort(MPI_COMM_WORLD, code, found && flavor && *flavor == MPI_WIN_FLAVOR_DYNAMIC);
}

// Only the default is replaced.
void report_truncation_on(MPI_Comm comm) {
  MPI_Errhandler current = MPI_ERRHANDLER_NULL;
  if (PMPI_Comm_get_errhandler(comm, &current) != MPI_SUCCESS) return;
  const bool fatal = current == MPI_ERRORS_ARE_FATAL;
  if (current != MPI_ERRHANDLER_NULL) PMPI_Errhandler_free(&current);
  if (fatal) PMPI_Comm_set_errhandler(comm, reporting_handler());
}

// Point-to-point arguments, checked before MPI sees them (MPI-3.1 §3.2.2-3.2.4,
// §3.7.1): MPI aborts on most of these, and some slip through it.
void p2p_args(const Call& call, int count, MPI_Datatype type, int peer, bool source, MPI_Comm comm) {
  auto invalid = [&](const std::string& why) {
    State::report({core::ErrorClass::nb_arg_invalid, std::string(call.name) + ": " + why, {core::call(call.site())}});
  };
  if (comm == MPI_COMM_NULL) return invalid("the communicator is MPI_COMM_NULL");
  if (count < 0) return invalid("the count " + std::to_string(count) + " is negative");
  if (type == MPI_DATATYPE_NULL) return invalid("the datatype is MPI_DATATYPE_NULL");
  if (peer == MPI_PROC_NULL || (source && peer == MPI_ANY_SOURCE)) return;
  int inter = 0, size = 0;
  PMPI_Comm_test_inter(comm, &inter);
  if (inter) PMPI_Comm_remote_size(comm, &size);
  else PMPI_Comm_size(comm, &size);
  if (peer < 0 || peer >= size)
    invalid(std::string(source ? "the source " : "the destination ") + std::to_string(peer) +
            " is not a rank of a communicator of size " + std::to_string(size));
}

}  // namespace

#define ASSAY_SEND_FAMILY(name, persistent)                                                        \
  void post_##name(Call& call, int rc, const void* buf, int count, MPI_Datatype type, int, int,     \
                   MPI_Comm, MPI_Request* request) noexcept {                                        \
    created_buffer(call, rc, request, persistent, buf, count, type, false);                         \
  }
ASSAY_SEND_FAMILY(MPI_Isend, false)
ASSAY_SEND_FAMILY(MPI_Ibsend, false)
ASSAY_SEND_FAMILY(MPI_Issend, false)
ASSAY_SEND_FAMILY(MPI_Irsend, false)
ASSAY_SEND_FAMILY(MPI_Send_init, true)
ASSAY_SEND_FAMILY(MPI_Bsend_init, true)
ASSAY_SEND_FAMILY(MPI_Ssend_init, true)
ASSAY_SEND_FAMILY(MPI_Rsend_init, true)
#undef ASSAY_SEND_FAMILY

#define ASSAY_BLOCKING_SEND(name)                                                                  \
  void pre_##name(Call& call, const void* buf, int count, MPI_Datatype type, int dest, int,       \
                  MPI_Comm comm) noexcept {                                                         \
    p2p_args(call, count, type, dest, false, comm);                                                 \
    note_mpi_buffer(call, buf, count, type, false);                                                 \
  }
ASSAY_BLOCKING_SEND(MPI_Send)
ASSAY_BLOCKING_SEND(MPI_Ssend)
ASSAY_BLOCKING_SEND(MPI_Bsend)
ASSAY_BLOCKING_SEND(MPI_Rsend)
#undef ASSAY_BLOCKING_SEND

#define ASSAY_NONBLOCKING(name, source)                                                            \
  void pre_##name(Call& call, const void* buf, int count, MPI_Datatype type, int peer, int,       \
                  MPI_Comm comm, MPI_Request*) noexcept {                                           \
    p2p_args(call, count, type, peer, source, comm);                                                \
    if (std::string_view(#name).find("_init") == std::string_view::npos)                            \
      note_mpi_buffer(call, buf, count, type, false);                                               \
  }
ASSAY_NONBLOCKING(MPI_Isend, false)
ASSAY_NONBLOCKING(MPI_Ibsend, false)
ASSAY_NONBLOCKING(MPI_Issend, false)
ASSAY_NONBLOCKING(MPI_Irsend, false)
ASSAY_NONBLOCKING(MPI_Send_init, false)
ASSAY_NONBLOCKING(MPI_Bsend_init, false)
ASSAY_NONBLOCKING(MPI_Ssend_init, false)
ASSAY_NONBLOCKING(MPI_Rsend_init, false)
#undef ASSAY_NONBLOCKING

void pre_MPI_Irecv(Call& call, void* buf, int count, MPI_Datatype type, int source, int, MPI_Comm comm,
                   MPI_Request*) noexcept {
  p2p_args(call, count, type, source, true, comm);
  note_mpi_buffer(call, buf, count, type, true);
}
void pre_MPI_Recv_init(Call& call, void*, int count, MPI_Datatype type, int source, int, MPI_Comm comm,
                       MPI_Request*) noexcept {
  p2p_args(call, count, type, source, true, comm);
}
void pre_MPI_Recv(Call& call, void* buf, int count, MPI_Datatype type, int source, int, MPI_Comm comm,
                  MPI_Status*) noexcept {
  p2p_args(call, count, type, source, true, comm);
  note_mpi_buffer(call, buf, count, type, true);
}

void post_MPI_Irecv(Call& call, int rc, void* buf, int count, MPI_Datatype type, int, int, MPI_Comm,
                    MPI_Request* request) noexcept {
  created_buffer(call, rc, request, false, buf, count, type, true);
}
// Matched receives (MPI-3.1 §3.8.3): the message is already matched, so only
// the buffer and, for MPI_Imrecv, the request are the program's to get right.
void pre_MPI_Mrecv(Call& call, void* buf, int count, MPI_Datatype type, MPI_Message*, MPI_Status*) noexcept {
  note_mpi_buffer(call, buf, count, type, true);
}
void pre_MPI_Imrecv(Call& call, void* buf, int count, MPI_Datatype type, MPI_Message*, MPI_Request*) noexcept {
  note_mpi_buffer(call, buf, count, type, true);
}
void post_MPI_Imrecv(Call& call, int rc, void* buf, int count, MPI_Datatype type, MPI_Message*,
                     MPI_Request* request) noexcept {
  created_buffer(call, rc, request, false, buf, count, type, true);
}
void post_MPI_Recv_init(Call& call, int rc, void* buf, int count, MPI_Datatype type, int, int,
                        MPI_Comm, MPI_Request* request) noexcept {
  created_buffer(call, rc, request, true, buf, count, type, true);
}

// pre: rd: *request — a start of an active persistent request is reported before MPI errs.
void pre_MPI_Start(Call& call, MPI_Request* request) noexcept {
  if (request && *request != MPI_REQUEST_NULL) state().requests.started(key(*request), call.site());
}
void pre_MPI_Startall(Call& call, int count, MPI_Request requests[]) noexcept {
  for (int i = 0; i < count; ++i)
    if (requests[i] != MPI_REQUEST_NULL) state().requests.started(key(requests[i]), call.site());
}

void pre_MPI_Wait(Call& call, MPI_Request* request, MPI_Status*) noexcept {
  save_waiting(call, 1, request);
  finish_nbc_checks(call);
}
void post_MPI_Wait(Call& call, int rc, MPI_Request*, MPI_Status*) noexcept {
  if (rc == MPI_SUCCESS) completed(call, 0);
}
void pre_MPI_Test(Call& call, MPI_Request* request, int*, MPI_Status*) noexcept {
  save_waiting(call, 1, request);
}
void post_MPI_Test(Call& call, int rc, MPI_Request*, int* flag, MPI_Status*) noexcept {
  if (rc == MPI_SUCCESS && *flag) completed(call, 0);
}
void pre_MPI_Waitall(Call& call, int count, MPI_Request requests[], MPI_Status[]) noexcept {
  save_waiting(call, count, requests);
  finish_nbc_checks(call);
}
void post_MPI_Waitall(Call& call, int rc, int, MPI_Request[], MPI_Status[]) noexcept {
  if (rc == MPI_SUCCESS) completed_all(call);
}
void pre_MPI_Testall(Call& call, int count, MPI_Request requests[], int*, MPI_Status[]) noexcept {
  save_waiting(call, count, requests);
}
void post_MPI_Testall(Call& call, int rc, int, MPI_Request[], int* flag, MPI_Status[]) noexcept {
  if (rc == MPI_SUCCESS && *flag) completed_all(call);
}
void pre_MPI_Waitany(Call& call, int count, MPI_Request requests[], int*, MPI_Status*) noexcept {
  save_waiting(call, count, requests);
}
void post_MPI_Waitany(Call& call, int rc, int, MPI_Request[], int* index, MPI_Status*) noexcept {
  if (rc == MPI_SUCCESS && *index != MPI_UNDEFINED) completed(call, *index);
}
void pre_MPI_Testany(Call& call, int count, MPI_Request requests[], int*, int*, MPI_Status*) noexcept {
  save_waiting(call, count, requests);
}
void post_MPI_Testany(Call& call, int rc, int, MPI_Request[], int* index, int* flag, MPI_Status*) noexcept {
  if (rc == MPI_SUCCESS && *flag && *index != MPI_UNDEFINED) completed(call, *index);
}
void pre_MPI_Waitsome(Call& call, int count, MPI_Request requests[], int*, int[], MPI_Status[]) noexcept {
  save_waiting(call, count, requests);
}
void post_MPI_Waitsome(Call& call, int rc, int, MPI_Request[], int* outcount, int indices[],
                       MPI_Status[]) noexcept {
  if (rc != MPI_SUCCESS || *outcount == MPI_UNDEFINED) return;
  for (int i = 0; i < *outcount; ++i) completed(call, indices[i]);
}
void pre_MPI_Testsome(Call& call, int count, MPI_Request requests[], int*, int[], MPI_Status[]) noexcept {
  save_waiting(call, count, requests);
}
void post_MPI_Testsome(Call& call, int rc, int, MPI_Request[], int* outcount, int indices[],
                       MPI_Status[]) noexcept {
  if (rc != MPI_SUCCESS || *outcount == MPI_UNDEFINED) return;
  for (int i = 0; i < *outcount; ++i) completed(call, indices[i]);
}

// pre: rd: *request — freed before MPI nulls the handle.
void pre_MPI_Request_free(Call& call, MPI_Request* request) noexcept {
  if (!request || *request == MPI_REQUEST_NULL) return;
  nbc_freeing(call, key(*request));
  rget_forgotten(key(*request));  // its epoch's end completes it
  state().requests.freeing(key(*request), call.site());
  state().requests.freed(key(*request));
}

void watch_truncation() {
  if (PMPI_Comm_create_errhandler(on_error, &reporting_handler()) != MPI_SUCCESS) return;
  report_truncation_on(MPI_COMM_WORLD);
  report_truncation_on(MPI_COMM_SELF);
}

// A window starts with MPI_ERRORS_ARE_FATAL (MPI-3.1 §8.3); errors of RMA
// calls are raised on it, so it gets the reporting handler in its place.
void watch_window_errors(MPI_Win win) {
  static MPI_Errhandler handler = [] {
    MPI_Errhandler h = MPI_ERRHANDLER_NULL;
    PMPI_Win_create_errhandler(on_window_error, &h);
    return h;
  }();
  MPI_Errhandler current = MPI_ERRHANDLER_NULL;
  if (handler == MPI_ERRHANDLER_NULL || PMPI_Win_get_errhandler(win, &current) != MPI_SUCCESS) return;
  const bool fatal = current == MPI_ERRORS_ARE_FATAL;
  if (current != MPI_ERRHANDLER_NULL) PMPI_Errhandler_free(&current);
  if (fatal) PMPI_Win_set_errhandler(win, handler);
}

// The program sees the default it would see without the checker.
void post_MPI_Comm_get_errhandler(Call&, int rc, MPI_Comm, MPI_Errhandler* handler) noexcept {
  if (rc != MPI_SUCCESS || !handler || *handler != reporting_handler()) return;
  PMPI_Errhandler_free(handler);
  *handler = MPI_ERRORS_ARE_FATAL;
}

void finalize_p2p(const Call&) { state().requests.finalize(); }

// The hooks this family implements; every other call only passes through.
void register_p2p(Hooks& h) {
  h.before_MPI_Send = pre_MPI_Send;
  h.before_MPI_Ssend = pre_MPI_Ssend;
  h.before_MPI_Bsend = pre_MPI_Bsend;
  h.before_MPI_Rsend = pre_MPI_Rsend;
  h.before_MPI_Isend = pre_MPI_Isend;
  h.before_MPI_Ibsend = pre_MPI_Ibsend;
  h.before_MPI_Issend = pre_MPI_Issend;
  h.before_MPI_Irsend = pre_MPI_Irsend;
  h.before_MPI_Send_init = pre_MPI_Send_init;
  h.before_MPI_Bsend_init = pre_MPI_Bsend_init;
  h.before_MPI_Ssend_init = pre_MPI_Ssend_init;
  h.before_MPI_Rsend_init = pre_MPI_Rsend_init;
  h.before_MPI_Irecv = pre_MPI_Irecv;
  h.before_MPI_Recv_init = pre_MPI_Recv_init;
  h.before_MPI_Recv = pre_MPI_Recv;
  h.before_MPI_Mrecv = pre_MPI_Mrecv;
  h.before_MPI_Imrecv = pre_MPI_Imrecv;
  h.after_MPI_Imrecv = post_MPI_Imrecv;
  h.after_MPI_Bsend_init = post_MPI_Bsend_init;
  h.after_MPI_Comm_get_errhandler = post_MPI_Comm_get_errhandler;
  h.after_MPI_Ibsend = post_MPI_Ibsend;
  h.after_MPI_Irecv = post_MPI_Irecv;
  h.after_MPI_Irsend = post_MPI_Irsend;
  h.after_MPI_Isend = post_MPI_Isend;
  h.after_MPI_Issend = post_MPI_Issend;
  h.after_MPI_Recv_init = post_MPI_Recv_init;
  h.before_MPI_Request_free = pre_MPI_Request_free;
  h.after_MPI_Rsend_init = post_MPI_Rsend_init;
  h.after_MPI_Send_init = post_MPI_Send_init;
  h.after_MPI_Ssend_init = post_MPI_Ssend_init;
  h.before_MPI_Start = pre_MPI_Start;
  h.before_MPI_Startall = pre_MPI_Startall;
  h.before_MPI_Test = pre_MPI_Test;
  h.after_MPI_Test = post_MPI_Test;
  h.before_MPI_Testall = pre_MPI_Testall;
  h.after_MPI_Testall = post_MPI_Testall;
  h.before_MPI_Testany = pre_MPI_Testany;
  h.after_MPI_Testany = post_MPI_Testany;
  h.before_MPI_Testsome = pre_MPI_Testsome;
  h.after_MPI_Testsome = post_MPI_Testsome;
  h.before_MPI_Wait = pre_MPI_Wait;
  h.after_MPI_Wait = post_MPI_Wait;
  h.before_MPI_Waitall = pre_MPI_Waitall;
  h.after_MPI_Waitall = post_MPI_Waitall;
  h.before_MPI_Waitany = pre_MPI_Waitany;
  h.after_MPI_Waitany = post_MPI_Waitany;
  h.before_MPI_Waitsome = pre_MPI_Waitsome;
  h.after_MPI_Waitsome = post_MPI_Waitsome;
}

}  // namespace assay::pmpi
