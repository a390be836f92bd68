#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# C unit test of remove_tree_nofollow(), the removal of split's temporary
# directories: links in the tree are removed, never followed (TAP from the
# binary).
exec "$(dirname "$0")/unit/test-removetree"
