package dialect

import (
	"errors"
	"strings"
	"testing"

	ssefeed "github.com/feedsync/feedsync/feeds/sse"
)

// A feed with no sync data takes the dialect of the feed merged with it,
// in either role (1.0.2 §3.3, 0.91 §4.4; see the package doc): the result
// holds the other's items, declares its namespace, reads back in that
// dialect and keeps the empty feed's own feed-level data when it is LOCAL.
func TestMergeAdoptsDialect(t *testing.T) {
	cases := []struct {
		name          string
		local, remote string
		dialect       Dialect
		format        Format
		ids           string
		keeps         string // text of the local feed the result keeps
	}{
		{"empty RSS ⇐ 0.91 RSS", emptyRSS, rss091, SSE091, RSS, "1", "<title>Empty</title>"},
		{"empty OPML ⇐ 0.91 OPML", emptyOPML, opml091, SSE091, OPML, "news bbc tech", "<title>Empty</title>"},
		{"0.91 RSS ⇐ empty RSS", rss091, emptyRSS, SSE091, RSS, "1", "<title>To do</title>"},
		{"0.91 OPML ⇐ empty OPML", opml091, emptyOPML, SSE091, OPML, "news bbc tech", "<title>Subscriptions</title>"},
		{"empty Atom ⇐ 1.0.2 Atom", emptyAtom, atom102, FeedSync102, Atom, "item1", "<id>urn:empty</id>"},
		{"empty RSS ⇐ 1.0.2 Atom", emptyRSS, atom102, FeedSync102, RSS, "item1", "<title>Empty</title>"},
		{"1.0.2 Atom ⇐ empty RSS", atom102, emptyRSS, FeedSync102, Atom, "item1", "<id>urn:todo</id>"},
		{"RSS declaring 1.0.2 ⇐ 0.91 RSS", emptyRSS102, rss091, SSE091, RSS, "1", "Not synced"},
		{"0.91 RSS ⇐ RSS declaring 1.0.2", rss091, emptyRSS102, SSE091, RSS, "1", "<title>To do</title>"},
		{"RSS declaring 0.91 ⇐ 1.0.2 RSS", emptyRSS091, rss102, FeedSync102, RSS, "item1", "<title>Empty</title>"},
		{"empty RSS ⇐ empty Atom", emptyRSS, emptyAtom, None, RSS, "", "<title>Empty</title>"},
		// Read with the bindings' reader, in any charset (issue 31 item 2):
		// etree's own reader refused ISO-8859-1 and an entity, and the
		// namespace went undeclared on the root.
		{"empty ISO-8859-1 RSS ⇐ 1.0.2 RSS", latin1RSS, rss102, FeedSync102, RSS, "item1", "<title>Caf\xe9</title>"},
		{"empty RSS with an entity ⇐ 1.0.2 RSS", entityRSS, rss102, FeedSync102, RSS, "item1", "<!ENTITY c"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := Merge(parse(t, "local.xml", c.local), parse(t, "remote.xml", c.remote))
			if err != nil {
				t.Fatal(err)
			}
			back := reparse(t, m)
			for _, d := range []*Doc{m, back} {
				if d.Dialect() != c.dialect || d.Format() != c.format {
					t.Errorf("dialect %v, format %v; want %v, %v\n%s", d.Dialect(), d.Format(), c.dialect, c.format, m.Bytes())
				}
				if got := ids(d); got != c.ids {
					t.Errorf("items %q, want %q", got, c.ids)
				}
			}
			out := string(m.Bytes())
			if !strings.Contains(out, c.keeps) {
				t.Errorf("the result lacks %q:\n%s", c.keeps, out)
			}
			if c.dialect == SSE091 && strings.Contains(out, "feedsync.org") || c.dialect == FeedSync102 && strings.Contains(out, "schemas/rss/sse") {
				t.Errorf("the result declares the other dialect:\n%s", out)
			}
			// The root declares the namespace, in the form the feed with sync data has it.
			_, lns := sniff([]byte(c.local))
			_, rns := sniff([]byte(c.remote))
			if _, ns := sniff(m.Bytes()); c.dialect != None && (ns == "" || ns != lns && ns != rns) {
				t.Errorf("the result's root declares %q, want %q or %q:\n%s", ns, lns, rns, out)
			}
		})
	}
}

// latin1RSS and entityRSS are RSS feeds without sync data, in ISO-8859-1
// and with an entity the internal subset declares.
const (
	latin1RSS = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<rss version=\"2.0\"><channel><title>Caf\xe9</title></channel></rss>\n"
	entityRSS = `<!DOCTYPE rss [<!ENTITY c "Caf&#233;">]>` + "\n" + `<rss version="2.0"><channel><title>&c;</title></channel></rss>` + "\n"
)

func ids(d *Doc) string {
	var out []string
	for _, e := range d.Entries() {
		out = append(out, e.ID())
	}
	return strings.Join(out, " ")
}

// Feeds that both hold sync data of different dialects are refused, and
// so is a feed with no sync data whose format cannot carry the other's
// dialect: an error that names both, never a silent drop.
func TestMergeRefuses(t *testing.T) {
	cases := []struct {
		name, local, remote string
		want                string
		check               func(error) bool
	}{
		{"1.0.2 ⇐ 0.91", rss102, rss091,
			"local.xml is a FeedSync 1.0.2 feed and remote.xml is an SSE 0.91 feed: feeds of different dialects cannot be merged",
			func(err error) bool {
				var e *MixedError
				return errors.As(err, &e) && e.LocalDialect == FeedSync102 && e.RemoteDialect == SSE091
			}},
		{"0.91 ⇐ 1.0.2", opml091, atom102, "local.xml is an SSE 0.91 feed and remote.xml is a FeedSync 1.0.2 feed", isMixed},
		{"empty Atom ⇐ 0.91 (0.91 binds only RSS and OPML)", emptyAtom, rss091,
			"local.xml is an Atom feed with no sync data: it cannot take the dialect of remote.xml, SSE 0.91, which binds only RSS and OPML feeds", isAdopt},
		{"0.91 ⇐ empty Atom", rss091, emptyAtom, "remote.xml is an Atom feed with no sync data", isAdopt},
		{"empty OPML ⇐ 1.0.2 (1.0.2 binds only Atom and RSS)", emptyOPML, rss102,
			"local.xml is an OPML outline with no sync data: it cannot take the dialect of remote.xml, FeedSync 1.0.2, which binds only Atom and RSS feeds", isAdopt},
		{"empty RSS ⇐ 0.91 OPML", emptyRSS, opml091, "cannot be merged", func(err error) bool { return errors.Is(err, ssefeed.ErrKind) }},
		{"0.91 RSS ⇐ empty OPML", rss091, emptyOPML, "cannot be merged", func(err error) bool { return errors.Is(err, ssefeed.ErrKind) }},
		{"empty RSS ⇐ empty OPML", emptyRSS, emptyOPML, "cannot be merged", func(err error) bool { return errors.Is(err, ssefeed.ErrKind) }},
		{"empty Atom ⇐ empty OPML", emptyAtom, emptyOPML, "remote.xml is an OPML outline with no sync data", isAdopt},
		{"a template that uses the namespace", strings.Replace(emptyRSS102, "<title>Not synced</title>", "<title>Not synced</title><sx:note>x</sx:note>", 1), rss091,
			"local.xml has no sync data but uses the namespace http://feedsync.org/2007/feedsync", isAdopt},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := Merge(parse(t, "local.xml", c.local), parse(t, "remote.xml", c.remote))
			if err == nil {
				t.Fatalf("merged:\n%s", m.Bytes())
			}
			if !c.check(err) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v (%T), want %q", err, err, c.want)
			}
		})
	}
}

func isMixed(err error) bool {
	var e *MixedError
	return errors.As(err, &e)
}

func isAdopt(err error) bool {
	var e *AdoptError
	return errors.As(err, &e)
}

// A feed with no sync data creates in its binding's dialect: 1.0.2 for
// RSS and Atom, 0.91 for OPML; once it has an item it has that dialect.
func TestCreateInEmptyFeed(t *testing.T) {
	for _, c := range []struct {
		name, data string
		want       Dialect
	}{
		{"RSS", emptyRSS, FeedSync102},
		{"Atom", emptyAtom, FeedSync102},
		{"OPML", emptyOPML, SSE091},
		{"RSS declaring 0.91", emptyRSS091, SSE091},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := parse(t, "f.xml", c.data)
			e, err := d.Create("a", at(0, "X"), Change{Edit: Edit{Title: ptr("A")}})
			if err != nil {
				t.Fatal(err)
			}
			if d.Dialect() != None {
				t.Errorf("Create changed the Doc")
			}
			d.Set(e)
			if d.Dialect() != c.want || reparse(t, d).Dialect() != c.want {
				t.Errorf("dialect %v, want %v\n%s", d.Dialect(), c.want, d.Bytes())
			}
		})
	}
}

// As gives a feed with no sync data the dialect an endpoint works in, so
// that an SSE 0.91 endpoint can start from a plain RSS channel.
func TestAs(t *testing.T) {
	d := parse(t, "f.xml", emptyRSS)
	s, err := d.As(SSE091)
	if err != nil {
		t.Fatal(err)
	}
	if s.Dialect() != None || s.binding() != SSE091 || d.binding() != FeedSync102 {
		t.Errorf("As(SSE091): dialect %v binding %v; the original's binding %v", s.Dialect(), s.binding(), d.binding())
	}
	e, err := s.Create("a", at(0, "X"), Change{Edit: Edit{Title: ptr("A")}})
	if err != nil {
		t.Fatal(err)
	}
	s.Set(e)
	if back := reparse(t, s); back.Dialect() != SSE091 || !ssefeed.Is(s.Bytes()) {
		t.Errorf("the created item is not SSE 0.91:\n%s", s.Bytes())
	}
	if same, _ := s.As(SSE091); same != s {
		t.Errorf("As of the feed's own dialect made a new Doc")
	}
	if _, err := s.As(FeedSync102); !isMixed(err) || !strings.Contains(err.Error(), "its sync data cannot become FeedSync 1.0.2") {
		t.Errorf("As of the other dialect: %v", err)
	}
	if _, err := parse(t, "a.xml", emptyAtom).As(SSE091); !isAdopt(err) || !strings.Contains(err.Error(), "cannot take SSE 0.91, which binds only RSS and OPML") {
		t.Errorf("Atom As SSE 0.91: %v", err)
	}
}
