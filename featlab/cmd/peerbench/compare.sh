#!/bin/sh
# compare.sh OLD [peerbench flags...]: featlab's times at commit OLD against
# this checkout's, in one run (make bench-compare OLD=<commit> RUN=<regexp>).
#
# A temporary `git worktree` of OLD gets this checkout's peerbench driver
# (main.go, floor.go, cputime.go, compare.go: the cases_*.go files stay
# OLD's, so OLD's library is timed on OLD's cases); both binaries are
# built, and the new one runs `-compare OLD-binary`: the common cases,
# featlab only, single-threaded, old and new interleaved in separate
# processes; wall and CPU time, new/old. The worktree is removed at the end.
set -eu
[ $# -ge 1 ] || { echo "usage: $0 OLD [peerbench flags, e.g. -run REGEXP -rounds 3 -repeats 5]" >&2; exit 2; }
old=$1; shift
top=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/peerbench-compare.XXXXXX")
cleanup() { git -C "$top" worktree remove --force "$tmp/old" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT INT TERM
git -C "$top" worktree add --quiet --detach "$tmp/old" "$old"
here=$top/featlab/cmd/peerbench
there=$tmp/old/featlab/cmd/peerbench
[ -d "$there" ] || { echo "compare.sh: $old has no featlab/cmd/peerbench" >&2; exit 1; }
for f in main.go floor.go cputime.go compare.go; do cp "$here/$f" "$there/$f"; done
echo "==> building peerbench at $old ($(git -C "$top" rev-parse --short "$old")) and at the working tree" >&2
(cd "$tmp/old" && go build -o "$tmp/peerbench-old" ./featlab/cmd/peerbench)
(cd "$top" && go build -o "$tmp/peerbench-new" ./featlab/cmd/peerbench)
cd "$top"
"$tmp/peerbench-new" -compare "$tmp/peerbench-old" "$@"
