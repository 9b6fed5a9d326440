// A copy of the module fit for analysis: clang's -O0 output keeps every local
// in memory, which hides loop indices and rank-dependent values behind loads.
// The copy has its scalars promoted to SSA (mem2reg) and its loops in simplified
// form, so ScalarEvolution can give request-array indices; the module clang
// compiles is left untouched.
#pragma once

#include <memory>

#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"

namespace assay::stat {

class Prepared {
 public:
  explicit Prepared(const llvm::Module& original);
  llvm::Module& module() { return *module_; }
  llvm::FunctionAnalysisManager& fam() { return fam_; }

 private:
  std::unique_ptr<llvm::Module> module_;
  llvm::LoopAnalysisManager lam_;
  llvm::FunctionAnalysisManager fam_;
  llvm::CGSCCAnalysisManager cgam_;
  llvm::ModuleAnalysisManager mam_;
  llvm::PassBuilder builder_;
};

}  // namespace assay::stat
