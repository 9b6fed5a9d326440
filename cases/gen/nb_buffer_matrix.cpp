// Generates cases/nb/buffer-matrix/: buffer errors of nonblocking point-to-point
// communication (stores into pending send buffers, accesses to pending receive
// buffers, overlapping buffers of active requests, truncated receives), each with a
// minimally different correct twin.
//
// usage: nb_buffer_matrix OUTDIR   (writes OUTDIR/nb/buffer-matrix/*.c)

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

const char* const kGenerator = "cases/gen/nb_buffer_matrix.cpp";
const char* const kGroup = "nb/buffer-matrix";

// ---------------------------------------------------------------------------
// Where a message lives in rank 0's `int buf[...]`: four contiguous ints at
// buf[2..5], or four ints at stride 2 (buf[0], buf[2], buf[4], buf[6]) through
// a vector datatype whose gaps the operation never touches.

struct Layout {
    bool vector;

    std::string args() const { return vector ? "buf, 1, every_other" : "&buf[2], 4, MPI_INT"; }
    std::string element(const std::string& i) const { return vector ? "buf[2 * " + i + "]" : "buf[2 + " + i + "]"; }
    // Position of buf[index] in the message, or -1 when the message does not cover it.
    int position(int index) const
    {
        if (vector)
            return index % 2 == 0 && index <= 6 ? index / 2 : -1;
        return index >= 2 && index <= 5 ? index - 2 : -1;
    }
    std::string what() const { return vector ? "buf[0], buf[2], buf[4], buf[6] (a vector datatype)" : "buf[2..5]"; }
};

const char* const kVectorType = R"(MPI_Datatype every_other; /* 4 ints at stride 2 */
MPI_Type_vector(4, 1, 2, MPI_INT, &every_other);
MPI_Type_commit(&every_other);)";

const char* const kFreeVectorType = "MPI_Type_free(&every_other);";

// Buffered sends need an attached buffer for one message of `count` x `type`.
std::string attach_buffer(const std::string& count, const std::string& type)
{
    return fill(R"(int attached_size;
MPI_Pack_size(${COUNT}, ${TYPE}, MPI_COMM_WORLD, &attached_size);
attached_size += MPI_BSEND_OVERHEAD;
char *attached = malloc((size_t)attached_size);
MPI_Buffer_attach(attached, attached_size);)",
                {{"COUNT", count}, {"TYPE", type}});
}

const char* const kDetachBuffer = R"(MPI_Buffer_detach(&attached, &attached_size);
free(attached);)";

const char* const kReadyBarrier = "MPI_Barrier(MPI_COMM_WORLD); /* rank 1 has posted its receive */";

// A nonblocking (or persistent) operation of rank 0 on the layout's buffer.
struct Op {
    std::string key;
    std::string call;
    bool persistent;
};

const std::vector<Op> kSendOps = {
    {"isend", "MPI_Isend", false},   {"issend", "MPI_Issend", false},        {"ibsend", "MPI_Ibsend", false},
    {"irsend", "MPI_Irsend", false}, {"send-init", "MPI_Send_init", true},
};

const std::vector<Op> kRecvOps = {{"irecv", "MPI_Irecv", false}, {"recv-init", "MPI_Recv_init", true}};

// The call that makes the buffer pending carries the marker `marker`.
std::string start_code(const Op& op, const Layout& layout, const std::string& peer, const std::string& marker)
{
    const std::string call = op.call + "(" + layout.args() + ", " + peer + ", 0, MPI_COMM_WORLD, &req);";
    if (op.persistent)
        return call + "\nMPI_Start(&req); // @" + marker;
    return call + " // @" + marker;
}

// ---------------------------------------------------------------------------
// Accesses to the buffer of a pending operation.

enum class When { before_post, during, after_wait };

struct Access {
    std::string name;  // case name without the op prefix and verdict
    bool vector;
    bool store;
    int index;
    When when;
    std::vector<std::string> twins;  // names (without op prefix) of correct twins
};

std::string access_words(const Access& a)
{
    return std::string(a.store ? "stores to" : "loads") + " buf[" + std::to_string(a.index) + "]";
}

std::string when_words(const Access& a)
{
    switch (a.when) {
    case When::before_post: return "before starting the operation";
    case When::during: return "while the operation is pending";
    case When::after_wait: return "after MPI_Wait has completed the operation";
    }
    return "";
}

// The access statement; a load keeps the value and checks it once the data is final.
std::string access_code(const Access& a)
{
    const std::string element = "buf[" + std::to_string(a.index) + "]";
    return a.store ? element + " = -2; // @access" : "int seen = " + element + "; // @access";
}

Case send_write_case(const Op& op, const Access& a)
{
    const Layout layout{a.vector};
    const std::string type = layout.vector ? "every_other" : "MPI_INT";
    const std::string rank0 = fill(R"(int buf[8] = {10, 11, 12, 13, 14, 15, 16, 17};
${TYPE}
MPI_Request req;
${ATTACH}
${READY}
${START}
${DURING}
MPI_Wait(&req, MPI_STATUS_IGNORE);
${AFTER}
${LOAD_CHECK}
${FREE_REQUEST}
${DETACH}
${FREE_TYPE})",
                                   {{"TYPE", layout.vector ? kVectorType : ""},
                                    {"ATTACH", op.key == "ibsend" ? attach_buffer(layout.vector ? "1" : "4", type) : ""},
                                    {"READY", op.key == "irsend" ? kReadyBarrier : ""},
                                    {"START", start_code(op, layout, "1", "send")},
                                    {"DURING", a.when == When::during ? access_code(a) : ""},
                                    {"AFTER", a.when == When::after_wait ? access_code(a) : ""},
                                    {"LOAD_CHECK", a.store ? "" : "errors += seen != " + std::to_string(10 + a.index) + ";"},
                                    {"FREE_REQUEST", op.persistent ? "MPI_Request_free(&req);" : ""},
                                    {"DETACH", op.key == "ibsend" ? kDetachBuffer : ""},
                                    {"FREE_TYPE", layout.vector ? kFreeVectorType : ""}});
    const std::string expected = layout.vector ? "10 + 2 * i" : "12 + i";
    const std::string rank1 = fill(op.key == "irsend" ? R"(int in[4];
MPI_Request req;
MPI_Irecv(in, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
MPI_Barrier(MPI_COMM_WORLD);
MPI_Wait(&req, MPI_STATUS_IGNORE);
for (int i = 0; i < 4; i++)
    errors += in[i] != ${EXPECTED};)"
                                                      : R"(int in[4];
MPI_Recv(in, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
for (int i = 0; i < 4; i++)
    errors += in[i] != ${EXPECTED};)",
                                   {{"EXPECTED", expected}});
    const bool covered = layout.position(a.index) >= 0;
    const bool erroneous = a.store && covered && a.when == When::during;
    const std::string call = op.persistent ? "a persistent " + op.call + " request" : op.call;
    Case c;
    c.name = op.key + "-" + a.name + (erroneous ? "-nok" : "-ok");
    c.description = "Rank 0 sends " + layout.what() + " with " + call + " and " + access_words(a) + ", " +
                    (covered ? "an element of the message" : "an element outside the message") + ", " +
                    when_words(a) + ".";
    if (erroneous) {
        c.error = "nb.buffer.send-write";
        c.expect_at = "send access";
        for (const auto& twin : a.twins)
            c.twins.push_back(op.key + "-" + twin + "-ok");
        c.note = "MPI-3.1 §3.7.2: the send buffer of a nonblocking send must not be modified until the send completes.";
    } else if (!a.store && a.when == When::during) {
        c.note = "Reading the buffer of a pending send is allowed since MPI-3.0 (MPI-3.1 §3.7.2).";
    } else if (layout.vector && !covered) {
        c.note = "The vector datatype does not cover buf[3]: the gaps of a derived datatype are not part of the send buffer.";
    }
    c.code = program("", two_ranks(rank0, rank1));
    return c;
}

Case recv_access_case(const Op& op, const Access& a)
{
    const Layout layout{a.vector};
    const int position = layout.position(a.index);
    const std::string rank0 = fill(R"(int buf[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
${TYPE}
MPI_Request req;
${BEFORE}
${START}
${DURING}
MPI_Wait(&req, MPI_STATUS_IGNORE);
${AFTER}
for (int i = 0; i < 4; i++)
    errors += ${ELEMENT} != 20 + i;
${LOAD_CHECK}
${FREE_REQUEST}
${FREE_TYPE})",
                                   {{"TYPE", layout.vector ? kVectorType : ""},
                                    {"BEFORE", a.when == When::before_post ? access_code(a) : ""},
                                    {"START", start_code(op, layout, "1", "recv")},
                                    {"DURING", a.when == When::during ? access_code(a) : ""},
                                    {"AFTER", a.when == When::after_wait ? access_code(a) : ""},
                                    {"ELEMENT", layout.element("i")},
                                    {"LOAD_CHECK", a.store ? "" : "errors += seen != " + std::to_string(position < 0 ? -1 : 20 + position) + ";"},
                                    {"FREE_REQUEST", op.persistent ? "MPI_Request_free(&req);" : ""},
                                    {"FREE_TYPE", layout.vector ? kFreeVectorType : ""}});
    const std::string rank1 = R"(int out[4] = {20, 21, 22, 23};
MPI_Send(out, 4, MPI_INT, 0, 0, MPI_COMM_WORLD);)";
    const bool covered = position >= 0;
    const bool erroneous = covered && a.when == When::during;
    const std::string call = op.persistent ? "a persistent " + op.call + " request" : op.call;
    Case c;
    c.name = op.key + "-" + a.name + (erroneous ? "-nok" : "-ok");
    c.description = "Rank 0 receives into " + layout.what() + " with " + call + " and " + access_words(a) + ", " +
                    (covered ? "an element of the message" : "an element outside the message") + ", " +
                    when_words(a) + ".";
    if (erroneous) {
        c.error = "nb.buffer.recv-access";
        c.expect_at = "recv access";
        for (const auto& twin : a.twins)
            c.twins.push_back(op.key + "-" + twin + "-ok");
        c.note = "MPI-3.1 §3.7.2: the receive buffer of a nonblocking receive must not be accessed until the receive completes.";
    } else if (layout.vector && !covered) {
        c.note = "The vector datatype does not cover buf[3]: MPI never writes the gaps of a derived datatype, so they may be accessed.";
    }
    c.code = program("", two_ranks(rank0, rank1));
    return c;
}

std::vector<Case> send_write_cases()
{
    const std::vector<Access> accesses = {
        {"store-first", false, true, 2, When::during, {"store-before", "store-first-after-wait", "load-first"}},
        {"store-last", false, true, 5, When::during, {"store-past"}},
        {"store-before", false, true, 1, When::during, {}},
        {"store-past", false, true, 6, When::during, {}},
        {"store-first-after-wait", false, true, 2, When::after_wait, {}},
        {"load-first", false, false, 2, When::during, {}},
        {"vector-store-covered", true, true, 4, When::during, {"vector-store-gap"}},
        {"vector-store-gap", true, true, 3, When::during, {}},
    };
    std::vector<Case> cases;
    for (const auto& op : kSendOps)
        for (const auto& a : accesses)
            cases.push_back(send_write_case(op, a));
    return cases;
}

std::vector<Case> recv_access_cases()
{
    const std::vector<Access> accesses = {
        {"load-first", false, false, 2, When::during, {"load-first-after-wait", "load-before"}},
        {"store-first", false, true, 2, When::during, {"store-first-before-post", "store-before"}},
        {"load-last", false, false, 5, When::during, {"load-past"}},
        {"store-last", false, true, 5, When::during, {"store-past"}},
        {"load-before", false, false, 1, When::during, {}},
        {"store-before", false, true, 1, When::during, {}},
        {"load-past", false, false, 6, When::during, {}},
        {"store-past", false, true, 6, When::during, {}},
        {"load-first-after-wait", false, false, 2, When::after_wait, {}},
        {"store-first-before-post", false, true, 2, When::before_post, {}},
        {"vector-load-covered", true, false, 4, When::during, {"vector-load-gap"}},
        {"vector-store-covered", true, true, 4, When::during, {"vector-store-gap"}},
        {"vector-load-gap", true, false, 3, When::during, {}},
        {"vector-store-gap", true, true, 3, When::during, {}},
    };
    std::vector<Case> cases;
    for (const auto& op : kRecvOps)
        for (const auto& a : accesses)
            cases.push_back(recv_access_case(op, a));
    return cases;
}

// ---------------------------------------------------------------------------
// Two active requests of rank 0 on one buffer `int buf[10]`. Each range is
// four ints from a start index, contiguous or at stride 2.

struct Range {
    int start;
    int stride;

    std::string args() const
    {
        return stride == 1 ? "&buf[" + std::to_string(start) + "], 4, MPI_INT"
                           : "&buf[" + std::to_string(start) + "], 1, every_other";
    }
    std::string element(const std::string& i) const
    {
        const std::string offset = stride == 1 ? i : "2 * " + i;
        return "buf[" + (start == 0 ? offset : std::to_string(start) + " + " + offset) + "]";
    }
    std::string sent_value(const std::string& i) const
    {
        const std::string base = std::to_string(10 + start);
        return stride == 1 ? base + " + " + i : base + " + 2 * " + i;
    }
    std::string what() const
    {
        if (stride == 1)
            return "buf[" + std::to_string(start) + ".." + std::to_string(start + 3) + "]";
        return "every other int from buf[" + std::to_string(start) + "]";
    }
};

struct OverlapLayout {
    std::string key;
    Range first, second;
    bool overlapping;
    std::string correct_twin;  // for overlapping layouts: the disjoint layout of the same shape
};

const std::vector<OverlapLayout> kOverlapLayouts = {
    {"same-range", {0, 1}, {0, 1}, true, "adjacent"},
    {"shifted-half", {0, 1}, {2, 1}, true, "adjacent"},
    {"one-element", {0, 1}, {3, 1}, true, "adjacent"},
    {"vector-collide", {0, 2}, {2, 2}, true, "vector-interleave"},
    {"adjacent", {0, 1}, {4, 1}, false, ""},
    {"vector-interleave", {0, 2}, {1, 2}, false, ""},
};

// Rank 0's operations: "irecv" writes its range, "isend" reads it. Message of
// tag t received by rank 0 carries 100 * (t + 1) + i.
Case overlap_case(const std::string& first_op, const std::string& second_op, const OverlapLayout& layout)
{
    const bool any_write = first_op == "irecv" || second_op == "irecv";
    const bool erroneous = layout.overlapping && any_write;
    const bool vector = layout.first.stride == 2;
    auto post = [](const std::string& op, const Range& range, int tag, const std::string& marker) {
        return (op == "irecv" ? "MPI_Irecv(" : "MPI_Isend(") + range.args() + ", 1, " + std::to_string(tag) +
               ", MPI_COMM_WORLD, &reqs[" + std::to_string(tag) + "]); // @" + marker;
    };
    auto check_received = [](const std::string& op, const Range& range, int tag) -> std::string {
        if (op != "irecv")
            return "";
        return "for (int i = 0; i < 4; i++)\n    errors += " + range.element("i") + " != " +
               std::to_string(100 * (tag + 1)) + " + i;";
    };
    const std::string rank0 = fill(R"(int buf[10] = {10, 11, 12, 13, 14, 15, 16, 17, 18, 19};
${TYPE}
MPI_Request reqs[2];
MPI_Status statuses[2];
${FIRST}
${SECOND}
MPI_Waitall(2, reqs, statuses);
${CHECK_FIRST}
${CHECK_SECOND}
${FREE_TYPE})",
                                   {{"TYPE", vector ? kVectorType : ""},
                                    {"FIRST", post(first_op, layout.first, 0, "first")},
                                    {"SECOND", post(second_op, layout.second, 1, "second")},
                                    {"CHECK_FIRST", check_received(first_op, layout.first, 0)},
                                    {"CHECK_SECOND", check_received(second_op, layout.second, 1)},
                                    {"FREE_TYPE", vector ? kFreeVectorType : ""}});
    // Rank 1 matches the two operations in order with blocking calls.
    auto peer = [](const std::string& op, const Range& range, int tag) {
        const std::string t = std::to_string(tag);
        if (op == "irecv")
            return fill(R"(int out${T}[4];
for (int i = 0; i < 4; i++)
    out${T}[i] = ${BASE} + i;
MPI_Send(out${T}, 4, MPI_INT, 0, ${T}, MPI_COMM_WORLD);)",
                        {{"T", t}, {"BASE", std::to_string(100 * (tag + 1))}});
        return fill(R"(int in${T}[4];
MPI_Recv(in${T}, 4, MPI_INT, 0, ${T}, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
for (int i = 0; i < 4; i++)
    errors += in${T}[i] != ${VALUE};)",
                    {{"T", t}, {"VALUE", range.sent_value("i")}});
    };
    const std::string rank1 = peer(first_op, layout.first, 0) + "\n" + peer(second_op, layout.second, 1);
    const std::string stem = "overlap-" + first_op + "-" + second_op + "-";
    Case c;
    c.name = stem + layout.key + (erroneous ? "-nok" : "-ok");
    const std::string verb1 = first_op == "irecv" ? "receives into " : "sends ";
    const std::string verb2 = second_op == "irecv" ? "receives into " : "sends ";
    c.description = "Rank 0 " + verb1 + layout.first.what() + " with MPI_" + (first_op == "irecv" ? "Irecv" : "Isend") +
                    " and, while that is active, " + verb2 + layout.second.what() + " with MPI_" +
                    (second_op == "irecv" ? "Irecv" : "Isend") + "; the two ranges " +
                    (layout.overlapping ? "overlap" : "are disjoint") + ".";
    if (erroneous) {
        c.error = "nb.buffer.overlap";
        c.expect_at = "first second";
        c.twins = {stem + layout.correct_twin + "-ok"};
        if (first_op != second_op)
            c.twins.push_back("overlap-isend-isend-" + layout.key + "-ok");
        c.note = "MPI-3.1 §3.7.2: a buffer being received into must not be accessed by another operation until the receive completes; overlapping send buffers that are only read are allowed.";
    } else if (layout.overlapping) {
        c.note = "Two pending sends only read their buffers, so overlapping send buffers are allowed (MPI-3.1 §3.7.2).";
    }
    c.code = program("", two_ranks(rank0, rank1));
    return c;
}

std::vector<Case> overlap_cases()
{
    std::vector<Case> cases;
    const std::vector<std::pair<std::string, std::string>> writers = {
        {"irecv", "irecv"}, {"irecv", "isend"}, {"isend", "irecv"}};
    for (const auto& [first, second] : writers)
        for (const auto& layout : kOverlapLayouts)
            cases.push_back(overlap_case(first, second, layout));
    for (const auto& layout : kOverlapLayouts)
        if (layout.overlapping)
            cases.push_back(overlap_case("isend", "isend", layout));
    return cases;
}

// ---------------------------------------------------------------------------
// Truncation: rank 1 sends 4 ints; rank 0's receive holds fewer ("short": 2
// ints; "type": one contiguous type of 3 ints), exactly 4 ("exact",
// "type-exact") or more ("larger": 8 ints, the message fills only 4).

struct Shape {
    std::string key;
    int capacity;          // ints in rank 0's buffer
    std::string count;     // receive count
    std::string type;      // receive datatype
    int type_ints;         // ints per datatype element
};

const std::vector<Shape> kShapes = {
    {"short", 2, "2", "MPI_INT", 1},       {"type", 3, "1", "triple", 3},  {"exact", 4, "4", "MPI_INT", 1},
    {"type-exact", 4, "1", "quad", 4},     {"larger", 8, "8", "MPI_INT", 1},
};

std::string receive_call(const std::string& op, const Shape& s)
{
    const std::string args = "in, " + s.count + ", " + s.type + ", 1, 0, MPI_COMM_WORLD";
    if (op == "recv")
        return "MPI_Recv(" + args + ", &status); // @recv";
    if (op == "irecv-wait")
        return "MPI_Request req;\nMPI_Irecv(" + args + ", &req); // @recv\nMPI_Wait(&req, &status);";
    if (op == "irecv-test")
        return "MPI_Request req;\nMPI_Irecv(" + args +
               ", &req); // @recv\nint flag = 0;\nwhile (!flag)\n    MPI_Test(&req, &flag, &status);";
    if (op == "recv-init")
        return "MPI_Request req;\nMPI_Recv_init(" + args +
               ", &req);\nMPI_Start(&req); // @recv\nMPI_Wait(&req, &status);\nMPI_Request_free(&req);";
    // sendrecv: rank 0 sends a token back in the same call
    return "int token = 5;\nMPI_Sendrecv(&token, 1, MPI_INT, 1, 1, " + args + ", &status); // @recv";
}

Case truncation_case(const std::string& op, const Shape& s)
{
    const bool erroneous = s.capacity < 4;
    const bool derived = s.type != "MPI_INT";
    std::string init = "{-1";
    for (int i = 1; i < s.capacity; i++)
        init += ", -1";
    init += "}";
    const int received = std::min(s.capacity, 4);
    const std::string rank0 = fill(R"(int in[${CAPACITY}] = ${INIT};
${TYPE}
MPI_Status status;
${RECEIVE}
int count;
MPI_Get_count(&status, MPI_INT, &count);
errors += count != 4;
for (int i = 0; i < ${RECEIVED}; i++)
    errors += in[i] != 20 + i;
${FREE_TYPE})",
                                   {{"CAPACITY", std::to_string(s.capacity)},
                                    {"INIT", init},
                                    {"TYPE", derived ? "MPI_Datatype " + s.type + ";\nMPI_Type_contiguous(" + std::to_string(s.type_ints) +
                                                           ", MPI_INT, &" + s.type + ");\nMPI_Type_commit(&" + s.type + ");"
                                                     : ""},
                                    {"RECEIVE", receive_call(op, s)},
                                    {"RECEIVED", std::to_string(received)},
                                    {"FREE_TYPE", derived ? "MPI_Type_free(&" + s.type + ");" : ""}});
    const std::string rank1 = op == "sendrecv" ? R"(int out[4] = {20, 21, 22, 23}, token;
MPI_Sendrecv(out, 4, MPI_INT, 0, 0, &token, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @send
errors += token != 5;)"
                                               : R"(int out[4] = {20, 21, 22, 23};
MPI_Send(out, 4, MPI_INT, 0, 0, MPI_COMM_WORLD); // @send)";
    const std::map<std::string, std::string> calls = {{"recv", "MPI_Recv"},
                                                      {"irecv-wait", "MPI_Irecv and MPI_Wait"},
                                                      {"irecv-test", "MPI_Irecv and an MPI_Test loop"},
                                                      {"recv-init", "a persistent MPI_Recv_init request"},
                                                      {"sendrecv", "MPI_Sendrecv"}};
    const std::map<std::string, std::string> room = {
        {"short", "room for only 2 ints"},
        {"type", "room for only one contiguous datatype of 3 ints"},
        {"exact", "room for exactly 4 ints"},
        {"type-exact", "room for exactly one contiguous datatype of 4 ints"},
        {"larger", "room for 8 ints, of which the message fills 4"}};
    const std::string stem = "truncate-" + op + "-";
    Case c;
    c.name = stem + s.key + (erroneous ? "-nok" : "-ok");
    c.description = "Rank 1 sends 4 ints and rank 0 receives them with " + calls.at(op) + " into a buffer with " +
                    room.at(s.key) + ".";
    if (erroneous) {
        c.error = "nb.buffer.truncation";
        c.expect_at = "send recv";
        c.twins = s.key == "short" ? std::vector<std::string>{stem + "exact-ok", stem + "larger-ok"}
                                   : std::vector<std::string>{stem + "type-exact-ok"};
        c.tags = "crash";
        c.note = "MPI-3.1 §3.2.4: a message longer than the receive buffer is an overflow error (MPI_ERR_TRUNCATE); "
                 "with the default error handler Open MPI and MPICH both abort.";
    } else if (s.key == "larger") {
        c.note = "A receive buffer larger than the message is allowed; MPI_Get_count tells how much arrived (MPI-3.1 §3.2.4).";
    }
    c.code = program("", two_ranks(rank0, rank1));
    return c;
}

std::vector<Case> truncation_cases()
{
    std::vector<Case> cases;
    for (const std::string op : {"recv", "irecv-wait", "irecv-test", "recv-init", "sendrecv"})
        for (const auto& shape : kShapes)
            cases.push_back(truncation_case(op, shape));
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
    for (auto part : {send_write_cases(), recv_access_cases(), overlap_cases(), truncation_cases()})
        cases.insert(cases.end(), part.begin(), part.end());
    write_cases(argv[1], kGenerator, kGroup, cases);
    return 0;
}
