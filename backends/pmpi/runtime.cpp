// The pmpi checker: its state, and its registration with the interposition
// layer — the hooks each family implements and what happens around MPI's
// lifetime.
#include "runtime.hpp"

namespace assay::pmpi {

State& state() {
  static State* s = new State;  // never destroyed: hooks may run during exit
  return *s;
}

std::vector<core::ByteRange> footprint(const void* buf, int count, MPI_Datatype type) {
  if (!buf || buf == MPI_BOTTOM || count <= 0) return {};
  const auto base = reinterpret_cast<std::uintptr_t>(buf);
  std::vector<core::ByteRange> ranges;
  for (const auto& [lo, hi] : type_blocks(count, type))
    ranges.push_back({base + static_cast<std::uintptr_t>(lo), base + static_cast<std::uintptr_t>(hi)});
  return ranges;
}

namespace {

interpose::Checker make_checker() {
  interpose::Checker c{"pmpi"};
  register_p2p(c.hooks);
  register_coll(c.hooks);
  register_rma(c.hooks);
  register_res(c.hooks);
  c.lifecycle.before_init = init_entered;  // MPI_Init after MPI_Finalize: reported before MPI aborts
  c.lifecycle.after_init = [](const Call& call, int provided) noexcept {
    state().shadows.add(MPI_COMM_WORLD);
    watch_truncation();
    init_done(call, provided);
  };
  c.lifecycle.before_finalize = [](const Call& call) noexcept {
    finalize_p2p(call);
    finalize_coll(call);
    finalize_rma(call);
    finalize_res(call);
    finalize_entered();
    state().shadows.drop_all();
  };
  c.lifecycle.outside_init = outside_init;
  c.lifecycle.enter_call = enter_call;
  c.lifecycle.leave_call = leave_call;
  return c;
}

const interpose::Checker checker = make_checker();
ASSAY_REGISTER_CHECKER(checker);

}  // namespace
}  // namespace assay::pmpi
