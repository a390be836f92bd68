# SPDX-License-Identifier: GPL-2.0
# kernel_git_copy DIR: a git work tree of $KERNEL (kernel_tree) at DIR,
# one commit "linux-source-VERSION".  The repository is made once, next
# to the tree in the cache ($KERNEL.git; git add of 86,000 files takes
# minutes), under a lock so that tests running at once share it; each
# caller gets its own clone (hard-linked objects, seconds).
kernel_git_copy() {
	repo=$KERNEL.git
	flock "$repo.lock" sh -c '
		repo=$1
		[ -f "$repo/.git/maint-complete" ] && exit 0
		rm -rf "$repo.tmp" && mkdir -p "$repo.tmp" &&
		(cd "$2" && tar -cf - --exclude=.maint-extracted .) |
			(cd "$repo.tmp" && tar -xf -) &&
		cd "$repo.tmp" && git init -q -b master && git config gc.auto 0 &&
		git add -f -A &&
		git -c user.name="Series Test" -c user.email=series@example.org \
			commit -qm "linux-source-$3" &&
		touch .git/maint-complete && cd / &&
		rm -rf "$repo" && mv "$repo.tmp" "$repo"
	' sh "$repo" "$KERNEL" "${MAINT_KERNEL_VERSION:-6.12}" &&
	git clone -q "$repo" "$1" &&
	(cd "$1" && git config user.name "Series Test" &&
	 git config user.email series@example.org)
}
