package share

import (
	"testing"
	"time"
)

// 1.0.2 §4.1.2 step 2.1 compares since with the cached until as strings
// (§4, footnote 1); 0.91 §2.1's since and until are date-times, since
// inclusive.
func TestOutOfSync(t *testing.T) {
	at := func(s string) Mark { return mark091(mustTime(t, s)) }
	for _, tc := range []struct {
		name         string
		d            Dialect
		since, until Mark
		want         bool
	}{
		{"1.0.2_equal", FeedSync102, mark102("2005-05-21T11:43:33Z"), mark102("2005-05-21T11:43:33Z"), false},
		{"1.0.2_since_after", FeedSync102, mark102("2005-05-21T11:43:34Z"), mark102("2005-05-21T11:43:33Z"), true},
		{"1.0.2_since_before", FeedSync102, mark102("2005-05-21T11:43:32Z"), mark102("2005-05-21T11:43:33Z"), false},
		{"1.0.2_opaque_counters", FeedSync102, Mark{Text: "0000000042"}, Mark{Text: "0000000041"}, true},
		{"1.0.2_no_cached_until", FeedSync102, mark102("2005-05-21T11:43:34Z"), Mark{}, false},
		{"0.91_equal", SSE091, at("2005-05-21T11:43:33Z"), at("2005-05-21T11:43:33Z"), false},
		{"0.91_a_second_after_meets_the_edge", SSE091, at("2005-05-21T11:43:34Z"), at("2005-05-21T11:43:33Z"), false},
		{"0.91_two_seconds_after", SSE091, at("2005-05-21T11:43:35Z"), at("2005-05-21T11:43:33Z"), true},
		// As strings "Sun, 1 ..." < "Sat, 31 ...", but as instants June 1st is later.
		{"0.91_instants_not_strings", SSE091, at("2005-06-01T00:00:00Z"), at("2005-05-28T00:00:00Z"), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := outOfSync(tc.d, tc.since, tc.until); got != tc.want {
				t.Errorf("outOfSync(%s > %s) = %v", tc.since.Text, tc.until.Text, got)
			}
		})
	}
}

func TestMarks(t *testing.T) {
	tm := mustTime(t, "2005-05-21T09:43:33Z")
	if m := stampMark(FeedSync102, tm); m.Text != "2005-05-21T09:43:33Z" {
		t.Errorf("1.0.2: %q", m.Text)
	}
	if m := stampMark(SSE091, tm); m.Text != "Sat, 21 May 2005 09:43:33 GMT" {
		t.Errorf("0.91: %q", m.Text)
	}
	for _, d := range []Dialect{FeedSync102, SSE091} {
		if got, ok := parseMark(d, stampMark(d, tm).Text); !ok || !got.Equal(tm) {
			t.Errorf("%s: parseMark(stampMark) = %v, %v", d, got, ok)
		}
	}
	if _, ok := parseMark(FeedSync102, "0000000042"); ok {
		t.Error("an opaque value parsed as this publisher's stamp")
	}
}

func mustTime(t *testing.T, s string) time.Time {
	t.Helper()
	tm, err := time.Parse(time.RFC3339, s)
	if err != nil {
		t.Fatal(err)
	}
	return tm
}
