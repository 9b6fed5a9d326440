// The llvm backend's runtime, access side: every load, store, atomic and
// buffer-touching library call the pass instrumented arrives here with its
// address, size and kind; the call's return address carries the access's
// debug location. The pass inlines a guard before each call (plugin.cpp):
// the call is made only when the access overlaps __assay_llvm_bounds, the
// smallest interval holding every range in flight, and lies in none of the
// gaps inside it (__assay_llvm_gaps), so most accesses never get here.
// Here, first: no range in flight and no window memory (relaxed
// atomic loads).
#include "runtime.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "assay/interpose/datatypes.hpp"
#include "assay/interpose/findings.hpp"

namespace assay::llvmrt {
namespace {

// Operations in flight in this process; accesses skip the lookup while 0.
std::atomic<std::size_t> in_flight{0};
// Calls that passed the inline guard, and those of them that found an
// operation in flight. Counted here only, off the program's fast path (the
// guard skips the call), so one relaxed atomic per call is cheap enough.
std::atomic<std::uint64_t> checks{0}, slow_checks{0};

// Set while this thread runs the check itself. Building and reporting a
// finding calls inline C++ library functions (std::string, std::vector) that
// the program may also instantiate, instrumented; the dynamic linker binds
// the runtime to the program's copy, whose accesses would re-enter the check
// and wait for the lock this thread holds.
thread_local bool checking = false;

// The gaps (__assay_llvm_gaps): closed by every change of the set, published
// again when the MPI call that made it leaves; the address of the last access
// that reached the runtime and met nothing keeps its gap in slot 0. Guarded by
// state().m (the flag is read without it, by the leaving thread).
constexpr std::size_t gap_slots = 3;
// Above this many segments the widest gaps are not searched (a scan per MPI
// call that changes the set); the gap around the last miss still is (O(log n)).
constexpr std::size_t gap_scan_segments = 1024;
std::atomic<bool> gaps_stale{false};
std::uintptr_t last_miss = 0;
bool have_miss = false;

void close_gaps() {
  for (std::size_t k = 0; k < gap_slots; ++k) {
    __assay_llvm_gaps[2 * k].store(UINTPTR_MAX, std::memory_order_relaxed);
    __assay_llvm_gaps[2 * k + 1].store(0, std::memory_order_relaxed);
  }
}
void store_gap(std::size_t k, core::InFlight::Range g) {
  __assay_llvm_gaps[2 * k].store(g.first, std::memory_order_relaxed);
  __assay_llvm_gaps[2 * k + 1].store(g.second, std::memory_order_relaxed);
}
// The widest range around `at` that no range in flight and no window part meets; {0, 0} when one holds `at`.
core::InFlight::Range gap_around(const State& s, std::uintptr_t at) {
  const auto r = s.ranges.gap_at(at), w = window_gap_at(at);
  if (r.second <= r.first || w.second <= w.first) return {0, 0};
  return {std::max(r.first, w.first), std::min(r.second, w.second)};
}

// Access kinds, as the pass numbers them (plugin.cpp).
enum Kind : std::uint32_t { kLoad = 0, kStore, kAtomic, kCopyRead, kCopyWrite, kSet, kLibRead, kLibWrite };
bool writes(std::uint32_t k) { return k == kStore || k == kAtomic || k == kCopyWrite || k == kSet || k == kLibWrite; }
const char* how(std::uint32_t k) {
  switch (k) {
    case kLoad: return "load";
    case kStore: return "store";
    case kAtomic: return "atomic update";
    case kCopyRead: return "memcpy/memmove reading";
    case kCopyWrite: return "memcpy/memmove writing";
    case kSet: return "memset";
    case kLibRead: return "library call reading";
    case kLibWrite: return "library call writing";
  }
  return "access";
}

struct Module {
  std::string source;
  std::uint32_t accesses, instrumented, escape_filtered, in_flight_filtered;
};
std::vector<Module>& modules() {
  static auto* m = new std::vector<Module>;  // never destroyed: constructors and exit
  return *m;
}

void check(std::uintptr_t addr, std::uint64_t size, std::uint32_t kind, std::uintptr_t pc) {
  checks.fetch_add(1, std::memory_order_relaxed);
  const bool windows = windows_live.load(std::memory_order_relaxed);
  if ((in_flight.load(std::memory_order_relaxed) == 0 && !windows) || size == 0) return;
  // Inside an MPI call (a user-defined reduction, an error handler) MPI
  // itself works on the buffers.
  if (interpose::current_call() != nullptr || !interpose::active() || checking) return;
  if (windows) {
    const WindowCache& c = window_cache;
    if (addr >= c.lo && addr + size <= c.hi && (c.write || !writes(kind)) &&
        c.generation == generation.load(std::memory_order_relaxed))
      return;
  }
  checking = true;
  struct Done {
    ~Done() { checking = false; }
  } done;
  slow_checks.fetch_add(1, std::memory_order_relaxed);
  State& s = state();
  std::vector<core::Finding> findings;
  {
    std::lock_guard lock(s.m);
    for (Op op : s.ranges.overlapping(addr, addr + size)) {
      const auto found = s.ops.find(op);  // received data may drop ops it met
      if (found == s.ops.end()) continue;
      const OpInfo& info = found->second;
      if (!touches(info, addr, addr + size)) continue;  // a hole of a hulled datatype
      if (info.permission == Permission::received) {
        received_access(s, op, addr, size, writes(kind), pc, how(kind), findings);
        continue;
      }
      if (!writes(kind) && info.permission == Permission::read) continue;
      if (!s.reported.emplace(op, pc).second) continue;
      const bool write = writes(kind);
      core::Finding f{info.cls,
                      std::string(how(kind)) + " of " + std::to_string(size) + " bytes " +
                          (write ? "writes" : "reads") + " the " + info.role + " of a pending " + info.call.op +
                          (info.start.pc ? " (started by " + info.start.op + ")" : ""),
                      {}};
      core::Access a{core::Site{write ? "store" : "load", interpose::world_rank(), pc},
                     write ? core::AccessKind::write : core::AccessKind::read, addr, size, interpose::next_time(), 0};
      f.accesses.push_back(a);
      f.accesses.push_back(core::Access{info.call, core::AccessKind::call, info.addr, info.size, info.time, 0});
      if (info.start.pc)
        f.accesses.push_back(core::Access{info.start, core::AccessKind::call, info.addr, info.size, 0, 0});
      findings.push_back(std::move(f));
    }
    if (windows) window_access(addr, size, writes(kind), pc);
    // Met nothing: until the set changes, the accesses around this one skip the
    // call inline (slot 0; the widest gaps stay in the others).
    if (findings.empty() && single_threaded()) {
      const core::InFlight::Range g = gap_around(s, addr);
      if (g.second > g.first && g.second - addr >= size) {
        last_miss = addr;
        have_miss = true;
        store_gap(0, g);
      }
    }
  }
  for (const core::Finding& f : findings) interpose::report(f);
}

}  // namespace

// The instrumented code's guard reads these two words (relaxed: ranges are
// added and removed by MPI calls of the thread whose accesses they concern,
// and an access racing with another thread's MPI call is unordered with it
// anyway). Stored after every change of the set, with the state's lock held.
void publish_bounds(const State& s) {
  auto [lo, hi] = s.ranges.bounds();
  if (const auto [wlo, whi] = window_hull(); whi > wlo) {
    lo = hi > lo ? std::min(lo, wlo) : wlo;
    hi = std::max(hi, whi);
  }
  __assay_llvm_bounds[0].store(lo, std::memory_order_relaxed);
  __assay_llvm_bounds[1].store(hi, std::memory_order_relaxed);
  close_gaps();
  gaps_stale.store(true, std::memory_order_relaxed);
}

void publish_gaps() noexcept {
  if (!gaps_stale.load(std::memory_order_relaxed)) return;
  State& s = state();
  std::lock_guard lock(s.m);
  gaps_stale.store(false, std::memory_order_relaxed);
  if (!single_threaded()) return;  // stays closed
  std::vector<core::InFlight::Range> gaps;
  if (have_miss) {
    const core::InFlight::Range g = gap_around(s, last_miss);
    if (g.second > g.first) gaps.push_back(g);
  }
  if (s.ranges.segments() <= gap_scan_segments) {
    std::vector<core::InFlight::Range> covered = s.ranges.covered();
    for (const auto& part : window_parts()) covered.push_back(part);
    for (const auto& g : core::widest_gaps(std::move(covered), gap_slots))
      if (gaps.size() < gap_slots && std::find(gaps.begin(), gaps.end(), g) == gaps.end()) gaps.push_back(g);
  }
  for (std::size_t k = 0; k < gaps.size(); ++k) store_gap(k, gaps[k]);
}

State& state() {
  static auto* s = new State;  // never destroyed: accesses may come during exit
  return *s;
}

Op add_op(State& s, const OpInfo& info) {
  const Op op = s.next++;
  s.ops.emplace(op, info);
  ++s.operations;
  return op;
}

namespace {
// One range into the set (add_range, or the hull add_blocks makes).
void insert_range(State& s, Op op, std::uintptr_t lo, std::uintptr_t hi) {
  if (hi <= lo) return;
  const bool was_empty = !s.ranges.contains(op);
  s.ranges.add(op, lo, hi);
  OpInfo& info = s.ops.at(op);
  if (info.size == 0) {
    info.addr = lo;
    info.size = hi - lo;
  } else {
    const std::uintptr_t first = std::min(info.addr, lo), end = std::max(info.addr + info.size, hi);
    info.addr = first;
    info.size = end - first;
  }
  if (was_empty) in_flight.fetch_add(1, std::memory_order_relaxed);
  publish_bounds(s);
  s.peak_ranges = std::max(s.peak_ranges, s.ranges.ops());
  s.peak_segments = std::max(s.peak_segments, s.ranges.segments());
}
}  // namespace

void add_range(State& s, Op op, std::uintptr_t lo, std::uintptr_t hi) {
  if (hi <= lo) return;
  OpInfo& info = s.ops.at(op);
  if (info.hulled) info.exact.emplace_back(lo, hi);
  insert_range(s, op, lo, hi);
}

// A datatype of many blocks (a matrix column: one block per row) enters the
// set as its hull, one range instead of one per block (with their tree nodes
// and their publish_bounds each); its blocks stay in the operation
// (OpInfo::exact), and an access that meets the hull counts only if it meets
// one of them (touches). Only for an operation that has no precise range yet,
// so `exact` holds all its bytes. The hull is never narrower than the blocks:
// the bounds, the gaps and the window runs' limits, read from the set, only
// get more conservative (more calls into the runtime, never fewer checks).
constexpr std::size_t hull_above_blocks = 16;

void add_blocks(State& s, Op op, const void* buf, int count, MPI_Datatype type, std::int64_t offset) {
  if (!buf || buf == MPI_IN_PLACE || count <= 0 || type == MPI_DATATYPE_NULL) return;
  const auto base = reinterpret_cast<std::uintptr_t>(buf) + static_cast<std::uintptr_t>(offset);
  const auto blocks = interpose::type_blocks(count, type);
  OpInfo& info = s.ops.at(op);
  if (blocks.size() > hull_above_blocks && (info.hulled || !s.ranges.contains(op))) {
    info.hulled = true;
    std::uintptr_t lo = UINTPTR_MAX, hi = 0;
    for (const auto& [from, to] : blocks) {
      if (to <= from) continue;
      const std::uintptr_t a = base + static_cast<std::uintptr_t>(from), b = base + static_cast<std::uintptr_t>(to);
      info.exact.emplace_back(a, b);
      lo = std::min(lo, a), hi = std::max(hi, b);
    }
    if (hi > lo) insert_range(s, op, lo, hi);
    return;
  }
  for (const auto& [lo, hi] : blocks)
    add_range(s, op, base + static_cast<std::uintptr_t>(lo), base + static_cast<std::uintptr_t>(hi));
}

bool touches(const OpInfo& info, std::uintptr_t lo, std::uintptr_t hi) {
  if (!info.hulled) return true;  // the set holds its bytes exactly
  for (const auto& [from, to] : info.exact)
    if (from < hi && lo < to) return true;
  return false;
}

std::vector<core::InFlight::Range> bytes_of(const State& s, Op op) {
  const OpInfo& info = s.ops.at(op);
  return info.hulled ? info.exact : s.ranges.ranges_of(op);
}

void complete(State& s, Op op) {
  if (s.ranges.remove(op)) {
    in_flight.fetch_sub(1, std::memory_order_relaxed);
    publish_bounds(s);
  }
  s.ops.erase(op);
}

void shrink(State& s, Op op, const std::vector<core::InFlight::Range>& keep) {
  if (!s.ranges.remove(op)) return;
  for (const auto& [lo, hi] : keep) s.ranges.add(op, lo, hi);
  if (!s.ranges.contains(op)) {
    in_flight.fetch_sub(1, std::memory_order_relaxed);
    s.ops.erase(op);
  }
  const auto [lo, hi] = s.ranges.bounds();
  const auto [wlo, whi] = window_hull();
  const bool w = whi > wlo, r = hi > lo;
  __assay_llvm_bounds[0].store(r && w ? std::min(lo, wlo) : r ? lo : wlo, std::memory_order_relaxed);
  __assay_llvm_bounds[1].store(r && w ? std::max(hi, whi) : r ? hi : whi, std::memory_order_relaxed);
}

bool in_flight_filter_used() {
  return std::any_of(modules().begin(), modules().end(), [](const Module& m) { return m.in_flight_filtered > 0; });
}

void post(State& s, const MPI_Request* at, std::vector<Op> ops) {
  if (!ops.empty()) s.requests[interpose::key(*at)].push_back(State::Posting{at, std::move(ops)});
}

void complete_request(State& s, std::uint64_t request, const MPI_Request* at) {
  auto it = s.requests.find(request);
  if (it == s.requests.end()) return;
  auto& postings = it->second;
  auto p = std::find_if(postings.begin(), postings.end(), [at](const State::Posting& q) { return q.at == at; });
  if (p == postings.end()) p = postings.begin();
  const std::vector<Op> ops = std::move(p->ops);
  postings.erase(p);
  if (postings.empty()) s.requests.erase(it);
  for (Op op : ops) complete(s, op);
}

// One JSON object per rank in $ASSAY_REPORT_DIR/llvm-stats-rank-<N>.json:
// what the pass instrumented (per module: accesses seen, instrumented, removed
// by the escape filter and by the in-flight filter) and
// what the run checked.
void write_stats(int rank) {
  const char* dir = std::getenv("ASSAY_REPORT_DIR");
  if (!dir || !*dir) return;
  const std::string target_side = target_stats();
  const std::string path = std::string(dir) + "/llvm-stats-rank-" + std::to_string(rank) + ".json";
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (!f) return;
  std::uint64_t total = 0, instrumented = 0, escape_filtered = 0, in_flight_filtered = 0;
  std::string list;
  for (const Module& m : modules()) {
    total += m.accesses;
    instrumented += m.instrumented;
    escape_filtered += m.escape_filtered;
    in_flight_filtered += m.in_flight_filtered;
    std::string escaped;
    for (char c : m.source) {
      if (c == '"' || c == '\\') escaped += '\\';
      if (static_cast<unsigned char>(c) >= 0x20) escaped += c;
    }
    list += std::string(list.empty() ? "" : ",") + "{\"source\":\"" + escaped + "\",\"accesses\":" +
            std::to_string(m.accesses) + ",\"instrumented\":" + std::to_string(m.instrumented) + ",\"escape_filtered\":" + std::to_string(m.escape_filtered) +
            ",\"in_flight_filtered\":" + std::to_string(m.in_flight_filtered) + "}";
  }
  State& s = state();
  std::lock_guard lock(s.m);
  std::fprintf(f,
               "{\"rank\":%d,\"accesses\":%llu,\"instrumented\":%llu,\"escape_filtered\":%llu,\"in_flight_filtered\":%llu,\"modules\":[%s],\"checks\":%llu,"
               "\"checks_with_ranges_in_flight\":%llu,\"operations\":%zu,\"peak_operations_in_flight\":%zu,"
               "\"peak_segments\":%zu,%s}\n",
               rank, static_cast<unsigned long long>(total), static_cast<unsigned long long>(instrumented),
               static_cast<unsigned long long>(escape_filtered), static_cast<unsigned long long>(in_flight_filtered),
               list.c_str(), static_cast<unsigned long long>(checks.load()),
               static_cast<unsigned long long>(slow_checks.load()), s.operations, s.peak_ranges, s.peak_segments, target_side.c_str());
  std::fclose(f);
}

}  // namespace assay::llvmrt

// [lo, hi) holding every range in flight, {0, 0} when none: the pass's inline
// guard (plugin.cpp) calls __assay_llvm_access only when an access [a, a + n)
// has a + n > lo and a < hi. Two 8-byte words, read by relaxed (monotonic) loads.
static_assert(sizeof(std::atomic<std::uintptr_t>) == 8 && std::atomic<std::uintptr_t>::is_always_lock_free);
__attribute__((visibility("default"))) std::atomic<std::uintptr_t> __assay_llvm_bounds[2] = {};
// Closed (no access is at or above UINTPTR_MAX and ends at or below 0) until published.
__attribute__((visibility("default"))) std::atomic<std::uintptr_t> __assay_llvm_gaps[6] = {UINTPTR_MAX, 0, UINTPTR_MAX, 0,
                                                                                           UINTPTR_MAX, 0};
// Closed: no address is at or above UINTPTR_MAX and at or below 0.
__attribute__((visibility("default"))) std::atomic<std::uintptr_t> __assay_llvm_runs[6] = {UINTPTR_MAX, 0, 0, UINTPTR_MAX, 0, 0};

extern "C" {

__attribute__((visibility("default"))) void __assay_llvm_access(void* addr, std::uint64_t size, std::uint32_t kind) {
  assay::llvmrt::check(reinterpret_cast<std::uintptr_t>(addr), size, kind,
                       reinterpret_cast<std::uintptr_t>(__builtin_return_address(0)));
}

__attribute__((visibility("default"))) void __assay_llvm_string(void* addr, const char* measured, std::uint32_t kind) {
  if (!addr || !measured) return;
  assay::llvmrt::check(reinterpret_cast<std::uintptr_t>(addr), std::strlen(measured) + 1, kind,
                       reinterpret_cast<std::uintptr_t>(__builtin_return_address(0)));
}

__attribute__((visibility("default"))) void __assay_llvm_module(const char* source, std::uint32_t accesses,
                                                                std::uint32_t instrumented, std::uint32_t escape_filtered,
                                                                std::uint32_t in_flight_filtered) {
  assay::llvmrt::modules().push_back({source ? source : "", accesses, instrumented, escape_filtered, in_flight_filtered});
}
}
