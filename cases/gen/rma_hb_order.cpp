// Generates cases/rma/hb-order/ (issue 19, vclock's RMA happens-before):
// rank 0 puts to window[0] of rank 1 and rank 2 accesses the same int, in
// epochs whose order depends on what happens between them. Each shape has a
// correct form (something carries the knowledge that rank 0's access is
// complete at the target to rank 2 before it issues its own, or a lock
// serialises the epochs) and an erroneous twin that differs minimally:
// flush against flush_local, a message after the unlock against one inside
// the epoch, exclusive against shared locks, a reduction or broadcast whose
// data flows from rank 0 to rank 2 against one flowing the other way, a chain
// through rank 3 that receives before it forwards against one that forwards
// first, a nonblocking receive completed before rank 2's epoch against one
// completed after it, two PSCW exposure epochs against one, two fence epochs
// against one, and on a shared-memory window MPI_Win_flush + MPI_Win_sync +
// MPI_Barrier against MPI_Win_sync + MPI_Barrier (MPI_Win_sync completes no
// RMA operation). Request-based shapes (request_cases): rank 0 issues
// MPI_Rget, MPI_Rput, MPI_Raccumulate or MPI_Rget_accumulate and sends rank 2
// a message before rank 2 accesses the same int: for MPI_Rget, MPI_Wait before
// the message against after it (completing an MPI_Rget request completes the
// read at the target); for the others MPI_Wait + MPI_Win_flush before the
// message against MPI_Wait alone (their request completes only at the origin).
//
// usage: rma_hb_order OUTDIR   (writes OUTDIR/rma/hb-order/*.c)

#include <iostream>
#include <string>
#include <vector>

#include "case_writer.hpp"

namespace {

using namespace case_writer;

const char* const kGenerator = "cases/gen/rma_hb_order.cpp";
const char* const kGroup = "rma/hb-order";

const std::string kOpA = "MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); // @op-a";

struct Op {
    std::string key, what, call, cls;
};

struct Shape {
    std::string ok_name, nok_name;
    std::string lead;              // what both forms do
    std::string ok_what, nok_what; // how they differ
    std::string note;
    bool shared_memory = false;
    // The program body between window creation and MPI_Win_free.
    std::string (*body)(const std::string& op_b, bool ordered);
};

std::string lock_epoch(const std::string& op, const char* type = "MPI_LOCK_SHARED")
{
    return std::string("MPI_Win_lock(") + type + ", 1, 0, win);\n" + op + "\nMPI_Win_unlock(1, win);";
}

std::string ranks(const std::string& r0, const std::string& r1, const std::string& r2, const std::string& r3)
{
    std::string code = "if (rank == 0) {\n    ${R0}\n}";
    if (!r1.empty())
        code += " else if (rank == 1) {\n    ${R1}\n}";
    code += " else if (rank == 2) {\n    ${R2}\n}";
    if (!r3.empty())
        code += " else if (rank == 3) {\n    ${R3}\n}";
    return fill(code, {{"R0", r0}, {"R1", r1}, {"R2", r2}, {"R3", r3}});
}

const std::string kSend2 = "MPI_Send(&token, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);";
const std::string kRecv0 = "MPI_Recv(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);";

std::string flush_body(const std::string& op_b, bool ordered)
{
    const std::string flush = ordered ? "MPI_Win_flush(1, win);" : "MPI_Win_flush_local(1, win);";
    return ranks("MPI_Win_lock_all(0, win);\n" + kOpA + "\n" + flush + "\n" + kSend2 + "\nMPI_Win_unlock_all(win);", "",
                 kRecv0 + "\nMPI_Win_lock_all(0, win);\n" + op_b + " // @op-b\nMPI_Win_unlock_all(win);", "");
}

std::string inside_body(const std::string& op_b, bool ordered)
{
    const std::string r0 = ordered ? "MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);\n" + kOpA + "\nMPI_Win_unlock(1, win);\n" + kSend2
                                   : "MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);\n" + kOpA + "\n" + kSend2 + "\nMPI_Win_unlock(1, win);";
    return ranks(r0, "", kRecv0 + "\n" + lock_epoch(op_b + " // @op-b"), "");
}

std::string lock_type_body(const std::string& op_b, bool ordered)
{
    const char* type = ordered ? "MPI_LOCK_EXCLUSIVE" : "MPI_LOCK_SHARED";
    return ranks(lock_epoch(kOpA, type), "", lock_epoch(op_b + " // @op-b", type), "");
}

std::string reduce_body(const std::string& op_b, bool ordered)
{
    const std::string reduce = std::string("MPI_Reduce(&token, &sum, 1, MPI_INT, MPI_SUM, ") + (ordered ? "2" : "0") +
                               ", MPI_COMM_WORLD);";
    return ranks(lock_epoch(kOpA) + "\n" + reduce, reduce, reduce + "\n" + lock_epoch(op_b + " // @op-b"), reduce);
}

std::string bcast_body(const std::string& op_b, bool ordered)
{
    const std::string bcast =
        std::string("MPI_Bcast(&token, 1, MPI_INT, ") + (ordered ? "0" : "2") + ", MPI_COMM_WORLD);";
    return ranks(lock_epoch(kOpA) + "\n" + bcast, bcast, bcast + "\n" + lock_epoch(op_b + " // @op-b"), bcast);
}

std::string chain_body(const std::string& op_b, bool ordered)
{
    const std::string r3 = ordered ? "MPI_Recv(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);\n"
                                     "MPI_Send(&token, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);"
                                   : "MPI_Request request;\n"
                                     "MPI_Irecv(&sum, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &request);\n"
                                     "MPI_Send(&token, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);\n"
                                     "MPI_Wait(&request, MPI_STATUS_IGNORE);";
    return ranks(lock_epoch(kOpA) + "\nMPI_Send(&token, 1, MPI_INT, 3, 0, MPI_COMM_WORLD);", "",
                 "MPI_Recv(&token, 1, MPI_INT, 3, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);\n" + lock_epoch(op_b + " // @op-b"),
                 r3);
}

std::string nonblocking_body(const std::string& op_b, bool ordered)
{
    const std::string epoch = lock_epoch(op_b + " // @op-b");
    const std::string r2 = "MPI_Request request;\nMPI_Irecv(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &request);\n" +
                           (ordered ? "MPI_Wait(&request, MPI_STATUS_IGNORE);\n" + epoch
                                    : epoch + "\nMPI_Wait(&request, MPI_STATUS_IGNORE);");
    return ranks(lock_epoch(kOpA) +
                     "\nMPI_Request request;\nMPI_Isend(&token, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &request);\n"
                     "MPI_Wait(&request, MPI_STATUS_IGNORE);",
                 "", r2, "");
}

std::string pscw_body(const std::string& op_b, bool ordered)
{
    const std::string groups = R"(MPI_Group world_group, first, second, both, target;
int first_rank = 0, second_rank = 2, both_ranks[2] = {0, 2}, target_rank = 1;
MPI_Comm_group(MPI_COMM_WORLD, &world_group);
MPI_Group_incl(world_group, 1, &first_rank, &first);
MPI_Group_incl(world_group, 1, &second_rank, &second);
MPI_Group_incl(world_group, 2, both_ranks, &both);
MPI_Group_incl(world_group, 1, &target_rank, &target);
)";
    const std::string r1 = ordered ? "MPI_Win_post(first, 0, win);\nMPI_Win_wait(win);\n"
                                     "MPI_Win_post(second, 0, win);\nMPI_Win_wait(win);"
                                   : "MPI_Win_post(both, 0, win);\nMPI_Win_wait(win);";
    return groups + ranks("MPI_Win_start(target, 0, win);\n" + kOpA + "\nMPI_Win_complete(win);", r1,
                          "MPI_Win_start(target, 0, win);\n" + op_b + " // @op-b\nMPI_Win_complete(win);", "") +
           "\nMPI_Group_free(&first);\nMPI_Group_free(&second);\nMPI_Group_free(&both);\n"
           "MPI_Group_free(&target);\nMPI_Group_free(&world_group);";
}

std::string fence_body(const std::string& op_b, bool ordered)
{
    return "MPI_Win_fence(0, win);\nif (rank == 0)\n    " + kOpA + "\n" + (ordered ? "MPI_Win_fence(0, win);\n" : "") +
           "if (rank == 2)\n    " + op_b + " // @op-b\nMPI_Win_fence(0, win);" + (ordered ? "" : "\nMPI_Win_fence(0, win);");
}

std::string shared_body(const std::string& op_b, bool ordered)
{
    return "MPI_Win_lock_all(MPI_MODE_NOCHECK, win);\nif (rank == 0) {\n    " + kOpA + "\n" +
           (ordered ? "    MPI_Win_flush(1, win);\n" : "") +
           "}\nMPI_Win_sync(win);\nMPI_Barrier(MPI_COMM_WORLD);\nMPI_Win_sync(win);\nif (rank == 2)\n    " + op_b +
           " // @op-b\nMPI_Win_unlock_all(win);";
}

const char* const kPassiveNote =
    "MPI-3.1 11.5.3-11.5.4 and 11.7: an access is complete at the target when MPI_Win_unlock, MPI_Win_flush or "
    "MPI_Win_unlock_all returns (MPI_Win_flush_local completes it only at the origin); a later epoch of another "
    "origin that a message or collective orders after that completion does not conflict with it, exclusive locks "
    "serialise their epochs, and conflicting accesses in epochs nothing orders are erroneous.";

std::string program_for(const Shape& s, const std::string& op_b, bool ordered)
{
    const std::string create =
        s.shared_memory
            ? "MPI_Win_allocate_shared(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);\n"
            : "MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);\n";
    const std::string code = "int *window, value = 1, result = 0, token = 7, sum = 0;\nMPI_Win win;\n" + create +
                             "for (int i = 0; i < 4; i++)\n    window[i] = 0;\n"
                             "MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */\n" +
                             s.body(op_b, ordered) +
                             "\nMPI_Win_free(&win);\n(void)result;\nerrors += token != 7 || sum < 0; /* what the ranks received is read */";
    return program("", code);
}

std::vector<Case> cases()
{
    const std::vector<Op> ops = {
        {"put", "MPI_Put", "MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);", "rma.remote.conflict"},
        {"get", "MPI_Get", "MPI_Get(&result, 1, MPI_INT, 1, 0, 1, MPI_INT, win);", "rma.remote.conflict"},
        {"acc", "MPI_Accumulate", "MPI_Accumulate(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);",
         "rma.remote.atomicity"},
    };
    const std::vector<Shape> shapes = {
        {"flush-message-ok", "flush-local-message-nok", "in lock_all epochs; rank 0 then sends rank 2 a message before rank 2's epoch",
         "rank 0 calls MPI_Win_flush before the message, which completes its put at the target",
         "rank 0 calls only MPI_Win_flush_local before the message, which completes nothing at the target, and unlocks after it",
         kPassiveNote, false, flush_body},
        {"message-after-unlock-ok", "message-inside-epoch-nok", "under shared locks; rank 0 sends rank 2 a message that rank 2 receives before its epoch",
         "rank 0 sends after its MPI_Win_unlock", "rank 0 sends inside its epoch, before MPI_Win_unlock completes its put",
         kPassiveNote, false, inside_body},
        {"exclusive-locks-ok", "shared-locks-nok", "with nothing ordering the two epochs",
         "both epochs hold an exclusive lock on rank 1, which serialises them",
         "both epochs hold only a shared lock on rank 1, so they may overlap", kPassiveNote, false, lock_type_body},
        {"reduce-to-second-ok", "reduce-to-first-nok", "under shared locks; all ranks call MPI_Reduce after rank 0's epoch and before rank 2's",
         "the root is rank 2, which cannot return before rank 0 contributed",
         "the root is rank 0, and rank 2 may return from it before rank 0 even calls it", kPassiveNote, false,
         reduce_body},
        {"bcast-from-first-ok", "bcast-from-second-nok", "under shared locks; all ranks call MPI_Bcast after rank 0's epoch and before rank 2's",
         "the root is rank 0, so rank 2 returns only after rank 0 called it",
         "the root is rank 2, which may return before rank 0 calls it", kPassiveNote, false, bcast_body},
        {"chain-receive-then-send-ok", "chain-send-before-receive-nok", "under shared locks; rank 0 sends rank 3 a message after its epoch and rank 2 receives one from rank 3 before its own",
         "rank 3 receives rank 0's message before it sends to rank 2",
         "rank 3 sends to rank 2 before its receive of rank 0's message completes", kPassiveNote, false, chain_body},
        {"wait-before-epoch-ok", "wait-after-epoch-nok", "under shared locks; rank 0 sends rank 2 a message with MPI_Isend after its epoch, which rank 2 receives with MPI_Irecv",
         "rank 2 waits for the receive before its epoch", "rank 2 waits for the receive only after its epoch",
         kPassiveNote, false, nonblocking_body},
        {"pscw-two-exposures-ok", "pscw-one-exposure-nok", "in PSCW access epochs to rank 1",
         "rank 1 exposes its window to rank 0 first and to rank 2 in a second exposure epoch after MPI_Win_wait",
         "rank 1 exposes its window to both in one exposure epoch",
         "MPI-3.1 11.5.2: MPI_Win_wait returns after every origin of the group completed its accesses, and an "
         "access epoch of MPI_Win_start accesses the target only after its matching MPI_Win_post; accesses of one "
         "exposure epoch are concurrent.",
         false, pscw_body},
        {"fence-two-epochs-ok", "fence-one-epoch-nok", "in fence epochs",
         "rank 2 accesses in the epoch after rank 0's", "both access in the same epoch",
         "MPI-3.1 11.5.1: the fence completes the accesses of the epoch it ends before any access of the next; "
         "accesses of one fence epoch are concurrent.",
         false, fence_body},
        {"shared-flush-sync-barrier-ok", "shared-sync-barrier-nok", "in lock_all epochs on a shared-memory window; all ranks call MPI_Win_sync, MPI_Barrier and MPI_Win_sync between the accesses",
         "rank 0 calls MPI_Win_flush first, which completes its put",
         "rank 0 does not flush: MPI_Win_sync completes no RMA operation",
         "MPI-3.1 11.5.4: MPI_Win_sync synchronises the private and public copies of the window but does not "
         "complete pending RMA operations; only a flush or unlock does, after which a barrier orders the next access.",
         true, shared_body},
    };
    std::vector<Case> out;
    for (const Shape& s : shapes) {
        for (const Op& op : ops) {
            const std::string lead = "Rank 0 puts to window[0] of rank 1 and rank 2 issues an " + op.what +
                                     " on it " + s.lead + "; ";
            Case ok;
            ok.name = op.key + "-" + s.ok_name;
            ok.description = lead + s.ok_what + ".";
            ok.nprocs = 4;
            ok.note = s.note;
            if (s.shared_memory)
                ok.requires_ = "shared-memory-window";
            ok.code = program_for(s, op.call, true);
            Case bad = ok;
            bad.name = op.key + "-" + s.nok_name;
            bad.description = lead + s.nok_what + ".";
            bad.error = op.cls;
            bad.expect_at = "op-a op-b";
            bad.twins = {ok.name};
            bad.code = program_for(s, op.call, false);
            out.push_back(ok);
            out.push_back(bad);
        }
    }
    return out;
}

// Request-based operations (MPI-3.1 11.3.5): rank 0 issues op-a with a request
// in a lock_all epoch and sends rank 2 a message; rank 2 receives it before its
// own epoch. Completing an MPI_Rget request completes the read at the target;
// completing an MPI_Rput, MPI_Raccumulate or MPI_Rget_accumulate request does
// not complete the operation at the target (a flush does).
struct RequestShape {
    std::string key, call, what; // op-a: file-name key, the call with its request, name
    std::string ok_name, nok_name, ok_what, nok_what, note;
    bool wait_completes; // the wait alone completes op-a at the target
    std::vector<Op> ops; // op-b variants (and the class of each erroneous case)
};

std::string request_body(const RequestShape& s, const std::string& op_b, bool ordered)
{
    std::string r0 = "MPI_Win_lock_all(0, win);\nMPI_Request request;\n" + s.call + " // @op-a\n";
    const std::string wait = "MPI_Wait(&request, MPI_STATUS_IGNORE);\n";
    if (s.wait_completes)
        r0 += ordered ? wait + kSend2 + "\n" : kSend2 + "\n" + wait;
    else
        r0 += wait + (ordered ? "MPI_Win_flush(1, win);\n" : "") + kSend2 + "\n";
    r0 += "MPI_Win_unlock_all(win);";
    return ranks(r0, "", kRecv0 + "\nMPI_Win_lock_all(0, win);\n" + op_b + " // @op-b\nMPI_Win_unlock_all(win);", "");
}

std::string request_program(const RequestShape& s, const std::string& op_b, bool ordered)
{
    const std::string code =
        "int *window, value = 1, result = 0, token = 7;\nMPI_Win win;\n"
        "MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);\n"
        "for (int i = 0; i < 4; i++)\n    window[i] = 0;\n"
        "MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */\n" +
        request_body(s, op_b, ordered) + "\nMPI_Win_free(&win);\n(void)result;\nerrors += token != 7; /* what the ranks received is read */";
    return program("", code);
}

std::vector<Case> request_cases()
{
    const Op put{"put", "MPI_Put", "MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);", "rma.remote.conflict"};
    const Op get{"get", "MPI_Get", "MPI_Get(&result, 1, MPI_INT, 1, 0, 1, MPI_INT, win);", "rma.remote.conflict"};
    const Op acc{"acc", "MPI_Accumulate", "MPI_Accumulate(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);",
                 "rma.remote.atomicity"};
    const Op put_atomicity{put.key, put.what, put.call, "rma.remote.atomicity"};
    const Op get_atomicity{get.key, get.what, get.call, "rma.remote.atomicity"};
    const char* const local_only =
        "does not indicate that the operation has completed at the target window; MPI_Win_flush, MPI_Win_flush_all, "
        "MPI_Win_unlock or MPI_Win_unlock_all does, and a message after it orders the later epoch.";
    const std::vector<RequestShape> shapes = {
        {"rget", "MPI_Rget(&result, 1, MPI_INT, 1, 0, 1, MPI_INT, win, &request);", "MPI_Rget",
         "wait-before-message-ok", "message-before-wait-nok",
         "rank 0 completes the request with MPI_Wait before the message, which completes the read at the target",
         "rank 0 sends the message before MPI_Wait, so the read may still be in progress at the target",
         "MPI-3.1 11.3.5: completion of an MPI_Rget request (MPI_Wait, MPI_Test) means the data is available in the "
         "origin buffer, so the read at the target is complete; a write of another origin that a message orders "
         "after that completion does not conflict with it, one that nothing orders does.",
         true, {put, acc}},
        {"rput", "MPI_Rput(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win, &request);", "MPI_Rput",
         "wait-flush-message-ok", "wait-message-nok",
         "rank 0 calls MPI_Win_flush after MPI_Wait and before the message, which completes the put at the target",
         "rank 0 sends the message after MPI_Wait only, which completes the put at the origin, not at the target",
         std::string("MPI-3.1 11.3.5: completion of an MPI_Rput request means the origin buffer may be reused; it ") +
             local_only,
         false, {put, get, acc}},
        {"racc", "MPI_Raccumulate(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win, &request);",
         "MPI_Raccumulate", "wait-flush-message-ok", "wait-message-nok",
         "rank 0 calls MPI_Win_flush after MPI_Wait and before the message, which completes the accumulate at the "
         "target",
         "rank 0 sends the message after MPI_Wait only, which completes the accumulate at the origin, not at the "
         "target",
         std::string("MPI-3.1 11.3.5: completion of an MPI_Raccumulate request means the origin buffer may be "
                     "reused; it ") +
             local_only,
         false, {put_atomicity, get_atomicity}},
        {"rgetacc",
         "MPI_Rget_accumulate(&value, 1, MPI_INT, &result, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win, &request);",
         "MPI_Rget_accumulate", "wait-flush-message-ok", "wait-message-nok",
         "rank 0 calls MPI_Win_flush after MPI_Wait and before the message, which completes the update at the "
         "target",
         "rank 0 sends the message after MPI_Wait only: the result has arrived, but the update at the target need "
         "not be complete",
         std::string("MPI-3.1 11.3.5: completion of an MPI_Rget_accumulate request means the result buffer holds "
                     "the result and the origin buffer may be reused; it ") +
             local_only,
         false, {put_atomicity, get_atomicity}},
    };
    std::vector<Case> out;
    for (const RequestShape& s : shapes) {
        for (const Op& op : s.ops) {
            const std::string lead = "Rank 0 accesses window[0] of rank 1 with " + s.what +
                                     " in a lock_all epoch and sends rank 2 a message that rank 2 receives before "
                                     "its own lock_all epoch, in which it issues an " +
                                     op.what + " on the same int; ";
            Case ok;
            ok.name = s.key + "-" + op.key + "-" + s.ok_name;
            ok.description = lead + s.ok_what + ".";
            ok.nprocs = 3;
            ok.note = s.note;
            ok.code = request_program(s, op.call, true);
            Case bad = ok;
            bad.name = s.key + "-" + op.key + "-" + s.nok_name;
            bad.description = lead + s.nok_what + ".";
            bad.error = op.cls;
            bad.expect_at = "op-a op-b";
            bad.twins = {ok.name};
            bad.code = request_program(s, op.call, false);
            out.push_back(ok);
            out.push_back(bad);
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
    std::vector<Case> all = cases();
    for (Case& c : request_cases())
        all.push_back(std::move(c));
    write_cases(argv[1], kGenerator, kGroup, all);
    return 0;
}
