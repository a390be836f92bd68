#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint get on slices of real histories (t/fixtures/history-real: U-Boot,
# made by t/make-history-slices.sh, provenance in each prov), against
# the answers the 6.12 scripts/get_maintainer.pl gave on the same slice
# (any of the outputs it gave over several hash seeds): files added as
# copies of others (git's --follow takes them back through the source),
# files added twice, the default fallback, --git, --git-blame with and
# without --git-blame-signatures, --git-all-signature-types,
# --git-min-percent, --roles, --norolestats, --nomailmap.  Needs no
# kernel tree.
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
		(cd "$1" && { "$MAINT" get $args 2>/dev/null; echo "exit $?"; } \
			</dev/null) >out.$n
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

test_expect_success 'the U-Boot slice (a bundle) and its provenance' '
	git clone -q -b master "$FIX/uboot/slice.bundle" uboot &&
	test "$(git -C uboot rev-list --count HEAD)" -ge 15 &&
	grep -q "^repo .*u-boot" "$FIX/uboot/prov" &&
	grep -q "^commit [0-9a-f]\{40\}$" "$FIX/uboot/prov" &&
	git -C uboot rev-list HEAD >commits &&
	cut -d" " -f1 "$FIX/uboot/prov" | grep "^[0-9a-f]\{40\}$" |
		sort >prov-commits &&
	sort commits | cmp - prov-commits &&
	git -C uboot log --follow --name-status --format= -- \
		arch/arm/include/asm/arch-omap4/sys_proto.h >follow &&
	test_grep "^C[0-9]*	arch/arm/include/asm/arch-omap5/sys_proto.h" follow
'

test_expect_success 'U-Boot slice, every case, no cache: as the script' '
	MAINT_GET_CACHE=0 check_slice uboot
'

test_expect_success 'U-Boot slice, every case, the cache written then read' '
	rm -rf uboot/.git/maint &&
	check_slice uboot && test -d uboot/.git/maint &&
	check_slice uboot
'

test_done
