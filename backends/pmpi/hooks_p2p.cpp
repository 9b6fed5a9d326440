// Hooks of the point-to-point family: the request table (handles are saved
// before completion calls because MPI overwrites them with MPI_REQUEST_NULL)
// and the report of truncated messages.
#include <cstdio>
#include <string>
#include <vector>

#include "hooks.hpp"

namespace assay::pmpi {
namespace {

using core::RequestKind;

void created(const Call& call, int rc, MPI_Request* request, RequestKind kind, bool persistent) {
  if (rc != MPI_SUCCESS || !request || *request == MPI_REQUEST_NULL) return;
  state().requests.created(key(*request), request, kind, persistent, call.site());
}

// The bytes count x datatype touches at buf, as sorted disjoint address ranges.
std::vector<core::ByteRange> footprint(const void* buf, int count, MPI_Datatype type) {
  if (!buf || buf == MPI_BOTTOM) return {};
  const auto base = reinterpret_cast<std::uintptr_t>(buf);
  std::vector<core::ByteRange> ranges;
  for (const auto& [lo, hi] : type_blocks(count, type))
    ranges.push_back({base + static_cast<std::uintptr_t>(lo), base + static_cast<std::uintptr_t>(hi)});
  return ranges;
}

void created_buffer(const Call& call, int rc, MPI_Request* request, bool persistent, const void* buf,
                    int count, MPI_Datatype type, bool writes) {
  created(call, rc, request, RequestKind::point_to_point, persistent);
  if (rc != MPI_SUCCESS || !request || *request == MPI_REQUEST_NULL) return;
  state().requests.buffer(key(*request), footprint(buf, count, type), writes);
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

void on_error(MPI_Comm* comm, int* code, ...) noexcept {
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
  std::fprintf(stderr, "==ASSAY== rank %d: %s%s%s; aborting as MPI_ERRORS_ARE_FATAL does\n", my_rank(),
               call ? call->name : "", call ? ": " : "", text);
  std::fflush(stderr);
  PMPI_Abort(*comm, *code);
}

// Only the default is replaced.
void report_truncation_on(MPI_Comm comm) {
  MPI_Errhandler current = MPI_ERRHANDLER_NULL;
  if (PMPI_Comm_get_errhandler(comm, &current) != MPI_SUCCESS) return;
  const bool fatal = current == MPI_ERRORS_ARE_FATAL;
  if (current != MPI_ERRHANDLER_NULL) PMPI_Errhandler_free(&current);
  if (fatal) PMPI_Comm_set_errhandler(comm, reporting_handler());
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

void post_MPI_Irecv(Call& call, int rc, void* buf, int count, MPI_Datatype type, int, int, MPI_Comm,
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
  state().requests.freeing(key(*request), call.site());
  state().requests.freed(key(*request));
}

void watch_truncation() {
  if (PMPI_Comm_create_errhandler(on_error, &reporting_handler()) != MPI_SUCCESS) return;
  report_truncation_on(MPI_COMM_WORLD);
  report_truncation_on(MPI_COMM_SELF);
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
