// The append-only results journal (docs/journal.md).
#include "results/journal.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace assay {

using nlohmann::json;

namespace {

std::string string_field(const json& j, const char* key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

int int_field(const json& j, const char* key, int fallback) {
  const auto it = j.find(key);
  return it != j.end() && it->is_number_integer() ? it->get<int>() : fallback;
}

[[noreturn]] void throw_errno(const std::string& what, const std::string& path) {
  throw std::runtime_error(fmt::format("{} {}: {}", what, path, std::strerror(errno)));
}

// Writes all of `bytes`; for a regular file this is one write() unless the disk is full.
void write_all(int fd, std::string_view bytes, const std::string& path) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw_errno("cannot write to journal", path);
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
}

// Whether the file's last byte is not '\n' (a record torn by SIGKILL mid-write).
bool ends_in_torn_line(int fd, const std::string& path) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) throw_errno("cannot stat journal", path);
  if (st.st_size == 0) return false;
  char last = '\n';
  if (::pread(fd, &last, 1, st.st_size - 1) != 1) throw_errno("cannot read journal", path);
  return last != '\n';
}

std::string read_pid(int fd) {
  char buffer[32] = {};
  const ssize_t n = ::pread(fd, buffer, sizeof buffer - 1, 0);
  std::string pid(buffer, n > 0 ? static_cast<std::size_t>(n) : 0);
  while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
  return pid.empty() ? "?" : pid;
}

// Takes the exclusive lock of `lock_path` and writes our pid into it; returns its fd.
// The holder removes the file when it ends (before unlocking), so a lock taken on
// a file that is no longer at `lock_path` is worthless: then it tries again.
int take_lock(const std::string& lock_path, const std::string& journal) {
  for (;;) {
    const int fd = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) throw_errno("cannot open lock file", lock_path);
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int error = errno;
      const std::string holder = read_pid(fd);
      ::close(fd);
      if (error == EWOULDBLOCK) {
        throw std::runtime_error(fmt::format("journal {} is in use by pid {}", journal, holder));
      }
      errno = error;
      throw_errno("cannot lock", lock_path);
    }
    struct stat held {}, there {};
    if (::fstat(fd, &held) != 0 || ::stat(lock_path.c_str(), &there) != 0 || held.st_dev != there.st_dev ||
        held.st_ino != there.st_ino) {
      ::close(fd);
      continue;
    }
    const std::string pid = std::to_string(::getpid()) + "\n";
    if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, pid.data(), pid.size(), 0) < 0) {
      const int error = errno;
      ::close(fd);
      errno = error;
      throw_errno("cannot write lock file", lock_path);
    }
    return fd;
  }
}

}  // namespace

RunKey key_of(const json& record) {
  return {string_field(record, "case"), string_field(record, "backend"),
          string_field(record, "mpi"), int_field(record, "np", 0), int_field(record, "run", 1)};
}

std::string run_label(const RunKey& key, bool several_runs) {
  return fmt::format("{} {} {}{}", key.backend, key.mpi, key.case_id, several_runs ? fmt::format(" run {}", key.run) : "");
}

std::map<RunKey, json> JournalContents::latest_results() const {
  std::map<RunKey, json> latest;
  for (const auto& record : records) {
    if (string_field(record, "type") == "result") latest.insert_or_assign(key_of(record), record);
  }
  return latest;
}

namespace {

enum class Kind { text, integer, number, boolean, texts, objects };

const char* kind_text(Kind k) {
  switch (k) {
    case Kind::text: return "a string";
    case Kind::integer: return "an integer";
    case Kind::number: return "a number";
    case Kind::boolean: return "true or false";
    case Kind::texts: return "an array of strings";
    case Kind::objects: return "an array of objects";
  }
  return "?";
}

bool has_kind(const json& v, Kind k) {
  switch (k) {
    case Kind::text: return v.is_string();
    case Kind::integer: return v.is_number_integer();
    case Kind::number: return v.is_number();
    case Kind::boolean: return v.is_boolean();
    case Kind::texts:
      return v.is_array() && std::all_of(v.begin(), v.end(), [](const json& e) { return e.is_string(); });
    case Kind::objects:
      return v.is_array() && std::all_of(v.begin(), v.end(), [](const json& e) { return e.is_object(); });
  }
  return false;
}

struct FieldRule {
  const char* name;
  Kind kind;
  bool required;
};

// The fields of a result record that readers use (docs/journal.md); others are ignored.
constexpr FieldRule kResultFields[] = {
    {"case", Kind::text, true},          {"backend", Kind::text, true},
    {"mpi", Kind::text, true},           {"outcome", Kind::text, true},
    {"np", Kind::integer, false},        {"run", Kind::integer, false},
    {"runs", Kind::integer, false},      {"family", Kind::text, false},
    {"group", Kind::text, false},        {"case_hash", Kind::text, false},
    {"expect", Kind::texts, false},      {"backend_version", Kind::text, false},
    {"manifest_hash", Kind::text, false}, {"installation_hash", Kind::text, false},
    {"mpi_version", Kind::text, false},
    {"build_key", Kind::text, false},    {"detected", Kind::boolean, false},
    {"classified", Kind::boolean, false}, {"located", Kind::boolean, false},
    {"matched_classes", Kind::texts, false}, {"reason", Kind::text, false},
    {"findings", Kind::objects, false},  {"problems", Kind::texts, false},
    {"exit_code", Kind::integer, false}, {"signal", Kind::integer, false},
    {"timed_out", Kind::boolean, false}, {"leftover_processes", Kind::integer, false},
    {"build_s", Kind::number, false},    {"run_s", Kind::number, false},
    {"stdout", Kind::text, false},       {"stderr", Kind::text, false},
    {"stderr_tail", Kind::text, false},  {"compile_log", Kind::text, false},
    {"host", Kind::text, false},         {"suite_rev", Kind::text, false},
    {"runner_version", Kind::text, false}, {"started", Kind::text, false},
};

}  // namespace

std::string result_field_error(const json& record) {
  for (const auto& rule : kResultFields) {
    const auto it = record.find(rule.name);
    if (it == record.end()) {
      if (rule.required) return fmt::format("field '{}' is missing", rule.name);
      continue;
    }
    if (!has_kind(*it, rule.kind))
      return fmt::format("field '{}': expected {}, found {}", rule.name, kind_text(rule.kind),
                         it->is_array() ? "an array with other elements" : it->type_name());
  }
  return {};
}

JournalScan scan_journal(const std::string& path, const std::function<void(json&&, int)>& on_record) {
  JournalScan scan;
  std::ifstream in(path, std::ios::binary);
  if (!in) return scan;  // no journal yet
  int line_number = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    json record = json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (record.is_discarded()) {
      scan.problems.push_back({path, line_number, "not valid JSON (torn or garbage line), skipped"});
      continue;
    }
    if (!record.is_object()) {
      scan.problems.push_back({path, line_number, "not a JSON object, skipped"});
      continue;
    }
    ++scan.record_lines;
    const std::string type = string_field(record, "type");
    if (type == "session" || type == "result") ++scan.session_or_result;
    if (type == "result") {
      if (std::string error = result_field_error(record); !error.empty()) {
        scan.invalid.push_back({path, line_number, error});
        continue;
      }
    }
    on_record(std::move(record), line_number);
  }
  return scan;
}

JournalContents read_journal(const std::string& path) {
  JournalContents contents;
  JournalScan scan = scan_journal(path, [&](json&& record, int) { contents.records.push_back(std::move(record)); });
  contents.problems = std::move(scan.problems);
  contents.invalid = std::move(scan.invalid);
  return contents;
}

JournalWriter::JournalWriter(const std::string& path) : path_(path) {
  const auto parent = std::filesystem::path(path).parent_path();
  if (!parent.empty()) std::filesystem::create_directories(parent);
  lock_fd_ = take_lock(path + ".lock", path);
  fd_ = ::open(path.c_str(), O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) {
    ::close(lock_fd_);
    throw_errno("cannot open journal", path);
  }
  try {
    // Fence off a torn last line so that the next record starts on a line of its own.
    if (ends_in_torn_line(fd_, path_)) write_all(fd_, "\n", path_);
  } catch (...) {
    ::close(fd_);
    ::close(lock_fd_);
    throw;
  }
}

JournalWriter::~JournalWriter() {
  ::close(fd_);
  // Removed while still held: a runner that opened it meanwhile sees it is gone (take_lock).
  ::unlink((path_ + ".lock").c_str());
  ::close(lock_fd_);
}

void JournalWriter::append(const json& record) {
  // Replace invalid UTF-8 (a crashing case's stderr tail may hold any bytes).
  const std::string line = record.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
  write_all(fd_, line, path_);
  if (::fdatasync(fd_) != 0) throw_errno("cannot sync journal", path_);
}

}  // namespace assay
