// DESCRIPTION: A header with every kind of mistake, for the parser's tests.
// EXPECT: error rma.no-such-class
// EXPECT-AT: put missing-marker
// NPROCS: many
// COLOUR: blue
#include <mpi.h>
int main(void) { return 0; }  // @put
