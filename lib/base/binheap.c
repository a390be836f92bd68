// SPDX-License-Identifier: GPL-2.0
/*
 * binheap: see binheap.h.  Each slot is the element's push number (a
 * uint64_t) and, at HDR bytes, the element; the array has one slot more
 * than it holds, the last, where an element waits while a hole moves up
 * or down to its place (one copy a level, not a swap).
 */
#include "binheap.h"
#include "strbuf.h"

#include <errno.h>
#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

#define HDR alignof(max_align_t)

void binheap_init(struct binheap *h, size_t elsize, binheap_cmp_fn cmp)
{
	*h = (struct binheap)BINHEAP_INIT(elsize, cmp);
}

static unsigned char *slot(const struct binheap *h, size_t i)
{
	return h->v + i * h->stride;
}

/* Slot a comes out before slot b: by cmp(), then by push number. */
static bool before(const struct binheap *h, const unsigned char *a,
		   const unsigned char *b)
{
	int c = h->cmp(a + HDR, b + HDR);
	uint64_t na, nb;

	if (c)
		return c < 0;
	memcpy(&na, a, sizeof(na));
	memcpy(&nb, b, sizeof(nb));
	return na < nb;
}

/* The slot waiting in the spare slot (alloc - 1) goes to hole i, upward. */
static void sift_up(struct binheap *h, size_t i)
{
	const unsigned char *w = slot(h, h->alloc - 1);

	while (i && before(h, w, slot(h, (i - 1) / 2))) {
		memcpy(slot(h, i), slot(h, (i - 1) / 2), h->stride);
		i = (i - 1) / 2;
	}
	memcpy(slot(h, i), w, h->stride);
}

/* The waiting slot goes to hole i, downward. */
static void sift_down(struct binheap *h, size_t i)
{
	const unsigned char *w = slot(h, h->alloc - 1);

	for (;;) {
		size_t c = 2 * i + 1;

		if (c >= h->nr)
			break;
		if (c + 1 < h->nr && before(h, slot(h, c + 1), slot(h, c)))
			c++;
		if (!before(h, slot(h, c), w))
			break;
		memcpy(slot(h, i), slot(h, c), h->stride);
		i = c;
	}
	memcpy(slot(h, i), w, h->stride);
}

int binheap_push(struct binheap *h, const void *elem)
{
	size_t alloc = h->alloc;
	unsigned char *w;

	if (!h->stride) {
		if (h->size > SIZE_MAX / 64)
			goto nomem;
		h->stride = HDR + (h->size + HDR - 1) / HDR * HDR;
	}
	/* nr + 1 slots and the spare one */
	if (h->nr + 2 > alloc) {
		if (!grow_array((void **)&h->v, &alloc, h->nr + 2, h->stride))
			goto nomem;
		h->alloc = alloc;
	}
	w = slot(h, h->alloc - 1);
	memcpy(w, &h->pushed, sizeof(h->pushed));
	memcpy(w + HDR, elem, h->size);
	h->pushed++;
	sift_up(h, h->nr++);
	return 0;
nomem:
	errno = ENOMEM;
	return -1;
}

bool binheap_pop(struct binheap *h, void *out)
{
	if (!h->nr)
		return false;
	if (out)
		memcpy(out, slot(h, 0) + HDR, h->size);
	if (--h->nr) {
		memcpy(slot(h, h->alloc - 1), slot(h, h->nr), h->stride);
		sift_down(h, 0);
	}
	return true;
}

const void *binheap_peek(const struct binheap *h)
{
	return h->nr ? slot(h, 0) + HDR : NULL;
}

void binheap_release(struct binheap *h)
{
	free(h->v);
	binheap_init(h, h->size, h->cmp);
}
