/* Preloaded after vclock by tests/e2e/vclock-status.sh: takes the four x86
 * debug registers of the main thread before main runs and keeps them, as
 * another tool (a debugger, a second checker) would, so that vclock's
 * perf_event_open fails (ENOSPC) and it must fall back. */
#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static long spots[4] __attribute__((aligned(8)));

__attribute__((constructor)) static void hold_debug_registers(void)
{
    for (int i = 0; i < 4; i++) {
        struct perf_event_attr a;
        memset(&a, 0, sizeof a);
        a.size = sizeof a;
        a.type = PERF_TYPE_BREAKPOINT;
        a.bp_type = HW_BREAKPOINT_RW;
        a.bp_addr = (uintptr_t)&spots[i];
        a.bp_len = HW_BREAKPOINT_LEN_8;
        a.exclude_kernel = 1;
        a.exclude_hv = 1;
        syscall(SYS_perf_event_open, &a, 0, -1, -1, 0); /* kept open for the process's life */
    }
}
