<?php
// A WordPress-plugin-style PHP client of the hosted Bible API, pointed at `bible serve`.
// Calls are built with http_build_query (spaces as '+', arrays as name[0]=...), answers read with
// json_decode($body, true) and plain array indexing, as such plugins do. Prints `ok NAME` or
// `FAIL NAME: request -> answer (expected ...)`, then `N passed, N failed`; exits 1 when a check failed.
//
// usage: php test/clients/php_client.php http://127.0.0.1:8787   (apt-get install -y php-cli)

$base = rtrim($argv[1] ?? 'http://127.0.0.1:8787', '/');
$passed = 0;
$failed = 0;

function bible_get(string $op, array $args = []): array {
    global $base;
    $url = $base . '/' . $op . ($args ? '?' . http_build_query($args) : '');
    $ctx = stream_context_create(['http' => ['ignore_errors' => true, 'timeout' => 30,
        'header' => "Content-Type: application/json\r\n"]]);
    $body = file_get_contents($url, false, $ctx);
    $status = 0;
    $headers = [];
    foreach ($http_response_header ?? [] as $line) {
        if (preg_match('#^HTTP/\S+ (\d+)#', $line, $m)) $status = (int) $m[1];
        elseif (strpos($line, ':') !== false) { [$k, $v] = explode(':', $line, 2); $headers[strtolower(trim($k))] = trim($v); }
    }
    return ['url' => $url, 'status' => $status, 'headers' => $headers, 'body' => $body, 'data' => json_decode($body, true)];
}

function shown(array $a): string { return 'GET ' . $a['url'] . ' -> ' . $a['status'] . ' ' . substr((string) $a['body'], 0, 300); }

function check(string $name, callable $fn): void {
    global $passed, $failed;
    try { $problem = $fn(); } catch (Throwable $e) { $problem = get_class($e) . ': ' . $e->getMessage(); }
    if ($problem) { $failed++; echo "FAIL $name: $problem\n"; } else { $passed++; echo "ok $name\n"; }
}

// Turn warnings ("Undefined array key", "Trying to access array offset on value of type int") into failures,
// since a plugin printing them on a page is broken.
set_error_handler(function ($no, $msg) { throw new ErrorException($msg, 0, $no); });

check('GetBookInfo: $bookInfo[\'introduction\'] and [\'author\'] for 66 books', function () {
    for ($b = 1; $b <= 66; $b++) {
        $a = bible_get('GetBookInfo', ['bookId' => $b, 'language' => 'english']);
        $bookInfo = $a['data'];
        if (!is_array($bookInfo) || !is_string($bookInfo['introduction']) || $bookInfo['introduction'] === ''
            || !is_string($bookInfo['author']) || $bookInfo['author'] === '' || !is_int($bookInfo['chapterCount'])) {
            return shown($a) . ' (expected introduction, author and an int chapterCount)';
        }
        $title = esc($bookInfo['genre']) . esc($bookInfo['date']) . esc($bookInfo['word_origin']);
        foreach ($bookInfo['key_verses'] as $kv) $title .= esc($kv['reference']);
        foreach (['themes', 'major_characters', 'cross_references', 'symbolism'] as $k) $title .= implode(', ', $bookInfo[$k]);
    }
    return null;
});
function esc(string $s): string { return htmlspecialchars($s, ENT_QUOTES); }

// The plugin's reading-plan form: a select of sections (default "all"), days typed, an HTML date input
// (maybe left empty) and an age field (maybe empty).
$forms = [
    ['days' => '365', 'sections' => 'all', 'requestedStartDate' => '', 'requestedAge' => ''],
    ['days' => '90', 'sections' => 'nt', 'requestedStartDate' => '2027-01-01', 'requestedAge' => '12'],
    ['days' => '30', 'sections' => 'ot', 'requestedStartDate' => '', 'requestedAge' => '40'],
    ['days' => '365', 'sections' => 'OT+NT', 'requestedStartDate' => '', 'requestedAge' => '6'],
    ['days' => '180', 'sections' => 'All', 'requestedStartDate' => date('Y-m-d'), 'requestedAge' => '3'],
    ['days' => '365', 'sections' => 'both', 'requestedStartDate' => '', 'requestedAge' => ''],
    ['days' => '365', 'sections' => 'OT NT', 'requestedStartDate' => '', 'requestedAge' => ''],
];
foreach ($forms as $form) {
    check('GetBibleReadingPlan form ' . http_build_query($form), function () use ($form) {
        $a = bible_get('GetBibleReadingPlan', $form);
        $plan = $a['data'];
        if ($a['status'] !== 200 || !is_array($plan) || !isset($plan[0]['daysFilled'])) return shown($a) . ' (expected a plan)';
        $info = $plan[0];
        if ($info['sections'] !== $form['sections']) return shown($a) . " (expected sections echoed '{$form['sections']}', got '{$info['sections']}')";
        $want = ['all' => 1189, 'All' => 1189, 'both' => 1189, 'OT+NT' => 1189, 'OT NT' => 1189, 'ot' => 929, 'nt' => 260][$form['sections']];
        if ($info['chaptersInfo']['totalChapters'] !== $want) return shown($a) . " (expected $want chapters)";
        $html = '<p>' . esc($info['datesInfo']['startDate'] ?? $info['datesInfo']['todaysDate']) . ' - ' . esc($info['datesInfo']['endDate']) . '</p>';
        $html .= esc((string) $info['readingTime']['readersAge']);
        $days = array_slice($plan, 1);
        if (count($days) !== (int) $info['daysFilled']) return shown($a) . ' (expected daysFilled day entries)';
        foreach ($days as $day) {
            $html .= '<h3>Day ' . $day['day'] . ' (' . esc($day['date']) . ')</h3>';
            foreach ($day['bookAndChapterIds'] as $id) {
                if (!preg_match('/^\d{5}$/', $id)) return shown($a) . " (expected 5-digit ids, got $id)";
            }
        }
        // the plugin names the first and last day's chapters
        $first = $days[0]['bookAndChapterIds'][0];
        $name = bible_get('GetBookAndChapterNameByBookAndChapterId', ['bookAndChapterId' => $first, 'language' => 'english']);
        if (!is_string($name['data']) || $name['data'] === '') return shown($name) . ' (expected a name string)';
        return null;
    });
}

check('GetVerse: $verse[0][\'t\'] in every GetVersions table', function () {
    $versions = bible_get('GetVersions')['data'];
    foreach ($versions as $v) {
        $a = bible_get('GetVerse', ['verseId' => '43003016', 'versionId' => $v['table']]);
        if (!isset($a['data'][0]['t']) || $a['data'][0]['t'] === '') return shown($a) . " (expected John 3:16 in {$v['abbreviation']})";
    }
    return null;
});

check('GetChapter: foreach $chapter as $verse, $verse[\'v\'] . \' \' . $verse[\'t\']', function () {
    foreach ([[1, 1, 'kjv'], [19, 119, 'srv'], [43, 3, 'svd'], ['066', '22', 'RV1909']] as [$b, $c, $v]) {
        $a = bible_get('GetChapter', ['bookId' => $b, 'chapterId' => $c, 'versionId' => $v]);
        if (!is_array($a['data']) || !$a['data']) return shown($a) . ' (expected verses)';
        $n = 0;
        foreach ($a['data'] as $verse) {
            $n++;
            if ($verse['v'] !== (string) $n) return shown($a) . " (expected v '$n' as a string, in order)";
            $line = $verse['v'] . ' ' . esc($verse['t']);
        }
    }
    return null;
});

check('http_build_query arrays: versionId[0]=bbe is read, or refused, never the KJV', function () {
    $a = bible_get('GetVerse', ['verseId' => '43003016', 'versionId' => ['bbe']]);
    if ($a['status'] === 400) return null;
    if (isset($a['data'][0]['t']) && strpos($a['data'][0]['t'], 'had such love') !== false) return null;
    return shown($a) . ' (expected the BBE or a 400 on versionId; a 200 in the KJV hides the mistake)';
});

check('GetTopicVerseCount: echo (int) $count', function () {
    $a = bible_get('GetTopicVerseCount', ['topic' => 'kingdom of god']);
    return is_int($a['data']) && $a['data'] > 0 ? null : shown($a) . ' (expected an int)';
});

check('GetOriginalText: json_decode($w[\'pronun\'], true)[\'dic_mod\']', function () {
    foreach (['01001001', '19119001', '23053005', '40001001', '43001001', '66022021'] as $id) {
        $a = bible_get('GetOriginalText', ['verseId' => $id]);
        foreach ($a['data'] as $w) {
            $p = json_decode($w['pronun'], true);
            if (!is_array($p) || ($p['dic_mod'] ?? '') === '') return shown($a) . " (expected dic_mod in word {$w['id']})";
        }
    }
    return null;
});

check('PHP-style escaped slashes decode to the same strings', function () {
    $a = bible_get('GetChapterAudio', ['chapterId' => '43003', 'versionId' => 'kjv']);
    return ($a['data']['fileName'] ?? '') === 'https://cdn.example/kjv/43/3.mp3' ? null : shown($a) . ' (expected https://cdn.example/kjv/43/3.mp3)';
});

echo "$passed passed, $failed failed\n";
exit($failed ? 1 : 0);
