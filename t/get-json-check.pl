#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# get-json-check.pl JSON TEXT ROLES NOL NOM: maint get --json against the
# text answers to the same query (--norolestats, --roles, and with --nol
# and --nom as b4 asks): the same recipients in the same order, the
# text's role among each recipient's roles, To/Cc as b4 splits them,
# lists marked as lists.  Prints what differs; exit 1 if anything does.
use strict;
use warnings;
use JSON::PP;

sub lines {
	open my $fh, '<:raw', $_[0] or die "$_[0]: $!";
	my @l = grep { length } map { s/\r?\n\z//r } <$fh>;
	return @l;
}
local $/;
open my $fh, '<:raw', $ARGV[0] or die;
my $raw = <$fh>;
$/ = "\n";
my $j = JSON::PP->new->utf8(0)->decode($raw);
my @text = lines($ARGV[1]);
my @roles = lines($ARGV[2]);
my @nol = lines($ARGV[3]);
my @nom = lines($ARGV[4]);
my $bad = 0;
sub fail { print "$_[0]\n"; $bad = 1 }

fail("version $j->{version}") unless $j->{version} == 1;
my @r = @{$j->{recipients}};
fail(sprintf "%d recipients, text has %d", scalar @r, scalar @text)
	if @r != @text;
for my $i (0 .. $#text) {
	my $r = $r[$i] or last;
	fail("recipient $i: '$r->{email}' not '$text[$i]'")
		if $r->{email} ne $text[$i];
	fail("'$text[$i]': address '$r->{address}' not in it")
		if index(lc $text[$i], lc $r->{address}) < 0;
	# "TEXT (kind:SECTION)": that role, that section (the text cuts
	# names of more than 50 characters to 47 and "...")
	my ($tr) = $roles[$i] =~ /^\Q$text[$i]\E \((.*)\)$/
		or fail("no role in '$roles[$i]'"), next;
	fail("'$text[$i]': text_role '$r->{text_role}' not '$tr'")
		if $r->{text_role} ne $tr;
	# roles the text adds after the first: ",in file" (--file-emails)
	if ($tr =~ s/,in file\z// || $tr eq 'in file') {
		fail("'$text[$i]': no 'in file' role")
			unless grep { $_->{role} eq 'in file' } @{$r->{roles}};
	}
	my ($kind, $sec) = $tr =~ /^([^:]*):?(.*)$/;
	# a section found by a K: keyword: ":Keyword:WORD" after its name
	my $kw;
	$kw = $1 if $sec =~ s/:Keyword:(.*)\z//;
	my $found = grep {
		$_->{role} eq $kind &&
		(!defined $kw || ($_->{keyword} // '') eq $kw) &&
		($sec eq '' || !defined $_->{section} ||
		 $_->{section} eq $sec ||
		 ($sec =~ /^(.{47})\.\.\.$/ && index($_->{section}, $1) == 0))
	} @{$r->{roles}};
	fail("'$text[$i]': role $kind:$sec not among its roles")
		unless $found;
	my $is_list = $kind =~ /list$/ ? 1 : 0;
	fail("'$text[$i]': kind $r->{kind}")
		if ($r->{kind} eq 'list') != $is_list && $kind ne 'open list';
	for my $role (@{$r->{roles}}) {
		fail("'$text[$i]': role without a name") unless $role->{role};
	}
}
my %to = map { $_ => 1 } @nol;
my @cc = grep { !$to{$_} } @nom;
fail("to: @{$j->{to}} / @nol") if "@{$j->{to}}" ne "@nol";
fail("cc: @{$j->{cc}} / @cc") if "@{$j->{cc}}" ne "@cc";
for my $f (@{$j->{files}}) {
	fail("$f->{path}: a section without a name")
		if grep { !length $_->{name} } @{$f->{sections}};
}
exit $bad;
