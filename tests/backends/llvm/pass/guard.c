// Pass test (tests/backends/llvm/run-pass-tests.sh): the inline guard before
// each call into the runtime. The other inputs are compiled with
// ASSAY_LLVM_GUARD=0 (what is instrumented); this one with the default, and
// checked against its GUARD lines: the runtime's bounds [lo, hi) of the ranges
// in flight loaded (relaxed), the access [a, a + size) compared with them, and
// the call made only on overlap, marked unlikely, and outside the runtime's gaps.

void hand_to_mpi(void *buf, int bytes);  // stands for any MPI call: unknown, captures

long load_param(long *p) {
  return *p;
  // GUARD-LABEL: define{{.*}} i64 @load_param
  // GUARD: [[LO:%.*]] = load atomic i64, i64* getelementptr inbounds ([2 x i64], [2 x i64]* @__assay_llvm_bounds, i32 0, i32 0) monotonic, align 8
  // GUARD-NEXT: [[HI:%.*]] = load atomic i64, i64* getelementptr inbounds ([2 x i64], [2 x i64]* @__assay_llvm_bounds, i32 0, i32 1) monotonic, align 8
  // GUARD-NEXT: [[A:%.*]] = ptrtoint i8* [[P:%.*]] to i64
  // GUARD-NEXT: [[END:%.*]] = add i64 [[A]], 8
  // GUARD-NEXT: [[AFTER:%.*]] = icmp ugt i64 [[END]], [[LO]]
  // GUARD-NEXT: [[BEFORE:%.*]] = icmp ult i64 [[A]], [[HI]]
  // GUARD-NEXT: [[OV:%.*]] = and i1 [[AFTER]], [[BEFORE]]
  // GUARD-NEXT: br i1 [[OV]], label %[[INSIDE:.*]], label %[[ACCESS:[^,]*]], !dbg !{{[0-9]+}}, !prof ![[RARELY:[0-9]+]]
  // Inside the bounds: the runtime's three gaps, {lo, hi} each; an access
  // inside one meets no range in flight and no window, and makes no call.
  // GUARD: [[INSIDE]]:
  // GUARD-NEXT: [[G0LO:%.*]] = load atomic i64, i64* getelementptr inbounds ([6 x i64], [6 x i64]* @__assay_llvm_gaps, i32 0, i32 0) monotonic, align 8
  // GUARD-NEXT: [[G0HI:%.*]] = load atomic i64, i64* getelementptr inbounds ([6 x i64], [6 x i64]* @__assay_llvm_gaps, i32 0, i32 1) monotonic, align 8
  // GUARD-NEXT: [[G1LO:%.*]] = load atomic i64, i64* getelementptr inbounds ([6 x i64], [6 x i64]* @__assay_llvm_gaps, i32 0, i32 2) monotonic, align 8
  // GUARD-NEXT: [[G1HI:%.*]] = load atomic i64, i64* getelementptr inbounds ([6 x i64], [6 x i64]* @__assay_llvm_gaps, i32 0, i32 3) monotonic, align 8
  // GUARD-NEXT: [[G2LO:%.*]] = load atomic i64, i64* getelementptr inbounds ([6 x i64], [6 x i64]* @__assay_llvm_gaps, i32 0, i32 4) monotonic, align 8
  // GUARD-NEXT: [[G2HI:%.*]] = load atomic i64, i64* getelementptr inbounds ([6 x i64], [6 x i64]* @__assay_llvm_gaps, i32 0, i32 5) monotonic, align 8
  // GUARD-NEXT: [[F0:%.*]] = icmp uge i64 [[A]], [[G0LO]]
  // GUARD-NEXT: [[T0:%.*]] = icmp ule i64 [[END]], [[G0HI]]
  // GUARD-NEXT: [[IN0:%.*]] = and i1 [[F0]], [[T0]]
  // GUARD-NEXT: [[F1:%.*]] = icmp uge i64 [[A]], [[G1LO]]
  // GUARD-NEXT: [[T1:%.*]] = icmp ule i64 [[END]], [[G1HI]]
  // GUARD-NEXT: [[IN1:%.*]] = and i1 [[F1]], [[T1]]
  // GUARD-NEXT: [[ANY1:%.*]] = or i1 [[IN0]], [[IN1]]
  // GUARD-NEXT: [[F2:%.*]] = icmp uge i64 [[A]], [[G2LO]]
  // GUARD-NEXT: [[T2:%.*]] = icmp ule i64 [[END]], [[G2HI]]
  // GUARD-NEXT: [[IN2:%.*]] = and i1 [[F2]], [[T2]]
  // GUARD-NEXT: [[ANY:%.*]] = or i1 [[ANY1]], [[IN2]]
  // GUARD-NEXT: [[OUT:%.*]] = xor i1 [[ANY]], true
  // GUARD-NEXT: br i1 [[OUT]], label %[[RUN:.*]], label %[[SKIP:[^,]*]]
  // Outside every gap: the open run of its kind (reads: the first three words).
  // GUARD: [[RUN]]:
  // GUARD-NEXT: [[RLO:%.*]] = load atomic i64, i64* getelementptr inbounds ([6 x i64], [6 x i64]* @__assay_llvm_runs, i32 0, i32 0) monotonic, align 8
  // GUARD-NEXT: [[RHI:%.*]] = load atomic i64, i64* getelementptr inbounds ([6 x i64], [6 x i64]* @__assay_llvm_runs, i32 0, i32 1) monotonic, align 8
  // GUARD-NEXT: [[LIM:%.*]] = load atomic i64, i64* getelementptr inbounds ([6 x i64], [6 x i64]* @__assay_llvm_runs, i32 0, i32 2) monotonic, align 8
  // GUARD-NEXT: [[GE:%.*]] = icmp uge i64 [[A]], [[RLO]]
  // GUARD-NEXT: [[LE:%.*]] = icmp ule i64 [[A]], [[RHI]]
  // GUARD-NEXT: [[IN:%.*]] = and i1 [[GE]], [[LE]]
  // GUARD-NEXT: [[FITS:%.*]] = icmp ule i64 [[END]], [[LIM]]
  // GUARD-NEXT: [[GROWS:%.*]] = and i1 [[IN]], [[FITS]]
  // GUARD-NEXT: br i1 [[GROWS]], label %[[GROW:.*]], label %[[CALL:[^,]*]]
  // It starts inside the run or at its end and ends before the limit: the run's end grows.
  // GUARD: [[GROW]]:
  // GUARD-NEXT: [[LONGER:%.*]] = icmp ugt i64 [[END]], [[RHI]]
  // GUARD-NEXT: [[NEW:%.*]] = select i1 [[LONGER]], i64 [[END]], i64 [[RHI]]
  // GUARD-NEXT: store atomic i64 [[NEW]], i64* getelementptr inbounds ([6 x i64], [6 x i64]* @__assay_llvm_runs, i32 0, i32 1) monotonic, align 8
  // GUARD-NEXT: br label %[[JOIN:[^,]*]]
  // Else the call.
  // GUARD: [[CALL]]:
  // GUARD-NEXT: call void @__assay_llvm_access(i8* [[P]], i64 8, i32 0), !dbg ![[LOAD:[0-9]+]]
  // GUARD-NEXT: br label %[[JOIN]]
  // GUARD: [[JOIN]]:
  // GUARD-NEXT: br label %[[SKIP]]
  // GUARD: [[SKIP]]:
  // GUARD-NEXT: br label %[[ACCESS]]
  // GUARD: [[ACCESS]]:
  // GUARD-NEXT: load i64, i64* %{{.*}}, align 8, !dbg ![[LOAD]]
  // Without the guard (ASSAY_LLVM_GUARD=0): the call right before the access.
  // CHECK-LABEL: define{{.*}} i64 @load_param
  // CHECK-NOT: @__assay_llvm_bounds
  // CHECK: call void @__assay_llvm_access(i8* {{.*}}, i64 8, i32 0)
  // CHECK-NEXT: load i64
}

// memcpy: one guard per side, the length at run time; the second guard
// keeps the copy's location.
void copy(char *dst, const char *src, unsigned long n) {
  __builtin_memcpy(dst, src, n);
  // GUARD-LABEL: define{{.*}} void @copy
  // GUARD: icmp ult
  // GUARD: @__assay_llvm_runs, i32 0, i32 3)
  // GUARD: call void @__assay_llvm_access(i8* {{.*}}, i64 %{{.*}}, i32 4), !dbg ![[COPY:[0-9]+]]
  // GUARD: icmp ult
  // GUARD: call void @__assay_llvm_access(i8* {{.*}}, i64 %{{.*}}, i32 3), !dbg ![[COPY]]
  // GUARD: call void @llvm.memcpy
}

// A never-escaping local gets neither a guard nor a call.
int local_only(void) {
  int local[4] = {1, 2, 3, 4};
  return local[1];
  // GUARD-LABEL: define{{.*}} i32 @local_only
  // GUARD-NOT: @__assay_llvm_bounds
  // GUARD: ret i32
}

// GUARD: ![[LOAD]] = !DILocation(line: 11,
// GUARD: ![[RARELY]] = !{!"branch_weights", i32 1, i32 1000}
