// SPDX-License-Identifier: GPL-2.0
/*
 * heap: the process's heap set up once, before a subcommand runs.
 *
 * A call of maint is short and touches a few MiB (the parsed
 * MAINTAINERS, its pattern index, the regexes' match frames), and the
 * first touch of a page is dear on a virtual machine (bench/README.md).
 * So, with glibc: the heap grows in steps of HEAP_STEP, blocks up to
 * HEAP_MMAP_MAX come from it (not from an mmap each, faulted afresh),
 * and the heap past its first HEAP_SMALL bytes is marked for transparent
 * huge pages (2 MiB a fault, where the kernel allows them for madvise()d
 * ranges; elsewhere the advice does nothing).  The first HEAP_SMALL keep
 * small pages: a query of one file or one patch touches ~2 MiB of heap,
 * which would be whole huge pages to zero; a call that goes on (--all,
 * check, format) gets huge pages past that point.  Nothing else
 * changes: the heap is the same malloc(), only its pages are fewer and
 * larger.  Sanitizer builds keep their own allocator.
 */
#define _DEFAULT_SOURCE

#include "heap.h"

#include <stdint.h>
#include <stdlib.h>

#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__) && \
	!defined(MAINT_NO_HEAP_SETUP)
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#define HEAP_STEP (32u << 20)
#define HEAP_MMAP_MAX (32u << 20)
#define HEAP_SMALL ((uintptr_t)8 << 20)
#define HUGE_PAGE ((uintptr_t)2 << 20)
#define SMALL_PAGE ((uintptr_t)4096)

void heap_setup(void)
{
	uintptr_t start, end;
	void *volatile probe; /* a malloc() the compiler must keep */

	if (!mallopt(M_TOP_PAD, HEAP_STEP) ||
	    !mallopt(M_MMAP_THRESHOLD, HEAP_MMAP_MAX))
		return;
	/*
	 * The heap starts one small page before a huge page's boundary:
	 * that page holds what malloc() writes before the advice is given
	 * (a huge page is not made where a small one is already mapped).
	 */
	start = (uintptr_t)sbrk(0);
	if (start == (uintptr_t)-1)
		return;
	end = ((start + SMALL_PAGE + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1)) -
	      SMALL_PAGE;
	if (end > start && sbrk((intptr_t)(end - start)) == (void *)-1)
		return;
	start = end + SMALL_PAGE + HEAP_SMALL;
	probe = malloc(1); /* the heap's first step */
	end = (uintptr_t)sbrk(0) & ~(HUGE_PAGE - 1);
	free(probe);
#ifdef MADV_HUGEPAGE
	if (end > start)
		madvise((void *)start, end - start, MADV_HUGEPAGE);
#endif
}
#else
void heap_setup(void)
{
}
#endif
