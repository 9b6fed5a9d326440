// DESCRIPTION: On a ring of processes each rank receives only the right ghost cell of its 1-D block every step, the only one its forward-difference update reads.
// NPROCS: 3
// EXPECT: ok
// TWIN: mem/recv-unused/ghost-left-unread-nok
#include <mpi.h>

enum { N = 4, STEPS = 3 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int left = (rank + size - 1) % size, right = (rank + 1) % size;
    double u[N + 2], next[N + 2];
    for (int i = 1; i <= N; i++)
        u[i] = rank * N + i;
    for (int step = 0; step < STEPS; step++) {
        MPI_Request reqs[2];
        MPI_Irecv(&u[N + 1], 1, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &reqs[0]);
        MPI_Isend(&u[1], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &reqs[1]);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
        for (int i = 1; i <= N; i++)
            next[i] = u[i] + 0.25 * (u[i + 1] - u[i]);
        for (int i = 1; i <= N; i++)
            u[i] = next[i];
    }
    double local = 0, total = 0;
    for (int i = 1; i <= N; i++)
        local += u[i];
    MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    /* On a ring the forward differences sum to zero: the total stays that of the start. */
    const double expected = size * N * (size * N + 1) / 2.0, diff = total - expected;
    return diff > 1e-9 || diff < -1e-9;
}
