#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# C unit tests of lib/patch (TAP from the binary).
exec "$(dirname "$0")/unit/test-patch"
