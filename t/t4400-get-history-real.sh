#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint get on slices of real histories (t/fixtures/history-real:
# U-Boot, Xen and coreboot, made by t/make-history-slices.sh, provenance
# in each prov), against the answers the 6.12 scripts/get_maintainer.pl
# gave on the same slice (any of the outputs it gave over several hash
# seeds): files added as copies of others (git's --follow takes them
# back through the source, through two copies in a row, five in
# coreboot's), renames (three in a row), merges, reverts, files added
# twice, a .mailmap, files no F: matches, the default fallback, --git,
# --git-blame with and without its signatures,
# --git-all-signature-types, --git-min-percent, --roles, --norolestats,
# --nomailmap; without a commit-graph (git's walk), with one with
# changed-path Bloom filters (maint's own walk), and from maint's
# history index (its walk on the index).  maint answers as 6.12
# (--generation: no slice holds the script).  Needs no kernel tree.
. "$(dirname "$0")/test-lib.sh"

FIX=$TEST_DIRECTORY/fixtures/history-real

# check_slice NAME: every case of the slice, maint's output one of the
# script's; the differences in ./fails
check_slice() {
	dir=$FIX/$1
	n=0
	: >fails
	while IFS= read -r args; do
		n=$((n + 1))
		# shellcheck disable=SC2086
		(cd "$1" && { "$MAINT" get --generation=6.12 $args 2>/dev/null
			echo "exit $?"; } </dev/null) >out.$n
		ok=
		for e in "$dir/expect/$n".*; do
			cmp -s "$e" out.$n && ok=1
		done
		[ -n "$ok" ] || {
			echo "case $n: $args" >>fails
			diff "$dir/expect/$n.1" out.$n | head -6 >>fails
		}
	done <"$dir/cases"
	echo "$n cases, $(grep -c '^case' fails) different"
	head -40 fails
	test "$n" -ge 80 && ! test -s fails
}

# check_prov NAME: the slice cloned to ./NAME, its commits those of prov
check_prov() {
	git clone -q -b master "$FIX/$1/slice.bundle" "$1" &&
	git -C "$1" rev-list HEAD | sort >commits &&
	grep -q "^commit [0-9a-f]\{40\}$" "$FIX/$1/prov" &&
	cut -d" " -f1 "$FIX/$1/prov" | grep "^[0-9a-f]\{40\}$" |
		sort -u >prov-commits &&
	cmp commits prov-commits
}

test_expect_success 'the U-Boot slice (a bundle) and its provenance' '
	check_prov uboot &&
	test "$(git -C uboot rev-list --count HEAD)" -ge 15 &&
	grep -q "^repo .*u-boot" "$FIX/uboot/prov" &&
	git -C uboot log --follow --name-status --format= -- \
		arch/arm/include/asm/arch-omap4/sys_proto.h >follow &&
	test_grep "^C[0-9]*	arch/arm/include/asm/arch-omap5/sys_proto.h" follow
'

test_expect_success 'the Xen slice: merges, copies, renames, a revert' '
	check_prov xen &&
	grep -q "^repo .*xen" "$FIX/xen/prov" &&
	test "$(git -C xen rev-list --count --merges HEAD)" -ge 1 &&
	git -C xen log --follow --name-status --format= -- \
		automation/build/debian/13-arm64v8.dockerfile >follow &&
	test_grep "^C[0-9]*	automation/build/debian/12-arm64v8.dockerfile" \
		follow &&
	test_grep "^C[0-9]*	automation/build/debian/12-x86_64.dockerfile" \
		follow &&
	git -C xen log --follow --name-status --format= -- \
		xen/lib/guest-strcpy.c >follow &&
	test_grep "^R[0-9]*	xen/common/guestcopy.c" follow &&
	git -C xen log --format=%s -- \
		xen/drivers/cpufreq/cpufreq_ondemand.c >subjects &&
	test_grep "^Revert " subjects
'

test_expect_success 'the coreboot slice: chains of copies and renames, .mailmap' '
	check_prov coreboot &&
	grep -q "^repo .*coreboot" "$FIX/coreboot/prov" &&
	test -s coreboot/.mailmap &&
	git -C coreboot log --follow --name-status --format= -- \
		src/mainboard/google/brox/cfr.c >follow &&
	test "$(grep -c "^C[0-9]*	" follow)" = 5 &&
	test_grep "^C[0-9]*	src/mainboard/topton/adl/cfr.c" follow &&
	git -C coreboot log --follow --name-status --format= -- \
		src/mainboard/google/auron/acpi/platform.asl >follow &&
	test "$(grep -c "^R[0-9]*	" follow)" = 3 &&
	git -C coreboot log --follow --name-status --format= -- \
		src/mainboard/asus/maximus_vii_hero/acpi/superio.asl >follow &&
	test_grep "^C[0-9]*	src/mainboard/apple/i945_macs/acpi/superio.asl" \
		follow &&
	test_grep "^R[0-9]*	src/mainboard/apple/macbook21/acpi/superio.asl" \
		follow
'

for s in U-Boot:uboot Xen:xen coreboot:coreboot; do
	name=${s%%:*} d=${s#*:}
	test_expect_success "$name slice, every case, no cache: as the script" "
		MAINT_GET_CACHE=0 check_slice $d
	"
	test_expect_success "$name slice, every case, the cache written then read" "
		rm -rf $d/.git/maint &&
		check_slice $d && test -d $d/.git/maint &&
		check_slice $d
	"
done

test_expect_success 'all slices with a commit-graph and Bloom filters' '
	for s in uboot xen coreboot; do
		git -C $s commit-graph write --reachable --changed-paths &&
		test -f $s/.git/objects/info/commit-graph || return 1
	done &&
	MAINT_GET_CACHE=0 check_slice uboot &&
	MAINT_GET_CACHE=0 check_slice xen &&
	MAINT_GET_CACHE=0 check_slice coreboot
'

test_expect_success 'all slices with the history index built first' '
	for s in uboot xen coreboot; do
		rm -rf $s/.git/maint &&
		(cd $s && "$MAINT" get --history-index \
			--git-since=1970-01-02 </dev/null) &&
		ls $s/.git/maint/index/pack-* >/dev/null || return 1
	done &&
	check_slice uboot && check_slice xen && check_slice coreboot
'

test_done
