#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Paths of 100,000 components (issue 21, item 9 and defect 10): export
# --format=codeowners and json, and get --all, take time linear in the
# depth (every '/' prefix of a path was hashed again: 16 s and more),
# and answer at depth 100,000 what they answer at depth 3 (the repeated
# "a/" written as one DEEP/).  get in a working directory deeper than
# 4,096 bytes (PATH_MAX; #37 getfix item 2): the tree's top found from
# below it, and the answer the same as in a shallow tree.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-gettree.sh"

# deep N: a MAINTAINERS whose F:/X: patterns are N directories deep,
# M.N, and a file below them, f.N
deep() {
	perl -e '
		my $n = shift; my $p = "a/" x $n;
		print "THE SECTION\nM:\tA <a\@x.example>\nS:\tMaintained\n",
		      "F:\t$p\nF:\t${p}x.c\nF:\t${p}*.h\nX:\t${p}b/\n\n",
		      "OTHER\nM:\tB <b\@x.example>\nS:\tMaintained\n",
		      "F:\t${p}c/\nN:\tx\\.c\$\n";
		open(my $f, ">", "f.$n") or die;
		print $f "${p}x.c\n${p}c/y.h\n${p}b/z.c\n";
	' "$1" >"M.$1"
}

# shallow FILE: the repeated a/ as one DEEP/
shallow() {
	perl -pe 's{(?:a/){2,}}{DEEP/}g; s{M\.\d+}{M}g' "$1"
}

test_expect_success 'setup: depth 3 and 100,000' '
	deep 3 && deep 100000 &&
	test "$(head -c 1000000 M.100000 | wc -c)" -gt 800000
'

for what in "export --format=codeowners" "export --format=json"; do
	test_expect_success "$what at depth 100,000: quick, the same lines" '
		maint $what --tree= --input M.3 >out.3 2>err.3 &&
		timeout 10 maint $what --tree= --input M.100000 \
			>out.100000 2>err.100000 &&
		shallow out.3 >s.3 && shallow out.100000 >s.100000 &&
		test_cmp s.3 s.100000 &&
		shallow err.3 >e.3 && shallow err.100000 >e.100000 &&
		test_cmp e.3 e.100000
	'
done

test_expect_success 'get --all at depth 100,000: quick, the same answers' '
	maint get --notree --nogit --nogit-fallback --mpath M.3 --all - \
		<f.3 >get.3 &&
	timeout 10 maint get --notree --nogit --nogit-fallback \
		--mpath M.100000 --all - <f.100000 >get.100000 &&
	shallow get.3 >g.3 && shallow get.100000 >g.100000 &&
	test_cmp g.3 g.100000 &&
	grep -q "b@x.example" g.3
'

test_expect_success 'get in a directory 6,000 bytes deep: the same answers' '
	make_get_tree shallow &&
	long=$(printf "d%.0s" $(seq 1 99)) && mkdir deep && (
		cd deep &&
		for i in $(seq 1 60); do
			mkdir $long && cd $long || exit 1
		done &&
		test "$(pwd | wc -c)" -gt 6000 &&
		make_get_tree tree &&
		(cd tree/drivers/net/acme && maint get -f main.c &&
		 maint get --git -f ../other/other.c) >"$TRASH/deep.sub" &&
		(cd tree && maint get -f drivers/net/acme/main.c) \
			>"$TRASH/deep.top"
	) &&
	(cd shallow/drivers/net/acme && maint get -f main.c &&
	 maint get --git -f ../other/other.c) >shallow.sub &&
	(cd shallow && maint get -f drivers/net/acme/main.c) >shallow.top &&
	test_cmp shallow.sub deep.sub && test_cmp shallow.top deep.top &&
	test_grep "^Ann Acme <ann@acme.example>" deep.sub
'

test_done
