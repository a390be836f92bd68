#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run maint merge and git merge-file on every merge of a corpus made by
# bench/merge-corpus.pl build:
#
#   merge-run.sh MAINT CORPUS BASE COUNT
#
# A flat corpus: N.ours, N.theirs -> N.result (maint), N.git (git), each
# written only when that merge was clean.  A split corpus (CORPUS/base/
# exists): N/ours/F, N/theirs/F against CORPUS/base/F, file by file, ->
# N/result/F and N/git/F.  Prints the time both took in all, in
# microseconds: "maint US git US files N".
set -u
maint=$1 dir=$2 base=$3 count=$4
maint_us=0 git_us=0 files=0 empty=$dir/.empty
: >"$empty"

now() { local t=${EPOCHREALTIME/./}; echo "$t"; }

# one file: merge_one BASE OURS THEIRS RESULT GIT
merge_one() {
	local t0 t1 t2
	cp "$2" "$4.tmp" && cp "$2" "$5.tmp" || exit 2
	t0=${EPOCHREALTIME/./}
	"$maint" merge "$1" "$4.tmp" "$3" 2>/dev/null
	local rc=$?
	t1=${EPOCHREALTIME/./}
	git merge-file -q "$5.tmp" "$1" "$3"
	local grc=$?
	t2=${EPOCHREALTIME/./}
	maint_us=$((maint_us + t1 - t0))
	git_us=$((git_us + t2 - t1))
	files=$((files + 1))
	[ $rc -gt 1 ] && { echo "maint merge failed ($rc) on $2" >&2; exit 2; }
	if [ $rc = 0 ]; then mv "$4.tmp" "$4"; else rm -f "$4.tmp" "$4"; fi
	if [ $grc = 0 ]; then mv "$5.tmp" "$5"; else rm -f "$5.tmp" "$5"; fi
}

for ((i = 1; i <= count; i++)); do
	if [ -d "$dir/base" ]; then
		[ -d "$dir/$i/expected" ] || continue
		mkdir -p "$dir/$i/result" "$dir/$i/git"
		for f in "$dir/$i/expected"/*; do
			f=${f##*/}
			b=$dir/base/$f
			[ -e "$b" ] || b=$empty
			merge_one "$b" "$dir/$i/ours/$f" "$dir/$i/theirs/$f" \
				"$dir/$i/result/$f" "$dir/$i/git/$f"
		done
	else
		merge_one "$base" "$dir/$i.ours" "$dir/$i.theirs" \
			"$dir/$i.result" "$dir/$i.git"
	fi
done
echo "maint $maint_us git $git_us files $files"
