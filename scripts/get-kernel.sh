#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Make Debian's linux-source-VERSION tree available outside the repository
# and print its path.  Installs the package with apt when the tarball is
# missing, extracts it once into the cache (a stamp file marks a complete
# extraction), and reuses it afterwards.
#
#   MAINT_KERNEL_VERSION  kernel series (default 6.12)
#   MAINT_CACHE           cache directory (default ~/.cache/maint)
#
# With --install-only, only make sure the tarball is installed.
set -eu

ver=${MAINT_KERNEL_VERSION:-6.12}
cache=${MAINT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/maint}
tree=$cache/linux-source-$ver
tarball=/usr/src/linux-source-$ver.tar.xz

if [ "${1:-}" != --install-only ] && [ -f "$tree/.maint-extracted" ]; then
	echo "$tree"
	exit 0
fi

if [ ! -f "$tarball" ]; then
	sudo=
	[ "$(id -u)" = 0 ] || sudo=sudo
	echo "get-kernel: installing linux-source-$ver" >&2
	$sudo apt-get update -qq >&2
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
		"linux-source-$ver" >&2
fi
[ "${1:-}" = --install-only ] && exit 0

mkdir -p "$cache"
tmp=$(mktemp -d "$cache/extract.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
echo "get-kernel: extracting $tarball into $cache" >&2
tar -xJf "$tarball" -C "$tmp"
rm -rf "$tree"
mv "$tmp/linux-source-$ver" "$tree"
touch "$tree/.maint-extracted"
echo "$tree"
