#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint get against the 6.12 scripts/get_maintainer.pl on the real history
# of a project that keeps the kernel's format: its MAINTAINERS (whatever
# its header says), and its .mailmap and .get_maintainer.conf if it has
# them (U-Boot has both, Xen neither):
#
#	bench/get-history-real.sh [-n FILES] [-j JOBS] [-d DAYS] [-g] [-i] REPO
#
# REPO is a clone or a bare mirror (e.g. /work/.mirror/u-boot+u-boot/repo,
# /work/.mirror/xen-project+xen/repo).  A shared clone of its HEAD is
# made in a temporary directory with the 6.12 script as
# scripts/get_maintainer.pl (over the project's own, if it has one); the
# sample: FILES files (12) touched in the DAYS days (182) before HEAD's
# date, chosen with a fixed seed, and files added in that window (8 of
# them: copies and renames, where --follow looks further), each with
# the option sets below, --notree and an absolute --git-since (DAYS
# before HEAD; a longer window takes in older merges), compared byte
# for byte by t/getcmp.sh (ties in Perl's hash order as maint orders
# them).  -g writes a commit-graph with changed-path Bloom filters in
# the clone: maint then walks the history itself (not where trees were
# replaced, below: git reads no graph then, nor does maint); -i builds
# maint's history index of the window first (maint get --history-index),
# so that every call reads the history from it.  Without -i the index is
# off in the clone (git config maint.historyIndex false): a call would
# otherwise build it in the background, and the calls after it would
# read it.
# Blobs a mirror lacks are mended in the clone (see below).
# Prints the differences and the counts; exit status 1 if any differ.
# MAINT (default ./maint) is the binary compared; MAINT_BENCH_OUT a
# directory that keeps both outputs of each difference.
set -eu
n=12
jobs=2
days=182
graph= index=
while getopts n:j:d:gi o; do
	case $o in
	n) n=$OPTARG ;;
	j) jobs=$OPTARG ;;
	d) days=$OPTARG ;;
	g) graph=1 ;;
	i) index=1 ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# = 1 ] || {
	echo "usage: $0 [-n FILES] [-j JOBS] [-d DAYS] [-g] [-i] REPO" >&2
	exit 2
}
src=$(cd "$(dirname "$0")/.." && pwd)
MAINT=${MAINT:-$src/maint}
export MAINT
kernel=${MAINT_KERNEL_DIR:-$("$src/scripts/get-kernel.sh")}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# (a mirror may lack a blob or two: the checkout goes on without them)
git clone -q --shared "$1" "$work/r" >/dev/null 2>&1 || true
git -C "$work/r" rev-parse -q --verify HEAD >/dev/null
cd "$work/r"
git config gc.auto 0
cp "$kernel/scripts/get_maintainer.pl" scripts/get_maintainer.pl
git reset -q 2>/dev/null || true
# Blobs the mirror lacks (a snapshot may leave out its largest files):
# git's --follow reads every blob of a parent's tree and dies at each
# commit whose tree holds one.  Each tree that holds one is replaced (git
# replace, in the clone only) by the same tree with a placeholder blob,
# for the script's git and maint alike.
git rev-list --objects --missing=print HEAD | sed -n 's/^?//p' \
	>"$work/missing"
if [ -s "$work/missing" ]; then
	ph=$(echo "blob missing from the mirror" | git hash-object -w --stdin)
	# where they are: HEAD's tree (a blob may come in by a merge, a
	# subtree's, that log --raw does not show), and the commits
	{ git ls-tree -r HEAD | sed 's/^[^ ]* [^ ]* /: : : /'
	  git log --raw --no-abbrev --format= HEAD; } |
		awk -F'\t' 'NR == FNR { m[$1] = 1; next }
			{ split($1, a, " "); if (a[4] in m) print a[4], $2 }' \
			"$work/missing" - | sort -u |
		while read -r m path; do
			d=$(dirname "$path")
			git log --format=%H --full-history HEAD -- "$d" |
				while read -r c; do
					git rev-parse -q --verify "$c:$d" || true
				done |
				sort -u | while read -r t; do
				git ls-tree "$t" | grep -q "$m" || continue
				git replace -f "$t" "$(git ls-tree "$t" |
					sed "s/$m/$ph/" | git mktree)"
				echo "tree $t: blob $m ($path) replaced"
			done
		done
fi
if [ -n "$graph" ]; then
	git commit-graph write --reachable --changed-paths 2>/dev/null
fi
head=$(git log -1 --format=%ct HEAD)
since=$(date -u -d "@$((head - days * 86400))" +%Y-%m-%d)
git log --since="$since" --no-merges --format= --name-only | sort -u |
	while IFS= read -r f; do [ -f "$f" ] && echo "$f"; done >"$work/touched"
shuf -n "$n" --random-source=<(yes maint) "$work/touched" >"$work/sample"
# (added: --no-renames, so that renamed files count too)
git log --since="$since" --no-merges --no-renames --diff-filter=A --format= \
	--name-only |
	sort -u | while IFS= read -r f; do [ -f "$f" ] && echo "$f"; done |
	shuf -n 8 --random-source=<(yes added) >>"$work/sample"
sort -u -o "$work/sample" "$work/sample"
echo "$(git rev-parse HEAD) $(wc -l <"$work/sample") files, --git-since=$since"
if [ -n "$index" ]; then
	"$MAINT" get --history-index --git-since="$since" >/dev/null
else
	git config maint.historyIndex false
fi
: >"$work/results"
out=${MAINT_BENCH_OUT:-$work/cmp}
mkdir -p "$out"
while IFS= read -r opt; do
	# shellcheck disable=SC2086
	xargs -a "$work/sample" -d '\n' -P"$jobs" -I{} \
		"$src/t/getcmp.sh" "$out" --notree --git-since="$since" $opt -f {} \
		>>"$work/results"
done <<'EOF'
--nogit
--nogit --norolestats
--git
--git --roles
--git --norolestats
--git --nomailmap
--git --git-all-signature-types
--git --git-min-percent=5 --git-max-maintainers=5
--nogit --git-blame
--nogit --git-blame --nogit-blame-signatures
EOF
total=$(wc -l <"$work/results")
diffs=$(grep -c '^DIFF' "$work/results" || true)
grep '^DIFF' "$work/results" | sed 's/ (.*//' || true
echo "$diffs/$total different"
[ "$diffs" = 0 ]
