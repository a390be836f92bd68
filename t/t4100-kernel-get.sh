#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint get against the kernel's own scripts/get_maintainer.pl on the 6.12
# tree: thousands of files with the default options, samples with every
# option, and real multi-file patches (6.1 -> 6.12 diffs, a git
# format-patch series with renames, new, deleted and binary files), all
# compared byte for byte with t/getcmp.sh.  Set MAINT_GET_SAMPLE to
# change the number of files (default 1000).
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-gettree.sh"
kernel_tree

OLD=${MAINT_OLD_KERNEL_DIR:-$(dirname "$KERNEL")/linux-source-6.1}
SAMPLE=${MAINT_GET_SAMPLE:-1000}
CMP_DIR=$KERNEL
. "$TEST_DIRECTORY/lib-getcmp.sh"

test_expect_success 'the file list of the tree' '
	(cd "$KERNEL" && find . -type f ! -name .maint-extracted | sed "s|^\./||") |
		sort >allfiles &&
	test "$(wc -l <allfiles)" -gt 80000 &&
	shuf -n "$SAMPLE" --random-source=<(yes maint) allfiles >sample &&
	head -40 sample >small
'

test_expect_success "$SAMPLE files, default options: identical" '
	: >results && compare_list sample -f && check_results "$SAMPLE"
'

for opt in "--nogit --nogit-fallback" "--nor" "--nom" "--nol" "--non" "--s" \
	   "--roles --norolestats" "--norolestats" "--separator |" \
	   "--nomultiline" "--scm" "--status" "--subsystem" "--web" "--bug" \
	   "--sections" "--letters=MFLS" "--keywords-in-file" \
	   "--pattern-depth=1" "--pattern-depth=2" "--noremove-duplicates" \
	   "--nomailmap" "--file-emails" "--git-chief-penguins" "--nomoderated" \
	   "--noemail --scm --web" "--nokeywords --nofixes"; do
	test_expect_success "40 files with $opt: identical" '
		: >results && compare_list small $opt -f && check_results 40
	'
done

test_expect_success 'odd arguments: directories, paths, several files, errors' '
	printf "%s\n" drivers/net/ethernet/intel/e1000 drivers/net/ \
		./fs//ext2/./inode.c fs/./ext2/./ fs/ext2/../ext2/inode.c \
		MAINTAINERS nonexistent.c Documentation/ >odd &&
	: >results && compare_list odd -f && check_results 8 &&
	(cd "$KERNEL" && "$GC" "$OUT" -f fs/ext2/inode.c mm/damon/core.c \
		fs/ext2/inode.c && "$GC" "$OUT" --bogus -f README &&
		"$GC" "$OUT" --noemail -f README &&
		"$GC" "$OUT" --nom --nor --nol -f README &&
		"$GC" "$OUT" --mpath /nonexistent -f README) >results &&
	check_results 5
'

test_expect_success 'real patches (6.1 -> 6.12 diffs, a format-patch series)' '
	if [ ! -d "$OLD/drivers" ]; then
		echo "no 6.1 tree at $OLD (MAINT_KERNEL_VERSION=6.1 scripts/get-kernel.sh)"
		exit 1
	fi &&
	"$TEST_DIRECTORY/make-patches.sh" "$OLD" "$KERNEL" patches &&
	ls "$PWD"/patches/* >patchlist &&
	ls -S "$PWD"/patches/* | tail -12 >smallpatches &&
	test "$(wc -l <patchlist)" -ge 50 &&
	grep -q "GIT binary patch" patches/* &&
	grep -q "^rename from" patches/* &&
	grep -q "^new file mode" patches/* &&
	grep -q "^deleted file mode" patches/* &&
	: >results && compare_list patchlist && check_results 50
'

for opt in "--nokeywords" "--norolestats --nol" "--scm --status --subsystem" \
	   "--sections" "--git-chief-penguins --non"; do
	test_expect_success "the 12 smallest patches with $opt: identical" '
		: >results && compare_list smallpatches $opt && check_results 12
	'
done

test_expect_success 'patches on standard input: identical' '
	for p in patches/dir-1.diff patches/fp-series.mbox patches/gitdiff.diff; do
		(cd "$KERNEL" && perl scripts/get_maintainer.pl <"$TRASH/$p") \
			>perl.out 2>/dev/null &&
		(cd "$KERNEL" && "$MAINT" get <"$TRASH/$p") >maint.out 2>/dev/null &&
		test_cmp perl.out maint.out || exit 1
	done
'

test_expect_success '--all: every line is what --nomultiline -f PATH prints' '
	head -400 sample >allsample &&
	(cd "$KERNEL" && "$MAINT" get --all - <"$TRASH/allsample") >all.out &&
	while IFS= read -r f; do
		(cd "$KERNEL" && "$MAINT" get --nomultiline -f "$f") |
			sed "s|^|$f	|"
	done <allsample >one.out &&
	test_cmp one.out all.out
'

test_expect_success '--all over the whole tree: a line for every file' '
	(cd "$KERNEL" && "$MAINT" get --all - <"$TRASH/allfiles") >whole.out &&
	test "$(cut -f1 whole.out | sort -u | wc -l)" = "$(wc -l <allfiles)" &&
	grep "^drivers/net/ethernet/intel/e1000/e1000_main.c	" whole.out >e1000 &&
	(cd "$KERNEL" && perl scripts/get_maintainer.pl --nomultiline \
		-f drivers/net/ethernet/intel/e1000/e1000_main.c) |
		sed "s|^|drivers/net/ethernet/intel/e1000/e1000_main.c	|" >e1000.perl &&
	test_cmp e1000.perl e1000
'

test_expect_success 'the golden files of t4000 are the script'"'"'s output' '
	cmp "$FIXTURES/get/get_maintainer.pl" "$KERNEL/scripts/get_maintainer.pl" &&
	make_get_tree tree && cd tree &&
	for a in "$FIXTURES"/get/expect/*.args; do
		n=$(basename "$a" .args)
		(eval "perl $KERNEL/scripts/get_maintainer.pl $(cat "$a")" \
			>../golden.$n 2>/dev/null; echo "exit $?" >>../golden.$n) </dev/null
		test_cmp "$FIXTURES/get/expect/$n.out" ../golden.$n || exit 1
	done
'

test_done
