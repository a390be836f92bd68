#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A slice of a real repository's history, small enough to commit, for
# t/t4400-get-history-real.sh:
#
#	t/make-history-slices.sh REPO COMMIT SINCE OUT FILE...
#
# The slice keeps the paths that FILE... had since SINCE (git log
# --follow --name-status on REPO from COMMIT: renames and copies give the
# older names too) and the project's MAINTAINERS, .mailmap,
# .get_maintainer.conf and .get_maintainer.ignore (as at COMMIT, in every
# commit of the slice).  Its history is linear: a root commit with those
# paths as they were before SINCE (dated then, by "Slice Root"), then
# every commit of REPO since SINCE that is not a merge and touches them
# (git rev-list --full-history --date-order, oldest first), each with its
# author, committer, dates and message, and the paths it changes set to
# its versions of them; a last commit "slice: the tree of COMMIT" only if
# merges left them otherwise.  Written to OUT: slice.bundle (the branch
# master), prov (REPO, COMMIT, SINCE, then "SLICE-COMMIT ORIGINAL-COMMIT"
# a line each) and paths (the paths kept).
#
#	t/make-history-slices.sh --expect OUT [RUNS]
#
# The answers of the 6.12 scripts/get_maintainer.pl (from the cached
# kernel tree, scripts/get-kernel.sh) on a clone of OUT/slice.bundle:
# line N of OUT/cases is the arguments of case N; OUT/expect/N.K the
# distinct outputs (and "exit STATUS") over RUNS runs (4) with other
# PERL_HASH_SEEDs, and of the script with its hash-order ties broken as
# maint breaks them (t/getcmp.sh): any of them is the script's answer.
set -eu
if [ "${1-}" = --expect ]; then
	out=$(cd "$2" && pwd)
	runs=${3:-4}
	src=$(cd "$(dirname "$0")/.." && pwd)
	kernel=${MAINT_KERNEL_DIR:-$("$src/scripts/get-kernel.sh")}
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
	git clone -q -b master "$out/slice.bundle" "$work/r"
	mkdir -p "$work/r/scripts" "$work/cmp"
	cp "$kernel/scripts/get_maintainer.pl" "$work/r/scripts/"
	cd "$work/r"
	# the tie-broken script, as t/getcmp.sh makes it
	MAINT=true "$src/t/getcmp.sh" "$work/cmp" --version >/dev/null || true
	rm -rf "$out/expect"
	mkdir -p "$out/expect"
	n=0
	while IFS= read -r args; do
		n=$((n + 1))
		k=0
		for seed in $(seq 1 "$runs") ties; do
			script=scripts/get_maintainer.pl hs=$seed
			if [ "$seed" = ties ]; then
				script=$work/cmp/get_maintainer-ties.pl hs=1
			fi
			# shellcheck disable=SC2086
			{ PERL_HASH_SEED=$hs perl "$script" $args 2>/dev/null
			  echo "exit $?"; } >"$work/one" </dev/null
			for e in "$out/expect/$n".*; do
				[ -f "$e" ] && cmp -s "$e" "$work/one" && continue 2
			done
			k=$((k + 1))
			mv "$work/one" "$out/expect/$n.$k"
		done
	done <"$out/cases"
	exit 0
fi
merges=
if [ "${1-}" = --merges ]; then
	merges=1
	shift
fi
[ $# -ge 5 ] || {
	echo "usage: $0 [--merges] REPO COMMIT SINCE OUT FILE..." >&2
	echo "       $0 --expect OUT [RUNS]" >&2
	exit 2
}
repo=$1 commit=$2 since=$3 out=$4
shift 4
commit=$(git -C "$repo" rev-parse --verify "$commit^{commit}")
objects=$(cd "$repo" && cd "$(git rev-parse --git-path objects)" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
out=$(cd "$out" && pwd)
R() { git -C "$repo" "$@"; }

# the paths: each file's names along --follow, and the project's files
for f in "$@"; do
	R log --follow --no-merges --since="$since" --format= --name-status \
		"$commit" -- "$f" | cut -f2- | tr '\t' '\n'
	echo "$f"
done | grep . | sort -u >"$work/follow"
for f in MAINTAINERS .mailmap .get_maintainer.conf .get_maintainer.ignore; do
	R cat-file -e "$commit:$f" 2>/dev/null && echo "$f"
done >"$work/static"
sort -u "$work/follow" "$work/static" >"$out/paths"

s=$work/s
git init -q -b master "$s"
echo "$objects" >"$s/.git/objects/info/alternates"
export GIT_INDEX_FILE=$work/index
S() { git -C "$s" "$@"; }

# the project's files as at COMMIT
static_info() {
	R ls-tree -r "$commit" -- $(cat "$work/static")
}

# the tree of commit $1 (the paths, and the project's files as at COMMIT)
slice_tree() {
	S read-tree --empty
	{ R ls-tree -r "$1" -- $(cat "$work/follow"); static_info; } |
		S update-index --index-info
	S write-tree
}

# a commit of the slice: $1 the original (its author, committer, dates
# and message), $2 the tree, then the parents; its id on standard output
replay() {
	local c=$1 tree=$2 an ae ad cn ce cd p
	shift 2
	eval "$(R log -1 --format='an=%an%nae=%ae%nad=%ad%ncn=%cn%nce=%ce%ncd=%cd' \
		--date=raw "$c" | sed "s/'/'\\\\''/g; s/=\(.*\)/='\1'/")"
	set -- $(for p; do echo "-p $p"; done)
	R log -1 --format=%B "$c" |
		GIT_AUTHOR_NAME=$an GIT_AUTHOR_EMAIL=$ae GIT_AUTHOR_DATE=$ad \
		GIT_COMMITTER_NAME=$cn GIT_COMMITTER_EMAIL=$ce \
		GIT_COMMITTER_DATE=$cd S commit-tree "$@" "$tree"
}

# a root of the slice: the paths as at commit $1, dated then
slice_root() {
	local d
	d=$(R log -1 --format=%cd --date=raw "$1")
	GIT_AUTHOR_NAME="Slice Root" GIT_AUTHOR_EMAIL=root@slice.invalid \
		GIT_COMMITTER_NAME="Slice Root" \
		GIT_COMMITTER_EMAIL=root@slice.invalid \
		GIT_AUTHOR_DATE="$d" GIT_COMMITTER_DATE="$d" \
		S commit-tree -m "slice root: $1" "$(slice_tree "$1")"
}

if [ -n "$merges" ]; then
	# The graph as git log --full-history --simplify-merges draws it
	# for the paths: each commit with its own tree of them, its
	# parents those of the slice (a parent before SINCE: a root with
	# the paths as there), merges kept where both sides changed them.
	R rev-list --reverse --topo-order --parents --full-history \
		--simplify-merges --since="$since" "$commit" -- \
		$(cat "$work/follow") >"$work/dag"
	{
		echo "repo $(R config --get remote.origin.url 2>/dev/null ||
			echo "$repo")"
		echo "commit $commit"
		echo "since $since"
	} >"$out/prov"
	declare -A map
	while read -r c parents; do
		ps=
		for p in $parents; do
			if [ -z "${map[$p]-}" ]; then
				map[$p]=$(slice_root "$p")
				echo "${map[$p]} $p" >>"$out/prov"
			fi
			ps="$ps ${map[$p]}"
		done
		# shellcheck disable=SC2086
		map[$c]=$(replay "$c" "$(slice_tree "$c")" $ps)
		echo "${map[$c]} $c" >>"$out/prov"
	done <"$work/dag"
	# the tips (one, unless the graph ends in several), merged if need be
	tips=$(cut -d" " -f2- "$work/dag" | tr ' ' '\n' | sort -u |
		join -v1 <(cut -d" " -f1 "$work/dag" | sort) -)
	head=
	for t in $tips; do head="$head ${map[$t]}"; done
	head=${head# }
	tree=$(slice_tree "$commit")
	# shellcheck disable=SC2086
	if [ "$(echo $head | wc -w)" != 1 ] ||
		[ "$tree" != "$(S rev-parse "$head^{tree}")" ]; then
		cd=$(R log -1 --format=%cd --date=raw "$commit")
		head=$(GIT_AUTHOR_NAME="Slice Root" \
			GIT_AUTHOR_EMAIL=root@slice.invalid \
			GIT_COMMITTER_NAME="Slice Root" \
			GIT_COMMITTER_EMAIL=root@slice.invalid \
			GIT_AUTHOR_DATE="$cd" GIT_COMMITTER_DATE="$cd" \
			S commit-tree $(for t in $head; do echo "-p $t"; done) \
			-m "slice: the tree of $commit" "$tree")
		echo "$head $commit" >>"$out/prov"
	fi
	S update-ref refs/heads/master "$head"
	unset GIT_INDEX_FILE
	rm -f "$out/slice.bundle"
	S bundle create "$out/slice.bundle" master 2>/dev/null
	exit 0
fi

R rev-list --reverse --no-merges --full-history --date-order \
	--since="$since" "$commit" -- $(cat "$work/follow") >"$work/commits"
first=$(head -1 "$work/commits")
base=$(R rev-parse "$first^")
S read-tree --empty
{ R ls-tree -r "$base" -- $(cat "$work/follow"); static_info; } |
	S update-index --index-info
tree=$(S write-tree)
bdate=$(R log -1 --format=%ad --date=raw "$base")
head=$(GIT_AUTHOR_NAME="Slice Root" GIT_AUTHOR_EMAIL=root@slice.invalid \
	GIT_COMMITTER_NAME="Slice Root" GIT_COMMITTER_EMAIL=root@slice.invalid \
	GIT_AUTHOR_DATE="$bdate" GIT_COMMITTER_DATE="$bdate" \
	S commit-tree -m "slice root: $base" "$tree")
{
	echo "repo $(R config --get remote.origin.url 2>/dev/null || echo "$repo")"
	echo "commit $commit"
	echo "since $since"
	echo "$head $base"
} >"$out/prov"

while read -r c; do
	# the paths it changes: their new versions (or gone)
	R diff-tree -r --no-renames --no-commit-id "$c^" "$c" -- \
		$(cat "$work/follow") |
		awk -F'\t' '{ split($1, a, " ");
			if (a[5] == "D") print "0 0000000000000000000000000000000000000000\t" $2;
			else print a[2] " " a[4] "\t" $2 }' |
		S update-index --index-info
	tree=$(S write-tree)
	eval "$(R log -1 --format='an=%an%nae=%ae%nad=%ad%ncn=%cn%nce=%ce%ncd=%cd' \
		--date=raw "$c" | sed "s/'/'\\\\''/g; s/=\(.*\)/='\1'/")"
	head=$(R log -1 --format=%B "$c" |
		GIT_AUTHOR_NAME=$an GIT_AUTHOR_EMAIL=$ae GIT_AUTHOR_DATE=$ad \
		GIT_COMMITTER_NAME=$cn GIT_COMMITTER_EMAIL=$ce \
		GIT_COMMITTER_DATE=$cd S commit-tree -p "$head" "$tree")
	echo "$head $c" >>"$out/prov"
done <"$work/commits"

# the tree of COMMIT, if merges made it otherwise
S read-tree --empty
{ R ls-tree -r "$commit" -- $(cat "$work/follow"); static_info; } |
	S update-index --index-info
tree=$(S write-tree)
if [ "$tree" != "$(S rev-parse "$head^{tree}")" ]; then
	cd=$(R log -1 --format=%cd --date=raw "$commit")
	head=$(GIT_AUTHOR_NAME="Slice Root" GIT_AUTHOR_EMAIL=root@slice.invalid \
		GIT_COMMITTER_NAME="Slice Root" \
		GIT_COMMITTER_EMAIL=root@slice.invalid \
		GIT_AUTHOR_DATE="$cd" GIT_COMMITTER_DATE="$cd" \
		S commit-tree -p "$head" -m "slice: the tree of $commit" "$tree")
	echo "$head $commit" >>"$out/prov"
fi
S update-ref refs/heads/master "$head"
unset GIT_INDEX_FILE
rm -f "$out/slice.bundle"
S bundle create "$out/slice.bundle" master 2>/dev/null
