#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint merge against git merge-file on merges built from the real
# changes between the 6.1 and 6.12 MAINTAINERS (bench/merge-corpus.pl).
# Targets: at least 95% of git's conflicted merges resolved, every clean
# result equal to the expected file, under 50 ms a merge.
. "$(dirname "$0")/lib.sh"

count=${1:-300}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
old=$("$SRC_DIR/scripts/get-maintainers-file.sh" 6.1)
"$MAINT" format --order --input "$old" --output "$work/base"
"$MAINT" format --order --input "$KERNEL/MAINTAINERS" --output "$work/target"
perl "$BENCH_DIR/merge-corpus.pl" "$work/base" "$work/target" "$work/m" \
	"$count" 1 | sed 's/^/  /'
for f in "$work"/m/*; do
	"$MAINT" format --order --in-place --input "$f"
done

git_conflicts=0 git_wrong=0 maint_conflicts=0 maint_wrong=0 resolved=0
maint_ns=0 git_ns=0
for ((i = 1; i <= count; i++)); do
	m=$work/m/$i
	cp "$m.ours" "$work/g"
	t0=$(date +%s%N)
	git merge-file -q "$work/g" "$work/base" "$m.theirs" && g=0 || g=1
	t1=$(date +%s%N)
	cp "$m.ours" "$work/r"
	t2=$(date +%s%N)
	"$MAINT" merge "$work/base" "$work/r" "$m.theirs" 2>/dev/null && r=0 || r=1
	t3=$(date +%s%N)
	git_ns=$((git_ns + t1 - t0))
	maint_ns=$((maint_ns + t3 - t2))
	if [ $g = 1 ]; then
		git_conflicts=$((git_conflicts + 1))
		[ $r = 0 ] && resolved=$((resolved + 1))
	elif ! cmp -s "$work/g" "$m.expected"; then
		git_wrong=$((git_wrong + 1))
	fi
	if [ $r = 1 ]; then
		maint_conflicts=$((maint_conflicts + 1))
	elif ! cmp -s "$work/r" "$m.expected"; then
		maint_wrong=$((maint_wrong + 1))
	fi
done

echo "merges: $count (6.1 -> 6.12 changes dealt to two branches)"
printf '  %-16s %4d conflicted, %4d clean but not the expected file, %6.1f ms a merge\n' \
	"git merge-file" "$git_conflicts" "$git_wrong" \
	"$(awk -v n="$git_ns" -v c="$count" 'BEGIN { print n / c / 1e6 }')"
printf '  %-16s %4d conflicted, %4d clean but not the expected file, %6.1f ms a merge\n' \
	"maint merge" "$maint_conflicts" "$maint_wrong" \
	"$(awk -v n="$maint_ns" -v c="$count" 'BEGIN { print n / c / 1e6 }')"
echo "  of git's $git_conflicts conflicted merges, maint resolved $resolved" \
	"($(awk -v r="$resolved" -v g="$git_conflicts" 'BEGIN { printf "%.1f", g ? 100 * r / g : 100 }')%; target 95%)"
echo "  maint clean results equal to the expected file:" \
	"$((count - maint_conflicts - maint_wrong)) of $((count - maint_conflicts)) (target: all)"
