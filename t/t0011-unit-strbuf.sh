#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# C unit tests of strbuf, arena and diagnostics (TAP from the binary).
exec "$(dirname "$0")/unit/test-strbuf"
