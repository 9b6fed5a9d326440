// DESCRIPTION: Proxy kernel cfd (notified variant) with --inject=skip-collective: the last rank skips the checksum's MPI_Gather, so the other ranks wait in it forever.
// NPROCS: 2
// EXPECT: error coll.order.conditional
// TWIN: rma/proxy-kernels/cfd-notified-ok
// ARGS: --kernel=cfd --variant=notified --size=S --steps=2 --inject=skip-collective
// SOURCES: ../../../overhead/kernels
// TIMEOUT: 10
// TAGS: deadlock
// NOTE: The skipped MPI_Gather is in overhead/kernels/kernel.cpp (ordered_sum). Natively hangs with Open MPI and MPICH.
// ORIGIN: overhead/ proxy kernels (mpi-assay overhead --inject), overhead/README.md
extern "C" int assay_run_kernel_program(int argc, char** argv);  // overhead/kernels/run.cpp

int main(int argc, char** argv) { return assay_run_kernel_program(argc, argv); }
