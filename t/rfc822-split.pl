#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
#
# rfc822-split.pl --gen N SEED: N short addresses (the characters that
#   matter to RFC 822, each line with a comma) on standard output.
# rfc822-split.pl SCRIPT: for each line of standard input, what
#   get_maintainer.pl's own rfc822_validlist() makes of it when
#   rfc822_valid() does not take it whole (as maint's email_split_list()
#   is asked): the items in brackets and " 1", or " 0".  The functions are
#   cut from SCRIPT and run as they are.
use strict;
use warnings;

if ($ARGV[0] eq '--gen') {
	my ($n, $seed) = @ARGV[1, 2];
	my @a = ('a', 'b', '"', '\\', ' ', ' ', "\t", '<', '>', '@', '.',
		 ',', ',', ';', ':', '(', ')', '[', ']', 'x@y.z', 'Foo Bar');
	srand($seed);
	for (1 .. $n) {
		my $s = join('', map { $a[int(rand(@a))] } 1 .. 1 + int(rand(14)));
		$s .= ',' unless $s =~ /,/;
		print "$s\n";
	}
	exit 0;
}
open(my $fh, '<', $ARGV[0]) or die "$ARGV[0]: $!\n";
my $text = do { local $/; <$fh> };
my $code = 'my $rfc822_lwsp = "(?:(?:\\\\r\\\\n)?[ \\\\t])";' .
	   'my $rfc822_char = \'[\\\\000-\\\\377]\'; my $rfc822re;';
for my $sub (qw(make_rfc822re rfc822_strip_comments rfc822_valid
		rfc822_validlist)) {
	$text =~ /^(sub $sub \{.*?^\})/ms or die "no sub $sub\n";
	$code .= "$1\n";
}
$code .= <<'EOC';
while (my $l = <STDIN>) {
	chomp $l;
	if ($l !~ /,/ || rfc822_valid($l)) { print " 0\n"; next; }
	my @r = rfc822_validlist($l);
	if (!@r) { print " 0\n"; next; }
	shift @r;
	while (my $e = shift(@r)) { print "[$e]"; }
	print " 1\n";
}
EOC
eval $code;
die $@ if $@;
