// DESCRIPTION: daemon-ok, but rank 0 then sleeps two minutes, so that the test can SIGKILL the runner meanwhile.
// EXPECT: ok
// TAGS: e2e-procs
// ARGS: hold
// NOTE: tests/e2e/escape.sh
#include "daemon-ok.c"
