#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint split / join on the 6.12 MAINTAINERS: the round trip for every
# strategy, and the same recipients before and after the split from the
# kernel's own get_maintainer.pl (reading the directory) and from
# maint get --mpath, for a sample of files (compared as sorted lines
# without roles: for the script, which section names a shared list's
# role depends on the order sections are read in); maint get's own
# answers, roles and order included, are the same byte for byte (it
# takes sections matching at the same depth by header, not file order).
. "$(dirname "$0")/test-lib.sh"
kernel_tree
. "$TEST_DIRECTORY/lib-kernelgit.sh"

REAL=$KERNEL/MAINTAINERS

test_expect_success 'format of the real file' '
	maint format --input "$REAL" --output formatted &&
	(cd "$KERNEL" && find . -type f ! -name .maint-extracted |
		sed "s|^\./||") | shuf -n 200 --random-source=<(yes split) >sample
'

for by in dir list tree; do
	test_expect_success "split --by=$by, join: byte for byte what format writes" '
		maint split --by=$by --input "$REAL" --outdir $PWD/out-$by >table-$by &&
		test "$(find out-$by -type f | wc -l)" -gt 20 &&
		maint join out-$by >joined-$by &&
		test_cmp formatted joined-$by
	'
done

for by in dir list tree; do
	test_expect_success "split --by=$by: maint get answers byte for byte" '
		find=
		[ $by = tree ] && find=--find-maintainer-files
		(cd "$KERNEL" && maint get -f $(cat "$TRASH/sample") \
			>"$TRASH/all-file.$by" 2>&1 &&
		 maint get $find --mpath "$TRASH/out-$by" \
			-f $(cat "$TRASH/sample") >"$TRASH/all-split.$by" 2>&1) &&
		test "$(wc -l <all-file.$by)" -gt 20 &&
		test_cmp all-file.$by all-split.$by &&
		head -40 sample >sample40 &&
		while IFS= read -r f; do
			(cd "$KERNEL" && maint get --sections -f "$f" &&
			 maint get --scm --web --status -f "$f") \
				>one-file 2>&1 &&
			(cd "$KERNEL" && maint get --sections $find \
				--mpath "$TRASH/out-$by" -f "$f" &&
			 maint get --scm --web --status $find \
				--mpath "$TRASH/out-$by" -f "$f") >one-split 2>&1 &&
			test_cmp one-file one-split || exit 1
		done <sample40
	'
done

recipients() {
	sort | sed "/^$/d"
}

for by in dir list tree; do
	test_expect_success "split --by=$by: the same recipients for 200 files" '
		find=
		[ $by = tree ] && find=--find-maintainer-files
		while IFS= read -r f; do
			a=$(cd "$KERNEL" && perl scripts/get_maintainer.pl \
				--norolestats -f "$f" 2>/dev/null | recipients)
			b=$(cd "$KERNEL" && perl scripts/get_maintainer.pl \
				--norolestats $find --mpath "$TRASH/out-$by" \
				-f "$f" 2>/dev/null | recipients)
			c=$(cd "$KERNEL" && maint get --norolestats -f "$f" | recipients)
			d=$(cd "$KERNEL" && maint get --norolestats $find \
				--mpath "$TRASH/out-$by" -f "$f" | recipients)
			if [ "$a" != "$b" ] || [ "$a" != "$c" ] || [ "$c" != "$d" ]; then
				echo "differs: $f"
				exit 1
			fi
		done <sample
	'
done

test_expect_success 'by dir on 6.12: every section filed where its code is' '
	for f in out-dir/Documentation_* out-dir/include_*; do
		[ -e "$f" ] || continue
		awk -v file="$f" "
			/^[A-Z]:/ {
				if (\$0 ~ /^F:/) {
					v = \$0; sub(/^F:[ \t]*/, \"\", v)
					if (v !~ /^(Documentation|include)\\//)
						print file \": \" hdr \": \" v
				}
				next
			}
			NF { hdr = \$0 }" "$f"
	done >misfiled &&
	! test -s misfiled &&
	! test -e out-dir/Documentation_devicetree &&
	! test -e out-dir/Documentation_networking &&
	grep -q "^3C59X NETWORK DRIVER\$" out-dir/drivers_net &&
	grep -q "^BONDING DRIVER\$" out-dir/drivers_net &&
	grep -q "^MAC80211\$" out-dir/drivers_net &&
	grep -q "^IIO SUBSYSTEM AND DRIVERS\$" out-dir/drivers_iio &&
	grep -q "^HARDWARE MONITORING\$" out-dir/drivers_hwmon &&
	grep -q "^INFINIBAND SUBSYSTEM\$" out-dir/drivers_infiniband &&
	grep -q "^KASAN\$" out-dir/mm out-dir/lib &&
	grep -q "^PERFORMANCE EVENTS SUBSYSTEM\$" out-dir/kernel &&
	maint split --by=dir --dry-run --input "$REAL" >plan &&
	total=$(awk "/^total /{print \$2}" plan) &&
	test "$total" -gt 2800 &&
	test "$(grep -c "	" plan)" = "$total" &&
	awk -F"\t" "NF == 3 && \$1 ~ /^(Documentation|include|samples|arch\$)/ && \$3 !~ /^no code pattern/" plan >bad &&
	! test -s bad &&
	{
		echo "files: $(ls out-dir | wc -l)"
		echo "largest: $(grep -v "^file \|^total " table-dir | sort -k2,2n | tail -1)"
	} >dir-note
'
[ -f "$TRASH/dir-note" ] && sed "s/^/# note: by dir on 6.12: /" "$TRASH/dir-note"

state() {
	(cd "$1" && git rev-parse HEAD && git branch -a && git stash list &&
	 git worktree list --porcelain && ls -a .git && md5sum .git/index &&
	 git status --porcelain)
}

test_expect_success '--series on a git copy of 6.12: the repository untouched, git am applies it' '
	kernel_git_copy tree &&
	state tree >before &&
	(cd tree && maint split --by=dir -s --series=../series >../series.out) &&
	state tree >after &&
	test_cmp before after &&
	! ls -a | grep -q "maint-" &&
	test_grep "patches and a cover letter (5 for the readers of MAINTAINERS" series.out &&
	(cd tree && git checkout -q -b split &&
	 git am -q $(ls ../series/*.patch | grep -v /0000-)) &&
	test -d tree/MAINTAINERS &&
	test "$(ls tree/MAINTAINERS | wc -l)" -gt 20 &&
	maint join tree/MAINTAINERS >joined-series &&
	test_cmp formatted joined-series &&
	diff -r out-dir tree/MAINTAINERS
'

# issue 24 item 10: the series patches the self-test reader too
test_expect_success 'after the series, --self-test=sections: no new duplicate' '
	(cd tree && git checkout -q -) &&
	(cd tree && perl scripts/get_maintainer.pl --self-test=sections) \
		>st-before 2>/dev/null &&
	(cd tree && git checkout -q split &&
	 perl scripts/get_maintainer.pl --self-test=sections) \
		>st-after 2>/dev/null &&
	test "$(grep -c "duplicate section header" st-after)" = \
		"$(grep -c "duplicate section header" st-before)" &&
	grep -q "^+.*grep { \$_ eq \$x->{line} } @section_headers" \
		$(grep -l "^+++ b/scripts/get_maintainer.pl" series/*.patch)
'

test_expect_success 'the series: readers patched first, each small; the cover letter' '
	C=series/0000-cover-letter.patch &&
	for r in scripts/checkpatch.pl scripts/get_maintainer.pl \
		scripts/parse-maintainers.pl \
		Documentation/sphinx/maintainers_include.py \
		scripts/spdxexclude; do
		p=$(grep -l "^+++ b/$r\$" series/00*.patch) &&
		test "$(echo "$p" | wc -l)" = 1 &&
		test "$(grep -c "^+++ " "$p")" = 1 &&
		test "$(grep -c "^[-+][^-+]" "$p")" -lt 60 &&
		grep -q "^Signed-off-by: " "$p" &&
		grep -q "^  - $r: " $C || exit 1
	done &&
	move=$(grep -l "^rename to MAINTAINERS/MAINTAINERS" series/*.patch) &&
	test "$(basename $move)" \> "$(basename $(grep -l "^+++ b/scripts/spdxexclude" series/*.patch))" &&
	sed -n "/^The plan/,/^What it means/p" $C | grep "^  MAINTAINERS/" >table &&
	test "$(wc -l <table)" -gt 20 &&
	sort -c table &&
	sed -n "/^MAINTAINERS is one file/,/^Generated by/p" $C >blurb &&
	test "$(wc -l <blurb)" -gt 40 &&
	! awk "length > 72" blurb | grep . &&
	awk "length > 66" blurb | grep -q . &&
	test_grep "Linus" blurb && test_grep "conflict" blurb &&
	test_grep "get_maintainer.pl" blurb &&
	perl -ne "exit 1 if length > 76 && !/^(Subject|[-+ @]|diff |index |rename |similarity )/" series/0*.patch &&
	# the commit messages, as checkpatch reads them: 75 columns
	for p in series/0*.patch; do
		awk "body && /^---\$/ {exit}
		     body && !/^[A-Za-z-]+-by: / && length > 75 {print}
		     !body && /^\$/ {body = 1}" "$p"
	done >long &&
	! test -s long
'

test_expect_success 'the series: checkpatch.pl finds no false "need updating" on the move' '
	move=$(grep -l "^rename to MAINTAINERS/MAINTAINERS" series/*.patch) &&
	(cd tree && git checkout -q split &&
	 perl scripts/checkpatch.pl --show-types "../$move" >../cp-move 2>&1;
	 true) &&
	test_grep "total: 0 errors" cp-move &&
	! grep -q FILE_PATH_CHANGES cp-move
'

test_expect_success 'after the series, checkpatch.pl: the same MAINTAINERS_STYLE warnings, no false "need updating"' '
	cat >badedit.sh <<-\EOF &&
	f=$1
	perl -i -pe "\$_ .= \"F: drivers/net/ethernet/3com/3a59x.c\\n\" if m{^F:\tdrivers/net/ethernet/3com/3c59x.c\$}" "$f"
	echo "// SPDX-License-Identifier: GPL-2.0" >drivers/net/ethernet/3com/3a59x.c
	git add -f "$f" drivers/net/ethernet/3com/3a59x.c
	git commit -qsm "net: 3c59x: add 3a59x" -m "Add 3a59x."
	git format-patch -1 --stdout
	EOF
	(cd tree && git checkout -q -b bad-file master &&
	 sh ../badedit.sh MAINTAINERS >../bad-file.patch &&
	 perl scripts/checkpatch.pl --show-types ../bad-file.patch \
		>../cp-file 2>/dev/null;
	 git checkout -q -b bad-split split &&
	 sh ../badedit.sh MAINTAINERS/drivers_net >../bad-split.patch &&
	 perl scripts/checkpatch.pl --show-types ../bad-split.patch \
		>../cp-split 2>/dev/null;
	 git checkout -q master &&
	 perl scripts/checkpatch.pl --show-types ../bad-split.patch \
		>../cp-old 2>/dev/null;
	 git checkout -q split) ;
	grep "^+F: drivers" bad-split.patch &&
	grep "^WARNING:" cp-file >w-file &&
	grep "^WARNING:" cp-split >w-split &&
	test "$(grep -c MAINTAINERS_STYLE w-file)" = 2 &&
	test_cmp w-file w-split &&
	! grep -q FILE_PATH_CHANGES cp-split &&
	grep -q FILE_PATH_CHANGES cp-old &&
	! grep -q MAINTAINERS_STYLE cp-old
'

test_expect_success 'after the series, parse-maintainers.pl refuses the directory clearly, sorts a file' '
	(cd tree && test_expect_code 2 perl scripts/parse-maintainers.pl \
		2>../pm-err) &&
	test_grep "MAINTAINERS is a directory: sort each of its files with --input=FILE --output=FILE" pm-err &&
	! test -e tree/MAINTAINERS.new &&
	(cd tree && perl scripts/parse-maintainers.pl \
		--input MAINTAINERS/drivers_net --output ../pm-out) &&
	test_cmp tree/MAINTAINERS/drivers_net pm-out
'

test_expect_success 'after the series, maintainers_include.py gives the same maintainers page' '
	cat >page.py <<-\EOF &&
	import sys, importlib.util
	spec = importlib.util.spec_from_file_location("mi", sys.argv[1])
	mod = importlib.util.module_from_spec(spec)
	spec.loader.exec_module(mod)
	class StateMachine:
	    def insert_input(self, lines, source):
	        self.lines = lines
	d = mod.MaintainersInclude.__new__(mod.MaintainersInclude)
	d.state_machine = StateMachine()
	d.parse_maintainers(sys.argv[2])
	sys.stdout.write("\n".join(d.state_machine.lines) + "\n")
	EOF
	MI=Documentation/sphinx/maintainers_include.py &&
	python3 page.py "$KERNEL/$MI" formatted >page-before &&
	test "$(wc -l <page-before)" -gt 50000 &&
	python3 page.py tree/$MI tree/MAINTAINERS >page-after &&
	test_cmp page-before page-after &&
	python3 page.py tree/$MI formatted >page-file &&
	test_cmp page-before page-file &&
	test_must_fail python3 page.py "$KERNEL/$MI" tree/MAINTAINERS 2>err &&
	test_grep IsADirectoryError err
'

test_expect_success 'after the series, get_maintainer.pl gives the same recipients' '
	head -60 sample >sample60 &&
	while IFS= read -r f; do
		a=$(cd "$KERNEL" && perl scripts/get_maintainer.pl \
			--nogit --nogit-fallback --norolestats -f "$f" \
			2>/dev/null | recipients)
		b=$(cd tree && perl scripts/get_maintainer.pl \
			--nogit --nogit-fallback --norolestats -f "$f" \
			2>/dev/null | recipients)
		c=$(cd tree && maint get --nogit --nogit-fallback \
			--norolestats -f "$f" | recipients)
		if [ "$a" != "$b" ] || [ "$a" != "$c" ]; then
			echo "differs: $f"
			exit 1
		fi
	done <sample60
'

test_expect_success 'after the series, the MAINTAINERS/* files: no history fallback, as the patched script' '
	for f in MAINTAINERS/drivers_net MAINTAINERS/MAINTAINERS; do
		(cd tree && perl scripts/get_maintainer.pl -f "$f" \
			>../gm-script 2>/dev/null) &&
		(cd tree && maint get -f "$f" >../gm-maint) &&
		! grep -q "commit_signer\|added_lines" gm-script &&
		test_cmp gm-script gm-maint || exit 1
	done
'

test_done
