// Generates cases/nb/request-matrix/: request lifecycle errors of nonblocking
// point-to-point communication (missing completion, reuse of an active request,
// double completion, persistent requests started twice or never), each with a
// minimally different correct twin.
//
// usage: nb_request_matrix OUTDIR   (writes OUTDIR/nb/request-matrix/*.c)

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

const char* const kGenerator = "cases/gen/nb_request_matrix.cpp";
const char* const kGroup = "nb/request-matrix";

// ---------------------------------------------------------------------------
// Nonblocking operations of rank 0 and what rank 1 does to match them.

struct Op {
    std::string key;   // in case names
    std::string call;  // the MPI function that starts it
    bool sends;
};

const std::vector<Op> kNonblocking = {
    {"isend", "MPI_Isend", true},   {"issend", "MPI_Issend", true}, {"ibsend", "MPI_Ibsend", true},
    {"irsend", "MPI_Irsend", true}, {"irecv", "MPI_Irecv", false},
};

const char* const kFinalizeNote =
    "MPI-3.1 §3.7.3 and §8.7: every nonblocking operation must be completed, or its request freed, "
    "before MPI_Finalize.";

// Buffered sends need an attached buffer for `messages` messages of one int.
std::string attach_buffer(int messages)
{
    return fill(R"(int attached_size;
MPI_Pack_size(1, MPI_INT, MPI_COMM_WORLD, &attached_size);
attached_size = ${SIZE};
char *attached = malloc((size_t)attached_size);
MPI_Buffer_attach(attached, attached_size);)",
                {{"SIZE", messages == 1 ? "attached_size + MPI_BSEND_OVERHEAD" : std::to_string(messages) + " * (attached_size + MPI_BSEND_OVERHEAD)"}});
}

const char* const kDetachBuffer = R"(MPI_Buffer_detach(&attached, &attached_size);
free(attached);)";

// A ready send needs its receive posted first: rank 1 posts, then both meet at a barrier.
const char* const kReadyBarrier = "MPI_Barrier(MPI_COMM_WORLD); /* rank 1 has posted its receives */";

// ---------------------------------------------------------------------------
// Missing completion: N requests completed by one of the completion calls,
// correctly, or with a count one short so that the last request stays pending.

struct Completion {
    std::string key;
    std::string how;  // in descriptions
};

const std::vector<Completion> kCompletions = {
    {"wait", "MPI_Wait on each request"},
    {"waitall", "MPI_Waitall"},
    {"waitany", "an MPI_Waitany loop"},
    {"waitsome", "an MPI_Waitsome loop"},
    {"test", "an MPI_Test polling loop on each request"},
    {"testall", "an MPI_Testall polling loop"},
    {"testany", "an MPI_Testany polling loop"},
    {"testsome", "an MPI_Testsome polling loop"},
};

// Code that completes reqs[0 .. count); on_done(i) runs for each completed index.
std::string completion_code(const std::string& kind, const std::string& count,
                            const std::function<std::string(const std::string&)>& on_done)
{
    std::string code;
    if (kind == "wait")
        code = R"(for (int i = 0; i < ${COUNT}; i++) {
    MPI_Wait(&reqs[i], MPI_STATUS_IGNORE); // @complete
    ${DONE_I}
})";
    else if (kind == "waitall")
        code = R"(MPI_Status statuses[N];
MPI_Waitall(${COUNT}, reqs, statuses); // @complete
${DONE_ALL})";
    else if (kind == "waitany")
        code = R"(for (int done = 0; done < ${COUNT}; done++) {
    int which;
    MPI_Waitany(${COUNT}, reqs, &which, MPI_STATUS_IGNORE); // @complete
    ${DONE_WHICH}
})";
    else if (kind == "waitsome")
        code = R"(for (int done = 0; done < ${COUNT};) {
    int completed, indices[N];
    MPI_Status statuses[N];
    MPI_Waitsome(${COUNT}, reqs, &completed, indices, statuses); // @complete
    ${DONE_SOME}
    done += completed;
})";
    else if (kind == "test")
        code = R"(for (int i = 0; i < ${COUNT}; i++) {
    int flag = 0;
    while (!flag)
        MPI_Test(&reqs[i], &flag, MPI_STATUS_IGNORE); // @complete
    ${DONE_I}
})";
    else if (kind == "testall")
        code = R"(MPI_Status statuses[N];
int flag = 0;
while (!flag)
    MPI_Testall(${COUNT}, reqs, &flag, statuses); // @complete
${DONE_ALL})";
    else if (kind == "testany")
        code = R"(for (int done = 0; done < ${COUNT};) {
    int which, flag;
    MPI_Testany(${COUNT}, reqs, &which, &flag, MPI_STATUS_IGNORE); // @complete
    if (flag) {
        ${DONE_WHICH}
        done++;
    }
})";
    else
        code = R"(for (int done = 0; done < ${COUNT};) {
    int completed, indices[N];
    MPI_Status statuses[N];
    MPI_Testsome(${COUNT}, reqs, &completed, indices, statuses); // @complete
    ${DONE_SOME}
    done += completed;
})";
    const std::string each = on_done("i");
    return fill(code, {{"COUNT", count},
                       {"DONE_I", each},
                       {"DONE_WHICH", on_done("which")},
                       {"DONE_ALL", each.empty() ? "" : "for (int i = 0; i < " + count + "; i++)\n    " + each},
                       {"DONE_SOME", on_done("indices[k]").empty()
                                         ? ""
                                         : "for (int k = 0; k < completed; k++)\n    " + on_done("indices[k]")}});
}

Case completion_case(const Op& op, const Completion& completion, bool one_short)
{
    const std::string count = one_short ? "N - 1" : "N";
    std::string rank0, rank1;
    if (op.sends) {
        auto done = [](const std::string&) { return std::string(); };
        rank0 = fill(R"(int out[N] = {10, 11, 12};
MPI_Request reqs[N];
${ATTACH}
${READY}
for (int i = 0; i < N; i++)
    ${CALL}(&out[i], 1, MPI_INT, 1, i, MPI_COMM_WORLD, &reqs[i]); // @start
${COMPLETE}
${DETACH})",
                     {{"ATTACH", op.key == "ibsend" ? attach_buffer(3) : ""},
                      {"READY", op.key == "irsend" ? kReadyBarrier : ""},
                      {"CALL", op.call},
                      {"COMPLETE", completion_code(completion.key, count, done)},
                      {"DETACH", op.key == "ibsend" ? kDetachBuffer : ""}});
        rank1 = op.key == "irsend" ? R"(int in[N];
MPI_Request reqs[N];
MPI_Status statuses[N];
for (int i = 0; i < N; i++)
    MPI_Irecv(&in[i], 1, MPI_INT, 0, i, MPI_COMM_WORLD, &reqs[i]);
MPI_Barrier(MPI_COMM_WORLD);
MPI_Waitall(N, reqs, statuses);
for (int i = 0; i < N; i++)
    errors += in[i] != 10 + i;)"
                                   : R"(int in[N];
for (int i = 0; i < N; i++) {
    MPI_Recv(&in[i], 1, MPI_INT, 0, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    errors += in[i] != 10 + i;
})";
    } else {
        auto done = [](const std::string& i) { return "errors += in[" + i + "] != 10 + " + i + ";"; };
        rank0 = fill(R"(int in[N];
MPI_Request reqs[N];
for (int i = 0; i < N; i++)
    MPI_Irecv(&in[i], 1, MPI_INT, 1, i, MPI_COMM_WORLD, &reqs[i]); // @start
${COMPLETE})",
                     {{"COMPLETE", completion_code(completion.key, count, done)}});
        rank1 = R"(int out[N] = {10, 11, 12};
for (int i = 0; i < N; i++)
    MPI_Send(&out[i], 1, MPI_INT, 0, i, MPI_COMM_WORLD);)";
    }
    Case c;
    const std::string stem = op.key + "-" + completion.key;
    const std::string started = "Rank 0 starts 3 " + op.call + " requests " + (op.sends ? "to" : "from") + " rank 1";
    if (one_short) {
        c.name = stem + "-one-pending-nok";
        c.description = started + " but completes them with " + completion.how +
                        " over a count one short, so the last request is still pending at MPI_Finalize.";
        c.error = "nb.request.missing-completion";
        c.expect_at = "start complete";
        c.twins = {stem + "-all-ok"};
        c.note = kFinalizeNote;
    } else {
        c.name = stem + "-all-ok";
        c.description = started + " and completes all of them with " + completion.how + ".";
    }
    c.code = program("enum { N = 3 };\n", two_ranks(rank0, rank1));
    return c;
}

// A single request that is completed by MPI_Wait, freed after an
// acknowledgement proves the send complete, or forgotten.
enum class Ending { wait, free_after_ack, forgotten };

Case single_request_case(const std::string& key, Ending ending)
{
    const bool persistent = key.ends_with("-init");
    const bool sends = key != "irecv" && key != "recv-init";
    const std::map<std::string, std::string> calls = {
        {"isend", "MPI_Isend"},        {"issend", "MPI_Issend"}, {"ibsend", "MPI_Ibsend"},
        {"irsend", "MPI_Irsend"},      {"irecv", "MPI_Irecv"},   {"send-init", "MPI_Send_init"},
        {"recv-init", "MPI_Recv_init"}};
    const std::string call = calls.at(key);
    const bool forgotten = ending == Ending::forgotten;
    std::string ending_code;
    if (ending == Ending::wait)
        ending_code = "MPI_Wait(&req, MPI_STATUS_IGNORE); // @complete";
    else if (ending == Ending::free_after_ack)
        ending_code = "MPI_Request_free(&req); /* rank 1's acknowledgement proves completion */ // @complete";
    if (persistent && !forgotten)
        ending_code += "\nMPI_Request_free(&req);";
    const std::string start = persistent ? call + "(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @start\nMPI_Start(&req);"
                                         : call + "(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @start";
    std::string rank0, rank1;
    if (sends) {
        rank0 = fill(R"(int value = 42;
MPI_Request req;
${ATTACH}
${READY}
${START}
${ENDING}
int ack;
MPI_Recv(&ack, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
errors += ack != 43;
${DETACH})",
                     {{"ATTACH", key == "ibsend" ? attach_buffer(1) : ""},
                      {"READY", key == "irsend" ? kReadyBarrier : ""},
                      {"START", start},
                      {"ENDING", ending_code},
                      {"DETACH", key == "ibsend" ? kDetachBuffer : ""}});
        rank1 = fill(R"(int value;
${RECEIVE}
errors += value != 42;
int ack = value + 1;
MPI_Send(&ack, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);)",
                     {{"RECEIVE", key == "irsend" ? R"(MPI_Request req;
MPI_Irecv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
MPI_Barrier(MPI_COMM_WORLD);
MPI_Wait(&req, MPI_STATUS_IGNORE);)"
                                                  : "MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);"}});
    } else {
        rank0 = fill(R"(int value = -1;
MPI_Request req;
${START}
${ENDING}
${CHECK})",
                     {{"START", start}, {"ENDING", ending_code}, {"CHECK", forgotten ? "" : "errors += value != 42;"}});
        rank1 = R"(int value = 42;
MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);)";
    }
    const std::string what = persistent ? "starts a persistent " + call + " request" : "starts one " + call;
    Case c;
    if (forgotten) {
        c.name = key + "-never-completed-nok";
        c.description = "Rank 0 " + what + " and never waits for, tests or frees it" + ", so the request is still active at MPI_Finalize.";
        c.error = "nb.request.missing-completion";
        c.expect_at = "start";
        c.twins = {key + "-wait-ok"};
        if (key == "isend" || key == "issend")
            c.twins.push_back(key + "-free-after-ack-ok");
        c.note = kFinalizeNote;
    } else if (ending == Ending::wait) {
        c.name = key + "-wait-ok";
        c.description = "Rank 0 " + what + " and completes it with MPI_Wait" +
                        (persistent ? " before freeing the request." : ".");
    } else {
        c.name = key + "-free-after-ack-ok";
        c.description = "Rank 0 " + what +
                        ", frees the active request, and knows the send has completed once rank 1 acknowledges the message.";
        c.note = "MPI-3.1 §3.7.3: an active send request may be freed; the reply tells the sender that the send completed.";
    }
    c.code = program("", two_ranks(rank0, rank1));
    return c;
}

std::vector<Case> missing_completion_cases()
{
    std::vector<Case> cases;
    for (const auto& op : kNonblocking)
        for (const auto& completion : kCompletions)
            for (bool one_short : {false, true})
                cases.push_back(completion_case(op, completion, one_short));
    for (const std::string key : {"isend", "issend", "ibsend", "irsend", "irecv", "send-init", "recv-init"}) {
        cases.push_back(single_request_case(key, Ending::forgotten));
        cases.push_back(single_request_case(key, Ending::wait));
        if (key == "isend" || key == "issend")
            cases.push_back(single_request_case(key, Ending::free_after_ack));
    }
    return cases;
}

// ---------------------------------------------------------------------------
// Reuse of an active request: the handle of a pending operation is
// overwritten by the next operation, so the first one can never be completed.

const std::map<std::string, std::string> kCallOf = {
    {"isend", "MPI_Isend"}, {"issend", "MPI_Issend"}, {"irecv", "MPI_Irecv"}};

// What rank 1 does to match rank 0's operation `key` on `buffer` with `tag`.
std::string peer_match(const std::string& key, const std::string& buffer, int value, int tag)
{
    const std::string t = std::to_string(tag);
    if (key == "irecv")
        return "int " + buffer + " = " + std::to_string(value) + ";\nMPI_Send(&" + buffer +
               ", 1, MPI_INT, 0, " + t + ", MPI_COMM_WORLD);";
    return "int " + buffer + ";\nMPI_Recv(&" + buffer + ", 1, MPI_INT, 0, " + t +
           ", MPI_COMM_WORLD, MPI_STATUS_IGNORE);\nerrors += " + buffer + " != " + std::to_string(value) + ";";
}

Case reuse_sequence_case(const std::string& first, const std::string& second, bool wait_between)
{
    const bool first_receives = first == "irecv";
    const bool second_receives = second == "irecv";
    const std::string rank0 = fill(
        R"(int first = ${FIRST_INIT}, second = ${SECOND_INIT};
MPI_Request req;
${FIRST_CALL}(&first, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @first
${BETWEEN}
${SECOND_CALL}(&second, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &req); // @reuse
MPI_Wait(&req, MPI_STATUS_IGNORE);
${SECOND_CHECK})",
        {{"FIRST_INIT", first_receives ? "-1" : "10"},
         {"SECOND_INIT", second_receives ? "-1" : "20"},
         {"FIRST_CALL", kCallOf.at(first)},
         {"BETWEEN", !wait_between ? ""
                     : first_receives ? "MPI_Wait(&req, MPI_STATUS_IGNORE);\nerrors += first != 10;"
                                      : "MPI_Wait(&req, MPI_STATUS_IGNORE);"},
         {"SECOND_CALL", kCallOf.at(second)},
         {"SECOND_CHECK", second_receives ? "errors += second != 20;" : ""}});
    const std::string rank1 = peer_match(first, "first", 10, 0) + "\n" + peer_match(second, "second", 20, 1);
    Case c;
    const std::string stem = "reuse-" + first + "-then-" + second;
    const std::string ops = kCallOf.at(first) + " and then " + kCallOf.at(second);
    if (wait_between) {
        c.name = stem + "-wait-between-ok";
        c.description = "Rank 0 starts " + ops + " with the same request variable, completing the first with MPI_Wait before reusing the variable.";
    } else {
        c.name = stem + "-nok";
        c.description = "Rank 0 starts " + ops + " with the same request variable while the first is still active, so the first request is lost and never completed.";
        c.error = "nb.request.reuse-active";
        c.expect_at = "first reuse";
        c.twins = {stem + "-wait-between-ok"};
    }
    c.code = program("", two_ranks(rank0, rank1));
    return c;
}

Case reuse_loop_case(const std::string& key, bool wait_each)
{
    const bool receives = key == "irecv";
    const std::string post = kCallOf.at(key) + "(&values[i], 1, MPI_INT, 1, i, MPI_COMM_WORLD, &req); // @post";
    std::string loop;
    if (wait_each)
        loop = "for (int i = 0; i < N; i++) {\n    " + post + "\n    MPI_Wait(&req, MPI_STATUS_IGNORE);\n}" +
               (receives ? "\nfor (int i = 0; i < N; i++)\n    errors += values[i] != 10 + i;" : "");
    else
        loop = "for (int i = 0; i < N; i++)\n    " + post + "\nMPI_Wait(&req, MPI_STATUS_IGNORE);" +
               (receives ? "\nerrors += values[N - 1] != 10 + N - 1;" : "");
    const std::string rank0 = fill(R"(int values[N] = ${INIT};
MPI_Request req;
${LOOP})",
                                   {{"INIT", receives ? "{-1, -1, -1}" : "{10, 11, 12}"}, {"LOOP", loop}});
    const std::string rank1 = receives ? R"(int values[N] = {10, 11, 12};
for (int i = 0; i < N; i++)
    MPI_Send(&values[i], 1, MPI_INT, 0, i, MPI_COMM_WORLD);)"
                                       : R"(int values[N];
for (int i = 0; i < N; i++) {
    MPI_Recv(&values[i], 1, MPI_INT, 0, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    errors += values[i] != 10 + i;
})";
    Case c;
    const std::string stem = "reuse-" + key + "-loop";
    if (wait_each) {
        c.name = stem + "-wait-each-ok";
        c.description = "Rank 0 starts 3 " + kCallOf.at(key) + " operations in a loop with one request variable and waits for each before the next.";
    } else {
        c.name = stem + "-nok";
        c.description = "Rank 0 starts 3 " + kCallOf.at(key) + " operations in a loop with one request variable and waits only after the loop, so the first two requests are overwritten while active.";
        c.error = "nb.request.reuse-active";
        c.expect_at = "post";
        c.twins = {stem + "-wait-each-ok"};
    }
    c.code = program("enum { N = 3 };\n", two_ranks(rank0, rank1));
    return c;
}

std::vector<Case> reuse_cases()
{
    std::vector<Case> cases;
    for (const std::string first : {"isend", "issend", "irecv"})
        for (const std::string second : {"isend", "irecv"})
            for (bool wait_between : {true, false})
                cases.push_back(reuse_sequence_case(first, second, wait_between));
    for (const std::string key : {"isend", "issend", "irecv"})
        for (bool wait_each : {true, false})
            cases.push_back(reuse_loop_case(key, wait_each));
    return cases;
}

// ---------------------------------------------------------------------------
// Double completion: the request is completed through a bookkeeping copy of
// its handle, then completed again through the original variable, which
// still holds the stale handle. Completing the copy again is legal: it is
// MPI_REQUEST_NULL by then, and MPI_Wait/MPI_Test return at once for it.

const std::map<std::string, std::string> kFirstCompletion = {
    {"wait", "MPI_Wait(&table[0], MPI_STATUS_IGNORE); // @first"},
    {"test", "int done = 0;\nwhile (!done)\n    MPI_Test(&table[0], &done, MPI_STATUS_IGNORE); // @first"},
    {"waitall", "MPI_Status statuses[1];\nMPI_Waitall(1, table, statuses); // @first"},
    {"waitany", "int which;\nMPI_Waitany(1, table, &which, MPI_STATUS_IGNORE); // @first"},
    {"free", "MPI_Request_free(&table[0]); // @first"},
};

const std::map<std::string, std::string> kFirstHow = {
    {"wait", "MPI_Wait"}, {"test", "an MPI_Test loop"}, {"waitall", "MPI_Waitall"},
    {"waitany", "MPI_Waitany"}, {"free", "MPI_Request_free (rank 1's acknowledgement proves the send complete)"}};

Case double_completion_case(const std::string& key, const std::string& first, const std::string& second,
                            bool stale)
{
    const bool sends = key == "isend";
    const std::string handle = stale ? "&req" : "&table[0]";
    const std::string second_code =
        second == "wait" ? "MPI_Wait(" + handle + ", MPI_STATUS_IGNORE); // @second"
                         : "int flag;\nMPI_Test(" + handle + ", &flag, MPI_STATUS_IGNORE); // @second\nerrors += !flag;";
    const std::string rank0 = fill(R"(int value = ${INIT};
MPI_Request req;
${CALL}(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @start
MPI_Request table[1] = {req}; /* bookkeeping copy of the handle */
${FIRST}
${AFTER_FIRST}
${SECOND})",
                                   {{"INIT", sends ? "42" : "-1"},
                                    {"CALL", sends ? "MPI_Isend" : "MPI_Irecv"},
                                    {"FIRST", kFirstCompletion.at(first)},
                                    {"AFTER_FIRST", sends ? "int ack;\nMPI_Recv(&ack, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);\nerrors += ack != 43;"
                                                          : "errors += value != 42;"},
                                    {"SECOND", second_code}});
    const std::string rank1 = sends ? R"(int value;
MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
errors += value != 42;
int ack = value + 1;
MPI_Send(&ack, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);)"
                                    : R"(int value = 42;
MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);)";
    const std::string second_call = second == "wait" ? "MPI_Wait" : "MPI_Test";
    const std::string stem = "double-" + key + "-" + first + "-then-" + second;
    const std::string done = "Rank 0 completes an " + std::string(sends ? "MPI_Isend" : "MPI_Irecv") +
                             " request through a copy of its handle with " + kFirstHow.at(first);
    Case c;
    if (stale) {
        c.name = stem + "-stale-handle-nok";
        c.description = done + " and then calls " + second_call +
                        " on the original variable, which still holds the handle of the request that no longer exists.";
        c.error = "nb.request.double-completion";
        c.expect_at = "start second";
        c.twins = {stem + "-null-handle-ok"};
        c.note = "MPI-3.1 §3.7.3: completion (or MPI_Request_free) deallocates the request and sets only the handle passed to MPI_REQUEST_NULL; another copy of the handle is then invalid." +
                 std::string(sends ? " Natively both MPI implementations return from the call." : " Natively both MPI implementations abort.");
        if (!sends)
            c.tags = "crash";
    } else {
        c.name = stem + "-null-handle-ok";
        c.description = done + " and calls " + second_call +
                        " again on that same copy, which is MPI_REQUEST_NULL by then, so the call returns at once.";
        c.note = "MPI-3.1 §3.7.3: MPI_Wait and MPI_Test accept MPI_REQUEST_NULL and return at once with an empty status.";
    }
    c.code = program("", two_ranks(rank0, rank1));
    return c;
}

std::vector<Case> double_completion_cases()
{
    std::vector<Case> cases;
    for (const std::string key : {"isend", "irecv"})
        for (const std::string first : {"wait", "test", "waitall", "waitany", "free"}) {
            if (first == "free" && key == "irecv")
                continue;  // an active receive request should never be freed (MPI-3.1 §3.7.3)
            for (const std::string second : {"wait", "test"})
                for (bool stale : {false, true})
                    cases.push_back(double_completion_case(key, first, second, stale));
        }
    return cases;
}

// ---------------------------------------------------------------------------
// Persistent requests: started again while active, or never started.

struct Persistent {
    std::string key;
    std::string init;
    bool sends;
};

const std::vector<Persistent> kPersistent = {
    {"send-init", "MPI_Send_init", true},
    {"ssend-init", "MPI_Ssend_init", true},
    {"bsend-init", "MPI_Bsend_init", true},
    {"recv-init", "MPI_Recv_init", false},
};

// Rank 1's side of rank 0's persistent requests: `rounds` rounds ("1" for a
// single one) of messages on `tags` tags; the message of (round, tag) carries
// 10 * (tag + 1) + round, and a persistent send repeats its first value.
std::string persistent_peer(bool rank0_sends, const std::string& rounds, int tags)
{
    const std::string tag = tags > 1 ? "tag" : "0";
    std::string value = tags > 1 ? "10 * (tag + 1)" : "10";
    if (!rank0_sends && rounds != "1")
        value += " + round";
    std::string code = rank0_sends ? "int value;\nMPI_Recv(&value, 1, MPI_INT, 0, " + tag +
                                         ", MPI_COMM_WORLD, MPI_STATUS_IGNORE);\nerrors += value != " + value + ";"
                                   : "int value = " + value + ";\nMPI_Send(&value, 1, MPI_INT, 0, " + tag +
                                         ", MPI_COMM_WORLD);";
    if (tags > 1)
        code = "for (int tag = 0; tag < " + std::to_string(tags) + "; tag++) {\n" + indent(code) + "\n}";
    if (rounds != "1")
        code = "for (int round = 0; round < " + rounds + "; round++) {\n" + indent(code) + "\n}";
    return code;
}

// Pattern "twice": two rounds with MPI_Start; "loop": ROUNDS rounds in a loop;
// "startall": two requests started together for two rounds. The erroneous
// variant starts the next round before completing the previous one.
Case start_active_case(const Persistent& p, const std::string& pattern, bool complete_each)
{
    const bool loop = pattern == "loop";
    const int tags = pattern == "startall" ? 2 : 1;
    std::string body;
    if (pattern == "startall") {
        auto check = [&](int round) {
            return p.sends ? std::string()
                           : "\nerrors += values[0] != " + std::to_string(10 + round) + " || values[1] != " +
                                 std::to_string(20 + round) + ";";
        };
        body = fill(R"(int values[2] = ${INIT};
MPI_Request reqs[2];
MPI_Status statuses[2];
${INIT_CALL}(&values[0], 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]); // @init
${INIT_CALL}(&values[1], 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &reqs[1]);
MPI_Startall(2, reqs);
${BETWEEN}
MPI_Startall(2, reqs); // @restart
MPI_Waitall(2, reqs, statuses);${CHECK1}
MPI_Request_free(&reqs[0]);
MPI_Request_free(&reqs[1]);)",
                    {{"INIT", p.sends ? "{10, 20}" : "{-1, -1}"},
                     {"INIT_CALL", p.init},
                     {"BETWEEN", complete_each ? "MPI_Waitall(2, reqs, statuses);" + check(0) : ""},
                     {"CHECK1", check(1)}});
    } else if (pattern == "twice") {
        auto check = [&](int round) {
            return p.sends ? std::string() : "\nerrors += value != " + std::to_string(10 + round) + ";";
        };
        body = fill(R"(int value = ${INIT};
MPI_Request req;
${INIT_CALL}(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @init
MPI_Start(&req);
${BETWEEN}
MPI_Start(&req); // @restart
MPI_Wait(&req, MPI_STATUS_IGNORE);${CHECK1}
MPI_Request_free(&req);)",
                    {{"INIT", p.sends ? "10" : "-1"},
                     {"INIT_CALL", p.init},
                     {"BETWEEN", complete_each ? "MPI_Wait(&req, MPI_STATUS_IGNORE);" + check(0) : ""},
                     {"CHECK1", check(1)}});
    } else {
        const std::string wait = "MPI_Wait(&req, MPI_STATUS_IGNORE);";
        std::string rounds;
        if (complete_each)
            rounds = "for (int round = 0; round < ROUNDS; round++) {\n    MPI_Start(&req); // @restart\n    " + wait +
                     (p.sends ? "" : "\n    errors += value != 10 + round;") + "\n}";
        else
            rounds = "for (int round = 0; round < ROUNDS; round++)\n    MPI_Start(&req); // @restart\n" + wait +
                     (p.sends ? "" : "\nerrors += value != 10 + ROUNDS - 1;");
        body = fill(R"(int value = ${INIT};
MPI_Request req;
${INIT_CALL}(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @init
${ROUNDS}
MPI_Request_free(&req);)",
                    {{"INIT", p.sends ? "10" : "-1"}, {"INIT_CALL", p.init}, {"ROUNDS", rounds}});
    }
    const int round_count = loop ? 3 : 2;
    if (p.key == "bsend-init")  // room for every message even when rounds overlap
        body = attach_buffer(round_count * tags) + "\n" + body + "\n" + kDetachBuffer;
    const std::string what = pattern == "startall" ? "two persistent " + p.init + " requests"
                                                   : "a persistent " + p.init + " request";
    const std::string rounds_text = std::to_string(round_count) + " rounds";
    const std::string start = pattern == "startall" ? "MPI_Startall" : "MPI_Start";
    const std::string stem = "start-" + p.key + "-" + pattern;
    Case c;
    if (complete_each) {
        c.name = stem + "-complete-each-ok";
        c.description = "Rank 0 runs " + what + " for " + rounds_text + ", completing each round before the next " + start + ".";
    } else {
        c.name = stem + "-nok";
        c.description = "Rank 0 runs " + what + " for " + rounds_text + " but calls " + start +
                        " again before the previous round has completed, so it starts an active request.";
        c.error = "nb.request.persistent-start-active";
        c.expect_at = "init restart";
        c.twins = {stem + "-complete-each-ok"};
        c.note = "MPI-3.1 §3.9: the request passed to MPI_Start/MPI_Startall must be inactive. Natively MPICH aborts "
                 "(\"already active\")" + std::string(pattern == "startall" ? " and so does Open MPI (MPI_ERR_REQUEST)." : " while Open MPI runs on.");
        c.tags = pattern == "startall" ? "crash" : "crash-mpich";
    }
    c.code = program(loop ? "enum { ROUNDS = 3 };\n" : "",
                     two_ranks(body, persistent_peer(p.sends, loop ? "ROUNDS" : "2", tags)));
    return c;
}

std::vector<Case> start_active_cases()
{
    std::vector<Case> cases;
    for (const auto& p : kPersistent)
        for (const std::string pattern : {"twice", "loop", "startall"})
            for (bool complete_each : {true, false})
                cases.push_back(start_active_case(p, pattern, complete_each));
    return cases;
}

// Missing start on the receiving side: the completion call on the inactive
// request returns at once, rank 0 reads a buffer MPI never filled, and the
// message rank 1 sent is never received.
Case missing_start_receive_case(const std::string& pattern, bool started)
{
    std::string rank0;
    std::string messages = "1";
    int tags = 1;
    if (pattern == "wait" || pattern == "test") {
        const std::string complete = pattern == "wait"
                                         ? "MPI_Wait(&req, MPI_STATUS_IGNORE); // @complete"
                                         : "int flag = 0;\nwhile (!flag)\n    MPI_Test(&req, &flag, MPI_STATUS_IGNORE); // @complete";
        rank0 = fill(R"(int value = -1;
MPI_Request req;
MPI_Recv_init(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @init
${START}
${COMPLETE}
errors += value != 10;
MPI_Request_free(&req);)",
                     {{"START", started ? "MPI_Start(&req);" : ""}, {"COMPLETE", complete}});
    } else if (pattern == "waitall") {
        tags = 2;
        rank0 = fill(R"(int values[2] = {-1, -1};
MPI_Request reqs[2];
MPI_Status statuses[2];
MPI_Recv_init(&values[0], 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]);
MPI_Recv_init(&values[1], 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &reqs[1]); // @init
${START}
MPI_Waitall(2, reqs, statuses); // @complete
errors += values[0] != 10 || values[1] != 20;
MPI_Request_free(&reqs[0]);
MPI_Request_free(&reqs[1]);)",
                     {{"START", started ? "MPI_Startall(2, reqs);" : "MPI_Start(&reqs[0]);"}});
    } else {
        messages = "ROUNDS";
        rank0 = fill(R"(int value = -1;
MPI_Request req;
MPI_Recv_init(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @init
${LOOP}
MPI_Request_free(&req);)",
                     {{"LOOP", started ? R"(for (int round = 0; round < ROUNDS; round++) {
    MPI_Start(&req);
    MPI_Wait(&req, MPI_STATUS_IGNORE); // @complete
    errors += value != 10 + round;
})"
                                       : R"(MPI_Start(&req);
for (int round = 0; round < ROUNDS; round++) {
    MPI_Wait(&req, MPI_STATUS_IGNORE); // @complete
    errors += value != 10 + round;
})"}});
    }
    const std::string stem = "missing-start-recv-init-" + pattern;
    Case c;
    const std::map<std::string, std::string> how = {
        {"wait", "a persistent MPI_Recv_init request and waits for it with MPI_Wait"},
        {"test", "a persistent MPI_Recv_init request and polls it with MPI_Test"},
        {"waitall", "two persistent MPI_Recv_init requests and completes them with MPI_Waitall"},
        {"loop", "a persistent MPI_Recv_init request and waits for it in each of 3 rounds"}};
    if (started) {
        c.name = stem + "-started-ok";
        c.description = "Rank 0 creates " + how.at(pattern) + ", starting the request" +
                        (pattern == "waitall" ? "s" : "") + (pattern == "loop" ? " in every round." : " first.");
    } else {
        c.name = stem + "-nok";
        const std::map<std::string, std::string> missing = {
            {"wait", "without ever starting it"},
            {"test", "without ever starting it"},
            {"waitall", "but starts only the first one"},
            {"loop", "but starts it only before the first round"}};
        c.description = "Rank 0 creates " + how.at(pattern) + " " + missing.at(pattern) +
                        ", so it reads data that was never received and rank 1's message is never matched.";
        c.error = "nb.request.persistent-missing-start";
        c.expect_at = "init complete";
        c.twins = {stem + "-started-ok"};
        c.note = "Completing an inactive persistent request is itself legal and returns at once (MPI-3.1 §3.7.3, §3.9); "
                 "the error is that the program relies on a transfer that never happened: rank 0 never posts the receive "
                 "matching a message rank 1 sent to it, which MPI-3.1 §8.7 requires before MPI_Finalize, and it reads a "
                 "receive buffer MPI never filled.";
    }
    const std::string rank1 = persistent_peer(false, messages, tags);
    c.code = program(pattern == "loop" ? "enum { ROUNDS = 3 };\n" : "", two_ranks(rank0, rank1));
    return c;
}

// Missing start on the sending side: rank 1's receive can never be matched and it blocks forever.
Case missing_start_send_case(const std::string& init, const std::string& pattern, bool started)
{
    const bool loop = pattern == "loop";
    std::string rank0 = fill(R"(int value = 10;
MPI_Request req;
${INIT}(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @init
${BODY}
MPI_Request_free(&req);)",
                             {{"INIT", init},
                              {"BODY", !loop ? std::string(started ? "MPI_Start(&req);\n" : "") +
                                                   "MPI_Wait(&req, MPI_STATUS_IGNORE); // @complete"
                                       : started ? R"(for (int round = 0; round < ROUNDS; round++) {
    MPI_Start(&req);
    MPI_Wait(&req, MPI_STATUS_IGNORE); // @complete
})"
                                                 : R"(MPI_Start(&req);
for (int round = 0; round < ROUNDS; round++)
    MPI_Wait(&req, MPI_STATUS_IGNORE); // @complete)"}});
    const std::string rank1 = persistent_peer(true, loop ? "ROUNDS" : "1", 1);
    const std::string key = init == "MPI_Send_init" ? "send-init" : "ssend-init";
    const std::string stem = "missing-start-" + key + "-" + pattern;
    const std::string what = "Rank 0 creates a persistent " + init + " request and waits for it" +
                             (loop ? " in each of 3 rounds" : "");
    Case c;
    if (started) {
        c.name = stem + "-started-ok";
        c.description = what + ", starting it " + (loop ? "in every round." : "first.");
    } else {
        c.name = stem + "-nok";
        c.description = what + (loop ? " but starts it only before the first round" : " without ever starting it") +
                        ", so rank 1 blocks forever in a receive that no send matches.";
        c.error = "nb.request.persistent-missing-start";
        c.expect_at = "init complete";
        c.twins = {stem + "-started-ok"};
        c.timeout = 10;
        c.tags = "deadlock";
        c.note = "Completing an inactive persistent request is legal and returns at once (MPI-3.1 §3.7.3, §3.9); the "
                 "message rank 1 waits for is never sent, so both MPI implementations hang.";
    }
    c.code = program(loop ? "enum { ROUNDS = 3 };\n" : "", two_ranks(rank0, rank1));
    return c;
}

std::vector<Case> missing_start_cases()
{
    std::vector<Case> cases;
    for (const std::string pattern : {"wait", "test", "waitall", "loop"})
        for (bool started : {true, false})
            cases.push_back(missing_start_receive_case(pattern, started));
    for (const auto& [init, pattern] : std::vector<std::pair<std::string, std::string>>{
             {"MPI_Send_init", "wait"}, {"MPI_Ssend_init", "wait"}, {"MPI_Send_init", "loop"}})
        for (bool started : {true, false})
            cases.push_back(missing_start_send_case(init, pattern, started));
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
    for (auto part : {missing_completion_cases(), reuse_cases(), double_completion_cases(), start_active_cases(),
                      missing_start_cases()})
        cases.insert(cases.end(), part.begin(), part.end());
    write_cases(argv[1], kGenerator, kGroup, cases);
    return 0;
}
