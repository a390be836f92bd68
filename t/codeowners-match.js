// SPDX-License-Identifier: GPL-2.0
// node codeowners-match.js CODEOWNERS <paths: "path<TAB>owners" for each
// path on standard input, as npm's codeowners-utils reads CODEOWNERS
// (parse()) and matches a path (matchPattern(): gitignore rules by the
// ignore package; the last matching line wins).  matchFile() builds one
// matcher per line per path; they are built once here, the same calls.
'use strict';
const fs = require('fs');
const ignore = require('ignore');
const { parse, matchPattern } = require('codeowners-utils');

const entries = parse(fs.readFileSync(process.argv[2], 'utf-8'));
const matchers = entries.map((e) => ignore().add(e.pattern));
// the cached matchers answer as matchPattern() does: checked on a few
const paths = fs.readFileSync(0, 'utf-8').split('\n').filter((p) => p);
let out = '';
for (const [n, path] of paths.entries()) {
	let owners = '';
	for (let i = 0; i < entries.length; i++) {
		if (!matchers[i].ignores(path))
			continue;
		if (n < 20 && !matchPattern(path, entries[i].pattern))
			throw new Error(`matcher differs on ${path}`);
		owners = entries[i].owners.join(' ');
		break;
	}
	out += `${path}\t${owners}\n`;
}
process.stdout.write(out);
