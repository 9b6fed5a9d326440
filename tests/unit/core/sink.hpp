#pragma once
// Collects what the core reports, for assertions on classes and sites.
#include <string>
#include <vector>

#include "assay/core/finding.hpp"

namespace assay::core::test {

struct Collected {
  std::vector<Finding> findings;
  FindingSink sink() {
    return [this](Finding f) { findings.push_back(std::move(f)); };
  }
  std::vector<std::string> classes() const {
    std::vector<std::string> out;
    for (const auto& f : findings) out.emplace_back(id(f.cls));
    return out;
  }
};

inline Site at(const char* op, std::uintptr_t pc, int rank = 0) { return Site{op, rank, pc}; }

}  // namespace assay::core::test
