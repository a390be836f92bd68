/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arena: bump allocation of many small objects that all die together.
 *
 * Ownership: everything returned by arena_alloc()/arena_dup() belongs to
 * the arena and is freed by arena_release(); never free() it on its own.
 * Pointers stay valid until arena_release() (chunks never move).
 */
#ifndef MAINT_ARENA_H
#define MAINT_ARENA_H

#include <stddef.h>

struct arena_chunk;

struct arena {
	struct arena_chunk *head;
};

#define ARENA_INIT   \
	{            \
		NULL \
	}

/* NULL on allocation failure. */
void *arena_alloc(struct arena *a, size_t size);
/* Copy len bytes and NUL-terminate; NULL on allocation failure. */
char *arena_dup(struct arena *a, const void *data, size_t len);
void arena_release(struct arena *a);

#endif
