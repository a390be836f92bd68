#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint get against scripts/get_maintainer.pl in a git tree with history:
# the kernel tree with 100,000 commits made by t/make-history.pl (built once
# and cached next to the tree; minutes).  Measured in the same run, with
# an absolute --git-since covering the whole history:
#   -f FILE with --git, and with the default --git-fallback: the first call
#     (no cache) and warm calls;
#   a patch of five files (fallback and Fixes:), first and warm;
#   get --all --git over every file of the tree in one run (the last
#     quarter of the history), against the script's per-file time times
#     the file count;
#   a six-file patch without history (--nogit-fallback --nofixes).
# Targets: 10x for history calls, 50x for the patch without history.
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
	t0=$(date +%s%N)
	"$@" >/dev/null 2>&1 || true
	t1=$(date +%s%N)
	echo $(((t1 - t0) / 1000))
}
cold() {
	rm -rf .git/maint
	once_us "$@"
}

row() {
	printf '  %-34s script %9s us, maint %9s us: %sx\n' "$1" "$2" "$3" \
		"$(ratio "$2" "$3")"
}

echo "history of $(git rev-list --count HEAD) commits; $S"
echo "-f FILE --git ($F, $(git log --oneline --follow -- "$F" | wc -l) commits):"
pf=$(time_per_run 1 perl $P --git $S -f "$F")
row "first call (no cache)" "$pf" "$(cold "$MAINT" get --git $S -f "$F")"
row "warm" "$pf" "$(time_per_run 5 "$MAINT" get --git $S -f "$F")"
echo "-f FILE, default --git-fallback ($FB):"
pb=$(time_per_run 1 perl $P $S -f "$FB")
row "first call (no cache)" "$pb" "$(cold "$MAINT" get $S -f "$FB")"
row "warm" "$pb" "$(time_per_run 5 "$MAINT" get $S -f "$FB")"
echo "a patch of five files (fallback, Fixes:):"
pp=$(time_per_run 1 perl $P $S "$work/p5.diff")
row "first call (no cache)" "$pp" "$(cold "$MAINT" get $S "$work/p5.diff")"
row "warm" "$pp" "$(time_per_run 5 "$MAINT" get $S "$work/p5.diff")"
echo "a six-file patch without history (--nogit-fallback --nofixes):"
p6=$(time_per_run 3 perl $P --nogit-fallback --nofixes "$work/p6.diff")
row "patch" "$p6" "$(time_per_run 20 "$MAINT" get --nogit-fallback --nofixes "$work/p6.diff")"
n=$(git ls-files | wc -l)
pa=$(time_per_run 1 perl $P --git $SA -f "$F")
rm -rf .git/maint
/usr/bin/time -f "%e %M" -o "$work/all.time" "$MAINT" get --all --git $SA >/dev/null 2>&1 || true
all=$(awk '{printf "%d", $1 * 1000000}' "$work/all.time")
rss=$(awk '{print $2}' "$work/all.time")
echo "get --all --git $SA over $n files, one run: $all us (peak $rss KiB);"
echo "  the script, -f FILE --git a file ($pa us) times $n files: $((pa * n)) us: $(ratio "$((pa * n))" "$all")x"
