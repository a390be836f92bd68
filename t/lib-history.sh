# SPDX-License-Identifier: GPL-2.0
# Git histories for the get tests and bench, made by t/make-history.pl
# with git fast-import, cached and built once (under flock):
#
# kernel_history N DIR: a clone at DIR of the kernel tree ($KERNEL) with N
#	commits of history on top of it (a root commit of the tree dated
#	2022-01-02, then N commits over three years).  The history is kept
#	in the cache next to the tree ($KERNEL.history-N-VERSION); DIR gets
#	a clone of it (hard-linked objects, a checkout of the tree).
# project_history DIR: the small project of t/make-project.sh with its
#	history, at DIR (made each time: it takes a second).
#
# The cache key holds a hash of make-history.pl, so a changed generator
# makes a new history.
HISTORY_GEN=$TEST_DIRECTORY/make-history.pl
. "$TEST_DIRECTORY/lib-kernelgit.sh"

history_version() {
	md5sum <"$HISTORY_GEN" | cut -c1-8
}

kernel_history() {
	n=$1
	dir=$2
	repo=$KERNEL.history-$n-$(history_version)
	if [ ! -f "$repo/.git/maint-complete" ]; then
		if [ ! -f "$KERNEL.git/.git/maint-complete" ]; then
			kernel_git_copy "$dir.base" >/dev/null &&
				rm -rf "$dir.base" || return 1
		fi
		flock "$repo.lock" sh -c '
			repo=$1 gen=$2 n=$3 kernel=$4
			[ -f "$repo/.git/maint-complete" ] && exit 0
			rm -rf "$repo.tmp" &&
			git clone -q --no-checkout "$kernel.git" "$repo.tmp" &&
			git -C "$repo.tmp" config gc.auto 0 &&
			cd "$repo.tmp" &&
			tree=$(git rev-parse HEAD^{tree}) &&
			base=$(GIT_AUTHOR_NAME="Linus Torvalds" \
				GIT_AUTHOR_EMAIL=torvalds@linux-foundation.org \
				GIT_COMMITTER_NAME="Linus Torvalds" \
				GIT_COMMITTER_EMAIL=torvalds@linux-foundation.org \
				GIT_AUTHOR_DATE="1641081600 +0000" \
				GIT_COMMITTER_DATE="1641081600 +0000" \
				git commit-tree -m "Linux 6.12" "$tree") &&
			perl "$gen" --tree "$kernel" --base "$base" \
				--commits "$n" >/dev/null &&
			git for-each-ref --format="delete %(refname)" \
				refs/maint-side | git update-ref --stdin &&
			git remote remove origin &&
			git checkout -q -f master &&
			touch .git/maint-complete && cd / &&
			rm -rf "$repo" && mv "$repo.tmp" "$repo"
		' sh "$repo" "$HISTORY_GEN" "$n" "$KERNEL" || return 1
	fi
	git clone -q "$repo" "$dir"
}

project_history() {
	dir=$1
	rm -rf "$dir" && mkdir -p "$dir" &&
	sh "$TEST_DIRECTORY/make-project.sh" "$dir/tree" &&
	(cd "$dir/tree" && git init -q -b master &&
	 perl "$HISTORY_GEN" --tree . --commits 400 --hot 60 --seed 7 \
		--start 1672531200 >/dev/null &&
	 git for-each-ref --format="delete %(refname)" refs/maint-side |
		git update-ref --stdin &&
	 git checkout -q -f master) &&
	mv "$dir/tree" "$dir.tmp" && rmdir "$dir" && mv "$dir.tmp" "$dir"
}
