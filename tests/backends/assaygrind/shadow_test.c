/* Unit tests of assaygrind's shadow permission table (backends/assaygrind/
 * tool/shadow.c), the same C the Valgrind tool is built from. A plain C
 * driver: one line per failed check, then "N passed, N failed". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shadow.h"

static int passed, failed;
#define CHECK(cond)                                                       \
  do {                                                                    \
    if (cond) ++passed;                                                   \
    else {                                                                \
      ++failed;                                                           \
      printf("FAILED %s:%d: %s\n", __FILE__, __LINE__, #cond);           \
    }                                                                     \
  } while (0)

/* The findings a test saw. */
typedef struct {
  enum ag_kind kind;
  const char* cls;
  ag_addr addr;
  unsigned long count;
  int is_write;
} Seen;
static Seen seen[64];
static int n_seen, n_reports; /* n_reports: all of them, also past seen[] */

static void on_report(void* ctx, const ag_range* r, enum ag_kind kind, ag_addr addr, unsigned long count,
                      int is_write) {
  (void)ctx;
  ++n_reports;
  if (n_seen < 64) seen[n_seen++] = (Seen){kind, r->cls, addr, count, is_write};
}
static void* test_alloc(unsigned long n) { return malloc(n); }

static ag_shadow fresh(void) {
  ag_shadow s;
  n_seen = n_reports = 0;
  if (ag_shadow_init(&s, test_alloc, free, on_report, NULL) != 0) abort();
  return s;
}
static void drop(ag_shadow* s) {
  ag_shadow_close_received(s); /* unprotect never ends received ranges */
  while (s->n) ag_shadow_unprotect(s, s->r[s->n - 1].lo, s->r[s->n - 1].hi - s->r[s->n - 1].lo);
  free(s->r);
  free(s->chunks);
}

static void test_empty_fast_path(void) {
  ag_shadow s = fresh();
  CHECK(!ag_shadow_maybe(&s, 0x1000, 8));
  ag_shadow_access(&s, 0x1000, 8, 1, 1);
  CHECK(n_seen == 0);
  CHECK(s.hi_max == 0); /* the tool's inline guard: addr < hi_max never holds */
  drop(&s);
}

static void test_read_only(void) {
  ag_shadow s = fresh();
  CHECK(ag_shadow_protect(&s, 0x1000, 16, AG_RO, "nb.buffer.send-write", "MPI_Isend", 0x42) == 0);
  CHECK(s.lo_min == 0x1000 && s.hi_max == 0x1010);
  ag_shadow_access(&s, 0x1000, 8, 0, 1); /* a load: allowed */
  CHECK(n_seen == 0);
  ag_shadow_access(&s, 0x0ff8, 8, 1, 1); /* a store just before: outside */
  ag_shadow_access(&s, 0x1010, 4, 1, 1); /* just after: outside */
  CHECK(n_seen == 0);
  ag_shadow_access(&s, 0x0ffc, 8, 1, 1); /* straddles the start */
  CHECK(n_seen == 1 && seen[0].kind == AG_K_CLASS && strcmp(seen[0].cls, "nb.buffer.send-write") == 0 &&
        seen[0].is_write);
  ag_shadow_access(&s, 0x1008, 4, 1, 1); /* one finding per range */
  CHECK(n_seen == 1);
  CHECK(ag_shadow_unprotect(&s, 0x1000, 16) == 1);
  CHECK(s.n == 0 && !ag_shadow_maybe(&s, 0x1000, 1));
  drop(&s);
}

static void test_no_access_and_mpi_own(void) {
  ag_shadow s = fresh();
  ag_shadow_protect(&s, 0x2000, 8, AG_NA, "nb.buffer.recv-access", "MPI_Irecv", 0);
  ag_shadow_access(&s, 0x2000, 8, 1, 0); /* MPI writes the message: unchecked */
  ag_shadow_access(&s, 0x2004, 4, 0, 0);
  CHECK(n_seen == 0);
  ag_shadow_access(&s, 0x2007, 1, 0, 1); /* the program loads: the class */
  CHECK(n_seen == 1 && seen[0].kind == AG_K_CLASS && !seen[0].is_write && seen[0].addr == 0x2007);
  drop(&s);
}

static void test_overlapping_ranges(void) {
  ag_shadow s = fresh();
  /* Two Isends of one buffer: unprotecting one keeps the other. */
  ag_shadow_protect(&s, 0x3000, 8, AG_RO, "nb.buffer.send-write", "MPI_Isend", 1);
  ag_shadow_protect(&s, 0x3000, 8, AG_RO, "nb.buffer.send-write", "MPI_Isend", 2);
  CHECK(s.n == 2);
  CHECK(ag_shadow_unprotect(&s, 0x3000, 8) == 1);
  CHECK(s.n == 1 && s.r[0].pc == 1); /* the most recent went first */
  ag_shadow_access(&s, 0x3000, 1, 1, 1);
  CHECK(n_seen == 1);
  CHECK(ag_shadow_unprotect(&s, 0x3000, 8) == 1);
  CHECK(ag_shadow_unprotect(&s, 0x3000, 8) == 0); /* nothing left */
  /* Bounds follow removals. */
  ag_shadow_protect(&s, 0x100, 8, AG_NA, "x", "op", 0);
  ag_shadow_protect(&s, 0x900, 8, AG_NA, "y", "op", 0);
  CHECK(s.lo_min == 0x100 && s.hi_max == 0x908);
  ag_shadow_unprotect(&s, 0x900, 8);
  CHECK(s.lo_min == 0x100 && s.hi_max == 0x108);
  drop(&s);
}

static void test_received_write_before_read(void) {
  ag_shadow s = fresh();
  ag_shadow_protect(&s, 0x4000, 16, AG_RECV, NULL, "MPI_Recv", 7);
  ag_shadow_access(&s, 0x4000, 4, 0, 1); /* read element 0 */
  ag_shadow_access(&s, 0x4000, 4, 1, 1); /* then overwrite it: fine */
  CHECK(n_seen == 0);
  ag_shadow_access(&s, 0x4004, 4, 1, 1); /* element 1 overwritten unread */
  CHECK(n_seen == 1 && seen[0].kind == AG_K_WBR && seen[0].addr == 0x4004);
  ag_shadow_access(&s, 0x4008, 8, 0, 1); /* the rest is read */
  ag_shadow_close_received(&s);          /* nothing unused: 0-3 read, 4-7 overwritten, 8-15 read */
  CHECK(n_seen == 1 && s.n == 0);
  drop(&s);
}

static void test_received_unused(void) {
  ag_shadow s = fresh();
  ag_shadow_protect(&s, 0x5000, 8, AG_RECV, NULL, "MPI_Recv", 0);
  ag_shadow_access(&s, 0x5004, 4, 0, 1); /* only the second int is read */
  ag_shadow_close_received(&s);
  CHECK(n_seen == 1 && seen[0].kind == AG_K_UNUSED && seen[0].addr == 0x5000 && seen[0].count == 4);
  /* MPI's own load (a forwarding send) is a use; so is AG_USE. */
  n_seen = 0;
  ag_shadow_protect(&s, 0x5000, 8, AG_RECV, NULL, "MPI_Recv", 0);
  ag_shadow_access(&s, 0x5000, 4, 0, 0);
  ag_shadow_use(&s, 0x5004, 4);
  ag_shadow_close_received(&s);
  CHECK(n_seen == 0);
  /* A second receive into the same bytes ends the first data. */
  ag_shadow_protect(&s, 0x5000, 8, AG_RECV, NULL, "MPI_Recv", 0);
  ag_shadow_protect(&s, 0x5000, 8, AG_NA, "nb.buffer.recv-access", "MPI_Irecv", 0);
  CHECK(n_seen == 1 && seen[0].kind == AG_K_UNUSED && s.n == 1 && s.r[0].mode == AG_NA);
  drop(&s);
}

static void test_die(void) {
  ag_shadow s = fresh();
  ag_shadow_protect(&s, 0x6000, 8, AG_RECV, NULL, "MPI_Recv", 0);
  ag_shadow_protect(&s, 0x7000, 8, AG_RO, "nb.buffer.send-write", "MPI_Isend", 0);
  CHECK(ag_shadow_hits_fresh(&s, 0x6004, 1) && !ag_shadow_hits_fresh(&s, 0x7000, 1));
  ag_shadow_die(&s, 0x6000, 0x1000); /* freed unread: unused */
  CHECK(n_seen == 1 && seen[0].kind == AG_K_UNUSED && s.n == 1);
  ag_shadow_die(&s, 0x7004, 2); /* any overlap ends a range */
  CHECK(s.n == 0 && n_seen == 1);
  drop(&s);
}


/* A load the tool disowns (glibc's free reading a block's tcache key to catch
 * a double free) leaves received bytes unread, and is asked about once per
 * access, only when it meets unread bytes. */
static int n_asked;
static int disown(void* ctx) {
  (void)ctx;
  ++n_asked;
  return 0;
}
static void test_disowned_load(void) {
  ag_shadow s = fresh();
  s.reads_count = disown;
  n_asked = 0;
  ag_shadow_protect(&s, 0x8000, 16, AG_RECV, NULL, "MPI_Recv", 0);
  ag_shadow_access(&s, 0x8008, 8, 0, 1); /* the allocator's look at bytes 8-15 */
  CHECK(n_asked == 1);
  s.reads_count = 0;
  ag_shadow_access(&s, 0x8000, 8, 0, 1); /* the program reads bytes 0-7 */
  s.reads_count = disown;
  ag_shadow_access(&s, 0x8000, 8, 0, 1); /* nothing unread there: not asked */
  CHECK(n_asked == 1);
  ag_shadow_die(&s, 0x8000, 16); /* freed: bytes 8-15 were never read */
  CHECK(n_seen == 1 && seen[0].kind == AG_K_UNUSED && seen[0].addr == 0x8008 && seen[0].count == 8);
  drop(&s);
}


/* The end of an operation never ends received data with the same bounds: a
 * receive into the origin buffer of a pending Get (an erroneous program) must
 * not let the fence's unprotect take the received range for the Get's. */
static void test_unprotect_skips_received(void) {
  ag_shadow s = fresh();
  ag_shadow_protect(&s, 0x9000, 4, AG_NA, "rma.local.origin-access-during-get", "MPI_Get", 1);
  ag_shadow_protect(&s, 0x9000, 4, AG_RECV, NULL, "MPI_Recv", 2);
  CHECK(ag_shadow_unprotect(&s, 0x9000, 4) == 1);
  CHECK(s.n == 1 && s.r[0].mode == AG_RECV && n_seen == 0);
  ag_shadow_access(&s, 0x9000, 4, 0, 1); /* the program reads what it received: no finding */
  CHECK(n_seen == 0);
  CHECK(ag_shadow_unprotect(&s, 0x9000, 4) == 0);
  drop(&s);
}

static void test_invalid(void) {
  ag_shadow s = fresh();
  CHECK(ag_shadow_protect(&s, 0x1000, 0, AG_RO, "c", "op", 0) == -1);
  CHECK(ag_shadow_protect(&s, 0x1000, 4, 9, "c", "op", 0) == -1);
  CHECK(ag_shadow_protect(&s, ~(ag_addr)0 - 2, 8, AG_RO, "c", "op", 0) == -1); /* wraps */
  CHECK(s.n == 0);
  /* Many ranges: the table grows. */
  for (int i = 0; i < 100; ++i) CHECK(ag_shadow_protect(&s, 0x10000 + 16 * (ag_addr)i, 8, AG_RO, "c", "op", 0) == 0);
  ag_shadow_access(&s, 0x10000 + 16 * 57 + 4, 1, 1, 1);
  ag_shadow_access(&s, 0x10000 + 16 * 57 + 8, 1, 1, 1); /* a hole between ranges */
  CHECK(n_seen == 1 && seen[0].addr == 0x10000 + 16 * 57 + 4);
  drop(&s);
}

/* A halo exchange of a column type: one 8-byte range per grid row on both
 * sides (send buffers stay protected until the requests complete). Lookups go
 * to the few ranges that can reach the access, not to all of them. */
static void test_column_halo_index(void) {
  ag_shadow s = fresh();
  const ag_addr grid = 0x100000, row = 2064; /* 258 doubles */
  const int rows = 256;
  for (int side = 0; side < 2; ++side) /* the left column, then the right: inserted out of order */
    for (int i = 1; i <= rows; ++i)
      CHECK(ag_shadow_protect(&s, grid + (ag_addr)i * row + (side ? 257 * 8 : 0), 8, AG_RO, "c", "op", 0) == 0);
  CHECK(s.n == 2 * (unsigned long)rows);
  int sorted = 1;
  for (unsigned long i = 1; i < s.n; ++i) sorted = sorted && s.r[i - 1].lo <= s.r[i].lo;
  CHECK(sorted);
  s.examined = 0;
  unsigned long accesses = 0;
  for (ag_addr a = grid; a < grid + 258 * row; a += 8, ++accesses) ag_shadow_access(&s, a, 8, 1, 1);
  CHECK(n_reports == 2 * rows); /* each range once, nothing else */
  CHECK(s.examined >= 2 * (unsigned long)rows && s.examined <= 2 * accesses); /* was every range per access */
  /* A long range ahead of short ones is still found from its far end. */
  CHECK(ag_shadow_protect(&s, grid - 0x10000, 0x10000 + 8, AG_NA, "long", "op", 0) == 0);
  n_seen = 0;
  ag_shadow_access(&s, grid + 4, 1, 0, 1);
  CHECK(n_seen == 1 && strcmp(seen[0].cls, "long") == 0);
  /* Unprotect finds the most recent of equal bounds among others starting there. */
  ag_shadow_protect(&s, grid + row, 16, AG_RO, "c", "op", 11);
  ag_shadow_protect(&s, grid + row, 8, AG_RO, "c", "op", 12);
  CHECK(ag_shadow_unprotect(&s, grid + row, 8) == 1);
  int kept = 0;
  for (unsigned long i = 0; i < s.n; ++i) kept += s.r[i].lo == grid + row;
  CHECK(kept == 2); /* the first column range and the 16-byte one */
  CHECK(s.lo_min == grid - 0x10000 && s.hi_max == grid + rows * row + 258 * 8);
  drop(&s);
}

/* A received range with no fresh byte left (each read or overwritten) leaves
 * the table: it could report nothing more. A sweep over a column halo reads
 * the ranges in address order, so the bounding box shrinks from below behind
 * it (the tool's inline guard stops calling the helper there). */
static void test_consumed_ranges_leave(void) {
  ag_shadow s = fresh();
  const ag_addr grid = 0x200000, row = 0x100;
  for (int i = 0; i < 4; ++i) ag_shadow_protect(&s, grid + (ag_addr)i * row, 8, AG_RECV, NULL, "MPI_Irecv", 0);
  CHECK(s.n == 4 && s.lo_min == grid);
  ag_shadow_access(&s, grid, 4, 0, 1); /* half of the first range read: it stays */
  CHECK(s.n == 4 && s.lo_min == grid);
  ag_shadow_access(&s, grid + 4, 4, 0, 1); /* the rest: it leaves, the box starts at the next */
  CHECK(s.n == 3 && s.lo_min == grid + row);
  ag_shadow_access(&s, grid + row, 8, 1, 0); /* MPI's own store: the bytes stay fresh */
  CHECK(s.n == 3);
  ag_shadow_access(&s, grid + row, 8, 1, 1); /* the program overwrites them unread: reported, then gone */
  CHECK(n_seen == 1 && seen[0].kind == AG_K_WBR && s.n == 2 && s.lo_min == grid + 2 * row);
  ag_shadow_use(&s, grid + 3 * row, 8); /* MPI reads the last range for the program (a forwarding send) */
  CHECK(s.n == 1 && s.hi_max == grid + 2 * row + 8);
  ag_shadow_access(&s, grid + 3 * row, 8, 1, 1); /* gone: no finding */
  CHECK(n_seen == 1);
  /* A range that leaves does not hide an overlapping one that stays. */
  const ag_addr sent = grid + 0x1000;
  ag_shadow_protect(&s, sent, 16, AG_RO, "nb.buffer.send-write", "MPI_Isend", 0);
  ag_shadow_protect(&s, sent, 8, AG_RECV, NULL, "MPI_Recv", 0); /* into a buffer in flight */
  ag_shadow_access(&s, sent, 8, 0, 1); /* reads the received range out */
  CHECK(s.n == 2 && s.r[1].mode == AG_RO && s.hi_max == sent + 16);
  ag_shadow_access(&s, sent + 8, 8, 1, 1);
  CHECK(n_seen == 2 && seen[1].kind == AG_K_CLASS);
  ag_shadow_close_received(&s); /* the third range was never read */
  CHECK(n_seen == 3 && seen[2].kind == AG_K_UNUSED && seen[2].addr == grid + 2 * row && seen[2].count == 8);
  drop(&s);
}

/* An operation's blocks protected and unprotected in one request each: the
 * table ends as if they had gone one by one (sorted, the most recent last
 * among equal starts, received data they overlap closed), and the lookups
 * find them. */
static void test_many_at_once(void) {
  ag_shadow s = fresh();
  const ag_addr grid = 0x300000, row = 0x100;
  ag_span left[64], right[64];
  for (int i = 0; i < 64; ++i) {
    left[i] = (ag_span){grid + (ag_addr)i * row, 8};
    right[i] = (ag_span){grid + (ag_addr)i * row + 0x80, 8};
  }
  ag_shadow_protect(&s, grid + 5 * row, 8, AG_RECV, NULL, "MPI_Recv", 1); /* unread data the left column replaces */
  CHECK(ag_shadow_protect_many(&s, left, 64, AG_NA, "nb.buffer.recv-access", "MPI_Irecv", 2) == 0);
  CHECK(n_seen == 1 && seen[0].kind == AG_K_UNUSED && s.n == 64);
  CHECK(ag_shadow_protect_many(&s, right, 64, AG_RO, "nb.buffer.send-write", "MPI_Isend", 3) == 0);
  int sorted = 1;
  for (unsigned long i = 1; i < s.n; ++i) sorted = sorted && s.r[i - 1].lo <= s.r[i].lo;
  CHECK(s.n == 128 && sorted && s.lo_min == grid && s.hi_max == grid + 63 * row + 0x88);
  CHECK(ag_shadow_protect_many(&s, left, 1, AG_RO, "again", "MPI_Isend", 4) == 0); /* the same bounds again */
  CHECK(s.r[0].lo == grid && s.r[1].lo == grid && strcmp(s.r[1].cls, "again") == 0); /* the most recent last */
  ag_shadow_access(&s, grid + 40 * row + 0x80, 8, 1, 1); /* a store into the right column */
  CHECK(n_seen == 2 && strcmp(seen[1].cls, "nb.buffer.send-write") == 0);
  CHECK(ag_shadow_unprotect_many(&s, left, 64) == 64); /* the most recent of the two at grid goes */
  CHECK(s.n == 65 && s.r[0].lo == grid && strcmp(s.r[0].cls, "nb.buffer.recv-access") == 0);
  CHECK(ag_shadow_unprotect_many(&s, right, 64) == 64 && s.n == 1 && s.hi_max == grid + 8);
  CHECK(ag_shadow_unprotect_many(&s, right, 64) == 0);
  ag_span bad[2] = {{grid, 8}, {grid + 16, 0}};
  CHECK(ag_shadow_protect_many(&s, bad, 2, AG_RO, "c", "op", 0) == -1 && s.n == 1); /* an empty span: nothing */
  drop(&s);
}

/* The tool's inline test (ag_shadow_chunk_maybe): every access that may touch
 * a range gets through, accesses far from every range do not (the bounding
 * box let through everything between two far-apart ranges), and a range that
 * leaves the table, however it leaves, leaves no count behind. */
static int chunks_clear(const ag_shadow* s) {
  for (unsigned long i = 0; i < (1ul << AG_CHUNK_BITS); ++i)
    if (s->chunks[i]) return 0;
  return 1;
}
static void test_chunk_filter(void) {
  ag_shadow s = fresh();
  CHECK(chunks_clear(&s) && !ag_shadow_chunk_maybe(&s, 0x1000, 8));
  const ag_addr top = 0x100000, bottom = 0x200000, len = 2064; /* the ghost rows of two grids */
  ag_span rows[2] = {{top, len}, {bottom, len}};
  CHECK(ag_shadow_protect_many(&s, rows, 2, AG_RECV, NULL, "MPI_Irecv", 1) == 0);
  int through = 1;
  for (ag_addr a = top - (AG_MAX_ACCESS - 1); a < top + len; ++a) through = through && ag_shadow_chunk_maybe(&s, a, AG_MAX_ACCESS);
  for (ag_addr a = bottom - 7; a < bottom + len; ++a) through = through && ag_shadow_chunk_maybe(&s, a, 8);
  CHECK(through);
  CHECK(ag_shadow_maybe(&s, 0x180000, 8) && !ag_shadow_chunk_maybe(&s, 0x180000, 8)); /* between them */
  CHECK(!ag_shadow_chunk_maybe(&s, top + len + 1024, 8) && !ag_shadow_chunk_maybe(&s, top - 1024, 8));
  CHECK(ag_shadow_chunk_maybe(&s, 0x180000, AG_MAX_ACCESS + 1)); /* wider: the box */
  CHECK(ag_shadow_chunk_maybe(&s, top + 8 + (1ul << (AG_CHUNK_SHIFT + AG_CHUNK_BITS)), 8)); /* aliases: a helper call, no more */
  ag_shadow_access(&s, top, len, 0, 1); /* a sweep reads the top row: it leaves */
  CHECK(!ag_shadow_chunk_maybe(&s, top + 8, 8) && ag_shadow_chunk_maybe(&s, bottom + 8, 8));
  ag_span column[256];
  for (int i = 0; i < 256; ++i) column[i] = (ag_span){top + (ag_addr)i * len, 8};
  CHECK(ag_shadow_protect_many(&s, column, 256, AG_RO, "nb.buffer.send-write", "MPI_Isend", 2) == 0);
  CHECK(ag_shadow_chunk_maybe(&s, top + 100 * len, 8) && !ag_shadow_chunk_maybe(&s, top + 100 * len + 1024, 8));
  CHECK(ag_shadow_unprotect_many(&s, column, 256) == 256);
  ag_shadow_die(&s, bottom, len); /* freed unread */
  CHECK(s.n == 0 && chunks_clear(&s));
  CHECK(ag_shadow_protect(&s, 16, 8, AG_NA, "c", "op", 3) == 0 && ag_shadow_chunk_maybe(&s, 0, 8)); /* near address 0 */
  CHECK(ag_shadow_unprotect(&s, 16, 8) == 1 && chunks_clear(&s));
  drop(&s);
}

/* Two RMA operations on one origin buffer while the first is pending: an
 * error when one of them is a get (it writes the buffer), reported on the
 * pending range as AG_K_ORIGIN; two puts only read it. Other ranges (a
 * pending receive) are not RMA origins. */
static void test_rma_origin_overlap(void) {
  const char* get = "rma.local.origin-access-during-get";
  const char* put = "rma.local.origin-write-during-put";
  ag_shadow s = fresh();
  CHECK(ag_shadow_protect(&s, 0x5000, 4, AG_NA, get, "MPI_Get", 1) == 0);
  CHECK(ag_shadow_protect(&s, 0x5000, 4, AG_NA, get, "MPI_Get", 2) == 0); /* get then get */
  CHECK(n_seen == 1 && seen[0].kind == AG_K_ORIGIN && seen[0].cls == get && s.end_op == 0);
  drop(&s);
  s = fresh();
  CHECK(ag_shadow_protect(&s, 0x5000, 8, AG_RO, put, "MPI_Put", 1) == 0);
  CHECK(ag_shadow_protect(&s, 0x5004, 4, AG_RO, put, "MPI_Put", 2) == 0); /* put then put: both read */
  CHECK(n_seen == 0);
  CHECK(ag_shadow_protect(&s, 0x5006, 4, AG_NA, get, "MPI_Get", 3) == 0); /* put then get */
  CHECK(n_seen == 2 && seen[0].kind == AG_K_ORIGIN && seen[1].kind == AG_K_ORIGIN && seen[0].addr == 0x5006);
  drop(&s);
  s = fresh();
  CHECK(ag_shadow_protect(&s, 0x5000, 4, AG_NA, get, "MPI_Get", 1) == 0);
  CHECK(ag_shadow_unprotect(&s, 0x5000, 4) == 1); /* completed (fence, flush_local) */
  CHECK(ag_shadow_protect(&s, 0x5000, 4, AG_RO, put, "MPI_Put", 2) == 0);
  CHECK(ag_shadow_protect(&s, 0x6000, 4, AG_NA, "nb.buffer.recv-access", "MPI_Irecv", 3) == 0);
  CHECK(ag_shadow_protect(&s, 0x6000, 4, AG_NA, get, "MPI_Get", 4) == 0); /* not two RMA origins */
  CHECK(n_seen == 0);
  drop(&s);
}

int main(void) {
  test_empty_fast_path();
  test_read_only();
  test_no_access_and_mpi_own();
  test_overlapping_ranges();
  test_received_write_before_read();
  test_received_unused();
  test_die();
  test_disowned_load();
  test_unprotect_skips_received();
  test_invalid();
  test_column_halo_index();
  test_consumed_ranges_leave();
  test_many_at_once();
  test_chunk_filter();
  test_rma_origin_overlap();
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
