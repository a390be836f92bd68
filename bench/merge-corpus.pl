#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
#
# Build a corpus of three-way merges from real changes to MAINTAINERS.
#
#   merge-corpus.pl BASE TARGET OUTDIR COUNT [SEED]
#
# BASE and TARGET are canonical MAINTAINERS files (maint format --order
# of two kernel versions).  Every change between them (a section added
# or removed, a field line added or removed, a section's S: replaced)
# is one unit.  Merge number 1 deals all of them, each at random to one
# branch or the other; the others deal a random handful (2 to 60), the
# way a development cycle's patches reach two trees: odd ones from the
# whole file, even ones from about 40 neighbouring sections (patches to
# one area, where text merges conflict).  For merge N it
# writes OUTDIR/N.ours, N.theirs and N.expected (all changes applied,
# OURS' before THEIRS', which orders the lines added to one field type);
# the files are not sorted: run maint format --order on them.
use strict;
use warnings;

my ($base_file, $target_file, $outdir, $count, $seed) = @ARGV;
die "usage: merge-corpus.pl BASE TARGET OUTDIR COUNT [SEED]\n"
	unless defined $count;
srand(defined $seed ? $seed : 1);

sub read_file {
	my ($file) = @_;
	open(my $fh, '<', $file) or die "$file: $!\n";
	local $/;
	my $text = <$fh>;
	close($fh);
	# canonical files: the preamble, then sections separated by one
	# blank line; a section starts at its header line
	my ($pre, @secs) = ('', ());
	my @paras = split(/\n\n/, $text);
	my %sec;
	my @order;
	for my $p (@paras) {
		my @lines = split(/\n/, $p);
		if (@lines >= 2 && $lines[1] =~ /^[A-Z]:/ && $lines[0] !~ /^[A-Z]:/) {
			my $h = shift @lines;
			$sec{$h} = [@lines];
			push @order, $h;
		} elsif (!@order) {
			$pre .= "$p\n\n";
		} else {
			die "$file: not canonical near '$lines[0]'\n";
		}
	}
	return ($pre, \%sec, \@order);
}

my ($bpre, $bsec, $border) = read_file($base_file);
my ($tpre, $tsec, $torder) = read_file($target_file);

my @changes;
push @changes, { type => 'preamble', text => $tpre } if $bpre ne $tpre;
for my $h (@$torder) {
	push @changes, { type => 'add', h => $h, lines => $tsec->{$h} }
		unless exists $bsec->{$h};
}
for my $h (@$border) {
	if (!exists $tsec->{$h}) {
		push @changes, { type => 'del', h => $h };
		next;
	}
	my (%b, %t);
	$b{$_}++ for @{ $bsec->{$h} };
	$t{$_}++ for @{ $tsec->{$h} };
	my @bs = grep { /^S:/ } @{ $bsec->{$h} };
	my @ts = grep { /^S:/ } @{ $tsec->{$h} };
	if (join("\n", sort @bs) ne join("\n", sort @ts)) {
		push @changes, { type => 'status', h => $h, new => [@ts] };
	}
	for my $l (sort keys %t) {
		next if $l =~ /^S:/;
		my $n = $t{$l} - ($b{$l} || 0);
		push @changes, { type => 'addline', h => $h, line => $l }
			for 1 .. $n;
	}
	for my $l (sort keys %b) {
		next if $l =~ /^S:/;
		my $n = $b{$l} - ($t{$l} || 0);
		push @changes, { type => 'delline', h => $h, line => $l }
			for 1 .. $n;
	}
}

sub apply {
	my @chs = @_;
	my %s = map { $_ => [@{ $bsec->{$_} }] } keys %$bsec;
	my $pre = $bpre;
	for my $c (@chs) {
		my $t = $c->{type};
		if ($t eq 'preamble') {
			$pre = $c->{text};
		} elsif ($t eq 'add') {
			$s{$c->{h}} = [@{ $c->{lines} }];
		} elsif ($t eq 'del') {
			delete $s{$c->{h}};
		} elsif ($t eq 'status') {
			$s{$c->{h}} = [(grep { !/^S:/ } @{ $s{$c->{h}} }),
				       @{ $c->{new} }];
		} elsif ($t eq 'addline') {
			push @{ $s{$c->{h}} }, $c->{line};
		} elsif ($t eq 'delline') {
			my $l = $s{$c->{h}};
			for my $i (0 .. $#$l) {
				if ($l->[$i] eq $c->{line}) {
					splice(@$l, $i, 1);
					last;
				}
			}
		}
	}
	my $out = $pre;
	$out .= join("\n", map { join("\n", $_, @{ $s{$_} }) . "\n" }
			   sort keys %s);
	return $out;
}

sub write_file {
	my ($file, $text) = @_;
	open(my $fh, '>', $file) or die "$file: $!\n";
	print $fh $text;
	close($fh) or die "$file: $!\n";
}

mkdir $outdir;
print scalar(@changes), " changes between the two files\n";
for my $n (1 .. $count) {
	my @pick = @changes;
	if ($n > 1) {
		my $k = 2 + int(rand(59));
		my @pool = @changes;
		# every other merge: changes to neighbouring sections only
		# (a window of 40 around a random one), as in one subsystem
		if ($n % 2 == 0) {
			my @names = sort(@$border, grep { !exists $bsec->{$_} } @$torder);
			my $at = int(rand(@names));
			my %near = map { $_ => 1 }
				@names[($at > 20 ? $at - 20 : 0) ..
				       ($at + 20 < $#names ? $at + 20 : $#names)];
			@pool = grep { defined $_->{h} && $near{$_->{h}} } @changes;
		}
		@pick = ();
		my %seen;
		while (@pick < $k && @pick < @pool) {
			my $i = int(rand(@pool));
			next if $seen{$i}++;
			push @pick, $pool[$i];
		}
	}
	my (@ours, @theirs);
	for my $c (@pick) {
		if (rand() < 0.5) { push @ours, $c } else { push @theirs, $c }
	}
	write_file("$outdir/$n.ours", apply(@ours));
	write_file("$outdir/$n.theirs", apply(@theirs));
	# every change applied; within a field type, lines OURS added come
	# before those THEIRS added (the merge's documented order)
	write_file("$outdir/$n.expected", apply(@ours, @theirs));
}
