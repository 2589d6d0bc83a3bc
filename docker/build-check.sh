#!/usr/bin/env bash
# make docker-build-check: build docker/Dockerfile for real with buildah and
# run the image, without a registry. What this proves and what it does not:
# docker/README.md ("Built for real").
#
#   1. a stand-in for the Dockerfile's base image (golang:<ver>-bookworm):
#      Debian bookworm from debootstrap plus the packages the official image
#      adds (gcc, git, make, ...) and the Go toolchain the module proxy
#      serves (golang.org/toolchain@v0.0.1-go<ver>.linux-amd64) in
#      /usr/local/go; committed under the base image's own name, so
#      `buildah bud --pull=never` uses it (the rootfs is kept in
#      $FEATLAB_BASE_DIR for the next run);
#   2. buildah bud --isolation chroot of docker/Dockerfile, with the UID/GID
#      of the calling user (a non-root 1000:1000 when the caller is root);
#   3. the image's CMD, started with buildah run on the host network (port
#      8892), notebooks/ and plots/ of a scratch checkout mounted as the
#      README says; a notebook is opened and executed through the served
#      Jupyter (docker/exec_via_server.py: sessions + kernel websocket +
#      contents API), and saved back by the server;
#   4. every file the container wrote into the mounts belongs to that user.
# Needs root (buildah with chroot isolation), debootstrap and buildah
# (apt-get install buildah debootstrap; done here if missing).
# DOCKER_BUILD_CHECK_REUSE=1 reuses an already built image (steps 3-4 only). Takes about
# 10-15 minutes the first time (debootstrap, make setup in the image).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
dockerfile=docker/Dockerfile
port=${DOCKER_BUILD_CHECK_PORT:-8892}
nb=${DOCKER_BUILD_CHECK_NB:-00-tour.ipynb}
basedir=${FEATLAB_BASE_DIR:-/var/tmp/featlab-base-rootfs}
export STORAGE_DRIVER=${STORAGE_DRIVER:-vfs}
t0=$(date +%s)

step() { printf '\n==> docker-build-check: %s (%ss)\n' "$1" $(( $(date +%s) - t0 )); }
fail() { printf 'docker-build-check FAILED: %s\n' "$1" >&2; exit 1; }

[ "$(id -u)" = 0 ] || fail "run as root (buildah bud --isolation chroot needs it here)"
if ! command -v buildah >/dev/null || ! command -v debootstrap >/dev/null; then
  step "installing buildah and debootstrap from Debian"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq buildah debootstrap >/dev/null
fi

base=$(sed -n 's/^FROM \([^ ]*\).*/\1/p' "$dockerfile" | head -1)
gover=$(printf '%s' "$base" | sed -n 's/^golang:\([0-9.]*\)-bookworm$/\1/p')
[ -n "$gover" ] || fail "$dockerfile starts FROM $base, not golang:<version>-bookworm"
uid=$(id -u) gid=$(id -g)
if [ "$uid" = 0 ]; then uid=1000 gid=1000; fi
work=$(mktemp -d /var/tmp/featlab-build-check.XXXXXX)
server="" ctr=""
cleanup() {
  if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then kill -- "-$server" 2>/dev/null || true; fi
  [ -z "$ctr" ] || buildah rm "$ctr" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

# DOCKER_BUILD_CHECK_REUSE=1: keep an image localhost/featlab-check built by
# an earlier run (built with the same UID/GID) and test steps 3-4 only.
if [ "${DOCKER_BUILD_CHECK_REUSE:-}" = 1 ] && buildah inspect --type image localhost/featlab-check >/dev/null 2>&1; then
  step "reusing localhost/featlab-check (DOCKER_BUILD_CHECK_REUSE=1): steps 1-2 skipped"
else
step "stand-in base image $base: debootstrap bookworm + Go $gover from the module proxy"
if [ ! -x "$basedir/usr/local/go/bin/go" ]; then
  rm -rf "$basedir.tmp"
  debootstrap --variant=minbase \
    --include=ca-certificates,curl,git,gcc,g++,libc6-dev,make,pkg-config,netbase,procps,openssh-client \
    bookworm "$basedir.tmp" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 \
    || { tail -20 "$work/debootstrap.log"; fail "debootstrap"; }
  printf 'deb http://deb.debian.org/debian bookworm main\ndeb http://deb.debian.org/debian bookworm-updates main\ndeb http://deb.debian.org/debian-security bookworm-security main\n' \
    >"$basedir.tmp/etc/apt/sources.list"
  rm -rf "$basedir.tmp/var/lib/apt/lists/"* "$basedir.tmp/var/cache/apt/archives/"*.deb
  gdir=$(cd /tmp && GOFLAGS=-modcacherw GOTOOLCHAIN=local go mod download -json "golang.org/toolchain@v0.0.1-go$gover.linux-amd64" \
    | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
  [ -f "$gdir/bin/go" ] || fail "no Go $gover toolchain from the module proxy"
  mkdir -p "$basedir.tmp/usr/local/go"
  cp -a "$gdir/." "$basedir.tmp/usr/local/go/"
  # The module zip keeps no file modes: make the tools executable, as the
  # go command does when it switches toolchains.
  chmod -R u+w,a+rX "$basedir.tmp/usr/local/go"
  chmod a+x "$basedir.tmp/usr/local/go/bin/"* "$basedir.tmp/usr/local/go/pkg/tool/"*/*
  mv "$basedir.tmp" "$basedir"
else
  printf '    reusing %s\n' "$basedir"
fi
"$basedir/usr/local/go/bin/go" version
b=$(buildah from scratch)
mnt=$(buildah mount "$b")
cp -a "$basedir/." "$mnt/"
# This machine's CA bundle: where the network intercepts TLS (as on the
# machine this check was written on), the image's own bundle cannot verify
# the module proxy. A real base image on an open network does not need it.
if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
  cp /etc/ssl/certs/ca-certificates.crt "$mnt/etc/ssl/certs/ca-certificates.crt"
fi
# As the official image: GOPATH=/go, writable by any user (mode 1777).
mkdir -p "$mnt/go/src" "$mnt/go/bin" && chmod -R 1777 "$mnt/go"
buildah umount "$b" >/dev/null
buildah config --env PATH=/go/bin:/usr/local/go/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  --env GOLANG_VERSION="$gover" --env GOPATH=/go --env GOTOOLCHAIN=local --workingdir /go --cmd bash "$b"
buildah commit --rm -q "$b" "docker.io/library/$base" >/dev/null
printf '    committed as docker.io/library/%s\n' "$base"

step "buildah bud --isolation chroot -f $dockerfile (UID=$uid GID=$gid)"
s=$(date +%s)
buildah bud --isolation chroot --pull-never --network host -f "$dockerfile" -t localhost/featlab-check \
  --build-arg UID="$uid" --build-arg GID="$gid" . >"$work/bud.log" 2>&1 \
  || { tail -40 "$work/bud.log"; fail "buildah bud"; }
grep -E '^(==>|STEP)' "$work/bud.log" | sed 's/^/    /' | head -40
printf '    image built in %ss\n' $(( $(date +%s) - s ))
fi

step "the image's CMD with buildah run (host network, port $port), notebooks/ and plots/ mounted"
cmd=$(buildah inspect --type image --format '{{.OCIv1.Config.Cmd}}' localhost/featlab-check | tr -d '[]')
[ -n "$cmd" ] || fail "the image has no CMD"
co="$work/checkout"
mkdir -p "$co"
cp -a notebooks "$co/"; mkdir -p "$co/plots"
chown -R "$uid:$gid" "$co"
ctr=$(buildah from --pull-never localhost/featlab-check)
log="$work/serve.log"
# IP and PORT on the make command line override the CMD's (later wins).
# shellcheck disable=SC2086
setsid buildah run --isolation chroot --network host \
  -v "$co/notebooks:/featlab/notebooks" -v "$co/plots:/featlab/plots" \
  "$ctr" $cmd IP=127.0.0.1 PORT="$port" >"$log" 2>&1 &
server=$!
url=""
for _ in $(seq 1 90); do
  url=$(sed -n 's/^ *open *\(http[^ ]*\)$/\1/p' "$log" | head -1)
  if [ -n "$url" ] && curl -sf -o /dev/null "$url"; then break; fi
  sleep 1
done
[ -n "$url" ] && curl -sf -o /dev/null "$url" || { cat "$log"; fail "the container's Jupyter does not answer"; }
printf '    %s answers\n' "$url"
rm -rf "$co/plots/"*
s=$(date +%s)
/usr/bin/python3 docker/exec_via_server.py "$url" "$nb" 600 || { tail -30 "$log"; fail "executing $nb through the container's Jupyter"; }
printf '    %s executed in the container in %ss\n' "$nb" $(( $(date +%s) - s ))
kill -- "-$server" 2>/dev/null || true
wait "$server" 2>/dev/null || true
server=""

step "ownership of what the container wrote into the mounts"
nfig=$(find "$co/plots" -type f | wc -l)
[ "$nfig" -gt 0 ] || fail "the notebook wrote no figure into the mounted plots/"
[ "$(stat -c %u "$co/notebooks/$nb")" = "$uid" ] || fail "the saved notebook is not owned by uid $uid"
others=$(find "$co" ! -user "$uid" | head -5)
[ -z "$others" ] || fail "files owned by another user than $uid: $others"
printf '    %s figures and the saved %s belong to uid %s\n' "$nfig" "$nb" "$uid"

printf '\ndocker-build-check: passed in %ss (image localhost/featlab-check; see docker/README.md)\n' $(( $(date +%s) - t0 ))
