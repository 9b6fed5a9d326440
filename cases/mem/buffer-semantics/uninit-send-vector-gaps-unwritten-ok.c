// GENERATED: cases/gen/mem_buffer_semantics.cpp
// DESCRIPTION: Rank 0 writes only every other int of a malloc'd buffer and sends exactly those ints with a vector datatype and MPI_Send; the unwritten gaps are not part of the message.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/buffer-semantics/uninit-send-never-written-nok
#include <mpi.h>
#include <stdlib.h>

enum { N = 4 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int *values = malloc((2 * N - 1) * sizeof *values); /* gaps stay unwritten */
        for (int i = 0; i < N; i++)
            values[2 * i] = 10 + i;
        MPI_Datatype every_other;
        MPI_Type_vector(N, 1, 2, MPI_INT, &every_other);
        MPI_Type_commit(&every_other);
        MPI_Send(values, 1, every_other, 1, 0, MPI_COMM_WORLD); // @send
        MPI_Type_free(&every_other);
        free(values);
    } else if (rank == 1) {
        int in[N];
        MPI_Recv(in, N, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < N; i++)
            errors += in[i] != 10 + i;
    }

    MPI_Finalize();
    return errors != 0;
}
