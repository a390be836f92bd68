// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the matcher (lib/get-match.c) without the index: what a
 * query of one file tries.  F: patterns whose literal prefix the file
 * lacks are not tried at all; N: regexes of the plain subset are not
 * compiled unless they run, others are (the script dies on a bad one
 * whatever the file); the answers stay the script's (t4000, t4100).
 */
#include "tap.h"
#include "get/get.h"
#include "base/perlre.h"

#include <stdlib.h>
#include <string.h>

static int load(struct gm_db *db, struct diags *d, const char *text)
{
	char **names = malloc(sizeof(*names));
	char **data = malloc(sizeof(*data));
	size_t len = strlen(text);
	int ret;

	names[0] = strdup("./MAINTAINERS");
	data[0] = malloc(len + 1);
	memcpy(data[0], text, len + 1);
	gm_db_init(db);
	*d = (struct diags)DIAGS_INIT;
	ret = gm_db_read_texts(db, names, data, &len, 1, d);
	free(data);
	return ret;
}

/* The entry of type t whose value is s. */
static const struct gm_entry *entry(const struct gm_db *db, char t,
				    const char *s)
{
	size_t i;

	for (i = 0; i < db->nr; i++)
		if (db->tv[i].type == t && db->tv[i].len == strlen(s) &&
		    !memcmp(db->tv[i].s, s, db->tv[i].len))
			return &db->tv[i];
	return NULL;
}

static bool tried(const struct gm_entry *e)
{
	return e && (e->simple || e->complex);
}

static bool compiled(const struct gm_entry *e)
{
	return e && e->x && e->x->re && e->x->re[0].code;
}

static void test_one_file(void)
{
	static const char text[] = "ALPHA\n"
				   "M:\tA <a@x.example>\n"
				   "S:\tMaintained\n"
				   "F:\tdrivers/net/\n"
				   "F:\tdrivers/usb/\n"
				   "F:\tdocs/\n"
				   "N:\tacme\n"
				   "N:\tbcm[9]?47622\n"
				   "N:\t[^a-z0-9]ps3\n"
				   "\n"
				   "BETA\n"
				   "M:\tB <b@x.example>\n"
				   "S:\tMaintained\n"
				   "F:\tdrivers/u{0}net/\n"
				   "F:\tdrivers/u+sb/\n"
				   "F:\tdrivers/usb|sound/\n"
				   "N:\t(x)\n"
				   "\n"
				   "GAMMA\n"
				   "M:\tC <c@x.example>\n"
				   "S:\tMaintained\n"
				   "F:\tsound/\n"
				   "N:\tsun[z-a]i\n";
	struct gm_db db;
	struct diags d;
	struct gm_opts o;
	size_t *hdr = NULL, n = 0;

	is_int(load(&db, &d, text), 0, "the text reads");
	gm_opts_default(&o);
	is_int(gm_file_sections(&db, &o, "drivers/net/acme.c", &hdr, &n), 0,
	       "the query answers");
	/* ALPHA (F: and N:) and BETA ("u{0}" drops the u) */
	is_int(n, 2, "two sections match");
	ok(tried(entry(&db, 'F', "drivers/net/")), "a prefix of it: tried");
	ok(!tried(entry(&db, 'F', "drivers/usb/")),
	   "drivers/usb/ differs from its literal prefix: not tried");
	ok(!tried(entry(&db, 'F', "docs/")), "docs/: not tried");
	ok(!tried(entry(&db, 'F', "sound/")), "sound/: not tried");
	ok(tried(entry(&db, 'F', "drivers/u{0}net/")),
	   "a quantifier after the first difference: tried");
	ok(tried(entry(&db, 'F', "drivers/u+sb/")),
	   "'+' after the first difference: tried (glob_literal())");
	ok(tried(entry(&db, 'F', "drivers/usb|sound/")),
	   "an alternation: tried");
	ok(!compiled(entry(&db, 'N', "bcm[9]?47622")),
	   "a plain N: regex that cannot match: not compiled");
	ok(!compiled(entry(&db, 'N', "[^a-z0-9]ps3")),
	   "a plain N: regex with a class: not compiled");
	ok(compiled(entry(&db, 'N', "acme")),
	   "a plain N: regex that runs: compiled");
	ok(compiled(entry(&db, 'N', "(x)")),
	   "a group: compiled to know it compiles");
	ok(db.bad_re && db.bad_re == entry(&db, 'N', "sun[z-a]i"),
	   "a class with a descending range: compiled, and it fails");
	free(hdr);
	gm_db_release(&db);
	diags_release(&d);
}

int main(void)
{
	test_one_file();
	return tap_done();
}
