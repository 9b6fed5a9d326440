/* assaygrind.h: the protect protocol between an MPI shim and a binary
 * instrumentation tool (docs/backends.md, "assaygrind and the protect
 * protocol"). Valgrind client requests: free when the program does not run
 * under valgrind (a few instructions), understood by the assaygrind tool
 * (valgrind --tool=assaygrind), ignored by any other tool.
 *
 *   AG_PROTECT(addr, len, mode, info)  from now on the program's accesses to
 *       [addr, addr + len) are checked against `mode` (AG_MODE_*); `info`
 *       points to a struct ag_site naming the error class, the MPI call and
 *       the program's call site. The strings must live until the range is
 *       unprotected (string literals do); the tool copies the pc.
 *   AG_PROTECT_BLOCKS(blocks, n, mode, info)  AG_PROTECT for each of the n
 *       struct ag_block at `blocks` (an operation's buffer, block by block),
 *       in one request: a derived datatype may have hundreds of blocks.
 *   AG_UNPROTECT(addr, len)  the most recent range protected with exactly
 *       these bounds is ordinary memory again (a received range is checked
 *       for bytes never read first).
 *   AG_UNPROTECT_BLOCKS(blocks, n)  AG_UNPROTECT for each block, one request.
 *   AG_USE(addr, len)  MPI reads these bytes for the program (a send of
 *       received data): they count as read.
 *   AG_USE_BLOCKS(blocks, n)  AG_USE for each block, one request (a send of
 *       a column type would otherwise be one request per element).
 *   AG_ENTER_MPI / AG_LEAVE_MPI  the calling thread enters or leaves an MPI
 *       call; accesses in between are MPI's own and never checked. Only
 *       threads that have entered MPI at least once are checked at all (MPI's
 *       progress threads never do).
 *   AG_FINALIZE  MPI_Finalize: every received range is checked for bytes
 *       never read and dropped.
 */
#ifndef ASSAYGRIND_H
#define ASSAYGRIND_H

#include <valgrind/valgrind.h>

enum ag_mode {
  AG_MODE_READONLY = 1, /* a store is the error (Isend, Put, Accumulate origin) */
  AG_MODE_NOACCESS = 2, /* a load or a store is the error (Irecv, Get origin, NBC buffers) */
  AG_MODE_RECEIVED = 3  /* bytes a receive wrote: a store before any load is
                           mem.recv.write-before-read, bytes never loaded are
                           mem.recv.unused */
};

struct ag_block {
  void* addr;
  unsigned long len;
};

struct ag_site {
  const char* error_class; /* e.g. "nb.buffer.send-write" (unused for AG_MODE_RECEIVED) */
  const char* op;          /* e.g. "MPI_Isend" */
  unsigned long pc;        /* the return address of the program's MPI call */
};

enum ag_request {
  AG_REQ_PROTECT = VG_USERREQ_TOOL_BASE('A', 'G'),
  AG_REQ_UNPROTECT,
  AG_REQ_USE,
  AG_REQ_ENTER_MPI,
  AG_REQ_LEAVE_MPI,
  AG_REQ_FINALIZE,
  AG_REQ_PROTECT_BLOCKS,
  AG_REQ_UNPROTECT_BLOCKS,
  AG_REQ_USE_BLOCKS
};

#define AG_PROTECT(addr, len, mode, info) \
  VALGRIND_DO_CLIENT_REQUEST_STMT(AG_REQ_PROTECT, (addr), (len), (mode), (info), 0)
#define AG_PROTECT_BLOCKS(blocks, n, mode, info) \
  VALGRIND_DO_CLIENT_REQUEST_STMT(AG_REQ_PROTECT_BLOCKS, (blocks), (n), (mode), (info), 0)
#define AG_UNPROTECT(addr, len) VALGRIND_DO_CLIENT_REQUEST_STMT(AG_REQ_UNPROTECT, (addr), (len), 0, 0, 0)
#define AG_UNPROTECT_BLOCKS(blocks, n) VALGRIND_DO_CLIENT_REQUEST_STMT(AG_REQ_UNPROTECT_BLOCKS, (blocks), (n), 0, 0, 0)
#define AG_USE(addr, len) VALGRIND_DO_CLIENT_REQUEST_STMT(AG_REQ_USE, (addr), (len), 0, 0, 0)
#define AG_USE_BLOCKS(blocks, n) VALGRIND_DO_CLIENT_REQUEST_STMT(AG_REQ_USE_BLOCKS, (blocks), (n), 0, 0, 0)
#define AG_ENTER_MPI() VALGRIND_DO_CLIENT_REQUEST_STMT(AG_REQ_ENTER_MPI, 0, 0, 0, 0, 0)
#define AG_LEAVE_MPI() VALGRIND_DO_CLIENT_REQUEST_STMT(AG_REQ_LEAVE_MPI, 0, 0, 0, 0, 0)
#define AG_FINALIZE() VALGRIND_DO_CLIENT_REQUEST_STMT(AG_REQ_FINALIZE, 0, 0, 0, 0, 0)

#endif
