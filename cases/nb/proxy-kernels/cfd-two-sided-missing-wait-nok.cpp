// DESCRIPTION: Proxy kernel cfd (two-sided variant) with --inject=missing-wait: the send requests are never completed (a barrier stands in for their MPI_Waitall).
// NPROCS: 2
// EXPECT: error nb.request.missing-completion
// EXPECT: error nb.request.reuse-active
// TWIN: nb/proxy-kernels/cfd-two-sided-ok
// ARGS: --kernel=cfd --variant=two-sided --size=S --steps=2 --inject=missing-wait
// SOURCES: ../../../overhead/kernels
// NOTE: The injected code is in overhead/kernels/halo.cpp; EXPECT-AT can name lines of the case file only. The next exchange's MPI_Isend overwrites the handles of the never-completed requests: a reuse of active handles too.
// ORIGIN: overhead/ proxy kernels (mpi-assay overhead --inject), overhead/README.md
extern "C" int assay_run_kernel_program(int argc, char** argv);  // overhead/kernels/run.cpp

int main(int argc, char** argv) { return assay_run_kernel_program(argc, argv); }
