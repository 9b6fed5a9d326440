// Generates cases/rma/passive-order/ (issue 21, item 2): two shared-lock
// epochs of different origins (ranks 0 and 2) on the same int of rank 1's
// window, ordered or not by what happens between them: a message from rank 0
// to rank 2, a barrier, or a chain of messages through a third rank (3). The
// same message, barrier or chain placed before both epochs orders nothing.
//
// usage: rma_passive_order OUTDIR   (writes OUTDIR/rma/passive-order/*.c)

#include <iostream>
#include <string>
#include <vector>

#include "case_writer.hpp"

namespace {

using namespace case_writer;

const char* const kGenerator = "cases/gen/rma_passive_order.cpp";
const char* const kGroup = "rma/passive-order";

const char* const kNote =
    "MPI-3.1 11.5.3 and 11.7: an access completed by MPI_Win_unlock is complete at the target when the unlock "
    "returns, so a later epoch that a message, a barrier or a chain of messages orders after the unlock does "
    "not conflict with it; two shared-lock epochs nothing orders are concurrent, and conflicting accesses in "
    "them are erroneous.";

// How ranks 0, 2 and 3 order (or do not order) rank 0's epoch before rank 2's.
struct Order {
    std::string key, what;
    std::string rank0_after, rank2_before, rank3;  // statements; rank 1 is the passive target
    std::string all_before;                        // run by every rank before the epochs
};

const std::string kToken = "int token = 7;\n";

std::string body(const std::string& op2, const Order& o, bool ordered)
{
    // Ordered: rank 0's part after its epoch, rank 2's before its epoch.
    // Unordered: the same statements before both epochs.
    const std::string epoch0 = "MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);\n"
                               "MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); // @op-a\n"
                               "MPI_Win_unlock(1, win);";
    const std::string epoch2 = "MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);\n" + op2 + " // @op-b\nMPI_Win_unlock(1, win);";
    const std::string rank0 = ordered ? epoch0 + (o.rank0_after.empty() ? "" : "\n" + o.rank0_after)
                                      : (o.rank0_after.empty() ? "" : o.rank0_after + "\n") + epoch0;
    const std::string rank2 = (o.rank2_before.empty() ? "" : o.rank2_before + "\n") + epoch2;
    std::string code = R"(int window[4] = {0, 0, 0, 0}, value = 1, result = 0;
MPI_Win win;
MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
)" + kToken + R"(MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */
${ALL}
if (rank == 0) {
    ${RANK0}
} else if (rank == 2) {
    ${RANK2}
} else if (rank == 3) {
    ${RANK3}
}
${ALL_AFTER}
MPI_Win_free(&win);
(void)result;
errors += token != 7; /* what the ranks received is read */)";
    // A barrier orders when it separates the epochs; before both it does not.
    const bool barrier = o.key == "barrier";
    return fill(code, {{"ALL", barrier && !ordered ? o.all_before : ""},
                       {"RANK0", barrier ? epoch0 + (ordered ? "\n" + o.all_before : "") : rank0},
                       {"RANK2", barrier ? (ordered ? o.all_before + "\n" : "") + epoch2 : rank2},
                       {"RANK3", barrier && ordered ? o.all_before : o.rank3},
                       {"ALL_AFTER", barrier && ordered ? "if (rank == 1)\n    " + o.all_before : ""}});
}

std::vector<Case> cases()
{
    const std::vector<Order> orders = {
        {"message", "rank 0 sends rank 2 a message",
         "MPI_Send(&token, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);",
         "MPI_Recv(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);", "", ""},
        {"third-rank", "rank 0 sends rank 3 a message that rank 3 passes on to rank 2",
         "MPI_Send(&token, 1, MPI_INT, 3, 0, MPI_COMM_WORLD);",
         "MPI_Recv(&token, 1, MPI_INT, 3, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);",
         "MPI_Recv(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);\n"
         "MPI_Send(&token, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);",
         ""},
        {"barrier", "all ranks call MPI_Barrier", "", "", "", "MPI_Barrier(MPI_COMM_WORLD);"},
    };
    struct Op {
        std::string key, what, call, cls;
    };
    const std::vector<Op> ops = {
        {"put-put", "MPI_Put", "MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);", "rma.remote.conflict"},
        {"put-get", "MPI_Get", "MPI_Get(&result, 1, MPI_INT, 1, 0, 1, MPI_INT, win);", "rma.remote.conflict"},
        {"put-acc", "MPI_Accumulate", "MPI_Accumulate(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);",
         "rma.remote.atomicity"},
    };
    std::vector<Case> out;
    for (const Op& op : ops) {
        const std::string lead = "Rank 0 puts to window[0] of rank 1 under a shared lock and rank 2 issues an " +
                                 op.what + " on it under a shared lock";
        Case none;
        none.name = op.key + "-unordered-nok";
        none.description = lead + "; nothing orders the two epochs.";
        none.error = op.cls;
        none.expect_at = "op-a op-b";
        none.nprocs = 4;
        none.note = kNote;
        none.code = program("", body(op.call, {"none", "", "", "", "", ""}, false));
        for (const Order& o : orders) {
            Case ok;
            ok.name = op.key + "-" + o.key + "-after-ok";
            ok.description = lead + "; after rank 0's unlock " + o.what + " before rank 2 locks, which orders the "
                                                                           "epochs.";
            ok.nprocs = 4;
            ok.note = kNote;
            ok.code = program("", body(op.call, o, true));
            Case bad;
            bad.name = op.key + "-" + o.key + "-before-nok";
            bad.description = lead + "; " + o.what + " before both epochs, which orders nothing.";
            bad.error = op.cls;
            bad.expect_at = "op-a op-b";
            bad.twins = {ok.name};
            bad.nprocs = 4;
            bad.note = kNote;
            bad.code = program("", body(op.call, o, false));
            none.twins.push_back(ok.name);
            out.push_back(ok);
            out.push_back(bad);
        }
        out.push_back(none);
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
