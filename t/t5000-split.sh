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

test_expect_success 'by dir: where the code is, not the documentation or headers' '
	ls out-dir >files &&
	printf "%s\n" MAINTAINERS drivers_gpu drivers_media drivers_net \
		drivers_of kernel net >expect &&
	test_cmp expect files &&
	grep -q "^abi/api" out-dir/kernel &&
	grep -q "^3C59X NETWORK DRIVER" out-dir/drivers_net &&
	grep -q "^802.11" out-dir/net &&
	grep -q "^OPEN FIRMWARE" out-dir/drivers_of &&
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

test_expect_success '--dry-run: the plan and why, nothing written' '
	maint split --by=dir --min=1 --dry-run --input "$M" --outdir nothing >plan &&
	! test -e nothing &&
	test_grep "^drivers_net	3C59X NETWORK DRIVER	1 of 1 code pattern in drivers_net (1 doc/header/test pattern not counted)\$" plan &&
	test_grep "^drivers_of	OPEN FIRMWARE AND FLATTENED DEVICE TREE	1 of 2 code patterns in drivers_of, tied with 1 other: the one more patterns of the file name" plan &&
	test_grep "^MAINTAINERS	THE REST	no F: pattern names a directory\$" plan &&
	test "$(grep -c "	" plan)" = 8 &&
	maint split --by=dir --dry-run --input "$M" >plan5 &&
	test_grep "^MAINTAINERS	NETWORKING DRIVERS	.*drivers_net would have 2 sections, fewer than --min=5\$" plan5
'

test_expect_success 'by dir: samples and broad arch/ patterns do not outvote the code' '
	cat >broad <<-\EOF &&
	INFINIBAND SUBSYSTEM
	M:	A <a@example.org>
	S:	Supported
	F:	drivers/infiniband/
	F:	include/rdma/
	F:	samples/bpf/ibumad_kern.c
	F:	samples/bpf/ibumad_user.c

	KASAN
	M:	B <b@example.org>
	S:	Maintained
	F:	arch/*/include/asm/*kasan*.h
	F:	arch/*/mm/kasan_init*
	F:	include/linux/kasan*.h
	F:	mm/kasan/

	PARAVIRT_OPS INTERFACE
	M:	C <c@example.org>
	S:	Supported
	F:	arch/*/include/asm/paravirt*.h
	F:	arch/*/kernel/paravirt*
	F:	include/linux/hypervisor.h

	SAMPLES ONLY
	M:	D <d@example.org>
	S:	Maintained
	F:	Documentation/x.rst
	F:	samples/x/
	EOF
	maint split --by=dir --min=1 --dry-run --input broad >plan &&
	test_grep "^drivers_infiniband	INFINIBAND SUBSYSTEM	1 of 1 code pattern in drivers_infiniband (3 doc/header/test patterns not counted)\$" plan &&
	test_grep "^mm	KASAN	1 of 1 code pattern in mm (3 doc/header/test patterns not counted)\$" plan &&
	test_grep "^arch	PARAVIRT_OPS INTERFACE	no code pattern: 2 of 2 broad code patterns in arch (1 doc/header/test pattern not counted)\$" plan &&
	test_grep "^samples	SAMPLES ONLY	no code pattern: 1 of 1 test/sample pattern in samples (1 doc/header pattern not counted)\$" plan
'

test_expect_success 'by dir: a bindings-only section goes with the drivers it documents' '
	cat >bind <<-\EOF &&
	IIO CORE
	M:	A <a@example.org>
	S:	Maintained
	F:	drivers/iio/

	IIO SENSOR X BINDINGS
	M:	B <b@example.org>
	S:	Maintained
	F:	Documentation/devicetree/bindings/iio/x.yaml

	SOUND X BINDINGS
	M:	C <c@example.org>
	S:	Maintained
	F:	Documentation/devicetree/bindings/sound/x.yaml

	SOUND SOC CORE
	M:	D <d@example.org>
	S:	Maintained
	F:	include/sound/soc.h
	F:	sound/soc/

	WHATEVER BINDINGS
	M:	E <e@example.org>
	S:	Maintained
	F:	Documentation/devicetree/bindings/whatever/x.yaml
	EOF
	maint split --by=dir --min=1 --dry-run --input bind >plan &&
	test_grep "^drivers_iio	IIO SENSOR X BINDINGS	bindings only: Documentation/devicetree/bindings/iio/ documents drivers_iio\$" plan &&
	test_grep "^sound_soc	SOUND X BINDINGS	bindings only: Documentation/devicetree/bindings/sound/ documents sound_soc\$" plan &&
	test_grep "^Documentation_devicetree	WHATEVER BINDINGS	no code pattern" plan
'

test_expect_success '"**" patterns: the directory before the first wildcard' '
	cat >dstar <<-\EOF &&
	KUNIT EVERYWHERE
	M:	A <a@example.org>
	S:	Maintained
	F:	**/*kunit*.c

	EXT4 STARSTAR
	M:	B <b@example.org>
	S:	Maintained
	F:	fs/ext4/**

	NETDEV ANYWHERE
	M:	C <c@example.org>
	S:	Maintained
	F:	drivers/**/netdev.c

	INTEL HEADERS
	M:	D <d@example.org>
	S:	Maintained
	F:	drivers/net/ethernet/intel/i?e/**/*.h
	X:	drivers/**/e1000e/*
	EOF
	maint split --by=dir --min=1 --dry-run --input dstar >plan &&
	test_grep "^MAINTAINERS	KUNIT EVERYWHERE	no F: pattern names a directory\$" plan &&
	test_grep "^fs	EXT4 STARSTAR	1 of 1 code pattern in fs\$" plan &&
	test_grep "^drivers	NETDEV ANYWHERE	no code pattern: 1 of 1 broad code pattern in drivers\$" plan &&
	test_grep "^drivers_net	INTEL HEADERS	1 of 1 code pattern in drivers_net\$" plan &&
	maint split --by=tree --min=1 --dry-run --input dstar >tplan &&
	test_grep "^MAINTAINERS	KUNIT EVERYWHERE	its F: patterns share no directory\$" tplan &&
	test_grep "^fs/ext4/MAINTAINERS	EXT4 STARSTAR	" tplan &&
	test_grep "^drivers/MAINTAINERS	NETDEV ANYWHERE	" tplan &&
	test_grep "^drivers/net/ethernet/intel/MAINTAINERS	INTEL HEADERS	" tplan &&
	maint split --by=dir --min=1 --input dstar --outdir dstar-out >/dev/null &&
	maint format --input dstar --output dstar.formatted &&
	maint join dstar-out >dstar.joined &&
	test_cmp dstar.formatted dstar.joined
'

test_expect_success 'the temporary directory is not a predictable name: a planted link is left alone' '
	mkdir victim && echo precious >victim/keep &&
	# the old code cleared OUTDIR.tmp-PID (following links) first; the
	# shell execs maint, so $$ is its PID
	sh -c "ln -s \"\$PWD/victim\" planted.tmp-\$\$ &&
		exec maint split --by=dir --input \"$M\" --outdir planted" >/dev/null &&
	test "$(cat victim/keep)" = precious &&
	test -f planted/MAINTAINERS &&
	! ls -a | grep -q "^\.planted\.maint-"
'

test_expect_success 'what a killed run left is removed: its process is gone' '
	mkdir -p .left.maint-999999999-abcdef/sub .left.maint-$$-keepme &&
	: >.left.maint-999999999-abcdef/sub/x &&
	maint split --by=dir --input "$M" --outdir left >/dev/null &&
	test -f left/MAINTAINERS &&
	! test -e .left.maint-999999999-abcdef &&
	test -d .left.maint-$$-keepme &&
	rmdir .left.maint-$$-keepme
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
	! ls -a | grep -q "maint-"
'

test_expect_success 'join: duplicate headers across files are an error' '
	mkdir dupdir && printf "A\nM:\tx\n" >dupdir/MAINTAINERS &&
	printf "A\nM:\ty\n" >dupdir/two &&
	test_must_fail maint join dupdir 2>err &&
	test_grep "dupdir/two:1: error: duplicate section header .A. (first at dupdir/MAINTAINERS:1)" err
'

# what split writes: DIR/MAINTAINERS (the preamble, the rest), and files
# of safe names holding sections only
test_expect_success 'join: a directory split did not write is refused, nothing written' '
	mkdir -p notsplit/empty notsplit/src notsplit/norest notsplit/pre \
		notsplit/odd notsplit/blank &&
	printf "int main(void)\n{\n\treturn 0;\n}\n" >notsplit/src/main.c &&
	cp notsplit/src/main.c notsplit/src/MAINTAINERS &&
	printf "A\nM:\tA <a@example.org>\n" >notsplit/norest/drivers &&
	cp out-dir/MAINTAINERS notsplit/pre/ &&
	{ echo "Some words"; cat out-dir/drivers_net; } >notsplit/pre/drivers_net &&
	cp out-dir/MAINTAINERS notsplit/odd/ &&
	cp out-dir/drivers_net "notsplit/odd/net drivers" &&
	cp out-dir/MAINTAINERS notsplit/blank/ &&
	echo >notsplit/blank/fs &&
	for d in empty src norest pre odd blank; do
		test_expect_code 1 maint join --output=j.$d notsplit/$d \
			2>err.$d &&
		! test -e j.$d &&
		test_grep "^maint join: .notsplit/$d. is not a split MAINTAINERS (as maint split writes one): nothing joined\$" err.$d ||
		exit 1
	done &&
	test_grep "^notsplit/norest: error: no MAINTAINERS in it" err.norest &&
	test_grep "^notsplit/src/main.c: error: no section in it" err.src &&
	test_grep "^notsplit/pre/drivers_net:1: error: text before its first section" err.pre &&
	test_grep "^notsplit/odd/net drivers: error: not a name maint split writes" err.odd &&
	test_grep "^notsplit/blank/fs: error: no section in it" err.blank &&
	test_grep "no MAINTAINERS files in directory" err.empty
'

test_expect_success 'join: every split directory is one (--by=tree: nested MAINTAINERS)' '
	for by in dir list tree; do
		maint join --output=j.$by out-$by || exit 1
	done &&
	test -f out-tree/drivers/net/MAINTAINERS 2>/dev/null ||
	find out-tree -mindepth 2 -name MAINTAINERS | grep -q .
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
	(cd repo && git rev-parse HEAD && git branch -a && git stash list &&
	 git worktree list && ls -a .git && md5sum .git/index) >before &&
	(cd repo && maint split --by=dir --min=1 -s --series=../series >../out) &&
	test_grep "patches and a cover letter" out &&
	test -f series/0000-cover-letter.patch &&
	test "$(ls series | wc -l)" -gt 3 &&
	grep -q "^Subject: \[PATCH 0*0/" series/0000-cover-letter.patch &&
	grep -q "split into a directory, by where the code is" series/0000-cover-letter.patch &&
	tr "\n" " " <series/0000-cover-letter.patch >cover.flat &&
	test_grep "base tree (before the first patch of the series) gives a .does MAINTAINERS need updating?. warning on every move" cover.flat &&
	grep -q "MAINTAINERS/drivers_net" series/0000-cover-letter.patch &&
	grep -q "scripts/checkpatch.pl" series/0000-cover-letter.patch &&
	grep -q "^Signed-off-by: Split Test <split@example.org>" series/0001-*.patch &&
	grep -q "^Subject: \[PATCH 1/.*\] MAINTAINERS: sort entries" series/0001-*.patch &&
	grep -q "^Subject: \[PATCH 2/.*\] MAINTAINERS: move to MAINTAINERS/MAINTAINERS" \
		series/0002-*.patch &&
	grep -q "^rename from MAINTAINERS" series/0002-*.patch &&
	(cd repo && git status --short) >status && ! test -s status &&
	(cd repo && git rev-parse HEAD && git branch -a && git stash list &&
	 git worktree list && ls -a .git && md5sum .git/index) >after &&
	test_cmp before after &&
	! ls -a | grep -q "maint-" &&
	git clone -q repo applied &&
	(cd applied && git config user.name A && git config user.email a@x &&
	 git am -q $(ls ../series/*.patch | grep -v /0000-)) &&
	test -d applied/MAINTAINERS &&
	test "$(ls applied/MAINTAINERS | wc -l)" -gt 3 &&
	maint join applied/MAINTAINERS >joined4 &&
	test_cmp formatted joined4
'

test_expect_success '--series: a relative path from a subdirectory of the tree' '
	(cd repo/scripts && maint split --by=dir --min=1 \
		--series=../../series-sub >/dev/null) &&
	# issue 24 item 10: no sign-off without -s, as git format-patch
	! grep -l "^Signed-off-by:" series-sub/*.patch &&
	ls series >names && ls series-sub >names-sub &&
	test_cmp names names-sub &&
	for p in $(cat names); do
		grep -v "^From \|^Date: \|^Signed-off-by: \|^\$" series/$p >a &&
		grep -v "^From \|^Date: \|^\$" series-sub/$p >b &&
		test_cmp a b || exit 1
	done &&
	! ls -a | grep -q "maint-"
'

test_expect_success '--series outside a git tree: exit 2 and why' '
	mkdir notgit && cp "$M" notgit/MAINTAINERS &&
	(cd notgit && GIT_CEILING_DIRECTORIES=$TRASH \
		test_expect_code 2 maint split --by=dir --series=s 2>../err) &&
	test_grep "^maint split: --series needs a git work tree (a kernel tree in git)\$" err
'

test_expect_success '--series into a directory that is not empty: refused' '
	(cd repo && test_expect_code 2 maint split --by=dir --series=../series \
		2>../err) &&
	test_grep "^maint split: ../series exists and is not an empty directory\$" err &&
	test "$(wc -l <err)" = 1
'

test_expect_success 'usage errors' '
	test_expect_code 129 maint split 2>err &&
	test_grep "usage: maint split" err &&
	test_expect_code 129 maint split --by=dir --rules=x 2>err &&
	test_expect_code 129 maint split --by=nonsense 2>err &&
	test_expect_code 129 maint join 2>err &&
	test_expect_code 129 maint split --by=dir --min=-1 --input "$M" \
		--outdir neg 2>err &&
	test_grep "min takes a number of sections" err && ! test -e neg
'

# issue 24 item 12
test_expect_success '--outdir naming a file: says it is a file' '
	echo x >afile &&
	test_expect_code 2 maint split --by=dir --input "$M" --outdir afile \
		2>err &&
	test_grep "afile is a file, not a directory" err &&
	! grep -q "not an empty directory" err
'

test_done
