/* The probe that gen-suppressions.sh runs under memcheck with the shim to
 * collect the MPI libraries' own noise: a correct program that exercises what
 * the shim annotates (blocking and nonblocking point to point, persistent
 * requests, derived datatypes, probes, statuses, collectives). Any error
 * memcheck reports while it runs is the libraries' (or the shim's), never the
 * program's. */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int other = (rank + 1) % size, from = (rank + size - 1) % size;
    enum { N = 4096 };
    int *out = malloc(N * sizeof *out), *in = malloc(N * sizeof *in);
    for (int i = 0; i < N; i++)
        out[i] = rank + i;
    MPI_Status st, sts[2];
    MPI_Request reqs[2];
    for (int n = 1; n <= N; n *= 8) { /* eager and rendezvous sizes */
        MPI_Irecv(in, n, MPI_INT, from, n, MPI_COMM_WORLD, &reqs[0]);
        MPI_Isend(out, n, MPI_INT, other, n, MPI_COMM_WORLD, &reqs[1]);
        MPI_Waitall(2, reqs, sts);
        MPI_Sendrecv(out, n, MPI_INT, other, 0, in, n, MPI_INT, from, 0, MPI_COMM_WORLD, &st);
    }
    MPI_Datatype vec;
    MPI_Type_vector(64, 1, 2, MPI_INT, &vec);
    MPI_Type_commit(&vec);
    MPI_Send_init(out, 1, vec, other, 1, MPI_COMM_WORLD, &reqs[1]);
    MPI_Recv_init(in, 1, vec, from, 1, MPI_COMM_WORLD, &reqs[0]);
    for (int k = 0; k < 3; k++) {
        MPI_Startall(2, reqs);
        int idx, flag = 0;
        MPI_Waitany(2, reqs, &idx, &st);
        while (!flag)
            MPI_Testall(2, reqs, &flag, sts);
    }
    MPI_Request_free(&reqs[0]);
    MPI_Request_free(&reqs[1]);
    MPI_Type_free(&vec);
    if (rank == 0) {
        MPI_Send(out, 8, MPI_INT, 1 % size, 2, MPI_COMM_WORLD);
    }
    if (rank == 1 % size) {
        MPI_Message msg;
        MPI_Mprobe(0, 2, MPI_COMM_WORLD, &msg, &st);
        MPI_Mrecv(in, 8, MPI_INT, &msg, &st);
    }
    MPI_Bcast(out, 16, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, out, 16, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Reduce(out, in, 16, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    free(out);
    free(in);
    MPI_Finalize();
    return 0;
}
