#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Install what maint needs to build and test on Debian: a C compiler and
# make, PCRE2, zlib, Perl (the reference scripts and prove) and git; the
# clients the tests drive for real: git send-email, b4, man; clang and
# its libFuzzer runtime for the fuzz harnesses (make fuzz, t0810); what
# the Debian package is built and checked with (dpkg-buildpackage,
# debhelper, lintian: t0053), the pre-commit framework (t0054) and zsh
# (its completion, t0057); tzdata, the time zones t4250 and t4251 read
# dates in.
set -eu
sudo=
[ "$(id -u)" = 0 ] || sudo=sudo
pkgs="build-essential libpcre2-dev zlib1g-dev perl git wget python3 python3-docutils"
pkgs="$pkgs tzdata"
pkgs="$pkgs git-email b4 man-db"
pkgs="$pkgs dpkg-dev debhelper fakeroot lintian pre-commit zsh"
command -v npm >/dev/null || pkgs="$pkgs nodejs npm"
pkgs="$pkgs clang libclang-rt-dev"
missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
if [ -n "$missing" ]; then
	export DEBIAN_FRONTEND=noninteractive
	$sudo apt-get update -qq
	$sudo apt-get install -y -qq $missing
fi
# npm's codeowners-utils: the CODEOWNERS matcher maint export is checked
# with (t7100), in the cache, not in the repository
nodedir=${MAINT_NODE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/maint-node}
[ -d "$nodedir/node_modules/codeowners-utils" ] ||
	npm install --prefix "$nodedir" --no-audit --no-fund --silent \
		codeowners-utils@1.0.2
