#include "filter.hpp"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

namespace assay::llvmpass {

bool non_capturing_library_call(llvm::StringRef name) {
  // C library functions that read or write through their pointer arguments
  // during the call only: the pointer is not kept, and they do not call MPI.
  static const llvm::StringSet<> known = {
      "memcpy", "memmove", "memset", "memcmp", "bzero", "strlen", "strnlen", "strcmp", "strncmp", "strcpy",
      "strncpy", "strcat", "strncat", "strchr", "strrchr", "strstr", "printf", "fprintf", "sprintf", "snprintf",
      "puts", "fputs", "putchar", "free", "atoi", "atol", "strtol", "strtod", "sscanf", "__isoc99_sscanf",
      "fwrite", "fread", "qsort"};
  return known.contains(name);
}

namespace {
bool harmless_intrinsic(const llvm::IntrinsicInst* ii) {
  switch (ii->getIntrinsicID()) {
    case llvm::Intrinsic::lifetime_start:
    case llvm::Intrinsic::lifetime_end:
    case llvm::Intrinsic::dbg_declare:
    case llvm::Intrinsic::dbg_value:
    case llvm::Intrinsic::dbg_addr:
    case llvm::Intrinsic::memcpy:
    case llvm::Intrinsic::memmove:
    case llvm::Intrinsic::memset:
      return true;
    default:
      return false;
  }
}

bool allocation_call(const llvm::Value* v) {
  const auto* call = llvm::dyn_cast<llvm::CallBase>(v);
  const llvm::Function* f = call ? call->getCalledFunction() : nullptr;
  if (!f) return false;
  const llvm::StringRef n = f->getName();
  return n == "malloc" || n == "calloc" || n == "aligned_alloc";
}
}  // namespace

bool LocalObjects::escapes(const llvm::Value* object) const {
  llvm::SmallVector<const llvm::Value*, 16> work{object};
  llvm::SmallPtrSet<const llvm::Value*, 32> seen{object};
  while (!work.empty()) {
    const llvm::Value* v = work.pop_back_val();
    for (const llvm::User* user : v->users()) {
      auto follow = [&](const llvm::Value* derived) {
        if (seen.insert(derived).second) work.push_back(derived);
      };
      if (llvm::isa<llvm::LoadInst>(user)) continue;  // reads through it
      if (const auto* store = llvm::dyn_cast<llvm::StoreInst>(user)) {
        if (store->getValueOperand() == v) return true;  // the address itself goes to memory
        continue;
      }
      if (const auto* rmw = llvm::dyn_cast<llvm::AtomicRMWInst>(user)) {
        if (rmw->getValOperand() == v) return true;
        continue;
      }
      if (const auto* cx = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(user)) {
        if (cx->getNewValOperand() == v || cx->getCompareOperand() == v) return true;
        continue;
      }
      if (llvm::isa<llvm::GetElementPtrInst>(user) || llvm::isa<llvm::BitCastInst>(user) ||
          llvm::isa<llvm::AddrSpaceCastInst>(user) || llvm::isa<llvm::PHINode>(user) ||
          llvm::isa<llvm::SelectInst>(user)) {
        follow(user);
        continue;
      }
      if (llvm::isa<llvm::ICmpInst>(user)) continue;
      if (const auto* ce = llvm::dyn_cast<llvm::ConstantExpr>(user)) {
        if (ce->getOpcode() == llvm::Instruction::GetElementPtr || ce->getOpcode() == llvm::Instruction::BitCast ||
            ce->getOpcode() == llvm::Instruction::AddrSpaceCast) {
          follow(ce);
          continue;
        }
        return true;  // ptrtoint and the like
      }
      if (const auto* call = llvm::dyn_cast<llvm::CallBase>(user)) {
        if (const auto* ii = llvm::dyn_cast<llvm::IntrinsicInst>(call); ii && harmless_intrinsic(ii)) continue;
        const llvm::Function* f = call->getCalledFunction();
        // The pass's own checks (inserted before later queries) keep nothing: the
        // answer must not depend on the order in which accesses are checked.
        if (f && f->getName().startswith("__assay_llvm")) continue;
        if (f && call->getCalledOperand() != v && non_capturing_library_call(f->getName())) continue;
        return true;  // MPI, a function of the program, an unknown library call
      }
      return true;  // ptrtoint, return, a constant initialiser, anything else
    }
  }
  return false;
}

bool LocalObjects::local_object(const llvm::Value* object) {
  auto [it, inserted] = cache_.try_emplace(object, false);
  if (!inserted) return it->second;
  bool local = false;
  if (llvm::isa<llvm::AllocaInst>(object) || allocation_call(object)) {
    local = !escapes(object);
  } else if (const auto* g = llvm::dyn_cast<llvm::GlobalVariable>(object)) {
    // Another translation unit could hand an external global to MPI.
    local = g->hasLocalLinkage() && !escapes(g);
  }
  cache_[object] = local;
  return local;
}

bool LocalObjects::only_local(const llvm::Value* pointer) {
  llvm::SmallVector<const llvm::Value*, 4> objects;
  llvm::getUnderlyingObjects(pointer, objects, nullptr, 12);
  if (objects.empty()) return false;
  for (const llvm::Value* o : objects)
    if (!local_object(o)) return false;
  return true;
}

}  // namespace assay::llvmpass
