# SPDX-License-Identifier: GPL-2.0
# Bash completion for maint.  Installed by "make install" into
# $(PREFIX)/share/bash-completion/completions/maint; or source it from
# ~/.bashrc.
#
# Commands come from "maint --help", each command's options from its own
# option table ("maint CMD --git-completion-helper"), so they never fall
# behind the program.  Negated forms (--nogit, --nol) are offered once
# "--no" is typed.  Arguments are file names, or the values an option
# takes (--fail-on levels, --only/--skip check names).

_maint_cache_cmds=
declare -A _maint_cache_opts 2>/dev/null

_maint_commands()
{
	[ -n "$_maint_cache_cmds" ] ||
		_maint_cache_cmds=$("$1" --help 2>/dev/null |
			sed -n 's/^   \([a-z][a-z-]*\)  *.*/\1/p')
	echo "$_maint_cache_cmds"
}

_maint_options()
{
	local key="$1 $2"

	[ -n "${_maint_cache_opts[$key]:-}" ] ||
		_maint_cache_opts[$key]=$("$1" "$2" --git-completion-helper \
			2>/dev/null)
	echo "${_maint_cache_opts[$key]}"
}

_maint_files()
{
	local IFS=$'\n'

	compopt -o filenames 2>/dev/null
	COMPREPLY=($(compgen -f -- "$1"))
}

_maint()
{
	local prog=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]}
	local prev= cmd= i w opts

	[ "$COMP_CWORD" -gt 0 ] && prev=${COMP_WORDS[COMP_CWORD - 1]}
	for ((i = 1; i < COMP_CWORD; i++)); do
		w=${COMP_WORDS[i]}
		case $w in
		-*) ;;
		*) cmd=$w; break ;;
		esac
	done
	COMPREPLY=()
	if [ -z "$cmd" ]; then
		COMPREPLY=($(compgen -W "$(_maint_commands "$prog") --help \
			--version" -- "$cur"))
		return 0
	fi

	# an option's value: "--opt VALUE" or "--opt=VALUE".  Bash splits
	# the latter at '=' (it is in COMP_WORDBREAKS): --opt, =, VALUE;
	# where it does not, the value is completed with its "--opt=".
	local pre= eq=
	if [ "$cur" = "=" ]; then
		cur=
		eq=1
	elif [ "$prev" = "=" ] && [ "$COMP_CWORD" -gt 1 ]; then
		prev=${COMP_WORDS[COMP_CWORD - 2]}
		eq=1
	else
		case $cur in
		--*=*)
			prev=${cur%%=*}
			pre=$prev=
			cur=${cur#*=}
			;;
		esac
	fi
	# get --series=union; "get --series FILE" is a patch
	if [ "$cmd" = get ] && [ "$prev" = --series ]; then
		if [ -n "$eq$pre" ]; then
			COMPREPLY=($(compgen -W "union" -- "$cur"))
			[ -n "$pre" ] && COMPREPLY=("${COMPREPLY[@]/#/$pre}")
		else
			_maint_files "$cur"
		fi
		return 0
	fi
	_maint_values "$prog" "$prev" "$cur" && {
		[ -n "$pre" ] && COMPREPLY=("${COMPREPLY[@]/#/$pre}")
		return 0
	}

	case $cur in
	-*)
		opts=$(_maint_options "$prog" "$cmd")
		case $cur in
		--no*) ;;
		*) opts=$(printf '%s\n' $opts | grep -v '^--no') ;;
		esac
		COMPREPLY=($(compgen -W "$opts" -- "$cur"))
		;;
	*)
		_maint_files "$cur"
		;;
	esac
	return 0
}

# The values of option $2 matching $3 in COMPREPLY; false for no such
# option.
_maint_values()
{
	local prog=$1 prev=$2 cur=$3

	case $prev in
	--fail-on)
		COMPREPLY=($(compgen -W "error warning note never" -- "$cur"))
		return 0
		;;
	--only|--skip)
		COMPREPLY=($(compgen -W "$("$prog" check --list 2>/dev/null |
			cut -d' ' -f1)" -- "${cur##*,}"))
		return 0
		;;
	--format)
		COMPREPLY=($(compgen -W "json codeowners" -- "$cur"))
		return 0
		;;
	--by)
		COMPREPLY=($(compgen -W "dir list tree" -- "$cur"))
		return 0
		;;
	--input|--output|--outdir|--mpath|--maintainer-path|--path|--tree|\
	-f|--file|--rules|--series|--carry)
		_maint_files "$cur"
		return 0
		;;
	esac
	return 1
}

complete -F _maint maint
