// SPDX-License-Identifier: GPL-2.0
#include "suggest.h"

#include <ctype.h>
#include <stdlib.h>

static int same(char x, char y)
{
	return tolower((unsigned char)x) == tolower((unsigned char)y);
}

static size_t min3(size_t x, size_t y, size_t z)
{
	size_t m = x < y ? x : y;

	return m < z ? m : z;
}

/*
 * Optimal string alignment distance on three rows of the table (the
 * row before the previous one is needed for transpositions).  Returns
 * (size_t)-1 when out of memory.
 */
size_t suggest_distance(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t *row0, *row1, *row2, *tmp, i, j, d;

	row0 = calloc(3 * (blen + 1), sizeof(*row0));
	if (!row0)
		return (size_t)-1;
	row1 = row0 + blen + 1;
	row2 = row1 + blen + 1;
	/* row1: distances from a[0..0); row0 unused until i >= 2 */
	for (j = 0; j <= blen; j++)
		row1[j] = j;
	for (i = 1; i <= alen; i++) {
		row2[0] = i;
		for (j = 1; j <= blen; j++) {
			size_t cost = !same(a[i - 1], b[j - 1]);

			row2[j] = min3(row1[j] + 1, row2[j - 1] + 1,
				       row1[j - 1] + cost);
			if (i > 1 && j > 1 && same(a[i - 1], b[j - 2]) &&
			    same(a[i - 2], b[j - 1]) &&
			    row0[j - 2] + 1 < row2[j])
				row2[j] = row0[j - 2] + 1;
		}
		tmp = row0;
		row0 = row1;
		row1 = row2;
		row2 = tmp;
	}
	d = row1[blen];
	/* the allocation starts at the lowest of the three rows */
	tmp = row0 < row1 ? row0 : row1;
	free(tmp < row2 ? tmp : row2);
	return d;
}

int suggest_close(size_t d, size_t len)
{
	size_t limit = len / 3 > 1 ? len / 3 : 1;

	return d > 0 && d <= limit;
}
