// SPDX-License-Identifier: GPL-2.0
/* The chief penguins CODEOWNERS leaves out: see export-internal.h. */
#include "export-internal.h"
#include "base/base.h"
#include "model/model.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int export_chiefs_init(struct export_chiefs *x, const struct mnt_chiefs *c)
{
	static const struct mnt_chiefs none;
	const struct mnt_chief *v;
	size_t i, n;

	memset(x, 0, sizeof(*x));
	mnt_email_parser_init(&x->ep);
	mnt_email_init(&x->e);
	strbuf_init(&x->fmt);
	v = mnt_chiefs_list(c ? c : &none, &n);
	x->re = calloc(n, sizeof(*x->re));
	x->pat = calloc(n, sizeof(*x->pat));
	if (!x->re || !x->pat)
		goto nomem;
	for (i = 0; i < n; i++) {
		strbuf_init(&x->pat[i]);
		x->nr++;
		if (mnt_email_format(&x->ep, &x->pat[i], v[i].name,
				     strlen(v[i].name), v[i].addr,
				     strlen(v[i].addr), 1) ||
		    strbuf_failed(&x->pat[i]))
			goto nomem;
		x->re[i] = (struct perlre)PERLRE(x->pat[i].buf, 0);
	}
	return 0;
nomem:
	export_chiefs_release(x);
	errno = ENOMEM;
	return -1;
}

int export_chiefs_match(struct export_chiefs *x, const char *v, size_t len)
{
	size_t i;
	int rc = 0;

	strbuf_reset(&x->fmt);
	if (mnt_email_parse(&x->ep, v, len, &x->e) ||
	    mnt_email_format(&x->ep, &x->fmt, x->e.name.buf, x->e.name.len,
			     x->e.address.buf, x->e.address.len, 1) ||
	    strbuf_failed(&x->e.name) || strbuf_failed(&x->e.address) ||
	    strbuf_failed(&x->fmt))
		return -1;
	for (i = 0; i < x->nr && rc != PERLRE_MATCH; i++) {
		rc = perlre_match(&x->re[i], x->fmt.buf, x->fmt.len);
		if (rc == PERLRE_NOMEM)
			return -1;
	}
	return rc == PERLRE_MATCH;
}

void export_chiefs_release(struct export_chiefs *x)
{
	size_t i;

	for (i = 0; i < x->nr; i++) {
		perlre_free(&x->re[i]);
		strbuf_release(&x->pat[i]);
	}
	free(x->re);
	free(x->pat);
	mnt_email_release(&x->e);
	strbuf_release(&x->fmt);
	mnt_email_parser_release(&x->ep);
	memset(x, 0, sizeof(*x));
}
