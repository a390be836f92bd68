/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MAINT_HEAP_H
#define MAINT_HEAP_H

/* Set up the heap for a short process (see heap.c); called first. */
void heap_setup(void);

#endif
