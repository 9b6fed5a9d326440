#include "catalog.hpp"

#include <algorithm>

namespace assay::overhead {

const std::vector<KernelInfo>& kernel_catalog() {
  static const std::vector<std::string> rma = {"fence", "pscw", "passive", "notified"};
  static const std::vector<std::string> cfd_all = {"two-sided", "fence", "pscw", "passive", "notified"};
  static const std::vector<KernelInfo> catalog = {
      {"cfd",
       cfd_all,
       {{"store-origin", rma, "rma.local.origin-write-during-put"},
        {"send-write", {"two-sided"}, "nb.buffer.send-write"},
        {"missing-wait", {"two-sided"}, "nb.request.missing-completion"},
        {"missing-flush", {"passive", "notified"}, "rma.local.target-access-during-remote"},
        {"skip-collective", cfd_all, "coll.order.conditional"}}},
      {"heat2d",
       {"corners", "no-corners"},
       {{"send-write", {"corners", "no-corners"}, "nb.buffer.send-write"},
        {"uninit-send", {"corners", "no-corners"}, "mem.send.uninitialized"},
        {"recv-overrun", {"corners", "no-corners"}, "mem.recv.overrun"}}},
      {"advect",
       {"lock-all"},
       {{"missing-flush", {"lock-all"}, "rma.local.target-access-during-remote"},
        {"store-origin", {"lock-all"}, "rma.local.origin-write-during-put"},
        {"missing-epoch", {"lock-all"}, "rma.sync.missing-epoch"}}},
  };
  return catalog;
}

const KernelInfo* find_kernel(const std::string& name) {
  for (const auto& k : kernel_catalog())
    if (k.name == name) return &k;
  return nullptr;
}

const InjectInfo* find_inject(const KernelInfo& kernel, const std::string& inject) {
  for (const auto& i : kernel.injects)
    if (i.name == inject) return &i;
  return nullptr;
}

bool has_variant(const KernelInfo& kernel, const std::string& variant) {
  return std::find(kernel.variants.begin(), kernel.variants.end(), variant) != kernel.variants.end();
}

bool is_size_preset(const std::string& size) { return size == "S" || size == "M" || size == "L"; }

}  // namespace assay::overhead
