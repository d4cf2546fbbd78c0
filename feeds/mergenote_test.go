package feeds

import (
	"strings"
	"testing"
)

// mergeNoteFeed is an RSS feed with item x: description desc, and the
// given history entries.
func mergeNoteFeed(desc, updates, history string) string {
	return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync">
 <channel>
  <title>To do</title>
  <item>
   <title>Buy groceries</title>
   <description>` + desc + `</description>
   <sx:sync id="x" updates="` + updates + `">` + history + `</sx:sync>
  </item>
 </channel>
</rss>
`
}

// MergeWarnings names, once each and with the item's id and place, the
// items whose copies carry the same sync data and different data
// (implementation note 1) and the items one endpoint changed twice with one
// sequence (1.0.2 §3.3 note 2 as read); nothing else.
func TestMergeWarnings(t *testing.T) {
	base := `<sx:history sequence="1" when="2005-05-21T09:43:33Z" by="REO1750"/>`
	main := `<sx:history sequence="2" when="2021-01-01T00:00:05Z" by="me"/>` + base
	topic := `<sx:history sequence="2" when="2021-01-01T00:00:00Z" by="me"/>` + base
	cases := []struct {
		name          string
		local, remote string
		want          string // in the one warning; "" for none
	}{
		{"note 1: same sync data, other data", mergeNoteFeed("milk", "1", base), mergeNoteFeed("bread", "1", base), `item "x" has the same sync data in local.xml and remote.xml but different data`},
		{"§3.3 note 2 as read: a sequence used twice", mergeNoteFeed("on main", "2", main), mergeNoteFeed("on topic", "2", topic), `item "x": me made two changes with sequence 2 (2021-01-01T00:00:05Z and 2021-01-01T00:00:00Z)`},
		{"same item", mergeNoteFeed("milk", "1", base), mergeNoteFeed("milk", "1", base), ""},
		{"an ordinary update", mergeNoteFeed("milk", "1", base), mergeNoteFeed("bread", "2", main), ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := Merge(mustParse(t, "local.xml", c.local), mustParse(t, "remote.xml", c.remote))
			if err != nil {
				t.Fatal(err)
			}
			ws := m.MergeWarnings()
			if c.want == "" {
				if len(ws) != 0 {
					t.Errorf("warnings %v, want none", ws)
				}
				return
			}
			if len(ws) != 1 || !strings.Contains(ws[0].Msg, c.want) || ws[0].Item != "x" || ws[0].File != "remote.xml" || ws[0].Line != 8 {
				t.Errorf("warnings %#v, want one at remote.xml:8 on item x saying %q", ws, c.want)
			}
		})
	}
}
