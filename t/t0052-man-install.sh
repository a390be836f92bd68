#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Every installed man page reads with man -l, the pages that are ".so"
# stubs in doc/ included.
. "$(dirname "$0")/test-lib.sh"

command -v man >/dev/null || {
	[ "${MAINT_NEED_KERNEL:-0}" = 1 ] && {
		echo "1..1"
		echo "not ok 1 - man not installed (scripts/install-deps.sh)"
		exit 1
	}
	skip_all "man not installed"
}

test_expect_success 'make install DESTDIR=...' '
	make -s -C "$SRC_DIR" install DESTDIR="$TRASH/root" PREFIX=/usr &&
	ls root/usr/share/man/man1 >pages &&
	test_grep "^maint-join.1\$" pages &&
	test_grep "^maint-move.1\$" pages
'

test_expect_success 'no installed page is a .so stub that man -l cannot follow' '
	for p in root/usr/share/man/man1/*.1; do
		! grep -q "^\.so " "$p" || { echo "stub: $p"; exit 1; }
	done
'

test_expect_success 'man -l reads every page (from another directory)' '
	for p in "$TRASH"/root/usr/share/man/man1/*.1; do
		name=$(basename "$p" .1) &&
		(cd / && MANWIDTH=80 man -l "$p") >out 2>err &&
		! test -s err &&
		test "$(wc -l <out)" -gt 10 &&
		grep -A2 "^NAME" out | grep -q -e "$name" ||
		{ echo "page $p:"; head -5 out; cat err; exit 1; }
	done
'

test_expect_success 'maint-join and maint-move describe their commands' '
	(cd / && MANWIDTH=80 man -l "$TRASH/root/usr/share/man/man1/maint-join.1") >out &&
	test_grep "maint join" out &&
	(cd / && MANWIDTH=80 man -l "$TRASH/root/usr/share/man/man1/maint-move.1") >out &&
	test_grep "maint move" out
'

test_expect_success 'make uninstall removes the links too' '
	make -s -C "$SRC_DIR" uninstall DESTDIR="$TRASH/root" PREFIX=/usr &&
	! test -e root/usr/share/man/man1/maint-join.1 &&
	! test -L root/usr/share/man/man1/maint-move.1 &&
	! test -e root/usr/share/bash-completion/completions/maint
'

# issue 24 item 12
test_expect_success 'in the source tree: man -l doc/maint-move.1, maint-join.1' '
	(cd "$SRC_DIR" && MANWIDTH=80 man -l doc/maint-move.1) >out 2>err &&
	test_grep "maint move" out && ! test -s err &&
	(cd "$SRC_DIR/doc" && MANWIDTH=80 man -l maint-join.1) >out 2>err &&
	test_grep "maint join" out && ! test -s err &&
	MANWIDTH=80 man -l "$SRC_DIR/doc/maint.1" >out &&
	sed -n "/^SEE ALSO/,\$p" out | grep -q "maint-join(1)"
'

test_done
