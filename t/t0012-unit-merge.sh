#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# C unit tests of the three-way merge, with the property test over
# thousands of random merges (TAP from the binary).
exec "$(dirname "$0")/unit/test-merge" 3000
