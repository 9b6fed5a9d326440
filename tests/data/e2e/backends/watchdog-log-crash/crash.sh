#!/usr/bin/env bash
# Broken parse command: says something on stderr, then dies of a segmentation fault.
echo "parser: cannot make sense of $1" >&2
kill -SEGV $$
