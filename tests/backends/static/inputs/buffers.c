// Buffer accesses of pending operations: what the analysis must report (want:)
// and what it must not (a may-alias, a completion on some path, an access
// outside the footprint, a derived datatype).
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

static void finish(MPI_Request *r) { MPI_Wait(r, MPI_STATUS_IGNORE); }
void external(MPI_Request *r);

void send_store_before_wait(void) {
    int x = 1;
    MPI_Request r;
    MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    x = 2; // want: nb.buffer.send-write
    MPI_Wait(&r, MPI_STATUS_IGNORE);
}

void send_store_after_wait(void) {
    int x = 1;
    MPI_Request r;
    MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    x = 2;
}

int send_load_before_wait(void) {
    int x = 1;
    MPI_Request r;
    MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    int y = x; // reading a send buffer is allowed
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    return y;
}

int recv_load_before_wait(void) {
    double a[4];
    MPI_Request r;
    MPI_Irecv(a, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &r);
    double v = a[3]; // want: nb.buffer.recv-access
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    return (int)v;
}

void recv_store_neighbour(void) {
    double a[5];
    MPI_Request r;
    MPI_Irecv(a, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &r);
    a[4] = 0.0; // outside [a, a + 4 doubles)
    MPI_Wait(&r, MPI_STATUS_IGNORE);
}

void recv_into_middle(void) {
    int a[8];
    MPI_Request r;
    MPI_Irecv(&a[2], 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &r);
    a[1] = 0;
    a[4] = 0;
    a[3] = 0; // want: nb.buffer.recv-access
    MPI_Wait(&r, MPI_STATUS_IGNORE);
}

void recv_memset(void) {
    char b[16];
    MPI_Request r;
    MPI_Irecv(b + 8, 8, MPI_CHAR, 0, 0, MPI_COMM_WORLD, &r);
    memset(b, 0, 8);
    memset(b, 0, 9); // want: nb.buffer.recv-access
    MPI_Wait(&r, MPI_STATUS_IGNORE);
}

void completed_on_some_path(int c) {
    int x = 1;
    MPI_Request r;
    MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    if (c) MPI_Wait(&r, MPI_STATUS_IGNORE);
    x = 2; // pending on one path only: no finding
    if (!c) MPI_Wait(&r, MPI_STATUS_IGNORE);
}

void started_on_some_path(int c) {
    int x = 1;
    MPI_Request r = MPI_REQUEST_NULL;
    if (c) MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    x = 2;
    MPI_Wait(&r, MPI_STATUS_IGNORE);
}

void test_then_store(void) {
    int x = 1, flag = 0;
    MPI_Request r;
    MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    MPI_Test(&r, &flag, MPI_STATUS_IGNORE);
    x = 2; // MPI_Test may have completed it
    if (!flag) MPI_Wait(&r, MPI_STATUS_IGNORE);
}

void completed_in_callee(void) {
    int x = 1;
    MPI_Request r;
    MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    finish(&r);
    x = 2;
}

void completed_externally(void) {
    int x = 1;
    MPI_Request r;
    MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    external(&r);
    x = 2;
}

void waitall_range(void) {
    int x[2] = {1, 2};
    MPI_Request r[3];
    MPI_Isend(&x[0], 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r[0]);
    MPI_Isend(&x[1], 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &r[2]);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    x[0] = 3;
    x[1] = 4; // want: nb.buffer.send-write
    MPI_Wait(&r[2], MPI_STATUS_IGNORE);
}

void other_request_waited(void) {
    int x = 1, y = 0;
    MPI_Request s, q;
    MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &s);
    MPI_Irecv(&y, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &q);
    MPI_Wait(&q, MPI_STATUS_IGNORE);
    y = y + 1;
    x = 2; // want: nb.buffer.send-write
    MPI_Wait(&s, MPI_STATUS_IGNORE);
}

void handle_copied(void) {
    int x = 1;
    MPI_Request r, copy;
    MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    copy = r;
    MPI_Wait(&copy, MPI_STATUS_IGNORE);
    x = 2;
}

void may_alias(int *p, int i) {
    int a[4] = {0, 0, 0, 0};
    MPI_Request r;
    MPI_Isend(a, 2, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    p[0] = 1; // may or may not be a
    a[i] = 1; // index not known
    MPI_Wait(&r, MPI_STATUS_IGNORE);
}

void derived_type(void) {
    int a[8];
    MPI_Datatype every_other;
    MPI_Type_vector(4, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    MPI_Request r;
    MPI_Isend(a, 1, every_other, 1, 0, MPI_COMM_WORLD, &r);
    a[1] = 0; // a hole of the vector: footprints of derived types are not computed
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    MPI_Type_free(&every_other);
}

void store_in_loop(int n) {
    int *buf = malloc(4 * sizeof(int));
    MPI_Request r;
    MPI_Irecv(buf, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &r);
    for (int i = 0; i < n; i++)
        buf[0] = i; // want: nb.buffer.recv-access
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    free(buf);
}

void restarted_in_loop(void) {
    int x = 0;
    for (int i = 0; i < 4; i++) {
        MPI_Request r;
        x = i; // the previous iteration's send is complete
        MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    }
}

void allreduce_pending(void) {
    int in = 1, out = 0;
    MPI_Request r;
    MPI_Iallreduce(&in, &out, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r);
    int early = in; // reading the send buffer is allowed
    in = early + out; // want: coll.buffer.access-during-nbc
    MPI_Wait(&r, MPI_STATUS_IGNORE);
}

void in_place_bcast(int rank) {
    int v = rank;
    MPI_Request r;
    MPI_Ibcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD, &r);
    if (rank == 0) v = 5; // want: coll.buffer.access-during-nbc
    MPI_Wait(&r, MPI_STATUS_IGNORE);
}

void gather_root_reads(void) {
    int rank, mine = 1, all[2] = {0, 0};
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Request r;
    MPI_Igather(&mine, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD, &r);
    if (rank == 0) {
        int a = all[0]; // want: coll.buffer.access-during-nbc
        (void)a;
    }
    if (rank == 1)
        all[0] = 0; // not the root: the receive buffer means nothing there
    all[0] = 1; // on any rank, maybe not the root
    MPI_Wait(&r, MPI_STATUS_IGNORE);
}

void bcast_off_root_read(void) {
    int rank, v = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Request r;
    MPI_Ibcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD, &r);
    if (rank != 0) {
        int a = v; // want: coll.buffer.access-during-nbc
        (void)a;
    } else {
        int b = v; // the root reads what it sends: allowed
        (void)b;
    }
    MPI_Wait(&r, MPI_STATUS_IGNORE);
}
