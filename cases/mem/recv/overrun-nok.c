// DESCRIPTION: Rank 1 receives 64 ints into a buffer with room for 4 that ends at an inaccessible page, so the receive writes past it and faults.
// NPROCS: 2
// EXPECT: error mem.recv.overrun
// EXPECT-AT: recv
// TWIN: mem/recv/count-fits-ok
// TAGS: crash
// TIMEOUT: 10
// NOTE: MPI-3.1 §3.2.4: the receive buffer is count consecutive elements, so all of them must be valid memory. The guard page makes the overrun a reliable SIGSEGV in rank 1 on both MPIs.
#define _DEFAULT_SOURCE
#include <mpi.h>
#include <sys/mman.h>
#include <unistd.h>

enum { COUNT = 64, ROOM = 4 };

/* Room for `room` ints placed right before a PROT_NONE page, so writing past them faults. */
static int *buffer_before_guard_page(int room)
{
    long page = sysconf(_SC_PAGESIZE);
    char *area = mmap(NULL, 2 * (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (area == MAP_FAILED)
        MPI_Abort(MPI_COMM_WORLD, 2);
    mprotect(area + page, (size_t)page, PROT_NONE);
    return (int *)(area + page) - room;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int failed = 0;
    if (rank == 0) {
        int data[COUNT];
        for (int i = 0; i < COUNT; i++)
            data[i] = i;
        MPI_Send(data, COUNT, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        int *received = buffer_before_guard_page(ROOM);
        MPI_Recv(received, COUNT, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
        for (int i = 0; i < ROOM; i++)
            failed |= received[i] != i;
    }

    MPI_Finalize();
    return failed;
}
