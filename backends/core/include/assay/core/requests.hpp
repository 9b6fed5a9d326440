#pragma once
// Request table: every nonblocking operation, from creation to completion.
// Handles are the MPI_Request values widened to 64 bits (the backend maps
// MPI_REQUEST_NULL to 0 and never passes it). Reports: requests never completed
// at finalize, handles overwritten while active and then lost, completion of a
// retired handle, persistent requests started twice or waited on while
// inactive, and active requests whose buffers overlap where one of them writes.
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <vector>

#include "assay/core/finding.hpp"

namespace assay::core {

enum class RequestKind { point_to_point, collective, rma };

// A byte range [lo, hi) of a request's buffer.
struct ByteRange {
  std::uint64_t lo;
  std::uint64_t hi;
};

class RequestTracker {
 public:
  using Handle = std::uint64_t;
  explicit RequestTracker(FindingSink sink) : sink_(std::move(sink)) {}

  // A new request written to *variable (its address identifies the handle
  // variable). Non-persistent requests are active at once, persistent ones
  // become active with started().
  void created(Handle h, const void* variable, RequestKind kind, bool persistent, const Site& site);
  // The buffer footprint of h: the bytes MPI reads (a send) and those it stores
  // into (a receive; a collective may have both), each sorted and disjoint.
  // Checked against the other active requests now if h is active, else at
  // each start.
  void buffer(Handle h, std::vector<ByteRange> reads, std::vector<ByteRange> writes);
  // Before MPI_Start: reports a start of an active persistent request.
  void started(Handle h, const Site& site);
  // Before a wait/test on h: reports a retired handle and a persistent request
  // that is not active: never started, or, when single, completed and waited
  // on again by the wait/test that completed it (same pc) without a restart.
  // Array calls and a different wait complete an inactive request at once.
  void waiting(Handle h, const Site& site, bool single = true);
  // Before MPI_Request_free: reports a retired handle only.
  void freeing(Handle h, const Site& site);
  // After MPI reported h complete (wait, or a test that set its flag).
  void completed(Handle h);
  // MPI_Request_free.
  void freed(Handle h);
  // At MPI_Finalize: every request still active or never freed.
  void finalize();

  std::size_t active_count() const;

 private:
  struct Request {
    RequestKind kind;
    bool persistent;
    bool active;
    bool ever_started;
    const void* variable;
    Site created_at;
    Site started_at;  // creation or the last MPI_Start
    std::optional<Site> polled_at;  // the last wait/test that named it, if any
    std::optional<Site> completed_by;  // persistent: the wait/test that completed it last
    std::vector<ByteRange> reads, writes;
    int instances = 1;  // MPI may return one handle value for several requests (e.g. sends done at once)
  };
  struct Overwrite {  // a handle variable overwritten while its request was active
    Handle lost;
    Site by;
  };
  void retire(Handle h);
  bool retired_use(Handle h, const Site& site);
  void check_overlap(Handle h);

  FindingSink sink_;
  std::map<Handle, Request> live_;
  std::map<const void*, Handle> variables_;
  std::map<Handle, Overwrite> overwritten_;
  std::map<Handle, Site> retired_;  // retired handle -> its creation site
};

}  // namespace assay::core
