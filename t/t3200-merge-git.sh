#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The merge driver under real git merge, git rebase and git cherry-pick,
# on a repository holding the kernel's raw 6.1 MAINTAINERS: the branches
# carry real 6.1 -> 6.12 changes (bench/merge-corpus.pl), each placed
# where 6.12 has it; the results must be right (every section and line
# in the gap the branches put it in, no untouched line changed a byte).
# Then the cases issue 10 found, through git.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-merge.sh"
kernel_tree
old_maintainers
CORPUS="perl $SRC_DIR/bench/merge-corpus.pl"
export GIT_AUTHOR_NAME=T GIT_AUTHOR_EMAIL=t@x.org GIT_COMMITTER_NAME=T \
	GIT_COMMITTER_EMAIL=t@x.org GIT_CONFIG_NOSYSTEM=1 HOME=$TRASH

# a repository: main and topic from base, OURS on main, THEIRS on topic
setup() { # BASE OURS THEIRS
	rm -rf repo && git init -q -b main repo && cd repo &&
	maint merge --install >/dev/null &&
	cp "$1" MAINTAINERS && git add MAINTAINERS && git commit -qm base &&
	git checkout -qb topic && cp "$3" MAINTAINERS &&
	git commit -qam theirs &&
	git checkout -q main && cp "$2" MAINTAINERS && git commit -qam ours
}

test_expect_success 'merges from the real changes: pick those git conflicts on' '
	$CORPUS build "$OLD" "$KERNEL/MAINTAINERS" c 40 21 >/dev/null &&
	n=0 && for i in $(seq 2 40); do
		cp c/$i.ours g &&
		git merge-file -q g "$OLD" c/$i.theirs && continue
		n=$((n + 1)) && echo $i >>picked &&
		test $n -lt 8 || break
	done &&
	test $n -ge 5 && cat picked
'

# right OP: the picked merges' results (in r.OP/) checked
right() {
	mkdir -p "r.$1" && cp c/renames "r.$1/" && k=0 &&
	for i in $(cat picked); do
		k=$((k + 1)) &&
		cp c/$i.expected "r.$1/$k.expected" &&
		cp "res.$1.$i" "r.$1/$k.result" || return 1
	done &&
	$CORPUS check "$OLD" "r.$1" $k -v >"r.$1.out" &&
	cat "r.$1.out" &&
	grep -q " maint_conflicts 0 maint_wrong 0 " "r.$1.out"
}

# each OP CMD: CMD (git merge, rebase, cherry-pick) on every picked merge,
# the results to res.OP.N
each() {
	for i in $(cat picked); do
		(setup "$OLD" ../c/$i.ours ../c/$i.theirs && eval "$2" &&
		 cp MAINTAINERS ../res.$1.$i) || return 1
	done
}

test_expect_success 'git merge with the driver: clean, and every change in its place' '
	each merge "git merge -q --no-edit topic && git diff --quiet HEAD" &&
	right merge
'

test_expect_success 'git rebase with the driver: clean and right' '
	each rebase "git checkout -q topic && git rebase -q main" &&
	right rebase
'

test_expect_success 'git cherry-pick with the driver: clean and right' '
	each pick "git cherry-pick topic >/dev/null" &&
	right pick
'

test_expect_success 'cherry-picks plain git applies cleanly: clean and right with the driver too' '
	k=0 && for i in $(seq 2 40); do
		grep -qx $i picked && continue
		k=$((k + 1)) && echo $i >>plain &&
		test $k -lt 5 || break
	done &&
	test $k -ge 3 &&
	mv picked picked.conflicting && mv plain picked &&
	each plain "git cherry-pick topic >/dev/null" &&
	right plain &&
	mv picked.conflicting picked
'

# A section of the raw file to play with
sec() { # HEADER: its lines (header, fields) from the 6.1 file
	awk -v h="$1" '$0 == h { p = 1 } p && /^$/ { exit } p' "$OLD"
}

test_expect_success 'a section added on a branch lands after its anchor, not by sort order' '
	hdr=$(grep -n "^ARM/Mediatek SoC support" "$OLD" | head -1) &&
	test -n "$hdr" &&
	sec "ARM/Mediatek SoC support" | sed "s/^ARM\/Mediatek SoC support/ZZZ TEST SECTION/" >new.sec &&
	awk -v f=new.sec "
		{ print }
		/^ARM\/Mediatek SoC support/ { p = 1 }
		p && /^$/ { while ((getline l < f) > 0) print l; print \"\"; p = 0 }
	" "$OLD" >theirs &&
	sed "s/^F:  *Documentation\/devicetree\/bindings\/mfd\/canaan,k210-sysctl.yaml/&\nF:	include\/dt-bindings\/k210.h/" "$OLD" >ours &&
	setup "$OLD" ../ours ../theirs && git merge -q --no-edit topic &&
	a=$(grep -n "^ARM/Mediatek SoC support" MAINTAINERS | cut -d: -f1) &&
	z=$(grep -n "^ZZZ TEST SECTION" MAINTAINERS | cut -d: -f1) &&
	n=$(sec "ARM/Mediatek SoC support" | wc -l) &&
	test $z = $((a + n + 1)) &&
	grep -q "^F:  *Documentation/devicetree/bindings/mfd/canaan,k210-sysctl.yaml$" MAINTAINERS &&
	grep -A1 "canaan,k210-sysctl.yaml" MAINTAINERS | grep -q "^F:	include/dt-bindings/k210.h"
'

test_expect_success 'a duplicate line removed on both branches (one fix cherry-picked twice): one copy stays' '
	awk "{ print } /^F:.*drivers\/net\/ethernet\/3com\/3c59x.c/ { print }" "$OLD" >base2 &&
	test $(grep -c "3com/3c59x.c" base2) = 2 &&
	rm -rf repo && git init -q -b main repo && cd repo &&
	maint merge --install >/dev/null &&
	cp ../base2 MAINTAINERS && git add MAINTAINERS && git commit -qm base &&
	git checkout -qb fix && awk "/3com\/3c59x.c/ && !d { d = 1; next } { print }" ../base2 >MAINTAINERS &&
	git commit -qam fix &&
	git checkout -qb topic main && git cherry-pick fix >/dev/null &&
	sed -i "s/^S:	Buried alive in reporters/&\nF:	topic\//" MAINTAINERS && git commit -qam topic &&
	git checkout -q main && git cherry-pick fix >/dev/null &&
	sed -i "0,/^L:	netdev@vger.kernel.org/s//&\nL:	main@x.org/" MAINTAINERS && git commit -qam main &&
	git merge -q --no-edit topic &&
	test $(grep -c "3com/3c59x.c" MAINTAINERS) = 1 &&
	grep -q "^F:	topic/" MAINTAINERS && grep -q "^L:	main@x.org" MAINTAINERS
'

test_expect_success 'renamed on one branch, the same header added on the other: one section' '
	sec "3CR990 NETWORK DRIVER" >x.sec &&
	sed "s/^3CR990 NETWORK DRIVER$/3CR990 NETWORK DRIVERS/" "$OLD" >ours &&
	sed "s/^3CR990 NETWORK DRIVER$/3CR990 NETWORK DRIVERS/" x.sec >y.sec &&
	awk -v f=y.sec "{ print } /^3CR990 NETWORK DRIVER\$/ { p = 1 }
		p && /^\$/ { while ((getline l < f) > 0) print l; print \"\"; p = 0 }" "$OLD" |
		sed "s/^S:	Buried alive in reporters/&\nF:	topic\//" >theirs &&
	setup "$OLD" ../ours ../theirs && git merge -q --no-edit topic &&
	test $(grep -c "^3CR990 NETWORK DRIVERS\$" MAINTAINERS) = 1 &&
	! grep -q "^3CR990 NETWORK DRIVER\$" MAINTAINERS &&
	maint format --input MAINTAINERS --output /dev/null
'

test_expect_success 'a branch that empties the file, the other removing a section: clean, empty' '
	sed "/^3CR990 NETWORK DRIVER\$/,/^\$/d" "$OLD" >ours && : >theirs &&
	setup "$OLD" ../ours ../theirs && git merge -q --no-edit topic &&
	! test -s MAINTAINERS
'

test_expect_success 'a real conflict under merge.conflictStyle=diff3: base part, labels' '
	sed "0,/^S:	Odd Fixes\$/s//S:	Orphan/" "$OLD" >ours &&
	sed "0,/^S:	Odd Fixes\$/s//S:	Obsolete/" "$OLD" >theirs &&
	setup "$OLD" ../ours ../theirs &&
	git config merge.conflictStyle diff3 &&
	test_must_fail git merge -q --no-edit topic >out 2>&1 &&
	grep -A7 "^<<<<<<< " MAINTAINERS >block &&
	cat block &&
	grep -q "^S:	Orphan\$" block && grep -q "^||||||| " block &&
	grep -q "^S:	Odd Fixes\$" block && grep -q "^=======\$" block &&
	grep -q "^S:	Obsolete\$" block && grep -q "^>>>>>>> " block &&
	test $(grep -c "^<<<<<<< " MAINTAINERS) = 1 &&
	if git merge-file --help 2>/dev/null | grep -q "%X" ||
	   [ "$(git version | awk "{ split(\$3, v, \".\"); print v[1] * 100 + v[2] }")" -ge 244 ]; then
		grep -q "^<<<<<<< HEAD\$" block && grep -q "^>>>>>>> topic\$" block
	else
		grep -q "^<<<<<<< ours\$" block && grep -q "^>>>>>>> theirs\$" block
	fi &&
	test_expect_code 1 maint check --mpath=MAINTAINERS --fail-on=error >chk 2>/dev/null;
	grep -q "^MAINTAINERS:[0-9]*: error: conflict marker .<<<<<<< .*\[conflict-marker\]" chk
'

test_done
