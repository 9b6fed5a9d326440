// DESCRIPTION: Proxy kernel heat2d (no-corners variant) with --inject=send-write: a store into a row being sent by a pending MPI_Isend before MPI_Waitall (the value already there).
// NPROCS: 2
// EXPECT: error nb.buffer.send-write
// TWIN: nb/proxy-kernels/heat2d-no-corners-ok
// ARGS: --kernel=heat2d --variant=no-corners --size=S --steps=2 --inject=send-write
// SOURCES: ../../../overhead/kernels
// NOTE: The injected store is in overhead/kernels/heat2d.cpp; EXPECT-AT can name lines of the case file only.
// ORIGIN: overhead/ proxy kernels (mpi-assay overhead --inject), overhead/README.md
extern "C" int assay_run_kernel_program(int argc, char** argv);  // overhead/kernels/run.cpp

int main(int argc, char** argv) { return assay_run_kernel_program(argc, argv); }
