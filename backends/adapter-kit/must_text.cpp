// MUST's console (mustrun --must:output stdout), stdout and stderr together.
//  [MUST-REPORT] Error: from: call MPI_Bcast@1: Two collective operations that use a root process specified conflicting roots! ...
//  [MUST-REPORT] Reference 1: call MPI_Bcastmain        (the function name glued to the call)
//  [MUST-REPORT] coll_root_mismatch.c:12
//  [MUST-REPORT] @rank 0, threadid 0;
//  [MUST-REPORT] Error global: There are 1 requests that are not freed when MPI_Finalize was issued, ...
// With --must:rma, races come only as ThreadSanitizer reports ("WARNING:
// ThreadSanitizer: data race", two accesses with their frames, "SUMMARY:").
// Classes come from what the message says; a report no class describes is
// kept as unclassified.
#include <regex>
#include <sstream>

#include "adapter.hpp"

namespace assay::adapter {

namespace {

struct Meaning {
  const char* phrase;
  const char* error_class;
};

// MUST's report texts (as in ../shared/fixtures/tools/must) and what they mean.
constexpr Meaning meanings[] = {
    {"specified conflicting roots", "coll.arg.root-mismatch"},
    {"two different collective calls on the same communicator", "coll.order.mismatch"},
    {"collective mismatch", "coll.order.mismatch"},
    {"can cause a deadlock", "nb.match.deadlock"},
    {"requests that are not freed when MPI_Finalize", "nb.request.missing-completion"},
    {"overlap with regions spanned by a pending non-blocking operation", "nb.buffer.overlap"},
};

std::string class_of(const std::string& text) {
  for (const auto& m : meanings)
    if (text.find(m.phrase) != std::string::npos) return m.error_class;
  return unclassified;
}

std::string strip_ansi(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\x1b' && i + 1 < s.size() && s[i + 1] == '[') {
      std::size_t end = s.find_first_of("ABCDEFGHJKSTfmnsu", i + 2);
      if (end == std::string::npos) break;
      i = end;
    } else {
      out += s[i];
    }
  }
  return out;
}

bool rma_call(const std::string& op) {
  static const std::regex rma("MPI_R?(Put|Get|Accumulate|Get_accumulate|Fetch_and_op|Compare_and_swap)");
  return std::regex_match(op, rma);
}

// One access of a ThreadSanitizer race: the MPI call of its innermost frame
// (MUST's RMA tracking annotates the operation's buffers inside MPI_Put, ...) or
// a load/store of the program, and the program's first frame with a line.
struct TsanAccess {
  bool write = false;
  std::string call;  // "" for a plain load/store
  std::string file;
  int line = 0;
  bool frame_seen = false;
};

// A race's class from what each access is, by MPI-3.1 §11.3: MPI_Put reads the
// origin buffer and writes the target, MPI_Get the reverse.
std::string race_class(const TsanAccess& a, const TsanAccess& b) {
  if (!a.call.empty() && !b.call.empty()) return "rma.remote.conflict";
  const TsanAccess& op = a.call.empty() ? b : a;
  if (op.call.empty()) return unclassified;  // no RMA operation involved
  bool target_side = op.call.find("Get") != std::string::npos ? !op.write : op.write;
  if (target_side) return "rma.local.target-access-during-remote";
  return op.call.find("Get") != std::string::npos ? "rma.local.origin-access-during-get"
                                                  : "rma.local.origin-write-during-put";
}

}  // namespace

std::vector<Finding> parse_must_text(const std::string& text, const std::string& what) {
  check_text(text, what, false);
  if (text.find("[MUST]") == std::string::npos) throw ParseError(what + ": not MUST's console (no [MUST] line)");
  static const std::regex report(R"(^(Error|Warning|Information)( global)?: (?:from: call (\w+)@(\d+): )?(.*)$)");
  static const std::regex reference(R"(^Reference \d+: call (\w+)$)");
  static const std::regex file_line(R"(^(\S+\.\w+):(\d+)$)");
  static const std::regex rank_of(R"(^@rank (\d+), threadid \d+;$)");
  static const std::regex tsan_access(R"(^  (Previous )?(?:[Aa]tomic )?(Read|Write|read|write) of size \d+ at )");
  static const std::regex tsan_frame(R"(^    #(\d+) (\S+) (\S+) )");
  static const std::regex tsan_loc(R"(^(.*?):(\d+)(?::\d+)?$)");
  std::vector<Finding> out;
  Finding* current = nullptr;  // the report whose references follow
  std::vector<TsanAccess> race;
  bool in_race = false;
  auto end_race = [&] {
    if (!in_race) return;
    in_race = false;
    if (race.size() != 2) return;  // a torn race report (killed) is not a finding
    Finding f;
    f.error_class = race_class(race[0], race[1]);
    f.message = "ThreadSanitizer data race: " + (race[0].call.empty() ? "load/store" : race[0].call) + " vs " +
                (race[1].call.empty() ? "load/store" : race[1].call);
    for (const auto& a : race) {
      Site s;
      s.op = !a.call.empty() ? a.call : a.write ? "store" : "load";
      s.kind = a.call.empty() ? (a.write ? "write" : "read") : "call";
      s.file = a.file;
      s.line = a.line;
      f.sites.push_back(s);
    }
    out.push_back(std::move(f));
    current = nullptr;
  };
  std::istringstream in(text);
  std::string raw;
  std::smatch m;
  while (std::getline(in, raw)) {
    if (raw.size() > 8192) continue;  // program output; MUST's lines are shorter
    std::string line = strip_ansi(raw);
    if (line.find("WARNING: ThreadSanitizer: data race") != std::string::npos) {
      end_race();
      in_race = true;
      race.clear();
      continue;
    }
    if (in_race) {
      if (line.rfind("SUMMARY: ThreadSanitizer", 0) == 0) {
        end_race();
      } else if (std::regex_search(line, m, tsan_access)) {
        if (race.size() < 2) race.push_back({m[2].str()[0] == 'W' || m[2].str()[0] == 'w', "", "", 0, false});
      } else if (!race.empty() && std::regex_search(line, m, tsan_frame)) {
        TsanAccess& a = race.back();
        std::string fn = m[2].str(), loc = m[3].str();
        if (!a.frame_seen && rma_call(fn)) a.call = fn;
        a.frame_seen = true;
        std::smatch l;
        if (a.line == 0 && loc != "<null>" && std::regex_match(loc, l, tsan_loc) && l[2].length() < 9)
          a.file = l[1].str(), a.line = std::stoi(l[2].str());
      }
      continue;
    }
    const std::string tag = "[MUST-REPORT] ";
    if (line.rfind(tag, 0) != 0) continue;
    std::string body = line.substr(tag.size());
    while (!body.empty() && (body.back() == ' ' || body.back() == '\r')) body.pop_back();
    if (std::regex_match(body, m, report)) {
      current = nullptr;
      if (m[1] == "Information") continue;
      Finding f;
      f.severity = m[1] == "Warning" ? "warning" : "error";
      f.error_class = class_of(m[5].str());
      f.message = m[5].str().substr(0, 300);
      if (m[3].matched) {
        f.rank = std::stoi(m[4].str().substr(0, 9));
        f.sites.push_back({m[3].str(), "call", f.rank, "", 0, ""});
      }
      out.push_back(std::move(f));
      current = &out.back();
    } else if (current && std::regex_match(body, m, reference)) {
      // "MPI_Bcastmain": the caller is glued to the call; only "main" can be told apart.
      std::string call = m[1].str();
      if (call.size() > 8 && call.compare(call.size() - 4, 4, "main") == 0) call.resize(call.size() - 4);
      current->sites.push_back({call, "call", -1, "", 0, ""});
    } else if (current && current->sites.size() > 0 && std::regex_match(body, m, file_line) && m[2].length() < 9) {
      Site& s = current->sites.back();
      if (s.line == 0) s.file = m[1].str(), s.line = std::stoi(m[2].str());
    } else if (current && !current->sites.empty() && std::regex_match(body, m, rank_of) && m[1].length() < 9) {
      current->sites.back().rank = std::stoi(m[1].str());
    }
  }
  end_race();
  return out;
}

}  // namespace assay::adapter
