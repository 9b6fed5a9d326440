// A copy of the module fit for analysis: clang's -O0 output keeps every local
// in memory, which hides loop indices and rank-dependent values behind loads.
// The copy has its scalars promoted to SSA (mem2reg) and its loops in simplified
// form, so ScalarEvolution can give request-array indices; the module clang
// compiles is left untouched.
#pragma once

#include <memory>

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/Passes/PassBuilder.h"

namespace assay::stat {

class Prepared {
 public:
  // `copies`, when given, receives each instruction of the original and its
  // copy, which becomes null when the preparation deletes it (mem2reg removes
  // the loads and stores of the locals it promotes).
  using Copies = llvm::DenseMap<const llvm::Instruction*, llvm::WeakVH>;
  explicit Prepared(const llvm::Module& original, Copies* copies = nullptr);
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
