#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# C unit test of lib/base/run, the one way maint starts a process: a
# command's pipes and environment, the pool's order and its stop (TAP
# from the binary).
exec "$(dirname "$0")/unit/test-run"
