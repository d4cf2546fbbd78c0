// Package mesh4xtest is a stand-in for mesh4x's FeedServlet, a FeedSync
// 1.0.2 server that is no feedsync hub, for the tests of 'feedsync sync'
// against it. Only tests import it.
//
// It answers as the real servlet answered when run by hand on 2026-12-07:
// Mesh4jWebApp's org.mesh4j.sync.servlet.FeedServlet from
// github.com/google-code-export/mesh4x at c7d360d7, in Jetty 9.4.57 on
// Java 17, with a FileFeedRepository, built and run with the kit in the
// shared interop folder (mesh4x-kit, m4serve.sh), a data set made with
// action=uploadMeshDefinition, format=rss20:
//
//   - GET: 200, "Content-Type: application/rss+xml;charset=iso-8859-1",
//     "Server: Jetty(9.4.57.v20241219)", no ETag, no Last-Modified; the
//     data set as an RSS 2.0 feed: channel title and description the data
//     set's name, its link, a pubDate (the latest item's), then each item
//     as mesh4x writes it (guid isPermaLink ="false" urn:uuid:ID, pubDate,
//     title, description, author BY@mesh4x.example, sx:sync with deleted
//     and noconflicts written out, its sx:history and sx:conflicts), a
//     deleted item's title and description replaced by mesh4x's own.
//   - POST of a feed: merged into the data set (1.0.2 §3.3; here by
//     feedsync's merge, which gave what the servlet gave for a conflict:
//     the later change wins, the other in sx:conflicts), each item then
//     kept as mesh4x writes it (so its data changes, not its version, as
//     mesh4x's does); answered 200,
//     the same headers, with a feed of the data set's items then in
//     conflict, all of them, not only those posted: channel description
//     "conflicts", pubDate the latest of them (now when none), so usually
//     a feed of no items. No FeedSync-ETag, no partial feed.
//   - POST of what is no feed: 500, an HTML page (Jetty's).
//   - other methods: 405; other paths: 404.
//
// The servlet keeps its items in the order its repository gives; the
// stand-in in the order its merge gives. It answers at most MaxRequests
// requests, then 503, and its server, on 127.0.0.1, stops with the test.
package mesh4xtest

import (
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// MaxRequests bounds the requests a Servlet answers.
const MaxRequests = 1000

// Servlet is the stand-in: one data set, served at Path.
type Servlet struct {
	Name string           // the data set's name ("ds")
	Now  func() time.Time // the clock of an empty answer's pubDate

	mu       sync.Mutex
	set      *dialect.Doc
	url      string
	requests int
	// Posts counts the POSTs taken.
	Posts int
}

// Path is where the stand-in serves its data set, as the servlet serves
// data set ds of group grp.
const Path = "/feeds/grp/ds"

const empty = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel><title>ds</title></channel></rss>`

// Start starts a stand-in with an empty data set on 127.0.0.1; it stops
// when the test ends. Its data set is at the returned URL.
func Start(t testing.TB) (*Servlet, string) {
	t.Helper()
	set, err := dialect.Parse("servlet", []byte(empty))
	if err != nil {
		t.Fatal(err)
	}
	s := &Servlet{Name: "ds", Now: time.Now, set: set}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	s.url = srv.URL + Path
	return s, s.url
}

// Holds returns the ids of the data set's items.
func (s *Servlet) Holds() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var ids []string
	for _, e := range s.set.Entries() {
		ids = append(ids, e.ID())
	}
	return ids
}

// Merge merges a feed into the data set, as another endpoint's POST
// would.
func (s *Servlet) Merge(feed []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.merge(feed)
}

func (s *Servlet) merge(feed []byte) error {
	posted, err := dialect.Parse("posted", feed)
	if err != nil {
		return err
	}
	m, err := dialect.Merge(s.set, posted)
	if err != nil {
		return err
	}
	// mesh4x keeps each item as it writes it (guid, author, its own
	// tombstone text): what it holds is what it serves.
	var b strings.Builder
	for _, e := range m.Entries() {
		item(&b, e.ID(), e.Winner(), e.Versions())
	}
	held, err := dialect.Parse("servlet", []byte(strings.Replace(empty, "</channel>", b.String()+"</channel>", 1)))
	if err != nil {
		return err
	}
	s.set = held
	return nil
}

// ServeHTTP answers as the servlet does (see the package doc).
func (s *Servlet) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.requests++; s.requests > MaxRequests {
		http.Error(w, "the stand-in answers no more requests", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Server", "Jetty(9.4.57.v20241219)")
	if r.URL.Path != Path {
		page(w, http.StatusNotFound, "Not Found")
		return
	}
	switch r.Method {
	case http.MethodGet:
		s.answer(w, s.Name, s.set.Entries())
	case http.MethodPost:
		body, _ := io.ReadAll(io.LimitReader(r.Body, 64<<20))
		if err := s.merge(body); err != nil {
			page(w, http.StatusInternalServerError, "javax.servlet.ServletException: org.mesh4j.sync.validations.MeshException: "+err.Error())
			return
		}
		s.Posts++
		var conflicts []dialect.Entry
		for _, e := range s.set.Entries() {
			if e.InConflict() {
				conflicts = append(conflicts, e)
			}
		}
		s.answer(w, "conflicts", conflicts)
	default:
		w.WriteHeader(http.StatusMethodNotAllowed)
	}
}

// page answers an error as Jetty does: an HTML page.
func page(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "text/html;charset=iso-8859-1")
	w.Header().Set("Cache-Control", "must-revalidate,no-cache,no-store")
	w.WriteHeader(code)
	fmt.Fprintf(w, "<html>\n<head>\n<meta http-equiv=\"Content-Type\" content=\"text/html;charset=ISO-8859-1\"/>\n<title>Error %d %s</title>\n</head>\n<body><h2>HTTP ERROR %d</h2>\n</body>\n</html>\n",
		code, html.EscapeString(msg), code)
}

// answer writes a feed of items with the channel description desc.
func (s *Servlet) answer(w http.ResponseWriter, desc string, items []dialect.Entry) {
	var b strings.Builder
	latest := time.Time{}
	for _, e := range items {
		if h, ok := e.Winner().Top(); ok && h.When.After(latest) {
			latest = h.When
		}
		item(&b, e.ID(), e.Winner(), e.Versions())
	}
	if latest.IsZero() {
		latest = s.Now()
	}
	body := `<?xml version="1.0" encoding="UTF-8"?>` + "\n" +
		`<rss xmlns:sx="http://feedsync.org/2007/feedsync" xmlns:content="http://purl.org/rss/1.0/modules/content/" version="2.0"><channel>` +
		"<title>" + esc(s.Name) + "</title><description>" + esc(desc) + "</description><link>" + esc(s.url) + "</link><pubDate>" +
		latest.UTC().Format(http.TimeFormat) + "</pubDate>" + b.String() + "</channel></rss>"
	w.Header().Set("Content-Type", "application/rss+xml;charset=iso-8859-1")
	w.Header().Set("Content-Length", fmt.Sprint(len(body)))
	io.WriteString(w, body)
}

// item writes one version of item id as mesh4x does, with conflicts the
// versions under its sx:conflicts.
func item(b *strings.Builder, id string, v dialect.Version, conflicts []dialect.Version) {
	hs := v.History()
	var when time.Time
	by := ""
	if len(hs) > 0 {
		when, by = hs[0].When, hs[0].By
	}
	title, desc := "", ""
	for _, f := range v.Fields() {
		switch f.Key {
		case "title":
			title = f.Value
		case "content":
			desc = f.Value
		}
	}
	st := v.State()
	if st.Deleted {
		title, desc = fmt.Sprintf("Element was DELETED, content id = %s, sync Id = %s", id, id), "---DELETED---"
	}
	fmt.Fprintf(b, `<item><guid isPermaLink ="false">urn:uuid:%s</guid><pubDate>%s</pubDate><title>%s</title><description>%s</description><author>%s@mesh4x.example</author>`,
		esc(id), when.UTC().Format(http.TimeFormat), esc(title), esc(desc), esc(by))
	fmt.Fprintf(b, `<sx:sync id="%s" updates="%d" deleted="%t" noconflicts="%t">`, esc(id), st.Updates, st.Deleted, st.NoConflicts)
	for _, h := range hs {
		fmt.Fprintf(b, `<sx:history sequence="%d" when="%s" by="%s"/>`, h.Number, h.When.UTC().Format(time.RFC3339), esc(h.By))
	}
	if len(conflicts) > 0 {
		b.WriteString("<sx:conflicts>")
		for _, c := range conflicts {
			item(b, id, c, nil)
		}
		b.WriteString("</sx:conflicts>")
	}
	b.WriteString("</sx:sync></item>")
}

// esc escapes text and attribute values as mesh4x's writer does.
func esc(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}
