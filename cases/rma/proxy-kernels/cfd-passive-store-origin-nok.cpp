// DESCRIPTION: Proxy kernel cfd (passive variant) with --inject=store-origin: a store into the packed origin buffer after the MPI_Put calls, before the epoch completes them (the value already there).
// NPROCS: 2
// EXPECT: error rma.local.origin-write-during-put
// TWIN: rma/proxy-kernels/cfd-passive-ok
// ARGS: --kernel=cfd --variant=passive --size=S --steps=2 --inject=store-origin
// SOURCES: ../../../overhead/kernels
// NOTE: The injected store is in overhead/kernels/halo.cpp; EXPECT-AT can name lines of the case file only.
// ORIGIN: overhead/ proxy kernels (mpi-assay overhead --inject), overhead/README.md
extern "C" int assay_run_kernel_program(int argc, char** argv);  // overhead/kernels/run.cpp

int main(int argc, char** argv) { return assay_run_kernel_program(argc, argv); }
