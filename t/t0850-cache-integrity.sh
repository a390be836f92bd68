#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The history cache under .git/maint/history, tried with broken and
# hostile state (issue 21, items 1 and 2):
# - a link, a non-directory or another user's directory at .git/maint or
#   .git/maint/history is refused with a message naming it, and nothing
#   outside is read, written or removed;
# - a link planted at the temporary name a cache file was written to
#   (ENTRY.PID.tmp before) does not get written through;
# - a cache file truncated, zeroed, bit-flipped or of another format
#   version is discarded (--verbose says so) and made again: the answer
#   is the one without the cache.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-gettree.sh"

export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
ARGS="--git --git-since=2020-01-01 -f drivers/net/acme/main.c"

# commit the file as NAME (its own e-mail), at day N of 2023
commit_as() {
	echo "/* $1 $2 */" >>drivers/net/acme/main.c &&
	GIT_AUTHOR_NAME="$1" GIT_AUTHOR_EMAIL="$1@people.example" \
	GIT_COMMITTER_NAME="$1" GIT_COMMITTER_EMAIL="$1@people.example" \
	GIT_AUTHOR_DATE="$((1672531200 + $2 * 86400)) +0000" \
	GIT_COMMITTER_DATE="$((1672531200 + $2 * 86400)) +0000" \
		git commit -q -m "acme: change $2" \
		-m "Signed-off-by: $1 <$1@people.example>" \
		drivers/net/acme/main.c
}

test_expect_success 'setup: a small tree with a history of four authors' '
	make_get_tree tree &&
	(cd tree && git init -q -b master && git add . &&
	 GIT_AUTHOR_NAME=Base GIT_AUTHOR_EMAIL=base@people.example \
	 GIT_COMMITTER_NAME=Base GIT_COMMITTER_EMAIL=base@people.example \
	 GIT_AUTHOR_DATE="1672531200 +0000" \
	 GIT_COMMITTER_DATE="1672531200 +0000" git commit -q -m base) &&
	(cd tree && commit_as Alice 1 && commit_as Bob 2 &&
	 commit_as Carol 3 && commit_as Dave 4 && commit_as Alice 5) &&
	(cd tree && MAINT_GET_CACHE=0 maint get $ARGS) >expect &&
	test_grep "Dave@people.example" expect &&
	test_grep "Carol@people.example" expect
'

# the entries of the cache (not HEAD)
entries() {
	ls tree/.git/maint/history | grep -v "^HEAD$"
}

test_expect_success 'a warm cache: the same answer, files with a header' '
	rm -rf tree/.git/maint &&
	(cd tree && maint get $ARGS) >cold &&
	(cd tree && maint get --verbose $ARGS) >warm 2>warm.err &&
	test_cmp expect cold &&
	test_cmp expect warm &&
	test ! -s warm.err &&
	test -n "$(entries)" &&
	for f in $(entries) HEAD; do
		head -c 14 tree/.git/maint/history/$f >hdr &&
		printf "maint-cache 1\n" >hdr.expect &&
		test_cmp hdr.expect hdr || exit 1
	done
'

# damage_all HOW: a warm cache, then every entry damaged
damage_all() {
	how=$1
	rm -rf tree/.git/maint &&
	(cd tree && maint get $ARGS) >/dev/null &&
	for f in $(entries); do
		p=tree/.git/maint/history/$f
		size=$(wc -c <"$p")
		case $how in
		truncated)
			head -c $((size - 7)) "$p" >"$p.new" ;;
		zeroed)
			head -c "$size" /dev/zero >"$p.new" ;;
		flipped)
			perl -0777 -pe "substr(\$_, length(\$_) - 20, 1) ^= chr(1)" \
				"$p" >"$p.new" ;;
		version)
			sed "1s/^maint-cache 1\$/maint-cache 2/" "$p" >"$p.new" ;;
		esac
		mv "$p.new" "$p" || return 1
	done
}

# damage HOW: the answer is the one without the cache, --verbose names
# each file, and the files are made again
damage_test() {
	how=$1
	damage_all $how &&
	(cd tree && maint get $ARGS) >out.$how &&
	test_cmp expect out.$how &&
	damage_all $how &&
	(cd tree && maint get --verbose $ARGS) >out.$how 2>err.$how &&
	test_cmp expect out.$how &&
	for f in $(entries); do
		grep -q "cache file .*/$f: .*discarded" err.$how || {
			echo "not said: $f"; cat err.$how; return 1; }
	done &&
	(cd tree && maint get --verbose $ARGS) >again.$how 2>again.err.$how &&
	test_cmp expect again.$how &&
	test ! -s again.err.$how
}

for how in truncated zeroed flipped version; do
	test_expect_success "a $how cache file: discarded, the same answer" '
		damage_test '"$how"'
	'
done

test_expect_success 'the HEAD file damaged: entries dropped, the same answer' '
	rm -rf tree/.git/maint &&
	(cd tree && maint get $ARGS) >/dev/null &&
	printf "garbage" >tree/.git/maint/history/HEAD &&
	# read before the first write (a file not asked yet)
	(cd tree && maint get --verbose --git --git-since=2020-01-01 \
		-f drivers/net/other/other.c) >/dev/null 2>err.head &&
	test_grep "history/HEAD: no header, discarded" err.head &&
	(cd tree && maint get $ARGS) >out.head &&
	test_cmp expect out.head
'

# link NAME TARGET under .git: maint refuses it and leaves TARGET alone
refuse_test() {
	name=$1
	(cd tree && maint get $ARGS) >out 2>err &&
	test_cmp expect out &&
	test_grep "$name is a symbolic link: no cache used" err &&
	test "$(grep -c "no cache used" err)" = 1
}

test_expect_success 'a link at .git/maint/history: refused, its target untouched' '
	rm -rf tree/.git/maint victim && mkdir -p victim tree/.git/maint &&
	echo precious >victim/precious &&
	echo keep >victim/0123456789abcdef &&
	ln -s "$TRASH/victim" tree/.git/maint/history &&
	(cd victim && ls -la && cat *) >before &&
	refuse_test .git/maint/history &&
	(cd victim && ls -la && cat *) >after &&
	test_cmp before after
'

test_expect_success 'a link at .git/maint: refused, its target untouched' '
	rm -rf tree/.git/maint victim && mkdir -p victim/history &&
	echo precious >victim/history/HEAD &&
	ln -s "$TRASH/victim" tree/.git/maint &&
	(cd victim && ls -laR && cat history/*) >before &&
	refuse_test .git/maint &&
	(cd victim && ls -laR && cat history/*) >after &&
	test_cmp before after
'

test_expect_success 'a file at .git/maint/history: refused, left as it is' '
	rm -rf tree/.git/maint && mkdir tree/.git/maint &&
	echo mine >tree/.git/maint/history &&
	(cd tree && maint get $ARGS) >out 2>err &&
	test_cmp expect out &&
	test_grep ".git/maint/history is not a directory: no cache used" err &&
	test "$(cat tree/.git/maint/history)" = mine
'

test_expect_success 'another user'"'"'s .git/maint/history: refused' '
	if [ "$(id -u)" != 0 ]; then
		echo "# skipped: chown needs root" && exit 0
	fi &&
	rm -rf tree/.git/maint && mkdir -p tree/.git/maint/history &&
	chown 65534 tree/.git/maint/history &&
	(cd tree && maint get $ARGS) >out 2>err &&
	test_cmp expect out &&
	test_grep ".git/maint/history is owned by another user" err &&
	test -z "$(ls tree/.git/maint/history)"
'

test_expect_success 'links planted at the old temporary names are not written through' '
	rm -rf tree/.git/maint &&
	(cd tree && maint get $ARGS) >/dev/null &&
	echo precious >victim.file &&
	names=$(entries) &&
	(cd tree/.git/maint/history && rm -f $names) &&
	# the PID the command will have: the shell that execs it
	(cd tree && exec sh -c "
		for f in $names; do
			ln -s \"$TRASH/victim.file\" .git/maint/history/\$f.\$\$.tmp
		done
		exec maint get $ARGS") >out 2>err &&
	test_cmp expect out &&
	test "$(cat victim.file)" = precious &&
	for f in $names; do
		head -c 14 tree/.git/maint/history/$f >hdr &&
		printf "maint-cache 1\n" >hdr.expect &&
		test_cmp hdr.expect hdr || exit 1
	done
'

test_expect_success 'no temporary file is left behind' '
	! ls -a tree/.git/maint/history | grep "\.tmp-"
'

test_done
