#!/usr/bin/env bash
# Not executable on purpose (mode 644): the runner must report it, not launch it.
exec "$@"
