// DESCRIPTION: Proxy kernel cfd (notified variant) with --inject=missing-flush: no flush before the synchronisation, so the target may unpack ghost data while the MPI_Put is still in flight.
// NPROCS: 2
// EXPECT: error rma.local.target-access-during-remote
// EXPECT: error rma.local.same-origin-conflict
// TWIN: rma/proxy-kernels/cfd-notified-ok
// ARGS: --kernel=cfd --variant=notified --size=S --steps=2 --inject=missing-flush
// SOURCES: ../../../overhead/kernels
// NOTE: The missing flush is in overhead/kernels/halo.cpp; EXPECT-AT can name lines of the case file only. Without the flush the Puts of a later exchange (2 per step) write the same target bytes as unflushed Puts of an earlier one in the same lock_all epoch: a same-origin conflict too.
// ORIGIN: overhead/ proxy kernels (mpi-assay overhead --inject), overhead/README.md
extern "C" int assay_run_kernel_program(int argc, char** argv);  // overhead/kernels/run.cpp

int main(int argc, char** argv) { return assay_run_kernel_program(argc, argv); }
