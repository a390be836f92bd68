// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of lib/base/binheap: the order out (cmp(), then first in,
 * first out), against a plain list searched in full, elements of odd
 * sizes copied whole, and a push that cannot allocate.
 */
#include "tap.h"
#include "base/binheap.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct el {
	uint32_t key, id; /* id: the push's number */
};

/* the larger key first, as the history walk takes the newer date */
static int by_key(const void *a, const void *b)
{
	const struct el *x = a, *y = b;

	return x->key != y->key ? (x->key > y->key ? -1 : 1) : 0;
}

/* every element ties with every other */
static int ties(const void *a, const void *b)
{
	(void)a;
	(void)b;
	return 0;
}

static uint32_t rnd(uint32_t *s)
{
	*s = *s * 1103515245u + 12345u;
	return *s >> 16;
}

static void empty(void)
{
	struct binheap h = BINHEAP_INIT(sizeof(struct el), by_key);
	struct el e = { 7, 7 };

	ok(!binheap_count(&h) && !binheap_peek(&h), "empty: nothing first");
	ok(!binheap_pop(&h, &e) && e.key == 7,
	   "empty: pop false, out untouched");
	binheap_release(&h);
	ok(!binheap_push(&h, &e) && binheap_count(&h) == 1,
	   "released: usable again");
	binheap_release(&h);
}

/* keys from few values: many ties, out in the order pushed */
static void sorted(void)
{
	struct binheap h;
	struct el e, prev = { UINT32_MAX, 0 };
	uint32_t s = 1, i, n = 0;
	int bad = 0, fail = 0;

	binheap_init(&h, sizeof(e), by_key);
	for (i = 0; i < 5000; i++) {
		e = (struct el){ rnd(&s) % 50, i };
		fail |= binheap_push(&h, &e);
	}
	ok(!fail && binheap_count(&h) == 5000, "5000 pushed");
	while (binheap_pop(&h, &e)) {
		if (e.key > prev.key || (e.key == prev.key && e.id < prev.id))
			bad++;
		prev = e;
		n++;
	}
	ok(n == 5000 && !bad, "out by key, ties first in first out");
	binheap_release(&h);
}

/* pushes and pops mixed, each pop what a search of the list gives */
static void model(void)
{
	struct binheap h = BINHEAP_INIT(sizeof(struct el), by_key);
	struct el *list = calloc(20000, sizeof(*list)), e;
	const struct el *top;
	uint32_t s = 42, i, id = 0;
	size_t n = 0, k, best;
	int bad = 0;

	ok(list != NULL, "the list");
	if (!list)
		return;
	for (i = 0; i < 20000; i++) {
		if (!n || rnd(&s) % 3) {
			list[n] = (struct el){ rnd(&s) % 100, id++ };
			bad += binheap_push(&h, &list[n++]) != 0;
			continue;
		}
		for (best = 0, k = 1; k < n; k++)
			if (list[k].key > list[best].key ||
			    (list[k].key == list[best].key &&
			     list[k].id < list[best].id))
				best = k;
		top = binheap_peek(&h);
		if (!top || top->id != list[best].id || !binheap_pop(&h, &e) ||
		    e.id != list[best].id || e.key != list[best].key)
			bad++;
		list[best] = list[--n];
	}
	ok(!bad && binheap_count(&h) == n, "20000 pushes and pops as the list");
	free(list);
	binheap_release(&h);
}

/* elements of 3 and 40 bytes come back whole */
static void sizes(void)
{
	struct big {
		uint32_t key;
		unsigned char b[36];
	} g;
	unsigned char t[3];
	struct binheap h;
	uint32_t s = 7, i;
	int bad = 0;

	binheap_init(&h, sizeof(g), by_key);
	for (i = 0; i < 300; i++) {
		g.key = rnd(&s) % 1000;
		memset(g.b, (int)(g.key % 251), sizeof(g.b));
		bad += binheap_push(&h, &g) != 0;
	}
	while (binheap_pop(&h, &g))
		for (i = 0; i < sizeof(g.b); i++)
			bad += g.b[i] != g.key % 251;
	ok(!bad, "40-byte elements whole");
	binheap_release(&h);
	binheap_init(&h, 3, ties);
	for (i = 0; i < 3; i++) {
		t[0] = t[1] = t[2] = (unsigned char)('a' + i);
		bad += binheap_push(&h, t) != 0;
	}
	for (i = 0; i < 3 && binheap_pop(&h, t); i++)
		bad += t[0] != 'a' + i || t[2] != 'a' + i;
	ok(!bad && i == 3,
	   "3-byte elements whole; all ties: in the order pushed");
	binheap_release(&h);
}

/* a size no array can hold: -1, ENOMEM, the heap as it was */
static void nomem(void)
{
	struct binheap h = BINHEAP_INIT(SIZE_MAX / 2, by_key);
	struct el e = { 1, 1 };

	errno = 0;
	ok(binheap_push(&h, &e) == -1 && errno == ENOMEM,
	   "too large: -1, ENOMEM");
	ok(!binheap_count(&h) && !binheap_pop(&h, NULL),
	   "too large: still empty");
	binheap_release(&h);
}

int main(void)
{
	empty();
	sorted();
	model();
	sizes();
	nomem();
	return tap_done();
}
