#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint get --find-maintainer-files with the memo of its walk
# (.git/maint/walk-*) and of the files' texts (.git/maint/texts-*): after
# each change to a small git tree (a new MAINTAINERS deep down, one
# removed, edited in place, a directory renamed, replaced by a link,
# MAINTAINERS replaced by a directory or a link, a file added or written
# in the tick the memo read it, the memo damaged or not ours, no .git),
# the same answers as without it (MAINT_GET_CACHE=0).  Every MAINTAINERS
# has a section that matches every file (N: .*), so the answer and
# --sections show which files were read, in which order; but the 300 of
# 0fill/* (one that matches nothing each), there so that a later call
# lstats the memo's directories and files in threads (lstat_all()), a
# change in either half.
. "$(dirname "$0")/test-lib.sh"

T=$TRASH/tree
OLD=@1600000000
# a file system of whole seconds (racy mtimes): t/coarse-time.c
COARSE=$TRASH/coarse-time.so
${CC:-cc} -shared -fPIC -O1 -o "$COARSE" "$TEST_DIRECTORY/coarse-time.c" \
	-ldl 2>"$TRASH/coarse.err" || COARSE=

# maint_file DIR TAG: DIR/MAINTAINERS with one section for every file
maint_file() {
	printf 'SEC %s\nM:\tP %s <p-%s@example.org>\nS:\tMaintained\nN:\t.*\n' \
		"$2" "$2" "$2" >"$1/MAINTAINERS"
}

# answer OUT [ENV]: maint's answers in $T (default and --sections)
answer() {
	(cd "$T" &&
	 for a in "" --sections; do
		env ${2:-} "$MAINT" get --notree --nogit --nogit-fallback \
			--find-maintainer-files --maintainer-path=. $a \
			-f a/x.c 2>&1
		echo "exit $?"
	 done) >"$1"
}

# same: with the memo and without it, the same answers
same() {
	answer "$TRASH/with" &&
	answer "$TRASH/without" MAINT_GET_CACHE=0 &&
	test_cmp "$TRASH/without" "$TRASH/with"
}

# settle: every directory's and MAINTAINERS' mtime old (not racy), and
# the memo made
settle() {
	find "$T" -path "$T/.git" -prune -o -type d -exec touch -m -d $OLD {} + &&
	find "$T" -path "$T/.git" -prune -o -type f -name MAINTAINERS \
		-exec touch -m -d $OLD {} + &&
	answer "$TRASH/settled" &&
	ls "$T"/.git/maint/walk-* >/dev/null
}

memo() {
	ls "$T"/.git/maint/walk-*
}

tmemo() {
	ls "$T"/.git/maint/texts-*
}

# lie_texts FILE: the texts memo FILE with its first record's SIZE past
# the end of the payload, under a CRC that holds
lie_texts() {
	perl -MCompress::Zlib -e '
		local $/; open(my $f, "<", $ARGV[0]) or die; my $s = <$f>;
		$s =~ s/\A(maint-cache 1\n)(\d+) \d+ [0-9a-f]{8}\n//s or die;
		my ($magic, $kl) = ($1, $2);
		my ($key, $p) = (substr($s, 0, $kl), substr($s, $kl));
		$p =~ s/\A((?:-?\d+ ){7})\d+ /$1 . (length($p) + 100) . " "/e
			or die;
		open($f, ">", $ARGV[0]) or die;
		printf $f "%s%d %d %08x\n%s%s", $magic, $kl, length($p),
			crc32($key . $p), $key, $p;
	' "$1"
}

test_expect_success 'a git tree: the memo is made and answers as the walk' '
	mkdir -p "$T" && cd "$T" && git init -q &&
	mkdir -p a/b/c d e/f Zed 0fill/{000..299} && touch a/x.c &&
	for d in 0fill/*; do
		printf "FILL\nF:\tnone/\n" >$d/MAINTAINERS || return 1
	done &&
	maint_file . top && maint_file a/b a-b && maint_file Zed zed &&
	maint_file e/f e-f &&
	answer "$TRASH/first" &&
	test "$(memo | wc -l)" = 1 &&
	test_grep "p-zed@" "$TRASH/first" && test_grep "p-e-f@" "$TRASH/first" &&
	same && settle && same
'

test_expect_success 'MAINT_GET_CACHE=0 keeps no memo' '
	cd "$T" &&
	rm -rf "$T/.git/maint" &&
	answer "$TRASH/out" MAINT_GET_CACHE=0 &&
	! test -e "$T/.git/maint" &&
	settle
'

test_expect_success 'nothing changed: the memos are not written again' '
	cd "$T" &&
	was=$(stat -c "%i %y" "$(memo)" "$(tmemo)") &&
	same &&
	test "$(stat -c "%i %y" "$(memo)" "$(tmemo)")" = "$was"
'

test_expect_success 'a new MAINTAINERS in a new nested directory' '
	cd "$T" &&
	mkdir -p a/b/c/g/h && maint_file a/b/c/g/h new &&
	same && test_grep "p-new@" "$TRASH/with" && settle
'

test_expect_success 'a MAINTAINERS added to a directory the memo holds' '
	cd "$T" &&
	maint_file d dee &&
	same && test_grep "p-dee@" "$TRASH/with" && settle
'

test_expect_success 'a MAINTAINERS in and out of a directory lstat'"'"'ed first' '
	cd "$T" &&
	mkdir 0fill/007/new && maint_file 0fill/007/new seven &&
	same && test_grep "p-seven@" "$TRASH/with" && settle &&
	rm -r 0fill/007/new 0fill/299 &&
	same && ! grep -q "p-seven@" "$TRASH/with" && settle
'

test_expect_success 'a MAINTAINERS removed' '
	cd "$T" &&
	rm a/b/MAINTAINERS &&
	same && ! grep -q "p-a-b@" "$TRASH/with" && settle
'

test_expect_success 'a directory renamed (its subtree goes with it)' '
	cd "$T" &&
	mv a/b a/y &&
	same && test_grep "p-new@" "$TRASH/with" && settle &&
	mv e/f e/0 && same && settle
'

test_expect_success 'a directory replaced by a link to one with a MAINTAINERS' '
	cd "$T" &&
	mkdir -p "$TRASH/outside" && maint_file "$TRASH/outside" outside &&
	rm -rf e/0 && ln -s "$TRASH/outside" e/0 &&
	same && ! grep -q "p-outside@" "$TRASH/with" && settle &&
	rm e/0 && mkdir e/0 && ln -s ../Zed e/0/f &&
	same && ! grep -q "p-e-f@" "$TRASH/with" && settle
'

test_expect_success 'MAINTAINERS replaced by a directory named MAINTAINERS' '
	cd "$T" &&
	rm d/MAINTAINERS && mkdir d/MAINTAINERS &&
	same && ! grep -q "p-dee@" "$TRASH/with" && settle &&
	maint_file d/MAINTAINERS inner &&
	same && test_grep "p-inner@" "$TRASH/with" && settle
'

test_expect_success 'a file added in the second its directory was read' '
	cd "$T" && test -n "$COARSE" && export LD_PRELOAD=$COARSE &&
	# (a sanitizer build: its runtime need not come first, as lib-fault.sh)
	export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0 &&
	for i in $(seq 5); do
		mkdir "r$i" &&
		"$MAINT" get --notree --nogit --nogit-fallback \
			--find-maintainer-files \
			--maintainer-path=. -f a/x.c >/dev/null &&
		maint_file "r$i" "racy$i" &&
		same && test_grep "p-racy$i@" "$TRASH/with" || return 1
	done &&
	settle
'

test_expect_success 'an mtime set back by hand after a change' '
	cd "$T" &&
	m=$(stat -c %Y a) && maint_file a back && touch -m -d @"$m" a &&
	test "$(stat -c %Y a)" = "$m" &&
	same && test_grep "p-back@" "$TRASH/with" && settle
'

test_expect_success 'a MAINTAINERS edited in place, its mtime set back' '
	cd "$T" && settle &&
	maint_file Zed zeA && touch -m -d $OLD Zed/MAINTAINERS &&
	same && test_grep "p-zeA@" "$TRASH/with" && settle &&
	maint_file Zed zeB && touch -m -d $OLD Zed/MAINTAINERS &&
	same && test_grep "p-zeB@" "$TRASH/with" &&
	! grep -q "p-zeA@" "$TRASH/with" && settle
'

test_expect_success 'a MAINTAINERS replaced by another of its size and mtime' '
	cd "$T" &&
	maint_file "$TRASH" zeC && touch -m -d $OLD "$TRASH/MAINTAINERS" &&
	mv "$TRASH/MAINTAINERS" Zed/MAINTAINERS && touch -m -d $OLD Zed &&
	same && test_grep "p-zeC@" "$TRASH/with" && settle
'

test_expect_success 'a MAINTAINERS written again in the second it was read' '
	cd "$T" && test -n "$COARSE" && export LD_PRELOAD=$COARSE &&
	export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0 &&
	for i in $(seq 5); do
		maint_file Zed "zr$i" &&
		"$MAINT" get --notree --nogit --nogit-fallback \
			--find-maintainer-files \
			--maintainer-path=. -f a/x.c >/dev/null &&
		maint_file Zed "zs$i" &&
		same && test_grep "p-zs$i@" "$TRASH/with" || return 1
	done &&
	settle
'

test_expect_success 'a MAINTAINERS replaced by a link: read through it every time' '
	cd "$T" &&
	mkdir -p "$TRASH/lt" && maint_file "$TRASH/lt" ltA &&
	rm Zed/MAINTAINERS && ln -s "$TRASH/lt/MAINTAINERS" Zed/MAINTAINERS &&
	same && test_grep "p-ltA@" "$TRASH/with" &&
	touch -h -m -d $OLD Zed/MAINTAINERS && settle &&
	touch -m -d $OLD "$TRASH/lt/MAINTAINERS" && same &&
	maint_file "$TRASH/lt" ltB && touch -m -d $OLD "$TRASH/lt/MAINTAINERS" &&
	same && test_grep "p-ltB@" "$TRASH/with" &&
	rm Zed/MAINTAINERS && maint_file Zed zeD && same &&
	test_grep "p-zeD@" "$TRASH/with" && settle
'

if command -v strace >/dev/null 2>&1; then
	test_expect_success 'nothing changed: no MAINTAINERS or directory is opened' '
		cd "$T" && settle && same &&
		# (a sanitizer build: LeakSanitizer does not run under ptrace)
		ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
		strace -f -e trace=open,openat,lstat,newfstatat,statx \
			-o "$TRASH/trace" "$MAINT" get \
			--notree --nogit --nogit-fallback \
			--find-maintainer-files --maintainer-path=. \
			-f a/x.c >/dev/null &&
		! grep "/MAINTAINERS., O_" "$TRASH/trace" &&
		! grep -E "\"\./[^\"]+\", [^)]*O_DIRECTORY" "$TRASH/trace" &&
		# the lstats shared among threads, where there is a second CPU
		if test "$(nproc)" -gt 1; then
			test "$(grep "\"\./0fill/" "$TRASH/trace" |
				cut -d" " -f1 | sort -u | wc -l)" -gt 1
		fi
	'
else
	test_skip 'nothing changed: no MAINTAINERS or directory is opened' 'no strace'
fi

test_expect_success 'the texts memo truncated, zeroed, too short: the files answer' '
	cd "$T" && settle &&
	maint_file Zed zeE && touch -m -d $OLD Zed/MAINTAINERS &&
	f=$(tmemo) && head -c 300 "$f" >"$f.t" && mv "$f.t" "$f" &&
	same && test_grep "p-zeE@" "$TRASH/with" && settle &&
	f=$(tmemo) && s=$(stat -c %s "$f") && head -c "$s" /dev/zero >"$f" &&
	same && settle &&
	f=$(tmemo) && : >"$f" && same && test_grep "p-zeE@" "$TRASH/with" &&
	settle && maint_file Zed zeF && touch -m -d $OLD Zed/MAINTAINERS &&
	answer "$TRASH/settled" && f=$(tmemo) && lie_texts "$f" &&
	answer "$TRASH/lied" && same && test_grep "p-zeF@" "$TRASH/with" &&
	test_cmp "$TRASH/without" "$TRASH/lied" && settle
'

test_expect_success 'the memo truncated, zeroed, emptied: the walk answers' '
	cd "$T" &&
	maint_file Zed zed2 &&
	f=$(memo) && head -c 100 "$f" >"$f.t" && mv "$f.t" "$f" &&
	same && test_grep "p-zed2@" "$TRASH/with" && settle &&
	rm Zed/MAINTAINERS &&
	f=$(memo) && s=$(stat -c %s "$f") &&
	head -c "$s" /dev/zero >"$f" &&
	same && ! grep -q "p-zed2@" "$TRASH/with" && settle &&
	maint_file Zed zed3 && : >"$(memo)" && same && settle
'

test_expect_success 'the memo a link: not followed, not written through' '
	cd "$T" &&
	f=$(memo) && cp "$f" "$TRASH/memo-copy" && cp "$f" "$TRASH/target" &&
	rm "$f" && ln -s "$TRASH/target" "$f" &&
	same && ! test -L "$f" && test_cmp "$TRASH/memo-copy" "$TRASH/target" &&
	maint_file e e && rm "$f" && ln -s "$TRASH/target" "$f" &&
	same && test_grep "p-e@" "$TRASH/with" && ! test -L "$f" &&
	test_cmp "$TRASH/memo-copy" "$TRASH/target" && settle
'

if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
	test_expect_success 'the memo of another user: not read, replaced' '
	cd "$T" &&
		f=$(memo) && chown nobody "$f" &&
		same && test "$(stat -c %u "$(memo)")" = 0 && settle
	'
	test_expect_success '.git/maint of another user: no memo' '
	cd "$T" &&
		chown nobody .git/maint && was=$(stat -c "%i %y" "$(memo)") &&
		maint_file e e4 && same && test_grep "p-e4@" "$TRASH/with" &&
		test "$(stat -c "%i %y" "$(memo)")" = "$was" &&
		chown 0 .git/maint && settle
	'
else
	test_skip 'the memo of another user: not read, replaced' 'not root'
	test_skip '.git/maint of another user: no memo' 'not root'
fi

# script: the 6.12 script's answer in $T, the lines sorted (its order
# of ties is its hash order's)
script() {
	(cd "$T" && perl "$FIXTURES/get/get_maintainer.pl" --notree --nogit \
		--nogit-fallback --find-maintainer-files --maintainer-path=. \
		-f a/x.c 2>/dev/null) | sort >"$TRASH/script" &&
	sed -n "1,/^exit/p" "$TRASH/with" | sed "\$d" | sort >"$TRASH/maint" &&
	test_cmp "$TRASH/script" "$TRASH/maint"
}

test_expect_success 'a dot directory and a MAINTAINERS link: as the script'"'"'s File::Find and -f' '
	cd "$T" &&
	mkdir -p .dot store ln && maint_file .dot dot &&
	maint_file store linked && mv store/MAINTAINERS store/M.linked &&
	ln -s ../store/M.linked ln/MAINTAINERS &&
	same && script &&
	test_grep "p-dot@" "$TRASH/with" && test_grep "p-linked@" "$TRASH/with" &&
	settle &&
	rm store/M.linked && mkdir store/M.linked &&
	same && script && ! grep -q "p-linked@" "$TRASH/with" &&
	rmdir store/M.linked && maint_file store linked2 &&
	mv store/MAINTAINERS store/M.linked &&
	same && script && test_grep "p-linked2@" "$TRASH/with" && settle
'

test_expect_success 'no .git (a tarball tree): the plain walk' '
	cd "$T" &&
	mv .git "$TRASH/git-aside" &&
	maint_file a/y/c c && same && test_grep "p-c@" "$TRASH/with" &&
	! test -e .git && mv "$TRASH/git-aside" .git && same
'

test_expect_success 'after all that: the memo still answers as the walk' '
	cd "$T" &&
	settle && same && mkdir -p n1/n2/n3 && maint_file n1/n2/n3 deep &&
	rm -rf a/y && same && test_grep "p-deep@" "$TRASH/with" &&
	! grep -q "p-new@" "$TRASH/with"
'

test_expect_success 'out of memory: the answer or out of memory, never a memo that lies' '
	cd "$T" && settle && mkdir -p o1/o2 && maint_file o1/o2 oom &&
	nm "$MAINT" 2>/dev/null | grep -q __asan_init && exit 0
	shim=$TRASH/alloc-fail.so &&
	${CC:-cc} -shared -fPIC -O1 -o "$shim" \
		"$TEST_DIRECTORY/alloc-fail.c" &&
	answer "$TRASH/clean" MAINT_GET_CACHE=0 &&
	rm -rf .git/maint &&
	env LD_PRELOAD="$shim" ALLOC_COUNT="$TRASH/count" "$MAINT" get \
		--notree --nogit --nogit-fallback --find-maintainer-files \
		--maintainer-path=. -f a/x.c >/dev/null &&
	k=$(cat "$TRASH/count") && bad=0 &&
	# odd: the memo made in that run; even: read back (and rewritten)
	for n in $(seq 1 "$k"); do
		[ $((n % 2)) = 1 ] && rm -rf .git/maint
		[ $((n % 4)) = 0 ] && touch o1/o2
		answer "$TRASH/out" "LD_PRELOAD=$shim ALLOC_FAIL_AT=$n" &&
		answer "$TRASH/after" &&
		test_cmp "$TRASH/clean" "$TRASH/after" || bad=$((bad + 1))
		cmp -s "$TRASH/clean" "$TRASH/out" ||
			grep -q "out of memory" "$TRASH/out" || bad=$((bad + 1))
	done &&
	echo "$k allocations, $bad runs wrong" && test $bad = 0
'

test_done
