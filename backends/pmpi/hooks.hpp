#pragma once
// Declarations of every hook named by calls.def: pre_<name> runs before the
// PMPI call, post_<name> after it with its return code.
#include "runtime.hpp"

namespace assay::pmpi {
#define ASSAY_UNPAREN(...) __VA_ARGS__
#define ASSAY_CALL(family, name, params, args)                      \
  void pre_##name(Call& call, ASSAY_UNPAREN params) noexcept;       \
  void post_##name(Call& call, int rc, ASSAY_UNPAREN params) noexcept;
#include "calls.def"
#undef ASSAY_CALL
}  // namespace assay::pmpi
