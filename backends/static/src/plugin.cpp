// AssayStatic.so: the static backend as an LLVM 14 pass plugin. clang-14 loads
// it with -fpass-plugin (through mpicc.openmpi / mpicc.mpich with
// OMPI_CC/MPICH_CC=clang-14); at the end of the optimisation pipeline (also at
// -O0) it analyses a copy of the module and writes findings (findings.hpp).
// ASSAY_STATIC_CHECKS=requests,collectives,buffers selects analyses (default: all).
#include <cstdlib>
#include <string>

#include "analyses.hpp"
#include "findings.hpp"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "prepare.hpp"

namespace assay::stat {
namespace {

bool enabled(const char* check) {
  const char* list = std::getenv("ASSAY_STATIC_CHECKS");
  return !list || std::string(",") .append(list).append(",").find(std::string(",") + check + ",") != std::string::npos;
}

struct StaticCheckPass : llvm::PassInfoMixin<StaticCheckPass> {
  llvm::PreservedAnalyses run(llvm::Module& module, llvm::ModuleAnalysisManager&) {
    Prepared prepared(module);
    std::vector<Finding> findings;
    if (enabled("requests")) findings = check_requests(prepared.module(), prepared.fam());
    if (enabled("collectives")) {
      std::vector<Finding> more = check_collectives(prepared.module(), prepared.fam());
      findings.insert(findings.end(), more.begin(), more.end());
    }
    if (enabled("buffers")) {
      std::vector<Finding> more = check_buffers(prepared.module(), prepared.fam());
      findings.insert(findings.end(), more.begin(), more.end());
    }
    write_findings(findings);
    return llvm::PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

}  // namespace
}  // namespace assay::stat

extern "C" LLVM_ATTRIBUTE_WEAK __attribute__((visibility("default"))) llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "AssayStatic", "1", [](llvm::PassBuilder& builder) {
            builder.registerOptimizerLastEPCallback([](llvm::ModulePassManager& passes, llvm::OptimizationLevel) {
              passes.addPass(assay::stat::StaticCheckPass());
            });
          }};
}
