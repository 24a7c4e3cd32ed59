#!/usr/bin/env bash
# Renames the npm scope of every workspace package from @gatehouse to @gatehouse-js (issue 19: the
# @gatehouse scope on the npm registry belongs to another publisher). Rewrites every tracked text
# file (package names, imports, docs, tsconfig/vitest/tsup config, --filter scripts, pnpm-lock.yaml).
#
# Idempotent: "@gatehouse/" no longer occurs after a run, and "@gatehouse-js/" is never matched, so
# running it again (e.g. after merging a branch that still uses the old scope) only touches the new
# occurrences. Usage, from anywhere inside the repository:
#
#   scripts/rename-scope.sh           # rewrite, then check the lockfile with pnpm --frozen-lockfile
#   scripts/rename-scope.sh --no-install   # rewrite only
set -euo pipefail

root="$(git rev-parse --show-toplevel)"
cd "$root"

self="scripts/rename-scope.sh"
# Files that mention the old scope (plain `@gatehouse/x` or regex-escaped `@gatehouse\/x`).
mapfile -t files < <(git grep -lI -e '@gatehouse/' -e '@gatehouse\\/' -- . ":(exclude)$self" || true)

if [ "${#files[@]}" -eq 0 ]; then
  echo "rename-scope: nothing to rename"
else
  for f in "${files[@]}"; do
    sed -i -e 's#@gatehouse/#@gatehouse-js/#g' -e 's#@gatehouse\\/#@gatehouse-js\\/#g' "$f"
  done
  echo "rename-scope: rewrote ${#files[@]} file(s)"
fi

if [ "${1:-}" != "--no-install" ]; then
  # The lockfile only names workspace importers by scope, so the textual rewrite keeps it valid;
  # a frozen install proves it.
  npx -y pnpm@10.34.9 install --frozen-lockfile --prefer-offline
fi
