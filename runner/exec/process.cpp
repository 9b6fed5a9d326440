#include "exec/process.hpp"

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <fstream>
#include <iterator>
#include <optional>
#include <poll.h>
#include <set>
#include <string_view>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <system_error>
#include <time.h>
#include <unistd.h>
#include <utility>

extern char** environ;

namespace assay {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

constexpr const char* kTokenVar = "ASSAY_JOB_TOKEN";
constexpr auto kVanishTimeout = 2s;  // how long SIGKILLed processes get to disappear
constexpr auto kDrainTimeout = 1s;   // how long processes may outlive their exited launcher
constexpr auto kTick = 10ms;         // polling interval while waiting
constexpr auto kLogInterval = 250ms; // how often the process log is rewritten

volatile std::sig_atomic_t g_interrupt_signal = 0;

void note_interrupt(int sig) { g_interrupt_signal = sig; }

void nap(Clock::duration d) {
  const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(d).count();
  if (ns <= 0) return;
  timespec ts{ns / 1'000'000'000, ns % 1'000'000'000};
  ::nanosleep(&ts, nullptr);  // a signal cuts it short, which is what we want
}

// ---- /proc ------------------------------------------------------------------

std::string read_file(const std::string& path) {
  std::string data;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return data;
  char buf[4096];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n > 0) data.append(buf, static_cast<std::size_t>(n));
    else if (n < 0 && errno == EINTR) continue;
    else break;
  }
  ::close(fd);
  return data;
}

struct ProcEntry {
  pid_t pid, ppid, sid;
  unsigned long long start;  // clock ticks after boot: with the pid, names one process for ever
};

std::optional<ProcEntry> read_stat(pid_t pid) {
  // "pid (comm) state ppid pgrp session ..."; comm may itself hold ')' and spaces.
  const std::string stat = read_file(fmt::format("/proc/{}/stat", pid));
  const auto comm_end = stat.rfind(')');
  if (comm_end == std::string::npos) return std::nullopt;
  // Fields 3..6 are state, ppid, pgrp, session; 22 is the start time (15 skipped between).
  char state = 0;
  long ppid = 0, pgrp = 0, sid = 0;
  unsigned long long start = 0;
  const int fields = std::sscanf(stat.c_str() + comm_end + 1,
                                 " %c %ld %ld %ld %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %llu",
                                 &state, &ppid, &pgrp, &sid, &start);
  if (fields != 5 || state == 'Z') return std::nullopt;
  return ProcEntry{pid, static_cast<pid_t>(ppid), static_cast<pid_t>(sid), start};
}

// Every process that is alive (not a zombie), except the calling one.
std::vector<ProcEntry> live_processes() {
  std::vector<ProcEntry> procs;
  DIR* dir = ::opendir("/proc");
  if (!dir) return procs;
  const pid_t self = ::getpid();
  while (const dirent* e = ::readdir(dir)) {
    char* end = nullptr;
    const long pid = std::strtol(e->d_name, &end, 10);
    if (*end != '\0' || pid <= 0 || pid == self) continue;
    if (auto p = read_stat(static_cast<pid_t>(pid))) procs.push_back(*p);
  }
  ::closedir(dir);
  return procs;
}

// The NUL-delimited environ entry "\0ASSAY_JOB_TOKEN=<token>\0".
std::string token_entry(const std::string& token) {
  return std::string(1, '\0') + kTokenVar + '=' + token + '\0';
}

bool holds_token(pid_t pid, const std::string& entry) {
  const std::string env = '\0' + read_file(fmt::format("/proc/{}/environ", pid));
  return env.find(entry) != std::string::npos;
}

// Every live process of a job: its session, its descendants (only while the
// leader is unreaped, so its pid cannot have been reused) and its token holders.
std::vector<pid_t> job_processes(pid_t leader, bool leader_reaped, const std::string& token) {
  const auto procs = live_processes();
  std::set<pid_t> tree;
  for (const auto& p : procs)
    if (p.sid == leader) tree.insert(p.pid);
  if (!leader_reaped) {
    std::set<pid_t> family{leader};
    for (bool grew = true; grew;) {
      grew = false;
      for (const auto& p : procs)
        if (family.count(p.ppid) && family.insert(p.pid).second) grew = true;
    }
    for (const auto& p : procs)
      if (family.count(p.pid)) tree.insert(p.pid);
  }
  const std::string entry = token_entry(token);
  for (const auto& p : procs)
    if (!tree.count(p.pid) && holds_token(p.pid, entry)) tree.insert(p.pid);
  return {tree.begin(), tree.end()};
}

// `roots` and everything below them.
std::set<pid_t> with_descendants(std::set<pid_t> family, const std::vector<ProcEntry>& procs) {
  for (bool grew = true; grew;) {
    grew = false;
    for (const auto& p : procs)
      if (family.count(p.ppid) && family.insert(p.pid).second) grew = true;
  }
  return family;
}

// The jobs of every Supervisor of this process that are not done, with their
// leader and its start time. An orphan that came back to us (we are a subreaper) carries
// nothing that names its job (a double-forked `setsid` daemon with an empty
// environment), so it is only ever killed by a job that ends while no other job
// could have started it: one that started at or before it. Keyed by job token.
struct JobStart {
  pid_t leader;
  unsigned long long start;
};
std::map<std::string, JobStart>& unfinished_jobs() {
  static std::map<std::string, JobStart> jobs;
  return jobs;
}

// The orphans below this process (children that are no job's leader, and their
// descendants) that only the job with `token` can have started.
std::vector<pid_t> strays_of(const std::string& token) {
  const auto procs = live_processes();
  const pid_t self = ::getpid();
  const auto& jobs = unfinished_jobs();
  std::set<pid_t> roots;
  for (const auto& p : procs) {
    if (p.ppid != self) continue;
    const bool leader_or_anothers = std::any_of(jobs.begin(), jobs.end(), [&](const auto& job) {
      return job.second.leader == p.pid || (job.first != token && job.second.start <= p.start);
    });
    if (!leader_or_anothers) roots.insert(p.pid);
  }
  if (roots.empty()) return {};
  const auto all = with_descendants(roots, procs);
  return {all.begin(), all.end()};
}

unsigned long long start_time_of(pid_t pid) {
  const auto p = read_stat(pid);
  return p ? p->start : 0;
}

std::string boot_id() {
  std::string id = read_file("/proc/sys/kernel/random/boot_id");
  while (!id.empty() && (id.back() == '\n' || id.back() == ' ')) id.pop_back();
  return id;
}

// The process log (Supervisor::record_processes): "boot <id>", then "<pid> <start>"
// for every process below this one. Written whole to a temporary file, then renamed,
// so a reader never sees half of it.
void write_process_log(const std::string& path) {
  const auto procs = live_processes();
  const auto below = with_descendants({::getpid()}, procs);
  std::string text = "boot " + boot_id() + "\n";
  for (const auto& p : procs)
    if (below.count(p.pid)) text += fmt::format("{} {}\n", p.pid, p.start);
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << text;
    if (!out.flush()) return;  // best effort: the run goes on without it
  }
  ::rename(tmp.c_str(), path.c_str());
}

void signal_all(const std::vector<pid_t>& pids, int sig) {
  for (pid_t pid : pids) ::kill(pid, sig);
}

// ---- launching ----------------------------------------------------------------

class Fd {
 public:
  explicit Fd(int fd = -1) : fd_(fd) {}
  Fd(Fd&& o) noexcept : fd_(o.release()) {}
  Fd& operator=(Fd&&) = delete;
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }
  int release() { return std::exchange(fd_, -1); }
  void reset() {
    if (fd_ >= 0) ::close(std::exchange(fd_, -1));
  }

 private:
  int fd_;
};

// What the child reports through the CLOEXEC pipe when it cannot exec.
struct ChildFailure {
  enum Step : int { kChdir, kExec } step;
  int error;
};

// Everything the child needs, prepared before fork: after fork only
// async-signal-safe calls are allowed.
struct ChildPlan {
  int in, out, err, report;
  char** argv;
  char** envp;
  const char* cwd;  // nullptr = inherit
  pid_t parent;
  int max_fd;
};

[[noreturn]] void child_fail(int report_fd, ChildFailure::Step step) {
  const ChildFailure failure{step, errno};
  [[maybe_unused]] const ssize_t n = ::write(report_fd, &failure, sizeof failure);
  ::_exit(127);
}

[[noreturn]] void run_child(const ChildPlan& p) {
  ::setsid();
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // the launcher must not outlive a SIGKILLed runner
  if (::getppid() != p.parent) ::_exit(127);  // the runner died before prctl took effect
  // exec keeps the signal mask and ignored signals; the job gets a clean slate.
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  for (int sig = 1; sig < NSIG; ++sig) ::sigaction(sig, &dfl, nullptr);
  ::dup2(p.in, 0);
  ::dup2(p.out, 1);
  ::dup2(p.err, 2);
  // Mark (not close) the rest CLOEXEC so the report pipe stays open until exec.
  if (::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) != 0)
    for (int fd = 3; fd < p.max_fd; ++fd) ::fcntl(fd, F_SETFD, FD_CLOEXEC);
  if (p.cwd && ::chdir(p.cwd) != 0) child_fail(p.report, ChildFailure::kChdir);
  environ = p.envp;  // so execvp searches the job's PATH
  ::execvp(p.argv[0], p.argv);
  child_fail(p.report, ChildFailure::kExec);
}

std::vector<std::string> job_environment(const Command& cmd, const std::string& token) {
  std::map<std::string, std::string> env;
  for (char** e = environ; *e; ++e) {
    const std::string_view entry(*e);
    const auto eq = entry.find('=');
    if (eq != std::string_view::npos) env.emplace(entry.substr(0, eq), entry.substr(eq + 1));
  }
  for (const auto& [key, value] : cmd.env) env[key] = value;
  env[kTokenVar] = token;
  std::vector<std::string> entries;
  for (const auto& [key, value] : env) entries.push_back(key + '=' + value);
  return entries;
}

std::vector<char*> c_strings(std::vector<std::string>& strings) {
  std::vector<char*> ptrs;
  for (auto& s : strings) ptrs.push_back(s.data());
  ptrs.push_back(nullptr);
  return ptrs;
}

Fd open_fd(const std::string& path, int flags, std::string& error) {
  Fd fd(::open(path.c_str(), flags | O_CLOEXEC, 0644));
  if (fd.get() < 0 && error.empty())
    error = fmt::format("cannot open '{}': {}", path, std::strerror(errno));
  return fd;
}

Fd open_output(const std::string& path, std::string& error) {
  return open_fd(path.empty() ? "/dev/null" : path, O_WRONLY | O_CREAT | O_TRUNC, error);
}

bool write_all(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

// An output stream the job writes into a pipe, kept as head + tail (Command::
// keep_output): the first `keep` bytes go to the file as they come, the last
// `keep` wait in memory (never more than 2 × keep) and follow, when the job
// ends, a line saying how much was dropped between them.
class CappedOutput {
 public:
  CappedOutput(Fd pipe_read, Fd file, std::size_t keep)
      : pipe_(std::move(pipe_read)), file_(std::move(file)), keep_(keep) {}

  int fd() const { return eof_ ? -1 : pipe_.get(); }

  // Reads whatever the pipe holds now, without blocking.
  void read_available() {
    char buf[65536];
    while (!eof_) {
      const ssize_t n = ::read(pipe_.get(), buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return;  // EAGAIN: nothing more for now
      if (n == 0) {
        eof_ = true;
        return;
      }
      take(buf, static_cast<std::size_t>(n));
    }
  }

  // Reads what is left (writers still alive, e.g. a daemon, are not waited for),
  // writes the tail; returns the number of bytes dropped.
  std::size_t finish() {
    read_available();
    pipe_.reset();
    const std::size_t tail = std::min(tail_.size(), keep_);
    const std::size_t dropped = total_ - head_ - tail;
    if (dropped > 0) {
      const std::string note = fmt::format("\n[mpi-assay: {} bytes dropped here; --keep-output]\n", dropped);
      write_all(file_.get(), note.data(), note.size());
    }
    write_all(file_.get(), tail_.data() + tail_.size() - tail, tail);
    file_.reset();
    tail_.clear();
    return dropped;
  }

 private:
  Fd pipe_, file_;
  std::size_t keep_, total_ = 0, head_ = 0;
  std::string tail_;
  bool eof_ = false;

  void take(const char* data, std::size_t size) {
    total_ += size;
    const std::size_t to_head = std::min(size, keep_ - head_);
    if (to_head > 0) {
      write_all(file_.get(), data, to_head);
      head_ += to_head;
    }
    tail_.append(data + to_head, size - to_head);
    if (tail_.size() > 2 * keep_) tail_.erase(0, tail_.size() - keep_);
  }
};

// The fd the child writes `path` through: the file itself, or, with a cap, the
// write end of a pipe whose read end goes into `capped`.
Fd output_for_child(const std::string& path, std::size_t keep, std::vector<std::unique_ptr<CappedOutput>>& capped,
                    std::string& error) {
  Fd file = open_output(path, error);
  if (keep == 0 || path.empty() || file.get() < 0) return file;
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    if (error.empty()) error = fmt::format("cannot create a pipe: {}", std::strerror(errno));
    return Fd();
  }
  Fd read_end(fds[0]), write_end(fds[1]);
  ::fcntl(read_end.get(), F_SETFL, O_NONBLOCK);
  ::fcntl(read_end.get(), F_SETPIPE_SZ, 1 << 20);  // fewer wake-ups; a smaller pipe still works
  capped.push_back(std::make_unique<CappedOutput>(std::move(read_end), std::move(file), keep));
  return write_end;
}

// Forks and execs `cmd`; returns the pid, or -1 with `error` set.
pid_t launch(const Command& cmd, const std::string& token, std::vector<std::unique_ptr<CappedOutput>>& capped,
             std::string& error) {
  if (cmd.argv.empty()) {
    error = "cannot run an empty command";
    return -1;
  }
  Fd in = open_fd("/dev/null", O_RDONLY, error);
  Fd out = output_for_child(cmd.stdout_path, cmd.keep_output, capped, error);
  Fd err = cmd.stderr_path == cmd.stdout_path ? Fd() : output_for_child(cmd.stderr_path, cmd.keep_output, capped, error);
  if (!error.empty()) return -1;
  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0) {
    error = fmt::format("cannot create a pipe: {}", std::strerror(errno));
    return -1;
  }
  Fd report_read(pipe_fds[0]), report_write(pipe_fds[1]);

  auto args = cmd.argv;
  auto argv = c_strings(args);
  auto env = job_environment(cmd, token);
  auto envp = c_strings(env);
  const ChildPlan plan{in.get(),
                       out.get(),
                       err.get() >= 0 ? err.get() : out.get(),
                       report_write.get(),
                       argv.data(),
                       envp.data(),
                       cmd.cwd.empty() ? nullptr : cmd.cwd.c_str(),
                       ::getpid(),
                       static_cast<int>(std::min(::sysconf(_SC_OPEN_MAX), 65536L))};

  const pid_t pid = ::fork();
  if (pid < 0) {
    error = fmt::format("cannot fork: {}", std::strerror(errno));
    return -1;
  }
  if (pid == 0) run_child(plan);

  report_write.reset();
  ChildFailure failure{};
  ssize_t n;
  do n = ::read(report_read.get(), &failure, sizeof failure);
  while (n < 0 && errno == EINTR);
  if (n != static_cast<ssize_t>(sizeof failure)) return pid;  // EOF: exec closed the pipe

  int status;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  const char* reason = std::strerror(failure.error);
  error = failure.step == ChildFailure::kChdir
              ? fmt::format("cannot change to directory '{}': {}", cmd.cwd, reason)
              : fmt::format("cannot run '{}': {}", cmd.argv[0], reason);
  return -1;
}

std::string make_token(int job_id) {
  const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::system_clock::now().time_since_epoch())
                      .count();
  return fmt::format("{}-{}-{:x}", ::getpid(), job_id, ns);
}

}  // namespace

// ---- Job ----------------------------------------------------------------------

// A job goes Running -> (Terminating: SIGTERM sent) -> (Killing: SIGKILL sent) -> Done,
// or, when its leader exits first, Running -> Draining -> Done (or -> Killing).
// It is Done only once its leader is reaped and none of its processes is left,
// or when the survivors of SIGKILL have been given up on (then: leftovers).
struct Supervisor::Job {
  enum class Phase { kRunning, kDraining, kTerminating, kKilling, kDone };
  pid_t pid = -1;
  bool reaped = false;
  Phase phase = Phase::kRunning;
  Clock::time_point deadline;  // of the current phase: timeout, SIGKILL, giving up
  std::chrono::milliseconds kill_grace{};
  std::set<pid_t> sent_sigterm;
  Done done;
  ExitInfo info;
  std::vector<std::unique_ptr<CappedOutput>> outputs;  // with Command::keep_output

  void read_outputs() {
    for (auto& o : outputs) o->read_available();
  }
  void finish_outputs() {
    for (auto& o : outputs) info.output_dropped += o->finish();
    outputs.clear();
  }

  // Its own processes and the orphans that only it can have started.
  std::vector<pid_t> processes() const {
    std::set<pid_t> all;
    for (pid_t p : job_processes(pid, reaped, info.token)) all.insert(p);
    if (pid > 0)
      for (pid_t p : strays_of(info.token)) all.insert(p);
    return {all.begin(), all.end()};
  }

  void exited(int status) {
    reaped = true;
    info.end = Clock::now();
    if (WIFEXITED(status)) info.exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) info.signal = WTERMSIG(status);
  }

  // Once per process: a launcher may take a second SIGTERM as "abort now".
  void send_sigterm(const std::vector<pid_t>& procs) {
    for (pid_t p : procs) {
      if (!sent_sigterm.insert(p).second) continue;
      ::kill(p, SIGTERM);
      ::kill(p, SIGCONT);  // a stopped process would never see the SIGTERM
    }
  }

  void terminate(Clock::time_point now) {
    send_sigterm(processes());
    phase = Phase::kTerminating;
    deadline = now + kill_grace;
  }

  void kill_now(Clock::time_point now) {
    signal_all(processes(), SIGKILL);
    phase = Phase::kKilling;
    deadline = now + kVanishTimeout;
  }

  void advance(Clock::time_point now) {
    switch (phase) {
      case Phase::kRunning:
        if (reaped) {
          // Ranks may still be exiting just after their launcher (an MPI abort):
          // give them a moment before calling them leftovers.
          phase = Phase::kDraining;
          deadline = now + kDrainTimeout;
          advance(now);
        } else if (now >= deadline) {
          info.timed_out = true;
          terminate(now);
        }
        return;
      case Phase::kDraining: {
        const auto procs = processes();
        if (procs.empty()) {
          phase = Phase::kDone;
        } else if (now >= deadline) {
          info.leftovers = procs;  // e.g. a daemon the job started
          kill_now(now);
        }
        return;
      }
      case Phase::kTerminating: {
        const auto procs = processes();
        if (reaped && procs.empty()) phase = Phase::kDone;
        else if (now >= deadline) kill_now(now);
        else send_sigterm(procs);  // those forked since the last pass
        return;
      }
      case Phase::kKilling: {
        const auto procs = processes();
        if (reaped && procs.empty()) {
          phase = Phase::kDone;
        } else if (now >= deadline) {
          std::set<pid_t> all(info.leftovers.begin(), info.leftovers.end());
          all.insert(procs.begin(), procs.end());
          info.leftovers.assign(all.begin(), all.end());
          phase = Phase::kDone;
        } else {
          signal_all(procs, SIGKILL);  // again: catches what was forked since
        }
        return;
      }
      case Phase::kDone:
        return;
    }
  }
};

// ---- Supervisor ---------------------------------------------------------------

Supervisor::Supervisor() = default;

Supervisor::~Supervisor() {
  auto now = Clock::now();
  for (auto& [id, job] : jobs_)
    if (job->phase != Job::Phase::kDone) job->kill_now(now);
  for (;;) {
    reap_children();
    now = Clock::now();
    bool all_done = true;
    for (auto& [id, job] : jobs_) {
      job->advance(now);
      all_done = all_done && job->phase == Job::Phase::kDone;
    }
    if (all_done) break;
    wait_for_output(kTick);
  }
  for (auto& [id, job] : jobs_) {
    unfinished_jobs().erase(job->info.token);
    job->finish_outputs();
  }
  // Orphans no job could claim while others ran (all gone now).
  if (unfinished_jobs().empty()) signal_all(strays_of(""), SIGKILL);
  if (!log_path_.empty()) ::unlink(log_path_.c_str());
}

int Supervisor::start(const Command& cmd, Done done) {
  const int id = next_id_++;
  auto job = std::make_unique<Job>();
  job->done = std::move(done);
  job->kill_grace = cmd.kill_grace;
  job->info.start = Clock::now();
  job->info.token = make_token(id);
  job->pid = launch(cmd, job->info.token, job->outputs, job->info.error);
  if (job->pid < 0) {
    job->info.end = Clock::now();
    job->phase = Job::Phase::kDone;
  } else {
    job->info.started = true;
    unfinished_jobs()[job->info.token] = JobStart{job->pid, start_time_of(job->pid)};
    job->deadline = cmd.timeout > 0ms ? job->info.start + cmd.timeout : Clock::time_point::max();
  }
  jobs_.emplace(id, std::move(job));
  return id;
}

void Supervisor::reap_children() {
  int status;
  pid_t pid;
  while ((pid = ::waitpid(-1, &status, WNOHANG)) > 0) {
    for (auto& [id, job] : jobs_) {
      if (job->pid == pid && !job->reaped) {
        job->exited(status);
        break;
      }
    }
    // Any other pid is an orphan handed to us as subreaper: reaping it is all it needs.
  }
}

std::vector<std::unique_ptr<Supervisor::Job>> Supervisor::take_finished() {
  std::vector<std::unique_ptr<Job>> finished;
  for (auto it = jobs_.begin(); it != jobs_.end();) {
    if (it->second->phase == Job::Phase::kDone) {
      unfinished_jobs().erase(it->second->info.token);
      it->second->finish_outputs();
      finished.push_back(std::move(it->second));
      it = jobs_.erase(it);
    } else {
      ++it;
    }
  }
  return finished;
}

std::size_t Supervisor::poll(std::chrono::milliseconds max_wait) {
  const auto until = Clock::now() + max_wait;
  const int signal_before = interrupt_signal();
  for (;;) {
    reap_children();
    const auto now = Clock::now();
    for (auto& [id, job] : jobs_) job->advance(now);
    if (!log_path_.empty() && now - last_log_ >= kLogInterval) {
      write_process_log(log_path_);
      last_log_ = now;
    }
    // Taken out of jobs_ first: a callback may start new jobs.
    const auto finished = take_finished();
    for (const auto& job : finished)
      if (job->done) job->done(job->info);
    const auto left = until - Clock::now();
    if (!finished.empty() || jobs_.empty() || left <= Clock::duration::zero() ||
        interrupt_signal() != signal_before)
      break;
    wait_for_output(std::min<Clock::duration>(kTick, left));
  }
  return running();
}

void Supervisor::wait_all() {
  while (!jobs_.empty()) {
    if (interrupted()) kill_all();
    poll(100ms);
  }
}

void Supervisor::wait_for_output(std::chrono::steady_clock::duration d) {
  std::vector<pollfd> fds;
  for (auto& [id, job] : jobs_)
    for (auto& o : job->outputs)
      if (o->fd() >= 0) fds.push_back(pollfd{o->fd(), POLLIN, 0});
  if (fds.empty()) return nap(d);
  const auto ms = std::chrono::ceil<std::chrono::milliseconds>(d).count();
  ::poll(fds.data(), fds.size(), static_cast<int>(std::max<long>(1, ms)));  // a signal cuts it short
  for (auto& [id, job] : jobs_) job->read_outputs();
}

std::size_t Supervisor::running() const { return jobs_.size(); }

void Supervisor::kill_all() {
  const auto now = Clock::now();
  for (auto& [id, job] : jobs_)
    if (job->phase == Job::Phase::kRunning && !job->reaped) job->terminate(now);
}

// ---- free functions -----------------------------------------------------------

double ExitInfo::seconds() const { return std::chrono::duration<double>(end - start).count(); }

void become_subreaper() {
  if (::prctl(PR_SET_CHILD_SUBREAPER, 1) != 0)
    throw std::system_error(errno, std::generic_category(), "prctl(PR_SET_CHILD_SUBREAPER)");
}

void Supervisor::record_processes(const std::string& path) {
  log_path_ = path;
  write_process_log(log_path_);
  last_log_ = Clock::now();
}

int kill_recorded_processes(const std::string& path) {
  std::ifstream in(path);
  if (!in) return 0;
  std::string word, boot;
  in >> word >> boot;
  std::vector<pid_t> victims;
  // After a reboot the numbers name other processes.
  if (word == "boot" && boot == boot_id()) {
    long pid;
    unsigned long long start;
    while (in >> pid >> start) {
      const auto p = read_stat(static_cast<pid_t>(pid));
      if (p && p->start == start && p->pid != ::getpid()) victims.push_back(p->pid);  // not a reused pid
    }
  }
  signal_all(victims, SIGKILL);
  // They are not our children: wait until they are gone rather than reap them.
  const auto deadline = Clock::now() + kVanishTimeout;
  while (Clock::now() < deadline &&
         std::any_of(victims.begin(), victims.end(), [](pid_t p) { return read_stat(p).has_value(); }))
    nap(kTick);
  ::unlink(path.c_str());
  return static_cast<int>(victims.size());
}

ExitInfo run_command(const Command& cmd) {
  ExitInfo result;
  Supervisor supervisor;
  supervisor.start(cmd, [&](const ExitInfo& info) { result = info; });
  supervisor.wait_all();
  return result;
}

std::string capture_output(const std::vector<std::string>& argv, std::chrono::milliseconds timeout,
                           ExitInfo* exit) {
  char path[] = "/tmp/assay-output-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) throw std::system_error(errno, std::generic_category(), "mkstemp");
  ::close(fd);
  Command cmd;
  cmd.argv = argv;
  cmd.stdout_path = path;
  cmd.timeout = timeout;
  ExitInfo info = run_command(cmd);
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ::unlink(path);
  if (exit) *exit = std::move(info);
  return text;
}

std::vector<pid_t> processes_with_token(const std::string& token) {
  const std::string entry = token_entry(token);
  std::vector<pid_t> holders;
  for (const auto& p : live_processes())
    if (holds_token(p.pid, entry)) holders.push_back(p.pid);
  return holders;
}

void install_interrupt_flag() {
  struct sigaction sa {};
  sa.sa_handler = note_interrupt;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;  // no SA_RESTART: blocking calls return so the caller notices
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(sig, &sa, nullptr);
}

bool interrupted() { return g_interrupt_signal != 0; }

int interrupt_signal() { return g_interrupt_signal; }

}  // namespace assay
