// A send of a matrix column (MPI_Type_vector: 1024 blocks of one double) is
// kept in the llvm runtime's range set as one hull range, its blocks in the
// operation (runtime.cpp, add_blocks): stores into the holes between the
// blocks while it is in flight are correct and reported by nothing; with an
// argument, one store into a block is (nb.buffer.send-write). Run by hull.sh.
#include <mpi.h>

enum { rows = 1024, stride = 4 };
static double matrix[rows * stride], column[rows];
static volatile double sink;

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Datatype type;
  MPI_Type_vector(rows, 1, stride, MPI_DOUBLE, &type);
  MPI_Type_commit(&type);
  MPI_Request r[2];
  MPI_Irecv(column, rows, MPI_DOUBLE, 0, 0, MPI_COMM_SELF, &r[0]);
  MPI_Isend(matrix, 1, type, 0, 0, MPI_COMM_SELF, &r[1]);
  for (int i = 0; i < rows; ++i) matrix[stride * i + 1] = i;  // the holes
  if (argc > 1) matrix[stride * 100] = 1;                      // a block
  MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
  double sum = 0;  // the received column is read (else: mem.recv.unused)
  for (int i = 0; i < rows; ++i) sum += column[i];
  MPI_Type_free(&type);
  MPI_Finalize();
  sink = sum;
  return 0;
}
