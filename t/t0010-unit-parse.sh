#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# C unit tests of the parser, sort, render and check (TAP from the binary).
exec "$(dirname "$0")/unit/test-parse"
