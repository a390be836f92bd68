#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
#
# Three-way merges built from real changes to MAINTAINERS, and the check
# that a merge result is right.
#
#   merge-corpus.pl build BASE TARGET OUTDIR COUNT [SEED] [SPLITMAP]
#   merge-corpus.pl check BASE OUTDIR COUNT [-v]
#
# build: BASE and TARGET are two versions of MAINTAINERS, as they are
# (raw: nothing is re-sorted or re-formatted).  Every change between them
# is one unit: a section added, removed or renamed, a section's S: lines
# replaced, a field line added or removed.  A change is applied where
# TARGET has it: a section (a renamed one too) right after the nearest
# section before it in TARGET that the file has, a line after the
# nearest line before it in TARGET's version of its section.  Merge 1
# deals all of them, each at random to one branch or the other; the
# others deal a random handful (2 to 60), odd ones from the whole file,
# even ones from about 40 neighbouring sections (one subsystem's
# patches, where line merges conflict).  For merge N it writes
# OUTDIR/N.ours, N.theirs and N.expected (base plus all dealt changes),
# and OUTDIR/renames (new header, TAB, base header).
#
# With SPLITMAP (BASEDIR:TARGETDIR, maint split's output for both: the
# file each section is in; new sections by TARGET's split), each file is cut
# into the files of the split and merge N is a directory OUTDIR/N/ with
# ours/, theirs/ and expected/ holding the files that differ from base
# (OUTDIR/base/ holds them all).
#
# check: for merge N, reads N.result (absent when the merge conflicted)
# and, for git merge-file, N.git; a result is right when every section
# and line sits in the same gap between base sections and lines as in
# N.expected (two insertions into one gap may come in either order),
# every header, line, trailer and the preamble are byte for byte those
# of the expected file, and headers are unique.  Split corpora: N/result
# and N/git directories, a merge right when all its files are.  Prints
# the counts; -v names the wrong merges.
use strict;
use warnings;

my $cmd = shift // '';
if ($cmd eq 'build') {
	build(@ARGV);
} elsif ($cmd eq 'check') {
	check(@ARGV);
} else {
	die "usage: merge-corpus.pl build BASE TARGET OUTDIR COUNT [SEED] [SPLITMAP]\n" .
	    "       merge-corpus.pl check BASE OUTDIR COUNT [-v]\n";
}

sub slurp {
	my ($file) = @_;
	open(my $fh, '<', $file) or die "$file: $!\n";
	local $/;
	my $text = <$fh>;
	close($fh);
	return $text // '';
}

sub spew {
	my ($file, $text) = @_;
	open(my $fh, '>', $file) or die "$file: $!\n";
	print $fh $text;
	close($fh) or die "$file: $!\n";
}

sub is_field { return $_[0] =~ /^[A-Z]:/ }

sub trim {
	my $s = shift;
	$s =~ s/^\s+//;
	$s =~ s/\s+$//;
	return $s;
}

# The way parse-maintainers.pl cuts a file: preamble, then sections
# (a header: a non-field line followed by a field line).  Lines keep
# their newline.  Returns { pre => [lines], secs => [ {head, key,
# lines => [field lines], trailer => [lines]} ], dup => key or undef }.
sub parse {
	my ($text) = @_;
	my @l = split(/(?<=\n)/, $text);
	my @f = map { /^[A-Z]:/ ? 1 : 0 } @l;
	push @f, 0;
	my $hdr = sub { !$f[$_[0]] && $f[$_[0] + 1] };
	my $i = 0;
	$i++ while $i < @l && !$hdr->($i);
	my %f = (pre => [@l[0 .. $i - 1]], secs => []);
	my %seen;
	while ($i < @l) {
		my %s = (head => $l[$i], key => trim($l[$i]), lines => [], trailer => []);
		$i++;
		push @{ $s{lines} }, $l[$i++] while $i < @l && $f[$i];
		push @{ $s{trailer} }, $l[$i++] while $i < @l && !$hdr->($i);
		$f{dup} //= $s{key} if $seen{$s{key}}++;
		push @{ $f{secs} }, \%s;
	}
	return \%f;
}

sub unparse {
	my ($f) = @_;
	my $out = join('', @{ $f->{pre} });
	my @s = @{ $f->{secs} };
	for my $i (0 .. $#s) {
		my $s = $s[$i];
		my $tr = $i == $#s && $f->{end} ? $f->{end} : $s->{trailer};
		my $t = join('', $s->{head}, @{ $s->{lines} }, @$tr);
		$t .= "\n" if $t !~ /\n$/ && $i < $#s;
		# one blank line between sections
		$t .= "\n" if $i < $#s && !grep { /^\s*$/ } @$tr;
		$out .= $t;
	}
	return $out;
}

sub nonstatus { return grep { !/^S:/ } @_ }

sub likeness {
	my ($a, $b) = @_;
	my @a = nonstatus(@$a);
	my @b = nonstatus(@$b);
	return 0 unless @a && @b;
	my %b = map { $_ => 1 } @b;
	my $common = grep { $b{$_} } @a;
	return $common / (@a > @b ? @a : @b);
}

sub build {
	my ($base_file, $target_file, $outdir, $count, $seed, $splitmap) = @_;
	die "build: BASE TARGET OUTDIR COUNT [SEED] [SPLITMAP]\n" unless defined $count;
	srand(defined $seed ? $seed : 1);
	my $B = parse(slurp($base_file));
	my $T = parse(slurp($target_file));
	die "$base_file: duplicate header '$B->{dup}'\n" if defined $B->{dup};
	die "$target_file: duplicate header '$T->{dup}'\n" if defined $T->{dup};
	my %bsec = map { $_->{key} => $_ } @{ $B->{secs} };
	my %tsec = map { $_->{key} => $_ } @{ $T->{secs} };
	my @bonly = grep { !exists $tsec{$_->{key}} } @{ $B->{secs} };
	my @tonly = grep { !exists $bsec{$_->{key}} } @{ $T->{secs} };

	# renames: a removed and an added section sharing most lines
	my (%renamed_to, %renamed_from, @pairs);
	for my $b (@bonly) {
		for my $t (@tonly) {
			my $l = likeness($b->{lines}, $t->{lines});
			push @pairs, [$l, $b->{key}, $t->{key}] if $l >= 0.6;
		}
	}
	for my $p (sort { $b->[0] <=> $a->[0] || $a->[1] cmp $b->[1] || $a->[2] cmp $b->[2] } @pairs) {
		next if exists $renamed_to{$p->[1]} || exists $renamed_from{$p->[2]};
		$renamed_to{$p->[1]} = $p->[2];
		$renamed_from{$p->[2]} = $p->[1];
	}
	# a section's identity: its base header (new ones: their own)
	my %id_of_t = map {
		my $k = $_->{key};
		$k => (exists $renamed_from{$k} ? $renamed_from{$k} : $k)
	} @{ $T->{secs} };
	my @torder = map { $id_of_t{$_->{key}} } @{ $T->{secs} };
	my %tpos;
	@tpos{@torder} = (0 .. $#torder);

	my @changes;
	push @changes, { type => 'preamble', lines => $T->{pre} }
		if join('', @{ $B->{pre} }) ne join('', @{ $T->{pre} });
	for my $t (@{ $T->{secs} }) {
		my $k = $t->{key};
		next if exists $bsec{$k} || exists $renamed_from{$k};
		push @changes, { type => 'add', id => $k, sec => $t };
	}
	for my $b (@{ $B->{secs} }) {
		my $k = $b->{key};
		my $t;
		if (exists $tsec{$k}) {
			$t = $tsec{$k};
		} elsif (exists $renamed_to{$k}) {
			$t = $tsec{ $renamed_to{$k} };
			push @changes, { type => 'rename', id => $k, head => $t->{head} };
		} else {
			push @changes, { type => 'del', id => $k };
			next;
		}
		my @bs = sort grep { /^S:/ } @{ $b->{lines} };
		my @ts = sort grep { /^S:/ } @{ $t->{lines} };
		push @changes, { type => 'status', id => $k, tlines => $t->{lines} }
			if join('', @bs) ne join('', @ts);
		my (%bc, %tc);
		$bc{$_}++ for nonstatus(@{ $b->{lines} });
		$tc{$_}++ for nonstatus(@{ $t->{lines} });
		for my $l (sort keys %tc) {
			my $n = $tc{$l} - ($bc{$l} // 0);
			push @changes, { type => 'addline', id => $k, line => $l,
					 tlines => $t->{lines} } for 1 .. $n;
		}
		for my $l (sort keys %bc) {
			my $n = $bc{$l} - ($tc{$l} // 0);
			push @changes, { type => 'delline', id => $k, line => $l } for 1 .. $n;
		}
	}

	# put line $l after the nearest line before it in @$tl that @$cur has
	my $insert_line = sub {
		my ($cur, $l, $tl, $at) = @_;
		my $pos = 0;
		for (my $p = $at - 1; $p >= 0; $p--) {
			my ($i) = grep { $cur->[$_] eq $tl->[$p] } 0 .. $#$cur;
			if (defined $i) {
				$pos = $i + 1;
				last;
			}
		}
		splice(@$cur, $pos, 0, $l);
	};
	my $index_in = sub {
		my ($tl, $l, $nth) = @_;
		my $n = 0;
		for my $i (0 .. $#$tl) {
			return $i if $tl->[$i] eq $l && ++$n == $nth;
		}
		return scalar(@$tl);
	};
	# put section $s after the nearest section before it in TARGET
	my $place = sub {
		my ($secs, $s, $id) = @_;
		my %have = map { $secs->[$_]{id} => $_ } 0 .. $#$secs;
		my $pos = 0;
		for (my $p = $tpos{$id} - 1; $p >= 0; $p--) {
			if (exists $have{ $torder[$p] }) {
				$pos = $have{ $torder[$p] } + 1;
				last;
			}
		}
		splice(@$secs, $pos, 0, $s);
	};
	my @bsecs = map { { %$_, id => $_->{key} } } @{ $B->{secs} };
	my $apply = sub {
		my @secs = @bsecs;
		my $pre = $B->{pre};
		my %byid = map { $_->{id} => $_ } @secs;
		my %mine; # sections copied for this file
		my $own = sub {
			my $s = $byid{ $_[0] } or die "no section $_[0]\n";
			return $s if $mine{$s};
			my ($i) = grep { $secs[$_] == $s } 0 .. $#secs;
			my $c = { %$s, lines => [@{ $s->{lines} }] };
			$mine{$c} = 1;
			$secs[$i] = $byid{ $_[0] } = $c;
			return $c;
		};
		for my $c (@_) {
			my $t = $c->{type};
			if ($t eq 'preamble') {
				$pre = $c->{lines};
				next;
			}
			if ($t eq 'add') {
				my $s = { %{ $c->{sec} }, id => $c->{id},
					  lines => [@{ $c->{sec}{lines} }] };
				$s->{trailer} = ["\n"];
				$mine{$s} = 1;
				$byid{ $c->{id} } = $s;
				$place->(\@secs, $s, $c->{id});
				next;
			}
			my $s = $byid{ $c->{id} } or die "no section $c->{id}\n";
			if ($t eq 'del' || $t eq 'rename') {
				my ($i) = grep { $secs[$_] == $s } 0 .. $#secs;
				splice(@secs, $i, 1);
				next if $t eq 'del';
				$s = { %$s, head => $c->{head}, key => trim($c->{head}) };
				$byid{ $c->{id} } = $s;
				$place->(\@secs, $s, $c->{id});
				next;
			}
			$s = $own->($c->{id});
			if ($t eq 'status') {
				my @tl = @{ $c->{tlines} };
				$s->{lines} = [grep { !/^S:/ } @{ $s->{lines} }];
				for my $p (0 .. $#tl) {
					$insert_line->($s->{lines}, $tl[$p], \@tl, $p)
						if $tl[$p] =~ /^S:/;
				}
			} elsif ($t eq 'addline') {
				my @tl = @{ $c->{tlines} };
				my $have = grep { $_ eq $c->{line} } @{ $s->{lines} };
				$insert_line->($s->{lines}, $c->{line}, \@tl,
					       $index_in->(\@tl, $c->{line}, $have + 1));
			} elsif ($t eq 'delline') {
				my $l = $s->{lines};
				for my $j (0 .. $#$l) {
					if ($l->[$j] eq $c->{line}) {
						splice(@$l, $j, 1);
						last;
					}
				}
			}
		}
		# the file's end stays the base's end
		return { pre => $pre, secs => \@secs,
			 end => @{ $B->{secs} } ? $B->{secs}[-1]{trailer} : [] };
	};

	mkdir $outdir;
	open(my $rn, '>', "$outdir/renames") or die "$outdir/renames: $!\n";
	print $rn "$_\t$renamed_from{$_}\n" for sort keys %renamed_from;
	close($rn);
	my %file_of;
	if ($splitmap) {
		# the split directories of base and target: each section's file
		for my $d (split(/:/, $splitmap)) {
			opendir(my $dh, $d) or die "$d: $!\n";
			for my $f (sort grep { !/^\./ } readdir($dh)) {
				$file_of{ $_->{key} } //= $f
					for @{ parse(slurp("$d/$f"))->{secs} };
			}
			closedir($dh);
		}
	}
	my (%counts, %rank);
	$counts{ $_->{type} }++ for @changes;
	@rank{ map { "$_" } @changes } = (0 .. $#changes);
	print scalar(@changes), " changes (", join(', ', map { "$counts{$_} $_" } sort keys %counts),
		"), ", scalar(keys %renamed_to), " renames\n";
	my @names = sort((map { $_->{key} } @{ $B->{secs} }),
			 (map { $_->{id} } grep { $_->{type} eq 'add' } @changes));
	for my $n (1 .. $count) {
		my @pick = @changes;
		if ($n > 1) {
			my $k = 2 + int(rand(59));
			my @pool = @changes;
			if ($n % 2 == 0) {
				my $at = int(rand(@names));
				my %near = map { $_ => 1 }
					@names[($at > 20 ? $at - 20 : 0) ..
					       ($at + 20 < $#names ? $at + 20 : $#names)];
				@pool = grep { defined $_->{id} && $near{ $_->{id} } } @changes;
			}
			@pick = ();
			my %seen;
			while (@pick < $k && @pick < @pool) {
				my $i = int(rand(@pool));
				next if $seen{$i}++;
				push @pick, $pool[$i];
			}
			# in the order of the list: as the target has them
			@pick = sort { $rank{"$a"} <=> $rank{"$b"} } @pick;
		}
		my (@ours, @theirs);
		for my $c (@pick) {
			if (rand() < 0.5) { push @ours, $c } else { push @theirs, $c }
		}
		my %v = (ours => $apply->(@ours), theirs => $apply->(@theirs),
			 expected => $apply->(@pick));
		if (!$splitmap) {
			spew("$outdir/$n.$_", unparse($v{$_})) for keys %v;
			next;
		}
		my %parts = map { $_ => split_parts($v{$_}, \%file_of, \%renamed_from) } keys %v;
		my $bparts = split_parts({ pre => $B->{pre}, secs => $B->{secs} }, \%file_of, {});
		if ($n == 1) {
			mkdir "$outdir/base";
			spew("$outdir/base/$_", $bparts->{$_}) for keys %$bparts;
		}
		mkdir "$outdir/$n";
		my %files = map { %{ $parts{$_} } } keys %parts;
		for my $f (sort keys %files) {
			my $b = $bparts->{$f} // '';
			next if !grep { ($parts{$_}{$f} // '') ne $b } keys %parts;
			for my $side (keys %parts) {
				mkdir "$outdir/$n/$side";
				spew("$outdir/$n/$side/$f", $parts{$side}{$f} // '');
			}
		}
	}
}

# Cut a file into the files of a split: the preamble and unknown sections
# to MAINTAINERS, a renamed section where its base header was.
sub split_parts {
	my ($f, $file_of, $renamed_from) = @_;
	my (%secs, %parts);
	for my $s (@{ $f->{secs} }) {
		my $k = $s->{key};
		my $file = $file_of->{ $renamed_from->{$k} // $k } // $file_of->{$k} // 'MAINTAINERS';
		push @{ $secs{$file} }, { %$s, trailer => ["\n"] };
	}
	$secs{MAINTAINERS} //= [];
	for my $file (keys %secs) {
		my @s = @{ $secs{$file} };
		$s[-1]{trailer} = [] if @s;
		$parts{$file} = unparse({ pre => $file eq 'MAINTAINERS' ? $f->{pre} : [],
					  secs => \@s });
	}
	return \%parts;
}

# ---- check ----

# Lines of a section (or any list) as base lines and insertions: the
# base lines in order, and "gap\0line" for each inserted line.
sub gaps {
	my ($lines, $base) = @_;
	my %left;
	$left{$_}++ for @$base;
	my (@kept, @ins);
	my $gap = '^';
	for my $l (@$lines) {
		if ($left{$l}) {
			$left{$l}--;
			push @kept, $l;
			$gap = $l;
		} else {
			push @ins, "$gap\0$l";
		}
	}
	return (join("\0\0", @kept), join("\0\0", sort @ins));
}

# undef when right, else why not
my %parsed;
sub wrong {
	my ($base, $expected, $result, $renames) = @_;
	return undef if $result eq $expected;
	my $R = parse($result);
	my $E = parse($expected);
	my $B = ($parsed{$base} //= parse($base));
	return "duplicate header '$R->{dup}'" if defined $R->{dup};
	return 'conflict markers' if $result =~ /^(<{7}|={7}|>{7})( |$)/m;
	return 'preamble' if join('', @{ $R->{pre} }) ne join('', @{ $E->{pre} });
	my %bsec = map { $_->{key} => $_ } @{ $B->{secs} };
	my @rk = map { $_->{key} } @{ $R->{secs} };
	my @ek = map { $_->{key} } @{ $E->{secs} };
	my @g1 = gaps(\@rk, [map { $_->{key} } @{ $B->{secs} }]);
	my @g2 = gaps(\@ek, [map { $_->{key} } @{ $B->{secs} }]);
	return 'base sections out of order' if $g1[0] ne $g2[0];
	return 'sections in other gaps' if $g1[1] ne $g2[1];
	my %es = map { $_->{key} => $_ } @{ $E->{secs} };
	for my $i (0 .. $#{ $R->{secs} }) {
		my $r = $R->{secs}[$i];
		my $e = $es{ $r->{key} };
		return "header bytes of '$r->{key}'" if $r->{head} ne $e->{head};
		my $b = $bsec{ $renames->{ $r->{key} } // $r->{key} };
		my @x = gaps($r->{lines}, $b ? $b->{lines} : []);
		my @y = gaps($e->{lines}, $b ? $b->{lines} : []);
		return "lines of '$r->{key}' out of order" if $x[0] ne $y[0];
		return "lines of '$r->{key}' in other gaps or changed" if $x[1] ne $y[1];
		# the blank lines after it (the last section: the file's end)
		my $et = $i == $#{ $R->{secs} } ? $E->{secs}[-1]{trailer} : $e->{trailer};
		return "trailer of '$r->{key}'" if join('', @{ $r->{trailer} }) ne join('', @$et);
	}
	return undef;
}

sub check {
	my ($base_file, $dir, $count, $v) = @_;
	die "check: BASE OUTDIR COUNT [-v]\n" unless defined $count;
	my %renames;
	for (split(/\n/, slurp("$dir/renames"))) {
		my ($new, $old) = split(/\t/, $_, 2);
		$renames{$new} = $old;
	}
	my $split = -d "$dir/base";
	my $base = $split ? undef : slurp($base_file);
	my %c = map { $_ => 0 } qw(git_conflicts git_wrong maint_conflicts maint_wrong resolved
				   git_clean same_as_git);
	for my $n (1 .. $count) {
		my (@units);
		if ($split) {
			opendir(my $dh, "$dir/$n/expected") or next;
			for my $f (sort grep { !/^\./ } readdir($dh)) {
				my $b = -e "$dir/base/$f" ? slurp("$dir/base/$f") : '';
				push @units, [$b, "$dir/$n/expected/$f", "$dir/$n/result/$f",
					      "$dir/$n/git/$f"];
			}
			closedir($dh);
		} else {
			push @units, [$base, "$dir/$n.expected", "$dir/$n.result", "$dir/$n.git"];
		}
		my ($gc, $gw, $mc, $mw, $same) = (0, 0, 0, undef, 1);
		for my $u (@units) {
			my ($b, $ef, $rf, $gf) = @$u;
			my $e = slurp($ef);
			if (-e $gf) {
				$gw ||= defined wrong($b, $e, slurp($gf), \%renames);
			} else {
				$gc = 1;
			}
			$same &&= -e $rf && -e $gf && slurp($rf) eq slurp($gf);
			if (-e $rf) {
				my $w = wrong($b, $e, slurp($rf), \%renames);
				$mw //= "$rf: $w" if defined $w;
			} else {
				$mc = 1;
			}
		}
		$c{git_conflicts} += $gc;
		$c{git_wrong} += !$gc && $gw;
		$c{maint_conflicts} += $mc;
		$c{maint_wrong} += !$mc && defined $mw;
		$c{resolved} += $gc && !$mc && !defined $mw;
		$c{git_clean} += !$gc;
		$c{same_as_git} += !$gc && $same;
		print "wrong: $mw\n" if $v && !$mc && defined $mw;
	}
	printf "merges %d git_conflicts %d git_wrong %d maint_conflicts %d maint_wrong %d resolved %d git_clean %d same_as_git %d\n",
		$count, @c{qw(git_conflicts git_wrong maint_conflicts maint_wrong resolved git_clean same_as_git)};
}
