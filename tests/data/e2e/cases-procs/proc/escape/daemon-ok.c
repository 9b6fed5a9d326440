// DESCRIPTION: Rank 0 double-forks a setsid daemon with an empty environment and ends normally: the run must kill it.
// EXPECT: ok
// TAGS: e2e-procs
// NOTE: tests/e2e/escape.sh; the daemon writes its pid to $ASSAY_REPORT_DIR/daemon.pid.
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

// Re-executed without any environment, so no job token ties it to the run.
// Like a real daemon it lets go of every inherited descriptor (a launcher waits
// for the ranks' pipes and sockets to close).
static void be_the_daemon(const char *pid_file) {
  int null = open("/dev/null", O_RDWR);
  dup2(null, 0);
  dup2(null, 1);
  dup2(null, 2);
  for (int fd = 3; fd < 1024; ++fd) close(fd);  // the launcher's sockets too
  char tmp[4096];
  snprintf(tmp, sizeof tmp, "%s.tmp", pid_file);
  FILE *f = fopen(tmp, "w");
  if (f) {
    fprintf(f, "%d\n", (int)getpid());
    fclose(f);
    rename(tmp, pid_file);
  }
  for (;;) pause();
}

// Returns once the daemon has written its pid.
static void start_daemon(const char *self) {
  const char *dir = getenv("ASSAY_REPORT_DIR");
  static char pid_file[4096];
  snprintf(pid_file, sizeof pid_file, "%s/daemon.pid", dir ? dir : ".");
  pid_t child = fork();
  if (child == 0) {
    setsid();
    if (fork() == 0) {
      char *args[] = {(char *)self, "--daemon", pid_file, NULL};
      char *no_env[] = {NULL};
      execve("/proc/self/exe", args, no_env);
      _exit(127);
    }
    _exit(0);
  }
  waitpid(child, NULL, 0);
  while (access(pid_file, F_OK) != 0) usleep(10000);
}

int main(int argc, char **argv) {
  int rank;
  if (argc == 3 && strcmp(argv[1], "--daemon") == 0) be_the_daemon(argv[2]);
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    start_daemon(argv[0]);
    if (argc > 1 && strcmp(argv[1], "hold") == 0) sleep(120);  // daemon-hold-ok: the runner is killed meanwhile
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
