/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The MAINTAINERS model.
 *
 * A MAINTAINERS file is read the way scripts/parse-maintainers.pl reads
 * it, so that every later consumer sees the same sections the kernel's
 * own tools see:
 *
 *  - A "field line" is any line starting with an upper-case ASCII letter
 *    and a colon ("M: ...").  Its value is the rest of the line with
 *    ASCII white space trimmed at both ends, and it is written back as
 *    "X:<TAB>value".
 *  - A section starts at the first field line that follows a non-field
 *    line; that preceding line, trimmed, is the section header.
 *  - Everything before the first section is the preamble, kept verbatim
 *    (field lines in it are normalised, as the script does).
 *  - Inside a section a non-field line may only follow a blank line or a
 *    field line (else: "odd non-pattern line"), and a header may appear
 *    only once (else: "duplicate section header").
 *  - The line left pending at the end of a file is kept as the section's
 *    "tail" (usually empty or a blank line).
 *
 * Input is a file, standard input ("-"), or a directory whose files (not
 * starting with '.') are read one after the other in byte-sorted name
 * order; each file is parsed on its own, its preamble is appended to the
 * model's one preamble, and a header may appear once across all files.
 *
 * Ownership: struct maintainers owns every byte it points to (file
 * buffers, names, the arena holding normalised lines); mnt_release()
 * frees it all.  Pointers into the model stay valid until then.
 *
 * The library never prints and never exits: errors go to a struct diags.
 */
#ifndef MAINT_MAINTAINERS_H
#define MAINT_MAINTAINERS_H

#include "base/base.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct mnt_line {
	const char *s; /* output form, no newline ("M:\tvalue") */
	size_t len;
	unsigned long lineno;
	unsigned file; /* index into mnt->files */
	char type; /* 'A'..'Z' for a field line, 0 for a tail */
	bool canonical; /* the source line was already "X:\tvalue\n" */
};

/* The trimmed value of a field line (the whole text of a tail line). */
static inline const char *mnt_line_value(const struct mnt_line *l, size_t *len)
{
	size_t skip = l->type ? 3 : 0;

	*len = l->len - skip;
	return l->s + skip;
}

struct mnt_section {
	const char *header; /* trimmed header; " " for the preamble */
	size_t header_len;
	bool preamble;
	unsigned file;
	unsigned long lineno; /* of the header line */
	size_t first, nr; /* field lines: mnt->lines[first .. first+nr) */
	const char *tail; /* raw pending line at end of file, or "" */
	size_t tail_len;
	unsigned long tail_lineno;
};

struct mnt_file {
	char *name;
	char *data; /* the file's bytes (mapped or malloc'd) */
	size_t len;
	bool mapped;
	/* this file's part of mnt->preamble: [preamble_start, preamble_end) */
	size_t preamble_start, preamble_end;
};

struct maintainers {
	struct mnt_file *files;
	size_t nr_files, alloc_files;
	/* sections[0] is always the preamble, the other in input order */
	struct mnt_section *sections;
	size_t nr_sections, alloc_sections;
	struct mnt_line *lines;
	size_t nr_lines, alloc_lines;
	struct strbuf preamble; /* verbatim preamble text */
	struct arena arena;
	uint32_t *hash; /* header -> section index + 1 */
	size_t hash_size;
	bool is_dir; /* read from a directory */
};

void mnt_init(struct maintainers *m);
void mnt_release(struct maintainers *m);

/*
 * Read a file, a directory of files, or standard input ("-").
 * Returns 0, or -1 with the reasons in d (errors carry file:line).
 */
int mnt_read(struct maintainers *m, const char *path, struct diags *d);

/*
 * Read every file below a directory (not starting with '.'), at any
 * depth, in byte order of their paths: a split MAINTAINERS.  0 or -1.
 */
int mnt_read_recursive(struct maintainers *m, const char *dir, struct diags *d);

/*
 * Parse one buffer.  Takes ownership of data (malloc'd; freed by
 * mnt_release(), or at once on failure); name is copied.  0 or -1.
 */
int mnt_parse(struct maintainers *m, const char *name, char *data, size_t len,
	      struct diags *d);
/* The same for a buffer from map_path(): mapped says how to release it. */
int mnt_parse_mapped(struct maintainers *m, const char *name, char *data,
		     size_t len, bool mapped, struct diags *d);

/* Section by exact header, or NULL. */
struct mnt_section *mnt_find(const struct maintainers *m, const char *header,
			     size_t len);

static inline struct mnt_line *mnt_section_lines(const struct maintainers *m,
						 const struct mnt_section *s)
{
	return m->lines + s->first;
}

static inline const char *mnt_file_name(const struct maintainers *m,
					unsigned file)
{
	return file < m->nr_files ? m->files[file].name : "<input>";
}

/*
 * The section's text as parse-maintainers.pl holds it: each field line
 * followed by a newline, then the tail.  For the preamble, its text.
 */
void mnt_section_text(const struct maintainers *m, const struct mnt_section *s,
		      struct strbuf *out);

/* Do section sa of a and section sb of b hold the same lines, byte for byte? */
bool mnt_section_equal(const struct maintainers *a,
		       const struct mnt_section *sa,
		       const struct maintainers *b,
		       const struct mnt_section *sb);

/* ASCII white space as Perl's \s matches it on byte strings. */
static inline bool mnt_isspace(unsigned char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

/*
 * Is the line a conflict marker: "<<<<<<<", "|||||||" or ">>>>>>>" (7 or
 * more, alone or before a space), or "=======" alone (exactly 7: longer
 * runs of '=' underline the kernel file's title)?
 */
bool mnt_is_conflict_marker(const char *s, size_t len);

#endif
