#pragma once
// The deadlock watchdog's analysis: given what every process is blocked in,
// can any of them still progress? If not, name the cycle of processes waiting
// for each other, or the receive that can never match a message that is
// there (a wrong tag, source or communicator). MPI-free; the backend gathers
// the states (vclock's watchdog) and decides when they are stable.
//
// Processes are world ranks; communicators are ids equal on every member; a
// peer or tag of -1 is a wildcard (MPI_ANY_SOURCE, MPI_ANY_TAG). Sends are
// taken as synchronous (MPI-3.1 §3.4: a standard send may wait for the
// matching receive, so a program that needs buffering is erroneous).
#include <cstdint>
#include <string>
#include <vector>

namespace assay::core {

enum class WaitKind {
  receive,     // a receive or probe: needs a message from `peer` with `tag` on `comm`
  send,        // a send: needs a receive at `peer`
  collective,  // a collective on `comm`: needs every rank of `members` in it
  finalize,    // MPI_Finalize: needs every process in it
};

struct Wait {
  WaitKind kind = WaitKind::receive;
  int peer = -1;
  int tag = -1;
  std::uint64_t comm = 0;
  std::vector<int> members{};  // collective only
  // Where the operation waited for was posted when that is not the blocked
  // call itself (the MPI_Irecv, MPI_Isend or MPI_Start of a request the
  // process waits on): the call and the backend's encoding of its site.
  std::string posted_call{};
  std::uint64_t posted_site = 0;
};

// A message that arrived at a process and matches none of its receives.
struct PendingMessage {
  int from = -1;
  int tag = 0;
  std::uint64_t comm = 0;
};

struct ProcessState {
  int rank = -1;
  bool blocked = false;
  std::string call;        // the MPI call it is blocked in
  std::uint64_t site = 0;  // where (the backend's encoding)
  std::vector<Wait> waits;             // any one of them completing lets the call progress
  std::vector<PendingMessage> arrived; // unmatched messages waiting at this process
};

struct DeadlockVerdict {
  enum class Kind { none, deadlock, unmatched } kind = Kind::none;
  // deadlock: the processes of a wait-for cycle in order (each waits for the
  // next, the last for the first), or, when there is no cycle, every process
  // (each waits for one that will never act).
  std::vector<int> ranks;
  // unmatched: the process whose receive can never match, and the message
  // (or blocked send) that differs from it in tag, source or communicator.
  int receiver = -1;
  std::size_t receive = 0;  // the index of that receive in the receiver's waits
  PendingMessage message{};
  bool message_blocked_send = false;  // the message is a blocked send of message.from
};

// `states` holds one entry per process (index = rank). Returns none while a
// process is not blocked or any blocked call could still complete.
// A blocked process with no known waits (say, in a call the backend cannot
// see into) may still progress, so it too makes the verdict none.
DeadlockVerdict analyse_deadlock(const std::vector<ProcessState>& states);

}  // namespace assay::core
