#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# C unit test of lib/base/binheap, the history walks' queue (commits by
# date, ties first in first out): the order out against a plain list,
# odd element sizes, a push that cannot allocate (TAP from the binary).
exec "$(dirname "$0")/unit/test-binheap"
