// Generates the invalid-argument families (issue 21, items 6 and 9): calls
// whose argument MPI rejects, so that with the default MPI_ERRORS_ARE_FATAL
// the program aborts inside the call. A checker must write its finding (class,
// file:line) before that abort.
//
//   nb/arg-invalid/   point-to-point: destination or source out of range,
//                     MPI_COMM_NULL, negative count, uncommitted datatype
//   rma/arg-invalid/  RMA: target rank out of range, invalid lock type
//   res/arg-invalid/  communicators and topologies: negative color in
//                     MPI_Comm_split, MPI_Cart_create with more processes
//                     than the communicator has
//
// usage: arg_invalid OUTDIR   (writes OUTDIR/{nb,rma,res}/arg-invalid/*.c)
//
// Each erroneous program has a correct twin that passes a valid argument.

#include <iostream>
#include <string>
#include <vector>

#include "case_writer.hpp"

namespace {

using namespace case_writer;

const char* const kGenerator = "cases/gen/arg_invalid.cpp";

// One scenario: the same program with a valid and an invalid argument.
struct Scenario {
    std::string name, what, why, good, bad;  // good/bad: what BAD stands for in code
    std::string code;                        // uses ${ARG}; the rejected call carries // @call
    std::string note;
    std::string good_what = "", bad_what = "";  // for the descriptions, when not the code itself
};

void add(std::vector<Case>& out, const std::string& cls, const Scenario& s)
{
    Case ok;
    ok.name = s.name + "-ok";
    ok.description = fill(s.what, {{"ARG", s.good_what.empty() ? s.good : s.good_what}}) + ".";
    ok.code = program("", fill(s.code, {{"ARG", s.good}}));
    Case bad;
    bad.name = s.name + "-nok";
    bad.description = fill(s.what, {{"ARG", s.bad_what.empty() ? s.bad : s.bad_what}}) + ": " + s.why + ".";
    bad.error = cls;
    bad.expect_at = "call";
    bad.twins = {ok.name};
    bad.timeout = 10;
    bad.tags = "crash";
    bad.note = s.note;
    bad.code = program("", fill(s.code, {{"ARG", s.bad}}));
    out.push_back(ok);
    out.push_back(bad);
}

const char* const kP2pNote =
    "MPI-3.1 3.2.2-3.2.4: dest and source are ranks of the communicator (or MPI_PROC_NULL, MPI_ANY_SOURCE), "
    "count is non-negative, the datatype is committed, the communicator is valid; MPI raises the error on the "
    "communicator (MPI_COMM_WORLD for MPI_COMM_NULL), whose default handler aborts.";

std::vector<Case> p2p_cases()
{
    const std::string send_recv = R"(int size;
MPI_Comm_size(MPI_COMM_WORLD, &size);
int data[4] = {1, 2, 3, 4};
if (rank == 0) {
    ${SEND}
} else if (rank == 1) {
    MPI_Recv(data, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < 4; i++)
        errors += data[i] != i + 1;
})";
    auto with_send = [&](const std::string& send) { return fill(send_recv, {{"SEND", send}}); };
    std::vector<Case> out;
    add(out, "nb.arg.invalid",
        {"send-dest-out-of-range", "Rank 0 sends four ints to rank 1 with MPI_Send, passing ${ARG} as destination",
         "not a rank of MPI_COMM_WORLD", "1", "size",
         with_send("MPI_Send(data, 4, MPI_INT, ${ARG}, 0, MPI_COMM_WORLD); // @call"),
         kP2pNote});
    add(out, "nb.arg.invalid",
        {"isend-negative-count", "Rank 0 sends four ints to rank 1 with MPI_Isend, passing ${ARG} as count",
         "a count must not be negative", "4", "-4",
         with_send("MPI_Request req;\nMPI_Isend(data, ${ARG}, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @call\n"
                   "MPI_Wait(&req, MPI_STATUS_IGNORE);"),
         kP2pNote});
    add(out, "nb.arg.invalid",
        {"send-comm-null", "Rank 0 sends four ints to rank 1 with MPI_Send, passing ${ARG} as communicator",
         "not a valid communicator", "MPI_COMM_WORLD", "MPI_COMM_NULL",
         with_send("MPI_Send(data, 4, MPI_INT, 1, 0, ${ARG}); // @call"), kP2pNote});
    add(out, "nb.arg.invalid",
        {"recv-source-out-of-range", "Rank 1 receives four ints from rank 0 with MPI_Recv, passing ${ARG} as source",
         "not a rank of MPI_COMM_WORLD", "0", "size",
         R"(int size;
MPI_Comm_size(MPI_COMM_WORLD, &size);
int data[4] = {1, 2, 3, 4};
if (rank == 0) {
    MPI_Send(data, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
} else if (rank == 1) {
    MPI_Recv(data, 4, MPI_INT, ${ARG}, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @call
    for (int i = 0; i < 4; i++)
        errors += data[i] != i + 1;
})",
         kP2pNote});
    add(out, "nb.arg.invalid",
        {"send-uncommitted-type", "Rank 0 sends a contiguous type of four ints to rank 1, ${ARG}",
         "a datatype must be committed before it is used in communication", "1", "0",
         R"(int data[4] = {1, 2, 3, 4};
MPI_Datatype four;
MPI_Type_contiguous(4, MPI_INT, &four);
if (${ARG})
    MPI_Type_commit(&four);
if (rank == 0) {
    MPI_Send(data, 1, four, 1, 0, MPI_COMM_WORLD); // @call
} else if (rank == 1) {
    MPI_Recv(data, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < 4; i++)
        errors += data[i] != i + 1;
}
MPI_Type_free(&four);)",
         kP2pNote, "committed", "never committed"});
    return out;
}

const char* const kRmaNote =
    "MPI-3.1 11.3 and 11.5.3: the target rank is a rank of the window's group; the lock type is "
    "MPI_LOCK_SHARED or MPI_LOCK_EXCLUSIVE. MPI raises the error on the window, whose default handler aborts.";

std::vector<Case> rma_cases()
{
    const std::string window = R"(int size;
MPI_Comm_size(MPI_COMM_WORLD, &size);
int window[4] = {0, 0, 0, 0}, value = 1;
MPI_Win win;
MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
)";
    std::vector<Case> out;
    add(out, "rma.arg.invalid",
        {"put-target-out-of-range", "Rank 0 puts one int into rank 1's window in a fence epoch, passing ${ARG} as target rank",
         "not a rank of the window's group", "1", "size",
         window + R"(MPI_Win_fence(0, win);
if (rank == 0)
    MPI_Put(&value, 1, MPI_INT, ${ARG}, 0, 1, MPI_INT, win); // @call
MPI_Win_fence(0, win);
MPI_Win_free(&win);)",
         kRmaNote});
    add(out, "rma.arg.invalid",
        {"lock-invalid-type", "Rank 0 locks rank 1's window and puts one int, passing ${ARG} as lock type",
         "neither MPI_LOCK_SHARED nor MPI_LOCK_EXCLUSIVE", "MPI_LOCK_SHARED",
         "MPI_LOCK_SHARED + MPI_LOCK_EXCLUSIVE + 7",
         window + R"(if (rank == 0) {
    MPI_Win_lock(${ARG}, 1, 0, win); // @call
    MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_unlock(1, win);
}
MPI_Win_free(&win);
(void)size;)",
         kRmaNote});
    return out;
}

const char* const kResNote =
    "MPI-3.1 6.4.2 and 7.5.1: the color of MPI_Comm_split is non-negative or MPI_UNDEFINED; the grid of "
    "MPI_Cart_create has at most as many processes as the communicator. MPI raises the error on the "
    "communicator, whose default handler aborts.";

std::vector<Case> res_cases()
{
    std::vector<Case> out;
    add(out, "res.arg.invalid",
        {"split-negative-color", "All ranks split MPI_COMM_WORLD, passing ${ARG} as color", "a color must be non-negative "
                                                                                     "or MPI_UNDEFINED",
         "rank % 2", "-2",
         R"(MPI_Comm half;
MPI_Comm_split(MPI_COMM_WORLD, ${ARG}, rank, &half); // @call
MPI_Comm_free(&half);)",
         kResNote});
    add(out, "res.arg.invalid",
        {"cart-too-many-processes", "All ranks create a one-dimensional Cartesian grid over MPI_COMM_WORLD of "
                                    "${ARG} processes",
         "the grid needs more processes than the communicator has", "size", "size + 1",
         R"(int size;
MPI_Comm_size(MPI_COMM_WORLD, &size);
int dims[1] = {${ARG}}, periods[1] = {0};
MPI_Comm ring;
MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring); // @call
if (ring != MPI_COMM_NULL)
    MPI_Comm_free(&ring);)",
         kResNote});
    return out;
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::cerr << "usage: " << argv[0] << " OUTDIR\n";
        return 2;
    }
    write_cases(argv[1], kGenerator, "nb/arg-invalid", p2p_cases());
    write_cases(argv[1], kGenerator, "rma/arg-invalid", rma_cases());
    write_cases(argv[1], kGenerator, "res/arg-invalid", res_cases());
    return 0;
}
