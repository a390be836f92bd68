#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# build-deb.sh OUTDIR [DPKG-BUILDPACKAGE-OPTIONS...]: build maint's Debian
# package (dpkg-buildpackage -us -uc -b) from a copy of this work tree
# (tracked and untracked files, less what .gitignore ignores) in a
# temporary directory, so that neither the checkout nor its parent
# directory gets build products; the .deb, .changes and .buildinfo go
# to OUTDIR.  DEB_BUILD_OPTIONS=nocheck skips the test suite at build
# time.  Needs the Build-Depends (dpkg-checkbuilddeps says which are
# missing; scripts/install-deps.sh installs them).
set -eu
[ $# -ge 1 ] || {
	echo "usage: scripts/build-deb.sh OUTDIR [dpkg-buildpackage options]" >&2
	exit 2
}
out=$1
shift
src=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/maint-deb.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/maint"
if git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
	(cd "$src" && git ls-files -z --cached --others --exclude-standard |
		xargs -0 tar cf - --no-recursion) | tar xf - -C "$tmp/maint"
else
	(cd "$src" && tar cf - --exclude='./t/trash.*' .) |
		tar xf - -C "$tmp/maint"
fi
(cd "$tmp/maint" && dpkg-buildpackage -us -uc -b "$@")
for f in "$tmp"/*.deb "$tmp"/*.changes "$tmp"/*.buildinfo; do
	[ -e "$f" ] && cp "$f" "$out/"
done
ls "$out"/maint_*.deb
