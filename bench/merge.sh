#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint merge against git merge-file on the 6.12 MAINTAINERS as the
# kernel has it (raw): merges built from the real changes between 6.12
# and 6.1 (bench/merge-corpus.pl; base 6.12, so every merge is of the
# 6.12 file's size), then the same on the 6.1 -> 6.12 changes.  Prints
# the time a merge takes (maint merge, git merge-file, the ratio, in the
# same run), how many of git's conflicts maint resolves and whether its
# clean results are right.  Targets: under 50 ms a merge, at least 95%
# of git's conflicted merges clean and right, no wrong clean result.
. "$(dirname "$0")/lib.sh"

count=${1:-100}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
old=$("$SRC_DIR/scripts/get-maintainers-file.sh" 6.1)
new=$KERNEL/MAINTAINERS

run() { # NAME BASE TARGET
	local name=$1 base=$2 target=$3 dir=$work/$1
	echo "$name ($(wc -l <"$base") lines), $count merges:"
	perl "$BENCH_DIR/merge-corpus.pl" build "$base" "$target" "$dir" \
		"$count" 1 | sed 's/^/  /'
	set -- $("$BENCH_DIR/merge-run" "$MAINT" "$dir" "$base" "$count")
	local maint_us=$2 git_us=$4 files=$6
	eval "$(perl "$BENCH_DIR/merge-corpus.pl" check "$base" "$dir" "$count" |
		awk '{ for (i = 1; i < NF; i += 2) print $i "=" $(i + 1) }')"
	awk -v m="$maint_us" -v g="$git_us" -v n="$files" 'BEGIN {
		printf "  %-16s %7.1f ms a merge\n", "maint merge", m / n / 1000
		printf "  %-16s %7.1f ms a merge\n", "git merge-file", g / n / 1000
		printf "  ratio maint/git %7.2f (target: under 50 ms a merge: %s)\n",
			m / g, m / n / 1000 < 50 ? "met" : "NOT MET"
	}'
	echo "  git merge-file conflicted on $git_conflicts, maint on" \
		"$maint_conflicts; clean but wrong: git $git_wrong, maint $maint_wrong"
	echo "  where git is clean ($git_clean merges) maint gives its bytes on" \
		"$same_as_git"
	echo "  of git's $git_conflicts conflicted merges maint resolved" \
		"$resolved ($(ratio $((resolved * 100)) "$git_conflicts")%; target 95%)"
}

run "6.12 raw, the changes to 6.1" "$new" "$old"
run "6.1 raw, the changes to 6.12" "$old" "$new"
