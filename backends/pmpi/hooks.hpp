#pragma once
// The hook signatures of calls.def: pre_<name> runs before the PMPI call,
// post_<name> after it with its return code. Each hooks_<family>.cpp defines
// the ones it needs and registers them (register_<family>, runtime.hpp);
// declaring them all here makes a definition with the wrong parameters fail to
// link instead of silently becoming an overload nobody calls.
#include "runtime.hpp"

namespace assay::pmpi {
#define ASSAY_CALL(family, name, params, args)                      \
  void pre_##name(Call& call, ASSAY_UNPAREN params) noexcept;       \
  void post_##name(Call& call, int rc, ASSAY_UNPAREN params) noexcept;
#include "assay/interpose/calls.def"
#undef ASSAY_CALL
}  // namespace assay::pmpi
