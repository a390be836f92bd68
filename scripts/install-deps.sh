#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Install what maint needs to build and test on Debian: a C compiler and
# make, PCRE2, Perl (the reference scripts and prove) and git; the
# clients the tests drive for real: git send-email, b4, man.
set -eu
sudo=
[ "$(id -u)" = 0 ] || sudo=sudo
pkgs="build-essential libpcre2-dev perl git wget git-email b4 man-db"
missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq $missing
