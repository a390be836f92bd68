#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# record.sh OUTDIR: record what maint prints on the kernel trees, so that
# a refactor can be shown to keep every byte (issue 11).  Run it with the
# binary before a change and after, then compare the two directories:
#
#   bench/record.sh /tmp/before            # with the old ./maint
#   ... change, make ...
#   bench/record.sh /tmp/after && bench/record.sh --compare /tmp/before /tmp/after
#
# Recorded on the 6.12 and 6.1 trees (~/.cache/maint/linux-source-*):
# format (--order, plain, --check), get --all over every file, a sample
# of get calls with options and with real patches (t/make-patches.sh,
# cached in OUTDIR/../record-patches), check (findings, --json,
# --coverage, --self-test, a patch), split of every strategy and join of
# each result, and the merge corpus.  Every command's stdout, stderr and
# exit status are kept, one file each.  MAINT sets the binary.
set -u
if [ "${1:-}" = --compare ]; then
	if diff -r "$2" "$3" >"${TMPDIR:-/tmp}/record-diff.$$"; then
		echo "identical: $(find "$2" -type f | wc -l) recordings"
		rm -f "${TMPDIR:-/tmp}/record-diff.$$"
		exit 0
	fi
	head -40 "${TMPDIR:-/tmp}/record-diff.$$"
	echo "DIFFERENT (full diff: ${TMPDIR:-/tmp}/record-diff.$$)"
	exit 1
fi
out=$(mkdir -p "$1" && cd "$1" && pwd)
SRC_DIR=$(cd "$(dirname "$0")/.." && pwd)
MAINT=${MAINT:-$SRC_DIR/maint}
CACHE=${MAINT_CACHE:-$HOME/.cache/maint}
NEW=$CACHE/linux-source-6.12
OLD=$CACHE/linux-source-6.1
patches=$(dirname "$out")/record-patches
for t in "$NEW" "$OLD"; do
	if [ ! -f "$t/.maint-extracted" ]; then
		echo "no kernel tree at $t (scripts/get-kernel.sh)" >&2
		exit 1
	fi
done
if [ ! -f "$patches/.done" ]; then
	rm -rf "$patches"
	"$SRC_DIR/t/make-patches.sh" "$OLD" "$NEW" "$patches" >/dev/null 2>&1 &&
		touch "$patches/.done" || { echo "make-patches failed" >&2; exit 1; }
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# rec NAME CMD...: stdout to NAME.out, stderr to NAME.err, status to NAME.rc
rec() {
	local name=$1
	shift
	"$@" >"$dir/$name.out" 2>"$dir/$name.err" </dev/null
	echo $? >"$dir/$name.rc"
	sed -i "s|$MAINT|maint|g" "$dir/$name.err"
}
# rec_in NAME INPUT CMD...: the same with INPUT on stdin
rec_in() {
	local name=$1 in=$2
	shift 2
	"$@" >"$dir/$name.out" 2>"$dir/$name.err" <"$in"
	echo $? >"$dir/$name.rc"
	sed -i "s|$MAINT|maint|g" "$dir/$name.err"
}
# tree_sum NAME DIR: every file below DIR with its checksum
tree_sum() {
	(cd "$2" && find . -type f -print0 | sort -z | xargs -0r md5sum) >"$dir/$1.tree"
}

record_tree() {
	local k=$1 src=$2
	dir=$out/$k
	mkdir -p "$dir"
	cd "$src" || exit 1
	# format
	rec format-order "$MAINT" format --order --input=MAINTAINERS --output=-
	rec format-plain "$MAINT" format --input=MAINTAINERS --output=-
	rec format-check "$MAINT" format --check --input=MAINTAINERS
	# get --all over every file of the tree (and the unowned ones)
	find . -type f ! -name .maint-extracted | sed 's|^\./||' | LC_ALL=C sort >"$tmp/files"
	rec_in get-all "$tmp/files" "$MAINT" get --all -
	rec_in get-all-unowned "$tmp/files" "$MAINT" get --all --unowned -
	# a sample of get calls with options
	shuf -n 40 --random-source=<(yes maint) "$tmp/files" >"$tmp/sample"
	local i=0 opt f
	for opt in "" "--nogit --nogit-fallback" "--nor" "--nom" "--nol" \
		   "--non" "--s" "--roles --norolestats" "--norolestats" \
		   "--separator |" "--nomultiline" "--scm" "--status" \
		   "--subsystem" "--web" "--bug" "--sections" "--letters=MFLS" \
		   "--keywords-in-file" "--pattern-depth=1" \
		   "--pattern-depth=2" "--noremove-duplicates" "--nomailmap" \
		   "--file-emails" "--git-chief-penguins" "--nomoderated" \
		   "--noemail --scm --web" "--nokeywords --nofixes" "--bogus"; do
		i=$((i + 1))
		# shellcheck disable=SC2086
		rec_in "get-opt$i" "$tmp/sample" xargs -d '\n' -n1 "$MAINT" get $opt -f
		echo "$opt" >"$dir/get-opt$i.args"
	done
	rec get-several "$MAINT" get -f fs/ext2/inode.c mm/damon/core.c \
		fs/ext2/inode.c drivers/net/ethernet/intel/e1000 drivers/net/ \
		./fs//ext2/./inode.c MAINTAINERS nonexistent.c Documentation/
	rec get-mpath-missing "$MAINT" get --mpath /nonexistent -f README
	rec get-find "$MAINT" get --find-maintainer-files -f fs/ext2/inode.c
	# patches
	for f in "$patches"/*; do
		rec "get-patch-$(basename "$f")" "$MAINT" get "$f"
		rec "get-patch-roles-$(basename "$f")" "$MAINT" get --roles \
			--sections --scm --status "$f"
	done
	# check
	rec check "$MAINT" check
	rec check-json "$MAINT" check --json
	rec check-coverage "$MAINT" check --coverage
	rec check-self-test "$MAINT" check --self-test
	for w in sections patterns links scm; do
		rec "check-self-test-$w" "$MAINT" check --self-test="$w"
	done
	rec check-list "$MAINT" check --list
	for f in "$patches"/fp-*; do
		rec "check-patch-$(basename "$f")" "$MAINT" check "$f"
	done
	# patches that change MAINTAINERS (6.1 -> 6.12): applied to the
	# pre-image (6.1) or found already in (6.12)
	for u in 3 1 0; do
		diff -U$u --label a/MAINTAINERS --label b/MAINTAINERS \
			"$OLD/MAINTAINERS" "$NEW/MAINTAINERS" >"$tmp/m$u.diff"
		rec "check-mpatch-U$u" "$MAINT" check "$tmp/m$u.diff"
		rec "check-mpatch-U$u-json" "$MAINT" check --json --fail-on=never "$tmp/m$u.diff"
	done
	{ echo "diff --git a/MAINTAINERS b/MAINTAINERS"; echo "index 1111111..2222222 100644"
	  cat "$tmp/m3.diff"; } >"$tmp/mgit.diff"
	rec check-mpatch-git "$MAINT" check "$tmp/mgit.diff"
	rec_in check-mpatch-stdin "$tmp/mgit.diff" "$MAINT" check -
	# split (every strategy) and join of each result
	printf "%s\n" "net.txt ^NETWORKING" "drm.txt ^DRM " "usb.txt ^USB " >"$tmp/rules"
	local s
	for s in "--by=dir" "--by=list" "--by=tree" "--rules=$tmp/rules" \
		 "--by=dir --min=2" "--by=list --min=20"; do
		local n=split${s//[^a-z0-9]/_}
		n=${n%%_tmp_*}
		rm -rf "$tmp/split"
		rec "$n" "$MAINT" split $s --input=MAINTAINERS --outdir="$tmp/split"
		sed -i "s|$tmp|TMP|g" "$dir/$n.out" "$dir/$n.err"
		tree_sum "$n" "$tmp/split"
		rec "$n-join" "$MAINT" join "$tmp/split"
		sed -i "s|$tmp|TMP|g" "$dir/$n-join.out" "$dir/$n-join.err"
	done
	rm -rf "$tmp/split"
}

record_tree 6.12 "$NEW"
record_tree 6.1 "$OLD"

# the merge corpus (t/t3100-merge-corpus.sh, 20 merges)
dir=$out/merge
mkdir -p "$dir"
cd "$tmp" || exit 1
"$MAINT" format --order --input "$OLD/MAINTAINERS" --output base
"$MAINT" format --order --input "$NEW/MAINTAINERS" --output target
perl "$SRC_DIR/bench/merge-corpus.pl" build base target m 20 7 >/dev/null
for i in $(seq 20); do
	cp "m/$i.ours" r
	rec "merge$i" "$MAINT" merge base r "m/$i.theirs"
	cp r "$dir/merge$i.result"
done
echo "recorded $(find "$out" -type f | wc -l) files in $out"
