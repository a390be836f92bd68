#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bench/merge-real.sh MIRROR [PATH]: maint merge and git merge-file on
# every real merge commit of a repository whose two parents both changed
# PATH (default MAINTAINERS) since their merge base, against what the
# person merging committed.  MIRROR is a git directory (a clone's .git or
# a bare mirror: the search tool's fetch of github:u-boot/u-boot).
# Prints, per kind: git clean and right, git clean but not what was
# committed, git conflicted; for maint: same bytes as git where git is
# clean (must be all), conflicts resolved to the committed result,
# conflicts left, and wrong clean results (must be 0); then the time a
# merge takes for both.  With --slices DIR, writes the interesting
# merges as t/fixtures/merge-real style slices into DIR.
set -eu
BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
SRC_DIR=$(dirname "$BENCH_DIR")
MAINT=$SRC_DIR/maint
slices=
if [ "${1:-}" = --slices ]; then
	slices=$2
	shift 2
fi
repo=$1
path=${2:-MAINTAINERS}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g() { git --git-dir="$repo" "$@"; }

n=0
g log --merges --format='%H %P' -- "$path" >"$work/merges"
while read -r m p1 p2 rest; do
	[ -z "$rest" ] || continue
	b=$(g merge-base "$p1" "$p2" 2>/dev/null | head -1) || continue
	[ -n "$b" ] || continue
	hb=$(g rev-parse -q --verify "$b:$path") || continue
	h1=$(g rev-parse -q --verify "$p1:$path") || continue
	h2=$(g rev-parse -q --verify "$p2:$path") || continue
	hm=$(g rev-parse -q --verify "$m:$path") || continue
	[ "$hb" != "$h1" ] && [ "$hb" != "$h2" ] && [ "$h1" != "$h2" ] ||
		continue
	n=$((n + 1))
	d=$work/$n
	mkdir "$d"
	g cat-file blob "$hb" >"$d/base"
	g cat-file blob "$h1" >"$d/ours"
	g cat-file blob "$h2" >"$d/theirs"
	g cat-file blob "$hm" >"$d/merged"
	echo "$m $p1 $p2 $b $path" >"$d/prov"
done <"$work/merges"

t_git=0 t_maint=0
declare -A k
for ((i = 1; i <= n; i++)); do
	d=$work/$i
	t0=$(date +%s%N)
	git merge-file -p "$d/ours" "$d/base" "$d/theirs" >"$d/git" 2>/dev/null &&
		gr=0 || gr=$?
	t1=$(date +%s%N)
	cp "$d/ours" "$d/maint"
	"$MAINT" merge "$d/base" "$d/maint" "$d/theirs" >/dev/null 2>&1 &&
		mr=0 || mr=$?
	t2=$(date +%s%N)
	t_git=$((t_git + t1 - t0))
	t_maint=$((t_maint + t2 - t1))
	if [ "$gr" = 0 ]; then
		cmp -s "$d/git" "$d/merged" && kind=git_right || kind=git_other
		if [ "$mr" = 0 ] && cmp -s "$d/maint" "$d/git"; then
			mk=same_as_git
		else
			mk=WORSE_THAN_GIT
		fi
	else
		kind=git_conflict
		if [ "$mr" != 0 ]; then
			mk=conflict_left
		elif cmp -s "$d/maint" "$d/merged"; then
			mk=resolved_right
		else
			mk=WRONG_CLEAN
		fi
	fi
	k[$kind]=$((${k[$kind]:-0} + 1))
	k[$mk]=$((${k[$mk]:-0} + 1))
	[ "$mk" = same_as_git ] && [ "$kind" = git_right ] && continue
	echo "  merge $(cut -c1-12 "$d/prov"): git $kind, maint $mk"
	if [ -n "$slices" ]; then
		s=$slices/$(basename "$repo" .git)-$(cut -c1-12 "$d/prov")
		perl "$SRC_DIR/t/make-merge-slices.pl" "$d/base" "$d/ours" \
			"$d/theirs" "$d/merged" "$s" 10
		echo "$(cat "$d/prov")" >"$s/prov"
	fi
done
echo "$n merges of $path where both sides changed it"
for key in git_right git_other git_conflict same_as_git WORSE_THAN_GIT \
	   resolved_right conflict_left WRONG_CLEAN; do
	printf '  %-16s %d\n' "$key" "${k[$key]:-0}"
done
awk -v g="$t_git" -v m="$t_maint" -v n="$n" 'BEGIN { if (n)
	printf "  %.1f ms a merge (maint), %.1f ms (git merge-file), %.2fx\n",
		m / n / 1e6, g / n / 1e6, m / g }'
[ "${k[WORSE_THAN_GIT]:-0}" = 0 ] && [ "${k[WRONG_CLEAN]:-0}" = 0 ]
