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

test_expect_success 'a bad N: regex fails as in the script, naming its line' '
	cp MAINTAINERS M3 &&
	printf "\nBAD\nM:\tB <b@x.example>\nS:\tMaintained\nN:\t(unclosed\n" >>M3 &&
	test_expect_code 2 maint get --mpath M3 -f drivers/net/acme/main.c \
		>../b.out 2>../b.err &&
	test_grep "M3:[0-9]*: N: regex does not compile: .(unclosed." ../b.err &&
	! test -s ../b.out
'

test_expect_success 'a bad N: regex with a literal the file lacks fails all the same' '
	cp MAINTAINERS M5 &&
	printf "\nBAD\nM:\tB <b@x.example>\nS:\tMaintained\nN:\tfoo(bar\n" >>M5 &&
	test_expect_code 2 maint get --mpath M5 -f drivers/net/acme/main.c \
		>../b5.out 2>../b5.err &&
	test_grep "M5:[0-9]*: N: regex does not compile: .foo(bar." ../b5.err
'

test_expect_success 'a bad K: regex fails on a patch' '
	cp MAINTAINERS M4 &&
	printf "\nBADK\nM:\tK <k@x.example>\nS:\tMaintained\nK:\t[unclosed\n" >>M4 &&
	test_expect_code 2 maint get --mpath M4 acme.patch >../k.out 2>../k.err &&
	test_grep "K: regex does not compile" ../k.err
'

test_expect_success '.get_maintainer.conf options come first' '
	printf "%s\n" "--nol" "--norolestats # a comment" >.get_maintainer.conf &&
	maint get -f drivers/net/acme/main.c >../conf.out &&
	rm .get_maintainer.conf &&
	maint get --nol --norolestats -f drivers/net/acme/main.c >../conf.expect &&
	test_cmp ../conf.expect ../conf.out &&
	! grep -q "(" ../conf.out
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

test_expect_success '--all takes no file, only - for paths on stdin' '
	test_expect_code 2 maint get --all kernel/fork.c 2>../allerr2 &&
	test_grep "^maint get: --all takes no file (or - to read paths)" \
		../allerr2 &&
	test_expect_code 2 maint get --all - - 2>../allerr3 </dev/null &&
	test_grep "takes no file" ../allerr3
'

test_expect_success '--owner lists the sections an address looks after' '
	maint get --owner ann@acme.example >../owner.out &&
	echo "ACME NETWORK DRIVER" >../owner.expect &&
	test_cmp ../owner.expect ../owner.out
'

test_expect_success '--owner --all: the files it looks after (X: honoured)' '
	find drivers/net drivers/gpu kernel -type f | sort >../files &&
	maint get --owner ANN@acme.example --all - <../files >../owned &&
	echo drivers/net/acme/main.c >../owned.expect &&
	test_cmp ../owned.expect ../owned
'

test_expect_success '--unowned: files only THE REST covers' '
	maint get --unowned -f kernel/fork.c drivers/net/acme/main.c >../un &&
	echo kernel/fork.c >../un.expect &&
	test_cmp ../un.expect ../un &&
	maint get --unowned --all - <../files >../un.all &&
	test_cmp ../un.expect ../un.all
'

test_expect_success 'from a subdirectory, paths are relative to it' '
	maint get -f drivers/net/acme/main.c >../top.out &&
	(cd drivers/net && maint get -f acme/main.c) >../sub.out &&
	test_cmp ../top.out ../sub.out &&
	(cd drivers && maint get ../acme.patch) >../subp.out &&
	maint get acme.patch >../topp.out &&
	test_cmp ../topp.out ../subp.out
'

test_expect_success 'git refusing the repository: said once, not hidden' '
	mkdir -p ../fakebin .git &&
	printf "%s\n" "#!/bin/sh" \
		"echo \"fatal: detected dubious ownership in repository at \x27\$PWD\x27\" >&2" \
		"echo \"To add an exception for this directory, call:\" >&2" \
		"exit 128" >../fakebin/git &&
	chmod +x ../fakebin/git &&
	PATH=$PWD/../fakebin:$PATH MAINT_GET_CACHE=0 maint get --git \
		-f drivers/net/acme/main.c >../refused.out 2>../refused.err &&
	rmdir .git &&
	maint get --git -f drivers/net/acme/main.c >../plain.out &&
	test_cmp ../plain.out ../refused.out &&
	test "$(wc -l <../refused.err)" = 1 &&
	test_grep "git refused the repository, no history read: fatal: detected dubious ownership" \
		../refused.err
'

# issue 24 item 12
test_expect_success 'not a patch: maint get: says it; standard input by name' '
	maint get notapatch 2>err >/dev/null &&
	test_grep "^maint get: file .notapatch. doesn.t appear to be a patch" err &&
	maint get </dev/null 2>err >/dev/null &&
	test_grep "^maint get: standard input (empty) doesn.t appear" err &&
	! grep -q "&STDIN" err
'

test_done
