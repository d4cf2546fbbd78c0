package share

import (
	"encoding/json"
	"maps"
	"testing"
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
