#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint merge: the merge driver from the command line and under real
# git merges.
. "$(dirname "$0")/test-lib.sh"
# no user or system git config (merge.conflictStyle, say) in the way
GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
export GIT_CONFIG_GLOBAL GIT_CONFIG_NOSYSTEM

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

test_expect_success 'a real conflict it cannot resolve: git'"'"'s own result, exit 1' '
	sed "s/^S:\tMaintained/S:\tOdd Fixes/" ours >o2 &&
	sed "s/^S:\tMaintained/S:\tOrphan/" theirs >t2 &&
	git merge-file -p -L ours -L base -L theirs o2 base t2 >want;
	test_expect_code 1 maint merge --path=MAINTAINERS base o2 t2 2>err &&
	test_grep "conflicts\{0,1\} in MAINTAINERS" err &&
	test_cmp want o2 &&
	grep -q "^BBB DRIVER" o2 && grep -q "^BBC DRIVER" o2
'

test_expect_success 'a resolved conflict next to one left: only that one stays' '
	sed "/^CCC DRIVER/,\$ s/^S:\tMaintained/S:\tOdd Fixes/" ours >o2b &&
	sed "/^CCC DRIVER/,\$ s/^S:\tMaintained/S:\tOrphan/" theirs >t2b &&
	test_expect_code 1 maint merge base o2b t2b 2>err &&
	test "$(grep -c "^<<<<<<< ours$" o2b)" = 1 &&
	sed -n "/^AAA DRIVER/,/^CCC DRIVER/p" o2b >got &&
	sed -n "/^AAA DRIVER/,/^CCC DRIVER/p" expect >want &&
	test_cmp want got &&
	sed -n "/^CCC DRIVER/,\$p" o2b >got &&
	printf "%s\n" "CCC DRIVER" "M:	Cid <cid@x.org>" "<<<<<<< ours" \
		"S:	Odd Fixes" "=======" "S:	Orphan" ">>>>>>> theirs" \
		"F:	drivers/ccc/" >want &&
	test_cmp want got
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

test_expect_success 'a file that does not parse: git'"'"'s line merge where it is clean' '
	printf "A\nM: x\n  odd line\n\nB\nM: y\n" >bb &&
	printf "A\nM: x\n  odd line\n\nB\nM: y\nM: z\n" >bo &&
	printf "A\nM: w\nM: x\n  odd line\n\nB\nM: y\n" >bt &&
	cp bo expect.gm && git merge-file -p bo bb bt >expect.gm &&
	maint merge bb bo bt 2>err &&
	! test -s err &&
	test_cmp expect.gm bo
'

test_expect_success 'another layout (no sections): git'"'"'s line merge, conflicts and all' '
	printf "Ann <a@x.org>\n\tboard1\tARM\n\nBob <b@x.org>\n\tboard2\tARM\n" >lb &&
	printf "Ann <a@x.org>\n\tboard1\tARM\n\nBob <b@x.org>\n\tboard2\tARM\n\nCid <c@x.org>\n\tboard3\tMIPS\n" >lo &&
	printf "Ann <a@x.org>\n\tboard1\tARM\n\nBob <b@x.org>\n\tboard2\tARM\n\nDan <d@x.org>\n\tboard4\tPPC\n" >lt &&
	git merge-file -p -L ours -L base -L theirs lo lb lt >want;
	test_expect_code 1 maint merge lb lo lt 2>err &&
	test_cmp want lo
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

test_expect_success '--diff3: the base part, with the labels given' '
	sed "s/^S:\tMaintained/S:\tOdd Fixes/" ours >o7 &&
	sed "s/^S:\tMaintained/S:\tOrphan/" theirs >t7 &&
	test_expect_code 1 maint merge --diff3 --ours-label=HEAD \
		--base-label="merged common ancestors" --theirs-label=topic \
		base o7 t7 2>/dev/null &&
	sed -n "/^AAA DRIVER/,/^F:/p" o7 >got &&
	printf "%s\n" "AAA DRIVER" "M:	Ann <ann@x.org>" "<<<<<<< HEAD" \
		"S:	Odd Fixes" "||||||| merged common ancestors" \
		"S:	Maintained" "=======" "S:	Orphan" ">>>>>>> topic" \
		"F:	drivers/aaa/" >want &&
	test_cmp want got
'

test_expect_success 'labels git did not fill in (older git: %X) are the defaults' '
	sed "s/^S:\tMaintained/S:\tOdd Fixes/" ours >o8 &&
	sed "s/^S:\tMaintained/S:\tOrphan/" theirs >t8 &&
	test_expect_code 1 maint merge --zdiff3 --ours-label=%X \
		--base-label=%S --theirs-label= base o8 t8 2>/dev/null &&
	grep -q "^<<<<<<< ours$" o8 && grep -q "^||||||| base$" o8 &&
	grep -q "^>>>>>>> theirs$" o8
'

test_expect_success 'merge.conflictStyle from git config: diff3 and zdiff3' '
	rm -rf cfg && git init -q cfg && cp base ours theirs cfg/ && cd cfg &&
	sed "s/^S:\tMaintained/S:\tOdd Fixes/" ours >o9 &&
	sed "s/^S:\tMaintained/S:\tOrphan/" theirs >t9 &&
	cp o9 o9.orig &&
	test_expect_code 1 maint merge base o9 t9 2>/dev/null &&
	! grep -q "^|||||||" o9 &&
	git config merge.conflictStyle diff3 && cp o9.orig o9 &&
	test_expect_code 1 maint merge base o9 t9 2>/dev/null &&
	git merge-file -p -L ours -L base -L theirs o9.orig base t9 >want;
	test_cmp want o9 && grep -q "^||||||| base$" o9 &&
	git config merge.conflictStyle zdiff3 && cp o9.orig o9 &&
	test_expect_code 1 maint merge base o9 t9 2>/dev/null &&
	git merge-file -p -L ours -L base -L theirs o9.orig base t9 >want;
	test_cmp want o9 && grep -q "^||||||| base$" o9
'

test_expect_success 'the raw text is kept: no re-sorting, no re-formatting' '
	printf "P\n\nZZZ\nM:  Zed <z@x.org>\nS:    Maintained\nF: z/\n\nAAA\nM:\tA <a@x.org>\nF:\ta/\n" >rb &&
	sed "s/^F:\ta\//&\nF:\taa\//" rb >ro &&
	sed "s/^F: z\//&\nF:\tzz\//" rb >rt &&
	maint merge rb ro rt &&
	printf "P\n\nZZZ\nM:  Zed <z@x.org>\nS:    Maintained\nF: z/\nF:\tzz/\n\nAAA\nM:\tA <a@x.org>\nF:\ta/\nF:\taa/\n" >want &&
	test_cmp want ro
'

test_expect_success 'empty inputs, THEIRS emptying the file, a preamble only: clean' '
	: >e1 && : >e2 && : >e3 &&
	maint merge e1 e2 e3 && ! test -s e2 &&
	cp base eo && : >et &&
	maint merge base eo et && ! test -s eo &&
	printf "Only a preamble\n" >pb && printf "Only a preamble\nmore\n" >po &&
	printf "Top\nOnly a preamble\n" >pt &&
	maint merge pb po pt && printf "Top\nOnly a preamble\nmore\n" >want &&
	test_cmp want po
'

test_expect_success 'maint check names leftover markers as conflict markers' '
	sed "s/^S:\tMaintained/S:\tOdd Fixes/" ours >MAINTAINERS &&
	sed "s/^S:\tMaintained/S:\tOrphan/" theirs >t10 &&
	test_expect_code 1 maint merge --diff3 base MAINTAINERS t10 2>/dev/null &&
	test_expect_code 1 maint check --mpath=MAINTAINERS >chk 2>/dev/null &&
	cat chk &&
	test "$(grep -c "\[conflict-marker\]$" chk)" = \
		"$(grep -c "^\(<<<<<<< \|||||||| \|=======$\|>>>>>>> \)" MAINTAINERS)" &&
	grep -q "^MAINTAINERS:5: error: conflict marker .<<<<<<< ours. left from a merge \[conflict-marker\]$" chk &&
	! grep -q "odd-line" chk
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
	test_grep "merge %O %A %B --marker-size=%L --path=%P --ours-label=%X --base-label=%S --theirs-label=%Y" drv &&
	test_grep "^attributes written to .*info/attributes" out &&
	test_grep "^MAINTAINERS merge=maintainers$" .git/info/attributes &&
	test_grep "^MAINTAINERS/\* merge=maintainers$" .git/info/attributes &&
	maint merge --install >/dev/null &&
	test "$(grep -c "^MAINTAINERS merge" .git/info/attributes)" = 1
'

test_expect_success '--install quotes the binary path (a space in it)' '
	rm -rf "my bin" && mkdir "my bin" && cp "$MAINT" "my bin/maint" &&
	setup_repo && "../my bin/maint" merge --install >/dev/null &&
	git config merge.maintainers.driver >drv &&
	test_grep "^.*/my bin/maint. merge %O" drv &&
	git merge -q --no-edit topic &&
	test_cmp ../expect MAINTAINERS
'

test_expect_success '--install --attributes writes .gitattributes (and says so)' '
	setup_repo && maint merge --install --attributes >out &&
	test_grep "attributes written to .*/repo/.gitattributes" out &&
	test_grep "^MAINTAINERS merge=maintainers$" .gitattributes &&
	! test -e .git/info/attributes ||
	! grep -q maintainers .git/info/attributes &&
	git add .gitattributes && git commit -qm attributes &&
	git merge -q --no-edit topic &&
	test_cmp ../expect MAINTAINERS
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

# issue 24 item 12
test_expect_success 'merge --install outside git: one line, no fatal: of git' '
	mkdir -p outside &&
	(cd outside && GIT_CEILING_DIRECTORIES=$TRASH \
		test_expect_code 2 maint merge --install 2>../err) &&
	test_grep "not in a git repository" err &&
	! grep -q "^fatal:" err &&
	test "$(wc -l <err)" = 1
'

test_done
