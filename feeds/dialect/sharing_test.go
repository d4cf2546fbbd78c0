package dialect

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

// sx:sharing read and written the same way in both dialects (1.0.2 §2.2,
// §2.3; 0.91 §2.1, §2.2): since and until as each dialect writes them,
// expires in 1.0.2, window in 0.91, the related feeds.
func TestSharing(t *testing.T) {
	until := time.Date(2005, 5, 1, 9, 43, 33, 0, time.UTC)
	for _, tc := range []struct {
		name, feed string
		set        *Sharing
		want       string
	}{
		{"1.0.2", rss102, &Sharing{Since: Mark{Text: "0000000001"}, Until: Mark{Text: "0000000042"},
			Expires: until, Related: []Related{{Link: "http://x/complete", Type: "complete"}, {Link: "http://y/", Type: "aggregated", Title: "Y"}}},
			`<sx:sharing since="0000000001" until="0000000042" expires="2005-05-01T09:43:33Z">`},
		{"0.91", rss091, &Sharing{Since: mark091(until.Add(-time.Hour)), Until: mark091(until), Window: 3,
			Related: []Related{{Link: "http://x/complete", Type: "complete"}}},
			`<sx:sharing since="Sun, 1 May 2005 08:43:33 GMT" until="Sun, 1 May 2005 09:43:33 GMT" version="0.91" window="3">`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := parse(t, "f.xml", tc.feed)
			if d.Sharing() != nil {
				t.Fatalf("sharing before: %+v", d.Sharing())
			}
			d.SetSharing(tc.set)
			out := string(d.Bytes())
			if !strings.Contains(out, tc.want) {
				t.Errorf("written:\n%s\nwant %s", out, tc.want)
			}
			back := parse(t, "back.xml", out).Sharing()
			if !reflect.DeepEqual(back, tc.set) {
				t.Errorf("read back %+v\nwant      %+v", back, tc.set)
			}
			if back.Complete() != "http://x/complete" {
				t.Errorf("Complete() = %q", back.Complete())
			}
			d.SetSharing(nil)
			if strings.Contains(string(d.Bytes()), "sharing") || d.Sharing() != nil {
				t.Error("SetSharing(nil) left it")
			}
		})
	}
}

// A feed with no sync data that is given an sx:sharing takes its binding's
// dialect; one given none stays without.
func TestSetSharingDialect(t *testing.T) {
	d := parse(t, "e.xml", emptyRSS)
	d.SetSharing(nil)
	if d.Dialect() != None {
		t.Errorf("dialect %v", d.Dialect())
	}
	d.SetSharing(&Sharing{Since: Mark{Text: "1"}, Until: Mark{Text: "2"}})
	if d.Dialect() != FeedSync102 {
		t.Errorf("dialect %v", d.Dialect())
	}
}

// Subset leaves entries out, in both dialects, and the feed it came from
// stays as it was.
func TestSubset(t *testing.T) {
	for _, feed := range []string{conflict102, opml091, rss091} {
		d := parse(t, "f.xml", feed)
		all := d.Entries()
		first := all[0].ID()
		s := d.Subset(func(e Entry) bool { return e.ID() != first })
		back := parse(t, "s.xml", string(s.Bytes()))
		if len(back.Entries()) != len(all)-1 || len(s.Entries()) != len(all)-1 {
			t.Errorf("%d entries left of %d", len(back.Entries()), len(all))
		}
		if _, err := back.Entry(first); err == nil {
			t.Errorf("%s is still there", first)
		}
		if len(d.Entries()) != len(all) || string(d.Bytes()) != string(parse(t, "f.xml", feed).Bytes()) {
			t.Error("Subset changed the feed")
		}
	}
}
