#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# C unit test of lib/base/fileio's lstat_all(): the results of its
# threads are lstat()'s, whatever the count (TAP from the binary).
exec "$(dirname "$0")/unit/test-fileio"
