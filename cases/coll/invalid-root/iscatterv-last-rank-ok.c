// GENERATED: cases/gen/coll_roots.cpp
// DESCRIPTION: All ranks call MPI_Iscatterv on MPI_COMM_WORLD with root size - 1, a rank of it.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/invalid-root/iscatterv-minus-one-nok coll/invalid-root/iscatterv-size-nok coll/invalid-root/iscatterv-mpi-root-nok coll/invalid-root/iscatterv-proc-null-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    int size;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int send[4] = {rank, rank, rank, rank}, recv[4] = {0, 0, 0, 0};
    int counts[4] = {1, 1, 1, 1}, displs[4] = {0, 1, 2, 3};
    MPI_Request req;
    MPI_Iscatterv(send, counts, displs, MPI_INT, recv, 1, MPI_INT, size - 1, MPI_COMM_WORLD, &req); // @call
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    (void)counts; (void)displs; (void)recv;

    MPI_Finalize();
    return errors != 0;
}
