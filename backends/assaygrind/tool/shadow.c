/* The shadow permission table of assaygrind (shadow.h). */
#include "shadow.h"

static void bounds(ag_shadow* s) {
  s->lo_min = s->hi_max = 0;
  for (unsigned long i = 0; i < s->n; ++i) {
    if (i == 0 || s->r[i].lo < s->lo_min) s->lo_min = s->r[i].lo;
    if (s->r[i].hi > s->hi_max) s->hi_max = s->r[i].hi;
  }
}

void ag_shadow_init(ag_shadow* s, void* (*alloc)(unsigned long), void (*dealloc)(void*), ag_report_fn report,
                    void* ctx) {
  s->r = 0;
  s->n = s->cap = 0;
  s->lo_min = s->hi_max = 0;
  s->alloc = alloc;
  s->dealloc = dealloc;
  s->report = report;
  s->ctx = ctx;
  s->end_op = 0;
  s->end_pc = 0;
}

static void report(ag_shadow* s, ag_range* r, enum ag_kind kind, ag_addr a, unsigned long count, int is_write) {
  if (r->reported & (1 << kind)) return;
  r->reported |= 1 << kind;
  if (s->report) s->report(s->ctx, r, kind, a, count, is_write);
}

/* A received range ends: its bytes never read (and not overwritten) are unused. */
static void check_unused(ag_shadow* s, ag_range* r) {
  if (r->mode != AG_RECV || !r->bytes) return;
  unsigned long fresh = 0, len = r->hi - r->lo;
  ag_addr first = 0;
  for (unsigned long i = 0; i < len; ++i)
    if (r->bytes[i] == AG_B_FRESH) {
      if (fresh++ == 0) first = r->lo + i;
    }
  if (fresh) report(s, r, AG_K_UNUSED, first, fresh, 0);
}

/* Removes range i (order kept: "most recent" is the last). */
static void remove_at(ag_shadow* s, unsigned long i) {
  if (s->r[i].bytes) s->dealloc(s->r[i].bytes);
  for (unsigned long j = i + 1; j < s->n; ++j) s->r[j - 1] = s->r[j];
  --s->n;
}

static int overlaps(const ag_range* r, ag_addr a, ag_addr end) { return a < r->hi && end > r->lo; }

/* Closes the received ranges overlapping [a, end), or all ranges when any. */
static void close_overlapping(ag_shadow* s, ag_addr a, ag_addr end, int any_mode) {
  unsigned long i = 0;
  int changed = 0;
  while (i < s->n) {
    ag_range* r = &s->r[i];
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

int ag_shadow_protect(ag_shadow* s, ag_addr lo, unsigned long len, int mode, const char* cls, const char* op,
                      ag_addr pc) {
  if (len == 0 || lo + len < lo) return -1;
  if (mode != AG_RO && mode != AG_NA && mode != AG_RECV) return -1;
  if (s->n) {
    s->end_op = op;
    s->end_pc = pc;
    close_overlapping(s, lo, lo + len, 0);
    s->end_op = 0;
    s->end_pc = 0;
  }
  if (s->n == s->cap) {
    unsigned long cap = s->cap ? 2 * s->cap : 16;
    ag_range* r = (ag_range*)s->alloc(cap * sizeof *r);
    if (!r) return -1;
    for (unsigned long i = 0; i < s->n; ++i) r[i] = s->r[i];
    if (s->r) s->dealloc(s->r);
    s->r = r;
    s->cap = cap;
  }
  ag_range* r = &s->r[s->n];
  r->lo = lo;
  r->hi = lo + len;
  r->mode = mode;
  r->cls = cls;
  r->op = op;
  r->pc = pc;
  r->reported = 0;
  r->bytes = 0;
  if (mode == AG_RECV) {
    r->bytes = (unsigned char*)s->alloc(len);
    if (!r->bytes) return -1;
    for (unsigned long i = 0; i < len; ++i) r->bytes[i] = AG_B_FRESH;
  }
  if (s->n == 0 || lo < s->lo_min) s->lo_min = lo;
  if (s->n == 0 || lo + len > s->hi_max) s->hi_max = lo + len;
  ++s->n;
  return 0;
}

int ag_shadow_unprotect(ag_shadow* s, ag_addr lo, unsigned long len) {
  for (unsigned long i = s->n; i-- > 0;) {
    ag_range* r = &s->r[i];
    if (r->lo == lo && r->hi == lo + len) {
      check_unused(s, r);
      remove_at(s, i);
      bounds(s);
      return 1;
    }
  }
  return 0;
}

void ag_shadow_access(ag_shadow* s, ag_addr a, unsigned long size, int is_write, int checked) {
  if (!ag_shadow_maybe(s, a, size)) return;
  ag_addr end = a + size;
  for (unsigned long i = 0; i < s->n; ++i) {
    ag_range* r = &s->r[i];
    if (!overlaps(r, a, end)) continue;
    if (r->mode == AG_RECV) {
      ag_addr from = a > r->lo ? a : r->lo, to = end < r->hi ? end : r->hi;
      int fresh_store = 0;
      for (ag_addr p = from; p < to; ++p) {
        unsigned char* b = &r->bytes[p - r->lo];
        if (*b != AG_B_FRESH) continue;
        if (!is_write) *b = AG_B_READ;
        else if (checked) *b = AG_B_OVERWRITTEN, fresh_store = 1;
      }
      if (fresh_store) report(s, r, AG_K_WBR, a, size, 1);
    } else if (checked && (r->mode == AG_NA || is_write)) {
      report(s, r, AG_K_CLASS, a, size, is_write);
    }
  }
}

void ag_shadow_use(ag_shadow* s, ag_addr a, unsigned long len) {
  if (!ag_shadow_maybe(s, a, len)) return;
  for (unsigned long i = 0; i < s->n; ++i) {
    ag_range* r = &s->r[i];
    if (r->mode != AG_RECV || !overlaps(r, a, a + len)) continue;
    ag_addr from = a > r->lo ? a : r->lo, to = a + len < r->hi ? a + len : r->hi;
    for (ag_addr p = from; p < to; ++p)
      if (r->bytes[p - r->lo] == AG_B_FRESH) r->bytes[p - r->lo] = AG_B_READ;
  }
}

int ag_shadow_hits_fresh(const ag_shadow* s, ag_addr a, unsigned long size) {
  if (!ag_shadow_maybe(s, a, size)) return 0;
  for (unsigned long i = 0; i < s->n; ++i) {
    const ag_range* r = &s->r[i];
    if (r->mode != AG_RECV || !overlaps(r, a, a + size)) continue;
    ag_addr from = a > r->lo ? a : r->lo, to = a + size < r->hi ? a + size : r->hi;
    for (ag_addr p = from; p < to; ++p)
      if (r->bytes[p - r->lo] == AG_B_FRESH) return 1;
  }
  return 0;
}

void ag_shadow_die(ag_shadow* s, ag_addr a, unsigned long len) {
  if (ag_shadow_maybe(s, a, len)) close_overlapping(s, a, a + len, 1);
}

void ag_shadow_close_received(ag_shadow* s) {
  if (s->n) close_overlapping(s, 0, ~(ag_addr)0, 0);
}
