// Generates the accumulate-atomicity families of rma (issue 21, items 1 and 3):
//
//   rma/acc-datatypes/  accumulates whose target datatype is derived from one
//                       basic type (contiguous, vector, indexed, struct): atomic
//                       per element against accumulates with the same op and
//                       basic type, whatever the derived shape; not with another
//                       op or another basic type.
//   rma/acc-alignment/  every RMA call at displacements scaled by disp_unit 1
//                       and sizeof(int): accumulates overlapping on the same
//                       elements are atomic, overlapping on shifted elements
//                       (disp_unit 1, byte 5 against byte 4) are not; puts and
//                       gets conflict exactly when their bytes overlap.
//
// usage: rma_atomicity OUTDIR   (writes OUTDIR/rma/{acc-datatypes,acc-alignment}/*.c)
//
// Ranks 0 and 2 are the origins, rank 1 the target; every erroneous case has a
// correct twin that changes only the op, the type or the displacement.

#include <iostream>
#include <string>
#include <vector>

#include "case_writer.hpp"

namespace {

using namespace case_writer;

const char* const kGenerator = "cases/gen/rma_atomicity.cpp";

const char* const kAtomicNote =
    "MPI-3.1 11.7.1: accumulate-family operations to one location are atomic per element of the same "
    "predefined datatype with the same op (or MPI_NO_OP); the target datatype may be derived from one "
    "predefined type (11.3.4), and atomicity holds element by element. Other concurrent overlapping "
    "accesses are erroneous.";

// The epoch around the two origins' operations.
struct Sync {
    std::string key, open, close;
};
const Sync kFence{"fence", "MPI_Win_fence(0, win);", "MPI_Win_fence(0, win);"};
const Sync kLockAll{"lockall", "MPI_Win_lock_all(0, win);", "MPI_Win_unlock_all(win);"};

// window: eight ints on every rank; `decls` run on all ranks before the epoch,
// `a` on rank 0 and `b` on rank 2 inside it, `cleanup` after it.
std::string body(const std::string& disp_unit, const Sync& sync, const std::string& decls, const std::string& a,
                 const std::string& b, const std::string& cleanup)
{
    return fill(R"(int window[8] = {0, 0, 0, 0, 0, 0, 0, 0};
MPI_Win win;
MPI_Win_create(window, sizeof window, ${DU}, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
int value[8] = {1, 1, 1, 1, 1, 1, 1, 1};
unsigned int uvalue[8] = {1u, 1u, 1u, 1u, 1u, 1u, 1u, 1u};
int result[8], compare = 0;
${DECLS}

${OPEN}
if (rank == 0) {
    ${A}
} else if (rank == 2) {
    ${B}
}
${CLOSE}

${CLEANUP}
MPI_Win_free(&win);
(void)uvalue; (void)result; (void)compare;)",
                {{"DU", disp_unit}, {"DECLS", decls}, {"OPEN", sync.open}, {"A", a}, {"B", b},
                 {"CLOSE", sync.close}, {"CLEANUP", cleanup}});
}

Case make(const std::string& name, const std::string& description, const std::string& error,
          std::vector<std::string> twins, const std::string& code)
{
    Case c;
    c.name = name;
    c.description = description;
    c.error = error;
    c.expect_at = error.empty() ? "" : "op-a op-b";
    c.twins = std::move(twins);
    c.nprocs = 3;
    c.note = kAtomicNote;
    c.code = program("", code);
    return c;
}

// ---------------------------------------------------------------------------
// rma/acc-datatypes

struct Derived {
    std::string key, what;
    std::string build;  // builds `type` over BASIC (MPI_INT or MPI_UNSIGNED)
};

const std::vector<Derived> kDerived = {
    {"contiguous", "a contiguous type of 2 ints", "MPI_Type_contiguous(2, ${BASIC}, &${T});"},
    {"vector", "a vector type of 2 ints with stride 2", "MPI_Type_vector(2, 1, 2, ${BASIC}, &${T});"},
    {"indexed", "an indexed type of ints at elements 0, 3 and 4",
     "int ${T}_len[2] = {1, 2}, ${T}_at[2] = {0, 3};\nMPI_Type_indexed(2, ${T}_len, ${T}_at, ${BASIC}, &${T});"},
    {"struct", "a struct type of two int blocks at elements 0 and 2",
     "int ${T}_len[2] = {1, 1};\nMPI_Aint ${T}_at[2] = {0, 2 * sizeof(int)};\n"
     "MPI_Datatype ${T}_of[2] = {${BASIC}, ${BASIC}};\nMPI_Type_create_struct(2, ${T}_len, ${T}_at, ${T}_of, &${T});"},
};

std::string declare(const Derived& d, const std::string& var, const std::string& basic)
{
    return "MPI_Datatype " + var + ";\n" + fill(d.build, {{"T", var}, {"BASIC", basic}}) + "\nMPI_Type_commit(&" + var +
           ");";
}

std::vector<Case> datatype_cases()
{
    std::vector<Case> out;
    const std::string acc_a = "MPI_Accumulate(value, 1, type, 1, 0, 1, type, MPI_SUM, win); // @op-a";
    for (const Sync& sync : {kFence, kLockAll})
        for (const Derived& d : kDerived) {
            const std::string stem = sync.key + "-" + d.key;
            const std::string decl = declare(d, "type", "MPI_INT");
            const std::string free_type = "MPI_Type_free(&type);";
            const std::string who = "Ranks 0 and 2 accumulate into rank 1's window in one " + sync.key +
                                    " epoch; rank 0 uses " + d.what + " (MPI_SUM)";
            out.push_back(make(stem + "-same-op-ok", who + ", rank 2 the same type and op.", "", {},
                               body("sizeof(int)", sync, decl, acc_a,
                                    "MPI_Accumulate(value, 1, type, 1, 0, 1, type, MPI_SUM, win); // @op-b",
                                    free_type)));
            out.push_back(make(stem + "-with-basic-ok",
                               who + ", rank 2 eight MPI_INT elements with MPI_SUM: the same basic type.", "", {},
                               body("sizeof(int)", sync, decl, acc_a,
                                    "MPI_Accumulate(value, 8, MPI_INT, 1, 0, 8, MPI_INT, MPI_SUM, win); // @op-b",
                                    free_type)));
            out.push_back(make(stem + "-fetch-op-ok",
                               who + ", rank 2 an MPI_Fetch_and_op (MPI_INT, MPI_SUM) on element 0.", "", {},
                               body("sizeof(int)", sync, decl, acc_a,
                                    "MPI_Fetch_and_op(value, result, MPI_INT, 1, 0, MPI_SUM, win); // @op-b",
                                    free_type)));
            out.push_back(make(stem + "-other-op-nok",
                               who + ", rank 2 the same type with MPI_PROD: different ops on the same elements.",
                               "rma.remote.atomicity", {stem + "-same-op-ok"},
                               body("sizeof(int)", sync, decl, acc_a,
                                    "MPI_Accumulate(value, 1, type, 1, 0, 1, type, MPI_PROD, win); // @op-b",
                                    free_type)));
            out.push_back(make(stem + "-other-basic-nok",
                               who + ", rank 2 the same shape built from MPI_UNSIGNED: different basic types on "
                                     "the same elements.",
                               "rma.remote.atomicity", {stem + "-same-op-ok"},
                               body("sizeof(int)", sync, decl + "\n" + declare(d, "utype", "MPI_UNSIGNED"), acc_a,
                                    "MPI_Accumulate(uvalue, 1, utype, 1, 0, 1, utype, MPI_SUM, win); // @op-b",
                                    free_type + "\nMPI_Type_free(&utype);")));
            out.push_back(make(stem + "-fetch-op-other-op-nok",
                               who + ", rank 2 an MPI_Fetch_and_op (MPI_INT, MPI_REPLACE) on element 0: different "
                                     "ops.",
                               "rma.remote.atomicity", {stem + "-fetch-op-ok"},
                               body("sizeof(int)", sync, decl, acc_a,
                                    "MPI_Fetch_and_op(value, result, MPI_INT, 1, 0, MPI_REPLACE, win); // @op-b",
                                    free_type)));
        }
    return out;
}

// ---------------------------------------------------------------------------
// rma/acc-alignment

// One RMA call of each origin: `call` is written with DISP for the target
// displacement; both origins target one int.
struct Call {
    std::string key, name, call;
    bool accumulate;  // atomic with itself on the same elements
    bool request;     // Rput/Rget: passive target only (MPI-3.1 11.3.5)
};

const std::vector<Call> kCalls = {
    {"put", "MPI_Put", "MPI_Put(value, 1, MPI_INT, 1, ${DISP}, 1, MPI_INT, win);", false, false},
    {"get", "MPI_Get", "MPI_Get(result, 1, MPI_INT, 1, ${DISP}, 1, MPI_INT, win);", false, false},
    {"rput", "MPI_Rput", "MPI_Request req;\nMPI_Rput(value, 1, MPI_INT, 1, ${DISP}, 1, MPI_INT, win, &req);${AT}\nMPI_Wait(&req, MPI_STATUS_IGNORE);", false, true},
    {"rget", "MPI_Rget", "MPI_Request req;\nMPI_Rget(result, 1, MPI_INT, 1, ${DISP}, 1, MPI_INT, win, &req);${AT}\nMPI_Wait(&req, MPI_STATUS_IGNORE);", false, true},
    {"acc", "MPI_Accumulate", "MPI_Accumulate(value, 1, MPI_INT, 1, ${DISP}, 1, MPI_INT, MPI_SUM, win);", true, false},
    {"getacc", "MPI_Get_accumulate",
     "MPI_Get_accumulate(value, 1, MPI_INT, result, 1, MPI_INT, 1, ${DISP}, 1, MPI_INT, MPI_SUM, win);", true, false},
    {"fop", "MPI_Fetch_and_op", "MPI_Fetch_and_op(value, result, MPI_INT, 1, ${DISP}, MPI_SUM, win);", true, false},
    {"cas", "MPI_Compare_and_swap", "MPI_Compare_and_swap(value, &compare, result, MPI_INT, 1, ${DISP}, win);", true,
     false},
};

// The call at a displacement, with its marker on the line of the MPI call.
std::string at(const Call& c, long disp, const std::string& marker)
{
    const std::string m = " // @" + marker;
    if (c.call.find("${AT}") != std::string::npos)
        return fill(c.call, {{"DISP", std::to_string(disp)}, {"AT", m}});
    return fill(c.call, {{"DISP", std::to_string(disp)}}) + m;
}

std::vector<Case> alignment_cases()
{
    std::vector<Case> out;
    const Call& put = kCalls[0];
    for (const Sync& sync : {kFence, kLockAll})
        for (const Call& c : kCalls) {
            if (c.request && sync.key == "fence")
                continue;
            // Rank 2's call against rank 0's: the same call for writes and
            // accumulates, a put for reads (two reads never conflict).
            const bool reads = c.key == "get" || c.key == "rget";
            const Call& first = reads ? (c.request ? kCalls[2] : put) : c;
            const std::string stem = sync.key + "-" + c.key;
            // Rank 0 touches bytes [4, 8): disp 4 with disp_unit 1, disp 1 with sizeof(int).
            auto pair_at = [&](bool unit_int, long disp_b) {
                return body(unit_int ? "sizeof(int)" : "1", sync, "", at(first, unit_int ? 1 : 4, "op-a"),
                            at(c, disp_b, "op-b"), "");
            };
            const std::string lead = "Rank 0 issues " + first.name + " and rank 2 " + c.name +
                                     " on one int of rank 1's window in one " + sync.key + " epoch; ";
            if (c.accumulate) {
                out.push_back(make(stem + "-du1-misaligned-nok",
                                   lead + "with disp_unit 1 they target bytes [4, 8) and [5, 9): the overlap lies "
                                          "on different element boundaries, so element-wise atomicity does not hold.",
                                   "rma.remote.atomicity", {stem + "-du1-aligned-ok", stem + "-du4-aligned-ok"},
                                   pair_at(false, 5)));
                out.push_back(make(stem + "-du1-aligned-ok",
                                   lead + "with disp_unit 1 both target bytes [4, 8): the same element, same op.", "",
                                   {}, pair_at(false, 4)));
                out.push_back(make(stem + "-du4-aligned-ok",
                                   lead + "with disp_unit sizeof(int) both target displacement 1 (bytes [4, 8)): the "
                                          "same element, same op.",
                                   "", {}, pair_at(true, 1)));
            } else {
                out.push_back(make(stem + "-du1-overlap-nok",
                                   lead + "with disp_unit 1 they target bytes [4, 8) and [5, 9), which overlap.",
                                   "rma.remote.conflict", {stem + "-du1-disjoint-ok", stem + "-du4-disjoint-ok"},
                                   pair_at(false, 5)));
                out.push_back(make(stem + "-du1-disjoint-ok",
                                   lead + "with disp_unit 1 they target bytes [4, 8) and [8, 12).", "", {},
                                   pair_at(false, 8)));
                out.push_back(make(stem + "-du4-disjoint-ok",
                                   lead + "with disp_unit sizeof(int) they target displacements 1 and 2 (bytes [4, 8) "
                                          "and [8, 12)).",
                                   "", {}, pair_at(true, 2)));
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
    write_cases(argv[1], kGenerator, "rma/acc-datatypes", datatype_cases());
    write_cases(argv[1], kGenerator, "rma/acc-alignment", alignment_cases());
    return 0;
}
