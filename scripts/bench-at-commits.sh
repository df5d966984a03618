#!/usr/bin/env bash
# `bash scripts/bench-at-commits.sh ROUNDS SCRIPT COMMIT... [-- ARGS...]`: runs one benchmark
# script (e.g. scripts/bench-commerce-import.ts) at each COMMIT in turn, ROUNDS times over, so
# that the figures of two versions are taken at the same machine load (this machine's figures
# move by up to a third from one hour to the next: compare versions only run this way).
# Each commit is checked out once into a temporary git worktree that uses this checkout's
# node_modules; the worktrees are removed at the end. Prints each run's output under a line
# naming the commit and the round.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: bash scripts/bench-at-commits.sh ROUNDS SCRIPT COMMIT... [-- ARGS...]" >&2
  exit 2
fi
rounds=$1; script=$2; shift 2
commits=(); args=()
while [ $# -gt 0 ]; do
  if [ "$1" = "--" ]; then shift; args=("$@"); break; fi
  commits+=("$1"); shift
done
root=$(git rev-parse --show-toplevel)
work=$(mktemp -d "${TMPDIR:-/tmp}/bd-bench-at-XXXXXX")
cleanup() {
  for c in "${commits[@]}"; do git -C "$root" worktree remove --force "$work/$c" >/dev/null 2>&1 || true; done
  rm -rf "$work"
}
trap cleanup EXIT
for c in "${commits[@]}"; do
  git -C "$root" worktree add --detach "$work/$c" "$c" >/dev/null
  ln -s "$root/node_modules" "$work/$c/node_modules"
done
for round in $(seq 1 "$rounds"); do
  for c in "${commits[@]}"; do
    echo "=== $c, round $round of $rounds ($(date +%H:%M:%S), load average $(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo ?))"
    (cd "$work/$c" && npx tsx "$script" "${args[@]}")
  done
done
