// AssayLLVM.so: the llvm backend's pass plugin (LLVM 14). clang-14 loads it
// with -fpass-plugin (through mpicc.openmpi / mpicc.mpich with
// OMPI_CC/MPICH_CC=clang-14, see backend.json); at the end of the pipeline
// (also at -O0) it instruments, in every function of the module:
//   - loads, stores, atomicrmw and cmpxchg: one call
//     __assay_llvm_access(address, size, kind) before the instruction, behind
//     an inline guard (the runtime's bounds, gaps and open window runs);
//   - memcpy/memmove/memset (intrinsics or calls): the source read and the
//     destination written over the length;
//   - calls to C library functions that read or write buffers (strcpy,
//     strncpy, strcat, strlen, memcmp, the printf family's string arguments
//     are not modelled): their reads and writes, the string lengths computed
//     at run time (__assay_llvm_string);
// each call carries the debug location of the access it checks, so the
// runtime's return address names the access's file:line. Accesses whose
// objects provably never reach MPI (filter.hpp) are not instrumented; with
// ASSAY_LLVM_FILTER=0 in the compiler's environment every access is.
// With ASSAY_LLVM_SELECTIVE=1 (off by default) accesses that the in-flight
// analysis (backends/static/src/in_flight.hpp) shows can never touch the
// memory of an operation in flight are not instrumented either.
// A constructor registers the module's counts with the runtime
// (__assay_llvm_module: accesses seen, instrumented, removed by each filter),
// which writes them into the run folder.
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "filter.hpp"
#include "in_flight.hpp"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

namespace assay::llvmpass {
namespace {

// Access kinds, shared with the runtime (backends/llvm/runtime/runtime.cpp).
enum Kind : unsigned { kLoad = 0, kStore = 1, kAtomic = 2, kCopyRead = 3, kCopyWrite = 4, kSet = 5, kLibRead = 6, kLibWrite = 7 };
bool writes(Kind k) { return k == kStore || k == kAtomic || k == kCopyWrite || k == kSet || k == kLibWrite; }
// Gaps the runtime exports beside its bounds (__assay_llvm_gaps, runtime.cpp).
constexpr unsigned gap_slots = 3;

bool filtering_enabled() {
  const char* v = std::getenv("ASSAY_LLVM_FILTER");
  return !v || std::string(v) != "0";
}

// The inline guard (below, Instrumenter::check): on unless ASSAY_LLVM_GUARD=0,
// which makes every instrumented access call the runtime (for measuring it).
bool guard_enabled() {
  const char* v = std::getenv("ASSAY_LLVM_GUARD");
  return !v || std::string(v) != "0";
}

// Loops checked once (Instrumenter::version_loops): on with the guard unless
// ASSAY_LLVM_HOIST=0 (for measuring them).
bool hoist_enabled() {
  const char* v = std::getenv("ASSAY_LLVM_HOIST");
  return !v || std::string(v) != "0";
}

// Selective instrumentation: off unless ASSAY_LLVM_SELECTIVE=1, so that the
// default keeps every access the escape filter keeps.
bool selective_enabled() {
  const char* v = std::getenv("ASSAY_LLVM_SELECTIVE");
  return v && std::string(v) == "1";
}

// A library call that reads or writes a buffer: which arguments, with which
// length (an argument index, or -1: the string's length + 1 at run time).
struct LibAccess {
  unsigned arg;
  Kind kind;
  int length_arg;   // index of a size argument, -1 for a string
  int length_from;  // for a string: the argument whose length counts (strcpy: the source's)
};

std::vector<LibAccess> library_accesses(llvm::StringRef name) {
  if (name == "memcpy" || name == "memmove")
    return {{0, kCopyWrite, 2, 0}, {1, kCopyRead, 2, 0}};
  if (name == "memset") return {{0, kSet, 2, 0}};
  if (name == "bzero") return {{0, kSet, 1, 0}};
  if (name == "memcmp") return {{0, kLibRead, 2, 0}, {1, kLibRead, 2, 0}};
  if (name == "strlen") return {{0, kLibRead, -1, 0}};
  if (name == "strcpy") return {{0, kLibWrite, -1, 1}, {1, kLibRead, -1, 1}};
  if (name == "strcmp") return {{0, kLibRead, -1, 0}, {1, kLibRead, -1, 1}};
  if (name == "strncpy") return {{0, kLibWrite, 2, 0}, {1, kLibRead, 2, 0}};
  if (name == "strcat") return {{1, kLibRead, -1, 1}};
  return {};
}

struct Counts {
  unsigned accesses = 0, instrumented = 0;
  unsigned escape_filtered = 0;     // objects that never reach MPI (filter.hpp)
  unsigned in_flight_filtered = 0;  // no operation in flight may cover them (in_flight.hpp)
};

class Instrumenter {
 public:
  Instrumenter(llvm::Module& m, llvm::FunctionAnalysisManager& fam)
      : m_(m), ctx_(m.getContext()), fam_(&fam), filter_(m), filtering_(filtering_enabled()), guard_(guard_enabled()),
        hoist_(guard_ && hoist_enabled()) {
    // Before any instrumentation: the analysis reads the program as compiled.
    if (selective_enabled()) {
      in_flight_ = std::make_unique<assay::stat::InFlight>(m);
      if (const char* v = std::getenv("ASSAY_LLVM_SELECTIVE_DUMP"); v && std::string(v) == "1") in_flight_->dump(llvm::errs());
    }
    auto* i8p = llvm::Type::getInt8PtrTy(ctx_);
    auto* i64 = llvm::Type::getInt64Ty(ctx_);
    auto* i32 = llvm::Type::getInt32Ty(ctx_);
    auto* void_ty = llvm::Type::getVoidTy(ctx_);
    access_ = m.getOrInsertFunction("__assay_llvm_access", void_ty, i8p, i64, i32);
    string_ = m.getOrInsertFunction("__assay_llvm_string", void_ty, i8p, i8p, i32);
    free_ = m.getOrInsertFunction("__assay_llvm_free", void_ty, i8p);
    // The runtime's [lo, hi) of the ranges in flight (runtime.cpp), two i64, its
    // gaps inside them ({lo, hi} each), and its open window runs: {lo, hi,
    // limit} for reads, then for writes.
    if (guard_) {
      bounds_ = m.getOrInsertGlobal("__assay_llvm_bounds", llvm::ArrayType::get(i64, 2));
      gaps_ = m.getOrInsertGlobal("__assay_llvm_gaps", llvm::ArrayType::get(i64, 2 * gap_slots));
      runs_ = m.getOrInsertGlobal("__assay_llvm_runs", llvm::ArrayType::get(i64, 6));
    }
  }

  unsigned versioned() const { return versioned_; }

  Counts run() {
    for (llvm::Function& f : m_) {
      if (f.isDeclaration() || f.getName().startswith("__assay_llvm")) continue;
      std::vector<llvm::Instruction*> todo;
      for (llvm::Instruction& i : llvm::instructions(f)) todo.push_back(&i);
      // Versioned before instrumenting: the copies are not in `todo`.
      if (hoist_) version_loops(f);
      if (hoist_) load_bounds_per_loop(f, todo);
      for (llvm::Instruction* i : todo) visit(*i);
      loop_bounds_.clear();
      group_test_.clear();
    }
    register_module();
    return counts_;
  }

 private:
  // Counts the access and says whether it needs a run-time check: not when its
  // objects never reach MPI, nor when no operation in flight may cover it.
  enum class Verdict { local, not_in_flight, check };
  Verdict verdict(const llvm::Instruction& at, const llvm::Value* address) {
    if (filtering_ && filter_.only_local(address)) return Verdict::local;
    if (in_flight_ && !in_flight_->may_conflict(at, address)) return Verdict::not_in_flight;
    return Verdict::check;
  }
  bool wants(const llvm::Instruction& at, const llvm::Value* address) { return verdict(at, address) == Verdict::check; }
  bool needed(const llvm::Instruction& at, const llvm::Value* address) {
    ++counts_.accesses;
    switch (verdict(at, address)) {
      case Verdict::local: ++counts_.escape_filtered; return false;
      case Verdict::not_in_flight: ++counts_.in_flight_filtered; return false;
      case Verdict::check: break;
    }
    ++counts_.instrumented;
    return true;
  }

  // ---- loops checked once (the guard hoisted) ---------------------------------
  // An innermost loop that calls nothing (intrinsics aside) cannot change the
  // runtime's bounds while it runs: only MPI calls do (and another thread's
  // accesses racing with them are unordered with them anyway). When every
  // access it would instrument has an address range the loop's scalar
  // evolution gives before it starts (a loop-invariant address, or an affine
  // one over a computable trip count), the loop is versioned: its preheader
  // checks the union of those ranges against the bounds once, and runs a
  // copy without any instrumentation when none overlaps — no access in it
  // could have reached the runtime — else the original, instrumented as
  // before. Accesses in the copy are neither counted nor instrumented: they
  // are the original's.
  struct AddressRange {
    const llvm::SCEV* lo;
    const llvm::SCEV* hi;  // one past the last byte
  };

  // The range of the addresses [p, p + size) the access takes in loop `l`.
  std::optional<AddressRange> range_in(llvm::Loop& l, llvm::Value* pointer, std::uint64_t size, llvm::ScalarEvolution& se) {
    auto* i64 = llvm::Type::getInt64Ty(ctx_);
    const llvm::SCEV* s = se.getSCEV(pointer);
    if (s->getType()->isPointerTy()) s = se.getPtrToIntExpr(s, i64);
    if (llvm::isa<llvm::SCEVCouldNotCompute>(s) || s->getType() != i64) return std::nullopt;
    const llvm::SCEV* n = se.getConstant(i64, size);
    AddressRange r{nullptr, nullptr};
    if (se.isLoopInvariant(s, &l)) {
      r = {s, se.getAddExpr(s, n)};
    } else {
      auto* rec = llvm::dyn_cast<llvm::SCEVAddRecExpr>(s);
      if (!rec || rec->getLoop() != &l || !rec->isAffine()) return std::nullopt;
      const llvm::SCEV* taken = se.getBackedgeTakenCount(&l);
      if (llvm::isa<llvm::SCEVCouldNotCompute>(taken)) taken = se.getSymbolicMaxBackedgeTakenCount(&l);
      if (llvm::isa<llvm::SCEVCouldNotCompute>(taken)) return std::nullopt;
      // Affine: the extremes are the first and the last iteration (an upper
      // bound of the count only widens the range).
      const llvm::SCEV* first = rec->getStart();
      const llvm::SCEV* last = rec->evaluateAtIteration(taken, se);
      if (llvm::isa<llvm::SCEVCouldNotCompute>(last) || last->getType() != i64) return std::nullopt;
      r = {se.getUMinExpr(first, last), se.getAddExpr(se.getUMaxExpr(first, last), n)};
    }
    llvm::Instruction* at = l.getLoopPreheader()->getTerminator();
    if (!llvm::isSafeToExpandAt(r.lo, at, se) || !llvm::isSafeToExpandAt(r.hi, at, se)) return std::nullopt;
    return r;
  }

  // The ranges of the accesses loop `l` would instrument; nullopt when the
  // loop calls a function or one of them has no range.
  std::optional<std::vector<AddressRange>> loop_ranges(llvm::Loop& l, llvm::ScalarEvolution& se) {
    std::vector<AddressRange> out;
    const llvm::DataLayout& dl = m_.getDataLayout();
    for (llvm::BasicBlock* bb : l.blocks())
      for (llvm::Instruction& i : *bb) {
        if (auto* call = llvm::dyn_cast<llvm::CallBase>(&i)) {
          auto* intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(call);
          if (!intrinsic) return std::nullopt;
          if (auto* mi = llvm::dyn_cast<llvm::MemIntrinsic>(intrinsic)) {
            if (wants(i, mi->getRawDest()) ||
                (llvm::isa<llvm::MemTransferInst>(mi) && wants(i, llvm::cast<llvm::MemTransferInst>(mi)->getRawSource())))
              return std::nullopt;
          }
          continue;
        }
        llvm::Value* pointer = nullptr;
        llvm::Type* type = nullptr;
        if (auto* ld = llvm::dyn_cast<llvm::LoadInst>(&i)) pointer = ld->getPointerOperand(), type = ld->getType();
        else if (auto* st = llvm::dyn_cast<llvm::StoreInst>(&i)) pointer = st->getPointerOperand(), type = st->getValueOperand()->getType();
        else if (auto* rmw = llvm::dyn_cast<llvm::AtomicRMWInst>(&i)) pointer = rmw->getPointerOperand(), type = rmw->getValOperand()->getType();
        else if (auto* cx = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&i)) pointer = cx->getPointerOperand(), type = cx->getNewValOperand()->getType();
        if (!pointer || !wants(i, pointer)) continue;
        auto r = range_in(l, pointer, dl.getTypeStoreSize(type).getFixedSize(), se);
        if (!r) return std::nullopt;
        out.push_back(*r);
      }
    if (out.empty()) return std::nullopt;
    return out;
  }

  // A relaxed (monotonic) load of word `index` of the runtime's array `words` of `count` i64.
  llvm::LoadInst* load_word(llvm::IRBuilder<>& b, llvm::Constant* words, unsigned count, unsigned index, const char* name) {
    auto* i64 = b.getInt64Ty();
    llvm::Value* at = b.CreateConstInBoundsGEP2_32(llvm::ArrayType::get(i64, count), words, 0, index);
    llvm::LoadInst* v = b.CreateAlignedLoad(i64, at, llvm::Align(8), name);
    v->setAtomic(llvm::AtomicOrdering::Monotonic);
    return v;
  }

  // The runtime's gaps: ranges inside the bounds that no range in flight and
  // no window memory meets (runtime.cpp; closed ones are {UINTPTR_MAX, 0}).
  std::vector<std::pair<llvm::Value*, llvm::Value*>> load_gaps(llvm::IRBuilder<>& b) {
    std::vector<std::pair<llvm::Value*, llvm::Value*>> out;
    for (unsigned k = 0; k < gap_slots; ++k) {
      llvm::Value* lo = load_word(b, gaps_, 2 * gap_slots, 2 * k, "assay.gap.lo");
      out.emplace_back(lo, load_word(b, gaps_, 2 * gap_slots, 2 * k + 1, "assay.gap.hi"));
    }
    return out;
  }
  // Whether [lo, hi) lies inside one of `gaps`.
  llvm::Value* in_a_gap(llvm::IRBuilder<>& b, const std::vector<std::pair<llvm::Value*, llvm::Value*>>& gaps,
                        llvm::Value* lo, llvm::Value* hi) {
    llvm::Value* any = nullptr;
    for (auto [glo, ghi] : gaps) {
      llvm::Value* from = b.CreateICmpUGE(lo, glo);
      llvm::Value* inside = b.CreateAnd(from, b.CreateICmpULE(hi, ghi));
      any = any ? b.CreateOr(any, inside) : inside;
    }
    return any;
  }

  // Versions loop `l` (innermost, a preheader, one exit block, LCSSA) on the
  // check of `ranges` against the bounds; the copy runs uninstrumented.
  void version(llvm::Loop& l, const std::vector<AddressRange>& ranges, llvm::LoopInfo& li, llvm::DominatorTree& dt,
               llvm::ScalarEvolution& se) {
    llvm::BasicBlock* check = l.getLoopPreheader();
    llvm::BasicBlock* exit = l.getExitBlock();
    auto* i64 = llvm::Type::getInt64Ty(ctx_);
    llvm::SCEVExpander expander(se, m_.getDataLayout(), "assay.range");
    llvm::Instruction* at = check->getTerminator();
    llvm::IRBuilder<> b(at);
    auto bound = [&](unsigned index, const char* name) { return load_word(b, bounds_, 2, index, name); };
    std::vector<std::pair<llvm::Value*, llvm::Value*>> expanded;
    for (const AddressRange& r : ranges)
      expanded.emplace_back(expander.expandCodeFor(r.lo, i64, at), expander.expandCodeFor(r.hi, i64, at));
    b.SetInsertPoint(at);
    llvm::Value* lo = bound(0, "assay.lo");
    llvm::Value* hi = bound(1, "assay.hi");
    const auto gaps = load_gaps(b);
    llvm::Value* touches = nullptr;
    for (auto [rlo, rhi] : expanded) {
      llvm::Value* after_lo = b.CreateICmpUGT(rhi, lo);
      llvm::Value* before_hi = b.CreateICmpULT(rlo, hi);
      // Inside the bounds but in a gap, it meets nothing either.
      llvm::Value* outside_gaps = b.CreateNot(in_a_gap(b, gaps, rlo, rhi));
      llvm::Value* overlaps = b.CreateAnd(after_lo, before_hi);
      overlaps = b.CreateAnd(overlaps, outside_gaps);
      touches = touches ? b.CreateOr(touches, overlaps) : overlaps;
    }
    touches->setName("assay.loop.touches");
    llvm::BasicBlock* preheader = llvm::SplitBlock(check, check->getTerminator(), &dt, &li, nullptr,
                                                   l.getHeader()->getName() + ".assay.checked");
    llvm::ValueToValueMapTy map;
    llvm::SmallVector<llvm::BasicBlock*, 8> blocks;
    llvm::Loop* copy = llvm::cloneLoopWithPreheader(preheader, check, &l, map, ".assay.unchecked", &li, &dt, blocks);
    llvm::remapInstructionsInBlocks(blocks, map);
    llvm::Instruction* old = check->getTerminator();
    llvm::BranchInst* br = llvm::BranchInst::Create(preheader, copy->getLoopPreheader(), touches, old);
    br->setDebugLoc(old->getDebugLoc());
    br->setMetadata(llvm::LLVMContext::MD_prof, llvm::MDBuilder(ctx_).createBranchWeights(1, 1000));
    old->eraseFromParent();
    dt.changeImmediateDominator(exit, check);
    // LCSSA: the loop's values reach the exit only through its phis; each
    // gets the copy's value from the copy's exiting block.
    for (llvm::PHINode& phi : exit->phis()) {
      const unsigned n = phi.getNumIncomingValues();
      for (unsigned k = 0; k < n; ++k) {
        llvm::BasicBlock* from = phi.getIncomingBlock(k);
        if (!l.contains(from)) continue;
        llvm::Value* v = phi.getIncomingValue(k);
        auto it = map.find(v);
        phi.addIncoming(it != map.end() ? static_cast<llvm::Value*>(it->second) : v, llvm::cast<llvm::BasicBlock>(map[from]));
      }
    }
    se.forgetLoop(&l);
    ++versioned_;
  }

  void version_loops(llvm::Function& f) {
    auto& li = fam_->getResult<llvm::LoopAnalysis>(f);
    auto& dt = fam_->getResult<llvm::DominatorTreeAnalysis>(f);
    auto& se = fam_->getResult<llvm::ScalarEvolutionAnalysis>(f);
    auto& ac = fam_->getResult<llvm::AssumptionAnalysis>(f);
    std::vector<llvm::Loop*> innermost;
    for (llvm::Loop* l : li.getLoopsInPreorder())
      if (l->isInnermost()) innermost.push_back(l);
    bool changed = false;
    for (llvm::Loop* l : innermost) {
      // The pipeline's end leaves loops without preheaders or dedicated exits.
      if (!l->isLoopSimplifyForm()) changed |= llvm::simplifyLoop(l, &dt, &li, &se, &ac, nullptr, false);
      if (!l->isLoopSimplifyForm() || !l->getExitBlock()) continue;
      if (!l->isLCSSAForm(dt)) {
        changed |= llvm::formLCSSA(*l, dt, &li, &se);
        if (!l->isLCSSAForm(dt)) continue;
      }
      auto ranges = loop_ranges(*l, se);
      if (!ranges) continue;
      version(*l, *ranges, li, dt, se);
      changed = true;
    }
    if (changed) fam_->invalidate(f, llvm::PreservedAnalyses::none());
  }

  // ---- bounds read once per loop ----------------------------------------------
  // The loops that cannot be versioned (addresses loaded in the loop, as
  // a[index[i]]) keep a guard per access; in a loop that calls nothing, those
  // guards read the bounds its preheader read. Only MPI calls change the
  // bounds, so every iteration would have read the same ones. Not in a loop
  // with an atomic access or a fence: another thread's MPI call could be
  // ordered before an access of the loop through it (a flag set after an
  // MPI_Isend returned), and that access must see the new bounds. The test is
  // one compare, a - from <u span with from = lo - (slack) and span = hi -
  // from: true for every access [a, a + n) with n <= slack + 1 that overlaps
  // [lo, hi), and for a few bytes below lo — the slow path's gap test and the
  // runtime are exact. With the bounds {0, 0} it holds only for the top
  // `slack` bytes of the address space (never a program's memory).
  static constexpr std::uint64_t loop_slack = 63;
  struct LoopBounds {
    llvm::Value* from;
    llvm::Value* span;
  };

  // Whether loop `l` (with its inner loops) calls nothing but intrinsics and
  // has no atomic access or fence.
  static bool calls_nothing(const llvm::Loop& l) {
    for (llvm::BasicBlock* bb : l.blocks())
      for (llvm::Instruction& i : *bb) {
        if (i.isAtomic()) return false;  // atomics and fences
        if (auto* call = llvm::dyn_cast<llvm::CallBase>(&i); call && !llvm::isa<llvm::IntrinsicInst>(call)) return false;
      }
    return true;
  }

  // For each load and store of `todo` that would be checked inside a loop
  // that calls nothing: the bounds read in the preheader of the outermost
  // such loop around it (loop_bounds_, used by check).
  void load_bounds_per_loop(llvm::Function& f, const std::vector<llvm::Instruction*>& todo) {
    auto& li = fam_->getResult<llvm::LoopAnalysis>(f);
    std::map<const llvm::Loop*, bool> call_free;
    std::map<const llvm::Loop*, LoopBounds> loaded;
    auto free_of_calls = [&](const llvm::Loop* l) {
      auto [it, fresh] = call_free.try_emplace(l, false);
      if (fresh) it->second = calls_nothing(*l);
      return it->second;
    };
    for (llvm::Instruction* i : todo) {
      llvm::Value* pointer = nullptr;
      if (auto* ld = llvm::dyn_cast<llvm::LoadInst>(i)) pointer = ld->getPointerOperand();
      else if (auto* st = llvm::dyn_cast<llvm::StoreInst>(i)) pointer = st->getPointerOperand();
      if (!pointer || !wants(*i, pointer)) continue;
      const llvm::Loop* outer = nullptr;
      for (const llvm::Loop* l = li.getLoopFor(i->getParent()); l && free_of_calls(l); l = l->getParentLoop()) outer = l;
      if (!outer || !outer->getLoopPreheader()) continue;
      auto [it, fresh] = loaded.try_emplace(outer, LoopBounds{nullptr, nullptr});
      if (fresh) {
        llvm::IRBuilder<> b(outer->getLoopPreheader()->getTerminator());
        llvm::Value* lo = load_word(b, bounds_, 2, 0, "assay.lo");
        llvm::Value* hi = load_word(b, bounds_, 2, 1, "assay.hi");
        llvm::Value* from = b.CreateSub(lo, b.getInt64(loop_slack), "assay.loop.from");
        it->second = {from, b.CreateSub(hi, from, "assay.loop.span")};
      }
      loop_bounds_[i] = it->second;
    }
    group_loop_accesses(f, li);
  }

  // One test for several accesses of one loop iteration at constant distances
  // from each other (gradient[3 * a + d] for d = 0, 1, 2, loaded and stored):
  // the first (the leader, which dominates the others in the same innermost
  // loop, so it ran earlier in the same iteration with the same values) tests
  // the lowest address of the group against the loop's bounds; the group spans
  // at most slack + 1 bytes, so the test holds whenever one of its accesses
  // overlaps the bounds. The others take its answer, and each still tests
  // the gaps and calls with its own address (the runtime is exact).
  struct Group {
    llvm::Instruction* leader;
    std::int64_t leader_offset, lo, hi;  // offsets from the common base
  };
  void group_loop_accesses(llvm::Function& f, llvm::LoopInfo& li) {
    auto& se = fam_->getResult<llvm::ScalarEvolutionAnalysis>(f);
    auto& dt = fam_->getResult<llvm::DominatorTreeAnalysis>(f);
    const llvm::DataLayout& dl = m_.getDataLayout();
    auto* i64 = llvm::Type::getInt64Ty(ctx_);
    // Per (innermost loop, base address without its constant): the groups.
    std::map<std::pair<const llvm::Loop*, const llvm::SCEV*>, std::vector<Group>> groups;
    std::map<const llvm::Instruction*, std::pair<std::pair<const llvm::Loop*, const llvm::SCEV*>, std::size_t>> member;
    for (llvm::BasicBlock& bb : f)
      for (llvm::Instruction& i : bb) {
        if (!loop_bounds_.count(&i)) continue;
        llvm::Value* pointer = llvm::getLoadStorePointerOperand(&i);
        llvm::Type* type = llvm::getLoadStoreType(&i);
        const std::uint64_t size = dl.getTypeStoreSize(type).getFixedSize();
        if (size > loop_slack + 1) continue;
        const llvm::SCEV* s = se.getSCEV(pointer);
        if (s->getType()->isPointerTy()) s = se.getPtrToIntExpr(s, i64);
        if (llvm::isa<llvm::SCEVCouldNotCompute>(s)) continue;
        // base + constant, or {base + constant, +, step} (a field of an array element).
        std::int64_t offset = 0;
        auto strip = [&](const llvm::SCEV* e) {
          if (auto* add = llvm::dyn_cast<llvm::SCEVAddExpr>(e))
            if (auto* c = llvm::dyn_cast<llvm::SCEVConstant>(add->getOperand(0)); c && c->getAPInt().getMinSignedBits() <= 32) {
              offset = c->getAPInt().getSExtValue();
              return se.getMinusSCEV(e, c);
            }
          return e;
        };
        if (auto* rec = llvm::dyn_cast<llvm::SCEVAddRecExpr>(s); rec && rec->isAffine()) {
          const llvm::SCEV* start = strip(rec->getStart());
          if (offset) s = se.getAddRecExpr(start, rec->getStepRecurrence(se), rec->getLoop(), llvm::SCEV::FlagAnyWrap);
        } else {
          s = strip(s);
        }
        const auto key = std::make_pair(li.getLoopFor(&bb), s);
        std::vector<Group>& candidates = groups[key];
        const auto end = offset + static_cast<std::int64_t>(size);
        bool joined = false;
        for (std::size_t k = 0; k < candidates.size() && !joined; ++k) {
          Group& g = candidates[k];
          const std::int64_t lo = std::min(g.lo, offset), hi = std::max(g.hi, end);
          if (hi - lo > static_cast<std::int64_t>(loop_slack + 1) || !dt.dominates(g.leader, &i)) continue;
          g.lo = lo, g.hi = hi;
          member[&i] = {key, k};
          joined = true;
        }
        if (!joined) {
          member[&i] = {key, candidates.size()};
          candidates.push_back({&i, offset, offset, end});
        }
      }
    // The leader's test, before it: its address moved to the group's lowest.
    // A group of one keeps its own test.
    std::map<std::pair<std::pair<const llvm::Loop*, const llvm::SCEV*>, std::size_t>, unsigned> size_of;
    for (auto& [i, at] : member) ++size_of[at];
    std::map<std::pair<std::pair<const llvm::Loop*, const llvm::SCEV*>, std::size_t>, llvm::Value*> tests;
    for (auto& [key, list] : groups)
      for (std::size_t k = 0; k < list.size(); ++k) {
        if (size_of[{key, k}] < 2) continue;
        const Group& g = list[k];
        llvm::IRBuilder<> b(g.leader);
        llvm::Value* a = b.CreatePtrToInt(llvm::getLoadStorePointerOperand(g.leader), i64);
        llvm::Value* lowest = b.CreateAdd(a, b.getInt64(static_cast<std::uint64_t>(g.lo - g.leader_offset)));
        const LoopBounds& lb = loop_bounds_.at(g.leader);
        tests[{key, k}] = b.CreateICmpULT(b.CreateSub(lowest, lb.from), lb.span, "assay.group.overlaps");
      }
    for (auto& [i, at] : member)
      if (auto t = tests.find(at); t != tests.end()) group_test_[i] = t->second;
  }

  // Before `before`: the call __assay_llvm_access(address, size, kind) at the
  // access's location `loc`, behind an inline guard. The guard loads the
  // runtime's bounds [lo, hi) of every range in flight ({0, 0} when none) and
  // branches over the call unless the access [a, a + size) overlaps them
  // (a + size > lo and a < hi): an access outside the bounds cannot overlap a
  // range, and the call would find nothing. Most accesses of a program run
  // while nothing is in flight, so they cost two loads, two compares and a
  // branch instead of a call into the shared runtime. The loads are relaxed
  // (monotonic) atomics: the bounds change only inside MPI calls, and the
  // pass runs last in the pipeline, so nothing moves them out of a loop.
  // Past the bounds, before the call: the runtime's open run of the access's
  // kind (window memory the owner touched in this synchronisation segment,
  // runtime/target.cpp). An access that starts inside the run or right at
  // its end and ends before its limit (the part's end, the next range in
  // flight) only grows it: the code stores the run's new end itself instead
  // of calling, so a loop over window memory calls once per run, not once
  // per access. The runtime records the grown run at the next MPI call.
  void check(llvm::Instruction& before, llvm::Value* address, llvm::Value* size, Kind kind, const llvm::DebugLoc& loc) {
    if (!needed(before, address)) return;
    llvm::IRBuilder<> b(&before);
    b.SetCurrentDebugLocation(loc);
    auto* i8p = llvm::Type::getInt8PtrTy(ctx_);
    llvm::Value* p = b.CreatePointerCast(address, i8p);
    llvm::Value* n = b.CreateZExtOrTrunc(size, b.getInt64Ty());
    if (guard_) {
      auto* i64 = b.getInt64Ty();
      // Which test: its group's (group_loop_accesses), the bounds read before
      // its loop (load_bounds_per_loop), or the bounds read here.
      llvm::Value* grouped = nullptr;
      const LoopBounds* in_loop = nullptr;
      if (auto g = group_test_.find(&before); g != group_test_.end()) grouped = g->second;
      auto* constant_size = llvm::dyn_cast<llvm::ConstantInt>(n);
      if (auto l = loop_bounds_.find(&before);
          l != loop_bounds_.end() && constant_size && constant_size->getZExtValue() <= loop_slack + 1)
        in_loop = &l->second;
      llvm::Value *lo = nullptr, *hi = nullptr;
      if (!grouped && !in_loop) {
        lo = load_word(b, bounds_, 2, 0, "assay.lo");
        hi = load_word(b, bounds_, 2, 1, "assay.hi");
      }
      // The fast path computes only what its test needs; the rest (the
      // address, its end) is computed past the test, where the slow path uses it.
      llvm::Value* a = grouped ? nullptr : b.CreatePtrToInt(p, i64);
      llvm::Value* end = grouped || in_loop ? nullptr : b.CreateAdd(a, n);
      llvm::Value* overlaps = grouped;
      if (!grouped && in_loop) {
        overlaps = b.CreateICmpULT(b.CreateSub(a, in_loop->from), in_loop->span, "assay.overlaps");
      } else if (!grouped) {
        llvm::Value* after_lo = b.CreateICmpUGT(end, lo);
        llvm::Value* before_hi = b.CreateICmpULT(a, hi);
        overlaps = b.CreateAnd(after_lo, before_hi, "assay.overlaps");
      }
      llvm::MDNode* rarely = llvm::MDBuilder(ctx_).createBranchWeights(1, 1000);
      llvm::Instruction* then = llvm::SplitBlockAndInsertIfThen(overlaps, &before, false, rarely);
      b.SetInsertPoint(then);
      if (!a) a = b.CreatePtrToInt(p, i64);
      if (!end) end = b.CreateAdd(a, n);
      // Inside the bounds: an access inside one of the runtime's gaps meets no
      // range in flight and no window either.
      llvm::Value* in_gap = in_a_gap(b, load_gaps(b), a, end);
      then = llvm::SplitBlockAndInsertIfThen(b.CreateNot(in_gap, "assay.outside.gaps"), then, false);
      b.SetInsertPoint(then);
      const unsigned k = writes(kind) ? 3 : 0;
      auto run = [&](unsigned index, const char* name) {
        llvm::Value* at = b.CreateConstInBoundsGEP2_32(llvm::ArrayType::get(i64, 6), runs_, 0, k + index);
        llvm::LoadInst* v = b.CreateAlignedLoad(i64, at, llvm::Align(8), name);
        v->setAtomic(llvm::AtomicOrdering::Monotonic);
        return std::make_pair(at, v);
      };
      llvm::Value* run_lo = run(0, "assay.run.lo").second;
      auto [hi_at, run_hi] = run(1, "assay.run.hi");
      llvm::Value* limit = run(2, "assay.run.limit").second;
      llvm::Value* from_run = b.CreateICmpUGE(a, run_lo);
      llvm::Value* to_end = b.CreateICmpULE(a, run_hi);
      llvm::Value* inside = b.CreateAnd(from_run, to_end);
      llvm::Value* fits = b.CreateICmpULE(end, limit);
      llvm::Value* grows = b.CreateAnd(inside, fits, "assay.grows");
      llvm::Instruction *grow = nullptr, *call = nullptr;
      llvm::SplitBlockAndInsertIfThenElse(grows, then, &grow, &call);
      b.SetInsertPoint(grow);
      llvm::Value* longer = b.CreateICmpUGT(end, run_hi);
      llvm::StoreInst* st = b.CreateAlignedStore(b.CreateSelect(longer, end, run_hi), hi_at, llvm::Align(8));
      st->setAtomic(llvm::AtomicOrdering::Monotonic);
      b.SetInsertPoint(call);
    }
    b.CreateCall(access_, {p, n, b.getInt32(kind)});
  }

  void check_string(llvm::Instruction& before, llvm::Value* address, llvm::Value* measured, Kind kind, const llvm::DebugLoc& loc) {
    if (!needed(before, address)) return;
    llvm::IRBuilder<> b(&before);
    b.SetCurrentDebugLocation(loc);
    auto* i8p = llvm::Type::getInt8PtrTy(ctx_);
    b.CreateCall(string_, {b.CreatePointerCast(address, i8p), b.CreatePointerCast(measured, i8p), b.getInt32(kind)});
  }

  // The instruction's location, else the closest one before it in its block
  // (a call in a function with debug info should carry one).
  static llvm::DebugLoc location(llvm::Instruction& i) {
    if (i.getDebugLoc()) return i.getDebugLoc();
    for (llvm::Instruction* p = i.getPrevNode(); p; p = p->getPrevNode())
      if (p->getDebugLoc()) return p->getDebugLoc();
    if (llvm::DISubprogram* sp = i.getFunction()->getSubprogram())
      return llvm::DILocation::get(i.getContext(), sp->getLine(), 0, sp);
    return {};
  }

  llvm::Value* bytes(llvm::Type* t) {
    return llvm::ConstantInt::get(llvm::Type::getInt64Ty(ctx_), m_.getDataLayout().getTypeStoreSize(t).getFixedSize());
  }

  void visit(llvm::Instruction& i) {
    // Computed once: a guard splits the block before `i`, after which the
    // instructions before it are no longer its neighbours.
    const llvm::DebugLoc loc = location(i);
    if (auto* load = llvm::dyn_cast<llvm::LoadInst>(&i)) {
      check(i, load->getPointerOperand(), bytes(load->getType()), kLoad, loc);
    } else if (auto* store = llvm::dyn_cast<llvm::StoreInst>(&i)) {
      check(i, store->getPointerOperand(), bytes(store->getValueOperand()->getType()), kStore, loc);
    } else if (auto* rmw = llvm::dyn_cast<llvm::AtomicRMWInst>(&i)) {
      check(i, rmw->getPointerOperand(), bytes(rmw->getValOperand()->getType()), kAtomic, loc);
    } else if (auto* cx = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&i)) {
      check(i, cx->getPointerOperand(), bytes(cx->getNewValOperand()->getType()), kAtomic, loc);
    } else if (auto* mt = llvm::dyn_cast<llvm::MemTransferInst>(&i)) {
      check(i, mt->getRawDest(), mt->getLength(), kCopyWrite, loc);
      check(i, mt->getRawSource(), mt->getLength(), kCopyRead, loc);
    } else if (auto* ms = llvm::dyn_cast<llvm::MemSetInst>(&i)) {
      check(i, ms->getRawDest(), ms->getLength(), kSet, loc);
    } else if (auto* call = llvm::dyn_cast<llvm::CallInst>(&i)) {
      const llvm::Function* f = call->getCalledFunction();
      if (!f || !f->isDeclaration() || llvm::isa<llvm::IntrinsicInst>(call)) return;
      // free(p): received data in the block ends (received.cpp); once per
      // call, unguarded (the runtime sizes the block).
      if (f->getName() == "free" && call->arg_size() == 1 && wants(i, call->getArgOperand(0))) {
        llvm::IRBuilder<> b(&i);
        b.SetCurrentDebugLocation(loc);
        b.CreateCall(free_, {b.CreatePointerCast(call->getArgOperand(0), llvm::Type::getInt8PtrTy(ctx_))});
        return;
      }
      for (const LibAccess& a : library_accesses(f->getName())) {
        if (a.arg >= call->arg_size()) continue;
        llvm::Value* p = call->getArgOperand(a.arg);
        if (a.length_arg >= 0 && static_cast<unsigned>(a.length_arg) < call->arg_size())
          check(i, p, call->getArgOperand(a.length_arg), a.kind, loc);
        else if (a.length_arg < 0 && static_cast<unsigned>(a.length_from) < call->arg_size())
          check_string(i, p, call->getArgOperand(a.length_from), a.kind, loc);
      }
    }
  }

  // A constructor: __assay_llvm_module(source file, accesses, instrumented,
  // removed by the escape filter, removed by the in-flight filter).
  void register_module() {
    auto* i8p = llvm::Type::getInt8PtrTy(ctx_);
    auto* i32 = llvm::Type::getInt32Ty(ctx_);
    auto* void_ty = llvm::Type::getVoidTy(ctx_);
    llvm::FunctionCallee reg = m_.getOrInsertFunction("__assay_llvm_module", void_ty, i8p, i32, i32, i32, i32);
    auto* ctor = llvm::Function::Create(llvm::FunctionType::get(void_ty, false), llvm::GlobalValue::InternalLinkage,
                                        "__assay_llvm_module_ctor", m_);
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(ctx_, "", ctor));
    llvm::Constant* name = b.CreateGlobalStringPtr(m_.getSourceFileName(), "__assay_llvm_source");
    b.CreateCall(reg, {name, b.getInt32(counts_.accesses), b.getInt32(counts_.instrumented),
                      b.getInt32(counts_.escape_filtered), b.getInt32(counts_.in_flight_filtered)});
    b.CreateRetVoid();
    llvm::appendToGlobalCtors(m_, ctor, 0);
  }

  llvm::Module& m_;
  llvm::LLVMContext& ctx_;
  llvm::FunctionAnalysisManager* fam_;
  LocalObjects filter_;
  bool filtering_;
  bool guard_;
  bool hoist_;
  unsigned versioned_ = 0;
  llvm::Constant* bounds_ = nullptr;
  llvm::Constant* runs_ = nullptr;
  llvm::Constant* gaps_ = nullptr;
  std::map<const llvm::Instruction*, LoopBounds> loop_bounds_;  // load_bounds_per_loop, per function
  std::map<const llvm::Instruction*, llvm::Value*> group_test_;  // group_loop_accesses, per function
  std::unique_ptr<assay::stat::InFlight> in_flight_;
  llvm::FunctionCallee access_, string_, free_;
  Counts counts_;
};

struct InstrumentPass : llvm::PassInfoMixin<InstrumentPass> {
  llvm::PreservedAnalyses run(llvm::Module& m, llvm::ModuleAnalysisManager& mam) {
    Instrumenter instrumenter(m, mam.getResult<llvm::FunctionAnalysisManagerModuleProxy>(m).getManager());
    const Counts c = instrumenter.run();
    if (const char* v = std::getenv("ASSAY_LLVM_VERBOSE"); v && std::string(v) == "1")
      llvm::errs() << "assay-llvm: " << m.getSourceFileName() << ": " << c.instrumented << " of " << c.accesses
                   << " accesses instrumented (escape filter removed " << c.escape_filtered
                   << ", in-flight filter removed " << c.in_flight_filtered << "; "
                   << instrumenter.versioned() << " loops checked once before they run)\n";
    return llvm::PreservedAnalyses::none();
  }
  static bool isRequired() { return true; }
};

}  // namespace
}  // namespace assay::llvmpass

extern "C" LLVM_ATTRIBUTE_WEAK __attribute__((visibility("default"))) llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "AssayLLVM", "1", [](llvm::PassBuilder& builder) {
            builder.registerOptimizerLastEPCallback([](llvm::ModulePassManager& passes, llvm::OptimizationLevel) {
              passes.addPass(assay::llvmpass::InstrumentPass());
            });
          }};
}
