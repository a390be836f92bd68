#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# t/fuzz/seed.sh DIR: make seed inputs for the harnesses from the kernel
# tree when it is cached (scripts/get-kernel.sh): MAINTAINERS cut into
# pieces of 40 sections (format, get), three-way merge inputs made of
# neighbouring pieces (merge), N:/K: patterns with paths (regex), small
# patches of the tree's own files (patch).  Without a kernel tree only
# the committed seeds in t/fuzz/corpus are used.
set -eu
out=${1:?dir}
ver=${MAINT_KERNEL_VERSION:-6.12}
tree=${MAINT_CACHE:-$HOME/.cache/maint}/linux-source-$ver
rm -rf "$out"
mkdir -p "$out"
[ -f "$tree/MAINTAINERS" ] || exit 0
mkdir -p "$out/format" "$out/merge" "$out/regex" "$out/get" "$out/patch"
# pieces of 40 sections (a section starts after a blank line)
awk -v dir="$out/format" '
	/^$/ { n++; if (n % 40 == 0) piece++ }
	{ print > (dir "/piece-" piece) }
' "$tree/MAINTAINERS"
cp "$out"/format/piece-* "$out/get/"
set -- "$out"/format/piece-*
i=0
while [ $# -ge 3 ] && [ $i -lt 40 ]; do
	{ cat "$1"; printf '\0'; cat "$2"; printf '\0'; cat "$3"; } \
		>"$out/merge/three-$i"
	shift 3
	i=$((i + 1))
done
# every N: and K: value with a few paths of the tree
grep -E '^[NK]:' "$tree/MAINTAINERS" | cut -c4- | head -300 |
	while IFS= read -r p; do
		i=$((i + 1))
		{ printf '%s\n' "$p"; (cd "$tree" && ls -d drivers/*/* | head -8); } \
			>"$out/regex/pat-$i"
	done
# small patches: one hunk of a real file, as git diff writes it
for f in $(cd "$tree" && ls kernel/*.c | head -20); do
	n=$(basename "$f" .c)
	{
		echo "diff --git a/$f b/$f"
		echo "--- a/$f"
		echo "+++ b/$f"
		echo "@@ -1,3 +1,4 @@"
		sed -n '1,3s/^/ /p' "$tree/$f"
		echo "+/* added */"
	} >"$out/patch/patch-$n"
done
