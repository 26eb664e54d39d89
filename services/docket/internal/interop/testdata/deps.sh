#!/usr/bin/env bash
# Installs the outside clients the interop test runs into the user's cache
# folder, each keyed by the hash of its pins, and prints where they are:
#   python=<a virtualenv's python with confluent-kafka and its Avro extras (PyPI)>
#   node_path=<node_modules with kafkajs and @kafkajs/confluent-schema-registry (npm)>
# Quick (no network) when the cache holds them. Needs python3 with venv, node
# and npm; `make interop-deps` and .ci/run call it, and so does the test.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${DOCKET_INTEROP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/docket/interop}
mkdir -p "$cache"
exec 9>"$cache/.lock"
flock 9 # one installer at a time

py_key=$({ cat "$here/python/requirements.txt"; python3 -c 'import sys; print(sys.version)'; } | sha256sum | cut -c1-16)
venv=$cache/py-$py_key
if [ ! -f "$venv/.complete" ]; then
  echo "deps: installing the Python client into $venv" >&2
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check --no-input -r "$here/python/requirements.txt" >&2
  touch "$venv/.complete"
fi

js_key=$({ cat "$here/js/package.json" "$here/js/package-lock.json"; node --version; } | sha256sum | cut -c1-16)
js=$cache/js-$js_key
if [ ! -f "$js/.complete" ]; then
  echo "deps: installing the JavaScript client into $js" >&2
  rm -rf "$js"
  mkdir -p "$js"
  cp "$here/js/package.json" "$here/js/package-lock.json" "$js/"
  (cd "$js" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error >&2)
  touch "$js/.complete"
fi

echo "python=$venv/bin/python"
echo "node_path=$js/node_modules"
