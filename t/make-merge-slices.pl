#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# make-merge-slices.pl BASE OURS THEIRS MERGED OUTDIR [CONTEXT]
#
# Cut four versions of a MAINTAINERS file (a real merge: its base, both
# parents and the committed result) down to the paragraphs near what any
# of them changed, the same cut in all four: a paragraph of BASE (lines up
# to a blank line) that lies more than CONTEXT lines (default 40) from
# every change is unchanged in the other three and is dropped from each.
# Writes OUTDIR/{base,ours,theirs,merged}.  Used to make the committed
# real-merge fixtures of t/t3110 small (see t/fixtures/merge-real/README).
use strict;
use warnings;

my ($bf, $of, $tf, $mf, $out, $ctx) = @ARGV;
die "usage: $0 BASE OURS THEIRS MERGED OUTDIR [CONTEXT]\n" unless $out;
$ctx //= 40;

sub slurp {
	open(my $fh, '<', $_[0]) or die "$_[0]: $!\n";
	my @l = <$fh>;
	return \@l;
}

# map of BASE line (1-based) -> line in OTHER for unchanged lines; changed
# BASE lines and insertion points are marked in %$changed
sub mapping {
	my ($base, $other, $n, $changed) = @_;
	my %map;
	open(my $d, '-|', 'diff', $base, $other) or die "diff: $!\n";
	my @h;
	while (<$d>) {
		next unless /^(\d+)(?:,(\d+))?([acd])(\d+)(?:,(\d+))?$/;
		push @h, [$1, $2 // $1, $3, $4, $5 // $4];
	}
	close $d;
	my ($b, $o) = (1, 1);
	for my $h (@h) {
		my ($b1, $b2, $op, $o1, $o2) = @$h;
		my $bs = $op eq 'a' ? $b1 + 1 : $b1;	# first base line not copied
		my $os = $op eq 'd' ? $o1 + 1 : $o1;
		$map{$b++} = $o++ while $b < $bs;
		if ($op eq 'a') {
			$changed->{$b1} = $changed->{$b1 + 1} = 1;
		} else {
			$changed->{$_} = 1 for $b1 .. $b2;
			$b = $b2 + 1;
		}
		$o = $op eq 'd' ? $o1 + 1 : $o2 + 1;
	}
	$map{$b++} = $o++ while $b <= $n;
	return \%map;
}

my $base = slurp($bf);
my $n = @$base;
my %changed;
my @files = ($of, $tf, $mf);
my @maps = map { mapping($bf, $_, $n, \%changed) } @files;

# keep[i]: base line i is within CONTEXT of a change
my @near = (0) x ($n + 2);
for my $c (keys %changed) {
	for my $i ($c - $ctx .. $c + $ctx) {
		$near[$i] = 1 if $i >= 1 && $i <= $n;
	}
}
# grow to whole paragraphs: a paragraph is kept if any line of it is near
my @keep = (0) x ($n + 2);
my $start = 1;
for my $i (1 .. $n + 1) {
	next unless $i > $n || $base->[$i - 1] =~ /^\s*$/;
	my $any = grep { $near[$_] } $start .. ($i > $n ? $n : $i);
	if ($any) {
		$keep[$_] = 1 for $start .. ($i > $n ? $n : $i);
	}
	$start = $i + 1;
}
# the preamble up to the first paragraph break is kept too (git's context)
for my $i (1 .. $n) {
	last if $base->[$i - 1] =~ /^\s*$/;
	$keep[$i] = 1;
}

mkdir $out;
sub emit {
	my ($name, $lines, $map) = @_;
	my %drop;
	for my $i (1 .. $n) {
		next if $keep[$i];
		die "$name: base line $i dropped but changed\n" if $changed{$i};
		$drop{$map->{$i}} = 1;
	}
	open(my $fh, '>', "$out/$name") or die "$out/$name: $!\n";
	for my $j (1 .. @$lines) {
		print $fh $lines->[$j - 1] unless $drop{$j};
	}
	close $fh or die "$out/$name: $!\n";
}
emit('base', $base, { map { $_ => $_ } 1 .. $n });
emit('ours', slurp($of), $maps[0]);
emit('theirs', slurp($tf), $maps[1]);
emit('merged', slurp($mf), $maps[2]);
