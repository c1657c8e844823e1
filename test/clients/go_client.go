// A strictly typed client of the hosted Bible API (standing in for Swift Codable and Kotlin
// serialization), pointed at `bible serve`. Answers decode into typed structs with encoding/json:
// unknown fields are allowed, but a number where a string is declared (or the reverse), an object
// where an array is declared, or a missing required field fails, as it fails those decoders.
// Prints `ok NAME` or `FAIL NAME: request -> error (expected ...)`, then `N passed, N failed`.
//
// usage: go run test/clients/go_client.go http://127.0.0.1:8787   (apt-get install -y golang-go)
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"reflect"
	"strings"
)

var base = "http://127.0.0.1:8787"
var passed, failed int

type Version struct {
	VersionID    string `json:"version_id"`
	Table        string `json:"table"`
	Abbreviation string `json:"abbreviation"`
	Version      string `json:"version"`
	Language     string `json:"language"`
}

type Verse struct {
	ID string `json:"id"`
	B  string `json:"b"`
	C  string `json:"c"`
	V  string `json:"v"`
	T  string `json:"t"`
}

type ParallelVerse struct {
	Verse
	VersionID           string `json:"versionId"`
	VersionAbbreviation string `json:"versionAbbreviation"`
	VersionName         string `json:"versionName"`
}

type KeyVerse struct {
	Reference string `json:"reference"`
}

type BookInfo struct {
	BookID                   string     `json:"bookId"`
	ChapterCount             int        `json:"chapterCount"`
	Introduction             string     `json:"introduction"`
	IntroductionLong         string     `json:"introduction_long"`
	Author                   string     `json:"author"`
	Date                     string     `json:"date"`
	WordOrigin               string     `json:"word_origin"`
	Genre                    string     `json:"genre"`
	Summary                  string     `json:"summary"`
	OriginalLanguage         string     `json:"original_language"`
	OriginalLanguageMeaning  string     `json:"original_language_meaning"`
	Structure                string     `json:"structure"`
	HistoricalContext        string     `json:"historical_context"`
	Purpose                  string     `json:"purpose"`
	Audience                 string     `json:"audience"`
	MajorCharacters          []string   `json:"major_characters"`
	Themes                   []string   `json:"themes"`
	KeyVerses                []KeyVerse `json:"key_verses"`
	PracticalApplication     string     `json:"practical_application"`
	ConnectionToOtherBooks   string     `json:"connection_to_other_books"`
	TheologicalIntroduction  string     `json:"theological_introduction"`
	CrossReferences          []string   `json:"cross_references"`
	Symbolism                []string   `json:"symbolism"`
}

type OriginalWord struct {
	ID, VerseID, Book, Chapter, Verse, Word, Pronun, Strongs, Morph, OrigOrder, Connected, Parashah, Notes, Glossary string
}

func (w *OriginalWord) UnmarshalJSON(b []byte) error {
	var m map[string]string // every field a string; a number anywhere fails
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	w.ID, w.VerseID, w.Word, w.Pronun = m["id"], m["verseID"], m["word"], m["pronun"]
	return nil
}

type Pronun struct {
	IPA    string `json:"ipa"`
	IPAMod string `json:"ipa_mod"`
	SBL    string `json:"sbl"`
	Dic    string `json:"dic"`
	DicMod string `json:"dic_mod"`
}

type Strongs struct {
	ID             string `json:"id"`
	StrongsID      string `json:"strongs_id"`
	Language       string `json:"language"`
	Word           string `json:"word"`
	Glossary       string `json:"glossary"`
	Occurences     string `json:"occurences"`
	FirstOccurence string `json:"first_occurence"`
	Root           string `json:"root"`
}

type ChapterAudio struct {
	VersionID        string `json:"versionId"`
	BookID           string `json:"bookId"`
	ChapterID        string `json:"chapterId"`
	BookAndChapterID string `json:"bookAndChapterId"`
	FileName         string `json:"fileName"`
}

type TopicPlan struct {
	TopicInfo struct {
		Topic         string `json:"topic"`
		DaysRequested string `json:"daysRequested"`
		DaysFilled    int    `json:"daysFilled"`
	} `json:"topicInfo"`
	ReadingPlan []struct {
		Day      int      `json:"day"`
		Date     string   `json:"date"`
		VerseIDs []string `json:"verseIds"`
	} `json:"readingPlan"`
}

type ParseVerseID struct {
	VerseID          string `json:"verseId"`
	BookID           string `json:"bookId"`
	BookAndChapterID string `json:"bookAndChapterId"`
	ChapterNumber    string `json:"chapterNumber"`
	VerseNumber      string `json:"verseNumber"`
}

type Info struct {
	AppName, AppDescription, AppType, Version, ParentApplication, Authors string
}

func fetch(op string, params url.Values, into interface{}) (string, error) {
	u := base + "/" + op
	if len(params) > 0 {
		u += "?" + params.Encode()
	}
	res, err := http.Get(u)
	if err != nil {
		return u, err
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		return u, fmt.Errorf("status %d %.300s", res.StatusCode, body)
	}
	// decode every field strictly: a field declared with a type and absent is reported too
	if err := json.Unmarshal(body, into); err != nil {
		return u, fmt.Errorf("%v in %.200s", err, body)
	}
	return u, nil
}

func check(name string, fn func() string) {
	if problem := fn(); problem != "" {
		failed++
		fmt.Printf("FAIL %s: %s\n", name, problem)
	} else {
		passed++
		fmt.Printf("ok %s\n", name)
	}
}

func q(kv ...string) url.Values {
	v := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Add(kv[i], kv[i+1])
	}
	return v
}

// hasAllKeys says whether the raw object has every json key of the struct type (a missing key decodes to
// the zero value silently in Go, but fails Codable's non-optional properties).
func hasAllKeys(raw map[string]json.RawMessage, t reflect.Type) string {
	for i := 0; i < t.NumField(); i++ {
		tag := strings.Split(t.Field(i).Tag.Get("json"), ",")[0]
		if tag == "" {
			continue
		}
		if v, ok := raw[tag]; !ok || string(v) == "null" {
			return tag
		}
	}
	return ""
}

func main() {
	if len(os.Args) > 1 {
		base = strings.TrimRight(os.Args[1], "/")
	}

	check("GetVersions into []Version", func() string {
		var vs []Version
		u, err := fetch("GetVersions", nil, &vs)
		if err != nil {
			return fmt.Sprintf("GET %s -> %v (expected string fields)", u, err)
		}
		want := "ASV 1 t_asv|BBE 2 t_bbe|DBY 3 t_dby|KJV 4 t_kjv|KJV1611 10 t_kjv1611|RV1909 8 t_srv|SVD 9 t_svd|WBT 5 t_wbt|WEB 6 t_web|YLT 7 t_ylt"
		got := []string{}
		for _, v := range vs {
			got = append(got, v.Abbreviation+" "+v.VersionID+" "+v.Table)
		}
		if strings.Join(got, "|") != want {
			return fmt.Sprintf("GET %s -> %s (expected %s)", u, strings.Join(got, "|"), want)
		}
		return ""
	})

	check("GetBookInfo into BookInfo (23 fields) for 66 books", func() string {
		for b := 1; b <= 66; b++ {
			var raw map[string]json.RawMessage
			u, err := fetch("GetBookInfo", q("bookId", fmt.Sprint(b)), &raw)
			if err != nil {
				return fmt.Sprintf("GET %s -> %v (expected one object)", u, err)
			}
			if missing := hasAllKeys(raw, reflect.TypeOf(BookInfo{})); missing != "" {
				return fmt.Sprintf("GET %s -> no %s (expected all 23 fields)", u, missing)
			}
			var info BookInfo
			if _, err := fetch("GetBookInfo", q("bookId", fmt.Sprint(b)), &info); err != nil {
				return fmt.Sprintf("GET %s -> %v (expected BookInfo types)", u, err)
			}
			if info.ChapterCount < 1 || info.Introduction == "" {
				return fmt.Sprintf("GET %s -> chapterCount %d (expected > 0 and an introduction)", u, info.ChapterCount)
			}
		}
		return ""
	})

	for _, c := range [][2]string{{"GetVerse", "verseId=01001001&versionId=kjv"}, {"GetChapter", "bookId=43&chapterId=3&versionId=srv"},
		{"GetChapterByBookAndChapterId", "bookAndChapterId=19119&versionId=t_srv"}, {"GetRandomVerse", "versionId=svd&limitToBookId=nt"},
		{"GetRandomChapter", "versionId=kjv1611"}, {"GetSearch", "query=gracia&versionId=t_rv1909"},
		{"GetSearchAdvanced", "query=light&versionId=ylt&matchType=exact&limitToBookId=ot"}, {"GetVerseById", "verseId=John.3.16&versionId=srv"}} {
		op, qs := c[0], c[1]
		check(op+" into []Verse ("+qs+")", func() string {
			params, _ := url.ParseQuery(qs)
			var vs []Verse
			u, err := fetch(op, params, &vs)
			if err != nil {
				return fmt.Sprintf("GET %s -> %v (expected verse records of strings)", u, err)
			}
			if len(vs) == 0 {
				return fmt.Sprintf("GET %s -> [] (expected verses)", u)
			}
			return ""
		})
	}

	check("GetTopicVerseCount into int", func() string {
		for _, topic := range []string{"anger", "love", "kingdom of god", "second coming"} {
			var n int
			u, err := fetch("GetTopicVerseCount", q("topic", topic), &n)
			if err != nil || n <= 0 {
				return fmt.Sprintf("GET %s -> %v %d (expected a bare number)", u, err, n)
			}
		}
		return ""
	})

	check("GetParallelVerses into [][]ParallelVerse", func() string {
		var pv [][]ParallelVerse
		u, err := fetch("GetParallelVerses", q("verseId", "19023001"), &pv)
		if err != nil {
			return fmt.Sprintf("GET %s -> %v", u, err)
		}
		if len(pv) != 10 {
			return fmt.Sprintf("GET %s -> %d versions (expected 10)", u, len(pv))
		}
		for _, inner := range pv {
			if len(inner) != 1 || !strings.HasPrefix(inner[0].VersionID, "t_") || inner[0].VersionName == "" {
				return fmt.Sprintf("GET %s -> %+v (expected one record with t_ versionId and a name)", u, inner)
			}
		}
		if pv[5][0].VersionID != "t_srv" || pv[5][0].VersionName != "Reina-Valera - 1909" {
			return fmt.Sprintf("GET %s -> sixth %s %s (expected t_srv Reina-Valera - 1909)", u, pv[5][0].VersionID, pv[5][0].VersionName)
		}
		return ""
	})

	check("GetOriginalText into []OriginalWord, pronun into Pronun", func() string {
		for _, id := range []string{"01001001", "19119105", "23053005", "27002004", "40001001", "43001001", "66022021"} {
			var ws []OriginalWord
			u, err := fetch("GetOriginalText", q("verseId", id), &ws)
			if err != nil {
				return fmt.Sprintf("GET %s -> %v", u, err)
			}
			for _, w := range ws {
				var p Pronun
				if err := json.Unmarshal([]byte(w.Pronun), &p); err != nil || p.IPA == "" || p.IPAMod == "" || p.SBL == "" || p.Dic == "" || p.DicMod == "" {
					return fmt.Sprintf("GET %s -> word %s %s pronun %q (expected five non-empty keys)", u, w.ID, w.Word, w.Pronun)
				}
			}
		}
		return ""
	})

	check("counts into typed objects", func() string {
		var vc struct{ VerseCount int `json:"verseCount"` }
		var cc struct{ ChapterCount int `json:"chapterCount"` }
		var sc struct{ SearchCount int `json:"searchCount"` }
		var wc struct {
			BookID    string `json:"bookId"`
			VersionID string `json:"versionId"`
			WordCount int    `json:"wordCount"`
		}
		for _, f := range []struct {
			op   string
			p    url.Values
			into interface{}
		}{{"GetVerseCount", q("bookId", "19", "chapterId", "119", "versionId", "srv"), &vc}, {"GetChapterCount", q("bookId", "19"), &cc},
			{"GetSearchCount", q("query", "amor", "versionId", "t_srv"), &sc}, {"GetWordCountOfBook", q("bookId", "1", "versionId", "srv"), &wc}} {
			if u, err := fetch(f.op, f.p, f.into); err != nil {
				return fmt.Sprintf("GET %s -> %v", u, err)
			}
		}
		if vc.VerseCount != 176 || cc.ChapterCount != 150 || sc.SearchCount == 0 || wc.WordCount == 0 {
			return fmt.Sprintf("counts %d %d %d %d (expected 176, 150 and non-zero)", vc.VerseCount, cc.ChapterCount, sc.SearchCount, wc.WordCount)
		}
		if wc.VersionID != "srv" {
			return fmt.Sprintf("GetWordCountOfBook versionId=srv -> versionId %q (the client keys its cache on the code it sent; expected \"srv\")", wc.VersionID)
		}
		return ""
	})

	check("GetChapterAudio, GetStrongs, GetParseVerseId, GetBibleReadingPlanByTopic, GetInfo types", func() string {
		var a ChapterAudio
		if u, err := fetch("GetChapterAudio", q("chapterId", "43003", "versionId", "kjv"), &a); err != nil || a.FileName == "" {
			return fmt.Sprintf("GET %s -> %v %+v", u, err, a)
		}
		var s []Strongs
		if u, err := fetch("GetStrongs", q("lexiconId", "G", "id", "26"), &s); err != nil || len(s) != 1 {
			return fmt.Sprintf("GET %s -> %v", u, err)
		}
		var p ParseVerseID
		if u, err := fetch("GetParseVerseId", q("verseId", "43003016"), &p); err != nil || p.ChapterNumber != "003" {
			return fmt.Sprintf("GET %s -> %v %+v", u, err, p)
		}
		var t TopicPlan
		if u, err := fetch("GetBibleReadingPlanByTopic", q("topic", "anger", "days", "10"), &t); err != nil || len(t.ReadingPlan) == 0 {
			return fmt.Sprintf("GET %s -> %v", u, err)
		}
		var i Info
		if u, err := fetch("GetInfo", nil, &i); err != nil || i.AppName == "" {
			return fmt.Sprintf("GET %s -> %v", u, err)
		}
		var words []string
		if u, err := fetch("GetSemanticRelationsAllWords", nil, &words); err != nil || len(words) == 0 {
			return fmt.Sprintf("GET %s -> %v", u, err)
		}
		return ""
	})

	fmt.Printf("%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		os.Exit(1)
	}
}
