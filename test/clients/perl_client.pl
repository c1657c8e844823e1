#!/usr/bin/env perl
# A Perl app written against the hosted Bible API, pointed at `bible serve`. Core modules only
# (HTTP::Tiny, JSON::PP, B), so it runs on a bare perl. It reads answers the way such apps do and
# checks JSON types strictly (a number where a string is documented fails, and the reverse).
# Prints `ok NAME` or `FAIL NAME: request -> answer (expected ...)`, then `N passed, N failed`;
# exits 1 when a check failed.
#
# usage: perl test/clients/perl_client.pl http://127.0.0.1:8787
use strict;
use warnings;
use utf8;
use B ();
use HTTP::Tiny;
use JSON::PP ();

binmode STDOUT, ':encoding(UTF-8)';
my $base = shift(@ARGV) // 'http://127.0.0.1:8787';
$base =~ s{/+$}{};
my $http = HTTP::Tiny->new(timeout => 30, agent => 'perl-bible-client/1.0');
my $json = JSON::PP->new->utf8;
my ($passed, $failed) = (0, 0);

sub get_raw {
  my ($path) = @_;
  my $url = "$base/$path";
  my $res = $http->get($url, { headers => { 'Content-Type' => 'application/json' } });
  my $data = eval { $json->decode($res->{content}) };
  return { url => $url, status => $res->{status}, headers => $res->{headers}, body => $res->{content}, data => $data };
}

# params as an array ref of pairs, in order, so a repeated name can be sent as PHP clients do
sub get {
  my ($op, @pairs) = @_;
  my $query = $http->www_form_urlencode([@pairs]);
  return get_raw($query ne '' ? "$op?$query" : $op);
}

sub shown { my ($a) = @_; my $b = substr($a->{body} // '', 0, 300); return "GET $a->{url} -> $a->{status} $b" }

sub check {
  my ($name, $code) = @_;
  my $problem = eval { $code->() };
  $problem = "died: $@" if $@;
  if ($problem) { $failed++; print "FAIL $name: $problem\n" } else { $passed++; print "ok $name\n" }
}

sub is_string { my ($v) = @_; return 0 if !defined $v || ref $v; my $f = B::svref_2object(\$v)->FLAGS; return ($f & B::SVp_POK) && !($f & (B::SVp_IOK | B::SVp_NOK)) }
sub is_number { my ($v) = @_; return 0 if !defined $v || ref $v; my $f = B::svref_2object(\$v)->FLAGS; return ($f & (B::SVp_IOK | B::SVp_NOK)) && !($f & B::SVp_POK) }

my @service_versions = (
  [ 'ASV', '1', 't_asv', 'American Standard - 1901', 'english' ],
  [ 'BBE', '2', 't_bbe', 'Bible in Basic English', 'english' ],
  [ 'DBY', '3', 't_dby', 'Darby English Bible', 'english' ],
  [ 'KJV', '4', 't_kjv', 'King James Version', 'english' ],
  [ 'KJV1611', '10', 't_kjv1611', 'King James Version - 1611', 'english' ],
  [ 'RV1909', '8', 't_srv', 'Reina-Valera - 1909', 'spanish' ],
  [ 'SVD', '9', 't_svd', 'Smith-Van Dyke', 'arabic' ],
  [ 'WBT', '5', 't_wbt', 'Webster Bible', 'english' ],
  [ 'WEB', '6', 't_web', 'World English Bible', 'english' ],
  [ 'YLT', '7', 't_ylt', 'Young Literal Translation', 'english' ],
);
my $wanted_versions = join ';', map { join ',', @$_ } @service_versions;

for my $path ('GetVersions', 'api/v2/bibles', 'GetVersions/', 'api/v2/bibles/') {
  check("$path ids, tables, names, order, string types", sub {
    my $a = get_raw($path);
    return shown($a) . ' (expected an array)' unless ref $a->{data} eq 'ARRAY';
    for my $v (@{ $a->{data} }) {
      for my $k (qw(table version_id abbreviation version language)) {
        return shown($a) . " (expected $k a string in $v->{abbreviation})" unless is_string($v->{$k});
      }
    }
    my $got = join ';', map { join ',', @$_{qw(abbreviation version_id table version language)} } @{ $a->{data} };
    return $got eq $wanted_versions ? undef : "GET $a->{url} -> $got (expected $wanted_versions)";
  });
}

check('GetParallelVerses order and fields follow GetVersions', sub {
  for my $vid ('43003016', '01001001', '19023001', '66022021') {
    my $a = get('GetParallelVerses', verseId => $vid);
    return shown($a) . ' (expected an array of arrays)' unless ref $a->{data} eq 'ARRAY' && ref $a->{data}[0] eq 'ARRAY';
    my @rows = map { $_->[0] } @{ $a->{data} };
    my $got = join ';', map { join ',', $_->{versionAbbreviation}, $_->{versionId}, $_->{versionName} } @rows;
    my $want = join ';', map { join ',', $_->[0], $_->[2], $_->[3] } @service_versions;
    return "GET $a->{url} -> $got (expected $want)" unless $got eq $want;
    for my $r (@rows) {
      for my $k (qw(id b c v t versionId versionAbbreviation versionName)) {
        return shown($a) . " (expected $k a string)" unless is_string($r->{$k});
      }
      return shown($a) . " (expected id $vid in every version)" unless $r->{id} eq $vid;
    }
  }
  return undef;
});

my @info_strings = qw(bookId introduction introduction_long author date word_origin genre summary original_language
  original_language_meaning structure historical_context purpose audience practical_application
  connection_to_other_books theological_introduction);
my @info_arrays = qw(major_characters themes cross_references symbolism);
check('GetBookInfo 66 books: one object, 23 fields, strict types', sub {
  for my $book (1 .. 66) {
    my $a = get('GetBookInfo', bookId => $book);
    my $i = $a->{data};
    return shown($a) . ' (expected one object)' unless ref $i eq 'HASH';
    for my $k (@info_strings) { return "GET $a->{url} -> $k = " . ($i->{$k} // 'missing') . ' (expected a string)' unless is_string($i->{$k}) }
    return "GET $a->{url} -> chapterCount (expected a number)" unless is_number($i->{chapterCount});
    for my $k (@info_arrays) {
      return "GET $a->{url} -> $k (expected an array of strings)" unless ref $i->{$k} eq 'ARRAY' && !grep { !is_string($_) } @{ $i->{$k} };
    }
    return "GET $a->{url} -> key_verses (expected [{reference}])"
      unless ref $i->{key_verses} eq 'ARRAY' && !grep { ref $_ ne 'HASH' || !is_string($_->{reference}) } @{ $i->{key_verses} };
    my $keys = scalar keys %$i;
    return "GET $a->{url} -> $keys fields (expected 23)" unless $keys == 23;
    return "GET $a->{url} -> introduction or author empty" unless length $i->{introduction} && length $i->{author};
  }
  return undef;
});

check('GetBookInfo bookId forms: 01, name, full-width', sub {
  for my $form ('01', 'Genesis', 'Gen', "\x{FF11}", ' 1', '1.0') {
    my $a = get('GetBookInfo', bookId => $form);
    next if $form eq ' 1' || $form eq '1.0';  # not required; reported below when refused
    return shown($a) . ' (expected Genesis)' unless $a->{status} == 200 && $a->{data}{bookId} eq '01';
  }
  return undef;
});

check('GetTopicVerseCount is a bare JSON number', sub {
  for my $topic ('anger', 'kingdom of god', 'ANGER') {
    my $a = get('GetTopicVerseCount', topic => $topic);
    return shown($a) . ' (expected a bare number)' unless $a->{body} =~ /^\s*\d+\s*$/;
  }
  return undef;
});

check('repeated parameters: last value wins, header names them', sub {
  my $a = get('GetVerse', verseId => '43003016', versionId => 'kjv', versionId => 'bbe', verseId => '01001001');
  my $h = $a->{headers}{'x-repeated-parameters'} // '';
  return shown($a) . " header '$h' (expected Genesis 1:1 BBE and X-Repeated-Parameters: verseId, versionId)"
    unless $a->{data}[0]{t} =~ /^At the first/ && $h =~ /verseId/ && $h =~ /versionId/;
  return undef;
});

check('PHP array parameter versionId[]=bbe is not silently the KJV', sub {
  # PHP clients built with http_build_query(['versionId' => ['bbe']]) send versionId[0]=bbe; the live
  # service (PHP) sees an array. Answering the default KJV with 200 hides the client's mistake.
  my $a = get_raw('GetVerse?verseId=43003016&versionId%5B%5D=bbe');
  return undef if $a->{status} == 400 || ($a->{status} == 200 && $a->{data}[0]{t} =~ /had such love/);
  return shown($a) . ' (expected the BBE, or a 400 naming versionId; not the KJV)';
});

check('trailing slash, %20 and + in values, %2B', sub {
  my @cases = (
    [ 'GetVerse/?verseId=43003016&versionId=kjv', qr/^For God so loved/ ],
    [ 'GetSearch?query=so+loved+the+world&versionId=kjv', qr/so loved the world/ ],
    [ 'GetSearch?query=so%20loved%20the%20world&versionId=kjv', qr/so loved the world/ ],
    [ 'GetVerseById?verseId=John%203%3A16', qr/^For God so loved/ ],
    [ 'GetVerseById?verseId=John+3:16', qr/^For God so loved/ ],
    [ 'GetVerse?verseId=43003016&versionId=Kjv', qr/^For God so loved/ ],
  );
  for my $c (@cases) {
    my $a = get_raw($c->[0]);
    return shown($a) . " (expected $c->[1])" unless $a->{status} == 200 && ref $a->{data} eq 'ARRAY' && $a->{data}[0]{t} =~ $c->[1];
  }
  return undef;
});

check('empty optional values read as not given', sub {
  for my $path ('GetVerse?verseId=43003016&versionId=', 'GetVerseCount?bookId=43&chapterId=3&versionId=',
                'GetRandomVerse?versionId=kjv&limitToBookId=&limitToChapterId=&limitToQuery=',
                'GetBibleReadingPlan?days=30&sections=&requestedAge=&requestedStartDate=',
                'GetBibleReadingPlanByTopic?topic=anger&days=&requestedStartDate=') {
    my $a = get_raw($path);
    return shown($a) . ' (expected 200)' unless $a->{status} == 200;
  }
  return undef;
});

check('GetChapterAudio chapterId=43003 and agreeing bookId', sub {
  my $a = get('GetChapterAudio', chapterId => '43003', versionId => 'kjv');
  return shown($a) . ' (expected a fileName)' unless $a->{status} == 200 && $a->{data}{fileName} =~ m{^https://cdn\.example/};
  my $b = get('GetChapterAudio', bookId => 'John', chapterId => '43003', versionId => 'kjv');
  return shown($b) . ' (expected the same address)' unless $b->{status} == 200 && $b->{data}{fileName} eq $a->{data}{fileName};
  my $c = get('GetChapterAudio', bookId => '40', chapterId => '43003', versionId => 'kjv');
  return shown($c) . ' (expected 400 naming bookId)' unless $c->{status} == 400 && ($c->{data}{error}{param} // '') eq 'bookId';
  my $d = get('GetChapterAudio', bookId => '43', chapterId => '3', versionId => 'rv1909');
  return shown($d) . ' (expected a fileName)' unless $d->{status} == 200 && $d->{data}{fileName};
  return undef;
});

check('GetSemanticRelationsAllWords string[] matching GetSemanticRelations', sub {
  my $a = get('GetSemanticRelationsAllWords');
  return shown($a) . ' (expected an array of strings)' unless ref $a->{data} eq 'ARRAY' && !grep { !is_string($_) } @{ $a->{data} };
  for my $w (@{ $a->{data} }[0, 1, -1]) {
    my $r = get('GetSemanticRelations', word => $w);
    return shown($r) . " (expected {word: $w})" unless ref $r->{data} eq 'HASH' && $r->{data}{word} eq $w;
  }
  return undef;
});

check('verse records strings in GetVerse/GetChapter/GetRandomVerse/GetSearch', sub {
  for my $p ('GetVerse?verseId=01001001&versionId=kjv', 'GetChapter?bookId=1&chapterId=1&versionId=svd',
             'GetRandomVerse?versionId=t_srv', 'GetSearch?query=lamp&versionId=web',
             'GetChapterByBookAndChapterId?bookAndChapterId=19023&versionId=srv') {
    my $a = get_raw($p);
    for my $r (@{ $a->{data} }) {
      for my $k (qw(id b c v t)) { return shown($a) . " (expected $k a string)" unless is_string($r->{$k}) }
    }
  }
  return undef;
});

check('base URL ending in / joined with /GetVerse', sub {
  # $base = "http://host:8787/"; "$base/GetVerse": a web server in front merges the slashes
  my $a = get_raw('/GetVerse?verseId=43003016&versionId=kjv');
  return $a->{status} == 200 ? undef : shown($a) . ' (expected John 3:16)';
});

print "$passed passed, $failed failed\n";
exit($failed ? 1 : 0);
