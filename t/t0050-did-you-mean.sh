#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Unknown commands and options name the nearest ones.
. "$(dirname "$0")/test-lib.sh"

test_expect_success 'maint gte: did you mean get (a transposition)' '
	test_expect_code 1 maint gte 2>err &&
	test_grep "not a maint command" err &&
	test_grep "did you mean .get.?" err
'

test_expect_success 'maint chek, maint fromat: one edit away' '
	test_expect_code 1 maint chek 2>err &&
	test_grep "did you mean .check.?" err &&
	test_expect_code 1 maint fromat 2>err &&
	test_grep "did you mean .format.?" err
'

test_expect_success 'a word far from every command suggests nothing' '
	test_expect_code 1 maint frobnicate 2>err &&
	test_grep "not a maint command" err &&
	! grep "did you mean" err
'

test_expect_success 'unknown option: the nearest of the command s table' '
	test_expect_code 129 maint check --jsno 2>err &&
	test_grep "Unknown option: jsno" err &&
	test_grep "did you mean .--json.?" err &&
	test_expect_code 129 maint split --outdri x 2>err &&
	test_grep "did you mean .--outdir.?" err
'

test_expect_success 'negated forms are candidates (--nogti -> --nogit)' '
	test_must_fail maint get --nogti -f MAINTAINERS 2>err &&
	test_grep "did you mean .--nogit.?" err
'

test_expect_success 'other commands: get --rolls, split --buy' '
	test_must_fail maint get --rolls 2>err &&
	test_grep "did you mean .--roles.?" err &&
	test_expect_code 129 maint split --buy x 2>err &&
	test_grep "did you mean .--by.?" err
'

# issue 24 item 12
test_expect_success 'maint --versoin: an unknown option, not a command' '
	test_expect_code 129 maint --versoin 2>err &&
	test_grep "unknown option .--versoin." err &&
	test_grep "did you mean .--version.?" err &&
	! grep -q "not a maint command" err
'

test_expect_success 'option values: the nearest value is suggested' '
	test_expect_code 129 maint check --only=bad-emial 2>err &&
	test_grep "did you mean .--only=bad-email.?" err &&
	test_expect_code 129 maint split --by=dri 2>err &&
	test_grep "did you mean .--by=dir.?" err &&
	test_expect_code 129 maint export --format=codeowner 2>err &&
	test_grep "did you mean .--format=codeowners.?" err &&
	test_expect_code 129 maint check --skip=zzzzzzzzzz 2>err &&
	! grep -q "did you mean" err
'

test_done
