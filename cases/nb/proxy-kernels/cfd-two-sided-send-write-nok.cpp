// DESCRIPTION: Proxy kernel cfd (two-sided variant) with --inject=send-write: a store into the send buffer of a pending MPI_Isend before MPI_Waitall (the value already there).
// NPROCS: 2
// EXPECT: error nb.buffer.send-write
// TWIN: nb/proxy-kernels/cfd-two-sided-ok
// ARGS: --kernel=cfd --variant=two-sided --size=S --steps=2 --inject=send-write
// SOURCES: ../../../overhead/kernels
// NOTE: The injected store is in overhead/kernels/halo.cpp; EXPECT-AT can name lines of the case file only.
// ORIGIN: overhead/ proxy kernels (mpi-assay overhead --inject), overhead/README.md
extern "C" int assay_run_kernel_program(int argc, char** argv);  // overhead/kernels/run.cpp

int main(int argc, char** argv) { return assay_run_kernel_program(argc, argv); }
