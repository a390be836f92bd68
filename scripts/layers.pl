#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
#
# layers.pl [--known FILE] [--objects] [SRC_DIR]: check the rules of
# doc/architecture.md on a source tree and print every breach, one a
# line ("RULE: where: what"); exit 1 if any.
#
#   folder    every library source is in a folder lib/NAME/ of the table
#             below, and the folder has its public header lib/NAME/NAME.h
#   include   outside lib/NAME (other folders, builtin/, the tool) only
#             "NAME/NAME.h" is included; inside, siblings by plain name
#   layer     a folder includes public headers of lower layers only
#             (base < model < vcs < history < get < merge, split, export
#             < check, activity)
#   cycle     (--objects: the built lib/*/*.o read with nm) no two files
#             call each other, directly or through others, and a call
#             across folders goes down
#   size      no source file over 800 lines
#   function  no function over 100 lines ('{' to '}' at column 0)
#   type      no two struct, union or enum definitions share a name
#
# --known FILE lists breaches still accepted, one a line as "RULE: WHERE"
# (what is printed before the last ": "); a line of it that is no longer
# a breach is itself reported ("stale"), so the list can only shrink.
# Tests under t/ may include any header.
use strict;
use warnings;

my %layer = (
	base => 0, model => 1, vcs => 2, history => 3, get => 4,
	merge => 5, split => 5, export => 5,
	check => 6, activity => 6,
);
my ($known, $objects);
while (@ARGV && $ARGV[0] =~ /^--/) {
	my $o = shift;
	if ($o eq '--known') { $known = shift }
	elsif ($o eq '--objects') { $objects = 1 }
	else { die "usage: layers.pl [--known FILE] [--objects] [SRC_DIR]\n" }
}
sub slurp {
	my ($f) = @_;
	open(my $fh, '<', $f) or die "layers.pl: $f: $!\n";
	local $/;
	return scalar <$fh>;
}

my $src = shift // '.';
my $known_text = defined $known ? slurp($known) : '';
chdir $src or die "layers.pl: $src: $!\n";

my @out;
# breach(RULE, WHERE, WHAT): the known list names RULE: WHERE
sub breach { push @out, ["$_[0]: $_[1]", join(': ', @_)] }


my @loose = glob('lib/*.[ch]');
breach('folder', $_, 'not in a folder of lib/') for @loose;
my @folders = grep { -d } glob('lib/*');
for my $d (@folders) {
	my ($n) = $d =~ m{lib/(.*)};
	breach('folder', $d, 'not a layer of doc/architecture.md')
		unless exists $layer{$n};
	breach('folder', $d, "no public header $d/$n.h") unless -f "$d/$n.h";
}

my @tool = (glob('*.[ch]'), glob('builtin/*.[ch]'));
my @lib = glob('lib/*/*.[ch]');
for my $f (@tool, @lib) {
	my ($own) = $f =~ m{^lib/([^/]+)/};
	my $n = 0;
	for my $line (split /\n/, slurp($f)) {
		$n++;
		next unless $line =~ /^#include "([^"]+)"/;
		my $h = $1;
		if ($h =~ m{^(?:\.\./)*lib/}) {
			breach('include', "$f:$n", "\"$h\": lib/ is on the include path, name \"FOLDER/FOLDER.h\"");
			next;
		}
		next unless $h =~ m{^([a-z]+)/([a-z0-9-]+)\.h$};
		my ($d, $base) = ($1, $2);
		next unless exists $layer{$d};
		if ($base ne $d) {
			breach('include', "$f:$n", "\"$h\" is private to lib/$d (include \"$d/$d.h\")");
		} elsif (defined $own && $d eq $own) {
			breach('include', "$f:$n", "\"$h\": a sibling is included by its plain name");
		} elsif (defined $own && $layer{$d} >= $layer{$own}) {
			breach('layer', "$f:$n", "lib/$own (layer $layer{$own}) includes lib/$d (layer $layer{$d})");
		}
	}
}

for my $f (@tool, @lib) {
	my @l = split /\n/, slurp($f), -1;
	pop @l if @l && $l[-1] eq '';
	breach('size', $f, scalar(@l) . ' lines (800 at most)') if @l > 800;
	next unless $f =~ /\.c$/;
	my ($sig, $name, $start) = ('', '', 0);
	for my $i (0 .. $#l) {
		$_ = $l[$i];
		$sig = $_ if /^[A-Za-z_].*\(/ && !/;\s*$/ && !$start;
		if (/^\{/ && !$start) {
			$start = $i + 1;
			($name) = $sig =~ /([A-Za-z_][A-Za-z_0-9]*)\s*\(/;
			$name //= '?';
		} elsif (/^\}/ && $start) {
			my $len = $i + 1 - $start + 1;
			breach('function', "$f: $name()", "$len lines (100 at most)")
				if $len > 100;
			$start = 0;
		}
	}
}

my %types;
for my $f (@tool, @lib) {
	my $n = 0;
	for (split /\n/, slurp($f)) {
		$n++;
		push @{$types{"$1 $2"}}, "$f:$n" if /^(struct|union|enum) ([A-Za-z_]\w*) \{/;
	}
}
for my $t (sort keys %types) {
	my @w = @{$types{$t}};
	breach('type', $t, 'defined in ' . join(' and ', @w)) if @w > 1;
}

if ($objects) {
	my (%def, %use);
	for my $o (glob('lib/*/*.o')) {
		(my $m = $o) =~ s/\.o$//;
		$use{$m} = {};
		open(my $nm, '-|', 'nm', $o) or die "layers.pl: nm $o: $!\n";
		while (<$nm>) {
			my @p = split;
			if (@p == 3 && $p[1] =~ /^[TDBRC]$/) { $def{$p[2]} = $m }
			elsif (@p == 2 && $p[0] eq 'U') { $use{$m}{$p[1]} = 1 }
		}
		close $nm;
	}
	my %g;
	for my $m (keys %use) {
		for my $s (keys %{$use{$m}}) {
			my $t = $def{$s};
			next unless defined $t && $t ne $m;
			$g{$m}{$t} = 1;
		}
	}
	for my $m (sort keys %g) {
		my ($a) = $m =~ m{lib/([^/]+)/};
		for my $t (sort keys %{$g{$m}}) {
			my ($b) = $t =~ m{lib/([^/]+)/};
			next if $a eq $b;
			breach('layer', "$m.c", "calls up into $t.c")
				if $layer{$b} >= $layer{$a};
		}
	}
	# Tarjan's strongly connected components
	my ($idx, %index, %low, @stack, %on) = (0);
	my $scc;
	$scc = sub {
		my ($v) = @_;
		$index{$v} = $low{$v} = $idx++;
		push @stack, $v;
		$on{$v} = 1;
		for my $w (sort keys %{$g{$v} // {}}) {
			if (!exists $index{$w}) {
				$scc->($w);
				$low{$v} = $low{$w} if $low{$w} < $low{$v};
			} elsif ($on{$w}) {
				$low{$v} = $index{$w} if $index{$w} < $low{$v};
			}
		}
		return unless $low{$v} == $index{$v};
		my @c;
		while (1) {
			my $w = pop @stack;
			delete $on{$w};
			push @c, $w;
			last if $w eq $v;
		}
		breach('cycle', join(' ', map { "$_.c" } sort @c),
		       'call each other') if @c > 1;
	};
	for my $v (sort keys %use) {
		$scc->($v) unless exists $index{$v};
	}
}

my %ok;
for (split /\n/, $known_text) {
	next if /^\s*(#|$)/;
	$ok{$_} = 0;
}
my $bad = 0;
for (@out) {
	my ($key, $line) = @$_;
	if (exists $ok{$key}) {
		$ok{$key} = 1;
		next;
	}
	print "$line\n";
	$bad = 1;
}
for (sort keys %ok) {
	next if $ok{$_};
	next if /^cycle: / && !$objects;
	print "stale: $_ (no longer a breach: remove it from $known)\n";
	$bad = 1;
}
exit $bad;
