#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# C unit tests of the history room (line clean-up, vcs_assign()).
exec "$(dirname "$0")/unit/test-history"
