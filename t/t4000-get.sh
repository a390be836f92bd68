#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint get on a small tree, against golden outputs that are
# get_maintainer.pl's own (t/fixtures/get/expect/NN.out, made with the
# 6.12 script; t4100 checks them again against the script).
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-gettree.sh"

make_get_tree tree
cd tree || exit 1

for args_file in "$FIXTURES"/get/expect/*.args; do
	n=$(basename "$args_file" .args)
	args=$(cat "$args_file")
	test_expect_success "get $args" '
		(eval "maint get $args" >../out.$n 2>../err.$n;
		 echo "exit $?" >>../out.$n) </dev/null &&
		test_cmp "$FIXTURES/get/expect/$n.out" ../out.$n
	'
done

test_expect_success 'a patch on standard input' '
	maint get <acme.patch >../stdin.out &&
	head -n -1 "$FIXTURES/get/expect/24.out" >../stdin.expect &&
	test_cmp ../stdin.expect ../stdin.out
'

test_expect_success 'outside a kernel tree: exit 2 and a message' '
	(cd .. && test_expect_code 2 maint get -f x 2>err) &&
	test_grep "does not appear to be a linux kernel source tree" ../err
'

test_expect_success '--notree works below the top of the tree' '
	(cd drivers && maint get --notree --mpath ../MAINTAINERS \
		-f net/acme/main.c >../../notree.out) &&
	grep -q "^linux-kernel@vger.kernel.org (open list)" ../notree.out
'

test_expect_success 'not a patch: a warning and no answer' '
	echo "hello" >notapatch &&
	maint get notapatch >../np.out 2>../np.err &&
	test_grep "doesn.t appear to be a patch" ../np.err &&
	! test -s ../np.out
'

test_expect_success 'a hostile N: regex stops at the match limit' '
	cp MAINTAINERS M2 &&
	printf "\nHOSTILE\nM:\tH <h@x.example>\nS:\tMaintained\nN:\t(a|aa)+\$\n" >>M2 &&
	mkdir -p drivers/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab &&
	f=drivers/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab/x.c && echo >$f &&
	timeout 20 maint get --mpath M2 -f $f >../h.out &&
	grep -q "^linux-kernel@vger.kernel.org (open list)" ../h.out &&
	! grep -q h@x.example ../h.out
'

test_expect_success 'a bad N: regex is ignored like a non-matching one' '
	cp MAINTAINERS M3 &&
	printf "\nBAD\nM:\tB <b@x.example>\nS:\tMaintained\nN:\t(unclosed\n" >>M3 &&
	maint get --mpath M3 -f drivers/net/acme/main.c >../b.out &&
	! grep -q b@x.example ../b.out
'

test_expect_success 'a truncated patch still names its files' '
	head -n 12 acme.patch >trunc.patch &&
	maint get trunc.patch >../t.out &&
	grep -q "Ann Acme" ../t.out
'

test_expect_success '--all - answers each path as --nomultiline -f does' '
	printf "%s\n" drivers/net/acme/main.c drivers/net/acme/legacy/old.c \
		kernel/fork.c drivers/gpu/tegra/tegra_drm.c \
		Documentation/devicetree/bindings/net/acme,eth.yaml >paths &&
	maint get --all - <paths >../all.out &&
	while read -r f; do
		maint get --nomultiline -f "$f" | sed "s|^|$f\t|"
	done <paths >../one.out &&
	test_cmp ../one.out ../all.out
'

test_expect_success '--all outside a git work tree needs paths on stdin' '
	GIT_CEILING_DIRECTORIES=$TRASH test_expect_code 2 maint get --all \
		2>../allerr </dev/null &&
	test_grep "git ls-files failed" ../allerr
'

test_done
