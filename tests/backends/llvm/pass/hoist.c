// Pass test (tests/backends/llvm/run-pass-tests.sh): loops checked once. The
// HOIST lines are checked on this file compiled at -O2 (no vectorising or
// unrolling, for a fixed shape) with the guard: an innermost loop without
// calls whose accesses have address ranges known before it starts is
// versioned — its preheader compares the union of the ranges with the
// runtime's bounds once and runs an uninstrumented copy when they do not
// overlap, else the instrumented original.

void hand_to_mpi(void *buf, int bytes);  // stands for any MPI call: unknown, captures

// Affine addresses over a computable trip count: versioned.
void scale(double *y, const double *x, long n) {
  for (long i = 0; i < n; ++i) y[i] = 2.0 * x[i];
  // CHECK-LABEL: define{{.*}} void @scale
  // CHECK: call void @__assay_llvm_access
  // HOIST-LABEL: define{{.*}} void @scale
  // HOIST: load atomic i64, i64* getelementptr inbounds ([2 x i64], [2 x i64]* @__assay_llvm_bounds, i32 0, i32 0) monotonic
  // A range inside the bounds but inside one of the runtime's gaps meets nothing either.
  // HOIST: load atomic i64, i64* getelementptr inbounds ([6 x i64], [6 x i64]* @__assay_llvm_gaps, i32 0, i32 0) monotonic
  // HOIST: load atomic i64, i64* getelementptr inbounds ([6 x i64], [6 x i64]* @__assay_llvm_gaps, i32 0, i32 5) monotonic
  // HOIST: xor i1 {{%.*}}, true
  // HOIST: br i1 %assay.loop.touches, label %[[CHECKED:[^,]*]], label %[[UNCHECKED:[^,]*]], {{.*}}!prof ![[RARELY:[0-9]+]]
  // The copy: the loop's loads and stores, no guard, no call.
  // HOIST: [[UNCHECKED]]:
  // HOIST-NOT: @__assay_llvm
  // HOIST: load double
  // HOIST-NOT: @__assay_llvm
  // HOIST: store double
  // HOIST-NOT: @__assay_llvm
  // HOIST: [[CHECKED]]:
  // The original: guarded calls for the load and the store.
  // HOIST: call void @__assay_llvm_access(i8* {{.*}}, i64 8, i32 0)
  // HOIST: call void @__assay_llvm_access(i8* {{.*}}, i64 8, i32 1)
}

// A call in the loop may change the bounds: not versioned.
void with_call(double *y, long n) {
  for (long i = 0; i < n; ++i) {
    y[i] = 1.0;
    hand_to_mpi(y, 8);
  }
  // HOIST-LABEL: define{{.*}} void @with_call
  // HOIST-NOT: assay.loop.touches
  // HOIST: call void @__assay_llvm_access
}

// Addresses loaded in the loop (a list): no range before it, not versioned.
struct node { struct node *next; double v; };
double walk(struct node *p) {
  double s = 0;
  for (; p; p = p->next) s += p->v;
  return s;
  // HOIST-LABEL: define{{.*}} double @walk
  // HOIST-NOT: assay.loop.touches
  // HOIST: call void @__assay_llvm_access
}

// HOIST: ![[RARELY]] = !{!"branch_weights", i32 1, i32 1000}
