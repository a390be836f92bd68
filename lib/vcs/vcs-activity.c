// SPDX-License-Identifier: GPL-2.0
/*
 * vcs-activity: the one git log the activity report reads (see vcs.h),
 * kept in the history cache like get's logs.
 */
#include "vcs-internal.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

int vcs_activity_log(struct vcs *v, long long since, long long until,
		     struct strbuf *out)
{
	char sincearg[48], untilarg[48];
	const char *argv[] = {
		"git",
		"-c",
		"core.quotepath=off",
		"log",
		"--no-renames",
		"--no-color",
		"--format=%x00%at%x09%ct%x09%an <%ae>%x09%cn <%ce>"
		"%n%(trailers:only,unfold)%x01",
		"--name-only",
		sincearg,
		untilarg,
		NULL
	};
	struct strbuf key = STRBUF_INIT;
	int st;

	if (vcs_exists(v) != 1)
		return VCS_ACT_NOGIT;
	snprintf(sincearg, sizeof(sincearg), "--since=@%lld", since);
	snprintf(untilarg, sizeof(untilarg), "--until=@%lld", until);
	if (!until)
		argv[9] = NULL;
	if (!v->cache_ready)
		vcs_cache_setup(v);
	vcs_cache_key(v, argv, NULL, &key);
	if (key.failed) {
		strbuf_release(&key);
		return VCS_ACT_NOMEM;
	}
	if (vcs_cache_get(v, &key, out)) {
		strbuf_release(&key);
		return 0;
	}
	st = vcs_run(v, argv, NULL, 0, out);
	if (st == 0 && !out->failed)
		vcs_cache_put(v, &key, out);
	strbuf_release(&key);
	if (out->failed)
		return VCS_ACT_NOMEM;
	return st == 0 ? 0 : VCS_ACT_FAILED;
}

bool vcs_shallow(struct vcs *v)
{
	struct strbuf path = STRBUF_INIT;
	bool shallow;

	vcs_repo_setup(v);
	if (!v->commondir)
		return false;
	strbuf_addf(&path, "%s/shallow", v->commondir);
	/* out of memory: said not shallow (a report not marked partial) */
	shallow = !path.failed && !access(path.buf, F_OK);
	strbuf_release(&path);
	return shallow;
}
