#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint check on a small git tree (t/fixtures/check): every check fires
# where the fixture says and nowhere else; the self-test lines are
# get_maintainer.pl's own (the goldens were made with the 6.12 script,
# and are checked against it again here when the kernel tree is there).
. "$(dirname "$0")/test-lib.sh"

C=$FIXTURES/check
SCRIPT=
cache=${MAINT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/maint}
k=${MAINT_KERNEL_DIR:-$cache/linux-source-${MAINT_KERNEL_VERSION:-6.12}}
[ -f "$k/scripts/get_maintainer.pl" ] && SCRIPT=$k/scripts/get_maintainer.pl
# CI (MAINT_NEED_KERNEL=1) must compare with the script, never skip
if [ -z "$SCRIPT" ] && [ "${MAINT_NEED_KERNEL:-0}" = 1 ]; then
	SCRIPT=$k/scripts/get_maintainer.pl
fi

# make_tree DIR MAINTAINERS: the fixture's files in a git repository
make_tree() {
	mkdir -p "$1" && (
		cd "$1" &&
		while read -r f; do
			mkdir -p "$(dirname "$f")" && echo "/* $f */" >"$f"
		done <"$C/files" &&
		cp "$2" MAINTAINERS &&
		git init -q -b master &&
		git add -f -A &&
		git -c user.name=T -c user.email=t@example.org commit -qm tree
	)
}

make_tree tree "$C/MAINTAINERS"
cd tree || exit 1

test_expect_success 'maint check: the golden findings, exit 1 (errors)' '
	test_expect_code 1 maint check >../check.out &&
	test_cmp "$C/expect/check.out" ../check.out
'

test_expect_success 'the notes only with --notes: the same findings and them' '
	test_expect_code 1 maint check --notes >../notes.out &&
	grep -v "\[shared-pattern\]\|\[shadowed\]" ../notes.out >../notes.rest &&
	test_cmp ../check.out ../notes.rest &&
	test_grep "^MAINTAINERS:55: note: .*\[shared-pattern\]" ../notes.out &&
	test_grep "^MAINTAINERS:92: note: .*SHADOWED THING.*\[shadowed\]" \
		../notes.out &&
	! grep -q "^[^:]*:[0-9]*: note:" ../check.out &&
	test_expect_code 0 maint check --only=shadowed >../only-note.out &&
	test_grep "\[shadowed\]" ../only-note.out
'

test_expect_success 'THE REST: its status is known; a misspelt one is not' '
	test_grep "^MAINTAINERS:99: warning: unknown status .Maintaned." \
		../check.out &&
	! grep -q "Buried alive" ../check.out
'

test_expect_success 'one misplaced field, one finding (field-order wins)' '
	test_grep "^MAINTAINERS:60: .*\[field-order\]" ../check.out &&
	! grep -q "^MAINTAINERS:61: " ../check.out &&
	! grep -q "\[misordered\]" ../check.out &&
	test_expect_code 1 maint check --skip=field-order >../misordered.out &&
	test_grep "^MAINTAINERS:61: .*\[misordered\]" ../misordered.out
'

test_expect_success 'T: stgit and topgit (the preamble lists them) are no bad-scm' '
	{
		cat MAINTAINERS &&
		printf "T:\tstgit https://example.org/s.git\n" &&
		printf "T:\ttopgit https://example.org/t.git\n"
	} >../M.scm &&
	maint check --only=bad-scm --mpath=../M.scm >../scm.out &&
	! grep -q "entry .stgit\|entry .topgit" ../scm.out &&
	test_grep "svn https" ../scm.out &&
	maint check --self-test=scm --mpath=../M.scm >../scm-st.out &&
	test_grep "malformed entry	T:	stgit" ../scm-st.out &&
	maint check --list >../list.out &&
	test_grep "^bad-scm .*git/hg/quilt/stgit/topgit" ../list.out
'

test_expect_success 'every check of --list fires in some fixture' '
	test_expect_code 0 maint check --mpath="$C/MAINTAINERS.layout" \
		>../layout.out &&
	test_expect_code 1 maint check --mpath="$C/MAINTAINERS.dup" >../dup.out &&
	test_expect_code 1 maint check --mpath="$C/MAINTAINERS.odd" >../odd.out &&
	test_expect_code 1 maint check --mpath="$C/MAINTAINERS.conflict" \
		>../conflict.out &&
	maint check --mpath="$C/MAINTAINERS.globstar" >../globstar.out &&
	test_grep "^[^:]*MAINTAINERS.conflict:8: error: .*\[conflict-marker\]" \
		../conflict.out &&
	maint check --list | cut -d" " -f1 >../names &&
	test "$(wc -l <../names)" -ge 20 &&
	while read -r n; do
		grep -q "\[$n\]\$" ../check.out ../layout.out ../dup.out \
			../odd.out ../conflict.out ../globstar.out ../notes.out \
			../misordered.out ||
		{ echo "check $n never fired"; exit 1; }
	done <../names
'

test_expect_success 'the clean section (lines 12-23) has no finding' '
	! grep -E "^MAINTAINERS:(1[2-9]|2[0-3]):" ../check.out
'

test_expect_success 'the one finding of each fixture section is its own' '
	test_grep "^MAINTAINERS:66: .*NO ADDRESS.*\[no-email\]" ../check.out &&
	test_grep "^MAINTAINERS:70: .*NO PATTERN.*\[no-pattern\]" ../check.out &&
	test_grep "^MAINTAINERS:74: .*NO STATUS.*\[no-status\]" ../check.out &&
	test_grep "SHADOWED THING.*\[shadowed\]" ../notes.out &&
	test_grep "drivers/pat/none.c.*\[useless-exclude\]" ../check.out &&
	! grep "drivers/pat/x.c" ../check.out &&
	! grep "ORPHANED THING" ../check.out &&
	test_grep "^MAINTAINERS:[0-9]*: warning: use one tab after .M:. \[entry-tab\]" ../check.out &&
	test_grep "^MAINTAINERS:104: .*\[field-form\]" ../check.out &&
	! grep "^MAINTAINERS:103: .*\[field-form\]" ../check.out
'

test_expect_success '--self-test=sections,patterns: the script lines, and its death' '
	test_expect_code 2 maint check --self-test=sections,patterns \
		>../st.out 2>../st.err &&
	test_cmp "$C/expect/selftest.out" ../st.out &&
	test_grep "drivers/pat/(" ../st.err
'

if [ -n "$SCRIPT" ]; then
	test_expect_success 'the self-test golden is still the script output' '
		test_expect_code 2 perl "$SCRIPT" --self-test=sections,patterns \
			>../st.script 2>/dev/null &&
		test_cmp ../st.script ../st.out
	'
else
	test_skip 'the self-test golden is still the script output' \
		'no get_maintainer.pl'
fi

test_expect_success '--self-test=patterns alone; -- self-test words' '
	sed "/drivers\/pat\/(/d" MAINTAINERS >M2 &&
	maint check --self-test=patterns --mpath=./M2 >../pat.out &&
	grep -q "no file matches	F:	drivers/missing/" ../pat.out &&
	! grep -q "section without" ../pat.out &&
	maint check --self-test=sections --mpath=./M2 >../sec.out &&
	grep -q "section without status 	NO STATUS" ../sec.out &&
	! grep -q "no file matches" ../sec.out &&
	maint check --self-test=nothing --mpath=./M2 >../none.out &&
	test ! -s ../none.out
'

test_expect_success 'maint get --self-test is maint check --self-test' '
	test_expect_code 2 maint get --self-test=sections,patterns \
		--mpath=./M2 2>err &&
	test_grep "does not allow any other option" err &&
	cp MAINTAINERS ../M.keep && cp M2 MAINTAINERS &&
	maint get --self-test=sections,patterns >../get-st.out &&
	cp ../M.keep MAINTAINERS &&
	cat ../sec.out ../pat.out | sed "s|^\./M2|./MAINTAINERS|" |
		sort -t: -k2,2n -s >../st.expect &&
	sort -t: -k2,2n -s ../get-st.out >../get-st.sorted &&
	test_cmp ../st.expect ../get-st.sorted &&
	test_expect_code 2 maint get --self-test -f README 2>err &&
	test_grep "does not allow any other option" err
'

test_expect_success 'links and scm offline: syntax only' '
	maint check --self-test=links,scm >../links.out &&
	test_grep "possible bad link	W:	https://bad host" ../links.out &&
	test_grep "malformed entry	T:	svn https" ../links.out &&
	test_grep "malformed entry	T:	git\$" ../links.out &&
	! grep -q "acme.example.org" ../links.out
'

test_expect_success 'links and scm --online: what the script prints' '
	mkdir ../links && (
		cd ../links &&
		cp "$C/MAINTAINERS.links" MAINTAINERS && echo x >README &&
		git init -q -b master && git add -f -A &&
		git -c user.name=T -c user.email=t@example.org commit -qm l &&
		git clone -q --bare . good.git &&
		maint check --self-test=links,scm --online >../online.out
	) &&
	test_cmp "$C/expect/online.out" ../online.out
'

if [ -n "$SCRIPT" ]; then
	test_expect_success 'the --online golden is still the script output' '
		(cd ../links && perl "$SCRIPT" --self-test=links,scm \
			>../online.script) &&
		test_cmp ../online.script ../online.out
	'
else
	test_skip 'the --online golden is still the script output' \
		'no get_maintainer.pl'
fi

test_expect_success '--json: a JSON array of the same findings' '
	test_expect_code 1 maint check --json >../check.json &&
	perl -MJSON::PP -e "
		local \$/; my \$a = decode_json(<STDIN>);
		die unless ref(\$a) eq q(ARRAY);
		for (@\$a) { die unless \$_->{file} && \$_->{line} &&
			\$_->{severity} && \$_->{check} && \$_->{message} }
		print scalar(@\$a), qq(\n);
	" <../check.json >../json.count &&
	test "$(cat ../json.count)" = "$(wc -l <../check.out)"
'

test_expect_success '--fail-on: error, warning, note, never' '
	test_expect_code 0 maint check --only=no-status >../w.out &&
	test -s ../w.out &&
	test_expect_code 1 maint check --only=no-status --fail-on=warning &&
	test_expect_code 0 maint check --only=shadowed --fail-on=warning &&
	test_expect_code 1 maint check --only=shadowed --fail-on=note &&
	test_expect_code 0 maint check --fail-on=never >/dev/null &&
	test_expect_code 129 maint check --fail-on=sometimes 2>err &&
	test_grep "error, warning, note or never" err
'

test_expect_success '--only and --skip; an unknown check is a usage error' '
	test_expect_code 1 maint check --only=bad-email,bad-status >../only.out &&
	test "$(grep -vc "\[bad-email\]\|\[bad-status\]" ../only.out)" = 0 &&
	test "$(grep -c . ../only.out)" = 3 &&
	maint check --skip=bad-email,bad-regex,unknown-type,bad-pattern \
		>../skip.out &&
	! grep -q "\[bad-email\]" ../skip.out &&
	test_expect_code 129 maint check --only=no-such-check 2>err &&
	test_grep "unknown check" err
'

test_expect_success 'a directory (split MAINTAINERS) is checked as well' '
	maint split --by=dir --min=1 --outdir=../split >/dev/null &&
	test_expect_code 1 maint check --mpath=../split >../split.out &&
	test_grep "^../split/[^:]*:[0-9]*: error: M: .Carl" ../split.out &&
	test_grep "^../split/[^:]*:[0-9]*: warning: section .NO STATUS" ../split.out
'

# issue 24 item 6: each error where it is
test_expect_success 'a duplicate header across split files names the first' '
	cp -R ../split ../split-dup &&
	later=$(grep -l "^NO STATUS\$" ../split-dup/*) &&
	first=../split-dup/MAINTAINERS &&
	test "$later" != "$first" &&
	printf "\nNO STATUS\nM:\tZed <zed@example.org>\nS:\tMaintained\nF:\tdrivers/acme/\n" \
		>>"$first" &&
	line=$(grep -n "^NO STATUS\$" "$first" | cut -d: -f1) &&
	test_expect_code 1 maint check --mpath=../split-dup >../split-dup.out &&
	test_grep "^$later:1: error: duplicate section header .NO STATUS. (first at $first:$line)" \
		../split-dup.out
'

test_expect_success 'a lowercase m: is reported at its own line' '
	awk "{print} /^M:\tAnn Able <ann@example.org>\$/ && !done {
		print \"m:\tLow Case <low@example.org>\"; done = 1 }" \
		MAINTAINERS >../M.lc &&
	n=$(grep -n "^m:" ../M.lc | cut -d: -f1) &&
	test_expect_code 1 maint check --mpath=../M.lc >../lc.out &&
	test_grep "^../M.lc:$n: error: .m:. is not an entry type (types are upper case: .M:.)" \
		../lc.out
'

# a patch that adds a bad section and fixes nothing else
test_expect_success 'maint check PATCH: only what the patch changes' '
	cp MAINTAINERS ../M.orig &&
	awk "{print} /^F:\tdrivers\/links\/\$/ {
		print \"\"; print \"CAMERA NEW\"; print \"M:\tZed <zed@nowhere>\";
		print \"S:\tMaintaned\"; print \"F:\tdrivers/none/\" }" \
		../M.orig >MAINTAINERS &&
	git diff >../new.patch &&
	git checkout -q MAINTAINERS &&
	test_expect_code 1 maint check ../new.patch >../patch.out &&
	test "$(grep -c . ../patch.out)" = 4 &&
	test_grep "section .CAMERA NEW. is out of order" ../patch.out &&
	test_grep "error: M: .Zed <zed@nowhere>. is not" ../patch.out &&
	test_grep "error: unknown status .Maintaned." ../patch.out &&
	test_grep "error: F: pattern .drivers/none/. matches no file" ../patch.out
'

# issue 24 item 5: new lines are errors, the same in old lines warnings
test_expect_success 'PATCH: a new section without S: is an error; old ones warn' '
	awk "{print} /^F:\tdrivers\/links\/\$/ {
		print \"\"; print \"CAMERA NOSTAT\";
		print \"M:\tZed <zed@example.org>\"; print \"F:\tdrivers/acme/\" }" \
		../M.orig >MAINTAINERS &&
	git diff >../nostat.patch &&
	git checkout -q MAINTAINERS &&
	test_expect_code 1 maint check ../nostat.patch >../nostat.out &&
	test_grep "error: section .CAMERA NOSTAT. has no S: status" \
		../nostat.out &&
	test_expect_code 0 maint check --only=no-status >../nostat-old.out &&
	test_grep "warning: section .NO STATUS. has no S: status" \
		../nostat-old.out &&
	test_expect_code 1 maint check --json ../nostat.patch >../nostat.json &&
	test_grep "\"severity\": \"error\", \"check\": \"no-status\"" \
		../nostat.json
'

test_expect_success 'PATCH already applied: the same findings' '
	git apply ../new.patch &&
	test_expect_code 1 maint check ../new.patch >../patch2.out &&
	git checkout -q MAINTAINERS &&
	test_cmp ../patch.out ../patch2.out
'

test_expect_success 'PATCH on stdin; a patch that leaves MAINTAINERS alone' '
	test_expect_code 1 maint check - <../new.patch >../patch3.out &&
	test_cmp ../patch.out ../patch3.out &&
	echo change >>README && git diff >../readme.patch &&
	git checkout -q README &&
	maint check ../readme.patch >../readme.out &&
	test ! -s ../readme.out
'

test_expect_success 'PATCH: the files it creates match, those it deletes do not' '
	mkdir -p drivers/camx && echo x >drivers/camx/cam.c && git rm -q README &&
	printf "\nZULU NEW\nM:\tZed <zed@example.org>\nS:\tMaintained\nF:\tdrivers/camx/\nF:\tdrivers/camx/cam.c\nF:\tREADME\n" \
		>>MAINTAINERS &&
	git add MAINTAINERS drivers/camx && git diff --cached >../adds.patch &&
	git reset -q --hard &&
	{ maint check ../adds.patch >../adds.out; true; } &&
	! grep "drivers/camx/.* matches no file" ../adds.out &&
	test_grep "README. matches no file" ../adds.out
'

test_expect_success 'PATCH as a git format-patch mail with a signature' '
	awk "{print} /^F:\tdrivers\/links\/\$/ {
		print \"\"; print \"CAMERA NEW\"; print \"M:\tZed <zed@nowhere>\";
		print \"S:\tMaintaned\"; print \"F:\tdrivers/none/\" }" \
		../M.orig >MAINTAINERS &&
	git -c user.name=T -c user.email=t@example.org commit -qam "add camera" &&
	git format-patch -1 --signature="maint test" --stdout >../mail.patch &&
	git reset -q --hard HEAD^ &&
	tail -3 ../mail.patch | grep -q "^-- \$" &&
	test_expect_code 1 maint check ../mail.patch >../mail.out &&
	test_cmp ../patch.out ../mail.out &&
	git apply ../mail.patch &&
	test_expect_code 1 maint check ../mail.patch >../mail2.out &&
	git checkout -q MAINTAINERS &&
	test_cmp ../patch.out ../mail2.out
'

test_expect_success 'PATCH making a second copy before the first: found on the patch'"'"'s copy' '
	sed "s/^BAD LINKS\$/STATUS ODD/" ../M.orig >MAINTAINERS &&
	git diff >../dup-header.patch &&
	git checkout -q MAINTAINERS &&
	test_expect_code 1 maint check ../dup-header.patch >../dup.out &&
	test_grep "^MAINTAINERS:32: error: duplicate section header .STATUS ODD. (again at MAINTAINERS:97) \[duplicate-header\]\$" ../dup.out &&
	awk "/^Q:\thttps:..patchwork.example.org.project.acme/ {
		print; print \"F:\tdrivers/acme/\"; next } {print}" \
		../M.orig >MAINTAINERS &&
	git diff >../dup-pattern.patch &&
	git checkout -q MAINTAINERS &&
	maint check ../dup-pattern.patch >../dup2.out &&
	test_grep "^MAINTAINERS:19: warning: F: .drivers/acme/. is repeated at MAINTAINERS:21 \[duplicate-pattern\]\$" ../dup2.out &&
	test_grep "^MAINTAINERS:19: .* it belongs next to its copy at line 21 \[field-order\]\$" ../dup2.out
'

test_expect_success 'PATCH cut short (a hunk missing lines): exit 2, where' '
	head -n -2 ../new.patch >../short.patch &&
	test_expect_code 2 maint check ../short.patch >../short.out 2>err &&
	test ! -s ../short.out &&
	test_grep "short.patch:[0-9]*: corrupt patch" err
'

test_expect_success 'PATCH that moves a field: the misorder is reported' '
	sed "/^F:\tdrivers\/tab\/\$/d; s/^M:  Gil Go/M:\tGil Go/" \
		../M.orig >MAINTAINERS &&
	git diff >../fix.patch && git checkout -q MAINTAINERS &&
	maint check ../fix.patch >../fix.out &&
	test_grep "TAB TROUBLE. has no F: or N: pattern" ../fix.out &&
	! grep -q "entry-tab" ../fix.out
'

test_expect_success 'PATCH that does not apply: exit 2, nothing written' '
	sed "s/^S:\tMaintaned/S:\tMaintained/" ../new.patch |
		sed "s/^ F:\tdrivers\/links\/\$/ F:\tdrivers\/elsewhere\//" \
		>../bad.patch &&
	test_expect_code 2 maint check ../bad.patch >../bad.out 2>err &&
	test ! -s ../bad.out &&
	test_grep "does not apply" err
'

test_expect_success 'PATCH to a split MAINTAINERS directory' '
	mkdir ../dirtree && cp -r drivers init README ../dirtree/ &&
	(cd ../dirtree &&
	 maint split --by=dir --min=1 --input=../tree/MAINTAINERS \
		--outdir=MAINTAINERS >/dev/null &&
	 git init -q -b master && git add -f -A &&
	 git -c user.name=T -c user.email=t@example.org commit -qm d &&
	 f=$(grep -l "^F:	drivers/links/" MAINTAINERS/*) &&
	 printf "\nZULU NEW\nM:\tZed <zed@nowhere>\nS:\tMaintained\nF:\tREADME\n" \
		>>"$f" &&
	 git diff >../dir.patch && git checkout -q MAINTAINERS &&
	 test_expect_code 1 maint check ../dir.patch >../dir.out) &&
	test "$(grep -c . ../dir.out)" = 1 &&
	test_grep "^MAINTAINERS/[^:]*:[0-9]*: error: M: .Zed" ../dir.out
'

test_expect_success '--coverage: the golden table' '
	maint check --coverage >../cov.out &&
	test_cmp "$C/expect/coverage.out" ../cov.out
'

test_expect_success 'outside git: the tree is walked as it is, .gitignore not applied' '
	mkdir ../plain && cp -r drivers init README MAINTAINERS ../plain/ &&
	(cd ../plain && echo "drivers/missing/" >.gitignore &&
	 mkdir -p drivers/missing && echo x >drivers/missing/gen.c &&
	 sed "/drivers\/pat\/(/d" MAINTAINERS >M2 &&
	 maint check --self-test=patterns --mpath=./M2 >../plain.out \
		2>../plain.err) &&
	test_grep "not a git work tree" ../plain.err &&
	! grep "no file matches	F:	drivers/missing/" ../plain.out &&
	sed -n "/no file matches/p" ../pat.out |
		grep -v "drivers/missing/" >../pat.lines &&
	test_cmp ../pat.lines ../plain.out
'

test_expect_success 'outside git: a .gitignore ending in /* (a Debian tarball) hides nothing, and is named' '
	mkdir ../deb && cp -r drivers init README MAINTAINERS ../deb/ &&
	(cd ../deb && printf "%s\n" "*.o" "/*" "!/debian/" >.gitignore &&
	 sed "/drivers\/pat\/(/d" MAINTAINERS >M2 &&
	 maint check --self-test=patterns --mpath=./M2 >../deb.out \
		2>../deb.err &&
	 maint check --coverage --mpath=./M2 >../deb.cov 2>/dev/null) &&
	test_grep "\.gitignore:2 ignores every file" ../deb.err &&
	test_grep "as it is" ../deb.err &&
	sed -n "/no file matches/p" ../pat.out >../pat.all &&
	test_cmp ../pat.all ../deb.out &&
	! grep "^0 files" ../deb.cov && test_grep "^[1-9][0-9]* files" ../deb.cov
'

test_expect_success 'no MAINTAINERS: a message and exit 2' '
	mkdir ../empty &&
	(cd ../empty && test_expect_code 2 maint check 2>../empty.err) &&
	test_grep "MAINTAINERS" ../empty.err
'

test_expect_success 'an unreadable MAINTAINERS: exit 2' '
	if [ "$(id -u)" = 0 ]; then
		test_expect_code 2 maint check --mpath=/proc/self/mem 2>err
	else
		cp MAINTAINERS ../unreadable && chmod 000 ../unreadable &&
		test_expect_code 2 maint check --mpath=../unreadable 2>err
	fi &&
	test -s err
'

test_expect_success 'odd characters and a huge regex: findings, no crash' '
	{ echo "ODD"; echo "M:	Ann <a@example.org>"; echo "S:	Maintained";
	  printf "F:\tdrivers/\\\\x{[*\n"; printf "F:\t\xff\xfe/\n";
	  printf "N:\t(a+)+\$"; printf "%.0s(x|y)*" $(seq 1 2000); echo;
	  printf "K:\t"; printf "%.0sa?" $(seq 1 3000); echo; } >../odd &&
	test_expect_code 1 maint check --mpath=../odd >../odd.out 2>&1 &&
	test_grep "bad-pattern\|no-file-matches" ../odd.out &&
	test_expect_code 2 maint check --self-test=patterns --mpath=../odd \
		>/dev/null 2>&1
'

test_expect_success 'usage: --self-test with a patch is refused' '
	test_expect_code 129 maint check --self-test ../new.patch 2>err &&
	test_expect_code 129 maint check --no-such-option 2>err2 &&
	test_grep "Unknown option: no-such-option" err2 &&
	test_grep "usage: maint check" err2 &&
	test_grep "self-test" err &&
	maint check --help | grep -q -- "--fail-on"
'

# "**" patterns (7.1): on a tree of files.globstar, the self-test lines
# are mainline's script's (and 6.12's: "**" is ".*.*" there, the same
# regex); the globstar findings; X: matched as maint get matches it (a
# tree with no script follows the newest generation: "**" crosses '/')
test_expect_success '"**": the self-test is the scripts'"'"', globstar findings' '
	(mkdir ../gs && cd ../gs &&
	 while read -r f; do
		mkdir -p "$(dirname "$f")" && echo "/* $f */" >"$f"
	 done <"$C/files.globstar" &&
	 cp "$C/MAINTAINERS.globstar" MAINTAINERS &&
	 git init -q -b master && git add -A &&
	 git -c user.name=T -c user.email=t@example.org commit -qm tree &&
	 perl "$FIXTURES/upstream/get_maintainer.pl" --self-test=patterns \
		>../gs.script &&
	 perl "$FIXTURES/get/get_maintainer.pl" --self-test=patterns \
		>../gs.script612 &&
	 maint check --self-test=patterns >../gs.maint &&
	 maint check --only=globstar,useless-exclude >../gs.check) &&
	test_grep "no file matches	F:	/drivers/\*\*\$" ../gs.script &&
	test_cmp ../gs.script ../gs.maint &&
	test_cmp ../gs.script612 ../gs.maint &&
	cat >../gs.expect <<-\EOF &&
	MAINTAINERS:5: warning: F: '"'"'/drivers/**'"'"' can never match: no path starts with '"'"'/'"'"' or holds '"'"'//'"'"' [globstar]
	MAINTAINERS:7: warning: F: '"'"'fs/**.c'"'"': '"'"'**'"'"' is not a path component of its own (git and CODEOWNERS read it as '"'"'*'"'"'; the script lets every '"'"'*'"'"' of the pattern cross '"'"'/'"'"') [globstar]
	MAINTAINERS:9: warning: F: '"'"'lib/x**'"'"': '"'"'**'"'"' is not a path component of its own (git and CODEOWNERS read it as '"'"'*'"'"'; the script lets every '"'"'*'"'"' of the pattern cross '"'"'/'"'"') [globstar]
	MAINTAINERS:10: warning: F: '"'"'mm/***/y.c'"'"': '"'"'***'"'"' is not a path component of its own (git and CODEOWNERS read it as '"'"'*'"'"'; the script lets every '"'"'*'"'"' of the pattern cross '"'"'/'"'"') [globstar]
	MAINTAINERS:11: warning: F: '"'"'net/**//core/'"'"' can never match: no path starts with '"'"'/'"'"' or holds '"'"'//'"'"' [globstar]
	MAINTAINERS:13: warning: X: '"'"'drivers/a**/'"'"': '"'"'**'"'"' is not a path component of its own (git and CODEOWNERS read it as '"'"'*'"'"'; the script lets every '"'"'*'"'"' of the pattern cross '"'"'/'"'"') [globstar]
	MAINTAINERS:13: warning: X: '"'"'drivers/a**/'"'"' excludes no file that the section'"'"'s F: or N: patterns match [useless-exclude]
	EOF
	test_cmp ../gs.expect ../gs.check
'

test_expect_success 'useless-exclude: an X: that takes a file from the section'"'"'s N: is useful' '
	# (in the tree the tests above went into)
	mkdir nx && (
	 cd nx &&
	 mkdir -p drivers/cpufreq &&
	 echo "/* a */" >drivers/cpufreq/vexpress-spc.c &&
	 echo "/* b */" >drivers/cpufreq/other.c &&
	 cat >MAINTAINERS <<-\EOF &&
	ARM/VEXPRESS
	M:	Vex Press <vex@example.org>
	S:	Maintained
	N:	vexpress
	X:	drivers/cpufreq/vexpress-spc.c
	X:	drivers/cpufreq/other.c
	EOF
	 git init -q -b master && git add -A &&
	 git -c user.name=T -c user.email=t@example.org commit -qm tree &&
	 maint check --only=useless-exclude >../nx.check;
	 test $? -le 1 &&
	 perl "$FIXTURES/get/get_maintainer.pl" --notree --nogit \
		--nogit-fallback -f drivers/cpufreq/vexpress-spc.c >../nx.with &&
	 sed "/vexpress-spc.c/d" MAINTAINERS >M2 &&
	 perl "$FIXTURES/get/get_maintainer.pl" --notree --nogit \
		--nogit-fallback --mpath=M2 -f drivers/cpufreq/vexpress-spc.c \
		>../nx.without) &&
	! test_cmp nx.with nx.without >/dev/null &&
	test_grep "vex@example.org" nx.without &&
	echo "MAINTAINERS:6: warning: X: '"'"'drivers/cpufreq/other.c'"'"' excludes no file that the section'"'"'s F: or N: patterns match [useless-exclude]" >nx.expect &&
	test_cmp nx.expect nx.check
'

test_done
