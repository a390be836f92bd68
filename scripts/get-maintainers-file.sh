#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Print the path of the MAINTAINERS file of Debian's linux-source-VERSION,
# installing the package and extracting that one file into the cache
# (outside the repository) the first time.
#
#   scripts/get-maintainers-file.sh 6.1
set -eu

ver=${1:?usage: get-maintainers-file.sh VERSION}
cache=${MAINT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/maint}
out=$cache/MAINTAINERS-$ver
tarball=/usr/src/linux-source-$ver.tar.xz

if [ -s "$out" ]; then
	echo "$out"
	exit 0
fi
if [ -f "$cache/linux-source-$ver/.maint-extracted" ]; then
	echo "$cache/linux-source-$ver/MAINTAINERS"
	exit 0
fi
MAINT_KERNEL_VERSION=$ver "$(dirname "$0")/get-kernel.sh" --install-only
mkdir -p "$cache"
tar -xJOf "$tarball" "linux-source-$ver/MAINTAINERS" >"$out.tmp.$$"
mv "$out.tmp.$$" "$out"
echo "$out"
