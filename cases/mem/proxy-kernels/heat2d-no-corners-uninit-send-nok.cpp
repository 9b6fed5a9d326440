// DESCRIPTION: Proxy kernel heat2d (no-corners variant) with --inject=uninit-send: the first interior row is never initialised and is sent to the neighbour above.
// NPROCS: 2
// EXPECT: error mem.send.uninitialized
// TWIN: nb/proxy-kernels/heat2d-no-corners-ok
// ARGS: --kernel=heat2d --variant=no-corners --size=S --steps=2 --inject=uninit-send
// SOURCES: ../../../overhead/kernels
// NOTE: The uninitialised row is in overhead/kernels/heat2d.cpp; the run's result depends on it, its exit status does not.
// ORIGIN: overhead/ proxy kernels (mpi-assay overhead --inject), overhead/README.md
extern "C" int assay_run_kernel_program(int argc, char** argv);  // overhead/kernels/run.cpp

int main(int argc, char** argv) { return assay_run_kernel_program(argc, argv); }
