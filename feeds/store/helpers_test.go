package store

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// item is one RSS item of a test feed: its title and description, and its
// history, newest first, as "seq@minute@by".
type item struct {
	id, title, desc string
	hist            []string
	conflicts       []item
}

func (it item) xml(b *strings.Builder) {
	fmt.Fprintf(b, "<item><title>%s</title><description>%s</description>", it.title, it.desc)
	fmt.Fprintf(b, `<sx:sync id="%s" updates="%d">`, it.id, len(it.hist))
	for _, h := range it.hist {
		p := strings.Split(h, "@")
		fmt.Fprintf(b, `<sx:history sequence="%s" when="2021-01-01T00:%s:00Z" by="%s"/>`, p[0], p[1], p[2])
	}
	if len(it.conflicts) > 0 {
		b.WriteString("<sx:conflicts>")
		for _, c := range it.conflicts {
			c.xml(b)
		}
		b.WriteString("</sx:conflicts>")
	}
	b.WriteString("</sx:sync></item>\n")
}

// rss returns an RSS FeedSync 1.0.2 feed of items.
func rss(items ...item) []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="utf-8"?>` + "\n")
	b.WriteString(`<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel><title>T</title>` + "\n")
	for _, it := range items {
		it.xml(&b)
	}
	b.WriteString("</channel></rss>\n")
	return []byte(b.String())
}

func parse(t testing.TB, data []byte) *dialect.Doc {
	t.Helper()
	d, err := dialect.Parse("feed.xml", data)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// hist is the history entry "seq@minute@by".
func hist(s string) dialect.History {
	p := strings.Split(s, "@")
	n, _ := strconv.Atoi(p[0])
	m, _ := strconv.Atoi(p[1])
	return dialect.History{Number: n, Stamp: engine.Stamp{When: time.Date(2021, 1, 1, 0, m, 0, 0, time.UTC), By: p[2]}}
}

// feedIn returns the path of a feed in a new folder.
func feedIn(t testing.TB) string {
	return filepath.Join(t.TempDir(), "feed.xml")
}

// open opens the store of feed and fails on a warning.
func open(t testing.TB, feed string) *Store {
	t.Helper()
	s, warn := Open(feed)
	if warn != nil {
		t.Fatalf("Open: warning %v", warn)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// values gives fields as "key=value" lines.
func values(fs []feeds.Field) string {
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "%s=%s;", f.Key, f.Value)
	}
	return b.String()
}

func fileSize(t testing.TB, path string) int64 {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return info.Size()
}
