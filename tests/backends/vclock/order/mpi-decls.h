// The few MPI declarations the order pass tests need (no MPI installed for them).
typedef int MPI_Datatype;
typedef int MPI_Comm;
typedef struct { int MPI_SOURCE, MPI_TAG, MPI_ERROR, count[2]; } MPI_Status;
#define MPI_INT 1
#define MPI_DOUBLE 2
#define MPI_ANY_SOURCE (-1)
#define MPI_COMM_WORLD 0
#define MPI_STATUS_IGNORE ((MPI_Status *)0)
int MPI_Recv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Status *status);
