package share

import (
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// 1.0.2 §4.1.2 step 2.1 compares since with the cached until as strings
// (§4, footnote 1); 0.91 §2.1's since and until are date-times, since
// inclusive.
func TestOutOfSync(t *testing.T) {
	at := func(s string) Mark { return stampMark(dialect.SSE091, mustTime(t, s)) }
	for _, tc := range []struct {
		name         string
		d            dialect.Dialect
		since, until Mark
		want         bool
	}{
		{"1.0.2_equal", dialect.FeedSync102, m102("2005-05-21T11:43:33Z"), m102("2005-05-21T11:43:33Z"), false},
		{"1.0.2_since_after", dialect.FeedSync102, m102("2005-05-21T11:43:34Z"), m102("2005-05-21T11:43:33Z"), true},
		{"1.0.2_since_before", dialect.FeedSync102, m102("2005-05-21T11:43:32Z"), m102("2005-05-21T11:43:33Z"), false},
		{"1.0.2_opaque_counters", dialect.FeedSync102, Mark{Text: "0000000042"}, Mark{Text: "0000000041"}, true},
		{"1.0.2_no_cached_until", dialect.FeedSync102, m102("2005-05-21T11:43:34Z"), Mark{}, false},
		{"0.91_equal", dialect.SSE091, at("2005-05-21T11:43:33Z"), at("2005-05-21T11:43:33Z"), false},
		{"0.91_a_second_after_meets_the_edge", dialect.SSE091, at("2005-05-21T11:43:34Z"), at("2005-05-21T11:43:33Z"), false},
		{"0.91_two_seconds_after", dialect.SSE091, at("2005-05-21T11:43:35Z"), at("2005-05-21T11:43:33Z"), true},
		// As strings "Sun, 1 ..." < "Sat, 31 ...", but as instants June 1st is later.
		{"0.91_instants_not_strings", dialect.SSE091, at("2005-06-01T00:00:00Z"), at("2005-05-28T00:00:00Z"), true},
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
	if m := stampMark(dialect.FeedSync102, tm); m.Text != "2005-05-21T09:43:33Z" {
		t.Errorf("1.0.2: %q", m.Text)
	}
	if m := stampMark(dialect.SSE091, tm); m.Text != "Sat, 21 May 2005 09:43:33 GMT" {
		t.Errorf("0.91: %q", m.Text)
	}
	for _, d := range []dialect.Dialect{dialect.FeedSync102, dialect.SSE091} {
		if got, ok := parseMark(d, stampMark(d, tm).Text); !ok || !got.Equal(tm) {
			t.Errorf("%s: parseMark(stampMark) = %v, %v", d, got, ok)
		}
	}
	early := mustTime(t, "2004-11-01T09:43:33Z")
	if m := stampMark(dialect.SSE091, early); m.Text != "Mon, 1 Nov 2004 09:43:33 GMT" {
		t.Errorf("0.91 early in the month: %q", m.Text)
	} else if got, ok := parseMark(dialect.SSE091, m.Text); !ok || !got.Equal(early) {
		t.Errorf("0.91 early in the month read back as %v, %v", got, ok)
	}
	if _, ok := parseMark(dialect.FeedSync102, "0000000042"); ok {
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

func m102(s string) Mark { return Mark{Text: s} }
