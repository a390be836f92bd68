#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint split / maint join on the shipped example: every strategy, the
# round trip, and bad input.
. "$(dirname "$0")/test-lib.sh"

M=$EXAMPLES/MAINTAINERS

test_expect_success 'format of the example, for the round trips' '
	maint format --input "$M" --output formatted
'

for by in dir list tree; do
	test_expect_success "split --by=$by --min=1, join: what format writes" '
		maint split --by=$by --min=1 --input "$M" --outdir out-$by >table &&
		test_grep "^total" table &&
		maint join out-$by >joined &&
		test_cmp formatted joined &&
		for f in $(find out-$by -type f); do
			maint format --check --input "$f" || exit 1
		done
	'
done

test_expect_success 'by dir: keys of one or two directories, the rest' '
	ls out-dir >files &&
	printf "%s\n" Documentation_ABI Documentation_networking MAINTAINERS \
		arch drivers_gpu drivers_media drivers_net include_net >expect &&
	test_cmp expect files &&
	grep -q "^THE REST" out-dir/MAINTAINERS &&
	head -1 out-dir/MAINTAINERS | grep -q "^List of maintainers"
'

test_expect_success 'by list: the list names without linux-' '
	test -f out-list/netdev && test -f out-list/wireless &&
	test -f out-list/tegra && test -f out-list/amd-gfx &&
	grep -q "^802.11" out-list/wireless
'

test_expect_success 'by tree: a MAINTAINERS file where a section'"'"'s files all are' '
	(cd out-tree && find . -type f | sort) >files &&
	printf "%s\n" ./MAINTAINERS \
		./drivers/media/cec/platform/tegra/MAINTAINERS >expect &&
	test_cmp expect files &&
	grep -q "^ARM/TEGRA HDMI CEC" out-tree/drivers/media/cec/platform/tegra/MAINTAINERS &&
	! grep -q "^ARM/TEGRA HDMI CEC" out-tree/MAINTAINERS
'

test_expect_success '--min puts small groups in the rest' '
	maint split --by=dir --input "$M" --outdir big >/dev/null &&
	test "$(ls big)" = MAINTAINERS &&
	maint join big >joined2 && test_cmp formatted joined2
'

test_expect_success 'split is deterministic' '
	maint split --by=list --min=1 --input "$M" --outdir again >/dev/null &&
	diff -r out-list again
'

test_expect_success '--rules: sections to named files' '
	printf "# net\nnetworking	L:\\s+netdev@\nwireless	^802\\\\.11\n" >rules &&
	maint split --rules=rules --input "$M" --outdir out-rules >/dev/null &&
	grep -q "^NETWORKING DRIVERS" out-rules/networking &&
	grep -q "^3C59X" out-rules/networking &&
	grep -q "^802.11" out-rules/wireless &&
	maint join out-rules >joined3 && test_cmp formatted joined3
'

test_expect_success '--rules: a section matched by two files is an error' '
	printf "a	NETWORK\nb	DRIVER\n" >twice &&
	test_must_fail maint split --rules=twice --input "$M" --outdir x1 2>err &&
	test_grep "twice:2: error: section .* is also matched by the rule at line 1" err &&
	! test -e x1
'

test_expect_success '--rules: a rule matching nothing is an error' '
	printf "a	NETWORK\nb	^NO SUCH SECTION\$\n" >nothing &&
	test_must_fail maint split --rules=nothing --input "$M" --outdir x2 2>err &&
	test_grep "nothing:2: error: the rule for .b. matches no section" err &&
	! test -e x2
'

test_expect_success 'names are safe: no way out of the output directory' '
	printf "../../escape	NETWORK\n/abs/path	^802\n" >evil &&
	maint split --rules=evil --input "$M" --outdir safe >/dev/null &&
	! test -e escape && ! test -e ../escape && ! test -e /abs/path &&
	find safe -type f | grep -q "safe/_./_./escape" &&
	find safe -type f | grep -q "safe/abs/path"
'

test_expect_success 'an output directory that is not empty is refused' '
	mkdir full && echo x >full/keep &&
	test_must_fail maint split --by=dir --input "$M" --outdir full 2>err &&
	test_grep "not an empty directory" err &&
	test "$(ls full)" = keep
'

test_expect_success 'an empty output directory is used' '
	mkdir empty &&
	maint split --by=dir --min=1 --input "$M" --outdir empty >/dev/null &&
	test -f empty/MAINTAINERS
'

test_expect_success 'a failure half-way leaves nothing behind' '
	mkdir ro && chmod 555 ro &&
	if [ "$(id -u)" != 0 ]; then
		test_must_fail maint split --by=dir --input "$M" --outdir ro/out &&
		! test -e ro/out
	fi &&
	printf "A\nM: x\n\nA\nM: y\n" >dup &&
	test_must_fail maint split --by=dir --input dup --outdir d1 2>err &&
	test_grep "duplicate section header" err && ! test -e d1 &&
	! ls | grep -q "tmp-"
'

test_expect_success 'join: duplicate headers across files are an error' '
	mkdir dupdir && printf "A\nM:\tx\n" >dupdir/one &&
	printf "A\nM:\ty\n" >dupdir/two &&
	test_must_fail maint join dupdir 2>err &&
	test_grep "dupdir/two:1: error: duplicate section header .A. (first at dupdir/one:1)" err
'

make_repo() {
	rm -rf "$1" && mkdir "$1" && (
		cd "$1" && cp "$M" MAINTAINERS && mkdir scripts &&
		printf "/*\n!/scripts/\n" >.gitignore &&
		echo "# checkpatch MAINTAINERS" >scripts/checkpatch.pl &&
		git init -q -b main && git config user.name "Split Test" &&
		git config user.email split@example.org &&
		git add -f -A && git commit -qm base
	)
}

test_expect_success '--series: a patch series git am applies' '
	make_repo repo &&
	(cd repo && maint split --by=dir --min=1 --series=../series >../out) &&
	test_grep "patches and a cover letter" out &&
	test -f series/0000-cover-letter.patch &&
	test "$(ls series | wc -l)" -gt 3 &&
	grep -q "^Subject: \[PATCH 0*0/" series/0000-cover-letter.patch &&
	grep -q "split into a directory (by dir)" series/0000-cover-letter.patch &&
	grep -q "MAINTAINERS/drivers_net" series/0000-cover-letter.patch &&
	grep -q "scripts/checkpatch.pl" series/0000-cover-letter.patch &&
	grep -q "^Signed-off-by: Split Test <split@example.org>" series/0001-*.patch &&
	grep -q "^Subject: \[PATCH 0*1/.*\] MAINTAINERS: move to MAINTAINERS/MAINTAINERS" \
		series/0001-*.patch &&
	(cd repo && git status --short) >status && ! test -s status &&
	(cd repo && git worktree list | wc -l) >wts && test "$(cat wts)" = 1 &&
	git clone -q repo applied &&
	(cd applied && git config user.name A && git config user.email a@x &&
	 git am -q $(ls ../series/*.patch | grep -v /0000-)) &&
	test -d applied/MAINTAINERS &&
	test "$(ls applied/MAINTAINERS | wc -l)" -gt 3 &&
	maint join applied/MAINTAINERS >joined4 &&
	test_cmp formatted joined4
'

test_expect_success '--series outside a git tree: exit 2 and why' '
	mkdir notgit && cp "$M" notgit/MAINTAINERS &&
	(cd notgit && GIT_CEILING_DIRECTORIES=$TRASH \
		test_expect_code 2 maint split --by=dir --series=s 2>../err) &&
	test_grep "needs a git work tree" err
'

test_expect_success '--series into a directory that is not empty: refused' '
	(cd repo && test_expect_code 2 maint split --by=dir --series=../series \
		2>../err) &&
	test_grep "not an empty directory" err
'

test_expect_success 'usage errors' '
	test_expect_code 129 maint split 2>err &&
	test_grep "usage: maint split" err &&
	test_expect_code 129 maint split --by=dir --rules=x 2>err &&
	test_expect_code 129 maint split --by=nonsense 2>err &&
	test_expect_code 129 maint join 2>err
'

test_done
