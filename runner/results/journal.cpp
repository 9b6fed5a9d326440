// The append-only results journal (docs/journal.md).
#include "results/journal.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

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

std::map<RunKey, json> JournalContents::latest_results() const {
  std::map<RunKey, json> latest;
  for (const auto& record : records) {
    if (string_field(record, "type") == "result") latest.insert_or_assign(key_of(record), record);
  }
  return latest;
}

JournalContents read_journal(const std::string& path) {
  JournalContents contents;
  std::ifstream in(path, std::ios::binary);
  if (!in) return contents;  // no journal yet
  int line_number = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    json record = json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (record.is_discarded()) {
      contents.problems.push_back(
          {path, line_number, "not valid JSON (torn or garbage line), skipped"});
    } else if (!record.is_object()) {
      contents.problems.push_back({path, line_number, "not a JSON object, skipped"});
    } else {
      contents.records.push_back(std::move(record));
    }
  }
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
