#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# C unit tests of lib/check (TAP from the binary).
exec "$(dirname "$0")/unit/test-check"
