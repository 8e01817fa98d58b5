#!/usr/bin/env bash
# Runs a test command with its full output in a log file and shows the log's tail with long lines cut:
# an uncaught error inside Emscripten's minified glue would otherwise print the whole file.
# Usage: run-logged.sh LOGFILE COMMAND [ARGS...]
set -uo pipefail
log=$1; shift
mkdir -p "$(dirname "$log")"
"$@" >"$log" 2>&1
status=$?
tail -n 200 "$log" | cut -c1-400
echo "(full output: $log, exit status $status)"
exit $status
