// Pass test (tests/backends/vclock/run-order-tests.sh): receives whose messages
// only feed a commutative and associative integer reduction of their loop are
// marked: a call __assay_vclock_receive_in_reduction(site) right before the
// MPI_Recv, __assay_vclock_reduction_enter(site) on the edge into the loop.
#include "mpi-decls.h"

int sum(int n) {
  int acc = 0;
  for (int k = 0; k < n; k++) {
    int v;
    MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    acc += v;
  }
  return acc;
  // CHECK-LABEL: define{{.*}} i32 @sum
  // CHECK: call void @__assay_vclock_reduction_enter(i8* @[[SUM:assay.order.site[.0-9]*]])
  // CHECK-NEXT: br label %for.cond
  // CHECK: for.body:
  // CHECK: call void @__assay_vclock_receive_in_reduction(i8* @[[SUM]])
  // CHECK-NEXT: call i32 @MPI_Recv
  // CHECK: ret i32
}

// xor of a value derived from the message alone; product; sum of squares.
unsigned checksum(int n) {
  unsigned acc = 0;
  for (int k = 0; k < n; k++) {
    unsigned v;
    MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    acc ^= (v << 3) + 1;
  }
  return acc;
  // CHECK-LABEL: define{{.*}} i32 @checksum
  // CHECK: call void @__assay_vclock_receive_in_reduction
  // CHECK: ret i32
}

long product(int n) {
  long acc = 1;
  for (int k = 0; k < n; k++) {
    int v;
    MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    acc *= v;
  }
  return acc;
  // CHECK-LABEL: define{{.*}} i64 @product
  // CHECK: call void @__assay_vclock_receive_in_reduction
  // CHECK: ret i64
}

int squares(int n) {
  int acc = 0;
  for (int k = 0; k < n; k++) {
    int v;
    MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    acc += v * v;
  }
  return acc;
  // CHECK-LABEL: define{{.*}} i32 @squares
  // CHECK: call void @__assay_vclock_receive_in_reduction
  // CHECK: ret i32
}

// Two elements of one message, both folded into the same sum.
int pair_sum(int n) {
  int acc = 0;
  for (int k = 0; k < n; k++) {
    int v[2];
    MPI_Recv(v, 2, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    acc += v[0] + v[1];
  }
  return acc;
  // CHECK-LABEL: define{{.*}} i32 @pair_sum
  // CHECK: call void @__assay_vclock_receive_in_reduction
  // CHECK: ret i32
}

// A sum per round: the inner loop is entered once per round, from the outer
// loop's body (each round is its own execution).
void rounds(int n, int *sums) {
  for (int r = 0; r < 2; r++) {
    int acc = 0;
    for (int k = 0; k < n; k++) {
      int v;
      MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, r, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      acc += v;
    }
    sums[r] = acc;
  }
  // CHECK-LABEL: define{{.*}} void @rounds
  // CHECK: for.body:
  // CHECK: call void @__assay_vclock_reduction_enter(i8* @[[ROUND:assay.order.site[.0-9]*]])
  // CHECK-NEXT: br label %for.cond1
  // CHECK: call void @__assay_vclock_receive_in_reduction(i8* @[[ROUND]])
  // CHECK-NEXT: call i32 @MPI_Recv
  // CHECK: ret void
}
// MPICH spells MPI_STATUS_IGNORE as (MPI_Status *)1: ignored too.
int sum_mpich_ignore(int n) {
  int acc = 0;
  for (int k = 0; k < n; k++) {
    int v;
    MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, (MPI_Status *)1);
    acc += v;
  }
  return acc;
  // CHECK-LABEL: define{{.*}} i32 @sum_mpich_ignore
  // CHECK: call void @__assay_vclock_receive_in_reduction
  // CHECK-NEXT: call i32 @MPI_Recv
  // CHECK: ret i32
}
// SUMMARY: assay-order: {{.*}}reductions.c: 7 of 7 MPI_Recv calls in loops marked order-insensitive
