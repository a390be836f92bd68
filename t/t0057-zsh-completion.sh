#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# contrib/completion/_maint, the zsh completion: commands, each command's
# options from its option table, option values and file names; make
# install puts it where zsh finds it.  zsh's completion functions
# (compadd, _describe, _files) are stood in for by ones that print what
# they are given.
. "$(dirname "$0")/test-lib.sh"

# Under SANITIZE=1 LeakSanitizer's stop-the-world has hung here twice on a
# loaded machine (maint check --list run from zsh, the tracer waiting
# forever); leaks are the other tests' business, completion is this one's.
ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
export ASAN_OPTIONS

command -v zsh >/dev/null || {
	[ "${MAINT_NEED_DEB:-0}" = 1 ] && {
		echo "1..1"
		echo "not ok 1 - zsh not installed (scripts/install-deps.sh)"
		exit 1
	}
	skip_all "zsh not installed"
}

# zcomplete WORDS...: what _maint offers for the last word, sorted
zcomplete() {
	zsh -f -c '
		compadd() {
			while [[ $1 == -* && $1 != -- ]]; do shift; done
			[[ $1 == -- ]] && shift
			local w
			for w in "$@"; do [[ $w == ${PREFIX}* ]] && print -r -- $w; done
		}
		_describe() {
			local w
			while [[ $1 == -* ]]; do shift 2; done
			for w in ${(P)2}; do
				[[ ${w%%:*} == ${PREFIX}* ]] && print -r -- ${w%%:*}
			done
		}
		_call_program() { shift; "$@"; }
		_files() { print -r -- "<files>"; }
		compset() {
			[[ $1 == -P ]] || return 1
			local pat=$2 m=${(M)PREFIX##${~2}}
			[[ -n $m ]] || return 1
			PREFIX=${PREFIX#$m}
		}
		source "$SRC_DIR/contrib/completion/_maint" 2>/dev/null
		words=("$@")
		CURRENT=$#
		PREFIX=$words[CURRENT]
		_maint
	' zsh "$MAINT" "$@" | sort
}

test_expect_success 'the file is an autoloadable #compdef function' '
	head -1 "$SRC_DIR/contrib/completion/_maint" >first &&
	echo "#compdef maint" >expect &&
	test_cmp expect first &&
	zsh -n "$SRC_DIR/contrib/completion/_maint"
'

test_expect_success 'the command names, from maint --help' '
	zcomplete "" >out &&
	for c in format move merge get split join check export add activity; do
		test_grep "^$c\$" out || exit 1
	done &&
	zcomplete g >out &&
	echo get >expect && test_cmp expect out
'

test_expect_success 'a command'\''s options from its option table' '
	zcomplete get --git-s >out &&
	test_grep "^--git-since\$" out &&
	! grep -q "^--nogit" out &&
	zcomplete get --nog >out &&
	test_grep "^--nogit\$" out &&
	zcomplete format --ch >out &&
	echo --check >expect && test_cmp expect out
'

test_expect_success 'option values and file names' '
	zcomplete check --fail-on w >out &&
	echo warning >expect && test_cmp expect out &&
	zcomplete check --fail-on=w >out &&
	test_cmp expect out &&
	zcomplete split --by l >out &&
	echo list >expect && test_cmp expect out &&
	zcomplete check --only=no-email,no-s >out &&
	echo no-status >expect && test_cmp expect out &&
	zcomplete format --input "" >out &&
	echo "<files>" >expect && test_cmp expect out &&
	zcomplete get --series=u >out &&
	echo union >expect && test_cmp expect out &&
	zcomplete get --series "" >out &&
	echo "<files>" >expect && test_cmp expect out
'

test_expect_success 'make install puts it in zsh'\''s vendor-completions' '
	make -s -C "$SRC_DIR" install DESTDIR="$TRASH/root" PREFIX=/usr &&
	cmp "$SRC_DIR/contrib/completion/_maint" \
		root/usr/share/zsh/vendor-completions/_maint &&
	make -s -C "$SRC_DIR" uninstall DESTDIR="$TRASH/root" PREFIX=/usr &&
	! test -e root/usr/share/zsh/vendor-completions/_maint
'

test_expect_success 'under another prefix, in site-functions (in zsh'\''s $fpath)' '
	make -s -C "$SRC_DIR" install DESTDIR="$TRASH/root" PREFIX=/usr/local &&
	cmp "$SRC_DIR/contrib/completion/_maint" \
		root/usr/local/share/zsh/site-functions/_maint &&
	! test -e root/usr/local/share/zsh/vendor-completions &&
	make -s -C "$SRC_DIR" uninstall DESTDIR="$TRASH/root" PREFIX=/usr/local &&
	! test -e root/usr/local/share/zsh/site-functions/_maint
'

test_done
