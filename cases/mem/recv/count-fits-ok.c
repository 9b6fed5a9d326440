// DESCRIPTION: Rank 1 receives 64 ints into a buffer with room for exactly 64 that ends at an inaccessible page.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/recv/overrun-nok
#define _DEFAULT_SOURCE
#include <mpi.h>
#include <sys/mman.h>
#include <unistd.h>

enum { COUNT = 64, ROOM = 64 };

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
