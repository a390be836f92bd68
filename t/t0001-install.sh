#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make install honours PREFIX and DESTDIR; the README's commands exist.
. "$(dirname "$0")/test-lib.sh"

test_expect_success 'make install DESTDIR=... PREFIX=/usr' '
	make -s -C "$SRC_DIR" install DESTDIR="$TRASH/root" PREFIX=/usr &&
	test -x root/usr/bin/maint &&
	test -s root/usr/share/man/man1/maint.1 &&
	test -s root/usr/share/man/man1/maint-format.1 &&
	test -s root/usr/share/man/man1/maint-move.1 &&
	test -s root/usr/share/man/man1/maint-merge.1 &&
	test -s root/usr/share/man/man1/maint-get.1 &&
	test -s root/usr/share/man/man1/maint-split.1 &&
	test -s root/usr/share/man/man1/maint-join.1 &&
	test -s root/usr/share/man/man1/maint-check.1 &&
	root/usr/bin/maint --version
'

test_expect_success 'make uninstall removes what install put there' '
	make -s -C "$SRC_DIR" uninstall DESTDIR="$TRASH/root" PREFIX=/usr &&
	! test -e root/usr/bin/maint &&
	! test -e root/usr/share/man/man1/maint-format.1
'

test_expect_success 'the README starts with the two commands, and they are real' '
	grep "^    " "$SRC_DIR/README.md" | head -2 >cmds &&
	test "$(wc -l <cmds)" = 2 &&
	grep -q "scripts/install-deps.sh && make && ./maint format" cmds &&
	grep -q "make test" cmds &&
	sed -n 1p cmds | sed "s/^    //; s/scripts\/install-deps.sh && make && //" >run &&
	(cd "$SRC_DIR" && sh "$TRASH/run") >out &&
	test_grep "^THE REST" out
'

test_done
