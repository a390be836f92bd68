#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint get --write-commit-graph: git's commit-graph with changed-path
# Bloom filters written (or refreshed) when asked, alone or before a
# query, and never otherwise; the answers are the same with it.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-gettree.sh"

# has_bloom: the commit-graph holds changed-path Bloom filters (its
# BIDX/BDAT chunks), in the single file or in a chain
has_bloom() {
	cat .git/objects/info/commit-graph \
		.git/objects/info/commit-graphs/*.graph 2>/dev/null |
		grep -aq BDAT
}

no_graph() {
	test ! -e .git/objects/info/commit-graph &&
	test ! -e .git/objects/info/commit-graphs
}

test_expect_success 'setup: the small tree with a history' '
	make_get_tree tree &&
	cd tree &&
	git init -q &&
	git config user.name "Ann Acme" &&
	git config user.email ann@acme.example &&
	git config gc.auto 0 &&
	git config core.commitGraph true &&
	git add . &&
	GIT_COMMITTER_DATE="2024-01-01T00:00:00Z" \
		git commit -q --date=2024-01-01T00:00:00Z -m "the tree" &&
	for i in 1 2 3; do
		echo "int acme$i;" >>drivers/net/acme/main.c &&
		GIT_COMMITTER_DATE="2024-0$((i + 1))-01T00:00:00Z" \
			git commit -q -a --date=2024-0$((i + 1))-01T00:00:00Z \
			-m "acme: change $i" -m "Signed-off-by: Ann Acme <ann@acme.example>"
	done &&
	no_graph
'

test_expect_success 'a query writes no commit-graph' '
	cd tree &&
	maint get --git-since=2023-01-01 -f drivers/net/acme/main.c >../plain.out &&
	no_graph
'

test_expect_success '--write-commit-graph alone: the graph with Bloom filters, no answer' '
	cd tree &&
	maint get --write-commit-graph </dev/null >../alone.out 2>../alone.err &&
	test ! -s ../alone.out &&
	test -f .git/objects/info/commit-graph &&
	has_bloom &&
	git commit-graph verify
'

test_expect_success 'with a query: refreshed first (new commits), the same answer' '
	cd tree &&
	echo "int acme4;" >>drivers/net/acme/main.c &&
	GIT_COMMITTER_DATE="2024-05-01T00:00:00Z" \
		git commit -q -a --date=2024-05-01T00:00:00Z -m "acme: change 4" &&
	sha1sum .git/objects/info/commit-graph >../graph.before &&
	rm -rf .git/maint &&
	maint get --git-since=2023-01-01 -f drivers/net/acme/main.c >../nograph.out &&
	sha1sum -c --quiet ../graph.before &&
	rm -rf .git/maint &&
	maint get --write-commit-graph --git-since=2023-01-01 \
		-f drivers/net/acme/main.c >../graph.out &&
	test_cmp ../nograph.out ../graph.out &&
	grep -q "ann@acme.example" ../graph.out &&
	has_bloom &&
	git commit-graph verify &&
	! sha1sum -c --quiet ../graph.before 2>/dev/null
'

test_expect_success 'outside a git repository: reported, exit 2' '
	mkdir nogit &&
	(cd nogit && GIT_CEILING_DIRECTORIES=$TRASH \
		test_expect_code 2 maint get --write-commit-graph 2>../nogit.err) &&
	test_grep "write-commit-graph: git commit-graph write failed" nogit.err
'

test_done
