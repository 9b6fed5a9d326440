/* The shadow permission table of assaygrind (shadow.h). */
#include "shadow.h"

/* lo_min, hi_max and max_len from the ranges (sorted: lo_min is the first's lo). */
static void bounds(ag_shadow* s) {
  s->lo_min = s->n ? s->r[0].lo : 0;
  s->hi_max = s->max_len = 0;
  for (unsigned long i = 0; i < s->n; ++i) {
    if (s->r[i].hi > s->hi_max) s->hi_max = s->r[i].hi;
    if (s->r[i].hi - s->r[i].lo > s->max_len) s->max_len = s->r[i].hi - s->r[i].lo;
  }
}

int ag_shadow_init(ag_shadow* s, void* (*alloc)(unsigned long), void (*dealloc)(void*), ag_report_fn report,
                   void* ctx) {
  s->r = 0;
  s->n = s->cap = 0;
  s->lo_min = s->hi_max = 0;
  s->max_len = 0;
  s->examined = 0;
  s->alloc = alloc;
  s->dealloc = dealloc;
  s->report = report;
  s->ctx = ctx;
  s->end_op = 0;
  s->end_pc = 0;
  s->reads_count = 0;
  const unsigned long n = 1ul << AG_CHUNK_BITS;
  s->chunks = (unsigned int*)alloc(n * sizeof *s->chunks);
  if (!s->chunks) return -1;
  for (unsigned long i = 0; i < n; ++i) s->chunks[i] = 0;
  return 0;
}

/* Counts range r in (delta 1) or out (delta -1) of the chunks an access that
 * may touch it starts in: [lo - AG_MAX_ACCESS + 1, hi). */
static void count_chunks(ag_shadow* s, const ag_range* r, int delta) {
  ag_addr from = r->lo > AG_MAX_ACCESS - 1 ? r->lo - (AG_MAX_ACCESS - 1) : 0;
  ag_addr first = from >> AG_CHUNK_SHIFT, last = (r->hi - 1) >> AG_CHUNK_SHIFT;
  if (last - first >= (1ul << AG_CHUNK_BITS)) last = first + (1ul << AG_CHUNK_BITS) - 1; /* every entry once */
  for (ag_addr c = first; c <= last; ++c) s->chunks[c & ((1ul << AG_CHUNK_BITS) - 1)] += (unsigned int)delta;
}

/* The first range with lo >= x (ranges are sorted by lo): binary search. */
static unsigned long lower_bound(const ag_shadow* s, ag_addr x) {
  unsigned long lo = 0, hi = s->n;
  while (lo < hi) {
    unsigned long mid = lo + (hi - lo) / 2;
    if (s->r[mid].lo < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/* The first range that may overlap an access at or after a: none is longer
 * than max_len, so a range with lo <= a - max_len ends at or before a. */
static unsigned long first_near(const ag_shadow* s, ag_addr a) {
  return lower_bound(s, a > s->max_len ? a - s->max_len + 1 : 0);
}

static void report(ag_shadow* s, ag_range* r, enum ag_kind kind, ag_addr a, unsigned long count, int is_write) {
  if (r->reported & (1 << kind)) return;
  r->reported |= 1 << kind;
  if (s->report) s->report(s->ctx, r, kind, a, count, is_write);
}

/* A received range ends: its bytes never read (and not overwritten) are unused. */
static void check_unused(ag_shadow* s, ag_range* r) {
  if (r->mode != AG_RECV || r->fresh == 0) return;
  unsigned long first = 0;
  while (r->bytes[first] != AG_B_FRESH) ++first;
  report(s, r, AG_K_UNUSED, r->lo + first, r->fresh, 0);
}

/* Removes range i (order kept: sorted, and among equal lo the most recent last). */
static void remove_at(ag_shadow* s, unsigned long i) {
  count_chunks(s, &s->r[i], -1);
  if (s->r[i].bytes) s->dealloc(s->r[i].bytes);
  for (unsigned long j = i + 1; j < s->n; ++j) s->r[j - 1] = s->r[j];
  --s->n;
}

/* Removes range i and keeps the bounds true (recomputed only when the range
 * held one of them). */
static void remove_bounded(ag_shadow* s, unsigned long i) {
  ag_addr hi = s->r[i].hi;
  unsigned long len = hi - s->r[i].lo;
  remove_at(s, i);
  if (s->n == 0 || hi == s->hi_max || len == s->max_len) bounds(s);
  else s->lo_min = s->r[0].lo;
}

static int overlaps(const ag_range* r, ag_addr a, ag_addr end) { return a < r->hi && end > r->lo; }

/* Closes the received ranges overlapping [a, end), or all ranges when any. */
static void close_overlapping(ag_shadow* s, ag_addr a, ag_addr end, int any_mode) {
  unsigned long i = first_near(s, a);
  int changed = 0;
  while (i < s->n && s->r[i].lo < end) {
    ag_range* r = &s->r[i];
    ++s->examined;
    if ((any_mode || r->mode == AG_RECV) && overlaps(r, a, end)) {
      check_unused(s, r);
      remove_at(s, i);
      changed = 1;
    } else {
      ++i;
    }
  }
  if (changed) bounds(s);
}

/* Whether class cls is an RMA origin buffer's (the shim's literals, compared by
 * content: no libc here). */
static int rma_origin_class(const char* cls) {
  static const char prefix[] = "rma.local.origin-";
  if (!cls) return 0;
  for (unsigned long i = 0; prefix[i]; ++i)
    if (cls[i] != prefix[i]) return 0;
  return 1;
}

/* A new RMA origin buffer [a, end) of `mode` against the pending ones it
 * overlaps: a get's (no-access) beside any other is AG_K_ORIGIN. */
static void check_origins(ag_shadow* s, ag_addr a, ag_addr end, int mode) {
  for (unsigned long i = first_near(s, a); i < s->n && s->r[i].lo < end; ++i) {
    ag_range* r = &s->r[i];
    if (overlaps(r, a, end) && rma_origin_class(r->cls) && (r->mode == AG_NA || mode == AG_NA))
      report(s, r, AG_K_ORIGIN, a > r->lo ? a : r->lo, 0, mode == AG_NA);
  }
}

int ag_shadow_protect(ag_shadow* s, ag_addr lo, unsigned long len, int mode, const char* cls, const char* op,
                      ag_addr pc) {
  ag_span span = {lo, len};
  return ag_shadow_protect_many(s, &span, 1, mode, cls, op, pc);
}

/* Merges the k ranges appended at the end (sorted among themselves) into the
 * sorted ones before them, from the back, so that among equal lo the new come
 * last (the most recent last). `tmp` holds k ranges. */
static void merge_appended(ag_shadow* s, unsigned long k, ag_range* tmp) {
  unsigned long old = s->n - k;
  for (unsigned long j = 0; j < k; ++j) tmp[j] = s->r[old + j];
  unsigned long w = s->n, i = old, j = k;
  while (j > 0) {
    if (i > 0 && s->r[i - 1].lo > tmp[j - 1].lo) s->r[--w] = s->r[--i];
    else s->r[--w] = tmp[--j];
  }
}

int ag_shadow_protect_many(ag_shadow* s, const ag_span* spans, unsigned long n, int mode, const char* cls,
                           const char* op, ag_addr pc) {
  if (mode != AG_RO && mode != AG_NA && mode != AG_RECV) return -1;
  for (unsigned long k = 0; k < n; ++k)
    if (spans[k].len == 0 || spans[k].addr + spans[k].len < spans[k].addr) return -1;
  if (n == 0) return 0;
  s->end_op = op;
  s->end_pc = pc;
  if ((mode == AG_RO || mode == AG_NA) && rma_origin_class(cls))
    for (unsigned long k = 0; k < n && s->n; ++k) check_origins(s, spans[k].addr, spans[k].addr + spans[k].len, mode);
  /* A new range replaces the received data it overlaps (checked for unused bytes). */
  for (unsigned long k = 0; k < n && s->n; ++k) close_overlapping(s, spans[k].addr, spans[k].addr + spans[k].len, 0);
  s->end_op = 0;
  s->end_pc = 0;
  if (s->n + n > s->cap) {
    unsigned long cap = s->cap ? 2 * s->cap : 16;
    while (cap < s->n + n) cap *= 2;
    ag_range* r = (ag_range*)s->alloc(cap * sizeof *r);
    if (!r) return -1;
    for (unsigned long i = 0; i < s->n; ++i) r[i] = s->r[i];
    if (s->r) s->dealloc(s->r);
    s->r = r;
    s->cap = cap;
  }
  ag_range* tmp = (ag_range*)s->alloc(n * sizeof *tmp);
  if (!tmp) return -1;
  unsigned long old = s->n;
  for (unsigned long k = 0; k < n; ++k) {
    ag_range r = {.lo = spans[k].addr, .hi = spans[k].addr + spans[k].len, .mode = mode, .cls = cls, .op = op, .pc = pc};
    if (mode == AG_RECV) {
      r.bytes = (unsigned char*)s->alloc(spans[k].len);
      if (!r.bytes) {
        while (s->n > old) {
          --s->n;
          count_chunks(s, &s->r[s->n], -1);
          s->dealloc(s->r[s->n].bytes);
        }
        bounds(s);
        s->dealloc(tmp);
        return -1;
      }
      for (unsigned long i = 0; i < spans[k].len; ++i) r.bytes[i] = AG_B_FRESH;
      r.fresh = spans[k].len;
    }
    /* Sorted among the new ones by lo, in the given order among equal lo
     * (insertion: an operation's blocks come in address order). */
    unsigned long at = s->n;
    while (at > old && s->r[at - 1].lo > r.lo) {
      s->r[at] = s->r[at - 1];
      --at;
    }
    s->r[at] = r;
    ++s->n;
    count_chunks(s, &r, 1);
    if (s->n == 1 || r.lo < s->lo_min) s->lo_min = r.lo;
    if (s->n == 1 || r.hi > s->hi_max) s->hi_max = r.hi;
    if (r.hi - r.lo > s->max_len) s->max_len = r.hi - r.lo;
  }
  merge_appended(s, n, tmp);
  s->dealloc(tmp);
  return 0;
}

int ag_shadow_unprotect(ag_shadow* s, ag_addr lo, unsigned long len) {
  ag_span span = {lo, len};
  return (int)ag_shadow_unprotect_many(s, &span, 1);
}

unsigned long ag_shadow_unprotect_many(ag_shadow* s, const ag_span* spans, unsigned long n) {
  /* Each span's range is marked (mode 0), then the table is compacted once. */
  unsigned long removed = 0;
  for (unsigned long k = 0; k < n; ++k) {
    ag_addr lo = spans[k].addr, hi = lo + spans[k].len;
    unsigned long i = lower_bound(s, lo), found = s->n;
    for (; i < s->n && s->r[i].lo == lo; ++i)
      if (s->r[i].hi == hi && s->r[i].mode != AG_RECV && s->r[i].mode != 0) found = i; /* the most recent */
    if (found < s->n) s->r[found].mode = 0, ++removed;
  }
  if (removed == 0) return 0;
  unsigned long kept = 0;
  for (unsigned long i = 0; i < s->n; ++i) {
    if (s->r[i].mode != 0) s->r[kept++] = s->r[i];
    else count_chunks(s, &s->r[i], -1); /* never a received range: no bytes to free */
  }
  s->n = kept;
  bounds(s);
  return removed;
}

/* Whether received range r has a fresh byte in [a, end). */
static int fresh_in(const ag_range* r, ag_addr a, ag_addr end) {
  ag_addr from = a > r->lo ? a : r->lo, to = end < r->hi ? end : r->hi;
  for (ag_addr p = from; p < to; ++p)
    if (r->bytes[p - r->lo] == AG_B_FRESH) return 1;
  return 0;
}

/* Marks the fresh bytes of received range i within [a, end) `state`; a range
 * with no fresh byte left leaves the table. Returns whether it left. */
static int consume(ag_shadow* s, unsigned long i, ag_addr a, ag_addr end, unsigned char state) {
  ag_range* r = &s->r[i];
  ag_addr from = a > r->lo ? a : r->lo, to = end < r->hi ? end : r->hi;
  for (ag_addr p = from; p < to; ++p) {
    unsigned char* b = &r->bytes[p - r->lo];
    if (*b == AG_B_FRESH) *b = state, --r->fresh;
  }
  if (r->fresh) return 0;
  remove_bounded(s, i);
  return 1;
}

void ag_shadow_access(ag_shadow* s, ag_addr a, unsigned long size, int is_write, int checked) {
  if (!ag_shadow_maybe(s, a, size)) return;
  ag_addr end = a + size;
  unsigned long i = first_near(s, a);
  while (i < s->n && s->r[i].lo < end) {
    ag_range* r = &s->r[i];
    ++s->examined;
    if (overlaps(r, a, end)) {
      if (r->mode == AG_RECV) {
        /* Fresh bytes: a checked store overwrites them unread, a load reads
         * them unless the tool disowns it (asked once); MPI's own stores
         * leave them fresh. */
        if (fresh_in(r, a, end) && (is_write ? checked : !s->reads_count || s->reads_count(s->ctx))) {
          if (is_write) report(s, r, AG_K_WBR, a, size, 1);
          if (consume(s, i, a, end, is_write ? AG_B_OVERWRITTEN : AG_B_READ)) continue;
        }
      } else if (checked && (r->mode == AG_NA || is_write)) {
        report(s, r, AG_K_CLASS, a, size, is_write);
      }
    }
    ++i;
  }
}

void ag_shadow_use(ag_shadow* s, ag_addr a, unsigned long len) {
  if (!ag_shadow_maybe(s, a, len)) return;
  unsigned long i = first_near(s, a);
  while (i < s->n && s->r[i].lo < a + len) {
    if (s->r[i].mode == AG_RECV && overlaps(&s->r[i], a, a + len) && consume(s, i, a, a + len, AG_B_READ)) continue;
    ++i;
  }
}

int ag_shadow_hits_fresh(const ag_shadow* s, ag_addr a, unsigned long size) {
  if (!ag_shadow_maybe(s, a, size)) return 0;
  for (unsigned long i = first_near(s, a); i < s->n && s->r[i].lo < a + size; ++i)
    if (s->r[i].mode == AG_RECV && overlaps(&s->r[i], a, a + size) && fresh_in(&s->r[i], a, a + size)) return 1;
  return 0;
}

void ag_shadow_die(ag_shadow* s, ag_addr a, unsigned long len) {
  if (ag_shadow_maybe(s, a, len)) close_overlapping(s, a, a + len, 1);
}

void ag_shadow_close_received(ag_shadow* s) {
  if (s->n) close_overlapping(s, 0, ~(ag_addr)0, 0);
}
