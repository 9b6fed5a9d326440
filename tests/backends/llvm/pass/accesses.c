// Pass test (tests/backends/llvm/run-pass-tests.sh): which accesses the llvm
// backend's plugin instruments, with which size and kind
// (0 load, 1 store, 2 atomic, 3 copy read, 4 copy write, 5 memset, 7 library write).
#include <string.h>

void hand_to_mpi(void *buf, int bytes);  // stands for any MPI call: unknown, captures

// A buffer handed to an unknown function may be in flight: its store is checked.
void store_shared(void) {
  int shared[4] = {0};
  hand_to_mpi(shared, sizeof shared);
  shared[1] = 4;
  // CHECK-LABEL: define{{.*}} void @store_shared
  // CHECK: call void @__assay_llvm_access(i8* {{.*}}, i64 4, i32 1), !dbg ![[STORE:[0-9]+]]
  // CHECK-NEXT: store i32 4
}

// Accesses through a parameter: unknown object, both checked, widths kept.
long through_param(int *p, long *q) {
  *p = 1;
  return p[2] + *q;
  // CHECK-LABEL: define{{.*}} i64 @through_param
  // CHECK: call void @__assay_llvm_access(i8* {{.*}}, i64 4, i32 1)
  // CHECK: call void @__assay_llvm_access(i8* {{.*}}, i64 4, i32 0)
  // CHECK: call void @__assay_llvm_access(i8* {{.*}}, i64 8, i32 0)
  // CHECK: ret i64
}

// memcpy/memset intrinsics: destination written, source read, over the length.
void copy(char *dst, const char *src, unsigned long n) {
  memcpy(dst, src, n);
  memset(dst, 0, 16);
  // CHECK-LABEL: define{{.*}} void @copy
  // CHECK: call void @__assay_llvm_access(i8* {{.*}}, i64 %{{.*}}, i32 4)
  // CHECK: call void @__assay_llvm_access(i8* {{.*}}, i64 %{{.*}}, i32 3)
  // CHECK: call void @llvm.memcpy
  // CHECK: call void @__assay_llvm_access(i8* {{.*}}, i64 16, i32 5)
  // CHECK: call void @llvm.memset
}

// A string copy: the destination is written over the source's length + 1,
// measured at run time.
void copy_string(char *dst, const char *src) {
  strcpy(dst, src);
  // CHECK-LABEL: define{{.*}} void @copy_string
  // CHECK: call void @__assay_llvm_string(i8* {{.*}}, i8* {{.*}}, i32 7)
  // CHECK: call i8* @strcpy
}

// Atomics are writes.
void bump(int *counter) {
  __atomic_fetch_add(counter, 1, __ATOMIC_SEQ_CST);
  // CHECK-LABEL: define{{.*}} void @bump
  // CHECK: call void @__assay_llvm_access(i8* {{.*}}, i64 4, i32 2)
  // CHECK-NEXT: atomicrmw add
}

// free(p) of a block that may reach MPI: the runtime hears of it first, at the
// free's location (received data in the block ends there, runtime/received.cpp).
void free(void *);
void release(void *p) {
  free(p);
  // CHECK-LABEL: define{{.*}} void @release
  // CHECK: call void @__assay_llvm_free(i8* {{.*}}), !dbg
  // CHECK-NEXT: call void @free
}

// CHECK: ![[STORE]] = !DILocation(line: 12,
