#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint get against scripts/get_maintainer.pl in a git tree with history:
# the kernel tree with 100,000 commits made by t/make-history.pl (built once
# and cached next to the tree; minutes).  Measured in the same run, with
# an absolute --git-since covering the whole history:
#   -f FILE with --git, and with the default --git-fallback: the first call
#     (no cache), in two states of the same work copy: a commit-graph
#     without changed-path Bloom filters (what git gc writes by default),
#     then one with them (git commit-graph write --reachable
#     --changed-paths); the script measured in the same state;
#   warm calls (from maint's cache);
#   a patch of five files (fallback and Fixes:), first (both states) and
#     warm;
#   get --all --git over every file of the tree in one run (the last
#     quarter of the history), against the script's per-file time times
#     the file count (MAINT_BENCH_ALL=0 leaves it out);
#   a six-file patch without history (--nogit-fallback --nofixes).
# Targets: 10x for history calls, 50x for the patch without history.
# The commit-graphs are written into the bench's own clone (a new file
# there), never into the cached history.
. "$(dirname "$0")/lib.sh"
TEST_DIRECTORY=$SRC_DIR/t
export TEST_DIRECTORY KERNEL
. "$TEST_DIRECTORY/lib-history.sh"
N=${MAINT_BENCH_COMMITS:-100000}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
kernel_history "$N" "$work/k" >/dev/null
cd "$work/k"
P=scripts/get_maintainer.pl
# all of the history but the root commit (the tree's import)
S=--git-since=2022-01-03
# --all: the last quarter (its per-file --follow runs are the script's)
SA=--git-since=${MAINT_BENCH_ALL_SINCE:-2024-10-01}

# the five files with most history (at HEAD), and one the fallback reads
git log --format= --name-only --no-merges | sort | uniq -c | sort -rn |
	awk '{print $2}' | while read -r f; do [ -f "$f" ] && echo "$f"; done |
	head -40 >"$work/hot"
F=$(head -1 "$work/hot")
FB=
while read -r f; do
	if perl $P $S -f "$f" 2>/dev/null | grep -q commit_signer; then
		FB=$f
		break
	fi
done <"$work/hot"
FB=${FB:-$F}

mkpatch() {
	out=$1
	shift
	for f in "$@"; do
		mkdir -p "$work/b/$(dirname "$f")"
		{ cat "$f"; echo "/* a change */"; } >"$work/b/$f"
		diff -u --label "a/$f" --label "b/$f" "$f" "$work/b/$f" >>"$out" || true
	done
}
fix=$(git log --no-merges --format=%h -1 -- "$F")
{ echo "Subject: [PATCH] a fix"; echo; echo "Fixes: $fix (\"x\")"; echo; } >"$work/p5.diff"
mkpatch "$work/p5.diff" $(head -5 "$work/hot")
mkpatch "$work/p6.diff" drivers/net/ethernet/intel/e1000/e1000_main.c \
	fs/ext2/inode.c kernel/sched/core.c mm/damon/core.c \
	sound/pci/hda/hda_intel.c drivers/usb/serial/ftdi_sio.c

once_us() {
	local t0 t1
	t0=${EPOCHREALTIME//[.,]/}
	"$@" >/dev/null 2>&1 || true
	t1=${EPOCHREALTIME//[.,]/}
	echo $((t1 - t0))
}
# the first call: the median of 3 runs, each with the cache removed
cold() {
	local i res=()
	for i in 1 2 3; do
		rm -rf .git/maint
		res+=($(once_us "$@"))
	done
	printf '%s\n' "${res[@]}" | sort -n | sed -n 2p
}

row() {
	printf '  %-34s script %9s us, maint %9s us: %sx\n' "$1" "$2" "$3" \
		"$(ratio "$2" "$3")"
}

# commit_graph yes|no: this clone's commit-graph, with or without
# changed-path Bloom filters (the cache's hard link is unlinked first)
commit_graph() {
	rm -f .git/objects/info/commit-graph
	rm -rf .git/objects/info/commit-graphs
	if [ "$1" = yes ]; then
		git commit-graph write --reachable --changed-paths 2>/dev/null
	else
		git commit-graph write --reachable --no-changed-paths 2>/dev/null
	fi
}

# first_calls STATE: the first calls, script and maint in that state
first_calls() {
	echo "first call (no cache), $1:"
	pf=$(time_per_run 1 perl $P --git $S -f "$F")
	row "-f FILE --git" "$pf" "$(cold "$MAINT" get --git $S -f "$F")"
	pb=$(time_per_run 1 perl $P $S -f "$FB")
	row "-f FILE, fallback" "$pb" "$(cold "$MAINT" get $S -f "$FB")"
	pp=$(time_per_run 1 perl $P $S "$work/p5.diff")
	row "patch of five files" "$pp" "$(cold "$MAINT" get $S "$work/p5.diff")"
}

echo "history of $(git rev-list --count HEAD) commits; $S"
echo "-f FILE --git: $F ($(git log --oneline --follow -- "$F" | wc -l) commits)"
echo "-f FILE, default --git-fallback: $FB"
echo "a patch of five files (fallback, Fixes:): $(head -5 "$work/hot" | tr '\n' ' ')"
commit_graph no
first_calls "commit-graph without Bloom filters"
t0=$(date +%s%N)
commit_graph yes
echo "(git commit-graph write --reachable --changed-paths: $((($(date +%s%N) - t0) / 1000000)) ms)"
first_calls "commit-graph with changed-path Bloom filters"
echo "warm (from maint's cache):"
row "-f FILE --git" "$pf" "$(time_per_run 5 "$MAINT" get --git $S -f "$F")"
row "-f FILE, fallback" "$pb" "$(time_per_run 5 "$MAINT" get $S -f "$FB")"
row "patch of five files" "$pp" "$(time_per_run 5 "$MAINT" get $S "$work/p5.diff")"
echo "a six-file patch without history (--nogit-fallback --nofixes):"
p6=$(time_per_run 3 perl $P --nogit-fallback --nofixes "$work/p6.diff")
row "patch" "$p6" "$(time_per_run 20 "$MAINT" get --nogit-fallback --nofixes "$work/p6.diff")"
[ "${MAINT_BENCH_ALL:-1}" = 0 ] && exit 0
n=$(git ls-files | wc -l)
pa=$(time_per_run 1 perl $P --git $SA -f "$F")
rm -rf .git/maint
/usr/bin/time -f "%e %M" -o "$work/all.time" "$MAINT" get --all --git $SA >/dev/null 2>&1 || true
all=$(awk '{printf "%d", $1 * 1000000}' "$work/all.time")
rss=$(awk '{print $2}' "$work/all.time")
echo "get --all --git $SA over $n files, one run: $all us (peak $rss KiB);"
echo "  the script, -f FILE --git a file ($pa us) times $n files: $((pa * n)) us: $(ratio "$((pa * n))" "$all")x"
