# Both MPI implementations from one configure: Debian ships Open MPI (pkg-config
# ompi-c) and MPICH (pkg-config mpich) side by side. Cases are compiled at run
# time by the suffixed wrappers (mpicc.openmpi, mpicc.mpich); libraries of our own
# that talk to MPI (PMPI checkers) link one of these imported targets each:
#   assay::mpi_openmpi   assay::mpi_mpich
# ASSAY_MPIS lists the implementations found.
find_package(PkgConfig REQUIRED)
set(ASSAY_MPIS "")
pkg_check_modules(ASSAY_OMPI IMPORTED_TARGET ompi-c)
if(ASSAY_OMPI_FOUND)
  add_library(assay::mpi_openmpi ALIAS PkgConfig::ASSAY_OMPI)
  list(APPEND ASSAY_MPIS openmpi)
endif()
pkg_check_modules(ASSAY_MPICH IMPORTED_TARGET mpich)
if(ASSAY_MPICH_FOUND)
  add_library(assay::mpi_mpich ALIAS PkgConfig::ASSAY_MPICH)
  list(APPEND ASSAY_MPIS mpich)
endif()
message(STATUS "MPI implementations: ${ASSAY_MPIS}")
