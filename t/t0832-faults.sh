#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# I/O faults (SQLite-style): every write, fsync, fdatasync, rename,
# close, mkdir and open of a command is made to fail in turn, with
# ENOSPC and with EIO (t/fault-inject.c, LD_PRELOAD).  After each run
# the user's files are as they were, byte for byte, and the run said
# which file failed; or it succeeded and wrote what a clean run writes.
# Issue 21, item 6.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-fault.sh"

build_shim

test_expect_success 'format --in-place' '
	sweep fault format setup_file maint format --in-place
'

test_expect_success 'move --in-place' '
	sweep fault move setup_file maint move --in-place --section=S \
		"^OPEN FIRMWARE"
'

test_expect_success 'move to two new files' '
	sweep fault move2 setup_file maint move --output=O --section=S \
		"^OPEN FIRMWARE"
'

test_expect_success 'split' '
	sweep fault split setup_file maint split --by=dir --min=1 --outdir=D
'

test_expect_success 'join' '
	sweep fault join setup_split maint join --output=J D
'

test_expect_success 'merge' '
	sweep fault merge setup_merge maint merge base ours theirs
'

test_expect_success 'export' '
	sweep fault export setup_file maint export --output=E.json &&
	sweep fault export-co setup_file maint export --format=codeowners \
		--output=CODEOWNERS
'

test_expect_success 'merge --install' '
	sweep fault install setup_git maint merge --install --attributes
'

test_expect_success 'split --series' '
	SNAP_SKIP="./.git*" SNAP_NAMES=1 STRIDE=8 sweep fault series setup_series maint split --by=dir --min=1 \
		--series=S
'

echo "# $(points_tried) fault injection points tried (calls x ENOSPC, EIO)"
test_done
