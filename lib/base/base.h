/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lib/base: buffers, arenas, maps, strings, JSON, files and temporaries,
 * diagnostics, regexes, globs, unified diffs, running programs.
 *
 * The one header other folders include (doc/architecture.md).
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

#endif
