// rma_windows: the window kinds with their own rules: shared-memory windows
// (direct load/store through MPI_Win_shared_query pointers) and dynamic windows
// (MPI_Win_create_dynamic with attached memory).
//
//   rma_windows OUTDIR   writes OUTDIR/rma/{shared-window,dynamic-window}/*.c
//
// Each erroneous program has a correct twin that adds the missing
// synchronisation, or uses an attached address.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace {

const char* const kGenerator = "cases/gen/rma_windows.cpp";

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

struct Header {
  std::string description, expect, at, twins, requires_features, tags, note;
  int runs = 1;
};

std::string program(const std::string& body) {
  std::string out = "#include <mpi.h>\n";
  if (body.find("malloc(") != std::string::npos) out += "#include <stdlib.h>\n";
  out += "\n";
  if (body.find("sink") != std::string::npos)
    out += "static volatile int sink; /* loaded values land here so loads are kept */\n\n";
  return out +
         "int main(int argc, char **argv)\n{\n"
         "    MPI_Init(&argc, &argv);\n    int rank;\n    MPI_Comm_rank(MPI_COMM_WORLD, &rank);\n\n" +
         body + "    MPI_Finalize();\n    return 0;\n}\n";
}

std::string render(const Header& h, const std::string& body) {
  std::string out = std::string("// GENERATED: ") + kGenerator + "\n";
  out += "// DESCRIPTION: " + h.description + "\n";
  out += "// NPROCS: 2\n";
  out += "// EXPECT: " + h.expect + "\n";
  if (!h.at.empty()) out += "// EXPECT-AT: " + h.at + "\n";
  if (!h.twins.empty()) out += "// TWIN: " + h.twins + "\n";
  if (h.runs > 1) out += "// RUNS: " + std::to_string(h.runs) + "\n";
  out += "// REQUIRES: " + h.requires_features + "\n";
  if (!h.tags.empty()) out += "// TAGS: " + h.tags + "\n";
  if (!h.note.empty()) out += "// NOTE: " + h.note + "\n";
  return out + program(body);
}

struct File {
  std::string id, text;
};

// An erroneous program and its correct twin(s).
struct Pair {
  std::string group, stem;
  std::string error_class, at;
  std::string bad_description, bad;
  std::vector<std::pair<std::string, std::string>> good;  // (suffix before -ok, description), bodies below
  std::vector<std::string> good_bodies;
  std::string note;
  std::string tags;  // of the erroneous program: what it does natively (crash-openmpi, ...)
};

void emit(std::vector<File>& out, const Pair& p, const std::string& requires_features) {
  const std::string base = "rma/" + p.group + "/" + p.stem;
  Header bad;
  bad.description = p.bad_description;
  bad.expect = "error " + p.error_class;
  bad.at = p.at;
  for (const auto& g : p.good) bad.twins += (bad.twins.empty() ? "" : " ") + base + g.first + "-ok";
  bad.requires_features = requires_features;
  bad.note = p.note;
  bad.tags = p.tags;
  out.push_back({base + "-nok", render(bad, p.bad)});
  for (std::size_t i = 0; i < p.good.size(); ++i) {
    Header good;
    good.description = p.good[i].second;
    good.expect = "ok";
    good.twins = base + "-nok";
    good.requires_features = requires_features;
    out.push_back({base + p.good[i].first + "-ok", render(good, p.good_bodies[i])});
  }
}

// ---------------------------------------------------------------------------
// Shared-memory windows

const char* const kSharedNote =
    "MPI-3.1 11.2.3 and 11.7: load/store accesses to a shared-memory window are concurrent unless ordered by "
    "RMA synchronisation (e.g. MPI_Win_sync + a barrier + MPI_Win_sync, or a fence); concurrent conflicting "
    "accesses are erroneous.";

// Allocation of a shared window of four ints per rank, `mine` is the own segment,
// `theirs` the other rank's segment (from MPI_Win_shared_query); the segments are
// zeroed and the zeros made visible before the scenario.
std::string shared_setup(const std::string& info, bool only_rank0_allocates) {
  std::string out;
  if (!info.empty()) {
    out += "    MPI_Info info;\n    MPI_Info_create(&info);\n    MPI_Info_set(info, \"" + info + "\", \"true\");\n";
  }
  const std::string size = only_rank0_allocates ? "(rank == 0 ? 4 : 0) * sizeof(int)" : "4 * sizeof(int)";
  out += "    int *mine;\n    MPI_Win win;\n";
  out += "    MPI_Win_allocate_shared(" + size + ", sizeof(int), " + (info.empty() ? "MPI_INFO_NULL" : "info") +
         ", MPI_COMM_WORLD, &mine, &win);\n";
  if (!info.empty()) out += "    MPI_Info_free(&info);\n";
  if (only_rank0_allocates) {
    out += "    int *shared;  /* rank 0's segment, the only one */\n    MPI_Aint size;\n    int disp_unit;\n"
           "    MPI_Win_shared_query(win, 0, &size, &disp_unit, &shared);\n";
  } else {
    out += "    int *theirs;\n    MPI_Aint size;\n    int disp_unit;\n"
           "    MPI_Win_shared_query(win, 1 - rank, &size, &disp_unit, &theirs);\n";
  }
  out += "\n    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);\n";
  if (only_rank0_allocates)
    out += "    if (rank == 0)\n        for (int i = 0; i < 4; i++)\n            shared[i] = 0;\n";
  else
    out += "    for (int i = 0; i < 4; i++)\n        mine[i] = 0;\n";
  out += "    MPI_Win_sync(win);\n    MPI_Barrier(MPI_COMM_WORLD);\n    MPI_Win_sync(win);\n\n";
  return out;
}

const char* const kSharedTeardown = "    MPI_Win_unlock_all(win);\n    MPI_Win_free(&win);\n";

const char* const kSyncBarrier = "    MPI_Win_sync(win);\n    MPI_Barrier(MPI_COMM_WORLD);\n    MPI_Win_sync(win);\n";

// first/second: the statements of rank 0 then rank 1, with markers.
std::string shared_body(const std::string& setup, const std::string& first, const std::string& second, bool synced) {
  return setup + "    if (rank == 0)\n        " + first + "\n" + (synced ? kSyncBarrier : "") +
         "    if (rank == 1)\n        " + second + "\n" + kSharedTeardown;
}

void shared_windows(std::vector<File>& out) {
  const std::string group = "shared-window";
  const std::string cls = "rma.shared.load-store-race";
  struct Access {
    std::string id, first, second, what;
  };
  // Rank 0 accesses its own segment element 0, rank 1 the same element through `theirs`.
  const std::vector<Access> accesses = {
      {"store-load", "mine[0] = 42;  // @first", "sink = theirs[0];  // @second",
       "rank 0 stores to its segment and rank 1 loads the same element through the MPI_Win_shared_query pointer"},
      {"store-store", "mine[0] = 42;  // @first", "theirs[0] = 7;  // @second",
       "rank 0 and rank 1 both store to element 0 of rank 0's segment"},
      {"load-store", "sink = mine[0];  // @first", "theirs[0] = 7;  // @second",
       "rank 0 loads element 0 of its segment while rank 1 stores to it through the MPI_Win_shared_query pointer"},
  };
  for (const auto& a : accesses) {
    Pair p;
    p.group = group;
    p.stem = a.id;
    p.error_class = cls;
    p.at = "first second";
    p.note = kSharedNote;
    const std::string setup = shared_setup("", false);
    p.bad_description = "In a shared-memory window " + a.what + ", with no synchronisation between the two accesses.";
    p.bad = shared_body(setup, a.first, a.second, false);
    p.good = {{"-synced", "In a shared-memory window " + a.what + " after MPI_Win_sync, an MPI_Barrier and "
                          "MPI_Win_sync order rank 1 after rank 0."},
              {"-disjoint", "In a shared-memory window rank 0 accesses element 0 of its segment while rank 1 "
                            "accesses element 1 of the same segment; the locations are disjoint."}};
    p.good_bodies = {shared_body(setup, a.first, a.second, true),
                     shared_body(setup, a.first, replace_all(a.second, "theirs[0]", "theirs[1]"), false)};
    emit(out, p, "shared-memory-window");
  }
  // The same race ordered (or not) by fences instead of MPI_Win_sync.
  for (const auto& a : std::vector<Access>{accesses[0], accesses[1]}) {
    const std::string setup = R"(    int *mine;
    MPI_Win win;
    MPI_Win_allocate_shared(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
    int *theirs;
    MPI_Aint size;
    int disp_unit;
    MPI_Win_shared_query(win, 1 - rank, &size, &disp_unit, &theirs);
    for (int i = 0; i < 4; i++)
        mine[i] = 0;

    MPI_Win_fence(0, win);
)";
    auto body = [&](bool fenced) {
      return setup + "    if (rank == 0)\n        " + a.first + "\n" + (fenced ? "    MPI_Win_fence(0, win);\n" : "") +
             "    if (rank == 1)\n        " + a.second + "\n    MPI_Win_fence(0, win);\n    MPI_Win_free(&win);\n";
    };
    Pair p;
    p.group = group;
    p.stem = "fence-" + a.id;
    p.error_class = cls;
    p.at = "first second";
    p.note = kSharedNote;
    p.bad_description = "In a shared-memory window " + a.what + ", both inside one fence epoch.";
    p.bad = body(false);
    p.good = {{"", "In a shared-memory window " + a.what + ", separated by an MPI_Win_fence."}};
    p.good_bodies = {body(true)};
    emit(out, p, "shared-memory-window");
  }
  // Other ways to reach the segment: pointer arithmetic on contiguous memory,
  // a non-contiguous allocation, a window where only rank 0 allocates.
  {
    const std::string setup = shared_setup("", false);
    Pair p;
    p.group = group;
    p.stem = "contiguous-neighbour";
    p.error_class = cls;
    p.at = "first second";
    p.note = std::string(kSharedNote) + " Without alloc_shared_noncontig the segments are contiguous, so rank 0's "
             "segment ends right before rank 1's (MPI-3.1 11.2.3).";
    const std::string first = "mine[3] = 42;  // @first";
    const std::string second = "sink = *(mine - 1);  /* rank 0's last element */  // @second";
    p.bad_description = "Rank 1 loads rank 0's last element through its own segment pointer minus one "
                        "(contiguous allocation) while rank 0 stores to it, with no synchronisation.";
    p.bad = shared_body(setup, first, second, false);
    p.good = {{"-synced", "Rank 1 loads rank 0's last element through its own segment pointer minus one "
                          "(contiguous allocation) after MPI_Win_sync, an MPI_Barrier and MPI_Win_sync."}};
    p.good_bodies = {shared_body(setup, first, second, true)};
    emit(out, p, "shared-memory-window");
  }
  {
    const std::string setup = shared_setup("alloc_shared_noncontig", false);
    Pair p;
    p.group = group;
    p.stem = "noncontig-store-load";
    p.error_class = cls;
    p.at = "first second";
    p.note = kSharedNote;
    p.bad_description = "In a shared-memory window allocated with alloc_shared_noncontig, rank 0 stores to its "
                        "segment while rank 1 loads it through MPI_Win_shared_query, with no synchronisation.";
    p.bad = shared_body(setup, accesses[0].first, accesses[0].second, false);
    p.good = {{"-synced", "In a shared-memory window allocated with alloc_shared_noncontig, rank 1 loads rank 0's "
                          "element after MPI_Win_sync, an MPI_Barrier and MPI_Win_sync."}};
    p.good_bodies = {shared_body(setup, accesses[0].first, accesses[0].second, true)};
    emit(out, p, "shared-memory-window");
  }
  {
    const std::string setup = shared_setup("", true);
    Pair p;
    p.group = group;
    p.stem = "single-segment-store-store";
    p.error_class = cls;
    p.at = "first second";
    p.note = kSharedNote;
    const std::string first = "shared[2] = 42;  // @first";
    const std::string second = "shared[2] = 7;  // @second";
    p.bad_description = "Only rank 0 allocates memory in the shared window; both ranks store to element 2 of "
                        "it with no synchronisation.";
    p.bad = shared_body(setup, first, second, false);
    p.good = {{"-synced", "Only rank 0 allocates memory in the shared window; both ranks store to element 2, "
                          "ordered by MPI_Win_sync, an MPI_Barrier and MPI_Win_sync."},
              {"-disjoint", "Only rank 0 allocates memory in the shared window; rank 0 stores to element 2 and "
                            "rank 1 to element 3, concurrently."}};
    p.good_bodies = {shared_body(setup, first, second, true),
                     shared_body(setup, first, "shared[3] = 7;  // @second", false)};
    emit(out, p, "shared-memory-window");
  }
  {  // rank 1 writes rank 0's segment, rank 0 reads it back: the other direction.
    const std::string setup = shared_setup("", false);
    Pair p;
    p.group = group;
    p.stem = "reverse-store-load";
    p.error_class = cls;
    p.at = "first second";
    p.note = kSharedNote;
    const std::string first = "sink = mine[1];  // @first";
    const std::string second = "theirs[1] = 7;  // @second";
    auto body = [&](bool synced) {
      return setup + "    if (rank == 1)\n        " + second + "\n" + (synced ? kSyncBarrier : "") +
             "    if (rank == 0)\n        " + first + "\n" + kSharedTeardown;
    };
    p.bad_description = "Rank 1 stores into rank 0's segment through MPI_Win_shared_query and rank 0 loads the "
                        "element, with no synchronisation.";
    p.bad = body(false);
    p.good = {{"-synced", "Rank 1 stores into rank 0's segment through MPI_Win_shared_query and rank 0 loads the "
                          "element after MPI_Win_sync, an MPI_Barrier and MPI_Win_sync."}};
    p.good_bodies = {body(true)};
    emit(out, p, "shared-memory-window");
  }
  {  // An RMA put into a shared window and a direct load of the target location.
    const std::string setup = shared_setup("", false);
    Pair p;
    p.group = group;
    p.stem = "put-load";
    p.error_class = "rma.local.target-access-during-remote";
    p.at = "op load";
    p.note = "MPI-3.1 11.7: the window owner may load a location updated by a put only after the put has "
             "completed at the target and a synchronisation orders the load after it.";
    auto body = [&](bool synced) {
      return setup + "    int value = 42;\n    if (rank == 1) {\n"
             "        MPI_Put(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, win);  // @op\n" +
             (synced ? "        MPI_Win_flush(0, win);\n" : "") + "    }\n" +
             (synced ? kSyncBarrier : "") + "    if (rank == 0)\n        sink = mine[0];  // @load\n" +
             kSharedTeardown;
    };
    p.bad_description = "Rank 1 puts into rank 0's segment of a shared-memory window with MPI_Put while rank 0 "
                        "loads the location directly, with no synchronisation.";
    p.bad = body(false);
    p.good = {{"-flushed", "Rank 1 puts into rank 0's segment of a shared-memory window and flushes; rank 0 loads "
                           "the location after MPI_Win_sync, an MPI_Barrier and MPI_Win_sync."}};
    p.good_bodies = {body(true)};
    emit(out, p, "shared-memory-window");
  }
}

// ---------------------------------------------------------------------------
// Dynamic windows

const char* const kDynamicNote =
    "MPI-3.1 11.2.4: in a dynamic window only memory attached with MPI_Win_attach at the target can be "
    "accessed; the target displacement is the address (MPI_Get_address) in the target process.";
const char* const kOpenMpiAbortsNatively =
    " Natively Open MPI detects it and aborts (MPI_ERR_RMA_RANGE); MPICH runs to completion.";
const char* const kBothRunNatively = " Natively both MPIs run to completion without noticing.";

struct DynCall {
  std::string id, mpi, code;  // code uses `address + offset`
};

// Rank 1 attaches memory[0..3] of an array of 16 ints and broadcasts the address
// `exposed` names; rank 0 accesses `target` bytes past it.
std::string dynamic_body(const std::string& exposed, const std::string& attach_len, const std::string& offset,
                         const std::string& call, bool detach_first, bool attach_late) {
  std::string b = R"(    int memory[16] = {0};
    int value = 1;
    MPI_Win win;
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
)";
  if (exposed == "other") b = "    int other[4] = {0, 0, 0, 0};  /* never attached */\n" + b;
  const std::string attach = "        MPI_Win_attach(win, memory, " + attach_len + ");  // @attach\n";
  if (!attach_late) b += "    if (rank == 1)\n" + attach;
  b += "    MPI_Aint address;\n    MPI_Get_address(" + exposed + ", &address);\n";
  b += "    MPI_Bcast(&address, 1, MPI_AINT, 1, MPI_COMM_WORLD);  /* rank 1's address */\n";
  if (detach_first) b += "    if (rank == 1)\n        MPI_Win_detach(win, memory);  // @detach\n";
  b += "    MPI_Barrier(MPI_COMM_WORLD);\n\n";
  b += "    if (rank == 0) {\n        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);\n        " +
       replace_all(call, "{DISP}", offset.empty() ? "address" : "address + " + offset) +
       "  // @op\n        MPI_Win_unlock(1, win);\n    }\n";
  b += "    MPI_Barrier(MPI_COMM_WORLD);\n";
  if (attach_late) b += "    if (rank == 1)\n" + attach;
  b += "\n";
  if (!detach_first) b += "    if (rank == 1)\n        MPI_Win_detach(win, memory);\n";
  b += "    MPI_Win_free(&win);\n";
  return b;
}

void dynamic_windows(std::vector<File>& out) {
  const std::string group = "dynamic-window";
  const std::string cls = "rma.window.dynamic-unattached";
  const std::vector<DynCall> calls = {
      {"put", "MPI_Put", "MPI_Put(&value, 1, MPI_INT, 1, {DISP}, 1, MPI_INT, win);"},
      {"get", "MPI_Get", "MPI_Get(&value, 1, MPI_INT, 1, {DISP}, 1, MPI_INT, win);"},
      {"acc", "MPI_Accumulate", "MPI_Accumulate(&value, 1, MPI_INT, 1, {DISP}, 1, MPI_INT, MPI_SUM, win);"},
  };
  const std::string full = "4 * sizeof(int)";
  for (const auto& c : calls) {
    Pair p;
    p.group = group;
    p.stem = "never-attached-" + c.id;
    p.error_class = cls;
    p.at = "op attach";
    p.note = std::string(kDynamicNote) + kBothRunNatively;
    p.bad_description = "Rank 1 attaches `memory` to a dynamic window but broadcasts the address of `other`, "
                        "which is never attached; rank 0 calls " + c.mpi + " on that address.";
    p.bad = dynamic_body("other", full, "", c.code, false, false);
    p.good = {{"", "Rank 1 attaches `memory` to a dynamic window and broadcasts its address; rank 0 calls " +
                       c.mpi + " on it."}};
    p.good_bodies = {dynamic_body("memory", full, "", c.code, false, false)};
    emit(out, p, "dynamic-window");
  }
  for (const auto& c : {calls[0], calls[1]}) {
    Pair p;
    p.group = group;
    p.stem = "detached-" + c.id;
    p.error_class = cls;
    p.at = "op detach";
    p.note = std::string(kDynamicNote) + kOpenMpiAbortsNatively;
    p.tags = "crash-openmpi";
    p.bad_description = "Rank 1 detaches `memory` from the dynamic window before the barrier after which rank 0 "
                        "calls " + c.mpi + " on its address.";
    p.bad = dynamic_body("memory", full, "", c.code, true, false);
    p.good = {{"-before-detach", "Rank 1 detaches `memory` from the dynamic window only after rank 0's " + c.mpi +
                                     " epoch has ended."}};
    p.good_bodies = {dynamic_body("memory", full, "", c.code, false, false)};
    emit(out, p, "dynamic-window");
  }
  for (const auto& c : {calls[0], calls[2]}) {
    Pair p;
    p.group = group;
    p.stem = "past-attached-end-" + c.id;
    p.error_class = cls;
    p.at = "op attach";
    p.note = std::string(kDynamicNote) + kBothRunNatively;
    p.bad_description = "Rank 1 attaches only the first two ints of `memory`; rank 0 calls " + c.mpi +
                        " on the fourth int (address + 3 * sizeof(int)), outside the attached region.";
    p.bad = dynamic_body("memory", "2 * sizeof(int)", "3 * sizeof(int)", c.code, false, false);
    p.good = {{"-inside", "Rank 1 attaches the first two ints of `memory`; rank 0 calls " + c.mpi +
                              " on the second int (address + sizeof(int)), inside the attached region."}};
    p.good_bodies = {dynamic_body("memory", "2 * sizeof(int)", "sizeof(int)", c.code, false, false)};
    emit(out, p, "dynamic-window");
  }
  {
    Pair p;
    p.group = group;
    p.stem = "attached-late-put";
    p.error_class = cls;
    p.at = "op attach";
    p.note = std::string(kDynamicNote) + kOpenMpiAbortsNatively;
    p.tags = "crash-openmpi";
    p.bad_description = "Rank 1 attaches `memory` only after the barrier that follows rank 0's MPI_Put to its "
                        "address, so the put targets unattached memory.";
    p.bad = dynamic_body("memory", full, "", calls[0].code, false, true);
    p.good = {{"-early", "Rank 1 attaches `memory` before the barrier after which rank 0 puts to its address."}};
    p.good_bodies = {dynamic_body("memory", full, "", calls[0].code, false, false)};
    emit(out, p, "dynamic-window");
  }
  {  // Two attached regions of one array with a gap between them.
    auto body = [](const std::string& index) {
      return R"(    int memory[16] = {0};
    int value = 1;
    MPI_Win win;
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 1) {
        MPI_Win_attach(win, &memory[0], 4 * sizeof(int));  // @attach
        MPI_Win_attach(win, &memory[8], 4 * sizeof(int));
    }
    MPI_Aint address;
    MPI_Get_address(memory, &address);
    MPI_Bcast(&address, 1, MPI_AINT, 1, MPI_COMM_WORLD);  /* rank 1's address */
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, address + )" + index + R"( * sizeof(int), 1, MPI_INT, win);  // @op
    MPI_Win_fence(0, win);

    if (rank == 1) {
        MPI_Win_detach(win, &memory[8]);
        MPI_Win_detach(win, &memory[0]);
    }
    MPI_Win_free(&win);
)";
    };
    Pair p;
    p.group = group;
    p.stem = "gap-between-regions-put";
    p.error_class = cls;
    p.at = "op attach";
    p.note = std::string(kDynamicNote) + kBothRunNatively;
    p.bad_description = "Rank 1 attaches memory[0..3] and memory[8..11] to a dynamic window; rank 0 puts to "
                        "memory[5], in the unattached gap between the regions (fence epoch).";
    p.bad = body("5");
    p.good = {{"-second-region", "Rank 1 attaches memory[0..3] and memory[8..11] to a dynamic window; rank 0 "
                                 "puts to memory[9], inside the second region (fence epoch)."}};
    p.good_bodies = {body("9")};
    emit(out, p, "dynamic-window");
  }
  {  // A race on attached memory: the owner loads while the put may be in flight.
    auto body = [](bool ordered) {
      std::string b = R"(    int *memory = malloc(4 * sizeof(int));
    int value = 1;
    MPI_Win win;
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 1) {
        for (int i = 0; i < 4; i++)
            memory[i] = 0;
        MPI_Win_attach(win, memory, 4 * sizeof(int));
    }
    MPI_Aint address;
    MPI_Get_address(memory, &address);
    MPI_Bcast(&address, 1, MPI_AINT, 1, MPI_COMM_WORLD);  /* rank 1's address */

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, address, 1, MPI_INT, win);  // @op
        MPI_Win_unlock(1, win);
    }
)";
      if (ordered) b += "    MPI_Barrier(MPI_COMM_WORLD); /* after rank 0's epoch has ended */\n";
      b += "    if (rank == 1)\n        sink = memory[0];  // @load\n";
      if (!ordered) b += "    MPI_Barrier(MPI_COMM_WORLD);\n";
      b += R"(
    if (rank == 1)
        MPI_Win_detach(win, memory);
    MPI_Win_free(&win);
    free(memory);
)";
      return b;
    };
    Pair p;
    p.group = group;
    p.stem = "owner-load-during-put";
    p.error_class = "rma.local.target-access-during-remote";
    p.at = "op load";
    p.note = "MPI-3.1 11.3 and 11.7: the owner may load a location updated by a put only after a synchronisation "
             "that orders it after the put's completion.";
    p.bad_description = "Rank 1 loads heap memory attached to a dynamic window while rank 0's MPI_Put to it may "
                        "still be in flight (no synchronisation between them).";
    p.bad = body(false);
    p.good = {{"-after-barrier", "Rank 1 loads heap memory attached to a dynamic window only after a barrier that "
                                 "follows rank 0's unlock."}};
    p.good_bodies = {body(true)};
    emit(out, p, "dynamic-window");
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: rma_windows OUTDIR\n";
    return 2;
  }
  std::vector<File> files;
  shared_windows(files);
  dynamic_windows(files);
  const std::filesystem::path outdir = argv[1];
  std::set<std::string> ids;
  for (const auto& f : files) {
    if (!ids.insert(f.id).second) {
      std::cerr << "rma_windows: duplicate case " << f.id << "\n";
      return 1;
    }
    const auto path = outdir / (f.id + ".c");
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << f.text;
  }
  std::cout << "rma_windows: wrote " << ids.size() << " cases\n";
  return 0;
}
