#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Option tables, --help and man pages agree; standard output that cannot
# be written is an error (git's run_builtin()).
. "$(dirname "$0")/test-lib.sh"

# the table's options (--list-options-table), one a line
table() {
	maint "$1" --list-options-table >"table.$1" &&
	grep -qx -- --help "table.$1"
}

# the man page of a subcommand (join is described in maint-split.1,
# move in maint-format.1)
man_page() {
	case $1 in
	join) echo "$SRC_DIR/doc/maint-split.1" ;;
	move) echo "$SRC_DIR/doc/maint-format.1" ;;
	*) echo "$SRC_DIR/doc/maint-$1.1" ;;
	esac
}

# an option as the man page writes it: every "-" as "\-"
roff_name() {
	sed 's/-/\\-/g'
}

# ROFF occurs in PAGE as a whole option: not as the start of a longer
# one (\-\-m inside \-\-maintainer\-path does not count)
in_page() {
	ROFF=$1 perl -ne '
		BEGIN { $r = quotemeta $ENV{ROFF}; $f = 1 }
		$f = 0 if /(?<!\\-)$r(?![A-Za-z0-9_]|\\-)/;
		END { exit $f }' "$2"
}

# OPT occurs in the --help text HELP as a whole option (--[no-]m inside
# --[no-]mailmap does not count)
in_help() {
	OPT=$1 perl -ne '
		BEGIN { $o = quotemeta $ENV{OPT}; $f = 1 }
		$f = 0 if /(?<![-\w])$o(?![-\w])/;
		END { exit $f }' "$2"
}

for c in get check format move merge split join export add activity; do
	test_expect_success "maint $c --help lists every option of its table" '
		table '$c' &&
		maint '$c' --help >help.'$c' &&
		while read -r opt; do
			in_help "$opt" help.'$c' ||
				{ echo "not in --help: $opt"; exit 1; }
		done <table.'$c'
	'

	test_expect_success "the man page of $c describes every option of its table" '
		table '$c' &&
		page=$(man_page '$c') &&
		while read -r opt; do
			roff=$(printf "%s" "$opt" | roff_name) &&
			in_page "$roff" "$page" ||
				{ echo "not in the man page: $opt ($roff)"; exit 1; }
		done <table.'$c'
	'
done

test_expect_success 'get: the options beyond the script are in --help' '
	maint get --help >help &&
	for o in --all --unowned --owner=ADDRESS "--self-test[=WHAT]" \
		 "--mpath, --maintainer-path=PATH" "--[no-]git-fallback"; do
		grep -qF -- "$o" help || { echo "missing $o"; exit 1; }
	done
'

test_expect_success 'an option the table lacks is refused by both' '
	# the script exits with $!: ENOENT here, where no .get_maintainer.ignore
	# is found (t4111 compares every such status with the script)
	test_expect_code 2 maint get --no-such-option -f README 2>err &&
	test_grep "Unknown option: no-such-option" err &&
	test_expect_code 129 maint check --no-such-option 2>err &&
	test_grep "usage: maint check" err
'

for c in merge split join export add activity; do
	test_expect_success "maint $c: an unknown option is a usage error (129)" '
		test_expect_code 129 maint '$c' --no-such-option 2>err &&
		test_grep "Unknown option: no-such-option" err
	'

	test_expect_success "maint $c: --help is made from the table" '
		maint '$c' --help >help &&
		test_grep "^usage: maint '$c'" help &&
		test_grep "^  -h, --help  *show this help" help
	'
done

test_expect_success 'merge, split, join: wrong arguments print the usage' '
	test_expect_code 129 maint merge a b 2>err &&
	test_grep "^  --marker-size=N " err &&
	test_expect_code 129 maint split 2>err &&
	test_grep "^  --by=dir|list|tree " err &&
	test_expect_code 129 maint join 2>err &&
	test_grep "^  --output=F " err
'

if [ -w /dev/full ]; then
	test_expect_success 'standard output that fails: a message, not 0' '
		test_expect_code 2 maint check --list >/dev/full 2>err &&
		test_grep "write failure on standard output" err &&
		test_expect_code 128 maint --help >/dev/full 2>err &&
		test_grep "^maint: write failure" err &&
		test_expect_code 28 maint get --help >/dev/full 2>err &&
		test_grep "No space left on device" err
	'
else
	test_skip 'standard output that fails' 'no /dev/full'
fi

test_expect_success 'the same commands with a working standard output: 0' '
	maint check --list >list &&
	test_grep "^duplicate-header" list &&
	maint get --help >/dev/null
'

test_done
