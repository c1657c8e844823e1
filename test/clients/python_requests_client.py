#!/usr/bin/env python3
"""A Python app using `requests`, as Python clients of the hosted API are written: the query already in the
URL and the same parameters passed again as `params=`, so every parameter goes out twice; `resp.json()`;
`json.loads(word['pronun'])['dic_mod']` on GetOriginalText.

usage: /usr/bin/python3 test/clients/python_requests_client.py http://127.0.0.1:8787   (apt-get install -y python3-requests)
"""
import json
import sys
from urllib.parse import urlencode

import requests

BASE = (sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8787").rstrip("/")
HEADERS = {"Content-Type": "application/json", "x-rapidapi-key": "<API_KEY>"}
passed = failed = 0


def call(op, **params):
    url = "%s/%s?%s" % (BASE, op, urlencode(params))
    return requests.get(url, params=params, headers=HEADERS, timeout=30)


def check(name, fn):
    global passed, failed
    try:
        problem = fn()
    except Exception as exc:
        problem = "%s: %s" % (type(exc).__name__, exc)
    if problem:
        failed += 1
        print("FAIL %s: %s" % (name, problem))
    else:
        passed += 1
        print("ok %s" % name)


def shown(resp):
    return "GET %s -> %s %s" % (resp.url, resp.status_code, resp.text[:300])


def pronunciations():
    for verse_id in ("01001001", "19119105", "23053005", "40001001", "43001001", "66022020"):
        resp = call("GetOriginalText", verseId=verse_id)
        for word in resp.json():
            if not json.loads(word["pronun"])["dic_mod"]:
                return shown(resp) + " (expected dic_mod)"
    return None


def verse_of_the_day():
    resp = call("GetVerse", verseId="43003016", versionId="srv")
    data = resp.json()
    return None if data[0]["t"].startswith("Porque") and "versionId" in resp.headers.get("X-Repeated-Parameters", "") else shown(resp)


def book_info():
    resp = call("GetBookInfo", bookId=43, language="english")
    info = resp.json()
    return None if info["author"] and info["introduction"] else shown(resp)


def topic_count():
    resp = call("GetTopicVerseCount", topic="anger")
    return None if isinstance(resp.json(), int) else shown(resp) + " (expected a number)"


def plan():
    resp = call("GetBibleReadingPlan", days=365, sections="all", requestedAge=30)
    head = resp.json()[0]
    return None if head["sections"] == "all" and head["chaptersInfo"]["totalChapters"] == 1189 else shown(resp)


def verse_by_reference():
    resp = call("GetVerseById", verseId="John.3.16")
    return None if resp.json()[0]["id"] == "43003016" else shown(resp)


def search():
    resp = call("GetSearch", query="so loved the world", versionId="kjv")
    return None if [v["id"] for v in resp.json()] == ["43003016"] else shown(resp) + " (expected John 3:16 only)"


for name, fn in [("GetOriginalText dic_mod", pronunciations), ("GetVerse srv, parameters twice", verse_of_the_day),
                 ("GetBookInfo author", book_info), ("GetTopicVerseCount int", topic_count),
                 ("GetBibleReadingPlan sections=all", plan), ("GetVerseById John.3.16", verse_by_reference),
                 ("GetSearch phrase with spaces", search)]:
    check(name, fn)

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
