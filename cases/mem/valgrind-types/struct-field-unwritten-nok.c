// DESCRIPTION: Rank 0 sends two {char, double} structs with a struct datatype; the double of the second struct was never written.
// NPROCS: 2
// EXPECT: error mem.send.uninitialized
// EXPECT-AT: send
// TWIN: mem/valgrind-types/struct-padding-unwritten-ok
// NOTE: MPI-3.1 §4.1.2: the struct datatype lists the two fields only; padding is a hole of the type map.
#include <mpi.h>
#include <stddef.h>
#include <stdlib.h>

struct pair { char tag; double value; };

static volatile double sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int lens[2] = {1, 1};
    MPI_Aint disps[2] = {offsetof(struct pair, tag), offsetof(struct pair, value)};
    MPI_Datatype types[2] = {MPI_CHAR, MPI_DOUBLE}, pair_type;
    MPI_Type_create_struct(2, lens, disps, types, &pair_type);
    MPI_Type_commit(&pair_type);
    int errors = 0;
    if (rank == 0) {
        struct pair *p = malloc(2 * sizeof *p); /* padding stays unwritten */
        for (int i = 0; i < 2; i++) p[i].tag = 'a';
        p[0].value = 0.0;
        MPI_Send(p, 2, pair_type, 1, 0, MPI_COMM_WORLD); // @send
        free(p);
    } else if (rank == 1) {
        struct pair in[2];
        MPI_Recv(in, 2, pair_type, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errors += in[0].tag != 'a' || in[1].tag != 'a';
        for (int i = 0; i < 2; i++)
            sink = in[i].value;
    }
    MPI_Type_free(&pair_type);
    MPI_Finalize();
    return errors != 0;
}
