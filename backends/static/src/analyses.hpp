// The static analyses over a prepared copy of the module (prepare.hpp), each
// returning its findings.
#pragma once

#include <vector>

#include "findings.hpp"
#include "llvm/IR/PassManager.h"

namespace llvm {
class Module;
}

namespace assay::stat {

// Requests started and never completed on any path to the function's exit
// (nb.request.missing-completion, coll.request.missing-completion).
std::vector<Finding> check_requests(llvm::Module& module, llvm::FunctionAnalysisManager& fam);

// Collective sequences that differ between ranks on one communicator
// (coll.order.conditional, coll.order.mismatch, coll.order.nbc-mismatch).
std::vector<Finding> check_collectives(llvm::Module& module, llvm::FunctionAnalysisManager& fam);

// Loads and stores that must touch the buffer of a nonblocking operation pending
// on every path to them (nb.buffer.send-write, nb.buffer.recv-access,
// coll.buffer.access-during-nbc).
std::vector<Finding> check_buffers(llvm::Module& module, llvm::FunctionAnalysisManager& fam);

}  // namespace assay::stat
