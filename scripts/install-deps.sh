#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Install what maint needs to build and test on Debian: a C compiler and
# make, PCRE2, Perl (the reference scripts and prove) and git; clang and
# its libFuzzer runtime for the fuzz harnesses (make fuzz, t0810).
set -eu
sudo=
[ "$(id -u)" = 0 ] || sudo=sudo
pkgs="build-essential libpcre2-dev perl git wget"
pkgs="$pkgs clang libclang-rt-dev"
missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq $missing
