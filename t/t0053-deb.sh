#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The Debian package: scripts/build-deb.sh builds it with
# dpkg-buildpackage -us -uc -b from a copy in a temporary directory (the
# work tree and its parent directory stay as they were, the copy is
# removed); lintian reports
# no error, and every other tag it reports is explained in
# debian/README.source; apt-get install ./maint_*.deb gives a working
# /usr/bin/maint with its version, man pages and completions
# (debian/tests/smoke, and debian/tests/kernel-tree when Debian's
# linux-source-6.12 is installed); removing it leaves nothing behind.
# The test suite already ran, so the package is built with nocheck (once
# in CI: this is the build).  Needs root (apt-get); skips without the
# tools unless MAINT_NEED_DEB=1.
. "$(dirname "$0")/test-lib.sh"

need() {
	if [ "${MAINT_NEED_DEB:-0}" = 1 ]; then
		echo "1..1"
		echo "not ok 1 - $1 (scripts/install-deps.sh)"
		exit 1
	fi
	skip_all "$1"
}
# not inside the package's own build (debian/rules runs the suite), nor
# in CI's second pass under the sanitizers (the package is built once)
[ -z "${MAINT_PACKAGE_BUILD:-}" ] || skip_all "inside a package build"
[ -z "${MAINT_SKIP_DEB:-}" ] || skip_all "MAINT_SKIP_DEB: built once already"
for prog in dpkg-buildpackage dh lintian apt-get fakeroot; do
	command -v $prog >/dev/null || need "$prog not installed"
done
[ "$(id -u)" = 0 ] || need "apt-get install needs root"
if dpkg-query -W -f='${Status}' maint 2>/dev/null | grep -q "ok installed"; then
	need "a maint package is installed already; not replacing it"
fi

# what the nested build must not see: the suite's own settings
unset MAINT_NEED_KERNEL MAINT_NEED_DEB MAINT_NEED_FUZZ MAINT_VERSION
APT="apt-get -y -q -o DPkg::Lock::Timeout=600"
export DEBIAN_FRONTEND=noninteractive

DEB_BUILD_OPTIONS=${DEB_BUILD_OPTIONS:-}
installed=
cleanup() {
	[ -n "$installed" ] && $APT purge maint >/dev/null 2>&1
	:
}
trap cleanup EXIT

version=$(sed -n '1s/^maint (\([^)]*\)).*/\1/p' "$SRC_DIR/debian/changelog")

state() {
	# the other tests' trash directories come and go meanwhile (prove
	# -j2); git lists an ignored directory despite the pathspec
	(cd "$SRC_DIR" && git status --porcelain --ignored -- . ':!t/trash.*' \
		2>/dev/null) | grep -v "^!! t/trash\." >"$1.status"
	# beside it: what dpkg-buildpackage writes there, PACKAGE_VERSION*
	# (maint_*.deb, .changes, .buildinfo, maint-dbgsym_*.ddeb: a Debian
	# package name, then "_"), not the rest of a shared parent such as
	# /tmp, where other processes' temporaries come and go meanwhile
	# (maint merge's maint-merge-XXXXXX: mktemp's names have no "_")
	ls -a "$(dirname "$SRC_DIR")" | grep -E "^maint[a-z0-9.+-]*_" \
		>"$1.parent" || :
}

test_expect_success 'dpkg-buildpackage -us -uc -b builds maint_VERSION_ARCH.deb' '
	test -n "$version" &&
	state before &&
	mkdir tmp &&
	TMPDIR=$TRASH/tmp DEB_BUILD_OPTIONS="nocheck $DEB_BUILD_OPTIONS" \
		"$SRC_DIR/scripts/build-deb.sh" out >build.log 2>&1 ||
		{ tail -40 build.log; exit 1; }
	arch=$(dpkg --print-architecture) &&
	test -s "out/maint_${version}_$arch.deb" &&
	test -s "out/maint_${version}_$arch.changes"
'

# its temporary copy (in $TMPDIR, a test's own here) is gone too
test_expect_success 'the build wrote nothing into the work tree or beside it' '
	state after &&
	test_cmp before.status after.status &&
	test_cmp before.parent after.parent &&
	ls -A tmp >tmp.left && test_cmp /dev/null tmp.left
'

test_expect_success 'the package holds the program, man pages, completions, docs' '
	dpkg-deb -c out/maint_*.deb | awk "{print \$6}" >contents &&
	for f in ./usr/bin/maint ./usr/share/man/man1/maint-get.1.gz \
		./usr/share/man/man1/maint-join.1.gz \
		./usr/share/bash-completion/completions/maint \
		./usr/share/zsh/vendor-completions/_maint \
		./usr/share/doc/maint/copyright \
		./usr/share/doc/maint/README.Debian \
		./usr/share/doc/maint/examples/pre-commit; do
		test_grep "^$f\$" contents || exit 1
	done &&
	dpkg-deb -f out/maint_*.deb Version >v &&
	echo "$version" >expect && test_cmp expect v
'

test_expect_success 'lintian: no errors; every other tag explained in README.source' '
	lintian --pedantic --info --no-tag-display-limit \
		out/maint_*.changes >lintian.out 2>lintian.err || :
	cat lintian.out &&
	! grep "^E: " lintian.out &&
	grep -o "^[WIPX]: maint[^ ]*: [a-z0-9-]*" lintian.out |
		sed "s/.*: //" | sort -u >tags &&
	while read -r tag; do
		grep -q -- "$tag" "$SRC_DIR/debian/README.source" ||
			{ echo "unexplained lintian tag: $tag"; exit 1; }
	done <tags
'

test_expect_success 'apt-get install ./maint_*.deb' '
	(cd out && $APT install ./maint_*.deb) >install.log 2>&1 ||
		{ cat install.log; exit 1; }
	installed=1 &&
	dpkg -L maint >files &&
	test_grep "^/usr/bin/maint\$" files
'
dpkg-query -W -f='${Status}' maint 2>/dev/null | grep -q "ok installed" &&
	installed=1

test_expect_success 'the installed maint works, says the package version' '
	test "$(command -v maint)" = /usr/bin/maint ||
		PATH=/usr/bin:$PATH /usr/bin/maint --version &&
	/usr/bin/maint --version >out.version &&
	echo "maint version $version" >expect &&
	test_cmp expect out.version &&
	/usr/bin/maint format --order --input "$EXAMPLES/MAINTAINERS" \
		--output - >fmt &&
	test_grep "^THE REST" fmt
'

test_expect_success 'man maint-get, from the installed pages' '
	test "$(man -w maint-get)" = /usr/share/man/man1/maint-get.1.gz &&
	MANWIDTH=80 man maint-get >page 2>err &&
	test_grep "maint get" page &&
	MANWIDTH=80 man maint-join >page &&
	test_grep "maint join" page
'

test_expect_success 'bash completion from the installed file' '
	bash -c "
		. /usr/share/bash-completion/completions/maint
		COMP_WORDS=(maint ge); COMP_CWORD=1; _maint
		printf \"%s\n\" \"\${COMPREPLY[@]}\"
		COMP_WORDS=(maint get --git-s); COMP_CWORD=2; _maint
		printf \"%s\n\" \"\${COMPREPLY[@]}\"
	" >comp &&
	test_grep "^get\$" comp &&
	test_grep "^--git-since\$" comp
'

test_expect_success 'debian/tests/smoke (autopkgtest) on the installed package' '
	mkdir smoke &&
	PATH=/usr/bin:/bin AUTOPKGTEST_TMP=$TRASH/smoke \
		sh "$SRC_DIR/debian/tests/smoke" >smoke.out 2>&1 ||
		{ cat smoke.out; exit 1; }
	test_grep "smoke: ok" smoke.out
'

if ls /usr/src/linux-source-6.12*.tar.xz >/dev/null 2>&1; then
	test_expect_success 'debian/tests/kernel-tree (autopkgtest) against 6.12' '
		mkdir kt &&
		AUTOPKGTEST_TMP=$TRASH/kt sh "$SRC_DIR/debian/tests/kernel-tree" \
			>kt.out 2>&1 || { cat kt.out; exit 1; }
		rm -rf kt &&
		test_grep "get -f: the same" kt.out
	'
else
	test_skip 'debian/tests/kernel-tree (autopkgtest) against 6.12' \
		'linux-source-6.12 not installed'
fi

test_expect_success 'apt-get purge maint leaves nothing behind' '
	$APT purge maint >purge.log 2>&1 || { cat purge.log; exit 1; }
	installed= &&
	! dpkg-query -W -f="\${Status}" maint 2>/dev/null | grep -q "ok installed" &&
	while read -r f; do
		[ "$f" = /. ] && continue
		[ -d "$f" ] && [ ! -L "$f" ] && continue
		! test -e "$f" && ! test -L "$f" || { echo "left: $f"; exit 1; }
	done <files &&
	! test -e /usr/share/doc/maint &&
	! test -e /usr/share/zsh/vendor-completions/_maint
'
dpkg-query -W -f='${Status}' maint 2>/dev/null | grep -q "ok installed" ||
	installed=

test_done
