#include "assay/interpose/windows.hpp"

#include "assay/core/intervals.hpp"

namespace assay::interpose {

unsigned accumulate_ordering(MPI_Win win) {
  MPI_Info info = MPI_INFO_NULL;
  if (PMPI_Win_get_info(win, &info) != MPI_SUCCESS || info == MPI_INFO_NULL) return core::ordering_default;
  char value[MPI_MAX_INFO_VAL + 1] = {};
  int flag = 0;
  PMPI_Info_get(info, "accumulate_ordering", MPI_MAX_INFO_VAL, value, &flag);
  PMPI_Info_free(&info);
  return flag ? core::parse_accumulate_ordering(value) : core::ordering_default;
}

}  // namespace assay::interpose
