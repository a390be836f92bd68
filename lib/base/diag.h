/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Diagnostics: a catalogue of every message the library can report, each
 * with a fixed severity and a short name, and a list that collects them
 * with file:line locations.  The library only records; the tool decides
 * how (and whether) to print.
 *
 * Ownership: a struct diags owns every message text and file name it
 * holds (both are copied in); diags_release() frees them.
 */
#ifndef MAINT_DIAG_H
#define MAINT_DIAG_H

#include <stddef.h>

enum diag_severity {
	SEV_NOTE,
	SEV_WARNING,
	SEV_ERROR,
	SEV_FATAL, /* input could not be read at all */
};

/* X(id, severity, name) */
#define DIAG_CATALOGUE(X)                                      \
	X(D_OPEN, SEV_FATAL, "open")                           \
	X(D_READ, SEV_FATAL, "read")                           \
	X(D_NOMEM, SEV_FATAL, "out-of-memory")                 \
	X(D_NO_FILES, SEV_FATAL, "no-files")                   \
	X(D_NOT_REGULAR, SEV_FATAL, "not-regular")             \
	X(D_DUP_HEADER, SEV_ERROR, "duplicate-header")         \
	X(D_ODD_LINE, SEV_ERROR, "odd-line")                   \
	X(D_REGEX, SEV_ERROR, "regex")                         \
	X(D_REGEX_LIMIT, SEV_ERROR, "regex-limit")             \
	X(D_SECTION_ORDER, SEV_WARNING, "section-order")       \
	X(D_FIELD_ORDER, SEV_WARNING, "field-order")           \
	X(D_FIELD_FORM, SEV_WARNING, "field-form")             \
	X(D_LAYOUT, SEV_WARNING, "layout")                     \
	X(D_NO_EMAIL, SEV_WARNING, "no-email")                 \
	X(D_NO_STATUS, SEV_WARNING, "no-status")               \
	X(D_NO_PATTERN, SEV_WARNING, "no-pattern")             \
	X(D_NO_MATCH, SEV_WARNING, "no-file-matches")          \
	X(D_BAD_PATTERN, SEV_ERROR, "bad-pattern")             \
	X(D_GLOBSTAR, SEV_WARNING, "globstar")                 \
	X(D_BAD_LINK, SEV_WARNING, "bad-link")                 \
	X(D_BAD_SCM, SEV_WARNING, "bad-scm")                   \
	X(D_ENTRY_TAB, SEV_WARNING, "entry-tab")               \
	X(D_UNKNOWN_TYPE, SEV_ERROR, "unknown-type")           \
	X(D_MISORDERED, SEV_WARNING, "misordered")             \
	X(D_BAD_EMAIL, SEV_ERROR, "bad-email")                 \
	X(D_BAD_STATUS, SEV_WARNING, "bad-status")             \
	X(D_DUP_PATTERN, SEV_WARNING, "duplicate-pattern")     \
	X(D_SHARED_PATTERN, SEV_NOTE, "shared-pattern")        \
	X(D_USELESS_EXCLUDE, SEV_WARNING, "useless-exclude")   \
	X(D_BAD_REGEX, SEV_ERROR, "bad-regex")                 \
	X(D_SHADOWED, SEV_NOTE, "shadowed")                    \
	X(D_NOT_PATCH, SEV_WARNING, "not-a-patch")             \
	X(D_CONFLICT_MARKER, SEV_ERROR, "conflict-marker")     \
	X(D_NOT_EXPORTED, SEV_NOTE, "not-exported")            \
	X(D_BAD_ENTRY, SEV_ERROR, "bad-entry")                 \
	X(D_INACTIVE_SECTION, SEV_WARNING, "inactive-section") \
	X(D_INACTIVE_PERSON, SEV_WARNING, "inactive-person")   \
	X(D_ORPHAN_ACTIVE, SEV_NOTE, "orphan-active")          \
	X(D_UNOWNED_BUSY, SEV_NOTE, "unowned-busy")            \
	X(D_CARRIED, SEV_NOTE, "carried")                      \
	X(D_NOT_CARRIED, SEV_ERROR, "not-carried")             \
	X(D_ALL_EXCLUDED, SEV_WARNING, "all-excluded")         \
	X(D_DEAD_REGEX, SEV_WARNING, "dead-regex")             \
	X(D_CATCH_ALL, SEV_NOTE, "catch-all")                  \
	X(D_WIDENED, SEV_NOTE, "widened")                      \
	X(D_NOT_MAIL, SEV_FATAL, "not-a-mail")                 \
	X(D_NO_HISTORY, SEV_FATAL, "no-history")               \
	X(D_CC_MISSING, SEV_ERROR, "cc-missing")               \
	X(D_CC_EXTRA, SEV_NOTE, "cc-superfluous")              \
	X(D_CC_INACTIVE, SEV_NOTE, "cc-inactive")              \
	X(D_PARTIAL_HISTORY, SEV_WARNING, "partial-history")   \
	X(D_SERIES, SEV_FATAL, "series")

#define DIAG_ENUM(id, sev, name) id,
enum diag_id { DIAG_CATALOGUE(DIAG_ENUM) D__COUNT };
#undef DIAG_ENUM

struct diag {
	enum diag_id id;
	char *file; /* owned; NULL when no file applies */
	unsigned long line; /* 0 when no line applies */
	int err; /* errno for D_OPEN/D_READ, else 0 */
	char *msg; /* owned */
	size_t seq; /* order of recording, for a stable sort */
};

struct diags {
	struct diag *v;
	size_t nr, alloc;
	size_t count[SEV_FATAL + 1];
	size_t lost; /* not recorded: out of memory */
};

#define DIAGS_INIT          \
	{                   \
		NULL, 0, 0, \
		{           \
			0   \
		}           \
	}

enum diag_severity diag_severity(enum diag_id id);
const char *diag_name(enum diag_id id);
const char *diag_severity_name(enum diag_severity sev);

void diag_add(struct diags *d, enum diag_id id, const char *file,
	      unsigned long line, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
void diag_add_errno(struct diags *d, enum diag_id id, const char *file, int err,
		    const char *what);
void diags_release(struct diags *d);
/* Sort by file name, then line, keeping recording order on ties. */
void diags_sort(struct diags *d);
/* Highest severity recorded, or -1 when empty. */
int diags_worst(const struct diags *d);
/* Does the list hold anything at or above sev? */
int diags_has(const struct diags *d, enum diag_severity sev);
/* Format one as "file:line: severity: message" (no newline). */
struct strbuf;
void diag_format(struct strbuf *sb, const struct diag *dg);
/* The same at another severity than the catalogue's. */
void diag_format_as(struct strbuf *sb, const struct diag *dg,
		    enum diag_severity sev);

#endif
