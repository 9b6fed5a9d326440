// The proxy kernels, their communication variants and their --inject bugs, as
// plain data shared by the benchmark binaries and the overhead driver (no MPI).
#pragma once
#include <string>
#include <vector>

namespace assay::overhead {

struct InjectInfo {
  std::string name;
  std::vector<std::string> variants;  // the variants it applies to
  std::string error_class;            // taxonomy class a checker should report
};

struct KernelInfo {
  std::string name;
  std::vector<std::string> variants;  // the first one is the default
  std::vector<InjectInfo> injects;
};

const std::vector<KernelInfo>& kernel_catalog();
const KernelInfo* find_kernel(const std::string& name);  // nullptr when unknown
const InjectInfo* find_inject(const KernelInfo& kernel, const std::string& inject);
bool has_variant(const KernelInfo& kernel, const std::string& variant);
// Size presets: S (well under a second natively on 2 ranks), M, L (weak scaling).
bool is_size_preset(const std::string& size);

}  // namespace assay::overhead
