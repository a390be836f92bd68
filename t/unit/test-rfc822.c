// SPDX-License-Identifier: GPL-2.0
/*
 * test-rfc822: for each line of standard input, what get_maintainer.pl's
 * rfc822_validlist() makes of it when rfc822_valid() does not take it
 * whole: the list items in brackets and " 1", or " 0".  t0820 compares
 * this with the script's own functions on generated addresses.
 */
#include "model/email.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>

static int add(void *arg, const char *s, size_t len)
{
	printf("[%.*s]", (int)len, s);
	return 0;
}

int main(void)
{
	struct mnt_email_parser ep;
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	mnt_email_parser_init(&ep);
	while ((n = getline(&line, &cap, stdin)) > 0) {
		if (line[n - 1] == '\n')
			line[--n] = '\0';
		printf(" %d\n",
		       mnt_email_split_list(&ep, line, (size_t)n, add, NULL));
	}
	mnt_email_parser_release(&ep);
	free(line);
	return fflush(stdout) ? 1 : 0;
}
