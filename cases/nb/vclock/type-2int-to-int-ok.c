// DESCRIPTION: Rank 0 sends one MPI_2INT (signature int,int) that rank 1 receives as 2 MPI_INT, the same signature.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/vclock/type-2int-to-float-nok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §3.3.1: type matching compares the sequences of basic types; §5.9.4 defines MPI_2INT as a pair of ints.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int failed = 0;
    if (rank == 0) {
        int pair[2] = {7, 1};
        MPI_Send(pair, 1, MPI_2INT, 1, 0, MPI_COMM_WORLD);                        // @send
    } else {
        int received[2];
        MPI_Recv(received, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);   // @recv
        failed = received[0] != 7 || received[1] != 1;
    }
    MPI_Finalize();
    return failed;
}
