#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# get --unowned and --owner ADDRESS with paths (maint's own options; the
# script has none, so git's conventions, #37 getfix item 3): a path that
# names no file or directory is an error, "pathspec 'X' did not match any
# files" and exit 128 as git says it, with nothing listed; "-" reads the
# paths from standard input as --all - does (not a file named "-");
# from a subdirectory, paths are relative to it and listed as given, its
# "../" and "./" taken out as git takes them out (and so for -f).
# The expected lists come from --all over the same tree (and the fixture
# MAINTAINERS: only THE REST covers kernel/, ACME NETWORK DRIVER is Ann
# Acme's).  Needs no kernel tree.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-gettree.sh"

test_expect_success 'setup: the tree, its files, what --all lists' '
	make_get_tree tree &&
	(cd tree && find drivers kernel include -type f | sort) >files &&
	(cd tree && maint get --unowned --all - <../files) >un.all &&
	(cd tree && maint get --owner ann@acme.example --all - <../files) \
		>own.all &&
	echo kernel/fork.c >un.expect && test_cmp un.expect un.all &&
	echo drivers/net/acme/main.c >own.expect && test_cmp own.expect own.all
'

test_expect_success '--unowned FILE: listed when only THE REST covers it' '
	(cd tree && maint get --unowned kernel/fork.c drivers/net/acme/main.c) \
		>un.out &&
	test_cmp un.expect un.out
'

test_expect_success '--unowned with a path that does not exist: exit 128' '
	(cd tree && test_expect_code 128 maint get --unowned nonexist) \
		>un.none 2>un.err &&
	test ! -s un.none &&
	echo "maint get: pathspec '"'"'nonexist'"'"' did not match any files" \
		>err.expect &&
	test_cmp err.expect un.err &&
	(cd tree && test_expect_code 128 maint get --unowned kernel/fork.c \
		nonexist kernel/nope.c) >un.none 2>un.err &&
	test ! -s un.none &&
	test_grep "pathspec '"'"'kernel/nope.c'"'"' did not match" un.err &&
	test "$(wc -l <un.err)" = 2
'

test_expect_success '--owner ADDRESS with a path that does not exist: exit 128' '
	(cd tree && test_expect_code 128 maint get --owner ann@acme.example \
		drivers/net/acme/main.c drivers/net/acme/gone.c) >own.none \
		2>own.err &&
	test ! -s own.none &&
	test_grep "pathspec '"'"'drivers/net/acme/gone.c'"'"' did not match" own.err
'

test_expect_success '--unowned -, --owner ADDRESS -: the paths of standard input' '
	(cd tree && maint get --unowned - <../files) >un.stdin &&
	test_cmp un.all un.stdin &&
	(cd tree && maint get --owner ann@acme.example - <../files) \
		>own.stdin &&
	test_cmp own.all own.stdin
'

test_expect_success 'from a subdirectory: relative to it, listed as given' '
	(cd tree/kernel && maint get --unowned fork.c ../drivers/net/acme/main.c) \
		>sub.un &&
	echo fork.c >sub.expect && test_cmp sub.expect sub.un &&
	(cd tree/drivers/net && maint get --owner ann@acme.example acme/main.c \
		other/other.c) >sub.own &&
	echo acme/main.c >sub.expect && test_cmp sub.expect sub.own &&
	(cd tree/kernel && test_expect_code 128 maint get --unowned \
		drivers/net/acme/main.c) 2>sub.err &&
	test_grep "pathspec '"'"'drivers/net/acme/main.c'"'"' did not match" sub.err
'

test_expect_success 'get -f from a subdirectory: ../ and ./ in the path too' '
	(cd tree && maint get -f drivers/net/acme/main.c) >top.f &&
	(cd tree/kernel && maint get -f ../drivers/net/acme/main.c) >sub.f &&
	test_cmp top.f sub.f &&
	(cd tree/drivers/net && maint get -f ./acme/../acme/main.c) >sub.f &&
	test_cmp top.f sub.f
'

test_expect_success 'a directory is a path too (the sections covering it)' '
	(cd tree && maint get --unowned kernel drivers/net/acme) >dir.un &&
	echo kernel >dir.expect && test_cmp dir.expect dir.un
'

test_done
