// DESCRIPTION: A 1D diffusion solver on a periodic ring of 3 ranks updates its boundary cells from the halo cells u[0] and u[N+1] before waiting for the MPI_Irecv operations that fill them.
// NPROCS: 3
// EXPECT: error nb.buffer.recv-access
// EXPECT-AT: recv boundary
// TWIN: nb/scenarios/halo-1d-ok
// NOTE: MPI-3.1 §3.7.2: the receive buffer must not be accessed until the receive completes.
#include <mpi.h>

enum { N = 8, STEPS = 4 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;

    /* N cells and one halo cell on each side; the update conserves the total heat */
    double u[N + 2], unew[N + 2];
    u[0] = u[N + 1] = 0.0;
    for (int i = 1; i <= N; i++)
        u[i] = rank * N + i;
    double local = 0.0, before, after;
    for (int i = 1; i <= N; i++)
        local += u[i];
    MPI_Allreduce(&local, &before, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);

    for (int step = 0; step < STEPS; step++) {
        MPI_Request recvs[2], sends[2];
        MPI_Status statuses[2];
        MPI_Irecv(&u[0], 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &recvs[0]);     // @recv
        MPI_Irecv(&u[N + 1], 1, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &recvs[1]);
        MPI_Isend(&u[1], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &sends[0]);     // @send
        MPI_Isend(&u[N], 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &sends[1]);
        for (int i = 2; i < N; i++)
            unew[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
        unew[1] = 0.5 * u[1] + 0.25 * (u[0] + u[2]);                            // @boundary
        unew[N] = 0.5 * u[N] + 0.25 * (u[N - 1] + u[N + 1]);
        MPI_Waitall(2, recvs, statuses);
        MPI_Waitall(2, sends, statuses);
        for (int i = 1; i <= N; i++)
            u[i] = unew[i];                                                      // @copy
    }

    local = 0.0;
    for (int i = 1; i <= N; i++)
        local += u[i];
    MPI_Allreduce(&local, &after, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    double drift = after - before;
    int failed = drift > 1e-9 || drift < -1e-9;

    MPI_Finalize();
    (void)failed; /* not checked: the error leaves the data undefined */
    return 0;
}
