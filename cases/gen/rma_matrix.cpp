// rma_matrix: the access-compatibility matrix of MPI one-sided communication
// (Table 1 of the RMA-Analyzer paper, Aitkaci et al., EuroMPI 2021) as cases.
//
//   rma_matrix OUTDIR   writes OUTDIR/rma/{origin,target,same-origin,cross-origin}-matrix/*.c
//
// Four sides of the table, each crossed with the synchronisation modes:
//   origin-matrix       rank 0 loads/stores the origin buffer of its own pending operation
//   target-matrix       rank 1 loads/stores window memory that rank 0's operation accesses
//   same-origin-matrix  rank 0 issues two operations on one target location in one epoch
//   cross-origin-matrix ranks 0 and 2 both access one location of rank 1 (three ranks)
// Every erroneous case has correct twins: the access moved after the call that
// completes the operation, a disjoint location, or a compatible access.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <string>
#include <vector>

namespace {

const char* const kGenerator = "cases/gen/rma_matrix.cpp";
const char* const kOrigin = "RMA-Analyzer Table 1 (Aitkaci et al., EuroMPI 2021)";

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

// ---------------------------------------------------------------------------
// C code emission

struct Stmt {  // one line of C, optionally named by a `// @marker`
  std::string text;
  std::string marker;
};
using Stmts = std::vector<Stmt>;

// True when `text` uses the NULL macro (not MPI_INFO_NULL and the like).
bool mentions_null(const std::string& text) {
  for (auto at = text.find("NULL"); at != std::string::npos; at = text.find("NULL", at + 1))
    if (at == 0 || text[at - 1] != '_') return true;
  return false;
}

class Program {
 public:
  void include(const std::string& header) { includes_.insert(header); }
  void line(const std::string& text, const std::string& marker = "") {
    std::string out = std::string(4 * depth_, ' ') + text;
    if (!marker.empty()) out += "  // @" + marker;
    body_.push_back(out);
    if (text.find("sink") != std::string::npos) uses_sink_ = true;
    if (mentions_null(text)) include("stddef.h");
  }
  void lines(const Stmts& stmts) {
    for (const auto& s : stmts) line(s.text, s.marker);
  }
  void blank() { body_.emplace_back(); }
  void open(const std::string& head) {
    line(head + " {");
    ++depth_;
  }
  void reopen(const std::string& head) {  // "} else {"
    --depth_;
    line("} " + head + " {");
    ++depth_;
  }
  void close() {
    --depth_;
    line("}");
  }
  // `if (cond) { stmts }`, nothing when stmts is empty.
  void when(const std::string& cond, const Stmts& stmts) {
    if (stmts.empty()) return;
    open("if (" + cond + ")");
    lines(stmts);
    close();
  }
  std::string str() const {
    std::string out;
    out += "#include <mpi.h>\n";
    for (const auto& h : includes_) out += "#include <" + h + ">\n";
    out += "\n";
    if (uses_sink_) out += "static volatile int sink; /* loaded values land here so loads are kept */\n\n";
    out += "int main(int argc, char **argv)\n{\n";
    out += "    MPI_Init(&argc, &argv);\n    int rank;\n    MPI_Comm_rank(MPI_COMM_WORLD, &rank);\n\n";
    for (const auto& l : body_) out += l + "\n";
    out += "    MPI_Finalize();\n    return 0;\n}\n";
    return out;
  }

 private:
  std::set<std::string> includes_;
  std::vector<std::string> body_;
  int depth_ = 1;
  bool uses_sink_ = false;
};

// ---------------------------------------------------------------------------
// Case files

struct Expect {
  std::string error_class;
  std::string at;  // marker names, space separated
};

struct CaseFile {
  std::string group;  // e.g. "origin-matrix"
  std::string name;   // without the -ok / -nok suffix
  bool ok = true;
  std::string description;
  int nprocs = 2;
  std::vector<Expect> errors;
  std::vector<std::string> twins;  // ids
  std::string note;
  std::string program;
  std::string id() const { return case_id(group, name, ok); }
  static std::string case_id(const std::string& group, const std::string& name, bool ok) {
    return "rma/" + group + "/" + name + (ok ? "-ok" : "-nok");
  }
};

CaseFile make_case(const std::string& group, const std::string& name, bool ok) {
  CaseFile c;
  c.group = group;
  c.name = name;
  c.ok = ok;
  return c;
}

std::string render(const CaseFile& c) {
  std::string out = std::string("// GENERATED: ") + kGenerator + "\n";
  out += "// DESCRIPTION: " + c.description + "\n";
  out += "// NPROCS: " + std::to_string(c.nprocs) + "\n";
  if (c.ok) out += "// EXPECT: ok\n";
  for (const auto& e : c.errors) {
    out += "// EXPECT: error " + e.error_class + "\n";
    out += "// EXPECT-AT: " + e.at + "\n";
  }
  if (!c.twins.empty()) {
    out += "// TWIN:";
    for (const auto& t : c.twins) out += " " + t;
    out += "\n";
  }
  out += std::string("// ORIGIN: ") + kOrigin + "\n";
  if (!c.note.empty()) out += "// NOTE: " + c.note + "\n";
  return out + c.program;
}

// ---------------------------------------------------------------------------
// Operations

enum class Use { Read, Write };

struct Buffer {
  std::string name;  // "value", "compare", "result"
  Use use;           // how the operation uses it at the origin
};

struct Op {
  std::string id;       // used in file names
  std::string mpi;      // "MPI_Put"
  std::string call;     // C call with {t} target, {d} displacement, {s} buffer suffix
  std::vector<Buffer> buffers;
  Use at_target;        // accumulates count as writes
  bool request = false; // request-based: completes locally with MPI_Wait
};

const std::string kPutArgs = "&value{s}, 1, MPI_INT, {t}, {d}, 1, MPI_INT";
const std::string kGetArgs = "&result{s}, 1, MPI_INT, {t}, {d}, 1, MPI_INT";
const std::string kGetAccArgs = "&value{s}, 1, MPI_INT, &result{s}, 1, MPI_INT, {t}, {d}, 1, MPI_INT";

const Buffer kValue{"value", Use::Read};
const Buffer kCompare{"compare", Use::Read};
const Buffer kResult{"result", Use::Write};

Op put() { return {"put", "MPI_Put", "MPI_Put(" + kPutArgs + ", win);", {kValue}, Use::Write}; }
Op get() { return {"get", "MPI_Get", "MPI_Get(" + kGetArgs + ", win);", {kResult}, Use::Read}; }
Op acc(const std::string& op, const std::string& id) {
  return {id, "MPI_Accumulate (" + op + ")", "MPI_Accumulate(" + kPutArgs + ", " + op + ", win);", {kValue},
          Use::Write};
}
Op acc_unsigned() {
  return {"acc-unsigned", "MPI_Accumulate (MPI_SUM on MPI_UNSIGNED)",
          "MPI_Accumulate(&uvalue{s}, 1, MPI_UNSIGNED, {t}, {d}, 1, MPI_UNSIGNED, MPI_SUM, win);",
          {{"uvalue", Use::Read}}, Use::Write};
}
Op get_acc() {
  return {"getacc", "MPI_Get_accumulate (MPI_SUM)", "MPI_Get_accumulate(" + kGetAccArgs + ", MPI_SUM, win);",
          {kValue, kResult}, Use::Write};
}
Op get_acc_noop() {
  return {"getacc-noop", "MPI_Get_accumulate (MPI_NO_OP)",
          "MPI_Get_accumulate(NULL, 0, MPI_INT, &result{s}, 1, MPI_INT, {t}, {d}, 1, MPI_INT, MPI_NO_OP, win);",
          {kResult}, Use::Read};
}
Op fetch_op() {
  return {"fop", "MPI_Fetch_and_op (MPI_SUM)",
          "MPI_Fetch_and_op(&value{s}, &result{s}, MPI_INT, {t}, {d}, MPI_SUM, win);",
          {kValue, kResult}, Use::Write};
}
Op fetch_noop() {
  return {"fop-noop", "MPI_Fetch_and_op (MPI_NO_OP)",
          "MPI_Fetch_and_op(NULL, &result{s}, MPI_INT, {t}, {d}, MPI_NO_OP, win);",
          {kResult}, Use::Read};
}
Op cas() {
  return {"cas", "MPI_Compare_and_swap",
          "MPI_Compare_and_swap(&value{s}, &compare{s}, &result{s}, MPI_INT, {t}, {d}, win);",
          {kValue, kCompare, kResult}, Use::Write};
}
Op rput() { return {"rput", "MPI_Rput", "MPI_Rput(" + kPutArgs + ", win, &request{s});", {kValue}, Use::Write, true}; }
Op rget() { return {"rget", "MPI_Rget", "MPI_Rget(" + kGetArgs + ", win, &request{s});", {kResult}, Use::Read, true}; }
Op racc() {
  return {"racc", "MPI_Raccumulate (MPI_SUM)",
          "MPI_Raccumulate(" + kPutArgs + ", MPI_SUM, win, &request{s});", {kValue},
          Use::Write, true};
}
Op rget_acc() {
  return {"rgetacc", "MPI_Rget_accumulate (MPI_SUM)",
          "MPI_Rget_accumulate(" + kGetAccArgs + ", MPI_SUM, win, &request{s});",
          {kValue, kResult}, Use::Write, true};
}

std::string call_of(const Op& op, int target, int disp, const std::string& suffix = "") {
  std::string c = replace_all(op.call, "{t}", std::to_string(target));
  c = replace_all(c, "{d}", std::to_string(disp));
  return replace_all(c, "{s}", suffix);
}

// Declares the origin-side buffers (and request) an operation needs.
void declare_buffers(Program& p, const Op& op, const std::string& suffix = "") {
  for (const auto& b : op.buffers) {
    if (b.name == "uvalue")
      p.line("unsigned int uvalue" + suffix + " = 1u;");
    else
      p.line("int " + b.name + suffix + (b.name == "value" ? " = 1;" : " = 0;"));
  }
  if (op.request) p.line("MPI_Request request" + suffix + ";");
}

// ---------------------------------------------------------------------------
// Windows

enum class WinKind { Stack, Heap, Allocate };

std::string win_phrase(WinKind k) {
  switch (k) {
    case WinKind::Stack: return "a window created on a stack array";
    case WinKind::Heap: return "a window created on heap memory";
    case WinKind::Allocate: return "a window from MPI_Win_allocate";
  }
  return "";
}

// Creates `win` over four zeroed ints named `window` on every rank.
void create_window(Program& p, WinKind k) {
  switch (k) {
    case WinKind::Stack:
      p.line("int window[4] = {0, 0, 0, 0};");
      p.line("MPI_Win win;");
      p.line("MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);");
      break;
    case WinKind::Heap:
      p.include("stdlib.h");
      p.line("int *window = calloc(4, sizeof(int));");
      p.line("MPI_Win win;");
      p.line("MPI_Win_create(window, 4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);");
      break;
    case WinKind::Allocate:
      p.line("int *window;");
      p.line("MPI_Win win;");
      p.line("MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);");
      p.line("for (int i = 0; i < 4; i++)");
      p.line("    window[i] = 0;");
      break;
  }
}

void free_window(Program& p, WinKind k) {
  p.line("MPI_Win_free(&win);");
  if (k == WinKind::Heap) p.line("free(window);");
}

// ---------------------------------------------------------------------------
// Synchronisation modes of the two-rank cases (rank 0 origin, rank 1 target)

enum class Mode {
  Fence, FenceAssert, Pscw, LockExclusive, LockShared, LockFlushLocal, LockFlush,
  LockAll, LockAllFlushAll, LockAllFlushLocalAll, LockAllSync, LockRequest, LockAllRequest
};

struct ModeInfo {
  std::string id;          // file-name part
  std::string epoch;       // "a fence epoch"
  std::string completion;  // the call that completes rank 0's operations at the origin
};

ModeInfo info(Mode m) {
  switch (m) {
    case Mode::Fence: return {"fence", "a fence epoch", "the closing MPI_Win_fence"};
    case Mode::FenceAssert:
      return {"fence-assert", "a fence epoch opened with MPI_MODE_NOPRECEDE and closed with MPI_MODE_NOSUCCEED",
              "the closing MPI_Win_fence"};
    case Mode::Pscw: return {"pscw", "a PSCW epoch", "MPI_Win_complete"};
    case Mode::LockExclusive: return {"lock-excl", "an exclusive lock epoch", "MPI_Win_unlock"};
    case Mode::LockShared: return {"lock-shared", "a shared lock epoch", "MPI_Win_unlock"};
    case Mode::LockFlushLocal: return {"lock-flush-local", "a shared lock epoch", "MPI_Win_flush_local"};
    case Mode::LockFlush: return {"lock-flush", "a shared lock epoch", "MPI_Win_flush"};
    case Mode::LockAll: return {"lockall", "a lock_all epoch", "MPI_Win_unlock_all"};
    case Mode::LockAllFlushAll: return {"lockall-flush-all", "a lock_all epoch", "MPI_Win_flush_all"};
    case Mode::LockAllFlushLocalAll:
      return {"lockall-flush-local-all", "a lock_all epoch", "MPI_Win_flush_local_all"};
    case Mode::LockAllSync: return {"lockall-sync", "a lock_all epoch on every rank", "MPI_Win_flush"};
    case Mode::LockRequest: return {"lock-request", "a shared lock epoch", "MPI_Wait"};
    case Mode::LockAllRequest: return {"lockall-request", "a lock_all epoch", "MPI_Wait"};
  }
  return {};
}

bool passive(Mode m) { return m != Mode::Fence && m != Mode::FenceAssert && m != Mode::Pscw; }

// What each rank does around the epoch.
struct Slots {
  Stmts issue;         // rank 0: the RMA calls
  Stmts early;         // rank 0: before the calls are completed
  Stmts late;          // rank 0: after they are completed
  Stmts target_early;  // rank 1: during the epoch
  Stmts target_late;   // rank 1: after the synchronisation that completes the calls at the target
  bool target_involved() const { return !target_early.empty() || !target_late.empty(); }
};

// MPI_Win_lock of rank 1 by rank 0.
std::string lock_target(bool shared) {
  return std::string("MPI_Win_lock(") + (shared ? "MPI_LOCK_SHARED" : "MPI_LOCK_EXCLUSIVE") + ", 1, 0, win);";
}

void pscw_groups(Program& p) {
  p.line("MPI_Group world_group, peer_group;");
  p.line("MPI_Comm_group(MPI_COMM_WORLD, &world_group);");
  p.line("int peer = 1 - rank;");
  p.line("MPI_Group_incl(world_group, 1, &peer, &peer_group);");
}

void free_pscw_groups(Program& p) {
  p.line("MPI_Group_free(&peer_group);");
  p.line("MPI_Group_free(&world_group);");
}

// Emits one epoch of a two-rank case in mode m.
void two_rank_epoch(Program& p, Mode m, const Slots& s) {
  const bool ordered_target = s.target_involved();
  switch (m) {
    case Mode::Fence:
    case Mode::FenceAssert: {
      const bool asserted = m == Mode::FenceAssert;
      p.line(std::string("MPI_Win_fence(") + (asserted ? "MPI_MODE_NOPRECEDE" : "0") + ", win);");
      p.open("if (rank == 0)");
      p.lines(s.issue);
      p.lines(s.early);
      if (!s.target_early.empty()) {
        p.reopen("else");
        p.lines(s.target_early);
      }
      p.close();
      p.line(std::string("MPI_Win_fence(") + (asserted ? "MPI_MODE_NOSUCCEED" : "0") + ", win);");
      p.when("rank == 0", s.late);
      p.when("rank == 1", s.target_late);
      return;
    }
    case Mode::Pscw:
      p.open("if (rank == 0)");
      p.line("MPI_Win_start(peer_group, 0, win);");
      p.lines(s.issue);
      p.lines(s.early);
      p.line("MPI_Win_complete(win);");
      p.lines(s.late);
      p.reopen("else");
      p.line("MPI_Win_post(peer_group, 0, win);");
      p.lines(s.target_early);
      p.line("MPI_Win_wait(win);");
      p.lines(s.target_late);
      p.close();
      return;
    case Mode::LockExclusive:
    case Mode::LockShared:
    case Mode::LockAll: {
      p.open("if (rank == 0)");
      if (m == Mode::LockAll) p.line("MPI_Win_lock_all(0, win);");
      else p.line(lock_target(m == Mode::LockShared));
      p.lines(s.issue);
      p.lines(s.early);
      p.line(m == Mode::LockAll ? "MPI_Win_unlock_all(win);" : "MPI_Win_unlock(1, win);");
      p.lines(s.late);
      if (!s.target_early.empty()) {
        p.reopen("else");
        p.lines(s.target_early);
      }
      p.close();
      if (ordered_target) p.line("MPI_Barrier(MPI_COMM_WORLD); /* after rank 0's epoch has ended */");
      p.when("rank == 1", s.target_late);
      return;
    }
    case Mode::LockFlushLocal:
    case Mode::LockFlush:
    case Mode::LockAllFlushAll:
    case Mode::LockAllFlushLocalAll: {
      const bool all = m == Mode::LockAllFlushAll || m == Mode::LockAllFlushLocalAll;
      p.open("if (rank == 0)");
      p.line(all ? "MPI_Win_lock_all(0, win);" : "MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);");
      p.lines(s.issue);
      p.lines(s.early);
      switch (m) {
        case Mode::LockFlushLocal: p.line("MPI_Win_flush_local(1, win);"); break;
        case Mode::LockFlush: p.line("MPI_Win_flush(1, win);"); break;
        case Mode::LockAllFlushAll: p.line("MPI_Win_flush_all(win);"); break;
        default: p.line("MPI_Win_flush_local_all(win);"); break;
      }
      if (ordered_target) p.line("MPI_Send(NULL, 0, MPI_BYTE, 1, 0, MPI_COMM_WORLD); /* the update is complete */");
      p.lines(s.late);
      p.line(all ? "MPI_Win_unlock_all(win);" : "MPI_Win_unlock(1, win);");
      if (ordered_target) {
        p.reopen("else");
        p.lines(s.target_early);
        p.line("MPI_Recv(NULL, 0, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);");
        p.lines(s.target_late);
      }
      p.close();
      return;
    }
    case Mode::LockAllSync:
      p.line("MPI_Win_lock_all(0, win);");
      p.open("if (rank == 0)");
      p.lines(s.issue);
      p.line("MPI_Win_flush(1, win);");
      if (!s.target_early.empty()) {
        p.reopen("else");
        p.lines(s.target_early);
      }
      p.close();
      p.line("MPI_Barrier(MPI_COMM_WORLD); /* rank 0's update is complete */");
      if (!s.target_late.empty()) {
        p.open("if (rank == 1)");
        p.line("MPI_Win_sync(win);");
        p.lines(s.target_late);
        p.close();
      }
      p.line("MPI_Win_unlock_all(win);");
      return;
    case Mode::LockRequest:
    case Mode::LockAllRequest:
      p.open("if (rank == 0)");
      p.line(m == Mode::LockAllRequest ? "MPI_Win_lock_all(0, win);" : "MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);");
      p.lines(s.issue);
      p.lines(s.early);
      p.line("MPI_Wait(&request, MPI_STATUS_IGNORE);");
      p.lines(s.late);
      p.line(m == Mode::LockAllRequest ? "MPI_Win_unlock_all(win);" : "MPI_Win_unlock(1, win);");
      p.close();
      return;
  }
}

// A complete two-rank program: window, origin buffers, one epoch.
std::string two_rank_program(WinKind kind, Mode m, const std::vector<Op>& ops, const Slots& s) {
  Program p;
  create_window(p, kind);
  for (const auto& op : ops) declare_buffers(p, op);
  if (passive(m)) p.line("MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */");
  if (m == Mode::Pscw) pscw_groups(p);
  p.blank();
  two_rank_epoch(p, m, s);
  p.blank();
  if (m == Mode::Pscw) free_pscw_groups(p);
  free_window(p, kind);
  return p.str();
}

// ---------------------------------------------------------------------------
// Origin side: rank 0 accesses the origin buffer of its own pending operation.

const char* const kOriginNote =
    "MPI-3.1 11.3: the origin buffer of a put or accumulate must not be updated, and that of a get "
    "(or the result buffer of a get-accumulate) not accessed, until the operation completes at the origin "
    "(11.5, and 11.3.5 for request-based operations).";

std::string access_stmt(const std::string& variable, bool store) {
  return store ? variable + " = 2;" : "sink = " + variable + ";";
}

std::string origin_class(const Buffer& b) {
  return b.use == Use::Write ? "rma.local.origin-access-during-get" : "rma.local.origin-write-during-put";
}

// MPI's name for the buffer: a get's `result` is its origin buffer.
std::string buffer_role(const Op& op, const Buffer& b) {
  if (op.id == "get" || op.id == "rget") return "origin buffer";
  if (b.name == "result") return "result buffer";
  if (b.name == "compare") return "compare buffer";
  return "origin buffer";
}

std::string pick_name(const Buffer& b) { return b.name == "value" ? "origin" : b.name; }

void origin_matrix(std::vector<CaseFile>& out, const Op& op, WinKind kind, const std::vector<Mode>& modes) {
  const std::string group = "origin-matrix";
  for (Mode m : modes) {
    const ModeInfo mi = info(m);
    for (const auto& b : op.buffers) {
      for (bool store : {true, false}) {
        const bool conflict = store || b.use == Use::Write;
        const std::string stem = mi.id + "-" + op.id + "-" + pick_name(b) + (store ? "-store" : "-load");
        const std::string verb = store ? "stores to" : "loads";
        const std::string what = "the " + buffer_role(op, b) + " `" + b.name + "` of an " + op.mpi;
        const Stmts issue{{call_of(op, 1, 0), "op"}};
        const Stmts access{{access_stmt(b.name, store), "access"}};
        const std::string where = " (" + mi.epoch + ", " + win_phrase(kind) + ").";
        if (!conflict) {  // loading a buffer the operation only reads
          CaseFile c = make_case(group, stem, true);
          c.description = "Rank 0 " + verb + " " + what + " while it is pending; the operation only reads that buffer, "
                          "so the concurrent load is allowed" + where;
          c.twins = {CaseFile::case_id(group, mi.id + "-" + op.id + "-" + pick_name(b) + "-store", false)};
          c.program = two_rank_program(kind, m, {op}, {issue, access, {}, {}, {}});
          out.push_back(c);
          continue;
        }
        CaseFile bad = make_case(group, stem, false);
        bad.description = "Rank 0 " + verb + " " + what + " before " + mi.completion + " completes it" + where;
        bad.errors = {{origin_class(b), "op access"}};
        bad.twins = {CaseFile::case_id(group, stem + "-after", true)};
        if (store && b.use == Use::Read)
          bad.twins.push_back(CaseFile::case_id(group, mi.id + "-" + op.id + "-" + pick_name(b) + "-load", true));
        bad.note = kOriginNote;
        bad.program = two_rank_program(kind, m, {op}, {issue, access, {}, {}, {}});
        out.push_back(bad);

        CaseFile good = make_case(group, stem + "-after", true);
        good.description = "Rank 0 " + verb + " " + what + " only after " + mi.completion + " has completed it" + where;
        good.twins = {bad.id()};
        good.program = two_rank_program(kind, m, {op}, {issue, {}, access, {}, {}});
        out.push_back(good);
      }
    }
  }
}

// One origin buffer used by two operations of rank 0 in one epoch.
void origin_buffer_pairs(std::vector<CaseFile>& out) {
  const std::string group = "origin-matrix";
  struct Pair {
    std::string id, first, second, description;
    bool ok;
  };
  // `data` is the origin buffer of both calls.
  const std::vector<Pair> pairs = {
      {"get-then-put", "MPI_Get(&data, 1, MPI_INT, 1, 0, 1, MPI_INT, win);",
       "MPI_Put(&data, 1, MPI_INT, 1, 1, 1, MPI_INT, win);",
       "the origin buffer of a pending MPI_Get is the origin buffer of a following MPI_Put, which reads it", false},
      {"put-then-get", "MPI_Put(&data, 1, MPI_INT, 1, 0, 1, MPI_INT, win);",
       "MPI_Get(&data, 1, MPI_INT, 1, 1, 1, MPI_INT, win);",
       "an MPI_Get writes into the origin buffer that a pending MPI_Put still reads", false},
      {"get-then-get", "MPI_Get(&data, 1, MPI_INT, 1, 0, 1, MPI_INT, win);",
       "MPI_Get(&data, 1, MPI_INT, 1, 1, 1, MPI_INT, win);",
       "two pending MPI_Get calls write into the same origin buffer", false},
      {"put-then-put", "MPI_Put(&data, 1, MPI_INT, 1, 0, 1, MPI_INT, win);",
       "MPI_Put(&data, 1, MPI_INT, 1, 1, 1, MPI_INT, win);",
       "two pending MPI_Put calls read the same origin buffer, which is allowed", true},
  };
  for (Mode m : {Mode::Fence, Mode::LockAllFlushLocalAll}) {
    const ModeInfo mi = info(m);
    for (const auto& pr : pairs) {
      auto program = [&](bool separated) {
        Program p;
        create_window(p, WinKind::Stack);
        p.line("int data = 1;");
        if (passive(m)) p.line("MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */");
        p.blank();
        Slots s;
        s.issue = {{pr.first, "op1"}};
        Stmts second{{pr.second, "op2"}};
        if (!separated) {
          s.early = second;
          two_rank_epoch(p, m, s);
        } else if (m == Mode::Fence) {
          two_rank_epoch(p, m, s);  // a second fence epoch for the second call
          p.when("rank == 0", second);
          p.line("MPI_Win_fence(0, win);");
        } else {
          s.late = second;
          two_rank_epoch(p, m, s);
        }
        p.blank();
        free_window(p, WinKind::Stack);
        return p.str();
      };
      const std::string stem = mi.id + "-buffer-" + pr.id;
      const std::string where = " (" + mi.epoch + ").";
      if (pr.ok) {
        CaseFile c = make_case(group, stem, true);
        c.description = "Rank 0 issues two calls on one origin buffer: " + pr.description + where;
        c.program = program(false);
        c.twins = {CaseFile::case_id(group, mi.id + "-buffer-get-then-put", false)};
        out.push_back(c);
        continue;
      }
      CaseFile bad = make_case(group, stem, false);
      bad.description = "Rank 0 issues two calls on one origin buffer in one epoch: " + pr.description + where;
      bad.errors = {{"rma.local.origin-access-during-get", "op1 op2"}};
      bad.twins = {CaseFile::case_id(group, stem + "-completed", true)};
      bad.note = kOriginNote;
      bad.program = program(false);
      out.push_back(bad);
      CaseFile good = make_case(group, stem + "-completed", true);
      const std::string between = m == Mode::Fence ? "a fence" : mi.completion;
      good.description = "Rank 0 issues the second call on the origin buffer only after " + between +
                         " has completed the first" + where;
      good.twins = {bad.id()};
      good.program = program(true);
      out.push_back(good);
    }
  }
}

// ---------------------------------------------------------------------------
// Target side: rank 1 accesses its own window while rank 0's operation accesses it.

const char* const kTargetNote =
    "MPI-3.1 11.3 and 11.7: concurrent conflicting accesses to a window location are erroneous; the "
    "window owner may access a location updated (or, for a store, read) by an RMA operation only after "
    "a synchronisation that completes the operation at the target and orders the owner after it.";

std::string target_after_phrase(Mode m) {
  switch (m) {
    case Mode::Fence:
    case Mode::FenceAssert: return "after the closing MPI_Win_fence";
    case Mode::Pscw: return "after MPI_Win_wait";
    case Mode::LockFlush: return "after a message that rank 0 sends once MPI_Win_flush returned";
    case Mode::LockAllSync: return "after MPI_Win_flush on rank 0, an MPI_Barrier and MPI_Win_sync";
    default: return "after an MPI_Barrier that follows rank 0's unlock";
  }
}

std::string target_during_phrase(Mode m) {
  switch (m) {
    case Mode::Fence:
    case Mode::FenceAssert: return "inside the same fence epoch";
    case Mode::Pscw: return "inside its exposure epoch, before MPI_Win_wait";
    case Mode::LockFlush: return "before the message that orders it after MPI_Win_flush";
    case Mode::LockAllSync: return "before the MPI_Barrier that orders it after MPI_Win_flush";
    default: return "while rank 0 may still hold its lock (no synchronisation orders the two)";
  }
}

void target_matrix(std::vector<CaseFile>& out, const Op& op, const std::vector<Mode>& modes, WinKind kind,
                   bool disjoint_twins) {
  const std::string group = "target-matrix";
  for (Mode m : modes) {
    const ModeInfo mi = info(m);
    for (bool store : {false, true}) {
      const bool conflict = store || op.at_target == Use::Write;
      const std::string stem = mi.id + "-" + op.id + (store ? "-store" : "-load");
      const std::string verb = store ? "stores to" : "loads";
      const std::string opdesc = op.at_target == Use::Write ? "updates" : "reads";
      const Stmts issue{{call_of(op, 1, 0), "op"}};
      auto access = [&](int index) {
        return Stmts{{access_stmt("window[" + std::to_string(index) + "]", store), "access"}};
      };
      const std::string where = " (" + mi.epoch + ", " + win_phrase(kind) + ").";
      if (!conflict) {
        CaseFile c = make_case(group, stem, true);
        c.description = "Rank 1 loads window[0] " + target_during_phrase(m) + " while rank 0's " + op.mpi +
                        " reads it; two reads do not conflict" + where;
        c.twins = {CaseFile::case_id(group, mi.id + "-" + op.id + "-store", false)};
        c.program = two_rank_program(kind, m, {op}, {issue, {}, {}, access(0), {}});
        out.push_back(c);
        continue;
      }
      CaseFile bad = make_case(group, stem, false);
      bad.description = "Rank 1 " + verb + " window[0] " + target_during_phrase(m) + " while rank 0's " + op.mpi +
                        " " + opdesc + " it" + where;
      bad.errors = {{"rma.local.target-access-during-remote", "op access"}};
      bad.twins = {CaseFile::case_id(group, stem + "-after", true)};
      if (disjoint_twins) bad.twins.push_back(CaseFile::case_id(group, stem + "-disjoint", true));
      if (store && op.at_target == Use::Read)
        bad.twins.push_back(CaseFile::case_id(group, mi.id + "-" + op.id + "-load", true));
      bad.note = kTargetNote;
      bad.program = two_rank_program(kind, m, {op}, {issue, {}, {}, access(0), {}});
      out.push_back(bad);

      CaseFile after = make_case(group, stem + "-after", true);
      after.description = "Rank 1 " + verb + " window[0] only " + target_after_phrase(m) + ", once rank 0's " +
                          op.mpi + " has completed" + where;
      after.twins = {bad.id()};
      after.program = two_rank_program(kind, m, {op}, {issue, {}, {}, {}, access(0)});
      out.push_back(after);

      if (disjoint_twins) {
        CaseFile apart = make_case(group, stem + "-disjoint", true);
        apart.description = "Rank 1 " + verb + " window[1] " + target_during_phrase(m) + " while rank 0's " +
                            op.mpi + " accesses window[0]; the locations are disjoint" + where;
        apart.twins = {bad.id()};
        apart.program = two_rank_program(kind, m, {op}, {issue, {}, {}, access(1), {}});
        out.push_back(apart);
      }
    }
  }
}

// Request-based operations complete only locally at MPI_Wait: the window owner
// still needs MPI_Win_flush (or the end of the epoch) before it may touch the location.
void target_requests(std::vector<CaseFile>& out) {
  const std::string group = "target-matrix";
  auto program = [](const Op& op, bool store, bool flush) {
    Program p;
    create_window(p, WinKind::Stack);
    declare_buffers(p, op);
    p.line("MPI_Win_lock_all(0, win);");
    p.blank();
    p.open("if (rank == 0)");
    p.line(call_of(op, 1, 0), "op");
    p.line("MPI_Wait(&request, MPI_STATUS_IGNORE);");
    if (flush) p.line("MPI_Win_flush(1, win);");
    p.close();
    p.line("MPI_Barrier(MPI_COMM_WORLD);");
    p.open("if (rank == 1)");
    p.line("MPI_Win_sync(win);");
    p.line(access_stmt("window[0]", store), "access");
    p.close();
    p.blank();
    p.line("MPI_Win_unlock_all(win);");
    free_window(p, WinKind::Stack);
    return p.str();
  };
  for (const Op& op : {rput(), racc()}) {
    for (bool store : {false, true}) {
      const std::string stem = "lockall-" + op.id + "-wait" + (store ? "-store" : "-load");
      const std::string verb = store ? "stores to" : "loads";
      CaseFile bad = make_case(group, stem, false);
      bad.description = "Rank 0 completes an " + op.mpi + " with MPI_Wait only, then a barrier lets rank 1 " +
                        (store ? "store to" : "load") + " window[0]; MPI_Wait completes the operation at the "
                        "origin, not at the target (a lock_all epoch on every rank).";
      bad.errors = {{"rma.local.target-access-during-remote", "op access"}};
      bad.twins = {CaseFile::case_id(group, stem + "-flush", true)};
      bad.note = "MPI-3.1 11.3.5: completion of a request-based put or accumulate (MPI_Wait) means local "
                 "completion only; remote completion needs MPI_Win_flush or the end of the epoch.";
      bad.program = program(op, store, false);
      out.push_back(bad);
      CaseFile good = make_case(group, stem + "-flush", true);
      good.description = "Rank 0 completes an " + op.mpi + " with MPI_Wait and MPI_Win_flush before the "
                         "barrier after which rank 1 " + verb + " window[0] (a lock_all epoch on every rank).";
      good.twins = {bad.id()};
      good.program = program(op, store, true);
      out.push_back(good);
    }
  }
}

// The window owner protects its own local access with a lock: exclusive locks
// serialise the two epochs, shared locks do not.
void target_self_lock(std::vector<CaseFile>& out) {
  const std::string group = "target-matrix";
  struct Entry { Op op; bool store; };
  const std::vector<Entry> entries = {{put(), true}, {put(), false}, {get(), true}, {acc("MPI_SUM", "acc"), false}};
  for (const auto& e : entries) {
    auto program = [&](bool exclusive) {
      const std::string type = exclusive ? "MPI_LOCK_EXCLUSIVE" : "MPI_LOCK_SHARED";
      Program p;
      create_window(p, WinKind::Allocate);
      declare_buffers(p, e.op);
      p.line("MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */");
      p.blank();
      p.line("MPI_Win_lock(" + type + ", 1, 0, win);");
      p.open("if (rank == 0)");
      p.line(call_of(e.op, 1, 0), "op");
      p.reopen("else");
      p.line(access_stmt("window[0]", e.store), "access");
      p.close();
      p.line("MPI_Win_unlock(1, win);");
      p.blank();
      free_window(p, WinKind::Allocate);
      return p.str();
    };
    const std::string stem = "self-lock-" + e.op.id + (e.store ? "-store" : "-load");
    const std::string verb = e.store ? "stores to" : "loads";
    CaseFile bad = make_case(group, stem + "-shared", false);
    bad.description = "Rank 1 " + verb + " window[0] inside a shared lock on its own window while rank 0's " +
                      e.op.mpi + " accesses it under another shared lock; shared locks do not serialise.";
    bad.errors = {{"rma.local.target-access-during-remote", "op access"}};
    bad.twins = {CaseFile::case_id(group, stem + "-exclusive", true)};
    bad.note = kTargetNote;
    bad.program = program(false);
    out.push_back(bad);
    CaseFile good = make_case(group, stem + "-exclusive", true);
    good.description = "Rank 1 " + verb + " window[0] inside an exclusive lock on its own window and rank 0's " +
                       e.op.mpi + " runs under an exclusive lock too, so the two epochs are serialised.";
    good.twins = {bad.id()};
    good.program = program(true);
    out.push_back(good);
  }
}

// ---------------------------------------------------------------------------
// Same origin: rank 0 issues two operations on one location of rank 1 in one epoch.

const char* const kSameOriginNote =
    "MPI-3.1 11.7.2: RMA operations of one origin are not ordered (only accumulates among themselves "
    "are, by default); two conflicting operations on one location in one epoch are erroneous (11.3).";

enum class Separation { None, Disjoint, Completed };

std::string same_origin_program(Mode m, const Op& first, const Op& second, Separation sep) {
  Program p;
  create_window(p, WinKind::Heap);
  declare_buffers(p, first, "1");
  declare_buffers(p, second, "2");
  if (passive(m)) p.line("MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */");
  if (m == Mode::Pscw) pscw_groups(p);
  p.blank();
  const Stmt op1{call_of(first, 1, 0, "1"), "op1"};
  const Stmt op2{call_of(second, 1, sep == Separation::Disjoint ? 1 : 0, "2"), "op2"};
  const bool completed = sep == Separation::Completed;
  switch (m) {
    case Mode::Fence:
      p.line("MPI_Win_fence(0, win);");
      p.open("if (rank == 0)");
      p.lines({op1});
      if (completed) {
        p.close();
        p.line("MPI_Win_fence(0, win);");
        p.open("if (rank == 0)");
      }
      p.lines({op2});
      p.close();
      p.line("MPI_Win_fence(0, win);");
      break;
    case Mode::Pscw:
      p.open("if (rank == 0)");
      p.line("MPI_Win_start(peer_group, 0, win);");
      p.lines({op1});
      if (completed) {
        p.line("MPI_Win_complete(win);");
        p.line("MPI_Win_start(peer_group, 0, win);");
      }
      p.lines({op2});
      p.line("MPI_Win_complete(win);");
      p.reopen("else");
      p.line("MPI_Win_post(peer_group, 0, win);");
      p.line("MPI_Win_wait(win);");
      if (completed) {
        p.line("MPI_Win_post(peer_group, 0, win);");
        p.line("MPI_Win_wait(win);");
      }
      p.close();
      break;
    default: {
      const bool all = m == Mode::LockAll;
      p.open("if (rank == 0)");
      if (all) p.line("MPI_Win_lock_all(0, win);");
      else p.line(lock_target(m == Mode::LockShared));
      p.lines({op1});
      if (first.request) p.line("MPI_Wait(&request1, MPI_STATUS_IGNORE);");
      if (completed) p.line("MPI_Win_flush(1, win);");
      p.lines({op2});
      if (second.request) p.line("MPI_Wait(&request2, MPI_STATUS_IGNORE);");
      p.line(all ? "MPI_Win_unlock_all(win);" : "MPI_Win_unlock(1, win);");
      p.close();
      break;
    }
  }
  p.blank();
  if (m == Mode::Pscw) free_pscw_groups(p);
  free_window(p, WinKind::Heap);
  return p.str();
}

std::string completed_phrase(Mode m) {
  switch (m) {
    case Mode::Fence: return "a fence between them";
    case Mode::Pscw: return "MPI_Win_complete and a new PSCW epoch between them";
    default: return "MPI_Win_flush between them";
  }
}

void same_origin(std::vector<CaseFile>& out, const Op& first, const Op& second, const std::vector<Mode>& modes,
                 bool conflict, bool disjoint_twin, const std::string& why) {
  const std::string group = "same-origin-matrix";
  for (Mode m : modes) {
    const ModeInfo mi = info(m);
    const std::string stem = mi.id + "-" + first.id + "-" + second.id;
    const std::string pair = "an " + first.mpi + " and then an " + second.mpi;
    const std::string where = " (" + mi.epoch + ").";
    if (!conflict) {
      CaseFile c = make_case(group, stem, true);
      c.description = "Rank 0 issues " + pair + " to window[0] of rank 1 in one epoch; " + why + where;
      c.program = same_origin_program(m, first, second, Separation::None);
      out.push_back(c);
      continue;
    }
    CaseFile bad = make_case(group, stem, false);
    bad.description = "Rank 0 issues " + pair + " to window[0] of rank 1 in one epoch; " + why + where;
    bad.errors = {{"rma.local.same-origin-conflict", "op1 op2"}};
    bad.twins = {CaseFile::case_id(group, stem + "-completed", true)};
    if (disjoint_twin) bad.twins.push_back(CaseFile::case_id(group, stem + "-disjoint", true));
    bad.note = kSameOriginNote;
    bad.program = same_origin_program(m, first, second, Separation::None);
    out.push_back(bad);
    CaseFile done = make_case(group, stem + "-completed", true);
    done.description = "Rank 0 issues " + pair + " to window[0] of rank 1 with " + completed_phrase(m) +
                       ", which completes the first at the target" + where;
    done.twins = {bad.id()};
    done.program = same_origin_program(m, first, second, Separation::Completed);
    out.push_back(done);
    if (disjoint_twin) {
      CaseFile apart = make_case(group, stem + "-disjoint", true);
      apart.description = "Rank 0 issues " + pair + " in one epoch, to the disjoint locations window[0] and "
                          "window[1] of rank 1" + where;
      apart.twins = {bad.id()};
      apart.program = same_origin_program(m, first, second, Separation::Disjoint);
      out.push_back(apart);
    }
  }
}

// Completion of a request-based put is local: MPI_Wait does not order it before a later get.
void same_origin_requests(std::vector<CaseFile>& out) {
  const std::string group = "same-origin-matrix";
  for (Mode m : {Mode::LockShared, Mode::LockAll}) {
    const ModeInfo mi = info(m);
    const std::string stem = mi.id + "-rput-wait-get";
    CaseFile bad = make_case(group, stem, false);
    bad.description = "Rank 0 waits for an MPI_Rput and then issues an MPI_Get on the same location of rank 1; "
                      "MPI_Wait completes the put only at the origin, so the two still conflict (" + mi.epoch + ").";
    bad.errors = {{"rma.local.same-origin-conflict", "op1 op2"}};
    bad.twins = {CaseFile::case_id(group, mi.id + "-rput-get-completed", true)};
    bad.note = "MPI-3.1 11.3.5: completion of MPI_Rput's request guarantees local completion only.";
    bad.program = same_origin_program(m, rput(), get(), Separation::None);
    out.push_back(bad);
    CaseFile good = make_case(group, mi.id + "-rput-get-completed", true);
    good.description = "Rank 0 waits for an MPI_Rput, calls MPI_Win_flush, and only then issues an MPI_Get on "
                       "the same location of rank 1 (" + mi.epoch + ").";
    good.twins = {bad.id()};
    good.program = same_origin_program(m, rput(), get(), Separation::Completed);
    out.push_back(good);
  }
}

// ---------------------------------------------------------------------------
// Different origins: ranks 0 and 2 access window[0] of rank 1 in one epoch.

enum class CrossMode { Fence, Pscw, LockShared, LockExclusive, LockAll };

std::string cross_id(CrossMode m) {
  switch (m) {
    case CrossMode::Fence: return "fence";
    case CrossMode::Pscw: return "pscw";
    case CrossMode::LockShared: return "lock-shared";
    case CrossMode::LockExclusive: return "lock-excl";
    case CrossMode::LockAll: return "lockall";
  }
  return "";
}

std::string cross_epoch(CrossMode m) {
  switch (m) {
    case CrossMode::Fence: return "one fence epoch";
    case CrossMode::Pscw: return "one PSCW exposure epoch of rank 1";
    case CrossMode::LockShared: return "shared lock epochs";
    case CrossMode::LockExclusive: return "exclusive lock epochs";
    case CrossMode::LockAll: return "lock_all epochs ordered only by an MPI_Barrier";
  }
  return "";
}

// ordered: the first operation is completed and ordered before the second
// (a fence between them / exclusive locks / flush + barrier).
std::string cross_program(CrossMode m, const Op& a, const Op& b, bool disjoint, bool ordered) {
  Program p;
  create_window(p, WinKind::Stack);
  p.line("/* the origin buffers of ranks 0 and 2 */");
  declare_buffers(p, a);
  std::set<std::string> declared;
  for (const auto& buf : a.buffers) declared.insert(buf.name);
  Op rest = b;
  std::erase_if(rest.buffers, [&](const Buffer& buf) { return declared.count(buf.name) > 0; });
  declare_buffers(p, rest);
  const Stmt first{call_of(a, 1, 0), "op-a"};
  const Stmt second{call_of(b, 1, disjoint ? 1 : 0), "op-b"};
  if (m != CrossMode::Fence && m != CrossMode::Pscw)
    p.line("MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */");
  if (m == CrossMode::Pscw) {
    p.line("MPI_Group world_group, peer_group;");
    p.line("MPI_Comm_group(MPI_COMM_WORLD, &world_group);");
    p.line("int origins[2] = {0, 2}, target = 1;");
    p.open("if (rank == 1)");
    p.line("MPI_Group_incl(world_group, 2, origins, &peer_group);");
    p.reopen("else");
    p.line("MPI_Group_incl(world_group, 1, &target, &peer_group);");
    p.close();
  }
  p.blank();
  switch (m) {
    case CrossMode::Fence:
      p.line("MPI_Win_fence(0, win);");
      p.open("if (rank == 0)");
      p.lines({first});
      if (ordered) {
        p.close();
        p.line("MPI_Win_fence(0, win);");
        p.open("if (rank == 2)");
      } else {
        p.reopen("else if (rank == 2)");
      }
      p.lines({second});
      p.close();
      p.line("MPI_Win_fence(0, win);");
      break;
    case CrossMode::Pscw:
      p.open("if (rank == 1)");
      p.line("MPI_Win_post(peer_group, 0, win);");
      p.line("MPI_Win_wait(win);");
      p.reopen("else");
      p.line("MPI_Win_start(peer_group, 0, win);");
      p.line("if (rank == 0)");
      p.line("    " + first.text + "  // @" + first.marker);
      p.line("else");
      p.line("    " + second.text + "  // @" + second.marker);
      p.line("MPI_Win_complete(win);");
      p.close();
      break;
    case CrossMode::LockShared:
    case CrossMode::LockExclusive: {
      const std::string type = m == CrossMode::LockShared ? "MPI_LOCK_SHARED" : "MPI_LOCK_EXCLUSIVE";
      p.open("if (rank != 1)");
      p.line("MPI_Win_lock(" + type + ", 1, 0, win);");
      p.line("if (rank == 0)");
      p.line("    " + first.text + "  // @" + first.marker);
      p.line("else");
      p.line("    " + second.text + "  // @" + second.marker);
      p.line("MPI_Win_unlock(1, win);");
      p.close();
      break;
    }
    case CrossMode::LockAll:
      p.line("if (rank != 1)");
      p.line("    MPI_Win_lock_all(0, win);");
      p.open("if (rank == 0)");
      p.lines({first});
      if (ordered) p.line("MPI_Win_flush(1, win);");
      p.close();
      p.line("MPI_Barrier(MPI_COMM_WORLD);");
      p.when("rank == 2", {second});
      p.line("if (rank != 1)");
      p.line("    MPI_Win_unlock_all(win);");
      break;
  }
  p.blank();
  if (m == CrossMode::Pscw) {
    p.line("MPI_Group_free(&peer_group);");
    p.line("MPI_Group_free(&world_group);");
  }
  free_window(p, WinKind::Stack);
  return p.str();
}

std::string ordered_phrase(CrossMode m) {
  switch (m) {
    case CrossMode::Fence: return "in consecutive fence epochs, so the fence between them orders them";
    case CrossMode::LockShared: return "under exclusive locks, which serialise the two epochs";
    case CrossMode::LockAll: return "in lock_all epochs where rank 0 calls MPI_Win_flush before the MPI_Barrier";
    default: return "";
  }
}

void cross_origin(std::vector<CaseFile>& out, const Op& a, const Op& b, const std::vector<CrossMode>& modes,
                  const std::string& error_class, const std::string& why) {
  const std::string group = "cross-origin-matrix";
  for (CrossMode m : modes) {
    const std::string stem = cross_id(m) + "-" + a.id + "-" + b.id;
    const std::string pair = "Rank 0 issues an " + a.mpi + " and rank 2 an " + b.mpi;
    CaseFile c = make_case(group, stem, error_class.empty());
    c.nprocs = 3;
    if (c.ok) {
      c.description = pair + " on window[0] of rank 1 in " + cross_epoch(m) + "; " + why + ".";
      c.program = cross_program(m, a, b, false, false);
      out.push_back(c);
      continue;
    }
    c.description = pair + " on window[0] of rank 1 in " + cross_epoch(m) + "; " + why + ".";
    c.errors = {{error_class, "op-a op-b"}};
    c.twins = {CaseFile::case_id(group, stem + "-disjoint", true)};
    const bool has_ordered = m != CrossMode::Pscw;
    if (has_ordered) c.twins.push_back(CaseFile::case_id(group, stem + "-ordered", true));
    c.note = error_class == "rma.remote.conflict"
                 ? "MPI-3.1 11.3: concurrent conflicting accesses to one window location are erroneous."
                 : "MPI-3.1 11.7.1: only accumulate-family operations with the same predefined datatype and "
                   "the same operation (or MPI_NO_OP, info accumulate_ops default same_op_no_op, 11.2.1) "
                   "may update one location concurrently.";
    c.program = cross_program(m, a, b, false, false);
    out.push_back(c);

    CaseFile apart = make_case(group, stem + "-disjoint", true);
    apart.nprocs = 3;
    apart.description =
        pair + " in " + cross_epoch(m) + ", on the disjoint locations window[0] and window[1] of rank 1.";
    apart.twins = {c.id()};
    apart.program = cross_program(m, a, b, true, false);
    out.push_back(apart);
    if (has_ordered) {
      CaseFile ordered = make_case(group, stem + "-ordered", true);
      ordered.nprocs = 3;
      ordered.description = pair + " on window[0] of rank 1 " + ordered_phrase(m) + ".";
      ordered.twins = {c.id()};
      ordered.program = cross_program(m == CrossMode::LockShared ? CrossMode::LockExclusive : m, a, b, false, true);
      out.push_back(ordered);
    }
  }
}

// ---------------------------------------------------------------------------

std::vector<CaseFile> all_cases() {
  std::vector<CaseFile> out;
  const std::vector<Mode> every = {Mode::Fence, Mode::FenceAssert, Mode::Pscw, Mode::LockExclusive,
                                   Mode::LockShared, Mode::LockFlushLocal, Mode::LockFlush, Mode::LockAll,
                                   Mode::LockAllFlushAll, Mode::LockAllFlushLocalAll};
  // Origin side.
  origin_matrix(out, put(), WinKind::Stack, every);
  origin_matrix(out, get(), WinKind::Heap, every);
  origin_matrix(out, acc("MPI_SUM", "acc"), WinKind::Allocate,
                {Mode::Fence, Mode::Pscw, Mode::LockShared, Mode::LockAllFlushAll});
  origin_matrix(out, acc("MPI_REPLACE", "acc-replace"), WinKind::Stack,
                {Mode::FenceAssert, Mode::LockExclusive, Mode::LockFlushLocal});
  origin_matrix(out, get_acc(), WinKind::Heap, {Mode::Fence, Mode::Pscw, Mode::LockFlush, Mode::LockAll});
  origin_matrix(out, fetch_op(), WinKind::Allocate,
                {Mode::FenceAssert, Mode::LockShared, Mode::LockAllFlushLocalAll, Mode::LockExclusive});
  origin_matrix(out, cas(), WinKind::Stack, {Mode::Fence, Mode::Pscw, Mode::LockFlushLocal, Mode::LockAllFlushAll});
  for (const Op& op : {rput(), rget(), racc(), rget_acc()})
    origin_matrix(out, op, WinKind::Allocate, {Mode::LockRequest, Mode::LockAllRequest});
  origin_buffer_pairs(out);

  // Target side.
  const std::vector<Mode> target_modes = {Mode::Fence, Mode::FenceAssert, Mode::Pscw, Mode::LockExclusive,
                                          Mode::LockShared, Mode::LockFlush, Mode::LockAll, Mode::LockAllSync};
  target_matrix(out, put(), target_modes, WinKind::Stack, true);
  target_matrix(out, get(), target_modes, WinKind::Heap, false);
  target_matrix(out, acc("MPI_SUM", "acc"), {Mode::Fence, Mode::LockShared, Mode::LockAllSync}, WinKind::Allocate,
                false);
  target_matrix(out, get_acc(), {Mode::Pscw, Mode::LockExclusive, Mode::LockAll}, WinKind::Stack, false);
  target_matrix(out, fetch_op(), {Mode::FenceAssert, Mode::LockFlush, Mode::LockAll}, WinKind::Heap, false);
  target_matrix(out, cas(), {Mode::Fence, Mode::Pscw, Mode::LockShared}, WinKind::Allocate, false);
  target_matrix(out, fetch_noop(), {Mode::Fence, Mode::LockAllSync}, WinKind::Stack, false);
  target_requests(out);
  target_self_lock(out);

  // Same origin, one target location.
  const std::vector<Mode> so_all = {Mode::Fence, Mode::Pscw, Mode::LockExclusive, Mode::LockShared, Mode::LockAll};
  const std::string unordered = "the two are not ordered and one of them writes";
  same_origin(out, put(), get(), so_all, true, true, unordered);
  same_origin(out, put(), put(), so_all, true, false, "two puts to one location are not ordered");
  same_origin(out, get(), put(), {Mode::Fence, Mode::LockShared}, true, true, unordered);
  same_origin(out, put(), acc("MPI_SUM", "acc"), {Mode::Pscw, Mode::LockAll}, true, false,
              "a put is not ordered with an accumulate");
  same_origin(out, acc("MPI_SUM", "acc"), put(), {Mode::Fence, Mode::LockExclusive}, true, false,
              "a put is not ordered with an accumulate");
  same_origin(out, acc("MPI_SUM", "acc"), get(), {Mode::LockShared, Mode::LockAll}, true, false,
              "a get is not ordered with an accumulate");
  same_origin(out, get(), acc("MPI_SUM", "acc"), {Mode::Fence, Mode::Pscw}, true, false,
              "a get is not ordered with an accumulate");
  same_origin(out, fetch_op(), put(), {Mode::LockAll, Mode::LockExclusive}, true, false,
              "a put is not ordered with a fetch-and-op");
  same_origin(out, cas(), get(), {Mode::Fence, Mode::LockShared}, true, false,
              "a get is not ordered with a compare-and-swap");
  same_origin(out, get_acc(), put(), {Mode::Pscw, Mode::LockAll}, true, false,
              "a put is not ordered with a get-accumulate");
  same_origin(out, put(), fetch_noop(), {Mode::LockExclusive, Mode::Fence}, true, false,
              "an atomic read (MPI_NO_OP) is not ordered with a put");
  same_origin(out, get(), get(), {Mode::Fence, Mode::LockAll}, false, false, "two reads do not conflict");
  same_origin(out, acc("MPI_SUM", "acc"), acc("MPI_SUM", "acc"), {Mode::LockShared, Mode::Fence}, false, false,
              "accumulates with the same operation and datatype may update one location concurrently");
  same_origin(out, fetch_noop(), get(), {Mode::Pscw, Mode::LockAll}, false, false,
              "an atomic read and a get are two reads, which do not conflict");
  same_origin(out, get_acc(), acc("MPI_SUM", "acc"), {Mode::LockExclusive, Mode::LockAll}, false, false,
              "accumulates with the same operation and datatype may update one location concurrently");
  same_origin_requests(out);

  // Different origins (three ranks).
  const std::vector<CrossMode> cross_all = {CrossMode::Fence, CrossMode::Pscw, CrossMode::LockShared,
                                           CrossMode::LockAll};
  const std::string conflict = "rma.remote.conflict", atomicity = "rma.remote.atomicity";
  const Op sum = acc("MPI_SUM", "acc"), replace = acc("MPI_REPLACE", "acc-replace");
  cross_origin(out, put(), put(), cross_all, conflict, "the two puts conflict");
  cross_origin(out, put(), get(), cross_all, conflict, "the put conflicts with the get");
  cross_origin(out, get(), put(), {CrossMode::LockShared, CrossMode::LockAll}, conflict,
               "the get conflicts with the put");
  cross_origin(out, sum, put(), cross_all, atomicity, "a put mixed with an accumulate is not atomic");
  cross_origin(out, sum, get(), {CrossMode::Fence, CrossMode::LockAll}, atomicity,
               "a get mixed with an accumulate is not atomic");
  cross_origin(out, sum, replace, cross_all, atomicity, "MPI_SUM and MPI_REPLACE are different operations");
  cross_origin(out, sum, acc("MPI_PROD", "acc-prod"), {CrossMode::Pscw, CrossMode::LockShared}, atomicity,
               "MPI_SUM and MPI_PROD are different operations");
  cross_origin(out, sum, acc_unsigned(), {CrossMode::Fence, CrossMode::LockAll}, atomicity,
               "MPI_INT and MPI_UNSIGNED are different datatypes");
  cross_origin(out, fetch_op(), put(), {CrossMode::LockShared, CrossMode::LockAll}, atomicity,
               "a put mixed with a fetch-and-op is not atomic");
  cross_origin(out, cas(), put(), {CrossMode::Fence, CrossMode::LockShared}, atomicity,
               "a put mixed with a compare-and-swap is not atomic");
  cross_origin(out, get_acc(), put(), {CrossMode::Pscw, CrossMode::LockAll}, atomicity,
               "a put mixed with a get-accumulate is not atomic");
  cross_origin(out, get(), get(), {CrossMode::Fence, CrossMode::LockShared}, "", "two reads do not conflict");
  cross_origin(out, sum, sum, {CrossMode::Pscw, CrossMode::LockAll}, "",
               "accumulates with the same operation and datatype are atomic with respect to each other");
  cross_origin(out, fetch_op(), sum, {CrossMode::Fence, CrossMode::LockShared}, "",
               "a fetch-and-op and an accumulate with the same operation and datatype are atomic");
  cross_origin(out, get_acc_noop(), sum, {CrossMode::LockAll, CrossMode::Pscw}, "",
               "MPI_NO_OP may be mixed with another operation (accumulate_ops same_op_no_op)");
  cross_origin(out, cas(), cas(), {CrossMode::LockShared, CrossMode::Fence}, "",
               "compare-and-swap operations are atomic with respect to each other");
  cross_origin(out, replace, replace, {CrossMode::LockAll, CrossMode::Pscw}, "",
               "accumulates with MPI_REPLACE on both sides are atomic with respect to each other");
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: rma_matrix OUTDIR\n";
    return 2;
  }
  const std::filesystem::path outdir = argv[1];
  std::set<std::string> ids;
  for (const auto& c : all_cases()) {
    if (!ids.insert(c.id()).second) {
      std::cerr << "rma_matrix: duplicate case " << c.id() << "\n";
      return 1;
    }
    const auto path = outdir / (c.id() + ".c");
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << render(c);
  }
  std::cout << "rma_matrix: wrote " << ids.size() << " cases\n";
  return 0;
}
