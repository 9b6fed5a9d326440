// rma_misuse: synchronisation and window-lifecycle errors of MPI one-sided
// communication, each with a correct twin that differs minimally.
//
//   rma_misuse OUTDIR   writes OUTDIR/rma/{epoch-misuse,window-misuse}/*.c
//
// A scenario is a pair of program bodies (erroneous, correct) written once with
// an {OP} placeholder where the kind of RMA call does not matter; the generator
// instantiates it for the calls listed with it.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace {

const char* const kGenerator = "cases/gen/rma_misuse.cpp";

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

// The RMA calls a scenario can be instantiated with; rank 0 calls them on rank 1.
struct Call {
  std::string id;    // file-name part
  std::string mpi;   // for descriptions
  std::string code;  // C statement on rank 1
  std::string self;  // the same on rank 0 itself
};

const Call kPut{"put", "MPI_Put", "MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);",
                "MPI_Put(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, win);"};
const Call kGet{"get", "MPI_Get", "MPI_Get(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);",
                "MPI_Get(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, win);"};
const Call kAcc{"acc", "MPI_Accumulate",
                "MPI_Accumulate(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);",
                "MPI_Accumulate(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_SUM, win);"};

// Four ints exposed by every rank, and rank 0's origin buffer.
const char* const kWindow = R"(    int window[4] = {0, 0, 0, 0};
    int value = 1;
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
)";

// Groups for PSCW between ranks 0 and 1.
const char* const kPeerGroup = R"(    MPI_Group world_group, peer_group;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    int peer = 1 - rank;
    MPI_Group_incl(world_group, 1, &peer, &peer_group);
)";

const char* const kFreePeerGroup = R"(    MPI_Group_free(&peer_group);
    MPI_Group_free(&world_group);
)";

struct Scenario {
  std::string group;  // "epoch-misuse" or "window-misuse"
  std::string name;   // stem; {OP_ID} is replaced by the call id
  std::string error_class;
  std::string at;     // EXPECT-AT markers
  std::string bad_description, good_description;  // {OPNAME} is replaced by the call name
  std::string bad, good;  // program bodies after MPI_Comm_rank; {OP} is replaced by the call
  std::vector<Call> calls;  // instances; one empty call when there is no {OP}
  int nprocs;
  std::string note;
  std::string bad_twin_extra;  // a further correct twin of the erroneous case
  std::string requires_features;

  Scenario(std::string group_, std::string name_, std::string class_, std::string at_, std::string bad_desc,
           std::string good_desc, std::string bad_, std::string good_, std::vector<Call> calls_, int nprocs_,
           std::string note_, std::string extra_twin = "")
      : group(std::move(group_)), name(std::move(name_)), error_class(std::move(class_)), at(std::move(at_)),
        bad_description(std::move(bad_desc)), good_description(std::move(good_desc)), bad(std::move(bad_)),
        good(std::move(good_)), calls(std::move(calls_)), nprocs(nprocs_), note(std::move(note_)),
        bad_twin_extra(std::move(extra_twin)) {}
};

std::string instantiate(const std::string& text, const Call& call) {
  return replace_all(replace_all(replace_all(replace_all(text, "{OP_ID}", call.id), "{OPNAME}", call.mpi),
                                 "{OP_SELF}", call.self), "{OP}", call.code);
}

// True when `text` uses the NULL macro (not MPI_INFO_NULL and the like).
bool mentions_null(const std::string& text) {
  for (auto at = text.find("NULL"); at != std::string::npos; at = text.find("NULL", at + 1))
    if (at == 0 || text[at - 1] != '_') return true;
  return false;
}

std::string program(const std::string& body) {
  const std::string value_declaration = "    int value = 1;\n";  // from the window preamble
  if (body.find("&value") == std::string::npos && body.find(value_declaration) != std::string::npos)
    return program(replace_all(body, value_declaration, ""));  // no call uses it here
  std::string includes = "#include <mpi.h>\n";
  if (mentions_null(body)) includes += "#include <stddef.h>\n";
  if (body.find("malloc(") != std::string::npos || body.find("calloc(") != std::string::npos)
    includes += "#include <stdlib.h>\n";
  std::string helpers;
  const auto main_at = body.find("//MAIN\n");
  std::string main_body = body;
  if (main_at != std::string::npos) {  // file-scope helpers come before the marker
    helpers = body.substr(0, main_at) + "\n";
    main_body = body.substr(main_at + 7);
  }
  return includes + "\n" + helpers +
         "int main(int argc, char **argv)\n{\n"
         "    MPI_Init(&argc, &argv);\n    int rank;\n    MPI_Comm_rank(MPI_COMM_WORLD, &rank);\n\n" +
         main_body + "    MPI_Finalize();\n    return 0;\n}\n";
}

struct Header {
  std::string description, expect, at, twins, note, tags, requires_features;
  int nprocs = 2, timeout = 0;
};

std::string render(const Header& h, const std::string& body) {
  std::string out = std::string("// GENERATED: ") + kGenerator + "\n";
  out += "// DESCRIPTION: " + h.description + "\n";
  out += "// NPROCS: " + std::to_string(h.nprocs) + "\n";
  out += "// EXPECT: " + h.expect + "\n";
  if (!h.at.empty()) out += "// EXPECT-AT: " + h.at + "\n";
  if (!h.twins.empty()) out += "// TWIN: " + h.twins + "\n";
  if (!h.requires_features.empty()) out += "// REQUIRES: " + h.requires_features + "\n";
  if (h.timeout > 0) out += "// TIMEOUT: " + std::to_string(h.timeout) + "\n";
  if (!h.tags.empty()) out += "// TAGS: " + h.tags + "\n";
  if (!h.note.empty()) out += "// NOTE: " + h.note + "\n";
  return out + program(body);
}

struct File {
  std::string id, text;
};

// What the erroneous programs do natively (Open MPI 4.1.4, MPICH 4.0.2), as observed.
struct Native {
  std::string note;
  std::string tags;  // crash, deadlock; crash-openmpi, deadlock-mpich, ... for one MPI only
  int timeout;       // seconds, for programs that hang
};

const Native kBothAbort{"Natively both Open MPI and MPICH detect it and abort (fatal error handler).", "crash",
                        0};
const Native kBothRun{"Natively both MPIs run to completion; neither checks this.", "", 0};
const Native kBothHang{"Natively both MPIs hang; TIMEOUT keeps the run short.", "deadlock", 10};
// One of the PSCW group mismatches runs in the smoke set (pmpi reports it before the hang).
const Native kBothHangSmoke{kBothHang.note, "deadlock smoke", 10};
const Native kOpenMpiAborts{"Natively Open MPI detects it and aborts; MPICH runs to completion.", "crash-openmpi",
                            0};
const Native kMpichAborts{"Natively MPICH detects it and aborts; Open MPI runs to completion.", "crash-mpich",
                          0};

Native native(const std::string& name);

void emit(std::vector<File>& out, const Scenario& s) {
  const Native n = native(s.name);
  for (const Call& call : s.calls) {
    const std::string stem = instantiate(s.name, call);
    const std::string bad_id = "rma/" + s.group + "/" + stem + "-nok";
    const std::string good_id = "rma/" + s.group + "/" + stem + "-ok";
    Header bad;
    bad.description = instantiate(s.bad_description, call);
    bad.expect = "error " + s.error_class;
    bad.at = s.at;
    bad.twins = good_id + (s.bad_twin_extra.empty() ? "" : " " + s.bad_twin_extra);
    bad.note = s.note + " " + n.note;
    bad.tags = n.tags;
    bad.timeout = n.timeout;
    bad.nprocs = s.nprocs;
    bad.requires_features = s.requires_features;
    out.push_back({bad_id, render(bad, instantiate(s.bad, call))});
    Header good;
    good.description = instantiate(s.good_description, call);
    good.expect = "ok";
    good.twins = bad_id;
    good.nprocs = s.nprocs;
    good.requires_features = s.requires_features;
    out.push_back({good_id, render(good, instantiate(s.good, call))});
  }
}

// ---------------------------------------------------------------------------
// rma.sync.missing-epoch

void missing_epoch(std::vector<Scenario>& out) {
  const std::string cls = "rma.sync.missing-epoch";
  const std::string note = "MPI-3.1 11.3: RMA communication calls must occur inside an access epoch for "
                           "their target (11.5).";
  out.push_back({"epoch-misuse", "no-epoch-{OP_ID}", cls, "op",
                 "Rank 0 calls {OPNAME} on rank 1 without opening any access epoch.",
                 "Rank 0 calls {OPNAME} on rank 1 inside a shared lock epoch.",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0)
        {OP}  // @op
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
)",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        {OP}  // @op
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
)",
                 {kPut, kGet}, 2, note});
  out.push_back({"epoch-misuse", "before-first-fence-{OP_ID}", cls, "op",
                 "Rank 0 calls {OPNAME} before the first MPI_Win_fence, when no fence epoch is open yet.",
                 "Rank 0 calls {OPNAME} between two MPI_Win_fence calls.",
                 std::string(kWindow) + R"(
    if (rank == 0)
        {OP}  // @op
    MPI_Win_fence(0, win);
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
)",
                 std::string(kWindow) + R"(
    MPI_Win_fence(0, win);
    if (rank == 0)
        {OP}  // @op
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
)",
                 {kPut, kAcc}, 2, note});
  out.push_back({"epoch-misuse", "after-unlock-{OP_ID}", cls, "op unlock",
                 "Rank 0 calls {OPNAME} after MPI_Win_unlock has closed its lock epoch on rank 1.",
                 "Rank 0 calls {OPNAME} before MPI_Win_unlock closes its lock epoch on rank 1.",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Win_unlock(1, win);  // @unlock
        {OP}  // @op
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
)",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        {OP}  // @op
        MPI_Win_unlock(1, win);  // @unlock
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
)",
                 {kPut, kGet}, 2, note});
  out.push_back({"epoch-misuse", "after-complete-{OP_ID}", cls, "op complete",
                 "Rank 0 calls {OPNAME} after MPI_Win_complete has closed its PSCW access epoch.",
                 "Rank 0 calls {OPNAME} inside its PSCW access epoch, before MPI_Win_complete.",
                 std::string(kWindow) + kPeerGroup + R"(
    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);
        MPI_Win_complete(win);  // @complete
        {OP}  // @op
    } else {
        MPI_Win_post(peer_group, 0, win);
        MPI_Win_wait(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

)" + kFreePeerGroup + "    MPI_Win_free(&win);\n",
                 std::string(kWindow) + kPeerGroup + R"(
    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);
        {OP}  // @op
        MPI_Win_complete(win);  // @complete
    } else {
        MPI_Win_post(peer_group, 0, win);
        MPI_Win_wait(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

)" + kFreePeerGroup + "    MPI_Win_free(&win);\n",
                 {kPut, kAcc}, 2, note});
  out.push_back({"epoch-misuse", "after-unlock-all-{OP_ID}", cls, "op unlock",
                 "Rank 0 calls {OPNAME} after MPI_Win_unlock_all has closed its lock_all epoch.",
                 "Rank 0 calls {OPNAME} inside its lock_all epoch.",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        MPI_Win_unlock_all(win);  // @unlock
        {OP}  // @op
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
)",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        {OP}  // @op
        MPI_Win_unlock_all(win);  // @unlock
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
)",
                 {kGet, kAcc}, 2, note});
  out.push_back({"epoch-misuse", "unlocked-target-{OP_ID}", cls, "op",
                 "Rank 0 holds a lock on rank 1 but calls {OPNAME} on itself (rank 0), for which it opened "
                 "no epoch.",
                 "Rank 0 holds a lock on rank 1 and calls {OPNAME} on rank 1.",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        {OP_SELF}  // @op
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
)",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        {OP}  // @op
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
)",
                 {kPut, kGet}, 2, note});
}

// ---------------------------------------------------------------------------
// rma.sync.double-epoch

void double_epoch(std::vector<Scenario>& out) {
  const std::string cls = "rma.sync.double-epoch";
  out.push_back({"epoch-misuse", "lock-twice-{OP_ID}", cls, "lock1 lock2",
                 "Rank 0 locks rank 1 exclusively a second time while its first lock epoch on rank 1 is "
                 "still open.",
                 "Rank 0 locks rank 1 exclusively twice in a row, unlocking in between.",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);  // @lock1
        {OP}
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);  // @lock2
        {OP}
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
)",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);  // @lock1
        {OP}
        MPI_Win_unlock(1, win);
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);  // @lock2
        {OP}
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
)",
                 {kPut}, 2,
                 "MPI-3.1 11.5.3: a process may hold at most one lock (one passive-target access epoch) per "
                 "target of a window.",
                 "rma/epoch-misuse/lock-two-targets-ok"});
  out.push_back({"epoch-misuse", "lock-shared-twice-{OP_ID}", cls, "lock1 lock2",
                 "Rank 0 takes a second shared lock on rank 1 while its first shared lock epoch on rank 1 is "
                 "still open.",
                 "Rank 0 takes a shared lock on rank 1 twice in a row, unlocking in between.",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);  // @lock1
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);  // @lock2
        {OP}
        MPI_Win_unlock(1, win);
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
)",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);  // @lock1
        MPI_Win_unlock(1, win);
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);  // @lock2
        {OP}
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
)",
                 {kGet}, 2,
                 "MPI-3.1 11.5.3: a process may hold at most one lock (one passive-target access epoch) per "
                 "target of a window."});
  out.push_back({"epoch-misuse", "lockall-twice-{OP_ID}", cls, "lock1 lock2",
                 "Rank 0 calls MPI_Win_lock_all a second time while its lock_all epoch is still open.",
                 "Rank 0 opens two lock_all epochs one after the other.",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);  // @lock1
        MPI_Win_lock_all(0, win);  // @lock2
        {OP}
        MPI_Win_unlock_all(win);
        MPI_Win_unlock_all(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
)",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);  // @lock1
        MPI_Win_unlock_all(win);
        MPI_Win_lock_all(0, win);  // @lock2
        {OP}
        MPI_Win_unlock_all(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
)",
                 {kPut}, 2, "MPI-3.1 11.5.3: MPI_Win_lock_all starts an access epoch to all processes; it "
                 "must not be called while the caller has an access epoch on the window."});
  out.push_back({"epoch-misuse", "lock-inside-lockall-{OP_ID}", cls, "lock1 lock2",
                 "Rank 0 calls MPI_Win_lock on rank 1 inside its own lock_all epoch, which already covers "
                 "rank 1.",
                 "Rank 0 closes its lock_all epoch before it calls MPI_Win_lock on rank 1.",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);  // @lock1
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);  // @lock2
        {OP}
        MPI_Win_unlock(1, win);
        MPI_Win_unlock_all(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
)",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);  // @lock1
        MPI_Win_unlock_all(win);
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);  // @lock2
        {OP}
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
)",
                 {kAcc}, 2, "MPI-3.1 11.5.3: a lock_all epoch already is a passive-target epoch on every "
                 "process; a second epoch on the same target is erroneous."});
  out.push_back({"epoch-misuse", "start-twice-{OP_ID}", cls, "start1 start2",
                 "Rank 0 calls MPI_Win_start a second time while its first PSCW access epoch is still open.",
                 "Rank 0 opens two PSCW access epochs one after the other, and rank 1 two exposure epochs.",
                 std::string(kWindow) + kPeerGroup + R"(
    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);  // @start1
        MPI_Win_start(peer_group, 0, win);  // @start2
        {OP}
        MPI_Win_complete(win);
        MPI_Win_complete(win);
    } else {
        MPI_Win_post(peer_group, 0, win);
        MPI_Win_wait(win);
        MPI_Win_post(peer_group, 0, win);
        MPI_Win_wait(win);
    }

)" + kFreePeerGroup + "    MPI_Win_free(&win);\n",
                 std::string(kWindow) + kPeerGroup + R"(
    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);  // @start1
        MPI_Win_complete(win);
        MPI_Win_start(peer_group, 0, win);  // @start2
        {OP}
        MPI_Win_complete(win);
    } else {
        MPI_Win_post(peer_group, 0, win);
        MPI_Win_wait(win);
        MPI_Win_post(peer_group, 0, win);
        MPI_Win_wait(win);
    }

)" + kFreePeerGroup + "    MPI_Win_free(&win);\n",
                 {kPut}, 2, "MPI-3.1 11.5.2: MPI_Win_start and MPI_Win_complete alternate; a second start "
                 "while an access epoch is open is erroneous."});
  out.push_back({"epoch-misuse", "post-twice-{OP_ID}", cls, "post1 post2",
                 "Rank 1 calls MPI_Win_post a second time while its first exposure epoch is still open.",
                 "Rank 1 opens two exposure epochs one after the other, matched by two access epochs of rank "
                 "0.",
                 std::string(kWindow) + kPeerGroup + R"(
    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);
        {OP}
        MPI_Win_complete(win);
        MPI_Win_start(peer_group, 0, win);
        MPI_Win_complete(win);
    } else {
        MPI_Win_post(peer_group, 0, win);  // @post1
        MPI_Win_post(peer_group, 0, win);  // @post2
        MPI_Win_wait(win);
        MPI_Win_wait(win);
    }

)" + kFreePeerGroup + "    MPI_Win_free(&win);\n",
                 std::string(kWindow) + kPeerGroup + R"(
    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);
        {OP}
        MPI_Win_complete(win);
        MPI_Win_start(peer_group, 0, win);
        MPI_Win_complete(win);
    } else {
        MPI_Win_post(peer_group, 0, win);  // @post1
        MPI_Win_wait(win);
        MPI_Win_post(peer_group, 0, win);  // @post2
        MPI_Win_wait(win);
    }

)" + kFreePeerGroup + "    MPI_Win_free(&win);\n",
                 {kGet}, 2, "MPI-3.1 11.5.2: MPI_Win_post and MPI_Win_wait alternate; a second post while "
                 "an exposure epoch is open is erroneous."});
}

// Correct cases without an erroneous counterpart of their own.
void extra_correct(std::vector<File>& out) {
  Header h;
  h.description = "Rank 0 holds shared locks on rank 1 and on itself at the same time; locks on "
                  "different targets may overlap.";
  h.expect = "ok";
  h.twins = "rma/epoch-misuse/lock-twice-put-nok";
  out.push_back({"rma/epoch-misuse/lock-two-targets-ok", render(h, std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);  // @lock1
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);  // @lock2
        MPI_Put(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
        MPI_Win_unlock(0, win);
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
)")});

  h.description = "Every rank opens the epoch with a fence asserting MPI_MODE_NOPUT and rank 0 only reads "
                  "rank 1's window with MPI_Get, so the assertion holds.";
  h.twins = "rma/epoch-misuse/fence-noput-put-nok rma/epoch-misuse/fence-noput-acc-nok";
  out.push_back({"rma/epoch-misuse/fence-noput-get-ok", render(h, std::string(kWindow) + R"(
    MPI_Win_fence(MPI_MODE_NOPUT, win);  // @fence
    if (rank == 0)
        MPI_Get(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
)")});

  h.description = "Rank 1 posts its exposure epoch with MPI_MODE_NOPUT and rank 0 only reads rank 1's "
                  "window with MPI_Get, so the assertion holds.";
  h.twins = "rma/epoch-misuse/post-noput-put-nok";
  out.push_back({"rma/epoch-misuse/post-noput-get-ok", render(h, std::string(kWindow) + kPeerGroup + R"(
    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);
        MPI_Get(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
        MPI_Win_complete(win);
    } else {
        MPI_Win_post(peer_group, MPI_MODE_NOPUT, win);  // @post
        MPI_Win_wait(win);
    }

)" + kFreePeerGroup + "    MPI_Win_free(&win);\n")});
}

// ---------------------------------------------------------------------------
// rma.sync.unmatched

void unmatched(std::vector<Scenario>& out) {
  const std::string cls = "rma.sync.unmatched";
  const std::string note = "MPI-3.1 11.5: each synchronisation call that closes an epoch must match one "
                           "that opened it (lock/unlock, lock_all/unlock_all, start/complete, post/wait).";
  out.push_back({"epoch-misuse", "unlock-without-lock", cls, "unlock",
                 "Rank 0 calls MPI_Win_unlock on rank 1 without a preceding MPI_Win_lock.",
                 "Rank 0 calls MPI_Win_unlock on rank 1 after the matching MPI_Win_lock.",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0)
        MPI_Win_unlock(1, win);  // @unlock
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
)",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Win_unlock(1, win);  // @unlock
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
)",
                 {{}}, 2, note});
  out.push_back({"epoch-misuse", "unlock-inside-lockall-{OP_ID}", cls, "unlock",
                 "Rank 0 closes its lock_all epoch's access to rank 1 with MPI_Win_unlock, which matches no "
                 "MPI_Win_lock.",
                 "Rank 0 closes its lock_all epoch with MPI_Win_unlock_all only.",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        {OP}
        MPI_Win_unlock(1, win);  // @unlock
        MPI_Win_unlock_all(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
)",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        {OP}
        MPI_Win_unlock_all(win);  // @unlock
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
)",
                 {kPut}, 2, note});
  out.push_back({"epoch-misuse", "unlock-all-without-lock-all", cls, "unlock",
                 "Rank 0 calls MPI_Win_unlock_all without a preceding MPI_Win_lock_all.",
                 "Rank 0 calls MPI_Win_unlock_all after the matching MPI_Win_lock_all.",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0)
        MPI_Win_unlock_all(win);  // @unlock
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
)",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        MPI_Win_unlock_all(win);  // @unlock
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
)",
                 {{}}, 2, note});
  out.push_back({"epoch-misuse", "complete-without-start", cls, "complete",
                 "Rank 0 calls MPI_Win_complete without a preceding MPI_Win_start.",
                 "Rank 0 calls MPI_Win_complete after MPI_Win_start, matched by rank 1's post and wait.",
                 std::string(kWindow) + kPeerGroup + R"(
    if (rank == 0)
        MPI_Win_complete(win);  // @complete
    MPI_Barrier(MPI_COMM_WORLD);

)" + kFreePeerGroup + "    MPI_Win_free(&win);\n",
                 std::string(kWindow) + kPeerGroup + R"(
    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);
        MPI_Win_complete(win);  // @complete
    } else {
        MPI_Win_post(peer_group, 0, win);
        MPI_Win_wait(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

)" + kFreePeerGroup + "    MPI_Win_free(&win);\n",
                 {{}}, 2, note});
  out.push_back({"epoch-misuse", "wait-without-post", cls, "wait",
                 "Rank 1 calls MPI_Win_wait without a preceding MPI_Win_post.",
                 "Rank 1 calls MPI_Win_wait after MPI_Win_post, matched by rank 0's start and complete.",
                 std::string(kWindow) + kPeerGroup + R"(
    if (rank == 1)
        MPI_Win_wait(win);  // @wait
    MPI_Barrier(MPI_COMM_WORLD);

)" + kFreePeerGroup + "    MPI_Win_free(&win);\n",
                 std::string(kWindow) + kPeerGroup + R"(
    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);
        MPI_Win_complete(win);
    } else {
        MPI_Win_post(peer_group, 0, win);
        MPI_Win_wait(win);  // @wait
    }
    MPI_Barrier(MPI_COMM_WORLD);

)" + kFreePeerGroup + "    MPI_Win_free(&win);\n",
                 {{}}, 2, note});
  const std::string flush_note = "MPI-3.1 11.5.4: the flush calls may be called only within a passive-target "
                                 "epoch on the target.";
  out.push_back({"epoch-misuse", "flush-without-lock-{OP_ID}", cls, "flush",
                 "Rank 0 calls MPI_Win_flush on rank 1 after its lock epoch has ended.",
                 "Rank 0 calls MPI_Win_flush on rank 1 inside its lock epoch.",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        {OP}
        MPI_Win_unlock(1, win);
        MPI_Win_flush(1, win);  // @flush
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
)",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        {OP}
        MPI_Win_flush(1, win);  // @flush
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
)",
                 {kPut}, 2, flush_note});
  out.push_back({"epoch-misuse", "flush-all-in-fence-{OP_ID}", cls, "flush",
                 "Rank 0 calls MPI_Win_flush_all inside a fence epoch, which is not a passive-target epoch.",
                 "Rank 0 relies on the closing MPI_Win_fence to complete its operation in a fence epoch.",
                 std::string(kWindow) + R"(
    MPI_Win_fence(0, win);
    if (rank == 0) {
        {OP}
        MPI_Win_flush_all(win);  // @flush
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
)",
                 std::string(kWindow) + R"(
    MPI_Win_fence(0, win);
    if (rank == 0) {
        {OP}
    }
    MPI_Win_fence(0, win);  // @flush

    MPI_Win_free(&win);
)",
                 {kGet}, 2, flush_note});
  // Fence inside a PSCW epoch mixes synchronisation modes (MPI-3.1 §11.5).
  out.push_back({"epoch-misuse", "fence-inside-pscw-{OP_ID}", "rma.sync.mixed-modes", "start fence",
                 "Both ranks call MPI_Win_fence while rank 0's PSCW access epoch and rank 1's exposure epoch "
                 "are open, mixing fence and PSCW on one epoch.",
                 "Both ranks call MPI_Win_fence only after the PSCW epochs are closed.",
                 std::string(kWindow) + kPeerGroup + R"(
    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);  // @start
        {OP}
    } else {
        MPI_Win_post(peer_group, 0, win);
    }
    MPI_Win_fence(0, win);  // @fence
    if (rank == 0)
        MPI_Win_complete(win);
    else
        MPI_Win_wait(win);

)" + kFreePeerGroup + "    MPI_Win_free(&win);\n",
                 std::string(kWindow) + kPeerGroup + R"(
    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);  // @start
        {OP}
    } else {
        MPI_Win_post(peer_group, 0, win);
    }
    if (rank == 0)
        MPI_Win_complete(win);
    else
        MPI_Win_wait(win);
    MPI_Win_fence(0, win);  // @fence

)" + kFreePeerGroup + "    MPI_Win_free(&win);\n",
                 {kPut}, 2, "MPI-3.1 11.5: fence synchronisation must not be used while a PSCW (or lock) "
                 "epoch is open on the window."});
}

// ---------------------------------------------------------------------------
// rma.sync.assert-violation

void assert_violation(std::vector<Scenario>& out) {
  const std::string cls = "rma.sync.assert-violation";
  const std::string note = "MPI-3.1 11.5.5: an assertion is a promise about the program; a program "
                           "whose assertion does not hold is erroneous.";
  out.push_back({"epoch-misuse", "fence-noprecede-pending-{OP_ID}", cls, "op fence",
                 "The fence that ends rank 0's {OPNAME} epoch asserts MPI_MODE_NOPRECEDE, although it must "
                 "complete that call.",
                 "The fence that ends rank 0's {OPNAME} epoch has no assertion; MPI_MODE_NOPRECEDE is given "
                 "only on the opening fence.",
                 std::string(kWindow) + R"(
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    if (rank == 0)
        {OP}  // @op
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);  // @fence

    MPI_Win_free(&win);
)",
                 std::string(kWindow) + R"(
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    if (rank == 0)
        {OP}  // @op
    MPI_Win_fence(0, win);  // @fence

    MPI_Win_free(&win);
)",
                 {kPut, kGet}, 2, note});
  out.push_back({"epoch-misuse", "fence-nosucceed-followed-{OP_ID}", cls, "fence op",
                 "The opening fence asserts MPI_MODE_NOSUCCEED, yet rank 0 calls {OPNAME} in the epoch it "
                 "starts.",
                 "The opening fence has no assertion and the closing one asserts MPI_MODE_NOSUCCEED.",
                 std::string(kWindow) + R"(
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);  // @fence
    if (rank == 0)
        {OP}  // @op
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
)",
                 std::string(kWindow) + R"(
    MPI_Win_fence(0, win);  // @fence
    if (rank == 0)
        {OP}  // @op
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);

    MPI_Win_free(&win);
)",
                 {kPut, kAcc}, 2, note});
  out.push_back({"epoch-misuse", "fence-noput-{OP_ID}", cls, "fence op",
                 "Every rank opens the epoch with a fence asserting MPI_MODE_NOPUT, yet rank 0 updates rank "
                 "1's window with {OPNAME}.",
                 "Every rank opens the epoch with a fence without MPI_MODE_NOPUT, and rank 0 updates rank "
                 "1's window with {OPNAME}.",
                 std::string(kWindow) + R"(
    MPI_Win_fence(MPI_MODE_NOPUT, win);  // @fence
    if (rank == 0)
        {OP}  // @op
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
)",
                 std::string(kWindow) + R"(
    MPI_Win_fence(0, win);  // @fence
    if (rank == 0)
        {OP}  // @op
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
)",
                 {kPut, kAcc}, 2, note, "rma/epoch-misuse/fence-noput-get-ok"});
  out.push_back({"epoch-misuse", "fence-nostore", cls, "store fence",
                 "Rank 1 stores to its window and then calls a fence asserting MPI_MODE_NOSTORE, which "
                 "promises no local store since the last synchronisation.",
                 "Rank 1 stores to its window and then calls a fence without MPI_MODE_NOSTORE.",
                 std::string(kWindow) + R"(
    MPI_Win_fence(0, win);
    if (rank == 1)
        window[0] = 5;  // @store
    MPI_Win_fence(MPI_MODE_NOSTORE, win);  // @fence
    if (rank == 0)
        MPI_Get(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
)",
                 std::string(kWindow) + R"(
    MPI_Win_fence(0, win);
    if (rank == 1)
        window[0] = 5;  // @store
    MPI_Win_fence(0, win);  // @fence
    if (rank == 0)
        MPI_Get(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
)",
                 {{}}, 2, note});
  out.push_back({"epoch-misuse", "post-noput-{OP_ID}", cls, "post op",
                 "Rank 1 posts its exposure epoch with MPI_MODE_NOPUT, yet rank 0 updates rank 1's window "
                 "with {OPNAME}.",
                 "Rank 1 posts its exposure epoch without assertion and rank 0 updates rank 1's window with "
                 "{OPNAME}.",
                 std::string(kWindow) + kPeerGroup + R"(
    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);
        {OP}  // @op
        MPI_Win_complete(win);
    } else {
        MPI_Win_post(peer_group, MPI_MODE_NOPUT, win);  // @post
        MPI_Win_wait(win);
    }

)" + kFreePeerGroup + "    MPI_Win_free(&win);\n",
                 std::string(kWindow) + kPeerGroup + R"(
    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);
        {OP}  // @op
        MPI_Win_complete(win);
    } else {
        MPI_Win_post(peer_group, 0, win);  // @post
        MPI_Win_wait(win);
    }

)" + kFreePeerGroup + "    MPI_Win_free(&win);\n",
                 {kPut}, 2, note, "rma/epoch-misuse/post-noput-get-ok"});
  out.push_back({"epoch-misuse", "lock-nocheck-conflict", cls, "lock nocheck",
                 "Rank 0 locks rank 1 exclusively with MPI_MODE_NOCHECK while rank 1 itself still holds an "
                 "exclusive lock on its window.",
                 "Rank 0 locks rank 1 exclusively with MPI_MODE_NOCHECK after rank 1 has released its own "
                 "lock, so no conflicting lock exists.",
                 std::string(kWindow) + R"(
    if (rank == 1)
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);  // @lock
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, MPI_MODE_NOCHECK, win);  // @nocheck
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1)
        MPI_Win_unlock(1, win);

    MPI_Win_free(&win);
)",
                 std::string(kWindow) + R"(
    if (rank == 1) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);  // @lock
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, MPI_MODE_NOCHECK, win);  // @nocheck
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
)",
                 {{}}, 2, "MPI-3.1 11.5.5: MPI_MODE_NOCHECK on MPI_Win_lock promises that no other process "
                 "holds, or will attempt to acquire, a conflicting lock while the caller holds the lock."});
  out.push_back({"epoch-misuse", "start-nocheck-before-post", cls, "start post",
                 "Rank 0 calls MPI_Win_start with MPI_MODE_NOCHECK before rank 1 has posted (rank 1 posts "
                 "only after a message rank 0 sends at the end).",
                 "Rank 1 posts with MPI_MODE_NOCHECK and tells rank 0, which only then calls MPI_Win_start "
                 "with MPI_MODE_NOCHECK.",
                 std::string(kWindow) + kPeerGroup + R"(
    if (rank == 0) {
        MPI_Win_start(peer_group, MPI_MODE_NOCHECK, win);  // @start
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
        MPI_Send(NULL, 0, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(NULL, 0, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Win_post(peer_group, MPI_MODE_NOCHECK, win);  // @post
        MPI_Win_wait(win);
    }

)" + kFreePeerGroup + "    MPI_Win_free(&win);\n",
                 std::string(kWindow) + kPeerGroup + R"(
    if (rank == 0) {
        MPI_Recv(NULL, 0, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Win_start(peer_group, MPI_MODE_NOCHECK, win);  // @start
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
    } else {
        MPI_Win_post(peer_group, MPI_MODE_NOCHECK, win);  // @post
        MPI_Send(NULL, 0, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
        MPI_Win_wait(win);
    }

)" + kFreePeerGroup + "    MPI_Win_free(&win);\n",
                 {{}}, 2, "MPI-3.1 11.5.5: MPI_MODE_NOCHECK on MPI_Win_start promises that the matching "
                 "MPI_Win_post calls have already completed."});
  out.push_back({"epoch-misuse", "noprecede-not-all", cls, "fence0 fence1",
                 "Only rank 0 asserts MPI_MODE_NOPRECEDE on the opening fence; the assertion must be given "
                 "by all processes or none.",
                 "Both ranks assert MPI_MODE_NOPRECEDE on the opening fence.",
                 std::string(kWindow) + R"(
    if (rank == 0)
        MPI_Win_fence(MPI_MODE_NOPRECEDE, win);  // @fence0
    else
        MPI_Win_fence(0, win);  // @fence1
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
)",
                 std::string(kWindow) + R"(
    if (rank == 0)
        MPI_Win_fence(MPI_MODE_NOPRECEDE, win);  // @fence0
    else
        MPI_Win_fence(MPI_MODE_NOPRECEDE, win);  // @fence1
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
)",
                 {{}}, 2, "MPI-3.1 11.5.5: if MPI_MODE_NOPRECEDE is given by any process in the window "
                 "group, it must be given by all processes in the group."});
}

// ---------------------------------------------------------------------------
// rma.sync.pscw-group-mismatch

void pscw_mismatch(std::vector<Scenario>& out) {
  const std::string cls = "rma.sync.pscw-group-mismatch";
  const std::string note = "MPI-3.1 11.5.2: every process in the start group must post an exposure epoch "
                           "whose group contains the origin, and every process in the post group must start "
                           "an access epoch to the target.";
  const char* const three_groups = R"(    MPI_Group world_group, origins_group, target_group;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
)";
  const char* const free_three = R"(    MPI_Group_free(&origins_group);
    MPI_Group_free(&target_group);
    MPI_Group_free(&world_group);
)";
  out.push_back({"epoch-misuse", "post-empty-group", cls, "start post",
                 "Rank 0 starts an access epoch to rank 1, but rank 1 posts its exposure epoch to the empty "
                 "group.",
                 "Rank 0 starts an access epoch to rank 1, and rank 1 posts its exposure epoch to rank 0.",
                 std::string(kWindow) + kPeerGroup + R"(
    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);  // @start
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
    } else {
        MPI_Win_post(MPI_GROUP_EMPTY, 0, win);  // @post
        MPI_Win_wait(win);
    }

)" + kFreePeerGroup + "    MPI_Win_free(&win);\n",
                 std::string(kWindow) + kPeerGroup + R"(
    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);  // @start
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
    } else {
        MPI_Win_post(peer_group, 0, win);  // @post
        MPI_Win_wait(win);
    }

)" + kFreePeerGroup + "    MPI_Win_free(&win);\n",
                 {{}}, 2, note});
  out.push_back({"epoch-misuse", "post-missing-origin", cls, "start post",
                 "Ranks 0 and 2 both start an access epoch to rank 1, but rank 1 posts its exposure epoch to "
                 "rank 0 only.",
                 "Ranks 0 and 2 both start an access epoch to rank 1, and rank 1 posts its exposure epoch to "
                 "both.",
                 std::string(kWindow) + three_groups + R"(    int origins[2] = {0, 2}, target = 1;
    MPI_Group_incl(world_group, 1, origins, &origins_group);
    MPI_Group_incl(world_group, 1, &target, &target_group);

    if (rank == 1) {
        MPI_Win_post(origins_group, 0, win);  // @post
        MPI_Win_wait(win);
    } else {
        MPI_Win_start(target_group, 0, win);  // @start
        MPI_Put(&value, 1, MPI_INT, 1, rank, 1, MPI_INT, win);
        MPI_Win_complete(win);
    }

)" + free_three + "    MPI_Win_free(&win);\n",
                 std::string(kWindow) + three_groups + R"(    int origins[2] = {0, 2}, target = 1;
    MPI_Group_incl(world_group, 2, origins, &origins_group);
    MPI_Group_incl(world_group, 1, &target, &target_group);

    if (rank == 1) {
        MPI_Win_post(origins_group, 0, win);  // @post
        MPI_Win_wait(win);
    } else {
        MPI_Win_start(target_group, 0, win);  // @start
        MPI_Put(&value, 1, MPI_INT, 1, rank, 1, MPI_INT, win);
        MPI_Win_complete(win);
    }

)" + free_three + "    MPI_Win_free(&win);\n",
                 {{}}, 3, note});
  out.push_back({"epoch-misuse", "post-extra-origin", cls, "start post",
                 "Rank 1 posts its exposure epoch to ranks 0 and 2, but only rank 0 starts an access epoch "
                 "to it.",
                 "Rank 1 posts its exposure epoch to ranks 0 and 2, and both start an access epoch to it.",
                 std::string(kWindow) + three_groups + R"(    int origins[2] = {0, 2}, target = 1;
    MPI_Group_incl(world_group, 2, origins, &origins_group);
    MPI_Group_incl(world_group, 1, &target, &target_group);

    if (rank == 1) {
        MPI_Win_post(origins_group, 0, win);  // @post
        MPI_Win_wait(win);
    } else if (rank == 0) {
        MPI_Win_start(target_group, 0, win);  // @start
        MPI_Put(&value, 1, MPI_INT, 1, rank, 1, MPI_INT, win);
        MPI_Win_complete(win);
    }

)" + free_three + "    MPI_Win_free(&win);\n",
                 std::string(kWindow) + three_groups + R"(    int origins[2] = {0, 2}, target = 1;
    MPI_Group_incl(world_group, 2, origins, &origins_group);
    MPI_Group_incl(world_group, 1, &target, &target_group);

    if (rank == 1) {
        MPI_Win_post(origins_group, 0, win);  // @post
        MPI_Win_wait(win);
    } else {
        MPI_Win_start(target_group, 0, win);  // @start
        MPI_Put(&value, 1, MPI_INT, 1, rank, 1, MPI_INT, win);
        MPI_Win_complete(win);
    }

)" + free_three + "    MPI_Win_free(&win);\n",
                 {{}}, 3, note});
  out.push_back({"epoch-misuse", "start-extra-target", cls, "start post",
                 "Rank 0 starts an access epoch to ranks 1 and 2, but only rank 1 posts an exposure epoch to "
                 "it.",
                 "Rank 0 starts an access epoch to ranks 1 and 2, and both post an exposure epoch to it.",
                 std::string(kWindow) + R"(    MPI_Group world_group, origin_group, targets_group;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    int origin = 0, targets[2] = {1, 2};
    MPI_Group_incl(world_group, 1, &origin, &origin_group);
    MPI_Group_incl(world_group, 2, targets, &targets_group);

    if (rank == 0) {
        MPI_Win_start(targets_group, 0, win);  // @start
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Put(&value, 1, MPI_INT, 2, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
    } else if (rank == 1) {
        MPI_Win_post(origin_group, 0, win);  // @post
        MPI_Win_wait(win);
    }

    MPI_Group_free(&origin_group);
    MPI_Group_free(&targets_group);
    MPI_Group_free(&world_group);
    MPI_Win_free(&win);
)",
                 std::string(kWindow) + R"(    MPI_Group world_group, origin_group, targets_group;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    int origin = 0, targets[2] = {1, 2};
    MPI_Group_incl(world_group, 1, &origin, &origin_group);
    MPI_Group_incl(world_group, 2, targets, &targets_group);

    if (rank == 0) {
        MPI_Win_start(targets_group, 0, win);  // @start
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Put(&value, 1, MPI_INT, 2, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
    } else {
        MPI_Win_post(origin_group, 0, win);  // @post
        MPI_Win_wait(win);
    }

    MPI_Group_free(&origin_group);
    MPI_Group_free(&targets_group);
    MPI_Group_free(&world_group);
    MPI_Win_free(&win);
)",
                 {{}}, 3, note});
  out.push_back({"epoch-misuse", "post-wrong-origin", cls, "start post",
                 "Rank 0 starts an access epoch to rank 1, but rank 1 posts its exposure epoch to rank 2, "
                 "which never starts one.",
                 "Rank 0 starts an access epoch to rank 1, and rank 1 posts its exposure epoch to rank 0.",
                 std::string(kWindow) + three_groups + R"(    int exposed_to = 2, target = 1;
    MPI_Group_incl(world_group, 1, &exposed_to, &origins_group);
    MPI_Group_incl(world_group, 1, &target, &target_group);

    if (rank == 1) {
        MPI_Win_post(origins_group, 0, win);  // @post
        MPI_Win_wait(win);
    } else if (rank == 0) {
        MPI_Win_start(target_group, 0, win);  // @start
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
    }

)" + free_three + "    MPI_Win_free(&win);\n",
                 std::string(kWindow) + three_groups + R"(    int exposed_to = 0, target = 1;
    MPI_Group_incl(world_group, 1, &exposed_to, &origins_group);
    MPI_Group_incl(world_group, 1, &target, &target_group);

    if (rank == 1) {
        MPI_Win_post(origins_group, 0, win);  // @post
        MPI_Win_wait(win);
    } else if (rank == 0) {
        MPI_Win_start(target_group, 0, win);  // @start
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
    }

)" + free_three + "    MPI_Win_free(&win);\n",
                 {{}}, 3, note});
}

// ---------------------------------------------------------------------------
// rma.window.free-with-epoch

void free_with_epoch(std::vector<Scenario>& out) {
  const std::string cls = "rma.window.free-with-epoch";
  const std::string note = "MPI-3.1 11.2.5: MPI_Win_free may be called only after the process has "
                           "completed its involvement in RMA on the window (unlock, complete, wait, or a "
                           "closing fence).";
  out.push_back({"window-misuse", "free-locked-{OP_ID}", cls, "lock free",
                 "Rank 0 frees the window while its lock epoch on rank 1 (with a pending {OPNAME}) is still "
                 "open.",
                 "Rank 0 unlocks rank 1 before freeing the window.",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);  // @lock
        {OP}
    }

    MPI_Win_free(&win);  // @free
)",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);  // @lock
        {OP}
        MPI_Win_unlock(1, win);
    }

    MPI_Win_free(&win);  // @free
)",
                 {kPut}, 2, note});
  out.push_back({"window-misuse", "free-lockall-{OP_ID}", cls, "lock free",
                 "Rank 0 frees the window while its lock_all epoch (with a pending {OPNAME}) is still open.",
                 "Rank 0 closes its lock_all epoch before freeing the window.",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);  // @lock
        {OP}
    }

    MPI_Win_free(&win);  // @free
)",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);  // @lock
        {OP}
        MPI_Win_unlock_all(win);
    }

    MPI_Win_free(&win);  // @free
)",
                 {kGet}, 2, note});
  out.push_back({"window-misuse", "free-fence-pending-{OP_ID}", cls, "op free",
                 "Rank 0 issues {OPNAME} in a fence epoch and the window is freed without the closing fence "
                 "that would complete it.",
                 "The fence epoch with rank 0's {OPNAME} is closed by a fence before the window is freed.",
                 std::string(kWindow) + R"(
    MPI_Win_fence(0, win);
    if (rank == 0)
        {OP}  // @op

    MPI_Win_free(&win);  // @free
)",
                 std::string(kWindow) + R"(
    MPI_Win_fence(0, win);
    if (rank == 0)
        {OP}  // @op
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);  // @free
)",
                 {kPut, kAcc}, 2, note});
  out.push_back({"window-misuse", "free-exposure-open", cls, "post free",
                 "Rank 1 frees the window without MPI_Win_wait, while its exposure epoch for rank 0's put is "
                 "still open.",
                 "Rank 1 closes its exposure epoch with MPI_Win_wait before freeing the window.",
                 std::string(kWindow) + kPeerGroup + R"(
    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
    } else {
        MPI_Win_post(peer_group, 0, win);  // @post
    }

)" + kFreePeerGroup + "    MPI_Win_free(&win);  // @free\n",
                 std::string(kWindow) + kPeerGroup + R"(
    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
    } else {
        MPI_Win_post(peer_group, 0, win);  // @post
        MPI_Win_wait(win);
    }

)" + kFreePeerGroup + "    MPI_Win_free(&win);  // @free\n",
                 {{}}, 2, note});
  out.push_back({"window-misuse", "free-access-open", cls, "start free",
                 "Rank 0 frees the window without MPI_Win_complete, while its PSCW access epoch with a put "
                 "is still open.",
                 "Rank 0 closes its PSCW access epoch with MPI_Win_complete before freeing the window.",
                 std::string(kWindow) + kPeerGroup + R"(
    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);  // @start
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    } else {
        MPI_Win_post(peer_group, 0, win);
        MPI_Win_wait(win);
    }

)" + kFreePeerGroup + "    MPI_Win_free(&win);  // @free\n",
                 std::string(kWindow) + kPeerGroup + R"(
    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);  // @start
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
    } else {
        MPI_Win_post(peer_group, 0, win);
        MPI_Win_wait(win);
    }

)" + kFreePeerGroup + "    MPI_Win_free(&win);  // @free\n",
                 {{}}, 2, note});
  out.push_back({"window-misuse", "free-self-locked", cls, "lock free",
                 "Rank 1 locks its own window, stores to it, and frees the window without unlocking.",
                 "Rank 1 locks its own window, stores to it, and unlocks before freeing the window.",
                 std::string(kWindow) + R"(
    if (rank == 1) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);  // @lock
        window[0] = 5;
    }

    MPI_Win_free(&win);  // @free
)",
                 std::string(kWindow) + R"(
    if (rank == 1) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);  // @lock
        window[0] = 5;
        MPI_Win_unlock(1, win);
    }

    MPI_Win_free(&win);  // @free
)",
                 {{}}, 2, note});
}

// ---------------------------------------------------------------------------
// rma.window.leak

void leak(std::vector<Scenario>& out) {
  const std::string cls = "rma.window.leak";
  const std::string note = "A window still allocated at MPI_Finalize is a resource leak (MBI: resource leak); "
                           "MPI-3.1 8.7 only asks that RMA involvement be complete, so this is a quality error "
                           "rather "
                           "than undefined behaviour.";
  struct Kind {
    std::string id, description, create, free_extra, requires_features;
  };
  const std::vector<Kind> kinds = {
      {"create-stack", "created with MPI_Win_create on a stack array",
       "    int window[4] = {0, 0, 0, 0};\n    MPI_Win win;\n"
       "    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);  // @create\n",
       "", ""},
      {"create-heap", "created with MPI_Win_create on heap memory",
       "    int *window = calloc(4, sizeof(int));\n    MPI_Win win;\n"
       "    MPI_Win_create(window, 4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);  // @create\n",
       "", ""},
      {"allocate", "allocated with MPI_Win_allocate",
       "    int *window;\n    MPI_Win win;\n"
       "    MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);  // @create\n",
       "", ""},
      {"allocate-shared", "allocated with MPI_Win_allocate_shared",
       "    int *window;\n    MPI_Win win;\n"
       "    MPI_Win_allocate_shared(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);  // @create\n",
       "", "shared-memory-window"},
      {"dynamic", "created with MPI_Win_create_dynamic (with memory attached and detached)",
       "    int window[4] = {0, 0, 0, 0};\n    MPI_Win win;\n"
       "    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);  // @create\n"
       "    MPI_Win_attach(win, window, sizeof window);\n",
       "    MPI_Win_detach(win, window);\n", "dynamic-window"},
  };
  for (const auto& k : kinds) {
    const std::string use = R"(
    MPI_Win_fence(0, win);
    MPI_Win_fence(0, win);

)";
    const bool heap = k.id == "create-heap";
    Scenario s{"window-misuse", "leak-" + k.id, cls, "create",
               "A window " + k.description + " is never freed before MPI_Finalize.",
               "A window " + k.description + " is freed before MPI_Finalize.",
               k.create + use + k.free_extra + (heap ? "    free(window);\n" : ""),
               k.create + use + k.free_extra + "    MPI_Win_free(&win);\n" + (heap ? "    free(window);\n" : ""),
               {{}}, 2, note};
    s.requires_features = k.requires_features;
    out.push_back(s);
  }
  // A dynamic window's memory is detached only after the epochs; the free comes last.
  out.push_back({"window-misuse", "leak-in-helper", cls, "create",
                 "A helper function creates a window that main uses but never frees.",
                 "A helper function creates a window that main uses and frees.",
                 R"(/* Exposes `memory` (four ints) to every rank. */
static MPI_Win expose(int *memory)
{
    MPI_Win win;
    MPI_Win_create(memory, 4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);  // @create
    return win;
}
//MAIN
    int window[4] = {0, 0, 0, 0};
    MPI_Win win = expose(window);

    MPI_Win_fence(0, win);
    MPI_Win_fence(0, win);

)",
                 R"(/* Exposes `memory` (four ints) to every rank. */
static MPI_Win expose(int *memory)
{
    MPI_Win win;
    MPI_Win_create(memory, 4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);  // @create
    return win;
}
//MAIN
    int window[4] = {0, 0, 0, 0};
    MPI_Win win = expose(window);

    MPI_Win_fence(0, win);
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
)",
                 {{}}, 2, note});
  out.push_back({"window-misuse", "leak-in-loop", cls, "create",
                 "A loop creates a window in every iteration but frees only the last one, leaking the "
                 "others.",
                 "A loop creates a window in every iteration and frees it in the same iteration.",
                 R"(    int window[4] = {0, 0, 0, 0};
    MPI_Win win;

    for (int step = 0; step < 3; step++) {
        MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);  // @create
        MPI_Win_fence(0, win);
        MPI_Win_fence(0, win);
    }
    MPI_Win_free(&win);
)",
                 R"(    int window[4] = {0, 0, 0, 0};
    MPI_Win win;

    for (int step = 0; step < 3; step++) {
        MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);  // @create
        MPI_Win_fence(0, win);
        MPI_Win_fence(0, win);
        MPI_Win_free(&win);
    }
)",
                 {{}}, 2, note});
}

// ---------------------------------------------------------------------------
// rma.window.out-of-bounds

void out_of_bounds(std::vector<Scenario>& out) {
  const std::string cls = "rma.window.out-of-bounds";
  const std::string note = "MPI-3.1 11.3: the target buffer (target_disp x disp_unit, count x extent) must "
                           "lie inside the target window. The window covers part of a larger array, so the "
                           "stray access stays in the program's own memory.";
  // Each rank exposes memory[0..3] of an array of 16 ints.
  const char* const window = R"(    int memory[16] = {0};
    int values[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    MPI_Win win;
    MPI_Win_create(memory, 4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);  // @create
)";
  struct Access {
    std::string id, bad_description, good_description, bad_call, good_call;
  };
  const std::vector<Access> accesses = {
      {"put-past-end", "Rank 0 puts one int at displacement 4 of rank 1's window of four ints (valid: 0..3).",
       "Rank 0 puts one int at displacement 3, the last element of rank 1's window of four ints.",
       "MPI_Put(values, 1, MPI_INT, 1, 4, 1, MPI_INT, win);", "MPI_Put(values, 1, MPI_INT, 1, 3, 1, MPI_INT, win);"},
      {"put-count-too-large", "Rank 0 puts five ints at displacement 0 into rank 1's window of four ints.",
       "Rank 0 puts four ints at displacement 0, filling rank 1's window of four ints.",
       "MPI_Put(values, 5, MPI_INT, 1, 0, 5, MPI_INT, win);", "MPI_Put(values, 4, MPI_INT, 1, 0, 4, MPI_INT, win);"},
      {"get-past-end",
       "Rank 0 gets two ints from displacement 3 of rank 1's window of four ints, one past its end.",
       "Rank 0 gets two ints from displacement 2, the last two elements of rank 1's window of four ints.",
       "MPI_Get(values, 2, MPI_INT, 1, 3, 2, MPI_INT, win);", "MPI_Get(values, 2, MPI_INT, 1, 2, 2, MPI_INT, win);"},
      {"acc-past-end", "Rank 0 accumulates into displacement 6 of rank 1's window of four ints.",
       "Rank 0 accumulates into displacement 2 of rank 1's window of four ints.",
       "MPI_Accumulate(values, 1, MPI_INT, 1, 6, 1, MPI_INT, MPI_SUM, win);",
       "MPI_Accumulate(values, 1, MPI_INT, 1, 2, 1, MPI_INT, MPI_SUM, win);"},
      {"byte-displacement",
       "Rank 0 passes a byte offset (2 * sizeof(int)) as target displacement although the window's "
       "displacement unit is sizeof(int), landing past the end of the four-int window.",
       "Rank 0 passes the element index 2 as target displacement, in units of the window's displacement unit "
       "sizeof(int).",
       "MPI_Put(values, 1, MPI_INT, 1, 2 * sizeof(int), 1, MPI_INT, win);",
       "MPI_Put(values, 1, MPI_INT, 1, 2, 1, MPI_INT, win);"},
      {"fetch-op-past-end", "Rank 0 calls MPI_Fetch_and_op on displacement 4 of rank 1's window of four ints.",
       "Rank 0 calls MPI_Fetch_and_op on displacement 0 of rank 1's window of four ints.",
       "MPI_Fetch_and_op(&values[0], &values[1], MPI_INT, 1, 4, MPI_SUM, win);",
       "MPI_Fetch_and_op(&values[0], &values[1], MPI_INT, 1, 0, MPI_SUM, win);"},
  };
  for (const auto& a : accesses) {
    const bool fence = a.id != "get-past-end" && a.id != "fetch-op-past-end";
    auto body = [&](const std::string& call) {
      if (fence)
        return std::string(window) + "\n    MPI_Win_fence(0, win);\n    if (rank == 0)\n        " + call +
               "  // @op\n    MPI_Win_fence(0, win);\n\n    MPI_Win_free(&win);\n";
      return std::string(window) + "    MPI_Barrier(MPI_COMM_WORLD);\n\n    if (rank == 0) {\n"
             "        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);\n        " + call +
             "  // @op\n        MPI_Win_unlock(1, win);\n    }\n    MPI_Barrier(MPI_COMM_WORLD);\n\n"
             "    MPI_Win_free(&win);\n";
    };
    out.push_back({"window-misuse", "oob-" + a.id, cls, "op create", a.bad_description, a.good_description,
                   body(a.bad_call), body(a.good_call), {{}}, 2, note});
  }
  // Ranks expose windows of different sizes: rank 1 only two ints.
  const char* const uneven = R"(    int memory[16] = {0};
    int value = 1;
    int exposed = rank == 1 ? 2 : 4;  /* rank 1 exposes a smaller window */
    MPI_Win win;
    MPI_Win_create(memory, exposed * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);  // @create

    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, {DISP}, 1, MPI_INT, win);  // @op
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
)";
  out.push_back({"window-misuse", "oob-smaller-target-window", cls, "op create",
                 "Rank 0 puts at displacement 3, valid for its own window of four ints but past the end of "
                 "rank 1's window of two ints.",
                 "Rank 0 puts at displacement 1, inside rank 1's window of two ints.",
                 replace_all(uneven, "{DISP}", "3"), replace_all(uneven, "{DISP}", "1"), {{}}, 2, note});
}

// ---------------------------------------------------------------------------
// rma.window.invalid

void invalid(std::vector<Scenario>& out) {
  const std::string cls = "rma.window.invalid";
  const std::string note = "MPI-3.1 11.2.5: MPI_Win_free sets the handle to MPI_WIN_NULL; RMA calls on "
                           "MPI_WIN_NULL are erroneous (the error is raised, fatal by default).";
  out.push_back({"window-misuse", "lock-after-free-{OP_ID}", cls, "free op",
                 "Rank 0 opens a lock epoch and calls {OPNAME} on a window that has already been freed "
                 "(MPI_WIN_NULL).",
                 "Rank 0 opens a lock epoch and calls {OPNAME} before the window is freed.",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);  // @free

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        {OP}  // @op
        MPI_Win_unlock(1, win);
    }
)",
                 std::string(kWindow) + R"(    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        {OP}  // @op
        MPI_Win_unlock(1, win);
    }
    MPI_Win_free(&win);  // @free
)",
                 {kPut, kGet}, 2, note});
  out.push_back({"window-misuse", "fence-after-free", cls, "free fence",
                 "Every rank calls MPI_Win_fence on a window it has already freed (MPI_WIN_NULL).",
                 "Every rank calls MPI_Win_fence before freeing the window.",
                 std::string(kWindow) + R"(
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);  // @free
    MPI_Win_fence(0, win);  // @fence
)",
                 std::string(kWindow) + R"(
    MPI_Win_fence(0, win);
    MPI_Win_fence(0, win);  // @fence
    MPI_Win_free(&win);  // @free
)",
                 {{}}, 2, note});
  out.push_back({"window-misuse", "free-twice", cls, "free1 free2",
                 "Every rank frees the window twice; the second MPI_Win_free gets MPI_WIN_NULL.",
                 "Every rank frees the window once.",
                 std::string(kWindow) + R"(
    MPI_Win_fence(0, win);
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);  // @free1
    MPI_Win_free(&win);  // @free2
)",
                 std::string(kWindow) + R"(
    MPI_Win_fence(0, win);
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);  // @free1 @free2
)",
                 {{}}, 2, note});
  out.push_back({"window-misuse", "null-window-{OP_ID}", cls, "op",
                 "Rank 0 calls {OPNAME} on a window handle that was initialised to MPI_WIN_NULL and never "
                 "created.",
                 "Rank 0 calls {OPNAME} on a window handle that was created with MPI_Win_create.",
                 R"(    int window[4] = {0, 0, 0, 0};
    int value = 1;
    MPI_Win win = MPI_WIN_NULL;
    MPI_Win real;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &real);

    MPI_Win_fence(0, real);
    if (rank == 0)
        {OP}  // @op
    MPI_Win_fence(0, real);

    MPI_Win_free(&real);
)",
                 R"(    int window[4] = {0, 0, 0, 0};
    int value = 1;
    MPI_Win win = MPI_WIN_NULL;
    MPI_Win real;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &real);
    win = real;

    MPI_Win_fence(0, real);
    if (rank == 0)
        {OP}  // @op
    MPI_Win_fence(0, real);

    MPI_Win_free(&real);
)",
                 {kAcc, kPut}, 2, "MPI-3.1 11.3: RMA calls need a valid window; MPI_WIN_NULL is not one "
                 "(the error is raised, fatal by default)."});
}

Native native(const std::string& name) {
  const Native leak_ucx{"Natively Open MPI runs to completion; MPICH (with UCX) fails an assertion in "
                        "MPI_Finalize.", "crash-mpich", 0};
  const std::vector<std::pair<std::string, Native>> table = {
      {"no-epoch-{OP_ID}", kBothAbort},
      {"before-first-fence-{OP_ID}", kBothAbort},
      {"after-unlock-{OP_ID}", kBothAbort},
      {"after-complete-{OP_ID}", kBothAbort},
      {"after-unlock-all-{OP_ID}", kBothAbort},
      {"unlocked-target-{OP_ID}", kOpenMpiAborts},
      {"lock-twice-{OP_ID}",
       {"Natively Open MPI hangs in the second MPI_Win_lock; MPICH detects it and aborts.",
        "deadlock-openmpi crash-mpich", 10}},
      {"lock-shared-twice-{OP_ID}", kBothAbort},
      {"lockall-twice-{OP_ID}", kBothAbort},
      {"lock-inside-lockall-{OP_ID}", kBothAbort},
      {"start-twice-{OP_ID}", kBothAbort},
      {"post-twice-{OP_ID}", kBothAbort},
      {"unlock-without-lock", kBothAbort},
      {"unlock-inside-lockall-{OP_ID}", kBothAbort},
      {"unlock-all-without-lock-all", kBothAbort},
      {"complete-without-start", kMpichAborts},
      {"wait-without-post", kBothAbort},
      {"flush-without-lock-{OP_ID}", kBothAbort},
      {"flush-all-in-fence-{OP_ID}", kBothAbort},
      {"fence-inside-pscw-{OP_ID}", kBothAbort},
      {"fence-noprecede-pending-{OP_ID}", kBothRun},
      {"fence-nosucceed-followed-{OP_ID}",
       {"Natively both MPIs abort, treating the call as outside any epoch.", "crash", 0}},
      {"fence-noput-{OP_ID}", kBothRun},
      {"fence-nostore", kBothRun},
      {"post-noput-{OP_ID}", kBothRun},
      {"lock-nocheck-conflict", kBothRun},
      {"start-nocheck-before-post", {"Natively Open MPI hangs; MPICH runs to completion.", "deadlock-openmpi", 10}},
      {"noprecede-not-all", kBothRun},
      {"post-empty-group", kBothHang},
      {"post-missing-origin", kBothHangSmoke},
      {"post-extra-origin", kBothHang},
      {"start-extra-target", kBothHang},
      {"post-wrong-origin", kBothHang},
      {"free-locked-{OP_ID}", kMpichAborts},
      {"free-lockall-{OP_ID}", kMpichAborts},
      {"free-fence-pending-{OP_ID}", kMpichAborts},
      {"free-exposure-open", kMpichAborts},
      {"free-access-open",
       {"Natively Open MPI hangs in MPI_Win_free; MPICH detects it and aborts.", "deadlock-openmpi crash-mpich", 10}},
      {"free-self-locked", kMpichAborts},
      {"leak-create-stack", leak_ucx},
      {"leak-create-heap", leak_ucx},
      {"leak-allocate", leak_ucx},
      {"leak-in-helper", leak_ucx},
      {"leak-allocate-shared", kBothRun},
      {"leak-dynamic", kBothRun},
      {"leak-in-loop", kBothRun},
      {"oob-put-past-end", kOpenMpiAborts},
      {"oob-put-count-too-large", kOpenMpiAborts},
      {"oob-get-past-end", kOpenMpiAborts},
      {"oob-acc-past-end", kOpenMpiAborts},
      {"oob-byte-displacement", kOpenMpiAborts},
      {"oob-fetch-op-past-end", kOpenMpiAborts},
      {"oob-smaller-target-window", kOpenMpiAborts},
      {"lock-after-free-{OP_ID}", kBothAbort},
      {"fence-after-free", kBothAbort},
      {"free-twice", kBothAbort},
      {"null-window-{OP_ID}", kBothAbort},
  };
  for (const auto& [scenario, behaviour] : table)
    if (scenario == name) return behaviour;
  std::cerr << "rma_misuse: no native behaviour recorded for " << name << "\n";
  std::exit(1);
}

std::vector<File> all_files() {
  std::vector<Scenario> scenarios;
  missing_epoch(scenarios);
  double_epoch(scenarios);
  unmatched(scenarios);
  assert_violation(scenarios);
  pscw_mismatch(scenarios);
  free_with_epoch(scenarios);
  leak(scenarios);
  out_of_bounds(scenarios);
  invalid(scenarios);
  std::vector<File> files;
  for (const auto& s : scenarios) emit(files, s);
  extra_correct(files);
  return files;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: rma_misuse OUTDIR\n";
    return 2;
  }
  const std::filesystem::path outdir = argv[1];
  std::set<std::string> ids;
  for (const auto& f : all_files()) {
    if (!ids.insert(f.id).second) {
      std::cerr << "rma_misuse: duplicate case " << f.id << "\n";
      return 1;
    }
    const auto path = outdir / (f.id + ".c");
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << f.text;
  }
  std::cout << "rma_misuse: wrote " << ids.size() << " cases\n";
  return 0;
}
