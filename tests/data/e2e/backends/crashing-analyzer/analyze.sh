#!/bin/sh
# As analyze scripts do when the compiler they run crashes: the compiler's last
# words on stderr, then the shell exits with 128 + SIGSEGV, having written no plist.
set -eu
echo "PLEASE submit a bug report (the analyzer crashed)" >&2
sh -c 'kill -SEGV $$'
