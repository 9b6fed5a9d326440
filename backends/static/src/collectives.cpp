// Collective order (seed 002 and PARCOACH, IJHPCA 2014), written from the
// papers. Rank-dependent values are tainted from MPI_Comm_rank's output through
// data flow, memory (per variable), calls and control dependence; a branch on
// such a value is where ranks may take different paths. PARCOACH flags every
// collective whose iterated post-dominance frontier holds such a branch; that
// alone cries wolf when both sides call the same collectives, so here the
// sequences are compared: the paths of a function (each loop body taken at most
// twice) are enumerated, and two paths that agree on every rank-independent
// branch they share (the same execution, two ranks) must call the same
// collectives in the same order on each communicator everyone is in
// (MPI_COMM_WORLD and its duplicates). Paths whose rank conditions contradict
// each other (rank == 0, then rank != 0) are dropped. The first difference is
// the finding: a collective on one path only (coll.order.conditional, with the
// branch's line), or two different ones (coll.order.mismatch, or
// coll.order.nbc-mismatch when one is nonblocking).
#include <cstdlib>
#include <map>
#include <optional>
#include <set>

#include "analyses.hpp"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "mpi_calls.hpp"

using namespace llvm;

namespace assay::stat {
namespace {

constexpr std::size_t max_paths = 4000;

struct Collective {
  std::string name;
  bool nonblocking;
  const Instruction* at;
};

// A rank condition on a path: (rank variable, symbol) `pred` constant, taken or not.
struct Constraint {
  const Value* rank;
  const Value* symbol;  // a rank-independent variable compared with, or null for a constant
  CmpInst::Predicate pred;
  int64_t constant;
  bool taken;
};

struct Decision {
  const Instruction* branch;
  unsigned successor;
  bool tainted;
};

struct Path {
  std::map<const Value*, std::vector<Collective>> sequences;  // per communicator
  std::vector<Decision> decisions;
  std::vector<Constraint> constraints;
  bool opaque = false;  // went through a call whose collectives are not one sequence
};

// The collectives a function makes on MPI_COMM_WORLD whatever the rank, when all
// its paths agree (nullopt: they do not, or we could not tell).
using Summary = std::optional<std::vector<Collective>>;

const Value* world_key() {
  static const int key = 0;
  return reinterpret_cast<const Value*>(&key);
}

class CollectiveChecker {
 public:
  CollectiveChecker(Module& module, FunctionAnalysisManager& fam) : module_(module), fam_(fam) {}

  std::vector<Finding> run() {
    find_rank_variables();
    propagate_taint();
    for (Function& f : module_)
      if (!f.isDeclaration()) summary(f);
    return findings_;
  }

 private:
  Module& module_;
  FunctionAnalysisManager& fam_;
  std::set<const Value*> tainted_;      // rank-dependent values
  std::set<const Value*> tainted_mem_;  // variables (allocas, globals, pointer params) holding them
  std::set<const Value*> rank_vars_;    // variables written by MPI_Comm_rank only
  std::map<const Function*, Summary> summaries_;
  std::set<const Function*> in_progress_;
  std::vector<Finding> findings_;

  static const Value* base_of(const Value* pointer) { return getUnderlyingObject(pointer, 0); }

  static std::string callee_name(const CallBase* call) {
    const Function* f = call->getCalledFunction();
    return f ? f->getName().str() : std::string();
  }

  static bool is_rank_source(const CallBase* call) {
    std::string name = callee_name(call);
    return name == "MPI_Comm_rank" || name == "PMPI_Comm_rank" || name == "MPI_Group_rank";
  }

  // Variables only MPI_Comm_rank writes: their loads are "the rank" in conditions.
  void find_rank_variables() {
    for (Function& f : module_)
      for (Instruction& inst : instructions(f))
        if (auto* call = dyn_cast<CallBase>(&inst); call && is_rank_source(call) && call->arg_size() == 2)
          rank_vars_.insert(base_of(call->getArgOperand(1)));
    for (auto it = rank_vars_.begin(); it != rank_vars_.end();) {
      bool only_rank = isa<AllocaInst>(*it);
      for (const User* u : (*it)->users()) {
        if (isa<LoadInst>(u)) continue;
        auto* call = dyn_cast<CallBase>(u);
        if (call && is_rank_source(call)) continue;
        if (auto* ii = dyn_cast<IntrinsicInst>(u); ii && (ii->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(ii))) continue;
        only_rank = false;
      }
      it = only_rank ? std::next(it) : rank_vars_.erase(it);
    }
  }

  bool taint(const Value* v) { return tainted_.insert(v).second; }
  bool taint_mem(const Value* pointer) {
    const Value* base = base_of(pointer);
    return tainted_mem_.insert(base).second;
  }
  bool is_tainted(const Value* v) const { return tainted_.count(v) > 0; }

  static bool is_branch(const Instruction* t) {
    if (auto* br = dyn_cast<BranchInst>(t)) return br->isConditional();
    return isa<SwitchInst>(t);
  }
  bool tainted_branch(const Instruction* t) const {
    if (auto* br = dyn_cast<BranchInst>(t)) return br->isConditional() && is_tainted(br->getCondition());
    if (auto* sw = dyn_cast<SwitchInst>(t)) return is_tainted(sw->getCondition());
    return false;
  }

  // Whether `block` runs or not depending on a rank-dependent branch (control
  // dependence, transitively, through the post-dominator tree).
  bool controlled_by_taint(const BasicBlock* block, PostDominatorTree& pdt, std::set<const BasicBlock*>& seen) {
    if (!seen.insert(block).second) return false;
    for (const BasicBlock& b : *block->getParent()) {
      const Instruction* t = b.getTerminator();
      if (!t || !is_branch(t)) continue;
      bool depends = false;
      for (const BasicBlock* s : successors(&b))
        depends |= pdt.dominates(block, s) && !pdt.properlyDominates(block, &b);
      if (!depends) continue;
      if (tainted_branch(t) || controlled_by_taint(&b, pdt, seen)) return true;
    }
    return false;
  }

  // A phi merging different values from the two sides of a rank-dependent branch.
  bool divergent_phi(const PHINode* phi) {
    const BasicBlock* join = phi->getParent();
    for (const BasicBlock& b : *join->getParent()) {
      const Instruction* t = b.getTerminator();
      if (&b == join || !t || !tainted_branch(t)) continue;
      std::vector<std::set<const BasicBlock*>> sides;
      for (const BasicBlock* s : successors(&b)) sides.push_back(reach_avoiding(s, join, &b));
      for (unsigned i = 0; i < phi->getNumIncomingValues(); ++i)
        for (unsigned j = 0; j < phi->getNumIncomingValues(); ++j) {
          if (phi->getIncomingValue(i) == phi->getIncomingValue(j)) continue;
          for (std::size_t a = 0; a < sides.size(); ++a)
            for (std::size_t c = 0; c < sides.size(); ++c)
              if (a != c && sides[a].count(phi->getIncomingBlock(i)) && sides[c].count(phi->getIncomingBlock(j)))
                return true;
        }
    }
    return false;
  }

  // Blocks reachable from `from` without passing `avoid`; `branch` stands for the edge branch->join.
  static std::set<const BasicBlock*> reach_avoiding(const BasicBlock* from, const BasicBlock* avoid,
                                                    const BasicBlock* branch) {
    std::set<const BasicBlock*> out;
    if (from == avoid) return {branch};
    std::vector<const BasicBlock*> work{from};
    while (!work.empty()) {
      const BasicBlock* b = work.back();
      work.pop_back();
      if (b == avoid || !out.insert(b).second) continue;
      for (const BasicBlock* s : successors(b)) work.push_back(s);
    }
    return out;
  }

  bool returns_taint(const Function& f) {
    for (const Instruction& inst : instructions(f))
      if (auto* ret = dyn_cast<ReturnInst>(&inst); ret && ret->getReturnValue() && is_tainted(ret->getReturnValue()))
        return true;
    return false;
  }

  bool step(Instruction& inst, PostDominatorTree& pdt) {
    bool changed = false;
    if (auto* call = dyn_cast<CallBase>(&inst)) {
      if (is_rank_source(call) && call->arg_size() == 2) return taint_mem(call->getArgOperand(1));
      Function* callee = call->getCalledFunction();
      std::string name = callee_name(call);
      if (callee && !callee->isDeclaration()) {
        for (unsigned i = 0; i < call->arg_size() && i < callee->arg_size(); ++i) {
          Value* arg = call->getArgOperand(i);
          Argument* param = callee->getArg(i);
          if (is_tainted(arg)) changed |= taint(param);
          if (arg->getType()->isPointerTy()) {
            // Rank-dependent memory flows both ways through a pointer parameter.
            if (tainted_mem_.count(base_of(arg))) changed |= tainted_mem_.insert(param).second;
            if (tainted_mem_.count(param)) changed |= taint_mem(arg);
          }
        }
        if (returns_taint(*callee)) changed |= taint(call);
      } else if (!is_mpi(name)) {
        // An external function of rank-dependent arguments (abs(rank), ...).
        for (Value* arg : call->args())
          if (is_tainted(arg) || (arg->getType()->isPointerTy() && tainted_mem_.count(base_of(arg))))
            changed |= taint(call);
      }
      return changed;
    }
    if (auto* load = dyn_cast<LoadInst>(&inst)) {
      if (is_tainted(load->getPointerOperand()) || tainted_mem_.count(base_of(load->getPointerOperand())))
        changed |= taint(load);
      return changed;
    }
    if (auto* store = dyn_cast<StoreInst>(&inst)) {
      std::set<const BasicBlock*> seen;
      if (is_tainted(store->getValueOperand()) || controlled_by_taint(store->getParent(), pdt, seen))
        changed |= taint_mem(store->getPointerOperand());
      return changed;
    }
    if (auto* phi = dyn_cast<PHINode>(&inst)) {
      for (Value* v : phi->incoming_values())
        if (is_tainted(v)) return taint(phi);
      if (!is_tainted(phi) && divergent_phi(phi)) changed |= taint(phi);
      return changed;
    }
    if (inst.getType()->isVoidTy()) return false;
    for (Value* op : inst.operands())
      if (is_tainted(op)) return taint(&inst);
    return false;
  }

  void propagate_taint() {
    for (bool changed = true; changed;) {
      changed = false;
      for (Function& f : module_) {
        if (f.isDeclaration()) continue;
        auto& pdt = fam_.getResult<PostDominatorTreeAnalysis>(f);
        for (Instruction& inst : instructions(f)) changed |= step(inst, pdt);
      }
    }
  }

  // The communicator a collective runs on, when every rank is in it: MPI_COMM_WORLD
  // (Open MPI's ompi_mpi_comm_world, MPICH's 0x44000000) or a variable set only by
  // MPI_Comm_dup or MPI_Comm_dup_with_info of it. Null otherwise: that collective is not checked.
  const Value* communicator(Value* comm) {
    comm = comm->stripPointerCasts();
    if (auto* g = dyn_cast<GlobalVariable>(comm)) return g->getName() == "ompi_mpi_comm_world" ? world_key() : nullptr;
    if (auto* c = dyn_cast<ConstantInt>(comm)) return c->getSExtValue() == 0x44000000 ? world_key() : nullptr;
    auto* load = dyn_cast<LoadInst>(comm);
    if (!load) return nullptr;
    const Value* var = base_of(load->getPointerOperand());
    if (!isa<AllocaInst>(var)) return nullptr;
    bool dup_of_world = false;
    for (const User* u : var->users()) {
      if (isa<LoadInst>(u)) continue;
      auto* call = dyn_cast<CallBase>(u);
      std::string name = call ? callee_name(call) : "";
      const bool dup = name == "MPI_Comm_dup" || name == "MPI_Comm_dup_with_info";  // same group, same order
      if ((dup || name == "MPI_Comm_free") && call->arg_size() >= 1) {
        if (dup && communicator(call->getArgOperand(0)) != world_key()) return nullptr;
        dup_of_world |= dup;
        continue;
      }
      if (auto* ii = dyn_cast<IntrinsicInst>(u); ii && (ii->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(ii))) continue;
      return nullptr;
    }
    return dup_of_world ? var : nullptr;
  }

  // A rank condition for the branch on `cond`, if it compares a rank variable.
  std::optional<Constraint> constraint_of(Value* cond, bool taken) {
    if (auto* bin = dyn_cast<BinaryOperator>(cond); bin && bin->getOpcode() == Instruction::Xor)
      if (auto* one = dyn_cast<ConstantInt>(bin->getOperand(1)); one && one->isOne())
        return constraint_of(bin->getOperand(0), !taken);
    auto* cmp = dyn_cast<ICmpInst>(cond);
    if (!cmp) return std::nullopt;
    Value* lhs = cmp->getOperand(0);
    Value* rhs = cmp->getOperand(1);
    CmpInst::Predicate pred = cmp->getPredicate();
    auto rank_of = [&](Value* v) -> const Value* {
      auto* load = dyn_cast<LoadInst>(v);
      if (!load) return nullptr;
      const Value* var = base_of(load->getPointerOperand());
      return rank_vars_.count(var) ? var : nullptr;
    };
    if (!rank_of(lhs)) {
      std::swap(lhs, rhs);
      pred = CmpInst::getSwappedPredicate(pred);
    }
    const Value* rank = rank_of(lhs);
    if (!rank) return std::nullopt;
    if (auto* c = dyn_cast<ConstantInt>(rhs)) return Constraint{rank, nullptr, pred, c->getSExtValue(), taken};
    if (is_tainted(rhs)) return std::nullopt;
    // A rank-independent value that cannot change between the two branches: a
    // parameter, or a variable stored at most once (root, ...). Not a loop index.
    const Value* symbol = nullptr;
    if (isa<Argument>(rhs)) symbol = rhs;
    if (auto* load = dyn_cast<LoadInst>(rhs)) {
      const Value* var = base_of(load->getPointerOperand());
      int stores = 0;
      bool plain = isa<AllocaInst>(var) || isa<GlobalVariable>(var);
      for (const User* u : var->users()) {
        if (isa<StoreInst>(u)) ++stores;
        else if (!isa<LoadInst>(u)) plain = false;
      }
      if (plain && stores <= 1) symbol = var;
    }
    if (!symbol) return std::nullopt;
    return Constraint{rank, symbol, pred, 0, taken};
  }

  // Ranks run from 0 to ASSAY_STATIC_NPROCS - 1 when the case declares it.
  static std::optional<int64_t> nprocs() {
    const char* env = std::getenv("ASSAY_STATIC_NPROCS");
    if (!env || !*env) return std::nullopt;
    long n = std::strtol(env, nullptr, 10);
    return n > 0 ? std::optional<int64_t>(n) : std::nullopt;
  }

  static bool feasible(const std::vector<Constraint>& constraints) {
    static const std::optional<int64_t> ranks = nprocs();
    std::map<std::pair<const Value*, const Value*>, std::vector<const Constraint*>> groups;
    for (const Constraint& c : constraints) groups[{c.rank, c.symbol}].push_back(&c);
    for (auto& [key, group] : groups) {
      std::set<int64_t> candidates{0};
      for (const Constraint* c : group)
        for (int64_t d = -1; d <= 1; ++d) candidates.insert(c->constant + d);
      bool any = false;
      for (int64_t value : candidates) {
        if (key.second == nullptr && (value < 0 || (ranks && value >= *ranks))) continue;  // not a rank
        bool all = true;
        for (const Constraint* c : group) {
          APInt a(64, static_cast<uint64_t>(value), true), b(64, static_cast<uint64_t>(c->constant), true);
          all &= ICmpInst::compare(a, b, c->pred) == c->taken;
        }
        any |= all;
      }
      if (!any) return false;
    }
    return true;
  }

  struct Walk {
    Function& f;
    std::vector<Path> complete;
    std::map<const BasicBlock*, int> visits;
    bool overflow = false;
  };

  // Enumerates the paths from `block` on, extending `path`.
  void walk(Walk& w, const BasicBlock* block, Path path) {
    if (w.overflow) return;
    if (w.complete.size() >= max_paths) {
      w.overflow = true;
      return;
    }
    if (w.visits[block] >= 2) return;  // a loop body at most twice; this path goes no further
    ++w.visits[block];
    bool ended = false;
    for (const Instruction& inst : *block) {
      auto* call = dyn_cast<CallBase>(&inst);
      if (!call) continue;
      std::string name = callee_name(call);
      if (name == "MPI_Finalize" || name == "PMPI_Finalize") {
        ended = true;
        break;
      }
      if (name == "MPI_Abort" || call->doesNotReturn()) {
        --w.visits[block];
        return;  // a path that aborts needs no matching collectives
      }
      if (auto coll = collective_call(name)) {
        if (coll->comm_arg < call->arg_size())
          if (const Value* key = communicator(call->getArgOperand(coll->comm_arg)))
            path.sequences[key].push_back(Collective{name, coll->nonblocking, call});
        continue;
      }
      const Function* callee = call->getCalledFunction();
      if (callee && !callee->isDeclaration()) {
        Summary s = summary(*callee);
        if (!s) path.opaque = true;
        else for (const Collective& c : *s) path.sequences[world_key()].push_back(c);
      }
    }
    const Instruction* t = block->getTerminator();
    if (ended || isa<ReturnInst>(t)) {
      w.complete.push_back(std::move(path));
    } else if (is_branch(t)) {
      bool rank_dependent = tainted_branch(t);
      for (unsigned i = 0; i < t->getNumSuccessors(); ++i) {
        Path next = path;
        next.decisions.push_back(Decision{t, i, rank_dependent});
        if (rank_dependent)
          if (auto* br = dyn_cast<BranchInst>(t))
            if (auto c = constraint_of(br->getCondition(), i == 0)) {
              next.constraints.push_back(*c);
              if (!feasible(next.constraints)) continue;
            }
        walk(w, t->getSuccessor(i), std::move(next));
      }
    } else if (auto* br = dyn_cast<BranchInst>(t)) {
      walk(w, br->getSuccessor(0), std::move(path));
    }  // unreachable, resume, ...: not a path to the exit
    --w.visits[block];
  }

  // Paths of one execution: the same choice at every rank-independent branch both take.
  static bool same_execution(const Path& p, const Path& q) {
    std::map<const Instruction*, std::vector<unsigned>> a, b;
    for (const Decision& d : p.decisions)
      if (!d.tainted) a[d.branch].push_back(d.successor);
    for (const Decision& d : q.decisions)
      if (!d.tainted) b[d.branch].push_back(d.successor);
    for (auto& [branch, choices] : a)
      if (auto it = b.find(branch); it != b.end() && it->second != choices) return false;
    return true;
  }

  static const Instruction* divergence(const Path& p, const Path& q) {
    for (std::size_t i = 0; i < p.decisions.size() && i < q.decisions.size(); ++i)
      if (p.decisions[i].branch != q.decisions[i].branch || p.decisions[i].successor != q.decisions[i].successor)
        return p.decisions[i].branch;
    return nullptr;
  }

  void compare(const Path& p, const Path& q) {
    std::set<const Value*> comms;
    for (auto& [key, seq] : p.sequences) comms.insert(key);
    for (auto& [key, seq] : q.sequences) comms.insert(key);
    for (const Value* key : comms) {
      static const std::vector<Collective> none;
      auto pi = p.sequences.find(key), qi = q.sequences.find(key);
      const auto& a = pi == p.sequences.end() ? none : pi->second;
      const auto& b = qi == q.sequences.end() ? none : qi->second;
      std::size_t i = 0;
      while (i < a.size() && i < b.size() && a[i].name == b[i].name) ++i;
      if (i == a.size() && i == b.size()) continue;
      const Instruction* branch = divergence(p, q);
      Finding f;
      if (i < a.size() && i < b.size()) {
        bool nbc = a[i].nonblocking || b[i].nonblocking;
        f.klass = nbc ? "coll.order.nbc-mismatch" : "coll.order.mismatch";
        f.message = "ranks that take different sides of a rank-dependent branch call " + a[i].name + " at " +
                    where(a[i].at) + " and " + b[i].name + " at " + where(b[i].at) +
                    " as the same collective on one communicator";
        f.sites = {Site{a[i].name, "call", a[i].at}, Site{b[i].name, "call", b[i].at}};
      } else {
        const Collective& only = i < a.size() ? a[i] : b[i];
        f.klass = "coll.order.conditional";
        f.message = only.name + " at " + where(only.at) + " is not called by every rank: ranks" +
                    (branch ? " that take the other side of the rank-dependent branch at " + where(branch) : std::string()) +
                    " make no matching collective call on that communicator";
        f.sites = {Site{only.name, "call", only.at}};
      }
      if (branch) f.sites.push_back(Site{"condition", "read", branch});
      findings_.push_back(f);
      return;  // one difference per pair of paths: the first
    }
  }

  Summary summary(const Function& f) {
    if (auto it = summaries_.find(&f); it != summaries_.end()) return it->second;
    if (in_progress_.count(&f)) return std::nullopt;  // recursion
    in_progress_.insert(&f);
    Walk w{const_cast<Function&>(f), {}, {}, false};
    walk(w, &f.getEntryBlock(), Path{});
    Summary s;
    if (!w.overflow) {
      std::vector<const Path*> paths;
      for (const Path& p : w.complete)
        if (!p.opaque) paths.push_back(&p);
      for (std::size_t i = 0; i < paths.size(); ++i)
        for (std::size_t j = i + 1; j < paths.size(); ++j)
          if (same_execution(*paths[i], *paths[j])) compare(*paths[i], *paths[j]);
      // One sequence on MPI_COMM_WORLD for every path: callers may inline it.
      bool opaque = false;
      for (const Path& p : w.complete) opaque |= p.opaque;
      if (!opaque && !w.complete.empty()) {
        auto world = [](const Path& p) {
          auto it = p.sequences.find(world_key());
          return it == p.sequences.end() ? std::vector<Collective>{} : it->second;
        };
        std::vector<Collective> first = world(w.complete.front());
        bool same = true;
        for (const Path& p : w.complete) {
          std::vector<Collective> seq = world(p);
          same &= seq.size() == first.size() &&
                  std::equal(seq.begin(), seq.end(), first.begin(),
                             [](const Collective& x, const Collective& y) { return x.name == y.name; });
        }
        if (same) s = first;
      }
    }
    in_progress_.erase(&f);
    summaries_[&f] = s;
    return s;
  }
};

}  // namespace

std::vector<Finding> check_collectives(Module& module, FunctionAnalysisManager& fam) {
  return CollectiveChecker(module, fam).run();
}

}  // namespace assay::stat
