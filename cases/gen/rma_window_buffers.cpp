// Generates cases/rma/window-buffers/ (issue 21, item 4): MPI's own accesses
// to window memory. Rank 1 hands MPI a buffer inside its own window (the
// origin of an MPI_Put or MPI_Get, a send or receive buffer) while rank 0's
// Put, Get or Accumulate to the same int of that window is in flight, in one
// fence or PSCW epoch: MPI reads or writes those bytes for rank 1 as the
// remote operation accesses them. Conflicting when either side writes; the
// correct twin uses the next int. Two reads (a remote Get, a send from the
// window) are correct.
//
// usage: rma_window_buffers OUTDIR   (writes OUTDIR/rma/window-buffers/*.c)

#include <iostream>
#include <string>
#include <vector>

#include "case_writer.hpp"

namespace {

using namespace case_writer;

const char* const kGenerator = "cases/gen/rma_window_buffers.cpp";
const char* const kGroup = "rma/window-buffers";

const char* const kNote =
    "MPI-3.1 11.7: a window location must not be accessed locally while a remote operation that conflicts "
    "with it may be in progress in the same epoch; a buffer that MPI reads (origin of a put, send buffer) or "
    "writes (origin of a get, receive buffer) for the window's owner is such a local access.";

struct Remote {
    std::string key, what, call;  // rank 0's operation on window[1] of rank 1
    bool writes;
};

struct Own {
    std::string key, what, rank1, rank0;  // rank 1's call on ${AT}, what rank 0 does to match it
    bool writes, rma;
};

std::string body(const std::string& sync, const Remote& r, const Own& o, int slot)
{
    const std::string at = "&window[" + std::to_string(slot) + "]";
    const std::string remote = r.call + " // @remote";
    const std::string own = fill(o.rank1, {{"AT", at}});
    std::string open0, close0, open1, close1;
    if (sync == "fence") {
        open0 = open1 = "MPI_Win_fence(0, win);";
        close0 = close1 = "MPI_Win_fence(0, win);";
    } else {
        // Rank 0 accesses rank 1; rank 1 also accesses rank 0 when its own call is an RMA operation.
        open0 = o.rma ? "MPI_Win_post(peer, 0, win);\nMPI_Win_start(peer, 0, win);" : "MPI_Win_start(peer, 0, win);";
        close0 = o.rma ? "MPI_Win_complete(win);\nMPI_Win_wait(win);" : "MPI_Win_complete(win);";
        open1 = o.rma ? "MPI_Win_post(peer, 0, win);\nMPI_Win_start(peer, 0, win);" : "MPI_Win_post(peer, 0, win);";
        close1 = o.rma ? "MPI_Win_complete(win);\nMPI_Win_wait(win);" : "MPI_Win_wait(win);";
    }
    std::string code = R"(int window[4] = {0, 0, 0, 0}, value = 1, other = 0, message = 0;
MPI_Win win;
MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
)";
    if (sync == "pscw")
        code += R"(MPI_Group world, peer;
MPI_Comm_group(MPI_COMM_WORLD, &world);
int partner = 1 - rank;
MPI_Group_incl(world, 1, &partner, &peer);
)";
    code += fill(R"(MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */
if (rank == 0) {
    ${OPEN0}
    ${REMOTE}
    ${MATCH}
    ${CLOSE0}
} else if (rank == 1) {
    ${OPEN1}
    ${OWN}
    ${CLOSE1}
}
)",
                 {{"OPEN0", open0}, {"REMOTE", remote}, {"MATCH", o.rank0}, {"CLOSE0", close0}, {"OPEN1", open1},
                  {"OWN", own}, {"CLOSE1", close1}});
    if (sync == "pscw")
        code += "MPI_Group_free(&peer);\nMPI_Group_free(&world);\n";
    code += "MPI_Win_free(&win);\n(void)value;\n"
            "volatile int seen = other + message + window[0] + window[1] + window[2] + window[3]; /* what was received is read */\n"
            "(void)seen;";
    return code;
}

std::vector<Case> cases()
{
    const std::vector<Remote> remotes = {
        {"put", "puts to", "MPI_Put(&value, 1, MPI_INT, 1, 1, 1, MPI_INT, win);", true},
        {"get", "gets from", "MPI_Get(&other, 1, MPI_INT, 1, 1, 1, MPI_INT, win);", false},
        {"acc", "accumulates into", "MPI_Accumulate(&value, 1, MPI_INT, 1, 1, 1, MPI_INT, MPI_SUM, win);", true},
    };
    const std::vector<Own> owns = {
        {"put", "puts from", "MPI_Put(${AT}, 1, MPI_INT, 0, 0, 1, MPI_INT, win); // @own", "", false, true},
        {"get", "gets into", "MPI_Get(${AT}, 1, MPI_INT, 0, 0, 1, MPI_INT, win); // @own", "", true, true},
        {"send", "sends (MPI_Send) from", "MPI_Send(${AT}, 1, MPI_INT, 0, 0, MPI_COMM_WORLD); // @own",
         "MPI_Recv(&message, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);", false, false},
        {"isend", "sends (MPI_Isend) from",
         "MPI_Request req;\nMPI_Isend(${AT}, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req); // @own\n"
         "MPI_Wait(&req, MPI_STATUS_IGNORE);",
         "MPI_Recv(&message, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);", false, false},
        {"recv", "receives (MPI_Recv) into",
         "MPI_Recv(${AT}, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @own",
         "MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);", true, false},
        {"irecv", "receives (MPI_Irecv) into",
         "MPI_Request req;\nMPI_Irecv(${AT}, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req); // @own\n"
         "MPI_Wait(&req, MPI_STATUS_IGNORE);",
         "MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);", true, false},
    };
    std::vector<Case> out;
    for (const std::string sync : {"fence", "pscw"})
        for (const Remote& r : remotes)
            for (const Own& o : owns) {
                const std::string stem = sync + "-" + r.key + "-" + o.key;
                const std::string lead = "In one " + sync + " epoch rank 0 " + r.what + " window[1] of rank 1 and rank 1 " +
                                         o.what + " ";
                Case ok;
                ok.nprocs = 2;
                ok.note = kNote;
                if (r.writes || o.writes) {
                    ok.name = stem + "-other-int-ok";
                    ok.description = lead + "window[2] of its own window: different bytes.";
                    ok.code = program("", body(sync, r, o, 2));
                    Case bad;
                    bad.name = stem + "-nok";
                    bad.description = lead + "window[1] of its own window, so MPI " +
                                      (o.writes ? "writes" : "reads") + " those bytes for rank 1 as the remote " +
                                      "operation accesses them.";
                    bad.error = "rma.local.target-access-during-remote";
                    bad.expect_at = "remote own";
                    bad.twins = {ok.name};
                    bad.note = kNote;
                    bad.code = program("", body(sync, r, o, 1));
                    out.push_back(ok);
                    out.push_back(bad);
                } else {
                    ok.name = stem + "-both-read-ok";
                    ok.description = lead + "window[1] of its own window: MPI only reads those bytes on both sides.";
                    ok.code = program("", body(sync, r, o, 1));
                    out.push_back(ok);
                }
            }
    return out;
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::cerr << "usage: " << argv[0] << " OUTDIR\n";
        return 2;
    }
    write_cases(argv[1], kGenerator, kGroup, cases());
    return 0;
}
