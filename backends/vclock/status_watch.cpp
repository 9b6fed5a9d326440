// Status watches: does the program read a wildcard receive's status? A
// message race whose receive asked for its status is harmless when the
// program looks at status.MPI_SOURCE or MPI_TAG (and handles either order);
// a PMPI checker cannot see that read, but the CPU's debug registers can.
//
// At the completion of a wildcard receive with a status, vclock arms hardware
// breakpoints (perf_event_open, PERF_TYPE_BREAKPOINT, counting mode: no
// signal) that count the accesses to MPI_SOURCE and MPI_TAG: one 8-byte
// watch when the two adjacent ints are 8-aligned (Open MPI always, MPICH when
// the status is), else one 4-byte watch on each. x86 has four debug registers
// per thread: a watch that needs more than are free gives the oldest up as
// "read" (the precision-first answer).
//
// The counters are settled at the entry and at the exit of every intercepted
// call. Between an exit and the next entry the program runs: any access there
// (a read, a copy of the status, or a write, which is rare) counts as a read.
// An access inside a call, with none by the program before it, means the
// value is gone unread: the intercepted calls never read the MPI_SOURCE/TAG of
// a status they are given, they write it (the status passed to the next
// receive, which vclock fills), and other accesses are to memory the program
// no longer uses (a dead stack frame reused by the library's). The calls that
// do read a status (MPI_Get_count, MPI_Status_c2f, ...) are not intercepted:
// the program's time. A status still watched at MPI_Finalize was never read.
//
// When perf_event_open fails (perf_event_paranoid, no debug registers in a
// VM, another tool holding them), a test breakpoint at MPI_Init counts no
// access (a VM that accepts it and never delivers it) or
// ASSAY_VCLOCK_WATCHPOINTS=off, watching
// stops for the process, one line on stderr says so, and every status asked
// for counts as read: vclock's behaviour without watchpoints.
#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "vclock.hpp"

namespace assay::vclock {
namespace {

constexpr std::size_t source_offset = offsetof(MPI_Status, MPI_SOURCE);  // Open MPI: 0, MPICH: 8
static_assert(offsetof(MPI_Status, MPI_TAG) == source_offset + sizeof(int),
              "MPI_SOURCE and MPI_TAG must be adjacent");
constexpr int registers = 4;  // x86 debug registers per thread

struct Watch {
  std::uint64_t id = 0;
  std::vector<int> fds;                 // one counter per watched range
  std::vector<std::uint64_t> accesses;  // their counts when last settled
};

struct Watches {
  std::vector<Watch> armed;  // oldest first
  int in_use = 0;            // debug registers
  std::uint64_t last_id = 0;
  bool off = false;          // no watchpoints for this process
  void (*resolved)(std::uint64_t id, bool read) = nullptr;
};
Watches& watches() {
  static Watches* w = new Watches;  // never destroyed: hooks may run during exit
  return *w;
}

void give_up_watching(const std::string& why) {
  Watches& w = watches();
  if (w.off) return;
  w.off = true;
  std::fprintf(stderr,
               "==ASSAY== vclock rank %d: no hardware watchpoints (%s); a wildcard receive that asks for its status "
               "is taken to read it\n",
               state().rank, why.c_str());
}

int open_breakpoint(std::uintptr_t address, unsigned length) {
  perf_event_attr a{};
  a.size = sizeof a;
  a.type = PERF_TYPE_BREAKPOINT;
  a.bp_type = HW_BREAKPOINT_RW;  // x86 has no read-only breakpoint
  a.bp_addr = address;
  a.bp_len = length;
  a.exclude_kernel = 1;
  a.exclude_hv = 1;
  return static_cast<int>(syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC));
}

// Why the breakpoints cannot be trusted, or "" when they work: a machine may
// accept one and never count an access (a hypervisor that does not pass the
// debug registers through), so a probe is watched once before any status.
std::string breakpoints_broken() {
  volatile std::uint64_t probe = 0;
  const int fd = open_breakpoint(reinterpret_cast<std::uintptr_t>(&probe), HW_BREAKPOINT_LEN_8);
  if (fd < 0) return std::string("perf_event_open: ") + std::strerror(errno);
  probe = probe + 1;
  std::uint64_t n = 0;
  const bool counted = read(fd, &n, sizeof n) == sizeof n && n > 0;
  close(fd);
  return counted ? "" : "a test breakpoint counted no access";
}

void disarm(std::size_t i, bool read) {
  Watches& ws = watches();
  const Watch w = ws.armed[i];
  ws.armed.erase(ws.armed.begin() + static_cast<std::ptrdiff_t>(i));
  for (int fd : w.fds) close(fd);
  ws.in_use -= static_cast<int>(w.fds.size());
  if (ws.resolved) ws.resolved(w.id, read);
}

// Settles the accesses since the last settle: the program's (between calls)
// resolve a watch as read, a call's as unread. A counter that cannot be read
// resolves its watch as read (precision first).
void settle(bool programs_time) {
  Watches& ws = watches();
  for (std::size_t i = 0; i < ws.armed.size();) {
    Watch& w = ws.armed[i];
    bool accessed = false, broken = false;
    for (std::size_t k = 0; k < w.fds.size(); ++k) {
      std::uint64_t n = 0;
      if (read(w.fds[k], &n, sizeof n) != sizeof n) broken = true;
      accessed = accessed || n != w.accesses[k];
      w.accesses[k] = n;
    }
    if (broken) disarm(i, true);
    else if (accessed) disarm(i, programs_time);
    else ++i;
  }
}

}  // namespace

void status_watch_start(int provided) {
  if (const char* v = std::getenv("ASSAY_VCLOCK_WATCHPOINTS"); v && std::string_view(v) == "off")
    give_up_watching("ASSAY_VCLOCK_WATCHPOINTS=off");
  // Counters count the thread that armed them; another thread's reads would
  // go unseen and a read status would look unread.
  else if (provided > MPI_THREAD_FUNNELED)
    give_up_watching("other threads may call MPI and read statuses");
  else if (const std::string why = breakpoints_broken(); !why.empty())
    give_up_watching(why);
}

void on_status_resolved(void (*fn)(std::uint64_t id, bool read)) { watches().resolved = fn; }

std::uint64_t watch_status(const MPI_Status* status) {
  Watches& ws = watches();
  if (ws.off || status == nullptr) return 0;
  const auto source = reinterpret_cast<std::uintptr_t>(status) + source_offset;
  std::vector<std::pair<std::uintptr_t, unsigned>> ranges;
  if (source % 8 == 0) ranges = {{source, HW_BREAKPOINT_LEN_8}};
  else ranges = {{source, HW_BREAKPOINT_LEN_4}, {source + sizeof(int), HW_BREAKPOINT_LEN_4}};
  settle(false);  // this call may have just overwritten a watched status (the same one again)
  while (ws.in_use + static_cast<int>(ranges.size()) > registers) disarm(0, true);
  Watch w;
  for (const auto& [address, length] : ranges) {
    const int fd = open_breakpoint(address, length);
    if (fd < 0) {
      const int e = errno;
      for (int open : w.fds) close(open);
      give_up_watching(std::string("perf_event_open: ") + std::strerror(e));
      return 0;
    }
    w.fds.push_back(fd);
    w.accesses.push_back(0);
  }
  w.id = ++ws.last_id;
  ws.in_use += static_cast<int>(w.fds.size());
  ws.armed.push_back(std::move(w));
  return ws.armed.back().id;
}

void status_watch_enter() {
  if (!watches().armed.empty()) settle(true);
}

void status_watch_leave() {
  if (!watches().armed.empty()) settle(false);
}

void status_watch_finalize() {
  Watches& ws = watches();
  settle(true);
  while (!ws.armed.empty()) disarm(0, false);
}

}  // namespace assay::vclock
