// DESCRIPTION: Rank 0 writes 200 MB to stderr: the runner keeps a bounded head and tail of it.
// EXPECT: ok
// TAGS: e2e-procs
// NOTE: tests/e2e/flood.sh
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
  int rank;
  static char line[65536];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    memset(line, 'x', sizeof line);
    line[sizeof line - 1] = '\n';
    for (long written = 0; written < 200000000L; written += (long)sizeof line)
      if (fwrite(line, 1, sizeof line, stderr) != sizeof line) break;
    fflush(stderr);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
