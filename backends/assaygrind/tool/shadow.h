/* The shadow permission table of assaygrind: the protected ranges and, for
 * received ranges, one state byte per byte. Pure C without libc (it is built
 * into the Valgrind tool, which has none, and into a plain unit test): memory
 * comes from the allocator given at init, findings go to a callback.
 *
 * Ranges may overlap (two Isends of one buffer). They are kept sorted by
 * their start, so a lookup binary-searches to the ranges that can reach the
 * access (no range is longer than max_len) instead of scanning them all: a
 * halo exchange of a column type leaves hundreds of 8-byte received ranges
 * spread over the whole grid, and every access to the grid is looked up. The
 * tool's inline test before each access is the chunk filter below (one
 * table load); the bounding box [lo_min, hi_max) is the helper's first test
 * and the inline one for wide accesses. A received range leaves the table once
 * none of its bytes is fresh (each read or overwritten): it can report
 * nothing more, and a halo read by a sweep stops costing lookups. */
#ifndef AG_SHADOW_H
#define AG_SHADOW_H

typedef unsigned long ag_addr;

enum { AG_RO = 1, AG_NA = 2, AG_RECV = 3 }; /* = AG_MODE_* of assaygrind.h */

/* What a finding is about. */
enum ag_kind {
  AG_K_CLASS = 1,    /* an access the range's mode forbids: the range's class */
  AG_K_WBR = 2,      /* mem.recv.write-before-read */
  AG_K_UNUSED = 3,   /* mem.recv.unused: `count` bytes never read, the first at `addr` */
  AG_K_ORIGIN = 4    /* rma.local.origin-access-during-get: the buffer of a new RMA operation (end_op)
                        overlaps the origin buffer of pending operation `r`, one of the two a get */
};

/* Per byte of a received range. */
enum { AG_B_FRESH = 0, AG_B_READ = 1, AG_B_OVERWRITTEN = 2 };

typedef struct ag_range {
  ag_addr lo, hi;        /* [lo, hi) */
  int mode;
  const char* cls;       /* the class of AG_K_CLASS findings */
  const char* op;        /* the MPI call that protected it */
  ag_addr pc;            /* its call site */
  unsigned char* bytes;  /* AG_RECV: hi - lo states; else null */
  unsigned long fresh;   /* AG_RECV: bytes still AG_B_FRESH (none: the range can report nothing more) */
  int reported;          /* bit (1 << kind): one finding of a kind per range */
} ag_range;

typedef struct ag_shadow ag_shadow;
typedef void (*ag_report_fn)(void* ctx, const ag_range* r, enum ag_kind kind, ag_addr addr, unsigned long count,
                             int is_write);

struct ag_shadow {
  ag_range* r;             /* sorted by lo; among equal lo, the most recent last */
  unsigned long n, cap;
  ag_addr lo_min, hi_max;  /* the bounding box of all ranges (empty: 0, 0) */
  unsigned long max_len;   /* no range is longer (an upper bound until a removal recomputes it) */
  unsigned int* chunks;    /* the chunk filter (below): 2^AG_CHUNK_BITS counts */
  unsigned long examined;  /* ranges looked at by lookups: what the index saves (tests) */
  void* (*alloc)(unsigned long bytes);
  void (*dealloc)(void* p);
  ag_report_fn report;
  void* ctx;
  /* While a protection is made: its call (what ended received data, for
   * AG_K_UNUSED findings; the new operation of AG_K_ORIGIN); else null, 0. */
  const char* end_op;
  ag_addr end_pc;
  /* Asked when a load meets unread received bytes: 0 = the load is not the
   * program reading them (the allocator inside free), they stay unread.
   * Null: every load counts. */
  int (*reads_count)(void* ctx);
};

/* The chunk filter. The bounding box alone lets every access between two
 * far-apart ranges through to the helper (a received ghost row of each of a
 * stencil's two grids covers the whole grid between them), so the inline
 * test asks a table instead: chunks of 2^AG_CHUNK_SHIFT (512) bytes, indexed
 * by AG_CHUNK_BITS address bits (a chunk 2^29 bytes away shares the entry,
 * which only costs a helper call), each counting the ranges an access of at
 * most AG_MAX_ACCESS bytes starting in it may touch. A wider access (rare: a
 * dirty helper's xsave) takes the bounding box test. */
#define AG_CHUNK_SHIFT 9
#define AG_CHUNK_BITS 20
#define AG_MAX_ACCESS 64
static inline unsigned long ag_shadow_chunk(ag_addr a) {
  return (a >> AG_CHUNK_SHIFT) & ((1ul << AG_CHUNK_BITS) - 1);
}

/* Returns -1 when the chunk table cannot be allocated. */
int ag_shadow_init(ag_shadow* s, void* (*alloc)(unsigned long), void (*dealloc)(void*), ag_report_fn report,
                   void* ctx);

/* Whether [a, a + size) may touch a range, by the bounding box. */
static inline int ag_shadow_maybe(const ag_shadow* s, ag_addr a, unsigned long size) {
  return s->n != 0 && a < s->hi_max && a + size > s->lo_min;
}

/* The tool's inline test in C (its batch check and the tests): whether the chunk filter lets
 * an access of `size` bytes at a through. */
static inline int ag_shadow_chunk_maybe(const ag_shadow* s, ag_addr a, unsigned long size) {
  return size > AG_MAX_ACCESS ? ag_shadow_maybe(s, a, size) : s->chunks[ag_shadow_chunk(a)] != 0;
}

/* Protects [lo, lo + len). A new range closes the received ranges it
 * overlaps (their data is replaced: bytes never read are reported unused).
 * An RMA origin buffer (class rma.local.origin-*) overlapping a pending one, where
 * one of the two is a get's (no-access), is reported (AG_K_ORIGIN): MPI-3.1
 * 11.3 forbids accessing a pending get's buffer and updating a pending
 * put's, by the program or by another operation.
 * Returns 0, or -1 when out of memory or len is 0. */
int ag_shadow_protect(ag_shadow* s, ag_addr lo, unsigned long len, int mode, const char* cls, const char* op,
                      ag_addr pc);

/* A span of memory [addr, addr + len): one block of an operation's buffer. */
typedef struct ag_span {
  ag_addr addr;
  unsigned long len;
} ag_span;

/* Protects each of n spans as ag_shadow_protect does, sorting the table once:
 * a column of a halo is hundreds of blocks, and inserting them one by one
 * moved the array for each. Returns 0, or -1 (nothing protected) when out of
 * memory or a span is empty or wraps. */
int ag_shadow_protect_many(ag_shadow* s, const ag_span* spans, unsigned long n, int mode, const char* cls,
                           const char* op, ag_addr pc);

/* Removes the most recent range with exactly these bounds that is not a
 * received one: received data ends by what replaces or frees it (a new
 * protection, a store inside free, the stack popped, MPI_Finalize), never by
 * the end of an operation, which may have the same bounds (a receive into the
 * origin buffer of a pending Get: the Get's range must end at the fence, not
 * the received one). Returns 1 if one was removed, else 0. */
int ag_shadow_unprotect(ag_shadow* s, ag_addr lo, unsigned long len);

/* ag_shadow_unprotect for each of n spans, compacting the table once. Returns
 * how many ranges were removed. */
unsigned long ag_shadow_unprotect_many(ag_shadow* s, const ag_span* spans, unsigned long n);

/* The program accesses [a, a + size). checked = 0: the access is MPI's own
 * (inside an MPI call): no finding, but a load still counts as a read of
 * received bytes. */
void ag_shadow_access(ag_shadow* s, ag_addr a, unsigned long size, int is_write, int checked);

/* MPI reads [a, a + len) for the program: received bytes there count as read. */
void ag_shadow_use(ag_shadow* s, ag_addr a, unsigned long len);

/* Whether a store to [a, a + size) would be the first to a fresh received byte. */
int ag_shadow_hits_fresh(const ag_shadow* s, ag_addr a, unsigned long size);

/* The memory [a, a + len) dies (freed, stack popped, unmapped): every range
 * overlapping it is closed (received ones checked for unused bytes). */
void ag_shadow_die(ag_shadow* s, ag_addr a, unsigned long len);

/* Closes every received range (unused bytes reported): MPI_Finalize. */
void ag_shadow_close_received(ag_shadow* s);

#endif
