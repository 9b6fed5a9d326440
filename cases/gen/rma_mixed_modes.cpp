// Generates cases/rma/mixed-modes/ (issue 21, item 5): for every ordered pair
// of synchronisation modes (fence, lock, lock_all, PSCW access), rank 0 opens
// an access epoch of the second mode on the window while one of the first mode
// is still open — erroneous by MPI-3.1 §11.5 (rma.sync.mixed-modes) — and a
// correct twin that closes the first epoch before opening the second.
// Lock inside lock_all and the reverse are one mode (rma.sync.double-epoch,
// rma/epoch-misuse).
//
// usage: rma_mixed_modes OUTDIR   (writes OUTDIR/rma/mixed-modes/*.c)

#include <iostream>
#include <string>
#include <vector>

#include "case_writer.hpp"

namespace {

using namespace case_writer;

const char* const kGenerator = "cases/gen/rma_mixed_modes.cpp";
const char* const kGroup = "rma/mixed-modes";

const char* const kNote =
    "MPI-3.1 11.5: distinct access epochs for a window at the same process must be disjoint; a fence starts "
    "an access epoch when RMA calls follow it before the next fence, so a lock, lock_all or start while a "
    "fence-epoch operation is pending, a fence while a lock, lock_all or PSCW epoch is open, and PSCW and "
    "passive-target epochs nested in each other mix synchronisation modes.";

// One mode: how rank 0 opens and closes its epoch, what rank 1 (the target)
// does for it, and whether it is collective (fence: both ranks call it).
struct Mode {
    std::string key, what;
    std::string open0, close0;  // rank 0; `open0` carries // @MARK
    std::string open1, close1;  // rank 1 (PSCW: post/wait; fence: the fence itself)
};

Mode mode(const std::string& key, const std::string& marker)
{
    const std::string m = " // @" + marker;
    if (key == "fence")
        return {"fence", "a fence epoch", "MPI_Win_fence(0, win);" + m,
                "MPI_Win_fence(MPI_MODE_NOSUCCEED, win);",
                "MPI_Win_fence(0, win);", "MPI_Win_fence(MPI_MODE_NOSUCCEED, win);"};
    if (key == "lock")
        return {"lock", "a shared-lock epoch", "MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);" + m,
                "MPI_Win_unlock(1, win);", "", ""};
    if (key == "lockall")
        return {"lockall", "a lock_all epoch", "MPI_Win_lock_all(0, win);" + m, "MPI_Win_unlock_all(win);", "", ""};
    return {"pscw", "a PSCW access epoch", "MPI_Win_start(peer, 0, win);" + m, "MPI_Win_complete(win);",
            "MPI_Win_post(peer, 0, win);", "MPI_Win_wait(win);"};
}

// Rank 0's epochs of `first` and `second`, nested (erroneous) or one after the
// other (correct); a put at displacement 0 in the first, 1 in the second.
// Rank 1 takes part in the collective fence and in its PSCW exposure epoch.
std::string body(const std::string& a, const std::string& b, bool nested)
{
    const Mode first = mode(a, "first"), second = mode(b, "second");
    const std::string put0 = "MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);";
    const std::string put1 = "MPI_Put(&value, 1, MPI_INT, 1, 1, 1, MPI_INT, win);";
    std::vector<std::string> r0, r1;
    auto both = [&](const std::string& s0, const std::string& s1) {
        if (!s0.empty())
            r0.push_back(s0);
        if (!s1.empty())
            r1.push_back(s1);
    };
    both(first.open0, first.open1);
    both(put0, "");
    if (!nested)
        both(first.close0, first.close1);
    both(second.open0, second.open1);
    both(put1, "");
    if (nested) {
        // The inner epoch closes first, then the outer one.
        both(second.close0, second.close1);
        both(first.close0, first.close1);
    } else {
        both(second.close0, second.close1);
    }
    auto join = [](const std::vector<std::string>& v) {
        std::string s;
        for (const auto& x : v)
            s += (s.empty() ? "" : "\n") + x;
        return s;
    };
    const bool pscw = a == "pscw" || b == "pscw";
    std::string code = R"(int window[4] = {0, 0, 0, 0}, value = 1;
MPI_Win win;
MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
)";
    if (pscw)
        code += R"(MPI_Group world, peer;
MPI_Comm_group(MPI_COMM_WORLD, &world);
int other = 1 - rank;
MPI_Group_incl(world, 1, &other, &peer);
)";
    code += "MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */\n";
    code += fill(R"(if (rank == 0) {
    ${R0}
} else if (rank == 1) {
    ${R1}
})", {{"R0", join(r0)}, {"R1", join(r1)}});
    if (pscw)
        code += "\nMPI_Group_free(&peer);\nMPI_Group_free(&world);";
    code += "\nMPI_Win_free(&win);";
    return code;
}

std::vector<Case> cases()
{
    const std::vector<std::string> modes = {"fence", "lock", "lockall", "pscw"};
    std::vector<Case> out;
    for (const auto& a : modes)
        for (const auto& b : modes) {
            if (a == b || (a != "fence" && b != "fence" && a != "pscw" && b != "pscw"))
                continue;  // same mode, or lock with lock_all (one passive mode)
            const Mode first = mode(a, "first"), second = mode(b, "second");
            const std::string stem = b + "-in-" + a;
            Case ok;
            ok.name = stem + "-closed-ok";
            ok.description = "Rank 0 puts to rank 1 in " + first.what + ", closes it, then puts in " + second.what +
                             ".";
            ok.note = kNote;
            ok.code = program("", body(a, b, false));
            Case bad;
            bad.name = stem + "-nok";
            bad.description = "Rank 0 puts to rank 1 in " + first.what + " and, before closing it, opens " +
                              second.what + " and puts in it: two access epochs of different modes overlap.";
            bad.error = "rma.sync.mixed-modes";
            bad.expect_at = "first second";
            bad.twins = {ok.name};
            bad.timeout = 10;
            bad.tags = "crash";  // both MPIs abort with MPI_ERR_RMA_SYNC
            bad.note = kNote;
            bad.code = program("", body(a, b, true));
            out.push_back(ok);
            out.push_back(bad);
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
