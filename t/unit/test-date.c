// SPDX-License-Identifier: GPL-2.0
/*
 * vcs_approxidate() against git: reads lines
 *	TZ \t NOW \t WANT \t SPEC \t GIT
 * (GIT: what git rev-parse --since=SPEC printed at NOW in TZ, the
 * number after --max-age=; WANT: "read" when vcs-date.c must read SPEC
 * itself, "git" when it must leave it to git) and prints a TAP line for
 * each: read and equal to git's, or left to git as wanted.
 */
#include "tap.h"
#include "vcs/vcs-internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(void)
{
	char line[512];

	while (fgets(line, sizeof(line), stdin)) {
		char *f[5], *p = line;
		uint64_t t = 0;
		int i, rc;

		line[strcspn(line, "\n")] = '\0';
		for (i = 0; i < 5 && p; i++) {
			f[i] = p;
			p = strchr(p, '\t');
			if (p)
				*p++ = '\0';
		}
		if (i < 5)
			continue;
		setenv("TZ", f[0], 1);
		tzset();
		rc = vcs_approxidate(f[3], atoll(f[1]), &t);
		if (!strcmp(f[2], "git")) {
			ok(rc == 1, "TZ=%s now=%s '%s': left to git", f[0],
			   f[1], f[3]);
			continue;
		}
		ok(rc == 0 && t == strtoull(f[4], NULL, 10),
		   "TZ=%s now=%s '%s': %s", f[0], f[1], f[3], f[4]);
		if (rc || t != strtoull(f[4], NULL, 10))
			tap_diag("got rc %d, %llu", rc, (unsigned long long)t);
	}
	return tap_done();
}
