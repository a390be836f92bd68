#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# C unit tests of the three-way merge, with the property test over
# thousands of random merges of real sections (TAP from the binary): the
# kernel's raw 6.1 MAINTAINERS when it is cached, else the example file.
dir=$(dirname "$0")
cache=${MAINT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/maint}
file=$cache/linux-source-6.1/MAINTAINERS
[ -s "$file" ] || file=$cache/MAINTAINERS-6.1
[ -s "$file" ] || file=$dir/../examples/MAINTAINERS
exec "$dir/unit/test-merge" 800 "$file"
