// Which memory accesses of a module may execute while an MPI operation the
// llvm backend's runtime tracks is in flight and may touch its memory (issue
// 18, item 4): the in-flight filter of the llvm backend's pass (selective
// instrumentation, docs/backends.md "llvm"). A may-analysis: an access it
// calls conflict-free can never be flagged by the runtime (the soundness
// argument is in docs/backends.md); anything it cannot follow counts as in
// flight over all memory.
#pragma once

#include <memory>

#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include "prepare.hpp"

namespace assay::stat {

class InFlight {
 public:
  // Analyses a prepared copy of `original` (mem2reg, prepare.hpp); queries
  // name instructions and values of `original`.
  explicit InFlight(const llvm::Module& original);
  ~InFlight();

  // Whether the access of `at` through `pointer` (an operand of `at`) may
  // touch the memory of an operation in flight when `at` executes.
  bool may_conflict(const llvm::Instruction& at, const llvm::Value* pointer) const;

  // For inspection: the operations that may be pending before each call of the
  // analysed copy (ASSAY_LLVM_SELECTIVE_DUMP=1 in the llvm pass).
  void dump(llvm::raw_ostream& out) const;

  struct Token;
  struct Summary;

 private:
  class Solver;
  const llvm::Instruction* copy_of(const llvm::Instruction& at) const;

  Prepared::Copies copies_;
  std::unique_ptr<Prepared> prepared_;
  std::unique_ptr<Solver> solver_;
};

}  // namespace assay::stat
