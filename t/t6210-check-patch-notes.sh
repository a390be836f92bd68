#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# check PATCH: notes on where a patch's new files land (only under a
# catch-all: THE REST, or a section whose F: is two or more directories
# above the file) and on F: lines that widen a section (the count of
# files its other F: lines did not list), on patches git format-patch
# makes in a small tree.
. "$(dirname "$0")/test-lib.sh"

GIT="git -c user.name=T -c user.email=t@example.org"

test_expect_success 'the tree' '
	git init -q t && cd t &&
	for f in drivers/net/core.c drivers/net/ethernet/intel/e1000.c \
		 drivers/foo/foo.c drivers/foo/a.c drivers/foo/b.c lib/x.c; do
		mkdir -p "$(dirname "$f")" && echo "/* $f */" >"$f" || exit 1
	done &&
	cat >MAINTAINERS <<-\IN &&
	FOO DRIVER
	M:	F <f@example.org>
	S:	Maintained
	F:	drivers/foo/foo.c

	INTEL ETHERNET
	M:	I <i@example.org>
	S:	Supported
	F:	drivers/net/ethernet/intel/

	NETWORKING DRIVERS
	M:	N <n@example.org>
	S:	Maintained
	F:	drivers/net/

	THE REST
	M:	L <l@example.org>
	S:	Buried alive in reporters
	F:	*
	F:	*/
	IN
	git add -A && $GIT commit -qm tree
'

# patch NAME FILE...: a format-patch of a commit adding the files
patch() {
	(cd t && name=$1 && shift &&
	 for f in "$@"; do
		mkdir -p "$(dirname "$f")" && echo "/* new */" >>"$f" || exit 1
	 done &&
	 git add -A && $GIT commit -qm "$name" &&
	 git format-patch -1 --stdout >"../$name.patch" &&
	 git reset -q --hard HEAD~1 && git clean -qfd)
}

test_expect_success 'new files under a catch-all only: a note each' '
	patch new drivers/net/ethernet/acme/foo/acme.c lib/new/y.c \
		drivers/net/ethernet/intel/igx/igx.c drivers/net/phy.c &&
	(cd t && maint check ../new.patch >../out) &&
	cat >expect <<-\EOF &&
	MAINTAINERS:11: note: new file '\''drivers/net/ethernet/acme/foo/acme.c'\'' falls only under a catch-all: '\''NETWORKING DRIVERS'\'', '\''THE REST'\'' [catch-all]
	MAINTAINERS:16: note: new file '\''lib/new/y.c'\'' falls only under a catch-all: '\''THE REST'\'' [catch-all]
	EOF
	test_cmp expect out
'

test_expect_success 'an F: that widens a section: the files gained' '
	(cd t && sed -i "s|^F:\tdrivers/foo/foo.c|F:\tdrivers/foo/\n&|" MAINTAINERS &&
	 $GIT commit -qam widen && git format-patch -1 --stdout >../widen.patch &&
	 git reset -q --hard HEAD~1 &&
	 maint check ../widen.patch >../out) &&
	echo "MAINTAINERS:4: note: F: '\''drivers/foo/'\'' widens '\''FOO DRIVER'\'' by 2 files its other F: lines do not list (e.g. drivers/foo/a.c) [widened]" >expect &&
	test_cmp expect out
'

test_expect_success 'a new single-file F: is no widening' '
	(cd t && sed -i "s|^F:\tdrivers/foo/foo.c|F:\tdrivers/foo/a.c\n&|" MAINTAINERS &&
	 $GIT commit -qam one && git format-patch -1 --stdout >../one.patch &&
	 git reset -q --hard HEAD~1 &&
	 maint check ../one.patch >../out) &&
	! test -s out
'

test_done
