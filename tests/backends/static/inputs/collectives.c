// Collective order: what the analysis must report (want:) and what it must not.
#include <mpi.h>

static int global_sum(int v) {
    int sum = 0;
    MPI_Allreduce(&v, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD); // want: coll.order.conditional (rank_dependent_loop)
    return sum;
}

static void barrier_if_first(int rank) {
    if (rank == 0)
        MPI_Barrier(MPI_COMM_WORLD); // want: coll.order.conditional
}

void only_root(int *buf) {
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    barrier_if_first(rank);
}

void both_branches(int *buf) {
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        buf[0] = 1;
        MPI_Bcast(buf, 1, MPI_INT, 0, MPI_COMM_WORLD);
    } else {
        MPI_Bcast(buf, 1, MPI_INT, 0, MPI_COMM_WORLD);
    }
}

void uniform_condition(int *buf, int size) {
    if (size > 1)
        MPI_Bcast(buf, 1, MPI_INT, 0, MPI_COMM_WORLD);
}

void correlated(int *buf) {
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        MPI_Bcast(buf, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank != 0)
        MPI_Bcast(buf, 1, MPI_INT, 0, MPI_COMM_WORLD);
}

void swapped(int *buf) {
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Barrier(MPI_COMM_WORLD); // want: coll.order.mismatch
        MPI_Bcast(buf, 1, MPI_INT, 0, MPI_COMM_WORLD);
    } else {
        MPI_Bcast(buf, 1, MPI_INT, 0, MPI_COMM_WORLD);
        MPI_Barrier(MPI_COMM_WORLD);
    }
}

void blocking_vs_nonblocking(int *buf) {
    int rank;
    MPI_Request r;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Ibcast(buf, 1, MPI_INT, 0, MPI_COMM_WORLD, &r); // want: coll.order.nbc-mismatch
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    } else {
        MPI_Bcast(buf, 1, MPI_INT, 0, MPI_COMM_WORLD);
    }
}

void rank_dependent_loop(void) {
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i <= rank; i++)
        global_sum(i); /* the finding names the collective in global_sum */
}

void rank_dependent_value_uniform_loop(void) {
    int rank, rounds = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int items = rank + 1;
    MPI_Allreduce(&items, &rounds, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    for (int i = 0; i < rounds; i++)
        global_sum(i < items ? i : 0);
}

void on_a_split_communicator(int *buf) {
    int rank;
    MPI_Comm half;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_split(MPI_COMM_WORLD, rank < 2 ? 0 : MPI_UNDEFINED, rank, &half);
    if (rank < 2) {
        MPI_Bcast(buf, 1, MPI_INT, 0, half);
        MPI_Comm_free(&half);
    }
}

void on_a_duplicate(int *buf) {
    int rank;
    MPI_Comm dup;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    if (rank == 1)
        MPI_Bcast(buf, 1, MPI_INT, 0, dup); // want: coll.order.conditional
    MPI_Comm_free(&dup);
}

void aborting_rank(int *buf) {
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0 && buf[0] < 0)
        MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Bcast(buf, 1, MPI_INT, 0, MPI_COMM_WORLD);
}
