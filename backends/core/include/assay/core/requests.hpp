#pragma once
// Request table: every nonblocking operation, from creation to completion.
// Handles are the MPI_Request values widened to 64 bits (the backend maps
// MPI_REQUEST_NULL to 0 and never passes it). Reports: requests never completed
// at finalize, handles overwritten while active and then lost, completion of a
// retired handle, persistent requests started twice or waited on unstarted.
#include <cstdint>
#include <map>
#include <optional>
#include <set>

#include "assay/core/finding.hpp"

namespace assay::core {

enum class RequestKind { point_to_point, collective, rma };

class RequestTracker {
 public:
  using Handle = std::uint64_t;
  explicit RequestTracker(FindingSink sink) : sink_(std::move(sink)) {}

  // A new request written to *variable (its address identifies the handle
  // variable). Non-persistent requests are active at once, persistent ones
  // become active with started().
  void created(Handle h, const void* variable, RequestKind kind, bool persistent, const Site& site);
  // Before MPI_Start: reports a start of an active persistent request.
  void started(Handle h, const Site& site);
  // Before a wait/test on h: reports a retired handle and a persistent request
  // never started.
  void waiting(Handle h, const Site& site);
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
  };
  struct Overwrite {  // a handle variable overwritten while its request was active
    Handle lost;
    Site by;
  };
  void retire(Handle h);

  FindingSink sink_;
  std::map<Handle, Request> live_;
  std::map<const void*, Handle> variables_;
  std::map<Handle, Overwrite> overwritten_;
  std::set<Handle> retired_;
};

}  // namespace assay::core
