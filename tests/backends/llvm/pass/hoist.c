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


// A gather (x[index[i]]: an address loaded in the loop) is not versioned, but
// the loop calls nothing: its guards test the bounds its preheader read, one
// compare each, no load of the bounds inside the loop.
void gather(double *y, const double *x, const int *index, long n) {
  for (long i = 0; i < n; ++i) y[i] = x[index[i]];
  // HOIST-LABEL: define{{.*}} void @gather
  // HOIST-NOT: assay.loop.touches
  // HOIST: %assay.loop.from = sub i64 %assay.lo{{[0-9]*}}, 63
  // HOIST-NEXT: %assay.loop.span = sub i64 %assay.hi{{[0-9]*}}, %assay.loop.from
  // HOIST: for.body:
  // HOIST-NOT: @__assay_llvm_bounds
  // HOIST: icmp ult i64 {{%.*}}, %assay.loop.span
  // HOIST-NOT: @__assay_llvm_bounds
  // HOIST: call void @__assay_llvm_access(i8* {{.*}}, i64 4, i32 0)
  // HOIST-NOT: @__assay_llvm_bounds
  // HOIST: icmp ult i64 {{%.*}}, %assay.loop.span
  // HOIST-NOT: @__assay_llvm_bounds
  // HOIST: call void @__assay_llvm_access(i8* {{.*}}, i64 8, i32 0)
  // HOIST-NOT: @__assay_llvm_bounds
  // HOIST: icmp ult i64 {{%.*}}, %assay.loop.span
  // HOIST-NOT: @__assay_llvm_bounds
  // HOIST: call void @__assay_llvm_access(i8* {{.*}}, i64 8, i32 1)
}

// The same gather with an atomic load in the loop (another thread's MPI call
// may be ordered before the next access through it): the bounds are read at
// each access.
void gather_atomic(double *y, const double *x, const int *index, long n, int *flag) {
  for (long i = 0; i < n; ++i) y[i] = x[index[i]] + __atomic_load_n(flag, __ATOMIC_ACQUIRE);
  // HOIST-LABEL: define{{.*}} void @gather_atomic
  // HOIST-NOT: assay.loop.from
  // HOIST: for.body:
  // HOIST: load atomic i64, i64* getelementptr inbounds ([2 x i64], [2 x i64]* @__assay_llvm_bounds, i32 0, i32 0) monotonic
  // HOIST: call void @__assay_llvm_access
}

// Accesses at constant distances in one iteration (g[a], g[a + 1], g[a + 2],
// each loaded and stored) share one test of their lowest address; each keeps
// its own call behind it.
void add3(double *g, const int *index, long n) {
  for (long i = 0; i < n; ++i) {
    long a = 3L * index[i];
    g[a] += 1.0;
    g[a + 1] += 2.0;
    g[a + 2] += 3.0;
  }
  // HOIST-LABEL: define{{.*}} void @add3
  // HOIST: %assay.group.overlaps = icmp ult i64 {{%.*}}, %assay.loop.span
  // HOIST-NOT: %assay.group.overlaps{{[0-9]+}} =
  // HOIST-COUNT-6: br i1 %assay.group.overlaps,
  // HOIST-NOT: %assay.group.overlaps{{[0-9]+}} =
}

// HOIST: ![[RARELY]] = !{!"branch_weights", i32 1, i32 1000}
