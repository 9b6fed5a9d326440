// DESCRIPTION: A C++ program that builds std::string values in its own code stores into the buffer of a pending MPI_Isend before MPI_Wait.
// NPROCS: 2
// EXPECT: error nb.buffer.send-write
// EXPECT-AT: isend store
// TWIN: nb/local-access/isend-store-cxx-after-wait-ok
// NOTE: MPI-3.1 §3.7.2: the send buffer must not be modified until the send completes. The program's own (instrumented) copies of std::string's inline operators are the ones a checker linked into it may call while reporting.
#include <mpi.h>

#include <cstdio>
#include <string>

static volatile double sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const std::string who = std::string("rank ") + std::to_string(rank);
    const std::string label = who + " of " + std::to_string(2) + std::string(": ") + who;

    double data[4] = {1, 2, 3, 4};
    if (rank == 0) {
        MPI_Request req;
        MPI_Isend(data, 4, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req); // @isend
        data[0] = 5; // @store
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Recv(data, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            sink = data[i];
    }
    std::printf("%s: %g\n", label.c_str(), data[0]);

    MPI_Finalize();
    return 0;
}
