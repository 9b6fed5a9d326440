/* reqcheck: a small MPI checker of the kind a tool developer brings along. It
 * reports nonblocking point-to-point requests that were never completed, in
 * its own text format (not MPI-Assay's): the adapter in ../backends/reqcheck
 * translates. Loaded with LD_PRELOAD; PMPI interposition.
 *
 *   reqcheck: rank 0: MPI_Isend request never completed, started at /path/exe+0x11d5
 *   reqcheck: rank 0: done, 1 problem(s)
 *
 * Build once per MPI: mpicc.openmpi -shared -fPIC reqcheck.c -o libreqcheck-openmpi.so -ldl
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_LIVE = 4096 };

struct live_request {
  MPI_Request request;
  const char *call;
  void *site; /* return address in the program */
};

static struct live_request live[MAX_LIVE];
static int live_count;

static void started(MPI_Request r, const char *call, void *site) {
  if (r != MPI_REQUEST_NULL && live_count < MAX_LIVE) live[live_count++] = (struct live_request){r, call, site};
}

static void completed(MPI_Request r) {
  for (int i = 0; i < live_count; i++)
    if (live[i].request == r) {
      live[i] = live[--live_count];
      return;
    }
}

int MPI_Isend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request *req) {
  int rc = PMPI_Isend(buf, count, type, dest, tag, comm, req);
  started(*req, "MPI_Isend", __builtin_return_address(0));
  return rc;
}

int MPI_Irecv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Request *req) {
  int rc = PMPI_Irecv(buf, count, type, source, tag, comm, req);
  started(*req, "MPI_Irecv", __builtin_return_address(0));
  return rc;
}

int MPI_Wait(MPI_Request *req, MPI_Status *status) {
  MPI_Request r = *req;
  int rc = PMPI_Wait(req, status);
  completed(r);
  return rc;
}

int MPI_Waitall(int n, MPI_Request reqs[], MPI_Status statuses[]) {
  MPI_Request *copy = malloc(sizeof *copy * (size_t)(n > 0 ? n : 1));
  if (copy) memcpy(copy, reqs, sizeof *copy * (size_t)n);
  int rc = PMPI_Waitall(n, reqs, statuses);
  for (int i = 0; copy && i < n; i++) completed(copy[i]);
  free(copy);
  return rc;
}

int MPI_Test(MPI_Request *req, int *flag, MPI_Status *status) {
  MPI_Request r = *req;
  int rc = PMPI_Test(req, flag, status);
  if (*flag) completed(r);
  return rc;
}

int MPI_Request_free(MPI_Request *req) {
  completed(*req);
  return PMPI_Request_free(req);
}

/* The report is written to PATH.tmp and renamed to PATH when complete: a rank
 * killed while writing it (another rank's error made MPI abort the job) leaves
 * no report rather than a truncated one, which the adapter would rightly
 * refuse as untrustworthy. */
int MPI_Finalize(void) {
  int rank = -1;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const char *path = getenv("REQCHECK_OUT");
  char partial[4096] = "";
  if (path) snprintf(partial, sizeof partial, "%s.tmp", path);
  FILE *out = path ? fopen(partial, "w") : NULL;
  if (!out) out = stderr;
  for (int i = 0; i < live_count; i++) {
    Dl_info info;
    if (dladdr(live[i].site, &info) && info.dli_fname)
      fprintf(out, "reqcheck: rank %d: %s request never completed, started at %s+0x%lx\n", rank, live[i].call,
              info.dli_fname, (unsigned long)((char *)live[i].site - (char *)info.dli_fbase) - 1);
    else
      fprintf(out, "reqcheck: rank %d: %s request never completed, started at ?\n", rank, live[i].call);
  }
  fprintf(out, "reqcheck: rank %d: done, %d problem(s)\n", rank, live_count);
  if (out != stderr && fclose(out) == 0) rename(partial, path);
  return PMPI_Finalize();
}
