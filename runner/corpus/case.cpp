// The case header parser (docs/case-format.md). It never stops at the first
// problem: every rule is checked and each violation becomes a file:line Problem.
#include "corpus/case.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>

namespace assay {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kFeatures[] = {
    "mpi-3", "mpi-4", "thread-multiple", "openmp", "shared-memory-window", "dynamic-window"};
constexpr std::string_view kMpis[] = {"openmpi", "mpich"};

std::string_view trim(std::string_view s) {
  const auto begin = s.find_first_not_of(" \t\r");
  if (begin == std::string_view::npos) return {};
  const auto end = s.find_last_not_of(" \t\r");
  return s.substr(begin, end - begin + 1);
}

// Whether a `//` comment's text opens with `KEY:` (upper-case letters and '-'):
// where a header starts after a file's own leading comments.
bool looks_like_key(std::string_view text) {
  text = trim(text);
  const auto colon = text.find(':');
  if (colon == std::string_view::npos || colon == 0) return false;
  return std::all_of(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(colon),
                     [](char ch) { return (ch >= 'A' && ch <= 'Z') || ch == '-'; });
}

std::vector<std::string> split_words(std::string_view s) {
  std::vector<std::string> words;
  std::istringstream in{std::string(s)};
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

template <std::size_t N>
bool is_one_of(std::string_view word, const std::string_view (&known)[N]) {
  return std::find(std::begin(known), std::end(known), word) != std::end(known);
}

template <std::size_t N>
std::string join(const std::string_view (&words)[N]) {
  std::string out;
  for (auto w : words) out += (out.empty() ? "" : " ") + std::string(w);
  return out;
}

bool is_marker_name(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
}

// Where the `//` comment of a code line starts, skipping string and character
// literals and /* ... */ comments closed on the same line.
std::optional<std::size_t> line_comment_start(std::string_view line) {
  char quote = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char ch = line[i];
    if (quote != 0) {
      if (ch == '\\') {
        ++i;
      } else if (ch == quote) {
        quote = 0;
      }
    } else if (ch == '"' || ch == '\'') {
      quote = ch;
    } else if (line.substr(i, 2) == "//") {
      return i;
    } else if (line.substr(i, 2) == "/*") {
      const auto close = line.find("*/", i + 2);
      if (close == std::string_view::npos) return std::nullopt;
      i = close + 1;
    }
  }
  return std::nullopt;
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const auto end = text.find('\n');
    lines.push_back(text.substr(0, end));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

// Collects one file's header and markers into a Case, reporting problems as it goes.
class CaseParser {
 public:
  CaseParser(Case& c, const std::string& file, const Taxonomy& tax, std::vector<Problem>& problems)
      : case_(c), file_(file), tax_(tax), problems_(problems) {}

  void header_line(int line, std::string_view text);
  void code_line(int line, std::string_view text);
  void finish();

 private:
  struct Key {
    std::string_view name;
    bool repeatable;
    void (CaseParser::*handle)(int line, std::string_view value);
  };
  static const Key kKeys[];

  void problem(int line, std::string message) {
    problems_.push_back({file_, line, std::move(message)});
  }
  void on_generated(int line, std::string_view value);
  void on_description(int, std::string_view value) { case_.description = value; }
  void on_expect(int line, std::string_view value);
  void on_expect_at(int line, std::string_view value);
  void on_nprocs(int line, std::string_view value) {
    read_int(line, "NPROCS", value, 64, case_.nprocs);
  }
  void on_runs(int line, std::string_view value) {
    read_int(line, "RUNS", value, 1000, case_.runs);
  }
  void on_timeout(int line, std::string_view value) {
    read_int(line, "TIMEOUT", value, 3600, case_.timeout_s);
  }
  void on_twin(int, std::string_view value) { case_.twins = split_words(value); }
  void on_requires(int line, std::string_view value);
  void on_unsupported(int line, std::string_view value);
  void on_args(int, std::string_view value) { case_.args = split_words(value); }
  void on_sources(int line, std::string_view value);
  void on_tags(int, std::string_view value) { case_.tags = split_words(value); }
  void on_origin(int, std::string_view value) { case_.origin = value; }
  void on_note(int, std::string_view value);

  void read_int(int line, std::string_view key, std::string_view value, int max, int& out);
  void resolve_markers();

  Case& case_;
  const std::string& file_;
  const Taxonomy& tax_;
  std::vector<Problem>& problems_;

  // EXPECT-AT attaches to the EXPECT: error just above it.
  enum class LastExpect { none, ok, error, malformed };
  LastExpect last_expect_ = LastExpect::none;
  bool saw_ok_ = false;
  std::vector<std::vector<int>> at_lines_written_;  // per expectation: line of each EXPECT-AT name
};

const CaseParser::Key CaseParser::kKeys[] = {
    {"GENERATED", false, &CaseParser::on_generated},
    {"DESCRIPTION", false, &CaseParser::on_description},
    {"EXPECT", true, &CaseParser::on_expect},
    {"EXPECT-AT", true, &CaseParser::on_expect_at},
    {"NPROCS", false, &CaseParser::on_nprocs},
    {"TWIN", false, &CaseParser::on_twin},
    {"RUNS", false, &CaseParser::on_runs},
    {"TIMEOUT", false, &CaseParser::on_timeout},
    {"REQUIRES", false, &CaseParser::on_requires},
    {"UNSUPPORTED", false, &CaseParser::on_unsupported},
    {"ARGS", false, &CaseParser::on_args},
    {"SOURCES", false, &CaseParser::on_sources},
    {"TAGS", false, &CaseParser::on_tags},
    {"ORIGIN", false, &CaseParser::on_origin},
    {"NOTE", true, &CaseParser::on_note},  // several NOTE lines read as one note
};

void CaseParser::header_line(int line, std::string_view text) {
  text = trim(text);
  if (text.empty()) return;  // blank `//` lines are allowed
  const auto colon = text.find(':');
  const auto key = trim(text.substr(0, std::min(colon, text.size())));
  if (colon == std::string_view::npos || key.empty() ||
      key.find_first_of(" \t") != std::string_view::npos) {
    problem(line, "header line is not `KEY: value`");
    return;
  }
  const auto spec = std::find_if(std::begin(kKeys), std::end(kKeys),
                                 [key](const Key& k) { return k.name == key; });
  if (spec == std::end(kKeys)) {
    problem(line, fmt::format("unknown key '{}'", key));
    return;
  }
  // Recorded even when the value is bad, so that a bad line is not also "missing".
  const auto [first, inserted] = case_.key_lines.emplace(std::string(key), line);
  const auto value = trim(text.substr(colon + 1));
  if (value.empty()) {
    problem(line, fmt::format("empty value for {}", key));
    return;
  }
  if (!inserted && !spec->repeatable) {
    problem(line, fmt::format("{} repeated (first at line {})", key, first->second));
    return;
  }
  (this->*spec->handle)(line, value);
}

void CaseParser::code_line(int line, std::string_view text) {
  const auto start = line_comment_start(text);
  if (!start) return;
  for (const auto& word : split_words(text.substr(*start + 2))) {
    if (word.front() != '@') continue;
    const std::string name = word.substr(1);
    if (!is_marker_name(name)) {
      problem(line, fmt::format("marker name '{}' is not [a-z0-9_-]+", name));
      continue;
    }
    const auto [first, inserted] = case_.markers.emplace(name, line);
    if (!inserted) {
      problem(line,
              fmt::format("marker @{} defined twice (first at line {})", name, first->second));
    }
  }
}

// Paths relative to the case file's folder; a folder stands for the files in it
// (not recursive). Their bytes join the content hash in parse_case, so the build
// cache key covers everything the case is compiled from, headers included.
void CaseParser::on_sources(int line, std::string_view value) {
  const fs::path dir = fs::path(case_.path).parent_path();
  for (const auto& word : split_words(value)) {
    const fs::path p = (dir / word).lexically_normal();
    std::error_code ec;
    if (fs::is_regular_file(p, ec)) {
      case_.sources.push_back(p.string());
    } else if (fs::is_directory(p, ec)) {
      std::vector<std::string> files;
      for (const auto& entry : fs::directory_iterator(p, ec))
        if (entry.is_regular_file()) files.push_back(entry.path().lexically_normal().string());
      std::sort(files.begin(), files.end());
      if (files.empty()) problem(line, fmt::format("SOURCES folder '{}' holds no file", word));
      case_.sources.insert(case_.sources.end(), files.begin(), files.end());
    } else {
      problem(line, fmt::format("SOURCES '{}' not found (paths are relative to the case file)", word));
    }
  }
}

void CaseParser::on_generated(int line, std::string_view value) {
  if (line != 1) problem(line, "GENERATED must be the first line");
  case_.generated = true;
  case_.generator = value;
}

void CaseParser::on_expect(int line, std::string_view value) {
  const auto words = split_words(value);
  if (words.size() == 1 && words[0] == "ok") {
    if (!case_.errors.empty()) {
      problem(line, "EXPECT: ok mixed with EXPECT: error (ok stands alone)");
    }
    if (saw_ok_) problem(line, "EXPECT: ok repeated");
    saw_ok_ = true;
    last_expect_ = LastExpect::ok;
    return;
  }
  if (words.size() != 2 || words[0] != "error") {
    problem(line, fmt::format("EXPECT must be `ok` or `error <class>`, got '{}'", value));
    last_expect_ = LastExpect::malformed;
    return;
  }
  const std::string& cls = words[1];
  if (saw_ok_) {
    problem(line, "EXPECT: error mixed with EXPECT: ok (ok stands alone)");
  }
  if (tax_.find(cls) == nullptr) {
    problem(line, fmt::format("unknown error class '{}' (not in the taxonomy)", cls));
  }
  if (std::any_of(case_.errors.begin(), case_.errors.end(),
                  [&](const Expectation& e) { return e.error_class == cls; })) {
    problem(line, fmt::format("EXPECT: error {} repeated", cls));
  }
  case_.errors.push_back({cls, {}, {}});
  at_lines_written_.emplace_back();
  last_expect_ = LastExpect::error;
}

void CaseParser::on_expect_at(int line, std::string_view value) {
  if (last_expect_ == LastExpect::malformed) return;  // already reported on the EXPECT line
  if (last_expect_ != LastExpect::error) {
    problem(line, "EXPECT-AT must follow an EXPECT: error line");
    return;
  }
  for (const auto& name : split_words(value)) {
    if (!is_marker_name(name)) {
      problem(line, fmt::format("marker name '{}' is not [a-z0-9_-]+", name));
      continue;
    }
    case_.errors.back().at.push_back(name);
    at_lines_written_.back().push_back(line);
  }
}

void CaseParser::read_int(int line, std::string_view key, std::string_view value, int max,
                          int& out) {
  int parsed = 0;
  const auto [end, err] = std::from_chars(value.data(), value.data() + value.size(), parsed);
  if (err != std::errc() || end != value.data() + value.size() || parsed < 1 || parsed > max) {
    problem(line, fmt::format("{} must be an integer in 1..{}, got '{}'", key, max, value));
    return;
  }
  out = parsed;
}

void CaseParser::on_requires(int line, std::string_view value) {
  for (const auto& feature : split_words(value)) {
    if (is_one_of(feature, kFeatures)) {
      case_.requires_features.push_back(feature);
    } else {
      problem(line, fmt::format("unknown feature '{}' in REQUIRES (known: {})", feature,
                                join(kFeatures)));
    }
  }
}

void CaseParser::on_unsupported(int line, std::string_view value) {
  for (const auto& mpi : split_words(value)) {
    if (is_one_of(mpi, kMpis)) {
      case_.unsupported_mpis.push_back(mpi);
    } else {
      problem(line, fmt::format("unknown MPI implementation '{}' in UNSUPPORTED (known: {})", mpi,
                                join(kMpis)));
    }
  }
}

void CaseParser::on_note(int, std::string_view value) {
  if (!case_.note.empty()) case_.note += ' ';
  case_.note += value;
}

void CaseParser::resolve_markers() {
  for (std::size_t i = 0; i < case_.errors.size(); ++i) {
    Expectation& expectation = case_.errors[i];
    for (std::size_t j = 0; j < expectation.at.size(); ++j) {
      const auto marker = case_.markers.find(expectation.at[j]);
      if (marker == case_.markers.end()) {
        problem(at_lines_written_[i][j],
                fmt::format("EXPECT-AT names marker '{}' that is not defined (write `// @{}` "
                            "at the end of its line)",
                            expectation.at[j], expectation.at[j]));
      }
      expectation.at_lines.push_back(marker == case_.markers.end() ? 0 : marker->second);
    }
  }
}

void CaseParser::finish() {
  if (!case_.key_lines.contains("DESCRIPTION")) problem(1, "DESCRIPTION missing");
  if (!case_.key_lines.contains("EXPECT")) problem(1, "EXPECT missing");
  resolve_markers();
}

// Sets id, family, group and name from the path under the root. Under the corpus
// rules an id is at least family/group/name; in other folders a missing level
// takes a name from above it: the group the family's, the family the folder's.
void split_id(Case& c, const fs::path& root, const std::string& file,
              std::vector<Problem>& problems) {
  const fs::path relative = fs::path(c.path).lexically_relative(root);
  if (relative.empty() || *relative.begin() == "..") {
    problems.push_back({file, 0, fmt::format("not under the cases folder {}", root.string())});
    return;
  }
  c.id = fs::path(relative).replace_extension().generic_string();
  const std::vector<fs::path> parts(relative.begin(), relative.end());
  if (parts.size() < 3 && c.corpus_rules) {
    problems.push_back({file, 0,
                        fmt::format("case id '{}' must be at least family/group/name (the corpus rules of {}/{})",
                                    c.id, root.string(), kCorpusMarker)});
    return;
  }
  c.family = parts.size() >= 2 ? parts[0].string() : root.filename().string();
  c.group = parts.size() >= 3 ? parts[1].string() : c.family;
  c.name = parts.back().stem().string();
}

fs::path normal_absolute(const std::string& p) {
  fs::path out = fs::absolute(p).lexically_normal();
  if (!out.has_filename() && out.has_parent_path()) out = out.parent_path();  // drop trailing '/'
  return out;
}

bool is_case_extension(const fs::path& path) {
  const auto ext = path.extension();
  return ext == ".c" || ext == ".cpp";
}

// Whether `name` is valid UTF-8 without control characters: a case id must survive
// a JSON journal and a terminal unchanged.
bool printable_utf8(std::string_view name) {
  for (std::size_t i = 0; i < name.size();) {
    const auto c = static_cast<unsigned char>(name[i]);
    const std::size_t extra = c < 0x80 ? 0 : (c & 0xe0) == 0xc0 ? 1 : (c & 0xf0) == 0xe0 ? 2 : (c & 0xf8) == 0xf0 ? 3 : 4;
    if (extra == 4 || (extra > 0 && i + extra >= name.size())) return false;
    if (extra == 0 && (c < 0x20 || c == 0x7f)) return false;               // control characters
    if (extra == 1 && c < 0xc2) return false;                              // overlong
    if (c == 0xc2 && static_cast<unsigned char>(name[i + 1]) < 0xa0) return false;  // C1 controls
    for (std::size_t k = 1; k <= extra; ++k)
      if ((static_cast<unsigned char>(name[i + k]) & 0xc0) != 0x80) return false;
    i += 1 + extra;
  }
  return true;
}

// `name` with every byte outside printable ASCII as \xNN, safe to print.
std::string shown_name(std::string_view name) {
  std::string out;
  for (char ch : name) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c >= 0x7f) out += fmt::format("\\x{:02x}", c);
    else out += ch;
  }
  return out;
}

// Every case file under `root`, sorted, skipping the generators in `root/gen/`
// and the sources cases share through SOURCES in `root/support/`.
// What cannot be resolved or named is skipped into `warnings`.
std::vector<fs::path> case_files(const fs::path& root, std::vector<Problem>& warnings) {
  std::vector<fs::path> files;
  std::error_code error;
  auto it = fs::recursive_directory_iterator(root, error);
  for (; !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
    const fs::path& path = it->path();
    std::error_code status_error;
    const bool directory = it->is_directory(status_error);
    const bool regular = !status_error && it->is_regular_file(status_error);
    if (status_error) {  // e.g. a symlink loop: ELOOP
      std::error_code ignored;
      if (is_case_extension(path) || it->is_symlink(ignored))
        warnings.push_back({shown_name(path.string()), 0, fmt::format("skipped: {}", status_error.message())});
      continue;
    }
    if (!printable_utf8(path.lexically_relative(root).string())) {
      if (directory || is_case_extension(path)) {
        warnings.push_back({shown_name(path.string()), 0,
                            "skipped: the name is not printable UTF-8 (rename it to use it as a case)"});
        if (directory) it.disable_recursion_pending();
      }
      continue;
    }
    if (it.depth() == 0 && directory && (path.filename() == "gen" || path.filename() == "support")) {
      it.disable_recursion_pending();
    } else if (regular && is_case_extension(path)) {
      files.push_back(path);
    }
  }
  if (error) throw fs::filesystem_error("cannot list", root, error);
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

std::string Problem::str() const {
  return line > 0 ? fmt::format("{}:{}: {}", file, line, message)
                  : fmt::format("{}: {}", file, message);
}

bool Case::has_tag(const std::string& t) const {
  return std::find(tags.begin(), tags.end(), t) != tags.end();
}

std::string fnv1a_hex(std::string_view bytes) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const char byte : bytes) {
    hash ^= static_cast<unsigned char>(byte);
    hash *= 0x100000001b3ULL;
  }
  return fmt::format("{:016x}", hash);
}

Case parse_case(const std::string& root, const std::string& path, const Taxonomy& tax,
                std::vector<Problem>& problems) {
  Case c;
  const auto first_problem = static_cast<std::ptrdiff_t>(problems.size());
  c.root = root;
  c.path = normal_absolute(path).string();
  std::ifstream in(path, std::ios::binary);
  const std::string text(std::istreambuf_iterator<char>(in), {});
  if (!in.is_open() || in.bad()) {
    problems.push_back({path, 0, "cannot read the file"});
    return c;
  }
  c.content_hash = fnv1a_hex(text);
  c.corpus_rules = fs::exists(normal_absolute(root) / kCorpusMarker);
  split_id(c, normal_absolute(root), path, problems);

  CaseParser parser(c, path, tax, problems);
  // A file may open with its own comment block (a foreign suite's licence or
  // labels: `/* ... */` or `//` lines) and blank lines; the header starts at the
  // first `// KEY:` line and runs while lines are `//` comments.
  enum class Part { prelude, header, code } part = Part::prelude;
  bool in_block_comment = false;
  int line_number = 0;
  for (const auto line : split_lines(text)) {
    ++line_number;
    const auto code = trim(line);
    if (part == Part::prelude) {
      if (in_block_comment) {
        in_block_comment = code.find("*/") == std::string_view::npos;
        continue;
      }
      if (code.empty()) continue;
      if (code.starts_with("/*")) {
        in_block_comment = code.find("*/", 2) == std::string_view::npos;
        continue;
      }
      if (code.starts_with("//") && !looks_like_key(code.substr(2))) continue;
      part = code.starts_with("//") ? Part::header : Part::code;
    }
    if (part == Part::header && !code.starts_with("//")) part = Part::code;
    if (part == Part::header) {
      parser.header_line(line_number, code.substr(2));
    } else {
      parser.code_line(line_number, line);
    }
  }
  parser.finish();
  // Every extra source file, in order, joins the hash of the case file.
  if (!c.sources.empty()) {
    std::string all = text;
    for (const auto& s : c.sources) {
      std::ifstream source(s, std::ios::binary);
      all += "\n// SOURCE " + fs::path(s).filename().string() + "\n";
      all.append(std::istreambuf_iterator<char>(source), {});
    }
    c.content_hash = fnv1a_hex(all);
  }
  // Report a file's problems in line order, whatever pass found them.
  std::stable_sort(problems.begin() + first_problem, problems.end(),
                   [](const Problem& a, const Problem& b) { return a.line < b.line; });
  return c;
}

std::vector<Case> load_cases(const std::vector<std::string>& roots, const Taxonomy& tax,
                             std::vector<Problem>& problems, std::vector<Problem>& warnings) {
  std::vector<Case> cases;
  for (const auto& root : roots) {
    const fs::path dir = normal_absolute(root);
    if (!fs::is_directory(dir)) {
      problems.push_back({root, 0, "cases folder not found"});
      continue;
    }
    std::vector<fs::path> files;
    try {
      files = case_files(dir, warnings);
    } catch (const fs::filesystem_error& e) {
      problems.push_back({root, 0, fmt::format("cannot list the cases folder: {}", e.what())});
      continue;
    }
    for (const auto& file : files)
      cases.push_back(parse_case(dir.string(), file.string(), tax, problems));
  }
  // Stable: for a duplicate id, the case of the earlier root (or file) comes first and stays.
  std::stable_sort(cases.begin(), cases.end(),
                   [](const Case& a, const Case& b) { return a.id < b.id; });
  std::vector<Case> unique;
  for (auto& c : cases) {
    if (!unique.empty() && !c.id.empty() && unique.back().id == c.id) {
      problems.push_back(
          {c.path, 0, fmt::format("duplicate case id '{}' (also {})", c.id, unique.back().path)});
      continue;
    }
    unique.push_back(std::move(c));
  }
  return unique;
}

}  // namespace assay
