#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
#
# make-history.pl: a deterministic git history for the get tests and bench,
# written to `git fast-import` (run in the repository it builds).
#
#   make-history.pl --tree DIR [--base COMMIT] --commits N [--seed S]
#                   [--hot N] [--start EPOCH] [--days N]
#
# DIR is the work tree the history ends in (a kernel tree, or the small
# project of t/make-project.sh).  Without --base the first commit adds
# every file of DIR; with it, the history starts from that commit (whose
# tree is DIR's, e.g. the git copy of the kernel tree).  Then N commits
# change a pool of files: authors and signature tags (Signed-off-by,
# Reviewed-by, Acked-by, Tested-by, Reported-by, Suggested-by,
# Co-developed-by, Cc:, Link:, Fixes:) drawn from the people of DIR's
# MAINTAINERS files and the aliases of its .mailmap, renames within and
# across directories, new and deleted files, side branches merged back,
# a few commits signed by Linus, odd signature lines (no name, trailing
# comments, indented, lower case), dates spread over three years.
# Everything comes from a seeded generator and sorted lists: the same
# arguments give the same commits (the same hashes).
#
# fast-import runs as a child of this script (its --cat-blob-fd answers
# get-mark, for the hashes that Fixes: tags name).  The branch written is
# refs/heads/master; the script prints the number of commits at the end.
use strict;
use warnings;
use File::Find;
use IPC::Open2;
use Getopt::Long;

my ($tree, $base, $ncommits, $seed, $nhot) = (undef, undef, 3000, 1, 0);
my $start = 1641168000;		# 2022-01-03 00:00:00 UTC
my $days = 3 * 365;
GetOptions('tree=s' => \$tree, 'base=s' => \$base,
	   'commits=i' => \$ncommits, 'seed=i' => \$seed, 'hot=i' => \$nhot,
	   'start=i' => \$start, 'days=i' => \$days)
	or die "usage: make-history.pl --tree DIR [--base C] --commits N\n";
die "make-history.pl: --tree DIR\n" unless defined $tree && -d $tree;
$nhot ||= $ncommits > 20000 ? 6000 : int($ncommits / 5) + 40;

srand($seed);
sub rnd { return int(rand($_[0])); }
sub pick { return $_[rnd(scalar @_)]; }

# --- the tree ------------------------------------------------------------
my @all;
find({ no_chdir => 1, preprocess => sub { sort grep { $_ ne '.git' } @_ },
       wanted => sub {
	       return unless -f $_ && !-l $_;
	       my $p = substr($_, length($tree) + 1);
	       push(@all, $p) unless $p eq '.maint-extracted';
       } }, $tree);
@all = sort @all;

sub slurp {
	my ($f) = @_;
	open(my $fh, '<:raw', $f) or die "make-history.pl: $f: $!\n";
	local $/;
	my $t = <$fh>;
	close($fh);
	return $t;
}

# People: M:/R: of every MAINTAINERS file, the aliases of .mailmap.
my (@people, %seen);
for my $m (grep { m{(^|/)MAINTAINERS$} } @all) {
	for (split(/\n/, slurp("$tree/$m"))) {
		next unless /^[MR]:\s*(.+?)\s*$/;
		my $p = $1;
		next unless $p =~ /^[^<>\@]+ <[^<>\s]+\@[^<>\s]+>$/;
		next if $p =~ /torvalds/;
		push(@people, $p) unless $seen{$p}++;
	}
}
my @aliases;
if (-f "$tree/.mailmap") {
	for (split(/\n/, slurp("$tree/.mailmap"))) {
		s/#.*//;
		if (/^([^<>]+?)\s*<[^<>]+>\s*<([^<>]+)>\s*$/) {
			push(@aliases, "$1 <$2>");
		} elsif (/^[^<>]+?<[^<>]+>\s*([^<>]+?)\s*<([^<>]+)>\s*$/) {
			push(@aliases, "$1 <$2>");
		}
	}
}
@people = sort @people;
@aliases = sort @aliases;
die "make-history.pl: no people in $tree/MAINTAINERS\n" unless @people;
my $linus = 'Linus Torvalds <torvalds@linux-foundation.org>';

# The hot files: groups of files by directory, each group with a team.
my %bydir;
for my $f (@all) {
	next if $f =~ m{(^|/)(MAINTAINERS|\.mailmap|\.get_maintainer\.\w+)$};
	next unless $f =~ m{(\.(c|h|rst|txt|yaml|S|py|sh|rs)|/Makefile|/Kconfig)$};
	my $sz = -s "$tree/$f";
	next unless $sz > 100 && $sz < 24000;
	(my $d = $f) =~ s{/[^/]*$}{};
	$d = '.' if $d eq $f;
	push(@{$bydir{$d}}, $f);
}
my @dirs = sort keys %bydir;
my (@groups, %hot);
while (keys %hot < $nhot && @dirs) {
	my $d = splice(@dirs, rnd(scalar @dirs), 1);
	my @f = @{$bydir{$d}};
	my $n = 2 + rnd(9);
	my @g;
	while (@f && @g < $n) {
		my $f = splice(@f, rnd(scalar @f), 1);
		push(@g, $f);
		$hot{$f} = 1;
	}
	my @team = map { pick(@people) } 1 .. (2 + rnd(6));
	push(@groups, { dir => $d, files => \@g, team => \@team,
			chief => $team[0] });
}

# --- fast-import ---------------------------------------------------------
my ($fi_out, $fi_in);
my $pid = open2($fi_out, $fi_in, 'git', 'fast-import', '--quiet', '--done', '--force',
		'--cat-blob-fd=1');
binmode($fi_in);
binmode($fi_out);

my %content;	# path -> current text on the mainline (changed files)
my %side_content;
my $mark = 0;
my @commits;	# { mark, subject, files }
my $ncommitted = 0;

sub text_of {
	my ($path, $side) = @_;
	return $side_content{$path} if $side && exists $side_content{$path};
	return $content{$path} if exists $content{$path};
	return slurp("$tree/$path");
}

sub data {
	my ($s) = @_;
	return 'data ' . length($s) . "\n" . $s . "\n";
}

sub edit {
	my ($text, $n) = @_;
	my @l = split(/\n/, $text, -1);
	my $at = rnd(scalar @l);
	my $del = rnd(4);
	$del = 0 if $at + $del > @l;
	my @new;
	my $k = 1 + rnd(6);
	for my $i (1 .. $k) {
		push(@new, pick("\t/* history $n.$i */",
				"\tret = maint_step($n, $i);",
				"\tif (ret < 0)\n\t\tgoto out_$n;",
				"static int maint_$n\_$i;",
				"# history $n.$i"));
	}
	splice(@l, $at, $del, @new);
	return join("\n", @l);
}

my @tz = ('+0000', '-0700', '+0100', '+0200', '+0530', '+0800', '+0900',
	  '-0400', '+1000');
my @verbs = ('fix', 'add', 'remove', 'rework', 'clean up', 'convert',
	     'simplify', 'document', 'handle errors in', 'use helpers in');
my @things = ('probe', 'error path', 'locking', 'reference counting',
	      'the init sequence', 'a memory leak', 'suspend/resume',
	      'the debugfs interface', 'comments', 'kernel-doc',
	      'a NULL pointer dereference', 'the teardown order');

sub person {
	my ($g) = @_;
	my $r = rnd(100);
	return pick(@aliases) if $r < 12 && @aliases;
	return pick(@{$g->{team}}) if $r < 55;
	return pick(@people);
}

# Odd ways people write signature lines, as found in real logs.
sub sigline {
	my ($tag, $who) = @_;
	my $r = rnd(200);
	if ($r == 0) {
		(my $a = $who) =~ s/.*<(.*)>.*/$1/;
		return "$tag: $a";
	}
	return "$tag: $who # v2" if $r == 1;
	return "    $tag: $who" if $r == 2;
	return lc($tag) . ": $who" if $r == 3;
	if ($r == 4 && $who =~ /^(\S+) (\S+) (<.*>)$/) {
		return "$tag: \"$2, $1\" $3";
	}
	return "$tag:$who" if $r == 5;
	return "$tag: $who" . ' ' if $r == 6;
	return "$tag: $who";
}

my ($now, $side_open) = ($start, undef);
my $step = int($days * 86400 / ($ncommits + 1));
my %locked;	# files a side branch changes, kept off the mainline

sub commit {
	my (%c) = @_;
	my $g = $c{group};
	my $n = ++$ncommitted;
	my $author = $c{author} // person($g);
	my $adate = $c{date} - rnd(5 * 86400);
	my $tz = pick(@tz);
	my $verb = pick(@verbs);
	my $subject = $c{subject} //
		"$g->{dir}: $verb " . pick(@things) . " ($n)";
	my @body = ("Commit $n of the maint history fixture: $verb " .
		    pick(@things) . ".");
	push(@body, '', "The old code did not " . pick(@verbs) . " " .
	     pick(@things) . ".") if rnd(3) == 0;
	my @tr;
	if ($c{fixes}) {
		push(@tr, "Fixes: " . substr($c{fixes}{sha}, 0, 12) .
		     " (\"$c{fixes}{subject}\")");
	}
	push(@tr, sigline('Reported-by', person($g))) if rnd(100) < 8;
	push(@tr, "Closes: https://lore.example.org/r/$n\@example.org")
		if rnd(100) < 4;
	push(@tr, sigline('Suggested-by', person($g))) if rnd(100) < 5;
	if (rnd(100) < 5) {
		my $co = person($g);
		push(@tr, sigline('Co-developed-by', $co),
		     sigline('Signed-off-by', $co));
	}
	push(@tr, sigline('Signed-off-by', $author)) if rnd(100) < 98;
	push(@tr, "Cc: " . person($g)) if rnd(100) < 10;
	push(@tr, "Cc: stable\@vger.kernel.org") if $c{fixes} && rnd(2);
	push(@tr, sigline('Reviewed-by', person($g))) if rnd(100) < 30;
	push(@tr, sigline('Reviewed-by', person($g))) if rnd(100) < 10;
	push(@tr, sigline('Acked-by', person($g))) if rnd(100) < 15;
	push(@tr, sigline('Tested-by', person($g))) if rnd(100) < 10;
	push(@tr, "Link: https://lore.example.org/r/$n-1-maint\@example.org")
		if rnd(100) < 30;
	push(@tr, sigline('Signed-off-by', $c{committer} // $g->{chief}))
		if rnd(100) < 85;
	push(@tr, sigline('Signed-off-by', $linus)) if rnd(100) < 2;
	my $msg = join("\n", $subject, '', @body, '', @tr) . "\n";
	my $m = ++$mark;
	my $cdate = $c{date};
	(my $cname = $c{committer} // $g->{chief}) =~ s/"//g;
	(my $aname = $author) =~ s/"//g;
	$aname = $cname unless $aname =~ /^[^<>\n]+ <[^<>\s]+>$/;
	print $fi_in "commit $c{ref}\nmark :$m\n",
		"author $aname $adate $tz\n",
		"committer $cname $cdate +0000\n", data($msg);
	print $fi_in "from $c{from}\n" if $c{from};
	print $fi_in "merge $_\n" for @{$c{merge} // []};
	for my $op (@{$c{ops}}) {
		print $fi_in $op;
	}
	print $fi_in "\n";
	my $rec = { mark => $m, subject => $subject, files => $c{files} };
	push(@commits, $rec) unless $c{merge};
	return $rec;
}

sub sha_of {
	my ($rec) = @_;
	return $rec->{sha} if $rec->{sha};
	print $fi_in "get-mark :$rec->{mark}\n";
	$fi_in->flush();
	my $l = <$fi_out>;
	die "make-history.pl: fast-import: no answer to get-mark\n"
		unless defined $l && $l =~ /^([0-9a-f]{40})/;
	return $rec->{sha} = $1;
}

# The base.
if ($base) {
	print $fi_in "reset refs/heads/master\nfrom $base\n\n";
} else {
	my @ops = ("deleteall\n");
	for my $f (@all) {
		my $mode = -x "$tree/$f" ? '100755' : '100644';
		push(@ops, "M $mode inline $f\n" . data(slurp("$tree/$f")));
	}
	commit(group => $groups[0], ref => 'refs/heads/master',
	       date => $start - 86400, subject => 'Initial import',
	       author => $groups[0]{chief}, ops => \@ops, files => []);
}

sub changes {
	my ($g, $n, $side) = @_;
	my @files = grep { !$locked{$_} || $side } @{$g->{files}};
	@files = @{$g->{files}} unless @files;
	my $k = 1 + (rnd(4) == 0 ? rnd(3) : 0);
	my (%pick, @ops);
	$pick{pick(@files)} = 1 for 1 .. $k;
	if (rnd(8) == 0) {	# a file of another group too
		my $o = pick(@groups);
		my @of = grep { !$locked{$_} } @{$o->{files}};
		$pick{pick(@of)} = 1 if @of && !$side;
	}
	my @touched = sort keys %pick;
	my $store = $side ? \%side_content : \%content;
	my $r = rnd(1000);
	if (!$side && $r < 12 && @touched == 1) {	# a rename
		my $old = $touched[0];
		my $new;
		if ($r < 8) {
			($new = $old) =~ s{([^/.]+)(\.[^/]*)?$}{"$1-core" . ($2 // '')}e;
		} else {
			my $o = pick(@groups);
			(my $base = $old) =~ s{.*/}{};
			$new = "$o->{dir}/$base";
		}
		if ($new ne $old && !exists $content{$new} && !-e "$tree/$new" &&
		    !grep { $_ eq $new } map { @{$_->{files}} } @groups) {
			my $t = text_of($old);
			$t = edit($t, $n) if rnd(2);
			delete $content{$old};
			$content{$new} = $t;
			for my $og (@groups) {
				s/^\Q$old\E$/$new/ for @{$og->{files}};
			}
			return (["D $old\n", "M 100644 inline $new\n" . data($t)],
				[$old, $new]);
		}
	}
	if (!$side && $r >= 12 && $r < 17) {		# a new file
		my $new = "$g->{dir}/maint-new-$n.c";
		my $t = "// SPDX-License-Identifier: GPL-2.0\n" .
			join('', map { "int maint_new_$n\_$_;\n" } 1 .. 5 + rnd(20));
		$content{$new} = $t;
		push(@{$g->{files}}, $new);
		return (["M 100644 inline $new\n" . data($t)], [$new]);
	}
	if (!$side && $r >= 17 && $r < 19 && @{$g->{files}} > 2) { # a deletion
		my $old = $touched[0];
		@{$_->{files}} = grep { $_ ne $old } @{$_->{files}} for @groups;
		delete $content{$old};
		push(@{$g->{deleted}}, $old);
		return (["D $old\n"], [$old]);
	}
	for my $f (@touched) {
		my $t = edit(text_of($f, $side), $n);
		$store->{$f} = $t;
		push(@ops, "M 100644 inline $f\n" . data($t));
	}
	return (\@ops, \@touched);
}

my %byfile;	# path -> commits that changed it
my $side;	# { files, recs, head, ends }
for my $i (1 .. $ncommits) {
	$now += $step + rnd($step) - int($step / 2);
	if (!$side && $i > 20 && rnd(60) == 0) {
		my $g = pick(@groups);
		my @sf = grep { !$locked{$_} } @{$g->{files}};
		if (@sf) {
			$locked{$_} = 1 for @sf;
			my $name = "side$i";
			$side = { group => $g, name => $name, files => \@sf,
				  left => 2 + rnd(5), from => ':' . $mark,
				  ref => "refs/maint-side/$name", start => $i };
		}
	}
	if ($side && rnd(3) == 0 && $side->{left} > 0) {
		my $g = $side->{group};
		local $g->{files} = $side->{files};
		my ($ops, $files) = changes($g, $i, 1);
		my $rec = commit(group => $g, ref => $side->{ref},
				 date => $now, ops => $ops, files => $files,
				 from => $side->{from});
		$side->{from} = undef;
		push(@{$byfile{$_}}, $rec) for @$files;
		$side->{left}--;
		$side->{head} = ":$rec->{mark}";
		next;
	}
	if ($side && $side->{left} == 0 && $side->{head}) {
		my $g = $side->{group};
		my @ops;
		for my $f (@{$side->{files}}) {
			next unless exists $side_content{$f};
			$content{$f} = delete $side_content{$f};
			push(@ops, "M 100644 inline $f\n" . data($content{$f}));
		}
		commit(group => $g, ref => 'refs/heads/master', date => $now,
		       subject => "Merge branch '$side->{name}' of " .
		       "git://git.example.org/$g->{dir}",
		       author => $g->{chief}, committer => $g->{chief},
		       merge => [$side->{head}], ops => \@ops, files => []);
		delete $locked{$_} for @{$side->{files}};
		$side = undef;
		next;
	}
	my $g = pick(@groups);
	$g = pick(@groups) while !grep { !$locked{$_} } @{$g->{files}};
	my ($ops, $files) = changes($g, $i, 0);
	my $fixes;
	if (rnd(100) < 10) {
		my @cand = map { @{$byfile{$_} // []} } @$files;
		$fixes = @cand ? pick(@cand) : (@commits ? pick(@commits) : undef);
		$fixes = { sha => sha_of($fixes), subject => $fixes->{subject} }
			if $fixes;
	}
	my $rec = commit(group => $g, ref => 'refs/heads/master',
			 date => $now, ops => $ops, files => $files,
			 fixes => $fixes);
	push(@{$byfile{$_}}, $rec) for @$files;
}
if ($side && $side->{head}) {	# merge what is still open
	my $g = $side->{group};
	my @ops;
	for my $f (@{$side->{files}}) {
		next unless exists $side_content{$f};
		$content{$f} = delete $side_content{$f};
		push(@ops, "M 100644 inline $f\n" . data($content{$f}));
	}
	$now += $step;
	commit(group => $g, ref => 'refs/heads/master', date => $now,
	       subject => "Merge branch '$side->{name}'", author => $g->{chief},
	       committer => $g->{chief}, merge => [$side->{head}],
	       ops => \@ops, files => []);
}
print $fi_in "done\n";
close($fi_in);
waitpid($pid, 0);
die "make-history.pl: git fast-import failed\n" if $?;
print "$ncommitted\n";
