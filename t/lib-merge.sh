# SPDX-License-Identifier: GPL-2.0
# For the merge tests: the kernel's raw 6.1 MAINTAINERS in $OLD, or skip
# the script (fail when MAINT_NEED_KERNEL=1, as CI sets it).
old_maintainers() {
	OLD=$(MAINT_CACHE=${MAINT_CACHE:-} \
	      "$SRC_DIR/scripts/get-maintainers-file.sh" 6.1 2>/dev/null) ||
		OLD=
	if [ -z "$OLD" ] || [ ! -s "$OLD" ]; then
		if [ "${MAINT_NEED_KERNEL:-0}" = 1 ]; then
			echo "1..1"
			echo "not ok 1 - the 6.1 MAINTAINERS is missing"
			exit 1
		fi
		skip_all "no 6.1 MAINTAINERS (scripts/get-maintainers-file.sh 6.1)"
	fi
}
