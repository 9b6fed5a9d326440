/* assaygrind: the project's own Valgrind tool (docs/backends.md,
 * "assaygrind and the protect protocol"). It instruments every load and
 * store of the guest with an inline test (the chunk filter of shadow.h) and
 * checks a superblock's accesses in batches, one helper call per batch when
 * one of them may touch a protected range,
 * keeps the protected ranges the shim announces through client requests
 * (../assaygrind.h) in the shadow table (shadow.c), and writes one JSON line
 * per finding (docs/findings.md) to --assay-out=FILE.
 *
 * Options:
 *   --assay-out=FILE   where findings go (created at the first finding or
 *                      at exit; without it, findings go to valgrind's log)
 *   --assay-rank=N     the MPI rank written in findings (default -1)
 *   --assay-recv-unused=yes  report mem.recv.unused (default no: the corpus's
 *                      correct cases often leave received data unread)
 *   --assay-stats=yes  at exit, print how often the helper ran and how
 *                      many protocol requests came (what the overhead costs)
 */
#include "pub_tool_basics.h"
#include "pub_tool_tooliface.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"
#include "pub_tool_machine.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_stacktrace.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_vki.h"

#include "valgrind.h"
#include "shadow.h"

/* The protocol of ../assaygrind.h, restated here (the tool does not include
 * the client header, which pulls in guest-side definitions). */
#define AG_REQ_PROTECT VG_USERREQ_TOOL_BASE('A', 'G')
#define AG_REQ_UNPROTECT (AG_REQ_PROTECT + 1)
#define AG_REQ_USE (AG_REQ_PROTECT + 2)
#define AG_REQ_ENTER_MPI (AG_REQ_PROTECT + 3)
#define AG_REQ_LEAVE_MPI (AG_REQ_PROTECT + 4)
#define AG_REQ_FINALIZE (AG_REQ_PROTECT + 5)
#define AG_REQ_PROTECT_BLOCKS (AG_REQ_PROTECT + 6)
#define AG_REQ_UNPROTECT_BLOCKS (AG_REQ_PROTECT + 7)
#define AG_REQ_USE_BLOCKS (AG_REQ_PROTECT + 8)

struct ag_site_guest {
  const HChar* error_class;
  const HChar* op;
  unsigned long pc;
};

/* ---- options --------------------------------------------------------------- */
static const HChar* clo_out = NULL;
static Long clo_rank = -1;
static Bool clo_recv_unused = False; /* report mem.recv.unused (docs/backends.md: off by default) */
static Bool clo_stats = False;       /* print the counts of stats at exit */

static Bool ag_process_cmd_line_option(const HChar* arg) {
  if VG_STR_CLO (arg, "--assay-out", clo_out) {
  } else if VG_INT_CLO (arg, "--assay-rank", clo_rank) {
  } else if VG_BOOL_CLO (arg, "--assay-recv-unused", clo_recv_unused) {
  } else if VG_BOOL_CLO (arg, "--assay-stats", clo_stats) {
  } else
    return False;
  return True;
}
static void ag_print_usage(void) {
  VG_(printf)("    --assay-out=FILE    findings as JSON lines to FILE\n"
              "    --assay-rank=N      the MPI rank named in findings\n"
              "    --assay-recv-unused=no|yes  report received bytes never read [no]\n"
              "    --assay-stats=no|yes  at exit, print how often the helper and the protocol ran [no]\n");
}
static void ag_print_debug_usage(void) { VG_(printf)("    (none)\n"); }

/* ---- per-thread state -------------------------------------------------------- */
/* in_mpi[tid]: depth of MPI calls; seen_mpi[tid]: the thread ever called MPI
 * (only such threads are the program's checked threads). */
static Int* in_mpi;
static Bool* seen_mpi;

/* ---- output ---------------------------------------------------------------------- */
static Int out_fd = -1;
static Bool out_failed = False;
static ULong n_findings = 0;
#define MAX_FINDINGS 1000

typedef struct {
  HChar* buf;
  SizeT len, cap;
} Str;

static void s_grow(Str* s, SizeT more) {
  if (s->len + more + 1 <= s->cap) return;
  SizeT cap = s->cap ? s->cap : 1024;
  while (cap < s->len + more + 1) cap *= 2;
  HChar* b = VG_(malloc)("ag.str", cap);
  if (s->buf) {
    VG_(memcpy)(b, s->buf, s->len);
    VG_(free)(s->buf);
  }
  s->buf = b;
  s->cap = cap;
}
static void s_add(Str* s, const HChar* t) {
  SizeT n = VG_(strlen)(t);
  s_grow(s, n);
  VG_(memcpy)(s->buf + s->len, t, n);
  s->len += n;
  s->buf[s->len] = 0;
}
/* A JSON string literal of t. */
static void s_json(Str* s, const HChar* t) {
  s_add(s, "\"");
  for (; t && *t; ++t) {
    HChar c[8];
    UChar u = (UChar)*t;
    if (u == '"' || u == '\\') {
      c[0] = '\\';
      c[1] = (HChar)u;
      c[2] = 0;
    } else if (u < 0x20 || u >= 0x7f) {
      VG_(snprintf)(c, sizeof c, "\\u%04x", (UInt)u);
    } else {
      c[0] = (HChar)u;
      c[1] = 0;
    }
    s_add(s, c);
  }
  s_add(s, "\"");
}
static void s_fmt_num(Str* s, const HChar* fmt, ULong v) {
  HChar b[64];
  VG_(snprintf)(b, sizeof b, fmt, v);
  s_add(s, b);
}

static void open_out(void) {
  if (out_fd >= 0 || out_failed || !clo_out) return;
  SysRes r = VG_(open)(clo_out, VKI_O_CREAT | VKI_O_WRONLY | VKI_O_TRUNC, 0644);
  if (sr_isError(r)) {
    out_failed = True;
    VG_(umsg)("assaygrind: cannot open --assay-out=%s\n", clo_out);
    return;
  }
  out_fd = (Int)sr_Res(r);
}

static void emit_line(Str* s) {
  s_add(s, "\n");
  open_out();
  if (out_fd >= 0) {
    SizeT done = 0;
    while (done < s->len) {
      Int w = VG_(write)(out_fd, s->buf + done, (Int)(s->len - done));
      if (w <= 0) break;
      done += (SizeT)w;
    }
  } else {
    VG_(umsg)("assaygrind finding: %s", s->buf);
  }
}

/* ---- describing code addresses ---------------------------------------------------- */
typedef struct {
  const HChar* file; /* dir/file, or "" */
  UInt line;
  const HChar* fn;
} Where;

/* The innermost (inlined) frame at ip: function, file and line (strings in
 * VG_(malloc)'d memory, freed by the caller with free_where). */
static Where where_of(Addr ip) {
  Where w = {"", 0, ""};
  DiEpoch ep = VG_(current_DiEpoch)();
  const HChar* fn = NULL;
  if (VG_(get_fnname)(ep, ip, &fn) && fn) w.fn = VG_(strdup)("ag.where", fn);
  else w.fn = VG_(strdup)("ag.where", "");
  const HChar *file = NULL, *dir = NULL;
  UInt line = 0;
  if (VG_(get_filename_linenum)(ep, ip, &file, &dir, &line) && file) {
    HChar* p = VG_(malloc)("ag.where", VG_(strlen)(file) + (dir ? VG_(strlen)(dir) : 0) + 2);
    if (dir && dir[0] && file[0] != '/') {
      VG_(strcpy)(p, dir);
      VG_(strcat)(p, "/");
      VG_(strcat)(p, file);
    } else {
      VG_(strcpy)(p, file);
    }
    w.file = p;
    w.line = line;
  } else {
    w.file = VG_(strdup)("ag.where", "");
  }
  return w;
}
static void free_where(Where* w) {
  VG_(free)((void*)w->file);
  VG_(free)((void*)w->fn);
}

/* Inlined frames: describe_IP's "0x...: fn (file.c:12)" for each, innermost
 * first, appended to `stack`; the first one with a file:line fills `best`
 * (file and line of the source; the function named there). */
/* Whether code at ip belongs to the program (not libc, other system
 * libraries, valgrind's preloads or the MPI shim): its frames locate an access. */
static Bool programs_code(Addr ip) {
  const HChar* obj = NULL;
  if (!VG_(get_objname)(VG_(current_DiEpoch)(), ip, &obj) || !obj) return False;
  return VG_(strncmp)(obj, "/usr/lib/", 9) != 0 && VG_(strncmp)(obj, "/lib/", 5) != 0 &&
         VG_(strncmp)(obj, "/lib64/", 7) != 0 && VG_(strncmp)(obj, "/usr/libexec/", 13) != 0 &&
         VG_(strstr)(obj, "vgpreload") == NULL && VG_(strstr)(obj, "libassay_") == NULL;
}

static void describe_frames(Addr ip, Str* stack, Bool* first, HChar* best_file, SizeT best_cap, UInt* best_line,
                            HChar* best_fn, SizeT fn_cap, Bool eligible) {
  DiEpoch ep = VG_(current_DiEpoch)();
  InlIPCursor* iipc = VG_(new_IIPC)(ep, ip);
  do {
    const HChar* d = VG_(describe_IP)(ep, ip, iipc);
    if (!*first) s_add(stack, ",");
    *first = False;
    s_json(stack, d);
    if (eligible && *best_line == 0) {
      /* "...: fn (file:line)" or "... (in /lib.so)" */
      const HChar* open = VG_(strrchr)(d, '(');
      const HChar* colon = VG_(strrchr)(d, ':');
      const HChar* close = VG_(strrchr)(d, ')');
      if (open && colon && close && colon > open && close > colon && VG_(strncmp)(open, "(in ", 4) != 0) {
        SizeT n = (SizeT)(colon - open - 1);
        if (n >= best_cap) n = best_cap - 1;
        VG_(memcpy)(best_file, open + 1, n);
        best_file[n] = 0;
        *best_line = (UInt)VG_(strtoll10)(colon + 1, NULL);
        const HChar* fn = VG_(strstr)(d, ": ");
        if (fn && fn < open) {
          SizeT m = (SizeT)(open - fn - 3);
          if ((Long)m < 0) m = 0;
          if (m >= fn_cap) m = fn_cap - 1;
          VG_(memcpy)(best_fn, fn + 2, m);
          best_fn[m] = 0;
        }
      }
    }
  } while (VG_(next_IIPC)(iipc));
  VG_(delete_IIPC)(iipc);
}

/* ---- findings ------------------------------------------------------------------------ */
/* One finding per (kind, class, access site, call site). */
#define DEDUP 512
static struct {
  Int kind;
  const HChar* cls;
  Addr ip, pc;
} seen[DEDUP];
static Int n_seen = 0;
static Bool first_time(Int kind, const HChar* cls, Addr ip, Addr pc) {
  for (Int i = 0; i < n_seen; ++i)
    if (seen[i].kind == kind && seen[i].ip == ip && seen[i].pc == pc &&
        (seen[i].cls == cls || (seen[i].cls && cls && VG_(strcmp)(seen[i].cls, cls) == 0)))
      return False;
  if (n_seen < DEDUP) {
    seen[n_seen].kind = kind;
    seen[n_seen].cls = cls;
    seen[n_seen].ip = ip;
    seen[n_seen].pc = pc;
    ++n_seen;
  }
  return True;
}

static Addr access_ip = 0; /* the instruction of the access being checked */
static Addr free_ip = 0;   /* the store inside free() that ends received ranges */
static ag_shadow sh;       /* the protected ranges */

static const HChar* kind_class(const ag_range* r, enum ag_kind kind) {
  if (kind == AG_K_WBR) return "mem.recv.write-before-read";
  if (kind == AG_K_UNUSED) return "mem.recv.unused";
  if (kind == AG_K_ORIGIN) return "rma.local.origin-access-during-get";
  return r->cls ? r->cls : "unknown";
}

static void write_access(Str* s, ThreadId tid, Addr ip, Addr a, ULong size, Bool is_write) {
  Addr ips[24];
  UInt n = 0;
  if (tid != VG_INVALID_THREADID) n = VG_(get_StackTrace)(tid, ips, 24, NULL, NULL, 0);
  if (n == 0) {
    ips[0] = ip;
    n = 1;
  } else if (ip) {
    ips[0] = ip; /* the access itself (the guest IP may lag inside the block) */
  }
  Str stack = {0};
  Bool first = True;
  HChar file[512] = "", fn[256] = "";
  UInt line = 0;
  s_add(&stack, "[");
  /* The access is located at the innermost frame of the program's own code
   * (a memset in libc is located at its caller); else the innermost with a
   * file:line. */
  Bool any_program = False;
  for (UInt i = 0; i < n; ++i)
    if (programs_code(i == 0 ? ips[i] : ips[i] - 1)) any_program = True;
  for (UInt i = 0; i < n; ++i) {
    Addr at = i == 0 ? ips[i] : ips[i] - 1;
    describe_frames(at, &stack, &first, file, sizeof file, &line, fn, sizeof fn, !any_program || programs_code(at));
  }
  s_add(&stack, "]");
  s_add(s, "{\"op\":");
  s_json(s, is_write ? "store" : "load");
  s_add(s, ",\"kind\":");
  s_json(s, is_write ? "write" : "read");
  s_fmt_num(s, ",\"rank\":%lld", (ULong)clo_rank);
  s_fmt_num(s, ",\"addr\":\"0x%llx\"", (ULong)a);
  s_fmt_num(s, ",\"size\":%llu", size);
  s_add(s, ",\"file\":");
  s_json(s, file);
  s_fmt_num(s, ",\"line\":%llu", (ULong)line);
  s_add(s, ",\"function\":");
  s_json(s, fn);
  s_add(s, ",\"stack\":");
  s_add(s, stack.buf);
  s_add(s, "}");
  VG_(free)(stack.buf);
}

static void write_call(Str* s, const HChar* op, Addr pc) {
  Where w = where_of(pc ? pc - 1 : 0);
  s_add(s, "{\"op\":");
  s_json(s, op ? op : "MPI");
  s_add(s, ",\"kind\":\"call\"");
  s_fmt_num(s, ",\"rank\":%lld", (ULong)clo_rank);
  s_add(s, ",\"file\":");
  s_json(s, w.file);
  s_fmt_num(s, ",\"line\":%llu", (ULong)w.line);
  s_add(s, ",\"function\":");
  s_json(s, w.fn);
  s_add(s, "}");
  free_where(&w);
}

static void report(void* ctx, const ag_range* r, enum ag_kind kind, ag_addr addr, unsigned long count,
                   int is_write) {
  (void)ctx;
  if (kind == AG_K_UNUSED && !clo_recv_unused) return;
  const HChar* cls = kind_class(r, kind);
  const Bool two_calls = kind == AG_K_UNUSED || kind == AG_K_ORIGIN; /* no load or store of the program */
  Addr ip = two_calls ? 0 : access_ip;
  if (!first_time(kind, cls, ip, r->pc) || n_findings >= MAX_FINDINGS) return;
  ++n_findings;
  ThreadId tid = VG_(get_running_tid)();
  Str s = {0};
  HChar msg[512];
  if (kind == AG_K_CLASS)
    VG_(snprintf)(msg, sizeof msg, "%s of %lu byte(s) at 0x%lx, in the %s buffer [0x%lx, 0x%lx) of %s, before its completion",
                  is_write ? "store" : "load", count, addr, r->mode == AG_RO ? "read-only" : "no-access", r->lo, r->hi,
                  r->op ? r->op : "an MPI call");
  else if (kind == AG_K_ORIGIN)
    VG_(snprintf)(msg, sizeof msg, "%s takes the buffer at 0x%lx while %s on the same buffer [0x%lx, 0x%lx) is pending: "
                  "one of the two is a get, which writes it",
                  sh.end_op ? sh.end_op : "an RMA call", addr, r->op ? r->op : "an RMA call", r->lo, r->hi);
  else if (kind == AG_K_WBR)
    VG_(snprintf)(msg, sizeof msg, "store of %lu byte(s) at 0x%lx overwrites data received by %s into [0x%lx, 0x%lx) before any of it was read",
                  count, addr, r->op ? r->op : "a receive", r->lo, r->hi);
  else
    VG_(snprintf)(msg, sizeof msg, "%lu of the %lu byte(s) received by %s into [0x%lx, 0x%lx) were never read (the first at 0x%lx)",
                  count, r->hi - r->lo, r->op ? r->op : "a receive", r->lo, r->hi, addr);
  s_add(&s, "{\"backend\":\"assaygrind\",\"class\":");
  s_json(&s, cls);
  s_add(&s, kind == AG_K_CLASS || kind == AG_K_ORIGIN ? ",\"severity\":\"error\"" : ",\"severity\":\"warning\"");
  s_fmt_num(&s, ",\"rank\":%lld", (ULong)clo_rank);
  s_add(&s, ",\"message\":");
  s_json(&s, msg);
  s_add(&s, ",\"accesses\":[");
  if (!two_calls) {
    write_access(&s, tid, ip, addr, count, is_write);
    s_add(&s, ",");
  }
  write_call(&s, r->op, r->pc);
  /* The new operation of AG_K_ORIGIN. What ended unused data: a new
   * protection over it (its call), or a free (the store inside free, located
   * at the program's call of free). */
  if (kind == AG_K_ORIGIN) {
    s_add(&s, ",");
    write_call(&s, sh.end_op, sh.end_pc);
  } else if (kind == AG_K_UNUSED && free_ip) {
    s_add(&s, ",");
    write_access(&s, tid, free_ip, addr, 0, True);
  } else if (kind == AG_K_UNUSED && sh.end_op) {
    s_add(&s, ",");
    write_call(&s, sh.end_op, sh.end_pc);
  }
  s_add(&s, "]}");
  emit_line(&s);
  VG_(free)(s.buf);
}

/* ---- the shadow table ------------------------------------------------------------------ */

static void* ag_alloc(unsigned long n) { return VG_(malloc)("ag.shadow", n); }
static void ag_dealloc(void* p) { VG_(free)(p); }

/* Whether a store by thread tid comes from inside free() (the allocator
 * writing its bookkeeping into a freed block). */
static Bool inside_free(ThreadId tid) {
  Addr ips[6];
  UInt n = VG_(get_StackTrace)(tid, ips, 6, NULL, NULL, 0);
  DiEpoch ep = VG_(current_DiEpoch)();
  for (UInt i = 0; i < n; ++i) {
    const HChar* fn = NULL;
    Addr ip = i == 0 ? ips[i] : ips[i] - 1;
    if (!VG_(get_fnname)(ep, ip, &fn) || !fn) continue;
    if (VG_(strcmp)(fn, "free") == 0 || VG_(strcmp)(fn, "__libc_free") == 0 || VG_(strcmp)(fn, "cfree") == 0 ||
        VG_(strcmp)(fn, "_int_free") == 0 || VG_(strcmp)(fn, "realloc") == 0 || VG_(strcmp)(fn, "__libc_realloc") == 0)
      return True;
  }
  return False;
}

/* Loads inside free() are the allocator's, not the program reading received
 * data: glibc's free reads a small block's tcache key field (bytes 8-15) to
 * catch double frees, which made those bytes count as read, so received data
 * freed unread there went unreported. Whether a load instruction runs inside
 * free is decided by one stack walk per instruction address and kept (a
 * direct-mapped cache; a collision only walks again), and only for loads
 * that meet unread received bytes (the shadow asks through reads_count). */
#define FREE_IPS 1024
static struct {
  Addr ip;
  Bool inside;
} free_ips[FREE_IPS];
static Bool load_inside_free(ThreadId tid, Addr ip) {
  UWord h = (ip >> 1) % FREE_IPS;
  if (free_ips[h].ip != ip || ip == 0) {
    free_ips[h].ip = ip;
    free_ips[h].inside = inside_free(tid);
  }
  return free_ips[h].inside;
}
static int load_reads_count(void* ctx) {
  (void)ctx;
  ThreadId tid = VG_(get_running_tid)();
  return tid == VG_INVALID_THREADID || !load_inside_free(tid, access_ip);
}

/* --assay-stats: accesses the inline test let through to check(), batch
 * checks run, and client requests of the protocol. */
static ULong n_helper = 0, n_batches = 0, n_requests = 0;

/* The slow path: the access may touch a protected range. */
static void check(Addr a, SizeT size, Bool is_write, Addr ip) {
  ++n_helper;
  if (!ag_shadow_maybe(&sh, a, size)) return;
  ThreadId tid = VG_(get_running_tid)();
  Bool checked = tid != VG_INVALID_THREADID && seen_mpi[tid] && in_mpi[tid] == 0;
  if (checked && is_write && ag_shadow_hits_fresh(&sh, a, size) && inside_free(tid)) {
    free_ip = ip;
    ag_shadow_die(&sh, a, size); /* freed: a received range dies unread */
    free_ip = 0;
    return;
  }
  access_ip = ip;
  ag_shadow_access(&sh, a, size, is_write, checked);
  access_ip = 0;
}

static VG_REGPARM(3) void ag_load(Addr a, SizeT size, Addr ip) { check(a, size, False, ip); }
static VG_REGPARM(3) void ag_store(Addr a, SizeT size, Addr ip) { check(a, size, True, ip); }

static void ag_die_mem(Addr a, SizeT len) {
  if (ag_shadow_maybe(&sh, a, len)) ag_shadow_die(&sh, a, len);
}

/* ---- client requests ----------------------------------------------------------------------- */
static Bool ag_handle_client_request(ThreadId tid, UWord* args, UWord* ret) {
  if (!VG_IS_TOOL_USERREQ('A', 'G', args[0])) return False;
  ++n_requests;
  *ret = 0;
  switch (args[0]) {
    case AG_REQ_PROTECT: {
      const struct ag_site_guest* info = (const struct ag_site_guest*)args[4];
      const HChar* cls = info ? info->error_class : NULL;
      const HChar* op = info ? info->op : NULL;
      Addr pc = info ? info->pc : 0;
      /* The strings are the shim's literals (alive for the process). */
      *ret = ag_shadow_protect(&sh, args[1], args[2], (int)args[3], cls, op, pc) == 0 ? 1 : 0;
      return True;
    }
    case AG_REQ_PROTECT_BLOCKS: {
      /* args[1]: args[2] struct ag_block { void* addr; unsigned long len; } in
       * the guest, the layout of ag_span; the tool reads guest memory directly. */
      const struct ag_site_guest* info = (const struct ag_site_guest*)args[4];
      *ret = ag_shadow_protect_many(&sh, (const ag_span*)args[1], args[2], (int)args[3], info ? info->error_class : NULL,
                                    info ? info->op : NULL, info ? info->pc : 0) == 0
                 ? 1
                 : 0;
      return True;
    }
    case AG_REQ_UNPROTECT_BLOCKS:
      *ret = (UWord)ag_shadow_unprotect_many(&sh, (const ag_span*)args[1], args[2]);
      return True;
    case AG_REQ_UNPROTECT:
      *ret = (UWord)ag_shadow_unprotect(&sh, args[1], args[2]);
      return True;
    case AG_REQ_USE:
      ag_shadow_use(&sh, args[1], args[2]);
      return True;
    case AG_REQ_USE_BLOCKS: {
      const ag_span* spans = (const ag_span*)args[1];
      for (UWord k = 0; k < args[2]; ++k) ag_shadow_use(&sh, spans[k].addr, spans[k].len);
      return True;
    }
    case AG_REQ_ENTER_MPI:
      seen_mpi[tid] = True;
      ++in_mpi[tid];
      return True;
    case AG_REQ_LEAVE_MPI:
      if (in_mpi[tid] > 0) --in_mpi[tid];
      return True;
    case AG_REQ_FINALIZE:
      ag_shadow_close_received(&sh);
      return True;
    default:
      return False;
  }
}

/* ---- instrumentation ---------------------------------------------------------------------------- */
/* A new temp of type ty holding e (the instrumentation stays flat IR). */
static IRExpr* assign(IRSB* sb, IRType ty, IRExpr* e) {
  IRTemp t = newIRTemp(sb->tyenv, ty);
  addStmtToIRSB(sb, IRStmt_WrTmp(t, e));
  return IRExpr_RdTmp(t);
}

/* The chunk filter's test (shadow.h): `chunks[(addr >> 9) & mask] != 0`, one
 * load from the table at `base` (a temp holding sh.chunks, or null: the
 * constant). */
static IRExpr* chunk_test(IRSB* sb, IRExpr* addr, IRExpr* base) {
  IRExpr* chunk = assign(sb, Ity_I64, IRExpr_Binop(Iop_Shr64, addr, IRExpr_Const(IRConst_U8(AG_CHUNK_SHIFT))));
  IRExpr* index = assign(sb, Ity_I64, IRExpr_Binop(Iop_And64, chunk, mkIRExpr_HWord((1ul << AG_CHUNK_BITS) - 1)));
  IRExpr* offset = assign(sb, Ity_I64, IRExpr_Binop(Iop_Shl64, index, IRExpr_Const(IRConst_U8(2))));
  IRExpr* at = assign(sb, Ity_I64, IRExpr_Binop(Iop_Add64, base ? base : mkIRExpr_HWord((HWord)sh.chunks), offset));
  IRExpr* count = assign(sb, Ity_I32, IRExpr_Load(Iend_LE, Ity_I32, at));
  return assign(sb, Ity_I1, IRExpr_Binop(Iop_CmpNE32, count, IRExpr_Const(IRConst_U32(0))));
}

/* The inline test before an access: whether it may touch a protected range.
 * Up to AG_MAX_ACCESS bytes, the chunk filter; wider, the bounding box:
 * `addr < hi_max && addr + size > lo_min`. */
static IRExpr* may_touch(IRSB* sb, IRExpr* addr, Int size) {
  if (size <= AG_MAX_ACCESS) return chunk_test(sb, addr, NULL);
  IRExpr* hi = assign(sb, Ity_I64, IRExpr_Load(Iend_LE, Ity_I64, mkIRExpr_HWord((HWord)&sh.hi_max)));
  IRExpr* lo = assign(sb, Ity_I64, IRExpr_Load(Iend_LE, Ity_I64, mkIRExpr_HWord((HWord)&sh.lo_min)));
  IRExpr* end = assign(sb, Ity_I64, IRExpr_Binop(Iop_Add64, addr, mkIRExpr_HWord((HWord)size)));
  IRExpr* below = assign(sb, Ity_I1, IRExpr_Binop(Iop_CmpLT64U, addr, hi));
  IRExpr* above = assign(sb, Ity_I1, IRExpr_Binop(Iop_CmpLT64U, lo, end));
  return assign(sb, Ity_I1, IRExpr_Binop(Iop_And1, below, above));
}

/* Adds, before the access, `if (may_touch(addr, size)) helper(addr, size, ip)`:
 * for the accesses that cannot wait for a batch (below). */
static void add_check(IRSB* sb, IRExpr* addr, Int size, Bool is_write, Addr ip, IRExpr* guard) {
  IRExpr* g = may_touch(sb, addr, size);
  if (guard) g = assign(sb, Ity_I1, IRExpr_Binop(Iop_And1, g, guard));
  IRDirty* di = is_write ? unsafeIRDirty_0_N(3, "ag_store", VG_(fnptr_to_fnentry)(&ag_store),
                                             mkIRExprVec_3(addr, mkIRExpr_HWord((HWord)size), mkIRExpr_HWord((HWord)ip)))
                         : unsafeIRDirty_0_N(3, "ag_load", VG_(fnptr_to_fnentry)(&ag_load),
                                             mkIRExprVec_3(addr, mkIRExpr_HWord((HWord)size), mkIRExpr_HWord((HWord)ip)));
  di->guard = g;
  addStmtToIRSB(sb, IRStmt_Dirty(di));
}

/* A superblock's accesses are checked in batches. Each access stores its
 * address into `batch_addr` and ORs its inline test into the batch's guard;
 * one helper call, guarded by that OR, checks the batch in program order,
 * with the (ip, size, kind) of each access from a descriptor made at
 * instrumentation. A call site makes VEX save the registers live across it,
 * which cost more than the test itself when every access had one.
 * The batch is checked before anything that changes what a check sees or
 * reports: a side exit or the block's end, a write of the stack pointer (the
 * core's die_mem_stack follows it, and the stack walk of a finding must be
 * the access's), a stack hint, a dirty helper (its own access is checked at
 * once), a guarded access, and a full batch. Valgrind runs one thread at a
 * time and switches only between blocks, so one batch serves all threads. */
#define BATCH 32
static Addr batch_addr[BATCH];

/* A batch's descriptor: per access, ip << 16 | size << 1 | is_write.
 * Identical batches share one (a block translated again after a discard
 * makes the same), so their memory is bounded by the program's code. */
typedef struct Desc {
  struct Desc* next;
  UWord n;
  ULong meta[];
} Desc;
#define DESC_BUCKETS 16384
static Desc* descs[DESC_BUCKETS];

static const ULong* intern_desc(const ULong* meta, UWord n) {
  ULong h = n;
  for (UWord k = 0; k < n; ++k) h = (h ^ meta[k]) * 1099511628211ULL;
  h ^= h >> 33; /* the low bits of meta are sizes: bring the ips' bits down */
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  Desc** head = &descs[h % DESC_BUCKETS];
  for (Desc* d = *head; d; d = d->next)
    if (d->n == n && VG_(memcmp)(d->meta, meta, n * sizeof *meta) == 0) return d->meta;
  Desc* d = VG_(malloc)("ag.batch", sizeof *d + n * sizeof *meta);
  d->next = *head;
  d->n = n;
  VG_(memcpy)(d->meta, meta, n * sizeof *meta);
  *head = d;
  return d->meta;
}

static VG_REGPARM(2) void ag_check_batch(const ULong* meta, UWord n) {
  ++n_batches;
  for (UWord k = 0; k < n; ++k) {
    const SizeT size = (meta[k] >> 1) & 0x7fff;
    if (ag_shadow_chunk_maybe(&sh, batch_addr[k], size))
      check(batch_addr[k], size, meta[k] & 1, (Addr)(meta[k] >> 16));
  }
}

typedef struct {
  IRSB* sb;
  UWord n;            /* accesses in the open batch */
  IRExpr* any;        /* the OR of their inline tests */
  ULong meta[BATCH];  /* their descriptor */
  IRExpr* addr_base;  /* temps holding &batch_addr and sh.chunks, set at */
  IRExpr* chunk_base; /* their first use in the block */
} Batcher;

static void flush_batch(Batcher* b) {
  if (b->n == 0) return;
  IRDirty* di = unsafeIRDirty_0_N(2, "ag_check_batch", VG_(fnptr_to_fnentry)(&ag_check_batch),
                                  mkIRExprVec_2(mkIRExpr_HWord((HWord)intern_desc(b->meta, b->n)),
                                                mkIRExpr_HWord((HWord)b->n)));
  di->guard = b->any;
  addStmtToIRSB(b->sb, IRStmt_Dirty(di));
  b->n = 0;
  b->any = NULL;
}

static void defer_check(Batcher* b, IRExpr* addr, Int size, Bool is_write, Addr ip) {
  if (size > AG_MAX_ACCESS || (ULong)ip >> 48) { /* the bounding box test, or no room in meta: at once */
    flush_batch(b);
    add_check(b->sb, addr, size, is_write, ip, NULL);
    return;
  }
  if (b->n == BATCH) flush_batch(b);
  IRSB* sb = b->sb;
  if (!b->addr_base) {
    b->addr_base = assign(sb, Ity_I64, mkIRExpr_HWord((HWord)batch_addr));
    b->chunk_base = assign(sb, Ity_I64, mkIRExpr_HWord((HWord)sh.chunks));
  }
  IRExpr* g = chunk_test(sb, addr, b->chunk_base);
  b->any = b->any ? assign(sb, Ity_I1, IRExpr_Binop(Iop_Or1, b->any, g)) : g;
  IRExpr* slot = assign(sb, Ity_I64, IRExpr_Binop(Iop_Add64, b->addr_base, mkIRExpr_HWord(b->n * sizeof(Addr))));
  addStmtToIRSB(sb, IRStmt_Store(Iend_LE, slot, addr));
  b->meta[b->n++] = (ULong)ip << 16 | (ULong)size << 1 | (is_write ? 1 : 0);
}

static Int loadg_size(IRLoadGOp cvt) {
  switch (cvt) {
    case ILGop_IdentV128: return 16;
    case ILGop_Ident64: return 8;
    case ILGop_Ident32: return 4;
    case ILGop_16Uto32:
    case ILGop_16Sto32: return 2;
    case ILGop_8Uto32:
    case ILGop_8Sto32: return 1;
    default: return 0;
  }
}

static IRSB* ag_instrument(VgCallbackClosure* closure, IRSB* in, const VexGuestLayout* layout,
                           const VexGuestExtents* vge, const VexArchInfo* archinfo, IRType gWordTy, IRType hWordTy) {
  (void)closure;
  (void)vge;
  (void)archinfo;
  if (gWordTy != Ity_I64 || hWordTy != Ity_I64) VG_(tool_panic)("assaygrind: host/guest word size mismatch");
  Batcher b = {.sb = deepCopyIRSBExceptStmts(in)};
  IRSB* sb = b.sb;
  Addr ip = 0;
  for (Int i = 0; i < in->stmts_used; ++i) {
    IRStmt* st = in->stmts[i];
    if (!st) continue;
    switch (st->tag) {
      case Ist_IMark:
        ip = (Addr)st->Ist.IMark.addr;
        break;
      case Ist_WrTmp: {
        IRExpr* e = st->Ist.WrTmp.data;
        if (e->tag == Iex_Load) defer_check(&b, e->Iex.Load.addr, sizeofIRType(e->Iex.Load.ty), False, ip);
        break;
      }
      case Ist_Store:
        defer_check(&b, st->Ist.Store.addr, sizeofIRType(typeOfIRExpr(in->tyenv, st->Ist.Store.data)), True, ip);
        break;
      case Ist_StoreG: {
        IRStoreG* sg = st->Ist.StoreG.details;
        flush_batch(&b);
        add_check(sb, sg->addr, sizeofIRType(typeOfIRExpr(in->tyenv, sg->data)), True, ip, sg->guard);
        break;
      }
      case Ist_LoadG: {
        IRLoadG* lg = st->Ist.LoadG.details;
        Int n = loadg_size(lg->cvt);
        flush_batch(&b);
        if (n) add_check(sb, lg->addr, n, False, ip, lg->guard);
        break;
      }
      case Ist_CAS: {
        IRCAS* cas = st->Ist.CAS.details;
        Int n = sizeofIRType(typeOfIRExpr(in->tyenv, cas->dataLo)) * (cas->dataHi ? 2 : 1);
        defer_check(&b, cas->addr, n, False, ip);
        defer_check(&b, cas->addr, n, True, ip);
        break;
      }
      case Ist_LLSC: {
        if (st->Ist.LLSC.storedata == NULL)
          defer_check(&b, st->Ist.LLSC.addr, sizeofIRType(typeOfIRTemp(in->tyenv, st->Ist.LLSC.result)), False, ip);
        else
          defer_check(&b, st->Ist.LLSC.addr, sizeofIRType(typeOfIRExpr(in->tyenv, st->Ist.LLSC.storedata)), True, ip);
        break;
      }
      case Ist_Dirty: {
        IRDirty* d = st->Ist.Dirty.details;
        flush_batch(&b);
        if (d->mFx != Ifx_None && d->mAddr && d->mSize > 0) {
          if (d->mFx == Ifx_Read || d->mFx == Ifx_Modify) add_check(sb, d->mAddr, d->mSize, False, ip, NULL);
          if (d->mFx == Ifx_Write || d->mFx == Ifx_Modify) add_check(sb, d->mAddr, d->mSize, True, ip, NULL);
        }
        break;
      }
      case Ist_Put: {
        const Int at = st->Ist.Put.offset, size = sizeofIRType(typeOfIRExpr(in->tyenv, st->Ist.Put.data));
        if (at < layout->offset_SP + layout->sizeof_SP && at + size > layout->offset_SP) flush_batch(&b);
        break;
      }
      case Ist_Exit:
      case Ist_AbiHint:
        flush_batch(&b);
        break;
      default:
        break;
    }
    addStmtToIRSB(sb, st);
  }
  flush_batch(&b);
  return sb;
}

/* ---- life cycle ---------------------------------------------------------------------------------------- */
static void ag_post_clo_init(void) {
  in_mpi = VG_(malloc)("ag.threads", VG_N_THREADS * sizeof *in_mpi);
  seen_mpi = VG_(malloc)("ag.threads", VG_N_THREADS * sizeof *seen_mpi);
  for (UInt i = 0; i < VG_N_THREADS; ++i) {
    in_mpi[i] = 0;
    seen_mpi[i] = False;
  }
  if (ag_shadow_init(&sh, ag_alloc, ag_dealloc, report, NULL) != 0) VG_(tool_panic)("assaygrind: no memory for the chunk filter");
  sh.reads_count = load_reads_count;
}

static void ag_fini(Int exitcode) {
  (void)exitcode;
  if (clo_stats)
    VG_(umsg)("assaygrind stats: %llu batch checks, %llu accesses near a range (%lu ranges examined), %llu client requests\n",
              n_batches, n_helper, sh.examined, n_requests);
  ag_shadow_close_received(&sh); /* a program that never reached MPI_Finalize */
  open_out();                    /* an empty file says the tool ran */
  if (out_fd >= 0) VG_(close)(out_fd);
}

static void ag_pre_clo_init(void) {
  VG_(details_name)("assaygrind");
  VG_(details_version)(NULL);
  VG_(details_description)("MPI buffer permissions (the MPI-Assay protect protocol)");
  VG_(details_copyright_author)("MPI-Assay");
  VG_(details_bug_reports_to)("the MPI-Assay issue tracker");
  VG_(details_avg_translation_sizeB)(400);
  VG_(basic_tool_funcs)(ag_post_clo_init, ag_instrument, ag_fini);
  VG_(needs_command_line_options)(ag_process_cmd_line_option, ag_print_usage, ag_print_debug_usage);
  VG_(needs_client_requests)(ag_handle_client_request);
  VG_(track_die_mem_stack)(ag_die_mem);
  VG_(track_die_mem_munmap)(ag_die_mem);
}

VG_DETERMINE_INTERFACE_VERSION(ag_pre_clo_init)
