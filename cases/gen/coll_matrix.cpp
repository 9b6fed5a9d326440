// Generator of the collective matrix: every blocking collective and its
// nonblocking form, crossed with argument mismatches and invalid arguments
// (coll/arg-matrix), call-order mistakes (coll/order-matrix) and request and
// buffer misuse of nonblocking collectives (coll/nbc-matrix).
//
// Usage: coll_matrix OUTDIR   writes OUTDIR/coll/<group>/<case>.c
//
// All cases run on 2 ranks and move blocks of 2 ints. A case states only the
// argument that differs from the correct call, in a variable set just before
// the call, so an erroneous case and its correct twin differ in a line or two.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <vector>

namespace {

constexpr const char *kGenerator = "cases/gen/coll_matrix.cpp";

// ---------------------------------------------------------------------------
// The collectives

enum Use : unsigned {
    kRoot = 1u << 0,     // has a root
    kOp = 1u << 1,       // reduction
    kData = 1u << 2,     // moves typed data
    kVector = 1u << 3,   // counts (and displacements) arrays
    kW = 1u << 4,        // per-peer datatypes and byte displacements (Alltoallw)
    kBcastBuf = 1u << 5, // one buffer: sent at the root, received elsewhere
};

struct Collective {
    std::string name;    // MPI name without the prefix, e.g. "Bcast"
    unsigned uses;
    std::string args;    // argument list with placeholders, see statement()
    std::string purpose; // completes "All ranks call MPI_Bcast to ..."
    std::string section; // MPI-3.1 section of the blocking form
    int receiver;        // a rank whose receive buffer is written
};

const std::vector<Collective> &collectives()
{
    static const std::vector<Collective> all = {
        {"Barrier", 0, "$COMM", "synchronise", "5.3", -1},
        {"Bcast", kRoot | kData | kBcastBuf, "$BUF, $COUNT, $TYPE, $ROOT, $COMM",
         "broadcast 2 ints from rank 0", "5.4", 1},
        {"Reduce", kRoot | kOp | kData, "$SEND, $RECV, $COUNT, $TYPE, $OP, $ROOT, $COMM",
         "sum 2 ints onto rank 0", "5.9.1", 0},
        {"Allreduce", kOp | kData, "$SEND, $RECV, $COUNT, $TYPE, $OP, $COMM",
         "sum 2 ints onto all ranks", "5.9.6", 1},
        {"Gather", kRoot | kData, "$SEND, $COUNT, $TYPE, $RECV, $COUNT, $TYPE, $ROOT, $COMM",
         "gather 2 ints from each rank onto rank 0", "5.5", 0},
        {"Gatherv", kRoot | kData | kVector,
         "$SEND, $COUNT, $TYPE, $RECV, $COUNTS, $DISPLS, $TYPE, $ROOT, $COMM",
         "gather 2 ints from each rank onto rank 0 with counts and displacements", "5.5", 0},
        {"Scatter", kRoot | kData, "$SEND, $COUNT, $TYPE, $RECV, $COUNT, $TYPE, $ROOT, $COMM",
         "scatter 2 ints from rank 0 to each rank", "5.6", 1},
        {"Scatterv", kRoot | kData | kVector,
         "$SEND, $COUNTS, $DISPLS, $TYPE, $RECV, $COUNT, $TYPE, $ROOT, $COMM",
         "scatter 2 ints from rank 0 to each rank with counts and displacements", "5.6", 1},
        {"Allgather", kData, "$SEND, $COUNT, $TYPE, $RECV, $COUNT, $TYPE, $COMM",
         "gather 2 ints from each rank onto all ranks", "5.7", 1},
        {"Allgatherv", kData | kVector, "$SEND, $COUNT, $TYPE, $RECV, $COUNTS, $DISPLS, $TYPE, $COMM",
         "gather 2 ints from each rank onto all ranks with counts and displacements", "5.7", 1},
        {"Alltoall", kData, "$SEND, $COUNT, $TYPE, $RECV, $COUNT, $TYPE, $COMM",
         "exchange 2 ints between every pair of ranks", "5.8", 1},
        {"Alltoallv", kData | kVector,
         "$SEND, $COUNTS, $DISPLS, $TYPE, $RECV, $COUNTS, $DISPLS, $TYPE, $COMM",
         "exchange 2 ints between every pair of ranks with counts and displacements", "5.8", 1},
        {"Alltoallw", kData | kVector | kW,
         "$SEND, $COUNTS, $BYTE_DISPLS, $TYPES, $RECV, $COUNTS, $BYTE_DISPLS, $TYPES, $COMM",
         "exchange 2 ints between every pair of ranks with per-peer datatypes", "5.8", 1},
        {"Reduce_scatter", kOp | kData | kVector, "$SEND, $RECV, $COUNTS, $TYPE, $OP, $COMM",
         "sum 4 ints and scatter 2 of the sums to each rank", "5.10.1", 1},
        {"Reduce_scatter_block", kOp | kData, "$SEND, $RECV, $COUNT, $TYPE, $OP, $COMM",
         "sum 4 ints and scatter blocks of 2 sums to each rank", "5.10.1", 1},
        {"Scan", kOp | kData, "$SEND, $RECV, $COUNT, $TYPE, $OP, $COMM",
         "compute the inclusive prefix sum of 2 ints", "5.11.1", 1},
        {"Exscan", kOp | kData, "$SEND, $RECV, $COUNT, $TYPE, $OP, $COMM",
         "compute the exclusive prefix sum of 2 ints", "5.11.2", 1},
    };
    return all;
}

const Collective &find(const std::string &name)
{
    for (const auto &c : collectives())
        if (c.name == name) return c;
    std::cerr << "coll_matrix: unknown collective " << name << '\n';
    std::exit(2);
}

std::string lower(std::string s)
{
    for (char &ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return s;
}

std::string kebab(const std::string &s)
{
    std::string out = lower(s);
    std::replace(out.begin(), out.end(), '_', '-');
    return out;
}

void replace_all(std::string &s, const std::string &from, const std::string &to)
{
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
        s.replace(at, from.size(), to);
}

std::string join(const std::vector<std::string> &parts)
{
    std::string out;
    for (const auto &p : parts) out += (out.empty() ? "" : " ") + p;
    return out;
}

void append(std::vector<std::string> &to, const std::vector<std::string> &lines)
{
    to.insert(to.end(), lines.begin(), lines.end());
}

void add_unique(std::vector<std::string> &to, const std::vector<std::string> &lines)
{
    for (const auto &l : lines)
        if (std::find(to.begin(), to.end(), l) == to.end()) to.push_back(l);
}

// ---------------------------------------------------------------------------
// One collective call

struct Call {
    const Collective *coll = nullptr;
    bool nonblocking = false;
    std::string count = "2", type = "MPI_INT", root = "0", op = "MPI_SUM", comm = "MPI_COMM_WORLD";
    std::string send, recv; // replace the buffers (MPI_IN_PLACE, aliasing)
    std::string suffix;     // buffer-name suffix when two calls are pending at once
    std::string marker = "call";

    bool has(unsigned use) const { return (coll->uses & use) != 0; }
    std::string name() const { return nonblocking ? "I" + lower(coll->name) : coll->name; }
    std::string mpi() const { return "MPI_" + name(); }
    std::string id() const { return kebab(name()); }
    std::string buffer(const std::string &base) const { return base + suffix; }
    std::string request() const { return "req" + suffix; }
};

Call make_call(const std::string &name, bool nonblocking)
{
    Call call;
    call.coll = &find(name);
    call.nonblocking = nonblocking;
    return call;
}

// The declarations of the buffers and the request a call uses.
std::vector<std::string> declarations(const Call &c)
{
    std::vector<std::string> out;
    if (c.has(kBcastBuf)) {
        out.push_back("int " + c.buffer("buf") + "[4] = {1, 2, 3, 4};");
    } else if (c.has(kData)) {
        out.push_back("int " + c.buffer("sendbuf") + "[4] = {1, 2, 3, 4};");
        out.push_back("int " + c.buffer("recvbuf") + "[4] = {0, 0, 0, 0};");
    }
    if (c.nonblocking) out.push_back("MPI_Request " + c.request() + ";");
    return out;
}

// The counts, displacements and datatype arrays of a vector collective,
// declared just before the call because they may use per-rank variables.
std::vector<std::string> arrays(const Call &c)
{
    std::vector<std::string> out;
    if (!c.has(kVector)) return out;
    out.push_back("int counts[2] = {" + c.count + ", " + c.count + "};");
    if (c.has(kW)) {
        out.push_back("int byte_displs[2] = {0, 2 * (int)sizeof(int)};");
        out.push_back("MPI_Datatype types[2] = {" + c.type + ", " + c.type + "};");
    } else if (c.coll->name != "Reduce_scatter") {
        out.push_back("int displs[2] = {0, " + c.count + "};");
    }
    return out;
}

std::string statement(const Call &c)
{
    std::string args = c.coll->args;
    replace_all(args, "$SEND", c.send.empty() ? c.buffer("sendbuf") : c.send);
    replace_all(args, "$RECV", c.recv.empty() ? c.buffer("recvbuf") : c.recv);
    replace_all(args, "$BUF", c.buffer("buf"));
    replace_all(args, "$COUNTS", "counts");
    replace_all(args, "$BYTE_DISPLS", "byte_displs");
    replace_all(args, "$DISPLS", "displs");
    replace_all(args, "$TYPES", "types");
    replace_all(args, "$COUNT", c.count);
    replace_all(args, "$TYPE", c.type);
    replace_all(args, "$ROOT", c.root);
    replace_all(args, "$OP", c.op);
    replace_all(args, "$COMM", c.comm);
    if (c.nonblocking) args += ", &" + c.request();
    std::string text = c.mpi() + "(" + args + ");";
    if (!c.marker.empty()) text += " // @" + c.marker;
    return text;
}

std::string wait_statement(const Call &c) { return "MPI_Wait(&" + c.request() + ", MPI_STATUS_IGNORE);"; }

// The call with its arrays, not yet completed.
std::vector<std::string> start(const Call &c)
{
    std::vector<std::string> lines = arrays(c);
    lines.push_back(statement(c));
    return lines;
}

// The call with its arrays, followed by its MPI_Wait when it is nonblocking.
std::vector<std::string> complete(const Call &c)
{
    std::vector<std::string> lines = start(c);
    if (c.nonblocking) lines.push_back(wait_statement(c));
    return lines;
}

std::vector<std::string> indent(const std::vector<std::string> &lines)
{
    std::vector<std::string> out;
    for (const auto &l : lines) out.push_back("    " + l);
    return out;
}

// "if (cond) {" lines "}" with an optional else branch.
std::vector<std::string> branch(const std::string &cond, const std::vector<std::string> &then,
                                const std::vector<std::string> &otherwise = {})
{
    std::vector<std::string> out{"if (" + cond + ") {"};
    append(out, indent(then));
    if (!otherwise.empty()) {
        out.push_back("} else {");
        append(out, indent(otherwise));
    }
    out.push_back("}");
    return out;
}

std::string phrase(const Call &c)
{
    std::string text = "call " + c.mpi() + " to " + c.coll->purpose;
    return c.nonblocking ? text + " and complete it with MPI_Wait" : text;
}

std::string section(const Call &c) { return c.nonblocking ? c.coll->section + " and §5.12" : c.coll->section; }

// ---------------------------------------------------------------------------
// A case and its file

struct Case {
    std::string group, name;
    std::string description;
    std::string expect;                // class id; empty for a correct case
    std::vector<std::string> expect_at; // markers
    std::vector<std::string> twins;    // ids
    std::vector<std::string> decls;    // after MPI_Comm_rank
    std::vector<std::string> body;
    std::string note;

    std::string id() const { return "coll/" + group + "/" + name; }
    bool erroneous() const { return !expect.empty(); }
};

// True when `word` occurs in `lines` as a whole identifier.
bool mentions(const std::vector<std::string> &lines, const std::string &word)
{
    auto ident = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; };
    for (const auto &l : lines) {
        for (std::size_t at = l.find(word); at != std::string::npos; at = l.find(word, at + 1)) {
            const bool starts = at == 0 || !ident(l[at - 1]);
            const bool ends = at + word.size() == l.size() || !ident(l[at + word.size()]);
            if (starts && ends) return true;
        }
    }
    return false;
}

// A case made of one call, with setup lines before it. Buffers that the call
// replaced (by MPI_IN_PLACE or by aliasing) are not declared.
Case single(const std::string &group, const std::string &name, const Call &c,
            const std::vector<std::string> &setup = {})
{
    Case k;
    k.group = group;
    k.name = name;
    k.body = setup;
    append(k.body, complete(c));
    for (const auto &d : declarations(c)) {
        const auto name_start = d.find(' ') + 1;
        const auto name_end = d.find_first_of("[;", name_start);
        if (mentions(k.body, d.substr(name_start, name_end - name_start))) k.decls.push_back(d);
    }
    return k;
}

Case erroneous(Case k, const std::string &cls, const std::vector<std::string> &at, const std::string &twin)
{
    k.expect = cls;
    k.expect_at = at;
    k.twins.push_back(twin);
    return k;
}

// What an erroneous case does natively with Open MPI 4.1.4 and MPICH 4.0.2:
// "completes", "hangs" or "aborts" (the error handler or a crash ends it).
struct Native {
    std::string openmpi, mpich;
};

Native native_behaviour(const Case &k);

// The tag of what a case does natively (docs/case-format.md): "crash" when
// both MPIs abort, "crash-openmpi" or "crash-mpich" when one does, else "".
std::string native_tag(const std::string &what, bool openmpi, bool mpich)
{
    if (openmpi && mpich) return what;
    if (openmpi) return what + "-openmpi";
    if (mpich) return what + "-mpich";
    return "";
}

std::string render(const Case &k)
{
    std::string out = "// GENERATED: " + std::string(kGenerator) + "\n";
    out += "// DESCRIPTION: " + k.description + "\n";
    out += "// NPROCS: 2\n";
    std::string note = k.note;
    if (k.erroneous()) {
        out += "// EXPECT: error " + k.expect + "\n";
        out += "// EXPECT-AT: " + join(k.expect_at) + "\n";
    } else {
        out += "// EXPECT: ok\n";
    }
    if (!k.twins.empty()) out += "// TWIN: " + join(k.twins) + "\n";
    if (k.erroneous()) {
        const Native n = native_behaviour(k);
        if (n.openmpi == "hangs" || n.mpich == "hangs") out += "// TIMEOUT: 10\n";
        std::string tags = native_tag("deadlock", n.openmpi == "hangs", n.mpich == "hangs");
        const std::string crash = native_tag("crash", n.openmpi == "aborts", n.mpich == "aborts");
        if (!crash.empty()) tags += (tags.empty() ? "" : " ") + crash;
        if (!tags.empty()) out += "// TAGS: " + tags + "\n";
        const std::string seen = n.openmpi == n.mpich
                                     ? "Natively " + n.openmpi + " with Open MPI and MPICH."
                                     : "Natively " + n.openmpi + " with Open MPI and " + n.mpich + " with MPICH.";
        note += (note.empty() ? "" : " ") + seen;
    }
    if (!note.empty()) out += "// NOTE: " + note + "\n";
    out += "#include <mpi.h>\n\nint main(int argc, char **argv)\n{\n";
    out += "    MPI_Init(&argc, &argv);\n";
    out += "    int rank;\n";
    out += "    MPI_Comm_rank(MPI_COMM_WORLD, &rank);\n";
    if (!k.decls.empty()) out += "\n";
    for (const auto &d : k.decls) out += "    " + d + "\n";
    out += "\n";
    for (const auto &line : k.body) out += "    " + line + "\n";
    out += "\n    MPI_Finalize();\n    return 0;\n}\n";
    return out;
}

// ---------------------------------------------------------------------------
// coll/arg-matrix: do the ranks agree on the arguments, and are they valid?

const std::string kArgs = "arg-matrix";
const std::string kOrder = "order-matrix";
const std::string kNbc = "nbc-matrix";

std::string base_id(const Call &c) { return "coll/" + kArgs + "/" + c.id() + "-ok"; }

void root_cases(std::vector<Case> &cases, const Call &c)
{
    Call bad = c;
    bad.root = "root";
    Case k = single(kArgs, c.id() + "-root-mismatch-nok", bad, {"int root = rank; /* each rank names itself */"});
    k.description = "Each rank passes its own rank as the root of " + c.mpi() + ", so the ranks disagree on the root.";
    k.note = "MPI-3.1 §" + section(c) + ": root must have the same value on all processes.";
    cases.push_back(erroneous(k, "coll.arg.root-mismatch", {"call"}, base_id(c)));

    Case inv = single(kArgs, c.id() + "-invalid-root-nok", bad, {"int root = 2; /* no such rank with 2 processes */"});
    inv.description = "All ranks pass root 2 to " + c.mpi() + ", which names no rank of the 2-process communicator.";
    cases.push_back(erroneous(inv, "coll.arg.invalid", {"call"}, base_id(c)));
}

void op_cases(std::vector<Case> &cases, const Call &c)
{
    Call bad = c;
    bad.op = "op";
    Case k = single(kArgs, c.id() + "-op-mismatch-nok", bad, {"MPI_Op op = (rank == 0) ? MPI_SUM : MPI_MAX;"});
    k.description = "Rank 0 passes MPI_SUM and rank 1 MPI_MAX to " + c.mpi() + ": the ranks disagree on the op.";
    k.note = "MPI-3.1 §5.9.1: the datatype and op given for predefined operators must be the same on all processes.";
    cases.push_back(erroneous(k, "coll.arg.op-mismatch", {"call"}, base_id(c)));

    bad.op = "MPI_OP_NULL";
    Case inv = single(kArgs, c.id() + "-op-null-nok", bad);
    inv.description = "All ranks pass MPI_OP_NULL as the reduction op of " + c.mpi() + ".";
    cases.push_back(erroneous(inv, "coll.arg.invalid", {"call"}, base_id(c)));
}

void type_cases(std::vector<Case> &cases, const Call &c)
{
    const std::string rule = c.has(kOp) ? "MPI-3.1 §" + section(c) +
                                              ": count and datatype must be the same on all processes."
                                        : "MPI-3.1 §" + section(c) + ": the type signatures must match.";
    Call by_type = c;
    by_type.type = "type";
    Case k = single(kArgs, c.id() + "-type-mismatch-nok", by_type,
                    {"MPI_Datatype type = (rank == 0) ? MPI_INT : MPI_FLOAT; /* same size, other type */"});
    k.description = "Rank 0 passes MPI_INT and rank 1 MPI_FLOAT to " + c.mpi() +
                    ": the type signatures differ although the sizes agree.";
    k.note = rule;
    cases.push_back(erroneous(k, "coll.arg.type-mismatch", {"call"}, base_id(c)));

    Call by_count = c;
    by_count.count = "count";
    Case n = single(kArgs, c.id() + "-count-mismatch-nok", by_count, {"int count = (rank == 0) ? 2 : 1;"});
    n.description = "Rank 0 passes 2 MPI_INT and rank 1 one MPI_INT to " + c.mpi() + ": the type signatures differ.";
    n.note = rule;
    const std::string contiguous = "coll/" + kArgs + "/" + c.id() + "-contiguous-ok";
    n = erroneous(n, "coll.arg.type-mismatch", {"call"}, c.has(kOp) ? base_id(c) : contiguous);
    cases.push_back(n);

    if (!c.has(kOp)) { // predefined ops need the same datatype everywhere
        Call pair = c;
        pair.count = "count";
        pair.type = "type";
        Case ok = single(kArgs, c.id() + "-contiguous-ok", pair,
                         {"MPI_Datatype pair; /* two ints as one element */", "MPI_Type_contiguous(2, MPI_INT, &pair);",
                          "MPI_Type_commit(&pair);", "int count = (rank == 0) ? 2 : 1;",
                          "MPI_Datatype type = (rank == 0) ? MPI_INT : pair;"});
        ok.body.push_back("MPI_Type_free(&pair);");
        ok.description = "Rank 0 passes 2 MPI_INT and rank 1 one contiguous type of 2 MPI_INT to " + c.mpi() +
                         ": different datatypes with the same type signature match.";
        cases.push_back(ok);
    }

    Call null_type = c;
    null_type.type = "MPI_DATATYPE_NULL";
    Case inv = single(kArgs, c.id() + "-datatype-null-nok", null_type);
    inv.description = "All ranks pass MPI_DATATYPE_NULL as the datatype of " + c.mpi() + ".";
    cases.push_back(erroneous(inv, "coll.arg.invalid", {"call"}, base_id(c)));
}

void comm_null_case(std::vector<Case> &cases, const Call &c)
{
    Call bad = c;
    bad.comm = "MPI_COMM_NULL";
    Case k = single(kArgs, c.id() + "-comm-null-nok", bad);
    k.description = "All ranks pass MPI_COMM_NULL as the communicator of " + c.mpi() + ".";
    cases.push_back(erroneous(k, "coll.arg.invalid", {"call"}, base_id(c)));
}

// MPI_IN_PLACE is allowed at the root only: as sendbuf of Gather(v)/Reduce,
// as recvbuf of Scatter(v).
void rooted_in_place_cases(std::vector<Case> &cases, const Call &c)
{
    const bool on_send = c.coll->name != "Scatter" && c.coll->name != "Scatterv";
    const std::string var = on_send ? "source" : "target";
    const std::string side = on_send ? "send" : "receive";
    Call in_place = c;
    (on_send ? in_place.send : in_place.recv) = var;

    const std::string ok_id = c.id() + "-in-place-root-ok";
    Case ok = single(kArgs, ok_id, in_place, {"void *" + var + " = (rank == 0) ? MPI_IN_PLACE : " + (on_send ? "sendbuf" : "recvbuf") + ";"});
    ok.description = "The root passes MPI_IN_PLACE as the " + side + " buffer of " + c.mpi() + ", the other rank its buffer.";
    cases.push_back(ok);

    Case bad = single(kArgs, c.id() + "-in-place-nonroot-nok", in_place,
                      {"void *" + var + " = MPI_IN_PLACE; /* also on rank 1, which is not the root */"});
    bad.description = "Both ranks pass MPI_IN_PLACE as the " + side + " buffer of " + c.mpi() + ", but only the root may.";
    bad.note = "MPI-3.1 §" + section(c) + ": the \"in place\" option is specified at the root.";
    cases.push_back(erroneous(bad, "coll.arg.invalid", {"call"}, "coll/" + kArgs + "/" + ok_id));
}

// All ranks may pass MPI_IN_PLACE as sendbuf; the same array as both buffers is aliasing.
void all_in_place_cases(std::vector<Case> &cases, const Call &c)
{
    Call in_place = c;
    in_place.send = "MPI_IN_PLACE";
    const std::string ok_id = c.id() + "-in-place-ok";
    Case ok = single(kArgs, ok_id, in_place);
    ok.description = "All ranks pass MPI_IN_PLACE as the send buffer of " + c.mpi() + ".";
    cases.push_back(ok);

    Call aliased = c;
    aliased.send = "recvbuf";
    Case bad = single(kArgs, c.id() + "-aliased-buffers-nok", aliased);
    bad.description = "All ranks pass the same array as send and receive buffer of " + c.mpi() + " instead of MPI_IN_PLACE.";
    bad.note = "MPI-3.1 §2.3: an OUT argument must not be aliased with any other argument.";
    cases.push_back(erroneous(bad, "coll.arg.invalid", {"call"}, "coll/" + kArgs + "/" + ok_id));

    if (c.coll->name == "Allreduce") {
        Call wrong_side = c;
        wrong_side.recv = "MPI_IN_PLACE";
        Case k = single(kArgs, c.id() + "-in-place-recvbuf-nok", wrong_side);
        k.description = "All ranks pass MPI_IN_PLACE as the receive buffer of " + c.mpi() + "; only sendbuf may be MPI_IN_PLACE.";
        k.note = "MPI-3.1 §5.9.6: the \"in place\" option is passed as sendbuf.";
        cases.push_back(erroneous(k, "coll.arg.invalid", {"call"}, "coll/" + kArgs + "/" + ok_id));
    }
}

void arg_matrix(std::vector<Case> &cases)
{
    const std::vector<std::string> rooted_in_place = {"Gather", "Gatherv", "Scatter", "Scatterv", "Reduce"};
    const std::vector<std::string> all_in_place = {"Allreduce", "Allgather", "Alltoall", "Scan", "Exscan",
                                                   "Reduce_scatter_block"};
    const std::vector<std::string> comm_null = {"Barrier", "Bcast", "Allreduce"};
    auto listed = [](const std::vector<std::string> &names, const std::string &n) {
        return std::find(names.begin(), names.end(), n) != names.end();
    };
    for (const auto &coll : collectives()) {
        for (bool nb : {false, true}) {
            const Call c = make_call(coll.name, nb);
            Case base = single(kArgs, c.id() + "-ok", c);
            base.description = "All ranks " + phrase(c) + ", with matching arguments.";
            cases.push_back(base);
            if (c.has(kRoot)) root_cases(cases, c);
            if (c.has(kOp)) op_cases(cases, c);
            if (c.has(kData)) type_cases(cases, c);
            if (listed(comm_null, coll.name)) comm_null_case(cases, c);
            if (listed(rooted_in_place, coll.name)) rooted_in_place_cases(cases, c);
            if (listed(all_in_place, coll.name)) all_in_place_cases(cases, c);
        }
    }
}

// ---------------------------------------------------------------------------
// coll/order-matrix: do all ranks call the same collectives in the same order?

const std::string kOrderRule = "MPI-3.1 §5.13: all processes must call collective operations "
                               "(blocking and nonblocking) in the same order per communicator.";

// A collective that only rank 0 calls.
void conditional_cases(std::vector<Case> &cases)
{
    for (const auto &coll : collectives()) {
        for (bool nb : {false, true}) {
            const Call c = make_call(coll.name, nb);
            Case k;
            k.group = kOrder;
            k.name = c.id() + "-rank0-only-nok";
            k.decls = declarations(c);
            k.body = branch("rank == 0", complete(c));
            k.description = "Only rank 0 calls " + c.mpi() + "; rank 1 skips it and finalizes.";
            k.note = "MPI-3.1 §5.1: a collective is called by all processes of the communicator.";
            cases.push_back(erroneous(k, "coll.order.conditional", {"call"}, base_id(c)));
        }
    }
}

Call marked(Call c, const std::string &marker, const std::string &suffix = "")
{
    c.marker = marker;
    c.suffix = suffix;
    return c;
}

// Rank 0 calls one collective where rank 1 calls another.
void different_cases(std::vector<Case> &cases)
{
    const std::vector<std::pair<std::string, std::string>> pairs = {
        {"Barrier", "Bcast"},    {"Bcast", "Reduce"},      {"Reduce", "Allreduce"},
        {"Allreduce", "Allgather"}, {"Gather", "Scatter"}, {"Scatter", "Bcast"},
        {"Allgather", "Alltoall"},  {"Alltoall", "Alltoallv"}, {"Scan", "Exscan"},
        {"Reduce_scatter_block", "Allreduce"}, {"Gatherv", "Bcast"}, {"Allgatherv", "Barrier"},
    };
    for (bool nb : {false, true}) {
        for (const auto &[first, second] : pairs) {
            if (nb && first != "Barrier" && first != "Bcast" && first != "Gather") continue;
            const Call a = marked(make_call(first, nb), "rank0");
            const Call b = marked(make_call(second, nb), "rank1");
            Case k;
            k.group = kOrder;
            k.name = a.id() + "-vs-" + b.id() + "-nok";
            add_unique(k.decls, declarations(a));
            add_unique(k.decls, declarations(b));
            k.body = branch("rank == 0", complete(a), complete(b));
            k.description = "Rank 0 calls " + a.mpi() + " while rank 1 calls " + b.mpi() + " on the same communicator.";
            k.note = kOrderRule;
            cases.push_back(erroneous(k, nb ? "coll.order.nbc-mismatch" : "coll.order.mismatch",
                                      {"rank0", "rank1"}, base_id(a)));
        }
    }
}

// Two collectives called in one order on rank 0 and in the other on rank 1.
// Nonblocking pairs are both started before they are waited for.
void swapped_cases(std::vector<Case> &cases)
{
    const std::vector<std::pair<std::string, std::string>> blocking = {
        {"Bcast", "Allreduce"}, {"Barrier", "Allreduce"}, {"Gather", "Scatter"},
        {"Allgather", "Alltoall"}, {"Reduce", "Bcast"}, {"Scan", "Allreduce"},
    };
    const std::vector<std::pair<std::string, std::string>> nonblocking = {
        {"Bcast", "Allreduce"}, {"Barrier", "Bcast"}, {"Gather", "Scatter"},
        {"Allgather", "Alltoall"}, {"Reduce", "Scan"}, {"Allreduce", "Exscan"},
    };
    for (bool nb : {false, true}) {
        for (const auto &[first, second] : nb ? nonblocking : blocking) {
            const std::string sa = nb ? "_a" : "", sb = nb ? "_b" : "";
            const Call a = make_call(first, nb), b = make_call(second, nb);
            const std::string stem = a.id() + "-" + b.id();
            auto sequence = [&](const Call &x, const std::string &mx, const std::string &xs, const Call &y,
                                const std::string &my, const std::string &ys) {
                const Call cx = marked(x, mx, xs), cy = marked(y, my, ys);
                std::vector<std::string> lines = nb ? start(cx) : complete(cx);
                append(lines, nb ? start(cy) : complete(cy));
                if (nb) append(lines, {wait_statement(marked(a, "", sa)), wait_statement(marked(b, "", sb))});
                return lines;
            };
            Case ok;
            ok.group = kOrder;
            ok.name = stem + "-same-order-ok";
            add_unique(ok.decls, declarations(marked(a, "", sa)));
            add_unique(ok.decls, declarations(marked(b, "", sb)));
            ok.body = sequence(a, "first", sa, b, "second", sb);
            ok.description = nb ? "All ranks start " + a.mpi() + " then " + b.mpi() + " and then wait for both."
                                : "All ranks call " + a.mpi() + " then " + b.mpi() + ".";
            cases.push_back(ok);

            Case bad = ok;
            bad.name = stem + "-swapped-nok";
            bad.body = branch("rank == 0", sequence(a, "rank0-first", sa, b, "", sb),
                              sequence(b, "rank1-first", sb, a, "", sa));
            bad.description = nb ? "Rank 0 starts " + a.mpi() + " then " + b.mpi() + ", rank 1 starts them in the opposite order."
                                 : "Rank 0 calls " + a.mpi() + " then " + b.mpi() + ", rank 1 calls them in the opposite order.";
            bad.note = kOrderRule;
            cases.push_back(erroneous(bad, nb ? "coll.order.nbc-mismatch" : "coll.order.mismatch",
                                      {"rank0-first", "rank1-first"}, "coll/" + kOrder + "/" + ok.name));
        }
    }
}

// A blocking collective on rank 0 meets the nonblocking form on rank 1.
void mixed_cases(std::vector<Case> &cases)
{
    for (const auto &coll : collectives()) {
        const Call blocking = marked(make_call(coll.name, false), "blocking");
        const Call nonblocking = marked(make_call(coll.name, true), "nonblocking");
        Case k;
        k.group = kOrder;
        k.name = blocking.id() + "-vs-" + nonblocking.id() + "-nok";
        add_unique(k.decls, declarations(blocking));
        add_unique(k.decls, declarations(nonblocking));
        k.body = branch("rank == 0", complete(blocking), complete(nonblocking));
        k.description = "Rank 0 calls " + blocking.mpi() + " while rank 1 calls " + nonblocking.mpi() +
                        ": blocking and nonblocking collectives do not match each other.";
        k.note = "MPI-3.1 §5.12: nonblocking collective operations do not match with blocking collective operations.";
        cases.push_back(erroneous(k, "coll.order.nbc-mismatch", {"blocking", "nonblocking"}, base_id(nonblocking)));
    }
}

// ---------------------------------------------------------------------------
// coll/nbc-matrix: completion of nonblocking collectives and their buffers

void missing_wait_cases(std::vector<Case> &cases)
{
    for (const auto &coll : collectives()) {
        const Call c = make_call(coll.name, true);
        Case k;
        k.group = kNbc;
        k.name = c.id() + "-missing-wait-nok";
        k.decls = declarations(c);
        k.body = start(c);
        k.body.insert(k.body.end() - 1, "/* The request is never completed. */");
        k.description = "All ranks start " + c.mpi() + " and finalize without completing the request.";
        k.note = "MPI-3.1 §5.12: a nonblocking collective must be completed with a wait or test call.";
        cases.push_back(erroneous(k, "coll.request.missing-completion", {"call"}, base_id(c)));
    }
}

// One access to a buffer of a pending nonblocking collective, and its twins.
struct Access {
    std::string what;  // name part: "send-write"
    std::string rank;  // the accessing rank
    std::string code;  // the statement
    std::string text;  // "rank 0 writes the send buffer"
    bool erroneous;    // during the operation
};

void access_cases(std::vector<Case> &cases, const Call &c, const Access &access, const std::string &legal_id)
{
    const std::string stmt = access.code + " // @access";
    Case during;
    during.group = kNbc;
    during.decls = declarations(c);
    during.body = start(c);
    append(during.body, branch("rank == " + access.rank, {stmt}));
    during.body.push_back(wait_statement(c));
    during.name = c.id() + "-" + access.what + (access.erroneous ? "-nok" : "-ok");
    during.description = "While " + c.mpi() + " is pending, " + access.text + (access.erroneous ? "." : ", which is allowed.");

    Case after = during;
    after.name = c.id() + "-" + access.what + "-after-wait-ok";
    after.body = complete(c);
    append(after.body, branch("rank == " + access.rank, {stmt}));
    after.description = "After " + c.mpi() + " completes, " + access.text + ".";
    after.decls = during.decls;

    if (access.erroneous) {
        during.note = "MPI-3.1 §5.12: send buffers and input arrays must not be modified, and receive buffers not accessed, "
                      "until the collective completes.";
        during = erroneous(during, "coll.buffer.access-during-nbc", {"call", "access"}, "coll/" + kNbc + "/" + after.name);
        if (!legal_id.empty()) during.twins.push_back(legal_id);
        cases.push_back(during);
        cases.push_back(after);
    } else {
        during.note = "MPI-3.1 §5.12 restricts only modification of send buffers while the collective is pending.";
        cases.push_back(during);
    }
}

void buffer_cases(std::vector<Case> &cases)
{
    for (const auto &coll : collectives()) {
        if (!(coll.uses & kData)) continue;
        const Call c = make_call(coll.name, true);
        const bool bcast = c.has(kBcastBuf);
        const std::string send = bcast ? "buf" : "sendbuf", recv = bcast ? "buf" : "recvbuf";
        const std::string read_id = "coll/" + kNbc + "/" + c.id() + "-send-read-ok";
        access_cases(cases, c, {"send-read", "0", "if (" + send + "[0] < 0) MPI_Abort(MPI_COMM_WORLD, 1);", "rank 0 reads its send buffer", false}, "");
        access_cases(cases, c, {"send-write", "0", send + "[0] = 42;", "rank 0 writes its send buffer", true}, read_id);
        const std::string receiver = std::to_string(coll.receiver);
        access_cases(cases, c,
                     {"recv-read", receiver, "if (" + recv + "[0] < 0) MPI_Abort(MPI_COMM_WORLD, 1);", "rank " + receiver + " reads its receive buffer", true},
                     "");
        if (c.has(kVector))
            access_cases(cases, c, {"counts-write", "0", "counts[1] = 0;", "rank 0 changes its counts array", true}, "");
    }
}

// ---------------------------------------------------------------------------
// Native behaviour, as observed when validating the corpus with Open MPI 4.1.4
// and MPICH 4.0.2. Codes: one letter per implementation (Open MPI, MPICH),
// c = completes, h = hangs, a = aborts (error handler or crash).

std::string observed(const Case &k)
{
    // The usual behaviour of each scenario, by the end of the case name.
    static const std::vector<std::pair<std::string, std::string>> usual = {
        {"-swapped-nok", "hh"},          {"-rank0-only-nok", "hh"},    {"-root-mismatch-nok", "hh"},
        {"-op-mismatch-nok", "cc"},      {"-type-mismatch-nok", "cc"}, {"-count-mismatch-nok", "ac"},
        {"-aliased-buffers-nok", "ca"},  {"-invalid-root-nok", "aa"},  {"-op-null-nok", "aa"},
        {"-datatype-null-nok", "aa"},    {"-comm-null-nok", "aa"},     {"-in-place-nonroot-nok", "aa"},
        {"-in-place-recvbuf-nok", "aa"}, {"-missing-wait-nok", "cc"},  {"-send-write-nok", "cc"},
        {"-recv-read-nok", "cc"},        {"-counts-write-nok", "cc"},  {"-nok", "hh"}, // "-vs-" pairs
    };
    // Cases that behave otherwise.
    static const std::map<std::string, std::string> exceptions = {
        {"allreduce-aliased-buffers-nok", "aa"},  {"iallreduce-aliased-buffers-nok", "aa"},
        {"alltoall-count-mismatch-nok", "aa"},    {"alltoallv-count-mismatch-nok", "aa"},
        {"alltoallw-count-mismatch-nok", "aa"},   {"bcast-count-mismatch-nok", "aa"},
        {"exscan-count-mismatch-nok", "aa"},      {"ibcast-count-mismatch-nok", "aa"},
        {"reduce-scatter-count-mismatch-nok", "aa"}, {"reduce-scatter-block-count-mismatch-nok", "aa"},
        {"scan-count-mismatch-nok", "aa"},        {"scatter-count-mismatch-nok", "aa"},
        {"scatterv-count-mismatch-nok", "aa"},    {"gather-count-mismatch-nok", "cc"},
        {"gatherv-count-mismatch-nok", "cc"},     {"igather-count-mismatch-nok", "cc"},
        {"igatherv-count-mismatch-nok", "cc"},    {"reduce-count-mismatch-nok", "cc"},
        {"ireduce-count-mismatch-nok", "cc"},     {"bcast-root-mismatch-nok", "cc"},
        {"ibcast-root-mismatch-nok", "cc"},       {"scatter-root-mismatch-nok", "cc"},
        {"iscatter-root-mismatch-nok", "cc"},     {"scatterv-root-mismatch-nok", "cc"},
        {"iscatterv-root-mismatch-nok", "cc"},    {"bcast-rank0-only-nok", "cc"},
        {"ibcast-rank0-only-nok", "cc"},          {"scatter-rank0-only-nok", "cc"},
        {"iscatter-rank0-only-nok", "cc"},        {"scatterv-rank0-only-nok", "cc"},
        {"iscatterv-rank0-only-nok", "cc"},       {"scan-rank0-only-nok", "ch"},
        {"iscan-rank0-only-nok", "ch"},           {"exscan-rank0-only-nok", "ch"},
        {"iexscan-rank0-only-nok", "ch"},         {"bcast-vs-reduce-nok", "cc"},
        {"ibcast-vs-ireduce-nok", "cc"},          {"bcast-allreduce-swapped-nok", "cc"},
        {"scan-allreduce-swapped-nok", "ch"},     {"iallgather-ialltoall-swapped-nok", "cc"},
        {"iallreduce-iexscan-swapped-nok", "hc"}, {"ibarrier-ibcast-swapped-nok", "ah"},
    };
    auto found = exceptions.find(k.name);
    if (found != exceptions.end()) return found->second;
    for (const auto &[suffix, code] : usual)
        if (k.name.size() >= suffix.size() && k.name.compare(k.name.size() - suffix.size(), suffix.size(), suffix) == 0)
            return code;
    return "hh";
}

Native native_behaviour(const Case &k)
{
    auto word = [](char code) {
        return code == 'c' ? std::string("completes") : code == 'h' ? std::string("hangs") : std::string("aborts");
    };
    const std::string code = observed(k);
    return {word(code[0]), word(code[1])};
}

// ---------------------------------------------------------------------------

// Makes TWIN go both ways and checks that every twin exists.
bool link_twins(std::vector<Case> &cases)
{
    std::map<std::string, Case *> by_id;
    for (auto &k : cases) {
        if (!by_id.emplace(k.id(), &k).second) {
            std::cerr << "coll_matrix: duplicate case " << k.id() << '\n';
            return false;
        }
    }
    for (auto &k : cases) {
        for (const auto &t : k.twins) {
            auto it = by_id.find(t);
            if (it == by_id.end()) {
                std::cerr << "coll_matrix: " << k.id() << " names missing twin " << t << '\n';
                return false;
            }
            if (k.erroneous()) add_unique(it->second->twins, {k.id()});
        }
    }
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::cerr << "usage: coll_matrix OUTDIR\n";
        return 2;
    }
    std::vector<Case> cases;
    arg_matrix(cases);
    conditional_cases(cases);
    different_cases(cases);
    swapped_cases(cases);
    mixed_cases(cases);
    missing_wait_cases(cases);
    buffer_cases(cases);
    if (!link_twins(cases)) return 1;

    const std::filesystem::path out = argv[1];
    for (const auto &k : cases) {
        const auto path = out / "coll" / k.group / (k.name + ".c");
        std::filesystem::create_directories(path.parent_path());
        std::ofstream file(path, std::ios::binary);
        file << render(k);
        if (!file) {
            std::cerr << "coll_matrix: cannot write " << path << '\n';
            return 1;
        }
    }
    return 0;
}
