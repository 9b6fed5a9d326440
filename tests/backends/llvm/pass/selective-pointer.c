// Pass test (tests/backends/llvm/run-pass-tests.sh): selective
// instrumentation with a call through a function pointer (prefix SELECTIVE,
// ASSAY_LLVM_SELECTIVE=1). The call may start anything, so everything after
// it is checked; the function whose address is taken may be called at any
// time, so its accesses are checked too.
#include "mpi-decls.h"

static void hidden_start(int *p) {
  MPI_Request req;
  MPI_Isend(p, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
  p[1] = 902;
}
static void (*volatile hook)(int *) = hidden_start;

int main(int argc, char **argv) {
  int buf[4];
  buf[3] = 900;
  hook(buf);
  buf[0] = 901;
  MPI_Init(&argc, &argv);
  return MPI_Finalize();
  // CHECK-LABEL: define {{.*}} @main
  // CHECK: store i32 %0
  // CHECK: call void @__assay_llvm_access({{.*}}, i64 4, i32 1)
  // CHECK-NEXT: store i32 900
  // SELECTIVE-LABEL: define {{.*}} @main
  // SELECTIVE-NOT: call void @__assay_llvm_access({{.*}}, i64 4, i32 1)
  // SELECTIVE: store i32 900
  // SELECTIVE: call void @__assay_llvm_access({{.*}}, i64 4, i32 1)
  // SELECTIVE-NEXT: store i32 901
  // SELECTIVE-LABEL: define internal void @hidden_start
  // SELECTIVE: call void @__assay_llvm_access
  // SELECTIVE-NEXT: store i32 902
}
