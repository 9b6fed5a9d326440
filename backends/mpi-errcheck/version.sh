#!/bin/sh
# The checker is the MPI library itself: both MPIs' versions on one line.
ompi=$(ompi_info --version 2>/dev/null | sed -n 's/^Open MPI v//p' | head -1)
mpich=$(mpiexec.mpich --version 2>/dev/null | sed -n 's/^ *Version: *//p' | head -1)
echo "Open MPI ${ompi:-absent}, MPICH ${mpich:-absent}"
