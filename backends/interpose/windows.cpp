#include "assay/interpose/windows.hpp"

#include <cstring>

#include "assay/core/intervals.hpp"

namespace assay::interpose {
namespace {
// The value of `key` in the info MPI_Win_get_info returns; false when absent or unreadable.
bool window_info(MPI_Win win, const char* key, char (&value)[MPI_MAX_INFO_VAL + 1]) {
  MPI_Info info = MPI_INFO_NULL;
  if (PMPI_Win_get_info(win, &info) != MPI_SUCCESS || info == MPI_INFO_NULL) return false;
  int flag = 0;
  PMPI_Info_get(info, key, MPI_MAX_INFO_VAL, value, &flag);
  PMPI_Info_free(&info);
  return flag != 0;
}
}  // namespace

unsigned accumulate_ordering(MPI_Win win) {
  char value[MPI_MAX_INFO_VAL + 1] = {};
  return window_info(win, "accumulate_ordering", value) ? core::parse_accumulate_ordering(value)
                                                        : core::ordering_default;
}

bool accumulate_ops_same_op(MPI_Win win) {
  char value[MPI_MAX_INFO_VAL + 1] = {};
  return window_info(win, "accumulate_ops", value) && std::strcmp(value, "same_op") == 0;
}

}  // namespace assay::interpose
