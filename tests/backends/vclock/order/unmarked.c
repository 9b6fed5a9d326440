// Pass test (tests/backends/vclock/run-order-tests.sh): receives the order
// pass must leave alone (their races stay reported), one per rule it checks.
#include "mpi-decls.h"

void consume(int v);

// (a) the buffer is written in the loop besides the receive.
int buffer_stored(int n) {
  int acc = 0;
  for (int k = 0; k < n; k++) {
    int v = 0;
    MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    acc += v;
  }
  return acc;
  // CHECK-LABEL: define{{.*}} i32 @buffer_stored
  // CHECK-NOT: __assay_vclock
  // CHECK: ret i32
}

// (a) the buffer is read after the loop: the last message leaves it.
int buffer_read_after(int n) {
  int acc = 0, v = 0;
  for (int k = 0; k < n; k++) {
    MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    acc += v;
  }
  return acc + v;
  // CHECK-LABEL: define{{.*}} i32 @buffer_read_after
  // CHECK-NOT: __assay_vclock
  // CHECK: ret i32
}

// (a) the status is the program's: it can learn the sender.
int status_kept(int n) {
  int acc = 0;
  for (int k = 0; k < n; k++) {
    int v;
    MPI_Status st;
    MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
    acc += v;
  }
  return acc;
  // CHECK-LABEL: define{{.*}} i32 @status_kept
  // CHECK-NOT: __assay_vclock
  // CHECK: ret i32
}

// (b) another call in the loop.
int other_call(int n) {
  int acc = 0;
  for (int k = 0; k < n; k++) {
    int v;
    MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    acc += v;
    consume(k);
  }
  return acc;
  // CHECK-LABEL: define{{.*}} i32 @other_call
  // CHECK-NOT: __assay_vclock
  // CHECK: ret i32
}

// (c) not a reduction: digits (10 * acc + v), weighted by the iteration
// index, the last value kept, a conditional update, the running sum recorded.
int digits(int n) {
  int acc = 0;
  for (int k = 0; k < n; k++) {
    int v;
    MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    acc = 10 * acc + v;
  }
  return acc;
  // CHECK-LABEL: define{{.*}} i32 @digits
  // CHECK-NOT: __assay_vclock
  // CHECK: ret i32
}

int weighted(int n) {
  int acc = 0;
  for (int k = 0; k < n; k++) {
    int v;
    MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    acc += (k + 1) * v;
  }
  return acc;
  // CHECK-LABEL: define{{.*}} i32 @weighted
  // CHECK-NOT: __assay_vclock
  // CHECK: ret i32
}

int last(int n) {
  int acc = 0;
  for (int k = 0; k < n; k++) {
    int v;
    MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    acc = v;
  }
  return acc;
  // CHECK-LABEL: define{{.*}} i32 @last
  // CHECK-NOT: __assay_vclock
  // CHECK: ret i32
}

int conditional(int n) {
  int acc = 0;
  for (int k = 0; k < n; k++) {
    int v;
    MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (v > 0) acc += v;
  }
  return acc;
  // CHECK-LABEL: define{{.*}} i32 @conditional
  // CHECK-NOT: __assay_vclock
  // CHECK: ret i32
}

void recorded(int n, int *running) {
  int acc = 0;
  for (int k = 0; k < n; k++) {
    int v;
    MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    acc += v;
    running[k] = acc;
  }
  // CHECK-LABEL: define{{.*}} void @recorded
  // CHECK-NOT: __assay_vclock
  // CHECK: ret void
}

// (c) the loop's exit depends on the sum.
int until(void) {
  int acc = 0;
  while (acc < 100) {
    int v;
    MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    acc += v;
  }
  return acc;
  // CHECK-LABEL: define{{.*}} i32 @until
  // CHECK-NOT: __assay_vclock
  // CHECK: ret i32
}

// (d) floating point: the order changes the rounding.
double float_sum(int n) {
  double acc = 0;
  for (int k = 0; k < n; k++) {
    double v;
    MPI_Recv(&v, 1, MPI_DOUBLE, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    acc += v;
  }
  return acc;
  // CHECK-LABEL: define{{.*}} double @float_sum
  // CHECK-NOT: __assay_vclock
  // CHECK: ret double
}

// (a) the status is a global variable: the program can learn the sender there.
MPI_Status last_status;
int status_global(int n) {
  int acc = 0;
  for (int k = 0; k < n; k++) {
    int v;
    MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &last_status);
    acc += v;
  }
  return acc;
  // CHECK-LABEL: define{{.*}} i32 @status_global
  // CHECK-NOT: __assay_vclock
  // CHECK: ret i32
}

// Not in a loop: nothing to fold.
int single(void) {
  int v;
  MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return v;
  // CHECK-LABEL: define{{.*}} i32 @single
  // CHECK-NOT: __assay_vclock
  // CHECK: ret i32
}
// SUMMARY: assay-order: {{.*}}unmarked.c: 0 of 12 MPI_Recv calls in loops marked order-insensitive
