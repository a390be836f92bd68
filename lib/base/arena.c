// SPDX-License-Identifier: GPL-2.0
#include "arena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK_SIZE (64 * 1024)

struct arena_chunk {
	struct arena_chunk *next;
	size_t used, size;
	max_align_t data[];
};

void *arena_alloc(struct arena *a, size_t size)
{
	struct arena_chunk *c = a->head;
	size_t align = sizeof(max_align_t);
	void *p;

	size = (size + align - 1) / align * align;
	if (!size)
		size = align;
	if (!c || c->size - c->used < size) {
		size_t n = size > CHUNK_SIZE ? size : CHUNK_SIZE;

		if (n > SIZE_MAX - sizeof(*c))
			return NULL;
		c = malloc(sizeof(*c) + n);
		if (!c)
			return NULL;
		c->used = 0;
		c->size = n;
		c->next = a->head;
		a->head = c;
	}
	p = (char *)c->data + c->used;
	c->used += size;
	return p;
}

char *arena_dup(struct arena *a, const void *data, size_t len)
{
	char *p = len == SIZE_MAX ? NULL : arena_alloc(a, len + 1);

	if (!p)
		return NULL;
	memcpy(p, data, len);
	p[len] = '\0';
	return p;
}

void arena_release(struct arena *a)
{
	struct arena_chunk *c = a->head, *next;

	for (; c; c = next) {
		next = c->next;
		free(c);
	}
	a->head = NULL;
}
