// Buffer accesses of pending nonblocking operations (issue 18, item 3):
// a load or store that must touch the buffer of a nonblocking operation, at a
// point where that operation is pending on every path from the function's
// entry. MPI-3.1 §3.7.2: the buffer of a nonblocking send must not be modified,
// that of a nonblocking receive not accessed, until the request completes;
// §5.12 says the same of the send and receive buffers of nonblocking
// collectives.
//
// Nothing is guessed, so there are no false alarms by construction:
// - must-alias: the access and the operation's buffer are constant byte offsets
//   from one object that is the same at both points (a local variable, a
//   global, a pointer parameter, or a malloc'd block allocated outside any
//   loop); an index that is not constant, a pointer loaded from memory, a
//   select or phi of pointers give no finding;
// - footprint: [buf, buf + count × size) for a constant count and a predefined
//   datatype (Open MPI's ompi_mpi_* globals, MPICH's builtin handles, whose
//   size is in the handle). A derived datatype has holes and bounds we do not
//   compute: no finding; an access outside the footprint is no conflict;
// - pending on every path: a forward must-analysis from the function's entry
//   (meet = and) where the start sets the state and anything that may complete
//   the request clears it: MPI_Wait/Test/Request_free on it, MPI_Request_get_status
//   on it (flag = 1 says the operation is complete), an array call over
//   a range that may hold it, a user function handed it. When the request
//   variable's handle may be copied (a load used as a value, the address
//   stored or passed to anything but MPI), every completion call and every
//   user call clears it.
// Accesses in callees and through MPI calls (an MPI_Send of a pending
// receive's buffer) are not followed.
#include <map>
#include <optional>
#include <set>

#include "analyses.hpp"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "mpi_calls.hpp"

using namespace llvm;

namespace assay::stat {
namespace {

// A pointer as (object, constant byte offset), when that is what it is.
struct Place {
  const Value* base = nullptr;
  int64_t offset = 0;
};

struct Operation {
  const CallInst* call;
  std::string op;
  const BufferUse* use;
  Place buffer;
  int64_t bytes;        // footprint [buffer.offset, buffer.offset + bytes)
  Place request;        // the request variable (base null: not followed)
  bool request_copied;  // its handle may live elsewhere too
};

struct Access {
  const Instruction* at;
  Place place;
  int64_t bytes;
  bool write;
  const char* what;  // "store", "load", "memset", ...
};

class BufferChecker {
 public:
  BufferChecker(Module& module, FunctionAnalysisManager& fam)
      : module_(module), fam_(fam), layout_(module.getDataLayout()) {}

  std::vector<Finding> run() {
    for (Function& f : module_)
      if (!f.isDeclaration()) check(f);
    return findings_;
  }

 private:
  Module& module_;
  FunctionAnalysisManager& fam_;
  const DataLayout& layout_;
  std::vector<Finding> findings_;

  // The object a pointer is a constant offset into, if it is the same object at
  // every point of one activation of the function.
  std::optional<Place> place_of(const Value* pointer, Function& f) {
    APInt offset(layout_.getIndexTypeSizeInBits(pointer->getType()), 0);
    const Value* base = pointer->stripAndAccumulateConstantOffsets(layout_, offset, /*AllowNonInbounds=*/true);
    if (!offset.isSignedIntN(63)) return std::nullopt;
    bool stable = false;
    if (auto* alloca = dyn_cast<AllocaInst>(base))
      stable = alloca->isStaticAlloca();
    else if (isa<Argument>(base) || isa<GlobalVariable>(base))
      stable = true;
    else if (auto* call = dyn_cast<CallInst>(base))
      if (const Function* callee = call->getCalledFunction())
        if (callee->getName() == "malloc" || callee->getName() == "calloc")
          // Allocated at most once per activation: the same block everywhere after it.
          stable = !fam_.getResult<LoopAnalysis>(f).getLoopFor(call->getParent());
    if (!stable) return std::nullopt;
    return Place{base, offset.getSExtValue()};
  }

  // Size of a predefined datatype handle, nullopt for anything else.
  static std::optional<int64_t> type_size(const Value* type) {
    type = type->stripPointerCasts();
    if (auto* global = dyn_cast<GlobalVariable>(type)) return predefined_type_size(global->getName());
    if (auto* handle = dyn_cast<ConstantInt>(type)) return predefined_type_size(handle->getZExtValue());
    if (auto* expr = dyn_cast<ConstantExpr>(type); expr && expr->getOpcode() == Instruction::IntToPtr)
      if (auto* handle = dyn_cast<ConstantInt>(expr->getOperand(0))) return predefined_type_size(handle->getZExtValue());
    return std::nullopt;
  }

  // Whether the request variable's handle may be copied out of it (then any
  // completion anywhere may be its completion).
  static bool handle_copied(const Value* base) {
    std::vector<const Value*> work{base};
    std::set<const Value*> seen;
    while (!work.empty()) {
      const Value* v = work.back();
      work.pop_back();
      if (!seen.insert(v).second) continue;
      for (const User* user : v->users()) {
        if (isa<GetElementPtrInst>(user) || isa<BitCastInst>(user) || isa<ConstantExpr>(user)) {
          work.push_back(user);
        } else if (auto* load = dyn_cast<LoadInst>(user)) {
          // Compared, or handed by value to MPI (MPI_Request_get_status): not a copy
          // anything could complete.
          for (const User* u : load->users()) {
            auto* call = dyn_cast<CallInst>(u);
            const Function* callee = call ? call->getCalledFunction() : nullptr;
            if (!isa<ICmpInst>(u) && !(callee && is_mpi(callee->getName()))) return true;
          }
        } else if (auto* store = dyn_cast<StoreInst>(user)) {
          if (store->getValueOperand() == v) return true;
        } else if (auto* call = dyn_cast<CallBase>(user)) {
          const Function* callee = call->getCalledFunction();
          if (!callee) return true;
          if (callee->isIntrinsic()) {
            Intrinsic::ID id = callee->getIntrinsicID();
            if (id != Intrinsic::lifetime_start && id != Intrinsic::lifetime_end && !isa<DbgInfoIntrinsic>(call)) return true;
          } else if (!is_mpi(callee->getName()) && callee->isDeclaration()) {
            return true;  // an external function may keep it
          }
          // MPI calls and user functions of this module: the kill rule below
          // looks at every call that is handed the variable.
        } else {
          return true;
        }
      }
    }
    return false;
  }

  // Whether `call` may complete the request of `op`.
  bool may_complete(const CallInst& call, const Operation& op, Function& f) {
    const Function* callee = call.getCalledFunction();
    if (!callee) return true;  // through a function pointer: anything
    if (callee->isIntrinsic()) return false;
    std::string_view name = callee->getName();
    bool mpi = is_mpi(name);
    if (mpi && (name == "MPI_Request_get_status" || name == "PMPI_Request_get_status")) {
      // Not a completion of the request, but of the operation for its buffer;
      // it takes the handle by value: where that was loaded from.
      if (op.request_copied || !op.request.base) return true;
      auto* handle = dyn_cast<LoadInst>(call.getArgOperand(0));
      auto at = handle ? place_of(handle->getPointerOperand(), f) : std::nullopt;
      return !at || (at->base == op.request.base && at->offset == op.request.offset);
    }
    if (mpi) {
      auto role = request_call(name);
      if (!role || (role->role != RequestRole::complete_one && role->role != RequestRole::complete_array)) return false;
      if (op.request_copied || !op.request.base) return true;
      auto at = place_of(call.getArgOperand(role->request_arg), f);
      if (!at) return true;
      if (at->base != op.request.base) return false;  // another variable, and the handle was never copied
      const int64_t size = handle_size(call, role->request_arg);
      if (role->role == RequestRole::complete_one) return at->offset == op.request.offset;
      auto* count = dyn_cast<ConstantInt>(call.getArgOperand(role->count_arg));
      if (!count || size <= 0) return true;
      return op.request.offset >= at->offset && op.request.offset < at->offset + count->getSExtValue() * size;
    }
    // A user or library function: it may complete the request if it is handed
    // the variable (or the handle may be anywhere).
    if (op.request_copied || !op.request.base) return !callee->isDeclaration() || !known_harmless(name);
    for (const Use& arg : call.args()) {
      const Value* base = getUnderlyingObject(arg.get());
      if (base == op.request.base) return true;
    }
    return false;
  }

  // C library functions that never complete an MPI request.
  static bool known_harmless(std::string_view name) {
    static const std::set<std::string_view> names = {"printf", "fprintf", "puts", "putchar", "fflush", "malloc",
                                                      "calloc", "free", "memset", "memcpy", "abs", "sqrt"};
    return names.count(name) > 0;
  }

  // Size of the request handle an array call works on (MPI_Request is a
  // pointer in Open MPI, an int in MPICH): the pointee of its parameter
  // (clang-14 emits typed pointers); 0 when unknown.
  int64_t handle_size(const CallInst& call, unsigned arg) {
    auto* pointer = dyn_cast<PointerType>(call.getFunctionType()->getParamType(arg));
    if (!pointer || pointer->isOpaque()) return 0;
    return static_cast<int64_t>(layout_.getTypeAllocSize(pointer->getPointerElementType()).getFixedSize());
  }

  // The *_init call that set up the persistent request an MPI_Start starts:
  // the only persistent init in the function writing that request variable (a
  // local whose handle is never copied), dominating the start.
  const CallInst* persistent_init(const CallInst& start, Function& f) {
    auto request = place_of(start.getArgOperand(0), f);
    if (!request || !isa<AllocaInst>(request->base) || handle_copied(request->base)) return nullptr;
    const CallInst* found = nullptr;
    for (Instruction& inst : instructions(f)) {
      auto* call = dyn_cast<CallInst>(&inst);
      const Function* callee = call ? call->getCalledFunction() : nullptr;
      if (!callee || buffer_uses(callee->getName()).empty() || call->arg_size() == 0) continue;
      if (!callee->getName().endswith("_init")) continue;
      auto at = place_of(call->getArgOperand(call->arg_size() - 1), f);
      if (!at || at->base != request->base || at->offset != request->offset) continue;
      if (found) return nullptr;  // two inits of one variable: which one is started is not followed
      found = call;
    }
    if (!found || !fam_.getResult<DominatorTreeAnalysis>(f).dominates(found, &start)) return nullptr;
    return found;
  }

  std::vector<Operation> operations(Function& f) {
    std::vector<Operation> out;
    for (Instruction& inst : instructions(f)) {
      auto* call = dyn_cast<CallInst>(&inst);
      if (!call || !call->getCalledFunction()) continue;
      std::string_view name = call->getCalledFunction()->getName();
      auto role = request_call(name);
      if (!role || role->role != RequestRole::start_one || role->request_arg >= call->arg_size()) continue;
      Value* request_pointer = call->getArgOperand(role->request_arg);
      // MPI_Start: the buffer is that of the persistent init it starts.
      const CallInst* source = call;
      if (name == "MPI_Start" || name == "PMPI_Start") source = persistent_init(*call, f);
      if (!source) continue;
      for (const BufferUse& use : buffer_uses(source->getCalledFunction()->getName())) {
        if (use.buffer_arg >= source->arg_size()) continue;
        auto buffer = place_of(source->getArgOperand(use.buffer_arg), f);
        auto* count = dyn_cast<ConstantInt>(source->getArgOperand(use.count_arg));
        auto size = type_size(source->getArgOperand(use.type_arg));
        if (!buffer || !count || !size || count->getSExtValue() <= 0) continue;
        Operation op{call, std::string(name), &use, *buffer, count->getSExtValue() * *size, Place{}, true};
        if (auto request = place_of(request_pointer, f); request && isa<AllocaInst>(request->base)) {
          op.request = *request;
          op.request_copied = handle_copied(request->base);
        }
        out.push_back(op);
      }
    }
    return out;
  }

  std::optional<Access> access_of(const Instruction& inst, Function& f) {
    auto make = [&](const Value* pointer, uint64_t bytes, bool write, const char* what) -> std::optional<Access> {
      auto place = place_of(pointer, f);
      if (!place || bytes == 0) return std::nullopt;
      return Access{&inst, *place, static_cast<int64_t>(bytes), write, what};
    };
    if (auto* load = dyn_cast<LoadInst>(&inst))
      return make(load->getPointerOperand(), layout_.getTypeStoreSize(load->getType()).getFixedSize(), false, "load");
    if (auto* store = dyn_cast<StoreInst>(&inst))
      return make(store->getPointerOperand(), layout_.getTypeStoreSize(store->getValueOperand()->getType()).getFixedSize(), true,
                  "store");
    return std::nullopt;
  }

  // memset/memcpy/memmove with a constant length: writes of the destination,
  // reads of the source.
  std::vector<Access> transfer_accesses(const Instruction& inst, Function& f) {
    std::vector<Access> out;
    auto* mem = dyn_cast<MemIntrinsic>(&inst);
    if (!mem) return out;
    auto* length = dyn_cast<ConstantInt>(mem->getLength());
    if (!length || length->isZero()) return out;
    int64_t bytes = length->getSExtValue();
    if (auto dest = place_of(mem->getRawDest(), f)) out.push_back(Access{&inst, *dest, bytes, true, "memory write"});
    if (auto* transfer = dyn_cast<MemTransferInst>(mem))
      if (auto source = place_of(transfer->getRawSource(), f))
        out.push_back(Access{&inst, *source, bytes, false, "memory read"});
    return out;
  }

  static bool overlaps(const Operation& op, const Access& a) {
    return a.place.base == op.buffer.base && a.place.offset < op.buffer.offset + op.bytes &&
           op.buffer.offset < a.place.offset + a.bytes;
  }

  // The state of `op` (pending on every path) through a block, from `in`.
  // Calls `visit(inst, pending-before-inst)` on each instruction when given.
  template <typename Visit>
  bool through(const BasicBlock& block, bool pending, const Operation& op, Function& f, Visit visit) {
    for (const Instruction& inst : block) {
      visit(inst, pending);
      if (&inst == op.call) {
        pending = true;
      } else if (auto* call = dyn_cast<CallInst>(&inst); call && pending && may_complete(*call, op, f)) {
        pending = false;
      }
    }
    return pending;
  }

  void check(Function& f) {
    std::vector<Operation> ops = operations(f);
    for (const Operation& op : ops) {
      // Must-analysis: in(entry) = false, in(b) = and of out(pred); start at top.
      std::map<const BasicBlock*, bool> in;
      for (const BasicBlock& b : f) in[&b] = &b != &f.getEntryBlock();
      bool changed = true;
      auto none = [](const Instruction&, bool) {};
      std::map<const BasicBlock*, bool> out;
      while (changed) {
        changed = false;
        for (const BasicBlock& b : f) {
          bool state = in[&b];
          if (&b != &f.getEntryBlock()) {
            bool meet = true;
            bool any = false;
            for (const BasicBlock* p : predecessors(&b)) {
              any = true;
              auto it = out.find(p);
              meet = meet && (it == out.end() ? true : it->second);
            }
            state = any && meet;
          }
          in[&b] = state;
          bool o = through(b, state, op, f, none);
          auto it = out.find(&b);
          if (it == out.end() || it->second != o) {
            out[&b] = o;
            changed = true;
          }
        }
      }
      for (const BasicBlock& b : f)
        through(b, in[&b], op, f, [&](const Instruction& inst, bool pending) {
          if (!pending) return;
          std::vector<Access> accesses = transfer_accesses(inst, f);
          if (auto a = access_of(inst, f)) accesses.push_back(*a);
          for (const Access& a : accesses)
            if (overlaps(op, a) && (a.write || op.use->any_access) && on_ranks(op, a.at, f)) report(op, a, f);
        });
    }
  }

  // Whether the rank-variable `v` is a load of a variable written only by
  // MPI_Comm_rank on `comm` (its other uses only read it).
  static bool is_rank(const Value* v, const Value* comm) {
    auto* load = dyn_cast<LoadInst>(v);
    auto* var = load ? dyn_cast<AllocaInst>(load->getPointerOperand()) : nullptr;
    if (!var) return false;
    bool set = false;
    for (const User* u : var->users()) {
      if (isa<LoadInst>(u)) continue;
      auto* call = dyn_cast<CallInst>(u);
      const Function* callee = call ? call->getCalledFunction() : nullptr;
      if (!callee) return false;
      if (callee->isIntrinsic()) {
        Intrinsic::ID id = callee->getIntrinsicID();
        if (id == Intrinsic::lifetime_start || id == Intrinsic::lifetime_end || isa<DbgInfoIntrinsic>(call)) continue;
        return false;
      }
      if ((callee->getName() == "MPI_Comm_rank" || callee->getName() == "PMPI_Comm_rank") && call->arg_size() == 2 &&
          call->getArgOperand(1) == var && call->getArgOperand(0)->stripPointerCasts() == comm->stripPointerCasts()) {
        set = true;
        continue;
      }
      return false;
    }
    return set;
  }

  // Whether every execution of `at` is on the ranks the buffer of `op` matters
  // on: for a root-only buffer, a test rank == root (or the false edge of
  // rank != root) dominates it; for a buffer that matters off the root, a test
  // rank == c with c != root, or rank != root. The rank is that of the
  // operation's communicator and the root a constant; anything else: no.
  bool on_ranks(const Operation& op, const Instruction* at, Function& f) {
    if (op.use->ranks == BufferRanks::every) return true;
    auto* root = dyn_cast<ConstantInt>(op.call->getArgOperand(op.use->root_arg));
    auto coll = collective_call(op.op);
    if (!root || !coll) return false;
    const Value* comm = op.call->getArgOperand(coll->comm_arg);
    auto& dt = fam_.getResult<DominatorTreeAnalysis>(f);
    const BasicBlock* target = at->getParent();
    for (DomTreeNode* node = dt.getNode(target); node; node = node->getIDom()) {
      const BasicBlock* d = node->getBlock();
      auto* branch = dyn_cast<BranchInst>(d->getTerminator());
      if (!branch || !branch->isConditional()) continue;
      auto* cmp = dyn_cast<ICmpInst>(branch->getCondition());
      if (!cmp || !cmp->isEquality()) continue;
      const Value* rank = cmp->getOperand(0);
      const Value* other = cmp->getOperand(1);
      if (isa<ConstantInt>(rank)) std::swap(rank, other);
      auto* constant = dyn_cast<ConstantInt>(other);
      if (!constant || !is_rank(rank, comm)) continue;
      const bool names_root = constant->getSExtValue() == root->getSExtValue();
      for (unsigned s = 0; s < 2; ++s) {
        if (branch->getSuccessor(0) == branch->getSuccessor(1) ||
            !dt.dominates(BasicBlockEdge(d, branch->getSuccessor(s)), target))
          continue;
        const bool equal = (cmp->getPredicate() == ICmpInst::ICMP_EQ) == (s == 0);  // rank == constant here
        if (op.use->ranks == BufferRanks::root && equal && names_root) return true;
        if (op.use->ranks == BufferRanks::non_root && equal != names_root) return true;
      }
    }
    return false;
  }

  void report(const Operation& op, const Access& a, Function& f) {
    Finding finding;
    finding.klass = op.use->klass;
    finding.message = std::string(a.what) + " at " + where(a.at) + " " + (a.write ? "writes" : "reads") +
                      " bytes " + std::to_string(a.place.offset - op.buffer.offset) + ".." +
                      std::to_string(a.place.offset - op.buffer.offset + a.bytes - 1) + " of the " +
                      (op.use->any_access ? "receive" : "send") + " buffer of the " + op.op + " at " +
                      where(op.call) + ", pending on every path to it in " + f.getName().str() +
                      (op.use->any_access ? " (must not be accessed until the request completes)"
                                          : " (must not be modified until the request completes)");
    finding.sites.push_back(Site{a.write ? "store" : "load", a.write ? "write" : "read", a.at});
    finding.sites.push_back(Site{op.op, "call", op.call});
    findings_.push_back(finding);
  }
};

}  // namespace

std::vector<Finding> check_buffers(Module& module, FunctionAnalysisManager& fam) {
  return BufferChecker(module, fam).run();
}

}  // namespace assay::stat
