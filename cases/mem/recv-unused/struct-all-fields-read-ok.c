// DESCRIPTION: Rank 1 receives 3 {id, weight} records with a struct datatype and reads both fields of each.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/recv-unused/struct-field-unread-nok
#include <mpi.h>
#include <stddef.h>

enum { N = 3 };

struct record {
    int id;
    double weight;
};

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int lens[2] = {1, 1};
    MPI_Aint disps[2] = {offsetof(struct record, id), offsetof(struct record, weight)};
    MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE}, record_type;
    MPI_Type_create_struct(2, lens, disps, types, &record_type);
    MPI_Type_commit(&record_type);
    int errors = 0;
    if (rank == 0) {
        struct record out[N];
        for (int i = 0; i < N; i++) {
            out[i].id = i;
            out[i].weight = 0.5 * i;
        }
        MPI_Send(out, N, record_type, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        struct record in[N];
        MPI_Recv(in, N, record_type, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
        for (int i = 0; i < N; i++)
            errors += in[i].id != i || in[i].weight != 0.5 * i;
    }
    MPI_Type_free(&record_type);
    MPI_Finalize();
    return errors != 0;
}
