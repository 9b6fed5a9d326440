// Generates cases/nb/match-matrix/: message matching errors of point-to-point
// communication (wildcard message races, type signature mismatches, receives
// that no send matches, cycles of blocking calls), each with a
// minimally different correct twin.
//
// usage: nb_match_matrix OUTDIR   (writes OUTDIR/nb/match-matrix/*.c)

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "case_writer.hpp"

namespace {

using namespace case_writer;

const char* const kGenerator = "cases/gen/nb_match_matrix.cpp";
const char* const kGroup = "nb/match-matrix";

// ---------------------------------------------------------------------------
// Message races: ranks 1..P-1 each send their rank to rank 0, which receives
// with MPI_ANY_SOURCE and uses the values as if they arrived in rank order.
// Correct twins name the sources, look at status.MPI_SOURCE, or combine the
// values commutatively.

enum class Use { slot_order, status_source };

std::string race_receive(const std::string& kind, const std::string& source, Use use)
{
    auto check = [&](const std::string& slot, const std::string& status) {
        return use == Use::slot_order ? "errors += from[" + slot + "] != " + slot + " + 1; /* assumes slot " + slot + " holds rank " + slot + " + 1 */"
                                      : "errors += from[" + slot + "] != " + status + ".MPI_SOURCE;";
    };
    const std::string recv_args = "1, MPI_INT, " + source + ", 0, MPI_COMM_WORLD";
    if (kind == "recv")
        return "int from[SENDERS];\nfor (int k = 0; k < SENDERS; k++) {\n    MPI_Status status;\n    MPI_Recv(&from[k], " +
               recv_args + ", &status); // @recv\n    " + check("k", "status") + "\n}";
    if (kind == "irecv-waitall")
        return "int from[SENDERS];\nMPI_Request reqs[SENDERS];\nMPI_Status statuses[SENDERS];\n"
               "for (int k = 0; k < SENDERS; k++)\n    MPI_Irecv(&from[k], " +
               recv_args + ", &reqs[k]); // @recv\nMPI_Waitall(SENDERS, reqs, statuses);\nfor (int k = 0; k < SENDERS; k++)\n    " +
               check("k", "statuses[k]");
    return "int from[SENDERS];\nMPI_Request reqs[SENDERS];\nfor (int k = 0; k < SENDERS; k++)\n    MPI_Irecv(&from[k], " +
           recv_args +
           ", &reqs[k]); // @recv\nfor (int done = 0; done < SENDERS; done++) {\n    int which;\n    MPI_Status status;\n"
           "    MPI_Waitany(SENDERS, reqs, &which, &status);\n    " +
           check("which", "status") + "\n}";
}

std::string race_program(int nprocs, const std::string& rank0)
{
    const std::string body = fill(R"(if (rank == 0) {
    ${RANK0}
} else {
    MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD); // @send
})",
                                  {{"RANK0", rank0}});
    return program("enum { SENDERS = " + std::to_string(nprocs - 1) + " };\n", body);
}

const char* const kRaceNote =
    "MPI-3.1 §3.5: messages from different senders are not ordered, so which message a wildcard receive matches "
    "depends on timing.";

std::vector<Case> race_cases()
{
    std::vector<Case> cases;
    const std::map<std::string, std::string> how = {{"recv", "MPI_Recv calls"},
                                                    {"irecv-waitall", "MPI_Irecv requests completed by MPI_Waitall"},
                                                    {"irecv-waitany", "MPI_Irecv requests completed by MPI_Waitany"}};
    for (int nprocs : {3, 4}) {
        const std::string np = "-np" + std::to_string(nprocs);
        const std::string senders = std::to_string(nprocs - 1);
        for (const std::string kind : {"recv", "irecv-waitall", "irecv-waitany"}) {
            const std::string stem = "race-" + kind + np;
            Case wild;
            wild.name = stem + "-any-source-nok";
            wild.description = "Ranks 1-" + senders + " each send their rank to rank 0, which receives them with " +
                               how.at(kind) + " on MPI_ANY_SOURCE and assumes the k-th value comes from rank k+1.";
            wild.error = "nb.match.message-race";
            wild.expect_at = "recv send";
            wild.twins = {stem + "-explicit-source-ok", stem + "-status-source-ok"};
            wild.nprocs = nprocs;
            wild.runs = 5;
            wild.note = kRaceNote;
            wild.code = race_program(nprocs, race_receive(kind, "MPI_ANY_SOURCE", Use::slot_order));
            Case named = wild;
            named.name = stem + "-explicit-source-ok";
            named.description = "Ranks 1-" + senders + " each send their rank to rank 0, which receives them with " +
                                how.at(kind) + " naming the source of each, so the k-th value comes from rank k+1.";
            named.error = named.expect_at = named.note = "";
            named.twins = {};
            named.runs = 1;
            named.code = race_program(nprocs, race_receive(kind, "k + 1", Use::slot_order));
            Case status = named;
            status.name = stem + "-status-source-ok";
            status.description = "Ranks 1-" + senders + " each send their rank to rank 0, which receives them with " +
                                 how.at(kind) + " on MPI_ANY_SOURCE and checks each value against status.MPI_SOURCE.";
            status.runs = 5;
            status.code = race_program(nprocs, race_receive(kind, "MPI_ANY_SOURCE", Use::status_source));
            cases.insert(cases.end(), {wild, named, status});
        }
        // A non-commutative combination (digits in arrival order) against a sum.
        auto digits = [&](const std::string& source, bool sum) {
            std::string expected = sum ? "0" : "";
            for (int r = 1; r < nprocs; r++)
                expected = sum ? std::to_string(std::stoi(expected) + r) : expected + std::to_string(r);
            return fill(R"(int number = 0;
for (int k = 0; k < SENDERS; k++) {
    int digit;
    MPI_Recv(&digit, 1, MPI_INT, ${SOURCE}, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
    ${COMBINE}
}
errors += number != ${EXPECTED};)",
                        {{"SOURCE", source},
                         {"COMBINE", sum ? "number += digit;" : "number = 10 * number + digit;"},
                         {"EXPECTED", expected}});
        };
        const std::string stem = "race-digits" + np;
        Case wild;
        wild.name = stem + "-any-source-nok";
        wild.description = "Ranks 1-" + senders + " each send their rank to rank 0, which receives them on MPI_ANY_SOURCE "
                           "and appends them as decimal digits, so the number depends on the arrival order.";
        wild.error = "nb.match.message-race";
        wild.expect_at = "recv send";
        wild.twins = {stem + "-explicit-source-ok", "race-sum" + np + "-any-source-ok"};
        wild.nprocs = nprocs;
        wild.runs = 5;
        wild.note = kRaceNote;
        wild.code = race_program(nprocs, digits("MPI_ANY_SOURCE", false));
        Case named = wild;
        named.name = stem + "-explicit-source-ok";
        named.description = "Ranks 1-" + senders + " each send their rank to rank 0, which receives them in rank order "
                            "naming each source and appends them as decimal digits.";
        named.error = named.expect_at = named.note = "";
        named.twins = {};
        named.runs = 1;
        named.code = race_program(nprocs, digits("k + 1", false));
        Case sum = named;
        sum.name = "race-sum" + np + "-any-source-ok";
        sum.description = "Ranks 1-" + senders + " each send their rank to rank 0, which receives them on MPI_ANY_SOURCE "
                          "and adds them up, a result that does not depend on the arrival order.";
        sum.runs = 5;
        sum.code = race_program(nprocs, digits("MPI_ANY_SOURCE", true));
        cases.insert(cases.end(), {wild, named, sum});
    }
    return cases;
}

// ---------------------------------------------------------------------------
// Type signatures: rank 1 sends two values of one signature, rank 0 receives
// them with another.

struct Signature {
    std::string key;
    std::string send_decl;  // rank 1's buffer `out`
    std::string recv_decl;  // rank 0's buffer `in`
    std::string count;      // `%` stands for the buffer name
    std::string type;
    std::string setup;      // derived datatype, if any
    std::string check;      // rank 0's check of what it received
    std::string what;
};

const std::vector<Signature> kSignatures = {
    {"int2", "int out[2] = {7, 8};", "int in[2];", "2", "MPI_INT", "", "errors += (in[0] != 7) | (in[1] != 8); /* | not ||: both received values are read */", "2 MPI_INT"},
    {"float2", "float out[2] = {7.0f, 8.0f};", "float in[2];", "2", "MPI_FLOAT", "",
     "errors += (in[0] != 7.0f) | (in[1] != 8.0f); /* | not ||: both received values are read */", "2 MPI_FLOAT"},
    {"unsigned2", "unsigned out[2] = {7, 8};", "unsigned in[2];", "2", "MPI_UNSIGNED", "",
     "errors += (in[0] != 7u) | (in[1] != 8u); /* | not ||: both received values are read */", "2 MPI_UNSIGNED"},
    {"byte8", "int out[2] = {7, 8};", "int in[2];", "(int)sizeof %", "MPI_BYTE", "",
     "errors += (in[0] != 7) | (in[1] != 8); /* | not ||: both received values are read */", "the 8 bytes of two ints as MPI_BYTE"},
    {"double1", "double out = 7.5;", "double in;", "1", "MPI_DOUBLE", "", "errors += in != 7.5;", "1 MPI_DOUBLE"},
    {"contig-int2", "int out[2] = {7, 8};", "int in[2];", "1", "pair",
     "MPI_Datatype pair;\nMPI_Type_contiguous(2, MPI_INT, &pair);\nMPI_Type_commit(&pair);",
     "errors += (in[0] != 7) | (in[1] != 8); /* | not ||: both received values are read */", "1 contiguous datatype of 2 MPI_INT"},
    {"vector-int2", "int out[3] = {7, 0, 8};", "int in[3] = {-1, -1, -1};", "1", "spaced",
     "MPI_Datatype spaced;\nMPI_Type_vector(2, 1, 2, MPI_INT, &spaced);\nMPI_Type_commit(&spaced);",
     "errors += (in[0] != 7) | (in[2] != 8); /* | not ||: both received values are read */", "1 vector datatype of 2 MPI_INT at stride 2"},
};

const Signature& signature(const std::string& key)
{
    for (const auto& s : kSignatures)
        if (s.key == key)
            return s;
    fail("unknown signature " + key);
}

std::string buffer_args(const Signature& s, const std::string& buffer)
{
    std::string count = s.count;
    if (const auto at = count.find('%'); at != std::string::npos)
        count.replace(at, 1, buffer);
    const bool scalar = s.key == "double1";
    return (scalar ? "&" + buffer : buffer) + ", " + count + ", " + s.type;
}

std::string free_type(const Signature& s)
{
    return s.setup.empty() ? "" : "MPI_Type_free(&" + s.type + ");";
}

Case type_case(const std::string& sent, const std::string& received, bool nonblocking,
               const std::vector<std::pair<std::string, std::string>>& twins)
{
    const Signature& s = signature(sent);
    const Signature& r = signature(received);
    const std::string recv_args = buffer_args(r, "in") + ", 1, 0, MPI_COMM_WORLD";
    const std::string send_args = buffer_args(s, "out") + ", 0, 0, MPI_COMM_WORLD";
    const std::string rank0 = fill(R"(${DECL}
${SETUP}
${RECEIVE}
${CHECK}
${FREE})",
                                   {{"DECL", r.recv_decl},
                                    {"SETUP", r.setup},
                                    {"RECEIVE", nonblocking ? "MPI_Request req;\nMPI_Irecv(" + recv_args +
                                                                  ", &req); // @recv\nMPI_Wait(&req, MPI_STATUS_IGNORE);"
                                                            : "MPI_Recv(" + recv_args + ", MPI_STATUS_IGNORE); // @recv"},
                                    {"CHECK", r.check},
                                    {"FREE", free_type(r)}});
    const std::string rank1 = fill(R"(${DECL}
${SETUP}
${SEND}
${FREE})",
                                   {{"DECL", s.send_decl},
                                    {"SETUP", s.setup},
                                    {"SEND", nonblocking ? "MPI_Request req;\nMPI_Isend(" + send_args +
                                                               ", &req); // @send\nMPI_Wait(&req, MPI_STATUS_IGNORE);"
                                                         : "MPI_Send(" + send_args + "); // @send"},
                                    {"FREE", free_type(s)}});
    const std::string calls = nonblocking ? "-isend-irecv" : "-send-recv";
    auto name = [&](const std::string& a, const std::string& b, bool ok) {
        return "type-" + a + "-to-" + b + calls + (ok ? "-ok" : "-nok");
    };
    const bool erroneous = !twins.empty();
    Case c;
    c.name = name(sent, received, !erroneous);
    c.description = "Rank 1 sends " + s.what + " with MPI_" + (nonblocking ? "Isend" : "Send") + " and rank 0 receives " +
                    r.what + " with MPI_" + (nonblocking ? "Irecv" : "Recv") + "; the type signatures " +
                    (erroneous ? "do not match." : "match.");
    if (erroneous) {
        c.error = "nb.match.type-mismatch";
        c.expect_at = "send recv";
        for (const auto& [a, b] : twins)
            c.twins.push_back(name(a, b, true));
        c.note = "MPI-3.1 §3.3.1: the type signatures of send and receive must match; basic types match only by identical "
                 "names (MPI_BYTE matches only MPI_BYTE, MPI_PACKED aside).";
    } else if (sent != received) {
        c.note = "Type signatures compare the sequences of basic types, so a derived datatype matches the same basic types "
                 "sent one by one (MPI-3.1 §3.3.1, §4.1.2).";
    }
    c.code = program("", two_ranks(rank0, rank1));
    return c;
}

std::vector<Case> type_cases()
{
    using Pair = std::pair<std::string, std::string>;
    const std::vector<std::pair<Pair, std::vector<Pair>>> mismatches = {
        {{"int2", "float2"}, {{"int2", "int2"}}},
        {{"int2", "unsigned2"}, {{"int2", "int2"}}},
        {{"int2", "byte8"}, {{"byte8", "byte8"}, {"int2", "int2"}}},
        {{"byte8", "int2"}, {{"byte8", "byte8"}, {"int2", "int2"}}},
        {{"float2", "double1"}, {{"float2", "float2"}}},
        {{"contig-int2", "float2"}, {{"contig-int2", "int2"}}},
        {{"vector-int2", "float2"}, {{"vector-int2", "int2"}}},
    };
    const std::vector<Pair> matches = {{"int2", "int2"},        {"byte8", "byte8"},       {"float2", "float2"},
                                       {"contig-int2", "int2"}, {"vector-int2", "int2"},  {"int2", "contig-int2"},
                                       {"int2", "vector-int2"}};
    std::vector<Case> cases;
    for (bool nonblocking : {false, true}) {
        for (const auto& [pair, twins] : mismatches)
            cases.push_back(type_case(pair.first, pair.second, nonblocking, twins));
        for (const auto& [sent, received] : matches)
            cases.push_back(type_case(sent, received, nonblocking, {}));
    }
    return cases;
}

// ---------------------------------------------------------------------------
// Receives that no send matches: rank 1 sends 42 with tag 1 on MPI_COMM_WORLD
// (or on a duplicate); rank 0 waits for it with the wrong tag, source or
// communicator, and blocks forever.

struct Envelope {
    std::string source = "1";
    std::string tag = "1";
    std::string comm = "MPI_COMM_WORLD";
};

std::string unmatched_receive(const std::string& kind, const Envelope& e)
{
    const std::string args = "&value, 1, MPI_INT, " + e.source + ", " + e.tag + ", " + e.comm;
    if (kind == "recv")
        return "MPI_Recv(" + args + ", MPI_STATUS_IGNORE); // @recv";
    if (kind == "irecv-wait")
        return "MPI_Request req;\nMPI_Irecv(" + args + ", &req); // @recv\nMPI_Wait(&req, MPI_STATUS_IGNORE);";
    if (kind == "irecv-test")
        return "MPI_Request req;\nMPI_Irecv(" + args + ", &req); // @recv\nint flag = 0;\nwhile (!flag)\n    MPI_Test(&req, &flag, MPI_STATUS_IGNORE);";
    return "MPI_Status status;\nMPI_Probe(" + e.source + ", " + e.tag + ", " + e.comm +
           ", &status); // @recv\nMPI_Recv(&value, 1, MPI_INT, status.MPI_SOURCE, status.MPI_TAG, " + e.comm +
           ", MPI_STATUS_IGNORE);";
}

Case unmatched_case(const std::string& kind, const std::string& mismatch, const std::string& variant)
{
    const bool erroneous = variant == "wrong";
    Envelope e;
    int nprocs = 2;
    std::string sender_comm = "MPI_COMM_WORLD";
    if (mismatch == "tag") {
        e.tag = variant == "wrong" ? "2" : variant == "any" ? "MPI_ANY_TAG" : "1";
    } else if (mismatch == "source") {
        nprocs = 3;
        e.source = erroneous ? "2" : "1";
    } else {
        sender_comm = "other";
        e.comm = erroneous ? "MPI_COMM_WORLD" : "other";
    }
    const std::string rank0 = "int value = -1;\n" + unmatched_receive(kind, e) + "\nerrors += value != 42;";
    const std::string rank1 = "int value = 42;\nMPI_Send(&value, 1, MPI_INT, 0, 1, " + sender_comm + "); // @send";
    std::string body = two_ranks(rank0, rank1);
    if (mismatch == "comm")
        body = "MPI_Comm other;\nMPI_Comm_dup(MPI_COMM_WORLD, &other);\n" + body + "\nMPI_Comm_free(&other);";
    const std::map<std::string, std::string> how = {{"recv", "MPI_Recv"},
                                                    {"irecv-wait", "MPI_Irecv and MPI_Wait"},
                                                    {"irecv-test", "MPI_Irecv and an MPI_Test loop"},
                                                    {"probe", "MPI_Probe followed by MPI_Recv"}};
    const std::string stem = "match-" + kind + "-";
    const std::string sends = "Rank 1 sends one int with tag 1 on " +
                              std::string(mismatch == "comm" ? "a duplicate of MPI_COMM_WORLD" : "MPI_COMM_WORLD") +
                              " and rank 0 waits for it with " + how.at(kind);
    Case c;
    c.nprocs = nprocs;
    if (erroneous) {
        c.name = stem + "wrong-" + mismatch + "-nok";
        const std::map<std::string, std::string> wrong = {{"tag", " on tag 2"},
                                                          {"source", " from rank 2, which sends nothing"},
                                                          {"comm", " on MPI_COMM_WORLD"}};
        c.description = sends + wrong.at(mismatch) + ", so the receive never matches and rank 0 blocks forever.";
        c.error = "nb.match.tag-mismatch";
        c.expect_at = "send recv";
        c.twins = {stem + "right-" + mismatch + "-ok"};
        if (mismatch == "tag")
            c.twins.push_back(stem + "any-tag-ok");
        c.timeout = 10;
        c.tags = "deadlock";
        c.note = "MPI-3.1 §3.5: a receive matches only messages with its source, tag and communicator; both MPI "
                 "implementations block forever.";
    } else {
        c.name = stem + (variant == "any" ? "any-tag" : "right-" + mismatch) + "-ok";
        const std::map<std::string, std::string> right = {{"tag", " on tag 1"},
                                                          {"source", " from rank 1 (rank 2 takes no part)"},
                                                          {"comm", " on the same duplicate"}};
        c.description = sends + (variant == "any" ? " on MPI_ANY_TAG" : right.at(mismatch)) + ".";
    }
    c.code = program("", body);
    return c;
}

std::vector<Case> unmatched_cases()
{
    std::vector<Case> cases;
    for (const std::string kind : {"recv", "irecv-wait", "irecv-test", "probe"})
        for (const std::string mismatch : {"tag", "source", "comm"}) {
            cases.push_back(unmatched_case(kind, mismatch, "wrong"));
            cases.push_back(unmatched_case(kind, mismatch, "right"));
            if (mismatch == "tag")
                cases.push_back(unmatched_case(kind, mismatch, "any"));
        }
    return cases;
}

// ---------------------------------------------------------------------------
// Cycles of blocking calls: every rank sends its value to the right
// neighbour and receives from the left one (with two ranks, both neighbours
// are the other rank).

const std::map<std::string, std::string> kExchanges = {
    {"ssend-first", R"(MPI_Ssend(&mine, 1, MPI_INT, right, 0, MPI_COMM_WORLD); // @send
MPI_Recv(&theirs, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv)"},
    {"recv-first", R"(MPI_Recv(&theirs, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
MPI_Ssend(&mine, 1, MPI_INT, right, 0, MPI_COMM_WORLD); // @send)"},
    {"wait-first", R"(MPI_Request req;
MPI_Irecv(&theirs, 1, MPI_INT, left, 0, MPI_COMM_WORLD, &req); // @recv
MPI_Wait(&req, MPI_STATUS_IGNORE); // @wait
MPI_Ssend(&mine, 1, MPI_INT, right, 0, MPI_COMM_WORLD); // @send)"},
    {"issend-wait-first", R"(MPI_Request req;
MPI_Issend(&mine, 1, MPI_INT, right, 0, MPI_COMM_WORLD, &req); // @send
MPI_Wait(&req, MPI_STATUS_IGNORE); // @wait
MPI_Recv(&theirs, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv)"},
    {"probe-first", R"(MPI_Status status;
MPI_Probe(left, 0, MPI_COMM_WORLD, &status); // @probe
MPI_Recv(&theirs, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
MPI_Ssend(&mine, 1, MPI_INT, right, 0, MPI_COMM_WORLD); // @send)"},
    {"sendrecv", R"(MPI_Sendrecv(&mine, 1, MPI_INT, right, 0, &theirs, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @send @recv)"},
    {"irecv-first", R"(MPI_Request req;
MPI_Irecv(&theirs, 1, MPI_INT, left, 0, MPI_COMM_WORLD, &req); // @recv
MPI_Ssend(&mine, 1, MPI_INT, right, 0, MPI_COMM_WORLD); // @send
MPI_Wait(&req, MPI_STATUS_IGNORE);)"},
    {"issend", R"(MPI_Request req;
MPI_Issend(&mine, 1, MPI_INT, right, 0, MPI_COMM_WORLD, &req); // @send
MPI_Recv(&theirs, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
MPI_Wait(&req, MPI_STATUS_IGNORE);)"},
    {"ordered", R"(if (rank == 0) {
    MPI_Ssend(&mine, 1, MPI_INT, right, 0, MPI_COMM_WORLD); // @send
    MPI_Recv(&theirs, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
} else {
    MPI_Recv(&theirs, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Ssend(&mine, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
})"},
    {"ordered-probe", R"(MPI_Status status;
if (rank == 0) {
    MPI_Ssend(&mine, 1, MPI_INT, right, 0, MPI_COMM_WORLD); // @send
    MPI_Probe(left, 0, MPI_COMM_WORLD, &status); // @probe
    MPI_Recv(&theirs, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
} else {
    MPI_Probe(left, 0, MPI_COMM_WORLD, &status);
    MPI_Recv(&theirs, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Ssend(&mine, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
})"},
};

const std::map<std::string, std::string> kExchangeWords = {
    {"ssend-first", "calls MPI_Ssend to its right neighbour and then MPI_Recv from its left one, so every rank waits in MPI_Ssend for a receive that is never posted"},
    {"recv-first", "calls MPI_Recv from its left neighbour and then MPI_Ssend to its right one, so every rank waits in MPI_Recv for a send that is never started"},
    {"wait-first", "posts MPI_Irecv from its left neighbour and waits for it before calling MPI_Ssend, so every rank waits for a send that is never started"},
    {"issend-wait-first", "starts MPI_Issend to its right neighbour and waits for it before calling MPI_Recv, so every rank waits for a receive that is never posted"},
    {"probe-first", "calls MPI_Probe for a message from its left neighbour before sending its own, so every rank waits in MPI_Probe"},
    {"sendrecv", "exchanges values with its neighbours in one MPI_Sendrecv"},
    {"irecv-first", "posts MPI_Irecv from its left neighbour, then calls MPI_Ssend to its right one and MPI_Wait"},
    {"issend", "starts MPI_Issend to its right neighbour, then calls MPI_Recv from its left one and MPI_Wait"},
    {"ordered", "calls MPI_Ssend then MPI_Recv on rank 0 and MPI_Recv then MPI_Ssend on the other ranks, so the chain unwinds from rank 0"},
    {"ordered-probe", "probes and receives before sending, except rank 0, which sends first, so the chain unwinds from rank 0"},
};

Case cycle_case(const std::string& pattern, int nprocs, const std::vector<std::string>& twins)
{
    const std::string body = fill(R"(int size;
MPI_Comm_size(MPI_COMM_WORLD, &size);
int right = (rank + 1) % size, left = (rank + size - 1) % size;
int mine = 100 + rank, theirs = -1;
${EXCHANGE}
errors += theirs != 100 + left;)",
                                  {{"EXCHANGE", kExchanges.at(pattern)}});
    const bool erroneous = !twins.empty();
    auto name = [&](const std::string& p, bool ok) {
        return "cycle-" + p + "-np" + std::to_string(nprocs) + (ok ? "-ok" : "-nok");
    };
    Case c;
    c.name = name(pattern, !erroneous);
    c.nprocs = nprocs;
    c.description = std::string(nprocs == 2 ? "Each of 2 ranks" : "Each of " + std::to_string(nprocs) + " ranks in a ring") +
                    " " + kExchangeWords.at(pattern) + ".";
    if (erroneous) {
        c.error = "nb.match.deadlock";
        // The cycle is made of the calls each rank blocks in (and, for MPI_Wait,
        // the call that posted the operation it waits for): the statement after
        // them is never executed, so it is no part of the error's location.
        const std::map<std::string, std::string> at = {{"ssend-first", "send"},
                                                       {"recv-first", "recv"},
                                                       {"wait-first", "recv wait"},
                                                       {"issend-wait-first", "send wait"},
                                                       {"probe-first", "probe"}};
        c.expect_at = at.at(pattern);
        for (const auto& twin : twins)
            c.twins.push_back(name(twin, true));
        c.timeout = 10;
        c.tags = "deadlock";
        c.note = "MPI_Ssend, MPI_Recv, MPI_Probe and MPI_Wait on these requests cannot complete before the partner's "
                 "matching call (MPI-3.1 §3.4, §3.7.3, §3.8.1), so the cycle blocks forever on every implementation. "
                 "The marked lines are where each rank blocks (and the call that posted what MPI_Wait waits for); the "
                 "calls after them are never reached.";
    }
    c.code = program("", body);
    return c;
}

std::vector<Case> cycle_cases()
{
    struct Cycle {
        std::string pattern;
        int nprocs;
        std::vector<std::string> twins;  // empty for a correct pattern
    };
    const std::vector<Cycle> cycles = {
        {"ssend-first", 2, {"sendrecv", "irecv-first", "issend", "ordered"}},
        {"ssend-first", 3, {"sendrecv", "irecv-first", "ordered"}},
        {"ssend-first", 4, {"sendrecv", "irecv-first"}},
        {"recv-first", 2, {"ordered", "irecv-first"}},
        {"recv-first", 3, {"ordered", "irecv-first"}},
        {"wait-first", 2, {"irecv-first"}},
        {"issend-wait-first", 2, {"issend"}},
        {"probe-first", 2, {"ordered-probe"}},
        {"sendrecv", 2, {}},
        {"sendrecv", 3, {}},
        {"sendrecv", 4, {}},
        {"irecv-first", 2, {}},
        {"irecv-first", 3, {}},
        {"irecv-first", 4, {}},
        {"issend", 2, {}},
        {"ordered", 2, {}},
        {"ordered", 3, {}},
        {"ordered-probe", 2, {}},
    };
    std::vector<Case> cases;
    for (const auto& cycle : cycles)
        cases.push_back(cycle_case(cycle.pattern, cycle.nprocs, cycle.twins));
    return cases;
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::cerr << "usage: " << argv[0] << " OUTDIR\n";
        return 2;
    }
    std::vector<Case> cases;
    for (auto part : {race_cases(), type_cases(), unmatched_cases(), cycle_cases()})
        cases.insert(cases.end(), part.begin(), part.end());
    write_cases(argv[1], kGenerator, kGroup, cases);
    return 0;
}
