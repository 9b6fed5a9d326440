// Generates cases/coll/invalid-root/: every rooted collective, blocking and
// nonblocking, called on MPI_COMM_WORLD (an intracommunicator) by all ranks
// with the same root that is not a rank of it: -1, the communicator's size,
// MPI_ROOT and MPI_PROC_NULL (both only meaningful on intercommunicators,
// MPI-3.1 §5.2.2). Each has a correct twin with root size - 1. MPI usually
// aborts on these, so the checker must report before the call reaches MPI.
//
// usage: coll_roots OUTDIR   (writes OUTDIR/coll/invalid-root/*.c)

#include <cctype>
#include <iostream>
#include <string>
#include <vector>

#include "case_writer.hpp"

namespace {

using namespace case_writer;

const char* const kGenerator = "cases/gen/coll_roots.cpp";
const char* const kGroup = "coll/invalid-root";

const char* const kNote =
    "MPI-3.1 5.2.2 and 5.4-5.9: on an intracommunicator the root must be a rank of the group (0 .. size-1); "
    "MPI_ROOT and MPI_PROC_NULL are root values of intercommunicators only.";

struct Rooted {
    std::string key, name, args;  // args: the call's arguments, ROOT for the root
};

const std::vector<Rooted> kCalls = {
    {"bcast", "MPI_Bcast", "send, 1, MPI_INT, ${ROOT}, MPI_COMM_WORLD"},
    {"gather", "MPI_Gather", "send, 1, MPI_INT, recv, 1, MPI_INT, ${ROOT}, MPI_COMM_WORLD"},
    {"gatherv", "MPI_Gatherv", "send, 1, MPI_INT, recv, counts, displs, MPI_INT, ${ROOT}, MPI_COMM_WORLD"},
    {"scatter", "MPI_Scatter", "send, 1, MPI_INT, recv, 1, MPI_INT, ${ROOT}, MPI_COMM_WORLD"},
    {"scatterv", "MPI_Scatterv", "send, counts, displs, MPI_INT, recv, 1, MPI_INT, ${ROOT}, MPI_COMM_WORLD"},
    {"reduce", "MPI_Reduce", "send, recv, 1, MPI_INT, MPI_SUM, ${ROOT}, MPI_COMM_WORLD"},
};

struct Root {
    std::string key, expr, what;
};

const std::vector<Root> kInvalid = {
    {"minus-one", "-1", "-1"},
    {"size", "size", "the communicator's size"},
    {"mpi-root", "MPI_ROOT", "MPI_ROOT"},
    {"proc-null", "MPI_PROC_NULL", "MPI_PROC_NULL"},
};

// MPI_Bcast -> MPI_Ibcast
std::string call_name(const Rooted& c, bool nonblocking)
{
    if (!nonblocking)
        return c.name;
    return "MPI_I" + std::string(1, static_cast<char>(std::tolower(static_cast<unsigned char>(c.name[4])))) +
           c.name.substr(5);
}

std::string code(const Rooted& c, bool nonblocking, const std::string& root)
{
    const std::string name = call_name(c, nonblocking);
    const std::string args = fill(c.args, {{"ROOT", root}});
    std::string call = nonblocking ? "MPI_Request req;\n" + name + "(" + args + ", &req); // @call\n" +
                                         "MPI_Wait(&req, MPI_STATUS_IGNORE);"
                                   : name + "(" + args + "); // @call";
    return program("", fill(R"(int size;
MPI_Comm_size(MPI_COMM_WORLD, &size);
int send[4] = {rank, rank, rank, rank}, recv[4] = {0, 0, 0, 0};
int counts[4] = {1, 1, 1, 1}, displs[4] = {0, 1, 2, 3};
${CALL}
(void)counts; (void)displs; (void)recv;)",
                            {{"CALL", call}}));
}

std::vector<Case> cases()
{
    std::vector<Case> out;
    for (bool nb : {false, true})
        for (const Rooted& c : kCalls) {
            const std::string name = call_name(c, nb);
            const std::string stem = (nb ? "i" : "") + c.key;
            Case ok;
            ok.name = stem + "-last-rank-ok";
            ok.description = "All ranks call " + name + " on MPI_COMM_WORLD with root size - 1, a rank of it.";
            ok.code = code(c, nb, "size - 1");
            out.push_back(ok);
            for (const Root& r : kInvalid) {
                Case bad;
                bad.name = stem + "-" + r.key + "-nok";
                bad.description = "All ranks call " + name + " on MPI_COMM_WORLD with root " + r.what +
                                  ", which is not a rank of the intracommunicator.";
                bad.error = "coll.arg.invalid";
                bad.expect_at = "call";
                bad.twins = {ok.name};
                bad.timeout = 10;
                bad.tags = "crash";
                bad.note = kNote;
                bad.code = code(c, nb, r.expr);
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
    write_cases(argv[1], kGenerator, kGroup, cases());
    return 0;
}
