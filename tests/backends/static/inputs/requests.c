// Request completion: what the analysis must report (want:) and what it must not.
#include <mpi.h>
#include <stdlib.h>

static void finish(MPI_Request *r) { MPI_Wait(r, MPI_STATUS_IGNORE); }
static void start(int *x, MPI_Request *r) { MPI_Irecv(x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, r); }
void keep(MPI_Request r);

void completed_in_callee(int *x) {
    MPI_Request r;
    MPI_Isend(x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    finish(&r);
}

void never_completed(int *x) {
    MPI_Request r;
    MPI_Isend(x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r); // want: nb.request.missing-completion
}

void started_in_callee_never_completed(int *x) {
    MPI_Request r;
    start(x, &r); // want: nb.request.missing-completion
}

void loop_array_all(int *x) {
    MPI_Request reqs[4];
    for (int i = 0; i < 4; i++)
        MPI_Irecv(&x[i], 1, MPI_INT, 0, i, MPI_COMM_WORLD, &reqs[i]);
    for (int i = 0; i < 4; i++)
        MPI_Wait(&reqs[i], MPI_STATUS_IGNORE);
}

void loop_array_short(int *x) {
    MPI_Request reqs[4];
    for (int i = 0; i < 4; i++)
        MPI_Irecv(&x[i], 1, MPI_INT, 0, i, MPI_COMM_WORLD, &reqs[i]); // want: nb.request.missing-completion
    MPI_Waitall(3, reqs, MPI_STATUSES_IGNORE);
}

void testall_loop(int *x) {
    MPI_Request reqs[2];
    MPI_Irecv(&x[0], 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(&x[1], 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &reqs[1]);
    int done = 0;
    while (!done)
        MPI_Testall(2, reqs, &done, MPI_STATUSES_IGNORE);
}

void unknown_count(int *x, int n) {
    MPI_Request *reqs = malloc(sizeof(MPI_Request) * (size_t)n);
    for (int i = 0; i < n; i++)
        MPI_Irecv(&x[i], 1, MPI_INT, 0, i, MPI_COMM_WORLD, &reqs[i]);
    MPI_Waitall(n, reqs, MPI_STATUSES_IGNORE);
    free(reqs);
}

void handle_copied(int *x) {
    MPI_Request r, copy;
    MPI_Isend(x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    copy = r;
    MPI_Wait(&copy, MPI_STATUS_IGNORE);
}

void handed_to_unknown(int *x) {
    MPI_Request r;
    MPI_Isend(x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    keep(r);
}

void completed_when_size_allows(int *x, int size) {
    MPI_Request r;
    if (size > 1) {
        MPI_Isend(x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    }
}

void freed(int *x) {
    MPI_Request r;
    MPI_Isend(x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    MPI_Request_free(&r);
}

void nbc_never_completed(void) {
    MPI_Request r;
    MPI_Ibarrier(MPI_COMM_WORLD, &r); // want: coll.request.missing-completion
}

void persistent_started_never_completed(int *x) {
    MPI_Request r;
    MPI_Send_init(x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    MPI_Start(&r); // want: nb.request.missing-completion
}

void aborts(int *x) {
    MPI_Request r;
    MPI_Isend(x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    MPI_Abort(MPI_COMM_WORLD, 1);
}

void overwritten_in_loop(void) {
    MPI_Request r;
    for (int step = 0; step < 3; ++step)
        MPI_Ibarrier(MPI_COMM_WORLD, &r); // want: coll.request.missing-completion
    MPI_Wait(&r, MPI_STATUS_IGNORE);
}

void completed_each_iteration(void) {
    MPI_Request r;
    for (int step = 0; step < 3; ++step) {
        MPI_Ibarrier(MPI_COMM_WORLD, &r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    }
}

void one_iteration_then_wait(void) {
    MPI_Request r;
    for (int step = 0; step < 1; ++step)
        MPI_Ibarrier(MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
}

void persistent_started_then_freed(int *x) {
    MPI_Request r;
    MPI_Send_init(x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    MPI_Start(&r);
    MPI_Request_free(&r); /* legal: the active send completes, then the request is freed */
}

static int peek(MPI_Request *r) {
    int flag = 0;
    MPI_Request_get_status(*r, &flag, MPI_STATUS_IGNORE); // by value: cannot complete it
    return flag;
}

void queried_never_completed(int *x) {
    MPI_Request r;
    MPI_Isend(x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r); // want: nb.request.missing-completion
    (void)peek(&r);
}

void queried_then_waited(int *x) {
    MPI_Request r;
    MPI_Isend(x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    (void)peek(&r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
}
