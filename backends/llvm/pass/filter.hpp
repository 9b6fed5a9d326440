#pragma once
// Static filtering of the llvm backend's pass: which memory objects of a
// module can never be (part of) a buffer handed to MPI, so that loads and
// stores of them need no run-time check (docs/backends.md, "llvm").
#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Value.h"

namespace assay::llvmpass {

// An object is *local* when its address provably stays inside the module's
// own code: an alloca, a global with internal linkage or the result of
// malloc/calloc/realloc whose address (or any pointer derived from it by
// GEP, cast, phi or select) is never stored to memory, converted to an
// integer, returned, or passed to a call other than the few library
// functions known neither to capture a pointer nor to call MPI (memcpy,
// memset, strlen, printf, free, llvm.lifetime, llvm.dbg, ...). Such an object
// is never in an MPI call's buffer, window or request, nor reachable from one,
// so no operation in flight can cover it.
class LocalObjects {
 public:
  explicit LocalObjects(const llvm::Module& m) : module_(m) {}
  // True when every object the pointer may point into (getUnderlyingObjects)
  // is local.
  bool only_local(const llvm::Value* pointer);

 private:
  bool local_object(const llvm::Value* object);
  bool escapes(const llvm::Value* object) const;

  const llvm::Module& module_;
  llvm::DenseMap<const llvm::Value*, bool> cache_;
};

// Library functions that neither keep a pointer argument nor call MPI.
bool non_capturing_library_call(llvm::StringRef name);

}  // namespace assay::llvmpass
