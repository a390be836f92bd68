/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lib/base: buffers, arenas, maps, heaps, strings, JSON, files and temporaries,
 * diagnostics, regexes, globs, unified diffs, running programs.
 *
 * The one header other folders include (doc/architecture.md).
 *
 * Conventions for all of lib/:
 *  - Allocation failure is propagated, never ignored: the library does
 *    not exit, abort or print; a function that allocates returns -1 (or
 *    NULL) with errno ENOMEM or a D_NOMEM diag, a strbuf remembers it
 *    (strbuf_failed()), and the builtin says "out of memory" and exits
 *    with a value of enum maint_exit (cli.h).  A fallback is allowed
 *    only when it gives the same answer (strlist_uniq() compares one by
 *    one when its map cannot grow).
 *  - Return values: 0 on success, -1 on failure (the reason in errno,
 *    an int *err or struct diags); predicates return bool; counts
 *    size_t.
 */
#ifndef MAINT_BASE_PUBLIC_H
#define MAINT_BASE_PUBLIC_H

#include "arena.h"
#include "strbuf.h"
#include "strmap.h"
#include "ustr.h"
#include "json.h"
#include "fileio.h"
#include "atomic.h"
#include "tempfile.h"
#include "diag.h"
#include "regex.h"
#include "perlre.h"
#include "glob.h"
#include "patch.h"
#include "run.h"
#include "suggest.h"
#include "binheap.h"

#endif
