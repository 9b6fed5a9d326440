// rma_hidden: RMA races that a checker only finds by following the program:
// pointer aliases of the buffers, helper functions, memcpy, loops where one
// iteration hits the pending location, and orderings that rest on messages or
// barriers inside an epoch.
//
//   rma_hidden OUTDIR   writes OUTDIR/rma/hidden-race/*.c
//
// Each erroneous program has a correct twin that moves the access after the
// completing call, points the alias elsewhere, or adds the missing flush.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <string>
#include <vector>

namespace {

const char* const kGenerator = "cases/gen/rma_hidden.cpp";

struct Race {
  std::string stem;
  std::string error_class;
  std::string at;
  int nprocs;
  std::string bad_description, good_suffix, good_description;
  std::string helpers;  // file-scope C code (may be empty); {VARIANT} parts are chosen below
  std::string bad, good;
  std::string note;
};

// True when `text` uses the NULL macro (not MPI_INFO_NULL and the like).
bool mentions_null(const std::string& text) {
  for (auto at = text.find("NULL"); at != std::string::npos; at = text.find("NULL", at + 1))
    if (at == 0 || text[at - 1] != '_') return true;
  return false;
}

std::string program(const std::string& helpers, const std::string& body) {
  std::string out = "#include <mpi.h>\n";
  const std::string all = helpers + body;
  if (all.find("memcpy") != std::string::npos) out += "#include <string.h>\n";
  if (mentions_null(all)) out += "#include <stddef.h>\n";
  if (all.find("malloc(") != std::string::npos) out += "#include <stdlib.h>\n";
  out += "\n";
  if (all.find("sink") != std::string::npos)
    out += "static volatile int sink; /* loaded values land here so loads are kept */\n\n";
  if (!helpers.empty()) out += helpers + "\n";
  return out + "int main(int argc, char **argv)\n{\n"
               "    MPI_Init(&argc, &argv);\n    int rank;\n    MPI_Comm_rank(MPI_COMM_WORLD, &rank);\n\n" +
         body + "    MPI_Finalize();\n    return 0;\n}\n";
}

std::string header(const std::string& description, const std::string& expect, const std::string& at,
                   int nprocs, const std::string& twin, const std::string& note) {
  std::string out = std::string("// GENERATED: ") + kGenerator + "\n";
  out += "// DESCRIPTION: " + description + "\n";
  out += "// NPROCS: " + std::to_string(nprocs) + "\n";
  out += "// EXPECT: " + expect + "\n";
  if (!at.empty()) out += "// EXPECT-AT: " + at + "\n";
  out += "// TWIN: " + twin + "\n";
  if (!note.empty()) out += "// NOTE: " + note + "\n";
  return out;
}

// `helpers` may contain {BAD|GOOD} alternatives written as «bad text|good text».
std::string pick(const std::string& text, bool bad) {
  std::string out;
  std::size_t at = 0;
  while (true) {
    const auto open = text.find("«", at);
    if (open == std::string::npos) break;
    const auto bar = text.find('|', open);
    const auto close = text.find("»", bar);
    out += text.substr(at, open - at);
    const auto first = open + std::string("«").size();
    out += bad ? text.substr(first, bar - first) : text.substr(bar + 1, close - bar - 1);
    at = close + std::string("»").size();
  }
  return out + text.substr(at);
}

const char* const kWindow = R"(    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
)";

const char* const kOriginNote =
    "MPI-3.1 11.3: the origin buffer of a put must not be updated, and that of a get not accessed, "
    "until the operation completes at the origin.";
const char* const kTargetNote =
    "MPI-3.1 11.3 and 11.7: the window owner may access a location updated by an RMA operation only after a "
    "synchronisation that completes the operation at the target and orders the access after it.";

std::vector<Race> races() {
  const std::string w = kWindow;
  std::vector<Race> out;

  // --- aliases -------------------------------------------------------------
  out.push_back({"alias-store-origin", "rma.local.origin-write-during-put", "op store", 2,
                 "Rank 0 stores through `alias`, a pointer to the origin buffer of its pending MPI_Put, "
                 "before the closing fence.",
                 "-after-fence",
                 "Rank 0 stores through `alias`, a pointer to the origin buffer of its MPI_Put, after the "
                 "closing fence.",
                 "",
                 w + R"(    int value = 1;
    int *alias = &value;

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
        *alias = 2;  // @store
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
)",
                 w + R"(    int value = 1;
    int *alias = &value;

    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
    MPI_Win_fence(0, win);
    if (rank == 0)
        *alias = 2;  // @store

    MPI_Win_free(&win);
)",
                 kOriginNote});
  out.push_back({"alias-into-get-buffer", "rma.local.origin-access-during-get", "op load", 2,
                 "Rank 0 loads through `cursor` = buffer + 2 while its MPI_Get of four ints into "
                 "buffer[0..3] is pending (lock_all epoch, completed by MPI_Win_flush_local_all).",
                 "-outside",
                 "Rank 0 loads through `cursor` = buffer + 4, just past the four ints its pending MPI_Get "
                 "writes.",
                 "",
                 w + R"(    int buffer[8] = {0};
    int *cursor = buffer + «2|4»;
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        MPI_Get(buffer, 4, MPI_INT, 1, 0, 4, MPI_INT, win);  // @op
        sink = *cursor;  // @load
        MPI_Win_flush_local_all(win);
        MPI_Win_unlock_all(win);
    }

    MPI_Win_free(&win);
)",
                 "",
                 kOriginNote});
  out.push_back({"alias-window-slot", "rma.local.target-access-during-remote", "op store", 2,
                 "Rank 1 stores through `slot` = &window[1] inside the fence epoch in which rank 0 puts to "
                 "displacement 1 of its window.",
                 "-other-slot",
                 "Rank 1 stores through `slot` = &window[2] inside the fence epoch in which rank 0 puts to "
                 "displacement 1; the locations are disjoint.",
                 "",
                 w + R"(    int value = 1;
    int *slot = &window[«1|2»];

    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, 1, 1, MPI_INT, win);  // @op
    else
        *slot = 5;  // @store
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
)",
                 "",
                 kTargetNote});
  out.push_back({"alias-struct-member", "rma.local.origin-write-during-put", "op store", 2,
                 "Rank 0 puts the four cells of a halo struct and then stores through `edge` = "
                 "&halo.cells[3] before MPI_Win_unlock completes the put.",
                 "-after-unlock",
                 "Rank 0 puts the four cells of a halo struct and stores through `edge` = &halo.cells[3] "
                 "only after MPI_Win_unlock.",
                 "struct halo {\n    int cells[4];\n    int owner;\n};\n",
                 w + R"(    struct halo halo = {{1, 2, 3, 4}, 0};
    int *edge = &halo.cells[3];
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(halo.cells, 4, MPI_INT, 1, 0, 4, MPI_INT, win);  // @op
        *edge = 0;  // @store
        MPI_Win_unlock(1, win);
    }

    MPI_Win_free(&win);
)",
                 w + R"(    struct halo halo = {{1, 2, 3, 4}, 0};
    int *edge = &halo.cells[3];
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(halo.cells, 4, MPI_INT, 1, 0, 4, MPI_INT, win);  // @op
        MPI_Win_unlock(1, win);
        *edge = 0;  // @store
    }

    MPI_Win_free(&win);
)",
                 kOriginNote});
  out.push_back({"own-window-as-origin", "rma.local.target-access-during-remote", "op-a op-b", 2,
                 "Rank 0 puts from window[2] of its own window to rank 1 while rank 1 puts into rank 0's "
                 "window[2] in the same fence epoch.",
                 "-disjoint",
                 "Rank 0 puts from window[2] of its own window to rank 1 while rank 1 puts into rank 0's "
                 "window[3] in the same fence epoch.",
                 "",
                 w + R"(    int value = 7;
    window[2] = 1;

    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Put(&window[2], 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op-a
    else
        MPI_Put(&value, 1, MPI_INT, 0, «2|3», 1, MPI_INT, win);  // @op-b
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
)",
                 "",
                 "MPI-3.1 11.3: window memory used as an origin buffer is read by the put while the remote "
                 "put "
                 "writes it; the window owner's read conflicts with the remote update."});

  // --- helper functions ----------------------------------------------------
  out.push_back({"helper-refills-origin", "rma.local.origin-write-during-put", "op store", 2,
                 "A helper function refills the origin buffer of rank 0's pending MPI_Put inside the PSCW "
                 "access epoch, before MPI_Win_complete.",
                 "-after-complete",
                 "A helper function refills the origin buffer of rank 0's MPI_Put after MPI_Win_complete.",
                 "/* Writes the next values to send into `buffer`. */\n"
                 "static void refill(int *buffer, int n, int step)\n{\n"
                 "    for (int i = 0; i < n; i++)\n"
                 "        buffer[i] = step * n + i;  // @store\n}\n",
                 w + R"(    int buffer[4] = {0, 1, 2, 3};
    MPI_Group world_group, peer_group;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    int peer = 1 - rank;
    MPI_Group_incl(world_group, 1, &peer, &peer_group);

    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);
        MPI_Put(buffer, 4, MPI_INT, 1, 0, 4, MPI_INT, win);  // @op
        refill(buffer, 4, 1);
        MPI_Win_complete(win);
    } else {
        MPI_Win_post(peer_group, 0, win);
        MPI_Win_wait(win);
    }

    MPI_Group_free(&peer_group);
    MPI_Group_free(&world_group);
    MPI_Win_free(&win);
)",
                 w + R"(    int buffer[4] = {0, 1, 2, 3};
    MPI_Group world_group, peer_group;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    int peer = 1 - rank;
    MPI_Group_incl(world_group, 1, &peer, &peer_group);

    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);
        MPI_Put(buffer, 4, MPI_INT, 1, 0, 4, MPI_INT, win);  // @op
        MPI_Win_complete(win);
        refill(buffer, 4, 1);
    } else {
        MPI_Win_post(peer_group, 0, win);
        MPI_Win_wait(win);
    }

    MPI_Group_free(&peer_group);
    MPI_Group_free(&world_group);
    MPI_Win_free(&win);
)",
                 kOriginNote});
  out.push_back({"helper-issues-put", "rma.local.origin-write-during-put", "op store", 2,
                 "A helper function issues the MPI_Put of `value`; main stores to `value` before "
                 "MPI_Win_unlock_all completes the put.",
                 "-after-unlock",
                 "A helper function issues the MPI_Put of `value`; main stores to `value` only after "
                 "MPI_Win_unlock_all.",
                 "/* Sends `*data` to window[0] of `target`. */\n"
                 "static void publish(const int *data, int target, MPI_Win win)\n{\n"
                 "    MPI_Put(data, 1, MPI_INT, target, 0, 1, MPI_INT, win);  // @op\n}\n",
                 w + R"(    int value = 1;
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        publish(&value, 1, win);
        value = 2;  // @store
        MPI_Win_unlock_all(win);
    }

    MPI_Win_free(&win);
)",
                 w + R"(    int value = 1;
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        publish(&value, 1, win);
        MPI_Win_unlock_all(win);
        value = 2;  // @store
    }

    MPI_Win_free(&win);
)",
                 kOriginNote});
  out.push_back({"helper-returns-rget", "rma.local.origin-access-during-get", "op load", 2,
                 "A helper starts an MPI_Rget into `result` and returns its request; main reads `result` "
                 "before MPI_Wait.",
                 "-after-wait",
                 "A helper starts an MPI_Rget into `result` and returns its request; main reads `result` "
                 "after MPI_Wait.",
                 "/* Starts fetching window[0] of `target` into `*into`. */\n"
                 "static MPI_Request start_fetch(int *into, int target, MPI_Win win)\n{\n"
                 "    MPI_Request request;\n"
                 "    MPI_Rget(into, 1, MPI_INT, target, 0, 1, MPI_INT, win, &request);  // @op\n"
                 "    return request;\n}\n",
                 w + R"(    int result = 0;
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Request request = start_fetch(&result, 1, win);
        sink = result;  // @load
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        MPI_Win_unlock(1, win);
    }

    MPI_Win_free(&win);
)",
                 w + R"(    int result = 0;
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Request request = start_fetch(&result, 1, win);
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        sink = result;  // @load
        MPI_Win_unlock(1, win);
    }

    MPI_Win_free(&win);
)",
                 kOriginNote});

  // --- memcpy --------------------------------------------------------------
  out.push_back({"memcpy-into-origin", "rma.local.origin-write-during-put", "op store", 2,
                 "Rank 0 memcpy()s new data into the origin buffer of its pending MPI_Put before "
                 "MPI_Win_unlock.",
                 "-after-unlock",
                 "Rank 0 memcpy()s new data into the origin buffer of its MPI_Put after MPI_Win_unlock.",
                 "",
                 w + R"(    int outgoing[4] = {1, 2, 3, 4};
    const int next[4] = {5, 6, 7, 8};
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(outgoing, 4, MPI_INT, 1, 0, 4, MPI_INT, win);  // @op
        memcpy(outgoing, next, sizeof outgoing);  // @store
        MPI_Win_unlock(1, win);
    }

    MPI_Win_free(&win);
)",
                 w + R"(    int outgoing[4] = {1, 2, 3, 4};
    const int next[4] = {5, 6, 7, 8};
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(outgoing, 4, MPI_INT, 1, 0, 4, MPI_INT, win);  // @op
        MPI_Win_unlock(1, win);
        memcpy(outgoing, next, sizeof outgoing);  // @store
    }

    MPI_Win_free(&win);
)",
                 kOriginNote});
  out.push_back({"memcpy-from-get-buffer", "rma.local.origin-access-during-get", "op load", 2,
                 "Rank 0 memcpy()s out of the origin buffer of its pending MPI_Get before MPI_Win_flush "
                 "completes it.",
                 "-after-flush",
                 "Rank 0 memcpy()s out of the origin buffer of its MPI_Get after MPI_Win_flush.",
                 "",
                 w + R"(    int incoming[4] = {0};
    int copy[4];
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        MPI_Get(incoming, 4, MPI_INT, 1, 0, 4, MPI_INT, win);  // @op
        memcpy(copy, incoming, sizeof copy);  // @load
        MPI_Win_flush(1, win);
        MPI_Win_unlock_all(win);
    }

    MPI_Win_free(&win);
)",
                 w + R"(    int incoming[4] = {0};
    int copy[4];
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        MPI_Get(incoming, 4, MPI_INT, 1, 0, 4, MPI_INT, win);  // @op
        MPI_Win_flush(1, win);
        memcpy(copy, incoming, sizeof copy);  // @load
        MPI_Win_unlock_all(win);
    }

    MPI_Win_free(&win);
)",
                 kOriginNote});
  out.push_back({"memcpy-into-window", "rma.local.target-access-during-remote", "op store", 2,
                 "Rank 1 memcpy()s fresh values into its window inside the fence epoch in which rank 0 gets "
                 "them.",
                 "-after-fence",
                 "Rank 1 memcpy()s fresh values into its window after the fence that ends rank 0's MPI_Get.",
                 "",
                 w + R"(    int result[4];
    const int fresh[4] = {5, 6, 7, 8};

    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Get(result, 4, MPI_INT, 1, 0, 4, MPI_INT, win);  // @op
    else
        memcpy(window, fresh, sizeof fresh);  // @store
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
)",
                 w + R"(    int result[4];
    const int fresh[4] = {5, 6, 7, 8};

    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Get(result, 4, MPI_INT, 1, 0, 4, MPI_INT, win);  // @op
    MPI_Win_fence(0, win);
    if (rank == 1)
        memcpy(window, fresh, sizeof fresh);  // @store

    MPI_Win_free(&win);
)",
                 kTargetNote});

  // --- loops ---------------------------------------------------------------
  out.push_back({"loop-hits-get-buffer", "rma.local.origin-access-during-get", "op store", 2,
                 "Rank 0 gets two ints into data[4..5], then clears every odd element of data in a loop; "
                 "iteration 2 clears data[5] while the get is pending (fence epoch).",
                 "-disjoint",
                 "Rank 0 gets two ints into data[4..5], then clears data[0..3] in a loop, which the pending "
                 "get does not touch (fence epoch).",
                 "",
                 w + R"(    int data[8] = {0};

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Get(&data[4], 2, MPI_INT, 1, 0, 2, MPI_INT, win);  // @op
        for (int i = 0; i < 4; i++)
            data[«2 * i + 1|i»] = -1;  // @store
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
)",
                 "",
                 kOriginNote});
  out.push_back({"loop-put-then-update", "rma.local.origin-write-during-put", "op store", 2,
                 "In a loop rank 0 puts row[i] and then increments row[(i + 3) % 4]; from iteration 1 on the "
                 "increment hits an element whose put is still pending (fence epoch).",
                 "-after-fence",
                 "In a loop rank 0 puts row[i]; the increments of row happen in a second loop after the "
                 "closing fence.",
                 "",
                 w + R"(    int row[4] = {1, 2, 3, 4};

    MPI_Win_fence(0, win);
    if (rank == 0) {
        for (int i = 0; i < 4; i++) {
            MPI_Put(&row[i], 1, MPI_INT, 1, i, 1, MPI_INT, win);  // @op
            row[(i + 3) % 4] += 1;  // @store
        }
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
)",
                 w + R"(    int row[4] = {1, 2, 3, 4};

    MPI_Win_fence(0, win);
    if (rank == 0) {
        for (int i = 0; i < 4; i++)
            MPI_Put(&row[i], 1, MPI_INT, 1, i, 1, MPI_INT, win);  // @op
    }
    MPI_Win_fence(0, win);
    if (rank == 0) {
        for (int i = 0; i < 4; i++)
            row[(i + 3) % 4] += 1;  // @store
    }

    MPI_Win_free(&win);
)",
                 kOriginNote});
  out.push_back({"loop-refill-across-fences", "rma.local.origin-write-during-put", "op store", 2,
                 "In each step of a loop of fence epochs rank 0 puts `value` and refills it right after the "
                 "put, before the fence that completes the put.",
                 "-before-put",
                 "In each step of a loop of fence epochs rank 0 refills `value` before it puts it.",
                 "",
                 w + R"(    int value = 0;

    for (int step = 0; step < 3; step++) {
        MPI_Win_fence(0, win);
        if (rank == 0) {
            MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
            value = step + 1;  // @store
        }
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
)",
                 w + R"(    int value = 0;

    for (int step = 0; step < 3; step++) {
        MPI_Win_fence(0, win);
        if (rank == 0) {
            value = step + 1;  // @store
            MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
        }
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
)",
                 kOriginNote});
  out.push_back({"loop-target-scan", "rma.local.target-access-during-remote", "op load", 2,
                 "Rank 1 sums its window in a loop inside the fence epoch in which rank 0 accumulates into "
                 "window[3]; iteration 3 reads the updated location.",
                 "-first-three",
                 "Rank 1 sums window[0..2] in a loop inside the fence epoch in which rank 0 accumulates into "
                 "window[3]; the loop never reads window[3].",
                 "",
                 w + R"(    int value = 1;
    int total = 0;

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Accumulate(&value, 1, MPI_INT, 1, 3, 1, MPI_INT, MPI_SUM, win);  // @op
    } else {
        for (int i = 0; i < «4|3»; i++)
            total += window[i];  // @load
    }
    MPI_Win_fence(0, win);
    sink = total;

    MPI_Win_free(&win);
)",
                 "",
                 kTargetNote});

  // --- orderings by messages and barriers inside an epoch -------------------
  out.push_back({"message-before-flush", "rma.local.target-access-during-remote", "op load", 2,
                 "Rank 0 puts to rank 1, sends a message before MPI_Win_flush, and rank 1 loads the location "
                 "when the message arrives; the put may not have completed yet.",
                 "-flush-first",
                 "Rank 0 puts to rank 1, calls MPI_Win_flush, then sends a message; rank 1 loads the "
                 "location when the message arrives.",
                 "",
                 w + R"(    int value = 1;
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
        MPI_Send(NULL, 0, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
        MPI_Win_flush(1, win);
        MPI_Win_unlock_all(win);
    } else {
        MPI_Recv(NULL, 0, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        sink = window[0];  // @load
    }

    MPI_Win_free(&win);
)",
                 w + R"(    int value = 1;
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
        MPI_Win_flush(1, win);
        MPI_Send(NULL, 0, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
        MPI_Win_unlock_all(win);
    } else {
        MPI_Recv(NULL, 0, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        sink = window[0];  // @load
    }

    MPI_Win_free(&win);
)",
                 kTargetNote});
  out.push_back({"message-after-flush-local", "rma.local.target-access-during-remote", "op load", 2,
                 "Rank 0 puts to rank 1, calls MPI_Win_flush_local (local completion only) and sends a "
                 "message; rank 1 loads the location when the message arrives.",
                 "-flush",
                 "Rank 0 puts to rank 1, calls MPI_Win_flush (completion at the target) and sends a message; "
                 "rank 1 loads the location when the message arrives.",
                 "",
                 w + R"(    int value = 1;
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
        «MPI_Win_flush_local|MPI_Win_flush»(1, win);
        MPI_Send(NULL, 0, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
        MPI_Win_unlock(1, win);
    } else {
        MPI_Recv(NULL, 0, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        sink = window[0];  // @load
    }

    MPI_Win_free(&win);
)",
                 "",
                 "MPI-3.1 11.5.4: MPI_Win_flush_local completes operations at the origin only; the update "
                 "may still be in flight to the target."});
  out.push_back({"barrier-without-flush", "rma.local.target-access-during-remote", "op store", 2,
                 "Rank 0 gets from rank 1 in a lock_all epoch and enters an MPI_Barrier without flushing; "
                 "after the barrier rank 1 overwrites the location the get may still read.",
                 "-flushed",
                 "Rank 0 gets from rank 1 in a lock_all epoch and flushes before the MPI_Barrier after which "
                 "rank 1 overwrites the location.",
                 "",
                 w + R"(    int result = 0;
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        MPI_Get(&result, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
        «|MPI_Win_flush(1, win);»
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1)
        window[0] = 5;  // @store
    if (rank == 0)
        MPI_Win_unlock_all(win);

    MPI_Win_free(&win);
)",
                 "",
                 kTargetNote});
  out.push_back({"barrier-inside-fence", "rma.local.target-access-during-remote", "op load", 2,
                 "Rank 0 puts to rank 1 in a fence epoch; an MPI_Barrier inside the epoch does not complete "
                 "the put, yet rank 1 loads the location after it.",
                 "-after-fence",
                 "Rank 0 puts to rank 1 in a fence epoch; rank 1 loads the location after the closing fence.",
                 "",
                 w + R"(    int value = 1;

    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1)
        sink = window[0];  // @load
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
)",
                 w + R"(    int value = 1;

    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_fence(0, win);
    if (rank == 1)
        sink = window[0];  // @load

    MPI_Win_free(&win);
)",
                 "MPI-3.1 11.5.1: operations of a fence epoch complete at the target only at the closing "
                 "fence; "
                 "a barrier inside the epoch is no RMA synchronisation."});
  out.push_back({"message-after-complete", "rma.local.target-access-during-remote", "op load", 2,
                 "Rank 0 puts to rank 1 in a PSCW epoch and sends a message after MPI_Win_complete; rank 1 "
                 "loads the location on receipt, before MPI_Win_wait.",
                 "-after-wait",
                 "Rank 0 puts to rank 1 in a PSCW epoch and sends a message after MPI_Win_complete; rank 1 "
                 "receives it but loads the location only after MPI_Win_wait.",
                 "",
                 w + R"(    int value = 1;
    MPI_Group world_group, peer_group;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    int peer = 1 - rank;
    MPI_Group_incl(world_group, 1, &peer, &peer_group);

    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
        MPI_Win_complete(win);
        MPI_Send(NULL, 0, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Win_post(peer_group, 0, win);
        MPI_Recv(NULL, 0, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        sink = window[0];  // @load
        MPI_Win_wait(win);
    }

    MPI_Group_free(&peer_group);
    MPI_Group_free(&world_group);
    MPI_Win_free(&win);
)",
                 w + R"(    int value = 1;
    MPI_Group world_group, peer_group;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    int peer = 1 - rank;
    MPI_Group_incl(world_group, 1, &peer, &peer_group);

    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
        MPI_Win_complete(win);
        MPI_Send(NULL, 0, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Win_post(peer_group, 0, win);
        MPI_Recv(NULL, 0, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Win_wait(win);
        sink = window[0];  // @load
    }

    MPI_Group_free(&peer_group);
    MPI_Group_free(&world_group);
    MPI_Win_free(&win);
)",
                 "MPI-3.1 11.5.2: MPI_Win_complete completes the operations at the origin only; they are "
                 "complete at the target when MPI_Win_wait returns there."});
  out.push_back({"message-ordered-origins", "rma.remote.conflict", "op-a op-b", 3,
                 "Rank 0 puts to rank 1 and sends rank 2 a message without flushing first; rank 2 then puts "
                 "to the same location of rank 1, which may still receive rank 0's put.",
                 "-flushed",
                 "Rank 0 puts to rank 1, flushes, and only then sends rank 2 the message after which rank 2 "
                 "puts to the same location.",
                 "",
                 w + R"(    int value = rank;
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op-a
        «|MPI_Win_flush(1, win);»
        MPI_Send(NULL, 0, MPI_BYTE, 2, 0, MPI_COMM_WORLD);
        MPI_Win_unlock_all(win);
    } else if (rank == 2) {
        MPI_Recv(NULL, 0, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Win_lock_all(0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op-b
        MPI_Win_unlock_all(win);
    }

    MPI_Win_free(&win);
)",
                 "",
                 "MPI-3.1 11.3: without MPI_Win_flush the first put is not complete at the target when the "
                 "message is sent, so the two puts are concurrent."});
  return out;
}

// Empty alternatives leave a blank line behind; drop lines that only hold spaces.
std::string tidy(const std::string& body) {
  std::string out;
  std::size_t at = 0;
  while (at < body.size()) {
    auto end = body.find('\n', at);
    if (end == std::string::npos) end = body.size();
    const std::string line = body.substr(at, end - at);
    const bool spaces_only = !line.empty() && line.find_first_not_of(' ') == std::string::npos;
    if (!spaces_only) out += line + "\n";
    at = end + 1;
  }
  return out;
}

struct File {
  std::string id, text;
};

std::vector<File> all_files() {
  std::vector<File> files;
  for (const Race& r : races()) {
    const std::string base = "rma/hidden-race/" + r.stem;
    const std::string bad_id = base + "-nok", good_id = base + r.good_suffix + "-ok";
    const std::string good_body = r.good.empty() ? r.bad : r.good;  // single body with «bad|good» parts
    const std::string bad_header =
        header(r.bad_description, "error " + r.error_class, r.at, r.nprocs, good_id, r.note);
    const std::string good_header = header(r.good_description, "ok", "", r.nprocs, bad_id, "");
    files.push_back({bad_id, bad_header + program(pick(r.helpers, true), tidy(pick(r.bad, true)))});
    files.push_back({good_id, good_header + program(pick(r.helpers, false), tidy(pick(good_body, false)))});
  }
  return files;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: rma_hidden OUTDIR\n";
    return 2;
  }
  const std::filesystem::path outdir = argv[1];
  std::set<std::string> ids;
  for (const auto& f : all_files()) {
    if (!ids.insert(f.id).second) {
      std::cerr << "rma_hidden: duplicate case " << f.id << "\n";
      return 1;
    }
    const auto path = outdir / (f.id + ".c");
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << f.text;
  }
  std::cout << "rma_hidden: wrote " << ids.size() << " cases\n";
  return 0;
}
