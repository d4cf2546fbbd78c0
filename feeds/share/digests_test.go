package share

import (
	"encoding/json"
	"maps"
	"reflect"
	"testing"
	"time"
)

// The state's digests are written as encoding/json writes a map, and read
// back whatever form they were written in (an older state, an edit by
// hand, ids that need escapes).
func TestDigestsJSON(t *testing.T) {
	cases := []struct {
		name string
		m    digests
	}{
		{"nil", nil},
		{"empty", digests{}},
		{"plain", digests{"item-2": "b1", "item-1": "a0", "urn:x/y?z=1": "c2"}},
		{"escapes", digests{`say "hi"`: `a\b`, "tab\there": "nl\nx", "<&>": "é", "\u2028": "\x7f"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := json.Marshal(c.m)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := json.Marshal(map[string]string(c.m))
			if string(got) != string(want) {
				t.Errorf("written\n%s\nwant, as encoding/json writes it,\n%s", got, want)
			}
			var back digests
			if err := json.Unmarshal(got, &back); err != nil {
				t.Fatal(err)
			}
			if !maps.Equal(back, c.m) || (back == nil) != (c.m == nil) {
				t.Errorf("read back %v, want %v", back, c.m)
			}
		})
	}
}

func TestDigestsReadEveryForm(t *testing.T) {
	for _, c := range []struct {
		in   string
		want digests
	}{
		{"{ \"a\" : \"1\" ,\n\t\"b\":\"2\" }", digests{"a": "1", "b": "2"}},
		{`{"a":"1","a":"2"}`, digests{"a": "2"}},
		{`{"a\u0041":"\"1"}`, digests{"aA": `"1`}},
		{`{"é":"ü"}`, digests{"é": "ü"}},
		{`{}`, digests{}},
	} {
		var got digests
		if err := json.Unmarshal([]byte(c.in), &got); err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if !maps.Equal(got, c.want) {
			t.Errorf("%s: read %v, want %v", c.in, got, c.want)
		}
	}
	for _, bad := range []string{`{"a":1}`, `{"a":"1",}`, `{"a" "1"}`, `["a"]`, `{"a":"1"`, `{"a":"1"} x`} {
		var got digests
		if err := json.Unmarshal([]byte(bad), &got); err == nil {
			t.Errorf("%s: read as %v, want an error", bad, got)
		}
	}
}

// The subscription state is written as encoding/json writes it, but for
// the order of a state's fields, and reads back as it was.
func TestSubStatesJSON(t *testing.T) {
	at := time.Date(2025, 5, 21, 9, 0, 0, 0, time.UTC)
	s := &subStates{Format: subFormat, Subs: map[string]*subState{
		"https://b.example/feed": {Dialect: "fs102", Until: Mark{Text: "2025-05-21T09:00:00Z", At: at}, Expires: at, Window: 3,
			ReadAt: at, Valid: validators{ETag: `"x"`, LastModified: "Wed, 21 May 2025 09:00:00 GMT"},
			Known: digests{"a": "1", "b<&>": "2"}, Local: "abc", Pending: 1, Conflicted: 2},
		"https://a.example/": {Known: digests{}},
		"https://c.example/": {},
	}}
	got, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	type plain subStates // encoding/json's own writing
	want, err := json.Marshal((*plain)(s))
	if err != nil {
		t.Fatal(err)
	}
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("%v\n%s", err, got)
	}
	json.Unmarshal(want, &w)
	if !reflect.DeepEqual(g, w) {
		t.Errorf("written\n%s\nwant the same as\n%s", got, want)
	}
	var back subStates
	if err := json.Unmarshal(got, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Subs, s.Subs) {
		t.Errorf("read back %+v, want %+v", back.Subs, s.Subs)
	}
}
