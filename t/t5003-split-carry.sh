#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint split --carry (issue #24 item 9): a change made to the 6.12
# MAINTAINERS before the split, carried onto the split directory: each
# section's change in the file that now holds it, new sections where
# the split puts them, code left alone.  The result joins to what
# maint format makes of the changed file.
. "$(dirname "$0")/test-lib.sh"
kernel_tree

test_expect_success 'the 6.12 split, and a change queued before it' '
	cp "$KERNEL/MAINTAINERS" MAINTAINERS.orig &&
	maint split --by=dir --input=MAINTAINERS.orig --outdir=M >/dev/null &&
	cp -r M M.before &&
	python3 - <<-\PY &&
	s = open("MAINTAINERS.orig").read()
	s = s.replace("ADXL313 THREE-AXIS DIGITAL ACCELEROMETER DRIVER\nM:",
		"ADXL313 THREE-AXIS DIGITAL ACCELEROMETER DRIVER\n"
		"R:\tNew Reviewer <new@example.org>\nM:", 1)
	i = s.index("ADXL34X THREE-AXIS")
	s = (s[:i] + "ADXL320 NEW ACCELEROMETER DRIVER\n"
		"M:\tNew Person <np@example.org>\nL:\tlinux-iio@vger.kernel.org\n"
		"S:\tMaintained\nF:\tdrivers/iio/accel/adxl320.c\n\n" + s[i:])
	i = s.index("3C59X NETWORK DRIVER\n")
	s = s[:i] + s[s.index("\n\n", i) + 2:]
	s = s.replace("8169 10/100/1000 GIGABIT ETHERNET DRIVER\nM:",
		"8169 10/100/1000 GIGABIT ETHERNET DRIVER\n"
		"M:\tNew Netdev <nn@example.org>\nM:", 1)
	open("MAINTAINERS.new", "w").write(s)
	PY
	{ diff -u MAINTAINERS.orig MAINTAINERS.new |
		sed "1s|.*|--- a/MAINTAINERS|;2s|.*|+++ b/MAINTAINERS|" &&
	  printf "%s\n" "diff --git a/drivers/iio/accel/adxl320.c b/drivers/iio/accel/adxl320.c" \
		"new file mode 100644" "--- /dev/null" \
		"+++ b/drivers/iio/accel/adxl320.c" "@@ -0,0 +1 @@" "+int x;"
	} >queued.patch &&
	test "$(grep -c "^@@" queued.patch)" = 4
'

test_expect_success '--carry: each hunk to the file holding its section' '
	maint split --carry=queued.patch --input=M >out 2>err &&
	test_grep "^3 MAINTAINERS hunks carried: 2 files of M written" out &&
	test_grep "drivers/iio/accel/adxl320.c: not MAINTAINERS, left alone" err &&
	test_grep "new section .ADXL320 NEW ACCELEROMETER DRIVER.: to M/drivers_iio" err &&
	test_grep "section .3C59X NETWORK DRIVER.: removed from M/drivers_net" err &&
	diff -r M.before M >changed || :
	test "$(grep -c "^diff -r" changed)" = 2 &&
	grep -q "^> R:	New Reviewer" changed &&
	maint join M >joined &&
	maint format --input MAINTAINERS.new --output expect &&
	test_cmp expect joined &&
	maint format --check --input M
'

test_expect_success '--carry of what is already there: nothing to carry' '
	cp -r M M.after &&
	test_expect_code 1 maint split --carry=queued.patch --input=M 2>err &&
	test_grep "error: MAINTAINERS hunk @@ -67,13 +67,6 @@ does not apply" err &&
	diff -r M.after M
'

test_expect_success '--carry of a topic branch: git format-patch --stdout' '
	rm -rf M && cp -r M.before M &&
	git init -q -b master g && cp MAINTAINERS.orig g/MAINTAINERS &&
	(cd g && git add MAINTAINERS &&
	 git -c user.name=T -c user.email=t@example.org commit -qm base &&
	 git checkout -q -b topic &&
	 sed -i "s/^M:\tSteffen Klassert <klassert@kernel.org>/M:\tSK <sk@example.org>/" \
		MAINTAINERS &&
	 git -c user.name=T -c user.email=t@example.org commit -qam one &&
	 sed -i -e "/^M:\tSK <sk@example.org>/a R:\tSecond <second@example.org>" \
		-e "/^ADXL313 THREE-AXIS/a R:\tThird <third@example.org>" \
		MAINTAINERS &&
	 git -c user.name=T -c user.email=t@example.org commit -qam two &&
	 git format-patch -q --stdout master..topic) >topic.mbox &&
	maint split --carry=- --input=M <topic.mbox >out &&
	test_grep "^3 MAINTAINERS hunks carried: 2 files of M written" out &&
	maint join M >joined &&
	maint format --input g/MAINTAINERS --output expect &&
	test_cmp expect joined
'

test_expect_success 'merging a pre-split branch: the documented way out' '
	git init -q -b master mg && cd mg &&
	printf "A\nM:\ta@x\nF:\ta/\n\nB\nM:\tb@x\nF:\tb/\n" >MAINTAINERS &&
	echo code >c.c && git add -A &&
	git -c user.name=T -c user.email=t@x commit -qm base &&
	git checkout -q -b topic &&
	sed -i "s/^M:\tb@x/M:\tb2@x/" MAINTAINERS && echo code2 >c.c &&
	git -c user.name=T -c user.email=t@x commit -qam topic &&
	git checkout -q master && git rm -q MAINTAINERS &&
	mkdir MAINTAINERS &&
	printf "A\nM:\ta@x\nF:\ta/\n" >MAINTAINERS/one &&
	printf "B\nM:\tb@x\nF:\tb/\n" >MAINTAINERS/two &&
	git add MAINTAINERS &&
	git -c user.name=T -c user.email=t@x commit -qm split &&
	test_must_fail git -c user.name=T -c user.email=t@x merge topic \
		>../merge.out 2>&1 &&
	test -f MAINTAINERS~topic &&
	git diff $(git merge-base HEAD MERGE_HEAD) MERGE_HEAD -- MAINTAINERS |
		maint split --carry=- >../carry.out &&
	git rm -q MAINTAINERS~topic && git add MAINTAINERS &&
	git -c user.name=T -c user.email=t@x commit -qm merged &&
	printf "B\nM:\tb2@x\nF:\tb/\n" >../two.expect &&
	test_cmp ../two.expect MAINTAINERS/two &&
	test "$(cat c.c)" = code2 && test -z "$(git status --porcelain)"
'

test_expect_success '--carry needs the split directory' '
	test_expect_code 2 maint split --carry=queued.patch \
		--input=MAINTAINERS.orig 2>err &&
	test_grep "is not a directory" err
'

test_done
