#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# contrib/completion/maint.bash: commands, each command's options from
# its option table, option values and file names.
. "$(dirname "$0")/test-lib.sh"

# complete WORDS...: COMPREPLY for the last word, one per line, sorted
complete_words() {
	bash -c '
		. "$SRC_DIR/contrib/completion/maint.bash"
		COMP_WORDS=("$@")
		COMP_CWORD=$(($# - 1))
		_maint
		printf "%s\n" "${COMPREPLY[@]}" | sort
	' sh "$MAINT" "$@"
}

test_expect_success 'the command names, from maint --help' '
	complete_words "" >out &&
	for c in format move merge get split join check add activity; do
		test_grep "^$c\$" out || exit 1
	done &&
	complete_words g >out &&
	echo get >expect && test_cmp expect out
'

test_expect_success '--git-completion-helper prints the option table' '
	maint get --git-completion-helper >out &&
	test_grep "[-]-git-since" out &&
	test_grep "[-]-nogit" out &&
	maint check --git-completion-helper >out &&
	test_grep "[-]-fail-on" out &&
	! grep -e "--git-since" out
'

test_expect_success 'options per command: get --git-m, check --f' '
	complete_words get --git-m >out &&
	printf "%s\n" --git-max-maintainers --git-min-percent \
		--git-min-signatures >expect &&
	test_cmp expect out &&
	complete_words check --f >out &&
	printf "%s\n" --fail-on --find-maintainer-files >expect &&
	test_cmp expect out
'

test_expect_success 'every option get accepts is offered, nothing else' '
	complete_words get -- >out &&
	test "$(wc -l <out)" -gt 30 &&
	while read -r o; do
		maint get "$o" --help >/dev/null 2>err ||
		! grep -q "Unknown option" err || exit 1
	done <out
'

test_expect_success 'get --write: --write-commit-graph' '
	complete_words get --write >out &&
	echo --write-commit-graph >expect &&
	test_cmp expect out
'

test_expect_success 'negated forms only once --no is typed' '
	complete_words get --nol >out &&
	test_grep "^--nol\$" out &&
	complete_words get --l >out &&
	! grep "^--no" out
'

test_expect_success 'option values: --fail-on, --only' '
	complete_words check --fail-on w >out &&
	echo warning >expect && test_cmp expect out &&
	complete_words check --fail-on=n >out &&
	printf "%s\n" --fail-on=never --fail-on=note >expect &&
	test_cmp expect out &&
	complete_words check --only no-s >out &&
	test_grep "^no-status\$" out
'

test_expect_success 'export: its options and --format values' '
	complete_words export --f >out &&
	echo --format >expect && test_cmp expect out &&
	complete_words export --format=c >out &&
	echo --format=codeowners >expect && test_cmp expect out
'

# what bash hands over for "--opt=VALUE": = is in COMP_WORDBREAKS
test_expect_success 'option values after "=", as bash splits them' '
	complete_words export --format = c >out &&
	echo codeowners >expect && test_cmp expect out &&
	complete_words export --format = >out &&
	printf "%s\n" codeowners json >expect && test_cmp expect out &&
	complete_words check --fail-on = w >out &&
	echo warning >expect && test_cmp expect out
'

test_expect_success 'split --by values' '
	complete_words split --by "" >out &&
	printf "%s\n" dir list tree >expect && test_cmp expect out &&
	complete_words split --by = l >out &&
	echo list >expect && test_cmp expect out
'

test_expect_success 'get --series=union; after "get --series ", files' '
	complete_words get --series=u >out &&
	echo --series=union >expect && test_cmp expect out &&
	complete_words get --series = "" >out &&
	echo union >expect && test_cmp expect out &&
	: >a.patch &&
	complete_words get --series a >out &&
	echo a.patch >expect && test_cmp expect out
'

test_expect_success 'file names where a command takes them' '
	mkdir sub && : >sub/MAINTAINERS && : >sub/patch.diff &&
	complete_words get sub/M >out &&
	echo sub/MAINTAINERS >expect && test_cmp expect out &&
	complete_words format --input sub/p >out &&
	echo sub/patch.diff >expect && test_cmp expect out
'

test_expect_success 'make install puts it where bash-completion looks' '
	make -s -C "$SRC_DIR" install DESTDIR="$TRASH/root" PREFIX=/usr &&
	test_cmp "$SRC_DIR/contrib/completion/maint.bash" \
		root/usr/share/bash-completion/completions/maint
'

test_done
