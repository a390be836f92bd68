#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint activity against the obvious script (what the "MAINTAINERS truth
# and fiction" counts were made with): for every M:/R: person
#	git log -1 --since=S --format=%ct --author=ADDRESS
# and for every section
#	git log --since=S --format=%ct -- ITS F: PATTERNS
# on the 100k-commit history fixture (6.12's tree, made by
# t/make-history.pl; ~/.cache/maint/linux-source-6.12.history-100000-*),
# as of the day after HEAD, window and threshold as maint's defaults.
#
#	bench/activity.sh [-n SAMPLE]
#
# The script's commands are timed on SAMPLE people and SAMPLE sections
# (20 each, spread over the file) and scaled to all of them; maint is
# timed whole, cold (no cache under .git/maint) and warm.  The fixture
# itself is not touched: a shared clone in a temporary directory is.
# (The obvious script also misses what maint counts: committers,
# trailers, .mailmap, X:, N:.)
. "$(dirname "$0")/lib.sh"
n=20
while getopts n: o; do
	case $o in
	n) n=$OPTARG ;;
	*) exit 2 ;;
	esac
done
fixture=$(ls -d "$(dirname "$KERNEL")"/linux-source-6.12.history-100000-* 2>/dev/null |
	grep -v '\.lock$' | head -1)
[ -d "$fixture/.git" ] || { echo "no 100k history fixture in $(dirname "$KERNEL")" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q --shared --no-checkout "$fixture" "$work/h"
cd "$work/h"
git show HEAD:MAINTAINERS >MAINTAINERS
git show HEAD:.mailmap >.mailmap 2>/dev/null || :
head=$(git log -1 --format=%ct)
asof=$(date -u -d "@$((head + 86400))" +%F)
since=$(date -u -d "$asof - 2 years" +%F)
commits=$(git rev-list --count HEAD)

ms() { echo $(($(date +%s%N) / 1000000)); }

rm -rf .git/maint
t0=$(ms)
"$MAINT" activity --as-of="$asof" >"$work/report"
t1=$(ms)
"$MAINT" activity --as-of="$asof" >"$work/report2"
t2=$(ms)
cold=$((t1 - t0)) warm=$((t2 - t1))
cmp -s "$work/report" "$work/report2" || { echo "warm report differs" >&2; exit 1; }
sections=$(grep -c '^[^#	].* ([^ ]*:[0-9]*)' "$work/report")

# the people, and the sections' F: patterns (one line of pathspecs each)
grep -E '^[MR]:' MAINTAINERS | sed -n 's/.*<\([^>]*\)>.*/\1/p' | sort -u >"$work/people"
awk '/^[A-Z]:/ { if ($1 == "F:") f = f " :(glob)" $2 (substr($2, length($2)) == "/" ? "**" : ""); next }
     { if (f != "") print f; f = "" } END { if (f != "") print f }' MAINTAINERS >"$work/patterns"
np=$(wc -l <"$work/people") ns=$(wc -l <"$work/patterns")
sample() { awk -v n="$n" -v t="$2" 'NR % int(t / n > 1 ? t / n : 1) == 0 && c++ < n' "$1"; }
sample "$work/people" "$np" >"$work/people.s"
sample "$work/patterns" "$ns" >"$work/patterns.s"
t0=$(ms)
while read -r a; do
	git log -1 --since="$since" --format=%ct --author="$a" >/dev/null
done <"$work/people.s"
t1=$(ms)
while read -r p; do
	# shellcheck disable=SC2086
	git log --since="$since" --format=%ct -- $p | wc -l >/dev/null
done <"$work/patterns.s"
t2=$(ms)
sp=$(wc -l <"$work/people.s") ss=$(wc -l <"$work/patterns.s")
per_person=$(((t1 - t0) / sp)) per_section=$(((t2 - t1) / ss))
script=$((per_person * np + per_section * ns))
echo "history: $commits commits; as of $asof; $np people, $ns sections with F: ($sections in the report)"
echo "script: $per_person ms a person, $per_section ms a section (sample of $sp and $ss): $((script / 1000)) s for all"
echo "maint activity: cold $cold ms, warm $warm ms"
echo "ratio: $(ratio "$script" "$cold")x cold, $(ratio "$script" "$warm")x warm"
