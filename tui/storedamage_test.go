package tui

import (
	"encoding/binary"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/store"
)

// storeFeed is an RSS FeedSync feed of n items, each item's version
// given by version(i): its title, description and history entries
// ("seq@day@by", newest first).
func storeFeed(n int, version func(i int) (title, desc string, hist []string)) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="utf-8"?>` + "\n" + `<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel><title>T</title>` + "\n")
	for i := range n {
		title, desc, hist := version(i)
		fmt.Fprintf(&b, `<item><title>%s</title><description>%s</description><sx:sync id="x%d" updates="%d">`, title, desc, i, len(hist))
		for _, h := range hist {
			p := strings.Split(h, "@")
			fmt.Fprintf(&b, `<sx:history sequence="%s" when="2026-03-%sT09:00:00Z" by="%s"/>`, p[0], p[1], p[2])
		}
		b.WriteString("</sx:sync></item>\n")
	}
	b.WriteString("</channel></rss>\n")
	return b.String()
}

// TestResolveAutoAfterADamagedByte: 300 items changed apart on two
// endpoints, whose bases are in the store; one byte of the store damaged
// in the middle of one base's record. `resolve --auto` combines the 299
// whose bases are whole and says that one record was damaged (before,
// the whole store was set aside and it combined 0 of 299: issue 29,
// item 6).
func TestResolveAutoAfterADamagedByte(t *testing.T) {
	const n = 300
	h := newHarness(t)
	f := h.write("f.xml", storeFeed(n, func(i int) (string, string, []string) {
		return fmt.Sprint("Item ", i), "alpha beta gamma delta", []string{"1@01@A"}
	}))
	recordBase(t, f)
	h.write("b.xml", storeFeed(n, func(i int) (string, string, []string) {
		return fmt.Sprint("Item ", i, " changed"), "alpha beta gamma delta", []string{"2@02@B", "1@01@A"}
	}))
	h.write("c.xml", storeFeed(n, func(i int) (string, string, []string) {
		return fmt.Sprint("Item ", i), "alpha beta gamma epsilon", []string{"2@02@C", "1@01@A"}
	}))
	if code, _, stderr := h.run("", "merge", h.path("b.xml"), h.path("c.xml"), "-o", f); code != ExitAttention {
		t.Fatalf("merge: exit %d\n%s", code, stderr)
	}
	damageRecord(t, store.Path(f), n/2)
	code, _, stderr := h.run("", "resolve", f, "--auto", "--by", "Z", "--when", "2026-03-03T09:00:00Z", "-o", f)
	if code != ExitAttention {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	for _, want := range []string{"combined 299 items", "left in conflict 1 item", "1 record damaged"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr, "set aside") {
		t.Errorf("the store was set aside:\n%s", stderr)
	}
}

// damageRecord flips a byte in the data of the i-th record of the store
// file at path (format 1: a 30-byte header, then records framed by their
// length and checksum).
func damageRecord(t *testing.T, path string, i int) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	off := 30
	for range i {
		off += 8 + int(binary.BigEndian.Uint32(b[off:]))
	}
	b[off+8+4] ^= 0xff
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
