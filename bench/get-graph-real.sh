#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint get with history against the 6.12 scripts/get_maintainer.pl on a
# real clone (U-Boot: its MAINTAINERS, .mailmap, .get_maintainer.conf),
# each call measured beside the script's in the same run:
#
#	bench/get-graph-real.sh [-n FILES] [REPO]
#
# REPO is a clone or a bare mirror (e.g. /work/.mirror/u-boot+u-boot/repo);
# it is cloned with --no-local (--shared where that fails) into a
# temporary directory; REPO is never written
# with the 6.12 script as scripts/get_maintainer.pl.  FILES files (3)
# touched in the six months before HEAD, chosen with a fixed seed; each
# call is "--notree --git-since=DATE --git -f FILE" (DATE: six months
# before HEAD), in these states:
#   1. no commit-graph: the first call (no .git/maint), the second;
#   2. a commit-graph without changed-path Bloom filters (what git gc
#      writes by default): the first call;
#   3. maint get --write-commit-graph (timed): the first call with the
#      filters, the second;
#   4. the history index (.git/maint/index): built with --history-index
#      (timed; a first call builds it in the background); a file whose
#      log no cache holds yet ("another file"), a second call;
#   5. ten new commits on top (touching the files), the graph not
#      refreshed: the next call (cold), the next call with the index of
#      before them (the call reads only those, one git log, itself),
#      then --write-commit-graph again (timed) and the call after it.
#   6. the same without the tree's .get_maintainer.conf (moved aside):
#      U-Boot's says --find-maintainer-files, a walk of the whole tree
#      by the script and by maint on every call, which bounds every
#      ratio above: no history, the index (another file, second, ten
#      new commits on the index of before them), first calls.
# "no history" (in 1. and 6.): --nogit --nogit-fallback, what a call
# costs without history, against the script.  The floors (in 3.): a
# process that does nothing (/bin/true), and git's log of each file's
# commits in the window (--numstat, the exact commits, as maint runs it
# after the filters), each against the script: the best ratio any tool
# that starts a process, and one that shells out to git, can reach.
# First calls: the median of 3, each with .git/maint removed and no
# index built in the background after it (MAINT_GET_INDEX_BACKGROUND=0:
# it would run beside the next call; --history-index times that build);
# the script: the median of 3 runs.  The answers are compared too (t/getcmp.sh
# orders ties as maint does).  Goals (#22): no call slower than the
# script's, >=10x first call with filters, >=3x without, >=100x later.
set -eu
n=3
while getopts n: o; do
	case $o in
	n) n=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
# without REPO (bench/run): $MAINT_BENCH_REPO, else skipped
if [ $# = 0 ] && [ -n "${MAINT_BENCH_REPO:-}" ]; then
	set -- "$MAINT_BENCH_REPO"
elif [ $# = 0 ]; then
	echo "skipped: no REPO (give one, or set MAINT_BENCH_REPO)"
	exit 0
fi
[ $# = 1 ] || { echo "usage: $0 [-n FILES] [REPO]" >&2; exit 2; }
src=$(cd "$(dirname "$0")/.." && pwd)
MAINT=${MAINT:-$src/maint}
export MAINT # for t/getcmp.sh
kernel=${MAINT_KERNEL_DIR:-$("$src/scripts/get-kernel.sh")}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

t0=$(date +%s%N)
# a mirror that lacks a blob (a snapshot may leave out its largest files)
# cannot be cloned with --no-local: then --shared (its objects read in
# place, never written; the clone writes its own)
how=--no-local
if ! git clone -q --no-local "$1" "$work/r" 2>"$work/clone.err"; then
	rm -rf "$work/r"
	how="--shared (--no-local: $(grep -a -m1 -o 'unable to read [0-9a-f]*' \
		"$work/clone.err" || echo failed))"
	git clone -q --shared "$1" "$work/r" 2>/dev/null || true
	git -C "$work/r" rev-parse -q --verify HEAD >/dev/null
fi
echo "clone $how: $((($(date +%s%N) - t0) / 1000000)) ms"
cd "$work/r"
# the index as HEAD has it (a checkout that met the missing blob left
# none: every file untracked, commit -a committing nothing)
git reset -q 2>/dev/null || true
# a file the checkout could not write (its blob missing) is not a change
git ls-files --deleted -z | xargs -0 -r git update-index --skip-worktree
git config gc.auto 0
git config maintenance.auto false
git config core.commitGraph true
cp "$kernel/scripts/get_maintainer.pl" scripts/get_maintainer.pl
git update-index -q --assume-unchanged scripts/get_maintainer.pl 2>/dev/null || true
rm -f .git/objects/info/commit-graph
rm -rf .git/objects/info/commit-graphs
head=$(git log -1 --format=%ct HEAD)
since=$(date -u -d "@$((head - 182 * 86400))" +%Y-%m-%d)
git log --since="$since" --no-merges --format= --name-only | sort | uniq -c |
	awk '$1 >= 3 { print $2 }' |
	while IFS= read -r f; do [ -f "$f" ] && echo "$f"; done |
	shuf -n "$n" --random-source=<(yes maint) >"$work/files"
P=scripts/get_maintainer.pl
A="--notree --git-since=$since --git"

ms() {
	awk -v us="$1" 'BEGIN { printf "%.1f", us / 1000 }'
}
once_us() {
	local t0 t1
	t0=${EPOCHREALTIME//[.,]/}
	"$@" >/dev/null 2>&1 || true
	t1=${EPOCHREALTIME//[.,]/}
	echo $((t1 - t0))
}
# median3 MODE CMD...: cold (no .git/maint), warm (as it is), indexed
# (the index, no cache of logs), stale (the index of $work/idx, before
# the new commits)
median3() {
	local i res=()
	for i in 1 2 3; do
		case $1 in
		cold) rm -rf .git/maint ;;
		indexed) rm -rf .git/maint/history ;;
		stale)
			rm -rf .git/maint && mkdir .git/maint &&
				cp -a "$work/idx" .git/maint/index
			;;
		esac
		if [ "$1" = cold ]; then
			res+=($(MAINT_GET_INDEX_BACKGROUND=0 once_us "${@:2}"))
		else
			res+=($(once_us "${@:2}"))
		fi
	done
	printf '%s\n' "${res[@]}" | sort -n | sed -n 2p
}
row() {
	printf '  %-44s script %8s ms, %s %8s ms: %6sx\n' "$1" \
		"$(ms "$2")" "${4:-maint}" "$(ms "$3")" \
		"$(awk -v a="$2" -v b="$3" 'BEGIN { printf "%.1f", b ? a / b : 0 }')"
}
# calls LABEL [second]: the script, then maint's first call (cold) and
# its second
calls() {
	local f p c w
	while IFS= read -r f; do
		# shellcheck disable=SC2086
		p=$(median3 warm perl $P $A -f "$f")
		# shellcheck disable=SC2086
		c=$(median3 cold "$MAINT" get $A -f "$f")
		row "$1, first: $(basename "$f")" "$p" "$c"
		if [ "${2:-}" = second ]; then
			# shellcheck disable=SC2086
			w=$(median3 warm "$MAINT" get $A -f "$f")
			row "$1, second: $(basename "$f")" "$p" "$w"
		fi
	done <"$work/files"
}
# icalls LABEL MODE: the script, then maint with the index (MODE as
# median3's)
icalls() {
	local f p c
	while IFS= read -r f; do
		# shellcheck disable=SC2086
		p=$(median3 warm perl $P $A -f "$f")
		# shellcheck disable=SC2086
		c=$(median3 "$2" "$MAINT" get $A -f "$f")
		row "$1: $(basename "$f")" "$p" "$c"
	done <"$work/files"
}
# the floor: a call without history, against the script's
nohist() {
	local f p c
	f=$(head -1 "$work/files")
	p=$(median3 warm perl $P --notree --nogit --nogit-fallback -f "$f")
	c=$(median3 warm "$MAINT" get --notree --nogit --nogit-fallback -f "$f")
	row "no history (--nogit --nogit-fallback)" "$p" "$c"
}
# The floors, measured in the same run: no call of any tool can go under
# a process that does nothing (/bin/true), and a first call with history
# runs git on the file's commits in the window at least (their numstat,
# which both tools print from: here the exact commits, one git log of
# them, as maint runs it after its Bloom filters), whatever else it does.
# "script / floor" is the best ratio a tool that shells out to git can
# reach.
floor_true() {
	local f p c
	f=$(head -1 "$work/files")
	# shellcheck disable=SC2086
	p=$(median3 warm perl $P $A -f "$f")
	c=$(median3 warm /bin/true)
	row "floor: /bin/true (a process that does nothing)" "$p" "$c" floor
}
gitpart() {
	git --literal-pathspecs log --no-walk=unsorted --stdin --no-color \
		--no-merges --no-renames --raw --numstat \
		"--format=%x00%P%nGitCommit: %H%nGitAuthor: %an <%ae>%nGitDate: %aD%nGitSubject: %s%n%b%n%x01" \
		-- "$1" <"$work/commits"
}
floor_git() {
	local f p c
	while IFS= read -r f; do
		git log --since="$since" --follow --no-merges --format=%H \
			-- "$f" >"$work/commits"
		# shellcheck disable=SC2086
		p=$(median3 warm perl $P $A -f "$f")
		c=$(median3 warm gitpart "$f")
		row "floor: git log of its $(wc -l <"$work/commits") commits: $(basename "$f")" \
			"$p" "$c" floor
	done <"$work/files"
}
same() {
	local f r
	mkdir -p "$work/cmp"
	while IFS= read -r f; do
		# shellcheck disable=SC2086
		r=$("$src/t/getcmp.sh" "$work/cmp" $A -f "$f")
		case $r in same* | tie*) ;; *) echo "  $r" ;; esac
	done <"$work/files"
}

echo "$(git rev-list --count HEAD) commits at $(git rev-parse --short HEAD)," \
	"--git-since=$since; $(uptime | sed 's/.*load/load/')"
echo "files: $(tr '\n' ' ' <"$work/files")"
echo "1. no commit-graph:"
nohist
calls "no graph" second
echo "2. a commit-graph without Bloom filters:"
t0=$(date +%s%N)
git commit-graph write --reachable --no-changed-paths 2>/dev/null
echo "  (git commit-graph write --no-changed-paths: $((($(date +%s%N) - t0) / 1000000)) ms)"
calls "graph, no filters"
echo "3. maint get --write-commit-graph:"
t0=$(date +%s%N)
"$MAINT" get --write-commit-graph
echo "  (maint get --write-commit-graph: $((($(date +%s%N) - t0) / 1000000)) ms)"
calls "filters" second
floor_git
floor_true
same
echo "4. the history index:"
rm -rf .git/maint
t0=$(date +%s%N)
# shellcheck disable=SC2086
"$MAINT" get --history-index $A
echo "  (maint get --history-index, from nothing: $((($(date +%s%N) - t0) / 1000000)) ms," \
	"$(du -sk .git/maint/index | cut -f1) KiB)"
icalls "index, another file" indexed
icalls "index, second" warm
cp -a .git/maint/index "$work/idx"
echo "5. ten new commits (the graph not refreshed):"
for i in 1 2 3 4 5 6 7 8 9 10; do
	f=$(sed -n "$(((i - 1) % n + 1))p" "$work/files")
	echo "/* bench change $i */" >>"$f"
	# the file a mirror lacks the blob of stays (a tree with it is
	# written all the same): not a deletion whose numstat git cannot read
	git update-index "$f"
	c=$(GIT_AUTHOR_NAME="Bench Person" GIT_AUTHOR_EMAIL=bench@example.org \
		GIT_COMMITTER_NAME="Bench Person" \
		GIT_COMMITTER_EMAIL=bench@example.org \
		git commit-tree "$(git write-tree --missing-ok)" -p HEAD \
		-m "bench: change $i" \
		-m "Signed-off-by: Bench Person <bench@example.org>")
	git update-ref HEAD "$c"
done
calls "10 new commits"
icalls "10 new commits, the index of before" stale
t0=$(date +%s%N)
"$MAINT" get --write-commit-graph
echo "  (--write-commit-graph again, refresh: $((($(date +%s%N) - t0) / 1000000)) ms)"
calls "10 new commits, refreshed" second
same
# (Xen has no .get_maintainer.conf: 1.-5. were without a walk already)
if [ -f .get_maintainer.conf ]; then
	echo "6. without .get_maintainer.conf (no --find-maintainer-files walk):"
	mv .get_maintainer.conf "$work/conf"
	nohist
	# shellcheck disable=SC2086
	"$MAINT" get --history-index $A
	icalls "no conf, index, another file" indexed
	icalls "no conf, index, second" warm
	icalls "no conf, 10 new commits, the index of before" stale
	calls "no conf, filters"
	same
	mv "$work/conf" .get_maintainer.conf
fi
echo "$(uptime | sed 's/.*load/load/')"
