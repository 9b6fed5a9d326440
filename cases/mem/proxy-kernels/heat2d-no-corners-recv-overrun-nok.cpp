// DESCRIPTION: Proxy kernel heat2d (no-corners variant) with --inject=recv-overrun: the receive count of the bottom ghost row is one element past the end of the allocation (the message itself fits).
// NPROCS: 2
// EXPECT: error mem.recv.overrun
// TWIN: nb/proxy-kernels/heat2d-no-corners-ok
// ARGS: --kernel=heat2d --variant=no-corners --size=S --steps=2 --inject=recv-overrun
// SOURCES: ../../../overhead/kernels
// NOTE: The receive is in overhead/kernels/heat2d.cpp; EXPECT-AT can name lines of the case file only.
// ORIGIN: overhead/ proxy kernels (mpi-assay overhead --inject), overhead/README.md
extern "C" int assay_run_kernel_program(int argc, char** argv);  // overhead/kernels/run.cpp

int main(int argc, char** argv) { return assay_run_kernel_program(argc, argv); }
