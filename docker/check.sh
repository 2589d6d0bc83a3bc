#!/usr/bin/env bash
# make docker-check: run the steps of docker/Dockerfile without a Docker
# engine, in a clean copy of the build context, and check what the image
# would contain. What this does and does not prove: docker/README.md.
#
#   1. the build context: the files `docker build .` would send (not
#      ignored by git, minus .dockerignore), checked to hold no bin/, site/
#      or .git;
#   2. the system steps (apt-get, useradd): checked, not run: make and the
#      Debian Jupyter packages must be installed here;
#   3. every `RUN make ...` line of the Dockerfile, run in the copy as this
#      (non-root or root) user with a fresh, empty HOME, so the kernel is
#      registered from scratch in that HOME (the shared one is not touched);
#      Go's build and module caches are this machine's (not cold);
#   4. the CMD, with IP=127.0.0.1 and a spare port: the server must answer
#      on the URL it prints and list the GoNB kernel; then it is stopped;
#   5. no file in the copy is owned by another user.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
port=${DOCKER_CHECK_PORT:-8891}
dockerfile=docker/Dockerfile

step() { printf '\n==> docker-check: %s\n' "$1"; }
fail() { printf 'docker-check FAILED: %s\n' "$1" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/featlab-docker-check.XXXXXX")
server=""
cleanup() {
  if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then kill -- "-$server" 2>/dev/null || kill "$server"; fi
  rm -rf "$work"
}
trap cleanup EXIT

step "build context (git-visible files minus .dockerignore) -> $work/featlab"
mkdir -p "$work/featlab" "$work/home"
git ls-files -z --cached --others --exclude-standard | /usr/bin/python3 -c '
import fnmatch, os, sys
rules = []
for line in open(".dockerignore"):
    line = line.strip()
    if not line or line.startswith("#"):
        continue
    neg = line.startswith("!")
    pat = line.lstrip("!").rstrip("/")
    rules.append((neg, pat))
def ignored(path):
    out = False
    parts = path.split("/")
    prefixes = ["/".join(parts[:i]) for i in range(1, len(parts) + 1)]
    for neg, pat in rules:
        pats = [pat, pat.replace("**/", "")] if "**/" in pat else [pat]
        if any(fnmatch.fnmatchcase(p, q) for p in prefixes for q in pats):
            out = not neg
    return out
for f in sys.stdin.read().split("\0"):
    if f and os.path.lexists(f) and not ignored(f):
        sys.stdout.write(f + "\0")
' | tar -c --null -T - -f - | tar -x -C "$work/featlab"
for p in bin site .git; do
  [ ! -e "$work/featlab/$p" ] || fail "the build context contains $p"
done
printf '    %s files; no bin/, site/ or .git\n' "$(find "$work/featlab" -type f | wc -l)"

step "system steps of the Dockerfile (checked, not run)"
command -v make >/dev/null || fail "make is missing"
for deb in jupyter-notebook jupyter-nbconvert python3-nbclient; do
  grep -q "$deb" "$dockerfile" || fail "$dockerfile does not install $deb"
  if command -v dpkg >/dev/null; then
    dpkg -s "$deb" >/dev/null 2>&1 || fail "Debian package $deb is not installed here"
  fi
done
printf '    make and %s present\n' "jupyter-notebook jupyter-nbconvert python3-nbclient"

# The Dockerfile's RUN make lines and its CMD, read from the file itself.
mapfile -t runs < <(sed -n 's/^RUN \(make .*\)$/\1/p' "$dockerfile")
cmd=$(sed -n 's/^CMD \[\(.*\)\]$/\1/p' "$dockerfile" | tr -d '",')
[ ${#runs[@]} -gt 0 ] || fail "no RUN make line in $dockerfile"
[ -n "$cmd" ] || fail "no CMD in $dockerfile"

unset JUPYTER_DATA_DIR JUPYTER_CONFIG_DIR JUPYTER_PATH
gocache=$(go env GOCACHE) gomodcache=$(go env GOMODCACHE)
export HOME="$work/home" GOCACHE="$gocache" GOMODCACHE="$gomodcache"
for r in "${runs[@]}"; do
  step "RUN $r   (HOME=$HOME, empty)"
  s=$(date +%s)
  (cd "$work/featlab" && $r) || fail "RUN $r"
  printf '    RUN %s: %ss\n' "$r" $(( $(date +%s) - s ))
done
[ -f "$HOME/.local/share/jupyter/kernels/gonb/kernel.json" ] || fail "no kernel spec in the fresh HOME"

step "CMD $cmd   (IP=127.0.0.1 PORT=$port, stopped after the check)"
log="$work/serve.log"
# shellcheck disable=SC2086
(cd "$work/featlab" && exec setsid $cmd IP=127.0.0.1 PORT="$port" >"$log" 2>&1) &
server=$!
url=""
for _ in $(seq 1 60); do
  url=$(sed -n 's/^ *open *\(http[^ ]*\)$/\1/p' "$log" | head -1)
  if [ -n "$url" ] && curl -sf -o /dev/null "$url"; then break; fi
  sleep 1
done
[ -n "$url" ] || { cat "$log"; fail "the server printed no URL"; }
curl -sf -o /dev/null "$url" || { cat "$log"; fail "nothing answers at $url"; }
base=${url%%/\?*} token=${url##*token=}
curl -sf "$base/api/kernelspecs?token=$token" | grep -q '"gonb"' || fail "the server does not list the GoNB kernel"
printf '    %s answers and lists the gonb kernel\n' "$url"
kill -- "-$server" 2>/dev/null || kill "$server"
wait "$server" 2>/dev/null || true
server=""

step "ownership"
others=$(find "$work/featlab" "$HOME" ! -user "$(id -u)" | head -5)
[ -z "$others" ] || fail "files owned by another user: $others"
printf '    every file in the copy and its HOME belongs to uid %s\n' "$(id -u)"

printf '\ndocker-check: the Dockerfile'"'"'s steps pass in a clean copy (no image was built; see docker/README.md)\n'
