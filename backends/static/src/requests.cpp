// Request completion (seed 002, after PARCOACH's pending-nonblocking count,
// made per request so that it can name the request and never guess):
// a request started at S into a request variable of the function (a local
// scalar or array element, or a malloc'd array) whose address never escapes is
// reported when no completion that may complete it (MPI_Wait/Test/Request_free
// on that element, MPI_Waitall/Testall/Waitany/Testany/Waitsome/Testsome over a
// range holding it, a user function completing what it is given) is reachable
// from S, although the function's exit is. Everything uncertain (a handle copied
// elsewhere, an index or count not known, an external callee) silences it.
#include <map>
#include <optional>
#include <set>

#include "analyses.hpp"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "mpi_calls.hpp"

using namespace llvm;

namespace assay::stat {
namespace {

// Request indices: a finite set, or nullopt for "any index".
using Indices = std::optional<std::set<int64_t>>;
constexpr int64_t max_indices = 4096;

// How a user function treats the requests a pointer parameter leads to.
struct ParamSummary {
  bool completes = false;  // may complete or free one of them
  bool escapes = false;    // hands them somewhere we cannot follow
  const CallInst* starts = nullptr;  // always starts the request it points to, and nothing else
  bool collective = false;           // that start is a nonblocking collective
};

enum class EventKind { start, complete, escape };

struct Event {
  EventKind kind;
  const Instruction* at;
  std::string op;      // MPI call or user function name
  Indices indices;     // start: definitely started (nullopt: unknown); complete: may complete
  bool collective = false;
  bool fixed_index = false;  // start: the same element on every execution
};

class RequestChecker {
 public:
  RequestChecker(Module& module, FunctionAnalysisManager& fam) : module_(module), fam_(fam) {}

  std::vector<Finding> run() {
    for (Function& f : module_)
      if (!f.isDeclaration()) check(f);
    return findings_;
  }

 private:
  Module& module_;
  FunctionAnalysisManager& fam_;
  std::map<const Argument*, ParamSummary> summaries_;
  std::set<const Function*> in_progress_;
  std::vector<Finding> findings_;

  ScalarEvolution& se(Function& f) { return fam_.getResult<ScalarEvolutionAnalysis>(f); }
  LoopInfo& loops(Function& f) { return fam_.getResult<LoopAnalysis>(f); }
  DominatorTree& dom(Function& f) { return fam_.getResult<DominatorTreeAnalysis>(f); }
  PostDominatorTree& postdom(Function& f) { return fam_.getResult<PostDominatorTreeAnalysis>(f); }

  // `u` hands the loaded request handle `handle` by value to an MPI function.
  static bool handle_by_value_to_mpi(const User* u, const Value* handle) {
    auto* call = dyn_cast<CallInst>(u);
    const Function* callee = call ? call->getCalledFunction() : nullptr;
    if (!callee || !is_mpi(callee->getName())) return false;
    for (const Use& arg : call->args())
      if (arg.get() == handle) return true;
    return false;
  }

  static const SCEV* strip_casts(const SCEV* s) {
    while (auto* cast = dyn_cast<SCEVIntegralCastExpr>(s)) s = cast->getOperand();
    return s;
  }

  // Element index of a pointer into a request array, relative to its base; null
  // when the shape is not one we follow (then the caller treats it as unknown).
  const SCEV* index_of(Value* pointer, Value*& base, ScalarEvolution& scev) {
    pointer = pointer->stripPointerCasts();
    if (auto* gep = dyn_cast<GEPOperator>(pointer)) {
      const SCEV* inner = index_of(gep->getPointerOperand(), base, scev);
      if (!inner || !base) return nullptr;
      if (gep->getNumIndices() == 1) {
        const SCEV* idx = scev.getSCEV(gep->getOperand(1));
        return scev.getAddExpr(scev.getTruncateOrSignExtend(inner, idx->getType()), idx);
      }
      // &array[i] on a local array: indices (0, i) over [N x request].
      if (gep->getNumIndices() == 2 && gep->getSourceElementType()->isArrayTy() &&
          !gep->getSourceElementType()->getArrayElementType()->isAggregateType() && inner->isZero()) {
        auto* first = dyn_cast<ConstantInt>(gep->getOperand(1));
        if (first && first->isZero()) return scev.getSCEV(gep->getOperand(2));
      }
      base = nullptr;
      return nullptr;
    }
    base = pointer;
    return scev.getZero(Type::getInt64Ty(pointer->getContext()));
  }

  // The values k takes at instruction `at` for the recurrence `rec` of loop L:
  // [0, last]. `definite`: only the iterations that surely reach `at`.
  static std::optional<int64_t> last_iteration(const SCEVAddRecExpr* rec, const Instruction* at, bool definite,
                                               ScalarEvolution& scev, DominatorTree& dt) {
    const Loop* loop = rec->getLoop();
    const BasicBlock* block = at->getParent();
    const BasicBlock* latch = loop->getLoopLatch();
    if (!latch) return std::nullopt;
    if (definite) {
      // Every backedge passes `at`: it runs on iterations 0 .. BTC-1.
      auto* btc = dyn_cast<SCEVConstant>(scev.getBackedgeTakenCount(loop));
      if (!btc || !loop->contains(block) || block == loop->getHeader() || !dt.dominates(block, latch)) return std::nullopt;
      int64_t n = btc->getAPInt().getSExtValue();
      return n >= 1 ? std::optional<int64_t>(n - 1) : std::nullopt;
    }
    auto* max = dyn_cast<SCEVConstant>(scev.getConstantMaxBackedgeTakenCount(loop));
    if (!max) return std::nullopt;
    int64_t n = max->getAPInt().getSExtValue();
    // A loop left only from its header never runs its body on iteration BTC.
    bool header_exit_only = loop->getExitingBlock() == loop->getHeader();
    if (loop->contains(block) && block != loop->getHeader() && header_exit_only) return n - 1;
    return n;
  }

  static Indices enumerate(int64_t start, int64_t step, int64_t last) {
    if (last < 0 || last >= max_indices) return std::nullopt;
    std::set<int64_t> out;
    for (int64_t k = 0; k <= last; ++k) out.insert(start + step * k);
    return out;
  }

  Indices indices_at(const SCEV* index, const Instruction* at, bool definite, ScalarEvolution& scev,
                     DominatorTree& dt) {
    if (!index) return std::nullopt;
    index = strip_casts(index);
    if (auto* c = dyn_cast<SCEVConstant>(index)) return std::set<int64_t>{c->getAPInt().getSExtValue()};
    if (auto* rec = dyn_cast<SCEVAddRecExpr>(index); rec && rec->isAffine()) {
      auto* start = dyn_cast<SCEVConstant>(strip_casts(rec->getStart()));
      auto* step = dyn_cast<SCEVConstant>(strip_casts(rec->getStepRecurrence(scev)));
      if (start && step)
        if (auto last = last_iteration(rec, at, definite, scev, dt))
          return enumerate(start->getAPInt().getSExtValue(), step->getAPInt().getSExtValue(), *last);
    }
    if (definite) return std::nullopt;
    // May-complete: what ScalarEvolution knows of the index's range.
    ConstantRange range = scev.getSignedRange(index);
    if (range.isFullSet() || (range.getSignedMax() - range.getSignedMin()).sgt(max_indices)) return std::nullopt;
    return enumerate(range.getSignedMin().getSExtValue(), 1,
                     (range.getSignedMax() - range.getSignedMin()).getSExtValue());
  }

  // A range [index, index + count) of an array call.
  Indices range_at(const SCEV* index, Value* count, const Instruction* at, bool definite, ScalarEvolution& scev,
                   DominatorTree& dt) {
    Indices first = indices_at(index, at, definite, scev, dt);
    if (!first || first->size() != 1) return std::nullopt;
    const SCEV* n = strip_casts(scev.getSCEV(count));
    int64_t size;
    if (auto* c = dyn_cast<SCEVConstant>(n)) {
      size = c->getAPInt().getSExtValue();
    } else {
      if (definite) return std::nullopt;
      ConstantRange range = scev.getSignedRange(n);
      if (range.isFullSet() || range.getSignedMax().sgt(max_indices)) return std::nullopt;
      size = range.getSignedMax().getSExtValue();
    }
    return enumerate(*first->begin(), 1, size - 1);
  }

  // Every event on the requests reachable from `base` in its function.
  std::vector<Event> events_of(Value* base, Function& f) {
    std::vector<Event> events;
    auto& scev = se(f);
    auto& dt = dom(f);
    std::vector<Value*> work{base};
    std::set<Value*> seen;
    auto escape = [&](const Instruction* at) { events.push_back(Event{EventKind::escape, at, "", std::nullopt}); };
    while (!work.empty()) {
      Value* v = work.back();
      work.pop_back();
      if (!seen.insert(v).second) continue;
      for (User* user : v->users()) {
        auto* inst = dyn_cast<Instruction>(user);
        if (!inst) {  // a constant expression (a GEP on a global array)
          if (isa<ConstantExpr>(user)) work.push_back(user); else return {Event{EventKind::escape, nullptr, "", {}}};
          continue;
        }
        if (isa<GetElementPtrInst>(inst) || isa<BitCastInst>(inst)) {
          if (inst->getOperand(0) == v) work.push_back(inst); else escape(inst);
        } else if (auto* load = dyn_cast<LoadInst>(inst)) {
          // A handle read is harmless when only compared (req != MPI_REQUEST_NULL)
          // or handed by value to MPI (MPI_Request_get_status): completing or
          // freeing a request needs its address.
          for (User* u : load->users())
            if (!isa<ICmpInst>(u) && !handle_by_value_to_mpi(u, load)) escape(load);
        } else if (auto* store = dyn_cast<StoreInst>(inst)) {
          if (store->getValueOperand() == v) escape(inst);  // overwriting a handle is not completing it
        } else if (auto* call = dyn_cast<CallInst>(inst)) {
          call_event(call, v, base, f, scev, dt, events);
        } else {
          escape(inst);  // phi, select, ptrtoint, return, comparison of addresses, ...
        }
      }
    }
    return events;
  }

  void call_event(CallInst* call, Value* v, Value* base, Function&, ScalarEvolution& scev, DominatorTree& dt,
                  std::vector<Event>& events) {
    Function* callee = call->getCalledFunction();
    if (!callee) return events.push_back(Event{EventKind::escape, call, "", {}});
    std::string name = callee->getName().str();
    if (callee->isIntrinsic()) {
      if (callee->getIntrinsicID() == Intrinsic::lifetime_start || callee->getIntrinsicID() == Intrinsic::lifetime_end ||
          isa<DbgInfoIntrinsic>(call))
        return;
      return events.push_back(Event{EventKind::escape, call, name, {}});
    }
    if (is_mpi(name)) {
      auto role = request_call(name);
      if (!role || role->request_arg >= call->arg_size() || call->getArgOperand(role->request_arg) != v) return;
      Value* at_base = nullptr;
      const SCEV* index = index_of(v, at_base, scev);
      if (at_base != base) index = nullptr;
      switch (role->role) {
        case RequestRole::start_one:
          events.push_back({EventKind::start, call, name, indices_at(index, call, true, scev, dt), role->collective});
          events.back().fixed_index = index && isa<SCEVConstant>(strip_casts(index));
          break;
        case RequestRole::start_array:
          events.push_back({EventKind::start, call, name,
                            range_at(index, call->getArgOperand(0), call, true, scev, dt), false});
          break;
        case RequestRole::complete_one:
          events.push_back({EventKind::complete, call, name, indices_at(index, call, false, scev, dt)});
          break;
        case RequestRole::complete_array:
          events.push_back({EventKind::complete, call, name,
                            range_at(index, call->getArgOperand(role->count_arg), call, false, scev, dt)});
          break;
      }
      return;
    }
    if (callee->isDeclaration()) return events.push_back(Event{EventKind::escape, call, name, {}});
    for (unsigned i = 0; i < call->arg_size(); ++i) {
      if (call->getArgOperand(i) != v) continue;
      if (i >= callee->arg_size()) return events.push_back(Event{EventKind::escape, call, name, {}});
      ParamSummary s = summary(callee->getArg(i));
      if (s.escapes) return events.push_back(Event{EventKind::escape, call, name, {}});
      if (s.completes) events.push_back(Event{EventKind::complete, call, name, std::nullopt});
      if (s.starts) {
        Value* at_base = nullptr;
        const SCEV* index = index_of(v, at_base, scev);
        if (at_base != base) index = nullptr;
        events.push_back({EventKind::start, call, name, indices_at(index, call, true, scev, dt), s.collective});
      }
    }
  }

  ParamSummary summary(Argument* param) {
    if (auto it = summaries_.find(param); it != summaries_.end()) return it->second;
    Function& f = *param->getParent();
    if (!param->getType()->isPointerTy() || in_progress_.count(&f)) return ParamSummary{false, true};  // recursion
    in_progress_.insert(&f);
    ParamSummary s;
    std::vector<Event> events = events_of(param, f);
    auto& pdt = postdom(f);
    int starts = 0;
    for (const Event& e : events) {
      if (e.kind == EventKind::escape) s.escapes = true;
      if (e.kind == EventKind::complete) s.completes = true;
      if (e.kind == EventKind::start) {
        ++starts;
        bool always = pdt.dominates(e.at->getParent(), &f.getEntryBlock());
        if (always && e.indices && *e.indices == std::set<int64_t>{0}) {
          s.starts = cast<CallInst>(e.at);
          s.collective = e.collective;
        }
      }
    }
    if (starts != 1 || s.completes) s.starts = nullptr;  // only the one simple shape is a start for callers
    in_progress_.erase(&f);
    summaries_[param] = s;
    return s;
  }

  // A block that ends the program (MPI_Abort, exit, abort): nothing after it runs.
  static bool ends_program(const BasicBlock* block) {
    for (const Instruction& inst : *block)
      if (auto* call = dyn_cast<CallBase>(&inst)) {
        const Function* callee = call->getCalledFunction();
        if (call->doesNotReturn() || (callee && callee->getName() == "MPI_Abort")) return true;
      }
    return false;
  }

  // Blocks reachable from `from` (its successors, transitively; `from` itself
  // only through a cycle), not going past a block that ends the program.
  static std::set<const BasicBlock*> reachable_after(const BasicBlock* from) {
    std::set<const BasicBlock*> out;
    std::vector<const BasicBlock*> work;
    if (!ends_program(from)) work.assign(succ_begin(from), succ_end(from));
    while (!work.empty()) {
      const BasicBlock* b = work.back();
      work.pop_back();
      if (!out.insert(b).second || ends_program(b)) continue;
      for (const BasicBlock* s : successors(b)) work.push_back(s);
    }
    return out;
  }

  static bool reaches(const Instruction* from, const Instruction* to, const std::set<const BasicBlock*>& after) {
    if (from->getParent() == to->getParent() && from->comesBefore(to)) return true;
    return after.count(to->getParent()) > 0;
  }

  void check(Function& f) {
    std::vector<Value*> bases;
    for (Instruction& inst : instructions(f)) {
      if (isa<AllocaInst>(inst)) bases.push_back(&inst);
      if (auto* call = dyn_cast<CallInst>(&inst))
        if (Function* callee = call->getCalledFunction())
          if (callee->getName() == "malloc" || callee->getName() == "calloc") bases.push_back(&inst);
    }
    for (Value* base : bases) {
      std::vector<Event> events = events_of(base, f);
      bool escapes = false, starts = false;
      for (const Event& e : events) {
        escapes |= e.kind == EventKind::escape;
        starts |= e.kind == EventKind::start;
      }
      if (escapes || !starts) continue;
      for (const Event& start : events) {
        if (start.kind != EventKind::start || !start.indices) continue;
        check_start(f, start, events);
      }
    }
  }

  // A start on one element in a counted loop (at least two iterations, the call
  // on each) with no completion of that variable in the loop: the next
  // iteration overwrites the handle of a pending request, which is then lost.
  bool overwritten_in_loop(Function& f, const Event& start, const std::vector<Event>& events) {
    // MPI_Start restarts the same persistent request: no handle is lost (starting
    // an active one is nb.request.persistent-start-active, not checked here).
    if (!start.fixed_index || start.op == "MPI_Start" || start.op == "PMPI_Start") return false;
    const BasicBlock* block = start.at->getParent();
    const Loop* loop = loops(f).getLoopFor(block);
    if (!loop || !loop->getLoopLatch() || block == loop->getHeader() || !dom(f).dominates(block, loop->getLoopLatch()))
      return false;
    auto* btc = dyn_cast<SCEVConstant>(se(f).getBackedgeTakenCount(loop));
    if (!btc || btc->getAPInt().getSExtValue() < 2) return false;
    for (const Event& e : events)
      if (e.kind == EventKind::complete && loop->contains(e.at)) return false;
    return true;
  }

  void check_start(Function& f, const Event& start, const std::vector<Event>& events) {
    std::set<const BasicBlock*> after = reachable_after(start.at->getParent());
    bool exit_reachable = false;
    for (const BasicBlock* b : after) exit_reachable |= isa<ReturnInst>(b->getTerminator()) && !ends_program(b);
    exit_reachable |= isa<ReturnInst>(start.at->getParent()->getTerminator()) && !ends_program(start.at->getParent());
    if (!exit_reachable) return;  // the program ends elsewhere (MPI_Abort, exit)
    std::set<int64_t> pending = *start.indices;
    std::vector<const Event*> completions;
    for (const Event& e : events) {
      if (e.kind != EventKind::complete || !reaches(start.at, e.at, after)) continue;
      completions.push_back(&e);
      if (!e.indices) return;  // may complete any of them
      for (int64_t i : *e.indices) pending.erase(i);
    }
    bool overwritten = pending.empty() && overwritten_in_loop(f, start, events);
    if (pending.empty() && !overwritten) return;
    if (overwritten) pending = *start.indices;
    Finding finding;
    finding.klass = start.collective ? "coll.request.missing-completion" : "nb.request.missing-completion";
    std::string which = start.indices->size() > 1 || *start.indices != std::set<int64_t>{0}
                            ? " (element " + std::to_string(*pending.begin()) + " of its array)"
                            : "";
    finding.message = "the request started by " + start.op + which + " at " + where(start.at) +
                      (overwritten ? " is overwritten by the same call in the next iteration of its loop before any completion, and lost"
                       : completions.empty() ? " is never completed: no wait, test or free of it follows"
                                           : " is completed by none of the calls that follow") +
                      (overwritten ? std::string() : " on any path to the exit of " + f.getName().str());
    finding.sites.push_back(Site{start.op, "call", start.at});
    for (const Event* e : completions) finding.sites.push_back(Site{e->op, "call", e->at});
    findings_.push_back(finding);
  }
};

}  // namespace

std::vector<Finding> check_requests(Module& module, FunctionAnalysisManager& fam) {
  return RequestChecker(module, fam).run();
}

}  // namespace assay::stat
