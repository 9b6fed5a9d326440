// The in-flight analysis (in_flight.hpp). A forward may-analysis per function
// over a set of pending operations (tokens), on a mem2reg'd copy of the module:
// - an operation the runtime tracks (memory_in_flight, rma_call, request
//   starts of mpi_calls.hpp) adds a token with the objects its memory
//   arguments point into, the request slot it writes and its window and
//   target, as far as they are the same object in the whole activation;
// - only a definite completion removes one: MPI_Wait/MPI_Request_free of that
//   slot, MPI_Waitall over a constant range holding it (or the whole request
//   array), a window completion on the same window variable (all targets, or
//   the same constant target), a user function that does one of these on what
//   it is handed (its summary's kills);
// - what cannot be followed adds a token over all memory that nothing
//   removes: a call through a pointer, an unknown external function, a start
//   into a request slot that may still hold a pending request (the old
//   operation is then lost, and in flight for ever), a request or window
//   variable that may be overwritten by something else than MPI;
// - a user function's summary (gen: pending at its return, kills: caller
//   operations it surely completes) applies at each call;
// - a function that may be called while something is pending (a call site
//   whose state is not empty, address taken, external linkage other than
//   main) starts with a token over all memory.
#include "in_flight.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "mpi_calls.hpp"

using namespace llvm;

namespace assay::stat {

// An operation that may be pending.
struct InFlight::Token {
  // The request slot whose definite completion ends it: (object, byte
  // offset), or some element of the object (`request_whole`: a variable index).
  const Value* request = nullptr;
  int64_t request_offset = 0;
  bool request_whole = false;
  // The window whose completion ends it: the location its handle is loaded
  // from (object, offset), or the handle itself (`window_by_value`: an argument).
  const Value* window = nullptr;
  int64_t window_offset = 0;
  bool window_by_value = false;
  int64_t target = -1;  // a constant target rank; -1: not known
  // Its memory: the objects its memory arguments point into; `any_memory`: not known.
  bool any_memory = false;
  std::vector<const Value*> objects;
  const Instruction* start = nullptr;  // the MPI call; null when it comes from a callee
  bool entry = false;                  // a summary's stand-in for a caller's operation

  auto tied() const {
    return std::tie(request, request_offset, request_whole, window, window_offset, window_by_value, target, any_memory,
                    objects, start, entry);
  }
  bool operator<(const Token& o) const { return tied() < o.tied(); }
  bool operator==(const Token& o) const { return tied() == o.tied(); }
};

struct InFlight::Summary {
  std::vector<Token> gen;    // pending at its return (its own values)
  std::vector<Token> kills;  // entry tokens surely ended on every path to its return
  bool writes = true;        // may write memory that is not its own locals
};

namespace {

using Token = InFlight::Token;
using State = std::set<Token>;

Token everything() {
  Token t;
  t.any_memory = true;
  return t;
}

bool allocation(const Value* v) {
  const auto* call = dyn_cast<CallBase>(v);
  const Function* f = call ? call->getCalledFunction() : nullptr;
  if (!f) return false;
  StringRef n = f->getName();
  return n == "malloc" || n == "calloc" || n == "aligned_alloc" || n == "_Znwm" || n == "_Znam";
}

// An object no other identified object overlaps.
bool identified(const Value* o) { return isa<AllocaInst>(o) || isa<GlobalVariable>(o) || allocation(o); }

// C and C++ library functions that call neither MPI nor any function of the
// program, and keep no pointer they are given.
bool pure_library(StringRef n) {
  static const std::set<std::string, std::less<>> names = {
      "memcpy", "memmove", "memset", "memcmp", "bzero", "strlen", "strnlen", "strcmp", "strncmp", "strcpy",
      "strncpy", "strcat", "strncat", "strchr", "strrchr", "strstr", "strdup", "printf", "fprintf", "sprintf",
      "snprintf", "vprintf", "vfprintf", "vsnprintf", "puts", "fputs", "putchar", "fputc", "fflush", "malloc",
      "calloc", "realloc", "free", "aligned_alloc", "posix_memalign", "exit", "abort", "atoi", "atol", "atof",
      "strtol", "strtoul", "strtod", "sscanf", "__isoc99_sscanf", "fwrite", "fread", "fopen", "fclose", "getenv",
      "sqrt", "exp", "log", "pow", "fabs", "sin", "cos", "floor", "ceil", "fmin", "fmax", "abs", "labs", "rand",
      "srand", "time", "clock", "clock_gettime", "gettimeofday", "usleep", "sleep", "nanosleep", "__assert_fail",
      "perror", "getpid", "gethostname", "_Znwm", "_Znam", "_ZdlPv", "_ZdaPv", "_ZdlPvm", "_ZdaPvm"};
  if (names.count(n)) return true;
  // The C++ runtime and the standard library's compiled parts (templates are
  // instantiated, so defined, in the module); a thread runs program code.
  if (n.contains("thread")) return false;
  return n.startswith("__cxa_") || n.startswith("_ZNSt") || n.startswith("_ZNKSt") || n.startswith("_ZSt") ||
         n.startswith("_ZN9__gnu_cxx") || n.startswith("_ZNK9__gnu_cxx");
}

bool request_start(const std::optional<RequestCall>& r) {
  return r && (r->role == RequestRole::start_one || r->role == RequestRole::start_array);
}

}  // namespace

class InFlight::Solver {
 public:
  Solver(Module& m, FunctionAnalysisManager& fam) : module_(m), fam_(fam), layout_(m.getDataLayout()) {}

  void run() {
    for (Function& f : module_)
      if (!f.isDeclaration() && f.hasAddressTaken() && may_start(f)) callbacks_start_ = true;
    std::map<const Function*, bool> called_in_flight;
    for (Function& f : module_)
      if (!f.isDeclaration())
        called_in_flight[&f] = f.hasAddressTaken() || (!f.hasLocalLinkage() && f.getName() != "main");
    for (bool changed = true; changed;) {
      changed = false;
      before_.clear();
      for (Function& f : module_) {
        if (f.isDeclaration()) continue;
        State entry;
        if (called_in_flight[&f]) entry.insert(everything());
        solve(f, entry, true);
      }
      for (const auto& [inst, id] : before_) {
        const auto* call = dyn_cast<CallBase>(inst);
        const Function* callee = call ? call->getCalledFunction() : nullptr;
        if (!callee || callee->isDeclaration() || states_[id].empty() || called_in_flight[callee]) continue;
        called_in_flight[callee] = true;
        changed = true;
      }
    }
  }

  const State* before(const Instruction* inst) const {
    auto it = before_.find(inst);
    return it == before_.end() ? nullptr : &states_[it->second];
  }

  static std::vector<const Value*> objects_of(const Value* pointer) {
    SmallVector<const Value*, 4> objects;
    getUnderlyingObjects(pointer, objects, nullptr, 12);
    return {objects.begin(), objects.end()};
  }

 private:
  struct Place {
    const Value* base = nullptr;
    int64_t offset = 0;
    bool whole = false;  // some element of base
  };

  Module& module_;
  FunctionAnalysisManager& fam_;
  const DataLayout& layout_;
  bool callbacks_start_ = false;
  std::map<const Function*, InFlight::Summary> summaries_;
  std::set<const Function*> summarising_;
  std::map<const Function*, bool> may_start_, writes_;
  std::map<const Value*, bool> private_;
  std::map<const Instruction*, unsigned> before_;
  std::vector<State> states_;
  std::map<State, unsigned> state_ids_;

  // ---- places, keys, aliasing --------------------------------------------

  // An object that is the same one in the whole activation: a static alloca,
  // a global, a pointer argument, an allocation outside every loop.
  bool stable(const Value* base, const Function& f) {
    if (auto* a = dyn_cast<AllocaInst>(base)) return a->isStaticAlloca();
    if (isa<GlobalVariable>(base) || isa<Argument>(base)) return true;
    if (const auto* call = dyn_cast<CallBase>(base); call && allocation(call))
      return !fam_.getResult<LoopAnalysis>(const_cast<Function&>(f)).getLoopFor(call->getParent());
    return false;
  }

  std::optional<Place> place_of(const Value* pointer, const Function& f) {
    APInt offset(layout_.getIndexTypeSizeInBits(pointer->getType()), 0);
    const Value* base = pointer->stripAndAccumulateConstantOffsets(layout_, offset, true);
    if (offset.isSignedIntN(63) && stable(base, f)) return Place{base, offset.getSExtValue(), false};
    const Value* object = getUnderlyingObject(pointer, 12);
    if (stable(object, f)) return Place{object, 0, true};
    return std::nullopt;
  }

  // The window a handle names: the location it was loaded from, or an argument.
  std::optional<Token> window_of(const Value* handle, const Function& f) {
    handle = handle->stripPointerCasts();
    Token t;
    if (const auto* load = dyn_cast<LoadInst>(handle)) {
      auto p = place_of(load->getPointerOperand(), f);
      if (!p || p->whole) return std::nullopt;
      t.window = p->base;
      t.window_offset = p->offset;
      return t;
    }
    if (isa<Argument>(handle)) {
      t.window = handle;
      t.window_by_value = true;
      return t;
    }
    return std::nullopt;
  }

  static bool same_window(const Token& a, const Token& b) {
    return a.window && a.window == b.window && a.window_offset == b.window_offset &&
           a.window_by_value == b.window_by_value;
  }

  // A local object whose address goes nowhere an unknown pointer could come
  // from: only loads and stores through it, derived pointers, comparisons,
  // and MPI handle arguments (requests, a window's handle) that MPI writes
  // without keeping the address.
  bool is_private(const Value* object) {
    if (!isa<AllocaInst>(object) && !allocation(object)) return false;
    if (auto it = private_.find(object); it != private_.end()) return it->second;
    bool result = true;
    std::vector<const Value*> work{object};
    std::set<const Value*> seen{object};
    while (!work.empty() && result) {
      const Value* v = work.back();
      work.pop_back();
      for (const User* u : v->users()) {
        if (isa<LoadInst>(u) || isa<ICmpInst>(u)) continue;
        if (const auto* store = dyn_cast<StoreInst>(u)) {
          if (store->getValueOperand() == v) result = false;
          continue;
        }
        if (isa<GetElementPtrInst>(u) || isa<BitCastInst>(u) || isa<PHINode>(u) || isa<SelectInst>(u)) {
          if (seen.insert(u).second) work.push_back(u);
          continue;
        }
        if (const auto* call = dyn_cast<CallBase>(u)) {
          if (const auto* ii = dyn_cast<IntrinsicInst>(call);
              ii && (ii->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(ii)))
            continue;
          const Function* callee = call->getCalledFunction();
          if (callee && handle_argument(*call, callee->getName(), v)) continue;
        }
        result = false;
      }
    }
    private_[object] = result;
    return result;
  }

  // The window handle argument a window creation writes.
  static std::optional<unsigned> window_created(StringRef name) {
    if (!is_mpi(name)) return std::nullopt;
    if (name.endswith("Win_create") || name.endswith("Win_allocate") || name.endswith("Win_allocate_shared")) return 5;
    if (name.endswith("Win_create_dynamic")) return 2;
    return std::nullopt;
  }

  // `v` is only a request or window handle argument of this MPI call.
  static bool handle_argument(const CallBase& call, StringRef name, const Value* v) {
    if (!is_mpi(name)) return false;
    std::optional<unsigned> allowed;
    if (auto r = request_call(name)) allowed = r->request_arg;
    else if (auto w = window_completion(name); w && w->by_pointer) allowed = w->window_arg;
    else allowed = window_created(name);
    for (unsigned i = 0; i < call.arg_size(); ++i)
      if (call.getArgOperand(i) == v && (!allowed || i != *allowed)) return false;
    return allowed.has_value();
  }

  // Whether a write through `pointer` may change the location `base`.
  bool may_write(const Value* pointer, const Value* base) {
    for (const Value* o : objects_of(pointer)) {
      if (o == base) return true;
      if (!identified(o) && !is_private(base)) return true;
    }
    return false;
  }

  // Tokens whose request or window variable may be overwritten (by `pointers`,
  // or by anything when `anywhere`) lose that key; a token with no key left
  // can no longer end.
  void overwrite(State& s, const std::vector<const Value*>& pointers, bool anywhere) {
    State out;
    for (Token t : s) {
      auto hit = [&](const Value* base) {
        if (anywhere && !is_private(base)) return true;
        for (const Value* p : pointers)
          if (may_write(p, base)) return true;
        return false;
      };
      if (t.request && hit(t.request)) t.request = nullptr, t.request_offset = 0, t.request_whole = false;
      if (t.window && !t.window_by_value && hit(t.window)) t.window = nullptr, t.window_offset = 0;
      // A caller's operation (entry) left without its key stays as a marker: the
      // summary then kills nothing, and the caller itself overwrites what the
      // call may write (Summary::writes).
      out.insert(t);
    }
    s.swap(out);
  }

  static std::vector<const Value*> pointer_arguments(const CallBase& call, std::optional<unsigned> except = {}) {
    std::vector<const Value*> out;
    for (unsigned i = 0; i < call.arg_size(); ++i)
      if (call.getArgOperand(i)->getType()->isPointerTy() && (!except || i != *except))
        out.push_back(call.getArgOperand(i));
    return out;
  }

  // A start into a slot that may hold a pending request overwrites its handle:
  // that operation can never be completed, so its memory stays in flight.
  static void start_over(State& s, const Token& fresh) {
    if (!fresh.request) return;
    for (const Token& t : s)
      if (!t.entry && t.request == fresh.request &&
          (t.request_whole || fresh.request_whole || t.request_offset == fresh.request_offset)) {
        s.insert(everything());
        return;
      }
  }

  std::optional<int64_t> object_size(const Value* object) {
    if (const auto* a = dyn_cast<AllocaInst>(object)) {
      if (auto bits = a->getAllocationSizeInBits(layout_)) return static_cast<int64_t>(bits->getFixedSize() / 8);
      return std::nullopt;
    }
    if (const auto* g = dyn_cast<GlobalVariable>(object))
      return static_cast<int64_t>(layout_.getTypeAllocSize(g->getValueType()).getFixedSize());
    if (const auto* call = dyn_cast<CallBase>(object); call && allocation(call)) {
      StringRef n = call->getCalledFunction()->getName();
      auto constant = [&](unsigned i) -> std::optional<int64_t> {
        auto* c = i < call->arg_size() ? dyn_cast<ConstantInt>(call->getArgOperand(i)) : nullptr;
        return c ? std::optional<int64_t>(c->getSExtValue()) : std::nullopt;
      };
      if (n == "calloc") {
        auto a = constant(0), b = constant(1);
        return a && b ? std::optional<int64_t>(*a * *b) : std::nullopt;
      }
      return constant(n == "aligned_alloc" ? 1 : 0);
    }
    return std::nullopt;
  }

  // Size of the request handles an array call works on (typed pointers in
  // LLVM 14: the parameter's pointee); 0 when unknown.
  int64_t handle_size(const CallBase& call, unsigned arg) {
    auto* pointer = dyn_cast<PointerType>(call.getFunctionType()->getParamType(arg));
    if (!pointer || pointer->isOpaque()) return 0;
    return static_cast<int64_t>(layout_.getTypeAllocSize(pointer->getPointerElementType()).getFixedSize());
  }

  // ---- transfer ------------------------------------------------------------

  void step(const Instruction& inst, State& s) {
    if (const auto* store = dyn_cast<StoreInst>(&inst)) return overwrite(s, {store->getPointerOperand()}, false);
    if (const auto* rmw = dyn_cast<AtomicRMWInst>(&inst)) return overwrite(s, {rmw->getPointerOperand()}, false);
    if (const auto* cx = dyn_cast<AtomicCmpXchgInst>(&inst)) return overwrite(s, {cx->getPointerOperand()}, false);
    const auto* call = dyn_cast<CallBase>(&inst);
    if (!call) return;
    if (const auto* mem = dyn_cast<MemIntrinsic>(call)) return overwrite(s, {mem->getRawDest()}, false);
    if (isa<IntrinsicInst>(call)) return;  // lifetime, debug information, arithmetic
    const Function* callee = call->getCalledFunction();
    if (!callee) {  // through a pointer: anything
      overwrite(s, pointer_arguments(*call), true);
      s.insert(everything());
      return;
    }
    const Function& f = *call->getFunction();
    StringRef name = callee->getName();
    if (is_mpi(name)) return mpi_call(*call, name, f, s);
    if (!callee->isDeclaration()) return user_call(*call, *callee, f, s);
    const bool pure = pure_library(name);
    overwrite(s, pointer_arguments(*call), !pure);
    if (!pure) s.insert(everything());
  }

  void mpi_call(const CallBase& call, StringRef name, const Function& f, State& s) {
    const auto request = request_call(name);
    const auto rma = rma_call(name);
    const auto window = window_completion(name);
    // Definite completions.
    if (request && request->always_completes && request->request_arg < call.arg_size())
      if (auto slot = place_of(call.getArgOperand(request->request_arg), f); slot && !slot->whole) {
        int64_t lo = slot->offset, hi = slot->offset + 1;
        bool whole = false;
        if (request->role == RequestRole::complete_array) {
          auto* count = dyn_cast<ConstantInt>(call.getArgOperand(request->count_arg));
          const int64_t size = handle_size(call, request->request_arg);
          hi = count && size > 0 ? lo + count->getSExtValue() * size : lo;
          auto total = object_size(slot->base);
          whole = lo == 0 && total && hi >= *total;
        }
        for (auto it = s.begin(); it != s.end();) {
          const bool ends = it->request == slot->base &&
                            (it->request_whole ? whole : it->request_offset >= lo && it->request_offset < hi);
          it = ends ? s.erase(it) : std::next(it);
        }
      }
    if (window && window->window_arg < call.arg_size()) {
      const Value* handle = call.getArgOperand(window->window_arg);
      std::optional<Token> key;
      if (window->by_pointer) {
        if (auto p = place_of(handle, f); p && !p->whole) {
          key = Token{};
          key->window = p->base;
          key->window_offset = p->offset;
        }
      } else {
        key = window_of(handle, f);
      }
      std::optional<int64_t> target;
      if (window->target_arg)
        if (auto* c = dyn_cast<ConstantInt>(call.getArgOperand(*window->target_arg))) target = c->getSExtValue();
      if (key)
        for (auto it = s.begin(); it != s.end();) {
          const bool ends = same_window(*it, *key) &&
                            (!window->target_arg || (target && it->target >= 0 && it->target == *target));
          it = ends ? s.erase(it) : std::next(it);
        }
    }
    // A new window into a window variable: what was pending on the old one can
    // no longer be completed through it. (MPI writes request and window
    // variables only through these handle arguments; a receive into one is
    // not followed.)
    if (auto out = window_created(name); out && *out < call.arg_size())
      overwrite(s, {call.getArgOperand(*out)}, false);
    // Starts.
    if (request_start(request) || rma) {
      Token t;
      t.start = &call;
      if (auto memory = memory_in_flight(name)) {
        for (unsigned i : *memory)
          if (i < call.arg_size())
            for (const Value* o : objects_of(call.getArgOperand(i))) t.objects.push_back(o);
        std::sort(t.objects.begin(), t.objects.end());
        t.objects.erase(std::unique(t.objects.begin(), t.objects.end()), t.objects.end());
      } else {
        t.any_memory = true;
      }
      if (rma && rma->window_arg < call.arg_size()) {
        if (auto w = window_of(call.getArgOperand(rma->window_arg), f)) {
          t.window = w->window;
          t.window_offset = w->window_offset;
          t.window_by_value = w->window_by_value;
        }
        if (auto* c = dyn_cast<ConstantInt>(call.getArgOperand(rma->target_arg)); c && c->getSExtValue() >= 0)
          t.target = c->getSExtValue();
      }
      if (request_start(request) && request->request_arg < call.arg_size()) {
        if (auto slot = place_of(call.getArgOperand(request->request_arg), f)) {
          t.request = slot->base;
          t.request_offset = slot->whole ? 0 : slot->offset;
          t.request_whole = slot->whole || request->role == RequestRole::start_array;
        }
      }
      start_over(s, t);
      s.insert(t);
    }
    if (callbacks_start_) s.insert(everything());  // a user callback (an operator, an error handler) may start one
  }

  // A caller's view of a callee's token at `call`.
  std::optional<Place> actual_place(const CallBase& call, const Value* callee_value, int64_t offset, bool whole,
                                    const Function& caller) {
    const auto* arg = dyn_cast<Argument>(callee_value);
    if (!arg || arg->getArgNo() >= call.arg_size()) return std::nullopt;
    auto p = place_of(call.getArgOperand(arg->getArgNo()), caller);
    if (!p) return std::nullopt;
    if (whole || p->whole) return Place{p->base, 0, true};
    return Place{p->base, p->offset + offset, false};
  }

  Token to_caller(const Token& g, const CallBase& call, const Function& caller) {
    Token t;
    t.target = g.target;
    t.any_memory = g.any_memory;
    for (const Value* o : g.objects) {
      if (const auto* arg = dyn_cast<Argument>(o); arg && arg->getArgNo() < call.arg_size()) {
        for (const Value* a : objects_of(call.getArgOperand(arg->getArgNo()))) t.objects.push_back(a);
      } else if (isa<AllocaInst>(o)) {
        t.any_memory = true;  // the callee's frame is gone, its memory reused
      } else {
        t.objects.push_back(o);
      }
    }
    std::sort(t.objects.begin(), t.objects.end());
    t.objects.erase(std::unique(t.objects.begin(), t.objects.end()), t.objects.end());
    if (g.request) {
      if (isa<GlobalVariable>(g.request)) {
        t.request = g.request, t.request_offset = g.request_offset, t.request_whole = g.request_whole;
      } else if (auto p = actual_place(call, g.request, g.request_offset, g.request_whole, caller)) {
        t.request = p->base, t.request_offset = p->offset, t.request_whole = p->whole;
      }
    }
    if (g.window) {
      if (isa<GlobalVariable>(g.window)) {
        t.window = g.window, t.window_offset = g.window_offset;
      } else if (const auto* arg = dyn_cast<Argument>(g.window); arg && g.window_by_value) {
        if (arg->getArgNo() < call.arg_size())
          if (auto w = window_of(call.getArgOperand(arg->getArgNo()), caller))
            t.window = w->window, t.window_offset = w->window_offset, t.window_by_value = w->window_by_value;
      } else if (auto p = actual_place(call, g.window, g.window_offset, false, caller); p && !p->whole) {
        t.window = p->base, t.window_offset = p->offset;
      }
    }
    return t;
  }

  void user_call(const CallBase& call, const Function& callee, const Function& caller, State& s) {
    const InFlight::Summary summary = summary_of(callee);
    // An exception may leave the callee before it completes anything.
    if (!isa<InvokeInst>(call))
      for (const Token& k : summary.kills) {
        const Token mapped = to_caller(k, call, caller);
        for (auto it = s.begin(); it != s.end();) {
          const bool ends = (mapped.request && !mapped.request_whole && it->request == mapped.request &&
                             !it->request_whole && it->request_offset == mapped.request_offset) ||
                            (k.window && same_window(*it, mapped));
          it = ends ? s.erase(it) : std::next(it);
        }
      }
    if (summary.writes) overwrite(s, pointer_arguments(call), true);
    for (const Token& g : summary.gen) {
      Token t = to_caller(g, call, caller);
      start_over(s, t);
      s.insert(t);
    }
  }

  // ---- summaries -------------------------------------------------------------

  const InFlight::Summary& summary_of(const Function& f) {
    static const InFlight::Summary unknown{{everything()}, {}, true};
    if (auto it = summaries_.find(&f); it != summaries_.end()) return it->second;
    if (summarising_.count(&f)) return unknown;  // recursion
    summarising_.insert(&f);
    State entry;
    for (const Argument& a : f.args()) {
      Token window;
      window.window = &a;
      window.window_by_value = true;
      window.any_memory = true;
      window.entry = true;
      entry.insert(window);
      if (!a.getType()->isPointerTy()) continue;
      Token request;
      request.request = &a;
      request.any_memory = true;
      request.entry = true;
      entry.insert(request);
    }
    const State exit = solve(const_cast<Function&>(f), entry, false);
    InFlight::Summary s;
    bool overwritten = false;  // a caller's request or window variable may be written
    for (const Token& t : exit) overwritten |= t.entry && !t.request && !t.window;
    for (const Token& t : entry)
      if (!overwritten && !exit.count(t)) s.kills.push_back(t);
    for (const Token& t : exit)
      if (!t.entry) s.gen.push_back(t);
    s.writes = writes(f);
    summarising_.erase(&f);
    return summaries_[&f] = s;
  }

  // Whether `f` may (through its callees) start an operation or call what we cannot follow.
  bool may_start(const Function& f) {
    if (auto it = may_start_.find(&f); it != may_start_.end()) return it->second;
    may_start_[&f] = true;  // recursion: assume it does
    bool result = false;
    for (const Instruction& inst : instructions(f)) {
      const auto* call = dyn_cast<CallBase>(&inst);
      if (!call || isa<IntrinsicInst>(call)) continue;
      const Function* callee = call->getCalledFunction();
      if (!callee) result = true;
      else if (is_mpi(callee->getName())) result |= request_start(request_call(callee->getName())) || rma_call(callee->getName());
      else if (callee->isDeclaration()) result |= !pure_library(callee->getName());
      else result |= may_start(*callee);
      if (result) break;
    }
    return may_start_[&f] = result;
  }

  // Whether `f` may write memory other than its own locals.
  bool writes(const Function& f) {
    if (auto it = writes_.find(&f); it != writes_.end()) return it->second;
    writes_[&f] = true;  // recursion
    auto outside = [&](const Value* pointer) {
      for (const Value* o : objects_of(pointer)) {
        const auto* a = dyn_cast<AllocaInst>(o);
        if (!(a && a->getFunction() == &f) && !(isa<Constant>(o) && !isa<GlobalValue>(o))) return true;
      }
      return false;
    };
    bool result = false;
    for (const Instruction& inst : instructions(f)) {
      if (const auto* store = dyn_cast<StoreInst>(&inst)) result |= outside(store->getPointerOperand());
      else if (const auto* rmw = dyn_cast<AtomicRMWInst>(&inst)) result |= outside(rmw->getPointerOperand());
      else if (const auto* cx = dyn_cast<AtomicCmpXchgInst>(&inst)) result |= outside(cx->getPointerOperand());
      else if (const auto* mem = dyn_cast<MemIntrinsic>(&inst)) result |= outside(mem->getRawDest());
      else if (const auto* call = dyn_cast<CallBase>(&inst); call && !isa<IntrinsicInst>(call)) {
        const Function* callee = call->getCalledFunction();
        if (!callee || (!callee->isDeclaration() && writes(*callee))) {
          result = true;
        } else {
          std::optional<unsigned> handle;
          if (is_mpi(callee->getName())) {
            if (auto r = request_call(callee->getName())) handle = r->request_arg;
          } else if (callee->isDeclaration() && !pure_library(callee->getName())) {
            result = true;
          }
          for (const Value* p : pointer_arguments(*call, handle)) result |= outside(p);
        }
      }
      if (result) break;
    }
    return writes_[&f] = result;
  }

  // ---- the fixpoint ----------------------------------------------------------

  unsigned intern(const State& s) {
    auto [it, inserted] = state_ids_.try_emplace(s, static_cast<unsigned>(states_.size()));
    if (inserted) states_.push_back(s);
    return it->second;
  }

  // The state at each block's end until nothing changes; returns the union of
  // the states at the function's returns. `record`: keep the state before
  // each memory access and call.
  State solve(Function& f, const State& entry, bool record) {
    std::map<const BasicBlock*, State> out;
    ReversePostOrderTraversal<Function*> order(&f);
    auto in_of = [&](const BasicBlock* b) {
      State s = b == &f.getEntryBlock() ? entry : State{};
      for (const BasicBlock* p : predecessors(b))
        if (auto it = out.find(p); it != out.end()) s.insert(it->second.begin(), it->second.end());
      return s;
    };
    for (bool changed = true; changed;) {
      changed = false;
      for (BasicBlock* b : order) {
        State s = in_of(b);
        for (const Instruction& inst : *b) step(inst, s);
        auto it = out.find(b);
        if (it == out.end() || it->second != s) {
          out[b] = std::move(s);
          changed = true;
        }
      }
    }
    State exit;
    for (BasicBlock* b : order) {
      State s = in_of(b);
      for (const Instruction& inst : *b) {
        if (record && (isa<LoadInst>(inst) || isa<StoreInst>(inst) || isa<AtomicRMWInst>(inst) ||
                       isa<AtomicCmpXchgInst>(inst) || isa<CallBase>(inst)))
          before_[&inst] = intern(s);
        if (isa<ReturnInst>(inst)) exit.insert(s.begin(), s.end());
        step(inst, s);
      }
    }
    return exit;
  }
};

InFlight::InFlight(const Module& original) : prepared_(std::make_unique<Prepared>(original, &copies_)) {
  solver_ = std::make_unique<Solver>(prepared_->module(), prepared_->fam());
  solver_->run();
}

InFlight::~InFlight() = default;

const Instruction* InFlight::copy_of(const Instruction& at) const {
  auto it = copies_.find(&at);
  if (it == copies_.end()) return nullptr;
  return dyn_cast_or_null<Instruction>(static_cast<Value*>(it->second));
}

bool InFlight::may_conflict(const Instruction& at, const Value* pointer) const {
  const Instruction* copy = copy_of(at);
  const State* s = copy ? solver_->before(copy) : nullptr;
  if (!s) return true;  // not analysed: keep it
  if (s->empty()) return false;
  const Value* copied_pointer = nullptr;
  for (unsigned i = 0; i < at.getNumOperands(); ++i)
    if (at.getOperand(i) == pointer) copied_pointer = copy->getOperand(i);
  if (!copied_pointer) return true;
  const std::vector<const Value*> accessed = Solver::objects_of(copied_pointer);
  for (const Token& t : *s) {
    if (t.any_memory) return true;
    for (const Value* o : t.objects)
      for (const Value* a : accessed)
        if (a == o || !identified(a) || !identified(o)) return true;
  }
  return false;
}

}  // namespace assay::stat

namespace assay::stat {

void InFlight::dump(raw_ostream& out) const {
  for (const Function& f : prepared_->module()) {
    if (f.isDeclaration()) continue;
    out << "in-flight: function " << f.getName() << "\n";
    for (const Instruction& inst : instructions(f)) {
      const State* s = solver_->before(&inst);
      if (!s || !isa<CallBase>(inst)) continue;
      out << "  before" << inst << "\n";
      for (const Token& t : *s) {
        out << "    pending";
        if (t.start) out << " from " << *t.start;
        if (t.request) out << " request " << t.request->getName() << (t.request_whole ? "[*]" : "+") << t.request_offset;
        if (t.window) out << " window " << t.window->getName() << "+" << t.window_offset << (t.window_by_value ? " (value)" : "");
        if (t.target >= 0) out << " target " << t.target;
        if (t.any_memory) out << " any memory";
        for (const Value* o : t.objects) out << " object " << o->getName();
        out << "\n";
      }
    }
  }
}

}  // namespace assay::stat
