/* SPDX-License-Identifier: GPL-2.0 */
/*
 * binheap: a binary heap (a priority queue) of elements of one size.
 * binheap_pop() takes out the element that comes first by the caller's
 * cmp() (negative: a comes out before b); elements cmp() finds equal
 * come out in the order they were pushed (first in, first out), so the
 * order out is the same whatever the heap's layout.  A push or a pop
 * costs O(log n) calls of cmp().
 *
 * Ownership: the heap owns a copy of each element pushed (its bytes,
 * copied: what an element points to stays the caller's, and the heap
 * frees none of it); binheap_pop() copies the first element out and
 * forgets it.  binheap_release() frees the heap's array and leaves the
 * heap empty, to be used again.  A zeroed heap is not ready: set it up
 * with BINHEAP_INIT or binheap_init().
 *
 * Allocation failure: binheap_push() returns -1 with errno ENOMEM and
 * leaves the heap as it was; nothing else allocates.  cmp() must not
 * push or pop on the same heap.
 */
#ifndef MAINT_BINHEAP_H
#define MAINT_BINHEAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef int (*binheap_cmp_fn)(const void *a, const void *b);

struct binheap {
	/* alloc slots of stride bytes: a push count, then the element */
	unsigned char *v;
	size_t nr, alloc, size, stride;
	uint64_t pushed; /* pushes so far: the next one's number */
	binheap_cmp_fn cmp;
};

#define BINHEAP_INIT(elsize, cmpfn)                 \
	{                                           \
		NULL, 0, 0, (elsize), 0, 0, (cmpfn) \
	}

void binheap_init(struct binheap *h, size_t elsize, binheap_cmp_fn cmp);
/* Copy the element at elem in.  0, or -1 with errno ENOMEM. */
int binheap_push(struct binheap *h, const void *elem);
/*
 * Copy the first element out to out (NULL: drop it) and take it out;
 * false (out untouched) when the heap is empty.
 */
bool binheap_pop(struct binheap *h, void *out);
/* The first element, in the heap (valid until the next push or pop). */
const void *binheap_peek(const struct binheap *h);
static inline size_t binheap_count(const struct binheap *h)
{
	return h->nr;
}
void binheap_release(struct binheap *h);

#endif
