#!/usr/bin/env bash
# npm install, tried again when the registry drops or stalls a connection part-way.
# npm retries a request that fails before its answer starts, but not an answer whose
# body stops arriving (EIDLETIMEOUT while reading a packument): the whole install fails.
# A second run starts from the packuments and tarballs the first one cached.
set -uo pipefail
cd "$(dirname "$0")/.."
attempts=3
for attempt in $(seq 1 "$attempts"); do
  npm install "$@" && exit 0
  status=$?
  if [ "$attempt" -lt "$attempts" ]; then
    pause=$((attempt * 10))
    echo "npm install failed (exit $status, attempt $attempt of $attempts); trying again in $pause s" >&2
    sleep "$pause"
  fi
done
exit "$status"
