#pragma once
// vclock: happens-before checking with vector clocks (seed 003's model) on
// the interposition layer. Its state is one State object; the hook families
// (messages.cpp, collectives.cpp) register their hooks, the watchdog
// (watchdog.cpp) runs while the program blocks.
#include <mpi.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "assay/core/type_signature.hpp"
#include "assay/core/vector_clock.hpp"
#include "assay/core/wait_for.hpp"
#include "assay/interpose/interpose.hpp"
#include "assay/interpose/shadows.hpp"

namespace assay::vclock {

using interpose::Call;

// What a request the program made stands for, until it completes.
struct RequestInfo {
  enum class Kind { send, receive, collective, other } kind = Kind::send;
  MPI_Comm comm = MPI_COMM_NULL;
  int peer = -1, tag = -1;        // rank in comm, MPI_ANY_* as -1
  bool persistent = false;
  std::uint64_t site = 0;         // encoded call site
  std::uint64_t posted = 0;       // receives: posting order on this rank (at MPI_Start when persistent)
  std::uint64_t started = 0;      // persistent requests: encoded site of the last MPI_Start(all)
  bool completion_seen = false;   // MPI_Request_get_status saw the operation complete; the call that frees or ends the request adds nothing
  const char* start_op = "";      // ... and which of the two
  const char* op = "";
  // Send side, persistent requests: what MPI_Start sends along.
  const void* buf = nullptr;
  int count = 0;
  MPI_Datatype type = MPI_DATATYPE_NULL;
  // Receive side: the signature the receive expects (taken when it was posted).
  bool checkable = false;
  core::TypeSignature signature{};
  // Collective: the clock exchange started with it, joined at completion.
  MPI_Request clock_exchange = MPI_REQUEST_NULL;
  std::vector<std::uint32_t> clock_buffer{};
};

struct State {
  int rank = -1, size = 0;
  core::VectorClock clock;
  interpose::Shadows shadows;          // companions travel on these
  MPI_Comm control = MPI_COMM_NULL;    // the watchdog's own duplicate of MPI_COMM_WORLD
  std::map<std::uint64_t, RequestInfo> requests;  // by handle
  // Companions already taken by MPI_Mprobe/MPI_Improbe, by message handle,
  // with what the probe matched: the probe is where a matched receive matches.
  struct Probed {
    std::vector<std::uint64_t> companion;
    int source = -1, tag = 0;           // the message, in the communicator
    std::uint64_t site = 0, posted = 0;  // the probe's call site and posting order
    int source_filter = -1, tag_filter = -1;  // the probe's envelope (world rank / -1 for any)
    bool status_ignored = false;
    MPI_Comm comm = MPI_COMM_NULL;
  };
  std::map<std::uint64_t, Probed> probed;
  // Companion sends still in flight, with their buffers.
  std::vector<MPI_Request> outgoing;
  std::vector<std::vector<std::uint64_t>> outgoing_buffers;
  // The last sends, for naming the send of an unmatched message.
  struct SentMessage {
    int dest_world = -1, tag = 0;
    std::uint64_t comm = 0, site = 0;
  };
  std::vector<SentMessage> recent_sends;
};
State& state();

// Hook families.
void register_messages(interpose::Hooks& h);
void register_collectives(interpose::Hooks& h);
void register_rma(interpose::Hooks& h);
void finalize_messages(const Call& call);
// A nonblocking collective completed: join the clocks its exchange brought.
void complete_collective(RequestInfo& info);
// A request completed (the wait and test family) or was freed: an MPI_Rget
// request completes its read at the target (rma.cpp).
void rma_request_completed(std::uint64_t handle);
void rma_request_freed(std::uint64_t handle);

// Status watches (status_watch.cpp): whether the program reads the
// MPI_SOURCE/MPI_TAG of a wildcard receive's status, with hardware
// watchpoints. watch_status returns the watch's id, 0 when it cannot watch
// (the status then counts as read); the function given to on_status_resolved
// learns each id's answer once.
void status_watch_start(int provided);
std::uint64_t watch_status(const MPI_Status* status);
void on_status_resolved(void (*fn)(std::uint64_t id, bool read));
void status_watch_enter();     // every intercepted call, on entry
void status_watch_leave();     // ... and on exit
void status_watch_finalize();  // statuses still watched were never read

// Order-insensitive receives (order/order.cpp marks them at compile time):
// the mark the program armed for its next MPI_Recv, taken by that receive;
// any other intercepted call drops it.
struct ReductionMark {
  const void* site = nullptr;  // the loop, named by the plugin's constant
  std::uint64_t instance = 0;  // which execution of the loop
  bool operator==(const ReductionMark& o) const { return site == o.site && instance == o.instance; }
};
void reduction_mark_call(const Call& call);  // every intercepted call, on entry
ReductionMark take_reduction_mark();

// The id of a communicator, equal on every member (its shadow's creation order).
std::uint64_t comm_id(MPI_Comm comm);
std::string comm_name(std::uint64_t id);
// World ranks of a communicator's members (cached).
const std::vector<int>& members(MPI_Comm comm);
int to_world(MPI_Comm comm, int rank);

// The watchdog: run `done` until it returns true, announcing this process as
// blocked in `call` on `waits` once it has waited a while, and (rank 0)
// deciding whether everybody is stuck.
template <class Done>
void poll(const Call& call, std::vector<core::Wait> waits, Done done);
void watchdog_start();
void watchdog_stop(const Call& finalize);
// A blocked episode by hand (a loop of failing MPI_Test calls): begin, a step
// per call while still blocked, end.
void watch_begin(const Call& call, std::vector<core::Wait> waits);
void watch_step();
void watch_end();
bool watching();

// One blocked call, type-erased for watchdog.cpp.
struct Blocked {
  const Call* call;
  std::vector<core::Wait> waits;
};
void poll_erased(const Blocked& b, bool (*done)(void*), void* ctx);
template <class Done>
void poll(const Call& call, std::vector<core::Wait> waits, Done done) {
  Blocked b{&call, std::move(waits)};
  poll_erased(b, [](void* d) { return (*static_cast<Done*>(d))(); }, &done);
}

}  // namespace assay::vclock
