/* SPDX-License-Identifier: GPL-2.0 */
/*
 * maint export: the MAINTAINERS model in other formats.
 *
 * export_json(): the whole file, lossless: every section with its
 * header, file and line, and every field line in order with its type,
 * value and line; the preamble's text.  The format is versioned
 * (EXPORT_JSON_VERSION) and described in doc/maint-export.1.
 *
 * export_codeowners(): a CODEOWNERS file (GitHub, GitLab) for a mirror of
 * the tree.  MAINTAINERS gives a file every section that matches it;
 * CODEOWNERS gives it the owners of the last line that matches.  So the
 * F: and X: patterns become anchored gitignore-style lines, ordered from
 * the least to the most specific, and each line's owners are the M: and
 * R: addresses of every section with an F: pattern covering the line's
 * pattern and no X: pattern covering it (the union get_maintainer.pl
 * makes; less the tree's chief penguins, chiefs, as maint get leaves
 * them out: an M:/R: whose "Name <address>" matches a chief's; NULL or
 * empty chiefs: Linus, as get without a script).  What has
 * no CODEOWNERS form -- N: regexes, K: keywords, patterns with regex
 * syntax -- is listed in comments at the top and reported as notes in d
 * (D_NOT_EXPORTED, with file:line, the message starting with the line's
 * "X: "); nothing is dropped silently.
 *
 * Both append to out and return 0, or -1 when out of memory.  The
 * library neither prints nor reads the tree: is_dir (may be NULL) says
 * whether a path names a directory of the tree, as the script's -d test
 * on an F: value without a trailing '/': 1, 0, or -1 out of memory.  A
 * note that could not be recorded in d is out of memory too.
 */
#ifndef MAINT_EXPORT_H
#define MAINT_EXPORT_H

#include "base/base.h"
#include "model/model.h"

#include <stdbool.h>

#define EXPORT_JSON_VERSION 1

int export_json(const struct maintainers *m, struct strbuf *out);

int export_codeowners(const struct maintainers *m,
		      const struct mnt_chiefs *chiefs,
		      int (*is_dir)(const char *path, void *arg), void *arg,
		      struct strbuf *out, struct diags *d);

#endif
