#include "prepare.hpp"

#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/Mem2Reg.h"

namespace assay::stat {

Prepared::Prepared(const llvm::Module& original, Copies* copies) {
  llvm::ValueToValueMapTy map;
  module_ = llvm::CloneModule(original, map);
  if (copies)
    for (const llvm::Function& f : original)
      for (const llvm::BasicBlock& b : f)
        for (const llvm::Instruction& i : b)
          if (auto* copy = llvm::dyn_cast_or_null<llvm::Instruction>(map.lookup(&i))) copies->try_emplace(&i, copy);
  builder_.registerModuleAnalyses(mam_);
  builder_.registerCGSCCAnalyses(cgam_);
  builder_.registerFunctionAnalyses(fam_);
  builder_.registerLoopAnalyses(lam_);
  builder_.crossRegisterProxies(lam_, fam_, cgam_, mam_);
  llvm::FunctionPassManager passes;
  passes.addPass(llvm::PromotePass());
  passes.addPass(llvm::LoopSimplifyPass());
  for (llvm::Function& f : *module_) {
    if (f.isDeclaration()) continue;
    // -O0 marks every function optnone, which makes passes skip it.
    f.removeFnAttr(llvm::Attribute::OptimizeNone);
    f.removeFnAttr(llvm::Attribute::NoInline);
    passes.run(f, fam_);
  }
  fam_.clear();
}

}  // namespace assay::stat
