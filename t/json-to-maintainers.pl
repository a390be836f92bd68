#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# json-to-maintainers.pl EXPORT.json: MAINTAINERS text back from
# maint export --format=json (preamble, then each section's header and
# "X:<TAB>value" fields, sections separated by a blank line), and on
# stderr a "file:line: X:<TAB>value" line per field for checking the
# line numbers against the source.
use strict;
use warnings;
use JSON::PP;

local $/;
open my $fh, '<:raw', $ARGV[0] or die "$ARGV[0]: $!";
my $j = JSON::PP->new->utf8->decode(<$fh>);
die "version $j->{version}\n" unless $j->{version} == 1;
binmode STDOUT, ':utf8';
binmode STDERR, ':utf8';
print $j->{preamble};
my $n = 0;
for my $s (@{$j->{sections}}) {
	print "\n" if $n++;
	print "$s->{name}\n";
	print STDERR "$s->{file}:$s->{line}: $s->{name}\n";
	for my $f (@{$s->{fields}}) {
		print "$f->{type}:\t$f->{value}\n";
		print STDERR "$s->{file}:$f->{line}: $f->{type}:\t$f->{value}\n";
	}
}
