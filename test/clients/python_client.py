#!/usr/bin/env python3
"""A Python app written against the hosted Bible API, pointed at `bible serve`.

Stdlib only (urllib, json), so it runs on a bare python3. It builds its calls the way Python clients of
the hosted service do: the query both in the URL and again as the parameters (as `requests.get(url_with_query,
params=same)` sends every parameter twice), reads the answer with `json.loads`, and reads the fields those
apps read. Prints `ok NAME` or `FAIL NAME: request -> what came back (expected ...)` per check, then
`N passed, N failed`; exits 1 when a check failed.

usage: python3 test/clients/python_client.py http://127.0.0.1:8787
"""
import json
import sys
import urllib.error
import urllib.parse
import urllib.request

BASE = (sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8787").rstrip("/")
passed = 0
failed = 0


class Answer:
    def __init__(self, url, status, headers, body):
        self.url, self.status, self.headers, self.body = url, status, headers, body

    def json(self):
        return json.loads(self.body.decode("utf-8"))


def fetch(path, params=None, twice=True, data=None, method=None):
    """GET path; with params, sends them in the URL and once more appended (the requests habit)."""
    url = BASE + "/" + path
    if params is not None:
        query = urllib.parse.urlencode(params)
        url = url + "?" + query + (("&" + query) if twice else "")
    req = urllib.request.Request(url, data=data, method=method,
                                 headers={"Content-Type": "application/json"} if data is None else
                                 {"Content-Type": "application/x-www-form-urlencoded"})
    try:
        with urllib.request.urlopen(req, timeout=30) as res:
            return Answer(url, res.status, res.headers, res.read())
    except urllib.error.HTTPError as err:
        return Answer(url, err.code, err.headers, err.read())


def check(name, fn):
    global passed, failed
    try:
        problem = fn()
    except Exception as exc:  # a client crashing on an answer is a failure of the answer
        problem = "%s: %s" % (type(exc).__name__, exc)
    if problem:
        failed += 1
        print("FAIL %s: %s" % (name, problem))
    else:
        passed += 1
        print("ok %s" % name)


def expect(answer, cond, wanted):
    if cond:
        return None
    return "GET %s -> %s %s (expected %s)" % (answer.url, answer.status, answer.body[:300].decode("utf-8", "replace"), wanted)


# --- GetOriginalText: pronun is a JSON string; apps show dic_mod, then dic ---------------------------
PRONUN_KEYS = ("ipa", "ipa_mod", "sbl", "dic", "dic_mod")
VERSES = {
    "Gen 1:1": "01001001", "Ps 119:1": "19119001", "Ps 119:105": "19119105", "Ps 119:176": "19119176",
    "Isa 53:5": "23053005", "Isa 53:12": "23053012", "Matt 1:1": "40001001", "Matt 1:16": "40001016",
    "John 1:1": "43001001", "John 1:14": "43001014", "Rev 22:20": "66022020", "Rev 22:21": "66022021",
    "Exod 3:14": "02003014", "Deut 6:4": "05006004", "Dan 2:4": "27002004", "Ezra 4:8": "15004008",
    "Luke 1:1": "42001001", "Rom 8:28": "45008028", "Heb 11:1": "58011001", "Mal 4:6": "39004006",
}


def original_text(ref, verse_id):
    def run():
        ans = fetch("GetOriginalText", {"verseId": verse_id})
        words = ans.json()
        if ans.status != 200 or not isinstance(words, list) or not words:
            return expect(ans, False, "a non-empty array of words")
        for word in words:
            pron = json.loads(word["pronun"])
            if not isinstance(pron, dict):
                return expect(ans, False, "pronun a JSON object string")
            missing = [k for k in PRONUN_KEYS if not isinstance(pron.get(k), str) or not pron.get(k).strip()]
            if missing:
                return "GET %s -> word %s %r pronun %s (expected non-empty %s)" % (
                    ans.url, word.get("id"), word.get("word"), word["pronun"], ", ".join(missing))
            shown = pron["dic_mod"] or pron["dic"]
            if not shown:
                return expect(ans, False, "dic_mod or dic to show")
            for field in ("id", "verseID", "book", "chapter", "verse", "word", "strongs", "morph",
                          "orig_order", "connected", "parashah", "notes", "glossary"):
                if not isinstance(word.get(field), str):
                    return "GET %s -> word %s field %s = %r (expected a string)" % (ans.url, word.get("id"), field, word.get(field))
        return None
    check("GetOriginalText pronun %s" % ref, run)


for ref, vid in VERSES.items():
    original_text(ref, vid)


# --- GetBookInfo: one object ---------------------------------------------------------------------------
def book_info_all():
    for book in range(1, 67):
        ans = fetch("GetBookInfo", {"bookId": book})
        info = ans.json()
        if not isinstance(info, dict):
            return expect(ans, False, "one object")
        if not info.get("introduction") or not info.get("author") or not isinstance(info.get("chapterCount"), int):
            return expect(ans, False, "introduction, author and an integer chapterCount")
        if int(info["bookId"]) != book:
            return expect(ans, False, "bookId %d" % book)
    return None


check("GetBookInfo one object per book, 66 books", book_info_all)


# --- GetVersions ----------------------------------------------------------------------------------------
SERVICE_VERSIONS = [
    ("ASV", "1", "t_asv", "American Standard - 1901"), ("BBE", "2", "t_bbe", "Bible in Basic English"),
    ("DBY", "3", "t_dby", "Darby English Bible"), ("KJV", "4", "t_kjv", "King James Version"),
    ("KJV1611", "10", "t_kjv1611", "King James Version - 1611"), ("RV1909", "8", "t_srv", "Reina-Valera - 1909"),
    ("SVD", "9", "t_svd", "Smith-Van Dyke"), ("WBT", "5", "t_wbt", "Webster Bible"),
    ("WEB", "6", "t_web", "World English Bible"), ("YLT", "7", "t_ylt", "Young Literal Translation"),
]


def versions():
    ans = fetch("GetVersions", {})
    got = [(v["abbreviation"], v["version_id"], v["table"], v["version"]) for v in ans.json()]
    return expect(ans, got == SERVICE_VERSIONS, SERVICE_VERSIONS)


check("GetVersions ids, tables, names, order", versions)


def version_by_table_everywhere():
    # an app keeps the `table` of GetVersions and sends it back as versionId
    for v in fetch("GetVersions", {}).json():
        for code in (v["table"], v["abbreviation"], v["abbreviation"].lower()):
            ans = fetch("GetVerse", {"verseId": "43003016", "versionId": code})
            rows = ans.json()
            if ans.status != 200 or len(rows) != 1 or not rows[0]["t"]:
                return expect(ans, False, "John 3:16 in %s" % v["abbreviation"])
    return None


check("GetVerse with every GetVersions table and abbreviation", version_by_table_everywhere)

SRV_CALLS = [
    ("GetVerse", {"verseId": "43003016"}), ("GetChapter", {"bookId": "43", "chapterId": "3"}),
    ("GetChapterByBookAndChapterId", {"bookAndChapterId": "43003"}), ("GetSearch", {"query": "amor"}),
    ("GetSearchCount", {"query": "amor"}), ("GetRandomVerse", {}), ("GetRandomChapter", {}),
    ("GetVerseCount", {"bookId": "43", "chapterId": "3"}), ("GetWordCountOfBook", {"bookId": "43"}),
    ("GetWordCountOfChapter", {"bookAndChapterId": "43003"}), ("GetWordCountOfVerse", {"verseId": "43003016"}),
    ("GetWords", {"verseId": "43003016"}), ("GetSearchAdvanced", {"query": "amor", "matchType": "broad"}),
    ("GetAudioNarration", {"bookId": "43", "chapterId": "3"}), ("GetVerseById", {"verseId": "John.3.16"}),
    ("GetChapterCount", {"bookId": "43"}),
]


def srv_everywhere(code):
    def run():
        for op, params in SRV_CALLS:
            ans = fetch(op, dict(params, versionId=code))
            if ans.status != 200:
                return expect(ans, False, "200")
        spanish = fetch("GetVerse", {"verseId": "43003016", "versionId": code})
        return expect(spanish, "Porque de tal manera" in spanish.json()[0]["t"], "the Reina-Valera text")
    return run


for code in ("srv", "t_srv", "t_rv1909", "SRV", "T_SRV", "rv1909"):
    check("versionId=%s everywhere a version is taken" % code, srv_everywhere(code))


# --- repeated parameters: requests sends the URL's query and params= both --------------------------------
def repeated_last_wins():
    url = "GetVerse?verseId=43003016&versionId=kjv&verseId=01001001&versionId=bbe"
    ans = fetch(url, None)
    rows = ans.json()
    header = ans.headers.get("X-Repeated-Parameters") or ""
    return expect(ans, rows[0]["id"] == "01001001" and "At the first" in rows[0]["t"]
                  and "verseId" in header and "versionId" in header,
                  "Genesis 1:1 in the BBE and X-Repeated-Parameters naming verseId, versionId")


check("repeated parameters: last value wins (GET)", repeated_last_wins)


def repeated_post_form():
    # the one operation that takes a POST body; a form's repeated field takes its last value too
    body = b"text=Gen+1%3A1&text=John+3%3A16"
    ans = fetch("GetCitationsInText", None, data=body, method="POST")
    if ans.status != 200:
        return expect(ans, False, "200 with a form body")
    hits = ans.json()
    return expect(ans, [h["bookId"] for h in hits] == ["43"] and "text" in (ans.headers.get("X-Repeated-Parameters") or ""),
                  "only John 3:16 found, X-Repeated-Parameters: text")


check("repeated parameters: last value wins (POST form)", repeated_post_form)


def twice_everywhere():
    # every call in this client sends its parameters twice; spot-check the answers equal a single send
    for op, params in [("GetChapter", {"bookId": 1, "chapterId": 1, "versionId": "web"}),
                       ("GetSearchCount", {"query": "love", "versionId": "kjv"}),
                       ("GetStrongs", {"lexiconId": "H", "id": 1})]:
        a, b = fetch(op, params), fetch(op, params, twice=False)
        if a.body != b.body:
            return expect(a, False, "the same answer as %s" % b.url)
    return None


check("parameters sent twice answer as sent once", twice_everywhere)


# --- GetBibleReadingPlan sections ------------------------------------------------------------------------
def sections(value, chapters):
    def run():
        ans = fetch("GetBibleReadingPlan", {"days": 365, "sections": value})
        if ans.status != 200:
            return expect(ans, False, "200")
        head = ans.json()[0]
        return expect(ans, head["sections"] == value and head["chaptersInfo"]["totalChapters"] == chapters,
                      "sections echoed %r and %d chapters" % (value, chapters))
    return run


for value, chapters in [("all", 1189), ("ALL", 1189), ("All", 1189), ("both", 1189), ("BOTH", 1189),
                        ("OT+NT", 1189), ("ot+nt", 1189), ("OT NT", 1189), ("ot nt", 1189), ("Ot Nt", 1189),
                        ("OT", 929), ("nt", 260)]:
    check("GetBibleReadingPlan sections=%s" % value, sections(value, chapters))


# --- GetTopicVerseCount: a bare number -----------------------------------------------------------------------
def topic_count():
    for topic in ("anger", "love", "kingdom of god", "Anger", "eternal life"):
        ans = fetch("GetTopicVerseCount", {"topic": topic})
        value = ans.json()
        if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
            return expect(ans, False, "a bare positive number")
        listed = fetch("GetTopic", {"topic": topic}).json()
        distinct = {vid for entry in listed for vid in entry["verseIds"]}
        if value != len(distinct) and value != sum(len(e["verseIds"]) for e in listed):
            return expect(ans, False, "the number of GetTopic's verses (%d)" % len(distinct))
    return None


check("GetTopicVerseCount bare number", topic_count)


# --- GetVerseById -------------------------------------------------------------------------------------------
def verse_by_id(ref, wanted):
    def run():
        ans = fetch("GetVerseById", {"verseId": ref})
        if wanted is None:
            body = ans.json()
            return expect(ans, ans.status == 400 and body["error"]["code"] == "INVALID_PARAMETER"
                          and body["error"]["param"] == "verseId", "400 INVALID_PARAMETER on verseId")
        rows = ans.json()
        return expect(ans, ans.status == 200 and isinstance(rows, list) and len(rows) == 1 and rows[0]["id"] == wanted,
                      "one verse %s" % wanted)
    return run


for ref, wanted in [("John.3.16", "43003016"), ("JHN 3:16", "43003016"), ("Jn3:16", "43003016"),
                    ("43003016", "43003016"), ("john 3:16", "43003016"), ("1 John 1:9", "62001009"),
                    ("1Jn.1.9", "62001009"), ("Gen.1.1", "01001001"), ("Ps 119:105", "19119105"),
                    ("Rev.22.21", "66022021"), ("Jude 3", "65001003"), ("John.03.016", "43003016"),
                    ("John 3:16 KJV", "43003016"), ("Jn\uff13:\uff11\uff16", "43003016"),
                    ("John.3.16-17", None), ("John 3:16,18", None), ("John 3", None), ("Gen 1-2", None)]:
    check("GetVerseById verseId=%s" % ref, verse_by_id(ref, wanted))


def semantic_all():
    ans = fetch("GetSemanticRelationsAllWords", {})
    words = ans.json()
    return expect(ans, isinstance(words, list) and len(words) > 100 and all(isinstance(w, str) for w in words),
                  "an array of strings")


check("GetSemanticRelationsAllWords string[]", semantic_all)


def chapter_audio():
    ans = fetch("GetChapterAudio", {"chapterId": "43003", "versionId": "kjv"})
    body = ans.json()
    if ans.status != 200 or not body.get("fileName", "").startswith("http"):
        return expect(ans, False, "a fileName address (server started with --audio)")
    bad = fetch("GetChapterAudio", {"chapterId": "43003", "bookId": "1", "versionId": "kjv"})
    err = bad.json().get("error", {})
    if bad.status != 400 or err.get("param") != "bookId":
        return expect(bad, False, "400 naming bookId: bookId 1 disagrees with chapterId 43003")
    same = fetch("GetChapterAudio", {"chapterId": "43003", "bookId": "43", "versionId": "kjv"})
    return expect(same, same.status == 200 and same.json()["fileName"] == body["fileName"], "the same address")


check("GetChapterAudio chapterId=43003", chapter_audio)


# --- verse records ------------------------------------------------------------------------------------------
def verse_record_types():
    for op, params in [("GetVerse", {"verseId": "01001001", "versionId": "kjv"}),
                       ("GetChapter", {"bookId": 19, "chapterId": 119, "versionId": "web"}),
                       ("GetRandomVerse", {"versionId": "svd"}), ("GetSearch", {"query": "lamp", "versionId": "ylt"})]:
        ans = fetch(op, params)
        for row in ans.json():
            if any(not isinstance(row.get(k), str) for k in ("id", "b", "c", "v", "t")):
                return expect(ans, False, "id, b, c, v, t strings")
    return None


check("verse records are strings", verse_record_types)


def stories_to_verse():
    # an app takes GetStories' 7-digit verse_id (and GetOriginalText's verseID) to open the verse
    story = fetch("GetStories", {"language": "english"}).json()[0]
    ans = fetch("GetVerse", {"verseId": story["verse_id"], "versionId": "kjv"})
    rows = ans.json()
    return expect(ans, ans.status == 200 and len(rows) == 1 and int(rows[0]["id"]) == int(story["verse_id"]),
                  "the verse of the story's verse_id %s" % story["verse_id"])


check("GetStories verse_id opens with GetVerse", stories_to_verse)


def original_verse_id_round_trip():
    word = fetch("GetOriginalText", {"verseId": "01001001"}).json()[0]
    ans = fetch("GetVerse", {"verseId": word["verseID"], "versionId": "kjv"})
    rows = ans.json()
    return expect(ans, len(rows) == 1 and rows[0]["id"] == "01001001", "Genesis 1:1 from verseID %s" % word["verseID"])


check("GetOriginalText verseID opens with GetVerse", original_verse_id_round_trip)


def chapter_audio_number():
    # bookAndChapterId as a number (book * 1000 + chapter): Genesis 1 is 1001, as GetChapterByBookAndChapterId reads it
    chapter = fetch("GetChapterByBookAndChapterId", {"bookAndChapterId": 1001, "versionId": "kjv"})
    if chapter.status != 200:
        return expect(chapter, False, "Genesis 1")
    ans = fetch("GetChapterAudio", {"chapterId": 1001, "versionId": "kjv"})
    return expect(ans, ans.status == 200 and ans.json().get("bookAndChapterId") == "01001", "Genesis 1's narration")


check("GetChapterAudio chapterId=1001 as GetChapterByBookAndChapterId reads it", chapter_audio_number)


def padded_ids():
    # a verse id or book number pasted into a form with a space around it
    for op, params in [("GetVerse", {"verseId": "43003016 ", "versionId": "kjv"}),
                       ("GetChapter", {"bookId": " 43", "chapterId": "3", "versionId": "kjv"})]:
        ans = fetch(op, params)
        if ans.status != 200:
            return expect(ans, False, "John 3:16 / John 3, as versionId=\"kjv \" is read")
    return None


check("ids with a space around them read as versionId is", padded_ids)


def base_with_trailing_slash():
    # BASE_URL = "http://host:8787/" and f"{BASE_URL}/GetVerse": a web server in front merges the slashes
    url = BASE + "//GetVerse?verseId=43003016&versionId=kjv"
    try:
        with urllib.request.urlopen(url, timeout=30) as res:
            ans = Answer(url, res.status, res.headers, res.read())
    except urllib.error.HTTPError as err:
        ans = Answer(url, err.code, err.headers, err.read())
    return expect(ans, ans.status == 200, "John 3:16, as behind a server that merges slashes")


check("base URL ending in / joined with /GetVerse", base_with_trailing_slash)


print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
