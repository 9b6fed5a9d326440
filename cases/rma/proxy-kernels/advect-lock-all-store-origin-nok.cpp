// DESCRIPTION: Proxy kernel advect (lock-all variant) with --inject=store-origin: a store into the plane being Put before the flush completes the MPI_Put (the value already there).
// NPROCS: 2
// EXPECT: error rma.local.origin-write-during-put
// TWIN: rma/proxy-kernels/advect-lock-all-ok
// ARGS: --kernel=advect --variant=lock-all --size=S --steps=2 --inject=store-origin
// SOURCES: ../../../overhead/kernels
// NOTE: The injected store is in overhead/kernels/advect.cpp; EXPECT-AT can name lines of the case file only.
// ORIGIN: overhead/ proxy kernels (mpi-assay overhead --inject), overhead/README.md
extern "C" int assay_run_kernel_program(int argc, char** argv);  // overhead/kernels/run.cpp

int main(int argc, char** argv) { return assay_run_kernel_program(argc, argv); }
