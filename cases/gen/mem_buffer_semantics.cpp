// Generates cases/mem/buffer-semantics/: buffer semantics errors in the sense of the
// memchecker thesis (send and receive counts beyond the allocation, uninitialised
// send data, the undefined MPI_ERROR field, received data overwritten before it is
// read or never read), each with a minimally different correct twin.
//
// usage: mem_buffer_semantics OUTDIR   (writes OUTDIR/mem/buffer-semantics/*.c)

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

const char* const kGenerator = "cases/gen/mem_buffer_semantics.cpp";
const char* const kGroup = "mem/buffer-semantics";

const char* const kThesis = "S. Fan, semantic memory checking in Open MPI (memchecker), doctoral thesis, section 4.2.3";

// ---------------------------------------------------------------------------
// Rank 0's send of `data` ("buffer, count, datatype") to rank 1 with one of
// the send calls; the call carries the marker @send.

std::string send_code(const std::string& op, const std::string& data)
{
    const std::string args = data + ", 1, 0, MPI_COMM_WORLD";
    if (op == "send" || op == "ssend")
        return std::string(op == "send" ? "MPI_Send(" : "MPI_Ssend(") + args + "); // @send";
    if (op == "isend")
        return "MPI_Request req;\nMPI_Isend(" + args + ", &req); // @send\nMPI_Wait(&req, MPI_STATUS_IGNORE);";
    if (op == "send-init")
        return "MPI_Request req;\nMPI_Send_init(" + args +
               ", &req);\nMPI_Start(&req); // @send\nMPI_Wait(&req, MPI_STATUS_IGNORE);\nMPI_Request_free(&req);";
    // sendrecv: rank 1 answers with a token in the same exchange
    return "int token;\nMPI_Sendrecv(" + data +
           ", 1, 0, &token, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @send\nerrors += token != 5;";
}

// Rank 0's receive into `data` from rank 1, marked @`marker`; `declare` is
// false when an earlier receive already declared the request variable.
std::string recv_code(const std::string& op, const std::string& data, const std::string& marker = "recv",
                      bool declare = true)
{
    const std::string args = data + ", 1, 0, MPI_COMM_WORLD";
    const std::string request = declare ? "MPI_Request req;\n" : "";
    if (op == "recv")
        return "MPI_Recv(" + args + ", MPI_STATUS_IGNORE); // @" + marker;
    if (op == "irecv")
        return request + "MPI_Irecv(" + args + ", &req); // @" + marker + "\nMPI_Wait(&req, MPI_STATUS_IGNORE);";
    if (op == "recv-init")
        return request + "MPI_Recv_init(" + args + ", &req);\nMPI_Start(&req); // @" + marker +
               "\nMPI_Wait(&req, MPI_STATUS_IGNORE);\nMPI_Request_free(&req);";
    if (op == "mrecv")
        return "MPI_Message message;\nMPI_Status probed;\nMPI_Mprobe(1, 0, MPI_COMM_WORLD, &message, &probed);\nMPI_Mrecv(" +
               data + ", &message, MPI_STATUS_IGNORE); // @" + marker;
    // sendrecv: rank 0 answers with a token in the same exchange
    return "int token = 5;\nMPI_Sendrecv(&token, 1, MPI_INT, 1, 1, " + data + ", 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @" +
           marker;
}

// Rank 1 sends `values` ints 10, 11, ... to rank 0 (answering `op` == "sendrecv" in kind).
std::string peer_send(const std::string& op, const std::string& values)
{
    return fill(op == "sendrecv" ? R"(int out[${N}], token = 5;
for (int i = 0; i < ${N}; i++)
    out[i] = 10 + i;
MPI_Sendrecv(out, ${N}, MPI_INT, 0, 0, &token, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
errors += token != 5;)"
                                 : R"(int out[${N}];
for (int i = 0; i < ${N}; i++)
    out[i] = 10 + i;
MPI_Send(out, ${N}, MPI_INT, 0, 0, MPI_COMM_WORLD);)",
                {{"N", values}});
}

const std::map<std::string, std::string> kSendCall = {
    {"send", "MPI_Send"}, {"ssend", "MPI_Ssend"}, {"isend", "MPI_Isend"},
    {"send-init", "a persistent MPI_Send_init request"}, {"sendrecv", "MPI_Sendrecv"}};

const std::map<std::string, std::string> kRecvCall = {
    {"recv", "MPI_Recv"}, {"irecv", "MPI_Irecv"}, {"recv-init", "a persistent MPI_Recv_init request"},
    {"mrecv", "MPI_Mprobe and MPI_Mrecv"}, {"sendrecv", "MPI_Sendrecv"}};

// ---------------------------------------------------------------------------
// mem.send.overrun: the send count reaches past the malloc'd buffer of N ints.
// Rank 1 receives into room for 16 ints and checks what arrived.

Case send_overrun_case(const std::string& op, const std::string& form, bool erroneous)
{
    const std::map<std::string, std::string> bad_count = {{"one-extra", "N + 1"}, {"bytes-as-count", "N * (int)sizeof *values"}};
    const std::string rank0 = fill(R"(int *values = malloc(N * sizeof *values);
for (int i = 0; i < N; i++)
    values[i] = 10 + i;
${SEND}
free(values);)",
                                   {{"SEND", send_code(op, "values, " + (erroneous ? bad_count.at(form) : std::string("N")) + ", MPI_INT")}});
    const std::string rank1 = fill(R"(int in[16];
MPI_Status status;
${RECEIVE}
int count;
MPI_Get_count(&status, MPI_INT, &count);
errors += count != N;
for (int i = 0; i < count; i++)
    errors += in[i] != 10 + i;)",
                                   {{"RECEIVE", op == "sendrecv"
                                                    ? "int token = 5;\nMPI_Sendrecv(&token, 1, MPI_INT, 0, 1, in, 16, MPI_INT, 0, 0, MPI_COMM_WORLD, &status);"
                                                    : "MPI_Recv(in, 16, MPI_INT, 0, 0, MPI_COMM_WORLD, &status);"}});
    const std::string stem = "send-overrun-" + op + "-" + form;
    const std::map<std::string, std::string> wrong = {
        {"one-extra", "N + 1 ints, one more than the allocation holds"},
        {"bytes-as-count", "N * sizeof(int) ints (the size in bytes passed as the count)"}};
    Case c;
    c.name = stem + (erroneous ? "-nok" : "-ok");
    c.description = "Rank 0 mallocs N ints and sends " + (erroneous ? wrong.at(form) : "exactly those N ints") +
                    " with " + kSendCall.at(op) + ".";
    if (erroneous) {
        c.error = "mem.send.overrun";
        c.expect_at = "send";
        c.twins = {stem + "-ok"};
        c.origin = kThesis;
        c.note = "MPI-3.1 §3.2.2: the send buffer is count consecutive elements of the datatype from buf, all of which must "
                 "lie in the program's memory; here MPI reads past the allocation.";
    }
    c.code = program("enum { N = 4 };\n", two_ranks(rank0, rank1));
    return c;
}

// ---------------------------------------------------------------------------
// mem.recv.overrun: the receive count reaches past the malloc'd buffer, while
// the message is short enough that nothing is written past the allocation.

Case recv_overrun_case(const std::string& op, const std::string& form, bool erroneous)
{
    std::string target = "in", count = "N", message = "N", read = "N";
    if (form == "one-extra") {
        count = erroneous ? "N + 1" : "N";
    } else if (form == "bytes-as-count") {
        count = erroneous ? "N * (int)sizeof *in" : "N";
    } else {  // offset-base: receives N - 1 ints behind in[0]
        target = "in + 1";
        count = erroneous ? "N" : "N - 1";
        message = "N - 1";
        read = "N - 1";
    }
    const std::string rank0 = fill(R"(int *in = malloc(N * sizeof *in);
${RECEIVE}
for (int i = 0; i < ${READ}; i++)
    errors += ${ELEMENT} != 10 + i;
free(in);)",
                                   {{"RECEIVE", recv_code(op, target + ", " + count + ", MPI_INT")},
                                    {"READ", read},
                                    {"ELEMENT", target == "in" ? "in[i]" : "in[1 + i]"}});
    const std::string stem = "recv-overrun-" + op + "-" + form;
    const std::map<std::string, std::string> wrong = {
        {"one-extra", "with a count of N + 1, one more than the allocation holds"},
        {"bytes-as-count", "with a count of N * sizeof(int) (the size in bytes passed as the count)"},
        {"offset-base", "at in + 1 with a count of N, which ends one int past the allocation"}};
    const std::map<std::string, std::string> right = {
        {"one-extra", "with a count of N"},
        {"bytes-as-count", "with a count of N"},
        {"offset-base", "at in + 1 with a count of N - 1, which ends at the end of the allocation"}};
    Case c;
    c.name = stem + (erroneous ? "-nok" : "-ok");
    c.description = "Rank 0 mallocs N ints and receives a message of " + message + " ints into them with " +
                    kRecvCall.at(op) + " " + (erroneous ? wrong.at(form) : right.at(form)) + ".";
    if (op == "mrecv")
        c.requires_ = "mpi-3";
    if (erroneous) {
        c.error = "mem.recv.overrun";
        c.expect_at = "recv";
        c.twins = {stem + "-ok"};
        c.origin = kThesis;
        c.note = "MPI-3.1 §3.2.4: the receive buffer consists of count consecutive elements of the datatype starting at "
                 "buf, so it must hold count elements even when the matched message is shorter; here the message fits, so "
                 "nothing is written past the allocation natively.";
    }
    c.code = program("enum { N = 4 };\n", two_ranks(rank0, peer_send(op == "mrecv" ? "send" : op, message)));
    return c;
}

// ---------------------------------------------------------------------------
// mem.send.uninitialized: sending malloc'd ints that were never written.

Case uninitialized_case(const std::string& op, const std::string& form, bool erroneous)
{
    std::string init;
    if (form == "never-written")
        init = erroneous ? "" : "for (int i = 0; i < N; i++)\n    values[i] = 10 + i;";
    else
        init = std::string("for (int i = 0; i < ") + (erroneous ? "N - 1" : "N") + "; i++)\n    values[i] = 10 + i;";
    const std::string rank0 = fill(R"(int *values = malloc(N * sizeof *values);
${INIT}
${SEND}
free(values);)",
                                   {{"INIT", init}, {"SEND", send_code(op, "values, N, MPI_INT")}});
    const std::string rank1 = R"(int in[N];
MPI_Recv(in, N, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
for (int i = 0; i < N; i++)
    errors += in[i] != 10 + i;)";
    const std::string stem = "uninit-" + op + "-" + form;
    Case c;
    c.name = stem + (erroneous ? "-nok" : "-ok");
    const std::map<std::string, std::string> wrong = {{"never-written", "never writes them"},
                                                      {"last-unwritten", "writes only the first N - 1 of them"}};
    c.description = "Rank 0 mallocs N ints, " + (erroneous ? wrong.at(form) : "writes all of them") + ", and sends all N with " +
                    kSendCall.at(op) + ".";
    if (erroneous) {
        c.error = "mem.send.uninitialized";
        c.expect_at = "send";
        c.twins = {stem + "-ok"};
        c.origin = kThesis;
        c.note = "Not a rule of the MPI standard but of C: malloc'd memory has indeterminate values (C11 §7.22.3.4), and "
                 "the program transmits them and computes with them on rank 1.";
    }
    c.code = program("enum { N = 4 };\n", two_ranks(rank0, rank1));
    return c;
}

// A vector datatype sends only every other int; the gaps may stay unwritten.
Case uninitialized_gap_case(const std::string& op)
{
    const std::string rank0 = fill(R"(int *values = malloc((2 * N - 1) * sizeof *values); /* gaps stay unwritten */
for (int i = 0; i < N; i++)
    values[2 * i] = 10 + i;
MPI_Datatype every_other;
MPI_Type_vector(N, 1, 2, MPI_INT, &every_other);
MPI_Type_commit(&every_other);
${SEND}
MPI_Type_free(&every_other);
free(values);)",
                                   {{"SEND", send_code(op, "values, 1, every_other")}});
    const std::string rank1 = R"(int in[N];
MPI_Recv(in, N, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
for (int i = 0; i < N; i++)
    errors += in[i] != 10 + i;)";
    Case c;
    c.name = "uninit-" + op + "-vector-gaps-unwritten-ok";
    c.description = "Rank 0 writes only every other int of a malloc'd buffer and sends exactly those ints with a vector "
                    "datatype and " + kSendCall.at(op) + "; the unwritten gaps are not part of the message.";
    c.twins = {"uninit-" + op + "-never-written-nok"};
    c.code = program("enum { N = 4 };\n", two_ranks(rank0, rank1));
    return c;
}

// ---------------------------------------------------------------------------
// mem.status.undefined-error-field: single-completion calls leave
// status.MPI_ERROR unset (MPI-3.1 §3.2.5); the return code carries the error.

Case status_case(const std::string& call, bool read_error_field)
{
    const std::string rc = read_error_field ? "" : "int rc = ";
    std::string receive;
    bool receives = true;
    if (call == "recv") {
        receive = rc + "MPI_Recv(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &status); // @call";
    } else if (call == "wait-irecv") {
        receive = "MPI_Request req;\nMPI_Irecv(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);\n" + rc +
                  "MPI_Wait(&req, &status); // @call";
    } else if (call == "wait-isend") {
        receives = false;
        receive = "MPI_Request req;\nMPI_Isend(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);\n" + rc +
                  "MPI_Wait(&req, &status); // @call";
    } else if (call == "test") {
        receive = "MPI_Request req;\nMPI_Irecv(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);\nint flag = 0;\n" +
                  std::string(read_error_field ? "" : "int rc = MPI_SUCCESS;\n") + "while (!flag)\n    " +
                  (read_error_field ? "" : "rc = ") + "MPI_Test(&req, &flag, &status); // @call";
    } else if (call == "waitany") {
        receive = "MPI_Request reqs[1];\nMPI_Irecv(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]);\nint which;\n" + rc +
                  "MPI_Waitany(1, reqs, &which, &status); // @call";
    } else if (call == "sendrecv") {
        receive = "int token = 5;\n" + rc +
                  "MPI_Sendrecv(&token, 1, MPI_INT, 1, 1, &value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &status); // @call";
    } else {  // probe
        receive = rc + "MPI_Probe(1, 0, MPI_COMM_WORLD, &status); // @call\nMPI_Recv(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);";
    }
    const std::string rank0 = fill(R"(int value = ${VALUE};
MPI_Status status;
${RECEIVE}
${CHECK_ERROR}
${CHECK_STATUS})",
                                   {{"VALUE", receives ? "-1" : "42"},
                                    {"RECEIVE", receive},
                                    {"CHECK_ERROR", read_error_field ? "if (status.MPI_ERROR != MPI_SUCCESS) // @read\n    errors++;"
                                                                     : "if (rc != MPI_SUCCESS)\n    errors++;"},
                                    {"CHECK_STATUS", receives ? "errors += status.MPI_SOURCE != 1 || status.MPI_TAG != 0 || value != 42;" : ""}});
    std::string rank1;
    if (!receives)
        rank1 = "int value;\nMPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);\nerrors += value != 42;";
    else if (call == "sendrecv")
        rank1 = "int value = 42, token;\nMPI_Sendrecv(&value, 1, MPI_INT, 0, 0, &token, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);\nerrors += token != 5;";
    else
        rank1 = "int value = 42;\nMPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);";
    const std::map<std::string, std::string> how = {
        {"recv", "MPI_Recv"}, {"wait-irecv", "MPI_Wait on an MPI_Irecv request"},
        {"wait-isend", "MPI_Wait on an MPI_Isend request"}, {"test", "an MPI_Test loop on an MPI_Irecv request"},
        {"waitany", "MPI_Waitany"}, {"sendrecv", "MPI_Sendrecv"}, {"probe", "MPI_Probe"}};
    Case c;
    if (read_error_field) {
        c.name = "status-error-field-" + call + "-nok";
        c.description = "Rank 0 checks status.MPI_ERROR after " + how.at(call) +
                        ", a single-completion call that leaves the field undefined.";
        c.error = "mem.status.undefined-error-field";
        c.expect_at = "call read";
        c.twins = {"status-return-code-" + call + "-ok"};
        c.origin = kThesis;
        c.note = "MPI-3.1 §3.2.5: calls that return one status do not set its MPI_ERROR field (only the multiple-completion "
                 "calls do, when they return MPI_ERR_IN_STATUS); the error is the return code.";
    } else {
        c.name = "status-return-code-" + call + "-ok";
        c.description = "Rank 0 checks the return code of " + how.at(call) + " instead of status.MPI_ERROR.";
    }
    c.code = program("", two_ranks(rank0, rank1));
    return c;
}

// Reading MPI_ERROR is right after a multiple-completion call returned MPI_ERR_IN_STATUS.
Case status_in_status_case(const std::string& call)
{
    const std::string in_status = R"(if (rc == MPI_ERR_IN_STATUS) {
    for (int i = 0; i < 2; i++)
        if (statuses[i].MPI_ERROR != MPI_SUCCESS)
            errors++;
} else if (rc != MPI_SUCCESS) {
    errors++;
})";
    std::string complete;
    if (call == "waitall")
        complete = "int rc = MPI_Waitall(2, reqs, statuses);\n" + in_status;
    else if (call == "testall")
        complete = "int flag = 0, rc = MPI_SUCCESS;\nwhile (!flag && rc == MPI_SUCCESS)\n    rc = MPI_Testall(2, reqs, &flag, statuses);\n" +
                   in_status;
    else  // MPI_Waitsome fills statuses[0 .. completed) in completion order
        complete = R"(int rc = MPI_SUCCESS;
for (int done = 0; done < 2 && rc == MPI_SUCCESS;) {
    int completed, indices[2];
    rc = MPI_Waitsome(2, reqs, &completed, indices, statuses);
    if (rc == MPI_ERR_IN_STATUS) {
        for (int k = 0; k < completed; k++)
            if (statuses[k].MPI_ERROR != MPI_SUCCESS)
                errors++;
    } else if (rc != MPI_SUCCESS) {
        errors++;
    }
    done += completed;
})";
    const std::string rank0 = fill(R"(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
int values[2] = {-1, -1};
MPI_Request reqs[2];
MPI_Status statuses[2];
for (int i = 0; i < 2; i++)
    MPI_Irecv(&values[i], 1, MPI_INT, 1, i, MPI_COMM_WORLD, &reqs[i]);
${COMPLETE}
errors += values[0] != 42 || values[1] != 43;)",
                                   {{"COMPLETE", complete}});
    const std::string rank1 = R"(int values[2] = {42, 43};
for (int i = 0; i < 2; i++)
    MPI_Send(&values[i], 1, MPI_INT, 0, i, MPI_COMM_WORLD);)";
    const std::map<std::string, std::string> how = {{"waitall", "MPI_Waitall"}, {"testall", "an MPI_Testall loop"},
                                                    {"waitsome", "an MPI_Waitsome loop"}};
    Case c;
    c.name = "status-in-status-" + call + "-ok";
    c.description = "Rank 0 completes two receives with " + how.at(call) +
                    " under MPI_ERRORS_RETURN and reads the statuses' MPI_ERROR fields only when the call returned MPI_ERR_IN_STATUS.";
    c.note = "MPI-3.1 §3.7.5: a multiple-completion call that returns MPI_ERR_IN_STATUS sets the MPI_ERROR field of each status.";
    c.code = program("", two_ranks(rank0, rank1));
    return c;
}

// ---------------------------------------------------------------------------
// mem.recv.write-before-read: received ints overwritten before they are read.

Case write_before_read_case(const std::string& op, const std::string& form, bool erroneous)
{
    const std::string overwrite = form == "store-one" ? "in[0] = N; /* slot 0 reused as a counter */ // @overwrite"
                                                      : "memset(in, 0, sizeof in); // @overwrite";
    const std::string use = "int sum = 0;\nfor (int i = 0; i < N; i++)\n    sum += in[i];";
    const std::string rank0 = fill(R"(int in[N];
${RECEIVE}
${FIRST}
${SECOND}
errors += sum != 10 + 11 + 12 + 13;)",
                                   {{"RECEIVE", recv_code(op, "in, N, MPI_INT")},
                                    {"FIRST", erroneous ? overwrite : use},
                                    {"SECOND", erroneous ? use : overwrite}});
    const std::string stem = "wbr-" + op + "-" + form;
    const std::string what = form == "store-one" ? "stores into in[0]" : "clears the whole buffer with memset";
    Case c;
    c.name = stem + (erroneous ? "-nok" : "-read-first-ok");
    c.description = "Rank 0 receives N ints with " + kRecvCall.at(op) + " and " + what + " " +
                    (erroneous ? "before reading the received values." : "only after reading the received values.");
    if (erroneous) {
        c.error = "mem.recv.write-before-read";
        c.expect_at = "recv overwrite";
        c.twins = {stem + "-read-first-ok"};
        c.origin = kThesis;
        c.note = "A warning class: legal MPI, but the transferred data is overwritten before any use (the program's sum is "
                 "wrong).";
    }
    c.code = program("enum { N = 4 };\n", two_ranks(rank0, peer_send(op, "N")));
    return c;
}

// ---------------------------------------------------------------------------
// mem.recv.unused: received ints never read.

Case unused_case(const std::string& op, const std::string& form, bool erroneous)
{
    std::string rank0, rank1 = peer_send(op, "N"), what;
    const std::string receive = recv_code(op, "in, N, MPI_INT");
    if (form == "partial-use") {
        // the thesis' loop: two values per message, only the second one is used
        rank0 = fill(R"(int sum = 0;
for (int round = 0; round < ROUNDS; round++) {
    int in[2];
    ${RECEIVE}
    sum += ${USE};
}
errors += sum != ${EXPECTED};)",
                     {{"RECEIVE", recv_code(op, "in, 2, MPI_INT")},
                      {"USE", erroneous ? "in[1]" : "in[0] + in[1]"},
                      {"EXPECTED", erroneous ? "3 * 11" : "3 * (10 + 11)"}});
        rank1 = fill(R"(for (int round = 0; round < ROUNDS; round++) {
    int out[2] = {10, 11};
    MPI_Send(out, 2, MPI_INT, 0, 0, MPI_COMM_WORLD);
})",
                     {});
        what = erroneous ? "receives 3 messages of 2 ints and only ever reads the second int of each"
                         : "receives 3 messages of 2 ints and reads both ints of each";
    } else if (form == "freed") {
        rank0 = fill(R"(int *in = malloc(N * sizeof *in);
${RECEIVE}
${READ}
free(in); // @reuse)",
                     {{"RECEIVE", recv_code(op, "in, N, MPI_INT")},
                      {"READ", erroneous ? "" : "for (int i = 0; i < N; i++)\n    errors += in[i] != 10 + i;"}});
        what = erroneous ? "receives N ints into a malloc'd buffer and frees it without reading them"
                         : "receives N ints into a malloc'd buffer and reads them before freeing it";
    } else if (form == "finalized") {
        rank0 = fill(R"(int in[N];
${RECEIVE}
${READ})",
                     {{"RECEIVE", receive},
                      {"READ", erroneous ? "" : "for (int i = 0; i < N; i++)\n    errors += in[i] != 10 + i;"}});
        what = erroneous ? "receives N ints and reaches MPI_Finalize without reading them"
                         : "receives N ints and reads them before MPI_Finalize";
    } else {  // received-twice: the second message lands on the unread first one
        const std::string second = recv_code(op, "in, N, MPI_INT", "reuse", false);
        rank0 = fill(R"(int in[N];
${RECEIVE}
${READ_FIRST}
${SECOND}
for (int i = 0; i < N; i++)
    errors += in[i] != 20 + i;)",
                     {{"RECEIVE", receive},
                      {"READ_FIRST", erroneous ? "" : "for (int i = 0; i < N; i++)\n    errors += in[i] != 10 + i;"},
                      {"SECOND", second}});
        rank1 = R"(int out[N];
for (int i = 0; i < N; i++)
    out[i] = 10 + i;
MPI_Send(out, N, MPI_INT, 0, 0, MPI_COMM_WORLD);
for (int i = 0; i < N; i++)
    out[i] = 20 + i;
MPI_Send(out, N, MPI_INT, 0, 0, MPI_COMM_WORLD);)";
        what = erroneous ? "receives N ints and receives the next message into the same buffer without reading the first"
                         : "receives N ints, reads them, and only then receives the next message into the same buffer";
    }
    const std::string stem = "unused-" + op + "-" + form;
    Case c;
    c.name = stem + (erroneous ? "-nok" : "-read-ok");
    c.description = "Rank 0 " + what + " (" + kRecvCall.at(op) + ").";
    if (erroneous) {
        c.error = "mem.recv.unused";
        c.expect_at = form == "partial-use" || form == "finalized" ? "recv" : "recv reuse";
        c.twins = {stem + "-read-ok"};
        c.origin = kThesis;
        c.note = "A warning class: legal MPI, but data is transferred and never used.";
    }
    c.code = program(form == "partial-use" ? "enum { ROUNDS = 3 };\n" : "enum { N = 4 };\n", two_ranks(rank0, rank1));
    return c;
}

std::vector<Case> all_cases()
{
    std::vector<Case> cases;
    for (const std::string op : {"send", "isend", "send-init", "sendrecv"})
        for (const std::string form : {"one-extra", "bytes-as-count"})
            for (bool erroneous : {true, false})
                cases.push_back(send_overrun_case(op, form, erroneous));
    for (const std::string op : {"recv", "irecv", "recv-init", "mrecv"})
        for (const std::string form : {"one-extra", "bytes-as-count", "offset-base"})
            for (bool erroneous : {true, false})
                cases.push_back(recv_overrun_case(op, form, erroneous));
    for (const std::string op : {"send", "isend", "ssend", "send-init"}) {
        for (const std::string form : {"never-written", "last-unwritten"})
            for (bool erroneous : {true, false})
                cases.push_back(uninitialized_case(op, form, erroneous));
        if (op == "send" || op == "isend")
            cases.push_back(uninitialized_gap_case(op));
    }
    for (const std::string call : {"recv", "wait-irecv", "wait-isend", "test", "waitany", "sendrecv", "probe"})
        for (bool read_error_field : {true, false})
            cases.push_back(status_case(call, read_error_field));
    for (const std::string call : {"waitall", "testall", "waitsome"})
        cases.push_back(status_in_status_case(call));
    for (const std::string op : {"recv", "irecv", "sendrecv", "recv-init"})
        for (const std::string form : {"store-one", "clear-all"})
            for (bool erroneous : {true, false})
                cases.push_back(write_before_read_case(op, form, erroneous));
    for (const std::string op : {"recv", "irecv"})
        for (const std::string form : {"partial-use", "freed", "finalized", "received-twice"})
            for (bool erroneous : {true, false})
                cases.push_back(unused_case(op, form, erroneous));
    return cases;
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::cerr << "usage: " << argv[0] << " OUTDIR\n";
        return 2;
    }
    write_cases(argv[1], kGenerator, kGroup, all_cases());
    return 0;
}
