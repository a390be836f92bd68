#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# version.sh: the version maint reports (maint --version), printed on
# one line, never empty.
#  - in a git checkout of maint: git describe (a tag v1.2.3 gives 1.2.3,
#    commits after it 1.2.3-4-gHASH); without a tag, the version of
#    debian/changelog and the commit, 0.1.0+gHASH; -dirty for local
#    changes;
#  - elsewhere (a package build from a source package, a tarball): the
#    version at the top of debian/changelog.
# MAINT_VERSION in the environment overrides both.
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)

if [ -n "${MAINT_VERSION:-}" ]; then
	echo "$MAINT_VERSION"
	exit 0
fi

# the first line of debian/changelog: maint (0.1.0) unstable; ...
base=$(sed -n '1s/^[a-z0-9.+-]* (\([^)]*\)).*/\1/p' \
	"$src/debian/changelog" 2>/dev/null || :)

# a git checkout of this source tree, not a directory inside another
# repository (a package built in a subdirectory of some other checkout)
top=$(git -C "$src" rev-parse --show-toplevel 2>/dev/null || :)
if [ -n "$top" ] && [ "$(cd "$top" && pwd -P)" = "$(cd "$src" && pwd -P)" ]; then
	v=$(git -C "$src" describe --tags --match 'v[0-9]*' --dirty \
		2>/dev/null || :)
	if [ -n "$v" ]; then
		echo "${v#v}"
		exit 0
	fi
	h=$(git -C "$src" describe --always --dirty --abbrev=12 2>/dev/null ||
		:)
	if [ -n "$h" ]; then
		echo "${base:-0}+g$h"
		exit 0
	fi
fi
if [ -n "$base" ]; then
	echo "$base"
	exit 0
fi
echo "version.sh: no git checkout and no debian/changelog in $src" >&2
exit 1
