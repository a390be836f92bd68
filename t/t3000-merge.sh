#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint merge: the merge driver from the command line and under real
# git merges.
. "$(dirname "$0")/test-lib.sh"

# three versions: both sides add a section at the same place and an F:
# line at the end of the same section: git conflicts, maint does not
cat >base <<'X'
Preamble

AAA DRIVER
M:	Ann <ann@x.org>
S:	Maintained
F:	drivers/aaa/

CCC DRIVER
M:	Cid <cid@x.org>
S:	Maintained
F:	drivers/ccc/
X
cat >ours <<'X'
Preamble

AAA DRIVER
M:	Ann <ann@x.org>
S:	Maintained
F:	drivers/aaa/
F:	include/aaa.h

BBB DRIVER
M:	Bob <bob@x.org>
S:	Supported
F:	drivers/bbb/

CCC DRIVER
M:	Cid <cid@x.org>
S:	Maintained
F:	drivers/ccc/
X
cat >theirs <<'X'
Preamble

AAA DRIVER
M:	Ann <ann@x.org>
S:	Maintained
F:	drivers/aaa/
F:	kernel/aaa.c

BBC DRIVER
M:	Bea <bea@x.org>
S:	Supported
F:	drivers/bbc/

CCC DRIVER
M:	Cid <cid@x.org>
S:	Maintained
F:	drivers/ccc/
X
cat >expect <<'X'
Preamble

AAA DRIVER
M:	Ann <ann@x.org>
S:	Maintained
F:	drivers/aaa/
F:	include/aaa.h
F:	kernel/aaa.c

BBB DRIVER
M:	Bob <bob@x.org>
S:	Supported
F:	drivers/bbb/

BBC DRIVER
M:	Bea <bea@x.org>
S:	Supported
F:	drivers/bbc/

CCC DRIVER
M:	Cid <cid@x.org>
S:	Maintained
F:	drivers/ccc/
X

test_expect_success 'git merge-file conflicts on these (a real conflict for git)' '
	cp ours gm && test_must_fail git merge-file gm base theirs
'

test_expect_success 'maint merge resolves them: result in OURS, exit 0, quiet' '
	cp ours res &&
	maint merge base res theirs >out 2>err &&
	test_cmp expect res &&
	! test -s out && ! test -s err
'

test_expect_success 'BASE and THEIRS are not modified' '
	cp ours res && cp base base.orig && cp theirs theirs.orig &&
	maint merge base res theirs &&
	test_cmp base.orig base && test_cmp theirs.orig theirs
'

test_expect_success 'a real conflict: markers around the section, exit 1' '
	sed "s/^S:\tMaintained/S:\tOdd Fixes/" ours >o2 &&
	sed "s/^S:\tMaintained/S:\tOrphan/" theirs >t2 &&
	test_expect_code 1 maint merge --path=MAINTAINERS base o2 t2 2>err &&
	test_grep "2 conflicts in MAINTAINERS" err &&
	test "$(grep -c "^<<<<<<< ours$" o2)" = 2 &&
	test "$(grep -c "^=======$" o2)" = 2 &&
	test "$(grep -c "^>>>>>>> theirs$" o2)" = 2 &&
	grep -q "^BBB DRIVER" o2 && grep -q "^BBC DRIVER" o2
'

test_expect_success '--marker-size sets the marker length' '
	sed "s/^S:\tMaintained/S:\tOdd Fixes/" ours >o3 &&
	sed "s/^S:\tMaintained/S:\tOrphan/" theirs >t3 &&
	test_expect_code 1 maint merge --marker-size=10 base o3 t3 2>/dev/null &&
	grep -q "^<<<<<<<<<< ours$" o3 && grep -q "^==========$" o3
'

test_expect_success 'removed on one side, changed on the other: conflict' '
	sed "/^CCC DRIVER/,\$d" base >o4 &&
	sed "s/^M:\tCid.*/&\nR:\tRay <ray@x.org>/" base >t4 &&
	test_expect_code 1 maint merge base o4 t4 2>/dev/null &&
	grep -q "^R:	Ray" o4 && grep -q "^<<<<<<< ours$" o4
'

test_expect_success 'removed on one side, untouched on the other: removed' '
	sed "/^CCC DRIVER/,\$d" base | sed "\$d" >o5 &&
	cp base t5 &&
	maint merge base o5 t5 &&
	! grep -q CCC o5
'

test_expect_success 'a file that does not parse falls back to a line merge' '
	printf "A\nM: x\n  odd line\n\nB\nM: y\n" >bb &&
	printf "A\nM: x\n  odd line\n\nB\nM: y\nM: z\n" >bo &&
	printf "A\nM: w\nM: x\n  odd line\n\nB\nM: y\n" >bt &&
	cp bo expect.gm && git merge-file -p bo bb bt >expect.gm &&
	maint merge bb bo bt 2>err &&
	test_grep "odd non-pattern line" err &&
	test_grep "merging it line by line" err &&
	test_cmp expect.gm bo
'

test_expect_success 'a binary file: fallback fails, OURS untouched, exit 2' '
	printf "A\nM: x\n" >nb && printf "A\nM: \000x\n" >no &&
	printf "A\nM: y\n" >nt && cp no no.orig &&
	test_expect_code 2 maint merge nb no nt 2>err &&
	test_grep "binary" err &&
	test_cmp no.orig no
'

test_expect_success 'a missing file: exit 2, OURS untouched' '
	cp ours o6 &&
	test_expect_code 2 maint merge nonexistent o6 theirs 2>err &&
	test_cmp ours o6
'

test_expect_success 'wrong number of files is a usage error' '
	test_expect_code 129 maint merge base ours 2>err &&
	test_grep "usage: maint merge" err
'

# A real repository with the driver installed.
setup_repo() {
	rm -rf repo && mkdir repo && cd repo &&
	git init -q -b main &&
	git config user.name T && git config user.email t@x.org &&
	cp ../base MAINTAINERS && git add MAINTAINERS &&
	git commit -qm base &&
	git checkout -qb topic && cp ../theirs MAINTAINERS &&
	git commit -qam theirs &&
	git checkout -q main && cp ../ours MAINTAINERS &&
	git commit -qam ours
}

test_expect_success 'without the driver, git merge conflicts' '
	setup_repo &&
	test_must_fail git merge -q topic >/dev/null 2>&1 &&
	grep -q "^<<<<<<<" MAINTAINERS
'

test_expect_success 'maint merge --install configures this repository' '
	setup_repo &&
	maint merge --install >out &&
	git config merge.maintainers.driver >drv &&
	test_grep "merge %O %A %B --marker-size=%L --path=%P" drv &&
	test_grep "^MAINTAINERS merge=maintainers$" .git/info/attributes &&
	test_grep "^MAINTAINERS/\* merge=maintainers$" .git/info/attributes &&
	maint merge --install >/dev/null &&
	test "$(grep -c "^MAINTAINERS merge" .git/info/attributes)" = 1
'

test_expect_success 'with the driver, git merge is clean and right' '
	setup_repo && maint merge --install >/dev/null &&
	git merge -q --no-edit topic &&
	test_cmp ../expect MAINTAINERS &&
	git diff --quiet HEAD
'

test_expect_success 'with the driver, a real conflict stops the merge' '
	setup_repo && maint merge --install >/dev/null &&
	git checkout -q topic &&
	sed -i "s/^S:\tMaintained/S:\tOrphan/" MAINTAINERS &&
	git commit -qam "orphan" &&
	git checkout -q main &&
	sed -i "s/^S:\tMaintained/S:\tOdd Fixes/" MAINTAINERS &&
	git commit -qam "odd fixes" &&
	test_must_fail git merge -q --no-edit topic >/dev/null 2>&1 &&
	grep -q "^<<<<<<< ours" MAINTAINERS && grep -q "^BBB DRIVER" MAINTAINERS
'

test_expect_success 'a split MAINTAINERS/ directory merges file by file' '
	rm -rf repo && mkdir repo && cd repo &&
	git init -q -b main && git config user.name T &&
	git config user.email t@x.org &&
	mkdir MAINTAINERS && cp ../base MAINTAINERS/drivers &&
	git add MAINTAINERS && git commit -qm base &&
	git checkout -qb topic && cp ../theirs MAINTAINERS/drivers &&
	git commit -qam theirs && git checkout -q main &&
	cp ../ours MAINTAINERS/drivers && git commit -qam ours &&
	maint merge --install >/dev/null &&
	git merge -q --no-edit topic &&
	test_cmp ../expect MAINTAINERS/drivers
'

test_done
