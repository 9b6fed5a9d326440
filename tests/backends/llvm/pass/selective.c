// Pass test (tests/backends/llvm/run-pass-tests.sh): selective
// instrumentation. Compiled again with ASSAY_LLVM_SELECTIVE=1 (prefix
// SELECTIVE): an access stays instrumented when an operation the runtime
// tracks may be in flight and may cover it, and is left out when none can
// be (before the first start, after a definite completion, on objects no
// pending operation points into). Every store checked here is to an object
// that reaches MPI, which the default build instruments (filter.c; CHECK
// below for touch_idle), so each SELECTIVE-NOT is the in-flight filter's doing.
//
// MPI is declared in mpi-decls.h, MPICH-style, so no MPI is needed;
// the analysis knows MPI calls by name. Test functions are static and called
// from main: a function other code could call is analysed as called while
// anything may be in flight.

#include "mpi-decls.h"

// During an Isend its buffer is checked, another object is not; nothing is
// checked before the start or after the wait.
static void isend_wait(void) {
  int buf[4], other[4];
  MPI_Recv(other, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  buf[3] = 100;
  MPI_Request req;
  MPI_Isend(buf, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
  buf[0] = 101;
  other[0] = 103;
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  buf[1] = 102;
  // SELECTIVE-LABEL: define internal void @isend_wait
  // SELECTIVE-NOT: call void @__assay_llvm_access
  // SELECTIVE: store i32 100
  // SELECTIVE: call void @__assay_llvm_access
  // SELECTIVE-NEXT: store i32 101
  // SELECTIVE-NOT: call void @__assay_llvm_access
  // SELECTIVE: store i32 103
  // SELECTIVE-NOT: call void @__assay_llvm_access
  // SELECTIVE: store i32 102
  // SELECTIVE: ret void
}

// A test that may fail completes nothing; only the wait does.
static void irecv_test_wait(void) {
  int buf[4], flag;
  MPI_Request req;
  MPI_Irecv(buf, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
  MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
  buf[0] = 201;
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  buf[1] = 202;
  // SELECTIVE-LABEL: define internal void @irecv_test_wait
  // SELECTIVE: call i32 @MPI_Test
  // SELECTIVE: call void @__assay_llvm_access
  // SELECTIVE-NEXT: store i32 201
  // SELECTIVE-NOT: call void @__assay_llvm_access
  // SELECTIVE: store i32 202
}

// A put's origin until the fence that completes it.
static void put_fence(int *window) {
  int origin[2];
  MPI_Win win;
  MPI_Win_create(window, 8, 4, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  MPI_Win_fence(0, win);
  MPI_Put(origin, 2, MPI_INT, 1, 0, 2, MPI_INT, win);
  origin[0] = 301;
  MPI_Win_fence(0, win);
  origin[1] = 302;
  MPI_Win_free(&win);
  // SELECTIVE-LABEL: define internal void @put_fence
  // SELECTIVE: call void @__assay_llvm_access
  // SELECTIVE-NEXT: store i32 301
  // SELECTIVE-NOT: call void @__assay_llvm_access
  // SELECTIVE: store i32 302
}

// A flush completes the operations to its target only.
static void flush_one_target(int *window) {
  int to_one[2], to_two[2];
  MPI_Win win;
  MPI_Win_create(window, 8, 4, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  MPI_Win_lock_all(0, win);
  MPI_Put(to_one, 2, MPI_INT, 1, 0, 2, MPI_INT, win);
  MPI_Put(to_two, 2, MPI_INT, 2, 0, 2, MPI_INT, win);
  MPI_Win_flush(1, win);
  to_one[0] = 401;
  to_two[0] = 402;
  MPI_Win_unlock_all(win);
  to_two[1] = 403;
  MPI_Win_free(&win);
  // SELECTIVE-LABEL: define internal void @flush_one_target
  // SELECTIVE: call i32 @MPI_Win_flush
  // SELECTIVE-NOT: call void @__assay_llvm_access
  // SELECTIVE: store i32 401
  // SELECTIVE: call void @__assay_llvm_access
  // SELECTIVE-NEXT: store i32 402
  // SELECTIVE-NOT: call void @__assay_llvm_access
  // SELECTIVE: store i32 403
}

static void ibcast_wait(void) {
  int buf[4];
  MPI_Request req;
  MPI_Ibcast(buf, 4, MPI_INT, 0, MPI_COMM_WORLD, &req);
  buf[0] = 501;
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  buf[1] = 502;
  // SELECTIVE-LABEL: define internal void @ibcast_wait
  // SELECTIVE: call void @__assay_llvm_access
  // SELECTIVE-NEXT: store i32 501
  // SELECTIVE-NOT: call void @__assay_llvm_access
  // SELECTIVE: store i32 502
}

// Called while an Isend is pending: its accesses stay (any memory).
static void touch_in_flight(int *p) {
  p[0] = 601;
}

// Called only when nothing is pending: nothing to check.
static void touch_idle(int *p) {
  p[0] = 602;
}

static void callee_in_flight(void) {
  int buf[4];
  MPI_Request req;
  touch_idle(buf);
  MPI_Isend(buf, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
  touch_in_flight(buf);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  touch_idle(buf);
}

// A helper that waits completes the caller's request; one that tests does not.
static void finish(MPI_Request *request) { MPI_Wait(request, MPI_STATUS_IGNORE); }
static void peek(MPI_Request *request) {
  int flag;
  MPI_Test(request, &flag, MPI_STATUS_IGNORE);
}
static void completed_in_callee(void) {
  int first[4], second[4];
  MPI_Request a, b;
  MPI_Isend(first, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &a);
  finish(&a);
  first[0] = 701;
  MPI_Isend(second, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &b);
  peek(&b);
  second[0] = 702;
  finish(&b);
  second[1] = 703;
  // SELECTIVE-LABEL: define internal void @completed_in_callee
  // SELECTIVE: call void @finish
  // SELECTIVE-NOT: call void @__assay_llvm_access
  // SELECTIVE: store i32 701
  // SELECTIVE: call void @peek
  // SELECTIVE: call void @__assay_llvm_access
  // SELECTIVE-NEXT: store i32 702
  // SELECTIVE: call void @finish
  // SELECTIVE-NOT: call void @__assay_llvm_access
  // SELECTIVE: store i32 703
}

// A persistent request started and waited for in a loop: in flight between
// MPI_Start and MPI_Wait only (the buffer is that of MPI_Send_init: any memory).
static void start_wait_loop(void) {
  int buf[4];
  MPI_Request req;
  MPI_Send_init(buf, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
  for (int i = 0; i < 3; ++i) {
    buf[0] = 801;
    MPI_Start(&req);
    buf[1] = 802;
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  }
  MPI_Request_free(&req);
  buf[2] = 803;
  // SELECTIVE-LABEL: define internal void @start_wait_loop
  // SELECTIVE-NOT: call void @__assay_llvm_access
  // SELECTIVE: store i32 801
  // SELECTIVE: call i32 @MPI_Start
  // SELECTIVE: call void @__assay_llvm_access
  // SELECTIVE-NEXT: store i32 802
  // SELECTIVE-NOT: call void @__assay_llvm_access
  // SELECTIVE: store i32 803
}

// MPI_Waitall over a constant count completes the elements it covers.
static void waitall_part(void) {
  int a[4], b[4];
  MPI_Request reqs[2];
  MPI_Isend(a, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]);
  MPI_Irecv(b, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[1]);
  MPI_Waitall(1, reqs, MPI_STATUSES_IGNORE);
  a[0] = 1001;
  b[0] = 1002;
  MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
  b[1] = 1003;
  // SELECTIVE-LABEL: define internal void @waitall_part
  // SELECTIVE: call i32 @MPI_Waitall
  // SELECTIVE-NOT: call void @__assay_llvm_access
  // SELECTIVE: store i32 1001
  // SELECTIVE: call void @__assay_llvm_access
  // SELECTIVE-NEXT: store i32 1002
  // SELECTIVE-NOT: call void @__assay_llvm_access
  // SELECTIVE: store i32 1003
}

// A start in a loop with no completion in it overwrites a pending request's
// handle: that operation is never completed, its buffer in flight for ever.
static void lost_request(void) {
  int buf[4];
  MPI_Request req;
  for (int i = 0; i < 2; ++i) MPI_Isend(buf, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  buf[0] = 851;
  // SELECTIVE-LABEL: define internal void @lost_request
  // SELECTIVE: call i32 @MPI_Wait
  // SELECTIVE: call void @__assay_llvm_access
  // SELECTIVE-NEXT: store i32 851
}

static int window_memory[2];

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  isend_wait();
  irecv_test_wait();
  put_fence(window_memory);
  flush_one_target(window_memory);
  ibcast_wait();
  callee_in_flight();
  completed_in_callee();
  start_wait_loop();
  waitall_part();
  lost_request();  // last: its lost request stays in flight for ever
  return MPI_Finalize();
}

// clang emits the helpers after their callers.
// CHECK-LABEL: define internal void @touch_idle
// CHECK: call void @__assay_llvm_access
// CHECK-NEXT: store i32 602
// SELECTIVE-LABEL: define internal void @touch_idle
// SELECTIVE-NOT: call void @__assay_llvm_access
// SELECTIVE: store i32 602
// SELECTIVE-LABEL: define internal void @touch_in_flight
// SELECTIVE: call void @__assay_llvm_access
// SELECTIVE-NEXT: store i32 601
