// AssayOrder.so: the vclock backend's pass plugin (LLVM 14). clang-14 loads it
// with -fpass-plugin (backend.json: build.compile); at the end of the pipeline
// (also at -O0) it finds the MPI_Recv calls whose racing messages the
// program cannot tell apart, and tells the runtime so.
//
// MPI-3.1 §3.5 leaves the order of messages of different senders open, so a
// wildcard receive races. The race changes nothing the program computes when
// the receive C, in its innermost loop L, does nothing with each message but
// fold it into one commutative and associative reduction of L: then any
// permutation of the messages among the iterations of one execution of L
// gives the same final value. C is order-insensitive when all hold:
//  (a) its buffer is a local variable (alloca) used only by C and by loads in
//      C's block after C (through casts and constant offsets); its status is
//      MPI_STATUS_IGNORE (a null or integer constant pointer, not a global):
//      the program cannot learn the sender;
//  (b) L calls nothing else (a call could read the values or re-enter L);
//  (c) each loaded value flows only through pure integer expressions (casts,
//      binary operators, icmp, select) whose other operands are constants or
//      defined outside L, into exactly one update u = op(acc, g), op one of
//      add, mul, and, or, xor, smin, smax, umin, umax, where acc is a PHI of
//      L's header, u its value from L's latch (u runs on every iteration that
//      continues: a conditional update is not one), acc used in L only by u
//      and u only by acc (after L the final value is free to use);
//  (d) no floating point (its + is not associative: the order changes the
//      rounding).
// The analysis works on a clone of the function with its promotable locals
// in registers (the case is compiled at -O0, where the accumulator lives in
// memory); the verdicts come back to the original through the value map and
// the clone is erased. The original gets, per marked C, a call
// __assay_vclock_receive_in_reduction(site) right before C, and on every edge
// into L's header from outside L a call __assay_vclock_reduction_enter(site):
// `site` is a private constant unique to L, whose address names it
// (backends/vclock/messages.cpp uses both). Anything else is left alone, and
// its races are reported as before. ASSAY_ORDER_VERBOSE=1 in the compiler's
// environment prints one line per module: receives in loops, receives marked.
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

namespace assay::order {
namespace {

using namespace llvm;

bool is_receive(const Instruction& i) {
  const auto* call = dyn_cast<CallInst>(&i);
  const Function* f = call ? call->getCalledFunction() : nullptr;
  return f && f->getName() == "MPI_Recv" && call->arg_size() == 7;
}

// Calls that neither read program memory nor transfer control elsewhere.
bool harmless_intrinsic(const Instruction& i) {
  if (isa<DbgInfoIntrinsic>(i)) return true;
  const auto* ii = dyn_cast<IntrinsicInst>(&i);
  if (!ii) return false;
  switch (ii->getIntrinsicID()) {
    case Intrinsic::lifetime_start:
    case Intrinsic::lifetime_end:
    case Intrinsic::smin:
    case Intrinsic::smax:
    case Intrinsic::umin:
    case Intrinsic::umax: return true;
    default: return false;
  }
}

// u = op(acc, g) with op commutative and associative on integers; the operand
// that is not `from` is returned in `other`.
bool reduction_op(const Instruction& u, const Value* from, Value*& other) {
  if (!u.getType()->isIntegerTy()) return false;
  bool ok = false;
  if (const auto* b = dyn_cast<BinaryOperator>(&u)) {
    switch (b->getOpcode()) {
      case Instruction::Add:
      case Instruction::Mul:
      case Instruction::And:
      case Instruction::Or:
      case Instruction::Xor: ok = true; break;
      default: break;
    }
  } else if (const auto* ii = dyn_cast<IntrinsicInst>(&u)) {
    const auto id = ii->getIntrinsicID();
    ok = id == Intrinsic::smin || id == Intrinsic::smax || id == Intrinsic::umin || id == Intrinsic::umax;
  }
  if (!ok) return false;
  Value* a = u.getOperand(0);
  Value* b = u.getOperand(1);
  if (a == from) other = b;
  else if (b == from) other = a;
  else return false;
  return other != from;
}

// A pure integer expression node the received values may flow through.
// MPI_STATUS_IGNORE: a null pointer (Open MPI) or a small integer cast to a
// pointer (MPICH's 1). A status in a global variable is not ignored: the
// program can read the sender there.
bool status_ignored(const Value* status) {
  if (isa<ConstantPointerNull>(status)) return true;
  const auto* e = dyn_cast<ConstantExpr>(status);
  return e && e->getOpcode() == Instruction::IntToPtr && isa<ConstantInt>(e->getOperand(0));
}

bool pure_integer(const Instruction& i) {
  if (!i.getType()->isIntegerTy()) return false;  // (d): no floating point, no pointers
  if (const auto* c = dyn_cast<CastInst>(&i)) return c->getSrcTy()->isIntegerTy();
  return isa<BinaryOperator>(i) || isa<ICmpInst>(i) || isa<SelectInst>(i);
}

class Analysis {
 public:
  explicit Analysis(Loop& loop) : loop_(loop) {}

  // Whether the receive `call` (in the analysed clone) is order-insensitive.
  bool order_insensitive(CallInst& call) {
    // (a) the status is MPI_STATUS_IGNORE, the buffer a local variable read
    // only right after the receive.
    if (!status_ignored(call.getArgOperand(6))) return false;
    auto* buffer = dyn_cast<AllocaInst>(call.getArgOperand(0)->stripPointerCasts());
    if (!buffer) return false;
    std::vector<LoadInst*> loads;
    if (!only_read_after(*buffer, call, loads) || loads.empty()) return false;
    // (b) nothing else is called in the loop.
    for (BasicBlock* b : loop_.blocks())
      for (Instruction& i : *b)
        if (isa<CallBase>(i) && &i != &call && !harmless_intrinsic(i)) return false;
    // (c), (d) every value read flows into exactly one reduction update.
    for (LoadInst* load : loads)
      if (!load->getType()->isIntegerTy()) return false;
    return folds_into_updates(loads);
  }

 private:
  // The uses of `v` (the buffer, through casts and constant offsets): the
  // receive itself as its buffer, loads after it in its block, debug and
  // lifetime intrinsics.
  bool only_read_after(Value& v, CallInst& call, std::vector<LoadInst*>& loads) {
    for (Use& use : v.uses()) {
      auto* i = dyn_cast<Instruction>(use.getUser());
      if (!i) return false;
      if (i == &call) {
        if (use.getOperandNo() != 0) return false;  // the buffer is also another argument
        continue;
      }
      if (harmless_intrinsic(*i) && !isa<MinMaxIntrinsic>(i)) continue;
      if (auto* load = dyn_cast<LoadInst>(i)) {
        if (load->getParent() != call.getParent() || !call.comesBefore(load) || load->isVolatile()) return false;
        loads.push_back(load);
        continue;
      }
      if (isa<BitCastInst>(i) || isa<AddrSpaceCastInst>(i)) {
        if (!only_read_after(*i, call, loads)) return false;
        continue;
      }
      if (auto* gep = dyn_cast<GetElementPtrInst>(i)) {
        if (gep->getPointerOperand() != &v || !gep->hasAllConstantIndices() || !only_read_after(*i, call, loads))
          return false;
        continue;
      }
      return false;  // a store, another call, an escape
    }
    return true;
  }

  bool in_loop(const Value* v) const {
    const auto* i = dyn_cast<Instruction>(v);
    return i && loop_.contains(i);
  }

  // From the loads, forward through pure integer nodes in the loop, to
  // updates; each load reaches exactly one update, a reduction of the loop,
  // and the expression's other operands are constants, values from outside
  // the loop, or received values (rule (c)).
  bool folds_into_updates(const std::vector<LoadInst*>& loads) {
    std::set<Instruction*> derived;
    for (LoadInst* load : loads) {
      std::vector<Instruction*> work{load};
      std::set<Instruction*> reached{load};
      Instruction* update = nullptr;
      while (!work.empty()) {
        Instruction* node = work.back();
        work.pop_back();
        for (User* user : node->users()) {
          auto* i = dyn_cast<Instruction>(user);
          if (!i || !loop_.contains(i)) return false;  // a value of one iteration leaves the loop
          if (reached.count(i)) continue;
          if (is_update(*i, node)) {
            if (update && update != i) return false;
            update = i;
            continue;
          }
          if (!pure_integer(*i)) return false;
          reached.insert(i);
          work.push_back(i);
        }
      }
      if (!update) return false;
      derived.insert(reached.begin(), reached.end());
    }
    for (Instruction* node : derived)
      if (!isa<LoadInst>(node))
        for (Value* op : node->operands())
          if (in_loop(op) && !derived.count(cast<Instruction>(op))) return false;
    return true;
  }

  // i = op(acc, node) where acc is a header PHI whose value from the latch is
  // i, acc used in the loop only by i and i only by acc.
  bool is_update(Instruction& i, Instruction* node) {
    for (unsigned k = 0; k < 2 && k < i.getNumOperands(); ++k) {
      auto* acc = dyn_cast<PHINode>(i.getOperand(k));
      if (!acc || acc->getParent() != loop_.getHeader()) continue;
      Value* other = nullptr;
      if (!reduction_op(i, acc, other) || other != node) continue;
      BasicBlock* latch = loop_.getLoopLatch();
      if (!latch || acc->getBasicBlockIndex(latch) < 0 || acc->getIncomingValueForBlock(latch) != &i) continue;
      bool alone = true;
      for (User* u : acc->users())
        if (u != &i && in_loop(u)) alone = false;
      for (User* u : i.users())
        if (u != acc && in_loop(u)) alone = false;
      if (alone) return true;
    }
    return false;
  }

  Loop& loop_;
};

struct Counts {
  unsigned in_loops = 0, marked = 0;
};

class Marker {
 public:
  explicit Marker(Module& m) : m_(m) {}

  void run(Function& f) {
    std::vector<CallInst*> receives;
    for (Instruction& i : instructions(f))
      if (is_receive(i)) receives.push_back(cast<CallInst>(&i));
    if (receives.empty()) return;
    // The clone: the same blocks and calls, locals promoted to registers.
    ValueToValueMapTy map;
    Function* clone = CloneFunction(&f, map);
    {
      DominatorTree dt(*clone);
      std::vector<AllocaInst*> promotable;
      for (Instruction& i : clone->getEntryBlock())
        if (auto* a = dyn_cast<AllocaInst>(&i); a && isAllocaPromotable(a)) promotable.push_back(a);
      if (!promotable.empty()) PromoteMemToReg(promotable, dt);
      dt.recalculate(*clone);
      LoopInfo loops(dt);
      for (CallInst* original : receives) {
        auto* copy = dyn_cast_or_null<CallInst>(map.lookup(original));
        Loop* loop = copy ? loops.getLoopFor(copy->getParent()) : nullptr;
        if (!loop) continue;
        ++counts_.in_loops;
        if (!Analysis(*loop).order_insensitive(*copy)) continue;
        // The loop's header and the blocks outside it that enter it, in the original.
        std::vector<BasicBlock*> entries;
        BasicBlock* header = nullptr;
        for (BasicBlock& b : f) {
          auto* mapped = cast<BasicBlock>(map.lookup(&b));
          if (mapped == loop->getHeader()) header = &b;
        }
        for (BasicBlock* pred : predecessors(header))
          if (!loop->contains(cast<BasicBlock>(map.lookup(pred)))) entries.push_back(pred);
        mark(*original, entries);
      }
    }
    clone->eraseFromParent();
  }

  const Counts& counts() const { return counts_; }

 private:
  void mark(CallInst& receive, const std::vector<BasicBlock*>& entries) {
    LLVMContext& ctx = m_.getContext();
    Type* ptr = Type::getInt8PtrTy(ctx);
    FunctionCallee receive_hook = m_.getOrInsertFunction("__assay_vclock_receive_in_reduction", Type::getVoidTy(ctx), ptr);
    FunctionCallee enter_hook = m_.getOrInsertFunction("__assay_vclock_reduction_enter", Type::getVoidTy(ctx), ptr);
    auto* site = new GlobalVariable(m_, Type::getInt8Ty(ctx), true, GlobalValue::PrivateLinkage,
                                    ConstantInt::get(Type::getInt8Ty(ctx), 0), "assay.order.site");
    IRBuilder<> b(&receive);
    b.CreateCall(receive_hook, {site})->setDebugLoc(receive.getDebugLoc());
    for (BasicBlock* entry : entries) {
      b.SetInsertPoint(entry->getTerminator());
      b.CreateCall(enter_hook, {site})->setDebugLoc(entry->getTerminator()->getDebugLoc());
    }
    ++counts_.marked;
  }

  Module& m_;
  Counts counts_;
};

struct OrderPass : PassInfoMixin<OrderPass> {
  PreservedAnalyses run(Module& m, ModuleAnalysisManager&) {
    if (!m.getFunction("MPI_Recv")) return PreservedAnalyses::all();
    std::vector<Function*> functions;
    for (Function& f : m)
      if (!f.isDeclaration()) functions.push_back(&f);
    Marker marker(m);
    for (Function* f : functions) marker.run(*f);
    const Counts& c = marker.counts();
    if (const char* v = std::getenv("ASSAY_ORDER_VERBOSE"); v && std::string(v) == "1")
      errs() << "assay-order: " << m.getSourceFileName() << ": " << c.marked << " of " << c.in_loops
             << " MPI_Recv calls in loops marked order-insensitive\n";
    return c.marked ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

}  // namespace
}  // namespace assay::order

extern "C" LLVM_ATTRIBUTE_WEAK __attribute__((visibility("default"))) llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "AssayOrder", "1", [](llvm::PassBuilder& builder) {
            builder.registerOptimizerLastEPCallback([](llvm::ModulePassManager& passes, llvm::OptimizationLevel) {
              passes.addPass(assay::order::OrderPass());
            });
          }};
}
